// The players of a game from the lobby (an account game, GET /api/games/{id}/players): their
// account names, and once the game is over and rated, their ratings before and after. The
// ratings are settled by the server shortly after the end: the page asks a few times.

import type { AccountGame, GameSide } from '../account/api';
import { accounts } from '../account/api';
import { ratingChangeText, shownRating, sideChange } from '../account/rating';
import { ApiError } from '../common/errors';
import { t } from '../common/i18n';

// After the end, the settled ratings are asked for every second, this many times at most.
const ASKS = 15;
const ASK_EVERY_MS = 1000;

// The game's players, or null when it is not an account game.
export async function loadPlayers(id: string): Promise<AccountGame | null> {
  try {
    const players = await accounts.players(id);
    return players.accountGame === false ? null : players;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const isSettled = (game: AccountGame) => game.settled && (!game.rated || typeof game.white.ratingAfter === 'number');

// Asks until the game's ratings are settled (or the asks run out), handing each answer on.
export async function awaitSettled(id: string, update: (game: AccountGame) => void, wait = (ms: number) => new Promise(r => setTimeout(r, ms))): Promise<AccountGame | null> {
  for (let ask = 0; ask < ASKS; ask++) {
    try {
      const game = await accounts.players(id);
      update(game);
      if (isSettled(game)) return game;
    } catch (e) {
      console.warn('could not read the players of the game', e);
    }
    await wait(ASK_EVERY_MS);
  }
  return null;
}

// "ann 1500? → 1662 (+162)", or just the name before the game is rated.
export function sideRatingText(side: GameSide): string {
  const name = side.name ?? '?';
  const change = sideChange(side);
  if (typeof side.ratingBefore !== 'number' || typeof side.ratingAfter !== 'number' || change === null) return name;
  return t('game.ratingLine', {
    name,
    before: shownRating(side.ratingBefore),
    after: shownRating(side.ratingAfter),
    change: ratingChangeText(change),
  });
}

// What the screen reader is told once the ratings are settled.
export function ratingsSaid(game: AccountGame): string {
  return t('game.ratingsSaid', { white: sideRatingText(game.white), black: sideRatingText(game.black) });
}
