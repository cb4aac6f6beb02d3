// Games as the server describes them (docs/live.md), for the page's unit tests: a game's state
// (what every change carries) and the whole game (state, players, start and moves). Each test
// gives what it cares about in `extra`.

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
export const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

// A friend game's state at `ply` in the position `fen`, in play, nobody asking for anything.
export function gameState(ply, fen, extra = {}) {
  return {
    id: 'g1',
    ply,
    fen,
    turn: ply % 2 ? 'black' : 'white',
    status: 'active',
    result: '*',
    termination: null,
    reason: '',
    check: null,
    lastMove: null,
    clock: null,
    drawOffer: null,
    takeback: null,
    claimable: { threefold: false, fifty: false },
    thinking: false,
    ...extra,
  };
}

// The whole game: gameState's, from the classical start (number 518), seen from white's seat.
export function gameView(ply, fen, moves, extra = {}) {
  return {
    ...gameState(ply, fen),
    createdAt: 0,
    opponent: 'friend',
    level: null,
    engineColor: null,
    white: 'White',
    black: 'Black',
    startNumber: 518,
    initialFen: START,
    moves,
    you: 'white',
    rated: false,
    speed: 'correspondence',
    event: null,
    ...extra,
  };
}
