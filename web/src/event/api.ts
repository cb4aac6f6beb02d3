// The events' JSON API (docs/openapi.yaml, /api/events...; docs/event-draw.md section 3):
// typed views and calls (through common/fetch.ts). The organiser's and the players' tokens go
// in the Authorization header, never in a URL; pages carry them in the fragment
// (#organiser=..., #seat=...) and this browser keeps them (tokens.ts).

import type { GameState } from '../common/api';
import { request } from '../common/fetch';

export interface EventClock {
  initial: number; // seconds
  increment: number;
}

export interface EventParameters {
  name: string;
  rounds: number;
  exclude: number[];
  allowRepeats: boolean;
  double960: boolean;
  clock: EventClock | null;
}

export interface RoundPosition {
  number: number;
  fen: string;
  backRank: string;
  blackNumber?: number;
  blackBackRank?: string;
}

export interface EventBoard {
  board: number;
  white: string;
  black: string;
  gameId: string | null;
  game: GameState | null;
  seats?: { white: string; black: string }; // the organiser's view only
  // Paired events only.
  whiteNumber?: number;
  blackNumber?: number;
  result?: string | null;
  resultSource?: 'board' | 'arbiter' | null;
}

// A paired event's (kind other than typed): docs/openapi.yaml, EventView.paired.
export type EventKind = 'typed' | 'swiss' | 'round_robin' | 'double_round_robin';

export interface EventPlayer {
  number: number;
  name: string;
  rating: number | null;
  title: string;
  federation: string;
  fideId: string;
  joinedRound: number;
  latePoints: number;
  withdrawnAfter: number | null;
  account?: string | null; // the account that is this player, if any
}

export interface PairingIssue {
  code: string;
  rule: string;
  message: string;
  players: number[];
}

export interface PairedEvent {
  players: EventPlayer[];
  byes: { round: number; player: number; kind: 'pairing' | 'half' | 'zero' }[];
  tiebreaks: string[];
  standingsAfter: number;
  standings: { rank: number; number: number; name: string; points: number; tiebreaks: number[] }[];
  joinOpen: boolean;
  audit?: { round: number; board: number; seq: number; result: string; reason: string; setBy: string; setAt: number }[];
  issues?: PairingIssue[];
}

export interface Proposal {
  eventId: string;
  round: number;
  boards: { board: number; white: { number: number; name: string }; black: { number: number; name: string } }[];
  bye: { number: number; name: string } | null;
  issues: PairingIssue[];
}

export interface NewPlayer {
  name: string;
  rating?: number;
  title?: string;
  federation?: string;
  fideId?: string;
  latePoints?: number;
  account?: string | null;
}

export interface EventRound {
  round: number;
  entropy: string;
  revealAt: number; // epoch ms
  startAt: number;
  revealed: boolean;
  started: boolean;
  position: RoundPosition | null;
  boards: EventBoard[];
}

export interface Standing {
  rank: number;
  name: string;
  points: number;
  sonnebornBerger: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
}

export interface Verification {
  ok: boolean;
  commitmentMatches: boolean;
  secretHash: string;
  rounds: { round: number; number: number; blackNumber?: number; entropy: string; played: number; playedBlack?: number; matches: boolean }[];
  problems: string[];
  command: string;
}

export interface EventView {
  id: string;
  parameters: EventParameters;
  commitment: string;
  status: 'open' | 'closed';
  createdAt: number;
  closedAt: number | null;
  now: number; // the server's time when it answered
  rounds: EventRound[];
  standings: Standing[];
  secret: string | null;
  verification: Verification | null;
  organiser: boolean;
  kind?: EventKind;
  paired?: PairedEvent;
}

export interface SeatView {
  eventId: string;
  name: string;
  round: number;
  board: number;
  color: 'white' | 'black';
  you: string;
  opponent: string;
  revealAt: number;
  startAt: number;
  revealed: boolean;
  started: boolean;
  gameId: string | null;
  now: number;
}

// GET /api/events/{id}/player: a paired event's player's own view.
export interface PlayerView {
  eventId: string;
  event: string;
  player: EventPlayer;
  byes: { round: number; kind: 'pairing' | 'half' | 'zero' }[];
  points: number | null;
  current: {
    round: number;
    board: number | null;
    color: 'white' | 'black' | null;
    opponent: { number: number; name: string } | null;
    bye: 'pairing' | 'half' | 'zero' | null;
    revealed: boolean;
    started: boolean;
    gameId: string | null;
    result: string | null;
  } | null;
  now: number;
}

// A new event: its published parameters, how it is paired and its tie-breaks.
export type CreateEvent = EventParameters & { kind?: EventKind; tiebreaks?: string };

export interface AddRound {
  round?: number;
  pairings?: { white: string; black: string }[] | { white: number; black: number }[];
  bye?: number;
  entropy: string;
  revealAt?: number;
  startAt?: number;
}

export const eventApi = {
  create: (spec: CreateEvent) =>
    request<{ id: string; organiserToken: string; event: EventView }>('POST', '/api/events', { body: spec }),
  view: (id: string) => request<EventView>('GET', `/api/events/${id}`),
  organiser: (id: string, token: string) => request<EventView>('GET', `/api/events/${id}/organiser`, { token }),
  addRound: (id: string, token: string, round: AddRound) =>
    request<EventView>('POST', `/api/events/${id}/rounds`, { body: round, token }),
  revealNow: (id: string, token: string, round: number) =>
    request<EventView>('POST', `/api/events/${id}/rounds/${round}/reveal`, { body: {}, token }),
  close: (id: string, token: string) => request<EventView>('POST', `/api/events/${id}/close`, { body: {}, token }),
  seat: (id: string, token: string) => request<SeatView>('GET', `/api/events/${id}/seat`, { token }),
  pgnUrl: (id: string) => `/api/events/${id}/pgn`,
  // Paired events.
  addPlayer: (id: string, token: string, player: NewPlayer) =>
    request<{ eventId: string; player: EventPlayer; playerToken: string }>('POST', `/api/events/${id}/players`, { body: player, token }),
  join: (id: string, joinToken: string, player: NewPlayer) =>
    request<{ eventId: string; player: EventPlayer; playerToken: string }>('POST', `/api/events/${id}/join`, { body: player, token: joinToken }),
  player: (id: string, token: string) => request<PlayerView>('GET', `/api/events/${id}/player`, { token }),
  requestBye: (id: string, token: string, round: number, kind: 'half' | 'zero' | 'none') =>
    request<EventView>('POST', `/api/events/${id}/byes`, { body: { round, kind }, token }),
  withdraw: (id: string, token: string) => request<EventView>('POST', `/api/events/${id}/withdraw`, { body: {}, token }),
  openJoinLink: (id: string, token: string) => request<{ joinToken: string }>('POST', `/api/events/${id}/join-link`, { body: {}, token }),
  proposal: (id: string, token: string) => request<Proposal>('GET', `/api/events/${id}/proposal`, { token }),
  checkPairing: (id: string, token: string, pairing: { pairings: { white: number; black: number }[]; bye?: number }) =>
    request<Proposal>('POST', `/api/events/${id}/proposal`, { body: pairing, token }),
  setResult: (id: string, token: string, round: number, board: number, result: string) =>
    request<EventView>('POST', `/api/events/${id}/rounds/${round}/boards/${board}/result`, { body: { result }, token }),
  trfUrl: (id: string) => `/api/events/${id}/trf`,
};
