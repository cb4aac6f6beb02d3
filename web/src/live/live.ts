// The live channel of a game page (docs/live.md): the whole game once on connecting, then
// each move and each change of state, and this browser's moves and game actions going the
// other way. A WebSocket carries it all; where one cannot connect (a proxy that drops the
// upgrade, a blocked port), the event stream and HTTP POSTs do the same work. A dropped
// connection is reopened with backoff, WebSocket first, and the whole game it brings resyncs
// the page.

import { type Color, type GameAction, type GameState, type GameView, type MoveUpdate } from '../common/api';
import { ApiError } from '../common/errors';
import { SocketChannel } from './socket';
import { StreamChannel } from './stream';
import type { LiveChannel, LiveHandlers, SeatTokens, Transport } from './types';

// A player waits for the game to come back: the longest wait between two attempts is short.
const MAX_RECONNECT_MS = 4000;

// The wait before reconnect attempt `attempt` (0, 1, ...): doubling from half a second up to
// 4 s, spread by a fifth either way so that clients dropped together do not return together.
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RECONNECT_MS, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

// A connection that stayed up this long has recovered: its next drop starts the backoff anew.
const STABLE_AFTER_MS = 10000;

class LiveConnection implements LiveChannel {
  private current: LiveChannel | null = null;
  private failures = 0;
  private upSince = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly id: string,
    private readonly seats: SeatTokens,
    private readonly handlers: LiveHandlers,
  ) {
    this.handlers.status?.('connecting');
    void this.connect();
    // The browser knows at once when the network goes; try again as soon as it is back.
    window.addEventListener('offline', () => {
      if (!this.current) this.handlers.status?.('offline');
    });
    window.addEventListener('online', () => {
      if (!this.current && !this.closed) {
        this.failures = 0;
        this.retry();
      }
    });
  }

  get transport(): Transport | null {
    return this.current?.transport ?? null;
  }

  private async connect(): Promise<void> {
    let opened: LiveChannel | null = null;
    const dropped = () => this.dropped(opened);
    try {
      opened = await SocketChannel.open(this.id, this.seats, this.handlers, dropped);
    } catch (socketError) {
      // Expected where WebSockets are blocked: the fallback is silent.
      console.info('live: WebSocket unavailable, using the event stream', socketError);
      try {
        opened = await StreamChannel.open(this.id, this.seats, this.handlers, dropped);
      } catch (streamError) {
        console.warn('live: could not connect', streamError);
      }
    }
    if (this.closed) {
      opened?.close();
      return;
    }
    if (!opened) {
      this.handlers.connection?.(null);
      this.handlers.status?.('offline');
      this.retry();
      return;
    }
    this.current = opened;
    this.upSince = Date.now();
    this.handlers.connection?.(opened.transport);
    this.handlers.status?.('connected');
  }

  private dropped(channel: LiveChannel | null) {
    if (this.closed || !channel || channel !== this.current) return;
    this.current = null;
    channel.close();
    this.handlers.connection?.(null);
    this.handlers.status?.(navigator.onLine === false ? 'offline' : 'reconnecting');
    if (Date.now() - this.upSince >= STABLE_AFTER_MS) this.failures = 0;
    this.retry();
  }

  private retry() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.failures > 1) this.handlers.status?.('reconnecting');
      void this.connect();
    }, reconnectDelay(this.failures++));
  }

  private live(): LiveChannel {
    if (!this.current) throw new ApiError(0, 'Not sent: the connection to the server is lost (reconnecting)');
    return this.current;
  }

  async move(seat: Color, uci: string, ply: number): Promise<MoveUpdate> {
    return this.live().move(seat, uci, ply);
  }

  async act(seat: Color, action: GameAction): Promise<GameState> {
    return this.live().act(seat, action);
  }

  async resync(): Promise<GameView> {
    return this.live().resync();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.current?.close();
    this.current = null;
  }
}

// Connects a page to game `id`; the connection opens (and reopens) in the background.
export function connectLive(id: string, seats: SeatTokens, handlers: LiveHandlers): LiveChannel {
  return new LiveConnection(id, seats, handlers);
}
