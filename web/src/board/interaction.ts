// Who may move pieces on the board, and when a premove is played (board.ts applies it to
// chessground). Pure, tested with `node --test`.
//
// The side to move may move when it is ours; while the opponent moves (or a move of theirs is
// still being drawn), our one seat may move too, and its moves become premoves, played as soon
// as the board has caught up with the game and its legal moves are known: a move made during an
// animation is queued, not dropped. A premove that the new position does not allow is dropped.

import type { Color } from '../common/api';
import { type BoardMove, type Dests, destsOf } from './moves';

export interface InteractionInput {
  play: boolean; // the side to move may move now (ours, the game followed, nothing being sent)
  premover: Color | null; // the seat whose moves become premoves, when the game is followed
  turn: Color; // the side to move in the game
  shownTurn: Color; // the side to move in the position the board draws
  legal: readonly BoardMove[]; // the side to move's legal moves...
  legalReady: boolean; // ...known for the game's current ply
  shown: boolean; // the board draws the game's current position (no animation pending)
}

export interface Interaction {
  turnColor: Color; // chessground's side to move (the drawn position's)
  movableColor: Color | undefined; // whose pieces may be picked up
  dests: Dests; // where they may go (empty: only premoves)
  playPremove: boolean; // the moment a waiting premove is played
}

export function interaction(i: InteractionInput): Interaction {
  const ready = i.play && i.legalReady;
  return {
    turnColor: i.shownTurn,
    movableColor: i.play ? i.turn : (i.premover ?? undefined),
    dests: ready ? destsOf([...i.legal]) : new Map(),
    playPremove: ready && i.shown,
  };
}

// Whether the premove `orig`-`dest` is a move in the new position: a target square of one of
// its legal moves, or the king's castling square (as the board's destinations allow).
export function premoveStands(premove: readonly string[], legal: readonly BoardMove[]): boolean {
  const [orig, dest] = premove;
  if (!orig || !dest) return false;
  return destsOf([...legal]).get(orig)?.includes(dest) ?? false;
}
