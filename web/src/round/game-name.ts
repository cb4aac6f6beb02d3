// A game's name, as lichess names its games, in the page's language: a game between two
// players by its rating and speed and its time control ("Rated blitz · 5+3", "Casual rapid ·
// 10+0", "Rated correspondence · 3 days"), an event's board by the event and the round ("Spring
// Open · Round 3"), a game against the engine by its level ("Computer level 4"). The fields are
// the server's (docs/openapi.yaml, GameView: rated, speed, event, level).

import type { GameView } from '../common/api';
import { t } from '../common/i18n';
import { clockText, daysText } from '../lobby/model';

type Named = Pick<GameView, 'opponent' | 'level' | 'clock' | 'rated' | 'speed' | 'event'>;

// "5+3" from the clock's milliseconds, "3 days" for a time per move, "∞" without a clock.
export function timeControlName(clock: GameView['clock']): string {
  if (typeof clock?.daysPerMove === 'number') return daysText(clock.daysPerMove);
  return clockText(clock ? { initial: clock.initial / 1000, increment: clock.increment / 1000 } : null);
}

export function gameName(game: Named): string {
  if (game.event) return t('game.name.event', { event: game.event.name, round: game.event.round });
  if (game.opponent === 'engine') return t('game.name.computer', { level: game.level ?? '?' });
  return t(game.rated ? 'game.name.rated' : 'game.name.casual', {
    speed: t(`game.speed.${game.speed}`),
    clock: timeControlName(game.clock),
  });
}
