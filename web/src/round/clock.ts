// The game clock as the page shows it (view.ts draws it): the time left, its text, and when to
// warn a player that their time runs short. Pure functions, tested with `node --test`.

import type { Color } from '../common/api';

export interface ClockState {
  white: number; // ms left when the state was read
  black: number;
  initial: number; // ms
  running: Color | null;
}

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
