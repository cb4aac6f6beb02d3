// The JSON API of `chess960 serve` (docs/openapi.yaml, docs/live.md): typed views and fetch helpers.

import { type ErrorArgs, errorFields, serverErrorText } from './server-errors';

export type Color = 'white' | 'black';
export type CastleSide = 'g' | 'c';

export interface StartPos {
  number: number;
  fen: string;
  backRank: string;
}

export interface DoubleStartPos {
  white: StartPos;
  black: StartPos;
  fen: string;
}

export interface LegalMove {
  uci: string;
  from: string;
  to: string;
  san: string;
  castle: CastleSide | null;
  kingTo: string | null;
  rookFrom: string | null;
  rookTo: string | null;
  promotion: string | null;
}

// A move of the game as GameView lists it (docs/live.md: MoveInfo without `ply`, `promotion`).
export interface PlayedMove {
  uci: string;
  san: string;
  from: string;
  to: string;
  fen: string;
  castle: CastleSide | null;
  rookFrom: string | null;
  rookTo: string | null;
  kingFrom: string | null;
  kingTo: string | null;
}

// One move as the live channel sends it; `ply` counts from 1.
export interface MoveInfo extends PlayedMove {
  ply: number;
  promotion: string | null;
}

export interface Clock {
  white: number;
  black: number;
  initial: number;
  increment: number;
  running: Color | null;
  // The server's time (epoch ms) at which the times were read.
  at: number;
}

export type GameStatus = 'active' | 'over' | 'aborted';

// Everything about a game but its moves and the reader's seat (docs/live.md).
export interface GameState {
  id: string;
  ply: number;
  fen: string;
  turn: Color;
  status: GameStatus;
  result: string;
  termination: string | null;
  reason: string;
  check: string | null;
  lastMove: { from: string; to: string } | null;
  clock: Clock | null;
  drawOffer: Color | null;
  // The seat whose takeback request stands (round/takeback.ts); absent from older servers.
  takeback?: Color | null;
  claimable: { threefold: boolean; fifty: boolean };
  thinking: boolean;
}

// A move and what it changed; `legal` lists the next side's legal moves in UCI.
export interface MoveUpdate {
  move: MoveInfo;
  state: GameState;
  legal: string[];
}

// An accepted takeback: the moves after `ply` are gone; `state` and `legal` are the game's now.
export interface TakebackUpdate {
  ply: number;
  state: GameState;
  legal: string[];
}

export interface GameView extends GameState {
  createdAt: string | number;
  updatedAt?: string | number;
  opponent: 'engine' | 'friend';
  level: number | null;
  engineColor: Color | null;
  white: string;
  black: string;
  startNumber: number | null;
  // Both numbers (they differ in Double Chess960).
  startNumbers?: { white: number; black: number } | null;
  initialFen: string;
  moves: PlayedMove[];
  you: Color | 'both' | null;
}

// What a seat may do to a game besides moving (the path under /api/games/{id}/, and the
// `type` of the WebSocket request).
export type GameAction =
  | 'resign'
  | 'abort'
  | 'draw/offer'
  | 'draw/accept'
  | 'draw/decline'
  | 'draw/claim'
  | 'takeback/offer'
  | 'takeback/accept'
  | 'takeback/decline';

export interface GameSummary {
  id: string;
  white: string;
  black: string;
  startNumber: number | null;
  result: string;
  status: string;
  plies: number;
  updated: string | number;
}

export interface CreateGame {
  opponent: 'engine' | 'friend';
  color: Color | 'random';
  level?: number;
  // white/black: the two numbers of a Double Chess960 start (server addition to web-api.md).
  start: { type: 'random' | 'number' | 'double960' | 'fen'; number?: number; fen?: string; white?: number; black?: number };
  clock: { initial: number; increment: number } | null;
}

