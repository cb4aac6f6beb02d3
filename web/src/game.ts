// The game page (/game/<id>, and /analysis/<id>): loads the game and wires its parts together:
// the controller (round.ts: the game's state, the live channel, requests), the board
// (board.ts), and, below, the view of the state and the controls.

import { type Analysis, api, ApiError, type Color, type GameView, loadSeats, saveSeats, type Seats } from './api';
import { evaluationText, numberedLine, whiteShare } from './analysis-view';
import { createBoard } from './board';
import { dueWarning, formatClock, remainingMs } from './clock';
import { questionOpen } from './dialogs';
import { t } from './i18n';
import type { ConnectionStatus, Transport } from './live';
import { boardRows, piecesText } from './notation';
import { loadPrefs, savePrefs } from './prefs';
import { type RematchAnswerKind, Round, type RoundModel, type RoundUi } from './round';
import { colorWord, opposite, plyLabel, spokenClock, statusLine } from './round-text';
import { copyText, el, toast } from './ui';

export interface GamePageOptions {
  // The analysis board: the game's positions with the engine's evaluation, nothing to play.
  analysis?: boolean;
}

export async function gamePage(root: HTMLElement, id: string, options: GamePageOptions = {}): Promise<void> {
  const analysisMode = !!options.analysis;
  const seats: Seats = loadSeats(id);

  // A friend's invite link carries a seat secret in the hash: keep it, then hide it.
  const seatToken = new URLSearchParams(location.hash.slice(1)).get('seat');
  if (seatToken) {
    try {
      const view = await api.game(id, seatToken);
      if (view.you === 'white' || view.you === 'black') {
        seats[view.you] = seatToken;
        saveSeats(id, seats);
      }
    } catch (e) {
      toast(t('game.inviteInvalid', { error: (e as Error).message }));
    }
    history.replaceState(null, '', location.pathname);
  }

  root.innerHTML = pageHtml(id, analysisMode);

  let game: GameView;
  try {
    game = await api.game(id, seats.white ?? seats.black);
  } catch (e) {
    root.innerHTML = `<main class="home"><p class="error">${
      e instanceof ApiError && e.status === 404 ? t('game.noSuchGame') : (e as Error).message
    }</p><p><a href="/">${t('game.backToStart')}</a></p></main>`;
    return;
  }

  const round = new Round(id, seats, game, analysisMode);
  const board = createBoard(
    root.querySelector<HTMLElement>('#board')!,
    root,
    { orientation: round.orientation, analysis: analysisMode, premoves: !!round.singleSeat() },
    {
      ply: () => round.game.ply,
      viewPly: () => round.viewPly,
      fenAt: round.fenAt,
      turnAt: round.turnAt,
      moveAt: ply => round.game.moves[ply - 1],
      checkAt: round.checkAt,
      turn: () => round.game.turn,
      play: round.canPlay,
      premover: round.premover,
      legal: round.legalMoves,
      legalReady: round.legalReady,
    },
    { move: move => void round.play(move, true), select: round.onSelect },
  );
  const view = createView(root, round, round);
  round.attach(board, view);
  bindControls(root, round, view);
  setInterval(() => round.tick(), 200);

  view.redraw();
  void board.draw();
  void round.fetchLegal();

  if (analysisMode) {
    round.goTo(round.viewPly);
    root.querySelector<HTMLElement>('#connection')!.hidden = true;
    return;
  }

  // For the end-to-end test and debugging: how the page is connected.
  const debug = window as unknown as { liveTransport: Transport | null; liveStatus: ConnectionStatus };
  debug.liveTransport = null;
  round.connect({
    status: s => (debug.liveStatus = s),
    transport: transport => (debug.liveTransport = transport),
  });
}

// --- The view ------------------------------------------------------------------------------

interface ViewActions {
  goTo(ply: number): void;
  answerRematch(answer: RematchAnswerKind): Promise<void>;
}

