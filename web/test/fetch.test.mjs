// The page's one HTTP helper (src/common/fetch.ts), used by the games' and the events' APIs:
// what it sends, what it gives back, and each way a request fails (a refusal with or without a
// JSON body, no answer in time, no network), against a stand-in for the browser's fetch.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ApiError, RequestTimeout } from '../src/common/errors.ts';
import { ANSWER_WITHIN_MS, request, requestText, setCsrfToken } from '../src/common/fetch.ts';
import { setLanguage } from '../src/common/i18n.ts';

const here = dirname(fileURLToPath(import.meta.url));
const de = JSON.parse(readFileSync(join(here, '../src/common/i18n/de.json'), 'utf8'));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setCsrfToken(null);
  setLanguage('en');
});

// Stands in for fetch: records each call and answers with `answer(url, init)`.
function serve(answer) {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return calls;
}

// A fetch whose answer never comes, until the request is aborted.
const never = (url, init) =>
  new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

test('a JSON body goes out with its content type, the token as a bearer header, and the JSON answer comes back', async () => {
  const calls = serve(() => new Response(JSON.stringify({ id: 'g1', ply: 3 }), { status: 201 }));
  const answer = await request('POST', '/api/games/g1/moves', { body: { move: 'e2e4', ply: 0 }, token: 'seat-secret' });
  assert.deepEqual(answer, { id: 'g1', ply: 3 });
  assert.equal(calls.length, 1);
  const { url, init } = calls[0];
  assert.equal(url, '/api/games/g1/moves');
  assert.equal(init.method, 'POST');
  assert.deepEqual(init.headers, { 'Content-Type': 'application/json', Authorization: 'Bearer seat-secret' });
  assert.equal(init.body, '{"move":"e2e4","ply":0}');
  assert.ok(init.signal instanceof AbortSignal, 'the request can be aborted (its timeout)');
});

test('a text body (a PGN file) goes out as it is, with its own content type and the CSRF token', async () => {
  const calls = serve(() => new Response('{"imported":1}', { status: 200 }));
  setCsrfToken('csrf-2');
  const pgn = '[Event "x"]\n\n1. e4 *\n';
  const answer = await request('POST', '/api/db/import?collection=uploads', { text: { body: pgn, type: 'application/x-chess-pgn' } });
  assert.deepEqual(answer, { imported: 1 });
  assert.deepEqual(calls[0].init.headers, { 'Content-Type': 'application/x-chess-pgn', 'X-CSRF-Token': 'csrf-2' });
  assert.equal(calls[0].init.body, pgn);
});

test('without a body or a token no header is sent; an empty answer is undefined', async () => {
  const calls = serve(() => new Response(null, { status: 204 }));
  assert.equal(await request('GET', '/api/events/e1'), undefined);
  assert.deepEqual(calls[0].init.headers, {});
  assert.equal(calls[0].init.body, undefined);
  assert.equal(calls[0].init.method, 'GET');
});

test("signed in by the cookie, a request that changes something carries the session's CSRF token", async () => {
  const calls = serve(() => new Response(null, { status: 204 }));
  setCsrfToken('csrf-1');
  await request('POST', '/api/seeks', { body: { rated: true } });
  await request('DELETE', '/api/seeks/0123456789abcdef');
  await request('PATCH', '/api/accounts/ann', { body: { theme: 'dark' } });
  await request('GET', '/api/session');
  // A seat's token speaks for itself: no CSRF token beside it.
  await request('POST', '/api/games/g1/moves', { body: { move: 'e2e4', ply: 0 }, token: 'seat-secret' });
  // '' is no token: the account's seat of a game from the lobby, by the cookie.
  await request('POST', '/api/games/g1/moves', { body: { move: 'e2e4', ply: 0 }, token: '' });
  assert.deepEqual(
    calls.map(c => [c.init.method, c.init.headers['X-CSRF-Token'] ?? null, c.init.headers.Authorization ?? null]),
    [
      ['POST', 'csrf-1', null],
      ['DELETE', 'csrf-1', null],
      ['PATCH', 'csrf-1', null],
      ['GET', null, null],
      ['POST', null, 'Bearer seat-secret'],
      ['POST', 'csrf-1', null],
    ],
  );
  setCsrfToken(null);
  await request('POST', '/api/games', { body: {} });
  assert.equal(calls[6].init.headers['X-CSRF-Token'], undefined, 'signed out: none');
});

