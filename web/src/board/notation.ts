// Typed moves and spoken positions, for players who use a keyboard or a screen reader (the
// move input, the live region and the text view of the game page).
//
// A typed move is read by matching it against the legal moves (never by guessing): SAN
// ("Nf3", "exd5", "e8=Q", "O-O", "0-0-0") or UCI ("e2e4", "e7e8q"; castling as the king
// taking its own rook, "b1a1", or as the king's square, "b1c1", when that is no other move).
// When nothing matches, the answer says why in words.

import { t, tMaybe } from '../common/i18n';
import type { BoardMove } from './moves';
import { readBoard } from './moves';

export type TypedMove = { kind: 'move'; move: BoardMove } | { kind: 'error'; message: string };

const ROLE_KEYS: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
// A piece's name in the page's language: "knight", "knights" (plural), "Knight" (capital).
const roleName = (letter: string, form: '' | 's' | 'cap' = '') => {
  const key = ROLE_KEYS[letter.toLowerCase()]!;
  return tMaybe(form === 'cap' ? `piece.${cap(key)}` : `piece.${key}${form}`);
};
const FILES = 'abcdefgh';

// The piece letter (upper case) of the piece on `square`, or undefined.
function roleAt(fen: string, square: string): string | undefined {
  return readBoard(fen).get(square)?.toUpperCase();
}

export function parseTypedMove(text: string, fen: string, legal: readonly BoardMove[]): TypedMove {
  const typed = text.trim().replace(/[+#!?]+$/, '');
  if (!typed) return { kind: 'error', message: t('typed.empty') };
  if (legal.length === 0) return { kind: 'error', message: t('typed.noMove') };

  // Castling: O-O (king towards the h-file) and O-O-O (towards the a-file), zeros too.
  const castle = /^([O0o])-?\1(-?\1)?$/.exec(typed);
  if (castle) {
    const side = castle[2] ? 'c' : 'g';
    const name = side === 'g' ? 'O-O' : 'O-O-O';
    const move = legal.find(m => m.castle === side);
    if (move) return { kind: 'move', move };
    return { kind: 'error', message: t('typed.castleImpossible', { name, side: t(side === 'g' ? 'typed.kingside' : 'typed.queenside') }) };
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
        message: role ? t('typed.pieceStuck', { piece: roleName(role), square: from }) : t('typed.noPieceOn', { square: from }),
      };
    }
    const exact = fromHere.filter(m => m.uci === `${from}${to}${promo?.toLowerCase() ?? ''}`);
    if (exact.length === 1) return { kind: 'move', move: exact[0]! };
    const promotions = fromHere.filter(m => m.to === to && m.promotion);
    if (promotions.length > 0 && !promo)
      return { kind: 'error', message: t('typed.sayPromotionUci', { uci: `${from}${to}`, to }) };
    const ordinary = fromHere.filter(m => !m.castle && m.to === to);
    const castling = fromHere.find(m => m.castle && m.kingTo === to);
    if (castling && ordinary.length === 0) return { kind: 'move', move: castling };
    if (castling)
      return {
        kind: 'error',
        message: t('typed.castleOrKing', { uci: `${from}${to}`, castle: castling.castle === 'g' ? 'O-O' : 'O-O-O', to }),
      };
    return { kind: 'error', message: t('typed.illegal', { uci: `${from}${to}` }) };
  }

  // SAN: [piece][from file][from rank][x]to[=promotion].
  const san = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(typed);
  if (!san) return { kind: 'error', message: t('typed.notAMove', { text: typed }) };
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
  if (candidates.length === 0) return { kind: 'error', message: t('typed.noPieceCanGo', { piece: roleName(piece), square: to }) };
  const promotions = candidates.filter(m => m.promotion);
  if (promotions.length > 0) {
    if (!promo) return { kind: 'error', message: t('typed.sayPromotion', { to }) };
    const chosen = promotions.filter(m => m.promotion === promo.toLowerCase());
    if (chosen.length === 1) return { kind: 'move', move: chosen[0]! };
    if (chosen.length === 0) return { kind: 'error', message: t('typed.badPromotion') };
    return ambiguous(chosen, piece, to);
  }
  if (candidates.length > 1) return ambiguous(candidates, piece, to);
  return { kind: 'move', move: candidates[0]! };
}

function ambiguous(moves: readonly BoardMove[], piece: string, to: string): TypedMove {
  const prefix = piece === 'P' ? '' : piece;
  const options = moves.map(m => `${prefix}${m.from}${to}`).join(t('typed.or'));
  return { kind: 'error', message: t('typed.ambiguous', { piece: roleName(piece), square: to, options }) };
}

// A SAN move as words a screen reader says clearly: "Knight takes f3, check".
export function spokenSan(san: string): string {
  const check = san.endsWith('#') ? t('game.checkmateWord') : san.endsWith('+') ? t('game.checkWord') : '';
  const move = san.replace(/[+#]$/, '');
  if (/^O-O-O/.test(move)) return `${t('game.castlesQueenside')}${check}`;
  if (/^O-O/.test(move)) return `${t('game.castlesKingside')}${check}`;
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(move);
  if (!m) return `${san}${check}`;
  const [, piece, from, takes, to, promo] = m;
  const words = [roleName(piece ?? 'p', 'cap')];
  if (from) words.push(from);
  words.push(takes ? t('game.takes') : t('game.to'), to!);
  if (promo) words.push(t('game.promotesTo'), roleName(promo));
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
      parts.push(`${roleName(role, squares.length > 1 ? 's' : '')} ${squares.join(' ')}`);
    }
    return parts.join(', ') || t('game.noPieces');
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
  return t('home.moves', { n: Math.ceil(plies / 2) });
}

// Where a ply stands in a game that began at `initialFen`: its move number and the side that
// made it ("12. … Nc6" is ply n with number 12, black). Ply 1 is the first move made.
export function plyPosition(initialFen: string, ply: number): { number: number; color: 'white' | 'black' } {
  const [, side, , , , fullmove] = initialFen.split(' ');
  const offset = side === 'b' ? 1 : 0;
  return {
    number: (Number(fullmove) || 1) + Math.floor((ply - 1 + offset) / 2),
    color: (ply - 1 + offset) % 2 === 0 ? 'white' : 'black',
  };
}
