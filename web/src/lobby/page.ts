// The lobby (/lobby): quick pairing's four pools (lobby/quick.ts); the open seeks, live
// (lobby/socket.ts), with Accept (Withdraw on one's own);
// apart from them, signed in, the challenges to one (Accept, Decline) and one's own to others
// (Withdraw; made from a player's profile);
// the form that makes a seek (a time control, rated or casual, a colour, a start position, the
// opponent's rating range); who is online. When a seek is accepted both players go to the
// game at once: the one who accepted from the answer, the seeker from the lobby's "started"
// message. Signed out, the list is shown and making or accepting a seek asks to sign in.
//
// The rows of the list are kept while their seeks stay (a keyboard's focus on a button stays
// where it is when others come and go); what comes is said by screen readers.

import { type AccountGame, accounts, lobby, type Seek } from '../account/api';
import { loginHref } from '../account/paths';
import { ratingText } from '../account/rating';
import { session } from '../account/session';
import { api } from '../common/api';
import { t } from '../common/i18n';
import { askToNotify, notificationsSupported, notify, notifying, stopNotifying } from '../common/notify';
import { showTurnCount } from '../common/top-bar';
import { el } from '../common/ui';
import { formatDays } from '../round/clock';
import { createForm } from './form';
import { quickPairing } from './quick';
import {
  applyLobbyMessage,
  emptyLobby,
  type LobbyMessage,
  type LobbyState,
  poolName,
  ratingRangeText,
  seekChanges,
  seekColorText,
  seekKind,
  seekNews,
  seeksByKind,
  seekSentence,
  startText,
  timeControlText,
} from './model';
import { connectLobby, type LobbyMode } from './socket';
import { myTurnGames, newlyMyTurn, sideToMove, timeLeftAt, turnKey } from './turns';

