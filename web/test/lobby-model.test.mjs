// The lobby's pure helpers (src/lobby/model.ts): the seeks and who is online as the lobby's
// messages change them, what a seek shows, and the seek form read into POST /api/seeks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLanguage } from '../src/common/i18n.ts';
import {
  applyLobbyMessage,
  clockText,
  DAYS_PER_MOVE,
  daysText,
  timeControlText,
  emptyLobby,
  inRange,
  minutesText,
  ratingRangeText,
  seekChanges,
  seekColorText,
  seekKind,
  seekNews,
  seeksByKind,
  seekSentence,
  seekSpecOf,
  startText,
} from '../src/lobby/model.ts';

const seek = (id, createdAt, more = {}) => ({
  id,
  player: { name: 'ann', rating: 1500, provisional: true },
  rated: true,
  pool: 'blitz',
  color: 'random',
  clock: { initial: 300, increment: 3 },
  start: { type: 'random' },
  createdAt,
  ...more,
});

test('the lobby message gives the list, oldest first, and who is online, sorted and once each', () => {
  const state = applyLobbyMessage(emptyLobby(), { type: 'lobby', seeks: [seek('b', 20), seek('a', 10)], online: ['bob', 'Ann', 'bob'] });
  assert.deepEqual(state.seeks.map(s => s.id), ['a', 'b']);
  assert.deepEqual(state.online, ['Ann', 'bob']);
  // A polled list (no `online`) keeps what was known.
  const polled = applyLobbyMessage(state, { type: 'lobby', seeks: [] });
  assert.deepEqual(polled.online, ['Ann', 'bob']);
  assert.deepEqual(polled.seeks, []);
});

test('seek and unseek: added in order, replaced by id, removed; an unknown id changes nothing', () => {
  let state = applyLobbyMessage(emptyLobby(), { type: 'lobby', seeks: [seek('a', 10), seek('c', 30)], online: [] });
  state = applyLobbyMessage(state, { type: 'seek', seek: seek('b', 20) });
  assert.deepEqual(state.seeks.map(s => s.id), ['a', 'b', 'c']);
  state = applyLobbyMessage(state, { type: 'seek', seek: seek('b', 20, { rated: false }) });
  assert.deepEqual(state.seeks.map(s => [s.id, s.rated]), [['a', true], ['b', false], ['c', true]]);
  state = applyLobbyMessage(state, { type: 'unseek', id: 'a' });
  assert.deepEqual(state.seeks.map(s => s.id), ['b', 'c']);
  assert.equal(applyLobbyMessage(state, { type: 'unseek', id: 'zz' }), state);
  assert.equal(applyLobbyMessage(state, { type: 'pong' }), state);
  state = applyLobbyMessage(state, { type: 'online', players: ['cyd'] });
  assert.deepEqual(state.online, ['cyd']);
});

test('what came and went between two lists', () => {
  const { added, removed } = seekChanges([seek('a', 1), seek('b', 2)], [seek('b', 2), seek('c', 3)]);
  assert.deepEqual(added.map(s => s.id), ['c']);
  assert.deepEqual(removed.map(s => s.id), ['a']);
});

test('time controls as lichess writes them', () => {
  assert.equal(minutesText(15), '¼');
  assert.equal(minutesText(30), '½');
  assert.equal(minutesText(45), '¾');
  assert.equal(minutesText(90), '1.5');
  assert.equal(minutesText(300), '5');
  assert.equal(clockText({ initial: 300, increment: 3 }), '5+3');
  assert.equal(clockText({ initial: 30, increment: 0 }), '½+0');
  assert.equal(clockText({ initial: 900, increment: 10 }), '15+10');
  assert.equal(clockText(null), '∞');
});

test("a seek's start, colour, range and whole sentence (English)", () => {
  assert.equal(startText({ type: 'random' }), 'Random');
  assert.equal(startText({ type: 'number', number: 518 }), 'No. 518');
  assert.equal(startText({ type: 'number', number: 0 }), 'No. 0');
  assert.equal(startText({ type: 'double960' }), 'Double Chess960');
  assert.equal(startText({ type: 'double960', white: 1, black: 2 }), 'Double Chess960 1/2');
  assert.equal(seekColorText('white'), 'White');
  assert.equal(seekColorText('random'), 'Random');
  assert.equal(ratingRangeText(undefined), '');
  assert.equal(ratingRangeText({ min: 1200 }), 'ratings 1200–…');
  assert.equal(ratingRangeText({ min: 1200, max: 1800 }), 'ratings 1200–1800');
  assert.equal(
    seekSentence(seek('a', 1, { start: { type: 'number', number: 518 }, player: { name: 'ann', rating: 1741.48, provisional: true } })),
    'ann (1741?): 5+3 Blitz, Rated, start position No. 518',
  );
});

