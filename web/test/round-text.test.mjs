// What the game page says (src/round/text.ts): names, the status line, the browsing label,
// clock times aloud, and the sentences a screen reader hears when the game or the room changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  gameChangeSaid,
  playerName,
  plyLabel,
  roomChangeSaid,
  spokenClock,
  statusLine,
} from '../src/round/text.ts';

import { AFTER_E4, AFTER_E5, START, gameView } from './fixtures.mjs';

const E4 = { uci: 'e2e4', san: 'e4', from: 'e2', to: 'e4', fen: AFTER_E4, castle: null };
const E5 = { uci: 'e7e5', san: 'e5', from: 'e7', to: 'e5', fen: AFTER_E5, castle: null };

function game(extra = {}) {
  const moves = extra.moves ?? [];
  const ply = moves.length;
  return gameView(ply, ply ? moves[ply - 1].fen : START, moves, extra);
}

const names = { white: 'Anna', black: 'Béla' };
// This browser plays white (or, with single null, both seats).
const seating = (single = 'white', mine = c => c === single) => ({ single, mine, name: c => names[c] });

test("a player's name: the room's, else our own for our seat, else the page's word", () => {
  const room = { white: { name: 'Anna', joined: true, connected: true }, black: { name: null, joined: false, connected: false } };
  assert.equal(playerName('white', game(), room, 'white', 'Me'), 'Anna');
  assert.equal(playerName('black', game(), room, 'white', 'Me'), 'Black'); // the page's word, not the server's
  assert.equal(playerName('black', game(), room, 'black', 'Me'), 'Me');
  assert.equal(playerName('black', game(), null, 'black', ''), 'Black');
  const engine = game({ opponent: 'engine', engineColor: 'black', level: 4 });
  assert.equal(playerName('black', engine, null, 'white', 'Me'), 'Computer (level 4)');
  assert.equal(playerName('white', engine, null, 'white', 'Me'), 'Me');
});

test('the status line while playing: whose move, check, a draw offer', () => {
  assert.deepEqual(statusLine(game(), 0, seating('white')), { kind: 'playing', text: 'Your move' });
  assert.deepEqual(statusLine(game(), 0, seating('black')), { kind: 'playing', text: 'Waiting for Anna' });
  assert.deepEqual(statusLine(game(), 0, seating(null, () => true)), { kind: 'playing', text: 'White to move' });
  assert.deepEqual(statusLine(game({ check: 'white' }), 0, seating('white')), { kind: 'playing', text: 'Your move · check' });
  assert.deepEqual(statusLine(game({ drawOffer: 'black' }), 0, seating('white')), {
    kind: 'playing',
    text: 'Your move · Béla offers a draw',
  });
  const engine = game({ opponent: 'engine', engineColor: 'white' });
  assert.deepEqual(statusLine(engine, 0, seating('black')), { kind: 'playing', text: 'The computer is thinking…' });
  assert.deepEqual(statusLine(game({ thinking: true }), 0, seating('white')), { kind: 'playing', text: 'The computer is thinking…' });
});

test('the status line while an earlier move is looked at says which, and where the game is', () => {
  const g = game({ moves: [E4, E5] });
  assert.deepEqual(statusLine(g, 1, seating('white')), {
    kind: 'playing',
    text: 'Viewing move 1 (white) · the game is at move 1 (black)',
  });
  assert.deepEqual(statusLine(g, 0, seating('white')).text, 'Viewing the start position · the game is at move 1 (black)');
});

test('the status line of a finished game: the result and why; an aborted game', () => {
  const over = game({ moves: [E4], status: 'over', result: '1-0', termination: 'resignation' });
  assert.deepEqual(statusLine(over, 0, seating('white')), { kind: 'over', result: '1-0', reason: ' Resignation' });
  assert.deepEqual(statusLine(game({ status: 'aborted' }), 0, seating('white')), { kind: 'aborted', title: 'Game aborted' });
});

test('a ply by its move number and side, from any starting position', () => {
  assert.equal(plyLabel(START, 0), 'the start position');
  assert.equal(plyLabel(START, 1), 'move 1 (white)');
  assert.equal(plyLabel(START, 4), 'move 2 (black)');
  assert.equal(plyLabel(AFTER_E4, 1), 'move 1 (black)'); // black moved first
  assert.equal(plyLabel(AFTER_E5.replace(' 2', ' 30'), 3), 'move 31 (white)');
});

