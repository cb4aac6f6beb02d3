// The explorer's moves from a position: a real table (caption, column and row headers) with one
// row a move, its button playing it in the explorer, and the position's totals in its foot.

import { t } from '../common/i18n';
import { el } from '../common/ui';
import type { ExplorerAnswer, ExplorerMove } from './api';
import { resultBar } from './bar';
import { gamesOf } from './shares';

export function movesTable(idPrefix: string): HTMLTableElement {
  const table = el('table', { class: 'explorer-moves', id: `${idPrefix}-moves` });
  const caption = el('caption', { class: 'sr-only' }, t('explorer.tableCaption'));
  const head = el('thead');
  const row = el('tr');
  for (const [key, cls] of [
    ['explorer.col.move', 'move'],
    ['explorer.col.games', 'games'],
    ['explorer.col.results', 'results'],
    ['explorer.col.rating', 'rating'],
  ] as const)
    row.append(el('th', { scope: 'col', class: cls }, t(key)));
  head.append(row);
  table.append(caption, head, el('tbody'), el('tfoot'));
  return table;
}

const number = (n: number) => n.toLocaleString();

// The rows of `answer`; a move's button calls `play` with it.
export function fillMovesTable(table: HTMLTableElement, answer: ExplorerAnswer, play: (move: ExplorerMove) => void): void {
  const body = table.tBodies[0]!;
  body.innerHTML = '';
  for (const move of answer.moves) {
    const row = el('tr', { 'data-uci': move.uci });
    const head = el('th', { scope: 'row', class: 'move' });
    const button = el('button', { type: 'button', class: 'link explorer-play', 'aria-label': t('explorer.playMove', { san: move.san }) }, move.san);
    button.onclick = () => play(move);
    head.append(button);
    const bar = el('td', { class: 'results' });
    bar.append(resultBar(move.white, move.draws, move.black));
    row.append(
      head,
      el('td', { class: 'games' }, number(gamesOf(move))),
      bar,
      el('td', { class: 'rating' }, move.averageRating > 0 ? String(move.averageRating) : '–'),
    );
    body.append(row);
  }
  const foot = table.tFoot!;
  foot.innerHTML = '';
  const total = el('tr');
  const bar = el('td', { class: 'results' });
  bar.append(resultBar(answer.white, answer.draws, answer.black));
  total.append(el('th', { scope: 'row', class: 'move' }, t('explorer.total')), el('td', { class: 'games' }, number(gamesOf(answer))), bar, el('td'));
  foot.append(total);
  table.hidden = gamesOf(answer) === 0;
}