test('the sentence in another language', () => {
  try {
    setLanguage('de');
    assert.equal(seekSentence(seek('a', 1, { rated: false, pool: 'rapid', clock: { initial: 600, increment: 5 } })), 'ann (1500?): 10+5 Schnellschach, Ungewertet, Startstellung Zufällig');
  } finally {
    setLanguage('en');
  }
});

const form = (more = {}) => ({
  clock: '5+3',
  customMinutes: '',
  customIncrement: '',
  rated: true,
  color: 'white',
  start: 'number',
  number: '518',
  minRating: '',
  maxRating: '',
  ...more,
});

test('the seek form: a preset, a colour, a start position, no range', () => {
  assert.deepEqual(seekSpecOf(form()), {
    spec: { clock: { initial: 300, increment: 3 }, rated: true, color: 'white', start: { type: 'number', number: 518 } },
  });
  assert.deepEqual(seekSpecOf(form({ clock: '1+0', rated: false, color: 'whatever', start: 'double960' })).spec, {
    clock: { initial: 60, increment: 0 },
    rated: false,
    color: 'random',
    start: { type: 'double960' },
  });
  assert.deepEqual(seekSpecOf(form({ start: 'random' })).spec.start, { type: 'random' });
});

test('the seek form: custom clocks', () => {
  assert.deepEqual(seekSpecOf(form({ clock: 'custom', customMinutes: '½', customIncrement: '0' })).spec.clock, { initial: 30, increment: 0 });
  assert.deepEqual(seekSpecOf(form({ clock: 'custom', customMinutes: '2.5', customIncrement: '0' })).error, 'Minutes: ¼, ½, ¾, 1, 1.5 or a whole number from 2 to 180.');
  assert.deepEqual(seekSpecOf(form({ clock: 'custom', customMinutes: '0.5', customIncrement: '0' })).spec.clock, { initial: 30, increment: 0 });
  assert.deepEqual(seekSpecOf(form({ clock: 'custom', customMinutes: '1,5', customIncrement: '2' })).spec.clock, { initial: 90, increment: 2 });
  assert.deepEqual(seekSpecOf(form({ clock: 'custom', customMinutes: '180', customIncrement: '180' })).spec.clock, { initial: 10800, increment: 180 });
  for (const [m, i] of [['0', '5'], ['2.5', '0'], ['181', '0'], ['', '0'], ['x', '0']]) assert.ok(seekSpecOf(form({ clock: 'custom', customMinutes: m, customIncrement: i })).error, `${m}+${i}`);
  for (const i of ['-1', '181', '1.5', '']) assert.equal(seekSpecOf(form({ clock: 'custom', customMinutes: '3', customIncrement: i })).error, 'Seconds a move: a whole number from 0 to 180.', i);
});

test('the seek form: start numbers and rating ranges', () => {
  for (const n of ['960', '-1', '5.5', '', 'abc']) assert.equal(seekSpecOf(form({ number: n })).error, 'Choose a number from 0 to 959.', n);
  assert.deepEqual(seekSpecOf(form({ number: '0' })).spec.start, { type: 'number', number: 0 });
  assert.deepEqual(seekSpecOf(form({ minRating: '1200', maxRating: '1800' })).spec.ratingRange, { min: 1200, max: 1800 });
  assert.deepEqual(seekSpecOf(form({ minRating: '1200' })).spec.ratingRange, { min: 1200 });
  assert.deepEqual(seekSpecOf(form({ maxRating: ' 1800 ' })).spec.ratingRange, { max: 1800 });
  for (const [min, max] of [['1800', '1200'], ['-5', ''], ['', '4001'], ['12.5', '']])
    assert.match(seekSpecOf(form({ minRating: min, maxRating: max })).error, /^Opponent’s rating/, `${min}..${max}`);
});

test('a rating range as the server judges it (unrounded rating, bounds included)', () => {
  assert.equal(inRange(undefined, 1500), true);
  assert.equal(inRange({ min: 1500 }, 1500), true);
  assert.equal(inRange({ min: 1500 }, 1499.9), false);
  assert.equal(inRange({ max: 1500 }, 1500.1), false);
  assert.equal(inRange({ min: 1000, max: 2000 }, 1741), true);
});

