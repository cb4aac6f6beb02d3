// Seat secrets this browser holds, per game: the tokens of the seats it plays (created on the
// start page, or given by an invite link `#seat=<token>`), and the invite to hand a friend.
// Stored in localStorage; tokens never go in URLs.

import type { Color } from './api';

export interface Seats {
  white?: string;
  black?: string;
  invite?: { color: Color; token: string };
}

const seatKey = (id: string) => `chess960.seats.${id}`;

export function loadSeats(id: string): Seats {
  try {
    return JSON.parse(localStorage.getItem(seatKey(id)) ?? '{}') as Seats;
  } catch {
    return {};
  }
}

export function saveSeats(id: string, seats: Seats): void {
  localStorage.setItem(seatKey(id), JSON.stringify(seats));
}
