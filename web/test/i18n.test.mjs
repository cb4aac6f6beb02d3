// The page's languages (src/common/i18n/*.json, src/common/i18n-core.ts): every key of the English file is in
// every language's file and no file has a key English lacks; each translation uses the same
// {slots}; no text is empty or left identical to English where words differ; and the language
// chosen from the remembered choice and the browser's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fill, LANGUAGES, pickLanguage, slotsOf } from '../src/common/i18n-core.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/common/i18n');
const load = code => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8'));
const en = load('en');

test('there is one data file per language, and only those', () => {
  const files = readdirSync(dir).filter(f => f.endsWith('.json')).map(f => f.replace(/\.json$/, '')).sort();
  assert.deepEqual(files, Object.keys(LANGUAGES).sort());
  assert.deepEqual(Object.keys(LANGUAGES), ['en', 'hu', 'ru', 'de', 'fr']);
});

for (const code of Object.keys(LANGUAGES)) {
  test(`${code}: every key of English, no other key, same slots, no empty text`, () => {
    const table = load(code);
    const missing = Object.keys(en).filter(k => !(k in table));
    const extra = Object.keys(table).filter(k => !(k in en));
    assert.deepEqual(missing, [], `${code} lacks ${missing.join(', ')}`);
    assert.deepEqual(extra, [], `${code} has keys English lacks: ${extra.join(', ')}`);
    for (const [key, text] of Object.entries(table)) {
      assert.equal(typeof text, 'string', `${code} ${key}`);
      assert.ok(text.trim().length > 0 || en[key].trim().length === 0, `${code} ${key} is empty`);
      assert.deepEqual(slotsOf(text), slotsOf(en[key]), `${code} ${key}: slots ${slotsOf(text)} vs ${slotsOf(en[key])}`);
    }
    assert.equal(table['language.name'], LANGUAGES[code]);
  });
}

test('the translations are translated: sentences differ from English', () => {
  for (const code of ['hu', 'ru', 'de', 'fr']) {
    const table = load(code);
    // A text with two or more words of four letters or more, the same as English, was
    // forgotten ("3 min + 2 s" may well be the same).
    const words = text => (text.match(/\p{L}{4,}/gu) ?? []).length;
    const same = Object.keys(en).filter(k => words(en[k]) >= 2 && table[k] === en[k]);
    assert.deepEqual(same, [], `${code}: still English: ${same.join(', ')}`);
  }
});

test('the help page cites FIDE II.3.1 to II.3.2.7 in every language', () => {
  for (const code of Object.keys(LANGUAGES)) {
    const table = load(code);
    const help = Object.keys(table).filter(k => k.startsWith('help.')).map(k => table[k]).join('\n');
    for (const article of ['II.3.1', 'II.3.2.1', 'II.3.2.2', 'II.3.2.3', 'II.3.2.4', 'II.3.2.5', 'II.3.2.6', 'II.3.2.7'])
      assert.ok(help.includes(article), `${code}: the help page does not cite ${article}`);
  }
});

test('the language: the remembered choice, else the browser, else English', () => {
  assert.equal(pickLanguage('de', ['fr-FR']), 'de');
  assert.equal(pickLanguage('', ['hu-HU', 'en']), 'hu');
  assert.equal(pickLanguage(undefined, ['es-ES', 'ru']), 'ru');
  assert.equal(pickLanguage('xx', ['FR_ca']), 'fr');
  assert.equal(pickLanguage('', ['es', 'it']), 'en');
  assert.equal(pickLanguage('', []), 'en');
  assert.equal(pickLanguage('toString', []), 'en'); // not fooled by Object's own names
});

test('slots are filled by name; a missing value stays visible', () => {
  assert.equal(fill('{who} played {move}.', { who: 'Bob', move: 'e4' }), 'Bob played e4.');
  assert.equal(fill('{n} s', { n: 0 }), '0 s');
  assert.equal(fill('{who} played {move}.', { who: 'Bob' }), 'Bob played {move}.');
  assert.deepEqual(slotsOf('{b} and {a}'), ['a', 'b']);
});

test('the page speaks the chosen language: typed-move reasons and spoken moves', async () => {
  const { setLanguage } = await import('../src/common/i18n.ts');
  const { parseTypedMove, spokenSan } = await import('../src/board/notation.ts');
  const { boardMoves } = await import('../src/board/moves.ts');
  const fen = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
  const legal = boardMoves(fen, ['b1a1', 'b1c1', 'e2e4']);
  try {
    setLanguage('de');
    assert.equal(spokenSan('Nxf3+'), 'Springer schlägt f3, Schach');
    assert.equal(parseTypedMove('Nf6', fen, legal).message, 'Keine Figur von dir (Springer) kann nach f6.');
    setLanguage('ru');
    assert.equal(spokenSan('O-O-O#'), 'длинная рокировка, мат');
    setLanguage('hu');
    assert.equal(spokenSan('e4'), 'Gyalog lép e4');
  } finally {
    setLanguage('en');
  }
  assert.equal(spokenSan('Nxf3+'), 'Knight takes f3, check');
});
