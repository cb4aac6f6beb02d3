// The database page's upload of a PGN file (src/db/upload.ts): the size and collection name
// checked before sending, as the server checks them, and the words of the server's answer and
// of its refusals.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { ApiError } from '../src/common/errors.ts';
import { setLanguage } from '../src/common/i18n.ts';
import { collectionNameOf, MAX_UPLOAD_BYTES, sizeCheck, uploadErrorText, uploadSummary } from '../src/db/upload.ts';

afterEach(() => setLanguage('en'));

test('the size: not empty, at most 16 MiB', () => {
  assert.equal(MAX_UPLOAD_BYTES, 16 * 1024 * 1024);
  assert.equal(sizeCheck(0), 'empty');
  assert.equal(sizeCheck(1), 'ok');
  assert.equal(sizeCheck(MAX_UPLOAD_BYTES), 'ok');
  assert.equal(sizeCheck(MAX_UPLOAD_BYTES + 1), 'tooLarge');
});

test("the collection's name: 1 to 64 bytes, trimmed, no ':' nor control character", () => {
  assert.equal(collectionNameOf('uploads'), 'uploads');
  assert.equal(collectionNameOf('  my games  '), 'my games');
  assert.equal(collectionNameOf('x'.repeat(64)), 'x'.repeat(64));
  assert.equal(collectionNameOf('x'.repeat(65)), null);
  // The server counts bytes of UTF-8: 32 two-byte letters fit, 33 do not.
  assert.equal(collectionNameOf('é'.repeat(32)), 'é'.repeat(32));
  assert.equal(collectionNameOf('é'.repeat(33)), null);
  for (const bad of ['', '   ', 'a:b', ':', 'tab\there', 'bell\u0007', 'del\u007f']) assert.equal(collectionNameOf(bad), null, JSON.stringify(bad));
});

const answer = (extra = {}) => ({ collection: 'alma:uploads', read: 3, imported: 2, alreadyThere: 0, skippedCount: 0, skipped: [], ...extra });

test('the outcome: the counts in one sentence, nothing skipped', () => {
  const words = uploadSummary(answer());
  assert.equal(words.summary, 'Collection alma:uploads: games read 3, imported 2, already there 0, skipped 0.');
  assert.deepEqual(words.skipped, []);
  assert.equal(words.more, null);
});

test('the outcome: the first skipped games by line, and how many more', () => {
  const skipped = Array.from({ length: 12 }, (_, i) => ({ line: 10 * i + 1, error: `bad move ${i}` }));
  const words = uploadSummary(answer({ read: 120, imported: 0, alreadyThere: 0, skippedCount: 120, skipped }), 10);
  assert.equal(words.skipped.length, 10);
  assert.equal(words.skipped[0], 'Line 1: bad move 0');
  assert.equal(words.skipped[9], 'Line 91: bad move 9');
  assert.equal(words.more, '… and 110 more skipped');
  // All listed: nothing more.
  assert.equal(uploadSummary(answer({ skippedCount: 2, skipped: skipped.slice(0, 2) })).more, null);
});

test('the outcome in another language', () => {
  setLanguage('de');
  assert.equal(uploadSummary(answer({ alreadyThere: 1 })).summary, 'Sammlung alma:uploads: Partien gelesen 3, importiert 2, schon vorhanden 1, übersprungen 0.');
});

test("a refusal: the page's own words for too large and too many, the server's otherwise", () => {
  assert.equal(uploadErrorText(new ApiError(413, 'request body larger than 16 MiB', 'body_too_large')), 'The file is larger than 16 MiB: split it into smaller files.');
  assert.equal(uploadErrorText(new ApiError(429, 'too many uploads: try again in 20 s', 'rate_limited', { seconds: 20 })), 'Too many uploads: try again in 20 s.');
  assert.equal(uploadErrorText(new ApiError(429, 'too many', 'rate_limited')), 'Too many uploads: try again in 60 s.');
  assert.equal(uploadErrorText(new ApiError(401, 'not signed in', 'not_signed_in')), 'Sign in to upload your own games from a PGN file.');
  assert.equal(uploadErrorText(new ApiError(503, 'too many uploads waiting: try again in a minute', 'unavailable')), 'The upload failed: too many uploads waiting: try again in a minute');
  setLanguage('fr');
  assert.match(uploadErrorText(new ApiError(503, 'busy', 'unavailable')), /^L’envoi a échoué : /);
  assert.equal(uploadErrorText(new Error('network down')), 'L’envoi a échoué : network down');
});
