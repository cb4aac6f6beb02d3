// A player's profile (/player/<name>): the five ratings ("?" when provisional), the rating
// history of a pool (player/chart.ts, with the same points as a table), the games with their
// filters (result, pool, start position) and the results by start position of the games listed.
// A link opens their own opening explorer (the database page) as white or black.
// Signed in, another's profile offers to challenge them (the lobby's seek form, with "to"); the
// challenge then waits in the lobby.
//
// Names come from people: they go into the page as text (textContent), never as HTML.

import { type Account, type AccountGame, accounts, type GamesFilter, type Outcome, type Pool, POOLS } from '../account/api';
import { ratingChangeText, ratingText, shownRating, sideChange } from '../account/rating';
import { session } from '../account/session';
import { moveCount } from '../board/notation';
import { ApiError } from '../common/errors';
import { language, t } from '../common/i18n';
import { el } from '../common/ui';
import { dbHref } from '../explorer/query';
import { createForm } from '../lobby/form';
import { poolName } from '../lobby/model';
import { chartSvg } from './chart';
import { outcomeFor, ratingHistory, resultsByStart } from './model';

const PAGE_SIZE = 50;
const HISTORY_GAMES = 200; // the most the server answers at once

export async function playerPage(root: HTMLElement, name: string): Promise<void> {
  document.title = `${name} · chess960`;
  root.innerHTML = `<main class="player-page"><h1 id="player-name"></h1><p class="muted">${t('home.loading')}</p></main>`;
  root.querySelector('#player-name')!.textContent = name;
  let account: Account;
  try {
    account = await accounts.profile(name);
  } catch (e) {
    const main = root.querySelector('main')!;
    main.querySelector('p')!.className = 'error';
    main.querySelector('p')!.textContent =
      e instanceof ApiError && e.status === 404 ? t('player.notFound', { name }) : t('player.loadFailed', { error: (e as Error).message });
    return;
  }
  const me = await session();
  drawProfile(root, account, !!me && me.name === account.name);
  if (me && me.name !== account.name) challengeBox(root, account.name, accounts.profile(me.name).catch(() => null));
}

// The Challenge button and the form it opens; a challenge made, the lobby shows it.
function challengeBox(root: HTMLElement, name: string, mine: Promise<Account | null>) {
  const head = root.querySelector<HTMLElement>('.profile-head')!;
  const button = el('button', { type: 'button', id: 'challenge', class: 'primary', 'aria-expanded': 'false', 'aria-controls': 'challenge-box' }, t('player.challenge'));
  const box = el('section', { id: 'challenge-box', class: 'challenge-box', 'aria-labelledby': 'challenge-title', hidden: '' });
  box.append(el('h2', { id: 'challenge-title' }, t('player.challengeTitle', { name })));
  const body = el('div');
  box.append(body);
  head.append(button, box);
  let made = false;
  button.onclick = () => {
    const open = box.hidden;
    box.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open && !made) {
      made = true;
      createForm(body, mine, () => (location.href = '/lobby'), () => {}, name);
    }
    if (open) box.querySelector<HTMLInputElement>('input:checked')?.focus();
  };
}

const dateText = (ms: number) => new Date(ms).toLocaleDateString(language(), { year: 'numeric', month: 'short', day: 'numeric' });
const timeText = (ms: number) => new Date(ms).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });

