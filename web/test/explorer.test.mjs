// The game database's pure parts (src/explorer/, src/db/search.ts): the explorer's and the
// search's URLs as notes/db-contract.md names their parameters, the database page's own
// addresses, NDJSON answers, the white/draw/black percentages and the search form's checks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSearch } from '../src/db/search.ts';
import { parseNdjson } from '../src/explorer/ndjson.ts';
import { dbGamesPath, dbHref, explorerPath, NO_FILTERS, RATING_GROUPS, readDbParams, SPEEDS, startNumberOf } from '../src/explorer/query.ts';
import { gamesOf, monthText, pgnDateText, resultOf, sharesOf } from '../src/explorer/shares.ts';

const FEN = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
const params = path => Object.fromEntries(new URL(path, 'http://x').searchParams);

test('the explorer: source in the path, fen or start, the moves played as a comma list', () => {
  const path = explorerPath({ source: 'games', position: { base: { fen: FEN }, play: ['e2e4', 'e7e5'] } });
  assert.ok(path.startsWith('/api/explorer/games?'));
  assert.deepEqual(params(path), { fen: FEN, play: 'e2e4,e7e5' });
  assert.deepEqual(params(explorerPath({ source: 'imported', position: { base: { start: 518 }, play: [] } })), { start: '518' });
  assert.ok(explorerPath({ source: 'imported', position: { base: { start: 0 }, play: [] } }).startsWith('/api/explorer/imported?start=0'));
  // Castling as the king taking its own rook goes as it is.
  assert.equal(params(explorerPath({ source: 'games', position: { base: { start: 518 }, play: ['e1h1'] } })).play, 'e1h1');
});

test("the explorer: a player's games name the player and colour, only for the source player", () => {
  const player = { name: 'Ann Bee', color: 'black' };
  const path = explorerPath({ source: 'player', position: { base: { start: 7 }, play: [] }, player });
  assert.match(path, /^\/api\/explorer\/player\?/);
  assert.deepEqual(params(path), { start: '7', player: 'Ann Bee', color: 'black' });
  assert.deepEqual(params(explorerPath({ source: 'games', position: { base: { start: 7 }, play: [] }, player })), { start: '7' });
});

