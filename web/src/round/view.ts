// The game page's view: the page's HTML, and the controller's state (controller.ts) drawn into
// it: players and clocks, the status line, the move list, the actions, the invite and rematch
// boxes, the text view, the analysis panel and the live region a screen reader hears. It
// changes nothing but the DOM; the buttons it creates call the controller's actions.

import { moveDialogsHtml, moveNavHtml } from '../board/dialogs';
import { boardRows, piecesText } from '../board/notation';
import type { Analysis, Color, GameAction } from '../common/api';
import { t } from '../common/i18n';
import { copyText, el } from '../common/ui';
import type { ConnectionStatus } from '../live/types';
import { evaluationText, numberedLine, whiteShare } from './analysis-view';
import { mountExplorerBox } from './explorer-box';
import { clockTextOf, dueWarning, lowTimeMs, remainingMs, spokenDays } from './clock';
import type { RematchAnswerKind, RoundModel, RoundUi } from './controller';
import { gameName } from './game-name';
import { moveRows } from './move-list';
import { sideRatingText } from './players';
import { mountTakeback } from './takeback';
import { colorWord, opposite, plyLabel, spokenClock, statusLine } from './text';

// The actions of the elements the view creates itself (the move list, the rematch box).
export interface ViewActions {
  goTo(ply: number): void;
  act(action: GameAction, seat: Color | null): Promise<void>;
  answerRematch(answer: RematchAnswerKind): Promise<void>;
}

export function pageHtml(id: string, analysisMode: boolean): string {
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
        <section id="account-players" class="account-players" aria-labelledby="account-players-title" hidden>
          <h2 id="account-players-title">${t('game.ratingChanges')}</h2>
          <ul><li id="account-white"></li><li id="account-black"></li></ul>
          <p id="account-note" class="hint"></p>
        </section>
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
        ${moveNavHtml()}
        <div id="explorer-box" class="explorer-box" hidden></div>
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
    ${moveDialogsHtml()}`;
}

const CONNECTION_TEXT = (): Record<ConnectionStatus, string> => ({
  connecting: t('game.connecting'),
  connected: t('game.connected'),
  reconnecting: t('game.reconnecting'),
  offline: t('game.offline'),
});

export type View = RoundUi & { renderText(): void };

export function createView(root: HTMLElement, round: RoundModel, actions: ViewActions): View {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const { id } = round;
  const analysisMode = round.analysis;
  const connectionText = CONNECTION_TEXT();
  // The takeback buttons beside the draw offer's, and the opponent's question (takeback.ts).
  const takeback = mountTakeback(root, $('.play-actions'), (action, seat) => actions.act(action, seat), round.playerName);
  // The opening explorer for the position shown (analysis board, and a game once over).
  const explorer = mountExplorerBox($('#explorer-box'), round);

  function renderPlayers() {
    const { game, room } = round;
    const name = (c: Color) => {
      const you = round.singleSeat() === c ? t('game.youSuffix') : '';
      return `${c === 'white' ? '○' : '●'} ${round.playerName(c)}${you}`;
    };
    // Presence, in friend games: has the other player opened the game, and are they here now?
    // Without our own connection it is not known: nothing is shown rather than a stale 'online'.
    const presence = (c: Color) => {
      if (game.opponent !== 'friend' || !room || round.mine(c) || game.status !== 'active') return { text: '', state: '' };
      if (round.connection !== 'connected') return { text: '', state: 'unknown' };
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
      const clock = game.clock;
      if (ms !== null && clock) span.textContent = clockTextOf(clock, ms);
      span.classList.toggle('running', game.status === 'active' && clock?.running === color);
      span.classList.toggle('low', ms !== null && !!clock && ms < lowTimeMs(clock));
      span.classList.toggle('stale', round.connection !== 'connected' && game.status === 'active');
      const spoken = ms === null ? '' : ((clock?.daysPerMove ? spokenDays(ms) : null) ?? spokenClock(ms));
      span.setAttribute('aria-label', ms === null ? '' : t('game.clockOf', { name: round.playerName(color), time: spoken }));
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
    for (const row of moveRows(game.initialFen, game.moves.map(m => m.san))) {
      const li = el('li', { value: String(row.number) });
      for (const cell of row.cells) {
        if (!cell) {
          li.append(el('span', { class: 'move empty' }, '…'));
          continue;
        }
        const { ply } = cell;
        const span = el('span', { class: `move${ply === viewPly ? ' current' : ''}`, 'data-ply': String(ply) }, cell.san);
        span.onclick = () => actions.goTo(ply);
        li.append(span);
      }
      list.append(li);
    }
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
    takeback.render(game, round.singleSeat(), active);
    $('#move-form').hidden = analysisMode || !round.holdsSeat() || game.status !== 'active';
    $('#after').hidden = analysisMode || game.status === 'active';
    // A game from the lobby is followed by another from the lobby, not a rematch.
    const lobbyGame = !!round.accountSeat || !!round.accountGame;
    for (const sel of ['#rematch', '#rematch-new']) $(sel).hidden = !round.holdsSeat() || lobbyGame;
    const newGame = $<HTMLAnchorElement>('#new-game');
    newGame.href = lobbyGame ? '/lobby' : '/';
    newGame.textContent = lobbyGame ? t('game.backToLobby') : t('game.newGame');
    renderRematch();
    renderAccountPlayers();
  }

  // The accounts of a game from the lobby, and once it is over and rated, how the ratings moved.
  function renderAccountPlayers() {
    const players = round.accountGame;
    const box = $('#account-players');
    box.hidden = !players || analysisMode;
    if (!players || analysisMode) return;
    const over = round.game.status !== 'active';
    $('#account-players-title').textContent = players.rated && over ? t('game.ratingChanges') : t('game.players');
    for (const color of ['white', 'black'] as const)
      $(`#account-${color}`).textContent = `${color === 'white' ? '○' : '●'} ${sideRatingText(players[color])}`;
    const rated = typeof players.white.ratingAfter === 'number';
    $('#account-note').textContent = !players.rated
      ? t('game.casualNote')
      : over && !rated && round.game.status === 'over'
        ? t('game.ratingPending')
        : '';
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
    const numbers = game.startNumbers;
    const start =
      numbers && numbers.white !== numbers.black
        ? t('game.doubleStart', { white: numbers.white, black: numbers.black })
        : game.startNumber !== null
          ? t('game.startNumber', { n: game.startNumber })
          : t('game.customStart');
    const name = gameName(game);
    info.textContent = `${start} · ${name}`;
    // The page's heading names the game too, for those who find their way by headings.
    $('main h1').textContent = analysisMode ? t('game.analysisHeading') : `${t('game.heading')} · ${name}`;
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
    explorer.update();
    const yourTurn = game.status === 'active' && !analysisMode && round.singleSeat() === game.turn;
    const names = `${round.playerName('white')} – ${round.playerName('black')}`;
    // The game's name after the players' (but the engine's level, already in its player's name).
    const own = game.opponent === 'engine' ? '' : ` · ${gameName(game)}`;
    document.title = `${yourTurn ? t('game.titleYourMove') : ''}${analysisMode ? t('game.titleAnalysis') : ''}${names}${own} · chess960`;
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
      explorer.update();
    },
    redrawOrientation() {
      renderPlayers();
      renderText();
    },
    redrawClocks: renderClocks,
    redrawPlayers() {
      renderPlayers();
      renderAccountPlayers();
    },
    redrawConnection() {
      const box = $('#connection');
      box.dataset.state = round.connection;
      box.textContent = connectionText[round.connection];
      renderPlayers(); // the opponent's presence is known only while connected
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
