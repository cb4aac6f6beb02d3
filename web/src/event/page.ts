// The event page (/event/<id>): the published parameters and commitment, each round's pairings,
// reveal countdown and (from the reveal) start position, the live boards and results, the
// standings, the PGN, and once closed the secret and the verification. With the organiser's
// token (#organiser=... once, then kept in this browser) it adds the organiser's panel: the next
// round's pairings and entropy, the players' links, reveal now, close. With a player's link
// (#seat=...) it shows that player's board and, from the round's start, the way to the game.
//
// Names come from people: they go into the page as text (textContent), never as HTML.

import { type PreviewBoard, previewBoard } from '../board/board';
import { ApiError } from '../common/errors';
import { t } from '../common/i18n';
import { copyText, el, toast } from '../common/ui';
import { eventApi, type EventRound, type EventView, type SeatView } from './api';
import { session } from '../account/session';
import { boardStatus, formatCountdown, formatPoints, nextDue, playerOfAccount } from './model';
import { OrganiserPanel } from './organiser';
import { joinForm, playerPanel } from './paired';
import { loadOrganiserToken, loadPlayerToken, loadSeatToken, saveOrganiserToken, savePlayerToken, saveSeatToken } from './tokens';

const POLL_MS = 2000;
const QUIET_POLL_MS = 15000;

// Closed, and no game in play: nothing will change but by a rare event.
function quiet(view: EventView | null): boolean {
  return !!view && view.status === 'closed' && view.rounds.every(r => r.started && r.boards.every(b => b.game?.status !== 'active'));
}

