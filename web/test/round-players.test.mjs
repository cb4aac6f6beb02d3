// The players of a game from the lobby on the game page (src/round/players.ts): their names and
// rating changes as said, and the page asking until the server has rated the game.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { awaitSettled, isSettled, loadPlayers, ratingsSaid, sideRatingText } from '../src/round/players.ts';

const realFetch = globalThis.fetch;
afterEach(() => (globalThis.fetch = realFetch));

const unsettled = { id: 'g', rated: true, pool: 'blitz', result: '0-1', settled: false, white: { name: 'ann' }, black: { name: 'bob' } };
const settled = {
  ...unsettled,
  settled: true,
  white: { name: 'ann', ratingBefore: 1500, ratingAfter: 1258.52, ratingChange: -242 },
  black: { name: 'bob', ratingBefore: 1500, ratingAfter: 1741.48, ratingChange: 241 },
};

test('a side: its name, then its rating before and after and the change', () => {
  assert.equal(sideRatingText(unsettled.white), 'ann');
  assert.equal(sideRatingText(settled.white), 'ann: rating 1500 → 1258 (-242)');
  assert.equal(sideRatingText(settled.black), 'bob: rating 1500 → 1741 (+241)');
  assert.equal(ratingsSaid(settled), 'Ratings: ann: rating 1500 → 1258 (-242); bob: rating 1500 → 1741 (+241).');
});

test('settled: a casual game once settled, a rated one once it has the ratings', () => {
  assert.equal(isSettled(unsettled), false);
  assert.equal(isSettled(settled), true);
  assert.equal(isSettled({ ...unsettled, rated: false, settled: true }), true);
  assert.equal(isSettled({ ...unsettled, settled: true }), false);
});

test('the page asks until the game is rated, handing on each answer', async () => {
  const answers = [unsettled, unsettled, settled];
  const asked = [];
  globalThis.fetch = async url => {
    asked.push(url);
    return new Response(JSON.stringify(answers.shift()), { status: 200 });
  };
  const seen = [];
  const waits = [];
  const result = await awaitSettled('g', g => seen.push(g.settled), ms => (waits.push(ms), Promise.resolve()));
  assert.deepEqual(result, settled);
  assert.deepEqual(asked, ['/api/games/g/players', '/api/games/g/players', '/api/games/g/players']);
  assert.deepEqual(seen, [false, false, true]);
  assert.deepEqual(waits, [1000, 1000]);
});

test('the page gives up after 15 asks', async () => {
  let asks = 0;
  globalThis.fetch = async () => (asks++, new Response(JSON.stringify(unsettled), { status: 200 }));
  assert.equal(await awaitSettled('g', () => {}, () => Promise.resolve()), null);
  assert.equal(asks, 15);
});

test('a game that is not the lobby\'s: no players (404), not an error', async () => {
  globalThis.fetch = async () => new Response(JSON.stringify({ error: 'no such account game', code: 'no_such_game' }), { status: 404 });
  assert.equal(await loadPlayers('g'), null);
  globalThis.fetch = async () => new Response('{}', { status: 500 });
  await assert.rejects(loadPlayers('g'));
});
