// What the explorer says of a set of games (panel.ts, db/page.ts draw it): the white/draw/black
// bar's percentages, a game's result and month. Pure, tested with `node --test`.

import type { Color } from '../common/api';

export interface Shares {
  white: number;
  draws: number;
  black: number;
}

// Whole percentages of white wins, draws and black wins that add up to 100 (largest remainder:
// 1/1/1 is 34/33/33, not 33/33/33); all zero when there is no game.
export function sharesOf(white: number, draws: number, black: number): Shares {
  const total = white + draws + black;
  if (total <= 0) return { white: 0, draws: 0, black: 0 };
  const counts = [white, draws, black];
  const exact = counts.map(c => (c * 100) / total);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  // The largest remainders get the points left; ties go white, draws, black.
  const order = [0, 1, 2].sort((a, b) => exact[b]! - whole[b]! - (exact[a]! - whole[a]!) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    whole[i]! += 1;
    left -= 1;
  }
  return { white: whole[0]!, draws: whole[1]!, black: whole[2]! };
}

export const gamesOf = (s: { white: number; draws: number; black: number }) => s.white + s.draws + s.black;

// "1-0", "0-1" or "½-½" from the winner.
export function resultOf(winner: Color | null | undefined): string {
  return winner === 'white' ? '1-0' : winner === 'black' ? '0-1' : '½-½';
}

// "Mar 2025" in the page's language from "2025-03"; the text as it is when it is not a month,
// and '' when there is none.
export function monthText(month: string | null | undefined, lang: string): string {
  if (!month) return '';
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return date.toLocaleDateString(lang, { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

// "2025.03.01" (PGN) as a date in the page's language; unknown parts ("2025.??.??") as they are.
export function pgnDateText(date: string | null | undefined, lang: string): string {
  if (!date) return '';
  const m = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(date);
  if (!m) return date.replace(/\.\?\?/g, '');
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
