// The requests of the game database as URLs (notes/db-contract.md), built in one place and
// tested: the explorer's (GET /api/explorer/{source}), the search's (GET /api/db/games), and
// the page's own links (/db?...). Pure: no DOM, no fetch.

import type { Color } from '../common/api';

export const SOURCES = ['games', 'imported', 'player'] as const;
export type Source = (typeof SOURCES)[number];

// lichess's speeds (from the time control, base + 40 × increment) and rating groups.
export const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];
export const RATING_GROUPS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500] as const;

// Where the explorer stands: a FEN, or a numbered start position (0..959), and the moves (UCI)
// played from there.
export type Base = { fen: string } | { start: number };
export interface Position {
  base: Base;
  play: readonly string[];
}

// The filters as the page holds them: every speed or group chosen means no filter at all, so that
// games without a known speed (no time control) or rating still count.
export interface Filters {
  speeds: readonly Speed[];
  ratings: readonly number[];
}
export const NO_FILTERS: Filters = { speeds: SPEEDS, ratings: RATING_GROUPS };

export interface ExplorerQuery {
  source: Source;
  position: Position;
  filters?: Filters;
  player?: { name: string; color: Color };
  collection?: string; // one imported collection ("alma:uploads"), for the source `imported`
  topGames?: number;
  recentGames?: number;
}

const chosen = <T>(some: readonly T[], all: readonly T[]) => some.length > 0 && some.length < all.length;

export function explorerPath(q: ExplorerQuery): string {
  const params = new URLSearchParams();
  if ('fen' in q.position.base) params.set('fen', q.position.base.fen);
  else params.set('start', String(q.position.base.start));
  if (q.position.play.length) params.set('play', q.position.play.join(','));
  if (q.source === 'player' && q.player) {
    params.set('player', q.player.name);
    params.set('color', q.player.color);
  }
  if (q.source === 'imported' && q.collection) params.set('collection', q.collection);
  const filters = q.filters ?? NO_FILTERS;
  // In lichess's order, whatever order they were chosen in.
  if (chosen(filters.speeds, SPEEDS)) params.set('speeds', SPEEDS.filter(s => filters.speeds.includes(s)).join(','));
  if (chosen(filters.ratings, RATING_GROUPS))
    params.set('ratings', RATING_GROUPS.filter(g => filters.ratings.includes(g)).join(','));
  if (q.topGames !== undefined) params.set('topGames', String(q.topGames));
  if (q.recentGames !== undefined) params.set('recentGames', String(q.recentGames));
  return `/api/explorer/${q.source}?${params}`;
}

export type ResultFilter = '1-0' | '0-1' | '1/2-1/2';

// A search of the stored games; what is empty or absent is not sent.
export interface DbSearch {
  start?: number;
  player?: string;
  color?: Color; // only with player
  result?: ResultFilter;
  speed?: Speed;
  collection?: string; // a collection's name ("games": this server's)
  since?: string; // YYYY-MM-DD
  until?: string;
  max?: number;
  before?: string; // paging: ids below this one
}

export function dbGamesPath(s: DbSearch): string {
  const params = new URLSearchParams();
  if (s.start !== undefined) params.set('start', String(s.start));
  const player = s.player?.trim();
  if (player) {
    params.set('player', player);
    if (s.color) params.set('color', s.color);
  }
  if (s.result) params.set('result', s.result);
  if (s.speed) params.set('speed', s.speed);
  if (s.collection) params.set('collection', s.collection);
  if (s.since) params.set('since', s.since);
  if (s.until) params.set('until', s.until);
  if (s.max !== undefined) params.set('max', String(s.max));
  if (s.before) params.set('before', s.before);
  const query = params.toString();
  return `/api/db/games${query ? `?${query}` : ''}`;
}

// A start position's number from what a person typed: 0..959, digits only; else null.
export function startNumberOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= 959 ? n : null;
}

// The database page's own addresses (db/page.ts): `/db?start=518` the explorer at a start
// position (source imported, games switchable), `/db?start=518&source=player&player=NAME&color=white`
// a player's own explorer, `/db?source=imported&collection=alma:uploads` the explorer of one
// imported collection, `/db?game=ID` a stored game with the explorer following its moves.
export interface DbPageParams {
  start: number | null;
  source: Source | null;
  player: { name: string; color: Color } | null;
  collection: string | null; // only with the source imported (or none)
  game: string | null;
}

export function readDbParams(search: string): DbPageParams {
  const params = new URLSearchParams(search);
  const source = params.get('source');
  const name = params.get('player')?.trim();
  const color = params.get('color') === 'black' ? 'black' : 'white';
  const collection = params.get('collection');
  return {
    start: startNumberOf(params.get('start') ?? ''),
    source: (SOURCES as readonly string[]).includes(source ?? '') ? (source as Source) : null,
    player: name ? { name, color } : null,
    collection: collection && (source === null || source === 'imported') ? collection : null,
    game: params.get('game') || null,
  };
}

export function dbHref(p: { start?: number; player?: { name: string; color: Color }; collection?: string; game?: string }): string {
  const params = new URLSearchParams();
  if (p.game) params.set('game', p.game);
  if (p.start !== undefined) params.set('start', String(p.start));
  if (p.player) {
    params.set('source', 'player');
    params.set('player', p.player.name);
    params.set('color', p.player.color);
  } else if (p.collection) {
    params.set('source', 'imported');
    params.set('collection', p.collection);
  }
  const query = params.toString();
  return `/db${query ? `?${query}` : ''}`;
}
