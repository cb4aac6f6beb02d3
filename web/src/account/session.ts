// Who is signed in on this page: the account of the session cookie (GET /api/session, asked once
// a page), its CSRF token handed to common/fetch.ts, signing in, up and out. The cookie is
// HttpOnly, out of the page's sight: this browser notes the account's name (public, no secret)
// when it signs in, and asks only then, so that a visitor who never signed in is not answered
// 401 on every page. The account keeps
// the page's language and theme for the player's other browsers: they are applied to this
// browser's prefs when signing in, and a new account takes the ones this browser has.

import { ApiError } from '../common/errors';
import { setCsrfToken } from '../common/fetch';
import { language } from '../common/i18n';
import { loadPrefs, savePrefs, type Theme } from '../common/prefs';
import { accounts, type OwnAccount, type Settings } from './api';

let current: Promise<OwnAccount | null> | null = null;

const SIGNED_IN_KEY = 'chess960.account';

function noteSignedIn(name: string | null) {
  try {
    if (name) localStorage.setItem(SIGNED_IN_KEY, name);
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // storage refused: the page asks the server every time
  }
}

function maybeSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return true;
  }
}

function adopt(account: OwnAccount | null, csrf: string | null): OwnAccount | null {
  setCsrfToken(csrf);
  noteSignedIn(account?.name ?? null);
  current = Promise.resolve(account);
  return account;
}

// The signed-in account, or null (the answer is 401); asked once per page.
export function session(): Promise<OwnAccount | null> {
  if (!current && !maybeSignedIn()) current = Promise.resolve(null);
  current ??= accounts.session().then(
    account => adopt(account, account.csrfToken ?? null),
    (e: unknown) => {
      if (!(e instanceof ApiError && e.status === 401)) console.warn('could not ask who is signed in', e);
      return adopt(null, null);
    },
  );
  return current;
}

const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];

// The account's language and theme become this browser's.
function applySettings(account: OwnAccount) {
  const change: { lang?: string; theme?: Theme } = {};
  if (account.language) change.lang = account.language;
  if (THEMES.includes(account.theme)) change.theme = account.theme;
  savePrefs(change);
}

export async function signIn(name: string, password: string): Promise<OwnAccount> {
  const answer = await accounts.signIn(name, password);
  adopt(answer.account, answer.csrfToken);
  applySettings(answer.account);
  return answer.account;
}

// A new account, signed in, with this browser's language and theme.
export async function signUp(name: string, password: string): Promise<OwnAccount> {
  await accounts.signUp(name, password);
  const answer = await accounts.signIn(name, password);
  adopt(answer.account, answer.csrfToken);
  const settings = { language: language(), theme: loadPrefs().theme };
  try {
    return adopt(await accounts.update(answer.account.name, settings), answer.csrfToken)!;
  } catch (e) {
    console.warn('could not keep the language and theme with the new account', e);
    return answer.account;
  }
}

// Signs out (a session that had already ended counts as signed out).
export async function signOut(): Promise<void> {
  try {
    await accounts.signOut();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
  }
  adopt(null, null);
}

// Changes the signed-in account's settings; the ones given become this browser's too.
export async function updateSettings(settings: Settings): Promise<OwnAccount> {
  const me = await session();
  if (!me) throw new ApiError(401, 'not signed in', 'not_signed_in');
  const csrf = me.csrfToken ?? null;
  const updated = { ...(await accounts.update(me.name, settings)), csrfToken: csrf ?? undefined };
  adopt(updated, csrf);
  applySettings(updated);
  return updated;
}

// Keeps a choice made in the top bar with the account, when one is signed in (best effort: the
// choice is this browser's anyway).
export async function rememberWithAccount(settings: Settings): Promise<void> {
  const me = await session();
  if (!me) return;
  try {
    await accounts.update(me.name, settings);
  } catch (e) {
    console.warn('could not keep the choice with the account', e);
  }
}

// The account was deleted: nobody is signed in any more.
export function forgetSession(): void {
  adopt(null, null);
}
