// End-to-end test of playing as a keyboard or screen-reader user would, and of what happens
// around a game (web/src/round/, web/src/home/), in real headless Chromium against `chess960 serve`.
//
//   node web/e2e/play-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// 1. A whole friend game by keyboard only (the start page's form, then the move input), two
//    browsers: what the live region says (the opponent's move, a check, the result), a refused
//    move and why, names and presence, the invite box closing when the friend joins.
// 2. A rematch between the two browsers (colours swapped), with a premove on the opponent's move.
// 3. A move made during the opponent's castling animation is played, not dropped.
// 4. The server killed mid-game: "offline"/"reconnecting" within 2 s, a move refused with a
//    message, the same game resumed once the server is back.
// 4b. A takeback in a friend game: one browser asks, the other is asked in a dialog and accepts,
//    both boards and move lists go back, what is heard; no takeback button against the computer.
// 5. The analysis board: evaluation, best line, continue against the computer.
// 6. axe-core: no serious or critical violation on the start page, a game and the analysis
//    board, light and dark; screenshots at 1366x768, 768x1024 and 390x844, light and dark,
//    with the rank/file labels checked not to overlap a piece (by their boxes) and legible
//    (contrast >= 4.5), and the board using the width of a portrait tablet.
// 7. An unknown path answers 404 with a page that says so.
// 8. The languages: the game page loaded with the browser's language hu, ru, de and fr has no
//    English text left (every English text of src/common/i18n/en.json that the language words
//    differently, and common English words, looked for in the page's text and labels); the
//    language switch changes the page and is remembered; the castling help page (II.3.1 to
//    II.3.2.7) is reachable from the game page, in the page's language, with axe run on it.
// Each new state (after the game, the rematch offer, offline, the takeback question, the analysis
// board, the game page in each language, the help page) is shot at 1366x768, 768x1024 and
// 390x844 for docs/screenshots/.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SCREEN_SIZES, axe, check, getJson, launchBrowser, loadChromium, runSuite, screenshots, shotSizes, sleep, squareCenter, startServer, waitReady, shootOpenPages } from './harness.mjs';
import { englishLeft, pageText, texts } from './languages.mjs';

const chromium = await loadChromium('web_e2e_play');

const [binary, distDir, shotsArg] = process.argv.slice(2);
const shot = screenshots(resolve(shotsArg ?? process.env.E2E_SCREENSHOTS ?? 'e2e-screenshots'));
// Each new state of the page at desktop, tablet and phone sizes (docs/screenshots/).
const shotAll = shotSizes(shot);
const work = mkdtempSync(join(tmpdir(), 'chess960-play-e2e-'));
const usage = 'usage: node play-e2e.mjs <chess960 binary> <web/dist> [screenshot dir]';

