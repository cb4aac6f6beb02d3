// The opening explorer (lichess's, for Chess960): for a position and a source of games
// (this server's, the imported collections, or one player's as one colour) the position's totals,
// the moves played from it with their results and average rating, and the top and recent
// games. Its own moves: a move's button plays it in the explorer (the line shown, with a
// button back), while the page that holds the panel sets the position (show()). Filters by speed
// and rating group. Updates are said through one polite live region; the moves are a real table.
//
// The answers are kept for the page's life, up to MAX_KEPT of them (a position's games change
// only when a game ends).

import type { Color } from '../common/api';
import { language, t, tMaybe } from '../common/i18n';
import { el } from '../common/ui';
import { db, type ExplorerAnswer, type ExplorerMove } from './api';
import { fillGames } from './games-list';
import { fillMovesTable, movesTable } from './moves-table';
import { explorerPath, type ExplorerQuery, type Filters, NO_FILTERS, type Position, RATING_GROUPS, type Source, SPEEDS, type Speed } from './query';
import { gamesOf, sharesOf } from './shares';
import { toggleGroup } from './toggles';

const MAX_KEPT = 200;

export interface ExplorerOptions {
  idPrefix: string; // the panel's ids start with it (two panels may share a page)
  sources: readonly Source[]; // offered by the source switch, the first chosen
  source?: Source;
  player?: { name: string; color: Color }; // for the source `player`
  collection?: string; // for the source `imported`: that collection only ("alma:uploads")
  headingLevel?: 'h2' | 'h3';
}

export interface Explorer {
  element: HTMLElement;
  show(position: Position): void; // a new position from the page: the explorer's own line is dropped
}

export const speedName = (s: Speed) => (s === 'ultraBullet' ? t('explorer.speed.ultraBullet') : tMaybe(`pool.${s}`, {}, s));

function ratingName(group: number): string {
  const next = RATING_GROUPS[RATING_GROUPS.indexOf(group as (typeof RATING_GROUPS)[number]) + 1];
  return next === undefined ? t('explorer.ratingFrom', { from: group }) : t('explorer.ratingRange', { from: group, to: next - 1 });
}

