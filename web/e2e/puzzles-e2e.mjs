// End-to-end test of the puzzles' page (web/src/puzzle/, issue 43) in real headless Chromium
// against `chess960 serve` with puzzles the CLI made:
//
//   node web/e2e/puzzles-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// Its database: tests/data/puzzles/hand_checked.pgn imported (`chess960 db import`), then
// `chess960 puzzles generate --nodes 30000`: three puzzles, a scholar's mate (mate in one), a
// Chess960 castling mate (the king on b1 castles queenside onto its rook on a1) and a knight fork.
//
// 1. A visitor: /puzzles?id= the scholar's mate, solved by keyboard (Tab to the move input, a
//    typed move): the live region says the opponent's move and the result, the page says it is
//    unrated; axe.
// 2. A streak (visitor): asked near 800, then near 900 after a solved puzzle; over at the first
//    mistake with its count; unrated, even on a puzzle solved in 1 (the server's two answers
//    replaced by the fork and the scholar's mate: it may pick either).
// 3. A signed-up player solves the scholar's mate by dragging the queen: the rating and its change
//    shown equal our own Glicko-2 computation (below: glicko.net's paper with lichess's rules, as
//    src/rating/rating.cpp: tau 0.75, a new player 1500/500/0.09 against the puzzle's rating with
//    deviation 500 and volatility 0.09), and the API's answer.
// 4. The player fails the fork (a wrong move dragged): the right move is said, the rating change
//    is the computation's again (the second game, from the first's exact values); the solution
//    shown move by move; the link to the game.
// 5. The castling puzzle, chosen with the theme filter (castling), solved by dropping the king on
//    its own rook: king on c1 and rook on d1 on the board, the third rating change computed.
// 6. The dashboard: 3 attempts, 2 solved, the success per theme as a table, the history newest
//    first; the player's profile shows the puzzle rating; the links from the top bar and home.
// 7. The five languages through the top bar's switch: the page's heading and no English left;
//    axe in each.

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axe, check, drag, launchBrowser, loadChromium, runSuite, screenshots, shootOpenPages, sleep, startServer, unlabelled, waitReady } from './harness.mjs';
import { englishLeft, pageText, textOf, texts } from './languages.mjs';
import { lichessGame } from './glicko2.mjs';

const chromium = await loadChromium('web_e2e_puzzles');

const here = dirname(fileURLToPath(import.meta.url));
const [binary, distDir, shotsArg] = process.argv.slice(2);
const shot = screenshots(resolve(shotsArg ?? process.env.E2E_SCREENSHOTS ?? 'e2e-screenshots'));
const work = mkdtempSync(join(tmpdir(), 'chess960-puzzles-e2e-'));
const usage = 'usage: node puzzles-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]';
const HAND_CHECKED = resolve(here, '../../tests/data/puzzles/hand_checked.pgn');
const PASSWORD = 'correct horse 960';

let server;
let browser;

const NEW = { rating: 1500, deviation: 500, volatility: 0.09 }; // a new player, and a new puzzle's deviation and volatility
const shown = r => Math.trunc(r); // the whole number toward zero, as lichess shows a rating
const signed = n => (n > 0 ? `+${n}` : String(n));

// --- The page ---------------------------------------------------------------------------------
// An account signed up and in, in a browser context of its own (its session cookie).
async function signedIn(base, name) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const api = context.request;
  const up = await api.post(`${base}/api/accounts`, { data: { name, password: PASSWORD } });
  if (!up.ok()) throw new Error(`sign up ${name}: ${up.status()} ${await up.text()}`);
  const session = await api.post(`${base}/api/session`, { data: { name, password: PASSWORD } });
  if (!session.ok()) throw new Error(`sign in ${name}: ${session.status()} ${await session.text()}`);
  await context.addInitScript(account => localStorage.setItem('chess960.account', account), name);
  return context;
}

// The puzzle the page shows once the opponent's move is played: the solver's pieces movable.
async function waitPuzzle(page, solver) {
  await waitReady(page, solver);
  await page.waitForFunction(() => document.querySelectorAll('#moves .move[data-ply]').length >= 1);
}

