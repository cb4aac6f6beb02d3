// The game database page (/db): the opening explorer at a start position, a search of the
// stored games (this server's and the imported collections'), and the games by start position.
//
//   /db                     the explorer at start position 518, the latest games, every start's count
//   /db?start=N             the explorer at start position N (sources: imported, this server's)
//   /db?source=player&player=NAME&color=white|black[&start=N]
//                           a player's own explorer as that colour (at N, else the start of their
//                           latest game as that colour), and the search filled in with them
//   /db?source=imported&collection=NAME[&start=N]
//                           one imported collection's explorer (at N, else the start of its latest
//                           game): where an upload's link goes
//   /db?game=ID             a stored game with the explorer following its moves (game-view.ts)
//
// And a signed-in player's upload of a PGN file into a collection of their own (upload-form.ts).
//
// Names come from people and files: they go into the page as text, never as HTML.

import { session } from '../account/session';
import { t } from '../common/i18n';
import { el } from '../common/ui';
import { db, type DbGame } from '../explorer/api';
import { createExplorer, speedName } from '../explorer/panel';
import { type DbSearch, readDbParams, type Source, SPEEDS, startNumberOf } from '../explorer/query';
import { gameView } from './game-view';
import { resultRow, resultsHead } from './results';
import { readSearch, type SearchFields } from './search';
import { startsTable } from './starts';
import { fillUpload } from './upload-form';

const PAGE_SIZE = 50;
const DEFAULT_START = 518; // the standard chess position's number

