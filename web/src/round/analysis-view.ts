// What the analysis board shows of an engine's answer (view.ts draws it): the share of the
// evaluation bar, the evaluation in words and the best line with move numbers. Pure
// functions, tested with `node --test`.

import type { Analysis } from '../common/api';
import { t } from '../common/i18n';
import { colorWord } from './text';

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

// The evaluation in words: "+0.45 (about equal), depth 12", "black mates in 3", "checkmate,
// white wins" (centipawns shown as pawns, from white's side).
export function evaluationText(a: Analysis): string {
  let text: string;
  if ('mate' in a.score) {
    const m = a.score.mate;
    text =
      m === 0
        ? t('game.checkmateWins', { color: a.score.winner ? colorWord(a.score.winner) : '' })
        : t('game.matesIn', { color: colorWord(m > 0 ? 'white' : 'black'), n: Math.abs(m) });
  } else {
    const pawns = a.score.cp / 100;
    text = `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)} (${pawns > 0.3 ? t('game.whiteBetter') : pawns < -0.3 ? t('game.blackBetter') : t('game.equal')})`;
  }
  if (a.depth) text += t('game.depth', { n: a.depth });
  return text;
}
