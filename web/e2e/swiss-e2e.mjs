// End-to-end test of a Swiss on the server in real headless Chromium, through the organiser's
// page: the new-event form with its pairing kind and tie-breaks, the players table and the
// form that enters a player, a player entering through the join link's page (and their page:
// the round's bye, a half-point bye asked for the next round), the round paired by the server for review (three players: one
// board and the pairing-allocated bye), changed from the keyboard (colours swapped, two players
// swapped, each change checked by the server and what it breaks shown) and published, the arbiter's result of the board set
// from the results table (the game's own record saying so), a player playing their board
// from their own page with their player token, the standings with the chosen tie-breaks and
// the TRF download; every field labelled, and axe-core (no serious or critical violation) over
// the player's page and the organiser's panel. Then the issue's whole Swiss (sevenPlayers): seven
// players over five rounds, a late entrant, a withdrawal, a half-point bye, a forfeit, the
// pairing-allocated bye moving on, each round revealed at publication, the standings with
// BH-C1 and SB against a hand computation, the TRF (bbpPairings' checker when
// CHESS960_BBPPAIRINGS names it) and the verification at the close.
//
//   node web/e2e/swiss-e2e.mjs <chess960 binary> <web/dist>
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axe, check, getJson, launchBrowser, loadChromium, runSuite, startServer, unlabelled } from './harness.mjs';

const chromium = await loadChromium('web_e2e_swiss');
const [binary, distDir] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'chess960-swiss-e2e-'));
let server;
let browser;