function pageHtml(id: string, analysisMode: boolean): string {
  return `
    <main class="game${analysisMode ? ' analysis' : ''}">
      <h1 class="sr-only">${analysisMode ? t('game.analysisHeading') : t('game.heading')}</h1>
      <section class="board-col" aria-label="${t('game.boardRegion')}">
        <div class="player" id="player-top"><span class="name"><span class="who"></span> <span class="presence"></span></span><span class="clock" role="timer" aria-live="off"></span></div>
        <div class="board-area">
          <div class="eval-bar" id="eval-bar" role="img" aria-label="${t('game.evaluation')}" ${analysisMode ? '' : 'hidden'}><div class="eval-fill"></div></div>
          <div class="board-frame">
            <div class="ranks" aria-hidden="true"></div>
            <div class="board-wrap"><div id="board" role="img" tabindex="0"></div></div>
            <div class="corner" aria-hidden="true"></div>
            <div class="files" aria-hidden="true"></div>
          </div>
        </div>
        <div class="player" id="player-bottom"><span class="name"><span class="who"></span> <span class="presence"></span></span><span class="clock" role="timer" aria-live="off"></span></div>
      </section>
      <aside class="side" aria-label="${t('game.sideRegion')}">
        <div id="connection" class="connection" role="status" data-state="connecting">${t('game.connecting')}</div>
        <div id="status" class="status"></div>
        <div id="browsing" class="browsing" hidden><span id="browsing-text"></span> <button id="back-to-game" type="button">${t('game.backToGameEnd')}</button></div>
        <form id="move-form" class="move-form" autocomplete="off" ${analysisMode ? 'hidden' : ''}>
          <label for="move-input">${t('game.move')}</label>
          <input id="move-input" name="move" spellcheck="false" autocapitalize="off" enterkeyhint="send" aria-describedby="move-help move-error" placeholder="${t('game.movePlaceholder')}">
          <button type="submit">${t('game.play')}</button>
          <p id="move-help" class="hint">${t('game.moveHelp')}</p>
          <p id="move-error" class="move-error" role="alert"></p>
        </form>
        <div id="announce" class="sr-only" aria-live="polite" aria-atomic="true"></div>
        <div id="invite" class="invite" hidden></div>
        <div id="rematch-box" class="rematch-box" hidden></div>
        <div id="after" class="after" hidden>
          <button id="rematch" type="button" class="primary">${t('game.rematch')}</button>
          <button id="rematch-new" type="button">${t('game.rematchNew')}</button>
          <a id="new-game" class="button" href="/">${t('game.newGame')}</a>
          <a id="analysis-link" class="button" href="/analysis/${encodeURIComponent(id)}">${t('game.analysisBoard')}</a>
        </div>
        <div id="analysis-panel" class="analysis-panel" ${analysisMode ? '' : 'hidden'}>
          <p><strong>${t('game.evaluationLabel')}</strong> <span id="eval-text">…</span></p>
          <p><strong>${t('game.bestLineLabel')}</strong> <span id="best-line">…</span></p>
          <div class="actions">
            <button id="continue" type="button" class="primary">${t('game.continue')}</button>
            <a class="button" href="/game/${encodeURIComponent(id)}">${t('game.backToGame')}</a>
          </div>
        </div>
        <ol id="moves" class="moves" tabindex="0" aria-label="${t('game.moves')}"></ol>
        <div class="nav">
          <button data-nav="first" aria-label="${t('game.nav.first')}" title="${t('game.nav.firstTitle')}">«</button>
          <button data-nav="prev" aria-label="${t('game.nav.prev')}" title="${t('game.nav.prevTitle')}">‹</button>
          <button data-nav="next" aria-label="${t('game.nav.next')}" title="${t('game.nav.nextTitle')}">›</button>
          <button data-nav="last" aria-label="${t('game.nav.last')}" title="${t('game.nav.lastTitle')}">»</button>
        </div>
        <div class="actions play-actions" ${analysisMode ? 'hidden' : ''}>
          <button id="claim" hidden>${t('game.claim')}</button>
          <button id="accept" hidden>${t('game.accept')}</button>
          <button id="decline" hidden>${t('game.decline')}</button>
          <button id="offer">${t('game.offer')}</button>
          <button id="abort" hidden>${t('game.abort')}</button>
          <button id="resign">${t('game.resign')}</button>
          <span id="resign-confirm" class="confirm" hidden>${t('game.resignQuestion')}
            <button id="resign-yes" class="danger">${t('game.resignYes')}</button>
            <button id="resign-no">${t('game.no')}</button></span>
        </div>
        <div class="actions">
          <button id="flip">${t('game.flip')}</button>
          <button id="text-toggle" aria-expanded="false" aria-controls="text-view">${t('game.textView')}</button>
          <label class="switch"><input type="checkbox" id="sound-switch"> ${t('game.sound')}</label>
          <button id="copy-fen">${t('game.copyFen')}</button>
          <button id="copy-pgn">${t('game.copyPgn')}</button>
          <a id="download-pgn" class="button" download>${t('game.downloadPgn')}</a>
        </div>
        <section id="text-view" class="text-view" hidden aria-label="${t('game.textRegion')}">
          <pre id="text-board"></pre>
          <p id="text-white"></p>
          <p id="text-black"></p>
        </section>
        <div class="fen"><code id="fen"></code></div>
        <div class="start-info" id="start-info"></div>
        <p class="help-link"><a id="help-link" href="/help/castling">${t('game.help')}</a></p>
      </aside>
    </main>
    <dialog id="castle-dialog" class="choice" aria-labelledby="castle-question">
      <p id="castle-question">${t('game.castleQuestion')}</p>
      <div class="choices">
        <button id="choose-castle"></button>
        <button id="choose-king"></button>
      </div>
    </dialog>
    <dialog id="promotion-dialog" class="choice" aria-labelledby="promotion-question">
      <p id="promotion-question">${t('game.promoteTo')}</p>
      <div class="choices promotion cg-wrap" id="promotion-choices"></div>
      <button id="promotion-cancel" class="link">${t('game.cancel')}</button>
    </dialog>`;
}

