// The accounts' pure helpers: ratings as lichess shows them (src/account/rating.ts), the pool a
// clock is rated in, and where the sign-in page goes back to (src/account/paths.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeNext } from '../src/account/paths.ts';
import { poolOfClock, ratingChangeText, ratingText, shownRating, sideChange } from '../src/account/rating.ts';

test('a rating is shown as its whole number toward zero, "?" when provisional', () => {
  assert.equal(shownRating(1662.99), 1662);
  assert.equal(shownRating(1500), 1500);
  assert.equal(shownRating(-0.5), 0);
  assert.equal(shownRating(Number.NaN), 0);
  assert.equal(ratingText({ rating: 1741.4759, provisional: true }), '1741?');
  assert.equal(ratingText({ rating: 2012.7, provisional: false }), '2012');
});

test('a change has its sign; it is the difference of the shown ratings', () => {
  assert.equal(ratingChangeText(12), '+12');
  assert.equal(ratingChangeText(-12), '-12');
  assert.equal(ratingChangeText(0), '0');
  assert.equal(sideChange({ ratingChange: 241 }), 241);
  // 1500.0 -> 1741.48 shows +241; 1500.9 -> 1258.52 shows 1258 - 1500 = -242 (not -242.38 rounded).
  assert.equal(sideChange({ ratingBefore: 1500.9, ratingAfter: 1258.52 }), -242);
  assert.equal(sideChange({ name: 'ann' }), null);
});

test("a clock's pool: initial + 40 increments under 180 s bullet, 480 blitz, 1500 rapid, 21600 classical", () => {
  const cases = [
    [60, 0, 'bullet'], // 1+0
    [120, 1, 'bullet'], // 160 s
    [180, 0, 'blitz'], // 3+0: 180 is blitz's first
    [180, 2, 'blitz'],
    [300, 3, 'blitz'], // 5+3: 420 s
    [300, 5, 'rapid'], // 500 s
    [600, 5, 'rapid'],
    [900, 10, 'rapid'], // 15+10: 1300 s
    [1500, 0, 'classical'],
    [1800, 20, 'classical'],
    [21600, 0, 'correspondence'],
  ];
  for (const [initial, increment, pool] of cases) assert.equal(poolOfClock(initial, increment), pool, `${initial}+${increment}`);
});

test("after signing in, back to a path of this site only", () => {
  assert.equal(safeNext('/game/0123456789abcdef'), '/game/0123456789abcdef');
  assert.equal(safeNext('/lobby?x=1'), '/lobby?x=1');
  assert.equal(safeNext(null), '/lobby');
  assert.equal(safeNext(''), '/lobby');
  assert.equal(safeNext('https://evil.example/'), '/lobby');
  assert.equal(safeNext('//evil.example/'), '/lobby');
  assert.equal(safeNext('/\\evil.example/'), '/lobby');
  assert.equal(safeNext('javascript:alert(1)'), '/lobby');
  assert.equal(safeNext('/login?next=/x'), '/lobby'); // not back to itself
  assert.equal(safeNext('/login-help'), '/login-help');
});
