// A group of toggle buttons (aria-pressed) with a name: the explorer's sources (one at a time)
// and its filters (any number, never none: the last one chosen stays on).

import { el } from '../common/ui';

export interface Toggle<T> {
  value: T;
  label: string; // what the button shows
  name?: string; // its accessible name when the label says too little ("1600" → "1600 to 1799")
}

export interface ToggleGroup<T> {
  element: HTMLElement;
  chosen(): T[];
}

export function toggleGroup<T>(
  label: string,
  toggles: readonly Toggle<T>[],
  chosen: readonly T[],
  options: { single: boolean; className: string; changed: (chosen: T[]) => void },
): ToggleGroup<T> {
  const group = el('div', { role: 'group', 'aria-label': label, class: `toggles ${options.className}` });
  const on = new Set(chosen);
  const buttons = toggles.map(toggle => {
    const button = el('button', { type: 'button', 'aria-pressed': String(on.has(toggle.value)) }, toggle.label);
    if (toggle.name) button.setAttribute('aria-label', toggle.name);
    button.onclick = () => {
      if (options.single) {
        if (on.has(toggle.value)) return;
        on.clear();
        on.add(toggle.value);
      } else if (on.has(toggle.value)) {
        if (on.size === 1) return; // never none
        on.delete(toggle.value);
      } else on.add(toggle.value);
      toggles.forEach((t, i) => buttons[i]!.setAttribute('aria-pressed', String(on.has(t.value))));
      options.changed(value());
    };
    group.append(button);
    return button;
  });
  const value = () => toggles.filter(t => on.has(t.value)).map(t => t.value);
  return { element: group, chosen: value };
}
