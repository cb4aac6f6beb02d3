// The move list's rows (src/round/move-list.ts): numbered moves, white then black.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveRows } from '../src/round/move-list.ts';

const START = 'bnrqkrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRQKRNB w KQkq - 0 1';
const cell = (ply, san) => ({ ply, san });

test('white and black share a numbered row; an odd number of moves leaves the last row half full', () => {
  assert.deepEqual(moveRows(START, ['e4', 'e5', 'Nf3']), [
    { number: 1, cells: [cell(1, 'e4'), cell(2, 'e5')] },
    { number: 2, cells: [cell(3, 'Nf3')] },
  ]);
});

test('no moves, no rows', () => {
  assert.deepEqual(moveRows(START, []), []);
});

test('a game that starts with black to move keeps an empty place for white in its first row', () => {
  const blackFirst = 'bnrqkrnb/pppppppp/8/8/4P3/8/PPPP1PPP/BNRQKRNB b KQkq - 0 7';
  assert.deepEqual(moveRows(blackFirst, ['e5', 'Nf3', 'Nc6']), [
    { number: 7, cells: [null, cell(1, 'e5')] },
    { number: 8, cells: [cell(2, 'Nf3'), cell(3, 'Nc6')] },
  ]);
});

test('the numbers start from the position\'s full-move number, 1 when it has none', () => {
  assert.equal(moveRows(START.replace(' 0 1', ' 0 23'), ['O-O'])[0].number, 23);
  assert.equal(moveRows('8/8/8/8/8/8/8/K6k w - -', ['Kb1'])[0].number, 1);
});
