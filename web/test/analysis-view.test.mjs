// What the analysis board shows of the engine's answer (src/round/analysis-view.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberedLine, whiteShare } from '../src/round/analysis-view.ts';

test("the evaluation bar: white's share", () => {
  assert.equal(whiteShare({ cp: 0 }), 0.5);
  assert.ok(whiteShare({ cp: 250 }) > 0.72 && whiteShare({ cp: 250 }) < 0.74);
  assert.ok(Math.abs(whiteShare({ cp: -250 }) + whiteShare({ cp: 250 }) - 1) < 1e-12);
  assert.equal(whiteShare({ mate: 3 }), 1);
  assert.equal(whiteShare({ mate: -2 }), 0);
  assert.equal(whiteShare({ mate: 0, winner: 'white' }), 1);
  assert.equal(whiteShare({ mate: 0, winner: 'black' }), 0);
});

test('the best line with move numbers from the position', () => {
  const white12 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 12';
  const black12 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12';
  assert.equal(numberedLine(white12, ['Nf3', 'Nc6', 'O-O']), '12. Nf3 Nc6 13. O-O');
  assert.equal(numberedLine(black12, ['Nc6', 'O-O', 'Nf6']), '12… Nc6 13. O-O Nf6');
  assert.equal(numberedLine(white12, []), '');
  assert.equal(numberedLine(white12, ['a3', 'a6', 'b3', 'b6', 'c3'], 3), '12. a3 a6 13. b3');
});

test('the evaluation in words: pawns from white\'s side, who is better, mates, the depth', async () => {
  const { evaluationText } = await import('../src/round/analysis-view.ts');
  const at = (score, depth = 0) => evaluationText({ fen: '', depth, score, best: null, pv: [] });
  assert.equal(at({ cp: 45 }), '+0.45 (white is better)');
  assert.equal(at({ cp: 30 }), '+0.30 (about equal)'); // up to 0.3 either way is equal
  assert.equal(at({ cp: -31 }), '-0.31 (black is better)');
  assert.equal(at({ cp: 0 }), '0.00 (about equal)');
  assert.equal(at({ cp: 120 }, 12), '+1.20 (white is better), depth 12');
  assert.equal(at({ mate: 3 }), 'white mates in 3');
  assert.equal(at({ mate: -2 }, 9), 'black mates in 2, depth 9');
  assert.equal(at({ mate: 0, winner: 'black' }), 'checkmate, black wins');
});
