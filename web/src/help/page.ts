// The help page "How castling works in Chess960" (/help/castling), in the page's language:
// FIDE's Chess960 castling rules (Guidelines II, articles II.3.1 to II.3.2.7) in our own
// words, with the way this site takes a castling move. Reachable from every game page.

import { t, type TextKey } from '../common/i18n';
import { el } from '../common/ui';

const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 'example'] as const;

export function helpPage(root: HTMLElement): void {
  document.title = `${t('help.title')} · chess960`;
  const main = el('main', { class: 'home help' });
  const card = el('article', { class: 'card help-card' });
  card.append(el('h1', {}, t('help.title')), el('p', {}, t('help.intro')));
  for (const section of SECTIONS) {
    card.append(
      el('h2', {}, t(`help.${section}.title` as TextKey)),
      el('p', {}, t(`help.${section}.text` as TextKey)),
    );
  }
  card.append(el('p', { class: 'muted source' }, t('help.source')));
  const nav = el('p', { class: 'help-nav' });
  // Back to the game that linked here (same site), else the start page.
  const from = document.referrer && new URL(document.referrer).origin === location.origin ? new URL(document.referrer).pathname : '';
  if (from.startsWith('/game/')) nav.append(el('a', { href: from, id: 'help-back' }, t('help.back')), ' · ');
  nav.append(el('a', { href: '/' }, t('help.home')));
  card.append(nav);
  main.append(card);
  root.replaceChildren(main);
}
