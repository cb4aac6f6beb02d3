// Quick pairing's pure helpers (src/lobby/pools.ts): the counts as the lobby's messages and
// GET /api/pools tell them, and what each pool's button and the waiting state say, in English
// and in another language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLanguage } from '../src/common/i18n.ts';
import { applyPoolsMessage, emptyCounts, fromPoolsAnswer, othersWaiting, poolButton, QUICK_POOLS, searchingText } from '../src/lobby/pools.ts';

test('the four pools of the server, in its order', () => {
  assert.deepEqual(
    QUICK_POOLS.map(p => p.key),
    ['3+2', '5+3', '10+5', '15+10'],
  );
  assert.deepEqual(emptyCounts(), { '3+2': 0, '5+3': 0, '10+5': 0, '15+10': 0 });
});

test('the counts follow the lobby snapshot and the pools messages; other messages leave them', () => {
  const start = emptyCounts();
  const snap = applyPoolsMessage(start, { type: 'lobby', seeks: [], pools: { '3+2': 1, '5+3': 0, '10+5': 2, '15+10': 0 } });
  assert.deepEqual(snap, { '3+2': 1, '5+3': 0, '10+5': 2, '15+10': 0 });
  const told = applyPoolsMessage(snap, { type: 'pools', pools: { '5+3': 3, bogus: 9, '3+2': -1, '10+5': 1.5 } });
  assert.deepEqual(told, { '3+2': 0, '5+3': 3, '10+5': 0, '15+10': 0 });
  assert.equal(applyPoolsMessage(told, { type: 'unseek', id: 'x' }), told);
  // A server without pools (an older one) sends a snapshot without them.
  assert.equal(applyPoolsMessage(told, { type: 'lobby', seeks: [] }), told);
});

test('GET /api/pools gives the counts and the pool one waits in', () => {
  const pools = [
    { key: '3+2', clock: { initial: 180, increment: 2 }, speed: 'blitz', waiting: 0 },
    { key: '5+3', clock: { initial: 300, increment: 3 }, speed: 'blitz', waiting: 2 },
  ];
  assert.deepEqual(fromPoolsAnswer({ pools, joined: { pool: '5+3', id: 'a' } }), {
    counts: { '3+2': 0, '5+3': 2, '10+5': 0, '15+10': 0 },
    joined: '5+3',
  });
  assert.equal(fromPoolsAnswer({ pools }).joined, null);
  assert.equal(fromPoolsAnswer({ pools, joined: { pool: '1+0', id: 'a' } }).joined, null);
});

test('a button counts the others waiting, and says the pool, its speed and the count', () => {
  setLanguage('en');
  const counts = { '3+2': 0, '5+3': 2, '10+5': 1, '15+10': 0 };
  assert.equal(othersWaiting(counts, '5+3', null), 2);
  assert.equal(othersWaiting(counts, '5+3', '5+3'), 1);
  assert.equal(othersWaiting(counts, '10+5', '10+5'), 0);
  assert.deepEqual(poolButton(counts, '5+3', null), { waiting: 'waiting: 2', label: 'Play 5+3 Blitz, rated (players waiting: 2)' });
  assert.equal(poolButton(counts, '10+5', null).label, 'Play 10+5 Rapid, rated (players waiting: 1)');
  assert.equal(searchingText(null), '');
  assert.equal(searchingText('15+10'), 'Looking for an opponent in 15+10 Rapid…');
  setLanguage('de');
  assert.equal(poolButton(counts, '3+2', null).waiting, 'wartend: 0');
  assert.match(searchingText('3+2'), /^Suche einen Gegner für 3\+2 /);
  setLanguage('en');
});
