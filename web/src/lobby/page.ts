// The lobby (/lobby): the open seeks, live (lobby/socket.ts), with Accept (Withdraw on one's own);
// the form that makes a seek (a time control, rated or casual, a colour, a start position, the
// opponent's rating range); who is online. When a seek is accepted both players go to the
// game at once: the one who accepted from the answer, the seeker from the lobby's "started"
// message. Signed out, the list is shown and making or accepting a seek asks to sign in.
//
// The rows of the list are kept while their seeks stay (a keyboard's focus on a button stays
// where it is when others come and go); what comes is said by screen readers.

import { type Account, accounts, lobby, type Seek } from '../account/api';
import { loginHref } from '../account/paths';
import { ratingText, poolOfClock } from '../account/rating';
import { session } from '../account/session';
import { colorChoices, radioHtml, startChoices } from '../common/choices';
import { t } from '../common/i18n';
import { el } from '../common/ui';
import {
  applyLobbyMessage,
  CLOCK_PRESETS,
  clockText,
  emptyLobby,
  type LobbyMessage,
  type LobbyState,
  poolName,
  ratingRangeText,
  seekChanges,
  seekColorText,
  seekSentence,
  seekSpecOf,
  startText,
} from './model';
import { connectLobby, type LobbyMode } from './socket';

