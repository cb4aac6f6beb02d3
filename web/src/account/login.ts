// The sign-in page (/login?next=<path>): signing in, and making an account (signed in at once);
// afterwards the page goes back to `next` (a path of this site), else to the lobby. A refusal
// is shown in the page's language (common/server-errors.ts) and said by screen readers.

import { t } from '../common/i18n';
import { el } from '../common/ui';
import { safeNext } from './paths';
import { session, signIn, signUp } from './session';

export async function loginPage(root: HTMLElement): Promise<void> {
  document.title = `${t('login.title')} · chess960`;
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  root.innerHTML = `
    <main class="account-page login-page">
      <h1 class="sr-only">${t('login.title')}</h1>
      <p id="signed-in" class="card" role="status" hidden></p>
      <section class="card" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title">${t('login.heading')}</h2>
        <form id="sign-in" novalidate>
          <p class="field"><label for="sign-in-name">${t('login.name')}</label>
            <input id="sign-in-name" name="username" autocomplete="username" required autocapitalize="off" spellcheck="false"></p>
          <p class="field"><label for="sign-in-password">${t('login.password')}</label>
            <input id="sign-in-password" name="password" type="password" autocomplete="current-password" required></p>
          <p id="sign-in-error" class="error" role="alert" hidden></p>
          <button id="sign-in-submit" type="submit" class="primary">${t('login.submit')}</button>
        </form>
      </section>
      <section class="card" aria-labelledby="sign-up-title">
        <h2 id="sign-up-title">${t('login.signUpHeading')}</h2>
        <p class="muted">${t('login.signUpLead')}</p>
        <form id="sign-up" novalidate>
          <p class="field"><label for="sign-up-name">${t('login.name')}</label>
            <input id="sign-up-name" name="username" autocomplete="username" required maxlength="40" autocapitalize="off" spellcheck="false" aria-describedby="sign-up-name-hint">
            <span id="sign-up-name-hint" class="hint">${t('login.nameHint')}</span></p>
          <p class="field"><label for="sign-up-password">${t('login.password')}</label>
            <input id="sign-up-password" name="new-password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="sign-up-password-hint">
            <span id="sign-up-password-hint" class="hint">${t('login.passwordHint')}</span></p>
          <p class="field"><label for="sign-up-repeat">${t('login.repeat')}</label>
            <input id="sign-up-repeat" name="repeat-password" type="password" autocomplete="new-password" required></p>
          <p id="sign-up-error" class="error" role="alert" hidden></p>
          <button id="sign-up-submit" type="submit" class="primary">${t('login.signUpSubmit')}</button>
        </form>
      </section>
    </main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const value = (sel: string) => $<HTMLInputElement>(sel).value;

  const me = await session();
  if (me) {
    const box = $('#signed-in');
    box.hidden = false;
    box.append(t('login.signedInAs', { name: me.name }), ' ', el('a', { href: next }, t('login.continue')));
  }

  function showError(form: 'sign-in' | 'sign-up', text: string) {
    const box = $(`#${form}-error`);
    box.hidden = !text;
    box.textContent = text;
  }

  async function submit(form: 'sign-in' | 'sign-up', act: () => Promise<unknown>) {
    const button = $<HTMLButtonElement>(`#${form}-submit`);
    showError(form, '');
    button.disabled = true;
    try {
      await act();
      location.href = next;
    } catch (e) {
      showError(form, (e as Error).message);
      button.disabled = false;
    }
  }

  $('#sign-in').addEventListener('submit', e => {
    e.preventDefault();
    const name = value('#sign-in-name').trim();
    const password = value('#sign-in-password');
    if (!name || !password) return showError('sign-in', t('login.fillBoth'));
    void submit('sign-in', () => signIn(name, password));
  });

  $('#sign-up').addEventListener('submit', e => {
    e.preventDefault();
    const name = value('#sign-up-name').trim();
    const password = value('#sign-up-password');
    if (!name || !password) return showError('sign-up', t('login.fillBoth'));
    if (password !== value('#sign-up-repeat')) return showError('sign-up', t('login.mismatch'));
    void submit('sign-up', () => signUp(name, password));
  });
}
