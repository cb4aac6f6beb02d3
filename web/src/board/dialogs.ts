// The game page's questions (board.ts asks them): "Castle, or move the king?" when a king
// move to its castling square is also an ordinary king move (a program must never guess:
// Guidelines II.3.2.7), and the piece a pawn promotes to. Each answers with the chosen move, or null
// when the player closes the dialog (Escape) or cancels.

import type { Color } from '../common/api';
import { t, tMaybe } from '../common/i18n';
import { el } from '../common/ui';
import type { BoardMove } from './moves';

// The buttons that step through a game's moves (first, back, forward, last), as a page's HTML:
// the game page's and the puzzles'.
export function moveNavHtml(): string {
  return `<div class="nav">
            <button data-nav="first" aria-label="${t('game.nav.first')}" title="${t('game.nav.firstTitle')}">«</button>
            <button data-nav="prev" aria-label="${t('game.nav.prev')}" title="${t('game.nav.prevTitle')}">‹</button>
            <button data-nav="next" aria-label="${t('game.nav.next')}" title="${t('game.nav.nextTitle')}">›</button>
            <button data-nav="last" aria-label="${t('game.nav.last')}" title="${t('game.nav.lastTitle')}">»</button>
          </div>`;
}

// The two questions a move may ask (askCastle, askPromotion), as a page's HTML: the game page's
// and the puzzles' put them after their main.
export function moveDialogsHtml(): string {
  return `<dialog id="castle-dialog" class="choice" aria-labelledby="castle-question">
      <p id="castle-question">${t('game.castleQuestion')}</p>
      <div class="choices">
        <button id="choose-castle"></button>
        <button id="choose-king"></button>
      </div>
    </dialog>
    <dialog id="promotion-dialog" class="choice" aria-labelledby="promotion-question">
      <p id="promotion-question">${t('game.promoteTo')}</p>
      <div class="choices promotion cg-wrap" id="promotion-choices"></div>
      <button id="promotion-cancel" class="link">${t('game.cancel')}</button>
    </dialog>`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// `preview` shows on the board what castling would do while the question is open.
export function askCastle(root: HTMLElement, castle: BoardMove, kingMove: BoardMove, preview: () => void): Promise<BoardMove | null> {
  const dialog = root.querySelector<HTMLDialogElement>('#castle-dialog')!;
  const castleButton = root.querySelector<HTMLButtonElement>('#choose-castle')!;
  const kingButton = root.querySelector<HTMLButtonElement>('#choose-king')!;
  castleButton.textContent = t('game.castleChoice', { san: castle.castle === 'g' ? 'O-O' : 'O-O-O' });
  kingButton.textContent = t('game.kingChoice', { square: kingMove.to });
  return new Promise(resolveChoice => {
    const done = (move: BoardMove | null) => {
      castleButton.onclick = kingButton.onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolveChoice(move);
    };
    castleButton.onclick = () => done(castle);
    kingButton.onclick = () => done(kingMove);
    dialog.onclose = () => done(null);
    preview();
    dialog.showModal();
  });
}

// The promotion choices of `moves` (one pawn move, up to four pieces), drawn as `color`'s pieces.
export function askPromotion(root: HTMLElement, moves: BoardMove[], color: Color): Promise<BoardMove | null> {
  const dialog = root.querySelector<HTMLDialogElement>('#promotion-dialog')!;
  const box = root.querySelector<HTMLElement>('#promotion-choices')!;
  const names: Record<string, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' }; // chessground's classes
  box.innerHTML = '';
  return new Promise(resolveChoice => {
    const done = (move: BoardMove | null) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolveChoice(move);
    };
    for (const letter of ['q', 'r', 'b', 'n']) {
      const move = moves.find(m => m.promotion === letter);
      if (!move) continue;
      const label = tMaybe(`piece.${cap(names[letter]!)}`);
      const button = el('button', { 'data-promotion': letter, title: label, 'aria-label': label });
      button.append(el('piece', { class: `${names[letter]} ${color}` }));
      button.onclick = () => done(move);
      box.append(button);
    }
    root.querySelector<HTMLButtonElement>('#promotion-cancel')!.onclick = () => done(null);
    dialog.onclose = () => done(null);
    dialog.showModal();
  });
}

// Whether one of the questions is open (the page's keys then belong to the dialog).
export function questionOpen(root: HTMLElement): boolean {
  return [...root.querySelectorAll<HTMLDialogElement>('dialog.choice')].some(d => d.open);
}
