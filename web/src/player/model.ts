// Pure helpers of the profile page (no DOM): a player's side and outcome in an account game, the
// rating history of a pool (the ratings after its settled rated games), and the results by start
// position. Tested with `node --test` (test/player-model.test.mjs).

import type { AccountGame, GameSide, Outcome, Pool } from '../account/api';
import type { Color } from '../common/api';

export function sideOf(game: AccountGame, name: string): Color | null {
  return game.white.name === name ? 'white' : game.black.name === name ? 'black' : null;
}

export function playerSide(game: AccountGame, name: string): GameSide | null {
  const side = sideOf(game, name);
  return side ? game[side] : null;
}

// The game's outcome for `name`; null while it is played (or for a game not theirs).
export function outcomeFor(game: AccountGame, name: string): Outcome | null {
  const side = sideOf(game, name);
  if (!side) return null;
  if (game.result === '1/2-1/2') return 'draw';
  if (game.result === '1-0') return side === 'white' ? 'win' : 'loss';
  if (game.result === '0-1') return side === 'black' ? 'win' : 'loss';
  return null;
}

export interface HistoryPoint {
  at: number; // epoch ms: when the game was rated
  rating: number; // unrounded, after the game
  game: string;
}

// The player's rating after each settled rated game of `pool`, oldest first.
export function ratingHistory(games: readonly AccountGame[], name: string, pool: Pool): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  for (const game of games) {
    if (!game.rated || !game.settled || game.pool !== pool) continue;
    const side = playerSide(game, name);
    if (!side || typeof side.ratingAfter !== 'number') continue;
    points.push({ at: game.endedAt ?? game.createdAt, rating: side.ratingAfter, game: game.id });
  }
  return points.sort((a, b) => a.at - b.at || (a.game < b.game ? -1 : 1));
}

export interface StartResults {
  label: string; // "518", or "518/200" for a Double Chess960 start (white's/black's)
  white: number;
  black: number | null;
  wins: number;
  draws: number;
  losses: number;
}

// Wins, draws and losses of the player's finished games by start position, in number order.
export function resultsByStart(games: readonly AccountGame[], name: string): StartResults[] {
  const rows = new Map<string, StartResults>();
  for (const game of games) {
    const outcome = outcomeFor(game, name);
    if (!outcome || typeof game.startNumber !== 'number') continue;
    const black = typeof game.startBlackNumber === 'number' && game.startBlackNumber !== game.startNumber ? game.startBlackNumber : null;
    const label = black === null ? String(game.startNumber) : `${game.startNumber}/${black}`;
    let row = rows.get(label);
    if (!row) rows.set(label, (row = { label, white: game.startNumber, black, wins: 0, draws: 0, losses: 0 }));
    if (outcome === 'win') row.wins += 1;
    else if (outcome === 'draw') row.draws += 1;
    else row.losses += 1;
  }
  return [...rows.values()].sort((a, b) => a.white - b.white || (a.black ?? -1) - (b.black ?? -1));
}
