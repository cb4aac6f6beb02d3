// The top bar of every page (index.html's .top-bar), in the page's language: the tagline, the
// lobby, the game database, the puzzles and the account (signed in: its name, linking to its profile, the settings and signing
// out; else signing in), the castling help, and the language switch (remembered, and kept with
// the account; the page is drawn again in the new language). The theme's switch joins it
// (theme.ts). Signed in, the lobby's link counts the games waiting for the account's move.

import { accounts } from '../account/api';
import { loginHref } from '../account/paths';
import { rememberWithAccount, session, signOut } from '../account/session';
import { myTurnGames } from '../lobby/turns';
import { LANGUAGES, type Lang, language, t } from './i18n';
import { savePrefs } from './prefs';
import { el, toast } from './ui';

export function setUpTopBar(): void {
  const bar = document.querySelector('.top-bar');
  if (!bar) return;
  const tagline = bar.querySelector('.tagline');
  if (tagline) tagline.textContent = t('top.tagline');
  const nav = el('nav', { class: 'top-account', 'aria-label': t('top.accountNav') });
  nav.append(
    el('a', { href: '/lobby', id: 'top-lobby' }, t('top.lobby')),
    el('a', { href: '/db', id: 'top-db' }, t('top.db')),
    el('a', { href: '/puzzles', id: 'top-puzzles' }, t('top.puzzles')),
  );
  bar.append(nav);
  void showAccount(nav);
  bar.append(el('a', { href: '/help/castling', class: 'top-help', id: 'top-help' }, t('top.help')));
  const label = el('label', { class: 'lang-switch' });
  const select = el('select', { id: 'lang-switch', 'aria-label': t('language.label') });
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = el('option', { value: code, lang: code }, name);
    if (code === language()) option.selected = true;
    select.append(option);
  }
  select.onchange = async () => {
    savePrefs({ lang: select.value as Lang });
    await rememberWithAccount({ language: select.value });
    location.reload();
  };
  label.append(select);
  bar.append(label);
}

async function showAccount(nav: HTMLElement) {
  const me = await session();
  if (!me) {
    // The sign-in page itself needs no link to itself.
    if (location.pathname !== '/login') nav.append(el('a', { href: loginHref(), id: 'top-sign-in' }, t('top.signIn')));
    return;
  }
  const name = el('a', { href: `/player/${encodeURIComponent(me.name)}`, id: 'top-account' }, me.name);
  const settings = el('a', { href: '/settings', id: 'top-settings' }, t('top.settings'));
  const out = el('button', { type: 'button', id: 'sign-out', class: 'top-sign-out' }, t('top.signOut'));
  out.onclick = async () => {
    out.disabled = true;
    try {
      await signOut();
      location.reload();
    } catch (e) {
      out.disabled = false;
      toast((e as Error).message);
    }
  };
  nav.append(name, settings, out);
  // How many games wait for the account's move (the lobby keeps it up to date).
  try {
    const { games } = await accounts.games(me.name, { inPlay: true });
    showTurnCount(myTurnGames(games, me.name).length);
  } catch (e) {
    console.warn('could not read the games in play', e);
  }
}

// "Lobby (2)": the games where it is the account's move.
export function showTurnCount(n: number): void {
  const link = document.querySelector<HTMLAnchorElement>('#top-lobby');
  if (!link) return;
  link.textContent = n > 0 ? `${t('top.lobby')} (${n})` : t('top.lobby');
  if (n > 0) link.setAttribute('aria-label', t('corr.lobbyTurns', { n }));
  else link.removeAttribute('aria-label');
}
