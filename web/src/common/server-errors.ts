// The server's refusals in the page's language. Every error answer carries a stable `code`
// and, where its message names values, `args` (docs/openapi.yaml, Error); the page words each
// code itself (`error.<code>` in i18n/*.json, filled from `args`). In English the server's
// own message is shown (it is English, and names more than the page's sentence), and so it is
// for a code this page does not know (a newer server).

import { language, tMaybe } from './i18n';
import { fill, slotsOf } from './i18n-core';

export type ErrorArgs = Record<string, string | number>;

// A code whose answer lacks a value its words need (a server site that gave the code but not
// the args) shows the server's message too, rather than a sentence with a hole.
export function serverErrorText(code: string | undefined, args: ErrorArgs, serverMessage: string): string {
  if (!code || language() === 'en') return serverMessage;
  const words = tMaybe(`error.${code}`, {}, '');
  if (!words || slotsOf(words).some(slot => !Object.hasOwn(args, slot))) return serverMessage;
  return fill(words, args);
}

// The `code` and `args` of an error answer's JSON body, when it has them.
export function errorFields(json: unknown): { message?: string; code?: string; args: ErrorArgs } {
  if (!json || typeof json !== 'object') return { args: {} };
  const body = json as { error?: unknown; code?: unknown; args?: unknown };
  const args: ErrorArgs = {};
  if (body.args && typeof body.args === 'object')
    for (const [name, value] of Object.entries(body.args as Record<string, unknown>))
      if (typeof value === 'string' || typeof value === 'number') args[name] = value;
  return {
    message: body.error === undefined ? undefined : String(body.error),
    code: typeof body.code === 'string' ? body.code : undefined,
    args,
  };
}
