// Applying live updates to the page's copy of a game (src/round/model.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMove, applyState, applyView, fenAt, inCheckAt, turnAt, withState } from '../src/round/model.ts';

import { AFTER_E4, AFTER_E5, START, gameState, gameView } from './fixtures.mjs';

const CLOCK = { white: 180000, black: 180000, initial: 180000, increment: 2000, running: null, at: 1763870000000 };
const state = (ply, fen, extra = {}) =>
  gameState(ply, fen, { reason: ply % 2 ? 'Black to move' : 'White to move', clock: CLOCK, ...extra });

const view = (ply = 0, moves = []) =>
  gameView(ply, ply ? moves[ply - 1].fen : START, moves, {
    reason: ply % 2 ? 'Black to move' : 'White to move',
    clock: CLOCK,
    createdAt: 1763870000000,
    updatedAt: 1763870000000,
    startNumbers: { white: 518, black: 518 },
  });

function info(ply, uci, san, fen) {
  return {
    ply, uci, san, from: uci.slice(0, 2), to: uci.slice(2, 4), fen,
    castle: null, kingFrom: null, kingTo: null, rookFrom: null, rookTo: null, promotion: null,
  };
}

const e4 = info(1, 'e2e4', 'e4', AFTER_E4);
const e5 = info(2, 'e7e5', 'e5', AFTER_E5);
const update = (move, extra = {}) => ({ move, state: state(move.ply, move.fen, extra), legal: ['g1f3'] });

test('a move is appended and its state taken over; players, seat and start are kept', () => {
  const game = view();
  const result = applyMove(game, update(e4, { lastMove: { from: 'e2', to: 'e4' } }));
  assert.equal(result.kind, 'applied');
  const next = result.game;
  assert.equal(next.ply, 1);
  assert.equal(next.fen, AFTER_E4);
  assert.equal(next.turn, 'black');
  assert.deepEqual(next.lastMove, { from: 'e2', to: 'e4' });
  assert.equal(next.moves.length, 1);
  // The move list holds MoveInfo without `ply` and `promotion` (GameView's shape).
  assert.deepEqual(Object.keys(next.moves[0]).sort(), ['castle', 'fen', 'from', 'kingFrom', 'kingTo', 'rookFrom', 'rookTo', 'san', 'to', 'uci']);
  assert.equal(next.moves[0].san, 'e4');
  assert.equal(next.you, 'white');
  assert.equal(next.white, 'White');
  assert.equal(next.initialFen, START);
  assert.equal(game.moves.length, 0, 'the old copy is left alone');
});

test('the same move twice (acknowledgement, then event) is applied once', () => {
  const once = applyMove(view(), update(e4)).game;
  assert.deepEqual(applyMove(once, update(e4)), { kind: 'stale' });
});

test('a move after a missing one is a gap; so is a different move at a ply we have', () => {
  assert.deepEqual(applyMove(view(), update(e5)), { kind: 'gap' });
  const once = applyMove(view(), update(e4)).game;
  assert.deepEqual(applyMove(once, update(info(1, 'd2d4', 'd4', AFTER_E4))), { kind: 'gap' });
  assert.equal(applyMove(once, update(e5)).kind, 'applied');
});

test('a state of our ply is taken over, an older one is stale, a newer one a gap', () => {
  const game = applyMove(view(), update(e4)).game;
  const offered = applyState(game, state(1, AFTER_E4, { drawOffer: 'white' }));
  assert.equal(offered.kind, 'applied');
  assert.equal(offered.game.drawOffer, 'white');
  assert.equal(offered.game.moves.length, 1);
  assert.deepEqual(applyState(game, state(0, START)), { kind: 'stale' });
  assert.deepEqual(applyState(game, state(2, AFTER_E5)), { kind: 'gap' });
});

test('an aborted state ends the game without a result', () => {
  const aborted = applyState(view(), state(0, START, { status: 'aborted', termination: 'aborted', reason: 'Game aborted' }));
  assert.equal(aborted.game.status, 'aborted');
  assert.equal(aborted.game.result, '*');
});

test('a whole game given as a state (an HTTP answer) changes only the state fields', () => {
  const game = applyMove(view(), update(e4)).game;
  const answer = { ...view(1, game.moves), you: 'black', white: 'Someone else', moves: [], drawOffer: 'black' };
  const next = withState(game, answer);
  assert.equal(next.drawOffer, 'black');
  assert.equal(next.moves.length, 1);
  assert.equal(next.you, 'white');
  assert.equal(next.white, 'White');
});

test('a whole game replaces ours unless it is older', () => {
  const game = applyMove(view(), update(e4)).game;
  assert.deepEqual(applyView(game, view()), { kind: 'stale' });
  const later = view(2, [e4, e5].map(({ ply, promotion, ...m }) => m));
  assert.deepEqual(applyView(game, later), { kind: 'applied', game: later });
});

test('the position after each ply, the side to move in it, and whether it is in check', () => {
  const e4 = { uci: 'e2e4', san: 'e4', from: 'e2', to: 'e4', fen: AFTER_E4, castle: null };
  const e5 = { uci: 'e7e5', san: 'e5+', from: 'e7', to: 'e5', fen: AFTER_E5, castle: null }; // "+" as if it gave check
  const game = { ...view(2, [e4, e5]), check: null };
  assert.equal(fenAt(game, 0), START);
  assert.equal(fenAt(game, 1), AFTER_E4);
  assert.equal(fenAt(game, 2), AFTER_E5);
  assert.deepEqual([0, 1, 2].map(p => turnAt(game, p)), ['white', 'black', 'white']);
  assert.equal(inCheckAt(game, 0), false);
  assert.equal(inCheckAt(game, 1), false);
  // An earlier ply: its move's SAN says it; the current one: the game's own flag.
  assert.equal(inCheckAt({ ...game, ply: 3 }, 2), true);
  assert.equal(inCheckAt(game, 2), false);
  assert.equal(inCheckAt({ ...game, check: 'white' }, 2), true);
});