export async function eventPage(root: HTMLElement, id: string): Promise<void> {
  // Tokens come in the fragment, which the browser never sends: keep them, then hide them.
  const fragment = new URLSearchParams(location.hash.slice(1));
  const organiserFromLink = fragment.get('organiser');
  const seatFromLink = fragment.get('seat');
  const joinFromLink = fragment.get('join'); // a paired event's join link, used once
  const playerFromLink = fragment.get('player'); // a paired event's player
  if (organiserFromLink) saveOrganiserToken(id, organiserFromLink);
  if (seatFromLink) saveSeatToken(id, seatFromLink);
  if (playerFromLink) savePlayerToken(id, playerFromLink);
  if (organiserFromLink || seatFromLink || joinFromLink || playerFromLink) history.replaceState(null, '', location.pathname);
  const playerToken = loadPlayerToken(id);
  let organiserToken = loadOrganiserToken(id);
  const seatToken = loadSeatToken(id);

  root.innerHTML = `
    <main class="event-page">
      <section class="card event-head" aria-labelledby="event-title">
        <h1 id="event-title">${t('event.heading')}</h1>
        <dl class="event-params" id="event-params"></dl>
        <div class="commitment">
          <span>${t('event.commitment')}</span>
          <code id="commitment"></code>
          <button type="button" id="copy-commitment">${t('event.copy')}</button>
        </div>
        <p id="event-status" class="event-status" aria-live="polite"></p>
      </section>
      <section class="card seat-panel" id="seat-panel" aria-labelledby="seat-title" hidden>
        <h2 id="seat-title">${t('event.yourGame')}</h2>
        <p id="seat-text"></p>
        <p id="seat-status" aria-live="polite"></p>
        <p id="seat-countdown" class="countdown"></p>
        <a id="play-link" class="button primary" hidden>${t('event.playYourGame')}</a>
      </section>
      <section class="card join-panel" id="join-panel" aria-labelledby="join-title" hidden></section>
      <section class="card player-panel" id="player-panel" aria-labelledby="player-title" hidden></section>
      <section class="card organiser-panel" id="organiser-panel" aria-labelledby="organiser-title" hidden></section>
      <section class="card" aria-labelledby="rounds-title">
        <h2 id="rounds-title">${t('event.rounds')}</h2>
        <div id="rounds"><p class="muted">${t('event.loading')}</p></div>
      </section>
      <section class="card" aria-labelledby="standings-title">
        <h2 id="standings-title">${t('event.standings')}</h2>
        <table class="standings" id="standings">
          <thead><tr><th scope="col">${t('event.col.rank')}</th><th scope="col">${t('event.col.player')}</th><th scope="col">${t('event.col.points')}</th>
            <th scope="col"><abbr title="${t('event.col.sbTitle')}">${t('event.col.sb')}</abbr></th><th scope="col">${t('event.col.games')}</th></tr></thead>
          <tbody></tbody>
        </table>
        <p class="muted">${t('event.standingsNote')}</p>
        <p><a id="pgn-link" class="button" download>${t('event.pgn')}</a></p>
      </section>
      <section class="card" id="verification" aria-labelledby="verification-title" hidden>
        <h2 id="verification-title">${t('event.verification')}</h2>
        <p id="verdict" class="verdict"></p>
        <ul id="problems" class="error"></ul>
        <p>${t('event.secret')} <code id="secret"></code></p>
        <table class="verify-rounds" id="verify-rounds">
          <thead><tr><th scope="col">${t('event.col.round')}</th><th scope="col">${t('event.col.entropy')}</th><th scope="col">${t('event.col.drawn')}</th><th scope="col">${t('event.col.played')}</th><th scope="col">${t('event.col.matches')}</th></tr></thead>
          <tbody></tbody>
        </table>
        <p>${t('event.checkYourself', { command: '<code>chess960</code>' })}</p>
        <pre class="command"><code id="verify-command"></code></pre>
        <button type="button" id="copy-command">${t('event.copyCommand')}</button>
        <p class="muted">${t('event.byHand', { command: '<code>echo SECRET | xxd -r -p | sha256sum</code>', doc: '<code>docs/event-draw.md</code>' })}</p>
      </section>
    </main>`;

  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  $<HTMLAnchorElement>('#pgn-link').href = eventApi.pgnUrl(id);
  $<HTMLAnchorElement>('#pgn-link').setAttribute('download', `chess960-event-${id}.pgn`);
  if (joinFromLink) joinForm($<HTMLElement>('#join-panel'), id, joinFromLink);

  let view: EventView | null = null;
  let seat: SeatView | null = null;
  let seatProblem: string | null = null;
  let offset = 0; // server time - local time
  const serverNow = () => Date.now() + offset;
  const boards = new Map<string, PreviewBoard>(); // the live boards, by game id
  let roundsKey = '';
  let organiserPanel: OrganiserPanel | null = null;

  // --- Fetching -------------------------------------------------------------------------------

  let pollTimer: number | undefined;
  async function refresh(): Promise<void> {
    window.clearTimeout(pollTimer);
    try {
      let next: EventView;
      if (organiserToken) {
        try {
          next = await eventApi.organiser(id, organiserToken);
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 403) throw e;
          organiserToken = null; // another event's token, or a wrong one
          toast(t('event.wrongOrganiserToken'));
          next = await eventApi.view(id);
        }
      } else {
        next = await eventApi.view(id);
      }
      offset = next.now - Date.now();
      if (seatToken) {
        try {
          seat = await eventApi.seat(id, seatToken);
          seatProblem = null;
        } catch (e) {
          seatProblem = e instanceof ApiError && e.status === 403 ? t('event.wrongSeat') : (e as Error).message;
        }
      }
      view = next;
      render();
    } catch (e) {
      if (!view) {
        root.innerHTML = '';
        const main = el('main', { class: 'event-page' });
        main.append(
          el('p', { class: 'error' }, e instanceof ApiError && e.status === 404 ? t('event.noSuchEvent') : (e as Error).message),
          el('p'),
        );
        main.lastElementChild!.append(el('a', { href: '/' }, t('event.backHome')));
        root.append(main);
        return;
      }
    }
    pollTimer = window.setTimeout(() => void refresh(), quiet(view) ? QUIET_POLL_MS : POLL_MS);
  }

  // Countdowns, and a refresh the moment something is due (the server reveals then).
  window.setInterval(() => {
    if (!view) return;
    updateTimes();
    const due = nextDue(view);
    if (due !== null && serverNow() >= due + 50) void refresh();
  }, 250);

  // --- Rendering -------------------------------------------------------------------------------

  function render(): void {
    const v = view!;
    document.title = `${v.parameters.name} · chess960`;
    $('#event-title').textContent = v.parameters.name;
    renderParams(v);
    $('#commitment').textContent = v.commitment;
    $('#event-status').textContent =
      v.status === 'closed'
        ? t('event.closedStatus')
        : t('event.roundsEntered', { entered: v.rounds.length, total: v.parameters.rounds });
    renderSeat();
    renderPlayer(v);
    renderOrganiser(v);
    renderRounds(v);
    renderStandings(v);
    renderVerification(v);
    updateTimes();
  }

  function renderParams(v: EventView): void {
    const p = v.parameters;
    const dl = $('#event-params');
    dl.replaceChildren();
    const add = (term: string, value: string) => dl.append(el('dt', {}, term), el('dd', {}, value));
    add(t('event.rounds'), String(p.rounds));
    add(t('event.param.excluded'), p.exclude.length ? p.exclude.join(', ') : t('event.param.none'));
    add(t('event.param.repeats'), p.allowRepeats ? t('event.param.repeatsYes') : t('event.param.repeatsNo'));
    add(t('event.param.double'), p.double960 ? t('event.yes') : t('event.no'));
    add(
      t('event.timeControl'),
      p.clock ? t('event.clockValue', { m: p.clock.initial / 60, s: p.clock.increment }) : t('event.noClock'),
    );
  }

  function renderSeat(): void {
    const panel = $('#seat-panel');
    panel.hidden = !seatToken;
    if (!seatToken) return;
    const link = $<HTMLAnchorElement>('#play-link');
    if (seatProblem || !seat) {
      $('#seat-text').textContent = seatProblem ?? '';
      link.hidden = true;
      return;
    }
    const colour = seat.color === 'white' ? t('color.White') : t('color.Black');
    $('#seat-text').textContent = t('event.seatText', {
      name: seat.you,
      colour,
      opponent: seat.opponent,
      board: seat.board,
      round: seat.round,
    });
    link.hidden = !seat.gameId;
    if (seat.gameId) link.href = `/game/${seat.gameId}#seat=${seatToken}`;
  }

  // A paired event's player (their token, or, with none in this browser, the signed-in account
  // that is a player: its cookie acts as the token): drawn again when a round is published or
  // started, or the standings move on.
  let playerKey = '';
  let accountName: string | null = null;
  void session().then(account => {
    accountName = account?.name ?? null;
    if (accountName && view) renderPlayer(view);
  });
  function renderPlayer(v: EventView): void {
    if (!v.paired) return;
    const token = playerToken ?? (playerOfAccount(v, accountName) ? '' : null);
    if (token === null) return;
    const key = JSON.stringify([v.rounds.length, v.rounds[v.rounds.length - 1]?.started, v.paired.standingsAfter]);
    if (key === playerKey) return;
    playerKey = key;
    void playerPanel($('#player-panel'), id, token, v.parameters.rounds);
  }

  function renderOrganiser(v: EventView): void {
    const panel = $('#organiser-panel');
    panel.hidden = !v.organiser || !organiserToken;
    if (panel.hidden) return;
    organiserPanel ??= new OrganiserPanel(panel, {
      id,
      token: organiserToken!,
      serverNow,
      offset: () => offset,
      show: next => {
        view = next;
        offset = next.now - Date.now();
        render();
      },
      refresh,
    });
    organiserPanel.render(v);
  }

  function renderRounds(v: EventView): void {
    const container = $('#rounds');
    const key = JSON.stringify(v.rounds.map(r => [r.round, r.revealed, r.started, r.boards.length]));
    if (key !== roundsKey) {
      roundsKey = key;
      for (const board of boards.values()) board.destroy();
      boards.clear();
      container.replaceChildren();
      if (v.rounds.length === 0)
        container.append(el('p', { class: 'muted', id: 'no-rounds' }, t('event.noRounds')));
      for (const round of [...v.rounds].reverse()) container.append(roundElement(round));
    }
    for (const round of v.rounds) updateRound(round);
  }

  function roundElement(round: EventRound): HTMLElement {
    const article = el('article', { class: 'round', id: `round-${round.round}`, 'aria-labelledby': `round-${round.round}-title` });
    article.append(el('h3', { id: `round-${round.round}-title` }, t('event.roundTitle', { round: round.round })));
    article.append(el('p', { class: 'round-time', 'data-round': String(round.round) }));
    article.append(el('p', { class: 'entropy' }, round.entropy ? t('event.entropy', { entropy: round.entropy }) : t('event.entropyNone')));
    if (round.position) {
      const pos = round.position;
      const box = el('div', { class: 'round-position' });
      const mini = el('div', { class: 'mini-board', 'aria-hidden': 'true' });
      const inner = el('div');
      mini.append(inner);
      const text = el('div');
      const numbers =
        pos.blackNumber !== undefined
          ? t('event.startPositionDouble', { white: pos.number, black: pos.blackNumber })
          : t('event.startPosition', { number: pos.number });
      text.append(
        el('p', { class: 'position-number' }, numbers),
        el('p', { class: 'back-rank' }, pos.blackBackRank ? `${pos.backRank} / ${pos.blackBackRank}` : pos.backRank),
        el('code', { class: 'position-fen' }, pos.fen),
      );
      box.append(mini, text);
      article.append(box);
      window.setTimeout(() => previewBoard(inner, pos.fen));
    } else {
      article.append(el('p', { class: 'position-hidden muted' }, t('event.positionHidden')));
    }
    const table = el('table', { class: 'boards' });
    table.innerHTML = `<caption class="sr-only">${t('event.boardsCaption', { round: round.round })}</caption><thead><tr><th scope="col">${t('event.col.board')}</th><th scope="col">${t('color.White')}</th><th scope="col">${t('event.col.result')}</th><th scope="col">${t('color.Black')}</th><th scope="col">${t('event.col.game')}</th></tr></thead>`;
    const body = el('tbody');
    for (const board of round.boards) {
      const tr = el('tr', { 'data-board': String(board.board) });
      const game = el('td', { class: 'board-game' });
      if (board.gameId) game.append(el('a', { href: `/game/${board.gameId}` }, t('event.watch')));
      else game.textContent = '—';
      tr.append(el('td', {}, String(board.board)), el('td', {}, board.white), el('td', { class: 'board-status' }), el('td', {}, board.black), game);
      body.append(tr);
    }
    table.append(body);
    article.append(table);
    if (round.started) {
      const grid = el('div', { class: 'live-boards' });
      for (const board of round.boards) {
        if (!board.gameId) continue;
        const figure = el('figure', { class: 'live-board', 'data-game': board.gameId });
        const link = el('a', {
          href: `/game/${board.gameId}`,
          'aria-label': t('event.watchBoard', { board: board.board, white: board.white, black: board.black }),
        });
        const mini = el('div', { class: 'mini-board' });
        const inner = el('div');
        mini.append(inner);
        link.append(mini);
        const caption = el('figcaption');
        caption.append(el('span', {}, `${board.board}. ${board.white} – ${board.black}`), el('span', { class: 'live-status' }));
        figure.append(link, caption);
        grid.append(figure);
        const gameId = board.gameId;
        window.setTimeout(() => {
          boards.set(gameId, previewBoard(inner, board.game?.fen ?? round.position?.fen, { animate: true }));
          updateRound(round);
        });
      }
      article.append(grid);
    }
    return article;
  }

  function updateRound(round: EventRound): void {
    const article = root.querySelector(`#round-${round.round}`);
    if (!article) return;
    for (const board of round.boards) {
      const status = boardStatus(board);
      const cell = article.querySelector(`tr[data-board="${board.board}"] .board-status`);
      if (cell) cell.textContent = status;
      if (!board.gameId) continue;
      const live = article.querySelector(`figure[data-game="${board.gameId}"] .live-status`);
      if (live) live.textContent = status;
      const preview = boards.get(board.gameId);
      const game = board.game;
      if (preview && game) preview.show(game.fen, game.lastMove);
    }
  }

  function updateTimes(): void {
    const v = view;
    if (!v) return;
    const now = serverNow();
    const clock = (ms: number) => new Date(ms - offset).toLocaleTimeString();
    for (const round of v.rounds) {
      const text = !round.revealed
        ? t('event.time.pending', { round: round.round, countdown: formatCountdown(round.revealAt - now), time: clock(round.revealAt) })
        : !round.started
          ? t('event.time.revealed', {
              round: round.round,
              revealed: clock(round.revealAt),
              countdown: formatCountdown(round.startAt - now),
              time: clock(round.startAt),
            })
          : t('event.time.started', { round: round.round, revealed: clock(round.revealAt), time: clock(round.startAt) });
      root.querySelectorAll(`.round-time[data-round="${round.round}"]`).forEach(node => {
        if (node.textContent !== text) node.textContent = text;
      });
    }
    if (seat && !seatProblem) {
      // The phase goes in the live region (read out when it changes); the countdown, which
      // changes every second, beside it.
      const clockAt = (ms: number) => new Date(ms - offset).toLocaleTimeString();
      const [status, countdown] = !seat.revealed && now < seat.revealAt
        ? [t('event.seat.revealAt', { time: clockAt(seat.revealAt) }), t('event.seat.revealIn', { countdown: formatCountdown(seat.revealAt - now) })]
        : !seat.gameId
          ? now < seat.startAt
            ? [t('event.seat.startAt', { time: clockAt(seat.startAt) }), t('event.seat.startIn', { countdown: formatCountdown(seat.startAt - now) })]
            : [t('event.seat.starting'), '']
          : [t('event.seat.started'), ''];
      const node = $('#seat-status');
      if (node.textContent !== status) node.textContent = status;
      const counter = $('#seat-countdown');
      if (counter.textContent !== countdown) counter.textContent = countdown;
    }
  }

  function renderStandings(v: EventView): void {
    const body = $('#standings tbody');
    body.replaceChildren();
    if (v.paired) {
      // A paired event's: points with the byes and forfeits, then its tie-breaks (C.07).
      const head = el('tr');
      for (const text of [t('event.col.rank'), t('event.col.player'), t('event.col.points'), ...v.paired.tiebreaks])
        head.append(el('th', { scope: 'col' }, text));
      $('#standings thead').replaceChildren(head);
      for (const s of v.paired.standings) {
        const tr = el('tr');
        tr.append(el('td', {}, String(s.rank)), el('th', { scope: 'row' }, `${s.number} ${s.name}`), el('td', { class: 'points' }, formatPoints(s.points)));
        for (const value of s.tiebreaks) tr.append(el('td', {}, String(value)));
        body.append(tr);
      }
      if (v.paired.standings.length === 0) {
        const tr = el('tr');
        tr.append(el('td', { colspan: String(3 + v.paired.tiebreaks.length), class: 'muted' }, t('event.noGames')));
        body.append(tr);
      }
      return;
    }
    for (const s of v.standings) {
      const tr = el('tr');
      tr.append(
        el('td', {}, String(s.rank)),
        el('th', { scope: 'row' }, s.name),
        el('td', { class: 'points' }, formatPoints(s.points)),
        el('td', { class: 'sb' }, String(s.sonnebornBerger)),
        el('td', {}, `${s.played} (${s.wins}–${s.draws}–${s.losses})`),
      );
      body.append(tr);
    }
    if (v.standings.length === 0) {
      const tr = el('tr');
      tr.append(el('td', { colspan: '5', class: 'muted' }, t('event.noGames')));
      body.append(tr);
    }
  }

  function renderVerification(v: EventView): void {
    const section = $('#verification');
    const check = v.verification;
    section.hidden = !check || !v.secret;
    if (!check || !v.secret) return;
    const verdict = $('#verdict');
    verdict.className = `verdict ${check.ok ? 'ok' : 'failed'}`;
    verdict.textContent = check.ok
      ? t('event.verified')
      : t('event.verifyFailed');
    $('#problems').replaceChildren(...check.problems.map(p => el('li', {}, p)));
    $('#secret').textContent = v.secret;
    const body = $('#verify-rounds tbody');
    body.replaceChildren();
    for (const r of check.rounds) {
      const tr = el('tr');
      const drawn = r.blackNumber !== undefined ? `${r.number} / ${r.blackNumber}` : String(r.number);
      const played = r.playedBlack !== undefined ? `${r.played} / ${r.playedBlack}` : String(r.played);
      tr.append(el('td', {}, String(r.round)), el('td', {}, r.entropy || t('event.param.none')), el('td', {}, drawn), el('td', {}, played), el('td', {}, r.matches ? t('event.yes') : t('event.matchNo')));
      body.append(tr);
    }
    $('#verify-command').textContent = check.command;
  }

  $('#copy-commitment').onclick = () => view && void copyText(view.commitment, t('event.commitmentCopied'));
  $('#copy-command').onclick = () => view?.verification && void copyText(view.verification.command, t('event.commandCopied'));

  await refresh();
}
