// The games by start position (GET /api/db/starts): one row a start position that has games,
// its number a link to the explorer there, the number of games and how they ended.

import { t } from '../common/i18n';
import { el } from '../common/ui';
import type { StartRow } from '../explorer/api';
import { resultBar } from '../explorer/bar';
import { dbHref } from '../explorer/query';

export function startsTable(rows: readonly StartRow[]): HTMLTableElement {
  const table = el('table', { class: 'db-starts', id: 'db-starts' });
  table.append(el('caption', { class: 'sr-only' }, t('db.startsCaption')));
  const head = el('thead');
  const headRow = el('tr');
  for (const key of ['db.col.start', 'db.col.games', 'explorer.col.results', 'db.col.white', 'db.col.draws', 'db.col.black'] as const)
    headRow.append(el('th', { scope: 'col' }, t(key)));
  head.append(headRow);
  const body = el('tbody');
  for (const r of rows.filter(r => r.games > 0)) {
    const row = el('tr', { 'data-start': String(r.start) });
    const number = el('th', { scope: 'row' });
    number.append(el('a', { href: dbHref({ start: r.start }), 'aria-label': t('db.explorerAt', { n: r.start }) }, String(r.start)));
    const bar = el('td');
    bar.append(resultBar(r.white, r.draws, r.black));
    row.append(number, el('td', {}, String(r.games)), bar, el('td', {}, String(r.white)), el('td', {}, String(r.draws)), el('td', {}, String(r.black)));
    body.append(row);
  }
  table.append(head, body);
  return table;
}
