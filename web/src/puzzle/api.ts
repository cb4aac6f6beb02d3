// The puzzles' JSON API of `chess960 serve` (src/server/http/puzzle_routes.cpp): typed views,
// the address of "the next puzzle" for a choice of filters (pure, tested with `node --test`), and
// the calls (through common/fetch.ts: the session cookie, and the CSRF token on the attempt).

import { request } from '../common/fetch';

export interface Puzzle {
  id: string;
  fen: string; // the position before the opponent's move (lastMove)
  lastMove: string; // UCI, castling as the king taking its own rook
  solution: string[]; // the solver's moves and the opponent's replies, in turn
  rating: number;
  plays: number;
  themes: string[];
  initialPly: number;
  start: number | null; // the start position's number of the game it comes from
  backRank: string | null; // that start position's back rank ("RNBQKBNR")
}

export interface PuzzleAnswer {
  puzzle: Puzzle;
  game: { url?: string };
}

export interface PuzzleRating {
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
}

export type AttemptAnswer =
  | { rated: true; win: boolean; player: PuzzleRating; puzzle: { rating: number } }
  | { rated: false; win: boolean };

export interface ThemeTally {
  theme: string;
  attempts: number;
  wins: number;
}

export interface HistoryEntry {
  id: string;
  win: boolean;
  at: number; // epoch ms
  rating: number; // the player's rating after it
  change: number;
}

export interface Dashboard {
  rating: PuzzleRating;
  attempts: number;
  wins: number;
  themes: ThemeTally[];
  history: HistoryEntry[]; // newest first
}

// What "the next puzzle" is asked for: a theme, a start position's number, a rating to be near
// (the streak's; else the server takes the player's own, or 1500 for a visitor).
export interface NextQuery {
  theme?: string | null;
  start?: number | null;
  rating?: number | null;
}

export function nextPath(query: NextQuery = {}): string {
  const params = new URLSearchParams();
  if (query.theme) params.set('theme', query.theme);
  if (typeof query.start === 'number') params.set('start', String(query.start));
  if (typeof query.rating === 'number') params.set('rating', String(Math.round(query.rating)));
  const search = params.toString();
  return `/api/puzzles/next${search ? `?${search}` : ''}`;
}

export const puzzlePath = (id: string) => `/api/puzzles/${encodeURIComponent(id)}`;
export const attemptPath = (id: string) => `${puzzlePath(id)}/attempt`;

export const puzzles = {
  next: (query: NextQuery = {}) => request<PuzzleAnswer>('GET', nextPath(query)),
  byId: (id: string) => request<PuzzleAnswer>('GET', puzzlePath(id)),
  attempt: (id: string, win: boolean) => request<AttemptAnswer>('POST', attemptPath(id), { body: { win } }),
  dashboard: () => request<Dashboard>('GET', '/api/puzzles/dashboard'),
};
