// Pure helpers of the event pages (no DOM): reading the organiser's inputs, the times and
// countdowns, and what a board or a round shows. Tested with `node --test` (test/event-model.test.mjs).

import { t } from '../common/i18n';
import type { EventBoard, EventPlayer, EventView } from './api';

// "518, 534" (commas or spaces) -> [518, 534]; an empty text excludes nothing.
export function parseExclusions(text: string): { numbers: number[] } | { error: string } {
  const words = text.split(/[\s,]+/).filter(w => w !== '');
  const numbers: number[] = [];
  for (const word of words) {
    if (!/^\d{1,3}$/.test(word) || Number(word) > 959)
      return { error: t('event.badExclusion', { word }) };
    numbers.push(Number(word));
  }
  return { numbers };
}

// The rows of the pairings form (white, black) as the API takes them: names trimmed, empty rows
// left out; a row with one name only, or nothing at all, is an error naming the board.
export function readPairings(rows: [string, string][]): { pairings: { white: string; black: string }[] } | { error: string } {
  const pairings: { white: string; black: string }[] = [];
  for (const [i, [white, black]] of rows.entries()) {
    const w = white.trim();
    const b = black.trim();
    if (!w && !b) continue;
    if (!w || !b) return { error: t('event.needTwoPlayers', { board: i + 1 }) };
    pairings.push({ white: w, black: b });
  }
  if (pairings.length === 0) return { error: t('event.needBoard') };
  return { pairings };
}

// 65_000 -> "1:05"; 3_723_000 -> "1:02:03"; never negative.
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

// 1.5 -> "1½", 0.5 -> "½", 2 -> "2".
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

// "1/2-1/2" -> "½–½", "1-0" -> "1–0".
export function resultText(result: string): string {
  return result.replace(/1\/2/g, '½').replace('-', '–');
}

// What a board shows: its result, or how its game stands.
export function boardStatus(board: EventBoard): string {
  const game = board.game;
  if (!game) return board.gameId ? t('event.board.inPlay') : t('event.board.notStarted');
  if (game.status === 'aborted') return t('event.board.aborted');
  if (game.status === 'over') return resultText(game.result);
  return game.ply === 0 ? t('event.board.starting') : t('event.board.inPlayMove', { move: Math.floor((game.ply + 1) / 2) });
}

// The earliest reveal or start still to come, in the server's time; null when none.
export function nextDue(view: EventView): number | null {
  for (const round of view.rounds) {
    if (!round.revealed) return round.revealAt;
    if (!round.started) return round.startAt;
  }
  return null;
}

// The round the organiser may enter now, or why none.
export function nextRound(view: EventView): { round: number } | { reason: string } {
  if (view.status === 'closed') return { reason: t('event.next.closed') };
  const count = view.rounds.length;
  if (count >= view.parameters.rounds) return { reason: t('event.next.allEntered', { rounds: view.parameters.rounds }) };
  const last = view.rounds[count - 1];
  if (last && !last.revealed) return { reason: t('event.next.notRevealed', { round: last.round }) };
  return { round: count + 1 };
}

// The value a datetime-local input shows for an epoch time, in the browser's time zone, to
// the second: "2025-05-01T18:30:00".
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

// The link a player opens: the event page with the seat token in the fragment (which the
// browser never sends to the server).
export function seatLink(origin: string, eventId: string, token: string): string {
  return `${origin}/event/${eventId}#seat=${token}`;
}

// The player a signed-in account is in a paired event (the organiser named it, or it joined
// signed in): its session then acts as the player's token. Names compare as the server keeps
// them (exactly).
export function playerOfAccount(view: EventView, account: string | null | undefined): EventPlayer | null {
  if (!account || !view.paired) return null;
  return view.paired.players.find(p => p.account === account) ?? null;
}

// A player's game: with the player's token as its seat, or (a player that is an account, with
// no token in this browser) by the session cookie.
export function playerGameLink(gameId: string, token: string): string {
  return token ? `/game/${gameId}#seat=${token}` : `/game/${gameId}`;
}

// The organiser's link: the event page with the organiser's token in the fragment.
export function organiserLink(origin: string, eventId: string, token: string): string {
  return `${origin}/event/${eventId}#organiser=${token}`;
}
