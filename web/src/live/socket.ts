// The live channel over a WebSocket (docs/live.md, "WebSocket"): a hello with the seat token,
// the whole game back, then events; requests carry an `id` that their answer repeats.
//
// A socket speaks for the seat of its hello. A browser holding both seats (a friend on the same
// device) opens one socket per seat: the first one's events drive the page, and each socket
// carries its own seat's requests.

import {
  api,
  type Color,
  type GameAction,
  type GameState,
  type GameView,
  type MoveInfo,
  type MoveUpdate,
  type Room,
  type TakebackUpdate,
} from '../common/api';
import { ApiError } from '../common/errors';
import { ANSWER_WITHIN_MS } from '../common/fetch';
import { t } from '../common/i18n';
import { gameStateProblem, gameViewProblem, moveUpdateProblem, takebackUpdateProblem } from './messages';
import { Requests } from './requests';
import type { LiveChannel, LiveHandlers, SeatTokens } from './types';

// Without the whole game this soon after opening, the WebSocket counts as unusable (a proxy
// may accept the upgrade and pass nothing).
const GAME_WITHIN_MS = 3000;
// A ping now and then finds a connection that died without a close (a laptop asleep, a
// network switch); its answer is due within ANSWER_WITHIN_MS.
const PING_EVERY_MS = 25000;

type ServerMessage =
  | { type: 'game'; id?: number | null; game: GameView }
  | { type: 'move'; move: MoveInfo; state: GameState; legal: string[] }
  | { type: 'state'; state: GameState }
  | { type: 'takeback'; ply: number; state: GameState; legal: string[] }
  | { type: 'ack'; id: number; move?: MoveInfo; state: GameState; legal?: string[] }
  | { type: 'error'; id: number | null; status: number; error: string; code?: string; args?: Record<string, string | number> }
  | { type: 'pong'; id: number }
  | { type: 'room'; room: Room };

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    if (message && typeof message === 'object' && typeof (message as { type?: unknown }).type === 'string')
      return message as ServerMessage;
  } catch {
    // not JSON: ignored below
  }
  console.warn('live: a message that is not ours', data);
  return null;
}

// One WebSocket: `ready` resolves with the game sent in answer to the hello, and rejects if
// the socket fails, closes or stays silent before that.
class SocketLink {
  readonly ready: Promise<GameView>;
  private ws: WebSocket | null = null;
  private readonly requests = new Requests<ServerMessage>(ANSWER_WITHIN_MS);
  private up = false;
  private ended = false;
  private pinger: ReturnType<typeof setInterval> | undefined;

  constructor(
    url: string,
    token: string | undefined,
    private readonly onEvent: (message: ServerMessage) => void,
    private readonly onLost: () => void,
  ) {
    this.ready = new Promise<GameView>((resolve, reject) => {
      const timer = setTimeout(() => fail(`no game within ${GAME_WITHIN_MS} ms`), GAME_WITHIN_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        if (this.up || this.ended) return;
        this.close();
        reject(new Error(`WebSocket: ${why}`));
      };
      let ws: WebSocket;
      try {
        ws = this.ws = new WebSocket(url);
      } catch (e) {
        fail((e as Error).message);
        return;
      }
      // `room`: the players' names, presence and rematch come too (docs/live.md).
      // An empty token: the seat is the signed-in account's, by the session cookie.
      ws.onopen = () => ws.send(JSON.stringify(token !== undefined ? { type: 'hello', token, room: true } : { type: 'hello', room: true }));
      ws.onerror = () => fail('connection failed'); // after `up`, the close that follows counts
      ws.onclose = e => {
        if (this.up) this.lost();
        else fail(`closed (${e.code}) before the game`);
      };
      ws.onmessage = e => {
        const message = parse(e.data);
        if (!message) return;
        if (this.up) return this.receive(message);
        if (message.type === 'game' && message.id == null) {
          const wrong = gameViewProblem(message.game);
          if (wrong) return fail(`the game sent in answer to hello is unreadable: ${wrong}`);
          clearTimeout(timer);
          this.up = true;
          this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
          resolve(message.game);
        } else if (message.type === 'error') {
          fail(`hello refused: ${message.status} ${message.error}`);
        }
      };
    });
  }

  private receive(message: ServerMessage) {
    const answer = message.type === 'ack' || message.type === 'pong' || message.type === 'game' || message.type === 'error';
    if (answer && typeof message.id === 'number') {
      this.requests.settle(message.id, message.type === 'error' ? new ApiError(message.status, message.error, message.code, message.args) : message);
      return;
    }
    this.onEvent(message);
  }

  // Sends a request (`id` added) and waits for its answer; an `error` answer rejects with its
  // status and message.
  request(message: Record<string, unknown>): Promise<ServerMessage> {
    const { id, answer } = this.requests.start();
    try {
      if (!this.ws || this.ended || this.ws.readyState !== WebSocket.OPEN) throw new Error(t('request.closed'));
      this.ws.send(JSON.stringify({ ...message, id }));
    } catch (e) {
      this.requests.settle(id, new ApiError(0, `Not sent: ${(e as Error).message}`));
    }
    return answer;
  }

  private ping() {
    this.request({ type: 'ping' }).catch(() => this.lost());
  }

  private lost() {
    if (this.ended) return;
    this.close();
    this.onLost();
  }

