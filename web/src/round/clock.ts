// The game clock as the page shows it (view.ts draws it): the time left, its text, and when to
// warn a player that their time runs short. Pure functions, tested with `node --test`.

import type { Color } from '../common/api';
import { t } from '../common/i18n';

export interface ClockState {
  white: number; // ms left when the state was read
  black: number;
  initial: number; // ms
  running: Color | null;
  daysPerMove?: number; // a correspondence game
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const pad = (n: number) => String(n).padStart(2, '0');

// A correspondence clock: "2 d 14 h" (whole hours, rounded down) while a day or more is left,
// then "13:05:10" (seconds rounded up, as formatClock: never zero before the end).
export function formatDays(ms: number): string {
  if (ms >= DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    return t('corr.daysHours', { d: Math.floor(hours / 24), h: hours % 24 });
  }
  const total = Math.min(Math.ceil(ms / 1000), DAY_MS / 1000 - 1);
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

// The same for a screen reader ("2 days 14 hours", "13 hours 5 minutes"); null under an hour,
// where the minutes and seconds of a live clock say it.
export function spokenDays(ms: number): string | null {
  const hours = Math.floor(ms / HOUR_MS);
  if (ms >= DAY_MS) return t('corr.spokenDays', { d: Math.floor(hours / 24), h: hours % 24 });
  if (ms >= HOUR_MS) return t('corr.spokenHours', { h: hours, m: Math.floor((ms % HOUR_MS) / 60000) });
  return null;
}

// The clock's text: days and hours for a correspondence game, else minutes and seconds.
export const clockTextOf = (clock: Pick<ClockState, 'daysPerMove'>, ms: number) =>
  typeof clock.daysPerMove === 'number' ? formatDays(ms) : formatClock(ms);

// Below this a clock shows as short of time: the last hour of a correspondence move, else 20 s.
export const lowTimeMs = (clock: Pick<ClockState, 'daysPerMove'>) => (typeof clock.daysPerMove === 'number' ? HOUR_MS : 20000);

// The time `color` has left, `elapsed` ms after the state was read. Only a clock that runs
// (and that the page can trust: `live`, connected) goes down; offline the page shows the last
// time it knew rather than guess.
export function remainingMs(clock: ClockState, color: Color, elapsed: number, live: boolean): number {
  const running = live && clock.running === color;
  return Math.max(0, clock[color] - (running ? elapsed : 0));
}

// "5:00", "0:42", and tenths under ten seconds ("0:09.3"), never showing zero before the end.
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 100) / 10;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  const s = total < 10 ? seconds.toFixed(1).padStart(4, '0') : String(Math.floor(seconds)).padStart(2, '0');
  return `${minutes}:${s}`;
}

// The limits at which a player hears "N seconds left", largest first.
export const WARNINGS_MS = [30000, 10000] as const;

// The warning due now (the limit in ms), or null: each limit once per game (`warned` keeps
// them), only below the limit, only for games long enough that it means something (an initial
// time above twice the limit), and a later limit passed at once silences the earlier one.
export function dueWarning(ms: number, initial: number, warned: Set<number>): number | null {
  for (const limit of [...WARNINGS_MS].reverse()) {
    if (ms <= limit && !warned.has(limit) && initial > limit * 2) {
      for (const l of WARNINGS_MS) if (l >= limit) warned.add(l);
      return limit;
    }
  }
  return null;
}
