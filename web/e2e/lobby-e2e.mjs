// End-to-end test of the accounts' pages (web/src/account/, lobby/, player/ and the game page's
// account games) in real headless Chromium against `chess960 serve`:
//
// 1. Two browsers sign up on /login (the session cookie HttpOnly, its token kept nowhere the page
//    can read); a wrong password is refused in the page's words; the top bar names the account.
// 2. One seeks 5+3 rated from the lobby's form (white, start position 518); the other sees the
//    seek come (live, without reloading) and hears it in the live region, and accepts it.
// 3. Both pages go to the game at once, named "Rated blitz · 5+3" (text, heading and title), and
//    play to mate (f3 e5 g4 Qh4#) with the mouse, by the session cookie (no seat token in the
//    browser); both show the rating changes.
// 4. The ratings: the winner's and loser's after one game between two new players (1500, 500,
//    0.09) as Glickman's Glicko-2 paper computes them with tau 0.75 (lichess: the game a rating
//    period of its own, no step-6 growth inside it), here in JS, checked against the paper's own
//    example first; the profiles show them (truncated, "?" while provisional), the game in the
//    games list, its rating history point (SVG and table) and the results by start position.
// 5b. Challenges: ann challenges bob from his profile (no Challenge on her own); only the two
//    see it (bob live, with the news in his live region); he declines it; a second one he
//    accepts, and both pages go to the game. axe on the profile's form and both lobbies.
// 5c. Quick pairing: two new players; one joins 3+2 (pressed, "looking", the other lobby counts
//    one waiting, live) and cancels; both join 5+3 and both pages go to one rated blitz game.
// 5. Settings: display name and theme kept with the account; an account deleted after
//    confirming with its name. Signing out; signed out, the lobby's list is visible and
//    accepting asks to sign in.
// 6. The lobby with its WebSocket blocked: the seeks polled; the seeker whose seek is accepted
//    finds the game all the same.
// 7. The lobby and the profile in English, German, French, Russian and Hungarian (the browser's
//    language; accounts made there keep it): no English left, and axe-core finds no serious or
//    critical violation; nor on the sign-in and settings pages.
//
// 9. Correspondence: a 3-day seek from the lobby's form; e4 e5 Nf3, and black's clock shows
//    "2 d 23 h" and his lobby the game under "Your turn" (top bar "Lobby (1)"); the server
//    stopped for 3 s and restarted on the same database and port: the game goes on with the time
//    before and during the stop charged, not given back; his move from the page is taken, and
//    the game is then under white's "Your turn".
//
//   node web/e2e/lobby-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// Parts that need the server to play an account's game by the cookie and the lobby's WebSocket
// say so when they fail.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { axe, check, drag, getJson, launchBrowser, loadChromium, runSuite, screenshots, sleep, startServer, unlabelled, waitReady } from './harness.mjs';
import { englishLeft, pageText, textOf, texts } from './languages.mjs';
import { glicko2 } from './glicko2.mjs';

const chromium = await loadChromium('web_e2e_lobby');
const [binary, distDir, shotsArg] = process.argv.slice(2);
// The pages as they were shown, when a screenshot folder is given.
const shot = shotsArg ? screenshots(resolve(shotsArg), { fullPage: true }) : async () => {};
const work = mkdtempSync(join(tmpdir(), 'chess960-lobby-e2e-'));
const PASSWORD = 'correct horse 960';
let server;
let browser;


// lichess's bounds after the period: deviation within [45, 500], volatility at most 0.1.
const bounded = r => ({ ...r, deviation: Math.min(500, Math.max(45, r.deviation)), volatility: Math.min(0.1, r.volatility) });

const near = (a, b, within) => Math.abs(a - b) <= within;

// --- Pages ------------------------------------------------------------------------------------

async function signUp(page, base, name, next = '/lobby') {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.locator('#sign-up-name').fill(name);
  await page.locator('#sign-up-password').fill(PASSWORD);
  await page.locator('#sign-up-repeat').fill(PASSWORD);
  await page.locator('#sign-up-submit').click();
  await page.waitForURL(u => new URL(u).pathname === next, { timeout: 15000 });
  await page.locator('#top-account').waitFor({ timeout: 10000 });
}

