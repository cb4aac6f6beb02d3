// Pure helpers of the lobby (no DOM): the open seeks and who is online as the lobby's messages
// change them, what a seek shows (time control, mode, colour, start), and the seek form read
// into a request. Tested with `node --test` (test/lobby-model.test.mjs).

import type { Pool, Seek, SeekSpec, SeekStart } from '../account/api';
import { ratingText } from '../account/rating';
import { t } from '../common/i18n';

// What the lobby knows: the open seeks, oldest first, and the names online (null: not known,
// as when the lobby is polled instead of live).
export interface LobbyState {
  seeks: Seek[];
  online: string[] | null;
}

// The lobby WebSocket's messages from the server (GET /api/lobby/socket).
export type LobbyMessage =
  | { type: 'lobby'; seeks: Seek[]; online?: string[]; pools?: Record<string, number> }
  | { type: 'pools'; pools: Record<string, number> }
  | { type: 'seek'; seek: Seek }
  | { type: 'unseek'; id: string }
  | { type: 'online'; players: string[] }
  | { type: 'started'; game: string }
  | { type: 'pong' };

export const emptyLobby = (): LobbyState => ({ seeks: [], online: null });

const byAge = (a: Seek, b: Seek) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// The state after a message (the same object when nothing changed).
export function applyLobbyMessage(state: LobbyState, message: LobbyMessage): LobbyState {
  switch (message.type) {
    case 'lobby':
      return { seeks: [...message.seeks].sort(byAge), online: message.online ? sortedNames(message.online) : state.online };
    case 'seek': {
      const others = state.seeks.filter(s => s.id !== message.seek.id);
      return { ...state, seeks: [...others, message.seek].sort(byAge) };
    }
    case 'unseek':
      return state.seeks.some(s => s.id === message.id) ? { ...state, seeks: state.seeks.filter(s => s.id !== message.id) } : state;
    case 'online':
      return { ...state, online: sortedNames(message.players) };
    default:
      return state;
  }
}

const sortedNames = (names: string[]) => [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

// Which seeks came and went between two lists (by id): for the screen reader's live region.
export function seekChanges(before: Seek[], after: Seek[]): { added: Seek[]; removed: Seek[] } {
  const had = new Set(before.map(s => s.id));
  const has = new Set(after.map(s => s.id));
  return { added: after.filter(s => !had.has(s.id)), removed: before.filter(s => !has.has(s.id)) };
}

// Minutes as lichess writes them: ¼, ½, ¾, 1.5, 3.
export function minutesText(seconds: number): string {
  const quarters: Record<number, string> = { 15: '¼', 30: '½', 45: '¾' };
  if (quarters[seconds]) return quarters[seconds]!;
  const minutes = seconds / 60;
  return Number.isInteger(minutes) ? String(minutes) : String(Math.round(minutes * 100) / 100);
}

// "5+3" (minutes + seconds a move); "∞" without a clock.
export function clockText(clock: { initial: number; increment: number } | null): string {
  if (!clock) return '∞';
  return `${minutesText(clock.initial)}+${Math.round(clock.increment * 100) / 100}`;
}

// "3 days": a correspondence game's time control.
export const daysText = (days: number) => (days === 1 ? t('corr.oneDay') : t('corr.days', { n: days }));

// What a seek shows as its time control: "5+3", "3 days", "∞".
export const timeControlText = (seek: Pick<Seek, 'clock' | 'daysPerMove'>) =>
  typeof seek.daysPerMove === 'number' ? daysText(seek.daysPerMove) : clockText(seek.clock);

export const poolName = (pool: Pool) => t(`pool.${pool}`);

export function startText(start: SeekStart): string {
  if (start.type === 'number' && typeof start.number === 'number') return t('lobby.start.number', { n: start.number });
  if (start.type === 'double960') {
    return typeof start.white === 'number' && typeof start.black === 'number'
      ? t('lobby.start.doubleNumbers', { white: start.white, black: start.black })
      : t('lobby.start.double');
  }
  return t('lobby.start.random');
}

// The seeker's colour as the seek shows it ("White", "Black", "Random").
export function seekColorText(color: Seek['color']): string {
  return color === 'white' ? t('color.White') : color === 'black' ? t('color.Black') : t('lobby.color.random');
}

export function ratingRangeText(range: Seek['ratingRange']): string {
  if (!range || (range.min === undefined && range.max === undefined)) return '';
  return t('lobby.range', { min: range.min ?? '…', max: range.max ?? '…' });
}

// The whole seek in a sentence: the Accept button's accessible name and the live region's news.
export function seekSentence(seek: Seek): string {
  return t('lobby.seekSentence', {
    name: seek.player.name,
    rating: ratingText(seek.player),
    clock: timeControlText(seek),
    pool: poolName(seek.pool),
    mode: seek.rated ? t('lobby.rated') : t('lobby.casual'),
    start: startText(seek.start),
  });
}

// Whom a seek is for, seen by `me` (null: signed out): everyone's ('open'), a challenge to me
// ('incoming'), or one I made to another ('outgoing'; my open seeks are 'open').
export type SeekKind = 'open' | 'incoming' | 'outgoing';

export function seekKind(seek: Seek, me: string | null): SeekKind {
  if (!seek.to) return 'open';
  return me !== null && seek.player.name === me ? 'outgoing' : 'incoming';
}

// The seeks by kind, each oldest first as the list is.
export function seeksByKind(seeks: Seek[], me: string | null): Record<SeekKind, Seek[]> {
  const kinds: Record<SeekKind, Seek[]> = { open: [], incoming: [], outgoing: [] };
  for (const seek of seeks) kinds[seekKind(seek, me)].push(seek);
  return kinds;
}

// What the live region says of a seek that came (null: nothing, as for one's own).
export function seekNews(seek: Seek, me: string | null): string | null {
  if (me !== null && seek.player.name === me) return null;
  return seekKind(seek, me) === 'incoming' ? t('lobby.newChallenge', { seek: seekSentence(seek) }) : t('lobby.newSeek', { seek: seekSentence(seek) });
}

// The time controls the form offers, "minutes+increment".
export const CLOCK_PRESETS = ['1+0', '3+2', '5+3', '10+5', '15+10'] as const;

// The days a move may take in a correspondence game (what the server accepts).
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 14] as const;

