// Takeback requests on the page (src/round/takeback.ts): what each seat is offered, how an accepted
// takeback rewinds the page's copy, which whole game is the copy after a missed takeback, and
// what is said aloud.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLanguage } from '../src/common/i18n.ts';
import {
  applyTakeback,
  isViewAfterTakeback,
  takebackAnnouncement,
  takebackControls,
  takebackPlies,
  takebackStatus,
} from '../src/round/takeback.ts';
import { gameState, gameView } from './fixtures.mjs';

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
  'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
];
const UCIS = ['e2e4', 'e7e5', 'g1f3'];

const state = (ply, extra = {}) => gameState(ply, FENS[ply], extra);

function view(ply, extra = {}) {
  const moves = UCIS.slice(0, ply).map((uci, i) => ({ uci, san: uci, from: uci.slice(0, 2), to: uci.slice(2, 4), fen: FENS[i + 1] }));
  return gameView(ply, FENS[ply], moves, extra);
}

test('a seat that has moved may ask; the opponent answers; the requester may withdraw', () => {
  assert.deepEqual(takebackControls(view(0), 'white'), { ask: false, cancel: false, answer: false });
  assert.deepEqual(takebackControls(view(1), 'white'), { ask: true, cancel: false, answer: false });
  assert.deepEqual(takebackControls(view(1), 'black'), { ask: false, cancel: false, answer: false }); // no move yet
  assert.deepEqual(takebackControls(view(2), 'white'), { ask: true, cancel: false, answer: false });
  const asked = view(3, { takeback: 'white' });
  assert.deepEqual(takebackControls(asked, 'white'), { ask: false, cancel: true, answer: false });
  assert.deepEqual(takebackControls(asked, 'black'), { ask: false, cancel: false, answer: true });
  assert.deepEqual(takebackControls(asked, null), { ask: false, cancel: false, answer: false }); // a watcher
});

test('no takeback against the computer or in a finished game', () => {
  assert.equal(takebackControls(view(2, { opponent: 'engine', engineColor: 'black' }), 'white').ask, false);
  assert.equal(takebackControls(view(2, { status: 'over' }), 'white').ask, false);
});

test('one ply back when the opponent is to move, two when the requester is', () => {
  assert.equal(takebackPlies(state(3), 'white'), 1);
  assert.equal(takebackPlies(state(3), 'black'), 2);
});

test('an accepted takeback cuts the moves and takes over the state', () => {
  const game = view(3, { takeback: 'white' });
  const applied = applyTakeback(game, { ply: 2, state: state(2), legal: [] });
  assert.equal(applied.kind, 'applied');
  assert.equal(applied.game.ply, 2);
  assert.equal(applied.game.fen, FENS[2]);
  assert.deepEqual(
    applied.game.moves.map(m => m.uci),
    ['e2e4', 'e7e5'],
  );
  assert.equal(applied.game.takeback, null);
  assert.equal(applied.game.opponent, 'friend'); // the view's own fields stay
  // Heard twice (the acknowledgement and the event): the second changes nothing.
  assert.equal(applyTakeback(applied.game, { ply: 2, state: state(2), legal: [] }).kind, 'stale');
  // Behind the takeback's ply, or moves made after it: the whole game is due.
  assert.equal(applyTakeback(view(1), { ply: 2, state: state(2), legal: [] }).kind, 'gap');
  assert.equal(applyTakeback(game, { ply: 1, state: state(2), legal: [] }).kind, 'gap');
});

test('a whole game with fewer moves is taken only as the end of a request the page saw', () => {
  const asked = view(3, { takeback: 'white' });
  assert.equal(isViewAfterTakeback(asked, view(2)), true);
  assert.equal(isViewAfterTakeback(view(3), view(2)), false); // no request: an old answer
  assert.equal(isViewAfterTakeback(asked, view(2, { takeback: 'white' })), false); // still asked
  assert.equal(isViewAfterTakeback(asked, view(0)), false); // more than the request takes back
  const diverged = view(2);
  diverged.moves = [diverged.moves[0], { ...diverged.moves[1], uci: 'd7d5' }];
  assert.equal(isViewAfterTakeback(asked, diverged), false);
});

test('the status line and the announcements', () => {
  setLanguage('en');
  const name = c => (c === 'white' ? 'Anna' : 'Bela');
  const asked = view(3, { takeback: 'white' });
  assert.equal(takebackStatus(asked, 'white', name), ' · you asked for a takeback');
  assert.equal(takebackStatus(asked, 'black', name), ' · Anna asks for a takeback');
  assert.equal(takebackStatus(view(3), 'black', name), '');
  assert.equal(takebackAnnouncement(view(3), asked, 'black', name), 'Anna asks for a takeback.');
  assert.equal(takebackAnnouncement(view(3), asked, 'white', name), 'You asked for a takeback.');
  assert.equal(takebackAnnouncement(asked, view(3), 'white', name), 'Bela declined your takeback request.');
  assert.equal(takebackAnnouncement(asked, view(3), 'black', name), 'Anna withdrew the takeback request.');
  assert.equal(takebackAnnouncement(asked, view(2), 'black', name), 'The last move was taken back.');
  assert.equal(takebackAnnouncement(asked, view(1), 'black', name), 'The last two moves were taken back.');
  assert.equal(takebackAnnouncement(view(2), view(3), 'black', name), '');
  setLanguage('de');
  assert.equal(takebackAnnouncement(view(3), asked, 'black', name), 'Anna bittet um eine Zugrücknahme.');
  setLanguage('en');
});
