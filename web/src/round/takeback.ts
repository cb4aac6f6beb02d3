// Takeback requests in a game between two people (docs/live.md, "takeback"): one seat asks to
// take back its last move, the other accepts or declines, as on lichess. The pure parts say
// what the page shows for a game and how an accepted takeback rewinds the page's copy; the
// mounted part owns the buttons, the question to the opponent and what is announced. The
// computer's seat cannot answer, so the page offers no takeback in a game against it.

import type { Color, GameState, GameView, TakebackUpdate } from '../common/api';
import { t } from '../common/i18n';
import { el } from '../common/ui';
import { type Applied, withState } from './model';

const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');

// What the page offers `seat` (this browser's one seat, or null for a watcher or a browser
// holding both seats) in `game`.
export interface TakebackControls {
  ask: boolean; // the "Takeback" button: this seat has a move to take back, and no request stands
  cancel: boolean; // this seat's own request stands: it may withdraw it
  answer: boolean; // the opponent's request stands: this seat accepts or declines it
}

// How many plies accepting `by`'s request takes back in `game`: its last move, and the
// opponent's reply when there is one (it is `by`'s turn again).
export function takebackPlies(game: Pick<GameState, 'turn'>, by: Color): number {
  return game.turn === by ? 2 : 1;
}

export function takebackControls(game: GameView, seat: Color | null): TakebackControls {
  const none = { ask: false, cancel: false, answer: false };
  if (!seat || game.opponent !== 'friend' || game.status !== 'active') return none;
  const request = game.takeback ?? null;
  return {
    ask: !request && game.ply >= takebackPlies(game, seat),
    cancel: request === seat,
    answer: request === opposite(seat),
  };
}

// The page's copy after an accepted takeback: its moves cut at the update's ply and its state
// taken over. Stale when the copy is already there (the acknowledgement and the event both
// came); a gap when the copy is behind the ply, or moves followed the takeback (the whole game
// is then due).
export function applyTakeback(game: GameView, update: TakebackUpdate): Applied {
  if (update.ply > game.moves.length) return { kind: 'gap' };
  if (update.state.ply !== update.ply) return { kind: 'gap' };
  if (update.ply === game.moves.length && game.ply === update.ply && !game.takeback) return { kind: 'stale' };
  return { kind: 'applied', game: { ...withState(game, update.state), moves: game.moves.slice(0, update.ply) } };
}

// Whether a whole game with fewer moves than the page's copy is the copy after a takeback the
// page did not hear of (it was reconnecting), rather than an old answer overtaken by the live
// channel: the copy had a request standing, the view has none, and its moves are the copy's
// first ones, one or two fewer.
export function isViewAfterTakeback(game: GameView, view: GameView): boolean {
  if (!game.takeback || view.takeback || view.ply >= game.ply) return false;
  if (game.ply - view.ply > takebackPlies(game, game.takeback)) return false;
  return view.moves.every((m, i) => game.moves[i]?.uci === m.uci);
}

// What the status line adds while a request stands ("" when none does).
export function takebackStatus(game: GameView, seat: Color | null, name: (c: Color) => string): string {
  const request = game.takeback;
  if (!request || game.status !== 'active') return '';
  return request === seat ? t('takeback.statusYours') : t('takeback.statusAsked', { name: name(request) });
}

// What is said aloud when the request changes between two versions of the game ("" for nothing).
export function takebackAnnouncement(before: GameView, after: GameView, seat: Color | null, name: (c: Color) => string): string {
  const was = before.takeback ?? null;
  const now = after.takeback ?? null;
  if (after.moves.length < before.moves.length)
    return before.moves.length - after.moves.length >= 2 ? t('takeback.doneTwo') : t('takeback.doneOne');
  if (now && now !== was) return now === seat ? t('takeback.sent') : t('takeback.asks', { name: name(now) });
  if (was && !now && after.moves.length === before.moves.length && after.status === 'active')
    return was === seat ? t('takeback.declined', { name: name(opposite(was)) }) : t('takeback.withdrawn', { name: name(was) });
  return '';
}

export type TakebackAction = 'takeback/offer' | 'takeback/accept' | 'takeback/decline';

export interface TakebackPage {
  // The buttons and the question for the game as it now is.
  render(game: GameView, seat: Color | null, playable: boolean): void;
}

// The takeback buttons (after the draw offer's, in `actions`) and the opponent's question (a
// dialog, as the page's other questions), wired to `act` for the browser's seat.
export function mountTakeback(
  root: HTMLElement,
  actions: HTMLElement,
  act: (action: TakebackAction, seat: Color | null) => unknown,
  name: (c: Color) => string,
): TakebackPage {
  const ask = el('button', { id: 'takeback', hidden: '' }, t('takeback.ask'));
  const cancel = el('button', { id: 'takeback-cancel', hidden: '' }, t('takeback.cancel'));
  const accept = el('button', { id: 'takeback-accept', hidden: '' }, t('takeback.accept'));
  const decline = el('button', { id: 'takeback-decline', hidden: '' }, t('takeback.decline'));
  const offer = actions.querySelector('#offer');
  if (offer) offer.after(ask, cancel, accept, decline);
  else actions.append(ask, cancel, accept, decline);
  const question = el('p', { id: 'takeback-question' });
  const dialogAccept = el('button', { id: 'takeback-dialog-accept', class: 'primary' }, t('takeback.accept'));
  const dialogDecline = el('button', { id: 'takeback-dialog-decline' }, t('takeback.decline'));
  const choices = el('div', { class: 'choices' });
  choices.append(dialogAccept, dialogDecline);
  const dialog = el('dialog', { id: 'takeback-dialog', class: 'choice', 'aria-labelledby': 'takeback-question' });
  dialog.append(question, choices);
  root.append(dialog);

  let seat: Color | null = null;
  // The request the dialog was opened for: it opens once per request (Escape leaves it to the
  // buttons beside the board).
  let asked: string | null = null;
  const close = () => {
    if (dialog.open) dialog.close();
  };
  ask.onclick = () => act('takeback/offer', seat);
  cancel.onclick = () => act('takeback/decline', seat);
  accept.onclick = dialogAccept.onclick = () => {
    close();
    return act('takeback/accept', seat);
  };
  decline.onclick = dialogDecline.onclick = () => {
    close();
    return act('takeback/decline', seat);
  };

  return {
    render(game, browserSeat, playable) {
      seat = browserSeat;
      const shown = playable ? takebackControls(game, seat) : { ask: false, cancel: false, answer: false };
      ask.hidden = !shown.ask;
      cancel.hidden = !shown.cancel;
      accept.hidden = decline.hidden = !shown.answer;
      if (!shown.answer) {
        asked = null;
        close();
        return;
      }
      const key = `${game.id}:${game.ply}:${game.takeback}`;
      if (asked === key) return;
      asked = key;
      question.textContent = t('takeback.question', { name: name(game.takeback!) });
      if (!dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    },
  };
}
