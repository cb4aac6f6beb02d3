// The page's boards (chessground, configured here and nowhere else). The game page's board
// (createBoard): squares and pieces, moves by drag and click, the two questions (castle or king
// move, the promotion piece), premoves, FIDE's castling animation and the queue that keeps an
// animation whole. It knows nothing of the server: it reads what to show from `source` and
// says what the player did through `events`. The small boards that only show a position
// (previewBoard): the start page's chosen start, an event's round position and live games.

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import type { Color, PlayedMove } from '../common/api';
import { askCastle, askPromotion } from './dialogs';
import { interaction, premoveStands } from './interaction';
import { type BoardMove, castlesFrom, castlingSteps, readBoard, resolve, writeBoard } from './moves';
import { createQueue, type Job } from './queue';

export const ANIMATION_MS = 220;
const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

// What the board shows and allows. Read when a queued drawing runs (after an animation), so
// it is the game as it is then, not as it was when the drawing was asked for.
export interface BoardSource {
  ply(): number; // the game's ply
  viewPly(): number; // the ply to show (navigation), ply() when following the game
  fenAt(ply: number): string;
  turnAt(ply: number): Color;
  moveAt(ply: number): PlayedMove | undefined; // the move that led to `ply`
  checkAt(ply: number): boolean;
  turn(): Color; // the side to move in the game
  play(): boolean; // the side to move may move now
  premover(): Color | null; // the seat whose moves become premoves
  legal(): BoardMove[]; // the legal moves last received...
  legalReady(): boolean; // ...and whether they are those of the game's ply
}

export interface BoardEvents {
  // A move made on the board, any question answered; the board shows it already.
  move(move: BoardMove): void;
  // A piece picked up or a square chosen.
  select(key: string): void;
}

export interface BoardOptions {
  orientation: Color;
  analysis: boolean; // the analysis board: nothing to play
  premoves: boolean; // this browser plays one seat
}

export interface GameBoard {
  schedule(job: Job): Promise<void>;
  draw(): Promise<void>; // the position of source.viewPly(), animated when it is the next one
  sync(): void; // who may move, now (and a premove played when its moment has come)
  syncLater(): void; // the same, after the drawings queued before it
  showOwnMove(move: BoardMove, ply: number, fromBoard: boolean): void; // our move, sent
  revert(): void; // redraw the game as it is (a move refused)
  setOrientation(orientation: Color): void;
  showBest(uci: string | null): void; // the analysis board's best move, as an arrow
}

