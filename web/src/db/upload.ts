// An upload of a PGN file to the game database (POST /api/db/import?collection=NAME): what the
// page checks before sending (the file's size, the collection's name, as the server does) and
// how it words the server's answer. Pure: no DOM, no fetch (upload-form.ts draws the form).

import { ApiError } from '../common/errors';
import { t } from '../common/i18n';

// The server reads at most this much for an upload (16 MiB).
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
export const DEFAULT_COLLECTION = 'uploads';
export const MAX_COLLECTION_BYTES = 64;
// The skipped games listed by the page; the server names the first 100.
export const SKIPPED_SHOWN = 10;

export interface SkippedGame {
  line: number; // where the game starts in the file
  error: string; // the reader's words (English)
}

// The server's answer: the uploader's collection ("<account>:<name>") and what became of the file.
export interface UploadAnswer {
  collection: string;
  read: number;
  imported: number;
  alreadyThere: number;
  skippedCount: number;
  skipped: SkippedGame[];
}

export type SizeCheck = 'ok' | 'empty' | 'tooLarge';

// A file (or its text, once encoded as UTF-8) of `bytes` bytes: can it be sent?
export function sizeCheck(bytes: number): SizeCheck {
  if (bytes <= 0) return 'empty';
  return bytes > MAX_UPLOAD_BYTES ? 'tooLarge' : 'ok';
}

// What a person typed as the collection's name, trimmed, if the server takes it: 1 to 64 bytes of
// UTF-8, no ':' and no control character; else null.
export function collectionNameOf(text: string): string | null {
  const name = text.trim();
  if (!name || new TextEncoder().encode(name).length > MAX_COLLECTION_BYTES) return null;
  return /[:\u0000-\u001f\u007f]/.test(name) ? null : name;
}

// The words of the answer: one sentence of counts, the first skipped games by line, and how many
// more were skipped than listed.
export interface UploadSummary {
  summary: string;
  skipped: string[];
  more: string | null;
}

export function uploadSummary(answer: UploadAnswer, shown = SKIPPED_SHOWN): UploadSummary {
  const skipped = answer.skipped.slice(0, shown).map(s => t('db.upload.skippedLine', { line: s.line, error: s.error }));
  const rest = answer.skippedCount - skipped.length;
  return {
    summary: t('db.upload.done', {
      collection: answer.collection,
      read: answer.read,
      imported: answer.imported,
      already: answer.alreadyThere,
      skipped: answer.skippedCount,
    }),
    skipped,
    more: rest > 0 ? t('db.upload.moreSkipped', { n: rest }) : null,
  };
}

// Why an upload failed, in the page's words where the server's general ones would mislead (its
// body_too_large names 64 KiB, its rate_limited the address, not the account).
export function uploadErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 413) return t('db.upload.tooLarge');
    if (e.status === 429) return t('db.upload.tooMany', { seconds: typeof e.args.seconds === 'number' ? e.args.seconds : 60 });
    if (e.status === 401) return t('db.upload.signIn');
  }
  return t('db.upload.failed', { error: e instanceof Error ? e.message : String(e) });
}
