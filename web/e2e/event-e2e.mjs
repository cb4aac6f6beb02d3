// End-to-end test of an event in real headless Chromium against `chess960 serve`: an organiser,
// four players and a spectator, each in their own browser context, through the pages.
//
//   node web/e2e/event-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// The organiser creates a two-round event and enters round 1's pairings and entropy with a
// reveal a few seconds ahead; before it, neither the API nor the pages show the position; at it,
// every page shows it; the four players open their links and play (a resignation and a draw
// agreement, with the pieces moved on the board); the results and standings appear; round 2 is
// entered and played over the API with the players' tokens; the standings (points, then
// Sonneborn-Berger) and the PGN download are checked; the organiser closes the event, and the
// page shows the secret and the verification, which the command line it prints confirms.
// Then the pages in the browser's language hu, ru, de and fr: the event page with its standings
// and verification, an organiser's page with the round form and the players' links, a player's
// page and the new-event form have no English left, a server refusal (a bad event form) is shown
// in the page's language, and the language switch turns an event page into another language.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  check,
  drag,
  getJson,
  launchBrowser,
  loadChromium,
  results,
  runSuite,
  screenshots,
  startServer,
  unlabelled,
  waitReady,
} from './harness.mjs';
import { englishLeft, pageText, textOf } from './languages.mjs';

const chromium = await loadChromium('web_e2e_event');
const [binary, distDir, shotsArg] = process.argv.slice(2);
const shot = screenshots(resolve(shotsArg ?? process.env.E2E_SCREENSHOTS ?? 'e2e-screenshots'), { fullPage: true });
const work = mkdtempSync(join(tmpdir(), 'chess960-event-e2e-'));
const REVEAL_AHEAD_MS = 12000;

let server;
let browser;

async function post(url, token, body = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

// A page that records script errors as failures.
async function newPage(context, who) {
  const page = await context.newPage();
  page.on('pageerror', e => check(false, `no script error on ${who}'s page`, e.message));
  page.on('dialog', d => d.accept()); // "Resign the game?"
  return page;
}

// The standings table as the page shows it: [[rank, name, points, sb], ...].
async function standingsOnPage(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#standings tbody tr')].map(tr => [...tr.children].slice(0, 4).map(c => c.textContent.trim())),
  );
}

async function enterRound(page, round, boards, entropy, { revealInMs } = {}) {
  await page.locator('#round-form-title').filter({ hasText: `Enter round ${round}` }).waitFor({ timeout: 15000 });
  while ((await page.locator('#pairing-rows tr').count()) < boards.length) await page.locator('#add-board').click();
  for (const [i, [white, black]] of boards.entries()) {
    await page.locator('.pairing-white').nth(i).fill(white);
    await page.locator('.pairing-black').nth(i).fill(black);
  }
  await page.locator('#round-entropy').fill(entropy);
  if (revealInMs !== undefined) {
    // The time in the browser's own zone, to the second, as the input takes it.
    const value = await page.evaluate(ms => {
      const d = new Date(Date.now() + ms);
      const two = n => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    }, revealInMs);
    await page.locator('#reveal-at').fill(value);
    await page.locator('input[name=reveal][value=at]').check();
  } else {
    await page.locator('input[name=reveal][value=now]').check();
  }
  await page.locator('#enter-round').click();
  await page.locator(`details.round-links[data-round="${round}"] .seat-link`).first().waitFor({ timeout: 15000 });
}

// name -> seat link of a round, read from the organiser's page.
async function seatLinks(page, round) {
  const links = {};
  for (const input of await page.locator(`.seat-link[data-round="${round}"]`).all())
    links[await input.getAttribute('data-player')] = await input.inputValue();
  return links;
}

const tokenOf = link => new URLSearchParams(new URL(link).hash.slice(1)).get('seat');

