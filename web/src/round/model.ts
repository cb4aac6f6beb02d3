// The page's own copy of a game, kept up to date from the live channel (docs/live.md): the
// whole game arrives once, then each move is appended and each state taken over. Messages
// may arrive twice (a move's acknowledgement and its event; two sockets when this browser
// holds both seats) or late (an HTTP answer overtaken by the event stream), so applying is
// idempotent and ordered by ply; a gap means something was missed and the whole game is due.

import type { GameState, GameView, MoveInfo, MoveUpdate, PlayedMove } from '../common/api';

export type Applied = { kind: 'applied'; game: GameView } | { kind: 'stale' } | { kind: 'gap' };

// The game with the fields of `state` taken over (its moves, seat and players kept).
export function withState(game: GameView, state: GameState): GameView {
  const { id, ply, fen, turn, status, result, termination, reason, check, lastMove, clock, drawOffer, claimable, thinking } =
    state;
  const takeback = state.takeback ?? null;
  return { ...game, id, ply, fen, turn, status, result, termination, reason, check, lastMove, clock, drawOffer, takeback, claimable, thinking };
}

// A MoveInfo as the game's move list holds it.
export function playedMove(move: MoveInfo): PlayedMove {
  const { uci, san, from, to, fen, castle, rookFrom, rookTo, kingFrom, kingTo } = move;
  return { uci, san, from, to, fen, castle, rookFrom, rookTo, kingFrom, kingTo };
}

// Appends the update's move: stale when the game already has it, a gap when moves are missing
// before it or the move at its ply is a different one.
export function applyMove(game: GameView, update: MoveUpdate): Applied {
  const { move, state } = update;
  const have = game.moves.length;
  if (move.ply <= have) return game.moves[move.ply - 1]?.uci === move.uci ? { kind: 'stale' } : { kind: 'gap' };
  if (move.ply > have + 1) return { kind: 'gap' };
  return { kind: 'applied', game: { ...withState(game, state), moves: [...game.moves, playedMove(move)] } };
}

// Takes over a state of the same ply; an older one is stale, a newer one means a missed move.
export function applyState(game: GameView, state: GameState): Applied {
  if (state.ply < game.ply) return { kind: 'stale' };
  if (state.ply > game.ply) return { kind: 'gap' };
  return { kind: 'applied', game: withState(game, state) };
}

// The whole game replaces ours unless it is older (an HTTP answer overtaken by the stream).
export function applyView(game: GameView, view: GameView): Applied {
  if (view.ply < game.ply) return { kind: 'stale' };
  return { kind: 'applied', game: view };
}

// The position after `ply` half-moves of the game (0: the start), and the side to move in it.
export function fenAt(game: GameView, ply: number): string {
  return ply === 0 ? game.initialFen : game.moves[ply - 1]!.fen;
}

export function turnAt(game: GameView, ply: number): 'white' | 'black' {
  return fenAt(game, ply).split(' ')[1] === 'b' ? 'black' : 'white';
}

// Whether the side to move is in check after `ply` (the game's own flag for the current
// position, the move's SAN for earlier ones).
export function inCheckAt(game: GameView, ply: number): boolean {
  if (ply === game.ply) return !!game.check;
  return ply > 0 && /[+#]$/.test(game.moves[ply - 1]!.san);
}
