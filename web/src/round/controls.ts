// The game page's controls: its buttons, keys and the typed move, each turned into one of the
// controller's actions (controller.ts). The elements are the view's (view.ts pageHtml).

import { questionOpen } from '../board/dialogs';
import { api } from '../common/api';
import { t } from '../common/i18n';
import { loadPrefs, savePrefs } from '../common/prefs';
import { copyText } from '../common/ui';
import type { Round } from './controller';
import type { View } from './view';

export function bindControls(root: HTMLElement, round: Round, view: View): void {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const { id } = round;

  // The move typed into the input, played or refused with its reason.
  $('#move-form').addEventListener('submit', e => {
    e.preventDefault();
    const input = $<HTMLInputElement>('#move-input');
    const move = round.typedMove(input.value);
    if (!move) return;
    input.value = '';
    void round.play(move, false);
  });

  $('#text-toggle').onclick = () => {
    const open = $('#text-view').hidden;
    $('#text-view').hidden = !open;
    $('#text-toggle').setAttribute('aria-expanded', String(open));
    view.renderText();
  };
  const soundSwitch = $<HTMLInputElement>('#sound-switch');
  soundSwitch.checked = loadPrefs().sound;
  soundSwitch.onchange = () => savePrefs({ sound: soundSwitch.checked });
  $('#back-to-game').onclick = () => round.goTo(round.game.ply);

  // Moving through the game: the buttons under the move list, and the arrow keys.
  root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(button => {
    button.onclick = () => {
      const nav = button.dataset.nav;
      const { viewPly } = round;
      round.goTo(nav === 'first' ? 0 : nav === 'prev' ? viewPly - 1 : nav === 'next' ? viewPly + 1 : round.game.ply);
    };
  });
  document.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) {
      // End and Escape from the move input still bring the game back (the input keeps focus).
      if (e.target.id === 'move-input' && e.key === 'Escape' && round.viewPly !== round.game.ply) round.goTo(round.game.ply);
      return;
    }
    if (questionOpen(root)) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => round.viewPly - 1,
      ArrowRight: () => round.viewPly + 1,
      ArrowUp: () => 0,
      Home: () => 0,
      ArrowDown: () => round.game.ply,
      End: () => round.game.ply,
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      round.goTo(target());
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) round.flip();
  });

  $('#flip').onclick = () => round.flip();
  $('#copy-fen').onclick = () => copyText(round.fenAt(round.viewPly), t('game.fenCopied'));
  $('#copy-pgn').onclick = async () => copyText(await api.pgn(id), t('game.pgnCopied'));
  $<HTMLAnchorElement>('#download-pgn').href = api.pgnUrl(id);
  ($<HTMLAnchorElement>('#download-pgn') as HTMLAnchorElement).download = `chess960-${id}.pgn`;

  // Resigning asks once, in the page (a browser confirm box takes the focus elsewhere).
  const confirmResign = (open: boolean) => {
    $('#resign-confirm').hidden = !open;
    $('#resign').hidden = open;
    if (open) $('#resign-no').focus();
  };
  $('#resign').onclick = () => confirmResign(true);
  $('#resign-no').onclick = () => {
    confirmResign(false);
    $('#resign').focus();
  };
  $('#resign-yes').onclick = () => {
    confirmResign(false);
    void round.act('resign', round.actingSeat());
  };
  $('#offer').onclick = () => round.act('draw/offer', round.actingSeat());
  $('#abort').onclick = () => round.act('abort', round.actingSeat());
  $('#accept').onclick = () => round.answerDraw('draw/accept');
  $('#decline').onclick = () => round.answerDraw('draw/decline');
  $('#claim').onclick = () => round.act('draw/claim', round.actingSeat());

  $('#rematch').onclick = () => void round.answerRematch('offer');
  $('#rematch-new').onclick = () => void round.answerRematch('offer-new');
  $('#continue').onclick = () => round.continueFromHere();
}