  close() {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.pinger);
    this.requests.failAll(new ApiError(0, 'The connection to the server was lost'));
    const ws = this.ws;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close();
    }
  }
}

export class SocketChannel implements LiveChannel {
  readonly transport = 'websocket' as const;

  private constructor(
    private readonly links: Map<Color | 'watch', SocketLink>,
    private readonly primary: SocketLink,
    private readonly handlers: LiveHandlers,
  ) {}

  // Resolves once every socket has sent the whole game (handed to handlers.game); rejects if
  // any cannot. `dropped` is called once if a socket is lost after that.
  static async open(id: string, seats: SeatTokens, handlers: LiveHandlers, dropped: () => void): Promise<SocketChannel> {
    const url = api.socketUrl(id);
    const links = new Map<Color | 'watch', SocketLink>();
    let channel: SocketChannel | null = null;
    let lostEarly = false;
    const early: ServerMessage[] = [];
    const onLost = () => {
      if (channel) dropped();
      else lostEarly = true;
    };
    const seated = (['white', 'black'] as const).filter(c => seats[c] !== undefined);
    for (const seat of seated.length ? seated : (['watch'] as const)) {
      const primary = links.size === 0;
      const onEvent = (message: ServerMessage) => {
        if (!primary) return; // the same events as the first socket's
        if (channel) channel.event(message);
        else early.push(message);
      };
      links.set(seat, new SocketLink(url, seat === 'watch' ? undefined : seats[seat], onEvent, onLost));
    }
    const all = [...links.values()];
    let games: GameView[];
    try {
      games = await Promise.all(all.map(link => link.ready));
      if (lostEarly) throw new Error('WebSocket: closed while opening');
    } catch (e) {
      for (const link of all) link.close();
      throw e;
    }
    channel = new SocketChannel(links, all[0]!, handlers);
    handlers.game(games[0]!);
    for (const message of early.splice(0)) channel.event(message);
    return channel;
  }

  private event(message: ServerMessage) {
    // An event the page cannot read leaves it behind the game: it asks for the whole game.
    const unreadable = (wrong: string) => {
      console.warn(`live: ignored the WebSocket's '${message.type}' message: ${wrong}`);
      this.resync().catch(e => console.warn('live: resync failed', e));
    };
    let wrong: string | null;
    switch (message.type) {
      case 'game':
        if ((wrong = gameViewProblem(message.game))) unreadable(wrong);
        else this.handlers.game(message.game);
        break;
      case 'move': {
        const update = { move: message.move, state: message.state, legal: message.legal };
        if ((wrong = moveUpdateProblem(update))) unreadable(wrong);
        else this.handlers.move(update);
        break;
      }
      case 'state':
        if ((wrong = gameStateProblem(message.state))) unreadable(wrong);
        else this.handlers.state(message.state);
        break;
      case 'takeback': {
        const update = { ply: message.ply, state: message.state, legal: message.legal };
        if ((wrong = takebackUpdateProblem(update))) unreadable(wrong);
        else this.handlers.takeback?.(update as TakebackUpdate);
        break;
      }
      case 'room':
        if (message.room && typeof message.room === 'object') this.handlers.room?.(message.room);
        break;
      case 'error':
        console.warn(`live: the server says ${message.status} ${message.error}`);
        break;
      default:
        break;
    }
  }

  private link(seat: Color): SocketLink {
    const link = this.links.get(seat);
    if (!link) throw new ApiError(403, `This browser holds no seat for ${seat}`);
    return link;
  }

  async move(seat: Color, uci: string, ply: number): Promise<MoveUpdate> {
    const answer = await this.link(seat).request({ type: 'move', move: uci, ply });
    if (answer.type !== 'ack') throw new Error(`Unexpected answer to a move: ${answer.type}`);
    const wrong = moveUpdateProblem(answer);
    if (wrong) throw new Error(`Unreadable answer to a move: ${wrong}`);
    const update = { move: answer.move, state: answer.state, legal: answer.legal } as MoveUpdate;
    this.handlers.move(update);
    return update;
  }

  async act(seat: Color, action: GameAction): Promise<GameState> {
    const answer = await this.link(seat).request({ type: action });
    if (answer.type !== 'ack') throw new Error(`Unexpected answer to ${action}: ${answer.type}`);
    const wrong = gameStateProblem(answer.state);
    if (wrong) throw new Error(`Unreadable answer to ${action}: ${wrong}`);
    // An accepted takeback's acknowledgement is the takeback (its event goes to the others).
    const update = { ply: (answer as { ply?: unknown }).ply, state: answer.state, legal: answer.legal };
    if (action === 'takeback/accept' && !takebackUpdateProblem(update)) this.handlers.takeback?.(update as TakebackUpdate);
    else this.handlers.state(answer.state);
    return answer.state;
  }

  async resync(): Promise<GameView> {
    const answer = await this.primary.request({ type: 'resync' });
    if (answer.type !== 'game') throw new Error(`Unexpected answer to resync: ${answer.type}`);
    const wrong = gameViewProblem(answer.game);
    if (wrong) throw new Error(`Unreadable answer to resync: ${wrong}`);
    this.handlers.game(answer.game);
    return answer.game;
  }

  close(): void {
    for (const link of this.links.values()) link.close();
  }
}
