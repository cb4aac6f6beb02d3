// The page's words in the languages of FIDE's Chess960 texts: English, Hungarian, Russian,
// German and French. Each language is a data file (i18n/<code>.json) with the same keys;
// `{name}` in a text is filled in by t(). The language is the one chosen with the switch in the
// top bar (remembered, prefs.ts), else the browser's first language we have, else English.

import { pickLanguage, fill, LANGUAGES, type Lang } from './i18n-core';
import de from './i18n/de.json';
import en from './i18n/en.json';
import fr from './i18n/fr.json';
import hu from './i18n/hu.json';
import ru from './i18n/ru.json';

export { LANGUAGES, type Lang };
export type TextKey = keyof typeof en;

const TABLES: Record<Lang, Record<string, string>> = { en, hu, ru, de, fr };

let current: Lang = 'en';

export function setLanguage(lang: Lang): void {
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function language(): Lang {
  return current;
}

// Chooses the language for this page: the remembered choice, else the browser's.
export function chooseLanguage(stored: string | undefined): Lang {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const lang = pickLanguage(stored, browser);
  setLanguage(lang);
  return lang;
}

// The text of `key` in the page's language (English if a file lacks it, which the unit test
// forbids), with its `{name}` slots filled from `params`.
export function t(key: TextKey, params: Record<string, string | number> = {}): string {
  return fill(TABLES[current][key] ?? en[key], params);
}

// For keys built at run time (an end-of-game word, a clock choice): the text, or `fallback`.
export function tMaybe(key: string, params: Record<string, string | number> = {}, fallback = key): string {
  const text = TABLES[current][key] ?? (en as Record<string, string>)[key];
  return text === undefined ? fallback : fill(text, params);
}
