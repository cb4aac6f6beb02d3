// The profile page's pure helpers: a player's outcomes, rating history and results by start
// position (src/player/model.ts), and the rating chart's scales and SVG (src/player/chart.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHART_BOX, chartScale, chartSvg, niceStep } from '../src/player/chart.ts';
import { outcomeFor, ratingHistory, resultsByStart } from '../src/player/model.ts';

let n = 0;
const game = (white, black, result, more = {}) => ({
  id: `g${++n}`,
  rated: true,
  pool: 'blitz',
  result,
  termination: null,
  plies: 4,
  createdAt: 1000 * n,
  settled: result !== '*',
  startNumber: 518,
  white: { name: white },
  black: { name: black },
  ...more,
});

test("a game's outcome for one of its players", () => {
  assert.equal(outcomeFor(game('ann', 'bob', '1-0'), 'ann'), 'win');
  assert.equal(outcomeFor(game('ann', 'bob', '1-0'), 'bob'), 'loss');
  assert.equal(outcomeFor(game('ann', 'bob', '0-1'), 'bob'), 'win');
  assert.equal(outcomeFor(game('ann', 'bob', '1/2-1/2'), 'bob'), 'draw');
  assert.equal(outcomeFor(game('ann', 'bob', '*'), 'ann'), null);
  assert.equal(outcomeFor(game('ann', 'bob', '1-0'), 'cyd'), null);
});

test('the rating history: settled rated games of the pool, oldest first, by when they were rated', () => {
  const games = [
    game('ann', 'bob', '1-0', { endedAt: 5000, white: { name: 'ann', ratingBefore: 1600, ratingAfter: 1650.7 } }),
    game('bob', 'ann', '1-0', { endedAt: 3000, black: { name: 'ann', ratingBefore: 1741, ratingAfter: 1600 } }),
    game('ann', 'bob', '0-1', { pool: 'rapid', endedAt: 4000, white: { name: 'ann', ratingAfter: 1400 } }), // another pool
    game('ann', 'bob', '0-1', { rated: false, endedAt: 4500 }), // casual
    game('ann', 'bob', '*'), // in play
    game('ann', 'bob', '1-0', { settled: false }), // over, not yet rated
  ];
  assert.deepEqual(
    ratingHistory(games, 'ann', 'blitz').map(p => [p.at, p.rating]),
    [
      [3000, 1600],
      [5000, 1650.7],
    ],
  );
  assert.deepEqual(ratingHistory(games, 'ann', 'rapid').map(p => p.rating), [1400]);
  assert.deepEqual(ratingHistory(games, 'bob', 'blitz'), []); // bob's sides have no ratings here
});

test('results by start position: finished games only, in number order, Double Chess960 apart', () => {
  const games = [
    game('ann', 'bob', '1-0', { startNumber: 518 }),
    game('bob', 'ann', '1-0', { startNumber: 518 }),
    game('ann', 'bob', '1/2-1/2', { startNumber: 518 }),
    game('ann', 'bob', '1-0', { startNumber: 7 }),
    game('ann', 'bob', '0-1', { startNumber: 7, startBlackNumber: 900 }),
    game('ann', 'bob', '1-0', { startNumber: 7, startBlackNumber: 7 }), // the same number twice: 7
    game('ann', 'bob', '*', { startNumber: 3 }),
    game('ann', 'bob', '1-0', { startNumber: undefined }),
  ];
  assert.deepEqual(
    resultsByStart(games, 'ann').map(r => [r.label, r.wins, r.draws, r.losses]),
    [
      ['7', 2, 0, 0],
      ['7/900', 0, 0, 1],
      ['518', 1, 1, 1],
    ],
  );
  assert.deepEqual(resultsByStart(games, 'bob').find(r => r.label === '518'), { label: '518', white: 518, black: null, wins: 1, draws: 1, losses: 1 });
});

test('round steps: 1, 2, 2.5 or 5 times a power of ten', () => {
  assert.equal(niceStep(100), 20);
  assert.equal(niceStep(483), 100);
  assert.equal(niceStep(1000), 200);
  assert.equal(niceStep(60, 5), 20); // 12 -> 20
  assert.equal(niceStep(11, 5), 2.5); // 2.2 -> 2.5
  assert.equal(niceStep(0), 1);
});

test('the chart: times left to right, ratings bottom to top within round ticks that hold them', () => {
  const points = [
    { at: 1000, rating: 1500, game: 'a' },
    { at: 3000, rating: 1741.5, game: 'b' },
    { at: 2000, rating: 1258.5, game: 'c' },
  ];
  const scale = chartScale(points);
  const { left, right, top, bottom, width, height } = CHART_BOX;
  assert.deepEqual(scale.yTicks, [1200, 1300, 1400, 1500, 1600, 1700, 1800]);
  assert.equal(scale.yMin, 1200);
  assert.equal(scale.yMax, 1800);
  assert.equal(scale.points[0].x, left);
  assert.equal(scale.points[1].x, width - right);
  assert.equal(scale.points[2].x, Math.round(((left + width - right) / 2) * 10) / 10);
  assert.equal(scale.yOf(1200), height - bottom);
  assert.equal(scale.yOf(1800), top);
  assert.equal(scale.points[0].y, scale.yOf(1500));
  for (const p of scale.points) assert.ok(p.y >= top && p.y <= height - bottom, `${p.rating} inside the plot`);
});

test('one point, or one rating: the point in the middle, 100 points of scale around it', () => {
  const scale = chartScale([{ at: 5, rating: 1741.48, game: 'a' }]);
  const { left, right, width } = CHART_BOX;
  assert.equal(scale.points[0].x, (left + width - right) / 2);
  assert.ok(scale.yMin <= 1691.48 && scale.yMax >= 1791.48, `${scale.yMin}..${scale.yMax}`);
  assert.ok(scale.yTicks.length >= 3 && scale.yTicks.length <= 7, JSON.stringify(scale.yTicks));
  const flat = chartScale([
    { at: 1, rating: 1500, game: 'a' },
    { at: 2, rating: 1500, game: 'b' },
  ]);
  assert.equal(flat.points[0].y, flat.points[1].y);
  assert.ok(flat.yMin < 1500 && flat.yMax > 1500);
});

test("the SVG: an image named by its title and description, escaped; a dot a point", () => {
  const svg = chartSvg(
    [
      { at: 1000, rating: 1500, game: 'a' },
      { at: 2000, rating: 1600, game: 'b' },
    ],
    { id: 'c1', title: 'Ann <& "Bob">', desc: 'two games', date: at => `day ${at / 1000}` },
  );
  assert.match(svg, /^<svg class="rating-chart" viewBox="0 0 560 220" role="img" aria-labelledby="c1-title c1-desc">/);
  assert.match(svg, /<title id="c1-title">Ann &lt;&amp; &quot;Bob&quot;&gt;<\/title><desc id="c1-desc">two games<\/desc>/);
  assert.equal(svg.match(/<circle /g).length, 2);
  assert.match(svg, /<polyline class="line" points="48,\S+ 548,\S+"\/>/);
  assert.ok(svg.includes('>day 1<') && svg.includes('>day 2<'), 'the first and last dates');
  assert.ok(svg.endsWith('</svg>'));
});
