// Quick pairing's pure helpers (no DOM; lobby/quick.ts draws the block): the four pools, how
// many wait in each as the lobby's messages and GET /api/pools tell it, and what a pool's
// button and the waiting state say. Tested with `node --test` (test/lobby-pools.test.mjs).

import type { Pool, QuickPools } from '../account/api';
import { t } from '../common/i18n';
import type { LobbyMessage } from './model';
import { poolName } from './model';

// The server's four pools (lobby/pools.hpp), minutes + seconds a move, with their speeds.
export const QUICK_POOLS: readonly { key: string; speed: Pool }[] = [
  { key: '3+2', speed: 'blitz' },
  { key: '5+3', speed: 'blitz' },
  { key: '10+5', speed: 'rapid' },
  { key: '15+10', speed: 'rapid' },
];

// How many wait in each pool, by key (0 for a pool not told).
export type PoolCounts = Record<string, number>;

export const emptyCounts = (): PoolCounts => Object.fromEntries(QUICK_POOLS.map(p => [p.key, 0]));

function countsOf(told: Record<string, unknown>): PoolCounts {
  const counts = emptyCounts();
  for (const { key } of QUICK_POOLS) {
    const n = told[key];
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) counts[key] = n;
  }
  return counts;
}

// The counts after a lobby message (the same object when it tells none).
export function applyPoolsMessage(counts: PoolCounts, message: LobbyMessage): PoolCounts {
  if (message.type === 'pools' || (message.type === 'lobby' && message.pools)) return countsOf(message.pools ?? {});
  return counts;
}

// The counts and this account's pool from GET /api/pools.
export function fromPoolsAnswer(answer: QuickPools): { counts: PoolCounts; joined: string | null } {
  const told: Record<string, number> = {};
  for (const pool of answer.pools) told[pool.key] = pool.waiting;
  const joined = answer.joined && QUICK_POOLS.some(p => p.key === answer.joined!.pool) ? answer.joined.pool : null;
  return { counts: countsOf(told), joined };
}

const speedOf = (key: string) => poolName(QUICK_POOLS.find(p => p.key === key)?.speed ?? 'blitz');

// The number under a pool's button: others waiting (oneself not counted while waiting there).
export function othersWaiting(counts: PoolCounts, key: string, joined: string | null): number {
  return Math.max(0, (counts[key] ?? 0) - (joined === key ? 1 : 0));
}

// A pool's button: its visible words, and the name a screen reader says.
export function poolButton(counts: PoolCounts, key: string, joined: string | null): { waiting: string; label: string } {
  const n = othersWaiting(counts, key, joined);
  return {
    waiting: t('quick.waiting', { n }),
    label: t('quick.joinLabel', { clock: key, pool: speedOf(key), n }),
  };
}

// The waiting state's sentence ('' when in no pool).
export const searchingText = (joined: string | null) => (joined ? t('quick.searching', { clock: joined, pool: speedOf(joined) }) : '');
