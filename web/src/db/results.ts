// The games a search found, as rows of the database page's table: date, players with ratings,
// the result as a link (this server's games to their page, imported ones to their view on this
// page), speed, start position, collection and length.

import { moveCount } from '../board/notation';
import { language, t } from '../common/i18n';
import { el } from '../common/ui';
import type { DbGame } from '../explorer/api';
import { gameHref } from '../explorer/games-list';
import { sideText } from '../explorer/names';
import { speedName } from '../explorer/panel';
import { SPEEDS, type Speed } from '../explorer/query';
import { pgnDateText } from '../explorer/shares';

const resultText = (r: string) => (r === '1/2-1/2' ? '½-½' : r);

export function resultsHead(): HTMLTableSectionElement {
  const head = el('thead');
  const row = el('tr');
  for (const key of ['db.col.date', 'color.White', 'color.Black', 'db.col.result', 'db.col.speed', 'db.col.start', 'db.col.collection', 'db.col.moves'] as const)
    row.append(el('th', { scope: 'col' }, t(key)));
  head.append(row);
  return head;
}

export function resultRow(game: DbGame): HTMLTableRowElement {
  const row = el('tr', { 'data-id': game.id });
  const server = !!game.gameId;
  const white = sideText(game.white, 'white', server);
  const black = sideText(game.black, 'black', server);
  const result = el('td');
  result.append(el('a', { href: gameHref(game), 'aria-label': t('db.openGame', { white, black, result: resultText(game.result) }) }, resultText(game.result)));
  const speed = game.speed && (SPEEDS as readonly string[]).includes(game.speed) ? speedName(game.speed as Speed) : '–';
  row.append(
    el('td', {}, pgnDateText(game.date, language()) || '–'),
    el('td', {}, white),
    el('td', {}, black),
    result,
    el('td', {}, `${speed}${game.rated === undefined ? '' : ` · ${game.rated ? t('lobby.rated') : t('lobby.casual')}`}`),
    el('td', {}, typeof game.start === 'number' ? String(game.start) : t('db.customStart')),
    el('td', {}, game.gameId ? t('db.thisServer') : game.collection || '–'),
    el('td', {}, moveCount(game.plies)),
  );
  return row;
}
