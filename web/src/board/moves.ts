// Turning the server's legal-move list into board input, and back.
//
// In Chess960 a castling move is "king takes own rook" (uci e1h1). The board offers two
// gestures for it: dropping the king on its own rook (never an ordinary move, so never
// ambiguous), and moving the king to its castling square (g- or c-file). The second one is
// ambiguous when an ordinary king move goes to the same square (king f1, rook h1: Kg1 and O-O
// both put the king on g1); FIDE's guidelines suggest a player announce castling, so then we
// ask instead of guessing (Guidelines II.3.2.7: "I am about to castle").

import type { CastleSide } from '../common/api';

// A legal move as the board needs it: where the piece goes, and for castling where king and
// rook end up (`to` is the rook's square: king takes own rook).
export interface BoardMove {
  uci: string;
  from: string;
  to: string;
  castle: CastleSide | null;
  kingTo: string | null;
  rookFrom: string | null;
  rookTo: string | null;
  promotion: string | null;
}

// The moves of the UCI list (Chess960 castling, as live updates and GET /legal give them) in
// the position `fen`. A king move onto a rook of its own colour is castling: towards the h-file
// the king ends on g and the rook on f (O-O), towards the a-file on c and d (O-O-O): where
// they stand after castling in ordinary chess (Guidelines II.3.2, "after castling").
export function boardMoves(fen: string, ucis: readonly string[]): BoardMove[] {
  const board = readBoard(fen);
  return ucis.map(uci => {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const piece = board.get(from);
    const target = board.get(to);
    const castles = (piece === 'K' && target === 'R') || (piece === 'k' && target === 'r');
    if (!castles) return { uci, from, to, castle: null, kingTo: null, rookFrom: null, rookTo: null, promotion: uci[4] ?? null };
    const side: CastleSide = to.charCodeAt(0) > from.charCodeAt(0) ? 'g' : 'c';
    const rank = from[1]!;
    return {
      uci,
      from,
      to,
      castle: side,
      kingTo: `${side}${rank}`,
      rookFrom: to,
      rookTo: `${side === 'g' ? 'f' : 'd'}${rank}`,
      promotion: null,
    };
  });
}

export type Dests = Map<string, string[]>;

// The squares each piece may be dropped on: every move's target square, plus the king's
// castling square for each castling move (when the king actually moves).
export function destsOf(moves: BoardMove[]): Dests {
  const dests: Dests = new Map();
  const add = (from: string, to: string) => {
    if (from === to) return;
    const list = dests.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    dests.set(from, list);
  };
  for (const move of moves) {
    add(move.from, move.to);
    if (move.castle && move.kingTo) add(move.from, move.kingTo);
  }
  return dests;
}

export type Resolution =
  | { kind: 'none' }
  | { kind: 'move'; move: BoardMove }
  | { kind: 'promotion'; moves: BoardMove[] }
  | { kind: 'ask-castle'; castle: BoardMove; kingMove: BoardMove };

// What the gesture "piece from `orig` dropped on `dest`" means.
export function resolve(moves: BoardMove[], orig: string, dest: string): Resolution {
  const fromHere = moves.filter(m => m.from === orig);
  const ordinary = fromHere.filter(m => !m.castle && m.to === dest);
  // Dropping the king on its own rook is the castle, and nothing else.
  const ontoRook = fromHere.find(m => m.castle && m.to === dest);
  if (ontoRook) return { kind: 'move', move: ontoRook };
  const toCastlingSquare = fromHere.find(m => m.castle && m.kingTo === dest);
  if (toCastlingSquare) {
    if (ordinary.length > 0) return { kind: 'ask-castle', castle: toCastlingSquare, kingMove: ordinary[0]! };
    return { kind: 'move', move: toCastlingSquare };
  }
  if (ordinary.length === 0) return { kind: 'none' };
  if (ordinary.some(m => m.promotion)) return { kind: 'promotion', moves: ordinary };
  return { kind: 'move', move: ordinary[0]! };
}

// The castling moves of the king standing on `square` (for the rook preview while dragging).
export function castlesFrom(moves: BoardMove[], square: string): BoardMove[] {
  return moves.filter(m => m.castle && m.from === square);
}

// The board part of a FEN as a square -> piece-letter map, and back.
export type Board = Map<string, string>;
const FILES = 'abcdefgh';

export function readBoard(fen: string): Board {
  const board: Board = new Map();
  const rows = (fen.split(' ')[0] ?? '').split('/');
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else {
        board.set(`${FILES[file]}${8 - i}`, ch);
        file += 1;
      }
    }
  });
  return board;
}

export function writeBoard(board: Board): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const file of FILES) {
      const piece = board.get(`${file}${rank}`);
      if (piece) {
        if (empty) row += String(empty);
        row += piece;
        empty = 0;
      } else empty += 1;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

// The two intermediate boards of FIDE's recommended castling sequence (Guidelines: the
// king is lifted first, then the rook moves, then the king is placed):
// [king lifted, rook on its destination], the final board being the position after the move.
export function castlingSteps(fenBefore: string, kingFrom: string, rookFrom: string, rookTo: string): string[] {
  const board = readBoard(fenBefore);
  const king = board.get(kingFrom);
  const rook = board.get(rookFrom);
  if (!king || !rook) return [];
  board.delete(kingFrom);
  const lifted = writeBoard(board);
  board.delete(rookFrom);
  board.set(rookTo, rook);
  return [lifted, writeBoard(board)];
}
