// The explorer's top and recent games of a position: each a link (this server's games to their
// page, imported ones to the database page's view of them) saying the players, their ratings,
// the result and the month.

import { language } from '../common/i18n';
import { el } from '../common/ui';
import type { ExplorerGame } from './api';
import { sideText } from './names';
import { dbHref } from './query';
import { monthText, resultOf } from './shares';

export function gameHref(game: { id: string; gameId?: string }): string {
  return game.gameId ? `/game/${encodeURIComponent(game.gameId)}` : dbHref({ game: game.id });
}

export function gameText(game: ExplorerGame): string {
  const month = monthText(game.month ?? (game.year ? String(game.year) : null), language());
  // Names, numbers and a month: the same words in every language.
  const server = !!game.gameId;
  return [`${sideText(game.white, 'white', server)} – ${sideText(game.black, 'black', server)}`, resultOf(game.winner), month].filter(Boolean).join(', ');
}

// A heading and the list, or nothing when there is no game.
export function fillGames(box: HTMLElement, headingId: string, heading: string, games: readonly ExplorerGame[] | undefined): void {
  box.innerHTML = '';
  if (!games?.length) return;
  const list = el('ul', { class: 'explorer-games', 'aria-labelledby': headingId });
  for (const game of games) {
    const item = el('li');
    item.append(el('a', { href: gameHref(game), 'data-id': game.id }, gameText(game)));
    list.append(item);
  }
  box.append(el('h3', { id: headingId }, heading), list);
}