const announced = page => page.locator('#announce').textContent();

async function waitAnnounced(page, text, timeout = 8000) {
  try {
    await page.waitForFunction(t => document.getElementById('announce')?.textContent.includes(t), text, { timeout });
    return true;
  } catch {
    return false;
  }
}

// The rating change the page shows once the attempt is answered.
async function ratingShown(page) {
  await page.waitForFunction(() => document.getElementById('puzzle-rating-change')?.dataset.rated !== undefined, null, { timeout: 10000 });
  return page.evaluate(() => {
    const box = document.getElementById('puzzle-rating-change');
    return { rated: box.dataset.rated === 'true', rating: Number(box.dataset.rating), change: Number(box.dataset.change), text: box.textContent };
  });
}

async function tabTo(page, selector, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(s => document.activeElement?.matches(s) ?? false, selector)) return true;
    await page.keyboard.press('Tab');
  }
  return false;
}

// The pieces on the board (chessground's state): square -> "white king".
const pieces = page => page.evaluate(() => Object.fromEntries([...window.cg.state.pieces].map(([k, p]) => [k, `${p.color} ${p.role}`])));

async function main() {
  check(!!binary && !process.env.E2E_BASE_URL, 'a binary to make the puzzles with (E2E_BASE_URL is not supported here)');
  const db = join(work, 'games.db');
  const imported = execFileSync(binary, ['db', 'import', HAND_CHECKED, '--db', db], { encoding: 'utf8' });
  check(/imported 4 games/.test(imported), 'chess960 db import reads the hand-checked games', imported.trim());
  const made = execFileSync(binary, ['puzzles', 'generate', '--db', db, '--nodes', '30000'], { encoding: 'utf8' });
  check(/^3 puzzles made/.test(made), 'chess960 puzzles generate makes the three puzzles', made.trim());
  const started = await startServer({ binary, distDir, work, usage, extraArgs: ['--password-cost', 'interactive'] });
  server = started.server;
  const { base } = started;
  console.log(`server: ${base}`);
  browser = await launchBrowser(chromium);
  const errors = [];
  const en = texts('en');

  // The three puzzles, each the only one of its theme.
  const byTheme = async theme => (await (await fetch(`${base}/api/puzzles/next?theme=${theme}`)).json()).puzzle;
  const scholar = await byTheme('opening');
  const castling = await byTheme('castling');
  const fork = await byTheme('fork');
  check(scholar.lastMove === 'g8f6' && scholar.solution.join(' ') === 'h5f7', 'the scholar\'s mate: g8f6, then h5f7', JSON.stringify(scholar));
  check(castling.fen === '2rkr3/p1ppp2p/4B3/8/8/8/PP5P/RK6 b Q - 0 1' && castling.lastMove === 'd7e6' && castling.solution.join(' ') === 'b1a1', 'the castling mate: d7e6, then b1a1', JSON.stringify(castling));
  check(fork.lastMove === 'b6b7' && fork.solution[0] === 'e4d6' && fork.solution[2] === 'd6b7', 'the fork: b6b7, then e4d6 … d6b7', JSON.stringify(fork));

  console.log('1. a visitor solves the scholar\'s mate by keyboard: unrated');
  const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const vpage = await visitor.newPage();
  vpage.on('pageerror', e => errors.push(e.message));
  const response = await vpage.goto(`${base}/puzzles?id=${scholar.id}`);
  check(response.status() === 200, '/puzzles is a page (200)', String(response.status()));
  await waitPuzzle(vpage, 'white');
  check(await waitAnnounced(vpage, textOf('en', 'puzzle.findMove', { color: en['color.white'] })), 'the live region says the opponent\'s move and what to find', await announced(vpage));
  check((await announced(vpage)).startsWith(textOf('en', 'puzzle.opponentPlayed', { move: 'Knight to f6' })), 'the opponent\'s move in words', await announced(vpage));
  const label = await vpage.locator('#board').getAttribute('aria-label');
  check(/White: king e1, queen h5/.test(label) && (await vpage.locator('#board').getAttribute('tabindex')) === '0', 'the board is focusable and labelled with its pieces', label);
  check((await vpage.locator('#puzzle-origin').textContent()) === textOf('en', 'puzzle.origin', { n: 518, rank: 'RNBQKBNR' }), 'the origin: start position 518 and its back rank', await vpage.locator('#puzzle-origin').textContent());
  check((await vpage.locator('#my-rating').textContent()).includes(en['puzzle.visitorNote']), 'a visitor is told the puzzles are unrated');
  check((await unlabelled(vpage)).length === 0, 'every input and select has a label', (await unlabelled(vpage)).join(' '));
  await axe(vpage, 'the puzzle page (a visitor, the puzzle to solve)');
  await vpage.locator('#board').focus();
  check(await tabTo(vpage, '#move-input'), 'Tab reaches the move input from the board');
  await vpage.keyboard.type('Qxf7#');
  await vpage.keyboard.press('Enter');
  check(await waitAnnounced(vpage, en['puzzle.unratedVisitor']), 'the live region says it is unrated', await announced(vpage));
  check((await vpage.locator('#status').textContent()) === en['puzzle.solved'], 'solved', await vpage.locator('#status').textContent());
  const visitorResult = await ratingShown(vpage);
  check(!visitorResult.rated && visitorResult.text === en['puzzle.unratedVisitor'], 'the page says: unrated, sign in', visitorResult.text);
  check(await vpage.locator('#next-puzzle').isVisible(), 'the next puzzle is offered');
  check((await vpage.locator('#puzzle-themes').textContent()).includes(textOf('en', 'puzzle.theme.mateIn1')), 'the themes, once solved');
  await axe(vpage, 'the puzzle page (a visitor, solved)');
  await shot(vpage, 'puzzles-visitor-solved');
  // The next puzzle: the address no longer names the one solved.
  await vpage.locator('#next-puzzle').click();
  await vpage.waitForFunction(() => !new URLSearchParams(location.search).has('id'));
  await waitReady(vpage, 'white').catch(() => {});
  check(new URL(vpage.url()).pathname === '/puzzles' && (await vpage.locator('#next-puzzle').isHidden()), 'the next puzzle comes, the address without the id', vpage.url());

  console.log('2. a streak: near 800, then 900; over at the first mistake');
  const asked = [];
  let streakAttempts = 0;
  vpage.on('request', r => {
    if (r.url().includes('/api/puzzles/next')) asked.push(new URL(r.url()).search);
    if (r.url().endsWith('/attempt')) streakAttempts++;
  });
  // The server picks among the three puzzles at random; the streak is given the fork, then the
  // scholar's mate this page solved in 1 (its attempt sent then): a streak still says unrated.
  const streakOrder = [fork.id, scholar.id];
  await vpage.route(/\/api\/puzzles\/next/, async route => {
    const id = streakOrder.shift();
    if (!id) return route.continue();
    await route.fulfill({ response: await vpage.request.get(`${base}/api/puzzles/${id}`) });
  });
  const streakPuzzle = vpage.waitForResponse(r => r.url().includes('/api/puzzles/next'));
  await vpage.locator('#streak-start').click();
  let current = (await (await streakPuzzle).json()).puzzle;
  check(asked[0] === '?rating=800', 'the streak starts near 800', asked.join(' '));
  check(new URL(vpage.url()).searchParams.get('streak') === '1', 'the address says streak');
  const solverOf = p => (p.fen.split(' ')[1] === 'w' ? 'black' : 'white');
  await waitPuzzle(vpage, solverOf(current));
  // Solved by typing its moves (UCI), each after the reply.
  for (let i = 0; i < current.solution.length; i += 2) {
    await waitReady(vpage, solverOf(current));
    await vpage.locator('#move-input').fill(current.solution[i]);
    await vpage.locator('#move-input').press('Enter');
  }
  await vpage.locator('#next-puzzle').waitFor({ state: 'visible', timeout: 10000 });
  check((await vpage.locator('#streak-count').textContent()) === textOf('en', 'puzzle.streak.count', { n: 1 }), 'the streak counts 1', await vpage.locator('#streak-count').textContent());
  const nextPuzzle = vpage.waitForResponse(r => r.url().includes('/api/puzzles/next'));
  await vpage.locator('#next-puzzle').click();
  current = (await (await nextPuzzle).json()).puzzle;
  check(asked.includes('?rating=900'), 'the next is asked near 900', asked.join(' '));
  await waitPuzzle(vpage, solverOf(current));
  // A wrong move: a legal move of the solver that is not the solution's (and does not mate).
  const wrong = await vpage.evaluate(right => {
    const dests = window.cg.state.movable.dests;
    for (const [from, tos] of dests) for (const to of tos) if (`${from}${to}` !== right && !(from === 'h5' && to === 'f7') && !(from === 'b1' && (to === 'a1' || to === 'c1'))) return `${from}${to}`;
    return null;
  }, current.solution[0]);
  await vpage.locator('#move-input').fill(wrong);
  await vpage.locator('#move-input').press('Enter');
  await vpage.locator('#streak-new').waitFor({ state: 'visible', timeout: 10000 });
  check((await vpage.locator('#streak-count').textContent()) === textOf('en', 'puzzle.streak.over', { n: 1 }), 'the streak is over: 1 solved', await vpage.locator('#streak-count').textContent());
  check(await vpage.locator('#next-puzzle').isHidden(), 'no next puzzle in an ended streak, a new streak instead');
  // As lichess's Puzzle Streak: not rated, no attempt sent.
  check(streakAttempts === 0, 'a streak sends no attempt', String(streakAttempts));
  check((await vpage.locator('#puzzle-rating-change').textContent()) === en['puzzle.streak.unrated'], 'a streak says it is not rated', await vpage.locator('#puzzle-rating-change').textContent());
  await axe(vpage, 'the puzzle page (a streak over)');
  await visitor.close();

  console.log('3. a signed-up player solves the scholar\'s mate by dragging the queen: rated');
  const pia = await signedIn(base, 'pia');
  const page = await pia.newPage();
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(`${base}/puzzles?id=${scholar.id}`);
  await waitPuzzle(page, 'white');
  check((await page.locator('#my-rating').textContent()) === textOf('en', 'puzzle.yourRating', { rating: '1500?' }), 'a new player: 1500?', await page.locator('#my-rating').textContent());
  const attempts = [];
  page.on('response', async r => {
    if (r.url().endsWith('/attempt')) attempts.push(await r.json().catch(() => null));
  });
  await drag(page, 'h5', 'f7');
  const first = await ratingShown(page);
  const afterFirst = lichessGame(NEW, { ...NEW, rating: scholar.rating }, 1);
  const expectedFirst = { rating: shown(afterFirst.rating), change: shown(afterFirst.rating) - 1500 };
  console.log(`  computed: ${afterFirst.rating.toFixed(3)} (deviation ${afterFirst.deviation.toFixed(2)}, volatility ${afterFirst.volatility.toFixed(6)}) against ${scholar.rating}`);
  check(first.rated && first.rating === expectedFirst.rating && first.change === expectedFirst.change, `the rating shown is the Glicko-2 computation: ${expectedFirst.rating} (${signed(expectedFirst.change)})`, JSON.stringify(first));
  check(first.text === textOf('en', 'puzzle.rated', { rating: `${expectedFirst.rating}?`, change: signed(expectedFirst.change) }), 'in words, provisional', first.text);
  check(attempts.length === 1 && attempts[0]?.player?.rating === expectedFirst.rating, 'the API\'s answer says the same', JSON.stringify(attempts));
  check(attempts[0]?.player?.deviation === Math.round(afterFirst.deviation), 'and the deviation too', JSON.stringify(attempts[0]?.player));
  const pieceOnF7 = (await pieces(page)).f7;
  check(pieceOnF7 === 'white queen', 'the queen stands on f7', pieceOnF7);
  await axe(page, 'the puzzle page (signed in, solved, with the dashboard)');
  await shot(page, 'puzzles-solved-rated');

  console.log('4. the player fails the fork: the right move said, the rating change computed');
  await page.goto(`${base}/puzzles?id=${fork.id}`);
  await waitPuzzle(page, 'white');
  await drag(page, 'h2', 'h3');
  const failedText = textOf('en', 'puzzle.failed', { move: 'Nd6+' });
  check(await waitAnnounced(page, failedText), 'the live region says the move was wrong and the right one', await announced(page));
  const second = await ratingShown(page);
  const afterSecond = lichessGame(afterFirst, { ...NEW, rating: fork.rating }, 0);
  const expectedSecond = { rating: shown(afterSecond.rating), change: shown(afterSecond.rating) - shown(afterFirst.rating) };
  check(second.rated && second.rating === expectedSecond.rating && second.change === expectedSecond.change, `the rating change is the computation's: ${expectedSecond.rating} (${signed(expectedSecond.change)})`, JSON.stringify(second));
  check(second.change < 0, 'a failed puzzle costs rating');
  // The wrong move taken back, the right one drawn; the solution shown move by move.
  await page.waitForFunction(() => window.cg.state.pieces.get('h2')?.role === 'pawn', null, { timeout: 5000 });
  check(true, 'the wrong move is taken back');
  await page.locator('#solution-next').waitFor({ state: 'visible' });
  for (let i = 0; i < 3; i++) await page.locator('#solution-next').click();
  check((await page.locator('#moves .move[data-ply]').allTextContents()).join(' ') === 'Qb7 Nd6+ Ke7 Nxb7', 'the whole solution is shown', (await page.locator('#moves .move[data-ply]').allTextContents()).join(' '));
  check(await page.locator('#solution-next').isHidden(), 'and nothing left to show');
  const gameHref = await page.locator('#game-link').getAttribute('href');
  const forkGame = (await (await fetch(`${base}/api/puzzles/${fork.id}`)).json()).game;
  check(await page.locator('#game-link').isVisible() && !!forkGame.url && gameHref === forkGame.url, 'a link to the game it comes from (its PGN\'s Site)', `${gameHref} ${forkGame.url}`);
  // Once over, the arrows browse the line.
  await page.locator('#board').focus();
  await page.keyboard.press('Home');
  check((await page.locator('#moves .move.current').count()) === 0 && (await pieces(page)).b6 === 'black queen', 'Home: the puzzle\'s first position');
  await page.keyboard.press('End');
  check((await page.locator('#moves .move.current').textContent()) === 'Nxb7', 'End: the last move');

  console.log('5. the castling puzzle, by the theme filter, solved by dropping the king on its rook');
  await page.locator('#puzzle-theme').selectOption('castling');
  check((await page.locator('#puzzle-theme option[value=castling]').textContent()) === en['puzzle.theme.castling'], 'the theme has its name');
  await page.locator('#puzzle-find').click();
  await page.waitForURL(u => new URL(u).searchParams.get('theme') === 'castling');
  await waitPuzzle(page, 'white');
  check((await page.locator('#puzzle-info').textContent()).includes(castling.id), 'the castling puzzle', await page.locator('#puzzle-info').textContent());
  check((await page.locator('#puzzle-mode').textContent()) === textOf('en', 'puzzle.mode.theme', { theme: en['puzzle.theme.castling'] }), 'the mode says the theme');
  await drag(page, 'b1', 'a1');
  const third = await ratingShown(page);
  const afterThird = lichessGame(afterSecond, { ...NEW, rating: castling.rating }, 1);
  const expectedThird = { rating: shown(afterThird.rating), change: shown(afterThird.rating) - shown(afterSecond.rating) };
  check((await page.locator('#status').textContent()) === en['puzzle.solved'], 'solved by castling', await page.locator('#status').textContent());
  await sleep(800); // FIDE's castling animation: king lifted, rook moved, king placed
  const board = await pieces(page);
  check(board.c1 === 'white king' && board.d1 === 'white rook' && !board.a1 && !board.b1, 'the king on c1 and the rook on d1', JSON.stringify(board));
  check((await page.locator('#moves .move[data-ply="2"]').textContent()) === 'O-O-O#', 'written O-O-O#');
  check(third.rated && third.rating === expectedThird.rating && third.change === expectedThird.change, `the third rating change is the computation's: ${expectedThird.rating} (${signed(expectedThird.change)})`, JSON.stringify(third));
  await shot(page, 'puzzles-castling-solved');

  console.log('6. the dashboard, the profile and the links');
  await page.goto(`${base}/puzzles`);
  await page.locator('#puzzle-dash-history li').first().waitFor({ timeout: 10000 });
  check((await page.locator('#puzzle-dash-summary').textContent()) === textOf('en', 'puzzle.dash.summary', { attempts: 3, wins: 2, share: '67%' }), 'the dashboard: 3 tried, 2 solved (67%)', await page.locator('#puzzle-dash-summary').textContent());
  const mateRow = await page.locator('#puzzle-dash-themes tr[data-theme=mate] td').allTextContents();
  check(mateRow.join(' ') === '2 2 100%', 'mate: 2 tried, 2 solved', mateRow.join(' '));
  const forkRow = await page.locator('#puzzle-dash-themes tr[data-theme=fork] td').allTextContents();
  check(forkRow.join(' ') === '1 0 0%', 'fork: 1 tried, 0 solved', forkRow.join(' '));
  check((await page.locator('#puzzle-dash-themes th[scope=col]').count()) === 4 && (await page.locator('#puzzle-dash-themes caption').count()) === 1, 'success per theme is a table with a caption and column headers');
  const history = await page.locator('#puzzle-dash-history li').evaluateAll(lis => lis.map(li => li.dataset.id));
  check(history.join(' ') === [castling.id, fork.id, scholar.id].join(' '), 'the history, newest first', history.join(' '));
  const newest = await page.locator('#puzzle-dash-history li .rating').first().textContent();
  check(newest === textOf('en', 'puzzle.dash.after', { rating: expectedThird.rating, change: signed(expectedThird.change) }) || newest.startsWith(textOf('en', 'puzzle.dash.after', { rating: expectedThird.rating, change: '' }).replace(/\(\)$/, '(')), 'the newest entry: the rating after it', newest);
  check((await page.locator('#my-rating').textContent()) === textOf('en', 'puzzle.yourRating', { rating: `${expectedThird.rating}?` }), 'the page shows the rating now');
  check((await page.locator('#top-puzzles').getAttribute('href')) === '/puzzles', 'the top bar links to the puzzles');
  await axe(page, 'the puzzle page with the dashboard');
  await shot(page, 'puzzles-dashboard');
  await page.goto(`${base}/player/pia`);
  await page.locator('#puzzle-rating-row').waitFor({ timeout: 10000 });
  check((await page.locator('#puzzle-rating-row td.rating').textContent()) === `${expectedThird.rating}?`, 'the profile shows the puzzle rating', await page.locator('#puzzle-rating-row td.rating').textContent());
  await page.goto(`${base}/`);
  check((await page.locator('#home-puzzles').getAttribute('href')) === '/puzzles', 'the start page links to the puzzles');

  console.log('7. the languages, by the top bar\'s switch');
  await page.goto(`${base}/puzzles?id=${scholar.id}`);
  for (const code of ['hu', 'ru', 'de', 'fr', 'en']) {
    await page.locator('#lang-switch').selectOption(code);
    await page.waitForFunction(c => document.documentElement.lang === c, code);
    await waitPuzzle(page, 'white');
    await page.locator('#puzzle-dash-history li').first().waitFor({ timeout: 10000 });
    const heading = await page.locator('#puzzle-heading').textContent();
    check(heading === texts(code)['puzzle.heading'], `${code}: the page's heading`, heading);
    await waitAnnounced(page, textOf(code, 'puzzle.findMove', { color: texts(code)['color.white'] }));
    if (code !== 'en') {
      const left = englishLeft(await pageText(page), code);
      check(left.length === 0, `${code}: no English left on /puzzles`, left.slice(0, 12).join('; '));
    }
    await axe(page, `/puzzles in ${code}`);
  }
  check(errors.length === 0, 'no script error on the pages', errors.join('; '));
}

await runSuite(main, {
  browser: () => browser,
  server: () => server,
  work,
  onFailure: shootOpenPages(() => browser, shot, 'puzzles'),
});
