// The database page's search form as a search (explorer/query.ts's DbSearch): what a person
// filled in, checked. Pure, tested: the form's fields by name in, a search or the field that is
// wrong out.

import type { Color } from '../common/api';
import { type DbSearch, type ResultFilter, SPEEDS, type Speed, startNumberOf } from '../explorer/query';

export interface SearchFields {
  start: string;
  player: string;
  color: string; // '' | white | black
  result: string; // '' | 1-0 | 0-1 | 1/2-1/2
  speed: string; // '' | a speed
  since: string; // '' | YYYY-MM-DD (an <input type=date>)
  until: string;
}

export type SearchRead = { kind: 'search'; search: DbSearch } | { kind: 'error'; field: keyof SearchFields };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readSearch(f: SearchFields): SearchRead {
  const search: DbSearch = {};
  if (f.start.trim()) {
    const start = startNumberOf(f.start);
    if (start === null) return { kind: 'error', field: 'start' };
    search.start = start;
  }
  const player = f.player.trim();
  if (player) {
    search.player = player;
    if (f.color === 'white' || f.color === 'black') search.color = f.color as Color;
  }
  if (f.result === '1-0' || f.result === '0-1' || f.result === '1/2-1/2') search.result = f.result as ResultFilter;
  if ((SPEEDS as readonly string[]).includes(f.speed)) search.speed = f.speed as Speed;
  for (const field of ['since', 'until'] as const) {
    if (!f[field]) continue;
    if (!DATE.test(f[field])) return { kind: 'error', field };
    search[field] = f[field];
  }
  if (search.since && search.until && search.since > search.until) return { kind: 'error', field: 'until' };
  return { kind: 'search', search };
}
