// How a request to the server fails, whatever carries it (HTTP through fetch.ts, or a
// WebSocket request, live/socket.ts): refused with the server's error answer (ApiError), or
// not answered in time (RequestTimeout).

import { t } from './i18n';
import { type ErrorArgs, errorFields, serverErrorText } from './server-errors';

// An API error: the HTTP status, the server's message (English; for 422, the library's own
// words), its code and values (docs/openapi.yaml, Error). `message` is what the page shows: the
// code in the page's language (server-errors.ts), else the server's message.
export class ApiError extends Error {
  readonly serverMessage: string;
  constructor(
    readonly status: number,
    serverMessage: string,
    readonly code?: string,
    readonly args: ErrorArgs = {},
  ) {
    super(serverErrorText(code, args, serverMessage));
    this.serverMessage = serverMessage;
  }
}

// The ApiError of a refused request, from its status and body (JSON or not).
export function apiErrorOf(response: Response, text: string, json: unknown): ApiError {
  const fields = errorFields(json);
  const message = fields.message ?? text;
  return new ApiError(response.status, message || `${response.status} ${response.statusText}`, fields.code, fields.args);
}

export class RequestTimeout extends Error {
  constructor(readonly ms: number) {
    super(t('request.timeout', { seconds: Math.round(ms / 1000) }));
  }
}
