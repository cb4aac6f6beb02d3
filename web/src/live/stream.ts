// The live channel over the event stream and HTTP (docs/live.md, "Server-Sent Events"), for
// where a WebSocket cannot connect: events come down the stream, moves and actions go up as
// POSTs. The stream's `you` comes from a single-use ticket (tokens never go in URLs), so the
// browser's own reconnection, which would reuse it, is replaced by ours.

import {
  api,
  type Color,
  type GameAction,
  type GameState,
  type GameView,
  type MoveUpdate,
  type Room,
  type TakebackUpdate,
} from '../common/api';
import { ApiError } from '../common/errors';
import { gameStateProblem, gameViewProblem, moveUpdateProblem, streamState, takebackUpdateProblem } from './messages';
import type { LiveChannel, LiveHandlers, SeatTokens } from './types';

const GAME_WITHIN_MS = 10000;

// The event's data if it has the shape docs/live.md gives it; else null, with a warning that
// says what is wrong.
function read<T>(event: Event, problem: (value: unknown) => string | null, unwrap = (v: unknown) => v): T | null {
  let value: unknown;
  let wrong: string | null;
  try {
    value = unwrap(JSON.parse((event as MessageEvent<string>).data));
    wrong = problem(value);
  } catch {
    wrong = 'not JSON';
  }
  if (!wrong) return value as T;
  console.warn(`live: ignored the event stream's '${event.type}' event: ${wrong}`);
  return null;
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
    // The account's seat ('') asks for its ticket by the session cookie.
    const token = seats.white ?? seats.black;
    let ticket: string | undefined;
    if (token !== undefined) {
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
      // An event the page cannot read leaves it behind the game: it asks for the whole game.
      const unreadable = () => void channel.resync().catch(e => console.warn('live: resync failed', e));
      source.addEventListener('game', e => {
        const view = read<GameView>(e, gameViewProblem);
        if (!view) return up ? unreadable() : undefined;
        handlers.game(view);
        if (!up) {
          up = true;
          clearTimeout(timer);
          resolve();
        }
      });
      source.addEventListener('move', e => {
        if (!up) return;
        const update = read<MoveUpdate>(e, moveUpdateProblem);
        if (update) handlers.move(update);
        else unreadable();
      });
      source.addEventListener('state', e => {
        if (!up) return;
        const state = read<GameState>(e, gameStateProblem, streamState);
        if (state) handlers.state(state);
        else unreadable();
      });
      source.addEventListener('takeback', e => {
        if (!up) return;
        const update = read<TakebackUpdate>(e, takebackUpdateProblem);
        if (update) handlers.takeback?.(update);
        else unreadable();
      });
      source.addEventListener('room', e => {
        try {
          const data = JSON.parse((e as MessageEvent).data as string) as { room?: Room };
          if (data.room && typeof data.room === 'object') handlers.room?.(data.room);
        } catch {
          console.warn('live: an unreadable room event');
        }
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

  // The seat's token; undefined for the account's seat (the session cookie signs the request in).
  private token(seat: Color): string | undefined {
    const token = this.seats[seat];
    if (token === undefined) throw new ApiError(403, `This browser holds no seat for ${seat}`);
    return token || undefined;
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
    const view = await api.game(this.id, this.seats.white || this.seats.black || undefined);
    this.handlers.game(view);
    return view;
  }

  close(): void {
    this.closed = true;
    this.source.close();
  }
}
