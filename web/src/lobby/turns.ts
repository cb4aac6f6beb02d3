// "Your turn": an account's games in play where it is the account's move (GET
// /api/accounts/{name}/games?inPlay=true), and which of them became its move since the list was
// last read (for a notification). Pure, tested with `node --test` (test/turns.test.mjs).

import type { AccountGame } from '../account/api';
import type { Clock, Color } from '../common/api';

// The side to move: White after an even number of plies (the games of the lobby start from a
// Chess960 position with White to move).
export const sideToMove = (game: Pick<AccountGame, 'plies'>): Color => (game.plies % 2 === 0 ? 'white' : 'black');

// The games in play where `me` is to move, oldest first (the one waiting longest on top).
export function myTurnGames(games: AccountGame[], me: string): AccountGame[] {
  return games.filter(g => g.result === '*' && g[sideToMove(g)].name === me).sort((a, b) => a.createdAt - b.createdAt);
}

// A game at a given move: a game that is one's turn again after a move each is news again.
export const turnKey = (game: Pick<AccountGame, 'id' | 'plies'>) => `${game.id}@${game.plies}`;

// The games of `now` that were not one's turn (at that move) in `before`; none when there was no
// list before (the first one read is the page's, not news).
export function newlyMyTurn(before: Set<string> | null, now: AccountGame[]): AccountGame[] {
  if (!before) return [];
  return now.filter(g => !before.has(turnKey(g)));
}

// Whether an opponent's move made it this seat's turn: the game goes on, the ply grew, and the
// seat is now to move.
export function opponentMoved(before: { ply: number }, after: { ply: number; turn: Color; status: string }, seat: Color | null): boolean {
  return seat !== null && after.status === 'active' && after.ply > before.ply && after.turn === seat;
}

// The time `color` has left at `now` (epoch ms) by a clock read at `clock.at` (the server's
// time; days and hours are not troubled by a few seconds of skew).
export function timeLeftAt(clock: Pick<Clock, 'white' | 'black' | 'running' | 'at'>, color: Color, now: number): number {
  return Math.max(0, clock[color] - (clock.running === color ? Math.max(0, now - clock.at) : 0));
}
