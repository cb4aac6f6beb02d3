// End-to-end test of the game database's pages (web/src/explorer/, web/src/db/, issue 42) in
// real headless Chromium against `chess960 serve` (notes/db-contract.md's routes).
//
//   node web/e2e/db-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// 1. Two accounts, alma and bodo, a casual 3+2 (blitz) lobby game at start position 333, four
//    moves by the API, then bodo resigns on the game page: the finished game's page shows the
//    explorer (none during play); taken back to
//    the start position it counts the game at once (1 game, white wins 100%, the first move
//    with 1 game), with the game among the top and recent games, linking to its page.
// 2. By keyboard: Tab to the first move's button, Enter plays it in the explorer (the line
//    shown, the live region says the new totals), "one move back" returns.
// 3. The filters: the speed toggles (bullet alone: no game; blitz again: the game), aria-pressed.
// 4. The analysis board shows the explorer for the position on the board.
// 5. /db: the explorer at ?start=333 switched to this server's games counts it; the search
//    (NDJSON) by start number and by result lists it with a link to its page; the games by
//    start position have a row 333 linking to the explorer there; a refused start number; a
//    player's own explorer from her profile's link (/db?source=player&player=alma&color=white).
// 5b. An imported collection (chess960 db import before the server starts): /db?start=518 counts
//    its game, whose link opens its view on /db with an explorer following its moves.
// 5c. An upload: alma sends a PGN file of three games (two Chess960 games at one start position,
//    one with an illegal move) from /db's form: refused in the page first (no file, a file over
//    16 MiB, a collection name with ':'), then the outcome in its live region (2 imported,
//    1 skipped by line), the same file again (2 already there), the link to the explorer of her
//    collection counting the two games; a visitor not signed in is shown the way to sign in.
// 6. The languages: /db?start=333 switched through hu, ru, de, fr and back to en with the
//    top bar's switch: the explorer's heading and summary in each, no English left.
// 7. axe-core: no serious or critical violation on the game page with the explorer, the
//    analysis board, /db (light and dark, with the upload's outcome) and in every language.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { axe, check, getJson, launchBrowser, loadChromium, runSuite, screenshots, shotSizes, startServer, unlabelled, shootOpenPages } from './harness.mjs';
import { englishLeft, pageText, textOf, texts } from './languages.mjs';

const chromium = await loadChromium('web_e2e_db');

const [binary, distDir, shotsArg] = process.argv.slice(2);
const shot = screenshots(resolve(shotsArg ?? process.env.E2E_SCREENSHOTS ?? 'e2e-screenshots'));
const shotAll = shotSizes(shot);
const work = mkdtempSync(join(tmpdir(), 'chess960-db-e2e-'));
const usage = 'usage: node db-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]';
const START = 333;

let server;
let browser;

const PASSWORD = 'correct horse 960';
const IMPORTED_PGN = `[Event "Imported"]
[Site "e2e"]
[Date "2025.03.01"]
[White "Ann Import"]
[Black "Cy Import"]
[Result "0-1"]
[WhiteElo "1900"]
[BlackElo "1850"]
[TimeControl "300+3"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 e5 2. d4 d5 0-1
`;

// Two Chess960 games from one start position (Mainz 2009, rounds 1.1 and 1.2, cut short) and a
// third whose first move is illegal (the queen on h1 is shut in by its pawn).
const MAINZ_FEN = 'nnrbkrbq/pppppppp/8/8/8/8/PPPPPPPP/NNRBKRBQ w FCfc - 0 1';
const uploadGame = (round, white, black, moves) => `[Event "CCM9 - Chess960 Rapid WCh"]
[Site "Mainz"]
[Date "2009.07.28"]
[Round "${round}"]
[White "${white}"]
[Black "${black}"]
[Result "0-1"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "${MAINZ_FEN}"]

${moves} 0-1
`;
const UPLOAD_PGN = [
  uploadGame('1.1', 'Nakamura, Hikaru', 'Aronian, Levon', '1. g3 c6 2. c4 g6 3. Nc3 f5'),
  uploadGame('1.2', 'Movsesian, Sergei', 'Bologan, Viktor', '1. d4 g6 2. Nb3 f5 3. N1d2 Nc6'),
  uploadGame('9.9', 'Nobody, A', 'Nobody, B', '1. Qh5 e6'),
].join('\n');

