// What the live channel of a game page is, whichever transport carries it (docs/live.md): the
// page's handlers for what arrives, and the channel's requests. The WebSocket (socket.ts) and
// the event stream with HTTP POSTs (stream.ts) each implement LiveChannel; live.ts picks one
// and reopens it after a drop.

import type { Color, GameAction, GameState, GameView, MoveUpdate, Room, TakebackUpdate } from '../common/api';

export type Transport = 'websocket' | 'sse';
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

// The seat tokens this browser holds for the game; '' for a seat of the signed-in account,
// which the session cookie speaks for (a game from the lobby).
export type SeatTokens = Partial<Record<Color, string>>;

// What the channel delivers. Messages may come twice or late (see round/model.ts): the page
// applies them by ply. A request's answer is delivered here too, before its promise settles.
export interface LiveHandlers {
  game(view: GameView): void;
  move(update: MoveUpdate): void;
  state(state: GameState): void;
  // An accepted takeback (round/takeback.ts).
  takeback?(update: TakebackUpdate): void;
  // The connection is up over `transport`, or down (null) and being reopened.
  connection?(transport: Transport | null): void;
  // What the connection is doing, for the player to see: 'offline' once a reconnection
  // has failed (or the browser says it has no network), 'reconnecting' while one is tried.
  status?(status: ConnectionStatus): void;
  // The players' names, presence and rematch.
  room?(room: Room): void;
}

export interface LiveChannel {
  readonly transport: Transport | null;
  // Plays `uci` for `seat` at `ply` (refused as stale if the game is elsewhere).
  move(seat: Color, uci: string, ply: number): Promise<MoveUpdate>;
  act(seat: Color, action: GameAction): Promise<GameState>;
  // Asks for the whole game again (delivered to LiveHandlers.game too).
  resync(): Promise<GameView>;
  close(): void;
}