test('a text answer (a PGN) comes back as it is', async () => {
  const pgn = '[Event "Casual"]\n\n1. e4 e5 *\n';
  serve(() => new Response(pgn, { status: 200 }));
  assert.equal(await requestText('GET', '/api/games/g1/pgn'), pgn);
});

test('a refusal with an error body is an ApiError with its status, message, code and values', async () => {
  const body = { error: 'too many moves from your address: try again in 3 s', code: 'rate_limited', args: { seconds: 3 } };
  serve(() => new Response(JSON.stringify(body), { status: 429 }));
  await assert.rejects(request('POST', '/api/games', { body: {} }), e => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 429);
    assert.equal(e.code, 'rate_limited');
    assert.deepEqual(e.args, { seconds: 3 });
    assert.equal(e.serverMessage, body.error);
    assert.equal(e.message, body.error); // English: the server's own words
    return true;
  });
  // In another language the code is worded by the page, its values filled in.
  setLanguage('de');
  await assert.rejects(request('POST', '/api/games', { body: {} }), e => {
    assert.equal(e.message, de['error.rate_limited'].replace('{seconds}', '3'));
    return true;
  });
  // The same for a text request: its refusal is read as JSON too.
  serve(() => new Response(JSON.stringify({ error: 'no game g9', code: 'not_found' }), { status: 404 }));
  await assert.rejects(requestText('GET', '/api/games/g9/pgn'), e => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 404);
    assert.equal(e.code, 'not_found');
    assert.equal(e.serverMessage, 'no game g9');
    return true;
  });
});

test('a refusal that is not JSON says its text, or its status when it has none', async () => {
  serve(() => new Response('upstream went away', { status: 502, statusText: 'Bad Gateway' }));
  await assert.rejects(request('GET', '/api/games'), e => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 502);
    assert.equal(e.code, undefined);
    assert.equal(e.message, 'upstream went away');
    return true;
  });
  serve(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
  await assert.rejects(request('GET', '/api/games'), e => e instanceof ApiError && e.message === '503 Service Unavailable');
});

test('an answer that does not come in time is a RequestTimeout, and the request is aborted', async () => {
  const calls = serve(never);
  await assert.rejects(request('GET', '/api/games/g1', { timeoutMs: 20 }), e => {
    assert.ok(e instanceof RequestTimeout);
    assert.equal(e.ms, 20);
    return true;
  });
  assert.equal(calls[0].init.signal.aborted, true);
  assert.equal(ANSWER_WITHIN_MS, 10000, 'by default as long as a WebSocket request waits');
});

test('a body that stops half way is a RequestTimeout too', async () => {
  serve((url, init) => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: () => never(url, init),
  }));
  await assert.rejects(requestText('GET', '/api/games/g1/pgn', { timeoutMs: 20 }), RequestTimeout);
});

test('no network is the browser\'s own error, not a timeout', async () => {
  serve(() => Promise.reject(new TypeError('Failed to fetch')));
  await assert.rejects(request('GET', '/api/games'), e => e instanceof TypeError && e.message === 'Failed to fetch');
});

test('an answer in time clears its timer: nothing is aborted afterwards', async () => {
  const calls = serve(() => new Response('{}', { status: 200 }));
  await request('GET', '/api/games', { timeoutMs: 20 });
  await new Promise(r => setTimeout(r, 40));
  assert.equal(calls[0].init.signal.aborted, false);
});