// Everything the page's live region said (a screen reader's transcript), per page.
function listen(context, region) {
  return context.addInitScript(id => {
    window.__heard = [];
    new MutationObserver(() => {
      const text = document.getElementById(id)?.textContent?.trim();
      if (text && window.__heard[window.__heard.length - 1] !== text) window.__heard.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, region);
}

async function main() {
  // The server on a free port, or on `port` again (restarted on the same database).
  const start = port =>
    startServer({
      binary,
      distDir,
      work,
      usage: 'usage: node lobby-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]',
      port,
      extraArgs: ['--password-cost', 'interactive'],
    });
  const started = await start();
  server = started.server;
  const base = started.base;
  browser = await launchBrowser(chromium);
  const errors = [];
  const newContext = async (locale = 'en-US') => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    await listen(context, 'lobby-announce');
    return context;
  };
  const watch = (page, who) => page.on('pageerror', e => errors.push(`${who}: ${e.message}`));

  console.log('0. the Glicko-2 of this test against the paper\'s example');
  const example = glicko2(
    { rating: 1500, deviation: 200, volatility: 0.06 },
    [
      { rating: 1400, deviation: 30, score: 1 },
      { rating: 1550, deviation: 100, score: 0 },
      { rating: 1700, deviation: 300, score: 0 },
    ],
    { tau: 0.5 },
  );
  check(near(example.rating, 1464.06, 0.01) && near(example.deviation, 151.52, 0.01) && near(example.volatility, 0.05999, 0.00001),
    "the paper's example: r' 1464.06, RD' 151.52, sigma' 0.05999", JSON.stringify(example));

  console.log('1. two players sign up');
  const annContext = await newContext();
  const bobContext = await newContext();
  const ann = await annContext.newPage();
  const bob = await bobContext.newPage();
  watch(ann, 'ann');
  watch(bob, 'bob');
  await ann.goto(`${base}/login`);
  check((await unlabelled(ann)).length === 0, 'every field of the sign-in page has a label', JSON.stringify(await unlabelled(ann)));
  await axe(ann, 'the sign-in page');
  await signUp(ann, base, 'ann');
  check(new URL(ann.url()).pathname === '/lobby', 'after signing up, the lobby');
  check((await ann.locator('#top-account').textContent()) === 'ann', 'the top bar names the account');
  check((await ann.locator('#top-account').getAttribute('href')) === '/player/ann', "and links to the player's profile");
  const cookies = await annContext.cookies();
  const session = cookies.find(c => c.name === 'chess960_session');
  check(!!session && session.httpOnly, 'the session cookie is HttpOnly', JSON.stringify(cookies.map(c => [c.name, c.httpOnly])));
  const stored = await ann.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
  check(!!session && !stored.includes(session.value), 'the session token is nowhere the page keeps or reads', stored.slice(0, 200));
  // A wrong password: refused in the page's words (and Bob signs up).
  await bob.goto(`${base}/login?next=/lobby`);
  await bob.locator('#sign-in-name').fill('ann');
  await bob.locator('#sign-in-password').fill('not the password');
  await bob.locator('#sign-in-submit').click();
  await bob.locator('#sign-in-error').filter({ hasText: /./ }).waitFor({ timeout: 10000 });
  // In English the server's own message is shown (common/server-errors.ts); the other languages
  // word the code themselves (section 7).
  check(/^wrong name or password$/i.test(await bob.locator('#sign-in-error').textContent()), 'a wrong password is refused, said in the page', await bob.locator('#sign-in-error').textContent());
  await signUp(bob, base, 'bob');

  console.log('2. ann seeks 5+3 rated, white, position 518; bob sees it come and accepts');
  await bob.goto(`${base}/lobby`);
  await bob.locator('#no-seeks').filter({ hasText: 'No open seeks' }).waitFor({ timeout: 10000 });
  const bobMode = await bob.locator('#lobby-mode').getAttribute('data-mode');
  check(bobMode === 'live', "bob's lobby is live (GET /api/lobby/socket)", `${bobMode} (needs the lobby WebSocket of the server)`);
  check((await unlabelled(ann)).length === 0, 'every field of the seek form has a label', JSON.stringify(await unlabelled(ann)));
  await axe(ann, 'the lobby, signed in');
  await ann.getByLabel('5+3').check();
  await ann.getByLabel('Rated', { exact: true }).check();
  await ann.locator('input[name=color][value=white]').check();
  await ann.locator('input[name=start][value=number]').check();
  await ann.locator('#seek-number').fill('518');
  check((await ann.locator('#clock-pool').textContent()).startsWith('Blitz'), 'the form says 5+3 is rated as blitz', await ann.locator('#clock-pool').textContent());
  await ann.locator('#create-seek').click();
  await ann.locator('#seeks tbody tr.own button.withdraw').waitFor({ timeout: 10000 });
  check(true, "ann's own seek is listed with Withdraw (no Accept)");
  const seeks = (await getJson(`${base}/api/seeks`)).seeks;
  const seek = seeks[0];
  check(seeks.length === 1 && seek.rated && seek.pool === 'blitz' && seek.clock.initial === 300 && seek.clock.increment === 3 && seek.color === 'white' && seek.start.number === 518,
    'the server has the seek: 5+3 rated blitz, white, 518', JSON.stringify(seeks));
  const row = bob.locator(`#seeks tbody tr[data-seek="${seek?.id}"]`);
  await row.waitFor({ timeout: 10000 });
  const cells = await row.locator('td').allInnerTexts();
  check(cells[0] === 'ann' && cells[1] === '1500?' && /^5\+3\s+Blitz$/.test(cells[2]) && cells[3] === 'Rated' && cells[4] === 'White' && cells[5] === 'No. 518',
    "bob's list shows the seek without reloading: ann 1500? 5+3 Blitz Rated White No. 518", JSON.stringify(cells));
  const heard = await bob.evaluate(() => window.__heard);
  check(heard.some(h => h.startsWith('New seek: ann (1500?): 5+3 Blitz, Rated')), "bob's screen reader hears the new seek", JSON.stringify(heard));
  await shot(bob, 'lobby-seek');
  await shot(ann, 'lobby-own-seek');
  const acceptName = await row.locator('button.accept').getAttribute('aria-label');
  check(acceptName.includes('ann') && acceptName.includes('5+3'), 'the Accept button names the seek', acceptName);
  if (bobMode === 'live') {
    await bob.locator('#online li', { hasText: 'ann' }).waitFor({ timeout: 5000 }).catch(() => {});
    const online = await bob.locator('#online').innerText();
    check(online.includes('ann') && online.includes('bob'), 'both are listed online', online);
  }
  await row.locator('button.accept').focus();
  await bob.keyboard.press('Enter'); // by keyboard
  await Promise.all([
    ann.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
    bob.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
  ]);
  const id = ann.url().split('/').pop();
  check(bob.url().endsWith(`/game/${id}`), 'both pages went to the same game at once', `${ann.url()} ${bob.url()}`);
  check((await getJson(`${base}/api/seeks`)).seeks.length === 0, 'the seek is gone from the lobby');

  console.log('3. they play to mate by the session cookie');
  const seatsKept = await ann.evaluate(gid => localStorage.getItem(`chess960.seats.${gid}`), id);
  check(seatsKept === null, 'no seat token is kept in the browser for an account game', seatsKept);
  const posts = [];
  annContext.on('request', r => r.method() === 'POST' && posts.push({ url: r.url(), auth: r.headers().authorization, csrf: r.headers()['x-csrf-token'] }));
  try {
    await waitReady(ann, 'white');
  } catch (e) {
    throw new Error(`ann cannot move as white: the server must give "you" and take moves by the session cookie (${e.message})`);
  }
  check((await ann.locator('#player-bottom .who').textContent()).includes('ann'), "ann's page names her at the bottom", await ann.locator('#player-bottom .who').textContent());
  check((await bob.locator('#player-bottom .who').textContent()).includes('bob'), "bob's page names him at the bottom (black's side)", await bob.locator('#player-bottom .who').textContent());
  // Named as lichess names it (issue 41: it said "against a friend"), in the page's text, its
  // heading and its title.
  const startInfo = await ann.locator('#start-info').textContent();
  check(startInfo.includes('Rated blitz · 5+3') && !startInfo.includes('against a friend'), 'the game is called "Rated blitz · 5+3", not "against a friend"', startInfo);
  const heading = await bob.locator('main h1').textContent();
  check(heading.includes('Rated blitz · 5+3'), "the page's heading names the game", heading);
  check((await ann.title()).includes('Rated blitz · 5+3'), "the page's title names the game", await ann.title());
  await shot(ann, 'lobby-game-named');
  await drag(ann, 'f2', 'f3');
  await waitReady(bob, 'black');
  await drag(bob, 'e7', 'e5', { orientation: 'black' });
  await waitReady(ann, 'white');
  await drag(ann, 'g2', 'g4');
  await waitReady(bob, 'black');
  await drag(bob, 'd8', 'h4', { orientation: 'black' });
  await ann.locator('#result').waitFor({ timeout: 10000 });
  await bob.locator('#result').waitFor({ timeout: 10000 });
  const game = await getJson(`${base}/api/games/${id}`);
  check(game.result === '0-1' && game.moves.map(m => m.san).join(' ') === 'f3 e5 g4 Qh4#', 'the game is over: f3 e5 g4 Qh4#, 0-1', `${game.result} ${game.moves.map(m => m.san).join(' ')}`);
  check(posts.every(p => !p.auth), 'no request of the page carried an Authorization header', JSON.stringify(posts.filter(p => p.auth)));

  console.log('4. the ratings: Glicko-2 after one game between new players');
  const winner = bounded(glicko2({ rating: 1500, deviation: 500, volatility: 0.09 }, [{ rating: 1500, deviation: 500, score: 1 }], { tau: 0.75, periods: 0 }));
  const loser = bounded(glicko2({ rating: 1500, deviation: 500, volatility: 0.09 }, [{ rating: 1500, deviation: 500, score: 0 }], { tau: 0.75, periods: 0 }));
  console.log(`  (Glicko-2: the winner ${winner.rating.toFixed(3)}/${winner.deviation.toFixed(3)}/${winner.volatility.toFixed(6)}, the loser ${loser.rating.toFixed(3)})`);
  let players = null;
  for (let i = 0; i < 40 && !(players?.settled && typeof players.black.ratingAfter === 'number'); i++) {
    await sleep(250);
    players = await getJson(`${base}/api/games/${id}/players`);
  }
  check(players?.settled, 'the server settled the game', JSON.stringify(players));
  const bobAccount = await getJson(`${base}/api/accounts/bob`);
  const annAccount = await getJson(`${base}/api/accounts/ann`);
  const bobBlitz = bobAccount.ratings.blitz;
  const annBlitz = annAccount.ratings.blitz;
  check(near(bobBlitz.rating, winner.rating, 0.001) && near(bobBlitz.deviation, winner.deviation, 0.001) && near(bobBlitz.volatility, winner.volatility, 0.000001),
    "bob's blitz rating is Glicko-2's for the winner", `${JSON.stringify(bobBlitz)} vs ${JSON.stringify(winner)}`);
  check(near(annBlitz.rating, loser.rating, 0.001) && near(annBlitz.deviation, loser.deviation, 0.001), "ann's is Glicko-2's for the loser", `${JSON.stringify(annBlitz)} vs ${JSON.stringify(loser)}`);
  const up = Math.trunc(winner.rating) - 1500;
  const down = Math.trunc(loser.rating) - 1500;
  for (const [page, who] of [[ann, 'ann'], [bob, 'bob']]) {
    await page.locator('#account-black').filter({ hasText: '→' }).waitFor({ timeout: 15000 });
    const white = await page.locator('#account-white').textContent();
    const black = await page.locator('#account-black').textContent();
    check(white.includes(`ann: rating 1500 → ${Math.trunc(loser.rating)} (${down})`) && black.includes(`bob: rating 1500 → ${Math.trunc(winner.rating)} (+${up})`),
      `${who}'s game page shows both rating changes (+${up} / ${down})`, `${white} | ${black}`);
  }
  const annHeard = await ann.evaluate(() => document.getElementById('announce').textContent);
  check(annHeard.includes(`(+${up})`), "ann's screen reader hears the rating changes", annHeard);
  check(await ann.locator('#rematch').isHidden(), 'no rematch button: the next game comes from the lobby');
  await axe(ann, 'the game page after an account game');
  await shot(bob, 'lobby-game-over');

  console.log("5. the profiles: ratings, the game, the history, the results by start position");
  await ann.goto(`${base}/player/bob`);
  await ann.locator('#games tbody tr').first().waitFor({ timeout: 10000 });
  const blitzRow = await ann.locator('#ratings tr[data-pool=blitz] td').allInnerTexts();
  check(blitzRow[0] === `${Math.trunc(winner.rating)}?` && blitzRow[1] === '1', `bob's blitz rating shows ${Math.trunc(winner.rating)}? after 1 game`, JSON.stringify(blitzRow));
  const rapidRow = await ann.locator('#ratings tr[data-pool=rapid] td').allInnerTexts();
  check(rapidRow[0] === '1500?' && rapidRow[1] === '0', 'an unplayed pool shows 1500?', JSON.stringify(rapidRow));
  const gameRow = await ann.locator(`#games tbody tr[data-game="${id}"] td`).allInnerTexts();
  check(gameRow[1].startsWith('ann 1500') && gameRow[1].includes(String(down)) && gameRow[2].startsWith('bob 1500') && gameRow[2].includes(`+${up}`) && gameRow[3].startsWith('0-1') && gameRow[3].includes('win') && gameRow[5] === '518',
    "bob's games list has the game: both players' changes, 0-1 a win, position 518", JSON.stringify(gameRow));
  await ann.locator('#chart svg').waitFor({ timeout: 10000 });
  check((await ann.locator('#history-pool').inputValue()) === 'blitz', 'the history shows the pool played (blitz)');
  check((await ann.locator('#chart svg circle').count()) === 1, 'the rating history chart has one point');
  const chartName = await ann.evaluate(() => {
    const svg = document.querySelector('#chart svg');
    return svg.getAttribute('role') + ' | ' + svg.getAttribute('aria-labelledby').split(' ').map(i => document.getElementById(i).textContent).join(' | ');
  });
  check(chartName.startsWith("img | bob’s Blitz rating | After 1 rated games") && chartName.includes(`now ${Math.trunc(winner.rating)}`), 'the chart is an image named by its title and description', chartName);
  const historyRows = await ann.locator('#history-table tbody tr td').allTextContents();
  check(historyRows[1] === String(Math.trunc(winner.rating)), 'the table beside the chart has the point', JSON.stringify(historyRows));
  const byStart = await ann.locator('#by-start tbody tr').allInnerTexts();
  check(byStart.length === 1 && /^518\s+1\s+0\s+0$/.test(byStart[0]), 'results by start position: 518, 1 win', JSON.stringify(byStart));
  // Filters: losses of bob's are none; his wins are the game; position 519 has none.
  await ann.locator('#filter-result').selectOption('loss');
  await ann.locator('#games-status').filter({ hasText: 'No games.' }).waitFor({ timeout: 10000 });
  check((await ann.locator('#games tbody tr').count()) === 0, 'filtered by losses: none');
  await ann.locator('#filter-result').selectOption('win');
  await ann.locator(`#games tbody tr[data-game="${id}"]`).waitFor({ timeout: 10000 });
  await ann.locator('#filter-start').fill('519');
  await ann.locator('#filter-apply').click();
  await ann.locator('#games-status').filter({ hasText: 'No games.' }).waitFor({ timeout: 10000 });
  check(true, 'filtered by wins: the game; by position 519: none');
  await axe(ann, "bob's profile");
  await shot(ann, 'player-profile');
  await ann.goto(`${base}/player/ann`);
  await ann.locator(`#games tbody tr[data-game="${id}"]`).waitFor({ timeout: 10000 });
  const annByStart = await ann.locator('#by-start tbody tr').allInnerTexts();
  check(/^518\s+0\s+0\s+1$/.test(annByStart[0] ?? ''), "ann's results by start position: 518, 1 loss", JSON.stringify(annByStart));
  check(await ann.locator('#player-own a[href="/settings"]').isVisible(), 'her own profile links to her settings');

  console.log('5b. challenges: ann challenges bob from his profile; bob declines it, then accepts a second');
  check((await ann.locator('#challenge').count()) === 0, 'no Challenge button on her own profile');
  await bob.goto(`${base}/lobby`);
  await bob.locator('#no-seeks').filter({ hasText: 'No open seeks' }).waitFor({ timeout: 10000 });
  check(await bob.locator('#challenges-card').isHidden(), 'no challenges: the lobby shows none');
  const challenge = async () => {
    await ann.goto(`${base}/player/bob`);
    await ann.locator('#challenge').click();
    await ann.locator('#challenge-box #create-seek').waitFor({ timeout: 10000 });
  };
  await challenge();
  check((await ann.locator('#challenge').getAttribute('aria-expanded')) === 'true', 'the Challenge button opens the form (aria-expanded)');
  check((await ann.locator('#challenge-box #min-rating').count()) === 0, 'the challenge form asks no rating range');
  check((await ann.locator('#challenge-box #create-seek').textContent()) === 'Challenge bob', 'its button names whom', await ann.locator('#challenge-box #create-seek').textContent());
  check((await unlabelled(ann)).length === 0, 'every field of the challenge form has a label', JSON.stringify(await unlabelled(ann)));
  await axe(ann, "bob's profile with the challenge form");
  await ann.getByLabel('Casual', { exact: true }).check();
  await ann.getByLabel('3+2').check();
  await ann.locator('input[name=color][value=black]').check();
  await ann.locator('#create-seek').click();
  await ann.waitForURL(u => new URL(u).pathname === '/lobby', { timeout: 10000 });
  const outgoing = ann.locator('#outgoing tbody tr.own');
  await outgoing.waitFor({ timeout: 10000 });
  const outCells = await outgoing.locator('td').allInnerTexts();
  check(outCells[0] === 'to bob' && (await outgoing.locator('button.withdraw').count()) === 1 && (await outgoing.locator('button.accept').count()) === 0,
    "ann's lobby lists her challenge apart, 'to bob', with Withdraw", JSON.stringify(outCells));
  check((await ann.locator('#seeks tbody tr').count()) === 0, 'not among the open seeks');
  check((await getJson(`${base}/api/seeks`)).seeks.length === 0, 'the challenge is not shown to anyone else (signed out)');
  const incoming = bob.locator('#incoming tbody tr');
  await incoming.waitFor({ timeout: 10000 });
  const inCells = await incoming.locator('td').allInnerTexts();
  check(inCells[0] === 'ann' && /^3\+2\s+Blitz$/.test(inCells[2]) && inCells[3] === 'Casual' && inCells[4] === 'Black',
    "bob sees the challenge come without reloading, under 'Challenges to you': ann 3+2 Casual Black", JSON.stringify(inCells));
  check((await incoming.locator('button.accept').count()) === 1 && (await incoming.locator('button.decline').count()) === 1, 'with Accept and Decline');
  check((await bob.locator('#incoming-title').textContent()) === 'Challenges to you', 'headed "Challenges to you"');
  const bobHeard = await bob.evaluate(() => window.__heard);
  check(bobHeard.some(h => h.startsWith('New challenge to you: ann (')), "bob's screen reader hears the challenge", JSON.stringify(bobHeard));
  check((await incoming.locator('button.decline').getAttribute('aria-label')).includes('ann'), 'the Decline button names the challenge');
  await axe(bob, 'the lobby with a challenge to you');
  await axe(ann, 'the lobby with her own challenge');
  await shot(bob, 'lobby-challenge');
  await incoming.locator('button.decline').click();
  await bob.locator('#incoming tbody tr').waitFor({ state: 'detached', timeout: 10000 });
  await ann.locator('#outgoing tbody tr').waitFor({ state: 'detached', timeout: 10000 });
  check(await bob.locator('#challenges-card').isHidden(), 'bob declines: the challenge is gone from both lobbies');
  check((await bob.evaluate(() => window.__heard)).includes('You declined the challenge.'), 'bob hears that he declined it');
  await ann.waitForFunction(() => window.__heard.includes('Your challenge to bob is no longer open.'), null, { timeout: 10000 }).catch(() => {});
  check((await ann.evaluate(() => window.__heard)).includes('Your challenge to bob is no longer open.'), 'ann hears her challenge is no longer open, and stays in the lobby',
    JSON.stringify(await ann.evaluate(() => window.__heard)));
  check(new URL(ann.url()).pathname === '/lobby', 'ann is still in the lobby');
  await challenge();
  await ann.getByLabel('Casual', { exact: true }).check();
  await ann.locator('input[name=color][value=black]').check();
  await ann.locator('#create-seek').click();
  await ann.waitForURL(u => new URL(u).pathname === '/lobby', { timeout: 10000 });
  await ann.locator('#outgoing tbody tr.own').waitFor({ timeout: 10000 });
  await incoming.waitFor({ timeout: 10000 });
  await incoming.locator('button.accept').click();
  await Promise.all([
    ann.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
    bob.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
  ]);
  check(ann.url() === bob.url() && !ann.url().endsWith(`/game/${id}`), 'bob accepts the second: both pages go to the same new game', `${ann.url()} ${bob.url()}`);
  const challenged = await getJson(`${base}/api/games/${ann.url().split('/').pop()}/players`);
  check(challenged.white?.name === 'bob' && challenged.black?.name === 'ann' && challenged.rated === false,
    'the game is between them, casual, ann black as she chose', JSON.stringify({ w: challenged.white, b: challenged.black, rated: challenged.rated }));

  console.log('5c. quick pairing: two new players join the 5+3 pool from their lobbies and are paired into one rated game');
  const quinContext = await newContext();
  const quin = await quinContext.newPage();
  watch(quin, 'quin');
  await signUp(quin, base, 'quin');
  const quadeContext = await newContext();
  const quade = await quadeContext.newPage();
  watch(quade, 'quade');
  await signUp(quade, base, 'quade');
  const poolButton = (page, key) => page.locator(`button.quick-pool[data-pool="${key}"]`);
  check((await quin.locator('button.quick-pool').count()) === 4, 'four pools: 3+2, 5+3, 10+5, 15+10');
  await poolButton(quin, '3+2').click();
  await quin.locator('#quick-cancel').waitFor({ state: 'visible', timeout: 10000 });
  check((await poolButton(quin, '3+2').getAttribute('aria-pressed')) === 'true', 'the pool joined is pressed (aria-pressed)');
  check((await quin.locator('#quick-status').textContent()).startsWith('Looking for an opponent in 3+2'), 'the block says it is looking',
    await quin.locator('#quick-status').textContent());
  await quade.waitForFunction(() => document.querySelector('button.quick-pool[data-pool="3+2"] .quick-waiting')?.textContent === 'waiting: 1', null, { timeout: 10000 }).catch(() => {});
  check((await poolButton(quade, '3+2').locator('.quick-waiting').textContent()) === 'waiting: 1', "the other lobby shows one waiting in 3+2, live",
    await poolButton(quade, '3+2').locator('.quick-waiting').textContent());
  await axe(quin, 'the lobby waiting in a quick pool');
  await quin.locator('#quick-cancel').click();
  await quin.locator('#quick-cancel').waitFor({ state: 'hidden', timeout: 10000 });
  check((await poolButton(quin, '3+2').getAttribute('aria-pressed')) === 'false', 'Cancel leaves the pool');
  await quade.waitForFunction(() => document.querySelector('button.quick-pool[data-pool="3+2"] .quick-waiting')?.textContent !== 'waiting: 1', null, { timeout: 10000 }).catch(() => {});
  check((await poolButton(quade, '3+2').locator('.quick-waiting').textContent()) !== 'waiting: 1', 'and the other lobby sees it empty again',
    await poolButton(quade, '3+2').locator('.quick-waiting').textContent());
  await poolButton(quin, '5+3').click();
  await quin.locator('#quick-cancel').waitFor({ state: 'visible', timeout: 10000 });
  await poolButton(quade, '5+3').click();
  await Promise.all([
    quin.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 15000 }),
    quade.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 15000 }),
  ]);
  check(quin.url() === quade.url(), 'both pages go to the same game', `${quin.url()} ${quade.url()}`);
  const paired = await getJson(`${base}/api/games/${quin.url().split('/').pop()}/players`);
  check(paired.rated === true && paired.pool === 'blitz' && [paired.white?.name, paired.black?.name].sort().join() === 'quade,quin',
    'a rated blitz game between the two', JSON.stringify({ w: paired.white, b: paired.black, rated: paired.rated, pool: paired.pool }));
  await quinContext.close();
  await quadeContext.close();

  console.log('6. settings, deleting an account, signing out, the lobby signed out');
  await ann.goto(`${base}/settings`);
  await ann.locator('#display-name').fill('Ann of 960');
  await ann.locator('#settings-theme').selectOption('dark');
  check((await unlabelled(ann)).length === 0, 'every field of the settings has a label', JSON.stringify(await unlabelled(ann)));
  await ann.locator('#settings-save').click();
  await ann.locator('#settings-status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 10000 });
  check((await ann.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'the theme is applied to the page at once');
  const me = await ann.evaluate(() => fetch('/api/session').then(r => r.json()));
  check(me.displayName === 'Ann of 960' && me.theme === 'dark', 'the display name and theme are kept with the account', JSON.stringify({ d: me.displayName, t: me.theme }));
  await axe(ann, 'the settings page (dark)');
  await shot(ann, 'settings-dark');
  const cydContext = await newContext();
  const cyd = await cydContext.newPage();
  watch(cyd, 'cyd');
  await signUp(cyd, base, 'cyd', '/settings');
  await cyd.locator('#delete-start').click();
  check(await cyd.locator('#delete-yes').isDisabled(), 'deleting waits for the name typed');
  await cyd.locator('#delete-name').fill('cyd');
  await cyd.locator('#delete-yes').click();
  await cyd.waitForURL(u => new URL(u).pathname === '/', { timeout: 10000 });
  check((await fetch(`${base}/api/accounts/cyd`)).status === 404, 'the account is deleted');
  check(await cyd.locator('#top-sign-in').isVisible(), 'and the page is signed out');
  await cydContext.close();
  // A seek of bob's for ann's signed-out page; then bob signs out (his seeks go with him).
  await bob.goto(`${base}/lobby`);
  await bob.locator('#create-seek').click();
  await bob.locator('#seeks tbody tr.own').waitFor({ timeout: 10000 });
  await ann.locator('#sign-out').click();
  await ann.locator('#top-sign-in').waitFor({ timeout: 10000 });
  check(true, 'ann signs out: the top bar offers to sign in');
  await ann.goto(`${base}/lobby`);
  await ann.locator('#seeks tbody tr button.accept').waitFor({ timeout: 10000 });
  check(await ann.locator('#lobby-sign-in').isVisible(), 'signed out, the lobby lists the seeks and asks to sign in to make one');
  await axe(ann, 'the lobby, signed out, with a seek');
  await ann.locator('#seeks tbody tr button.accept').click();
  await ann.waitForURL(/\/login\?next=%2Flobby$/, { timeout: 10000 });
  check(true, 'accepting signed out goes to the sign-in page, back to the lobby after');
  await bob.locator('#sign-out').click();
  await bob.locator('#top-sign-in').waitFor({ timeout: 10000 });
  check((await getJson(`${base}/api/seeks`)).seeks.length === 0, "bob signs out: his seek is withdrawn");

  console.log('7. the lobby without its WebSocket: polled, and the seeker still sent to the game');
  const danContext = await newContext();
  let blocked = 0;
  await danContext.routeWebSocket(/\/api\/lobby\/socket$/, ws => {
    blocked += 1;
    ws.close();
  });
  const eveContext = await newContext();
  const dan = await danContext.newPage();
  const eve = await eveContext.newPage();
  watch(dan, 'dan');
  watch(eve, 'eve');
  await signUp(dan, base, 'dan');
  await signUp(eve, base, 'eve');
  await dan.locator('#lobby-mode[data-mode=polling]').waitFor({ timeout: 10000 });
  check(blocked >= 1, "dan's lobby tried the WebSocket, then polls", `${blocked} attempts`);
  check((await dan.locator('#online-count').textContent()) === 'Who is online is shown while the lobby is live.', 'polled, who is online is not claimed');
  await dan.getByLabel('Casual', { exact: true }).check();
  await dan.getByLabel('3+2').check();
  await dan.locator('#create-seek').click();
  await dan.locator('#seeks tbody tr.own').waitFor({ timeout: 10000 });
  const danSeek = eve.locator('#seeks tbody tr', { hasText: 'dan' });
  await danSeek.waitFor({ timeout: 10000 });
  await danSeek.locator('button.accept').click();
  await eve.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 });
  await dan.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 15000 });
  check(dan.url() === eve.url(), 'dan, polling, found the game of his accepted seek', `${dan.url()} ${eve.url()}`);
  await dan.locator('#account-players').waitFor({ timeout: 10000 });
  check((await dan.locator('#account-note').textContent()) === 'A casual game: the ratings do not change.', 'a casual game says the ratings do not change');
  await danContext.close();
  await eveContext.close();

  console.log('8. the lobby and the profiles in five languages');
  for (const code of ['en', 'de', 'fr', 'ru', 'hu']) {
    const context = await newContext(code);
    const page = await context.newPage();
    watch(page, code);
    const name = `player_${code}`;
    if (code !== 'en') {
      await page.goto(`${base}/login`);
      await page.locator('#sign-in-name').fill('bob');
      await page.locator('#sign-in-password').fill('not the password');
      await page.locator('#sign-in-submit').click();
      await page.locator('#sign-in-error').filter({ hasText: /./ }).waitFor({ timeout: 10000 });
      const said = await page.locator('#sign-in-error').textContent();
      check(said === texts(code)['error.wrong_credentials'], `${code}: a wrong password is refused in the page's language`, said);
      const loginLeft = englishLeft(await pageText(page), code);
      check(loginLeft.length === 0, `${code}: no English left on the sign-in page`, loginLeft.slice(0, 12).join('; '));
    }
    await signUp(page, base, name);
    check((await page.evaluate(() => document.documentElement.lang)) === code, `${code}: the lobby is in the browser's language, kept by the new account`);
    check((await getJson(`${base}/api/accounts/${name}`)).name === name, `${code}: the account exists`);
    // A seek of its own and the form: the most of the lobby's words.
    await page.locator('input[name=clock][value=custom]').check();
    await page.locator('#create-seek').click();
    await page.locator('#seeks tbody tr.own').waitFor({ timeout: 10000 });
    await page.locator('#min-rating').fill('2000');
    await page.locator('#max-rating').fill('1000');
    await page.locator('#create-seek').click();
    const refusal = await page.locator('#seek-error').textContent();
    check(refusal === texts(code)['lobby.badRange'], `${code}: a bad rating range is refused in the page's language`, refusal);
    const lobbyLeft = englishLeft(await pageText(page), code);
    if (code !== 'en') check(lobbyLeft.length === 0, `${code}: no English left in the lobby`, lobbyLeft.slice(0, 12).join('; '));
    await axe(page, `the lobby (${code})`);
    if (code === 'de') await shot(page, 'lobby-de');
    await page.goto(`${base}/player/bob`);
    await page.locator(`#games tbody tr[data-game="${id}"]`).waitFor({ timeout: 10000 });
    await page.locator('#chart svg').waitFor({ timeout: 10000 });
    await page.locator('#history-details summary').click();
    const title = await page.locator('#chart svg title').textContent();
    check(title === textOf(code, 'player.chartTitle', { name: 'bob', pool: texts(code)['pool.blitz'] }), `${code}: the chart's title`, title);
    const profileLeft = englishLeft(await pageText(page), code);
    if (code !== 'en') check(profileLeft.length === 0, `${code}: no English left on the profile`, profileLeft.slice(0, 12).join('; '));
    await axe(page, `the profile (${code})`);
    if (code === 'hu') await shot(page, 'player-profile-hu');
    await context.close();
  }
  console.log('9. correspondence: 3 days a move, the clock kept through a server restart');
  const DAY_MS = 86_400_000;
  const fayContext = await newContext();
  const gusContext = await newContext();
  const fay = await fayContext.newPage();
  const gus = await gusContext.newPage();
  watch(fay, 'fay');
  watch(gus, 'gus');
  await signUp(fay, base, 'fay');
  await signUp(gus, base, 'gus');
  await fay.locator('input[name=clock][value=correspondence]').check();
  await fay.locator('#corr-days').selectOption('3');
  await fay.locator('input[name=color][value=white]').check();
  await fay.locator('input[name=start][value=number]').check();
  await fay.locator('#seek-number').fill('518');
  await fay.locator('#create-seek').click();
  await fay.locator('#seeks tbody tr.own').waitFor({ timeout: 10000 });
  const corrSeek = (await getJson(`${base}/api/seeks`)).seeks.find(s => s.player?.name === 'fay');
  check(corrSeek?.daysPerMove === 3 && corrSeek.clock === null && corrSeek.pool === 'correspondence', 'the lobby form makes a correspondence seek: 3 days a move', JSON.stringify(corrSeek));
  const corrRow = gus.locator(`#seeks tbody tr[data-seek="${corrSeek?.id}"]`);
  await corrRow.waitFor({ timeout: 10000 });
  check(/^3 days\s+Correspondence$/.test((await corrRow.locator('td').allInnerTexts())[2]), "gus's list shows it as 3 days, correspondence", JSON.stringify(await corrRow.locator('td').allInnerTexts()));
  await corrRow.locator('button.accept').click();
  await Promise.all([
    fay.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
    gus.waitForURL(/\/game\/[0-9a-f]{16}$/, { timeout: 10000 }),
  ]);
  const corrId = fay.url().split('/').pop();
  check(gus.url().endsWith(`/game/${corrId}`), 'gus accepts: both pages go to the game', `${fay.url()} ${gus.url()}`);
  await waitReady(fay, 'white');
  await drag(fay, 'e2', 'e4');
  await waitReady(gus, 'black');
  await drag(gus, 'e7', 'e5', { orientation: 'black' });
  await waitReady(fay, 'white');
  const beforeNf3 = Date.now();
  await drag(fay, 'g1', 'f3');
  await waitReady(gus, 'black');
  // gus's clock runs from here (the server took Nf3 before the page could offer him a move).
  const gusClockFrom = Date.now();
  const beforeStop = await getJson(`${base}/api/games/${corrId}`);
  check(beforeStop.ply === 3 && beforeStop.clock?.daysPerMove === 3 && beforeStop.clock.running === 'black' && beforeStop.clock.black > 3 * DAY_MS - 60_000,
    "e4 e5 Nf3: gus's clock runs, 3 days (a move gives the opponent the days afresh)", JSON.stringify(beforeStop.clock));
  const gusClock = gus.locator('#player-bottom .clock');
  // "3 d 0 h" the instant the move comes (3 days left), "2 d 23 h" as soon as the clock runs.
  await gus.locator('#player-bottom .clock', { hasText: /^2 d 23 h$/ }).waitFor({ timeout: 3000 }).catch(() => {});
  check((await gusClock.textContent()) === '2 d 23 h', "gus's page shows his time in days and hours: 2 d 23 h", await gusClock.textContent());
  const gusLobby = await gusContext.newPage();
  watch(gusLobby, 'gus (lobby)');
  await gusLobby.goto(`${base}/lobby`);
  const gusTurn = gusLobby.locator(`#turns li[data-game="${corrId}"]`);
  // The lobby reads whose move it is from the plies of GET /api/accounts/{name}/games?inPlay=true.
  const inPlay = (await getJson(`${base}/api/accounts/gus/games?inPlay=true`)).games.find(g => g.id === corrId);
  check(inPlay?.plies === 3, 'the games in play list the game at its ply (3: black to move)', JSON.stringify(inPlay));
  await gusTurn.waitFor({ timeout: 5000 }).catch(() => {});
  const gusTurnText = (await gusTurn.count()) ? await gusTurn.innerText() : `not listed: ${await gusLobby.locator('#turns-card').innerText()}`;
  check(/^Your move against fay \(Correspondence\) 2 d 23 h left$/.test(gusTurnText), "gus's lobby lists the game under \"Your turn\" with its time left", gusTurnText);
  check((await gusLobby.locator('#top-lobby').textContent()) === 'Lobby (1)', 'the top bar says Lobby (1)', await gusLobby.locator('#top-lobby').textContent());
  await gusLobby.close();
  const stopped = Date.now();
  server.kill('SIGTERM');
  await new Promise(r => (server.exitCode !== null ? r() : server.once('exit', r)));
  await gus.locator('#connection[data-state=reconnecting], #connection[data-state=offline]').waitFor({ timeout: 5000 });
  await sleep(3000); // the server down a while: correspondence time goes on meanwhile
  server = (await start(Number(new URL(base).port))).server;
  const restarted = Date.now();
  await gus.locator('#connection[data-state=connected]').waitFor({ timeout: 10000 });
  check(true, "gus's page reconnects to the restarted server");
  const afterRestart = await getJson(`${base}/api/games/${corrId}`);
  const leftNow = afterRestart.clock?.black; // as at clock.at, when the server read it
  check(afterRestart.status === 'active' && afterRestart.ply === 3 && afterRestart.clock?.running === 'black', 'after the restart the game is still active, gus to move', JSON.stringify({ status: afterRestart.status, ply: afterRestart.ply, clock: afterRestart.clock }));
  // Charged: the time run before the stop (at least stopped - gusClockFrom), and the time the
  // server was down too (restarted - gusClockFrom); not more than since before Nf3 was made.
  const charged = 3 * DAY_MS - leftNow;
  const sinceNf3 = Date.now() - beforeNf3;
  check(leftNow < 3 * DAY_MS - (stopped - gusClockFrom), `gus's time is not given back: ${leftNow} ms left < 3 days - ${stopped - gusClockFrom} ms run before the restart`, JSON.stringify(afterRestart.clock));
  check(charged >= restarted - gusClockFrom && charged <= sinceNf3 + 1000,
    `the time the server was down is charged too: ${charged} ms charged, ${restarted - gusClockFrom} to ${sinceNf3} ms since his clock started`, JSON.stringify(afterRestart.clock));
  await gus.reload();
  await waitReady(gus, 'black');
  check((await gusClock.textContent()) === '2 d 23 h', 'reloaded, the page still shows 2 d 23 h', await gusClock.textContent());
  await drag(gus, 'b8', 'c6', { orientation: 'black' });
  let played = null;
  for (let i = 0; i < 40 && played?.ply !== 4; i++) {
    await sleep(100);
    played = await getJson(`${base}/api/games/${corrId}`);
  }
  check(played.ply === 4 && played.moves.map(m => m.san).join(' ') === 'e4 e5 Nf3 Nc6' && played.clock.running === 'white',
    "gus's move from the page is taken: e4 e5 Nf3 Nc6, fay's clock runs", `${played.ply} ${played.moves?.map(m => m.san).join(' ')}`);
  await fay.goto(`${base}/lobby`);
  const fayTurn = fay.locator(`#turns li[data-game="${corrId}"]`);
  await fayTurn.waitFor({ timeout: 5000 }).catch(() => {});
  const fayTurnText = (await fayTurn.count()) ? await fayTurn.innerText() : `not listed: ${await fay.locator('#turns-card').innerText()}`;
  check(fayTurnText.startsWith('Your move against gus (Correspondence)'), "fay's lobby now lists the game under \"Your turn\"", fayTurnText);
  check((await fay.locator('#top-lobby').textContent()) === 'Lobby (1)', "fay's top bar says Lobby (1)", await fay.locator('#top-lobby').textContent());
  await shot(fay, 'lobby-your-turn');
  await fayContext.close();
  await gusContext.close();
  check(errors.length === 0, 'no script error on the pages', errors.join('; '));
}

await runSuite(main, { browser: () => browser, server: () => server, work });
