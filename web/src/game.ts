// The game page (/game/<id>): the board, the move list, clocks, actions and live updates.

import { Chessground } from '@lichess-org/chessground';
import type { Api as Board } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import {
  type Analysis,
  api,
  ApiError,
  type Color,
  type GameAction,
  type GameState,
  type GameView,
  loadSeats,
  type MoveUpdate,
  type Room,
  saveSeats,
  type Seats,
  type TakebackUpdate,
} from './api';
import { type ConnectionStatus, connectLive, type LiveChannel, type Transport } from './live';
import { numberedLine, whiteShare } from './analysis-view';
import { dueWarning, formatClock, remainingMs } from './clock';
import { askCastle, askPromotion, questionOpen } from './dialogs';
import { type Applied, applyMove, applyState, applyView } from './model';
import { type BoardMove, boardMoves, castlesFrom, castlingSteps, destsOf, readBoard, resolve, writeBoard } from './moves';
import { boardRows, parseTypedMove, piecesText, plyPosition, spokenSan } from './notation';
import { loadPrefs, savePrefs } from './prefs';
import { playSound } from './sound';
import { applyTakeback, isViewAfterTakeback, mountTakeback, takebackAnnouncement, takebackStatus } from './takeback';
import { t, tMaybe } from './i18n';
import { copyText, el, toast } from './ui';