export async function lobbyPage(root: HTMLElement): Promise<void> {
  document.title = `${t('lobby.title')} · chess960`;
  root.innerHTML = `
    <main class="lobby-page">
      <h1 class="sr-only">${t('lobby.title')}</h1>
      <section class="card seeks-card" aria-labelledby="seeks-title">
        <div class="card-head">
          <h2 id="seeks-title">${t('lobby.seeks')}</h2>
          <span id="lobby-mode" class="lobby-mode" data-mode="connecting">${t('lobby.connecting')}</span>
        </div>
        <div class="table-scroll"><table class="seeks" id="seeks">
          <thead><tr>
            <th scope="col">${t('lobby.col.player')}</th>
            <th scope="col">${t('lobby.col.rating')}</th>
            <th scope="col">${t('lobby.col.clock')}</th>
            <th scope="col">${t('lobby.col.mode')}</th>
            <th scope="col">${t('lobby.col.color')}</th>
            <th scope="col">${t('lobby.col.start')}</th>
            <th scope="col"><span class="sr-only">${t('lobby.col.action')}</span></th>
          </tr></thead>
          <tbody></tbody>
        </table></div>
        <p id="no-seeks" class="muted">${t('lobby.loading')}</p>
        <p id="lobby-error" class="error" role="alert" hidden></p>
        <p id="seek-status" class="seek-status" role="status"></p>
        <div id="lobby-announce" class="sr-only" aria-live="polite" aria-atomic="true"></div>
      </section>
      <section class="card create-card" aria-labelledby="create-title">
        <h2 id="create-title">${t('lobby.create')}</h2>
        <div id="create-body"></div>
      </section>
      <section class="card online-card" aria-labelledby="online-title">
        <h2 id="online-title">${t('lobby.onlineHeading')}</h2>
        <p id="online-count" class="muted"></p>
        <ul id="online" class="online"></ul>
      </section>
    </main>`;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;

  const me = await session();

  let state: LobbyState = emptyLobby();
  let loaded = false;
  let leaving = false;
  const withdrawn = new Set<string>(); // own seeks this page withdrew
  const rows = new Map<string, { row: HTMLTableRowElement; json: string }>();

  const announce = (text: string) => {
    const region = $('#lobby-announce');
    region.textContent = region.textContent === text ? `${text} ` : text;
  };
  const showError = (text: string) => {
    $('#lobby-error').hidden = !text;
    $('#lobby-error').textContent = text;
  };
  const own = (seek: Seek) => !!me && seek.player.name === me.name;

  function go(gameId: string) {
    if (leaving) return;
    leaving = true;
    $('#seek-status').textContent = t('lobby.starting');
    location.href = `/game/${encodeURIComponent(gameId)}`;
  }

  function seekRow(seek: Seek): HTMLTableRowElement {
    const row = el('tr', { 'data-seek': seek.id, class: own(seek) ? 'own' : '' });
    const player = el('td');
    player.append(el('a', { href: `/player/${encodeURIComponent(seek.player.name)}` }, seek.player.name));
    if (own(seek)) player.append(t('game.youSuffix'));
    const clock = el('td');
    clock.append(el('strong', {}, clockText(seek.clock)), ' ', el('span', { class: 'muted' }, poolName(seek.pool)));
    const mode = el('td', {}, seek.rated ? t('lobby.rated') : t('lobby.casual'));
    const range = ratingRangeText(seek.ratingRange);
    if (range) mode.append(el('br'), el('span', { class: 'muted' }, range));
    const action = el('td');
    const sentence = seekSentence(seek);
    if (own(seek)) {
      const withdraw = el('button', { type: 'button', class: 'withdraw', 'aria-label': t('lobby.withdrawLabel', { seek: sentence }) }, t('lobby.withdraw'));
      withdraw.onclick = () => void cancel(seek, withdraw);
      action.append(withdraw);
    } else {
      const accept = el('button', { type: 'button', class: 'accept primary', 'aria-label': t('lobby.acceptLabel', { seek: sentence }) }, t('lobby.accept'));
      accept.onclick = () => void acceptSeek(seek, accept);
      action.append(accept);
    }
    row.append(
      player,
      el('td', { class: 'rating' }, ratingText(seek.player)),
      clock,
      mode,
      el('td', {}, seekColorText(seek.color)),
      el('td', {}, startText(seek.start)),
      action,
    );
    return row;
  }

  // The table follows the seeks: rows of seeks gone are removed, new ones inserted in order,
  // the others left as they are.
  function drawSeeks() {
    const body = $('#seeks tbody');
    const ids = new Set(state.seeks.map(s => s.id));
    for (const [id, { row }] of rows)
      if (!ids.has(id)) {
        row.remove();
        rows.delete(id);
      }
    let previous: HTMLTableRowElement | null = null;
    for (const seek of state.seeks) {
      const json = JSON.stringify(seek);
      const kept = rows.get(seek.id);
      if (kept && kept.json === json) {
        previous = kept.row;
        continue;
      }
      const row = seekRow(seek);
      if (kept) kept.row.replaceWith(row);
      else if (previous) previous.after(row);
      else body.prepend(row);
      rows.set(seek.id, { row, json });
      previous = row;
    }
    $('#seeks').hidden = state.seeks.length === 0;
    $('#no-seeks').hidden = state.seeks.length > 0;
    $('#no-seeks').textContent = loaded ? t('lobby.noSeeks') : t('lobby.loading');
    const waiting = state.seeks.filter(own).length;
    if (!leaving) $('#seek-status').textContent = waiting ? t('lobby.waiting', { n: waiting }) : '';
  }

  function drawOnline() {
    const list = $('#online');
    list.innerHTML = '';
    if (state.online === null) {
      $('#online-count').textContent = t('lobby.onlineUnknown');
      return;
    }
    $('#online-count').textContent = t('lobby.onlineCount', { n: state.online.length });
    for (const name of state.online) {
      const item = el('li');
      item.append(el('a', { href: `/player/${encodeURIComponent(name)}` }, name));
      if (me && name === me.name) item.append(t('game.youSuffix'));
      list.append(item);
    }
  }

  function onMessage(message: LobbyMessage) {
    if (message.type === 'started') return go(message.game);
    const before = state;
    const wasLoaded = loaded;
    state = applyLobbyMessage(state, message);
    if (message.type === 'lobby') loaded = true;
    if (state === before && wasLoaded) return;
    const { added, removed } = seekChanges(before.seeks, state.seeks);
    // The first list is the page's; what comes after is news.
    if (wasLoaded) for (const seek of added) if (!own(seek)) announce(t('lobby.newSeek', { seek: seekSentence(seek) }));
    for (const seek of removed) if (own(seek) && !withdrawn.has(seek.id)) void maybeStarted(seek);
    drawSeeks();
    if (state.online !== before.online) drawOnline();
  }

  // A seek of ours left the list and we did not withdraw it: it was accepted. The "started"
  // message takes us to the game; without it (the lobby polled), our newest game does.
  async function maybeStarted(seek: Seek) {
    if (!me) return;
    await new Promise(r => setTimeout(r, 800));
    if (leaving) return;
    try {
      const { games } = await accounts.games(me.name, { limit: 1 });
      const game = games[0];
      if (game && game.result === '*' && game.createdAt >= seek.createdAt) go(game.id);
    } catch (e) {
      console.warn('lobby: could not look for the game of an accepted seek', e);
    }
  }

  async function acceptSeek(seek: Seek, button: HTMLButtonElement) {
    if (!me) {
      location.href = loginHref('/lobby');
      return;
    }
    showError('');
    button.disabled = true;
    try {
      const { game } = await lobby.accept(seek.id);
      go(game);
    } catch (e) {
      button.disabled = false;
      showError((e as Error).message);
      void channel.refresh();
    }
  }

  async function cancel(seek: Seek, button: HTMLButtonElement) {
    showError('');
    button.disabled = true;
    withdrawn.add(seek.id);
    try {
      await lobby.cancel(seek.id);
      announce(t('lobby.withdrawn'));
      onMessage({ type: 'unseek', id: seek.id });
    } catch (e) {
      withdrawn.delete(seek.id);
      button.disabled = false;
      showError((e as Error).message);
    }
    void channel.refresh();
  }

  function onMode(mode: LobbyMode) {
    const badge = $('#lobby-mode');
    badge.dataset.mode = mode;
    badge.textContent = mode === 'live' ? t('lobby.live') : mode === 'polling' ? t('lobby.polling') : t('lobby.connecting');
    if (mode === 'polling' && state.online !== null) {
      state = { ...state, online: null };
      drawOnline();
    }
  }

  drawOnline();
  if (me)
    createForm(
      $('#create-body'),
      // The player's own ratings: the form says which pool the clock is rated in, and theirs.
      accounts.profile(me.name).catch(() => null),
      seek => onMessage({ type: 'seek', seek }),
      () => void channel.refresh(),
    );
  else signInPrompt($('#create-body'));
  const channel = connectLobby({ message: onMessage, mode: onMode });
  addEventListener('pagehide', () => channel.close());
}