export function createBoard(
  boardEl: HTMLElement,
  root: HTMLElement,
  options: BoardOptions,
  source: BoardSource,
  events: BoardEvents,
): GameBoard {
  let shownPly = -1; // the ply the board actually draws

  const cg: Api = Chessground(boardEl, {
    fen: source.fenAt(source.viewPly()),
    orientation: options.orientation,
    coordinates: false, // our own labels beside the board (never over a piece)
    autoCastle: false, // we place king and rook ourselves (FIDE's sequence)
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true, rookCastle: true, events: { after: onUserMove } },
    premovable: { enabled: !options.analysis && options.premoves, showDests: true, castle: true },
    draggable: { enabled: !options.analysis, showGhost: true },
    drawable: { enabled: true },
    events: { select: onSelect },
  });
  window.addEventListener('resize', () => document.body.dispatchEvent(new Event('chessground.resize')));
  (window as unknown as { cg: Api }).cg = cg; // for the end-to-end test and debugging

  // Drawing is queued so that a castling animation is never cut by the next update.
  const schedule = createQueue();

  function lastMoveKeys(ply: number): Key[] | undefined {
    const move = ply === 0 ? undefined : source.moveAt(ply);
    if (!move) return undefined;
    if (move.castle && move.kingFrom && move.kingTo && move.rookFrom && move.rookTo)
      return [...new Set([move.kingFrom, move.kingTo, move.rookFrom, move.rookTo])] as Key[];
    return [move.uci.slice(0, 2), move.uci.slice(2, 4)] as Key[];
  }

  // Who may move pieces (interaction.ts): the side to move when it is ours; while the opponent
  // moves (or a move of theirs is being drawn), our one seat, whose moves then become premoves,
  // played as soon as the board has caught up (so a move made during an animation is queued,
  // not dropped).
  function sync() {
    const ply = source.ply();
    const now = interaction({
      play: source.play(),
      premover: source.premover(),
      turn: source.turn(),
      shownTurn: source.turnAt(shownPly < 0 ? source.viewPly() : shownPly),
      legal: source.legal(),
      legalReady: source.legalReady(),
      shown: shownPly === ply,
    });
    cg.set({ turnColor: now.turnColor, movable: { color: now.movableColor, dests: now.dests as Map<Key, Key[]> } });
    const premove = cg.state.premovable.current;
    if (now.playPremove && premove) {
      if (premoveStands(premove, source.legal())) cg.playPremove();
      else cg.cancelPremove();
    }
  }

  // FIDE Chess960 guidelines: the king is lifted off the board, the rook is moved, and the
  // king is placed on its square (II.3.2.5); never the rook left behind or shown as captured.
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

  function draw() {
    return schedule(async () => {
      const target = source.viewPly();
      const move = target > 0 ? source.moveAt(target) : undefined;
      if (target === shownPly + 1 && move?.castle && move.kingFrom && move.rookFrom && move.rookTo) {
        await animateCastle(source.fenAt(target - 1), move.kingFrom, move.rookFrom, move.rookTo, source.fenAt(target));
      } else {
        cg.set({ fen: source.fenAt(target) });
      }
      shownPly = target;
      const turn = source.turnAt(target);
      cg.set({ lastMove: lastMoveKeys(target), turnColor: turn, check: source.checkAt(target) ? turn : false });
      cg.set({ drawable: { autoShapes: [] }, highlight: { custom: new Map() } });
      sync();
    });
  }

  function onSelect(key: Key) {
    events.select(key);
    // While the king is picked up, show where each castling rook would go.
    const castles = source.play() ? castlesFrom(source.legal(), key) : [];
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
  // "king lifted", so the rook is never shown captured (Guidelines II.3.2.5).
  function hideKingOnRook() {
    const last = cg.state.lastMove;
    const ply = source.ply();
    if (!last || last.length !== 2 || shownPly !== ply) return;
    const [orig, dest] = last as [Key, Key];
    const castle = source.legal().find(m => m.castle && m.from === orig && m.to === dest);
    if (!castle?.rookFrom || !castle.rookTo || cg.state.pieces.get(dest)?.role !== 'king') return;
    const steps = castlingSteps(source.fenAt(ply), castle.from, castle.rookFrom, castle.rookTo);
    if (steps.length !== 2) return;
    cg.state.animation.enabled = false;
    cg.set({ fen: steps[0] });
    cg.state.animation.enabled = true;
  }
  for (const type of ['mouseup', 'touchend', 'mousedown', 'touchstart'])
    window.addEventListener(type, hideKingOnRook);

  function onUserMove(orig: Key, dest: Key) {
    cg.set({ drawable: { autoShapes: [] }, highlight: { custom: new Map() } });
    const resolution = resolve(source.legal(), orig, dest);
    switch (resolution.kind) {
      case 'none':
        revert();
        return;
      case 'move':
        events.move(resolution.move);
        return;
      case 'promotion':
        void askPromotion(root, resolution.moves, source.turn()).then(move => (move ? events.move(move) : revert()));
        return;
      case 'ask-castle':
        void askCastle(root, resolution.castle, resolution.kingMove, () => previewCastle(resolution.castle)).then(move =>
          move ? events.move(move) : revert(),
        );
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
    void draw();
  }

  // Our move, on its way to the server: castling is drawn as FIDE's sequence at once; a move
  // made on the board is already drawn (promotion and en passant are fixed by the next drawing).
  function showOwnMove(move: BoardMove, ply: number, fromBoard: boolean) {
    if (move.castle && move.rookFrom && move.rookTo && move.kingTo) {
      const before = source.fenAt(ply);
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
      shownPly = ply + 1;
    }
  }

  return {
    schedule,
    draw,
    sync,
    syncLater: () => void schedule(sync),
    showOwnMove,
    revert,
    setOrientation: orientation => cg.set({ orientation }),
    showBest: best =>
      cg.set({
        drawable: { autoShapes: best ? [{ orig: best.slice(0, 2) as Key, dest: best.slice(2, 4) as Key, brush: 'paleGreen' }] : [] },
      }),
  };
}

// A small board that shows a position and takes no input: no coordinates (it is too small for
// them), and moves animated only where `animate` asks (a live game followed; a preview
// changes all at once).
export interface PreviewBoard {
  show(fen: string, lastMove?: { from: string; to: string } | null): void;
  destroy(): void;
}

export function previewBoard(
  boardEl: HTMLElement,
  fen: string | undefined,
  options: { animate?: boolean } = {},
): PreviewBoard {
  const animation = { enabled: options.animate ?? false };
  const cg = Chessground(boardEl, { fen, viewOnly: true, coordinates: false, animation });
  return {
    show: (position, lastMove) =>
      cg.set({ fen: position, lastMove: lastMove ? ([lastMove.from, lastMove.to] as Key[]) : undefined }),
    destroy: () => cg.destroy(),
  };
}
