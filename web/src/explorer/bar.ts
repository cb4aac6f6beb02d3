// The white/draw/black bar of a set of games (lichess's explorer): three parts as wide as their
// shares, each with its percentage when there is room, and the whole said in words to a screen
// reader (role img with its label).

import { t } from '../common/i18n';
import { el } from '../common/ui';
import { sharesOf } from './shares';

export function resultBar(white: number, draws: number, black: number): HTMLElement {
  const s = sharesOf(white, draws, black);
  const bar = el('div', { class: 'wdb', role: 'img', 'aria-label': t('explorer.bar', { white: s.white, draws: s.draws, black: s.black }) });
  for (const [part, share] of [
    ['white', s.white],
    ['draws', s.draws],
    ['black', s.black],
  ] as const) {
    if (share === 0) continue;
    const span = el('span', { class: part, 'aria-hidden': 'true' }, share >= 25 ? `${share}%` : '');
    span.style.width = `${share}%`;
    bar.append(span);
  }
  return bar;
}
