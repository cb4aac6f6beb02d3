// What the e2e tests check of a page shown in another language than English: the page's text
// (what it shows, its labels, titles and placeholders, the tab's title) and the English left in
// it, for the game pages (play-e2e.mjs) and the event pages (event-e2e.mjs).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const I18N = join(dirname(fileURLToPath(import.meta.url)), '../src/common/i18n');
export const texts = code => JSON.parse(readFileSync(join(I18N, `${code}.json`), 'utf8'));

// A text of `code` with its {slots} filled.
export function textOf(code, key, params = {}) {
  return texts(code)[key].replace(/\{(\w+)\}/g, (slot, name) => (name in params ? String(params[name]) : slot));
}

// Every text a person or a screen reader gets from the page, but for what it shows as code
// (commands, file names, FEN: the same in every language).
export async function pageText(page) {
  return page.evaluate(() => {
    const code = [...document.querySelectorAll('code, pre')].map(e => [e, e.style.display]);
    for (const [e] of code) e.style.display = 'none';
    const parts = [document.title, document.body.innerText];
    for (const [e, display] of code) e.style.display = display;
    for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const a of ['aria-label', 'title', 'placeholder']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
    return parts.join('\n');
  });
}

// The English left on a page shown in `code`: pieces of English texts (split at their {slots})
// that the language words differently, found whole in the page; and common English words.
export function englishLeft(text, code) {
  const en = texts('en');
  const other = texts(code);
  const found = new Set();
  for (const [key, english] of Object.entries(en)) {
    if (key === 'language.name' || other[key] === english) continue; // the switch names English
    for (const piece of english.split(/\{\w+\}/)) {
      const chunk = piece.trim().replace(/^[:·,.\s]+|[:·,.\s]+$/g, '');
      if (!/\p{L}{4,}/u.test(chunk) || other[key].includes(chunk)) continue;
      const escaped = chunk.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text)) found.add(`${key}: "${chunk}"`);
    }
  }
  for (const word of text.match(/\b(the|your|you|move|moves|game|draw|board|resign|white|black|play|offer|copy|sound|flip)\b/gi) ?? [])
    found.add(`word "${word}"`);
  return [...found];
}