export async function lobbyPage(root: HTMLElement): Promise<void> {
  document.title = `${t('lobby.title')} · chess960`;
  const head = `
          <thead><tr>
            <th scope="col">${t('lobby.col.player')}</th>
            <th scope="col">${t('lobby.col.rating')}</th>
            <th scope="col">${t('lobby.col.clock')}</th>
            <th scope="col">${t('lobby.col.mode')}</th>
            <th scope="col">${t('lobby.col.color')}</th>
            <th scope="col">${t('lobby.col.start')}</th>
            <th scope="col"><span class="sr-only">${t('lobby.col.action')}</span></th>
          </tr></thead>`;
  root.innerHTML = `
    <main class="lobby-page">
      <h1 class="sr-only">${t('lobby.title')}</h1>
      <section class="card turns-card" id="turns-card" aria-labelledby="turns-title" hidden>
        <h2 id="turns-title">${t('corr.yourTurn')}</h2>
        <ul id="turns" class="turns"></ul>
        <p id="no-turns" class="muted">${t('lobby.loading')}</p>
        <p><button id="notify-toggle" type="button" hidden></button> <span id="notify-state" class="hint" role="status"></span></p>
      </section>
      <section class="card challenges-card" id="challenges-card" aria-labelledby="challenges-title" hidden>
        <h2 id="challenges-title">${t('lobby.challenges')}</h2>
        <h3 id="incoming-title">${t('lobby.challengesIn')}</h3>
        <div class="table-scroll"><table class="seeks" id="incoming" aria-labelledby="incoming-title">${head}<tbody></tbody></table></div>
        <h3 id="outgoing-title">${t('lobby.challengesOut')}</h3>
        <div class="table-scroll"><table class="seeks" id="outgoing" aria-labelledby="outgoing-title">${head}<tbody></tbody></table></div>
      </section>
      <section class="card quick-card" aria-labelledby="quick-title">
        <h2 id="quick-title">${t('quick.title')}</h2>
        <div id="quick-body"></div>
      </section>
      <section class="card seeks-card" aria-labelledby="seeks-title">
        <div class="card-head">
          <h2 id="seeks-title">${t('lobby.seeks')}</h2>
          <span id="lobby-mode" class="lobby-mode" data-mode="connecting">${t('lobby.connecting')}</span>
        </div>
        <div class="table-scroll"><table class="seeks" id="seeks">${head}<tbody></tbody></table></div>
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
  const withdrawn = new Set<string>(); // own seeks this page withdrew, challenges it declined
  const accepting = new Set<string>(); // challenges this page accepts
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
  const kind = (seek: Seek) => seekKind(seek, me?.name ?? null);

  function go(gameId: string, text = t('lobby.starting')) {
    if (leaving) return;
    leaving = true;
    $('#seek-status').textContent = text;
    location.href = `/game/${encodeURIComponent(gameId)}`;
  }

  function seekRow(seek: Seek): HTMLTableRowElement {
    const row = el('tr', { 'data-seek': seek.id, class: own(seek) ? 'own' : '' });
    const player = el('td');
    if (kind(seek) === 'outgoing' && seek.to) {
      // "to <name>" in the page's words, the name a link to the profile.
      const [before, after] = t('lobby.toName', { name: '\u0000' }).split('\u0000');
      player.append(before ?? '', el('a', { href: `/player/${encodeURIComponent(seek.to)}` }, seek.to), after ?? '');
    } else {
      player.append(el('a', { href: `/player/${encodeURIComponent(seek.player.name)}` }, seek.player.name));
      if (own(seek)) player.append(t('game.youSuffix'));
    }
    const clock = el('td');
    clock.append(el('strong', {}, timeControlText(seek)), ' ', el('span', { class: 'muted' }, poolName(seek.pool)));
    const mode = el('td', {}, seek.rated ? t('lobby.rated') : t('lobby.casual'));
    const range = ratingRangeText(seek.ratingRange);
    if (range) mode.append(el('br'), el('span', { class: 'muted' }, range));
    const action = el('td');
    const sentence = seekSentence(seek);
    if (own(seek)) {
      const label = seek.to ? t('lobby.withdrawChallengeLabel', { name: seek.to, seek: sentence }) : t('lobby.withdrawLabel', { seek: sentence });
      const withdraw = el('button', { type: 'button', class: 'withdraw', 'aria-label': label }, t('lobby.withdraw'));
      withdraw.onclick = () => void cancel(seek, withdraw);
      action.append(withdraw);
    } else {
      const label = seek.to ? t('lobby.acceptChallengeLabel', { seek: sentence }) : t('lobby.acceptLabel', { seek: sentence });
      const accept = el('button', { type: 'button', class: 'accept primary', 'aria-label': label }, t('lobby.accept'));
      accept.onclick = () => void acceptSeek(seek, accept);
      action.append(accept);
      if (seek.to) {
        const decline = el('button', { type: 'button', class: 'decline', 'aria-label': t('lobby.declineLabel', { seek: sentence }) }, t('lobby.decline'));
        decline.onclick = () => void cancel(seek, decline);
        action.append(' ', decline);
      }
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

  // The tables follow the seeks: rows of seeks gone are removed, new ones inserted in order,
  // the others left as they are.
  function drawSeeks() {
    const ids = new Set(state.seeks.map(s => s.id));
    for (const [id, { row }] of rows)
      if (!ids.has(id)) {
        row.remove();
        rows.delete(id);
      }
    const kinds = seeksByKind(state.seeks, me?.name ?? null);
    drawTable($('#seeks tbody'), kinds.open);
    drawTable($('#incoming tbody'), kinds.incoming);
    drawTable($('#outgoing tbody'), kinds.outgoing);
    $('#incoming').hidden = $('#incoming-title').hidden = kinds.incoming.length === 0;
    $('#outgoing').hidden = $('#outgoing-title').hidden = kinds.outgoing.length === 0;
    $('#challenges-card').hidden = kinds.incoming.length + kinds.outgoing.length === 0;
    $('#seeks').hidden = kinds.open.length === 0;
    $('#no-seeks').hidden = kinds.open.length > 0;
    $('#no-seeks').textContent = loaded ? t('lobby.noSeeks') : t('lobby.loading');
    const waiting = state.seeks.filter(own).length;
    if (!leaving) $('#seek-status').textContent = waiting ? t('lobby.waiting', { n: waiting }) : '';
  }

  function drawTable(body: HTMLElement, seeks: Seek[]) {
    let previous: HTMLTableRowElement | null = null;
    for (const seek of seeks) {
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
    if (message.type === 'started') {
      void turns?.refresh();
      return go(message.game, quick.waiting() ? t('quick.found') : undefined);
    }
    quick.message(message);
    if (message.type === 'pools') return;
    const before = state;
    const wasLoaded = loaded;
    state = applyLobbyMessage(state, message);
    if (message.type === 'lobby') loaded = true;
    if (state === before && wasLoaded) return;
    const { added, removed } = seekChanges(before.seeks, state.seeks);
    // The first list is the page's; what comes after is news.
    if (wasLoaded)
      for (const seek of added) {
        const news = seekNews(seek, me?.name ?? null);
        if (news) announce(news);
      }
    for (const seek of removed) {
      if (own(seek) && !withdrawn.has(seek.id)) void maybeStarted(seek);
      else if (kind(seek) === 'incoming' && !withdrawn.has(seek.id) && !accepting.has(seek.id))
        announce(t('lobby.challengeGone', { name: seek.player.name }));
    }
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
      else if (seek.to) announce(t('lobby.challengeClosed', { name: seek.to }));
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
    accepting.add(seek.id);
    try {
      const { game } = await lobby.accept(seek.id);
      go(game);
    } catch (e) {
      accepting.delete(seek.id);
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
      announce(kind(seek) === 'incoming' ? t('lobby.declined') : seek.to ? t('lobby.challengeWithdrawn') : t('lobby.withdrawn'));
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

  const quick = quickPairing($('#quick-body'), { me: me?.name ?? null, go, showError, announce });
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
  const turns = me ? yourTurnCard(root, me.name) : null;
  const channel = connectLobby({ message: onMessage, mode: onMode });
  addEventListener('pagehide', () => channel.close());
}

const TURNS_POLL_MS = 30_000;

// "Your turn": the account's games in play where it is to move, read every 30 s (and when a game
// starts), each a link to the game, a correspondence game with its time left; the top bar's
// count follows; a game that newly waits for the account is notified when the player asked.
function yourTurnCard(root: HTMLElement, me: string) {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  $('#turns-card').hidden = false;
  let known: Set<string> | null = null;
  let reading = false;

  async function refresh() {
    if (reading) return;
    reading = true;
    try {
      const { games } = await accounts.games(me, { inPlay: true });
      const mine = myTurnGames(games, me);
      for (const game of newlyMyTurn(known, mine))
        notify(t('corr.notifyTitle'), t('corr.notifyBody', { name: opponentOf(game, me) }), `/game/${encodeURIComponent(game.id)}`);
      known = new Set(mine.map(turnKey));
      showTurnCount(mine.length);
      await draw(mine);
    } catch (e) {
      console.warn('lobby: could not read the games in play', e);
    } finally {
      reading = false;
    }
  }

  async function draw(games: AccountGame[]) {
    const list = $('#turns');
    // The time left of correspondence games, from their views (the list does not carry clocks).
    const left = new Map<string, number>();
    await Promise.all(
      games
        .filter(g => g.pool === 'correspondence')
        .map(async g => {
          try {
            const clock = (await api.game(g.id)).clock;
            if (clock?.daysPerMove) left.set(g.id, timeLeftAt(clock, sideToMove(g), Date.now()));
          } catch {
            // the time left is then not shown
          }
        }),
    );
    list.innerHTML = '';
    for (const game of games) {
      const item = el('li', { 'data-game': game.id });
      item.append(el('a', { href: `/game/${encodeURIComponent(game.id)}` }, t('corr.turnItem', { name: opponentOf(game, me), pool: poolName(game.pool) })));
      const ms = left.get(game.id);
      if (ms !== undefined) item.append(' ', el('span', { class: 'muted' }, t('corr.timeLeft', { time: formatDays(ms) })));
      list.append(item);
    }
    $('#no-turns').hidden = games.length > 0;
    $('#no-turns').textContent = t('corr.noTurns');
  }

  // The notification switch: asks the browser once; the choice is kept in the prefs.
  const toggle = $<HTMLButtonElement>('#notify-toggle');
  const drawToggle = () => {
    toggle.hidden = !notificationsSupported();
    toggle.textContent = notifying() ? t('corr.notifyOff') : t('corr.notifyMe');
    toggle.setAttribute('aria-pressed', String(notifying()));
  };
  toggle.onclick = async () => {
    if (notifying()) {
      stopNotifying();
      $('#notify-state').textContent = '';
    } else {
      const answer = await askToNotify();
      $('#notify-state').textContent = answer === 'granted' ? t('corr.notifyOn') : t('corr.notifyDenied');
    }
    drawToggle();
  };
  drawToggle();

  void refresh();
  const timer = setInterval(() => void refresh(), TURNS_POLL_MS);
  addEventListener('pagehide', () => clearInterval(timer));
  return { refresh };
}

const opponentOf = (game: AccountGame, me: string) => (game.white.name === me ? game.black.name : game.white.name) ?? '?';

function signInPrompt(box: HTMLElement) {
  box.append(el('p', {}, t('lobby.signInToSeek')));
  box.append(el('a', { href: loginHref('/lobby'), class: 'button primary', id: 'lobby-sign-in' }, t('top.signIn')));
}
