// The live channel over the event stream and HTTP (docs/live.md, "Server-Sent Events"), for
// where a WebSocket cannot connect: events come down the stream, moves and actions go up as
// POSTs. The stream's `you` comes from a single-use ticket (tokens never go in URLs), so the
// browser's own reconnection, which would reuse it, is replaced by ours.

import { api, ApiError, type Color, type GameAction, type GameState, type GameView, type MoveUpdate } from './api';
import type { LiveChannel, LiveHandlers, SeatTokens } from './live';

const GAME_WITHIN_MS = 10000;

function data<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch (e) {
    console.warn('live: an event that is not JSON', e);
    return null;
  }
}

export class StreamChannel implements LiveChannel {
  readonly transport = 'sse' as const;
  private closed = false;

  private constructor(
    private readonly id: string,
    private readonly seats: SeatTokens,
    private readonly handlers: LiveHandlers,
    private readonly source: EventSource,
  ) {}

  // Resolves once the stream has sent the whole game (handed to handlers.game); `dropped` is
  // called once if the stream fails after that.
  static async open(id: string, seats: SeatTokens, handlers: LiveHandlers, dropped: () => void): Promise<StreamChannel> {
    const token = seats.white ?? seats.black;
    let ticket: string | undefined;
    if (token) {
      try {
        ticket = (await api.ticket(id, token)).ticket;
      } catch (e) {
        // The stream is the same without it, only `you` stays null.
        console.warn('live: no ticket for the event stream', e);
      }
    }
    const source = new EventSource(api.eventsUrl(id, ticket));
    const channel = new StreamChannel(id, seats, handlers, source);
    await new Promise<void>((resolve, reject) => {
      let up = false;
      const timer = setTimeout(() => {
        source.close();
        reject(new Error('event stream: no game in time'));
      }, GAME_WITHIN_MS);
      source.addEventListener('game', e => {
        const view = data<GameView>(e);
        if (!view) return;
        handlers.game(view);
        if (!up) {
          up = true;
          clearTimeout(timer);
          resolve();
        }
      });
      source.addEventListener('move', e => {
        const update = data<MoveUpdate>(e);
        if (update && up) handlers.move(update);
      });
      source.addEventListener('state', e => {
        const state = data<GameState>(e);
        if (state && up) handlers.state(state);
      });
      source.onerror = () => {
        source.close();
        clearTimeout(timer);
        if (!up) reject(new Error('event stream: failed'));
        else if (!channel.closed) {
          channel.closed = true;
          dropped();
        }
      };
    });
    return channel;
  }

  private token(seat: Color): string {
    const token = this.seats[seat];
    if (!token) throw new ApiError(403, `This browser holds no seat for ${seat}`);
    return token;
  }

  async move(seat: Color, uci: string, ply: number): Promise<MoveUpdate> {
    const update = await api.move(this.id, uci, ply, this.token(seat));
    this.handlers.move(update);
    return update;
  }

  async act(seat: Color, action: GameAction): Promise<GameState> {
    const view = await api.act(this.id, action, this.token(seat));
    this.handlers.state(view);
    return view;
  }

  async resync(): Promise<GameView> {
    const view = await api.game(this.id, this.seats.white ?? this.seats.black);
    this.handlers.game(view);
    return view;
  }

  close(): void {
    this.closed = true;
    this.source.close();
  }
}
