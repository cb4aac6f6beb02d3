// The game database's API of `chess960 serve` (issue 42, notes/db-contract.md): the explorer's
// answer for a position, the games found by a search (NDJSON, one game a line), one stored game
// with its moves, and the games by start position. Typed views and calls through fetch.ts.

import type { Color } from '../common/api';
import { request, requestText } from '../common/fetch';
import { parseNdjson } from './ndjson';
import { type DbSearch, dbGamesPath, type ExplorerQuery, explorerPath } from './query';

export interface ExplorerPlayer {
  name: string;
  rating?: number | null;
}

// A move from the position: how many games played it and how they ended.
export interface ExplorerMove {
  uci: string; // castling as the king taking its own rook (e1h1)
  san: string;
  averageRating: number; // 0: no game with both ratings known
  white: number;
  draws: number;
  black: number;
}

// A game reaching the position; `gameId` only for this server's own games.
export interface ExplorerGame {
  uci: string;
  id: string;
  gameId?: string;
  winner: Color | null;
  speed?: string;
  mode?: 'rated' | 'casual';
  white: ExplorerPlayer;
  black: ExplorerPlayer;
  year?: number | null;
  month?: string | null; // "2025-03"
}

export interface ExplorerAnswer {
  white: number;
  draws: number;
  black: number;
  moves: ExplorerMove[];
  topGames?: ExplorerGame[];
  recentGames?: ExplorerGame[];
}

// One game as a search lists it.
export interface DbGame {
  id: string;
  gameId?: string;
  start?: number | null;
  fen?: string;
  white: ExplorerPlayer;
  black: ExplorerPlayer;
  result: string; // 1-0, 0-1, 1/2-1/2, *
  winner?: Color | null;
  date?: string | null; // yyyy.mm.dd, "?" where unknown
  speed?: string | null;
  rated?: boolean;
  event?: string | null;
  site?: string | null;
  collection?: string | null;
  plies: number;
}

// One game with its moves (space-separated UCI from initialFen).
export interface DbGameWithMoves extends DbGame {
  initialFen: string;
  moves: string;
}

export interface StartRow {
  start: number;
  fen: string;
  games: number;
  white: number;
  draws: number;
  black: number;
}

export const db = {
  explorer: (query: ExplorerQuery) => request<ExplorerAnswer>('GET', explorerPath(query)),
  games: async (search: DbSearch) => parseNdjson<DbGame>(await requestText('GET', dbGamesPath(search))),
  game: (id: string) => request<DbGameWithMoves>('GET', `/api/db/games/${encodeURIComponent(id)}`),
  starts: (source?: 'games' | 'imported') =>
    request<{ starts: StartRow[] }>('GET', `/api/db/starts${source ? `?source=${source}` : ''}`),
};
