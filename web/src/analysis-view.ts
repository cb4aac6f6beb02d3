// What the analysis board shows of an engine's answer (game.ts draws it): the share of the
// evaluation bar and the best line with move numbers. Pure functions, tested with `node --test`.

import type { Analysis } from './api';

// White's share of the evaluation bar, 0..1: a mate fills it, centipawns follow a logistic
// curve (±250 cp is about 73/27).
export function whiteShare(score: Analysis['score']): number {
  if ('mate' in score) return score.mate > 0 || (score.mate === 0 && score.winner === 'white') ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / 250));
}

// The moves of a line from the position `fen` with their numbers: "12. Nf3 Nc6 13. O-O", or
// "12… Nc6 13. O-O" when black moves first; at most `max` moves.
export function numberedLine(fen: string, sans: readonly string[], max = 8): string {
  const [, side, , , , fullmove] = fen.split(' ');
  let number = Number(fullmove) || 1;
  let white = side !== 'b';
  const words: string[] = [];
  sans.slice(0, max).forEach((san, i) => {
    if (white) words.push(`${number}.`);
    else if (i === 0) words.push(`${number}…`);
    words.push(san);
    if (!white) number += 1;
    white = !white;
  });
  return words.join(' ');
}
