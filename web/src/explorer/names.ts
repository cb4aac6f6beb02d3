// A player's name as the explorer and the search show it. This server writes its own games'
// players without a name in English ("White", "Black", "Player", "chess960 engine (level 4)",
// games/live_game.cpp): for its games (those with a gameId) the page says them in its own
// words, as the game page does (round/text.ts, defaultName). Other names are shown as they are.

import type { Color } from '../common/api';
import { t } from '../common/i18n';
import type { ExplorerPlayer } from './api';

const ENGINE = /^chess960 engine \(level (\d+)\)$/;

export function shownName(name: string, color: Color, serverGame: boolean): string {
  if (!name) return '?';
  if (!serverGame) return name;
  if (name === (color === 'white' ? 'White' : 'Black') || name === 'Player') return t(color === 'white' ? 'color.White' : 'color.Black');
  const engine = ENGINE.exec(name);
  return engine ? t('game.computerName', { level: engine[1]! }) : name;
}

// "Name (1900)", or the name alone when the rating is not known.
export function sideText(player: ExplorerPlayer, color: Color, serverGame: boolean): string {
  const name = shownName(player.name, color, serverGame);
  return player.rating ? `${name} (${player.rating})` : name;
}
