// The settings page (/settings): the signed-in account's display name, language and theme
// (kept with the account, and applied to this browser at once), and deleting the account after
// typing its name to confirm.

import { LANGUAGES, t } from '../common/i18n';
import { refreshTheme } from '../common/theme';
import { el } from '../common/ui';
import { accounts, type OwnAccount } from './api';
import { loginHref } from './paths';
import { forgetSession, session, updateSettings } from './session';

const THEMES = ['auto', 'light', 'dark'] as const;

export async function settingsPage(root: HTMLElement): Promise<void> {
  document.title = `${t('settings.title')} · chess960`;
  root.innerHTML = `<main class="account-page"><h1 class="sr-only">${t('settings.title')}</h1><p class="muted">${t('home.loading')}</p></main>`;
  const me = await session();
  const main = root.querySelector('main')!;
  if (!me) {
    main.innerHTML = '';
    const card = el('section', { class: 'card' });
    const link = el('p');
    link.append(el('a', { href: loginHref('/settings'), class: 'button', id: 'settings-sign-in' }, t('top.signIn')));
    card.append(el('h2', {}, t('settings.heading')), el('p', {}, t('settings.needSignIn')), link);
    main.append(el('h1', { class: 'sr-only' }, t('settings.title')), card);
    return;
  }
  drawSettings(main, me);
}

function drawSettings(main: HTMLElement, me: OwnAccount) {
  main.innerHTML = `
    <h1 class="sr-only">${t('settings.title')}</h1>
    <section class="card" aria-labelledby="settings-title">
      <h2 id="settings-title">${t('settings.heading')}</h2>
      <p class="muted" id="settings-account"></p>
      <form id="settings-form">
        <p class="field"><label for="display-name">${t('settings.displayName')}</label>
          <input id="display-name" name="display-name" maxlength="40" autocomplete="nickname"></p>
        <p class="field"><label for="settings-language">${t('settings.language')}</label>
          <select id="settings-language" name="language">
            ${Object.entries(LANGUAGES).map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`).join('')}
          </select></p>
        <p class="field"><label for="settings-theme">${t('settings.theme')}</label>
          <select id="settings-theme" name="theme">
            ${THEMES.map(theme => `<option value="${theme}">${t(`settings.theme.${theme}`)}</option>`).join('')}
          </select></p>
        <p id="settings-error" class="error" role="alert" hidden></p>
        <p id="settings-status" role="status"></p>
        <button id="settings-save" type="submit" class="primary">${t('settings.save')}</button>
      </form>
    </section>
    <section class="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">${t('settings.deleteHeading')}</h2>
      <p>${t('settings.deleteText')}</p>
      <button id="delete-start" type="button" class="danger" aria-expanded="false" aria-controls="delete-confirm">${t('settings.deleteButton')}</button>
      <form id="delete-confirm" hidden>
        <p class="field"><label for="delete-name"></label>
          <input id="delete-name" name="delete-name" autocomplete="off" autocapitalize="off" spellcheck="false"></p>
        <p id="delete-error" class="error" role="alert" hidden></p>
        <button id="delete-yes" type="submit" class="danger" disabled>${t('settings.deleteYes')}</button>
        <button id="delete-cancel" type="button">${t('settings.cancel')}</button>
      </form>
    </section>`;
  const $ = <T extends HTMLElement>(sel: string) => main.querySelector(sel) as T;
  $('#settings-account').textContent = t('settings.account', { name: me.name });
  $<HTMLInputElement>('#display-name').value = me.displayName;
  $<HTMLSelectElement>('#settings-language').value = me.language in LANGUAGES ? me.language : 'en';
  $<HTMLSelectElement>('#settings-theme').value = THEMES.includes(me.theme) ? me.theme : 'auto';
  $('label[for="delete-name"]').textContent = t('settings.deleteConfirmLabel', { name: me.name });

  const error = (sel: string, text: string) => {
    $(sel).hidden = !text;
    $(sel).textContent = text;
  };

  $('#settings-form').addEventListener('submit', async e => {
    e.preventDefault();
    error('#settings-error', '');
    $('#settings-status').textContent = '';
    const language = $<HTMLSelectElement>('#settings-language').value;
    const languageChanged = language !== me.language;
    $<HTMLButtonElement>('#settings-save').disabled = true;
    try {
      me = await updateSettings({
        displayName: $<HTMLInputElement>('#display-name').value.trim(),
        language,
        theme: $<HTMLSelectElement>('#settings-theme').value as OwnAccount['theme'],
      });
      // The page is drawn again in the new language and theme.
      if (languageChanged) return location.reload();
      refreshTheme();
      $('#settings-status').textContent = t('settings.saved');
    } catch (err) {
      error('#settings-error', (err as Error).message);
    }
    $<HTMLButtonElement>('#settings-save').disabled = false;
  });

  const confirmForm = $<HTMLFormElement>('#delete-confirm');
  const nameInput = $<HTMLInputElement>('#delete-name');
  const showConfirm = (on: boolean) => {
    confirmForm.hidden = !on;
    $('#delete-start').setAttribute('aria-expanded', String(on));
    $('#delete-start').hidden = on;
    nameInput.value = '';
    $<HTMLButtonElement>('#delete-yes').disabled = true;
    error('#delete-error', '');
    (on ? nameInput : $('#delete-start')).focus();
  };
  $('#delete-start').addEventListener('click', () => showConfirm(true));
  $('#delete-cancel').addEventListener('click', () => showConfirm(false));
  nameInput.addEventListener('input', () => ($<HTMLButtonElement>('#delete-yes').disabled = nameInput.value.trim() !== me.name));
  confirmForm.addEventListener('submit', async e => {
    e.preventDefault();
    if (nameInput.value.trim() !== me.name) return;
    $<HTMLButtonElement>('#delete-yes').disabled = true;
    try {
      await accounts.remove(me.name);
      forgetSession();
      location.href = '/';
    } catch (err) {
      error('#delete-error', (err as Error).message);
      $<HTMLButtonElement>('#delete-yes').disabled = false;
    }
  });
}