const CONNECTION_TEXT = (): Record<ConnectionStatus, string> => ({
  connecting: t('game.connecting'),
  connected: t('game.connected'),
  reconnecting: t('game.reconnecting'),
  offline: t('game.offline'),
});

type View = RoundUi & { renderText(): void };

function createView(root: HTMLElement, round: RoundModel, actions: ViewActions): View {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const { id } = round;
  const analysisMode = round.analysis;
  const connectionText = CONNECTION_TEXT();

  function renderPlayers() {
    const { game, room } = round;
    const name = (c: Color) => {
      const you = round.singleSeat() === c ? t('game.youSuffix') : '';
      return `${c === 'white' ? '○' : '●'} ${round.playerName(c)}${you}`;
    };
    // Presence, in friend games: has the other player opened the game, and are they here now?
    const presence = (c: Color) => {
      if (game.opponent !== 'friend' || !room || round.mine(c) || game.status !== 'active') return { text: '', state: '' };
      const seat = room[c];
      if (seat.connected) return { text: t('game.online'), state: 'connected' };
      if (seat.joined) return { text: t('game.away'), state: 'away' };
      return { text: t('game.notJoined'), state: 'absent' };
    };
    for (const [slot, color] of [
      ['top', opposite(round.orientation)],
      ['bottom', round.orientation],
    ] as const) {
      $(`#player-${slot} .who`).textContent = name(color);
      const p = presence(color);
      const span = $(`#player-${slot} .presence`);
      span.textContent = p.text;
      span.dataset.state = p.state;
      $(`#player-${slot}`).dataset.color = color;
    }
    renderLabels();
    renderClocks();
  }

  // The rank and file labels beside the board, in the board's orientation.
  function renderLabels() {
    const ranks = round.orientation === 'white' ? '87654321' : '12345678';
    const files = round.orientation === 'white' ? 'abcdefgh' : 'hgfedcba';
    $('.ranks').innerHTML = [...ranks].map(r => `<span>${r}</span>`).join('');
    $('.files').innerHTML = [...files].map(f => `<span>${f}</span>`).join('');
  }

  function clockMs(c: Color): number | null {
    const { game } = round;
    const clock = game.clock;
    if (!clock) return null;
    // Offline, the page does not know the server's clock: it shows the last one it had.
    return remainingMs(clock, c, Date.now() - round.clockReadAt, game.status === 'active' && round.connection === 'connected');
  }

  function renderClocks() {
    const { game } = round;
    for (const slot of ['top', 'bottom'] as const) {
      const color = slot === 'top' ? opposite(round.orientation) : round.orientation;
      const span = $(`#player-${slot} .clock`);
      const ms = clockMs(color);
      span.hidden = ms === null;
      if (ms !== null) span.textContent = formatClock(ms);
      span.classList.toggle('running', game.status === 'active' && game.clock?.running === color);
      span.classList.toggle('low', ms !== null && ms < 20000);
      span.classList.toggle('stale', round.connection !== 'connected' && game.status === 'active');
      span.setAttribute('aria-label', ms === null ? '' : t('game.clockOf', { name: round.playerName(color), time: spokenClock(ms) }));
    }
    warnClock();
  }

  // "30 seconds left", then "10 seconds left", once each per game, for our own clock.
  const warned = new Set<number>();
  function warnClock() {
    const { game } = round;
    const seat = round.singleSeat();
    if (!seat || game.status !== 'active' || game.clock?.running !== seat) return;
    const ms = clockMs(seat);
    if (ms === null) return;
    const limit = dueWarning(ms, game.clock!.initial, warned);
    if (limit !== null) announce(t('game.clockWarning', { n: limit / 1000 }));
  }

  function renderMoves() {
    const { game, viewPly } = round;
    const list = $('#moves');
    list.innerHTML = '';
    const [, side, , , , fullmove] = game.initialFen.split(' ');
    let number = Number(fullmove) || 1;
    let li: HTMLElement | null = null;
    game.moves.forEach((move, i) => {
      const white = (i + (side === 'b' ? 1 : 0)) % 2 === 0;
      if (white || !li) {
        li = el('li', { value: String(number) });
        if (!white) li.append(el('span', { class: 'move empty' }, '…'));
        list.append(li);
      }
      const ply = i + 1;
      const span = el('span', { class: `move${ply === viewPly ? ' current' : ''}`, 'data-ply': String(ply) }, move.san);
      span.onclick = () => actions.goTo(ply);
      li.append(span);
      if (!white) number += 1;
    });
    if (game.moves.length === 0) list.append(el('li', { class: 'no-moves' }, t('game.noMoves')));
    list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
    root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(b => {
      b.disabled = b.dataset.nav === 'first' || b.dataset.nav === 'prev' ? viewPly === 0 : viewPly === game.ply;
    });
  }

  function renderFen() {
    $('#fen').textContent = round.fenAt(round.viewPly);
  }

  function renderStatus() {
    const status = $('#status');
    status.className = 'status';
    const line = statusLine(round.game, round.viewPly, round.seating());
    if (line.kind === 'aborted') {
      status.classList.add('over', 'aborted');
      status.innerHTML = '';
      status.append(el('strong', { id: 'result' }, line.title));
      return;
    }
    if (line.kind === 'over') {
      status.classList.add('over');
      status.innerHTML = '';
      status.append(el('strong', { id: 'result' }, line.result), el('span', { id: 'reason' }, line.reason));
      return;
    }
    status.textContent = line.text;
  }

  function renderBrowsing() {
    const browsing = round.viewPly !== round.game.ply;
    $('#browsing').hidden = !browsing;
    if (browsing) $('#browsing-text').textContent = t('game.viewingBrowse', { ply: plyLabel(round.game.initialFen, round.viewPly) });
  }

  function renderActions() {
    const { game } = round;
    const active = game.status === 'active' && !analysisMode;
    const seat = round.actingSeat();
    const show = (sel: string, on: boolean) => ($(sel).hidden = !on);
    const offerFromOpponent = !!game.drawOffer && round.mine(opposite(game.drawOffer));
    show('#resign', active && !!seat && $('#resign-confirm').hidden);
    if (!active) $('#resign-confirm').hidden = true;
    // The computer answers a draw offer too (it accepts when it judges the game drawn).
    show('#offer', active && !!seat && !game.drawOffer);
    // Either seat may abort before both sides have made their first move.
    show('#abort', active && !!seat && game.ply < 2);
    show('#accept', active && offerFromOpponent);
    show('#decline', active && offerFromOpponent);
    show('#claim', active && !!seat && (game.claimable.threefold || game.claimable.fifty));
    $('#claim').textContent = game.claimable.threefold ? t('game.claimThreefold') : t('game.claimFifty');
    $('#move-form').hidden = analysisMode || !round.holdsSeat() || game.status !== 'active';
    $('#after').hidden = analysisMode || game.status === 'active';
    for (const sel of ['#rematch', '#rematch-new']) $(sel).hidden = !round.holdsSeat();
    renderRematch();
  }

  function renderRematch() {
    const box = $('#rematch-box');
    const r = round.room?.rematch;
    const active = round.game.status === 'active';
    box.hidden = true;
    box.innerHTML = '';
    if (!r || active || analysisMode || !round.holdsSeat() || r.gameId || !r.offeredBy) return;
    box.hidden = false;
    const kind = r.newPosition ? t('game.rematchNewPos') : t('game.rematchSame');
    if (round.mine(r.offeredBy) && !(round.mine('white') && round.mine('black'))) {
      const cancel = el('button', { type: 'button', id: 'rematch-cancel' }, t('game.cancel'));
      cancel.onclick = () => void actions.answerRematch('decline');
      box.append(el('p', {}, t('game.rematchWaiting', { kind, name: round.playerName(opposite(r.offeredBy)) })), cancel);
    } else {
      const accept = el('button', { type: 'button', id: 'rematch-accept', class: 'primary' }, t('game.accept.short'));
      const decline = el('button', { type: 'button', id: 'rematch-decline' }, t('game.decline.short'));
      accept.onclick = () => void actions.answerRematch('accept');
      decline.onclick = () => void actions.answerRematch('decline');
      box.append(el('p', {}, t('game.rematchOffer', { name: round.playerName(r.offeredBy), kind })), accept, decline);
    }
  }

  function renderInvite() {
    const { game, room } = round;
    const box = $('#invite');
    const invite = round.seats.invite;
    // Once the friend has opened the game, the link has done its work.
    const joined = !!invite && !!room?.[invite.color].joined;
    box.hidden = !(invite && game.opponent === 'friend' && game.status === 'active' && !joined);
    if (box.hidden || !invite) return;
    const link = `${location.origin}/game/${id}#seat=${invite.token}`;
    box.innerHTML = '';
    const input = el('input', { readonly: '', value: link, id: 'invite-link', 'aria-label': t('game.inviteLink') }) as HTMLInputElement;
    const copy = el('button', {}, t('game.copyLink'));
    copy.onclick = () => copyText(link, t('game.linkCopied'));
    box.append(el('p', {}, t('game.inviteText', { color: colorWord(invite.color) })), input, copy);
  }

  function renderStartInfo() {
    const { game } = round;
    const info = $('#start-info');
    const opponent = game.opponent === 'engine' ? t('game.againstComputer', { level: game.level ?? '?' }) : t('game.againstFriend');
    const numbers = game.startNumbers;
    const start =
      numbers && numbers.white !== numbers.black
        ? t('game.doubleStart', { white: numbers.white, black: numbers.black })
        : game.startNumber !== null
          ? t('game.startNumber', { n: game.startNumber })
          : t('game.customStart');
    info.textContent = t('game.startInfo', { start, opponent });
  }

  function renderSide() {
    const { game } = round;
    renderPlayers();
    renderStatus();
    renderBrowsing();
    renderMoves();
    renderFen();
    renderActions();
    renderInvite();
    renderStartInfo();
    renderText();
    const yourTurn = game.status === 'active' && !analysisMode && round.singleSeat() === game.turn;
    const names = `${round.playerName('white')} – ${round.playerName('black')}`;
    document.title = `${yourTurn ? t('game.titleYourMove') : ''}${analysisMode ? t('game.titleAnalysis') : ''}${names} · chess960`;
  }

  // The board for assistive technology (its label) and the text view (on request).
  function renderText() {
    const { orientation } = round;
    const fen = round.fenAt(round.viewPly);
    const pieces = piecesText(fen);
    const turn = round.turnAt(round.viewPly);
    $('#board').setAttribute(
      'aria-label',
      t('game.boardLabel', { orientation: colorWord(orientation), turn: colorWord(turn), white: pieces.white, black: pieces.black }),
    );
    if ($('#text-view').hidden) return;
    $('#text-board').textContent = [...boardRows(fen, orientation), `  ${(orientation === 'white' ? 'abcdefgh' : 'hgfedcba').split('').join(' ')}`].join('\n');
    $('#text-white').textContent = t('game.textWhite', { pieces: pieces.white });
    $('#text-black').textContent = t('game.textBlack', { pieces: pieces.black });
  }

  // The live region: one sentence at a time (the same text twice is still said twice).
  function announce(text: string) {
    const region = $('#announce');
    region.textContent = region.textContent === text ? `${text} ` : text;
  }

  function showAnalysis(ply: number, a: Analysis) {
    const text = evaluationText(a);
    $('#eval-text').textContent = text;
    $('#eval-bar').setAttribute('aria-label', t('game.evaluationIs', { text }));
    ($('#eval-bar .eval-fill') as HTMLElement).style.height = `${Math.round(whiteShare(a.score) * 100)}%`;
    $('#eval-bar').classList.toggle('flipped', round.orientation === 'black');
    // The best line with move numbers: "12. Nf3 Nc6 13. O-O".
    $('#best-line').textContent = numberedLine(round.fenAt(ply), a.pv.map(m => m.san)) || t('game.noLine');
  }

  return {
    redraw: renderSide,
    redrawNavigation() {
      renderMoves();
      renderFen();
      renderStatus();
      renderBrowsing();
      renderText();
    },
    redrawOrientation() {
      renderPlayers();
      renderText();
    },
    redrawClocks: renderClocks,
    redrawConnection() {
      const box = $('#connection');
      box.dataset.state = round.connection;
      box.textContent = connectionText[round.connection];
    },
    announce,
    moveError(text: string) {
      $('#move-error').textContent = text;
    },
    flashBrowsing() {
      $('#browsing').classList.remove('flash');
      void $('#browsing').offsetWidth; // restart the animation
      $('#browsing').classList.add('flash');
    },
    analysisPending() {
      $('#eval-text').textContent = t('game.thinking');
    },
    analysisFailed(message: string) {
      $('#eval-text').textContent = t('game.notAvailable', { error: message });
    },
    showAnalysis,
    renderText,
  };
}