// An account signed up and in, in a browser context of its own: call() speaks to the API with its
// session cookie and CSRF token, as the page does.
async function signedIn(browser, base, name) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const api = context.request;
  const up = await api.post(`${base}/api/accounts`, { data: { name, password: PASSWORD } });
  if (!up.ok()) throw new Error(`sign up ${name}: ${up.status()} ${await up.text()}`);
  const session = await api.post(`${base}/api/session`, { data: { name, password: PASSWORD } });
  if (!session.ok()) throw new Error(`sign in ${name}: ${session.status()} ${await session.text()}`);
  const { csrfToken } = await session.json();
  // The page asks who is signed in only once this browser has noted a sign-in (account/session.ts).
  await context.addInitScript(account => localStorage.setItem('chess960.account', account), name);
  const call = async (method, path, body) => {
    const r = await api.fetch(`${base}${path}`, { method, headers: { 'X-CSRF-Token': csrfToken }, ...(body !== undefined && { data: body }) });
    if (!r.ok()) throw new Error(`${name}: ${method} ${path}: ${r.status()} ${await r.text()}`);
    return r.status() === 204 ? null : r.json();
  };
  return { context, call };
}

// The explorer's summary once it says `n` games (its live region) and, given `uci`, lists that
// move: a position with as many games as the one before is told apart by its moves.
async function waitGames(page, prefix, n, uci = null, timeout = 5000) {
  try {
    await page.waitForFunction(
      ([p, count, move]) => {
        const panel = document.getElementById(p);
        return panel?.dataset.games === String(count) && (!move || !!panel.querySelector(`tbody tr[data-uci="${move}"]`));
      },
      [prefix, n, uci],
      { timeout },
    );
    return true;
  } catch {
    return false;
  }
}

// Presses Tab until `selector` has the focus (keyboard only: no click).
async function tabTo(page, selector, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(s => document.activeElement?.matches(s) ?? false, selector)) return true;
    await page.keyboard.press('Tab');
  }
  return false;
}

