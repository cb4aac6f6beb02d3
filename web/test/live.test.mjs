// The reconnection backoff of the live channel (src/live/live.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reconnectDelay } from '../src/live/live.ts';

test('the delay doubles from half a second and stops growing at 4 s (a player waits for the game)', () => {
  const middle = () => 0.5;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 10, 50].map(n => reconnectDelay(n, middle)), [500, 1000, 2000, 4000, 4000, 4000, 4000, 4000, 4000]);
});

test('the delay is spread by a fifth either way', () => {
  assert.equal(reconnectDelay(0, () => 0), 400);
  assert.equal(reconnectDelay(0, () => 1), 600);
  assert.equal(reconnectDelay(20, () => 0), 3200);
  assert.equal(reconnectDelay(20, () => 1), 4800);
});
