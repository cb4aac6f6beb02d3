// The games' JSON API of `chess960 serve` (docs/openapi.yaml, docs/live.md): typed views and
// calls (through fetch.ts).

import type { Pool } from '../account/api';
import { request, requestText } from './fetch';

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
  // A correspondence game: the days each move may take (a move gives the opponent all of them
  // afresh; the time it saves is not kept). Absent for other games.
  daysPerMove?: number;
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
  // What names the game (round/game-name.ts): only the lobby's games may be rated; the speed of
  // its clock as the rating pools classify it; the event and round of an event's board.
  rated: boolean;
  speed: Pool;
  event: { id: string; name: string; round: number } | null;
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

export const api = {
  randomStart: () => request<StartPos>('GET', '/api/startpos/random'),
  randomDouble: () => request<DoubleStartPos>('GET', '/api/startpos/random?double960=true'),
  start: (n: number) => request<StartPos>('GET', `/api/startpos/${n}`),
  checkFen: (fen: string) =>
    request<{ fen: string; number?: number | null; numbers?: { white: number; black: number } | null }>(
      'POST',
      '/api/fen/check',
      { body: { fen } },
    ),
  createGame: (spec: CreateGame) => request<Created>('POST', '/api/games', { body: spec }),
  listGames: (limit = 20) => request<{ games: GameSummary[] }>('GET', `/api/games?limit=${limit}`),
  game: (id: string, token?: string) => request<GameView>('GET', `/api/games/${id}`, { token }),
  legal: (id: string, token?: string) => request<{ moves: LegalMove[] }>('GET', `/api/games/${id}/legal`, { token }),
  move: (id: string, move: string, ply: number, token?: string) =>
    request<MoveUpdate>('POST', `/api/games/${id}/moves`, { body: { move, ply }, token }),
  act: (id: string, action: GameAction, token?: string) =>
    request<GameView>('POST', `/api/games/${id}/${action}`, { body: {}, token }),
  // A single-use ticket for the event stream (EventSource cannot send the token as a header,
  // and tokens never go in URLs).
  ticket: (id: string, token: string) =>
    request<{ ticket: string; expiresIn: number }>('POST', `/api/games/${id}/ticket`, { body: {}, token }),
  room: (id: string) => request<Room>('GET', `/api/games/${id}/room`),
  setName: (id: string, name: string, token: string) =>
    request<Room>('POST', `/api/games/${id}/name`, { body: { name }, token }),
  rematch: (id: string, newPosition: boolean, token: string) =>
    request<RematchAnswer>('POST', `/api/games/${id}/rematch`, { body: { newPosition }, token }),
  declineRematch: (id: string, token: string) =>
    request<RematchAnswer>('POST', `/api/games/${id}/rematch/decline`, { body: {}, token }),
  rematchGame: (id: string, token: string) => request<RematchAnswer>('GET', `/api/games/${id}/rematch`, { token }),
  analyse: (fen: string) => request<Analysis>('POST', '/api/analysis', { body: { fen } }),
  pgnUrl: (id: string) => `/api/games/${id}/pgn`,
  pgn: (id: string) => requestText('GET', `/api/games/${id}/pgn`),
  eventsUrl: (id: string, ticket?: string) =>
    `/api/games/${id}/events?room=1${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`,
  socketUrl: (id: string) =>
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/socket`,
};
