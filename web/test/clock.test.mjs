// The game clock as the page shows it (src/round/clock.ts): time left, its text, the warnings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dueWarning, formatClock, remainingMs } from '../src/round/clock.ts';

const clock = { white: 60000, black: 45000, initial: 180000, running: 'white' };

test('only the running clock goes down, and only while the page is live', () => {
  assert.equal(remainingMs(clock, 'white', 1500, true), 58500);
  assert.equal(remainingMs(clock, 'black', 1500, true), 45000);
  assert.equal(remainingMs(clock, 'white', 1500, false), 60000); // offline: the last time known
  assert.equal(remainingMs(clock, 'white', 90000, true), 0); // never below zero
  assert.equal(remainingMs({ ...clock, running: null }, 'white', 1500, true), 60000);
});

test('the text: minutes and seconds, tenths under ten seconds, rounded up', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(61000), '1:01');
  assert.equal(formatClock(42000), '0:42');
  assert.equal(formatClock(9300), '0:09.3');
  assert.equal(formatClock(9301), '0:09.4');
  assert.equal(formatClock(50), '0:00.1'); // not zero while time is left
  assert.equal(formatClock(0), '0:00.0');
});

test('warnings at 30 and 10 seconds, once each, only in games long enough', () => {
  const warned = new Set();
  assert.equal(dueWarning(45000, 180000, warned), null);
  assert.equal(dueWarning(30000, 180000, warned), 30000);
  assert.equal(dueWarning(25000, 180000, warned), null); // said once
  assert.equal(dueWarning(10000, 180000, warned), 10000);
  assert.equal(dueWarning(5000, 180000, warned), null);
  // Straight below 10 s (a long think): only the 10 s warning, the 30 s one is moot.
  const late = new Set();
  assert.equal(dueWarning(8000, 180000, late), 10000);
  assert.equal(dueWarning(7000, 180000, late), null);
  // A one-minute game: no 30 s warning (it would come at half the time), the 10 s one does.
  const bullet = new Set();
  assert.equal(dueWarning(29000, 60000, bullet), null);
  assert.equal(dueWarning(9000, 60000, bullet), 10000);
});

test('correspondence: days and hours, then hours, minutes and seconds under a day', async () => {
  const { formatDays, spokenDays, clockTextOf, lowTimeMs } = await import('../src/round/clock.ts');
  const { setLanguage } = await import('../src/common/i18n.ts');
  setLanguage('en');
  const hour = 3_600_000;
  const day = 24 * hour;
  assert.equal(formatDays(3 * day), '3 d 0 h');
  assert.equal(formatDays(2 * day + 14 * hour + 59 * 60000), '2 d 14 h'); // hours rounded down
  assert.equal(formatDays(day), '1 d 0 h');
  assert.equal(formatDays(day - 1), '23:59:59'); // never "24:00:00"
  assert.equal(formatDays(13 * hour + 5 * 60000 + 9001), '13:05:10'); // seconds rounded up
  assert.equal(formatDays(59000), '0:00:59');
  assert.equal(formatDays(0), '0:00:00');
  assert.equal(spokenDays(2 * day + 14 * hour), '2 days 14 hours');
  assert.equal(spokenDays(13 * hour + 5 * 60000), '13 hours 5 minutes');
  assert.equal(spokenDays(59 * 60000), null); // under an hour: minutes and seconds say it
  assert.equal(clockTextOf({ daysPerMove: 3 }, 2 * day), '2 d 0 h');
  assert.equal(clockTextOf({}, 300000), '5:00');
  // Short of time: the last hour of a correspondence move, the last 20 s of a live game.
  assert.equal(lowTimeMs({ daysPerMove: 1 }), hour);
  assert.equal(lowTimeMs({}), 20000);
  setLanguage('de');
  assert.equal(formatDays(2 * day + 14 * hour), '2 T 14 Std.');
  setLanguage('en');
});