// What the players share beside the moves (docs/live.md, "room"): names, presence, rematch.
export interface RoomSeat {
  name: string | null;
  joined: boolean;
  connected: boolean;
}
export interface Room {
  white: RoomSeat;
  black: RoomSeat;
  rematch: { offeredBy: Color | null; newPosition: boolean; gameId: string | null };
}
export interface RematchAnswer {
  room: Room;
  // The new game once accepted, with this seat's token in it (null against the engine's seat).
  game: { id: string; token: string | null } | null;
}
export interface Analysis {
  fen: string;
  depth: number;
  // From white's side: centipawns, or mate in N moves (negative: black mates).
  score: { cp: number } | { mate: number; winner?: Color };
  best: string | null;
  pv: { uci: string; san: string }[];
  nodes: number;
}

export interface Created {
  id: string;
  tokens: Partial<Record<Color, string>>;
  game: GameView;
}

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

async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text for the error message.
  }
  if (!response.ok) throw apiErrorOf(response, text, json);
  return json as T;
}

export const api = {
  randomStart: () => request<StartPos>('GET', '/api/startpos/random'),
  randomDouble: () => request<DoubleStartPos>('GET', '/api/startpos/random?double960=true'),
  start: (n: number) => request<StartPos>('GET', `/api/startpos/${n}`),
  checkFen: (fen: string) =>
    request<{ fen: string; number?: number | null; numbers?: { white: number; black: number } | null }>(
      'POST',
      '/api/fen/check',
      { fen },
    ),
  createGame: (spec: CreateGame) => request<Created>('POST', '/api/games', spec),
  listGames: (limit = 20) => request<{ games: GameSummary[] }>('GET', `/api/games?limit=${limit}`),
  game: (id: string, token?: string) => request<GameView>('GET', `/api/games/${id}`, undefined, token),
  legal: (id: string, token?: string) =>
    request<{ moves: LegalMove[] }>('GET', `/api/games/${id}/legal`, undefined, token),
  move: (id: string, move: string, ply: number, token?: string) =>
    request<MoveUpdate>('POST', `/api/games/${id}/moves`, { move, ply }, token),
  act: (id: string, action: GameAction, token?: string) =>
    request<GameView>('POST', `/api/games/${id}/${action}`, {}, token),
  // A single-use ticket for the event stream (EventSource cannot send the token as a header,
  // and tokens never go in URLs).
  ticket: (id: string, token: string) =>
    request<{ ticket: string; expiresIn: number }>('POST', `/api/games/${id}/ticket`, {}, token),
  room: (id: string) => request<Room>('GET', `/api/games/${id}/room`),
  setName: (id: string, name: string, token: string) => request<Room>('POST', `/api/games/${id}/name`, { name }, token),
  rematch: (id: string, newPosition: boolean, token: string) =>
    request<RematchAnswer>('POST', `/api/games/${id}/rematch`, { newPosition }, token),
  declineRematch: (id: string, token: string) =>
    request<RematchAnswer>('POST', `/api/games/${id}/rematch/decline`, {}, token),
  rematchGame: (id: string, token: string) => request<RematchAnswer>('GET', `/api/games/${id}/rematch`, undefined, token),
  analyse: (fen: string) => request<Analysis>('POST', '/api/analysis', { fen }),
  pgnUrl: (id: string) => `/api/games/${id}/pgn`,
  pgn: async (id: string) => {
    const response = await fetch(`/api/games/${id}/pgn`);
    if (!response.ok) throw new ApiError(response.status, await response.text());
    return response.text();
  },
  eventsUrl: (id: string, ticket?: string) =>
    `/api/games/${id}/events?room=1${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`,
  socketUrl: (id: string) =>
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/socket`,
};

// Seat secrets this browser holds, per game (an invite link `#seat=<token>` adds one).
export interface Seats {
  white?: string;
  black?: string;
  invite?: { color: Color; token: string };
}

const seatKey = (id: string) => `chess960.seats.${id}`;

export function loadSeats(id: string): Seats {
  try {
    return JSON.parse(localStorage.getItem(seatKey(id)) ?? '{}') as Seats;
  } catch {
    return {};
  }
}

export function saveSeats(id: string, seats: Seats): void {
  localStorage.setItem(seatKey(id), JSON.stringify(seats));
}