function drawProfile(root: HTMLElement, account: Account, own: boolean) {
  const name = account.name;
  document.title = `${name} · chess960`;
  root.innerHTML = `
    <main class="player-page">
      <section class="card profile-head">
        <h1 id="player-name"></h1>
        <p id="player-display" class="muted" hidden></p>
        <p id="player-own" hidden><a href="/settings">${t('player.settingsLink')}</a> · <a href="/lobby">${t('top.lobby')}</a></p>
        <p id="player-explorer"><a id="player-explorer-white"></a> · <a id="player-explorer-black"></a></p>
      </section>
      <section class="card" aria-labelledby="ratings-title">
        <h2 id="ratings-title">${t('player.ratings')}</h2>
        <table class="ratings" id="ratings">
          <thead><tr><th scope="col">${t('player.col.pool')}</th><th scope="col">${t('player.col.rating')}</th><th scope="col">${t('player.col.games')}</th></tr></thead>
          <tbody></tbody>
        </table>
        <p class="hint">${t('player.provisionalNote')}</p>
      </section>
      <section class="card history-card" aria-labelledby="history-title">
        <h2 id="history-title">${t('player.history')}</h2>
        <p class="field"><label for="history-pool">${t('player.col.pool')}</label>
          <select id="history-pool">${POOLS.map(p => `<option value="${p}">${poolName(p)}</option>`).join('')}</select></p>
        <div id="chart" class="chart"></div>
        <details id="history-details">
          <summary>${t('player.historyTable')}</summary>
          <table class="history" id="history-table">
            <thead><tr><th scope="col">${t('player.col.date')}</th><th scope="col">${t('player.col.rating')}</th><th scope="col">${t('player.col.game')}</th></tr></thead>
            <tbody></tbody>
          </table>
        </details>
      </section>
      <section class="card games-card" aria-labelledby="games-title">
        <h2 id="games-title">${t('player.games')}</h2>
        <form id="games-filter" class="filters">
          <p class="field"><label for="filter-result">${t('player.filter.result')}</label>
            <select id="filter-result">
              <option value="">${t('player.filter.all')}</option>
              <option value="win">${t('player.filter.win')}</option>
              <option value="draw">${t('player.filter.draw')}</option>
              <option value="loss">${t('player.filter.loss')}</option>
            </select></p>
          <p class="field"><label for="filter-pool">${t('player.col.pool')}</label>
            <select id="filter-pool"><option value="">${t('player.filter.all')}</option>${POOLS.map(p => `<option value="${p}">${poolName(p)}</option>`).join('')}</select></p>
          <p class="field"><label for="filter-start">${t('player.filter.start')}</label>
            <input id="filter-start" type="number" min="0" max="959" inputmode="numeric" aria-describedby="filter-start-hint">
            <span id="filter-start-hint" class="hint">${t('player.filter.startHint')}</span></p>
          <button type="submit" id="filter-apply">${t('player.filter.apply')}</button>
        </form>
        <p id="games-status" role="status"></p>
        <div class="table-scroll">
          <table class="games" id="games">
            <thead><tr>
              <th scope="col">${t('player.col.date')}</th><th scope="col">${t('color.White')}</th><th scope="col">${t('color.Black')}</th>
              <th scope="col">${t('player.col.result')}</th><th scope="col">${t('player.col.pool')}</th><th scope="col">${t('player.col.start')}</th>
              <th scope="col">${t('player.col.moves')}</th>
            </tr></thead>
            <tbody></tbody>
          </table>
        </div>
        <button type="button" id="more-games" hidden>${t('player.more')}</button>
      </section>
      <section class="card" aria-labelledby="by-start-title">
        <h2 id="by-start-title">${t('player.byStart')}</h2>
        <p id="by-start-note" class="hint"></p>
        <table class="by-start" id="by-start">
          <thead><tr><th scope="col">${t('player.col.start')}</th><th scope="col">${t('player.col.wins')}</th><th scope="col">${t('player.col.draws')}</th><th scope="col">${t('player.col.losses')}</th></tr></thead>
          <tbody></tbody>
        </table>
      </section>
    </main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  $('#player-name').textContent = name;
  if (account.displayName && account.displayName !== name) {
    $('#player-display').hidden = false;
    $('#player-display').textContent = account.displayName;
  }
  $('#player-own').hidden = !own;
  // Their own opening explorer (the database page), as white and as black.
  for (const color of ['white', 'black'] as const) {
    const link = $<HTMLAnchorElement>(`#player-explorer-${color}`);
    link.href = dbHref({ player: { name, color } });
    link.textContent = t(color === 'white' ? 'player.explorerWhite' : 'player.explorerBlack');
  }

  // The ratings.
  const ratingsBody = $('#ratings tbody');
  for (const pool of POOLS) {
    const r = account.ratings[pool];
    const row = el('tr', { 'data-pool': pool });
    row.append(el('th', { scope: 'row' }, poolName(pool)), el('td', { class: 'rating' }, r ? ratingText(r) : '–'), el('td', {}, String(r?.games ?? 0)));
    ratingsBody.append(row);
  }
  // The puzzle rating, a pool of its own (GET /api/accounts/{name} gives it for every player).
  if (account.puzzle) {
    const r = account.puzzle;
    const row = el('tr', { 'data-pool': 'puzzles', id: 'puzzle-rating-row' });
    const head = el('th', { scope: 'row' });
    head.append(el('a', { href: '/puzzles' }, t('player.puzzleRating')));
    row.append(head, el('td', { class: 'rating' }, r.games ? ratingText(r) : '–'), el('td', {}, String(r.games)));
    ratingsBody.append(row);
  }

  // The rating history of the pool chosen: the pool with the most games first.
  const pools = POOLS.filter(p => p !== 'correspondence');
  const busiest = [...pools].sort((a, b) => (account.ratings[b]?.games ?? 0) - (account.ratings[a]?.games ?? 0))[0] ?? 'blitz';
  const poolSelect = $<HTMLSelectElement>('#history-pool');
  poolSelect.value = busiest;
  let historySeq = 0;
  async function drawHistory() {
    const pool = poolSelect.value as Pool;
    const seq = ++historySeq;
    let games: AccountGame[];
    try {
      games = (await accounts.games(name, { pool, limit: HISTORY_GAMES })).games;
    } catch (e) {
      if (seq === historySeq) $('#chart').textContent = t('player.loadFailed', { error: (e as Error).message });
      return;
    }
    if (seq !== historySeq) return;
    const points = ratingHistory(games, name, pool);
    const body = $('#history-table tbody');
    body.innerHTML = '';
    $('#history-details').hidden = points.length === 0;
    if (points.length === 0) {
      $('#chart').innerHTML = '';
      $('#chart').append(el('p', { class: 'muted' }, t('player.noHistory', { pool: poolName(pool) })));
      return;
    }
    const last = points[points.length - 1]!;
    const title = t('player.chartTitle', { name, pool: poolName(pool) });
    const desc = t('player.chartDesc', {
      n: points.length,
      first: dateText(points[0]!.at),
      last: dateText(last.at),
      rating: shownRating(last.rating),
      low: shownRating(Math.min(...points.map(p => p.rating))),
      high: shownRating(Math.max(...points.map(p => p.rating))),
    });
    $('#chart').innerHTML = chartSvg(points, { id: 'rating-chart', title, desc, date: dateText });
    for (const p of [...points].reverse()) {
      const row = el('tr');
      const link = el('td');
      link.append(el('a', { href: `/game/${encodeURIComponent(p.game)}` }, t('player.col.game')));
      row.append(el('td', {}, timeText(p.at)), el('td', { class: 'rating' }, String(shownRating(p.rating))), link);
      body.append(row);
    }
  }
  poolSelect.addEventListener('change', () => void drawHistory());
  void drawHistory();

  // The games, filtered, a page at a time.
  let listed: AccountGame[] = [];
  let filter: GamesFilter = {};
  let gamesSeq = 0;
  function readFilter(): GamesFilter | null {
    const result = $<HTMLSelectElement>('#filter-result').value as Outcome | '';
    const pool = $<HTMLSelectElement>('#filter-pool').value as Pool | '';
    const startText = $<HTMLInputElement>('#filter-start').value.trim();
    const start = Number(startText);
    if (startText && (!/^\d{1,3}$/.test(startText) || start > 959)) return null;
    return { ...(result && { result }), ...(pool && { pool }), ...(startText && { start }) };
  }
  async function loadGames(more: boolean) {
    const seq = ++gamesSeq;
    const last = listed[listed.length - 1];
    const query: GamesFilter = { ...filter, limit: PAGE_SIZE, ...(more && last && { before: last.createdAt }) };
    $('#games-status').textContent = t('home.loading');
    try {
      const { games } = await accounts.games(name, query);
      if (seq !== gamesSeq) return;
      listed = more ? [...listed, ...games] : games;
      $<HTMLButtonElement>('#more-games').hidden = games.length < PAGE_SIZE;
      drawGames(more ? games : listed, !more);
    } catch (e) {
      if (seq === gamesSeq) $('#games-status').textContent = t('player.loadFailed', { error: (e as Error).message });
    }
  }
  function drawGames(games: AccountGame[], fresh: boolean) {
    const body = $('#games tbody');
    if (fresh) body.innerHTML = '';
    for (const game of games) body.append(gameRow(game, name));
    $('#games').hidden = listed.length === 0;
    $('#games-status').textContent = listed.length ? t('player.gamesShown', { n: listed.length }) : t('player.noGames');
    drawByStart();
  }
  function drawByStart() {
    const rows = resultsByStart(listed, name);
    const body = $('#by-start tbody');
    body.innerHTML = '';
    for (const r of rows) {
      const row = el('tr');
      row.append(el('th', { scope: 'row' }, r.label), el('td', {}, String(r.wins)), el('td', {}, String(r.draws)), el('td', {}, String(r.losses)));
      body.append(row);
    }
    $('#by-start').hidden = rows.length === 0;
    $('#by-start-note').textContent = rows.length ? t('player.byStartNote', { n: listed.length }) : t('player.noFinished');
  }
  $('#games-filter').addEventListener('submit', e => {
    e.preventDefault();
    const next = readFilter();
    if (!next) {
      $('#games-status').textContent = t('home.chooseNumber');
      return;
    }
    filter = next;
    void loadGames(false);
  });
  for (const sel of ['#filter-result', '#filter-pool'])
    $(sel).addEventListener('change', () => $<HTMLFormElement>('#games-filter').requestSubmit());
  $('#more-games').addEventListener('click', () => void loadGames(true));
  void loadGames(false);
}