test('a clock aloud, rounded up to the second', () => {
  assert.equal(spokenClock(125000), '2 min 5 s');
  assert.equal(spokenClock(9001), '10 s');
  assert.equal(spokenClock(59500), '1 min 0 s');
  assert.equal(spokenClock(0), '0 s');
});

test("the opponent's move is said by name, with 'your move'; ours as 'You'", () => {
  const theirs = gameChangeSaid(game({ moves: [E4] }), game({ moves: [E4, E5] }), seating('white'));
  assert.deepEqual(theirs.played, { text: 'Béla played Pawn to e5. Your move.', sound: 'move' });
  assert.equal(theirs.ended, null);
  assert.equal(theirs.drawOffer, null);
  const ours = gameChangeSaid(game(), game({ moves: [E4] }), seating('white'));
  assert.deepEqual(ours.played, { text: 'You played Pawn to e4.', sound: 'move' });
  // Watching: both by name, never "your move".
  const watched = gameChangeSaid(game(), game({ moves: [E4] }), seating(null, () => false));
  assert.equal(watched.played.text, 'Anna played Pawn to e4.');
});

test('a capture sounds as one, and the sentence is spoken SAN', () => {
  const AFTER = '8/8/8/8/8/8/8/8 b - - 0 1';
  const capture = { uci: 'd4e5', san: 'dxe5+', from: 'd4', to: 'e5', fen: AFTER, castle: null };
  const said = gameChangeSaid(game(), game({ moves: [capture] }), seating('black'));
  assert.equal(said.played.sound, 'capture');
  assert.match(said.played.text, /^Anna played .*takes.*check/);
});

test('the end of the game is said after the move that ended it', () => {
  const before = game({ moves: [E4] });
  const mate = game({ moves: [E4, E5], status: 'over', result: '0-1', termination: 'checkmate' });
  const said = gameChangeSaid(before, mate, seating('white'));
  assert.equal(said.played.text, 'Béla played Pawn to e5.'); // no "your move" in a finished game
  assert.equal(said.ended, 'Game over: 0-1. Checkmate');
  const aborted = gameChangeSaid(before, game({ moves: [E4], status: 'aborted' }), seating('white'));
  assert.equal(aborted.played, null);
  assert.equal(aborted.ended, 'Game aborted.');
  // Told once: an update of a game already over says nothing of its end.
  assert.equal(gameChangeSaid(mate, mate, seating('white')).ended, null);
});

test("a draw offer is said when it is new and the other side's", () => {
  const before = game();
  assert.equal(gameChangeSaid(before, game({ drawOffer: 'black' }), seating('white')).drawOffer, 'Béla offers a draw.');
  assert.equal(gameChangeSaid(before, game({ drawOffer: 'white' }), seating('white')).drawOffer, null); // ours
  assert.equal(gameChangeSaid(game({ drawOffer: 'black' }), game({ drawOffer: 'black' }), seating('white')).drawOffer, null);
});

test('the room: the invited friend joining is said once, a rematch offer from the other side too', () => {
  const seat = (joined, name = null) => ({ name, joined, connected: joined });
  const room = (blackJoined, offeredBy = null) => ({
    white: seat(true, 'Anna'),
    black: seat(blackJoined, blackJoined ? 'Béla' : null),
    rematch: { offeredBy, newPosition: false, gameId: null },
  });
  assert.deepEqual(roomChangeSaid(room(false), room(true), 'black', seating('white')), ['Béla has joined the game.']);
  assert.deepEqual(roomChangeSaid(room(true), room(true), 'black', seating('white')), []);
  assert.deepEqual(roomChangeSaid(null, room(true), 'black', seating('white')), []); // the first room is no news
  assert.deepEqual(roomChangeSaid(room(false), room(true), undefined, seating('white')), []); // no friend invited
  assert.deepEqual(roomChangeSaid(room(true), room(true, 'black'), 'black', seating('white')), ['Béla offers a rematch.']);
  assert.deepEqual(roomChangeSaid(room(true), room(true, 'white'), 'black', seating('white')), []); // our own offer
  assert.deepEqual(roomChangeSaid(room(true, 'black'), room(true, 'black'), 'black', seating('white')), []);
});
