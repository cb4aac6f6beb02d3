// The events' JSON API (docs/openapi.yaml, /api/events...; docs/event-draw.md section 3):
// typed views and calls. The organiser's and the players' tokens go in the Authorization
// header, never in a URL; pages carry them in the fragment (#organiser=..., #seat=...).

import { apiErrorOf, type GameState } from '../common/api';

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

export interface CreateEvent {
  name: string;
  rounds: number;
  exclude: number[];
  allowRepeats: boolean;
  double960: boolean;
  clock: EventClock | null;
}

export interface AddRound {
  round?: number;
  pairings: { white: string; black: string }[];
  entropy: string;
  revealAt?: number;
  startAt?: number;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text is the message
  }
  if (!response.ok) throw apiErrorOf(response, text, json);
  return json as T;
}

export const eventApi = {
  create: (spec: CreateEvent) =>
    call<{ id: string; organiserToken: string; event: EventView }>('POST', '/api/events', spec),
  view: (id: string) => call<EventView>('GET', `/api/events/${id}`),
  organiser: (id: string, token: string) => call<EventView>('GET', `/api/events/${id}/organiser`, undefined, token),
  addRound: (id: string, token: string, round: AddRound) =>
    call<EventView>('POST', `/api/events/${id}/rounds`, round, token),
  revealNow: (id: string, token: string, round: number) =>
    call<EventView>('POST', `/api/events/${id}/rounds/${round}/reveal`, {}, token),
  close: (id: string, token: string) => call<EventView>('POST', `/api/events/${id}/close`, {}, token),
  seat: (id: string, token: string) => call<SeatView>('GET', `/api/events/${id}/seat`, undefined, token),
  pgnUrl: (id: string) => `/api/events/${id}/pgn`,
};

// The organiser's token of an event this browser created (or was given by its link).
const organiserKey = (id: string) => `chess960.event.${id}.organiser`;
export function loadOrganiserToken(id: string): string | null {
  return localStorage.getItem(organiserKey(id));
}
export function saveOrganiserToken(id: string, token: string): void {
  localStorage.setItem(organiserKey(id), token);
}
