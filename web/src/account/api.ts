// The accounts' JSON API of `chess960 serve` (docs/openapi.yaml: /api/accounts, /api/session,
// /api/seeks, an account's games, a game's players and rating changes): typed views and calls
// (through common/fetch.ts). The page is signed in by the session cookie (HttpOnly: the page
// never sees its token, and never keeps the one POST /api/session answers).

import type { Color } from '../common/api';
import { request } from '../common/fetch';
import type { Theme } from '../common/prefs';

// The rating pools, by the clock's estimated length (rating/speed.hpp, as lichess's speeds).
export const POOLS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Pool = (typeof POOLS)[number];

// One pool's Glicko-2 rating, unrounded as stored (rating.ts shows it).
export interface PoolRating {
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  provisional: boolean;
}

export interface Account {
  name: string;
  displayName: string;
  // Every pool once the server rates; empty from servers (and answers) without ratings.
  ratings: Partial<Record<Pool, PoolRating>>;
  /** The puzzle rating, a pool of its own (a new player's before the first puzzle). */
  puzzle?: { rating: number; deviation: number; provisional: boolean; games: number };
}

// The signed-in account: its settings, and (from GET /api/session) the session's CSRF token.
export interface OwnAccount extends Account {
  role: 'admin' | 'player';
  language: string;
  theme: Theme;
  csrfToken?: string;
}

export interface SignedIn {
  csrfToken: string;
  account: OwnAccount;
}

export interface Settings {
  displayName?: string;
  language?: string;
  theme?: Theme;
}

// One side of an account game: the account's name, and once the game is settled (rated) its
// rating before and after, and the change as shown (the difference of the shown whole numbers).
export interface GameSide {
  name: string | null;
  ratingBefore?: number;
  ratingAfter?: number;
  deviationAfter?: number;
  volatilityAfter?: number;
  ratingChange?: number;
}

export interface AccountGame {
  id: string;
  accountGame?: boolean; // false: a game that is not the lobby's (no accounts, no ratings)
  rated: boolean;
  pool: Pool;
  result: string; // "1-0", "0-1", "1/2-1/2" or "*"
  termination: string | null;
  plies: number;
  createdAt: number; // epoch ms
  settled: boolean;
  endedAt?: number;
  startNumber?: number;
  startBlackNumber?: number; // Double Chess960: black's own number
  white: GameSide;
  black: GameSide;
}

export type Outcome = 'win' | 'loss' | 'draw';

export interface GamesFilter {
  inPlay?: boolean; // only the games not over yet
  result?: Outcome;
  pool?: Pool;
  start?: number;
  limit?: number;
  before?: number;
}

export interface SeekStart {
  type: 'random' | 'number' | 'double960';
  number?: number;
  white?: number;
  black?: number;
}

export interface Seek {
  id: string;
  player: { name: string; rating: number; provisional: boolean };
  rated: boolean;
  pool: Pool;
  color: Color | 'random'; // the seeker's
  clock: { initial: number; increment: number } | null; // seconds; null for correspondence
  daysPerMove?: number; // a correspondence seek (pool "correspondence"): days for each move
  start: SeekStart;
  ratingRange?: { min?: number; max?: number };
  createdAt: number;
  to?: string; // a challenge: the one account that may accept (or decline) it; only the two see it
}

// A clock, or for a correspondence game the days each move may take (never both).
export interface SeekSpec {
  clock?: { initial: number; increment: number };
  daysPerMove?: number;
  rated: boolean;
  color: Color | 'random';
  start: SeekStart;
  ratingRange?: { min?: number; max?: number };
  to?: string; // a challenge to this account
}

const account = (name: string) => `/api/accounts/${encodeURIComponent(name)}`;

function query(params: Record<string, string | number | boolean | undefined>): string {
  const pairs = Object.entries(params).filter((p): p is [string, string | number | boolean] => p[1] !== undefined && p[1] !== '');
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

export const accounts = {
  signUp: (name: string, password: string) => request<Account>('POST', '/api/accounts', { body: { name, password } }),
  signIn: (name: string, password: string) => request<SignedIn>('POST', '/api/session', { body: { name, password } }),
  session: () => request<OwnAccount>('GET', '/api/session'),
  signOut: () => request<void>('DELETE', '/api/session'),
  profile: (name: string) => request<Account>('GET', account(name)),
  update: (name: string, settings: Settings) => request<OwnAccount>('PATCH', account(name), { body: settings }),
  remove: (name: string) => request<void>('DELETE', account(name)),
  games: (name: string, filter: GamesFilter = {}) =>
    request<{ games: AccountGame[] }>('GET', `${account(name)}/games${query({ ...filter })}`),
  players: (gameId: string) => request<AccountGame>('GET', `/api/games/${encodeURIComponent(gameId)}/players`),
};

// Quick pairing's pools (GET /api/pools): each with how many wait in it, and the pool this
// account waits in (signed in).
export interface QuickPoolInfo {
  key: string; // "5+3"
  clock: { initial: number; increment: number }; // seconds
  speed: Pool;
  waiting: number;
}
export interface QuickPools {
  pools: QuickPoolInfo[];
  joined?: { pool: string; id: string };
}

export const lobby = {
  pools: () => request<QuickPools>('GET', '/api/pools'),
  joinPool: (key: string) => request<{ id: string; pool: string }>('POST', `/api/pools/${encodeURIComponent(key)}`, { body: {} }),
  leavePool: (key: string) => request<void>('DELETE', `/api/pools/${encodeURIComponent(key)}`),
  seeks: () => request<{ seeks: Seek[] }>('GET', '/api/seeks'),
  create: (spec: SeekSpec) => request<Seek>('POST', '/api/seeks', { body: spec }),
  cancel: (id: string) => request<void>('DELETE', `/api/seeks/${encodeURIComponent(id)}`),
  accept: (id: string) => request<{ game: string }>('POST', `/api/seeks/${encodeURIComponent(id)}/accept`, { body: {} }),
  socketUrl: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/lobby/socket`,
};
