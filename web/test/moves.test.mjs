// The board's moves from a UCI list, and what a gesture on the board means (src/board/moves.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardMoves, castlesFrom, castlingSteps, destsOf, resolve } from '../src/board/moves.ts';

// King b1, rooks a1 and e1, c1 and d1 empty: O-O-O is b1a1 (king c1, rook d1), Kc1 is b1c1.
const CASTLE_FEN = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
const byUci = (moves, uci) => moves.find(m => m.uci === uci);

test('king takes own rook towards the a-file is O-O-O: king to c, rook to d', () => {
  const moves = boardMoves(CASTLE_FEN, ['b1a1', 'b1c1', 'e1d1', 'a2a3']);
  assert.deepEqual(byUci(moves, 'b1a1'), {
    uci: 'b1a1', from: 'b1', to: 'a1', castle: 'c', kingTo: 'c1', rookFrom: 'a1', rookTo: 'd1', promotion: null,
  });
  for (const uci of ['b1c1', 'e1d1', 'a2a3']) assert.equal(byUci(moves, uci).castle, null, uci);
});

test('king takes own rook towards the h-file is O-O: king to g, rook to f (black too)', () => {
  const black = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 b KQkq - 0 1';
  assert.deepEqual(byUci(boardMoves(black, ['b8e8']), 'b8e8'), {
    uci: 'b8e8', from: 'b8', to: 'e8', castle: 'g', kingTo: 'g8', rookFrom: 'e8', rookTo: 'f8', promotion: null,
  });
  const standard = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1';
  const [castle, step] = boardMoves(standard, ['e1h1', 'e1f1']);
  assert.equal(castle.castle, 'g');
  assert.equal(castle.kingTo, 'g1');
  assert.equal(castle.rookTo, 'f1');
  assert.equal(step.castle, null);
});

test("a king taking the opponent's rook is not castling", () => {
  const [capture] = boardMoves('k7/8/8/8/8/8/8/Kr6 w - - 0 1', ['a1b1']);
  assert.equal(capture.castle, null);
  assert.equal(capture.kingTo, null);
});

test('promotions keep their piece letter', () => {
  const moves = boardMoves('k7/4P3/8/8/8/8/6P1/K7 w - - 0 1', ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'g2g4']);
  assert.deepEqual(moves.map(m => m.promotion), ['q', 'r', 'b', 'n', null]);
  const resolution = resolve(moves, 'e7', 'e8');
  assert.equal(resolution.kind, 'promotion');
  assert.equal(resolution.moves.length, 4);
});

test('the king dropped on its rook castles; on the castling square it asks when Kc1 is legal too', () => {
  const moves = boardMoves(CASTLE_FEN, ['b1a1', 'b1c1', 'e1d1']);
  assert.deepEqual(destsOf(moves).get('b1'), ['a1', 'c1']);
  const onto = resolve(moves, 'b1', 'a1');
  assert.equal(onto.kind, 'move');
  assert.equal(onto.move.uci, 'b1a1');
  const ask = resolve(moves, 'b1', 'c1');
  assert.equal(ask.kind, 'ask-castle');
  assert.equal(ask.castle.uci, 'b1a1');
  assert.equal(ask.kingMove.uci, 'b1c1');
  assert.deepEqual(resolve(moves, 'b1', 'b2'), { kind: 'none' });
  assert.deepEqual(castlesFrom(moves, 'b1').map(m => m.rookTo), ['d1']);
});

test('the king moved to its castling square castles without a question when no king move goes there', () => {
  const moves = boardMoves('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 b KQkq - 0 1', ['b8e8', 'b8c8', 'b8a8']);
  const resolution = resolve(moves, 'b8', 'g8');
  assert.equal(resolution.kind, 'move');
  assert.equal(resolution.move.uci, 'b8e8');
});

test("castling is drawn in FIDE's order: king lifted, then the rook on its square", () => {
  assert.deepEqual(castlingSteps(CASTLE_FEN, 'b1', 'a1', 'd1'), [
    'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/R3R3',
    'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/3RR3',
  ]);
});
