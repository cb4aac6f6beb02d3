// One puzzle being solved, as lichess plays them (pure: no DOM, tested with `node --test`):
// the position before the opponent's move is set up, that move (`lastMove`) is played, then the
// solver (the side to move after it) must find solution[0]; a right move is answered by the
// opponent's reply (solution[1]), played by the page a moment later, and so on; the puzzle is
// solved when the solver's last move is played. Any move that gives checkmate solves it too (a
// mate in one may have more than one mating move; lichess accepts each). Any other move fails
// it: the right move is then known, the wrong one can be taken back and the rest of the
// solution shown move by move.
//
// Positions and legal moves come from chessops (lichess's rules library): castling is the king
// taking its own rook in UCI ("b1a1"), as the server writes the solution, and the board offers it
// as on the game page (board/moves.ts: dropping the king on its rook, or on its castling square
// when that is no other move).

import { Chess, normalizeMove } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, makeUci, parseUci } from 'chessops/util';
import { type BoardMove, boardMoves } from '../board/moves';
import type { Color, PlayedMove } from '../common/api';
import type { Puzzle } from './api';

export type RunStatus =
  | 'intro' // the puzzle's position, before the opponent's move
  | 'play' // the solver's move is due
  | 'reply' // a right move played: the opponent's reply is due
  | 'solved'
  | 'failed';

export type MoveOutcome =
  | { kind: 'not-now' } // not the solver's turn (an animation, or the puzzle is over)
  | { kind: 'illegal' }
  | { kind: 'correct' } // the reply is due (reply())
  | { kind: 'solved'; otherMate: boolean } // otherMate: a mate the solution did not list
  | { kind: 'failed'; right: string; rightSan: string };

const FILE_RANK_LAST = (square: number) => square >> 3 === 0 || square >> 3 === 7;

function setUp(fen: string): Chess {
  return Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
}

// The UCI moves of the side to move (promotions to each piece; castling as king takes rook).
export function legalUcis(pos: Chess): string[] {
  const ucis: string[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests) {
      const uci = `${makeSquare(from)}${makeSquare(to)}`;
      if (pawn && FILE_RANK_LAST(to)) for (const p of 'qrbn') ucis.push(`${uci}${p}`);
      else ucis.push(uci);
    }
  }
  return ucis;
}

// A UCI move as chessops plays it (castling as the king taking its rook, whichever way it was
// written), or null when it is not legal here.
function legalMove(pos: Chess, uci: string) {
  const parsed = parseUci(uci);
  if (!parsed || !('from' in parsed)) return null;
  const move = normalizeMove(pos, parsed);
  return pos.isLegal(move) ? move : null;
}

export class PuzzleRun {
  status: RunStatus = 'intro';
  readonly solver: Color;
  // The moves played, ply 1 being the opponent's lastMove; fens[0] is the puzzle's position.
  readonly moves: PlayedMove[] = [];
  readonly fens: string[];
  private readonly positions: Chess[];
  // The index in the solution of the next move due.
  private progress = 0;
  // The solution's move the solver missed (once failed), in UCI and SAN.
  right: { uci: string; san: string } | null = null;
  // The wrong move is on the board until takeBack().
  private wrongShown = false;
  // win or loss, once known (the attempt is sent once).
  result: 'win' | 'loss' | null = null;

  constructor(readonly puzzle: Puzzle) {
    const start = setUp(puzzle.fen);
    this.positions = [start];
    this.fens = [puzzle.fen];
    this.solver = start.turn === 'white' ? 'black' : 'white';
  }

  get ply(): number {
    return this.moves.length;
  }

  position(ply = this.ply): Chess {
    return this.positions[ply]!;
  }

  turnAt(ply: number): Color {
    return this.positions[ply]!.turn;
  }

  checkAt(ply: number): boolean {
    return this.positions[ply]!.isCheck();
  }

  // The solver's legal moves now (empty unless it is their move).
  legal(): BoardMove[] {
    if (this.status !== 'play') return [];
    return boardMoves(this.fens[this.ply]!, legalUcis(this.position()));
  }