function signInPrompt(box: HTMLElement) {
  box.append(el('p', {}, t('lobby.signInToSeek')));
  box.append(el('a', { href: loginHref('/lobby'), class: 'button primary', id: 'lobby-sign-in' }, t('top.signIn')));
}

// The form that makes a seek.
function createForm(
  box: HTMLElement,
  account: Promise<Account | null>,
  created: (seek: Seek) => void,
  refresh: () => void,
) {
  const clockChoices = [...CLOCK_PRESETS, 'custom'] as const;
  box.innerHTML = `
    <form id="seek-form" novalidate>
      <fieldset>
        <legend>${t('lobby.timeControl')}</legend>
        <div class="clock-choices">
          ${radioHtml('clock', clockChoices.map(c => [c, c === 'custom' ? t('lobby.custom') : c]), '5+3')}
        </div>
        <div class="custom-clock" hidden>
          <label>${t('lobby.minutes')} <input id="custom-minutes" inputmode="decimal" size="5" value="5"></label>
          <label>${t('lobby.increment')} <input id="custom-increment" type="number" min="0" max="180" value="3"></label>
        </div>
        <p id="clock-pool" class="hint"></p>
      </fieldset>
      <fieldset>
        <legend>${t('lobby.mode')}</legend>
        ${radioHtml('rated', [['rated', t('lobby.rated')], ['casual', t('lobby.casual')]], 'rated')}
      </fieldset>
      <fieldset>
        <legend>${t('home.yourColour')}</legend>
        ${radioHtml('color', colorChoices(), 'random')}
      </fieldset>
      <fieldset>
        <legend>${t('home.startPosition')}</legend>
        ${radioHtml('start', startChoices(), 'random')}
        <div class="start-number" hidden>
          <input id="seek-number" type="number" min="0" max="959" value="518" inputmode="numeric" aria-label="${t('home.numberLabel')}">
        </div>
      </fieldset>
      <fieldset>
        <legend>${t('lobby.ratingRange')}</legend>
        <label>${t('lobby.min')} <input id="min-rating" type="number" min="0" max="4000" step="1" aria-describedby="range-hint"></label>
        <label>${t('lobby.max')} <input id="max-rating" type="number" min="0" max="4000" step="1" aria-describedby="range-hint"></label>
        <p id="range-hint" class="hint">${t('lobby.rangeHint')}</p>
      </fieldset>
      <p id="seek-error" class="error" role="alert" hidden></p>
      <button id="create-seek" type="submit" class="primary">${t('lobby.submit')}</button>
    </form>`;
  const form = box.querySelector<HTMLFormElement>('#seek-form')!;
  const $ = <T extends HTMLElement>(sel: string) => box.querySelector(sel) as T;
  const value = (name: string) => (form.elements.namedItem(name) as RadioNodeList).value;
  const read = () =>
    seekSpecOf({
      clock: value('clock'),
      customMinutes: $<HTMLInputElement>('#custom-minutes').value,
      customIncrement: $<HTMLInputElement>('#custom-increment').value,
      rated: value('rated') === 'rated',
      color: value('color'),
      start: value('start'),
      number: $<HTMLInputElement>('#seek-number').value,
      minRating: $<HTMLInputElement>('#min-rating').value,
      maxRating: $<HTMLInputElement>('#max-rating').value,
    });
  const showError = (text: string) => {
    $('#seek-error').hidden = !text;
    $('#seek-error').textContent = text;
  };

  // Which pool the chosen clock is rated in, and the player's rating there.
  function sync() {
    $('.custom-clock').hidden = value('clock') !== 'custom';
    $('.start-number').hidden = value('start') !== 'number';
    const spec = read();
    const hint = $('#clock-pool');
    if (!('spec' in spec)) {
      hint.textContent = '';
      return;
    }
    const pool = poolOfClock(spec.spec.clock.initial, spec.spec.clock.increment);
    const rating = mine?.ratings[pool];
    hint.textContent = rating ? t('lobby.poolRating', { pool: poolName(pool), rating: ratingText(rating) }) : poolName(pool);
  }
  let mine: Account | null = null;
  form.addEventListener('change', sync);
  form.addEventListener('input', sync);
  sync();
  void account.then(a => {
    mine = a;
    sync();
  });

  form.addEventListener('submit', async e => {
    e.preventDefault();
    showError('');
    const spec = read();
    if ('error' in spec) return showError(spec.error);
    const button = $<HTMLButtonElement>('#create-seek');
    button.disabled = true;
    try {
      created(await lobby.create(spec.spec));
    } catch (err) {
      showError((err as Error).message);
    }
    button.disabled = false;
    refresh();
  });
}