async function main() {
  // An imported collection: one game from start position 518, in the server's database before it starts.
  writeFileSync(join(work, 'fide.pgn'), IMPORTED_PGN);
  if (binary && !process.env.E2E_BASE_URL) {
    const said = execFileSync(binary, ['db', 'import', join(work, 'fide.pgn'), '--db', join(work, 'games.db'), '--collection', 'fide'], { encoding: 'utf8' });
    check(/imported 1 games/.test(said), 'chess960 db import reads the collection', said.trim());
  }
  const started = await startServer({ binary, distDir, work, usage, extraArgs: ['--password-cost', 'interactive'] });
  server = started.server;
  const base = started.base;
  console.log(`server: ${base}`);
  browser = await launchBrowser(chromium);
  const errors = [];

  console.log('1. a lobby game between two accounts, resigned on its page, counted by the explorer at once');
  // Two accounts (their names are the game's players), a casual 3+2 seek at start 333 accepted.
  const alma = await signedIn(browser, base, 'alma');
  const bodo = await signedIn(browser, base, 'bodo');
  const seek = await alma.call('POST', '/api/seeks', { clock: { initial: 180, increment: 2 }, rated: false, color: 'white', start: { type: 'number', number: START } });
  const { game: id } = await bodo.call('POST', `/api/seeks/${encodeURIComponent(seek.id)}/accept`, {});
  const played = [];
  for (let ply = 0; ply < 4; ply++) {
    const player = ply % 2 === 0 ? alma : bodo;
    const { moves } = await player.call('GET', `/api/games/${id}/legal`);
    const move = moves.find(m => !m.castle && !m.promotion) ?? moves[0];
    await player.call('POST', `/api/games/${id}/moves`, { move: move.uci, ply });
    played.push(move);
  }
  const page = await bodo.context.newPage();
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(`${base}/game/${id}`);
  await page.locator('#resign').waitFor({ state: 'visible', timeout: 15000 });
  check(await page.locator('#explorer-box').isHidden(), 'no explorer while the game is played');
  await page.locator('#resign').click();
  await page.locator('#resign-yes').click();
  await page.locator('#result').waitFor({ timeout: 10000 });
  await page.locator('#explorer-box').waitFor({ state: 'visible', timeout: 5000 });
  check(true, 'the finished game shows the explorer');
  // The server's answer straight after the game ended.
  const direct = await getJson(`${base}/api/explorer/games?start=${START}`);
  check(direct.white === 1 && direct.draws === 0 && direct.black === 0, 'the explorer API counts the game at once', JSON.stringify(direct).slice(0, 200));
  await page.locator('[data-nav=first]').click();
  check(await waitGames(page, 'explorer', 1, played[0].uci), 'at the start position the panel counts the game', await page.locator('#explorer-status').textContent());
  check((await page.locator('#explorer-status').textContent()) === textOf('en', 'explorer.summary', { n: 1, white: 100, draws: 0, black: 0 }), 'the summary: 1 game, white wins 100%', await page.locator('#explorer-status').textContent());
  const firstRow = page.locator(`#explorer-moves tbody tr[data-uci="${played[0].uci}"]`);
  check((await firstRow.count()) === 1, `the first move (${played[0].san}) is in the table`);
  check((await firstRow.locator('td.games').textContent()) === '1', 'with 1 game');
  check((await firstRow.locator('.wdb').getAttribute('aria-label')) === textOf('en', 'explorer.bar', { white: 100, draws: 0, black: 0 }), 'its bar says the shares in words');
  check((await page.locator('#explorer-moves caption').count()) === 1 && (await page.locator('#explorer-moves thead th[scope=col]').count()) === 4, 'the moves are a table with a caption and column headers');
  const gameLinks = await page.locator('#explorer-top a, #explorer-recent a').evaluateAll(as => as.map(a => a.getAttribute('href')));
  check(gameLinks.length >= 1 && gameLinks.every(h => h === `/game/${id}`), 'the top and recent games link to the game', gameLinks.join(' '));
  const gameText = await page.locator('#explorer-recent a').first().textContent();
  check(/^alma – bodo, 1-0, /.test(gameText), 'the game is named by its players and result', gameText);
  await axe(page, 'the finished game with the explorer');
  await shotAll(page, 'db-game-explorer', '#explorer-box');

  console.log('2. by keyboard: a move played in the explorer, and back');
  await page.locator('#explorer-title').click(); // a starting point for Tab inside the panel
  check(await tabTo(page, '#explorer-moves .explorer-play'), 'Tab reaches the first move of the table');
  const name = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  check(name === textOf('en', 'explorer.playMove', { san: played[0].san }), 'the button is named for the move', name);
  await page.keyboard.press('Enter');
  await page.locator('#explorer-line').waitFor({ state: 'visible' });
  check((await page.locator('#explorer-line span').textContent()).includes(played[0].san), 'the line shows the move played');
  check(await waitGames(page, 'explorer', 1, played[1].uci), 'the position after it: the game again');
  const afterFirst = await page.locator(`#explorer-moves tbody tr[data-uci="${played[1].uci}"]`).count();
  check(afterFirst === 1, `its reply (${played[1].san}) is listed`);
  check((await page.locator('#explorer-status').getAttribute('aria-live')) === 'polite', 'the totals are said through a polite live region');
  const focused = await page.evaluate(() => document.activeElement?.className ?? '');
  check(/explorer-play/.test(focused), 'the focus stays on the moves', focused);
  await page.locator('#explorer-back').focus();
  await page.keyboard.press('Enter');
  await page.locator('#explorer-line').waitFor({ state: 'hidden' });
  check(true, 'one move back: the line is gone');

  console.log('3. the filters');
  await page.locator('.explorer-filters summary').click();
  const speedButtons = page.locator('.explorer-speeds button');
  check((await speedButtons.count()) === 6 && (await speedButtons.evaluateAll(bs => bs.every(b => b.getAttribute('aria-pressed') === 'true'))), 'six speeds, all chosen');
  // Leave bullet alone: no game; then blitz as well: the game again.
  for (const label of ['UltraBullet', 'Blitz', 'Rapid', 'Classical', 'Correspondence']) await page.locator('.explorer-speeds button', { hasText: new RegExp(`^${label}$`) }).click();
  check(await waitGames(page, 'explorer', 0), 'bullet only: no game');
  check((await page.locator('#explorer-status').textContent()) === texts('en')['explorer.noGames'], 'and the panel says so');
  await page.locator('.explorer-speeds button', { hasText: /^Blitz$/ }).click();
  check(await waitGames(page, 'explorer', 1), 'bullet and blitz: the blitz game');
  const groups = await page.locator('.explorer-ratings button').evaluateAll(bs => bs.map(b => b.getAttribute('aria-label')));
  check(groups.length === 9 && groups[0] === '0 to 999' && groups[8] === '2500 and above', 'nine rating groups, named by their ranges', groups.join(', '));

  console.log('4. the analysis board');
  await page.goto(`${base}/analysis/${id}`);
  await page.locator('#explorer-box').waitFor({ state: 'visible', timeout: 10000 });
  await page.locator('[data-nav=first]').click().catch(() => {});
  await page.locator('#board').focus();
  await page.keyboard.press('Home');
  check(await waitGames(page, 'explorer', 1, played[0].uci), 'the analysis board counts the game at the start position');
  await page.keyboard.press('ArrowRight');
  check(await waitGames(page, 'explorer', 1, played[1].uci), 'and after the first move');
  await axe(page, 'the analysis board with the explorer');

  console.log('5. the database page');
  await page.goto(`${base}/db?start=${START}`);
  await page.locator('#db-explorer-status').filter({ hasText: /./ }).waitFor();
  await page.locator('.explorer-sources button', { hasText: texts('en')['explorer.source.games'] }).click();
  check(await waitGames(page, 'db-explorer', 1), `/db?start=${START}, this server's games: the game`);
  check((await page.locator('.explorer-sources button[aria-pressed=true]').textContent()) === texts('en')['explorer.source.games'], 'the source switch says which is chosen');
  // A start number refused, then another.
  await page.locator('#db-explorer-number').fill('960');
  await page.locator('#db-explorer-number').press('Enter');
  check((await page.locator('#db-explorer-error').textContent()) === texts('en')['db.chooseStart'], 'start 960 is refused, saying why');
  await page.locator('#db-explorer-number').fill('0');
  await page.locator('#db-explorer-number').press('Enter');
  check(await waitGames(page, 'db-explorer', 0), 'start 0: no game');
  check(new URL(page.url()).searchParams.get('start') === '0', 'the address follows the start position');
  // The search (the latest games listed first: the server's and the imported one).
  await page.locator('#db-status').filter({ hasText: textOf('en', 'db.found', { n: 2 }) }).waitFor({ timeout: 5000 });
  await page.locator('#db-start').fill(String(START));
  await page.locator('#db-result').selectOption('1-0');
  await page.locator('#db-find').click();
  await page.locator('#db-status').filter({ hasText: textOf('en', 'db.found', { n: 1 }) }).waitFor({ timeout: 5000 });
  const rows = await page.locator('#db-results tbody tr').count();
  check(rows === 1, 'the search by start and result finds the game', String(rows));
  check((await page.locator('#db-results tbody tr a').first().getAttribute('href')) === `/game/${id}`, 'linking to its page');
  check((await page.locator('#db-status').textContent()) === textOf('en', 'db.found', { n: 1 }), 'the status counts it');
  await page.locator('#db-result').selectOption('0-1');
  await page.locator('#db-find').click();
  await page.locator('#db-status').filter({ hasText: texts('en')['db.noGames'] }).waitFor({ timeout: 5000 });
  check(await page.locator('#db-results').isHidden(), 'black wins at start 333: none');
  const startRow = page.locator(`#db-starts tbody tr[data-start="${START}"]`);
  await startRow.waitFor({ timeout: 5000 });
  check((await startRow.locator('td').first().textContent()) === '1', `the games by start position: 1 at ${START}`);
  check((await startRow.locator('a').getAttribute('href')) === `/db?start=${START}`, 'linking to the explorer there');
  check((await unlabelled(page)).length === 0, 'every field of /db has a label', (await unlabelled(page)).join(', '));
  await axe(page, '/db');
  await shotAll(page, 'db-page', '#db-explorer');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await axe(page, '/db, dark');
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
  // The NDJSON itself.
  const ndjson = await fetch(`${base}/api/db/games?start=${START}`);
  const lines = (await ndjson.text()).split('\n').filter(Boolean).map(l => JSON.parse(l));
  check(lines.length === 1 && lines[0].gameId === id, 'GET /api/db/games answers the game as one NDJSON line');

  // A player's own explorer, from her profile's link: alma as white, at the start of her latest
  // game as white.
  await page.goto(`${base}/player/alma`);
  await page.locator('#player-explorer-white').click();
  await page.waitForURL(u => new URL(u).pathname === '/db');
  check(await waitGames(page, 'db-explorer', 1), "alma's explorer as white, from her profile, counts her game");
  check((await page.locator('#db-explorer-number').inputValue()) === String(START), 'at the start position of her latest game as white');
  const chosen = await page.locator('.explorer-sources button[aria-pressed=true]').textContent();
  check(chosen === textOf('en', 'explorer.source.player', { name: 'alma', color: texts('en')['color.white'] }), 'the source says whose games', chosen);
  check((await page.locator('#db-player').inputValue()) === 'alma', 'and the search is filled in with her name');
  await page.goto(`${base}/db?source=player&player=alma&color=black&start=${START}`);
  check(await waitGames(page, 'db-explorer', 0), 'as black: none');

  console.log('5b. an imported game: the explorer at its start, its own view');
  await page.goto(`${base}/db?start=518`);
  check(await waitGames(page, 'db-explorer', 1), '/db?start=518, the imported games: the imported game');
  const imported = page.locator('#db-explorer-recent a').first();
  const importedHref = await imported.getAttribute('href');
  check(/^\/db\?game=/.test(importedHref ?? ''), 'an imported game links to its view on /db', importedHref);
  await imported.click();
  await page.locator('#db-game-explorer-status').filter({ hasText: /./ }).waitFor();
  check((await page.locator('#db-game-title').textContent()) === 'Ann Import (1900) – Cy Import (1850)', 'the view names its players with their ratings', await page.locator('#db-game-title').textContent());
  check(await waitGames(page, 'db-game-explorer', 1), 'its explorer at its start counts it');
  await page.locator('#db-game [data-ply="2"]').click();
  check((await page.locator('#db-game [data-ply="2"]').getAttribute('aria-current')) === 'step', 'the move chosen is marked current');
  check(await waitGames(page, 'db-game-explorer', 1, 'd2d4'), 'after 1. e4 e5 too');
  check((await page.locator('#db-game-explorer-moves tbody tr[data-uci="d2d4"]').count()) === 1, 'with its next move, d4');
  await axe(page, 'an imported game on /db');

  console.log('5c. an upload of a PGN file by a signed-in player');
  const up = await alma.context.newPage();
  up.on('pageerror', e => errors.push(e.message));
  await up.goto(`${base}/db`);
  await up.locator('#db-upload-form').waitFor({ timeout: 5000 });
  const en = texts('en');
  check((await up.locator('#db-upload-title').textContent()) === en['db.upload.title'], 'the section "Upload your games"');
  check((await up.locator('#db-upload-collection').inputValue()) === 'uploads', 'the collection is "uploads" unless named');
  check((await up.locator('#db-upload-file').getAttribute('accept'))?.includes('.pgn'), 'the file input takes .pgn files');
  check((await unlabelled(up)).length === 0, 'every field of the upload has a label', (await unlabelled(up)).join(', '));
  const upStatus = up.locator('#db-upload-status');
  const outcome = up.locator('#db-upload-outcome');
  check((await outcome.getAttribute('role')) === 'status' && (await outcome.getAttribute('aria-live')) === 'polite', 'the outcome is a polite live region');
  // Refused in the page, before anything is sent.
  let posts = 0;
  up.on('request', r => r.method() === 'POST' && r.url().includes('/api/db/import') && (posts += 1));
  await up.locator('#db-upload-send').click();
  check((await upStatus.textContent()) === en['db.upload.chooseFile'], 'no file: the page asks for one', await upStatus.textContent());
  check(await up.evaluate(() => document.activeElement?.id === 'db-upload-file'), 'the focus goes to the file input');
  await up.locator('#db-upload-file').setInputFiles({ name: 'big.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.alloc(16 * 1024 * 1024 + 1, 32) });
  await up.locator('#db-upload-send').click();
  check((await upStatus.textContent()) === en['db.upload.tooLarge'], 'a file over 16 MiB is refused in the page', await upStatus.textContent());
  check((await up.locator('#db-upload-file').getAttribute('aria-invalid')) === 'true', 'the file input is marked invalid');
  await up.locator('#db-upload-file').setInputFiles({ name: 'mainz.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(UPLOAD_PGN) });
  await up.locator('#db-upload-collection').fill('a:b');
  await up.locator('#db-upload-send').click();
  check((await upStatus.textContent()) === en['db.upload.badName'], "a collection name with ':' is refused", await upStatus.textContent());
  check((await up.locator('#db-upload-collection').getAttribute('aria-invalid')) === 'true' && (await up.evaluate(() => document.activeElement?.id)) === 'db-upload-collection', 'the name field is marked invalid and has the focus');
  check(posts === 0, 'nothing was sent while the page refused', String(posts));
  // Sent.
  const collection = 'alma:mainz 2009'; // a name, not English words: the languages' check reads the page's search results
  await up.locator('#db-upload-collection').fill('mainz 2009');
  await up.locator('#db-upload-send').click();
  const done = textOf('en', 'db.upload.done', { collection, read: 3, imported: 2, already: 0, skipped: 1 });
  await upStatus.filter({ hasText: done }).waitFor({ timeout: 20000 }).catch(() => {});
  check((await upStatus.textContent()) === done, 'the outcome: 2 imported, 1 skipped', await upStatus.textContent());
  check(posts === 1, 'one upload sent');
  const skippedItems = await up.locator('#db-upload-skipped li').allTextContents();
  check(skippedItems.length === 1 && /^Line \d+: ./.test(skippedItems[0]), 'the skipped game is listed by its line, with why', skippedItems.join(' | '));
  const exploreHref = await up.locator('#db-upload-explore-link').getAttribute('href');
  const exploreUrl = new URL(exploreHref ?? '', base);
  check(exploreUrl.pathname === '/db' && exploreUrl.searchParams.get('source') === 'imported' && exploreUrl.searchParams.get('collection') === collection, 'a link to the explorer of the collection', exploreHref);
  await axe(up, '/db with the upload and its outcome');
  await shotAll(up, 'db-upload', '#db-upload');
  // The same file again: nothing new.
  await up.locator('#db-upload-send').click();
  const again = textOf('en', 'db.upload.done', { collection, read: 3, imported: 0, already: 2, skipped: 1 });
  await upStatus.filter({ hasText: again }).waitFor({ timeout: 20000 }).catch(() => {});
  check((await upStatus.textContent()) === again, 'the same file again: 2 already there', await upStatus.textContent());
  // The explorer of the collection, at the start of its latest game.
  await up.locator('#db-upload-explore-link').click();
  await up.waitForURL(u => new URL(u).searchParams.get('collection') === collection);
  check(await waitGames(up, 'db-explorer', 2), 'the explorer of the collection counts the two games', await up.locator('#db-explorer-status').textContent());
  const source = await up.locator('.explorer-sources button[aria-pressed=true]').textContent();
  check(source === textOf('en', 'explorer.source.collection', { name: collection }), 'the source names the collection', source);
  const direct2 = await getJson(`${base}/api/explorer/imported?fen=${encodeURIComponent(MAINZ_FEN)}&collection=${encodeURIComponent(collection)}`);
  check(direct2.black === 2, 'the explorer API counts them in the collection', JSON.stringify(direct2).slice(0, 120));
  await up.close();
  // A visitor not signed in: the way to sign in instead of the form.
  const visitor = await browser.newContext();
  const vpage = await visitor.newPage();
  vpage.on('pageerror', e => errors.push(e.message));
  await vpage.goto(`${base}/db`);
  await vpage.locator('#db-upload-hint').waitFor({ timeout: 5000 });
  check((await vpage.locator('#db-upload-hint').textContent()) === en['db.upload.signIn'] && (await vpage.locator('#db-upload-form').count()) === 0, 'a visitor is asked to sign in, with no form');
  check(((await vpage.locator('#db-upload-sign-in').getAttribute('href')) ?? '').startsWith('/login?next='), 'with a link to the sign-in page coming back');
  await visitor.close();

  console.log('6. the languages, by the top bar\'s switch');
  await page.goto(`${base}/db?start=${START}`);
  for (const code of ['hu', 'ru', 'de', 'fr', 'en']) {
    await page.locator('#lang-switch').selectOption(code);
    await page.waitForFunction(c => document.documentElement.lang === c, code);
    await page.locator('#db-explorer-status').filter({ hasText: /./ }).waitFor();
    await page.locator('#db-starts tbody tr').first().waitFor({ timeout: 5000 });
    const heading = await page.locator('#db-explorer-title').textContent();
    check(heading === texts(code)['explorer.title'], `${code}: the explorer's heading`, heading);
    const summary = await page.locator('#db-explorer-status').textContent();
    check(summary === texts(code)['explorer.noGames'] || summary.startsWith(texts(code)['explorer.summary'].split('{n}')[0]), `${code}: the explorer's summary`, summary);
    if (code !== 'en') {
      await page.locator('.explorer-filters summary').click();
      const left = englishLeft(await pageText(page), code);
      check(left.length === 0, `${code}: no English left on /db`, left.slice(0, 12).join('; '));
    }
    await axe(page, `/db in ${code}`);
  }
  check(errors.length === 0, 'no script error on the pages', errors.join('; '));
}

await runSuite(main, {
  browser: () => browser,
  server: () => server,
  work,
  onFailure: shootOpenPages(() => browser, shot, 'db'),
});
