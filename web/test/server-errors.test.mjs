// The server's error codes in the page's languages (src/common/server-errors.ts): every code that
// docs/openapi.yaml lists for the Error answer has its words in every language (so a new server
// code without them fails here), no language keeps words for a code the server no longer has,
// and an error is shown by its code in the page's language, with the server's message for a
// code the page does not know.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, slotsOf } from '../src/common/i18n-core.ts';

const here = dirname(fileURLToPath(import.meta.url));
const load = code => JSON.parse(readFileSync(join(here, '../src/common/i18n', `${code}.json`), 'utf8'));

// The codes of components/responses/Error: the `- code  # args: a, b` lines of the enum under
// its `code:` property, with the args the comment names.
function openapiCodes() {
  const lines = readFileSync(join(here, '../../docs/openapi.yaml'), 'utf8').split('\n');
  const start = lines.findIndex(l => /^ {4}Error:\s*$/.test(l));
  assert.ok(start >= 0, 'docs/openapi.yaml has components/responses/Error');
  const code = lines.findIndex((l, i) => i > start && /^\s+code:\s*$/.test(l));
  const enumAt = lines.findIndex((l, i) => i > code && /^\s+enum:\s*$/.test(l));
  const codes = new Map();
  for (const line of lines.slice(enumAt + 1)) {
    const m = /^\s+- ([a-z_]+)(?:\s+# args: (.*))?$/.exec(line);
    if (!m) break;
    codes.set(m[1], m[2] ? m[2].split(/,\s*/).sort() : []);
  }
  return codes;
}

test('docs/openapi.yaml lists the error codes, in snake_case, sorted', () => {
  const codes = [...openapiCodes().keys()];
  assert.ok(codes.length >= 60, `only ${codes.length} codes read`);
  for (const c of ['illegal_move', 'not_your_turn', 'game_over', 'stale_ply', 'rate_limited', 'invalid_clock', 'too_few_positions'])
    assert.ok(codes.includes(c), `${c} is listed`);
  assert.deepEqual(codes, [...codes].sort());
});

for (const lang of Object.keys(LANGUAGES)) {
  test(`${lang}: words for every error code, with the slots of its args`, () => {
    const table = load(lang);
    const codes = openapiCodes();
    const missing = [...codes.keys()].filter(c => !(`error.${c}` in table));
    assert.deepEqual(missing, [], `${lang} has no words for ${missing.join(', ')}`);
    for (const [c, args] of codes) assert.deepEqual(slotsOf(table[`error.${c}`]), args, `${lang} error.${c}: its slots are its args`);
    const stale = Object.keys(table).filter(k => k.startsWith('error.') && !codes.has(k.slice('error.'.length)));
    assert.deepEqual(stale, [], `${lang} has words for codes the server does not have: ${stale.join(', ')}`);
  });
}

test('an error is shown by its code in the page language; English and unknown codes show the server message', async () => {
  const { setLanguage } = await import('../src/common/i18n.ts');
  const { serverErrorText } = await import('../src/common/server-errors.ts');
  const { ApiError, apiErrorOf } = await import('../src/common/errors.ts');
  const hu = load('hu');
  try {
    setLanguage('hu');
    assert.equal(serverErrorText('stale_ply', { ply: 12 }, 'stale ply: the game is at ply 12'), hu['error.stale_ply'].replace('{ply}', '12'));
    assert.equal(serverErrorText('no_such_code_yet', {}, 'a newer server says'), 'a newer server says');
    assert.equal(serverErrorText(undefined, {}, 'no code at all'), 'no code at all');
    // A code without the value its words need: the server's message, not a sentence with a hole.
    assert.equal(serverErrorText('rate_limited', {}, 'too many moves: try again in 2 s'), 'too many moves: try again in 2 s');
    setLanguage('de');
    const body = { error: 'not your turn', code: 'not_your_turn' };
    const e = apiErrorOf(new Response(JSON.stringify(body), { status: 409 }), JSON.stringify(body), body);
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 409);
    assert.equal(e.code, 'not_your_turn');
    assert.equal(e.message, load('de')['error.not_your_turn']);
    assert.equal(e.serverMessage, 'not your turn');
    const rated = { error: 'too many moves from your address: try again in 3 s', code: 'rate_limited', args: { seconds: 3, x: { nested: 1 } } };
    const r = apiErrorOf(new Response('', { status: 429 }), '', rated);
    assert.deepEqual(r.args, { seconds: 3 }); // values only: nothing nested gets in
    assert.equal(r.message, load('de')['error.rate_limited'].replace('{seconds}', '3'));
    const notJson = apiErrorOf(new Response('', { status: 502, statusText: 'Bad Gateway' }), '', undefined);
    assert.equal(notJson.message, '502 Bad Gateway');
    setLanguage('en');
    assert.equal(serverErrorText('stale_ply', { ply: 12 }, 'stale ply: the game is at ply 12'), 'stale ply: the game is at ply 12');
  } finally {
    setLanguage('en');
  }
});