const OUTCOME_KEYS = { win: 'player.outcome.win', loss: 'player.outcome.loss', draw: 'player.outcome.draw' } as const;

function sideCell(game: AccountGame, color: 'white' | 'black', profile: string): HTMLElement {
  const side = game[color];
  const cell = el('td');
  if (!side.name) {
    cell.textContent = '–';
    return cell;
  }
  const link = el('a', { href: `/player/${encodeURIComponent(side.name)}` }, side.name);
  if (side.name === profile) {
    const strong = el('strong');
    strong.append(link);
    cell.append(strong);
  } else cell.append(link);
  if (typeof side.ratingBefore === 'number') cell.append(` ${shownRating(side.ratingBefore)}`);
  const change = sideChange(side);
  if (change !== null) cell.append(' ', el('span', { class: change > 0 ? 'gain' : change < 0 ? 'loss' : 'even' }, ratingChangeText(change)));
  return cell;
}

function gameRow(game: AccountGame, profile: string): HTMLTableRowElement {
  const row = el('tr', { 'data-game': game.id });
  const outcome = outcomeFor(game, profile);
  const result = el('td');
  const link = el('a', { href: `/game/${encodeURIComponent(game.id)}` }, game.result === '*' ? t('player.inPlay') : game.result);
  result.append(link);
  if (outcome) result.append(' ', el('span', { class: `outcome ${outcome}` }, t(OUTCOME_KEYS[outcome])));
  const start =
    typeof game.startNumber !== 'number'
      ? '–'
      : typeof game.startBlackNumber === 'number' && game.startBlackNumber !== game.startNumber
        ? `${game.startNumber}/${game.startBlackNumber}`
        : String(game.startNumber);
  row.append(
    el('td', {}, dateText(game.createdAt)),
    sideCell(game, 'white', profile),
    sideCell(game, 'black', profile),
    result,
    el('td', {}, `${poolName(game.pool)} · ${game.rated ? t('lobby.rated') : t('lobby.casual')}`),
    el('td', {}, start),
    el('td', {}, moveCount(game.plies)),
  );
  return row;
}