export function createExplorer(options: ExplorerOptions): Explorer {
  const id = options.idPrefix;
  let source: Source = options.source ?? options.sources[0]!;
  let filters: Filters = NO_FILTERS;
  let position: Position | null = null;
  let line: ExplorerMove[] = [];
  let seq = 0;
  const answers = new Map<string, ExplorerAnswer>();

  const section = el('section', { class: 'explorer', id, 'aria-labelledby': `${id}-title` });
  section.append(el(options.headingLevel ?? 'h2', { id: `${id}-title` }, t('explorer.title')));

  const sourceName = (s: Source) =>
    s === 'player' && options.player
      ? t('explorer.source.player', { name: options.player.name, color: tMaybe(`color.${options.player.color}`) })
      : s === 'imported' && options.collection
        ? t('explorer.source.collection', { name: options.collection })
        : tMaybe(`explorer.source.${s}`);
  if (options.sources.length > 1) {
    const sources = toggleGroup(
      t('explorer.source'),
      options.sources.map(s => ({ value: s, label: sourceName(s) })),
      [source],
      { single: true, className: 'explorer-sources', changed: ([s]) => ((source = s!), void load()) },
    );
    section.append(sources.element);
  } else section.append(el('p', { class: 'explorer-source muted' }, sourceName(source)));

  const details = el('details', { class: 'explorer-filters' });
  details.append(el('summary', {}, t('explorer.filters')));
  const speeds = toggleGroup(
    t('explorer.speeds'),
    SPEEDS.map(s => ({ value: s, label: speedName(s) })),
    filters.speeds,
    { single: false, className: 'explorer-speeds', changed: chosen => ((filters = { ...filters, speeds: chosen }), void load()) },
  );
  const ratings = toggleGroup(
    t('explorer.ratings'),
    RATING_GROUPS.map(g => ({ value: g, label: String(g), name: ratingName(g) })),
    filters.ratings,
    { single: false, className: 'explorer-ratings', changed: chosen => ((filters = { ...filters, ratings: chosen }), void load()) },
  );
  details.append(el('p', { class: 'toggles-label', 'aria-hidden': 'true' }, t('explorer.speeds')), speeds.element);
  details.append(el('p', { class: 'toggles-label', 'aria-hidden': 'true' }, t('explorer.ratings')), ratings.element);
  section.append(details);

  const lineBox = el('div', { class: 'explorer-line', id: `${id}-line`, hidden: '' });
  const lineText = el('span');
  const back = el('button', { type: 'button', id: `${id}-back` }, t('explorer.back'));
  const reset = el('button', { type: 'button', id: `${id}-reset` }, t('explorer.reset'));
  // After a move, back or reset the focus goes to the new position's first move (else to the
  // way back), once it is drawn: the buttons it was on are gone.
  let focusAfterDraw = false;
  back.onclick = () => {
    line = line.slice(0, -1);
    focusAfterDraw = true;
    void load();
  };
  reset.onclick = () => {
    line = [];
    focusAfterDraw = true;
    void load();
  };
  lineBox.append(lineText, ' ', back, ' ', reset);
  section.append(lineBox);

  const status = el('p', { class: 'explorer-status', id: `${id}-status`, role: 'status', 'aria-live': 'polite' });
  section.append(status);
  const table = movesTable(id);
  table.hidden = true;
  const wrap = el('div', { class: 'table-scroll' });
  wrap.append(table);
  section.append(wrap);
  const top = el('div', { class: 'explorer-top', id: `${id}-top` });
  const recent = el('div', { class: 'explorer-recent', id: `${id}-recent` });
  section.append(top, recent);

  function query(): ExplorerQuery | null {
    if (!position) return null;
    return {
      source,
      position: { base: position.base, play: [...position.play, ...line.map(m => m.uci)] },
      filters,
      ...(options.player && { player: options.player }),
      ...(options.collection && { collection: options.collection }),
    };
  }

  function play(move: ExplorerMove) {
    line = [...line, move];
    focusAfterDraw = true;
    void load();
  }

  function draw(answer: ExplorerAnswer) {
    const total = gamesOf(answer);
    const s = sharesOf(answer.white, answer.draws, answer.black);
    status.textContent = total === 0 ? t('explorer.noGames') : t('explorer.summary', { n: total.toLocaleString(language()), white: s.white, draws: s.draws, black: s.black });
    section.dataset.games = String(total);
    fillMovesTable(table, answer, play);
    fillGames(top, `${id}-top-title`, t('explorer.topGames'), answer.topGames);
    fillGames(recent, `${id}-recent-title`, t('explorer.recentGames'), answer.recentGames);
    if (focusAfterDraw) {
      focusAfterDraw = false;
      (section.querySelector<HTMLElement>('.explorer-play') ?? (line.length ? back : null))?.focus();
    }
  }

  async function load() {
    lineBox.hidden = line.length === 0;
    lineText.textContent = t('explorer.line', { moves: line.map(m => m.san).join(' ') });
    const q = query();
    if (!q) return;
    const path = explorerPath(q);
    const mine = ++seq;
    section.setAttribute('aria-busy', 'true');
    let answer = answers.get(path);
    try {
      if (!answer) {
        answer = await db.explorer(q);
        if (answers.size >= MAX_KEPT) answers.clear();
        answers.set(path, answer);
      }
    } catch (e) {
      if (mine !== seq) return;
      section.removeAttribute('aria-busy');
      status.textContent = t('explorer.failed', { error: (e as Error).message });
      table.hidden = true;
      top.innerHTML = recent.innerHTML = '';
      return;
    }
    if (mine !== seq) return;
    section.removeAttribute('aria-busy');
    draw(answer);
  }

  return {
    element: section,
    show(next: Position) {
      const same = position && JSON.stringify(position) === JSON.stringify(next);
      if (same) return;
      position = next;
      line = [];
      void load();
    },
  };
}
