// The event pages' pure helpers (src/event/model.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  boardStatus,
  formatCountdown,
  formatPoints,
  localDateTime,
  nextDue,
  nextRound,
  parseExclusions,
  readPairings,
  resultText,
  playerGameLink,
  playerOfAccount,
  seatLink,
} from '../src/event/model.ts';

test('exclusions are numbers 0..959 separated by commas or spaces', () => {
  assert.deepEqual(parseExclusions('518, 534'), { numbers: [518, 534] });
  assert.deepEqual(parseExclusions(' 0 959,,1 '), { numbers: [0, 959, 1] });
  assert.deepEqual(parseExclusions(''), { numbers: [] });
  assert.match(parseExclusions('518, 960').error, /“960” is not a start position number/);
  assert.match(parseExclusions('5x').error, /“5x”/);
  assert.match(parseExclusions('-1').error, /“-1”/);
});

test('pairings: names trimmed, empty rows skipped, a half-filled row named', () => {
  assert.deepEqual(readPairings([[' Ann ', 'Bob'], ['', ''], ['Cy', 'Di']]), {
    pairings: [
      { white: 'Ann', black: 'Bob' },
      { white: 'Cy', black: 'Di' },
    ],
  });
  assert.deepEqual(readPairings([['Ann', 'Bob'], ['Cy', ' ']]), { error: 'Board 2 needs two players.' });
  assert.deepEqual(readPairings([['', '']]), { error: 'Enter at least one board.' });
});

test('countdowns round up to the second and never go below zero', () => {
  assert.equal(formatCountdown(65_000), '1:05');
  assert.equal(formatCountdown(64_001), '1:05');
  assert.equal(formatCountdown(3_723_000), '1:02:03');
  assert.equal(formatCountdown(0), '0:00');
  assert.equal(formatCountdown(-5_000), '0:00');
});

test('points and results in chess notation', () => {
  assert.equal(formatPoints(0), '0');
  assert.equal(formatPoints(0.5), '½');
  assert.equal(formatPoints(2), '2');
  assert.equal(formatPoints(2.5), '2½');
  assert.equal(resultText('1/2-1/2'), '½–½');
  assert.equal(resultText('1-0'), '1–0');
});

const board = (game, gameId = game ? 'g1' : null) => ({ board: 1, white: 'A', black: 'B', gameId, game });
const state = (status, result, ply) => ({ status, result, ply });

test('a board shows its result, or how its game stands', () => {
  assert.equal(boardStatus(board(null)), 'not started');
  assert.equal(boardStatus(board(state('active', '*', 0))), 'starting');
  assert.equal(boardStatus(board(state('active', '*', 3))), 'in play, move 2');
  assert.equal(boardStatus(board(state('over', '0-1', 40))), '0–1');
  assert.equal(boardStatus(board(state('aborted', '*', 1))), 'aborted');
});

const round = (n, revealed, started, revealAt = 1000, startAt = 2000) => ({
  round: n,
  entropy: '',
  revealAt,
  startAt,
  revealed,
  started,
  position: null,
  boards: [],
});
const eventView = (rounds, total = 3, status = 'open') => ({ status, parameters: { rounds: total }, rounds });

test('the next thing due is the first reveal or start still to come', () => {
  assert.equal(nextDue(eventView([])), null);
  assert.equal(nextDue(eventView([round(1, true, true), round(2, false, false, 5000, 6000)])), 5000);
  assert.equal(nextDue(eventView([round(1, true, false, 1000, 3000)])), 3000);
  assert.equal(nextDue(eventView([round(1, true, true)])), null);
});

test('the organiser enters round K once round K-1 is revealed, up to the last round', () => {
  assert.deepEqual(nextRound(eventView([])), { round: 1 });
  assert.deepEqual(nextRound(eventView([round(1, false, false)])), { reason: 'Round 1 is not revealed yet.' });
  assert.deepEqual(nextRound(eventView([round(1, true, false)])), { round: 2 });
  assert.deepEqual(nextRound(eventView([round(1, true, true)], 1)), { reason: 'All 1 rounds are entered.' });
  assert.deepEqual(nextRound(eventView([], 3, 'closed')), { reason: 'The event is closed.' });
});

test('a datetime-local value reads back as the same time', () => {
  const at = new Date(2030, 4, 1, 18, 30, 7).getTime();
  assert.equal(localDateTime(at), '2030-05-01T18:30:07');
  assert.equal(new Date(localDateTime(at)).getTime(), at);
});

test('a seat link carries the token in the fragment only', () => {
  const link = new URL(seatLink('http://127.0.0.1:8960', 'abcd', 'f00d'));
  assert.equal(link.pathname, '/event/abcd');
  assert.equal(link.search, '');
  assert.equal(link.hash, '#seat=f00d');
});

test('a signed-in account finds its player in a paired event, and its game link needs no token', () => {
  const player = (number, name, account) => ({ number, name, rating: null, title: '', federation: '', fideId: '', joinedRound: 1, latePoints: 0, withdrawnAfter: null, account });
  const view = { paired: { players: [player(1, 'Ann Smith', 'Ann'), player(2, 'Bob', null), player(3, 'Cyd')] } };
  assert.equal(playerOfAccount(view, 'Ann').number, 1);
  assert.equal(playerOfAccount(view, 'ann'), null); // names as the server keeps them
  assert.equal(playerOfAccount(view, 'Bob'), null); // Bob, the player, is no account
  assert.equal(playerOfAccount(view, null), null);
  assert.equal(playerOfAccount({ paired: null }, 'Ann'), null); // a typed event
  assert.equal(playerGameLink('g1', 'f00d'), '/game/g1#seat=f00d');
  assert.equal(playerGameLink('g1', ''), '/game/g1');
});
