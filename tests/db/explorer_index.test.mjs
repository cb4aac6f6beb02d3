// The explorer model of tests/db/explorer_check.mjs tested by itself, on hand-made games whose
// counts are worked out below by hand: a transposition, a repeated position, castling both ways
// in Chess960, ep normalisation, the 50-ply limit, `*` games, ratings, speeds and months.
// node --test tests/db/explorer_index.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  backRank, explore, indexPgn, isTransposition, positionKey, speedOf, ratingGroup, monthOf, chessops, startFen,
} from './explorer_index.mjs';

const keyOf = (fen, ucis = []) => {
  const pos = chessops.Chess.fromSetup(chessops.parseFen(fen).unwrap()).unwrap();
  for (const u of ucis) pos.play(chessops.parseUci(u));
  return positionKey(pos).key;
};
const START = startFen(518);
const CASTLE_FEN = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w AEae - 0 1';

const pgn = `
[Event "A"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1500"]
[BlackElo "1601"]
[TimeControl "180+2"]
[Date "2024.03.05"]

1. Nf3 Nf6 2. Nc3 Nc6 3. e4 1-0

[Event "B"]
[White "Bob"]
[Black "Ann"]
[Result "0-1"]
[WhiteElo "2000"]
[BlackElo "2001"]
[TimeControl "600+0"]
[Date "2024.05.01"]

1. Nc3 Nc6 2. Nf3 Nf6 3. d4 0-1

[Event "C"]
[White "Ann"]
[Black "Cy"]
[Result "1/2-1/2"]
[WhiteElo "1700"]
[TimeControl "-"]
[Date "2024.??.??"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2

[Event "D"]
[Variant "Chess960"]
[FEN "${CASTLE_FEN}"]
[SetUp "1"]
[White "Dee"]
[Black "Eve"]
[Result "1-0"]

1. O-O O-O-O 2. a3 1-0

[Event "E"]
[Variant "chess 960"]
[FEN "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1"]
[SetUp "1"]
[White "Eve"]
[Black "Dee"]
[Result "0-1"]

1. O-O-O O-O 0-1

[Event "F unknown result"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

1. Nf3 *

[Event "G illegal"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Ke3 1-0

[Event "H en passant"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 Nf6 2. e5 d5 3. exd6 1-0
`;

const index = indexPgn([{ name: 'hand.pgn', text: pgn }]);

test('games read, the illegal one skipped', () => {
  assert.equal(index.games.length, 7);
  assert.equal(index.skipped.length, 1);
  assert.match(index.skipped[0].why, /ply 3/);
  assert.deepEqual(index.games.map(g => g.start), [518, 518, 518, null, null, 518, 518]);
});

test('the start position: every indexed game once, C once despite returning to it', () => {
  const a = explore(index, keyOf(START));
  // A 1-0, B 0-1, C draw, H 1-0 (F is `*`): 2 / 1 / 1.
  assert.deepEqual([a.white, a.draws, a.black], [2, 1, 1]);
  assert.deepEqual(a.moves.map(m => [m.uci, m.san, m.white, m.draws, m.black, m.averageRating]), [
    // g1f3: A (1550) and C (no BlackElo: left out of the average); b1c3: B (2000); e2e4: H.
    ['g1f3', 'Nf3', 1, 1, 0, 1550],
    ['b1c3', 'Nc3', 0, 0, 1, 2000],
    ['e2e4', 'e4', 1, 0, 0, 0],
  ]);
});

test('a transposition: A and B reach the same position by different move orders', () => {
  const key = keyOf(START, ['g1f3', 'g8f6', 'b1c3', 'b8c6']);
  assert.equal(key, keyOf(START, ['b1c3', 'b8c6', 'g1f3', 'g8f6']));
  const e = index.positions.get(key);
  assert.ok(isTransposition(e));
  const a = explore(index, key);
  assert.deepEqual([a.white, a.draws, a.black], [1, 0, 1]);
  assert.deepEqual(a.moves.map(m => [m.uci, m.white, m.black, m.averageRating]), [
    ['d2d4', 0, 1, 2000],
    ['e2e4', 1, 0, 1550],
  ]);
  // C returns to the start by one move order only: not a transposition.
  assert.ok(!isTransposition(index.positions.get(keyOf(START, ['g1f3', 'g8f6', 'f3g1']))));
});

test('a repeated position counts once, with the move of its first occurrence', () => {
  // After 1. Nf3: reached by A (then Nf6) and C twice (plies 1 and 5, Nf6 both times).
  const a = explore(index, keyOf(START, ['g1f3']));
  assert.deepEqual([a.white, a.draws, a.black], [1, 1, 0]);
  assert.deepEqual(a.moves.map(m => [m.uci, m.white, m.draws]), [['g8f6', 1, 1]]);
  // C's final position is the start again: C stays counted once there (checked above).
});

test('a game that ended in a position counts in its totals, in no move', () => {
  const a = explore(index, keyOf(START, ['g1f3', 'g8f6', 'b1c3', 'b8c6', 'e2e4']));
  assert.deepEqual([a.white, a.draws, a.black, a.moves.length], [1, 0, 0, 0]);
});