test('a challenge is incoming to the one named, outgoing for its maker; a seek without "to" is open', () => {
  setLanguage('en');
  const open = seek('o', 1);
  const toBob = seek('c', 2, { to: 'bob' });
  assert.equal(seekKind(open, 'ann'), 'open');
  assert.equal(seekKind(open, null), 'open');
  assert.equal(seekKind(toBob, 'ann'), 'outgoing');
  assert.equal(seekKind(toBob, 'bob'), 'incoming');
  const kinds = seeksByKind([open, toBob, seek('d', 3, { to: 'bob' })], 'bob');
  assert.deepEqual(kinds.open.map(s => s.id), ['o']);
  assert.deepEqual(kinds.incoming.map(s => s.id), ['c', 'd']);
  assert.deepEqual(kinds.outgoing, []);
  assert.deepEqual(seeksByKind([toBob], 'ann').outgoing.map(s => s.id), ['c']);
});

test('the live region says a challenge to me as a challenge, and nothing of my own', () => {
  setLanguage('en');
  const toBob = seek('c', 2, { to: 'bob' });
  assert.equal(seekNews(toBob, 'bob'), 'New challenge to you: ann (1500?): 5+3 Blitz, Rated, start position Random');
  assert.equal(seekNews(toBob, 'ann'), null);
  assert.equal(seekNews(seek('o', 1), 'ann'), null);
  assert.equal(seekNews(seek('o', 1), 'bob'), 'New seek: ann (1500?): 5+3 Blitz, Rated, start position Random');
  assert.equal(seekNews(seek('o', 1), null), 'New seek: ann (1500?): 5+3 Blitz, Rated, start position Random');
});

test('the challenge form sends "to" and no rating range, whatever the range fields hold', () => {
  setLanguage('en');
  const form = {
    clock: '3+2', customMinutes: '', customIncrement: '', rated: false, color: 'black', start: 'number', number: '518',
    minRating: '2000', maxRating: '1000', to: 'bob',
  };
  assert.deepEqual(seekSpecOf(form), {
    spec: { clock: { initial: 180, increment: 2 }, rated: false, color: 'black', start: { type: 'number', number: 518 }, to: 'bob' },
  });
  // Without "to", the same range is refused, and the spec carries no "to".
  assert.deepEqual(seekSpecOf({ ...form, to: undefined }), { error: 'Opponent’s rating: whole numbers from 0 to 4000, the first not above the second.' });
  assert.equal('to' in seekSpecOf({ ...form, to: undefined, minRating: '', maxRating: '' }).spec, false);
  // The start position is still checked for a challenge.
  assert.deepEqual(seekSpecOf({ ...form, number: '960' }), { error: 'Choose a number from 0 to 959.' });
});

test('correspondence: days per move instead of a clock, in seeks, challenges and their text', () => {
  assert.deepEqual([...DAYS_PER_MOVE], [1, 2, 3, 5, 7, 14]);
  assert.deepEqual(seekSpecOf(form({ clock: 'correspondence', days: '3' })), {
    spec: { daysPerMove: 3, rated: true, color: 'white', start: { type: 'number', number: 518 } },
  });
  assert.deepEqual(seekSpecOf(form({ clock: 'correspondence', days: '14', minRating: '1200' })).spec, {
    daysPerMove: 14,
    rated: true,
    color: 'white',
    start: { type: 'number', number: 518 },
    ratingRange: { min: 1200 },
  });
  assert.deepEqual(seekSpecOf(form({ clock: 'correspondence', days: '1', to: 'bob', rated: false })).spec, {
    daysPerMove: 1,
    rated: false,
    color: 'white',
    start: { type: 'number', number: 518 },
    to: 'bob',
  });
  for (const days of ['4', '0', '', '3.5', 'x', undefined])
    assert.equal(seekSpecOf(form({ clock: 'correspondence', days })).error, 'Days per move: 1, 2, 3, 5, 7 or 14.', String(days));
  // A clock seek carries no days.
  assert.equal('daysPerMove' in seekSpecOf(form()).spec, false);

  assert.equal(daysText(1), '1 day');
  assert.equal(daysText(3), '3 days');
  const corr = seek('a', 1, { pool: 'correspondence', clock: null, daysPerMove: 3 });
  assert.equal(timeControlText(corr), '3 days');
  assert.equal(timeControlText(seek('b', 2)), '5+3');
  assert.equal(seekSentence(corr), 'ann (1500?): 3 days Correspondence, Rated, start position Random');
  try {
    setLanguage('de');
    assert.equal(timeControlText(corr), '3 Tage');
  } finally {
    setLanguage('en');
  }
});
