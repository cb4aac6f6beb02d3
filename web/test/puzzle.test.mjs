// The puzzles' page, its pure parts (src/puzzle/): the run of a puzzle (run.ts: the opponent's
// move, right and wrong moves, any checkmate accepted, the replies, the wrong move taken back and
// the solution shown), the streak's progression, the requests (api.ts: the addresses, the attempt
// with its CSRF token) and the address of the page (themes.ts). The puzzles are those the CLI
// makes from tests/data/puzzles/hand_checked.pgn, and one with two mates in one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { resolve } from '../src/board/moves.ts';
import { parseTypedMove } from '../src/board/notation.ts';
import { setCsrfToken } from '../src/common/fetch.ts';
import { attemptPath, nextPath, puzzlePath, puzzles } from '../src/puzzle/api.ts';
import { newStreak, PuzzleRun, STREAK_START, STREAK_STEP, streakAfter } from '../src/puzzle/run.ts';
import { puzzleSearch, readPuzzleParams, startOf, successText, THEMES } from '../src/puzzle/themes.ts';

const puzzle = (fields) => ({ id: 'p1', rating: 1500, plays: 0, themes: [], initialPly: 1, start: null, backRank: null, ...fields });

// chess960 puzzles export --db DB, after `db import hand_checked.pgn` and `puzzles generate`.
const SCHOLAR = puzzle({
  id: '7VeZchQ2',
  fen: 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
  lastMove: 'g8f6',
  solution: ['h5f7'],
  themes: ['mate', 'mateIn1', 'oneMove', 'opening'],
  start: 518,
  backRank: 'RNBQKBNR',
});
const CASTLING = puzzle({
  id: 'V7XpfQxS',
  fen: '2rkr3/p1ppp2p/4B3/8/8/8/PP5P/RK6 b Q - 0 1',
  lastMove: 'd7e6',
  solution: ['b1a1'],
  themes: ['castling', 'endgame', 'mate', 'mateIn1', 'oneMove'],
});
const FORK = puzzle({
  id: '0LYS051i',
  fen: '4k1n1/p4ppp/bq6/8/4N3/8/P4PPP/3Q2K1 b - - 0 1',
  lastMove: 'b6b7',
  solution: ['e4d6', 'e8e7', 'd6b7'],
  themes: ['crushing', 'endgame', 'fork', 'short'],
});
// Two rooks, two back-rank mates (Ra8# and Rb8#): the solution lists one.
const TWO_MATES = puzzle({
  id: 'twomates',
  fen: '6k1/2p2ppp/8/8/8/8/5PPP/RR4K1 b - - 0 1',
  lastMove: 'c7c6',
  solution: ['a1a8'],
  themes: ['mate', 'mateIn1', 'backRankMate'],
});

test('the opponent plays lastMove first; the solver is the side to move after it', () => {
  const run = new PuzzleRun(SCHOLAR);
  assert.equal(run.status, 'intro');
  assert.equal(run.solver, 'white');
  assert.deepEqual(run.legal(), [], 'nothing to play before the opponent has moved');
  assert.deepEqual(run.move('h5f7'), { kind: 'not-now' });
  const first = run.start();
  assert.equal(first.san, 'Nf6');
  assert.equal(run.status, 'play');
  assert.equal(run.ply, 1);
  assert.equal(run.turnAt(1), 'white');
  assert.ok(run.legal().some(m => m.uci === 'h5f7'));
  assert.equal(run.start(), null, 'once only');
});

test('the right move solves a mate in one, and an illegal move changes nothing', () => {
  const run = new PuzzleRun(SCHOLAR);
  run.start();
  assert.deepEqual(run.move('h5h8'), { kind: 'illegal' });
  assert.equal(run.status, 'play');
  assert.deepEqual(run.move('h5f7'), { kind: 'solved', otherMate: false });
  assert.equal(run.status, 'solved');
  assert.equal(run.result, 'win');
  assert.equal(run.moves[1].san, 'Qxf7#');
  assert.ok(run.checkAt(2));
  assert.deepEqual(run.move('e8e7'), { kind: 'not-now' });
  assert.equal(run.solutionLeft(), false);
});

