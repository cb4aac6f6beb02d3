// The lobby's live channel: the WebSocket GET /api/lobby/socket (the open seeks and who is online
// first, then each seek made or withdrawn, the online players, and "started" when a seek of
// ours is accepted), signed in by the session cookie. Where it cannot open (a proxy that drops
// the upgrade, a server without it), the seeks are polled (GET /api/seeks every 3 s) while the
// socket is tried again now and then.

import { lobby } from '../account/api';
import type { LobbyMessage } from './model';

// Without the lobby this soon after opening, the socket counts as unusable.
const LOBBY_WITHIN_MS = 3000;
export const POLL_EVERY_MS = 3000;
// A ping now and then keeps the connection through proxies that close idle ones.
const PING_EVERY_MS = 25000;

export type LobbyMode = 'connecting' | 'live' | 'polling';

export interface LobbyHandlers {
  message(message: LobbyMessage): void;
  mode(mode: LobbyMode): void;
}

export interface LobbyChannel {
  // Asks for the seeks now when polling (after this page changed them); nothing when live.
  refresh(): Promise<void>;
  close(): void;
}

// The wait before the socket's attempt `attempt` (0, 1, ...) again: from 1 s doubling to 30 s.
export function socketRetryDelay(attempt: number): number {
  return Math.min(30000, 1000 * 2 ** Math.max(0, attempt));
}

// The messages a frame holds: one, or a batch's (several changes that queued together on the
// server, in order).
export function lobbyMessages(data: unknown): LobbyMessage[] {
  if (typeof data !== 'string') return [];
  const isMessage = (m: unknown): m is LobbyMessage =>
    !!m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string';
  try {
    const message = JSON.parse(data) as unknown;
    if (isMessage(message)) {
      const batch = message as { type: string; messages?: unknown };
      if (batch.type !== 'batch') return [message];
      if (Array.isArray(batch.messages)) return batch.messages.filter(isMessage);
    }
  } catch {
    // not JSON
  }
  console.warn('lobby: a message that is not ours', data);
  return [];
}

class LobbyConnection implements LobbyChannel {
  private ws: WebSocket | null = null;
  private live = false;
  private closed = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly handlers: LobbyHandlers) {
    handlers.mode('connecting');
    this.open();
  }

  private open() {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = this.ws = new WebSocket(lobby.socketUrl());
    } catch (e) {
      console.info('lobby: no WebSocket', e);
      this.failed();
      return;
    }
    clearTimeout(this.openTimer);
    this.openTimer = setTimeout(() => {
      if (!this.live) this.drop(ws);
    }, LOBBY_WITHIN_MS);
    ws.onmessage = e => {
      for (const message of lobbyMessages(e.data)) {
        if (!this.live) {
          if (message.type !== 'lobby') continue;
          clearTimeout(this.openTimer);
          this.live = true;
          this.failures = 0;
          this.stopPolling();
          this.pinger = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
          this.handlers.mode('live');
        }
        this.handlers.message(message);
      }
    };
    ws.onerror = () => this.drop(ws);
    ws.onclose = () => this.drop(ws);
  }

  private send(message: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  // The socket failed or closed: poll meanwhile, and try it again later.
  private drop(ws: WebSocket) {
    if (ws !== this.ws) return;
    clearTimeout(this.openTimer);
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close();
    this.ws = null;
    clearInterval(this.pinger);
    this.live = false;
    this.failed();
  }

  private failed() {
    if (this.closed) return;
    this.startPolling();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), socketRetryDelay(this.failures++));
  }

  private startPolling() {
    if (this.pollTimer !== undefined) return;
    this.handlers.mode('polling');
    void this.poll();
    this.pollTimer = setInterval(() => void this.poll(), POLL_EVERY_MS);
  }

  private stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private async poll() {
    try {
      const { seeks } = await lobby.seeks();
      if (!this.live && !this.closed) this.handlers.message({ type: 'lobby', seeks });
    } catch (e) {
      console.warn('lobby: could not read the seeks', e);
    }
  }

  async refresh(): Promise<void> {
    if (!this.live) await this.poll();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.openTimer);
    clearInterval(this.pinger);
    this.stopPolling();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      ws.close();
    }
  }
}

export function connectLobby(handlers: LobbyHandlers): LobbyChannel {
  return new LobbyConnection(handlers);
}
