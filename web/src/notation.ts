// Typed moves and spoken positions, for players who use a keyboard or a screen reader (the
// move input, the live region and the text view of the game page).
//
// A typed move is read by matching it against the legal moves (never by guessing): SAN
// ("Nf3", "exd5", "e8=Q", "O-O", "0-0-0") or UCI ("e2e4", "e7e8q"; castling as the king
// taking its own rook, "b1a1", or as the king's square, "b1c1", when that is no other move).
// When nothing matches, the answer says why in words.

import type { BoardMove } from './moves';
import { readBoard } from './moves';

export type TypedMove = { kind: 'move'; move: BoardMove } | { kind: 'error'; message: string };

const ROLE_NAMES: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const FILES = 'abcdefgh';

// The piece letter (upper case) of the piece on `square`, or undefined.
function roleAt(fen: string, square: string): string | undefined {
  return readBoard(fen).get(square)?.toUpperCase();
}

export function parseTypedMove(text: string, fen: string, legal: readonly BoardMove[]): TypedMove {
  const typed = text.trim().replace(/[+#!?]+$/, '');
  if (!typed) return { kind: 'error', message: 'Type a move, such as Nf3, exd5, O-O or e2e4.' };
  if (legal.length === 0) return { kind: 'error', message: 'There is no move to make now.' };

  // Castling: O-O (king towards the h-file) and O-O-O (towards the a-file), zeros too.
  const castle = /^([O0o])-?\1(-?\1)?$/.exec(typed);
  if (castle) {
    const side = castle[2] ? 'c' : 'g';
    const name = side === 'g' ? 'O-O' : 'O-O-O';
    const move = legal.find(m => m.castle === side);
    if (move) return { kind: 'move', move };
    return { kind: 'error', message: `${name} is not possible now (${side === 'g' ? 'kingside' : 'queenside'} castling).` };
  }

  // UCI: from, to, promotion.
  const uci = /^([a-h][1-8])-?([a-h][1-8])([qrbnQRBN])?$/.exec(typed);
  if (uci) {
    const [, from, to, promo] = uci as unknown as [string, string, string, string | undefined];
    const fromHere = legal.filter(m => m.from === from);
    if (fromHere.length === 0) {
      const role = roleAt(fen, from);
      return {
        kind: 'error',
        message: role ? `The ${ROLE_NAMES[role.toLowerCase()]} on ${from} has no legal move.` : `There is no piece of yours on ${from}.`,
      };
    }
    const exact = fromHere.filter(m => m.uci === `${from}${to}${promo?.toLowerCase() ?? ''}`);
    if (exact.length === 1) return { kind: 'move', move: exact[0]! };
    const promotions = fromHere.filter(m => m.to === to && m.promotion);
    if (promotions.length > 0 && !promo)
      return { kind: 'error', message: `Say what the pawn becomes: ${from}${to}q, r, b or n (or ${to}=Q).` };
    const ordinary = fromHere.filter(m => !m.castle && m.to === to);
    const castling = fromHere.find(m => m.castle && m.kingTo === to);
    if (castling && ordinary.length === 0) return { kind: 'move', move: castling };
    if (castling)
      return {
        kind: 'error',
        message: `${from}${to} could be castling or a king move: type ${castling.castle === 'g' ? 'O-O' : 'O-O-O'} to castle, or K${to} for the king move.`,
      };
    return { kind: 'error', message: `${from}${to} is not a legal move.` };
  }

  // SAN: [piece][from file][from rank][x]to[=promotion].
  const san = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(typed);
  if (!san) return { kind: 'error', message: `"${typed}" is not a move. Type a move such as Nf3, exd5, e8=Q, O-O or e2e4.` };
  const [, piece = 'P', fromFile, fromRank, to, promo] = san as unknown as [string, string | undefined, string | undefined, string | undefined, string, string | undefined];
  const board = readBoard(fen);
  const candidates = legal.filter(m => {
    const role = board.get(m.from)?.toUpperCase();
    if (role !== piece) return false;
    if (fromFile && m.from[0] !== fromFile) return false;
    if (fromRank && m.from[1] !== fromRank) return false;
    const target = m.castle ? null : m.to;
    return target === to;
  });
  const name = ROLE_NAMES[piece.toLowerCase()]!;
  if (candidates.length === 0) return { kind: 'error', message: `No ${name} of yours can go to ${to}.` };
  const promotions = candidates.filter(m => m.promotion);
  if (promotions.length > 0) {
    if (!promo) return { kind: 'error', message: `Say what the pawn becomes: ${to}=Q, ${to}=R, ${to}=B or ${to}=N.` };
    const chosen = promotions.filter(m => m.promotion === promo.toLowerCase());
    if (chosen.length === 1) return { kind: 'move', move: chosen[0]! };
    if (chosen.length === 0) return { kind: 'error', message: `A pawn cannot become that: choose Q, R, B or N.` };
    return ambiguous(chosen, piece, to);
  }
  if (candidates.length > 1) return ambiguous(candidates, piece, to);
  return { kind: 'move', move: candidates[0]! };
}

function ambiguous(moves: readonly BoardMove[], piece: string, to: string): TypedMove {
  const prefix = piece === 'P' ? '' : piece;
  const options = moves.map(m => `${prefix}${m.from}${to}`).join(' or ');
  return { kind: 'error', message: `More than one ${ROLE_NAMES[piece.toLowerCase()]} can go to ${to}: type ${options}.` };
}

// A SAN move as words a screen reader says clearly: "Knight takes f3, check".
export function spokenSan(san: string): string {
  const check = san.endsWith('#') ? ', checkmate' : san.endsWith('+') ? ', check' : '';
  const move = san.replace(/[+#]$/, '');
  if (/^O-O-O/.test(move)) return `castles queenside${check}`;
  if (/^O-O/.test(move)) return `castles kingside${check}`;
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(move);
  if (!m) return `${san}${check}`;
  const [, piece, from, takes, to, promo] = m;
  const role = piece ? ROLE_NAMES[piece.toLowerCase()]! : 'pawn';
  const words = [cap(role)];
  if (from) words.push(from);
  words.push(takes ? 'takes' : 'to', to!);
  if (promo) words.push('promotes to', ROLE_NAMES[promo.toLowerCase()]!);
  return words.join(' ') + check;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// The pieces of a position by side, as a screen reader reads it:
// "White: king g1, queen d1, rooks a1 and f1, pawns a2 b2 …".
export function piecesText(fen: string): { white: string; black: string } {
  const board = readBoard(fen);
  const order = ['k', 'q', 'r', 'b', 'n', 'p'];
  const side = (upper: boolean) => {
    const parts: string[] = [];
    for (const role of order) {
      const letter = upper ? role.toUpperCase() : role;
      const squares = [...board.entries()]
        .filter(([, p]) => p === letter)
        .map(([sq]) => sq)
        .sort((a, b) => a[0]!.localeCompare(b[0]!) || a[1]!.localeCompare(b[1]!));
      if (squares.length === 0) continue;
      const name = ROLE_NAMES[role]!;
      parts.push(`${squares.length > 1 ? `${name}s` : name} ${squares.join(' ')}`);
    }
    return parts.join(', ') || 'no pieces';
  };
  return { white: side(true), black: side(false) };
}

// The board as eight lines of text, rank 8 first (or rank 1 first for black), empty squares
// as dots: the compact view of the position (like lichess's blind mode board).
export function boardRows(fen: string, orientation: 'white' | 'black' = 'white'): string[] {
  const board = readBoard(fen);
  const ranks = orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  const files = orientation === 'white' ? FILES.split('') : FILES.split('').reverse();
  return ranks.map(rank => `${rank} ${files.map(f => board.get(`${f}${rank}`) ?? '·').join(' ')}`);
}

// The number of full moves of a game of `plies` half-moves (the recent games list).
export function moveCount(plies: number): string {
  const moves = Math.ceil(plies / 2);
  return moves === 1 ? '1 move' : `${moves} moves`;
}
