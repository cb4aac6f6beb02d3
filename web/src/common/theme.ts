// Light and dark: the page follows the system's prefers-color-scheme unless the player chose
// one with the switch in the top bar (prefs.ts). The choice is the `data-theme` attribute of
// <html>, which style.css reads.

import { t } from './i18n';
import { loadPrefs, savePrefs, type Theme } from './prefs';

const dark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

export function effectiveTheme(theme: Theme = loadPrefs().theme): 'light' | 'dark' {
  return theme === 'auto' ? (dark() ? 'dark' : 'light') : theme;
}

function apply(theme: Theme, button: HTMLButtonElement | null) {
  const shown = effectiveTheme(theme);
  document.documentElement.dataset.theme = shown;
  if (button) {
    const next = shown === 'dark' ? 'light' : 'dark';
    button.textContent = shown === 'dark' ? t('theme.light') : t('theme.dark');
    button.setAttribute('aria-label', t(next === 'dark' ? 'theme.switchTo.dark' : 'theme.switchTo.light'));
  }
}

let button: HTMLButtonElement | null = null;

// Applies the theme of the prefs again (they were changed elsewhere: the settings page).
export function refreshTheme(): void {
  apply(loadPrefs().theme, button);
}

// Applies the theme now and puts its switch in the top bar; `changed` hears the player's choice.
export function setUpTheme(changed: (theme: Theme) => void = () => {}): void {
  const bar = document.querySelector('.top-bar');
  if (bar) {
    button = document.createElement('button');
    button.id = 'theme-switch';
    button.type = 'button';
    button.className = 'theme-switch';
    button.onclick = () => {
      const next: Theme = effectiveTheme() === 'dark' ? 'light' : 'dark';
      // Back to following the system when the choice is what the system says anyway.
      savePrefs({ theme: next === (dark() ? 'dark' : 'light') ? 'auto' : next });
      apply(loadPrefs().theme, button);
      changed(loadPrefs().theme);
    };
    bar.append(button);
  }
  apply(loadPrefs().theme, button);
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => apply(loadPrefs().theme, button));
}
