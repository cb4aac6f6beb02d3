// Checking the shapes of live messages (src/live/messages.ts): each problem is named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gameStateProblem, gameViewProblem, moveUpdateProblem, streamState } from '../src/live/messages.ts';

const FEN = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const state = {
  id: 'g1', ply: 1, fen: FEN, turn: 'black', status: 'active', result: '*', termination: null,
  reason: 'Black to move', check: null, lastMove: { from: 'e2', to: 'e4' },
  clock: null, drawOffer: null, claimable: { threefold: false, fifty: false }, thinking: false,
};
const move = {
  ply: 1, uci: 'e2e4', san: 'e4', from: 'e2', to: 'e4', fen: FEN,
  castle: null, kingFrom: null, kingTo: null, rookFrom: null, rookTo: null, promotion: null,
};

test('a documented GameState, MoveUpdate and GameView pass', () => {
  assert.equal(gameStateProblem(state), null);
  assert.equal(gameStateProblem({ ...state, status: 'aborted', termination: 'aborted' }), null);
  assert.equal(moveUpdateProblem({ move, state, legal: ['e7e5'] }), null);
  assert.equal(moveUpdateProblem({ type: 'move', move, state, legal: [] }), null, 'extra fields are no problem');
  const { ply, promotion, ...played } = move;
  assert.equal(gameViewProblem({ ...state, moves: [played], initialFen: FEN, you: null }), null);
});

test('a state wrapped in another object is named as such', () => {
  assert.equal(gameStateProblem({ type: 'state', state }), "'ply' is undefined, not a count of moves");
});

test('each wrong field is named', () => {
  assert.equal(gameStateProblem(null), 'not a JSON object');
  assert.equal(gameStateProblem([state]), 'not a JSON object');
  assert.equal(gameStateProblem({ ...state, ply: -1 }), "'ply' is -1, not a count of moves");
  assert.equal(gameStateProblem({ ...state, turn: 'w' }), `'turn' is "w"`);
  assert.equal(gameStateProblem({ ...state, status: 'finished' }), `'status' is "finished"`);
  assert.equal(gameStateProblem({ ...state, clock: 5 }), "'clock' is neither null nor an object");
  assert.equal(moveUpdateProblem({ move: { ...move, ply: 0 }, state, legal: [] }), "'move': 'ply' is 0, not a ply from 1");
  assert.equal(moveUpdateProblem({ move, state: { ...state, fen: 1 }, legal: [] }), "'state': 'fen' is not a string");
  assert.equal(moveUpdateProblem({ move, state }), "'legal' is not a list of UCI moves");
  assert.equal(gameViewProblem({ ...state, moves: [], initialFen: FEN }), "'moves' has 0 moves at ply 1");
});

test("the stream's state event is read bare (docs/live.md) or as the WebSocket's message (openapi.yaml)", () => {
  assert.equal(streamState(state), state);
  assert.equal(streamState({ type: 'state', state }), state);
  assert.equal(gameStateProblem(streamState({ type: 'state', state })), null);
  // Anything else is left as it is, for the shape check to name what is wrong.
  assert.deepEqual(streamState({ type: 'move', state }), { type: 'move', state });
  assert.equal(streamState(null), null);
});
