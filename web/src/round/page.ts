// The game page (/game/<id>, and /analysis/<id>): loads the game and wires its parts together,
// as lichess's round UI is split: the controller (controller.ts: the game's state, the live
// channel, requests), the board (board/board.ts), the view (view.ts) and the controls
// (controls.ts).

import { session } from '../account/session';
import { createBoard } from '../board/board';
import { api, type GameView } from '../common/api';
import { ApiError } from '../common/errors';
import { t } from '../common/i18n';
import { loadSeats, saveSeats, type Seats } from '../common/seats';
import { toast } from '../common/ui';
import type { ConnectionStatus, Transport } from '../live/types';
import { Round } from './controller';
import { bindControls } from './controls';
import { createView, pageHtml } from './view';

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

  root.innerHTML = pageHtml(id, analysisMode);
  // Signed in, the account may be a player of the game (one from the lobby), by its cookie.
  const me = await session();

  let game: GameView;
  try {
    game = await api.game(id, seats.white ?? seats.black);
  } catch (e) {
    root.innerHTML = `<main class="home"><p class="error">${
      e instanceof ApiError && e.status === 404 ? t('game.noSuchGame') : (e as Error).message
    }</p><p><a href="/">${t('game.backToStart')}</a></p></main>`;
    return;
  }

  // No seat token, but the server says the signed-in account plays here: its seat, by the cookie.
  const heldByToken = !!(seats.white || seats.black);
  const accountSeat = !heldByToken && !analysisMode && me && (game.you === 'white' || game.you === 'black') ? game.you : null;
  const round = new Round(id, seats, game, analysisMode, accountSeat);
  const board = createBoard(
    root.querySelector<HTMLElement>('#board')!,
    root,
    { orientation: round.orientation, analysis: analysisMode, premoves: !!round.singleSeat() },
    {
      ply: () => round.game.ply,
      viewPly: () => round.viewPly,
      fenAt: round.fenAt,
      turnAt: round.turnAt,
      moveAt: ply => round.game.moves[ply - 1],
      checkAt: round.checkAt,
      turn: () => round.game.turn,
      play: round.canPlay,
      premover: round.premover,
      legal: round.legalMoves,
      legalReady: round.legalReady,
    },
    { move: move => void round.play(move, true), select: round.onSelect },
  );
  const view = createView(root, round, round);
  round.attach(board, view);
  bindControls(root, round, view);
  setInterval(() => round.tick(), 200);

  view.redraw();
  void board.draw();
  void round.fetchLegal();
  // The games of seat tokens are never the lobby's; anyone else, a signed-out spectator too,
  // asks for the players (a game that is not the lobby's says accountGame: false).
  if (!heldByToken) void round.loadAccounts();

  if (analysisMode) {
    round.goTo(round.viewPly);
    root.querySelector<HTMLElement>('#connection')!.hidden = true;
    return;
  }

  // For the end-to-end test and debugging: how the page is connected.
  const debug = window as unknown as { liveTransport: Transport | null; liveStatus: ConnectionStatus };
  debug.liveTransport = null;
  round.connect({
    status: s => (debug.liveStatus = s),
    transport: transport => (debug.liveTransport = transport),
  });
}
