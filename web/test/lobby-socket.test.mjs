// The lobby's live channel (src/lobby/socket.ts) against stand-ins for the browser's WebSocket
// and fetch: live from the socket's first `lobby` message on; polling GET /api/seeks when the
// socket cannot open or is lost, with the socket tried again.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { connectLobby, lobbyMessages, socketRetryDelay } from '../src/lobby/socket.ts';

const sleep = ms => new Promise(r => setTimeout(r, ms));
const realFetch = globalThis.fetch;
let sockets;
let polls;

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    sockets.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.closed = true;
  }
  // What the server does:
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  message(value) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  fail() {
    this.readyState = FakeSocket.CLOSED;
    this.onerror?.();
    this.onclose?.({ code: 1006 });
  }
}

const SEEK = { id: 's1', player: { name: 'ann', rating: 1500, provisional: true }, rated: true, pool: 'blitz', color: 'random', clock: { initial: 300, increment: 3 }, start: { type: 'random' }, createdAt: 1 };

beforeEach(() => {
  sockets = [];
  polls = 0;
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: 'http:', host: 'example.test' };
  globalThis.fetch = async url => {
    assert.equal(url, '/api/seeks');
    polls += 1;
    return new Response(JSON.stringify({ seeks: [SEEK] }), { status: 200 });
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
  delete globalThis.WebSocket;
  delete globalThis.location;
});

function record() {
  const seen = { modes: [], messages: [] };
  return { seen, handlers: { mode: m => seen.modes.push(m), message: m => seen.messages.push(m) } };
}

test('the socket retries wait from 1 s, doubling, up to 30 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 10].map(socketRetryDelay), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
});

test('live: the lobby and every message after it are handed on; nothing is polled', async () => {
  const { seen, handlers } = record();
  const channel = connectLobby(handlers);
  assert.equal(sockets.length, 1);
  assert.equal(sockets[0].url, 'ws://example.test/api/lobby/socket');
  sockets[0].open();
  sockets[0].message({ type: 'seek', seek: SEEK }); // before the lobby: not ours yet
  sockets[0].message({ type: 'lobby', seeks: [SEEK], online: ['ann'] });
  sockets[0].message({ type: 'unseek', id: 's1' });
  sockets[0].message({ type: 'started', game: '0123456789abcdef' });
  sockets[0].onmessage({ data: 'not json' });
  assert.deepEqual(seen.modes, ['connecting', 'live']);
  assert.deepEqual(seen.messages.map(m => m.type), ['lobby', 'unseek', 'started']);
  await channel.refresh();
  assert.equal(polls, 0, 'live: refresh asks nothing');
  channel.close();
  assert.ok(sockets[0].closed);
});

test('a socket that cannot open: the seeks are polled at once, and the socket tried again', async () => {
  const { seen, handlers } = record();
  const channel = connectLobby(handlers);
  sockets[0].fail();
  await sleep(20);
  assert.deepEqual(seen.modes, ['connecting', 'polling']);
  assert.equal(polls, 1);
  assert.deepEqual(seen.messages, [{ type: 'lobby', seeks: [SEEK] }]);
  await channel.refresh();
  assert.equal(polls, 2, 'polling: refresh asks now');
  await sleep(1100);
  assert.equal(sockets.length, 2, 'tried again after a second');
  sockets[1].open();
  sockets[1].message({ type: 'lobby', seeks: [], online: [] });
  assert.equal(seen.modes.at(-1), 'live');
  const polled = polls;
  channel.close();
  await sleep(20);
  assert.equal(polls, polled);
});

test('a live socket lost: polling until it is back', async () => {
  const { seen, handlers } = record();
  const channel = connectLobby(handlers);
  sockets[0].open();
  sockets[0].message({ type: 'lobby', seeks: [], online: [] });
  sockets[0].fail();
  await sleep(20);
  assert.deepEqual(seen.modes, ['connecting', 'live', 'polling']);
  assert.equal(polls, 1);
  channel.close();
});

test('a batch frame is its messages, in order; anything else is one message or none', () => {
  const seek = { type: 'seek', seek: { id: 's1' } };
  const gone = { type: 'unseek', id: 's1' };
  assert.deepEqual(lobbyMessages(JSON.stringify({ type: 'batch', messages: [seek, gone, 7, {}] })), [seek, gone]);
  assert.deepEqual(lobbyMessages(JSON.stringify(gone)), [gone]);
  assert.deepEqual(lobbyMessages('not json'), []);
  assert.deepEqual(lobbyMessages(JSON.stringify({ type: 'batch' })), []);
  assert.deepEqual(lobbyMessages(new ArrayBuffer(2)), []);
});
