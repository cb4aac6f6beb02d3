// Ratings as the page shows them, as lichess does: the whole number toward zero (1662.8 is
// 1662), "?" after a provisional one (deviation 110 or more), a change with its sign ("+12",
// "-12", "0"); and the pool a clock falls in.

import type { Pool } from './api';

// Toward zero, as the server's rating::displayed_rating.
export function shownRating(rating: number): number {
  return Number.isFinite(rating) ? Math.trunc(rating) || 0 : 0; // never -0
}

export function ratingText(r: { rating: number; provisional: boolean }): string {
  return `${shownRating(r.rating)}${r.provisional ? '?' : ''}`;
}

export function ratingChangeText(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}

// The change of a settled side as shown: the server's ratingChange, else the difference of the
// shown ratings; null before the game is rated.
export function sideChange(side: { ratingBefore?: number; ratingAfter?: number; ratingChange?: number }): number | null {
  if (typeof side.ratingChange === 'number') return side.ratingChange;
  if (typeof side.ratingBefore === 'number' && typeof side.ratingAfter === 'number')
    return shownRating(side.ratingAfter) - shownRating(side.ratingBefore);
  return null;
}

// The clock's pool by its estimated length, initial + 40 increments (scalachess, and the
// server's rating::classify): under 3 minutes bullet, 8 blitz, 25 rapid, 6 hours classical.
export function poolOfClock(initialSeconds: number, incrementSeconds: number): Pool {
  const estimated = initialSeconds + 40 * incrementSeconds;
  if (estimated < 180) return 'bullet';
  if (estimated < 480) return 'blitz';
  if (estimated < 1500) return 'rapid';
  if (estimated < 21600) return 'classical';
  return 'correspondence';
}