async function main() {
  const started = await startServer({
    binary,
    distDir,
    work,
    usage: 'usage: node event-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]',
  });
  server = started.server;
  const base = started.base;
  console.log(`server: ${base}`);
  browser = await launchBrowser(chromium);
  const contextOptions = { viewport: { width: 1200, height: 900 }, acceptDownloads: true };
  const organiserContext = await browser.newContext(contextOptions);
  const organiser = await newPage(organiserContext, 'the organiser');
  const requests = [];
  organiserContext.on('request', r => requests.push(r.url()));

  console.log('1. the organiser creates the event; its page publishes the commitment');
  await organiser.goto(`${base}/`);
  await organiser.getByRole('link', { name: 'Organise a Chess960 event' }).click();
  await organiser.waitForURL(/\/event\/new$/);
  check((await unlabelled(organiser)).length === 0, 'every field of the new-event form has a label', JSON.stringify(await unlabelled(organiser)));
  await organiser.getByLabel('Name of the event').fill('E2E Open 960');
  await organiser.getByLabel('Rounds').fill('2');
  await organiser.getByLabel('Excluded start positions').fill('518, 534');
  await organiser.getByLabel('Time control').selectOption('');
  await organiser.locator('#create-event').click();
  await organiser.waitForURL(/\/event\/[0-9a-f]{16}$/);
  const eventId = new URL(organiser.url()).pathname.split('/').pop();
  await organiser.locator('#organiser-panel').waitFor();
  const commitment = (await organiser.locator('#commitment').textContent()).trim();
  const published = await getJson(`${base}/api/events/${eventId}`);
  check(/^[0-9a-f]{64}$/.test(commitment) && commitment === published.commitment, 'the page shows the commitment the API publishes', commitment);
  check(published.parameters.name === 'E2E Open 960' && published.parameters.rounds === 2 && published.parameters.exclude.join() === '518,534',
    'the event has the parameters entered', JSON.stringify(published.parameters));
  check(published.secret === null, 'the public view has no secret');
  const organiserLink = await organiser.locator('#organiser-link').inputValue();
  check(/#organiser=[0-9a-f]{32}$/.test(organiserLink), 'the organiser link carries the token in its fragment', organiserLink);
  const organiserToken = organiserLink.split('#organiser=')[1];
  check(!requests.some(u => u.includes(organiserToken)), 'no request carried the organiser token in its URL');
  await shot(organiser, 'event-01-created');

  const spectatorContext = await browser.newContext(contextOptions);
  const spectator = await newPage(spectatorContext, 'the spectator');
  await spectator.goto(`${base}/event/${eventId}`);
  await spectator.locator('#commitment').filter({ hasText: commitment }).waitFor();
  check(await spectator.locator('#organiser-panel').isHidden(), 'a spectator sees no organiser panel');

  console.log('2. round 1: pairings and entropy, revealed a few seconds later');
  check((await unlabelled(organiser)).length === 0, 'every field of the round form has a label', JSON.stringify(await unlabelled(organiser)));
  await enterRound(organiser, 1, [['Ann', 'Bob'], ['Cy', 'Di']], '6 2 4 1 5', { revealInMs: REVEAL_AHEAD_MS });
  const links1 = await seatLinks(organiser, 1);
  check(Object.keys(links1).sort().join() === 'Ann,Bob,Cy,Di', 'the organiser has a link for each of the four players', JSON.stringify(Object.keys(links1)));
  check(Object.values(links1).every(l => /\/event\/[0-9a-f]{16}#seat=[0-9a-f]{32}$/.test(l)), 'each link carries its seat in the fragment only');
  const before = await getJson(`${base}/api/events/${eventId}`);
  const revealAt = before.rounds[0].revealAt;
  check(before.rounds[0].position === null && before.rounds[0].boards.every(b => b.gameId === null), 'before the reveal the API shows no position and no game');
  await spectator.locator('.round-time[data-round="1"]').filter({ hasText: 'revealed in' }).waitFor({ timeout: 10000 });
  check(await spectator.locator('.position-hidden').isVisible(), 'the spectator page says the position is not revealed yet');
  const spectatorBefore = await spectator.content();
  const organiserBefore = await organiser.content();
  await shot(spectator, 'event-02-before-reveal');

  console.log('3. the four players open their links; the position appears at the reveal time');
  // Ann first, checked at once (the others take a few seconds to open).
  const players = {};
  for (const name of ['Ann', 'Bob', 'Cy', 'Di']) {
    const context = await browser.newContext(contextOptions);
    const page = await newPage(context, name);
    await page.goto(links1[name]);
    await page.locator('#seat-text').filter({ hasText: name }).waitFor();
    players[name] = { context, page };
    if (name !== 'Ann') continue;
    await page.locator('#seat-countdown').filter({ hasText: /\S/ }).waitFor();
    const early = Date.now() < revealAt - 500;
    const status = await page.locator('#seat-countdown').textContent();
    const linkHidden = await page.locator('#play-link').isHidden();
    const annText = await page.locator('#seat-text').textContent();
    check(annText.includes('you play White against Bob, board 1 of round 1'), "Ann's page names her board, colour and opponent", annText);
    check(!page.url().includes('#'), 'the page hid the seat token from the address bar', page.url());
    check(early, 'Ann opened her link before the reveal (else the next checks mean nothing)', `${revealAt - Date.now()} ms before`);
    check(linkHidden, 'no way to the game before the reveal');
    check(/^Revealed in \d+:\d\d$/.test(status), 'the player sees the countdown', status);
    await shot(page, 'event-03-player-waiting');
  }
  check((await players.Di.page.locator('#seat-text').textContent()).includes('you play Black against Cy, board 2'), "Di's page names hers");

  await players.Ann.page.locator('#play-link').waitFor({ state: 'visible', timeout: REVEAL_AHEAD_MS + 15000 });
  const revealedAt = Date.now();
  check(revealedAt >= revealAt - 1000, 'the game link appeared at the reveal time, not before', `${revealedAt - revealAt} ms after`);
  const after = await getJson(`${base}/api/events/${eventId}`);
  const position = after.rounds[0].position;
  check(position && ![518, 534].includes(position.number), 'the API shows the drawn position, not an excluded one', JSON.stringify(position));
  await spectator.locator('#round-1 .position-number').waitFor({ timeout: 10000 });
  const shownNumber = await spectator.locator('#round-1 .position-number').textContent();
  check(shownNumber.includes(String(position.number)), 'the spectator page shows the same position', shownNumber);
  check(!spectatorBefore.includes(position.fen) && !spectatorBefore.includes(position.backRank), "the spectator's page had neither its FEN nor its back rank before the reveal");
  check(!organiserBefore.includes(position.fen) && !organiserBefore.includes(position.backRank), "nor had the organiser's");
  await shot(spectator, 'event-04-revealed');

  console.log('4. round 1 played on the board: Bob resigns to Ann, Cy and Di agree a draw');
  for (const name of ['Ann', 'Bob', 'Cy', 'Di']) {
    const page = players[name].page;
    await page.locator('#play-link').waitFor({ state: 'visible', timeout: 10000 });
    await page.locator('#play-link').click();
    await page.waitForURL(/\/game\/[0-9a-f]+$/);
    await page.locator('#board cg-board piece').first().waitFor();
  }
  const annGame = await getJson(`${base}/api/games/${new URL(players.Ann.page.url()).pathname.split('/').pop()}`);
  check(annGame.initialFen === position.fen, "Ann's game starts from the round's position", annGame.initialFen);
  await waitReady(players.Ann.page, 'white');
  await drag(players.Ann.page, 'a2', 'a3');
  await waitReady(players.Bob.page, 'black');
  await drag(players.Bob.page, 'h7', 'h6', { orientation: 'black' });
  await players.Bob.page.locator('#moves .move[data-ply="2"]').waitFor({ timeout: 10000 });
  await players.Bob.page.locator('#resign').click();
  await players.Bob.page.locator('#resign-yes').click(); // the in-page confirmation
  await players.Ann.page.locator('#status').filter({ hasText: '1-0' }).waitFor({ timeout: 10000 });
  check(true, "Ann's page shows her win");
  await players.Cy.page.locator('#offer').click();
  await players.Di.page.locator('#accept').waitFor({ state: 'visible', timeout: 10000 });
  await players.Di.page.locator('#accept').click();
  await players.Cy.page.locator('#status').filter({ hasText: '½' }).or(players.Cy.page.locator('#status').filter({ hasText: '1/2' })).first().waitFor({ timeout: 10000 });
  check(true, "Cy's page shows the draw");

  await spectator.locator('#round-1 tr[data-board="1"] .board-status').filter({ hasText: '1–0' }).waitFor({ timeout: 10000 });
  await spectator.locator('#round-1 tr[data-board="2"] .board-status').filter({ hasText: '½–½' }).waitFor({ timeout: 10000 });
  check(true, 'the event page shows both results');
  const live = await spectator.locator('#round-1 figure.live-board').count();
  check(live === 2, 'the event page shows a live board per game', `${live}`);
  const pawnMoved = await spectator.evaluate(() => {
    const figure = document.querySelector('#round-1 figure.live-board');
    return [...figure.querySelectorAll('piece')].some(p => p.cgKey === 'a3');
  });
  check(pawnMoved, "board 1's live board shows Ann's a3");
  let standings = await standingsOnPage(spectator);
  check(JSON.stringify(standings.map(r => [r[1], r[2]])) === JSON.stringify([['Ann', '1'], ['Cy', '½'], ['Di', '½'], ['Bob', '0']]),
    'standings after round 1: Ann 1, Cy ½, Di ½, Bob 0', JSON.stringify(standings));
  await shot(spectator, 'event-05-round-1-results');

  console.log('5. round 2, revealed at once and played over the API with the players’ tokens');
  await enterRound(organiser, 2, [['Cy', 'Ann'], ['Bob', 'Di']], 'round two: 3 3 1');
  const links2 = await seatLinks(organiser, 2);
  const view2 = await getJson(`${base}/api/events/${eventId}/organiser`, organiserToken);
  const round2 = view2.rounds[1];
  check(round2.started && round2.position && round2.position.number !== position.number,
    'round 2 is revealed and started, at another position (no repeats)', JSON.stringify(round2.position));
  const [cyAnn, bobDi] = round2.boards.map(b => b.gameId);
  await post(`${base}/api/games/${cyAnn}/draw/offer`, tokenOf(links2.Cy));
  await post(`${base}/api/games/${cyAnn}/draw/accept`, tokenOf(links2.Ann));
  await post(`${base}/api/games/${bobDi}/resign`, tokenOf(links2.Di));
  // Round 1's tokens hold no seat in round 2's games.
  const wrong = await fetch(`${base}/api/games/${bobDi}`, { headers: { Authorization: `Bearer ${tokenOf(links1.Bob)}` } }).then(r => r.json());
  check(wrong.you === null, "round 1's link holds no seat in round 2", JSON.stringify(wrong.you));

  // Ann 1½ (SB: Bob 1 + Cy/2 ½ = 1.5), Cy 1 (Di/2 ¼ + Ann/2 ¾ = 1), Bob 1 (Di ½), Di ½ (Cy/2 ½).
  await spectator.locator('#round-2 tr[data-board="2"] .board-status').filter({ hasText: '1–0' }).waitFor({ timeout: 10000 });
  standings = await standingsOnPage(spectator);
  const expected = [['1', 'Ann', '1½', '1.5'], ['2', 'Cy', '1', '1'], ['3', 'Bob', '1', '0.5'], ['4', 'Di', '½', '0.5']];
  check(JSON.stringify(standings) === JSON.stringify(expected), 'final standings: points, then Sonneborn-Berger (Cy above Bob)', JSON.stringify(standings));
  await shot(spectator, 'event-06-standings');

  console.log('6. the PGN download');
  const [download] = await Promise.all([spectator.waitForEvent('download'), spectator.locator('#pgn-link').click()]);
  const pgnPath = join(work, 'event.pgn');
  await download.saveAs(pgnPath);
  const pgn = readFileSync(pgnPath, 'utf8');
  const games = pgn.split(/(?=\[Event )/).filter(g => g.trim());
  check(games.length === 4, 'the PGN holds the four finished games', `${games.length}`);
  const tag = (game, name) => (new RegExp(`\\[${name} "([^"]*)"\\]`).exec(game) ?? [])[1];
  check(games.every(g => tag(g, 'Event') === 'E2E Open 960' && tag(g, 'Variant') === 'Chess960' && tag(g, 'SetUp') === '1'),
    'each game has the event, Variant "Chess960" and SetUp tags');
  const rows = games.map(g => [tag(g, 'Round'), tag(g, 'White'), tag(g, 'Black'), tag(g, 'Result')].join(' '));
  check(JSON.stringify(rows) === JSON.stringify(['1 Ann Bob 1-0', '1 Cy Di 1/2-1/2', '2 Cy Ann 1/2-1/2', '2 Bob Di 1-0']),
    'rounds, players and results as played', JSON.stringify(rows));
  check(games[0].includes('1. a3 h6') && games.slice(0, 2).every(g => tag(g, 'FEN') === position.fen), "round 1's games start from its position; Ann and Bob's moves are there",
    games[0]);
  try {
    execFileSync(binary, ['pgn', 'check', pgnPath], { stdio: 'pipe' });
    check(true, '`chess960 pgn check` accepts the file');
  } catch (e) {
    check(false, '`chess960 pgn check` accepts the file', String(e.stdout ?? e));
  }

  console.log('7. the organiser closes the event: the secret and the verification');
  await organiser.locator('#close-event').click();
  await organiser.locator('#confirm-close').click();
  await spectator.locator('#verification').waitFor({ state: 'visible', timeout: 10000 });
  const secret = (await spectator.locator('#secret').textContent()).trim();
  const hashed = createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex');
  check(/^[0-9a-f]{64}$/.test(secret) && hashed === commitment, 'the secret shown hashes to the commitment published at the start', secret);
  const verdict = await spectator.locator('#verdict').textContent();
  check(verdict.startsWith('Verified'), 'the page shows the verification passed', verdict);
  const verifyRows = await spectator.locator('#verify-rounds tbody tr').count();
  check(verifyRows === 2, 'it lists both rounds', `${verifyRows}`);
  const command = (await spectator.locator('#verify-command').textContent()).trim();
  // Run as a shell runs it, with this build's binary for `chess960`.
  try {
    const out = execFileSync('/bin/sh', ['-c', `exec "$0"${command.slice('chess960'.length)}`, binary], { encoding: 'utf8' });
    check(/Result: OK/.test(out), 'the command line the page prints, run, says OK', out.split('\n').pop() || out);
  } catch (e) {
    check(false, 'the command line the page prints, run, says OK', String(e.stdout ?? e));
  }
  check(await organiser.locator('#round-form').count() === 0, 'a closed event takes no more rounds');
  await shot(spectator, 'event-07-closed-verified');
  for (const { context } of Object.values(players)) await context.close();

  console.log('8. the event pages in hu, ru, de and fr; a refusal of the server in the page language');
  // An event with a round revealed and started (its games in play), and the next round to enter.
  const created2 = await fetch(`${base}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Lang Cup', rounds: 3, exclude: [518], allowRepeats: false, double960: false, clock: { initial: 600, increment: 5 } }),
  }).then(r => r.json());
  const token2 = created2.organiserToken;
  const view2b = await post(`${base}/api/events/${created2.id}/rounds`, token2, {
    pairings: [{ white: 'Ann', black: 'Bob' }, { white: 'Cy', black: 'Di' }],
    entropy: '7 7 7',
  });
  const seat2 = view2b.rounds[0].boards[0].seats.white;
  for (const code of ['hu', 'ru', 'de', 'fr']) {
    const context = await browser.newContext({ ...contextOptions, locale: code });
    const page = await newPage(context, `the ${code} reader`);
    const noEnglish = async what => {
      check((await page.evaluate(() => document.documentElement.lang)) === code, `${code}: ${what} is in the browser's language`);
      const left = englishLeft(await pageText(page), code);
      check(left.length === 0, `${code}: no English left on ${what}`, left.slice(0, 12).join('; '));
    };
    // The closed event: parameters, rounds with their positions and live boards, standings,
    // the verification.
    await page.goto(`${base}/event/${eventId}`);
    await page.locator('#verification').waitFor({ state: 'visible', timeout: 10000 });
    await page.locator('#round-2 tr[data-board="2"] .board-status').filter({ hasText: '1–0' }).waitFor({ timeout: 10000 });
    check((await standingsOnPage(page)).length === 4, `${code}: the standings are shown`);
    check((await page.locator('#standings-title').textContent()) === textOf(code, 'event.standings'), `${code}: the standings' heading`);
    check((await page.locator('#verdict').textContent()) === textOf(code, 'event.verified'), `${code}: the verdict`);
    await noEnglish('the event page with standings and verification');
    await shot(page, `event-lang-${code}-closed`);
    // The organiser's page of the open event.
    await page.goto(`${base}/event/${created2.id}#organiser=${token2}`);
    await page.locator('#round-form-title').filter({ hasText: textOf(code, 'organiser.enterRound', { round: 2 }) }).waitFor({ timeout: 10000 });
    await page.locator('.seat-link').first().waitFor();
    await page.locator('#round-1 figure.live-board .live-status').first().filter({ hasText: /\S/ }).waitFor({ timeout: 10000 });
    await noEnglish("the organiser's page");
    // The organiser's form refused by the page itself (a board with one player).
    await page.locator('.pairing-white').first().fill('Ann');
    await page.locator('#enter-round').click();
    await page.locator('#round-error').filter({ hasText: /\S/ }).waitFor();
    check((await page.locator('#round-error').textContent()) === textOf(code, 'event.needTwoPlayers', { board: 1 }), `${code}: the round form's own refusal`);
    await shot(page, `event-lang-${code}-organiser`);
    // A player's page.
    await page.goto('about:blank'); // a new document, not a move to the fragment of this one
    await page.goto(`${base}/event/${created2.id}#seat=${seat2}`);
    await page.locator('#seat-text').filter({ hasText: 'Bob' }).waitFor({ timeout: 10000 });
    await page.locator('#play-link').waitFor({ state: 'visible', timeout: 10000 });
    check((await page.locator('#seat-text').textContent()) === textOf(code, 'event.seatText', { name: 'Ann', colour: textOf(code, 'color.White'), opponent: 'Bob', board: 1, round: 1 }),
      `${code}: the player's board, colour and opponent`);
    await noEnglish("a player's page");
    // The new-event form, and the server's refusal of it: 960 rounds without repeats need more
    // positions than the one exclusion leaves (the page checks only the fields).
    await page.goto(`${base}/event/new`);
    await page.locator('#new-event').waitFor();
    await noEnglish('the new-event form');
    await page.locator('#event-name').fill('Too Long Cup');
    await page.locator('#event-rounds').fill('960');
    await page.locator('#create-event').click();
    await page.locator('#new-event-error').filter({ hasText: /\S/ }).waitFor({ timeout: 10000 });
    const refusal = await page.locator('#new-event-error').textContent();
    check(refusal === textOf(code, 'error.too_few_positions', { rounds: 960, needed: 960, allowed: 959 }),
      `${code}: the server's refusal of the form is in the page's language`, refusal);
    await noEnglish("the new-event form with the server's refusal");
    await shot(page, `event-lang-${code}-refused`);
    if (code === 'hu') {
      // The switch, on an event page: German, and remembered.
      await page.goto(`${base}/event/${eventId}`);
      await page.locator('#verification').waitFor({ state: 'visible', timeout: 10000 });
      await page.locator('#lang-switch').selectOption('de');
      await page.waitForFunction(() => document.documentElement.lang === 'de');
      await page.locator('#verification').waitFor({ state: 'visible', timeout: 10000 });
      check((await page.locator('#standings-title').textContent()) === textOf('de', 'event.standings'), 'the language switch turns the event page into German');
      await page.goto(`${base}/event/new`);
      check((await page.locator('#new-event-title').textContent()) === textOf('de', 'event.new.title'), 'and the new-event form speaks it too');
    }
    await context.close();
  }
  // In English the server's own message is shown, as it was.
  const englishContext = await browser.newContext({ ...contextOptions, locale: 'en-US' });
  const english = await newPage(englishContext, 'the English reader');
  await english.goto(`${base}/event/new`);
  await english.locator('#event-name').fill('Too Long Cup');
  await english.locator('#event-rounds').fill('960');
  await english.locator('#create-event').click();
  await english.locator('#new-event-error').filter({ hasText: /\S/ }).waitFor({ timeout: 10000 });
  const englishRefusal = await english.locator('#new-event-error').textContent();
  check(englishRefusal.startsWith('960 rounds without repeats need 960 start positions, but only 959'), 'in English the server\'s message is shown', englishRefusal);
  await englishContext.close();
}

await runSuite(main, { browser: () => browser, server: () => server, work });
