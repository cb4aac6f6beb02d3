// "Your turn" (src/lobby/turns.ts): the games where the account is to move, which of them are
// news since the last read, an opponent's move on the game page, and a correspondence time left.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { myTurnGames, newlyMyTurn, opponentMoved, sideToMove, timeLeftAt, turnKey } from '../src/lobby/turns.ts';

const game = (id, plies, white, black, more = {}) => ({
  id,
  rated: true,
  pool: 'correspondence',
  result: '*',
  termination: null,
  plies,
  createdAt: 1000 + plies,
  settled: false,
  white: { name: white },
  black: { name: black },
  ...more,
});

test('White is to move after an even number of plies', () => {
  assert.equal(sideToMove({ plies: 0 }), 'white');
  assert.equal(sideToMove({ plies: 7 }), 'black');
  assert.equal(sideToMove({ plies: 12 }), 'white');
});

test('your turn: games in play where the account is the side to move, oldest first', () => {
  const games = [
    game('a', 4, 'ann', 'bob', { createdAt: 50 }), // ann to move
    game('b', 3, 'ann', 'bob'), // bob to move
    game('c', 1, 'cid', 'ann', { createdAt: 10 }), // ann (black) to move
    game('d', 2, 'ann', 'bob', { result: '1-0' }), // over
    game('e', 0, 'bob', 'cid'), // not ann's
  ];
  assert.deepEqual(myTurnGames(games, 'ann').map(g => g.id), ['c', 'a']);
  assert.deepEqual(myTurnGames(games, 'bob').map(g => g.id), ['e', 'b']); // e is older
  assert.deepEqual(myTurnGames([], 'ann'), []);
});

test('newly your turn: not on the first read, then games (at a move) not seen before', () => {
  const first = [game('a', 4, 'ann', 'bob')];
  assert.deepEqual(newlyMyTurn(null, first), []);
  const seen = new Set(first.map(turnKey));
  assert.deepEqual(newlyMyTurn(seen, first), []);
  // a new game, and the same game two plies on (ann moved, bob answered between two reads)
  const now = [game('a', 6, 'ann', 'bob'), game('b', 0, 'ann', 'cid')];
  assert.deepEqual(newlyMyTurn(seen, now).map(turnKey), ['a@6', 'b@0']);
});

test('the opponent moved: the seat is to move after a new ply in a game that goes on', () => {
  const before = { ply: 4 };
  assert.equal(opponentMoved(before, { ply: 5, turn: 'black', status: 'active' }, 'black'), true);
  assert.equal(opponentMoved(before, { ply: 5, turn: 'black', status: 'active' }, 'white'), false); // our own move
  assert.equal(opponentMoved(before, { ply: 5, turn: 'black', status: 'over' }, 'black'), false); // it ended the game
  assert.equal(opponentMoved(before, { ply: 4, turn: 'black', status: 'active' }, 'black'), false); // no move (a state)
  assert.equal(opponentMoved(before, { ply: 3, turn: 'black', status: 'active' }, 'black'), false); // a takeback
  assert.equal(opponentMoved(before, { ply: 5, turn: 'black', status: 'active' }, null), false); // a spectator
});

test('the time left: the running side loses what passed since the clock was read', () => {
  const day = 86_400_000;
  const clock = { white: 3 * day, black: 2 * day, running: 'white', at: 1_000_000 };
  assert.equal(timeLeftAt(clock, 'white', 1_000_000 + 3_600_000), 3 * day - 3_600_000);
  assert.equal(timeLeftAt(clock, 'black', 1_000_000 + 3_600_000), 2 * day); // not running
  assert.equal(timeLeftAt(clock, 'white', 1_000_000 + 4 * day), 0); // never below zero
  assert.equal(timeLeftAt(clock, 'white', 999_000), 3 * day); // a clock from the future: nothing passed
  assert.equal(timeLeftAt({ ...clock, running: null }, 'white', 1_000_000 + day), 3 * day);
});
