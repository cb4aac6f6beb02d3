// The pure part of the page's languages (i18n.ts): which language to show, and filling a
// text's `{name}` slots. Kept apart so the unit tests run it without the data files.

export const LANGUAGES = { en: 'English', hu: 'Magyar', ru: 'Русский', de: 'Deutsch', fr: 'Français' } as const;
export type Lang = keyof typeof LANGUAGES;

const isLang = (code: string | undefined): code is Lang => !!code && Object.hasOwn(LANGUAGES, code);

// The remembered choice when it is one of ours; else the first of the browser's languages
// (navigator.languages, "hu-HU" counts as "hu") that we have; else English.
export function pickLanguage(stored: string | undefined, browser: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLang(primary)) return primary;
  }
  return 'en';
}

// "{name} played {move}." with {name: 'Bob', move: 'e4'}: a slot without a value stays as it is
// (a missing value shows, rather than silently vanishing).
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : slot));
}

// The `{name}` slots a text uses, sorted: every translation of a key must use the same ones.
export function slotsOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map(m => m[1]!).sort();
}
