// Who may move pieces, and when a premove is played or dropped (src/board/interaction.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interaction, premoveStands } from '../src/board/interaction.ts';
import { boardMoves } from '../src/board/moves.ts';

// After 1. e4: black to move.
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const BLACK_REPLIES = ['e7e5', 'e7e6', 'd7d5', 'g8f6', 'b8c6'];
// Chess960, white king f1 with rooks a1 and h1, f-file clear: castling both ways, Kg1 and Ke1 too.
const CASTLES = 'rk5r/8/8/8/8/8/8/R4K1R w KQkq - 0 1';
const KING_MOVES = ['f1e1', 'f1g1', 'f1e2', 'f1f2', 'f1g2', 'f1a1', 'f1h1'];

const base = {
  play: true,
  premover: 'black',
  turn: 'black',
  shownTurn: 'black',
  legal: boardMoves(AFTER_E4, BLACK_REPLIES),
  legalReady: true,
  shown: true,
};

test('our move, legal moves known and the position drawn: pieces go where the moves go, a premove is played', () => {
  const now = interaction(base);
  assert.equal(now.movableColor, 'black');
  assert.equal(now.turnColor, 'black');
  assert.deepEqual(now.dests.get('e7'), ['e5', 'e6']);
  assert.deepEqual(now.dests.get('g8'), ['f6']);
  assert.equal(now.playPremove, true);
});

test('a move made during the animation of the opponent\'s move waits as a premove until the board has caught up', () => {
  // The opponent's castling is still being drawn: the board shows the position before it.
  const animating = interaction({ ...base, shown: false, shownTurn: 'white' });
  assert.equal(animating.playPremove, false);
  assert.equal(animating.movableColor, 'black'); // the piece may still be picked up: a premove
  assert.equal(animating.turnColor, 'white'); // chessground then takes the move as a premove
  // The drawing done: now it is played.
  assert.equal(interaction({ ...base, shown: true }).playPremove, true);
});

test('until the legal moves of the new position arrive, nothing is played and nothing may be dropped', () => {
  const waiting = interaction({ ...base, legalReady: false });
  assert.equal(waiting.playPremove, false);
  assert.equal(waiting.dests.size, 0);
  assert.equal(waiting.movableColor, 'black');
});

test("the opponent's turn: our seat may premove, with no destinations of its own", () => {
  const theirs = interaction({ ...base, play: false, turn: 'white', shownTurn: 'white', premover: 'black' });
  assert.equal(theirs.movableColor, 'black');
  assert.equal(theirs.dests.size, 0);
  assert.equal(theirs.playPremove, false);
});

test('a spectator, a finished game or an earlier move being looked at: nothing moves', () => {
  const none = interaction({ ...base, play: false, premover: null });
  assert.equal(none.movableColor, undefined);
  assert.equal(none.dests.size, 0);
  assert.equal(none.playPremove, false);
});

test('the player of both seats (friends on one device) moves the side to move', () => {
  const both = interaction({ ...base, premover: null, turn: 'white', shownTurn: 'white' });
  assert.equal(both.movableColor, 'white');
});

test('a premove stands when the new position allows it', () => {
  const legal = boardMoves(AFTER_E4, BLACK_REPLIES);
  assert.equal(premoveStands(['e7', 'e5'], legal), true);
  assert.equal(premoveStands(['g8', 'f6'], legal), true);
});

test('a premove the new position does not allow is dropped', () => {
  const legal = boardMoves(AFTER_E4, BLACK_REPLIES);
  assert.equal(premoveStands(['e7', 'e4'], legal), false); // not a pawn move
  assert.equal(premoveStands(['d7', 'd6'], legal), false); // not among this position's moves
  assert.equal(premoveStands(['a2', 'a3'], legal), false); // not our piece
  assert.equal(premoveStands(['e7', 'e7'], legal), false); // not a move
  assert.equal(premoveStands([], legal), false);
  assert.equal(premoveStands(['e7', 'e5'], []), false); // no moves at all (mate, stalemate)
});

test('a castling premove stands both ways: king onto its rook and king to its castling square', () => {
  const legal = boardMoves(CASTLES, KING_MOVES);
  assert.equal(premoveStands(['f1', 'h1'], legal), true); // onto the rook
  assert.equal(premoveStands(['f1', 'a1'], legal), true);
  assert.equal(premoveStands(['f1', 'g1'], legal), true); // Kg1 and O-O
  assert.equal(premoveStands(['f1', 'c1'], legal), true); // O-O-O's king square
  assert.equal(premoveStands(['f1', 'd1'], legal), false); // the rook's square of O-O-O, not the king's
  // Castling gone (the rook moved away): only the king's own moves stand.
  const noCastle = boardMoves(CASTLES, ['f1e1', 'f1g1', 'f1e2', 'f1f2', 'f1g2']);
  assert.equal(premoveStands(['f1', 'h1'], noCastle), false);
  assert.equal(premoveStands(['f1', 'c1'], noCastle), false);
  assert.equal(premoveStands(['f1', 'g1'], noCastle), true);
});
