// The game page (/game/<id>): the board, the move list, clocks, actions and live updates.

import { Chessground } from '@lichess-org/chessground';
import type { Api as Board } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import {
  api,
  ApiError,
  type Color,
  type GameAction,
  type GameState,
  type GameView,
  loadSeats,
  type MoveUpdate,
  saveSeats,
  type Seats,
} from './api';
import { connectLive, type Transport } from './live';
import { type Applied, applyMove, applyState, applyView } from './model';
import { type BoardMove, boardMoves, castlesFrom, castlingSteps, destsOf, readBoard, resolve, writeBoard } from './moves';
import { copyText, el, toast } from './ui';

const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));
const ANIMATION_MS = 220;

export async function gamePage(root: HTMLElement, id: string): Promise<void> {
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
      toast(`This invite link is not valid: ${(e as Error).message}`);
    }
    history.replaceState(null, '', location.pathname);
  }

  root.innerHTML = `
    <main class="game">
      <section class="board-col">
        <div class="player" id="player-top"><span class="name"></span><span class="clock"></span></div>
        <div class="board-wrap"><div id="board"></div></div>
        <div class="player" id="player-bottom"><span class="name"></span><span class="clock"></span></div>
      </section>
      <aside class="side">
        <div id="status" class="status" aria-live="polite"></div>
        <div id="connection" class="connection" role="status" hidden>Connection lost, reconnecting…</div>
        <div id="invite" class="invite" hidden></div>
        <ol id="moves" class="moves"></ol>
        <div class="nav">
          <button data-nav="first" title="First position (Home / Arrow up)">«</button>
          <button data-nav="prev" title="Back (Arrow left)">‹</button>
          <button data-nav="next" title="Forward (Arrow right)">›</button>
          <button data-nav="last" title="Last position (End / Arrow down)">»</button>
        </div>
        <div class="actions play-actions">
          <button id="claim" hidden>Claim a draw</button>
          <button id="accept" hidden>Accept draw</button>
          <button id="decline" hidden>Decline draw</button>
          <button id="offer">Offer a draw</button>
          <button id="abort" hidden>Abort the game</button>
          <button id="resign">Resign</button>
        </div>
        <div class="actions">
          <button id="flip">Flip board</button>
          <button id="copy-fen">Copy FEN</button>
          <button id="copy-pgn">Copy PGN</button>
          <a id="download-pgn" class="button" download>Download PGN</a>
        </div>
        <div class="fen"><code id="fen"></code></div>
        <div class="start-info" id="start-info"></div>
      </aside>
    </main>
    <dialog id="castle-dialog" class="choice">
      <p>Castle, or move the king?</p>
      <div class="choices">
        <button id="choose-castle"></button>
        <button id="choose-king"></button>
      </div>
    </dialog>
    <dialog id="promotion-dialog" class="choice">
      <p>Promote to</p>
      <div class="choices promotion cg-wrap" id="promotion-choices"></div>
      <button id="promotion-cancel" class="link">Cancel</button>
    </dialog>`;

  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const boardEl = $('#board');

  let game: GameView;
  try {
    game = await api.game(id, seats.white ?? seats.black);
  } catch (e) {
    root.innerHTML = `<main class="home"><p class="error">${
      e instanceof ApiError && e.status === 404 ? 'There is no such game.' : (e as Error).message
    }</p><p><a href="/">Back to the start page</a></p></main>`;
    return;
  }

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

  const fenAt = (ply: number) => (ply === 0 ? game.initialFen : game.moves[ply - 1]!.fen);
  const turnAt = (ply: number): Color => (fenAt(ply).split(' ')[1] === 'b' ? 'black' : 'white');
  const canPlay = () =>
    game.status === 'active' && viewPly === game.ply && mine(game.turn) && !sending && !game.thinking;

  const cg: Board = Chessground(boardEl, {
    fen: fenAt(viewPly),
    orientation,
    coordinates: true,
    autoCastle: false, // we place king and rook ourselves (FIDE's sequence)
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true, rookCastle: true, events: { after: onUserMove } },
    premovable: { enabled: false },
    draggable: { enabled: true, showGhost: true },
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

  function setInteraction() {
    const play = canPlay();
    cg.set({
      turnColor: turnAt(shownPly < 0 ? viewPly : shownPly),
      movable: {
        color: play ? game.turn : undefined,
        dests: play && legalPly === game.ply ? (destsOf(legal) as Map<Key, Key[]>) : new Map(),
      },
    });
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
      toast(`Could not load the legal moves: ${(e as Error).message}`);
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
    game = applied.game;
    clockReadAt = Date.now();
    if (following || viewPly > game.ply) viewPly = game.ply;
    renderSide();
    drawBoard();
    return true;
  }

  function onGame(view: GameView) {
    if (adopt(applyView(game, view))) void fetchLegal();
  }

  function onMove(update: MoveUpdate) {
    if (adopt(applyMove(game, update))) setLegal(update.state.ply, update.state.fen, update.legal);
  }

  function onState(state: GameState) {
    adopt(applyState(game, state));
  }

  async function resync() {
    try {
      await live.resync();
    } catch (e) {
      console.warn('resync failed (the reconnection brings the game)', e);
    }
  }

  // --- Input -------------------------------------------------------------------------------

  function onSelect(key: Key) {
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
        void askPromotion(resolution.moves).then(move => (move ? play(move, true) : revert()));
        return;
      case 'ask-castle':
        void askCastle(resolution.castle, resolution.kingMove).then(move => (move ? play(move, true) : revert()));
        return;
    }
  }

  function revert() {
    shownPly = -1;
    drawBoard();
  }

  // Plays a move: animates it at once, then sends it; the server's answer is the truth.
  async function play(move: BoardMove, fromBoard: boolean) {
    const ply = game.ply;
    const before = fenAt(ply);
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
      toast((e as Error).message);
      revert();
      void resync();
    }
  }

  const castleDialog = $<HTMLDialogElement>('#castle-dialog');
  function askCastle(castle: BoardMove, kingMove: BoardMove): Promise<BoardMove | null> {
    const castleButton = $<HTMLButtonElement>('#choose-castle');
    const kingButton = $<HTMLButtonElement>('#choose-king');
    castleButton.textContent = `Castle (${castle.castle === 'g' ? 'O-O' : 'O-O-O'})`;
    kingButton.textContent = `Move the king to ${kingMove.to}`;
    return new Promise(resolveChoice => {
      const done = (move: BoardMove | null) => {
        castleButton.onclick = kingButton.onclick = null;
        castleDialog.onclose = null;
        if (castleDialog.open) castleDialog.close();
        resolveChoice(move);
      };
      castleButton.onclick = () => done(castle);
      kingButton.onclick = () => done(kingMove);
      castleDialog.onclose = () => done(null);
      // Show what castling would do while the question is open.
      cg.set({
        drawable: { autoShapes: [{ orig: castle.rookFrom as Key, dest: castle.rookTo as Key, brush: 'paleBlue' }] },
        highlight: { custom: new Map([[castle.rookTo as Key, 'castle-rook-to']]) },
      });
      castleDialog.showModal();
    });
  }

  const promotionDialog = $<HTMLDialogElement>('#promotion-dialog');
  function askPromotion(moves: BoardMove[]): Promise<BoardMove | null> {
    const box = $('#promotion-choices');
    const color = game.turn;
    const names: Record<string, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };
    box.innerHTML = '';
    return new Promise(resolveChoice => {
      const done = (move: BoardMove | null) => {
        promotionDialog.onclose = null;
        if (promotionDialog.open) promotionDialog.close();
        resolveChoice(move);
      };
      for (const letter of ['q', 'r', 'b', 'n']) {
        const move = moves.find(m => m.promotion === letter);
        if (!move) continue;
        const button = el('button', { 'data-promotion': letter, title: cap(names[letter]!) });
        button.append(el('piece', { class: `${names[letter]} ${color}` }));
        button.onclick = () => done(move);
        box.append(button);
      }
      $('#promotion-cancel').onclick = () => done(null);
      promotionDialog.onclose = () => done(null);
      promotionDialog.showModal();
    });
  }

  // --- Side panel --------------------------------------------------------------------------

  function goTo(ply: number) {
    viewPly = Math.max(0, Math.min(game.ply, ply));
    renderMoves();
    drawBoard();
    renderFen();
  }

  root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(button => {
    button.onclick = () => {
      const nav = button.dataset.nav;
      goTo(nav === 'first' ? 0 : nav === 'prev' ? viewPly - 1 : nav === 'next' ? viewPly + 1 : game.ply);
    };
  });
  document.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (castleDialog.open || promotionDialog.open) return;
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
    } else if (e.key === 'f') flip();
  });

  function flip() {
    orientation = opposite(orientation);
    cg.set({ orientation });
    renderPlayers();
  }
  $('#flip').onclick = flip;
  $('#copy-fen').onclick = () => copyText(fenAt(viewPly), 'FEN copied');
  $('#copy-pgn').onclick = async () => copyText(await api.pgn(id), 'PGN copied');
  $<HTMLAnchorElement>('#download-pgn').href = api.pgnUrl(id);
  ($<HTMLAnchorElement>('#download-pgn') as HTMLAnchorElement).download = `chess960-${id}.pgn`;

  // The seat that acts for this browser: the side to move when it holds both.
  const actingSeat = (): Color | null =>
    mine(game.turn) ? game.turn : mine(opposite(game.turn)) ? opposite(game.turn) : null;

  async function act(action: GameAction, color: Color | null) {
    if (!color) return;
    try {
      await live.act(color, action); // its answer reaches onState
    } catch (e) {
      toast((e as Error).message);
    }
  }
  $('#resign').onclick = () => {
    const color = actingSeat();
    if (color && confirm(`Resign the game for ${color}?`)) void act('resign', color);
  };
  $('#offer').onclick = () => act('draw/offer', actingSeat());
  $('#abort').onclick = () => act('abort', actingSeat());
  $('#accept').onclick = () => act('draw/accept', game.drawOffer ? opposite(game.drawOffer) : null);
  $('#decline').onclick = () => act('draw/decline', game.drawOffer ? opposite(game.drawOffer) : null);
  $('#claim').onclick = () => act('draw/claim', actingSeat());

  function renderPlayers() {
    const name = (c: Color) => {
      const who = game[c];
      const you = mine(c) && !(mine('white') && mine('black')) ? ' (you)' : '';
      return `${c === 'white' ? '○' : '●'} ${who}${you}`;
    };
    $('#player-top .name').textContent = name(opposite(orientation));
    $('#player-bottom .name').textContent = name(orientation);
    $('#player-top').dataset.color = opposite(orientation);
    $('#player-bottom').dataset.color = orientation;
    renderClocks();
  }

  function clockMs(c: Color): number | null {
    const clock = game.clock;
    if (!clock) return null;
    const running = game.status === 'active' && clock.running === c;
    return Math.max(0, clock[c] - (running ? Date.now() - clockReadAt : 0));
  }

  function formatClock(ms: number) {
    const total = Math.ceil(ms / 100) / 10;
    const minutes = Math.floor(total / 60);
    const seconds = total - minutes * 60;
    const s = total < 10 ? seconds.toFixed(1).padStart(4, '0') : String(Math.floor(seconds)).padStart(2, '0');
    return `${minutes}:${s}`;
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
    }
  }
  // The server announces a flag fall itself (a `state` event); should that not come within a
  // couple of seconds of a clock showing zero, ask once for the whole game.
  const FLAG_GRACE_MS = 2000;
  let flagAskedAt = -1;
  setInterval(() => {
    renderClocks();
    const clock = game.clock;
    const running = clock?.running;
    if (!clock || !running || game.status !== 'active' || flagAskedAt === game.ply) return;
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
    if (game.moves.length === 0) list.append(el('li', { class: 'no-moves' }, 'No moves yet.'));
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
      status.append(el('strong', { id: 'result' }, 'Game aborted'));
      if (game.reason && !/^game aborted\.?$/i.test(game.reason)) status.append(el('span', { id: 'reason' }, ` ${game.reason}`));
      return;
    }
    if (game.status === 'over') {
      status.classList.add('over');
      status.innerHTML = '';
      status.append(
        el('strong', { id: 'result' }, game.result),
        el('span', { id: 'reason' }, ` ${game.reason || cap(game.termination ?? '')}`),
      );
      return;
    }
    const turn = cap(game.turn);
    let text = `${turn} to move`;
    if (game.thinking || (game.engineColor === game.turn && game.opponent === 'engine')) text = 'The computer is thinking…';
    else if (mine(game.turn) && !(mine('white') && mine('black'))) text = 'Your move';
    if (game.check) text += ' · check';
    if (game.drawOffer) text += ` · ${cap(game.drawOffer)} offers a draw`;
    status.textContent = text;
  }

  function renderActions() {
    const active = game.status === 'active';
    const seat = actingSeat();
    const show = (sel: string, on: boolean) => ($(sel).hidden = !on);
    const offerFromOpponent = !!game.drawOffer && mine(opposite(game.drawOffer));
    show('#resign', active && !!seat);
    show('#offer', active && !!seat && !game.drawOffer && game.opponent === 'friend');
    // Either seat may abort before both sides have made their first move.
    show('#abort', active && !!seat && game.ply < 2);
    show('#accept', active && offerFromOpponent);
    show('#decline', active && offerFromOpponent);
    show('#claim', active && !!seat && (game.claimable.threefold || game.claimable.fifty));
    $('#claim').textContent = game.claimable.threefold ? 'Claim a draw (threefold repetition)' : 'Claim a draw (50 moves)';
  }

  function renderInvite() {
    const box = $('#invite');
    const invite = seats.invite;
    box.hidden = !(invite && game.opponent === 'friend' && game.status === 'active');
    if (box.hidden || !invite) return;
    const link = `${location.origin}/game/${id}#seat=${invite.token}`;
    box.innerHTML = '';
    const input = el('input', { readonly: '', value: link, id: 'invite-link' }) as HTMLInputElement;
    const copy = el('button', {}, 'Copy link');
    copy.onclick = () => copyText(link, 'Link copied');
    box.append(el('p', {}, `Send this link to your friend, who plays ${invite.color}:`), input, copy);
  }

  function renderStartInfo() {
    const info = $('#start-info');
    const opponent = game.opponent === 'engine' ? `the computer (level ${game.level ?? '?'})` : 'a friend';
    const numbers = game.startNumbers;
    const start =
      numbers && numbers.white !== numbers.black
        ? `Double Chess960: white #${numbers.white}, black #${numbers.black}`
        : game.startNumber !== null
          ? `Chess960 start position #${game.startNumber}`
          : 'Custom start position';
    info.textContent = `${start} · against ${opponent}`;
  }

  function renderSide() {
    renderPlayers();
    renderStatus();
    renderMoves();
    renderFen();
    renderActions();
    renderInvite();
    renderStartInfo();
    document.title = `${game.white} – ${game.black} · chess960`;
  }

  renderSide();
  drawBoard();
  void fetchLegal();

  // Live: the WebSocket, else the event stream and POSTs; its first message is the whole game.
  const debug = window as unknown as { liveTransport: Transport | null };
  debug.liveTransport = null; // for the end-to-end test and debugging
  const live = connectLive(
    id,
    { white: mine('white') ? seats.white : undefined, black: mine('black') ? seats.black : undefined },
    {
      game: onGame,
      move: onMove,
      state: onState,
      connection: transport => {
        debug.liveTransport = transport;
        // Only a lost connection is news; which transport carries the game is not.
        $('#connection').hidden = transport !== null;
      },
    },
  );
}