const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// "white" / "White" in the page's language.
const colorWord = (c: Color, capital = false) => tMaybe(`color.${capital ? cap(c) : c}`);
// Why a game ended, in the page's language (the server's own `reason` is English).
const endReason = (g: GameView) => (g.termination ? tMaybe(`end.${g.termination}`, {}, cap(g.termination)) : '');
const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));
const ANIMATION_MS = 220;

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

  root.innerHTML = `
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

  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const boardEl = $('#board');

  let game: GameView;
  try {
    game = await api.game(id, seats.white ?? seats.black);
  } catch (e) {
    root.innerHTML = `<main class="home"><p class="error">${
      e instanceof ApiError && e.status === 404 ? t('game.noSuchGame') : (e as Error).message
    }</p><p><a href="/">${t('game.backToStart')}</a></p></main>`;
    return;
  }

  let room: Room | null = null;
  let connection: ConnectionStatus = 'connecting';
  let live: LiveChannel | null = null;
  let viewPly = game.ply; // the ply shown (navigation), game.ply when following the game
  let shownPly = -1; // the ply the board actually draws
  let legal: BoardMove[] = []; // the moves of the side to move at legalPly
  let legalPly = -1;
  let sending = false;
  let clockReadAt = Date.now(); // local time when game.clock was received (no clock skew)
  const mine = (c: Color) => !!seats[c] && game.engineColor !== c;
  const holdsSeat = () => mine('white') || mine('black');
  let orientation: Color = mine('white') || !mine('black') ? 'white' : 'black';
  if (mine('white') && mine('black')) orientation = 'white';
  // The one seat this browser plays (not both, as when friends share a device): premoves,
  // "your move", the name it says.
  const singleSeat = (): Color | null =>
    mine('white') && !mine('black') ? 'white' : mine('black') && !mine('white') ? 'black' : null;

  const fenAt = (ply: number) => (ply === 0 ? game.initialFen : game.moves[ply - 1]!.fen);
  const turnAt = (ply: number): Color => (fenAt(ply).split(' ')[1] === 'b' ? 'black' : 'white');
  const canPlay = () =>
    !analysisMode && game.status === 'active' && viewPly === game.ply && mine(game.turn) && !sending && !game.thinking;

  const cg: Board = Chessground(boardEl, {
    fen: fenAt(viewPly),
    orientation,
    coordinates: false, // our own labels beside the board (never over a piece)
    autoCastle: false, // we place king and rook ourselves (FIDE's sequence)
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true, rookCastle: true, events: { after: onUserMove } },
    premovable: { enabled: !analysisMode && !!singleSeat(), showDests: true, castle: true },
    draggable: { enabled: !analysisMode, showGhost: true },
    drawable: { enabled: true },
    events: { select: onSelect },
  });
  window.addEventListener('resize', () => document.body.dispatchEvent(new Event('chessground.resize')));
  (window as unknown as { cg: Board }).cg = cg; // for the end-to-end test and debugging

  // Drawing is queued so that a castling animation is never cut by the next update.
  let queue: Promise<void> = Promise.resolve();
  const schedule = (job: () => Promise<void> | void) => {
    queue = queue.then(job).catch(e => console.error(e));
    return queue;
  };

  function lastMoveKeys(ply: number): Key[] | undefined {
    if (ply === 0) return undefined;
    const move = game.moves[ply - 1]!;
    if (move.castle && move.kingFrom && move.kingTo && move.rookFrom && move.rookTo)
      return [...new Set([move.kingFrom, move.kingTo, move.rookFrom, move.rookTo])] as Key[];
    return [move.uci.slice(0, 2), move.uci.slice(2, 4)] as Key[];
  }

  function inCheckAt(ply: number): boolean {
    if (ply === game.ply) return !!game.check;
    return ply > 0 && /[+#]$/.test(game.moves[ply - 1]!.san);
  }

  // Who may move pieces: the side to move when it is ours; while the opponent moves (or a move
  // of theirs is being drawn), our one seat, whose moves then become premoves, played as soon
  // as the board has caught up (so a move made during an animation is queued, not dropped).
  function setInteraction() {
    const play = canPlay();
    const premover = !analysisMode && game.status === 'active' && viewPly === game.ply ? singleSeat() : null;
    cg.set({
      turnColor: turnAt(shownPly < 0 ? viewPly : shownPly),
      movable: {
        color: play ? game.turn : (premover ?? undefined),
        dests: play && legalPly === game.ply ? (destsOf(legal) as Map<Key, Key[]>) : new Map(),
      },
    });
    if (play && legalPly === game.ply && shownPly === game.ply && cg.state.premovable.current) cg.playPremove();
  }

  // FIDE Chess960 guidelines: the king is lifted off the board, the rook is moved, and the
  // king is placed on its square; never the rook left behind or shown as captured (PITFALLS E.28/29).
  async function animateCastle(fenBefore: string, kingFrom: string, rookFrom: string, rookTo: string, fenAfter: string) {
    const steps = castlingSteps(fenBefore, kingFrom, rookFrom, rookTo);
    if (steps.length !== 2) {
      cg.set({ fen: fenAfter });
      return;
    }
    cg.state.animation.enabled = false;
    cg.set({ fen: steps[0] }); // king lifted
    cg.state.animation.enabled = true;
    await sleep(60);
    cg.set({ fen: steps[1] }); // rook moved
    await sleep(ANIMATION_MS + 40);
    cg.set({ fen: fenAfter }); // king placed
    await sleep(ANIMATION_MS);
  }

  function drawBoard() {
    return schedule(async () => {
      const target = viewPly;
      const move = target > 0 ? game.moves[target - 1] : undefined;
      if (target === shownPly + 1 && move?.castle && move.kingFrom && move.rookFrom && move.rookTo) {
        await animateCastle(fenAt(target - 1), move.kingFrom, move.rookFrom, move.rookTo, fenAt(target));
      } else {
        cg.set({ fen: fenAt(target) });
      }
      shownPly = target;
      cg.set({ lastMove: lastMoveKeys(target), turnColor: turnAt(target), check: inCheckAt(target) ? turnAt(target) : false });
      cg.set({ drawable: { autoShapes: [] }, highlight: { custom: new Map() } });
      setInteraction();
    });
  }

  // The legal moves after loading or resyncing the whole game (a move update brings its own).
  let legalAsked = -1; // the ply they were last asked for
  async function fetchLegal() {
    if (game.status !== 'active' || !mine(game.turn) || legalPly === game.ply || legalAsked === game.ply) return;
    const ply = game.ply;
    legalAsked = ply;
    try {
      const { moves } = await api.legal(id, seats[game.turn]);
      if (game.ply !== ply || legalPly === ply) return;
      setLegal(ply, game.fen, moves.map(m => m.uci));
    } catch (e) {
      legalAsked = -1;
      toast(t('game.legalFailed', { error: (e as Error).message }));
    }
  }

  function setLegal(ply: number, fen: string, ucis: string[]) {
    legal = boardMoves(fen, ucis);
    legalPly = ply;
    schedule(setInteraction);
  }

  // --- Live updates (live.ts): applied by ply (model.ts); a gap asks for the whole game -------

  function adopt(applied: Applied): boolean {
    if (applied.kind === 'gap') void resync();
    if (applied.kind !== 'applied') return false;
    const following = viewPly === game.ply;
    const before = game;
    game = applied.game;
    try {
      tellChanges(before, game);
    } catch (e) {
      console.warn('could not tell the change', e); // never at the cost of the game's update
    }
    clockReadAt = Date.now();
    if (following || viewPly > game.ply) viewPly = game.ply;
    renderSide();
    drawBoard();
    return true;
  }

  function onGame(view: GameView) {
    if (adopt(isViewAfterTakeback(game, view) ? { kind: 'applied', game: view } : applyView(game, view))) void fetchLegal();
  }

  function onMove(update: MoveUpdate) {
    if (adopt(applyMove(game, update))) setLegal(update.state.ply, update.state.fen, update.legal);
  }

  function onState(state: GameState) {
    adopt(applyState(game, state));
  }

  function onTakeback(update: TakebackUpdate) {
    if (adopt(applyTakeback(game, update))) setLegal(update.state.ply, update.state.fen, update.legal);
  }

  async function resync() {
    if (!live) return;
    try {
      await live.resync();
    } catch (e) {
      console.warn('resync failed (the reconnection brings the game)', e);
    }
  }

  // --- Input -------------------------------------------------------------------------------

  function onSelect(key: Key) {
    // A piece picked up while looking at an earlier move: say how to get back to the game.
    if (!analysisMode && viewPly !== game.ply && game.status === 'active' && holdsSeat()) {
      $('#browsing').classList.remove('flash');
      void $('#browsing').offsetWidth; // restart the animation
      $('#browsing').classList.add('flash');
      announce(t('game.viewingHint', { ply: plyLabel(viewPly) }));
    }
    // While the king is picked up, show where each castling rook would go.
    const castles = canPlay() ? castlesFrom(legal, key) : [];
    const shapes = castles.flatMap(m => [
      { orig: m.rookFrom as Key, dest: m.rookTo as Key, brush: 'paleBlue' },
      { orig: m.kingTo as Key, brush: 'paleGreen' },
    ]);
    const custom = new Map<Key, string>();
    for (const m of castles) {
      custom.set(m.rookTo as Key, 'castle-rook-to');
      custom.set(m.kingTo as Key, 'castle-king-to');
    }
    cg.set({ drawable: { autoShapes: shapes }, highlight: { custom } });
  }

  // Chessground moves the king onto the rook square (deleting the rook) and tells us a moment
  // later (setTimeout); a frame may be drawn in between. Right after its own pointer handlers
  // (these listeners sit on window, after chessground's on document) we replace that board by
  // "king lifted", so the rook is never shown captured (PITFALLS E.29).
  function hideKingOnRook() {
    const last = cg.state.lastMove;
    if (!last || last.length !== 2 || shownPly !== game.ply) return;
    const [orig, dest] = last as [Key, Key];
    const castle = legal.find(m => m.castle && m.from === orig && m.to === dest);
    if (!castle?.rookFrom || !castle.rookTo || cg.state.pieces.get(dest)?.role !== 'king') return;
    const steps = castlingSteps(fenAt(game.ply), castle.from, castle.rookFrom, castle.rookTo);
    if (steps.length !== 2) return;
    cg.state.animation.enabled = false;
    cg.set({ fen: steps[0] });
    cg.state.animation.enabled = true;
  }
  for (const type of ['mouseup', 'touchend', 'mousedown', 'touchstart'])
    window.addEventListener(type, hideKingOnRook);

  function onUserMove(orig: Key, dest: Key) {
    cg.set({ drawable: { autoShapes: [] }, highlight: { custom: new Map() } });
    const resolution = resolve(legal, orig, dest);
    switch (resolution.kind) {
      case 'none':
        shownPly = -1;
        drawBoard();
        return;
      case 'move':
        void play(resolution.move, true);
        return;
      case 'promotion':
        void askPromotion(root, resolution.moves, game.turn).then(move => (move ? play(move, true) : revert()));
        return;
      case 'ask-castle':
        void askCastle(root, resolution.castle, resolution.kingMove, () => previewCastle(resolution.castle)).then(move => (move ? play(move, true) : revert()));
        return;
    }
  }

  // While "castle or king move?" is open: where the rook would go.
  function previewCastle(castle: BoardMove) {
    cg.set({
      drawable: { autoShapes: [{ orig: castle.rookFrom as Key, dest: castle.rookTo as Key, brush: 'paleBlue' }] },
      highlight: { custom: new Map([[castle.rookTo as Key, 'castle-rook-to']]) },
    });
  }

  function revert() {
    shownPly = -1;
    drawBoard();
  }

  // Plays a move: animates it at once, then sends it; the server's answer is the truth.
  async function play(move: BoardMove, fromBoard: boolean) {
    const ply = game.ply;
    const before = fenAt(ply);
    if (!live || connection !== 'connected') {
      // Never lost in silence: the move is refused here, and the board shows the game as it is.
      refuseMove(t('game.notSentOffline'));
      revert();
      return;
    }
    moveError('');
    sending = true;
    setInteraction();
    if (move.castle && move.rookFrom && move.rookTo && move.kingTo) {
      const board = readBoard(before);
      const king = board.get(move.from)!;
      const rook = board.get(move.rookFrom)!;
      board.delete(move.from);
      board.delete(move.rookFrom);
      board.set(move.rookTo, rook);
      board.set(move.kingTo, king);
      const after = writeBoard(board);
      void schedule(async () => {
        await animateCastle(before, move.from, move.rookFrom!, move.rookTo!, after);
        cg.set({ lastMove: [...new Set([move.from, move.kingTo!, move.rookFrom!, move.rookTo!])] as Key[] });
        shownPly = ply + 1;
      });
    } else if (fromBoard) {
      shownPly = ply + 1; // the board already shows it (promotion and en passant fixed below)
    }
    try {
      await live.move(game.turn, move.uci, ply); // its answer reaches onMove
      sending = false;
      schedule(setInteraction);
    } catch (e) {
      sending = false;
      refuseMove(t('game.notPlayed', { error: (e as Error).message }));
      revert();
      void resync();
    }
  }

  // --- Side panel --------------------------------------------------------------------------

  function goTo(ply: number) {
    viewPly = Math.max(0, Math.min(game.ply, ply));
    renderMoves();
    drawBoard();
    renderFen();
    renderStatus();
    renderBrowsing();
    renderText();
    if (analysisMode) void analyse(viewPly);
  }

  root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(button => {
    button.onclick = () => {
      const nav = button.dataset.nav;
      goTo(nav === 'first' ? 0 : nav === 'prev' ? viewPly - 1 : nav === 'next' ? viewPly + 1 : game.ply);
    };
  });
  document.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) {
      // End and Escape from the move input still bring the game back (the input keeps focus).
      if (e.target.id === 'move-input' && e.key === 'Escape' && viewPly !== game.ply) goTo(game.ply);
      return;
    }
    if (questionOpen(root)) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => viewPly - 1,
      ArrowRight: () => viewPly + 1,
      ArrowUp: () => 0,
      Home: () => 0,
      ArrowDown: () => game.ply,
      End: () => game.ply,
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      goTo(target());
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) flip();
  });

  function flip() {
    orientation = opposite(orientation);
    cg.set({ orientation });
    renderPlayers();
    renderText();
  }
  $('#flip').onclick = flip;
  $('#copy-fen').onclick = () => copyText(fenAt(viewPly), t('game.fenCopied'));
  $('#copy-pgn').onclick = async () => copyText(await api.pgn(id), t('game.pgnCopied'));
  $<HTMLAnchorElement>('#download-pgn').href = api.pgnUrl(id);
  ($<HTMLAnchorElement>('#download-pgn') as HTMLAnchorElement).download = `chess960-${id}.pgn`;

  // The seat that acts for this browser: the side to move when it holds both.
  const actingSeat = (): Color | null =>
    mine(game.turn) ? game.turn : mine(opposite(game.turn)) ? opposite(game.turn) : null;

  async function act(action: GameAction, color: Color | null) {
    if (!color || !live) return;
    try {
      await live.act(color, action); // its answer reaches onState
    } catch (e) {
      toast((e as Error).message);
    }
  }
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
    void act('resign', actingSeat());
  };
  $('#offer').onclick = () => act('draw/offer', actingSeat());
  $('#abort').onclick = () => act('abort', actingSeat());
  $('#accept').onclick = () => act('draw/accept', game.drawOffer ? opposite(game.drawOffer) : null);
  $('#decline').onclick = () => act('draw/decline', game.drawOffer ? opposite(game.drawOffer) : null);
  $('#claim').onclick = () => act('draw/claim', actingSeat());
  const takeback = mountTakeback(root, $('.play-actions'), (action, seat) => act(action, seat), c => playerName(c));

  // A player's name: the one they chose (the room), else the server's ("Player", "White", the
  // engine's level).
  const playerName = (c: Color) => room?.[c].name ?? ((singleSeat() === c && loadPrefs().name.trim()) || defaultName(c));
  // The server's names are English ("White", the engine's level): the page says its own.
  const defaultName = (c: Color) =>
    game.opponent === 'engine' && game.engineColor === c
      ? t('game.computerName', { level: game.level ?? '?' })
      : colorWord(c, true);

  function renderPlayers() {
    const name = (c: Color) => {
      const you = singleSeat() === c ? t('game.youSuffix') : '';
      return `${c === 'white' ? '○' : '●'} ${playerName(c)}${you}`;
    };
    // Presence, in friend games: has the other player opened the game, and are they here now?
    const presence = (c: Color) => {
      if (game.opponent !== 'friend' || !room || mine(c) || game.status !== 'active') return { text: '', state: '' };
      const seat = room[c];
      if (seat.connected) return { text: t('game.online'), state: 'connected' };
      if (seat.joined) return { text: t('game.away'), state: 'away' };
      return { text: t('game.notJoined'), state: 'absent' };
    };
    for (const [slot, color] of [
      ['top', opposite(orientation)],
      ['bottom', orientation],
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
    const ranks = orientation === 'white' ? '87654321' : '12345678';
    const files = orientation === 'white' ? 'abcdefgh' : 'hgfedcba';
    $('.ranks').innerHTML = [...ranks].map(r => `<span>${r}</span>`).join('');
    $('.files').innerHTML = [...files].map(f => `<span>${f}</span>`).join('');
  }

  function clockMs(c: Color): number | null {
    const clock = game.clock;
    if (!clock) return null;
    // Offline, the page does not know the server's clock: it shows the last one it had.
    return remainingMs(clock, c, Date.now() - clockReadAt, game.status === 'active' && connection === 'connected');
  }

  function renderClocks() {
    for (const slot of ['top', 'bottom'] as const) {
      const color = slot === 'top' ? opposite(orientation) : orientation;
      const span = $(`#player-${slot} .clock`);
      const ms = clockMs(color);
      span.hidden = ms === null;
      if (ms !== null) span.textContent = formatClock(ms);
      span.classList.toggle('running', game.status === 'active' && game.clock?.running === color);
      span.classList.toggle('low', ms !== null && ms < 20000);
      span.classList.toggle('stale', connection !== 'connected' && game.status === 'active');
      span.setAttribute('aria-label', ms === null ? '' : t('game.clockOf', { name: playerName(color), time: spokenClock(ms) }));
    }
    warnClock();
  }

  // "30 seconds left", then "10 seconds left", once each per game, for our own clock.
  const warned = new Set<number>();
  function warnClock() {
    const seat = singleSeat();
    if (!seat || game.status !== 'active' || game.clock?.running !== seat) return;
    const ms = clockMs(seat);
    if (ms === null) return;
    const limit = dueWarning(ms, game.clock!.initial, warned);
    if (limit !== null) announce(t('game.clockWarning', { n: limit / 1000 }));
  }

  function spokenClock(ms: number) {
    const seconds = Math.ceil(ms / 1000);
    const m = Math.floor(seconds / 60);
    const sec = seconds % 60;
    return m ? t('game.minutesSeconds', { m, s: sec }) : t('game.seconds', { s: sec });
  }
  // The server announces a flag fall itself (a `state` event); should that not come within a
  // couple of seconds of a clock showing zero, ask once for the whole game.
  const FLAG_GRACE_MS = 2000;
  let flagAskedAt = -1;
  setInterval(() => {
    renderClocks();
    const clock = game.clock;
    const running = clock?.running;
    if (!clock || !running || game.status !== 'active' || flagAskedAt === game.ply || connection !== 'connected') return;
    if (Date.now() - clockReadAt > clock[running] + FLAG_GRACE_MS) {
      flagAskedAt = game.ply;
      void resync();
    }
  }, 200);

  function renderMoves() {
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
      span.onclick = () => goTo(ply);
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
    $('#fen').textContent = fenAt(viewPly);
  }

  function renderStatus() {
    const status = $('#status');
    status.className = 'status';
    if (game.status === 'aborted') {
      status.classList.add('over', 'aborted');
      status.innerHTML = '';
      status.append(el('strong', { id: 'result' }, t('game.abortedTitle')));
      return;
    }
    if (game.status === 'over') {
      status.classList.add('over');
      status.innerHTML = '';
      status.append(
        el('strong', { id: 'result' }, game.result),
        el('span', { id: 'reason' }, ` ${endReason(game)}`),
      );
      return;
    }
    let text = t('game.toMove', { color: colorWord(game.turn, true) });
    if (game.thinking || (game.engineColor === game.turn && game.opponent === 'engine')) text = t('game.computerThinkingStatus');
    else if (singleSeat() === game.turn) text = t('game.yourMove');
    else if (singleSeat()) text = t('game.waitingFor', { name: playerName(game.turn) });
    if (game.check) text += t('game.check');
    if (game.drawOffer) text += t('game.drawOffered', { name: playerName(game.drawOffer) });
    text += takebackStatus(game, singleSeat(), playerName);
    if (viewPly !== game.ply) text = t('game.viewingStatus', { ply: plyLabel(viewPly), current: plyLabel(game.ply) });
    status.textContent = text;
  }

  function renderBrowsing() {
    const browsing = viewPly !== game.ply;
    $('#browsing').hidden = !browsing;
    if (browsing) $('#browsing-text').textContent = t('game.viewingBrowse', { ply: plyLabel(viewPly) });
  }

  // "move 12 (white)", "the start position".
  function plyLabel(ply: number) {
    if (ply === 0) return t('game.startPosition');
    const { number, color } = plyPosition(game.initialFen, ply);
    return t('game.plyLabel', { n: number, color: colorWord(color) });
  }

  function renderActions() {
    const active = game.status === 'active' && !analysisMode;
    const seat = actingSeat();
    const show = (sel: string, on: boolean) => ($(sel).hidden = !on);
    const offerFromOpponent = !!game.drawOffer && mine(opposite(game.drawOffer));
    show('#resign', active && !!seat && $('#resign-confirm').hidden);
    if (!active) $('#resign-confirm').hidden = true;
    // The computer answers a draw offer too (it accepts when it judges the game drawn).
    show('#offer', active && !!seat && !game.drawOffer);
    // Either seat may abort before both sides have made their first move.
    show('#abort', active && !!seat && game.ply < 2);
    show('#accept', active && offerFromOpponent);
    show('#decline', active && offerFromOpponent);
    show('#claim', active && !!seat && (game.claimable.threefold || game.claimable.fifty));
    takeback.render(game, singleSeat(), active);
    $('#claim').textContent = game.claimable.threefold ? t('game.claimThreefold') : t('game.claimFifty');
    $('#move-form').hidden = analysisMode || !holdsSeat() || game.status !== 'active';
    $('#after').hidden = analysisMode || game.status === 'active';
    for (const sel of ['#rematch', '#rematch-new']) $(sel).hidden = !holdsSeat();
    renderRematch();
  }

  function renderInvite() {
    const box = $('#invite');
    const invite = seats.invite;
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
    renderPlayers();
    renderStatus();
    renderBrowsing();
    renderMoves();
    renderFen();
    renderActions();
    renderInvite();
    renderStartInfo();
    renderText();
    const yourTurn = game.status === 'active' && !analysisMode && singleSeat() === game.turn;
    const names = `${playerName('white')} – ${playerName('black')}`;
    document.title = `${yourTurn ? t('game.titleYourMove') : ''}${analysisMode ? t('game.titleAnalysis') : ''}${names} · chess960`;
  }

  // The board for assistive technology (its label) and the text view (on request).
  function renderText() {
    const fen = fenAt(viewPly);
    const pieces = piecesText(fen);
    const turn = turnAt(viewPly);
    $('#board').setAttribute(
      'aria-label',
      t('game.boardLabel', { orientation: colorWord(orientation), turn: colorWord(turn), white: pieces.white, black: pieces.black }),
    );
    if ($('#text-view').hidden) return;
    $('#text-board').textContent = [...boardRows(fen, orientation), `  ${(orientation === 'white' ? 'abcdefgh' : 'hgfedcba').split('').join(' ')}`].join('\n');
    $('#text-white').textContent = t('game.textWhite', { pieces: pieces.white });
    $('#text-black').textContent = t('game.textBlack', { pieces: pieces.black });
  }

  // --- What a screen reader hears, and the typed move ---------------------------------------

  // The live region: one sentence at a time (the same text twice is still said twice).
  function announce(text: string) {
    const region = $('#announce');
    region.textContent = region.textContent === text ? `${text} ` : text;
  }

  function moveError(text: string) {
    $('#move-error').textContent = text;
  }

  function refuseMove(text: string) {
    moveError(text);
    announce(text);
  }

  // What changed between two versions of the game, said aloud (and heard as sounds).
  function tellChanges(before: GameView, after: GameView) {
    if (analysisMode) return;
    if (after.moves.length === before.moves.length + 1) {
      const move = after.moves[after.moves.length - 1]!;
      const mover = turnAt(after.moves.length - 1);
      const who = singleSeat() === mover ? t('game.you') : playerName(mover);
      const yours = singleSeat() === after.turn && after.status === 'active' ? t('game.yourMoveSentence') : '';
      announce(t('game.played', { who, move: spokenSan(move.san) }) + yours);
      playSound(move.san.includes('x') ? 'capture' : 'move');
    }
    if (before.status === 'active' && after.status !== 'active') {
      const end = after.status === 'aborted' ? t('game.aborted') : t('game.over', { result: after.result, reason: endReason(after) });
      setTimeout(() => announce(end), 600); // after the move that ended it
      playSound('end');
    }
    if (after.drawOffer && after.drawOffer !== before.drawOffer && !mine(after.drawOffer))
      announce(t('game.offersDraw', { name: playerName(after.drawOffer) }));
    const takebackNews = takebackAnnouncement(before, after, singleSeat(), playerName);
    if (takebackNews) announce(takebackNews);
  }

  $('#move-form').addEventListener('submit', e => {
    e.preventDefault();
    const input = $<HTMLInputElement>('#move-input');
    const text = input.value;
    if (!holdsSeat()) return refuseMove(t('game.watching'));
    if (game.status !== 'active') return refuseMove(t('game.isOver'));
    if (!live || connection !== 'connected')
      return refuseMove(t('game.offlineRefused'));
    if (!mine(game.turn)) return refuseMove(t('game.notYourMove', { name: playerName(game.turn) }));
    if (game.thinking) return refuseMove(t('game.computerThinking'));
    if (viewPly !== game.ply) goTo(game.ply);
    if (legalPly !== game.ply || sending) return refuseMove(t('game.legalComing'));
    const typed = parseTypedMove(text, game.fen, legal);
    if (typed.kind === 'error') return refuseMove(typed.message);
    input.value = '';
    void play(typed.move, false);
  });

  $('#text-toggle').onclick = () => {
    const open = $('#text-view').hidden;
    $('#text-view').hidden = !open;
    $('#text-toggle').setAttribute('aria-expanded', String(open));
    renderText();
  };
  const soundSwitch = $<HTMLInputElement>('#sound-switch');
  soundSwitch.checked = loadPrefs().sound;
  soundSwitch.onchange = () => savePrefs({ sound: soundSwitch.checked });
  $('#back-to-game').onclick = () => goTo(game.ply);

  // --- Names, presence and rematch (the room) --------------------------------------------

  const tokenOf = (c: Color) => seats[c];
  // Says this browser's name for its seat when the room does not have it (a new game, or after
  // the server restarted): the name lives in the browser.
  async function sayName() {
    const seat = singleSeat();
    const name = loadPrefs().name.trim();
    if (!seat || !name || !room || room[seat].name === name || analysisMode) return;
    try {
      await api.setName(id, name, tokenOf(seat)!);
    } catch (e) {
      console.warn('could not set the name', e);
    }
  }

  function onRoom(next: Room) {
    const before = room;
    room = next;
    const friend = seats.invite?.color;
    if (friend && next[friend].joined && !before?.[friend].joined && before) announce(t('game.joined', { name: playerName(friend) }));
    const offer = next.rematch.offeredBy;
    if (offer && !mine(offer) && before?.rematch.offeredBy !== offer) announce(t('game.offersRematch', { name: playerName(offer) }));
    renderSide();
    void sayName();
    if (next.rematch.gameId && next.rematch.gameId !== before?.rematch.gameId) void joinRematch();
  }

  // The seat this browser answers a rematch with (the first it holds).
  const rematchSeat = (): Color | null => (mine('white') ? 'white' : mine('black') ? 'black' : null);

  function renderRematch() {
    const box = $('#rematch-box');
    const r = room?.rematch;
    const active = game.status === 'active';
    box.hidden = true;
    box.innerHTML = '';
    if (!r || active || analysisMode || !holdsSeat() || r.gameId || !r.offeredBy) return;
    box.hidden = false;
    const kind = r.newPosition ? t('game.rematchNewPos') : t('game.rematchSame');
    if (mine(r.offeredBy) && !(mine('white') && mine('black'))) {
      const cancel = el('button', { type: 'button', id: 'rematch-cancel' }, t('game.cancel'));
      cancel.onclick = () => void answerRematch('decline');
      box.append(el('p', {}, t('game.rematchWaiting', { kind, name: playerName(opposite(r.offeredBy)) })), cancel);
    } else {
      const accept = el('button', { type: 'button', id: 'rematch-accept', class: 'primary' }, t('game.accept.short'));
      const decline = el('button', { type: 'button', id: 'rematch-decline' }, t('game.decline.short'));
      accept.onclick = () => void answerRematch('accept');
      decline.onclick = () => void answerRematch('decline');
      box.append(el('p', {}, t('game.rematchOffer', { name: playerName(r.offeredBy), kind })), accept, decline);
    }
  }

  async function answerRematch(answer: 'offer' | 'offer-new' | 'accept' | 'decline') {
    let seat = rematchSeat();
    if (!seat) return;
    // Accepting is the other seat's answer (both seats on one device: the one that did not offer).
    const offeredBy = room?.rematch.offeredBy;
    if ((answer === 'accept' || answer === 'decline') && offeredBy && mine(opposite(offeredBy))) seat = opposite(offeredBy);
    try {
      const reply =
        answer === 'decline'
          ? await api.declineRematch(id, tokenOf(seat)!)
          : await api.rematch(id, answer === 'offer-new' || (answer === 'accept' && !!room?.rematch.newPosition), tokenOf(seat)!);
      // Friends on one device: the offer is accepted by the other seat at once.
      if (!reply.game && answer !== 'decline' && mine('white') && mine('black')) {
        const other = await api.rematch(id, answer === 'offer-new', tokenOf(opposite(seat))!);
        if (other.game) return await enterRematch(other.room, other.game);
        return onRoom(other.room);
      }
      if (reply.game) return await enterRematch(reply.room, reply.game);
      onRoom(reply.room);
    } catch (e) {
      toast((e as Error).message);
    }
  }
  $('#rematch').onclick = () => void answerRematch('offer');
  $('#rematch-new').onclick = () => void answerRematch('offer-new');

  // The rematch exists: this browser's seats in it (colours swapped), then the new game.
  async function joinRematch() {
    const seat = rematchSeat();
    if (!seat) return;
    try {
      const reply = await api.rematchGame(id, tokenOf(seat)!);
      if (reply.game) await enterRematch(reply.room, reply.game);
    } catch (e) {
      toast((e as Error).message);
    }
  }

  let entering = false;
  async function enterRematch(next: Room, created: { id: string; token: string | null }) {
    if (entering) return;
    entering = true;
    const newSeats = loadSeats(created.id);
    for (const c of ['white', 'black'] as const) {
      if (!mine(c)) continue;
      const token = c === rematchSeat() ? created.token : (await api.rematchGame(id, tokenOf(c)!)).game?.token;
      if (token) newSeats[opposite(c)] = token;
    }
    saveSeats(created.id, newSeats);
    room = next;
    location.href = `/game/${created.id}`;
  }

  // --- The analysis board ------------------------------------------------------------------

  const analyses = new Map<string, Analysis>();
  let analysisSeq = 0;
  async function analyse(ply: number) {
    const fen = fenAt(ply);
    const seq = ++analysisSeq;
    let result = analyses.get(fen);
    if (!result) {
      $('#eval-text').textContent = t('game.thinking');
      await sleep(120); // stepping quickly through moves asks only for where it stops
      if (seq !== analysisSeq) return;
      try {
        result = await api.analyse(fen);
        analyses.set(fen, result);
      } catch (e) {
        if (seq === analysisSeq) $('#eval-text').textContent = t('game.notAvailable', { error: (e as Error).message });
        return;
      }
    }
    if (seq !== analysisSeq) return;
    showAnalysis(ply, result);
  }

  function showAnalysis(ply: number, a: Analysis) {
    let text: string;
    if ('mate' in a.score) {
      const m = a.score.mate;
      text =
        m === 0
          ? t('game.checkmateWins', { color: a.score.winner ? colorWord(a.score.winner) : '' })
          : t('game.matesIn', { color: colorWord(m > 0 ? 'white' : 'black'), n: Math.abs(m) });
    } else {
      const pawns = a.score.cp / 100;
      text = `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)} (${pawns > 0.3 ? t('game.whiteBetter') : pawns < -0.3 ? t('game.blackBetter') : t('game.equal')})`;
    }
    if (a.depth) text += t('game.depth', { n: a.depth });
    $('#eval-text').textContent = text;
    $('#eval-bar').setAttribute('aria-label', t('game.evaluationIs', { text }));
    ($('#eval-bar .eval-fill') as HTMLElement).style.height = `${Math.round(whiteShare(a.score) * 100)}%`;
    $('#eval-bar').classList.toggle('flipped', orientation === 'black');
    // The best line with move numbers: "12. Nf3 Nc6 13. O-O".
    $('#best-line').textContent = numberedLine(fenAt(ply), a.pv.map(m => m.san)) || t('game.noLine');
    const best = a.best;
    cg.set({
      drawable: { autoShapes: best ? [{ orig: best.slice(0, 2) as Key, dest: best.slice(2, 4) as Key, brush: 'paleGreen' }] : [] },
    });
  }

  $('#continue').onclick = async () => {
    const fen = fenAt(viewPly);
    const turn = turnAt(viewPly);
    try {
      const created = await api.createGame({
        opponent: 'engine',
        color: turn,
        level: Number(loadPrefs().level) || 3,
        start: { type: 'fen', fen },
        clock: null,
      });
      const newSeats = loadSeats(created.id);
      Object.assign(newSeats, created.tokens);
      saveSeats(created.id, newSeats);
      location.href = `/game/${created.id}`;
    } catch (e) {
      toast((e as Error).message);
    }
  };

  renderSide();
  drawBoard();
  void fetchLegal();

  if (analysisMode) {
    goTo(viewPly);
    $('#connection').hidden = true;
    return;
  }

  // Live: the WebSocket, else the event stream and POSTs; its first message is the whole game.
  const debug = window as unknown as { liveTransport: Transport | null; liveStatus: ConnectionStatus };
  debug.liveTransport = null; // for the end-to-end test and debugging
  const CONNECTION_TEXT: Record<ConnectionStatus, string> = {
    connecting: t('game.connecting'),
    connected: t('game.connected'),
    reconnecting: t('game.reconnecting'),
    offline: t('game.offline'),
  };
  function onStatus(next: ConnectionStatus) {
    const before = connection;
    connection = next;
    debug.liveStatus = next;
    const box = $('#connection');
    box.dataset.state = next;
    box.textContent = CONNECTION_TEXT[next];
    if (next === 'connected') {
      moveError('');
      if (before === 'reconnecting' || before === 'offline') announce(t('game.connectedAgain'));
      void fetchLegal();
    } else if (before === 'connected') {
      announce(t('game.connectionLost'));
    }
    renderClocks();
    schedule(setInteraction);
  }
  live = connectLive(
    id,
    { white: mine('white') ? seats.white : undefined, black: mine('black') ? seats.black : undefined },
    {
      game: onGame,
      move: onMove,
      state: onState,
      takeback: onTakeback,
      room: onRoom,
      status: onStatus,
      connection: transport => {
        debug.liveTransport = transport;
      },
    },
  );
}
