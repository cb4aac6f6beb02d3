// What this browser remembers between visits: the player's name, the last level and clock
// chosen, sounds on or off, the theme, the language. Stored in localStorage; a browser that refuses
// storage (private mode) just forgets.

export type Theme = 'auto' | 'light' | 'dark';

export interface Prefs {
  name: string;
  level: string;
  clock: string;
  sound: boolean;
  theme: Theme;
  // The page's language ('' follows the browser's).
  lang: string;
  // Signed in: a browser notification when a game becomes the account's move (notify.ts).
  notify: boolean;
}

const KEY = 'chess960.prefs';
const DEFAULTS: Prefs = { name: '', level: '3', clock: '', sound: true, theme: 'auto', lang: '', notify: false };

export function loadPrefs(): Prefs {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return { ...DEFAULTS, ...stored };
  } catch {
    return { ...DEFAULTS };
  }
}

export function savePrefs(change: Partial<Prefs>): Prefs {
  const next = { ...loadPrefs(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage refused: the choice lasts for this page only
  }
  return next;
}