test('the explorer: filters are sent only when some, not all, are chosen, in lichess order', () => {
  const at = { base: { start: 518 }, play: [] };
  assert.deepEqual(params(explorerPath({ source: 'games', position: at, filters: NO_FILTERS })), { start: '518' });
  const some = explorerPath({ source: 'games', position: at, filters: { speeds: ['rapid', 'blitz'], ratings: [2500, 1600, 0] } });
  assert.deepEqual(params(some), { start: '518', speeds: 'blitz,rapid', ratings: '0,1600,2500' });
  const none = explorerPath({ source: 'games', position: at, filters: { speeds: [], ratings: [] } });
  assert.deepEqual(params(none), { start: '518' });
  assert.deepEqual(SPEEDS, ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence']);
  assert.deepEqual(RATING_GROUPS, [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500]);
  const counts = explorerPath({ source: 'games', position: at, topGames: 15, recentGames: 0 });
  assert.deepEqual(params(counts), { start: '518', topGames: '15', recentGames: '0' });
});

test('the search: only what is given, the colour only with a player', () => {
  assert.equal(dbGamesPath({}), '/api/db/games');
  assert.deepEqual(params(dbGamesPath({ start: 0, result: '1/2-1/2', speed: 'blitz', since: '2025-01-01', until: '2025-03-31', max: 50, before: '120' })), {
    start: '0',
    result: '1/2-1/2',
    speed: 'blitz',
    since: '2025-01-01',
    until: '2025-03-31',
    max: '50',
    before: '120',
  });
  assert.deepEqual(params(dbGamesPath({ player: '  Ann  ', color: 'white' })), { player: 'Ann', color: 'white' });
  assert.deepEqual(params(dbGamesPath({ player: ' ', color: 'white' })), {});
});

test('a start number: 0 to 959, digits only', () => {
  assert.equal(startNumberOf('0'), 0);
  assert.equal(startNumberOf(' 959 '), 959);
  for (const bad of ['960', '-1', '5.5', '1e2', '', 'abc', '0518x']) assert.equal(startNumberOf(bad), null, bad);
});

test("the database page's addresses, read back", () => {
  assert.equal(dbHref({}), '/db');
  assert.equal(dbHref({ start: 518 }), '/db?start=518');
  assert.equal(dbHref({ game: '42' }), '/db?game=42');
  const player = dbHref({ player: { name: 'Zoë K', color: 'black' } });
  assert.deepEqual(readDbParams(new URL(player, 'http://x').search), { start: null, source: 'player', player: { name: 'Zoë K', color: 'black' }, collection: null, game: null });
  assert.deepEqual(readDbParams('?start=518&source=nope'), { start: 518, source: null, player: null, collection: null, game: null });
  assert.deepEqual(readDbParams('?start=1000&game=7'), { start: null, source: null, player: null, collection: null, game: '7' });
  assert.equal(readDbParams('?player=Ann&color=purple').player.color, 'white');
});

test("one imported collection: the page's address, the explorer's and the search's", () => {
  const href = dbHref({ collection: 'alma:my games', start: 7 });
  assert.deepEqual(params(href), { start: '7', source: 'imported', collection: 'alma:my games' });
  assert.deepEqual(readDbParams(new URL(href, 'http://x').search), { start: 7, source: 'imported', player: null, collection: 'alma:my games', game: null });
  // A collection only with the source imported (or none).
  assert.equal(readDbParams('?source=player&player=Ann&collection=x').collection, null);
  assert.equal(readDbParams('?collection=fide').collection, 'fide');
  const position = { base: { start: 7 }, play: [] };
  assert.deepEqual(params(explorerPath({ source: 'imported', position, collection: 'alma:uploads' })), { start: '7', collection: 'alma:uploads' });
  assert.deepEqual(params(explorerPath({ source: 'games', position, collection: 'alma:uploads' })), { start: '7' });
  assert.deepEqual(params(dbGamesPath({ collection: 'alma:uploads', max: 1 })), { collection: 'alma:uploads', max: '1' });
});

test('NDJSON: one value a line, blank lines skipped, a bad line named', () => {
  assert.deepEqual(parseNdjson(''), []);
  assert.deepEqual(parseNdjson('{"id":"2"}\n{"id":"1"}\n'), [{ id: '2' }, { id: '1' }]);
  assert.deepEqual(parseNdjson('\r\n{"id":"2"}\r\n\r\n{"id":"1"}'), [{ id: '2' }, { id: '1' }]);
  assert.throws(() => parseNdjson('{"id":"2"}\n{"id":\n'), /line 2 /);
});

test('the bar: whole percentages adding up to 100, largest remainders first', () => {
  assert.deepEqual(sharesOf(0, 0, 0), { white: 0, draws: 0, black: 0 });
  assert.deepEqual(sharesOf(1, 0, 0), { white: 100, draws: 0, black: 0 });
  assert.deepEqual(sharesOf(1, 1, 1), { white: 34, draws: 33, black: 33 });
  assert.deepEqual(sharesOf(1, 2, 0), { white: 33, draws: 67, black: 0 });
  assert.deepEqual(sharesOf(50, 30, 20), { white: 50, draws: 30, black: 20 });
  assert.deepEqual(sharesOf(2, 1, 4), { white: 29, draws: 14, black: 57 });
  for (const [w, d, b] of [[3, 3, 1], [997, 2, 1], [1, 1, 998], [7, 11, 13]]) {
    const s = sharesOf(w, d, b);
    assert.equal(s.white + s.draws + s.black, 100, `${w}/${d}/${b}`);
  }
  assert.equal(gamesOf({ white: 3, draws: 2, black: 1 }), 6);
});

test('results, months and dates as the page writes them', () => {
  assert.equal(resultOf('white'), '1-0');
  assert.equal(resultOf('black'), '0-1');
  assert.equal(resultOf(null), '½-½');
  assert.equal(monthText('2025-03', 'en'), 'Mar 2025');
  assert.equal(monthText('2025', 'en'), '2025');
  assert.equal(monthText(null, 'en'), '');
  assert.equal(pgnDateText('2025.03.01', 'en'), 'Mar 1, 2025');
  assert.equal(pgnDateText('2025.??.??', 'en'), '2025');
});

test('the search form: checked fields become a search; the wrong field is named', () => {
  const empty = { start: '', player: '', color: '', result: '', speed: '', since: '', until: '' };
  assert.deepEqual(readSearch(empty), { kind: 'search', search: {} });
  assert.deepEqual(readSearch({ ...empty, start: '518', player: ' Ann ', color: 'black', result: '0-1', speed: 'rapid', since: '2025-01-01', until: '2025-01-31' }), {
    kind: 'search',
    search: { start: 518, player: 'Ann', color: 'black', result: '0-1', speed: 'rapid', since: '2025-01-01', until: '2025-01-31' },
  });
  assert.deepEqual(readSearch({ ...empty, color: 'black' }), { kind: 'search', search: {} }); // no player, no colour
  assert.deepEqual(readSearch({ ...empty, start: '960' }), { kind: 'error', field: 'start' });
  assert.deepEqual(readSearch({ ...empty, since: '2025-2-1' }), { kind: 'error', field: 'since' });
  assert.deepEqual(readSearch({ ...empty, since: '2025-02-01', until: '2025-01-01' }), { kind: 'error', field: 'until' });
  assert.deepEqual(readSearch({ ...empty, result: '2-0', speed: 'slow' }), { kind: 'search', search: {} });
});

test("a game of the explorer: this server's to its page, an imported one to the database page", async () => {
  const { gameHref, gameText } = await import('../src/explorer/games-list.ts');
  assert.equal(gameHref({ id: '12', gameId: 'a b' }), '/game/a%20b');
  assert.equal(gameHref({ id: '12' }), '/db?game=12');
  const game = { uci: 'e2e4', id: '12', winner: 'black', white: { name: 'Ann', rating: 1900 }, black: { name: 'Bob', rating: null }, year: 2025, month: '2025-03' };
  assert.equal(gameText(game), 'Ann (1900) – Bob, 0-1, Mar 2025');
  assert.equal(gameText({ ...game, winner: null, month: null, year: null, white: { name: '' } }), '? – Bob, ½-½');
});

test("this server's unnamed players in the page's words; other names as they are", async () => {
  const { shownName, sideText } = await import('../src/explorer/names.ts');
  const { setLanguage } = await import('../src/common/i18n.ts');
  try {
    setLanguage('de');
    assert.equal(shownName('White', 'white', true), 'Weiß');
    assert.equal(shownName('Black', 'black', true), 'Schwarz');
    assert.equal(shownName('Player', 'black', true), 'Schwarz');
    assert.match(shownName('chess960 engine (level 4)', 'white', true), /4/);
    assert.notEqual(shownName('chess960 engine (level 4)', 'white', true), 'chess960 engine (level 4)');
    assert.equal(shownName('White', 'white', false), 'White'); // an imported player so named
    assert.equal(shownName('Black', 'white', true), 'Black'); // not white's placeholder
    assert.equal(shownName('alma', 'white', true), 'alma');
    assert.equal(shownName('', 'white', false), '?');
    assert.equal(sideText({ name: 'White', rating: 1500 }, 'white', true), 'Weiß (1500)');
  } finally {
    setLanguage('en');
  }
});