let server;
let browser;
const CASTLE_FEN = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
// Everything the page's live region said, in order (a screen reader's transcript).
function listen(context) {
  return context.addInitScript(() => {
    window.__heard = [];
    let last = null;
    new MutationObserver(() => {
      const region = document.getElementById('announce');
      const text = region?.textContent?.trim();
      if (region && text && region.textContent !== last) {
        last = region.textContent;
        window.__heard.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const heard = page => page.evaluate(() => window.__heard ?? []);
async function waitHeard(page, pattern, timeout = 10000) {
  try {
    await page.waitForFunction(p => (window.__heard ?? []).some(t => new RegExp(p).test(t)), pattern.source, { timeout });
    return true;
  } catch {
    return false;
  }
}

// Presses Tab until `selector` has the focus (keyboard only: no click).
async function tabTo(page, selector, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(s => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

// Types a move into the move input (emptied first) and presses Enter.
async function typeMove(page, move) {
  await tabTo(page, '#move-input');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(move);
  await page.keyboard.press('Enter');
}

async function waitForPly(base, id, ply, timeout = 15000) {
  const until = Date.now() + timeout;
  for (;;) {
    const game = await getJson(`${base}/api/games/${id}`);
    if (game.ply >= ply) return game;
    if (Date.now() > until) throw new Error(`game ${id} did not reach ply ${ply} (at ${game.ply})`);
    await sleep(100);
  }
}


// The labels' boxes never cross a piece's box; their contrast with what is behind them.
async function labelGeometry(page) {
  return page.evaluate(() => {
    const boxes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
    const labels = boxes('.ranks span, .files span');
    const pieces = boxes('#board cg-board piece');
    const cross = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    let overlaps = 0;
    for (const l of labels) for (const p of pieces) if (cross(l, p)) overlaps += 1;
    const rgb = c => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = v => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const label = document.querySelector('.ranks span');
    let bgEl = label;
    let bg = 'rgba(0, 0, 0, 0)';
    while (bgEl && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
      bg = getComputedStyle(bgEl).backgroundColor;
      bgEl = bgEl.parentElement;
    }
    const [a, b] = [lum(rgb(getComputedStyle(label).color)), lum(rgb(bg))];
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const board = document.querySelector('#board').getBoundingClientRect();
    return { labels: labels.length, pieces: pieces.length, overlaps, contrast, boardWidth: board.width, viewport: innerWidth };
  });
}

async function main() {
  const started = await startServer({ binary, distDir, work, usage });
  server = started.server;
  const base = started.base;
  const port = Number(new URL(base).port);
  console.log(`server: ${base}`);
  browser = await launchBrowser(chromium);
  const alice = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const bob = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await listen(alice);
  await listen(bob);
  await bob.addInitScript(() => localStorage.setItem('chess960.prefs', JSON.stringify({ name: 'Bob' })));
  const a = await alice.newPage();
  const b = await bob.newPage();
  const errors = [];
  for (const p of [a, b]) {
    p.on('pageerror', e => errors.push(e.message));
    p.on('crash', () => console.log(`  (the page ${p.url()} crashed)`));
  }

  console.log('1. a friend game by keyboard only: the start page, then the move input');
  await a.goto(`${base}/`);
  await a.locator('#preview-label').filter({ hasText: /#\d+/ }).waitFor();
  await axe(a, 'the start page (light)');
  await tabTo(a, '#player-name');
  await a.keyboard.type('Alice');
  await tabTo(a, 'input[name=opponent]');
  await a.keyboard.press('ArrowDown'); // A friend
  await tabTo(a, 'input[name=friend-mode]');
  await a.keyboard.press('ArrowDown'); // Send a link
  await tabTo(a, 'input[name=start]');
  await a.keyboard.press('ArrowDown'); // By number (518 by default: the classical position)
  await a.locator('#preview-label').filter({ hasText: '#518' }).waitFor();
  await tabTo(a, '#start-number');
  await a.keyboard.press('Enter'); // submits the form
  await a.waitForURL(/\/game\//);
  const id = new URL(a.url()).pathname.split('/').pop();
  await a.locator('#invite-link').waitFor();
  const invite = await a.locator('#invite-link').inputValue();
  check(await a.locator('#player-bottom .who').textContent().then(t => t.includes('Alice (you)')), 'the chosen name is shown on the board');
  check((await a.locator('#player-top .presence').textContent()) === 'has not joined yet', 'the friend has not joined yet');
  await b.goto(invite);
  await b.locator('#board cg-board piece').first().waitFor();
  await a.locator('#invite').waitFor({ state: 'hidden', timeout: 5000 });
  check(true, 'the invite box closes once the friend has joined');
  await a.locator('#player-top .presence[data-state=connected]').waitFor({ timeout: 5000 });
  // The friend's name comes with the game's next event, which may follow the presence change.
  const named = await a.locator('#player-top .who').filter({ hasText: 'Bob' }).waitFor({ timeout: 5000 }).then(() => true, () => false);
  check(named, "the friend's name is shown", await a.locator('#player-top .who').textContent());
  check(await waitHeard(a, /has joined the game/), 'the page says the friend joined', JSON.stringify(await heard(a)));
  await waitReady(a, 'white');

  await typeMove(a, 'Nf6');
  await a.locator('#move-error').filter({ hasText: /./ }).waitFor();
  check((await a.locator('#move-error').textContent()) === 'No knight of yours can go to f6.', 'an impossible move is refused, saying why', await a.locator('#move-error').textContent());
  check(await waitHeard(a, /^No knight of yours can go to f6/), 'and the reason is heard');
  await typeMove(a, 'e4');
  await waitForPly(base, id, 1);
  check(await waitHeard(a, /^You played Pawn to e4\.$/), 'the own move is heard');
  await waitReady(b, 'black');
  await typeMove(b, 'e5');
  await waitForPly(base, id, 2);
  check(await waitHeard(a, /^Bob played Pawn to e5\. Your move\.$/), "the opponent's move is heard, with whose turn it is", JSON.stringify(await heard(a)));
  check(/Your move/.test(await a.title()), 'the tab title shows that it is your move', await a.title());
  await waitReady(a, 'white');
  await typeMove(a, 'Qh5');
  await waitForPly(base, id, 3);
  await waitReady(b, 'black');
  await typeMove(b, 'Ke7');
  await waitForPly(base, id, 4);
  await waitReady(a, 'white');
  await axe(a, 'a game in play (light)');
  await typeMove(a, 'Qxe5#');
  const over = await waitForPly(base, id, 5);
  check(over.result === '1-0' && over.termination === 'checkmate', 'the keyboard game ends in mate', `${over.result} ${over.termination}`);
  check(await waitHeard(a, /^You played Queen takes e5, checkmate\.$/), 'the check (mate) is heard');
  check(await waitHeard(b, /^Alice played Queen takes e5, checkmate\.$/), "the opponent's mating move is heard by the other player");
  check(await waitHeard(a, /^Game over: 1-0\./), 'the result is heard', JSON.stringify(await heard(a)));
  check(await waitHeard(b, /^Game over: 1-0\./), 'the result is heard by the opponent');
  await a.locator('#after').waitFor();
  check(await a.locator('#after #new-game').isVisible() && await a.locator('#after #analysis-link').isVisible(), 'after the game: new game and analysis board');
  await shotAll(a, 'play-after-game', '#after');

  console.log('2. a rematch between the two browsers, and a premove');
  await tabTo(a, '#rematch');
  await a.keyboard.press('Enter');
  await b.locator('#rematch-accept').waitFor({ timeout: 5000 });
  check((await b.locator('#rematch-box').textContent()).includes('Alice offers a rematch'), 'the other player is offered the rematch');
  await shotAll(b, 'play-rematch-offer', '#rematch-box');
  await b.locator('#rematch-accept').click();
  await Promise.all([a.waitForURL(u => !u.pathname.endsWith(id)), b.waitForURL(u => !u.pathname.endsWith(id))]);
  const id2 = new URL(a.url()).pathname.split('/').pop();
  check(id2 !== id && new URL(b.url()).pathname.endsWith(id2), 'both browsers are in the same new game');
  const room = await getJson(`${base}/api/games/${id}/room`);
  check(room.rematch.gameId === id2, 'the old game names its rematch');
  const seatA = await a.evaluate(g => JSON.parse(localStorage.getItem(`chess960.seats.${g}`) ?? '{}'), id2);
  const seatB = await b.evaluate(g => JSON.parse(localStorage.getItem(`chess960.seats.${g}`) ?? '{}'), id2);
  check(!!seatA.black && !seatA.white && !!seatB.white && !seatB.black, 'colours swapped: Alice black, Bob white', JSON.stringify({ seatA, seatB }));
  const rematch = await getJson(`${base}/api/games/${id2}`);
  check(rematch.startNumber === 518, 'the same start position');
  await a.locator('#player-bottom .who').filter({ hasText: 'Alice (you)' }).waitFor();
  check((await a.locator('#player-bottom').getAttribute('data-color')) === 'black', 'Alice now sees the board from black');
  // A premove: Alice (black) moves e7-e5 while Bob is to move; it is played on Bob's move.
  await a.waitForFunction(() => window.cg?.state.movable.color === 'black');
  const e7 = await squareCenter(a, 'e7', 'black');
  const e5 = await squareCenter(a, 'e5', 'black');
  await a.mouse.click(e7.x, e7.y);
  await a.mouse.click(e5.x, e5.y);
  check(JSON.stringify(await a.evaluate(() => window.cg.state.premovable.current)) === '["e7","e5"]', 'the premove is set', JSON.stringify(await a.evaluate(() => window.cg.state.premovable.current)));
  await waitReady(b, 'white');
  await typeMove(b, 'd4');
  const afterPremove = await waitForPly(base, id2, 2);
  check(afterPremove.moves.map(m => m.san).join(' ') === 'd4 e5', 'the premove is played on the opponent\'s move', afterPremove.moves.map(m => m.san).join(' '));

  console.log('3. a move made during the castling animation is not dropped');
  const created = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend', color: 'white', start: { type: 'fen', fen: CASTLE_FEN }, clock: null }),
  }).then(r => r.json());
  const id3 = created.id;
  await a.goto(`${base}/game/${id3}#seat=${created.tokens.black}`);
  await b.goto(`${base}/game/${id3}#seat=${created.tokens.white}`);
  await waitReady(b, 'white');
  await a.waitForFunction(() => window.cg?.state.movable.color === 'black');
  await typeMove(b, 'O-O-O');
  // As soon as Alice's board lifts the white king (the animation's first step), she moves.
  await a.waitForFunction(() => ![...window.cg.state.pieces.values()].some(p => p.role === 'king' && p.color === 'white'), null, { timeout: 5000 });
  const h7 = await squareCenter(a, 'h7', 'black');
  const h6 = await squareCenter(a, 'h6', 'black');
  await a.mouse.click(h7.x, h7.y);
  await a.mouse.click(h6.x, h6.y);
  const stillAnimating = await a.evaluate(() => ![...window.cg.state.pieces.values()].some(p => p.role === 'king' && p.color === 'white' && p.role));
  const castled = await waitForPly(base, id3, 2, 5000).catch(e => ({ moves: [], error: e.message }));
  check(castled.moves?.map(m => m.san).join(' ') === 'O-O-O h6', 'the move made during the animation is played', `${castled.moves?.map(m => m.san).join(' ')} ${castled.error ?? ''} (during: ${stillAnimating})`);

  console.log('4. the server killed mid-game: offline, a refused move, the game resumed');
  await waitReady(b, 'white');
  const t0 = Date.now();
  server.kill('SIGKILL');
  await b.locator('#connection[data-state=reconnecting], #connection[data-state=offline]').waitFor({ timeout: 2000 });
  const noticed = Date.now() - t0;
  check(noticed <= 2000, `the page shows the lost connection within 2 s (${noticed} ms)`, await b.locator('#connection').textContent());
  check((await b.locator('#player-top .presence').textContent()) === '', "offline, the page does not claim the friend is online", await b.locator('#player-top .presence').textContent());
  await shotAll(b, 'play-offline', '#connection');
  await typeMove(b, 'e4');
  await b.locator('#move-error').filter({ hasText: /Not sent/ }).waitFor({ timeout: 3000 });
  check((await b.locator('#move-error').textContent()).includes('connection to the server is lost'), 'a move while offline is refused with a message', await b.locator('#move-error').textContent());
  check(await b.evaluate(() => window.cg.state.pieces.get('e2')?.role === 'pawn'), 'the board still shows the game as it is');
  const restarted = await startServer({ binary, distDir, work, usage, port });
  server = restarted.server;
  await b.locator('#connection[data-state=connected]').waitFor({ timeout: 10000 });
  check(true, 'the page reconnects when the server is back');
  const resumed = await getJson(`${base}/api/games/${id3}`);
  check(resumed.ply === 2 && resumed.id === id3, 'same game, same position', `ply ${resumed.ply}`);
  await waitReady(b, 'white');
  await typeMove(b, 'e4');
  const goesOn = await waitForPly(base, id3, 3);
  check(goesOn.moves.map(m => m.san).join(' ') === 'O-O-O h6 e4', 'play goes on; no move lost', goesOn.moves.map(m => m.san).join(' '));
  // Alice's page came back too, and says so.
  await a.locator('#connection[data-state=connected]').waitFor({ timeout: 10000 });
  check(await waitHeard(a, /Connected again/), 'the other page heard that it is connected again');
  const presentAgain = await b.locator('#player-top .presence[data-state=connected]').waitFor({ timeout: 5000 }).then(() => true, () => false);
  check(presentAgain, 'connected again, the friend is shown online again', await b.locator('#player-top .presence').textContent());

  console.log('4b. a takeback: one player asks, the other accepts, both boards go back');
  const tb = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend', color: 'white', start: { type: 'number', number: 518 }, clock: { initial: 300, increment: 0 } }),
  }).then(r => r.json());
  await a.goto(`${base}/game/${tb.id}#seat=${tb.tokens.black}`);
  await b.goto(`${base}/game/${tb.id}#seat=${tb.tokens.white}`);
  await waitReady(b, 'white');
  await a.locator('#connection[data-state=connected]').waitFor({ timeout: 10000 });
  check(await b.locator('#takeback').isHidden(), 'no takeback button before a move of ones own');
  await typeMove(b, 'e4');
  await waitReady(a, 'black');
  await typeMove(a, 'e5');
  await waitReady(b, 'white');
  await typeMove(b, 'Nf3');
  await waitForPly(base, tb.id, 3);
  await b.locator('#takeback').waitFor({ state: 'visible', timeout: 5000 });
  await b.locator('#takeback').click();
  const question = a.locator('#takeback-dialog');
  await question.waitFor({ state: 'visible', timeout: 5000 });
  check(/asks to take back their last move/.test(await a.locator('#takeback-question').textContent()), "the opponent is asked, in a dialog", await a.locator('#takeback-question').textContent());
  check(await waitHeard(a, /asks for a takeback\.$/), 'the request is heard by the opponent', JSON.stringify(await heard(a)));
  check(/you asked for a takeback/.test(await b.locator('#status').textContent()), "the requester's status says so", await b.locator('#status').textContent());
  check(await b.locator('#takeback-cancel').isVisible(), 'the requester may withdraw it');
  await shotAll(a, 'play-takeback-question');
  await axe(a, 'a game with the takeback question open');
  await a.locator('#takeback-dialog-accept').click();
  let back = await getJson(`${base}/api/games/${tb.id}`);
  for (const until = Date.now() + 5000; back.ply !== 2 && Date.now() < until; back = await getJson(`${base}/api/games/${tb.id}`)) await sleep(100);
  check(back.ply === 2 && back.moves.map(m => m.san).join(' ') === 'e4 e5', 'the server took back Nf3', `${back.ply} ${back.moves.map(m => m.san).join(' ')}`);
  const knightHome = p => p.waitForFunction(() => window.cg.state.pieces.get('g1')?.role === 'knight' && !window.cg.state.pieces.get('f3'), null, { timeout: 5000 }).then(() => true, () => false);
  check(await knightHome(a), "the accepting player's board shows the position before Nf3");
  check(await knightHome(b), "the requester's board shows the position before Nf3");
  check(await question.isHidden(), 'the dialog is closed');
  check(await waitHeard(b, /^The last move was taken back\.$/), 'the requester hears the takeback', JSON.stringify(await heard(b)));
  check((await b.locator('#moves').textContent()).includes('e5') && !(await b.locator('#moves').textContent()).includes('Nf3'), 'the move list ends at e5', await b.locator('#moves').textContent());
  await waitReady(b, 'white');
  await typeMove(b, 'Nc3');
  const goesOnTb = await waitForPly(base, tb.id, 3);
  check(goesOnTb.moves.map(m => m.san).join(' ') === 'e4 e5 Nc3', 'the game goes on from there', goesOnTb.moves.map(m => m.san).join(' '));
  // Against the computer there is nobody to ask.
  const vsEngine = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: 'engine', color: 'white', level: 1, start: { type: 'number', number: 518 }, clock: null }),
  }).then(r => r.json());
  await b.goto(`${base}/game/${vsEngine.id}#seat=${vsEngine.tokens.white}`);
  await waitReady(b, 'white');
  await typeMove(b, 'e4');
  await waitForPly(base, vsEngine.id, 2);
  await waitReady(b, 'white');
  check(await b.locator('#takeback').isHidden(), 'no takeback button in a game against the computer');

  console.log('5. the analysis board');
  await a.goto(`${base}/analysis/${id}`);
  await a.locator('#eval-text').filter({ hasText: /depth|mate/ }).waitFor({ timeout: 10000 });
  check(/mate|checkmate/.test(await a.locator('#eval-text').textContent()), 'the final position: checkmate', await a.locator('#eval-text').textContent());
  await a.keyboard.press('Home');
  await a.keyboard.press('ArrowRight');
  await a.keyboard.press('ArrowRight');
  await a.locator('#eval-text').filter({ hasText: /depth/ }).waitFor({ timeout: 10000 });
  const line = await a.locator('#best-line').textContent();
  check(/^2\. \S+/.test(line), 'after 1. e4 e5: an evaluation and a best line from move 2', `${await a.locator('#eval-text').textContent()} | ${line}`);
  const bar = await a.locator('#eval-bar .eval-fill').evaluate(e => e.style.height);
  check(/^\d+%$/.test(bar), 'the evaluation bar is drawn', bar);
  await axe(a, 'the analysis board (light)');
  await shotAll(a, 'play-analysis', '#best-line');
  await a.locator('#continue').click();
  await a.waitForURL(u => u.pathname.startsWith('/game/') && !u.pathname.endsWith(id));
  const cont = await getJson(`${base}/api/games/${new URL(a.url()).pathname.split('/').pop()}`);
  check(cont.opponent === 'engine' && cont.initialFen.startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w'), 'continue from here: a game against the computer from that position', cont.initialFen);

  console.log('6. dark theme, axe, screenshots at three sizes with the labels checked');
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, colorScheme: scheme });
    const p = await ctx.newPage();
    await p.goto(`${base}/game/${id3}`);
    await p.locator('#board cg-board piece').first().waitFor();
    check((await p.evaluate(() => document.documentElement.dataset.theme)) === scheme, `the page follows prefers-color-scheme: ${scheme}`);
    if (scheme === 'dark') {
      await axe(p, 'a game (dark)');
      await p.goto(`${base}/`);
      await p.locator('#preview-label').filter({ hasText: /#\d+/ }).waitFor();
      await axe(p, 'the start page (dark)');
      await p.goto(`${base}/analysis/${id}`);
      await p.locator('#eval-text').filter({ hasText: /depth|mate/ }).waitFor({ timeout: 10000 });
      await axe(p, 'the analysis board (dark)');
      await p.goto(`${base}/game/${id3}`);
      await p.locator('#board cg-board piece').first().waitFor();
    }
    for (const [name, width, height] of SCREEN_SIZES) {
      await p.setViewportSize({ width, height });
      await sleep(300);
      const g = await labelGeometry(p);
      check(g.labels === 16 && g.pieces === 22 && g.overlaps === 0, `${name} ${scheme}: no label overlaps a piece`, JSON.stringify(g));
      check(g.contrast >= 4.5, `${name} ${scheme}: labels' contrast ${g.contrast.toFixed(2)} >= 4.5`);
      if (name !== 'desktop') check(g.boardWidth >= 0.9 * g.viewport, `${name} ${scheme}: the board uses the screen's width (${Math.round(g.boardWidth)} of ${g.viewport} px)`);
      else check(g.boardWidth >= 500, `desktop ${scheme}: the board is large (${Math.round(g.boardWidth)} px)`);
      await shot(p, `play-${name}-${scheme}`);
    }
    // The switch overrides the system's choice.
    await p.locator('#theme-switch').click();
    check((await p.evaluate(() => document.documentElement.dataset.theme)) === (scheme === 'dark' ? 'light' : 'dark'), `the theme switch turns ${scheme} into the other`);
    await ctx.close();
  }

  console.log('7. an unknown path');
  const missing = await fetch(`${base}/no/such/page`);
  check(missing.status === 404, 'an unknown path answers 404', String(missing.status));
  await a.goto(`${base}/no/such/page`);
  check((await a.locator('h1').textContent()) === 'Nothing here', 'and the page says so');

  console.log('8. the languages: hu, ru, de and fr from the browser, the switch, the help page');
  const friendly = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend', color: 'white', start: { type: 'number', number: 518 }, clock: { initial: 300, increment: 3 } }),
  }).then(r => r.json());
  for (const code of ['hu', 'ru', 'de', 'fr']) {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: code });
    const p = await ctx.newPage();
    p.on('pageerror', e => errors.push(e.message));
    await p.goto(`${base}/game/${friendly.id}#seat=${friendly.tokens.white}`);
    await waitReady(p, 'white');
    await p.locator('#connection[data-state=connected]').waitFor({ timeout: 10000 });
    // A refused typed move and the text view bring more of the page's words.
    await typeMove(p, 'Nf6');
    await p.locator('#move-error').filter({ hasText: /./ }).waitFor();
    await p.locator('#text-toggle').click();
    const lang = await p.evaluate(() => document.documentElement.lang);
    check(lang === code, `${code}: the page is in the browser's language`, lang);
    const left = englishLeft(await pageText(p), code);
    check(left.length === 0, `${code}: no English left on the game page`, left.slice(0, 12).join('; '));
    check((await p.locator('#move-error').textContent()) === texts(code)['typed.noPieceCanGo'].replace('{piece}', texts(code)['piece.knight']).replace('{square}', 'f6'), `${code}: the refused move's reason is in ${code}`, await p.locator('#move-error').textContent());
    await shotAll(p, `play-lang-${code}`);
    // The start page too (its form, the recent games with the server's default names).
    await p.goto(`${base}/`);
    await p.locator('#preview-label').filter({ hasText: /\d/ }).waitFor();
    await p.locator('#recent li a').first().waitFor();
    const homeLeft = englishLeft(await pageText(p), code);
    check(homeLeft.length === 0, `${code}: no English left on the start page`, homeLeft.slice(0, 12).join('; '));
    await p.goto(`${base}/game/${friendly.id}`);
    await p.locator('#help-link').waitFor();
    // The castling help, from the game page.
    await p.locator('#help-link').click();
    await p.waitForURL(/\/help\/castling$/);
    const h1 = await p.locator('h1').textContent();
    check(h1 === texts(code)['help.title'], `${code}: the castling help page, from the game page`, h1);
    const help = await p.locator('main').innerText();
    check(['II.3.1', 'II.3.2.1', 'II.3.2.4', 'II.3.2.5', 'II.3.2.6', 'II.3.2.7'].every(a => help.includes(a)), `${code}: the help page cites FIDE II.3.1 to II.3.2.7`);
    const helpLeft = englishLeft(await pageText(p), code);
    check(helpLeft.length === 0, `${code}: no English left on the help page`, helpLeft.slice(0, 12).join('; '));
    if (code === 'hu') {
      await axe(p, 'the castling help page');
      await shotAll(p, 'play-help-hu');
      // The switch: German, remembered on the next page.
      await p.goto(`${base}/game/${friendly.id}`);
      await p.locator('#lang-switch').selectOption('de');
      await p.waitForFunction(() => document.documentElement.lang === 'de');
      await p.locator('#status').filter({ hasText: /./ }).waitFor();
      check((await p.locator('#flip').textContent()) === texts('de')['game.flip'], 'the language switch turns the page into German');
      await p.goto(`${base}/`);
      check((await p.evaluate(() => document.documentElement.lang)) === 'de', 'the chosen language is remembered');
      check((await p.locator('h2').first().textContent()) === texts('de')['home.newGame'], 'and the start page speaks it');
    }
    await ctx.close();
  }
  check(errors.length === 0, 'no script error on the pages', errors.join('; '));
}

await runSuite(main, {
  browser: () => browser,
  server: () => server,
  work,
  onFailure: shootOpenPages(() => browser, shot, 'play'),
});