export interface SeekForm {
  clock: string; // a preset, "custom" or "correspondence"
  days?: string; // correspondence: one of DAYS_PER_MOVE
  customMinutes: string;
  customIncrement: string;
  rated: boolean;
  color: string;
  start: string; // "random" | "number" | "double960"
  number: string;
  minRating: string;
  maxRating: string;
  to?: string; // a challenge to this account (the rating range is then not asked)
}

const MINUTES = [0.25, 0.5, 0.75, 1, 1.5, ...Array.from({ length: 179 }, (_, i) => i + 2)];

// The seek form as POST /api/seeks takes it, or the error to show (in the page's language).
export function seekSpecOf(form: SeekForm): { spec: SeekSpec } | { error: string } {
  let initial = 0;
  let increment = 0;
  let days: number | undefined;
  if (form.clock === 'correspondence') {
    days = Number(form.days);
    if (!(DAYS_PER_MOVE as readonly number[]).includes(days)) return { error: t('corr.badDays') };
  } else if (form.clock === 'custom') {
    const typed = form.customMinutes.trim();
    const minutes = ({ '¼': 0.25, '½': 0.5, '¾': 0.75 } as Record<string, number>)[typed] ?? Number(typed.replace(',', '.'));
    increment = Number(form.customIncrement);
    if (!form.customMinutes.trim() || !MINUTES.includes(minutes)) return { error: t('lobby.badMinutes') };
    if (!form.customIncrement.trim() || !Number.isInteger(increment) || increment < 0 || increment > 180)
      return { error: t('lobby.badIncrement') };
    initial = Math.round(minutes * 60);
  } else {
    const preset = /^(\d+)\+(\d+)$/.exec(form.clock);
    if (!preset) return { error: t('lobby.badMinutes') };
    initial = Number(preset[1]) * 60;
    increment = Number(preset[2]);
  }
  const color = form.color === 'white' || form.color === 'black' ? form.color : 'random';
  let start: SeekStart = { type: 'random' };
  if (form.start === 'number') {
    const n = Number(form.number);
    if (!/^\d{1,3}$/.test(form.number.trim()) || n > 959) return { error: t('home.chooseNumber') };
    start = { type: 'number', number: n };
  } else if (form.start === 'double960') {
    start = { type: 'double960' };
  }
  const time = days !== undefined ? { daysPerMove: days } : { clock: { initial, increment } };
  if (form.to) return { spec: { ...time, rated: form.rated, color, start, to: form.to } };
  const bound = (text: string): number | undefined | null => {
    if (!text.trim()) return undefined;
    const v = Number(text);
    return Number.isInteger(v) && v >= 0 && v <= 4000 ? v : null;
  };
  const min = bound(form.minRating);
  const max = bound(form.maxRating);
  if (min === null || max === null) return { error: t('lobby.badRange') };
  if (min !== undefined && max !== undefined && min > max) return { error: t('lobby.badRange') };
  const spec: SeekSpec = { ...time, rated: form.rated, color, start };
  if (min !== undefined || max !== undefined) spec.ratingRange = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  return { spec };
}

// Whether `rating` (unrounded, as the server compares it) may accept a seek with this range, as the server decides it.
export function inRange(range: Seek['ratingRange'], rating: number): boolean {
  if (!range) return true;
  return (range.min === undefined || rating >= range.min) && (range.max === undefined || rating <= range.max);
}
