// The puzzles' themes as lichess names them (lichess-puzzler's tags), and Chess960's own
// `castling` (the solution castles); their names in the page's language (puzzle.theme.<name>).
// The page's address (/puzzles?theme=T&start=N, ?streak=1, ?id=ID) read and written (pure, tested
// with `node --test`).

import { tMaybe } from '../common/i18n';

export const THEMES = [
  'mate',
  'mateIn1',
  'mateIn2',
  'mateIn3',
  'mateIn4',
  'mateIn5',
  'castling',
  'fork',
  'pin',
  'skewer',
  'discoveredAttack',
  'doubleCheck',
  'sacrifice',
  'promotion',
  'underPromotion',
  'enPassant',
  'backRankMate',
  'smotheredMate',
  'hangingPiece',
  'trappedPiece',
  'defensiveMove',
  'quietMove',
  'advantage',
  'crushing',
  'endgame',
  'middlegame',
  'opening',
  'short',
  'long',
  'veryLong',
  'oneMove',
] as const;

// A theme's name in the page's language; a theme this page does not know, as the server wrote it.
export function themeName(theme: string): string {
  return tMaybe(`puzzle.theme.${theme}`, {}, theme);
}

// What the address asks for: a puzzle by its id, or the next puzzle with a theme and/or from a
// start position, or a streak.
export interface PuzzleParams {
  id: string | null;
  theme: string | null;
  start: number | null;
  streak: boolean;
}

export function readPuzzleParams(search: string): PuzzleParams {
  const q = new URLSearchParams(search);
  const id = q.get('id')?.trim() || null;
  const theme = q.get('theme')?.trim() || null;
  const startText = q.get('start')?.trim() ?? '';
  const start = /^\d{1,3}$/.test(startText) && Number(startText) <= 959 ? Number(startText) : null;
  return {
    id: id && /^[A-Za-z0-9_-]{1,32}$/.test(id) ? id : null,
    theme: theme && /^[A-Za-z0-9]{1,40}$/.test(theme) ? theme : null,
    start,
    streak: q.get('streak') === '1',
  };
}

export function puzzleSearch(params: Partial<PuzzleParams>): string {
  const q = new URLSearchParams();
  if (params.id) q.set('id', params.id);
  if (params.theme) q.set('theme', params.theme);
  if (typeof params.start === 'number') q.set('start', String(params.start));
  if (params.streak) q.set('streak', '1');
  const s = q.toString();
  return s ? `?${s}` : '';
}

// A start position's number as typed: a whole number from 0 to 959, '' for none, else undefined
// (refused).
export function startOf(text: string): number | null | undefined {
  const s = text.trim();
  if (s === '') return null;
  if (!/^\d{1,3}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 959 ? n : undefined;
}

// The success share as a whole percentage ("67%"), '–' without attempts.
export function successText(wins: number, attempts: number): string {
  return attempts > 0 ? `${Math.round((100 * wins) / attempts)}%` : '–';
}