test('castling both ways as the king taking its own rook, X-FEN and Shredder-FEN alike', () => {
  const a = explore(index, keyOf(CASTLE_FEN));
  assert.deepEqual([a.white, a.draws, a.black], [1, 0, 1]);
  assert.deepEqual(a.moves.map(m => [m.uci, m.san, m.white, m.black]), [
    ['b1a1', 'O-O-O', 0, 1],
    ['b1e1', 'O-O', 1, 0],
  ]);
  const afterShort = explore(index, keyOf(CASTLE_FEN, ['b1e1']));
  assert.deepEqual(afterShort.moves.map(m => [m.uci, m.san]), [['b8a8', 'O-O-O']]);
  const afterLong = explore(index, keyOf(CASTLE_FEN, ['b1a1']));
  assert.deepEqual(afterLong.moves.map(m => [m.uci, m.san]), [['b8e8', 'O-O']]);
  assert.match(keyOf(CASTLE_FEN, ['b1e1']), / b ea -$/); // White's rights gone
});

test('en passant in the key only when a capture is legal', () => {
  // 1. e4: no black pawn can take on e3.
  assert.match(keyOf(START, ['e2e4']), / b HAha -$/);
  // 2... d5 with a white pawn on e5: exd6 is legal.
  const key = keyOf(START, ['e2e4', 'g8f6', 'e4e5', 'd7d5']);
  assert.match(key, / w HAha d6$/);
  assert.deepEqual(explore(index, key).moves.map(m => m.uci), ['e5d6']);
});

test('`*` games are not indexed', () => {
  // F (1. Nf3 *) would have made g1f3 three games.
  assert.equal(explore(index, keyOf(START)).moves[0].white + explore(index, keyOf(START)).moves[0].draws, 2);
});

test('the first 50 plies only, the whole game for masters', () => {
  const moves = [];
  for (let i = 0; i < 15; i++) moves.push('Nf3 Nf6 Ng1 Ng8'.split(' ')); // 60 plies
  const long = `[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n${moves.flat().map((m, i) => (i % 2 ? m : `${i / 2 + 1}. ${m}`)).join(' ')} 1-0\n`;
  // That one repeats the start; a position first reached late is checked with kings walking.
  const walk = '[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kf3 Kf6 5. Kg3 Kg6 6. Kh3 Kh6 7. Kg3 1-0\n';
  const i1 = indexPgn([{ name: 'long', text: long }, { name: 'walk', text: walk }]);
  const i2 = indexPgn([{ name: 'walk', text: walk }], { limit: 12 });
  const afterK = ['e2e4', 'e7e5', 'e1e2', 'e8e7', 'e2e3', 'e7e6', 'e3f3', 'e6f6', 'f3g3', 'f6g6', 'g3h3', 'g6h6'];
  // Limit 12: the positions before plies 0..11 are in, the one after 12 plies is not, nor the
  // final one (13 plies, not fewer than 12).
  assert.ok(i2.positions.has(keyOf(START, afterK.slice(0, 11))));
  assert.ok(!i2.positions.has(keyOf(START, afterK)));
  assert.ok(i1.positions.has(keyOf(START, afterK))); // 13 plies < 50: the final position is in
  const i3 = indexPgn([{ name: 'walk', text: walk }], { limit: 12, masters: true });
  assert.ok(i3.positions.has(keyOf(START, afterK)));
  assert.equal(explore(i1, keyOf(START)).white, 2);
});

test('speeds, rating groups, months and the filters', () => {
  assert.equal(speedOf('180+2'), 'blitz'); // 180 + 40 * 2 = 260
  assert.equal(speedOf('600+0'), 'rapid');
  assert.equal(speedOf('15+0'), 'ultraBullet');
  assert.equal(speedOf('60+1'), 'bullet');
  assert.equal(speedOf('10+0.05'), 'ultraBullet');
  assert.equal(speedOf('1500+0'), 'classical');
  assert.equal(speedOf('-'), 'correspondence');
  assert.equal(speedOf(undefined), null);
  assert.equal(speedOf('40/7200'), null);
  assert.deepEqual([0, 999, 1000, 1599, 2499, 2600].map(ratingGroup), [0, 0, 1000, 1400, 2200, 2500]);
  assert.equal(monthOf('2024.03.05'), '2024-03');
  assert.equal(monthOf('2024.??.??'), null);
  assert.equal(monthOf(undefined), null);
  const at = f => {
    const a = explore(index, keyOf(START), f);
    return [a.white, a.draws, a.black, a.moves.map(m => m.uci).join(' ')];
  };
  assert.deepEqual(at({ speeds: ['blitz'] }), [1, 0, 0, 'g1f3']); // A
  assert.deepEqual(at({ speeds: ['rapid', 'correspondence'] }), [0, 1, 1, 'b1c3 g1f3']); // B, C
  assert.deepEqual(at({ ratings: [1400] }), [1, 0, 0, 'g1f3']); // A: 1550
  assert.deepEqual(at({ ratings: [0] }), [1, 1, 0, 'e2e4 g1f3']); // C and H: a rating unknown
  assert.deepEqual(at({ since: '2024-04' }), [0, 0, 1, 'b1c3']); // B; C's month is unknown
  assert.deepEqual(at({ until: '2024-04' }), [1, 0, 0, 'g1f3']); // A
  assert.deepEqual(at({ player: 'Ann', color: 'white' }), [2, 1, 0, 'g1f3 e2e4']); // A, C, H
  assert.deepEqual(at({ player: 'Ann', color: 'black' }), [0, 0, 1, 'b1c3']); // B
});

test('the 960 start positions by number', () => {
  assert.equal(backRank(0), 'BBQNNRKR');
  assert.equal(backRank(518), 'RNBQKBNR');
  assert.equal(backRank(959), 'RKRNNQBB');
  const ranks = new Set([...Array(960).keys()].map(backRank));
  assert.equal(ranks.size, 960);
});
