// Requests answered by id, with a timeout (src/live/requests.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestTimeout } from '../src/common/errors.ts';
import { Requests } from '../src/live/requests.ts';

test('each request has its own id and is settled by the answer with that id', async () => {
  const requests = new Requests(1000);
  const a = requests.start();
  const b = requests.start();
  assert.notEqual(a.id, b.id);
  assert.equal(requests.waiting, 2);
  assert.equal(requests.settle(b.id, { type: 'ack', id: b.id }), true);
  assert.deepEqual(await b.answer, { type: 'ack', id: b.id });
  assert.equal(requests.settle(a.id, new Error('not your turn')), true);
  await assert.rejects(a.answer, /not your turn/);
  assert.equal(requests.waiting, 0);
});

test('an answer to no waiting request is reported, and a request is settled only once', async () => {
  const requests = new Requests(1000);
  assert.equal(requests.settle(99, { type: 'ack' }), false);
  const { id, answer } = requests.start();
  requests.settle(id, 'first');
  assert.equal(requests.settle(id, 'second'), false);
  assert.equal(await answer, 'first');
});

test('a request not answered in time is rejected with RequestTimeout', async () => {
  const requests = new Requests(20);
  const { id, answer } = requests.start();
  await assert.rejects(answer, e => e instanceof RequestTimeout && e.ms === 20);
  assert.equal(requests.settle(id, 'late'), false, 'a late answer finds nothing waiting');
});

test('a lost connection rejects every waiting request', async () => {
  const requests = new Requests(1000);
  const all = [requests.start(), requests.start(), requests.start()];
  requests.failAll(new Error('connection lost'));
  for (const { answer } of all) await assert.rejects(answer, /connection lost/);
  assert.equal(requests.waiting, 0);
});