export async function dbPage(root: HTMLElement): Promise<void> {
  const params = readDbParams(location.search);
  document.title = `${t('db.title')} · chess960`;
  root.innerHTML = `
    <main class="db-page">
      <h1 id="db-heading"></h1>
      <section class="card db-game" id="db-game" aria-labelledby="db-game-title" hidden></section>
      <div class="card" id="db-explorer-card"></div>
      <section class="card" id="db-search" aria-labelledby="db-search-title">
        <h2 id="db-search-title"></h2>
        <form id="db-search-form" class="filters" novalidate>
          <p class="field"><label for="db-start"></label>
            <input id="db-start" name="start" type="number" min="0" max="959" inputmode="numeric" aria-describedby="db-start-hint">
            <span id="db-start-hint" class="hint"></span></p>
          <p class="field"><label for="db-player"></label> <input id="db-player" name="player" autocomplete="off" spellcheck="false"></p>
          <p class="field"><label for="db-color"></label> <select id="db-color" name="color"></select></p>
          <p class="field"><label for="db-result"></label> <select id="db-result" name="result"></select></p>
          <p class="field"><label for="db-speed"></label> <select id="db-speed" name="speed"></select></p>
          <p class="field"><label for="db-since"></label> <input id="db-since" name="since" type="date"></p>
          <p class="field"><label for="db-until"></label> <input id="db-until" name="until" type="date"></p>
          <button type="submit" id="db-find"></button>
        </form>
        <p id="db-status" role="status"></p>
        <div class="table-scroll"><table class="games" id="db-results" hidden><caption class="sr-only"></caption><tbody></tbody></table></div>
        <button type="button" id="db-more" hidden></button>
      </section>
      <section class="card" id="db-starts-card" aria-labelledby="db-starts-title">
        <h2 id="db-starts-title"></h2>
        <p id="db-starts-note" class="hint"></p>
        <div class="table-scroll" id="db-starts-box"></div>
      </section>
      <section class="card" id="db-upload" aria-labelledby="db-upload-title">
        <h2 id="db-upload-title"></h2>
        <div id="db-upload-box"></div>
      </section>
    </main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  $('#db-heading').textContent = t('db.heading');

  // A stored game, when one is asked for.
  if (params.game) {
    $('#db-game').hidden = false;
    void gameView($('#db-game'), params.game);
  }

  // The explorer at a start position, with the number to choose another (a stored game has its
  // own, following its moves).
  $('#db-explorer-card').hidden = !!params.game;
  const sources: Source[] = params.player ? ['player', 'imported', 'games'] : ['imported', 'games'];
  const explorer = createExplorer({
    idPrefix: 'db-explorer',
    sources,
    ...(params.player && { player: params.player }),
    ...(params.collection && { collection: params.collection }),
  });
  $('#db-explorer-card').append(explorer.element);
  const startForm = el('form', { class: 'explorer-start', id: 'db-explorer-start', novalidate: '' });
  const startInput = el('input', { id: 'db-explorer-number', type: 'number', min: '0', max: '959', inputmode: 'numeric', required: '' });
  const startError = el('span', { class: 'move-error', id: 'db-explorer-error', role: 'alert' });
  startInput.setAttribute('aria-describedby', 'db-explorer-error');
  startForm.append(el('label', { for: 'db-explorer-number' }, t('db.explorerStart')), ' ', startInput, ' ', el('button', { type: 'submit' }, t('db.show')), ' ', startError);
  explorer.element.insertBefore(startForm, explorer.element.children[1] ?? null);
  const showStart = (n: number) => {
    startInput.value = String(n);
    startError.textContent = '';
    explorer.show({ base: { start: n }, play: [] });
  };
  startForm.addEventListener('submit', e => {
    e.preventDefault();
    const n = startNumberOf(startInput.value);
    if (n === null) {
      startError.textContent = t('db.chooseStart');
      return;
    }
    // The address follows, so that the position can be linked to and comes back on reload.
    const url = new URL(location.href);
    url.searchParams.set('start', String(n));
    history.replaceState(null, '', url);
    showStart(n);
  });
  // The start position asked for; a player's latest as that colour, or the collection's latest;
  // else 518. A stored game has its own explorer instead.
  const firstStart = () => {
    if (params.start !== null) showStart(params.start);
    else if (params.player || params.collection) {
      // The start of the player's latest game as that colour, or of the collection's latest.
      const latestOf: DbSearch = params.player ? { player: params.player.name, color: params.player.color } : { collection: params.collection! };
      db.games({ ...latestOf, max: 1 })
        .then(([latest]) => showStart(typeof latest?.start === 'number' ? latest.start : DEFAULT_START))
        .catch(() => showStart(DEFAULT_START));
    } else showStart(DEFAULT_START);
  };
  if (!params.game) firstStart();

  // The search.
  $('#db-search-title').textContent = t('db.search');
  const label = (id: string, key: Parameters<typeof t>[0]) => ($(`label[for='${id}']`).textContent = t(key));
  label('db-start', 'db.field.start');
  $('#db-start-hint').textContent = t('player.filter.startHint');
  label('db-player', 'db.field.player');
  label('db-color', 'db.field.color');
  label('db-result', 'db.field.result');
  label('db-speed', 'db.field.speed');
  label('db-since', 'db.field.since');
  label('db-until', 'db.field.until');
  $('#db-find').textContent = t('db.find');
  $('#db-more').textContent = t('player.more');
  const options = (id: string, choices: [string, string][]) => {
    for (const [value, text] of choices) $(`#${id}`).append(el('option', { value }, text));
  };
  options('db-color', [['', t('db.any')], ['white', t('color.White')], ['black', t('color.Black')]]);
  options('db-result', [['', t('db.any')], ['1-0', '1-0'], ['0-1', '0-1'], ['1/2-1/2', '½-½']]);
  options('db-speed', [['', t('db.any')], ...SPEEDS.map(s => [s, speedName(s)] as [string, string])]);
  $('#db-results caption').textContent = t('db.resultsCaption');
  $('#db-results').insertBefore(resultsHead(), $('#db-results tbody'));
  if (params.player) {
    $<HTMLInputElement>('#db-player').value = params.player.name;
    $<HTMLSelectElement>('#db-color').value = params.player.color;
  }

  const form = $<HTMLFormElement>('#db-search-form');
  const fields = (): SearchFields => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;
    return { start: value('start'), player: value('player'), color: value('color'), result: value('result'), speed: value('speed'), since: value('since'), until: value('until') };
  };
  let search: DbSearch = {};
  let listed: DbGame[] = [];
  let seq = 0;
  async function find(more: boolean) {
    const mine = ++seq;
    const last = listed[listed.length - 1];
    $('#db-status').textContent = t('home.loading');
    try {
      const games = await db.games({ ...search, max: PAGE_SIZE, ...(more && last && { before: last.id }) });
      if (mine !== seq) return;
      listed = more ? [...listed, ...games] : games;
      const body = $('#db-results tbody');
      if (!more) body.innerHTML = '';
      for (const game of games) body.append(resultRow(game));
      $('#db-results').hidden = listed.length === 0;
      $<HTMLButtonElement>('#db-more').hidden = games.length < PAGE_SIZE;
      $('#db-status').textContent = listed.length ? t('db.found', { n: listed.length }) : t('db.noGames');
    } catch (e) {
      if (mine === seq) $('#db-status').textContent = t('db.loadFailed', { error: (e as Error).message });
    }
  }
  form.addEventListener('submit', e => {
    e.preventDefault();
    const read = readSearch(fields());
    form.querySelectorAll('[aria-invalid]').forEach(f => f.removeAttribute('aria-invalid'));
    if (read.kind === 'error') {
      const field = $(`#db-${read.field}`);
      field.setAttribute('aria-invalid', 'true');
      $('#db-status').textContent = t(read.field === 'start' ? 'db.chooseStart' : 'db.badDate');
      field.focus();
      return;
    }
    search = read.search;
    void find(false);
  });
  $('#db-more').addEventListener('click', () => void find(true));
  form.requestSubmit();

  // The upload, for a signed-in player.
  $('#db-upload-title').textContent = t('db.upload.title');
  void session().then(me => fillUpload($('#db-upload-box'), me));

  // The games by start position.
  $('#db-starts-title').textContent = t('db.starts');
  try {
    const { starts } = await db.starts();
    const box = $('#db-starts-box');
    box.append(startsTable(starts));
    $('#db-starts-note').textContent = starts.some(s => s.games > 0) ? t('db.startsNote') : t('db.noGames');
    $('#db-starts').hidden = !starts.some(s => s.games > 0);
  } catch (e) {
    $('#db-starts-note').textContent = t('db.loadFailed', { error: (e as Error).message });
  }
}

