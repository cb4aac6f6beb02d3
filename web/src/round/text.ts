// What the game page says, in the page's language: players' names, the status line, the
// browsing label, clock times read aloud, and the sentences a screen reader hears when the
// game or the room changes (controller.ts decides when, view.ts shows them). Pure functions of
// the game, tested with `node --test`.

import { plyPosition, spokenSan } from '../board/notation';
import type { Color, GameView, Room } from '../common/api';
import { t, tMaybe } from '../common/i18n';
import type { SoundKind } from '../common/sound';
import { turnAt } from './model';
import { takebackStatus } from './takeback';

export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// "white" / "White" in the page's language.
export const colorWord = (c: Color, capital = false) => tMaybe(`color.${capital ? cap(c) : c}`);
// Why a game ended, in the page's language (the server's own `reason` is English).
export const endReason = (g: GameView) => (g.termination ? tMaybe(`end.${g.termination}`, {}, cap(g.termination)) : '');

// Who this browser is in the game, as the texts need it.
export interface Seating {
  single: Color | null; // the one seat it plays (not both, as when friends share a device)
  mine(c: Color): boolean; // it holds this seat
  name(c: Color): string; // the player's name (playerName)
}

// A player's name: the one they chose (the room), else the one this browser keeps for its own
// seat, else the page's own word: the server's names are English ("White", the engine's level).
export function playerName(c: Color, game: GameView, room: Room | null, single: Color | null, ownName: string): string {
  return room?.[c].name ?? ((single === c && ownName) || defaultName(c, game));
}

export function defaultName(c: Color, game: GameView): string {
  return game.opponent === 'engine' && game.engineColor === c
    ? t('game.computerName', { level: game.level ?? '?' })
    : colorWord(c, true);
}

// "move 12 (white)", "the start position".
export function plyLabel(initialFen: string, ply: number): string {
  if (ply === 0) return t('game.startPosition');
  const { number, color } = plyPosition(initialFen, ply);
  return t('game.plyLabel', { n: number, color: colorWord(color) });
}

// A clock's time as it is read aloud: "2 minutes 5 seconds", "9 seconds" (rounded up).
export function spokenClock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const m = Math.floor(seconds / 60);
  const sec = seconds % 60;
  return m ? t('game.minutesSeconds', { m, s: sec }) : t('game.seconds', { s: sec });
}

export type StatusLine =
  | { kind: 'aborted'; title: string }
  | { kind: 'over'; result: string; reason: string }
  | { kind: 'playing'; text: string };

// The status above the move list: the result once the game is over; else whose move it is (or
// that the computer thinks), check and a draw offer; or, while an earlier move is looked at, which.
export function statusLine(game: GameView, viewPly: number, seating: Seating): StatusLine {
  if (game.status === 'aborted') return { kind: 'aborted', title: t('game.abortedTitle') };
  if (game.status === 'over') return { kind: 'over', result: game.result, reason: ` ${endReason(game)}` };
  let text = t('game.toMove', { color: colorWord(game.turn, true) });
  if (game.thinking || (game.engineColor === game.turn && game.opponent === 'engine')) text = t('game.computerThinkingStatus');
  else if (seating.single === game.turn) text = t('game.yourMove');
  else if (seating.single) text = t('game.waitingFor', { name: seating.name(game.turn) });
  if (game.check) text += t('game.check');
  if (game.drawOffer) text += t('game.drawOffered', { name: seating.name(game.drawOffer) });
  text += takebackStatus(game, seating.single, seating.name);
  if (viewPly !== game.ply)
    text = t('game.viewingStatus', { ply: plyLabel(game.initialFen, viewPly), current: plyLabel(game.initialFen, game.ply) });
  return { kind: 'playing', text };
}

// What a change of the game means aloud: the move just played (by whom, and whether it is now
// our move) with its sound; the end of the game, said a moment after the move that ended it;
// a draw offer from the other side.
export interface GameChangeSaid {
  played: { text: string; sound: SoundKind } | null;
  ended: string | null;
  drawOffer: string | null;
}

export function gameChangeSaid(before: GameView, after: GameView, seating: Seating): GameChangeSaid {
  const said: GameChangeSaid = { played: null, ended: null, drawOffer: null };
  if (after.moves.length === before.moves.length + 1) {
    const move = after.moves[after.moves.length - 1]!;
    const mover = turnAt(after, after.moves.length - 1);
    const who = seating.single === mover ? t('game.you') : seating.name(mover);
    const yours = seating.single === after.turn && after.status === 'active' ? t('game.yourMoveSentence') : '';
    said.played = { text: t('game.played', { who, move: spokenSan(move.san) }) + yours, sound: move.san.includes('x') ? 'capture' : 'move' };
  }
  if (before.status === 'active' && after.status !== 'active')
    said.ended = after.status === 'aborted' ? t('game.aborted') : t('game.over', { result: after.result, reason: endReason(after) });
  if (after.drawOffer && after.drawOffer !== before.drawOffer && !seating.mine(after.drawOffer))
    said.drawOffer = t('game.offersDraw', { name: seating.name(after.drawOffer) });
  return said;
}

// What a change of the room means aloud: the invited friend has come, the other side offers a
// rematch. `invited` is the colour this browser invited a friend to play.
export function roomChangeSaid(before: Room | null, next: Room, invited: Color | undefined, seating: Seating): string[] {
  const said: string[] = [];
  if (invited && next[invited].joined && !before?.[invited].joined && before) said.push(t('game.joined', { name: seating.name(invited) }));
  const offer = next.rematch.offeredBy;
  if (offer && !seating.mine(offer) && before?.rematch.offeredBy !== offer) said.push(t('game.offersRematch', { name: seating.name(offer) }));
  return said;
}
