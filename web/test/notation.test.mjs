// Typed moves (SAN, UCI, castling) read against the legal moves, and the spoken words of
// moves and positions (src/board/notation.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardMoves } from '../src/board/moves.ts';
import { boardRows, moveCount, parseTypedMove, piecesText, plyPosition, spokenSan } from '../src/board/notation.ts';

// King b1, rooks a1 and e1: O-O-O is b1a1 (king c1, rook d1) and Kc1 (b1c1) is a move too.
const CASTLE_FEN = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
const CASTLE_LEGAL = ['b1a1', 'b1c1', 'e1d1', 'e1c1', 'a2a3', 'a2a4', 'b2b3', 'b2b4', 'e2e4'];
// Two knights that can both reach d2; a pawn about to promote.
const KNIGHTS_FEN = '4k3/P7/8/8/8/8/8/1N2KN2 w - - 0 1';
const KNIGHTS_LEGAL = ['b1d2', 'f1d2', 'b1c3', 'b1a3', 'f1g3', 'f1h2', 'f1e3', 'a7a8q', 'a7a8r', 'a7a8b', 'a7a8n', 'e1d1', 'e1e2'];

const parse = (text, fen, legal) => parseTypedMove(text, fen, boardMoves(fen, legal));
const played = (text, fen, legal) => {
  const r = parse(text, fen, legal);
  assert.equal(r.kind, 'move', `${text}: ${r.message}`);
  return r.move.uci;
};
const refused = (text, fen, legal) => {
  const r = parse(text, fen, legal);
  assert.equal(r.kind, 'error', `${text} was taken as ${r.move?.uci}`);
  return r.message;
};

test('SAN and UCI moves resolve to the legal move', () => {
  assert.equal(played('e4', CASTLE_FEN, CASTLE_LEGAL), 'e2e4');
  assert.equal(played('e2e4', CASTLE_FEN, CASTLE_LEGAL), 'e2e4');
  assert.equal(played('e2-e4', CASTLE_FEN, CASTLE_LEGAL), 'e2e4');
  assert.equal(played('Nc3', KNIGHTS_FEN, KNIGHTS_LEGAL), 'b1c3');
  assert.equal(played('Nbd2', KNIGHTS_FEN, KNIGHTS_LEGAL), 'b1d2');
  assert.equal(played('Nfd2+', KNIGHTS_FEN, KNIGHTS_LEGAL), 'f1d2');
  assert.equal(played('a8=Q', KNIGHTS_FEN, KNIGHTS_LEGAL), 'a7a8q');
  assert.equal(played('a8N', KNIGHTS_FEN, KNIGHTS_LEGAL), 'a7a8n');
  assert.equal(played('a7a8r', KNIGHTS_FEN, KNIGHTS_LEGAL), 'a7a8r');
});

test('castling: O-O-O, 0-0-0 and the king taking its own rook; Kc1 stays the king move', () => {
  assert.equal(played('O-O-O', CASTLE_FEN, CASTLE_LEGAL), 'b1a1');
  assert.equal(played('0-0-0', CASTLE_FEN, CASTLE_LEGAL), 'b1a1');
  assert.equal(played('b1a1', CASTLE_FEN, CASTLE_LEGAL), 'b1a1');
  assert.equal(played('Kc1', CASTLE_FEN, CASTLE_LEGAL), 'b1c1');
  assert.equal(played('b1c1', CASTLE_FEN, CASTLE_LEGAL), 'b1c1');
  assert.match(refused('O-O', CASTLE_FEN, CASTLE_LEGAL), /O-O is not possible now \(kingside/);
});

test('a refused move says why', () => {
  assert.match(refused('Nd2', KNIGHTS_FEN, KNIGHTS_LEGAL), /More than one knight can go to d2: type Nb1d2 or Nf1d2/);
  assert.match(refused('a8', KNIGHTS_FEN, KNIGHTS_LEGAL), /Say what the pawn becomes/);
  assert.match(refused('Qd4', KNIGHTS_FEN, KNIGHTS_LEGAL), /No queen of yours can go to d4/);
  assert.match(refused('hello', KNIGHTS_FEN, KNIGHTS_LEGAL), /"hello" is not a move/);
  assert.match(refused('', KNIGHTS_FEN, KNIGHTS_LEGAL), /Type a move/);
  assert.match(refused('e1e3', KNIGHTS_FEN, KNIGHTS_LEGAL), /e1e3 is not a legal move/);
  assert.match(refused('c4c5', KNIGHTS_FEN, KNIGHTS_LEGAL), /no piece of yours on c4/);
  assert.match(refused('e4', KNIGHTS_FEN, []), /no move to make now/);
});

test('moves in words', () => {
  assert.equal(spokenSan('Nf3'), 'Knight to f3');
  assert.equal(spokenSan('exd5+'), 'Pawn e takes d5, check');
  assert.equal(spokenSan('Rxa8#'), 'Rook takes a8, checkmate');
  assert.equal(spokenSan('O-O-O+'), 'castles queenside, check');
  assert.equal(spokenSan('e8=Q'), 'Pawn to e8 promotes to queen');
});

test('the position in words and as rows of text', () => {
  const { white, black } = piecesText(CASTLE_FEN);
  assert.equal(white, 'king b1, rooks a1 e1, pawns a2 b2 c2 d2 e2 f2 g2 h2');
  assert.equal(black, 'king b8, rooks a8 e8, pawns a7 b7 c7 d7 e7 f7 g7 h7');
  const rows = boardRows(CASTLE_FEN);
  assert.equal(rows[0], '8 r k · · r · · ·');
  assert.equal(rows[7], '1 R K · · R · · ·');
  assert.equal(boardRows(CASTLE_FEN, 'black')[0], '1 · · · R · · K R');
  assert.equal(moveCount(1), 'moves: 1');
  assert.equal(moveCount(4), 'moves: 2');
  assert.equal(moveCount(5), 'moves: 3');
});

test("a ply's move number and side, from the start position or a FEN with black to move", () => {
  const start = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
  assert.deepEqual(plyPosition(start, 1), { number: 1, color: 'white' });
  assert.deepEqual(plyPosition(start, 2), { number: 1, color: 'black' });
  assert.deepEqual(plyPosition(start, 3), { number: 2, color: 'white' });
  const black = '4k3/8/8/8/8/8/8/4K3 b - - 3 30';
  assert.deepEqual(plyPosition(black, 1), { number: 30, color: 'black' });
  assert.deepEqual(plyPosition(black, 2), { number: 31, color: 'white' });
  assert.deepEqual(plyPosition(black, 3), { number: 31, color: 'black' });
});
