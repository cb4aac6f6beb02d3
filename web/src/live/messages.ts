// Checking the shapes of what the live channel receives (docs/live.md) before the page takes
// them as its game: each check says what is wrong, or null when nothing is. Only the fields
// the page relies on are checked.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min;
const COLORS = ['white', 'black'];
const STATUSES = ['active', 'over', 'aborted'];

export function gameStateProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not a JSON object';
  if (!isCount(value.ply, 0)) return `'ply' is ${JSON.stringify(value.ply)}, not a count of moves`;
  if (typeof value.fen !== 'string') return "'fen' is not a string";
  if (!COLORS.includes(value.turn as string)) return `'turn' is ${JSON.stringify(value.turn)}`;
  if (!STATUSES.includes(value.status as string)) return `'status' is ${JSON.stringify(value.status)}`;
  if (typeof value.result !== 'string') return "'result' is not a string";
  if (!isObject(value.claimable)) return "'claimable' is not an object";
  if (value.clock !== null && !isObject(value.clock)) return "'clock' is neither null nor an object";
  return null;
}

export function moveInfoProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not a JSON object';
  if (!isCount(value.ply, 1)) return `'ply' is ${JSON.stringify(value.ply)}, not a ply from 1`;
  for (const field of ['uci', 'san', 'fen'] as const)
    if (typeof value[field] !== 'string') return `'${field}' is not a string`;
  return null;
}

export function moveUpdateProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not a JSON object';
  const move = moveInfoProblem(value.move);
  if (move) return `'move': ${move}`;
  const state = gameStateProblem(value.state);
  if (state) return `'state': ${state}`;
  if (!Array.isArray(value.legal) || !value.legal.every(m => typeof m === 'string'))
    return "'legal' is not a list of UCI moves";
  return null;
}

// An accepted takeback (docs/live.md, "takeback"): the ply it goes back to, the state, the moves.
export function takebackUpdateProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not a JSON object';
  if (!isCount(value.ply, 0)) return `'ply' is ${JSON.stringify(value.ply)}, not a count of moves`;
  const state = gameStateProblem(value.state);
  if (state) return `'state': ${state}`;
  if (!Array.isArray(value.legal) || !value.legal.every(m => typeof m === 'string'))
    return "'legal' is not a list of UCI moves";
  return null;
}

export function gameViewProblem(value: unknown): string | null {
  const state = gameStateProblem(value);
  if (state) return state;
  const view = value as Json;
  if (!Array.isArray(view.moves)) return "'moves' is not a list";
  if (view.moves.length !== view.ply) return `'moves' has ${view.moves.length} moves at ply ${String(view.ply)}`;
  if (typeof view.initialFen !== 'string') return "'initialFen' is not a string";
  return null;
}

// The data of the event stream's `state` event. docs/live.md gives it as a GameState; the server
// and openapi.yaml send the WebSocket's message, {"type": "state", "state": GameState}. Both are
// read (the two documents disagree; the lead is told).
export function streamState(value: unknown): unknown {
  return isObject(value) && value.type === 'state' && isObject(value.state) ? value.state : value;
}
