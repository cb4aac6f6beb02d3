// The board's drawing queue (src/board/queue.ts): one job after another, an animation never cut.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createQueue } from '../src/board/queue.ts';

const tick = ms => new Promise(r => setTimeout(r, ms));

test('a job waits for the animation queued before it to finish', async () => {
  const schedule = createQueue();
  const seen = [];
  schedule(async () => {
    seen.push('king lifted');
    await tick(20);
    seen.push('rook moved');
    await tick(20);
    seen.push('king placed');
  });
  // Asked for while the animation runs: drawn after it, not in between.
  const last = schedule(() => seen.push('next move drawn'));
  seen.push('asked');
  await last;
  assert.deepEqual(seen, ['asked', 'king lifted', 'rook moved', 'king placed', 'next move drawn']);
});

test('jobs run in the order they were asked for, each once', async () => {
  const schedule = createQueue();
  const seen = [];
  for (let i = 0; i < 5; i++) schedule(async () => {
    await tick(5 - i); // a later job that would finish sooner still waits its turn
    seen.push(i);
  });
  await schedule(() => {});
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
});

test('a job that fails is reported and the queue goes on', async () => {
  const errors = [];
  const schedule = createQueue(e => errors.push(e.message));
  const seen = [];
  schedule(() => seen.push(1));
  schedule(() => {
    throw new Error('drawing failed');
  });
  schedule(async () => {
    await tick(1);
    throw new Error('animation failed');
  });
  await schedule(() => seen.push(2));
  assert.deepEqual(seen, [1, 2]);
  assert.deepEqual(errors, ['drawing failed', 'animation failed']);
});

test('the promise a job gets settles when that job is done, not before', async () => {
  const schedule = createQueue();
  let done = false;
  const p = schedule(async () => {
    await tick(10);
    done = true;
  });
  assert.equal(done, false);
  await p;
  assert.equal(done, true);
});