test('any checkmate is accepted for a mate in one, a move that does not mate fails it', () => {
  const other = new PuzzleRun(TWO_MATES);
  other.start();
  assert.deepEqual(other.move('b1b8'), { kind: 'solved', otherMate: true });
  assert.equal(other.result, 'win');

  const listed = new PuzzleRun(TWO_MATES);
  listed.start();
  assert.deepEqual(listed.move('a1a8'), { kind: 'solved', otherMate: false });

  const wrong = new PuzzleRun(TWO_MATES);
  wrong.start();
  assert.deepEqual(wrong.move('b1b7'), { kind: 'failed', right: 'a1a8', rightSan: 'Ra8#' });
  assert.equal(wrong.result, 'loss');
  assert.equal(wrong.status, 'failed');
});

test('the Chess960 castling puzzle: the king dropped on its own rook castles and mates', () => {
  const run = new PuzzleRun(CASTLING);
  run.start();
  assert.equal(run.solver, 'white');
  const legal = run.legal();
  const castle = legal.find(m => m.uci === 'b1a1');
  assert.deepEqual(
    { castle: castle.castle, kingTo: castle.kingTo, rookFrom: castle.rookFrom, rookTo: castle.rookTo },
    { castle: 'c', kingTo: 'c1', rookFrom: 'a1', rookTo: 'd1' },
  );
  // As on the game page: onto the rook is castling; onto c1 (also an ordinary king move) asks.
  assert.deepEqual(resolve(legal, 'b1', 'a1'), { kind: 'move', move: castle });
  assert.equal(resolve(legal, 'b1', 'c1').kind, 'ask-castle');
  assert.deepEqual(run.move('b1a1'), { kind: 'solved', otherMate: false });
  const played = run.moves[1];
  assert.equal(played.san, 'O-O-O#');
  assert.deepEqual([played.kingFrom, played.kingTo, played.rookFrom, played.rookTo], ['b1', 'c1', 'a1', 'd1']);
  assert.equal(played.fen.split(' ')[0], '2rkr3/p1p1p2p/4p3/8/8/8/PP5P/2KR4');
});

test('a right move is answered by the reply, and the last solver move solves it', () => {
  const run = new PuzzleRun(FORK);
  run.start();
  assert.equal(run.solver, 'white');
  assert.deepEqual(run.move('e4d6'), { kind: 'correct' });
  assert.equal(run.status, 'reply');
  assert.deepEqual(run.legal(), [], 'the solver waits for the reply');
  assert.deepEqual(run.move('d6b7'), { kind: 'not-now' });
  const reply = run.reply();
  assert.equal(reply.uci, 'e8e7');
  assert.equal(run.status, 'play');
  assert.equal(run.reply(), null, 'one reply a right move');
  assert.deepEqual(run.move('d6b7'), { kind: 'solved', otherMate: false });
  assert.deepEqual(run.moves.map(m => m.san), ['Qb7', 'Nd6+', 'Ke7', 'Nxb7']);
});

test('a wrong move fails it: the right move is known, the wrong one taken back, the solution shown', () => {
  const run = new PuzzleRun(FORK);
  run.start();
  assert.deepEqual(run.move('h2h3'), { kind: 'failed', right: 'e4d6', rightSan: 'Nd6+' });
  assert.equal(run.ply, 2, 'the wrong move is on the board');
  assert.equal(run.solutionLeft(), false, 'not before it is taken back');
  assert.ok(run.takeBack());
  assert.equal(run.takeBack(), false);
  assert.equal(run.ply, 1);
  assert.equal(run.right.san, 'Nd6+');
  assert.deepEqual(run.move('e4d6'), { kind: 'not-now' }, 'a failed puzzle is over');
  const shown = [];
  while (run.solutionLeft()) shown.push(run.showNext().san);
  assert.deepEqual(shown, ['Nd6+', 'Ke7', 'Nxb7']);
  assert.equal(run.showNext(), null);
  assert.equal(run.result, 'loss', 'showing the solution does not make it a win');
});

test('the castling puzzle typed: O-O-O and the king taking its rook are the castle, Kc1 is not', () => {
  const run = new PuzzleRun(CASTLING);
  run.start();
  const fen = run.fens[run.ply];
  for (const text of ['O-O-O', '0-0-0', 'b1a1']) {
    const typed = parseTypedMove(text, fen, run.legal());
    assert.equal(typed.kind, 'move', text);
    assert.equal(typed.move.uci, 'b1a1', text);
  }
  assert.equal(parseTypedMove('Kc1', fen, run.legal()).move.uci, 'b1c1');
  assert.deepEqual(run.move('b1c1'), { kind: 'failed', right: 'b1a1', rightSan: 'O-O-O#' });
});

