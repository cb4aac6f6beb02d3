// A stored game on the database page (/db?game=ID, GET /api/db/games/{id}): who played it, its
// moves as buttons (UCI: the page has no rules of its own to write SAN with) and the explorer
// following the move chosen. The explorer is given the game's start and its moves up to there.

import { plyPosition } from '../board/notation';
import { language, t } from '../common/i18n';
import { el } from '../common/ui';
import { db, type DbGameWithMoves } from '../explorer/api';
import { sideText } from '../explorer/names';
import { createExplorer } from '../explorer/panel';
import { pgnDateText } from '../explorer/shares';

export async function gameView(box: HTMLElement, id: string): Promise<void> {
  box.append(el('h2', { id: 'db-game-title' }, t('db.game.title')));
  const status = el('p', { class: 'muted' }, t('home.loading'));
  box.append(status);
  let game: DbGameWithMoves;
  try {
    game = await db.game(id);
  } catch (e) {
    status.className = 'error';
    status.textContent = t('db.loadFailed', { error: (e as Error).message });
    return;
  }
  const moves = game.moves.split(/\s+/).filter(Boolean);
  const server = !!game.gameId;
  box.querySelector('h2')!.textContent = `${sideText(game.white, 'white', server)} – ${sideText(game.black, 'black', server)}`;
  const facts = [game.result === '1/2-1/2' ? '½-½' : game.result, pgnDateText(game.date, language()), game.event, game.site].filter(Boolean);
  status.className = 'muted';
  status.textContent = facts.join(' · ');
  if (game.gameId) {
    const link = el('p');
    link.append(el('a', { href: `/game/${encodeURIComponent(game.gameId)}` }, t('db.game.serverLink')));
    box.append(link);
  }

  let ply = 0;
  const list = el('ol', { class: 'db-moves', 'aria-label': t('game.moves') });
  const buttons: HTMLButtonElement[] = [];
  const startButton = el('button', { type: 'button', class: 'link', id: 'db-game-start' }, t('db.game.start'));
  startButton.onclick = () => go(0);
  moves.forEach((uci, i) => {
    const { number, color } = plyPosition(game.initialFen, i + 1);
    const button = el('button', { type: 'button', class: 'link', 'data-ply': String(i + 1), 'aria-label': t('db.game.after', { n: number, color: t(color === 'white' ? 'color.white' : 'color.black'), move: uci }) }, uci);
    button.onclick = () => go(i + 1);
    buttons.push(button);
    if (color === 'white' || i === 0) {
      const item = el('li');
      item.append(el('span', { class: 'number', 'aria-hidden': 'true' }, color === 'white' ? `${number}.` : `${number}…`), ' ');
      list.append(item);
    }
    list.lastElementChild!.append(button, ' ');
  });
  const nav = el('div', { class: 'nav' });
  const prev = el('button', { type: 'button', 'aria-label': t('game.nav.prev') }, '‹');
  const next = el('button', { type: 'button', 'aria-label': t('game.nav.next') }, '›');
  prev.onclick = () => go(ply - 1);
  next.onclick = () => go(ply + 1);
  nav.append(prev, next);
  box.append(startButton, list, nav);

  const explorer = createExplorer({ idPrefix: 'db-game-explorer', sources: ['imported', 'games'], headingLevel: 'h3' });
  box.append(explorer.element);
  function go(to: number) {
    ply = Math.max(0, Math.min(moves.length, to));
    [startButton, ...buttons].forEach((b, i) => (i === ply ? b.setAttribute('aria-current', 'step') : b.removeAttribute('aria-current')));
    prev.disabled = ply === 0;
    next.disabled = ply === moves.length;
    explorer.show({ base: { fen: game.initialFen }, play: moves.slice(0, ply) });
  }
  go(0);
}
