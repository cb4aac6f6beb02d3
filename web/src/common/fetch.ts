// The page's one way to call the server over HTTP (the games' API, api.ts, the events',
// event/api.ts, and the accounts', account/api.ts): a JSON body out, the seat's or organiser's
// token in the Authorization header (never in a URL), else the session cookie with the
// session's CSRF token, the answer's JSON (or text) back. A refusal becomes an ApiError carrying
// the server's code and values, worded in the page's language (server-errors.ts); an answer
// that does not come in time, a RequestTimeout.

import { apiErrorOf, RequestTimeout } from './errors';

// The server's answer to a request is due within this long, over HTTP as over the WebSocket
// (live/socket.ts). The slowest answer, an analysis (300 ms a position, at most 16 waiting),
// comes well within it; past it the page says so instead of waiting for ever.
export const ANSWER_WITHIN_MS = 10000;

// The signed-in session's CSRF token (account/session.ts), or null. The session cookie signs in
// every request the page makes; one that changes something and carries no token of its own
// also shows the server that this page made it (X-CSRF-Token, which another site cannot read).
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD';

export interface RequestOptions {
  body?: unknown; // sent as JSON
  text?: { body: string; type: string }; // sent as it is, with its content type (a PGN file)
  token?: string; // sent as `Authorization: Bearer <token>`
  timeoutMs?: number; // ANSWER_WITHIN_MS unless given
}

// The answer's body once the whole of it has come; an ApiError if the answer is a refusal.
async function send(method: string, path: string, options: RequestOptions): Promise<string> {
  const { body, text: raw, token, timeoutMs = ANSWER_WITHIN_MS } = options;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  else if (raw) headers['Content-Type'] = raw.type;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  else if (csrfToken && changesState(method)) headers['X-CSRF-Token'] = csrfToken;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? raw?.body : JSON.stringify(body),
      signal: abort.signal,
    });
    text = await response.text();
  } catch (e) {
    if (abort.signal.aborted) throw new RequestTimeout(timeoutMs);
    throw e; // no answer at all (the network is down): the browser's own error
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw apiErrorOf(response, text, parseJson(text));
  return text;
}

// The value of a JSON text; undefined when it is empty or not JSON (a refusal's text is then
// its message).
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

// A request answered with JSON (or nothing: undefined).
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return parseJson(await send(method, path, options)) as T;
}

// A request answered with text (a PGN file).
export function requestText(method: string, path: string, options: RequestOptions = {}): Promise<string> {
  return send(method, path, options);
}