test('the streak: from 800, 100 more each solved puzzle, over at the first mistake', () => {
  let streak = newStreak();
  assert.deepEqual(streak, { count: 0, rating: STREAK_START, over: false, seen: [] });
  assert.equal(STREAK_START, 800);
  streak = streakAfter(streak, 'a', true);
  streak = streakAfter(streak, 'b', true);
  assert.deepEqual(streak, { count: 2, rating: 800 + 2 * STREAK_STEP, over: false, seen: ['a', 'b'] });
  streak = streakAfter(streak, 'c', false);
  assert.equal(streak.over, true);
  assert.equal(streak.count, 2);
  assert.deepEqual(streak.seen, ['a', 'b', 'c']);
  assert.equal(streakAfter(streak, 'd', true), streak, 'an ended streak stays ended');
});

test('the requests: next with its filters, a puzzle by id, the attempt', () => {
  assert.equal(nextPath(), '/api/puzzles/next');
  assert.equal(nextPath({ theme: 'castling' }), '/api/puzzles/next?theme=castling');
  assert.equal(nextPath({ start: 0 }), '/api/puzzles/next?start=0');
  assert.equal(nextPath({ theme: 'fork', start: 518, rating: 900 }), '/api/puzzles/next?theme=fork&start=518&rating=900');
  assert.equal(nextPath({ theme: null, start: null, rating: 1234.6 }), '/api/puzzles/next?rating=1235');
  assert.equal(puzzlePath('7VeZchQ2'), '/api/puzzles/7VeZchQ2');
  assert.equal(attemptPath('a/b'), '/api/puzzles/a%2Fb/attempt');
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setCsrfToken(null);
});

test('the attempt is a POST of {win} with the session CSRF token; next is a GET without it', async () => {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ rated: false, win: true }), { status: 200 });
  };
  setCsrfToken('csrf-1');
  assert.deepEqual(await puzzles.attempt('p1', true), { rated: false, win: true });
  assert.equal(calls[0].url, '/api/puzzles/p1/attempt');
  assert.equal(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.body, '{"win":true}');
  assert.equal(calls[0].init.headers['X-CSRF-Token'], 'csrf-1');
  assert.equal(calls[0].init.headers['Content-Type'], 'application/json');
  await puzzles.next({ rating: 800 });
  assert.equal(calls[1].url, '/api/puzzles/next?rating=800');
  assert.equal(calls[1].init.method, 'GET');
  assert.equal(calls[1].init.headers['X-CSRF-Token'], undefined);
});

test("the page's address: its filters read, refused values dropped, written back", () => {
  assert.deepEqual(readPuzzleParams(''), { id: null, theme: null, start: null, streak: false });
  assert.deepEqual(readPuzzleParams('?theme=castling&start=518'), { id: null, theme: 'castling', start: 518, streak: false });
  assert.deepEqual(readPuzzleParams('?theme=%3Cb%3E&start=960&id=x%20y'), { id: null, theme: null, start: null, streak: false });
  assert.deepEqual(readPuzzleParams('?streak=1&id=V7XpfQxS'), { id: 'V7XpfQxS', theme: null, start: null, streak: true });
  assert.equal(puzzleSearch({ theme: 'fork', start: 0 }), '?theme=fork&start=0');
  assert.equal(puzzleSearch({ streak: true }), '?streak=1');
  assert.equal(puzzleSearch({}), '');
  assert.equal(startOf(''), null);
  assert.equal(startOf(' 518 '), 518);
  assert.equal(startOf('960'), undefined);
  assert.equal(startOf('1e2'), undefined);
  assert.equal(successText(1, 3), '33%');
  assert.equal(successText(0, 0), '–');
});

test('every theme of the select has its name in every language', () => {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/common/i18n');
  for (const code of ['en', 'hu', 'ru', 'de', 'fr']) {
    const table = JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8'));
    for (const theme of THEMES) assert.ok(table[`puzzle.theme.${theme}`], `${code} lacks puzzle.theme.${theme}`);
  }
  for (const name of ['mate', 'mateIn1', 'mateIn5', 'castling', 'fork', 'underPromotion', 'enPassant', 'veryLong', 'oneMove'])
    assert.ok(THEMES.includes(name), name);
  assert.equal(new Set(THEMES).size, THEMES.length);
});
