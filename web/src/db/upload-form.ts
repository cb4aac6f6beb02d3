// The database page's upload (db/page.ts): a signed-in player's PGN file into a collection of
// their own, read in the browser and sent as it is (POST /api/db/import); what became of it said
// in a polite live region, with a link to the explorer of that collection. Anyone else is shown
// the way to sign in.

import type { OwnAccount } from '../account/api';
import { loginHref } from '../account/paths';
import { request } from '../common/fetch';
import { t } from '../common/i18n';
import { el } from '../common/ui';
import { dbHref } from '../explorer/query';
import { collectionNameOf, DEFAULT_COLLECTION, sizeCheck, type UploadAnswer, uploadErrorText, uploadSummary } from './upload';

// A large file takes a while to send and to read into the database.
const UPLOAD_WITHIN_MS = 120000;

export const uploadPgn = (collection: string, pgn: string) =>
  request<UploadAnswer>('POST', `/api/db/import?collection=${encodeURIComponent(collection)}`, {
    text: { body: pgn, type: 'application/x-chess-pgn' },
    timeoutMs: UPLOAD_WITHIN_MS,
  });

// Fills the section (its heading is the page's) for `me`, or with a sign-in link.
export function fillUpload(box: HTMLElement, me: OwnAccount | null): void {
  box.innerHTML = '';
  if (!me) {
    const link = el('p');
    link.append(el('a', { href: loginHref(), class: 'button', id: 'db-upload-sign-in' }, t('top.signIn')));
    box.append(el('p', { id: 'db-upload-hint' }, t('db.upload.signIn')), link);
    return;
  }
  const intro = el('p', { class: 'hint', id: 'db-upload-intro' }, t('db.upload.intro'));
  const form = el('form', { id: 'db-upload-form', class: 'filters', novalidate: '' });
  const file = el('input', { id: 'db-upload-file', name: 'file', type: 'file', accept: '.pgn,application/x-chess-pgn', 'aria-describedby': 'db-upload-intro' });
  const name = el('input', {
    id: 'db-upload-collection',
    name: 'collection',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'db-upload-collection-hint',
  });
  name.value = DEFAULT_COLLECTION;
  const send = el('button', { type: 'submit', id: 'db-upload-send' }, t('db.upload.send'));
  const fileField = el('p', { class: 'field' });
  fileField.append(el('label', { for: 'db-upload-file' }, t('db.upload.file')), ' ', file);
  const nameField = el('p', { class: 'field' });
  nameField.append(
    el('label', { for: 'db-upload-collection' }, t('db.upload.collection')),
    ' ',
    name,
    el('span', { class: 'hint', id: 'db-upload-collection-hint' }, t('db.upload.collectionHint', { account: me.name })),
  );
  form.append(fileField, nameField, send);

  // Everything said about the upload, read out when it changes.
  const outcome = el('div', { id: 'db-upload-outcome', role: 'status', 'aria-live': 'polite' });
  const status = el('p', { id: 'db-upload-status' });
  const skipped = el('ul', { id: 'db-upload-skipped', hidden: '' });
  const explore = el('p', { id: 'db-upload-explore', hidden: '' });
  outcome.append(status, skipped, explore);
  box.append(intro, form, outcome);

  const say = (text: string) => {
    status.textContent = text;
    status.classList.remove('error');
    skipped.hidden = explore.hidden = true;
    skipped.innerHTML = explore.innerHTML = '';
  };
  const refuse = (field: HTMLInputElement | null, text: string) => {
    say(text);
    status.classList.add('error');
    if (field) {
      field.setAttribute('aria-invalid', 'true');
      field.focus();
    }
  };

  let busy = false;
  form.addEventListener('submit', e => {
    e.preventDefault();
    if (busy) return;
    form.querySelectorAll('[aria-invalid]').forEach(f => f.removeAttribute('aria-invalid'));
    const chosen = file.files?.[0];
    if (!chosen) return refuse(file, t('db.upload.chooseFile'));
    const collection = collectionNameOf(name.value);
    if (collection === null) return refuse(name, t('db.upload.badName'));
    const size = sizeCheck(chosen.size);
    if (size !== 'ok') return refuse(file, t(size === 'empty' ? 'db.upload.empty' : 'db.upload.tooLarge'));
    void upload(chosen, collection);
  });

  async function upload(chosen: File, collection: string) {
    busy = true;
    send.disabled = true;
    say(t('db.upload.sending', { file: chosen.name }));
    try {
      const text = await chosen.text();
      // A file not in UTF-8 grows as it is read (each byte it cannot read becomes three).
      const size = sizeCheck(new Blob([text]).size);
      if (size !== 'ok') return refuse(file, t(size === 'empty' ? 'db.upload.empty' : 'db.upload.tooLarge'));
      const answer = await uploadPgn(collection, text);
      const words = uploadSummary(answer);
      say(words.summary);
      for (const line of words.skipped) skipped.append(el('li', {}, line));
      if (words.more) skipped.append(el('li', {}, words.more));
      skipped.hidden = words.skipped.length === 0;
      explore.append(el('a', { href: dbHref({ collection: answer.collection }), id: 'db-upload-explore-link' }, t('db.upload.explore', { collection: answer.collection })));
      explore.hidden = false;
    } catch (e) {
      refuse(null, uploadErrorText(e));
    } finally {
      busy = false;
      send.disabled = false;
    }
  }
}