  // Plays a legal move on the board's list, with what the board needs to draw it.
  private push(uci: string): PlayedMove | null {
    const pos = this.position();
    const move = legalMove(pos, uci);
    if (!move) return null;
    const fenBefore = this.fens[this.ply]!;
    const uciNormal = makeUci(move);
    const san = makeSan(pos, move);
    const next = pos.clone();
    next.play(move);
    const fen = makeFen(next.toSetup());
    const board = boardMoves(fenBefore, [uciNormal])[0]!;
    const played: PlayedMove = {
      uci: uciNormal,
      san,
      from: board.from,
      to: board.to,
      fen,
      castle: board.castle,
      rookFrom: board.rookFrom,
      rookTo: board.rookTo,
      kingFrom: board.castle ? board.from : null,
      kingTo: board.kingTo,
    };
    this.positions.push(next);
    this.fens.push(fen);
    this.moves.push(played);
    return played;
  }

  // The opponent's move that sets the puzzle: the solver's turn after it.
  start(): PlayedMove | null {
    if (this.status !== 'intro') return null;
    const played = this.push(this.puzzle.lastMove);
    if (!played) throw new Error(`the puzzle's first move ${this.puzzle.lastMove} is not legal`);
    this.status = this.puzzle.solution.length > 0 ? 'play' : 'solved';
    return played;
  }

  // The solver's move.
  move(uci: string): MoveOutcome {
    if (this.status !== 'play') return { kind: 'not-now' };
    const pos = this.position();
    const move = legalMove(pos, uci);
    if (!move) return { kind: 'illegal' };
    const expected = this.puzzle.solution[this.progress]!;
    const expectedMove = legalMove(pos, expected);
    const right = !!expectedMove && makeUci(expectedMove) === makeUci(move);
    const rightSan = expectedMove ? makeSan(pos, expectedMove) : expected;
    this.push(makeUci(move));
    if (right) {
      this.progress += 1;
      if (this.progress >= this.puzzle.solution.length) return this.finish(false);
      this.status = 'reply';
      return { kind: 'correct' };
    }
    if (this.position().isCheckmate()) return this.finish(true);
    this.status = 'failed';
    this.result = 'loss';
    this.right = { uci: expectedMove ? makeUci(expectedMove) : expected, san: rightSan };
    this.wrongShown = true;
    return { kind: 'failed', right: this.right.uci, rightSan };
  }

  private finish(otherMate: boolean): MoveOutcome {
    this.status = 'solved';
    this.result = 'win';
    return { kind: 'solved', otherMate };
  }

  // The opponent's reply, once a right move asks for it; the solver's turn again (or solved,
  // should the solution end with the opponent's move).
  reply(): PlayedMove | null {
    if (this.status !== 'reply') return null;
    const played = this.push(this.puzzle.solution[this.progress]!);
    if (!played) throw new Error(`the puzzle's reply ${this.puzzle.solution[this.progress]} is not legal`);
    this.progress += 1;
    if (this.progress >= this.puzzle.solution.length) this.finish(false);
    else this.status = 'play';
    return played;
  }

  // Once failed: the wrong move taken back (the position where the right move is due).
  takeBack(): boolean {
    if (this.status !== 'failed' || !this.wrongShown) return false;
    this.moves.pop();
    this.fens.pop();
    this.positions.pop();
    this.wrongShown = false;
    return true;
  }

  // Once over: whether the solution has moves not yet shown, and the next of them played.
  solutionLeft(): boolean {
    return (this.status === 'failed' || this.status === 'solved') && !this.wrongShown && this.progress < this.puzzle.solution.length;
  }

  showNext(): PlayedMove | null {
    if (!this.solutionLeft()) return null;
    const played = this.push(this.puzzle.solution[this.progress]!);
    if (played) this.progress += 1;
    return played;
  }

  over(): boolean {
    return this.status === 'solved' || this.status === 'failed';
  }
}

// The streak (lichess's Puzzle Streak): puzzles of rising difficulty until the first mistake.
// It starts near STREAK_START and each solved puzzle asks for one STREAK_STEP harder.
export const STREAK_START = 800;
export const STREAK_STEP = 100;

export interface Streak {
  count: number; // puzzles solved in a row
  rating: number; // the rating the next puzzle is asked near
  over: boolean;
  seen: string[]; // the puzzles of this streak (not given twice)
}

export function newStreak(): Streak {
  return { count: 0, rating: STREAK_START, over: false, seen: [] };
}

export function streakAfter(streak: Streak, id: string, win: boolean): Streak {
  if (streak.over) return streak;
  const seen = streak.seen.includes(id) ? streak.seen : [...streak.seen, id];
  return win
    ? { count: streak.count + 1, rating: streak.rating + STREAK_STEP, over: false, seen }
    : { ...streak, over: true, seen };
}