// --- The controls --------------------------------------------------------------------------

function bindControls(root: HTMLElement, round: Round, view: View): void {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const { id } = round;

  // The move typed into the input, played or refused with its reason.
  $('#move-form').addEventListener('submit', e => {
    e.preventDefault();
    const input = $<HTMLInputElement>('#move-input');
    const move = round.typedMove(input.value);
    if (!move) return;
    input.value = '';
    void round.play(move, false);
  });

  $('#text-toggle').onclick = () => {
    const open = $('#text-view').hidden;
    $('#text-view').hidden = !open;
    $('#text-toggle').setAttribute('aria-expanded', String(open));
    view.renderText();
  };
  const soundSwitch = $<HTMLInputElement>('#sound-switch');
  soundSwitch.checked = loadPrefs().sound;
  soundSwitch.onchange = () => savePrefs({ sound: soundSwitch.checked });
  $('#back-to-game').onclick = () => round.goTo(round.game.ply);

  // Moving through the game: the buttons under the move list, and the arrow keys.
  root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(button => {
    button.onclick = () => {
      const nav = button.dataset.nav;
      const { viewPly } = round;
      round.goTo(nav === 'first' ? 0 : nav === 'prev' ? viewPly - 1 : nav === 'next' ? viewPly + 1 : round.game.ply);
    };
  });
  document.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) {
      // End and Escape from the move input still bring the game back (the input keeps focus).
      if (e.target.id === 'move-input' && e.key === 'Escape' && round.viewPly !== round.game.ply) round.goTo(round.game.ply);
      return;
    }
    if (questionOpen(root)) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => round.viewPly - 1,
      ArrowRight: () => round.viewPly + 1,
      ArrowUp: () => 0,
      Home: () => 0,
      ArrowDown: () => round.game.ply,
      End: () => round.game.ply,
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      round.goTo(target());
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) round.flip();
  });

  $('#flip').onclick = () => round.flip();
  $('#copy-fen').onclick = () => copyText(round.fenAt(round.viewPly), t('game.fenCopied'));
  $('#copy-pgn').onclick = async () => copyText(await api.pgn(id), t('game.pgnCopied'));
  $<HTMLAnchorElement>('#download-pgn').href = api.pgnUrl(id);
  ($<HTMLAnchorElement>('#download-pgn') as HTMLAnchorElement).download = `chess960-${id}.pgn`;

  // Resigning asks once, in the page (a browser confirm box takes the focus elsewhere).
  const confirmResign = (open: boolean) => {
    $('#resign-confirm').hidden = !open;
    $('#resign').hidden = open;
    if (open) $('#resign-no').focus();
  };
  $('#resign').onclick = () => confirmResign(true);
  $('#resign-no').onclick = () => {
    confirmResign(false);
    $('#resign').focus();
  };
  $('#resign-yes').onclick = () => {
    confirmResign(false);
    void round.act('resign', round.actingSeat());
  };
  $('#offer').onclick = () => round.act('draw/offer', round.actingSeat());
  $('#abort').onclick = () => round.act('abort', round.actingSeat());
  $('#accept').onclick = () => round.answerDraw('draw/accept');
  $('#decline').onclick = () => round.answerDraw('draw/decline');
  $('#claim').onclick = () => round.act('draw/claim', round.actingSeat());

  $('#rematch').onclick = () => void round.answerRematch('offer');
  $('#rematch-new').onclick = () => void round.answerRematch('offer-new');
  $('#continue').onclick = () => round.continueFromHere();
}