async function main() {
  const started = await startServer({ binary, distDir, work, usage: 'usage: node swiss-e2e.mjs <chess960 binary> <web/dist>' });
  server = started.server;
  const base = started.base;
  browser = await launchBrowser(chromium);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', e => check(false, 'no script error on the page', e.message));

  console.log('1. a Swiss with BH-C1 and SB, created from the form');
  await page.goto(`${base}/event/new`);
  await page.getByLabel('Name of the event').fill('E2E Swiss 960');
  await page.getByLabel('Rounds').fill('3');
  await page.getByLabel('Pairings').selectOption('swiss');
  await page.getByLabel('Tie-breaks, in order').fill('BH-C1,SB');
  await page.getByLabel('Time control').selectOption('');
  check((await unlabelled(page)).length === 0, 'every field of the new-event form has a label', JSON.stringify(await unlabelled(page)));
  await page.locator('#create-event').click();
  await page.waitForURL(/\/event\/[0-9a-f]{16}$/);
  const id = page.url().split('/').pop();
  const event = await getJson(`${base}/api/events/${id}`);
  check(event.kind === 'swiss', 'the event is a Swiss', event.kind);

  console.log('2. two players entered in the players table, a third through the join link');
  await page.locator('#player-form').waitFor({ timeout: 10000 });
  const playerLinks = {};
  for (const [name, rating] of [['Ann', '2400'], ['Bob', '2300']]) {
    await page.locator('#player-name').fill(name);
    await page.locator('#player-rating').fill(rating);
    await page.locator('#add-player').click();
    await page.locator('table.players tbody tr', { hasText: name }).waitFor({ timeout: 10000 });
    const link = await page.locator('#added-player-link').inputValue();
    check(new RegExp(`/event/${id}#player=[0-9a-f]{32}$`).test(link), `the organiser is shown ${name}'s player link once`, link);
    playerLinks[name] = link;
  }
  const organiserToken = new URLSearchParams(new URL(await page.locator('#organiser-link').inputValue()).hash.slice(1)).get('organiser');
  const link = await fetch(`${base}/api/events/${id}/join-link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${organiserToken}` },
    body: '{}',
  }).then(r => r.json());
  const playerContext = await browser.newContext({ locale: 'en-US' });
  const joiner = await playerContext.newPage();
  joiner.on('pageerror', e => check(false, "no script error on the joining player's page", e.message));
  await joiner.goto(`${base}/event/${id}#join=${link.joinToken}`);
  await joiner.getByLabel('Name').fill('Cyd');
  await joiner.getByLabel('Rating').fill('2200');
  check((await unlabelled(joiner)).length === 0, 'every field of the join form has a label', JSON.stringify(await unlabelled(joiner)));
  await joiner.locator('#join-event').click();
  await joiner.locator('#join-done').waitFor({ timeout: 10000 });
  const joined = await joiner.locator('#join-done').textContent();
  check(joined.includes('number 3') && /[0-9a-f]{32}/.test(joined), 'the join link enters Cyd as number 3 with a player token', joined);
  check(!joiner.url().includes('#'), 'the join token leaves the address bar');
  await joiner.locator('#player-link').click();
  await joiner.locator('#player-current').waitFor({ timeout: 10000 });
  check((await joiner.locator('#player-title').textContent()).includes('Cyd, number 3'), "the player's page names the player");
  await axe(joiner, "the player's page");
  await page.locator('table.players tbody tr', { hasText: 'Cyd' }).waitFor({ timeout: 20000 });
  check((await page.locator('table.players tbody tr').count()) === 3, 'the players table lists the three');
  check((await unlabelled(page)).length === 0, "every field of the organiser's panel has a label", JSON.stringify(await unlabelled(page)));

  console.log('3. round 1 paired by the server, reviewed and published');
  await page.locator('#propose-round').click();
  await page.locator('table.proposal tbody tr').first().waitFor({ timeout: 10000 });
  const board = await page.locator('table.proposal tbody tr').first().textContent();
  check(board.includes('1 Ann') && board.includes('2 Bob'), 'the proposal pairs 1 and 2 (C.04.3: top half against bottom half)', board);
  check((await page.locator('#proposal-bye').textContent()).includes('3 Cyd'), 'and gives 3 the pairing-allocated bye');
  // The organiser changes the pairing from the keyboard: colours swapped on board 1, then two
  // players swapped (Bob and Cyd, who has the bye); the server says what each change breaks.
  await page.locator('#swap-colours-1').focus();
  await page.keyboard.press('Enter');
  await page.locator('#proposal-issues li').first().waitFor({ timeout: 10000 });
  const swapped = await page.locator('table.proposal tbody tr').first().textContent();
  check(swapped.includes('2 Bob') && swapped.indexOf('2 Bob') < swapped.indexOf('1 Ann'), 'the colours on board 1 are swapped', swapped);
  const colourIssue = await page.locator('#proposal-issues').textContent();
  check(/C\.04/.test(colourIssue), 'the changed pairing is told which rule it breaks', colourIssue);
  await page.locator('#swap-a').selectOption('2');
  await page.locator('#swap-b').selectOption('3');
  await page.locator('#swap-players').focus();
  await page.keyboard.press('Enter');
  await page.locator('#proposal-bye', { hasText: '2 Bob' }).waitFor({ timeout: 10000 });
  check((await page.locator('table.proposal tbody tr').first().textContent()).includes('3 Cyd'), 'Bob and Cyd swapped: Cyd plays, Bob has the bye');
  check((await unlabelled(page)).length === 0, 'every field of the pairing review has a label', JSON.stringify(await unlabelled(page)));
  await axe(page, "the organiser's panel with a changed pairing");
  // Back to the engine's pairing, then published as changed: it breaks nothing.
  await page.locator('#swap-a').selectOption('2');
  await page.locator('#swap-b').selectOption('3');
  await page.locator('#swap-players').click();
  await page.locator('#proposal-bye', { hasText: '3 Cyd' }).waitFor({ timeout: 10000 });
  await page.locator('#swap-colours-1').click();
  await page.locator('#proposal-issues', { hasText: 'It breaks no pairing rule.' }).waitFor({ timeout: 10000 });
  check((await page.locator('table.proposal tbody tr').first().textContent()).indexOf('1 Ann') < (await page.locator('table.proposal tbody tr').first().textContent()).indexOf('2 Bob'), 'the pairing is the engine\'s again');
  await page.locator('#publish-round').click();
  await page.locator('table.results tbody tr').first().waitFor({ timeout: 15000 });
  await joiner.reload();
  await joiner.locator('#player-current', { hasText: 'Round 1' }).waitFor({ timeout: 10000 });
  check((await joiner.locator('#player-current').textContent()) === 'Round 1: a bye.', "Cyd's page says the bye", await joiner.locator('#player-current').textContent());
  await joiner.locator('#ask-bye').click();
  await joiner.locator('#ask-bye', { hasText: 'Take back' }).waitFor({ timeout: 10000 });
  const withBye = await getJson(`${base}/api/events/${id}`);
  check(withBye.paired.byes.some(b => b.round === 2 && b.player === 3 && b.kind === 'half'), "Cyd's half-point bye for round 2 is asked from the page", JSON.stringify(withBye.paired.byes));
  await playerContext.close();

  console.log("3b. Ann plays her board from her own page, with her player token as the seat");
  const annContext = await browser.newContext({ locale: 'en-US' });
  const ann = await annContext.newPage();
  ann.on('pageerror', e => check(false, "no script error on Ann's pages", e.message));
  await ann.goto(playerLinks.Ann);
  await ann.locator('#player-game').waitFor({ timeout: 10000 });
  const annGame = await ann.locator('#player-game').getAttribute('href');
  check(/^\/game\/[0-9a-f]+#seat=[0-9a-f]{32}$/.test(annGame), "Ann's page links to her game with her token", annGame);
  await ann.locator('#player-game').click();
  await ann.locator('#resign').waitFor({ state: 'visible', timeout: 15000 });
  check(await ann.locator('#resign').isVisible(), 'the game page seats Ann (her resign button shows)');
  await annContext.close();

  console.log("4. the arbiter's result, and the standings with the tie-breaks");
  await page.locator('#result-1').selectOption('1-0');
  await page.locator('#set-result-1').click();
  await page.locator('table.standings tbody tr').first().waitFor({ timeout: 15000 });
  const head = await page.locator('#paired-box table.standings thead').textContent();
  check(head.includes('BH-C1') && head.includes('SB'), 'the standings show BH-C1 and SB', head);
  // Ann won, Cyd had the bye: 1 point each; Cyd first on SB (C.07 16.4: the bye counts
  // against a dummy with Cyd's own score, 1; Ann beat Bob, who has 0).
  const rows = await page.locator('#paired-box table.standings tbody tr').allTextContents();
  check(rows.length === 3 && rows[0].includes('Cyd') && rows[1].includes('Ann') && rows[2].includes('Bob'),
    'the standings: Cyd, Ann (1 point each, SB 1 and 0), Bob', JSON.stringify(rows));
  const view = await getJson(`${base}/api/events/${id}`);
  check(view.rounds[0].boards[0].resultSource === 'arbiter', "the board's result is the arbiter's", JSON.stringify(view.rounds[0].boards[0]));
  const ended = await getJson(`${base}/api/games/${view.rounds[0].boards[0].gameId}`);
  check(ended.result === '1-0' && ended.termination === 'arbiter', "the game's own record says the arbiter decided it", `${ended.result} ${ended.termination}`);
  // Everyone's page: the same standings, with the tie-breaks.
  const spectatorContext = await browser.newContext({ locale: 'en-US' });
  const spectator = await spectatorContext.newPage();
  await spectator.goto(`${base}/event/${id}`);
  await spectator.locator('#standings tbody tr', { hasText: 'Cyd' }).waitFor({ timeout: 15000 });
  const publicHead = await spectator.locator('#standings thead').textContent();
  const publicFirst = await spectator.locator('#standings tbody tr').first().textContent();
  check(publicHead.includes('BH-C1') && publicHead.includes('SB') && publicFirst.includes('Cyd'),
    "everyone's page shows the standings with the tie-breaks", `${publicHead} / ${publicFirst}`);
  await spectatorContext.close();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /TRF/ }).click()]);
  check(download.suggestedFilename() === `chess960-event-${id}.trf`, 'the TRF downloads', download.suggestedFilename());
  await context.close();
  await sevenPlayers(base);
}

// The issue's whole Swiss (the scenario of tests/swiss_server_test.cpp, its hand-computed
// standings and its TRF as bbpPairings' checker accepted it, tests/data/events): seven players
// over five rounds, Gus entering in round 2 with half a point, Eve withdrawing after round 3,
// Dan's half-point bye in round 4, the arbiter's forfeit on round 2's board 1, the
// pairing-allocated bye moving on; each round's position drawn and revealed at publication.
// The organiser's work goes through the API; the pages show the outcome.
async function sevenPlayers(base) {
  console.log('5. a seven-player Swiss over five rounds, to the verification');
  const call = async (method, path, body, token) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text.startsWith('{') ? JSON.parse(text) : text;
  };
  const created = await call('POST', '/api/events', { name: 'Club Swiss 960', rounds: 5, kind: 'swiss', tiebreaks: 'BH-C1,SB' });
  const id = created.id;
  const organiser = created.organiserToken;
  const ev = `/api/events/${id}`;
  const tokens = {};
  for (const [name, rating] of [['Ann', 2400], ['Bob', 2300], ['Cyd', 2200], ['Dan', 2100], ['Eve', 2000]]) {
    const added = await call('POST', `${ev}/players`, { name, rating, federation: 'GER' }, organiser);
    tokens[added.player.number] = added.playerToken;
  }
  const { joinToken } = await call('POST', `${ev}/join-link`, {}, organiser);
  const fay = await call('POST', `${ev}/join`, { name: 'Fay', rating: 1900, title: 'WFM', fideId: '123' }, joinToken);
  tokens[fay.player.number] = fay.playerToken;
  await call('POST', `${ev}/byes`, { round: 4, kind: 'half' }, tokens[4]);
  const boardsOf = (view, round) => [
    ...view.rounds[round - 1].boards.map(b => `${b.whiteNumber}-${b.blackNumber}`),
    ...view.paired.byes.filter(b => b.round === round).map(b => `${b.player}:${b.kind}`),
  ];
  const rounds = [];
  // Every board ends as in the server test: the lower number wins by the loser's resignation.
  const play = async (round, arbiter = {}) => {
    const view = await call('GET', `${ev}/organiser`, undefined, organiser);
    for (const b of view.rounds[round - 1].boards) {
      if (arbiter[b.board]) {
        await call('POST', `${ev}/rounds/${round}/boards/${b.board}/result`, { result: arbiter[b.board], reason: 'forfeit' }, organiser);
        continue;
      }
      const loser = b.whiteNumber < b.blackNumber ? b.seats.black : b.seats.white;
      await call('POST', `/api/games/${b.gameId}/resign`, {}, loser);
    }
  };
  const publish = async round => {
    const view = await call('POST', `${ev}/rounds`, { entropy: `round ${round}` }, organiser);
    const r = view.rounds[round - 1];
    check(r.revealed && r.started && r.position !== null, `round ${round}: its position drawn and revealed at publication, its games started`, JSON.stringify(r.position));
    rounds.push(boardsOf(view, round));
  };
  await publish(1);
  await play(1);
  const gus = await call('POST', `${ev}/players`, { name: 'Gus', rating: 1950, latePoints: 0.5 }, organiser);
  check(gus.player.number === 7 && gus.player.joinedRound === 2, 'Gus enters in round 2 as number 7', JSON.stringify(gus.player));
  await publish(2);
  await play(2, { 1: '-+' });
  await publish(3);
  await play(3);
  await call('POST', `${ev}/withdraw`, {}, tokens[5]);
  await publish(4);
  await play(4);
  await publish(5);
  await play(5);
  const expected = [
    ['1-4', '5-2', '3-6'],
    ['2-1', '7-3', '4-5', '6:pairing'],
    ['3-1', '6-4', '2-7', '5:pairing'],
    ['1-6', '2-3', '4:half', '7:pairing'],
    ['1-2', '4-3', '6-7'],
  ];
  const final = await call('GET', `${ev}/organiser`, undefined, organiser);
  const forfeit = final.rounds[1].boards[0];
  check(forfeit.result === '-+' && forfeit.resultSource === 'arbiter' && final.paired.audit[0]?.reason === 'forfeit', "the arbiter's forfeit on round 2's board 1, kept in the audit list", JSON.stringify(forfeit));
  check(JSON.stringify(rounds) === JSON.stringify(expected), 'the rounds as the Dutch system pairs them: the pairing-allocated bye moves on (6, 5, 7), Dan takes his half-point bye, Eve is gone after round 3', JSON.stringify(rounds));

  // The standings on the organiser's panel equal the hand computation (C.07, 2023) of
  // tests/swiss_server_test.cpp: rank, player, points, BH-C1, SB.
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', e => check(false, "no script error on the seven-player event's page", e.message));
  await page.goto(`${base}/event/${id}#organiser=${organiser}`);
  await page.locator('#paired-box table.standings tbody tr').first().waitFor({ timeout: 15000 });
  const rows = (await page.locator('#paired-box table.standings tbody tr').allTextContents()).map(r => r.replace(/\s+/g, ' ').trim());
  const cells = await page.locator('#paired-box table.standings tbody tr').evaluateAll(trs => trs.map(tr => [...tr.cells].map(c => c.textContent.trim())));
  const hand = [
    ['1', '1 Ann', '5', '14', '16'],
    ['2', '3 Cyd', '3', '13', '6'],
    ['3', '2 Bob', '3', '11.5', '6.5'],
    ['4', '4 Dan', '2.5', '12', '5.25'],
    ['5', '6 Fay', '2', '12.5', '3.5'],
    ['6', '7 Gus', '1.5', '10', '2.25'],
    ['7', '5 Eve', '1', '8', '1'],
  ];
  check(JSON.stringify(cells) === JSON.stringify(hand), 'the standings with BH-C1 and SB equal the hand computation', JSON.stringify(rows));

  // Results entry for any published round: round 2 chosen, its boards and the arbiter's forfeit.
  await page.locator('#results-round').selectOption('2');
  await page.locator('#results-title', { hasText: 'round 2' }).waitFor({ timeout: 10000 });
  const round2 = await page.locator('table.results tbody tr').allTextContents();
  check(round2.length === 3 && round2[0].includes('-+') && (await page.locator('#result-1').count()) === 1, "the results table shows round 2's boards, the forfeit among them, each with its result field", JSON.stringify(round2));
  check((await unlabelled(page)).length === 0, "every field of the seven-player event's panel has a label", JSON.stringify(await unlabelled(page)));

  // The TRF from the page: the file bbpPairings' checker accepted, and checked again when
  // CHESS960_BBPPAIRINGS names its executable.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /TRF/ }).click()]);
  const trfPath = join(work, 'swiss-7-players.trf');
  await download.saveAs(trfPath);
  const here = dirname(fileURLToPath(import.meta.url));
  const reference = readFileSync(join(here, '../../tests/data/events/swiss-7-players.trf'), 'utf8');
  check(readFileSync(trfPath, 'utf8') === reference, "the TRF download is the file bbpPairings' checker accepted (tests/data/events)");
  if (process.env.CHESS960_BBPPAIRINGS) {
    let out = '';
    try {
      out = execFileSync(process.env.CHESS960_BBPPAIRINGS, ['--dutch', trfPath, '-c'], { encoding: 'utf8' });
    } catch (e) {
      out = `exit ${e.status}: ${e.stdout}${e.stderr}`;
    }
    check(!out.includes('Checker pairings') && !out.includes('rror') && out.includes('Round #5'), "bbpPairings' checker finds no discrepancy in the downloaded TRF", out);
  } else {
    console.log('  (bbpPairings checker skipped: CHESS960_BBPPAIRINGS is not set)');
  }

  // The end: the organiser closes the event; everyone's page shows the secret and the verdict.
  await page.locator('#close-event').click();
  await page.locator('#confirm-close').click();
  const spectator = await context.newPage();
  await spectator.goto(`${base}/event/${id}`);
  await spectator.locator('#verification').waitFor({ state: 'visible', timeout: 15000 });
  const verdict = await spectator.locator('#verdict').textContent();
  check(verdict.startsWith('Verified'), 'the verification at the end says OK', verdict);
  check((await spectator.locator('#verify-rounds tbody tr').count()) === 5, 'it lists the five rounds');
  await context.close();
}

await runSuite(main, { browser: () => browser, server: () => server, work });
