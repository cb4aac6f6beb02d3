// End-to-end test of the browser page in real headless Chromium against `chess960 serve`.
//
//   node web/e2e/e2e.mjs <chess960 binary> <web/dist> [screenshot dir]
//
// Starts the server on a free loopback port with a temporary database, then plays through the
// page as a person would (mouse drags on the board, clicks on buttons) and checks both what
// the page shows and what the server stored. Screenshots of each step go to the screenshot
// dir (default: ./e2e-screenshots). E2E_BASE_URL=http://... uses a running server instead.
// CHROMIUM overrides the browser path (default /usr/bin/chromium).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  check,
  drag,
  getJson,
  launchBrowser,
  loadChromium,
  runSuite,
  screenshots,
  sleep,
  startServer,
  waitReady,
} from './harness.mjs';

const chromium = await loadChromium('web_e2e');

const [binary, distDir, shotsArg] = process.argv.slice(2);
const shot = screenshots(resolve(shotsArg ?? process.env.E2E_SCREENSHOTS ?? 'e2e-screenshots'));
const work = mkdtempSync(join(tmpdir(), 'chess960-e2e-'));

let server;
let browser;

// The piece letter on each square of a FEN's board, e.g. board['c1'] === 'K'.
function boardOf(fen) {
  const board = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else board[`${'abcdefgh'[file++]}${8 - i}`] = ch;
    }
  });
  return board;
}

// What the page's board shows: square -> "white king" (pieces being faded out or dragged excluded).
async function domBoard(page) {
  return page.evaluate(() => {
    const out = {};
    for (const p of document.querySelectorAll('#board cg-board piece')) {
      if (p.classList.contains('ghost') || p.classList.contains('fading') || p.classList.contains('dragging')) continue;
      const [color, role] = [...p.classList].filter(c => c !== 'anim');
      out[p.cgKey] = `${color} ${role}`;
    }
    return out;
  });
}

const gameId = page => new URL(page.url()).pathname.split('/').pop();

// What the browser sends: every request URL, the POSTs of moves, and the WebSocket frames
// (parsed), per context and page, so the test can say which transport carried the game.
function traffic() {
  return { urls: [], movePosts: [], eventStreams: [], sockets: [], sent: [], received: [] };
}
function watchContext(context, log) {
  context.on('request', r => {
    log.urls.push(r.url());
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && /^\/api\/games\/[^/]+\/moves$/.test(path)) log.movePosts.push(path);
    if (/\/events$/.test(path)) log.eventStreams.push(r.url());
  });
}
function watchSockets(page, log) {
  const parse = payload => {
    try {
      return JSON.parse(String(payload));
    } catch {
      return { unparsed: String(payload) };
    }
  };
  page.on('websocket', ws => {
    log.sockets.push(ws.url());
    ws.on('framesent', f => log.sent.push({ url: ws.url(), ...parse(f.payload) }));
    ws.on('framereceived', f => log.received.push({ url: ws.url(), ...parse(f.payload) }));
  });
}

// Nothing a person would take for trouble: no toast ever shown (common/ui.ts creates #toast on the
// first one), no "reconnecting" line, no error in the console.
async function quiet(page, consoleErrors) {
  const toast = await page.evaluate(() => document.getElementById('toast')?.textContent ?? null);
  const reconnecting = await page.evaluate(() => /reconnecting|offline/.test(document.getElementById('connection')?.dataset.state ?? ''));
  return { ok: toast === null && !reconnecting && consoleErrors.length === 0, detail: JSON.stringify({ toast, reconnecting, consoleErrors }) };
}

async function waitForPly(base, id, ply, timeout = 20000) {
  const until = Date.now() + timeout;
  for (;;) {
    const game = await getJson(`${base}/api/games/${id}`);
    if (game.ply >= ply) return game;
    if (Date.now() > until) throw new Error(`game ${id} did not reach ply ${ply} (at ${game.ply})`);
    await sleep(100);
  }
}

async function newGame(page, base, { opponent, friendMode, color, level, start, number, fen, clock }) {
  await page.goto(`${base}/`);
  await page.locator(`input[name=opponent][value=${opponent}]`).check();
  if (friendMode) await page.locator(`input[name=friend-mode][value=${friendMode}]`).check();
  if (color) await page.locator(`input[name=color][value=${color}]`).check();
  if (level) await page.locator('#level').selectOption(String(level));
  if (clock) await page.locator('#clock').selectOption(clock);
  await page.locator(`input[name=start][value=${start}]`).check();
  if (start === 'number') await page.locator('#start-number').fill(String(number));
  if (start === 'fen') await page.locator('#start-fen').fill(fen);
  await page.waitForFunction(() => !document.querySelector('#create').disabled);
  await page.locator('#create').click();
  await page.waitForURL(/\/game\//);
  await page.locator('#board cg-board piece').first().waitFor();
}

// Two back ranks where each side may castle on its first move: king b1, rooks a1 and e1,
// c1 and d1 empty. O-O-O: king b1 -> c1, rook a1 -> d1, and Kc1 is an ordinary move too.
const CASTLE_FEN = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
const MATE_FEN = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'; // 1. Ra8#

async function main() {
  const started = await startServer({
    binary,
    distDir,
    work,
    usage: 'usage: node e2e.mjs <chess960 binary> <web/dist> [screenshot dir]',
  });
  server = started.server;
  const base = started.base;
  console.log(`server: ${base}`);
  browser = await launchBrowser(chromium);
  const context = await browser.newContext({
    viewport: { width: 1200, height: 860 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  page.on('pageerror', e => check(false, 'no script error on the page', e.message));
  const live = traffic();
  watchContext(context, live);
  watchSockets(page, live);
  const liveWarnings = [];
  page.on('console', m => /^live: ignored/.test(m.text()) && liveWarnings.push(m.text()));

  console.log('1. start page, an invalid FEN shows the library error');
  await page.goto(`${base}/`);
  await page.locator('#preview-label').filter({ hasText: /#\d+/ }).waitFor();
  const previewText = await page.locator('#preview-rank').textContent();
  check(/^[RNBQK]{8}$/.test(previewText.trim()), 'the random start shows its back rank', previewText);
  await shot(page, '01-home');
  await page.locator('input[name=start][value=double960]').check();
  await page.locator('#preview-label').filter({ hasText: 'Double Chess960' }).waitFor();
  check(/White [RNBQK]{8} · Black [RNBQK]{8}|^[RNBQK]{8}$/.test(await page.locator('#preview-rank').textContent()), 'Double Chess960 shows both back ranks');
  await page.locator('input[name=start][value=fen]').check();
  await page.locator('#start-fen').fill('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R4 w KQkq - 0 1');
  await page.locator('#fen-error').filter({ hasText: /./ }).waitFor({ state: 'visible' });
  const fenError = await page.locator('#fen-error').textContent();
  const expected = await fetch(`${base}/api/fen/check`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fen: 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R4 w KQkq - 0 1' }),
  }).then(r => r.json());
  check(fenError === expected.error && fenError.length > 0, 'the page shows the library FEN error', fenError);
  check(await page.locator('#create').isDisabled(), 'no game can start from an invalid FEN');
  await shot(page, '02-invalid-fen');

  console.log('2. friend game on this device: O-O-O by dropping the king on its rook');
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'fen', fen: CASTLE_FEN });
  let id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'b1', 'a1', {
    midway: async () => {
      const marks = await page.evaluate(() => [...window.cg.state.highlight.custom?.entries() ?? []]);
      check(marks.some(([sq, cls]) => sq === 'd1' && cls === 'castle-rook-to'), 'the rook destination d1 is shown while dragging the king', JSON.stringify(marks));
      await shot(page, '03-dragging-king-rook-preview');
    },
  });
  // Watch the board while it castles: FIDE's order is king lifted, rook moved, king placed.
  const frames = [];
  for (let t = Date.now(); Date.now() - t < 900; ) frames.push(await domBoard(page));
  const kingOff = frames.findIndex(f => !Object.values(f).includes('white king'));
  const rookThere = frames.findIndex((f, i) => i > kingOff && f.d1 === 'white rook' && !Object.values(f).includes('white king'));
  const kingPlaced = frames.findIndex((f, i) => i > rookThere && f.c1 === 'white king');
  check(kingOff >= 0 && rookThere > kingOff && kingPlaced > rookThere,
    'the castling animation lifts the king, moves the rook, then places the king', `frames ${kingOff}, ${rookThere}, ${kingPlaced} of ${frames.length}`);
  check(frames.every(f => Object.values(f).filter(p => p === 'white rook').length === 2),
    'no frame of the animation loses a rook');
  check(frames.every(f => f.a1 !== 'white king'), 'no frame shows the king standing on the rook square a1');
  let game = await waitForPly(base, id, 1);
  let stored = boardOf(game.fen);
  check(game.moves[0].san === 'O-O-O', 'the server recorded O-O-O', game.moves[0].san);
  check(stored.c1 === 'K' && stored.d1 === 'R' && !stored.a1 && !stored.b1, 'API: king c1, rook d1', game.fen);
  let shown = await domBoard(page);
  check(shown.c1 === 'white king' && shown.d1 === 'white rook', 'board: king c1, rook d1', JSON.stringify({ c1: shown.c1, d1: shown.d1 }));
  check(!shown.a1 && !shown.b1, 'board: no rook left behind on a1', JSON.stringify({ a1: shown.a1, b1: shown.b1 }));
  check(Object.values(shown).filter(p => p === 'white rook').length === 2, 'board: both white rooks are still there');
  await page.locator('#moves .move[data-ply="1"]').filter({ hasText: 'O-O-O' }).waitFor();
  await shot(page, '04-castled-c-side');
  // The move went over the WebSocket: a hello with the seat token, a `move` request answered
  // by its `ack`, and no POST of the move.
  check((await page.evaluate(() => window.liveTransport)) === 'websocket', 'the page plays over the WebSocket', await page.evaluate(() => window.liveTransport));
  const socketUrl = `/api/games/${id}/socket`;
  check(live.sockets.some(u => new URL(u).pathname === socketUrl && !new URL(u).search), `a WebSocket to ${socketUrl}, nothing in its query`, JSON.stringify(live.sockets));
  check(live.sent.filter(f => f.url.endsWith(socketUrl) && f.type === 'hello' && /^[0-9a-f]{16,}$/.test(f.token ?? '')).length === 2,
    'one hello per seat this browser holds (white and black), each with its token', JSON.stringify(live.sent.filter(f => f.type === 'hello').map(f => Object.keys(f))));
  const moveRequest = live.sent.find(f => f.url.endsWith(socketUrl) && f.type === 'move');
  check(moveRequest?.move === 'b1a1' && moveRequest.ply === 0 && Number.isInteger(moveRequest.id), 'O-O-O was sent as {"type":"move","move":"b1a1","ply":0,"id":…}', JSON.stringify(moveRequest));
  const ack = live.received.find(f => f.url.endsWith(socketUrl) && f.type === 'ack' && f.id === moveRequest?.id);
  check(ack?.move?.san === 'O-O-O' && ack.state?.ply === 1 && Array.isArray(ack.legal), 'the server acknowledged it with the move, the state and the legal moves', JSON.stringify(ack)?.slice(0, 200));
  check(live.movePosts.length === 0, 'no POST /moves was sent', JSON.stringify(live.movePosts));
  // A reload resumes the game from the server: same board, still this browser's turn to play.
  await page.reload();
  await waitReady(page, 'black');
  shown = await domBoard(page);
  check(shown.c1 === 'white king' && shown.d1 === 'white rook' && !shown.a1, 'after a reload: king c1, rook d1');

  console.log('3. the ambiguous king move, answered "move the king"');
  await waitReady(page, 'black');
  await drag(page, 'b8', 'c8');
  await page.locator('#castle-dialog').waitFor({ state: 'visible' });
  check((await page.locator('#castle-dialog p').textContent()).includes('Castle, or move the king?'), 'the page asks "Castle, or move the king?"');
  await shot(page, '05-castle-or-king-dialog');
  await page.locator('#choose-king').click();
  game = await waitForPly(base, id, 2);
  stored = boardOf(game.fen);
  check(game.moves[1].san === 'Kc8', 'the server recorded the king move Kc8', game.moves[1].san);
  check(stored.c8 === 'k' && stored.a8 === 'r' && !stored.d8, 'API: king c8, rook still on a8', game.fen);
  await sleep(400);
  shown = await domBoard(page);
  check(shown.c8 === 'black king' && shown.a8 === 'black rook', 'board: king c8, rook still on a8');

  console.log('4. the ambiguous king move, answered "castle"');
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'fen', fen: CASTLE_FEN });
  id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'b1', 'c1');
  await page.locator('#castle-dialog').waitFor({ state: 'visible' });
  await page.locator('#choose-castle').click();
  game = await waitForPly(base, id, 1);
  stored = boardOf(game.fen);
  check(game.moves[0].san === 'O-O-O', 'the server recorded O-O-O', game.moves[0].san);
  check(stored.c1 === 'K' && stored.d1 === 'R' && !stored.a1, 'API: king c1, rook d1', game.fen);
  await sleep(900);
  shown = await domBoard(page);
  check(shown.c1 === 'white king' && shown.d1 === 'white rook' && !shown.a1, 'board: king c1, rook d1, a1 empty');
  await shot(page, '06-castled-after-question');
  // The two-square king move to g1 is castling and nothing else: no question (black now).
  await waitReady(page, 'black');
  await drag(page, 'b8', 'g8');
  game = await waitForPly(base, id, 2);
  check(game.moves[1].san === 'O-O', 'king b8 to g8 is O-O without a question', game.moves[1].san);
  stored = boardOf(game.fen);
  check(stored.g8 === 'k' && stored.f8 === 'r' && !stored.e8, 'API: king g8, rook f8', game.fen);
  await sleep(900);
  shown = await domBoard(page);
  check(shown.g8 === 'black king' && shown.f8 === 'black rook' && !shown.e8, 'board: king g8, rook f8, e8 empty');
  // Navigation: back one move shows the position before O-O, forward again.
  await page.keyboard.press('ArrowLeft');
  await sleep(400);
  shown = await domBoard(page);
  check(shown.b8 === 'black king' && shown.e8 === 'black rook', 'Arrow left shows the position before O-O');
  await page.keyboard.press('ArrowRight');
  await sleep(900);
  shown = await domBoard(page);
  check(shown.g8 === 'black king' && shown.f8 === 'black rook', 'Arrow right shows O-O again');

  console.log('5. a forced mate from a custom FEN, and its PGN');
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'fen', fen: MATE_FEN });
  id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'a1', 'a8');
  game = await waitForPly(base, id, 1);
  check(game.status === 'over' && game.result === '1-0' && game.termination === 'checkmate', 'API: 1-0 by checkmate', `${game.result} ${game.termination}`);
  await page.locator('#result').waitFor();
  const resultText = await page.locator('#status').textContent();
  check(resultText.includes('1-0') && /checkmate/i.test(resultText), 'the page shows the result and its reason', resultText);
  await shot(page, '07-checkmate');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-pgn').click()]);
  const pgnPath = join(work, 'game.pgn');
  await download.saveAs(pgnPath);
  const pgn = readFileSync(pgnPath, 'utf8');
  check(pgn.includes('Ra8#') && pgn.includes('1-0'), 'the downloaded PGN has the mate and the result');
  await page.locator('#copy-fen').click();
  check((await page.evaluate(() => navigator.clipboard.readText())) === game.fen, 'Copy FEN puts the position on the clipboard');
  await page.locator('#copy-pgn').click();
  await sleep(300);
  check((await page.evaluate(() => navigator.clipboard.readText())).includes('Ra8#'), 'Copy PGN puts the game on the clipboard');
  await page.locator('#flip').click();
  check(await page.evaluate(() => window.cg.state.orientation === 'black'), 'Flip board turns the board round');
  if (binary) {
    try {
      execFileSync(binary, ['pgn', 'check', pgnPath], { stdio: 'pipe' });
      check(true, 'chess960 pgn check accepts the downloaded PGN');
    } catch (e) {
      check(false, 'chess960 pgn check accepts the downloaded PGN', `${e.stdout}${e.stderr}`);
    }
  }

  console.log('6. against the computer');
  await newGame(page, base, { opponent: 'engine', color: 'white', level: 1, start: 'number', number: 518, clock: '300+3' });
  id = gameId(page);
  const plan = [
    ['e2', 'e4'],
    ['g1', 'f3'],
    ['f1', 'c4'],
  ];
  await waitReady(page, 'white');
  check(await page.locator('#abort').isVisible(), 'before the first moves, the page offers to abort the game');
  for (let i = 0; i < plan.length; i++) {
    await waitReady(page, 'white');
    let [from, to] = plan[i];
    // If the engine's answer made the planned move impossible, play any legal move instead.
    const dests = await page.evaluate(f => window.cg.state.movable.dests.get(f) ?? [], from);
    if (!dests.includes(to)) {
      [from, to] = await page.evaluate(() => {
        const [f, ts] = [...window.cg.state.movable.dests.entries()][0];
        return [f, ts[0]];
      });
    }
    await drag(page, from, to);
    game = await waitForPly(base, id, 2 * i + 2, 60000);
    await page.locator(`#moves .move[data-ply="${2 * i + 2}"]`).waitFor({ timeout: 10000 });
  }
  check(game.ply >= 6, 'the computer answered each of three moves', `ply ${game.ply}`);
  check(await page.locator('#abort').isHidden(), 'once both sides have moved, no abort button');
  const clockText = await page.locator('#player-bottom .clock').textContent();
  check(/^\d+:\d\d$/.test(clockText) && game.clock && game.clock.white < 300000 + 3 * 3000, 'the clocks are shown and running', clockText);
  await sleep(500);
  await shot(page, '08-vs-computer');


  // As black, the computer moves first and the board turns round.
  await newGame(page, base, { opponent: 'engine', color: 'black', level: 1, start: 'random' });
  id = gameId(page);
  game = await waitForPly(base, id, 1, 60000);
  await waitReady(page, 'black');
  check(await page.evaluate(() => window.cg.state.orientation === 'black'), 'playing black against the computer, black is at the bottom');
  check((await page.locator('#moves .move[data-ply="1"]').textContent()) === game.moves[0].san, "the computer's first move is in the move list");

  console.log('6b. promotion picker, draw by agreement, fifty-move claim');
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'fen', fen: 'k7/4P3/8/8/8/8/6P1/K7 w - - 0 1' });
  id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'e7', 'e8');
  await page.locator('#promotion-dialog').waitFor({ state: 'visible' });
  check((await page.locator('#promotion-dialog [data-promotion]').count()) === 4, 'the promotion picker offers four pieces');
  await shot(page, '12-promotion');
  await page.locator('#promotion-dialog [data-promotion=n]').click();
  game = await waitForPly(base, id, 1);
  check(game.moves[0].san === 'e8=N', 'the server recorded the underpromotion e8=N', game.moves[0].san);
  await sleep(400);
  check((await domBoard(page)).e8 === 'white knight', 'board: a white knight on e8');
  await waitReady(page, 'black');
  await page.locator('#offer').click();
  await page.locator('#accept').waitFor({ state: 'visible' });
  await page.locator('#accept').click();
  await page.locator('#result').waitFor();
  game = await getJson(`${base}/api/games/${id}`);
  check(game.result === '1/2-1/2' && game.termination === 'agreement', 'a draw offer accepted ends the game', `${game.result} ${game.termination}`);
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'fen', fen: 'k7/8/8/8/8/8/8/KR6 w - - 100 80' });
  id = gameId(page);
  await page.locator('#claim').waitFor({ state: 'visible' });
  await page.locator('#claim').click();
  await page.locator('#result').waitFor();
  game = await getJson(`${base}/api/games/${id}`);
  check(game.result === '1/2-1/2' && /fifty/.test(game.termination ?? ''), 'the claim button claims the fifty-move draw', `${game.result} ${game.termination}`);
  check(/1\/2-1\/2/.test(await page.locator('#status').textContent()), 'the page shows the draw');

  console.log('6c. a friend by link: each browser moves only its own side, a spectator none');
  await newGame(page, base, { opponent: 'friend', friendMode: 'link', color: 'white', start: 'number', number: 518 });
  id = gameId(page);
  const link = await page.locator('#invite-link').inputValue();
  check(link.includes(`/game/${id}#seat=`), 'the page shows an invite link', link);
  await shot(page, '13-invite-link');
  const friendContext = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  watchContext(friendContext, live);
  const friend = await friendContext.newPage();
  watchSockets(friend, live);
  await friend.goto(link);
  await friend.locator('#board cg-board piece').first().waitFor();
  check(!friend.url().includes('seat='), 'the invite link secret is removed from the address bar');
  await waitReady(page, 'white');
  await drag(page, 'e2', 'e4');
  await waitReady(friend, 'black');
  check(await friend.evaluate(() => window.cg.state.orientation === 'black'), "the friend's board shows black at the bottom");
  await drag(friend, 'e7', 'e5', { orientation: 'black' });
  game = await waitForPly(base, id, 2);
  check(game.moves[1].san === 'e5', 'the friend moved for black', game.moves[1].san);
  await page.locator('#moves .move[data-ply="2"]').waitFor();
  check(true, 'the first browser saw the move live (event stream)');
  const spectatorContext = await browser.newContext();
  watchContext(spectatorContext, live);
  const spectator = await spectatorContext.newPage();
  watchSockets(spectator, live);
  await spectator.goto(`${base}/game/${id}`);
  await spectator.locator('#moves .move[data-ply="2"]').waitFor();
  await sleep(500);
  check(await spectator.evaluate(() => !window.cg.state.movable.color), 'a spectator cannot move');
  check(await spectator.locator('#resign').isHidden(), 'a spectator has no resign button');
  // Resigning (after the in-page confirmation) ends the game for everyone watching.
  await page.locator('#resign').click();
  await page.locator('#resign-yes').click();
  await spectator.locator('#result').waitFor();
  game = await getJson(`${base}/api/games/${id}`);
  check(game.result === '0-1' && game.termination === 'resignation', 'white resigns: 0-1', `${game.result} ${game.termination}`);
  check((await spectator.locator('#status').textContent()).includes('0-1'), 'the spectator sees the result live');
  check(live.sent.some(f => f.url.endsWith(`/api/games/${id}/socket`) && f.type === 'hello' && !('token' in f)),
    'the spectator watches over a WebSocket with a hello without a token');
  check(live.sent.some(f => f.url.endsWith(`/api/games/${id}/socket`) && f.type === 'resign'), 'the resignation went over the WebSocket');
  await friendContext.close();
  await spectatorContext.close();

  console.log('6d. a flag fall with nobody moving');
  const created = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend', color: 'white', start: { type: 'number', number: 518 }, clock: { initial: 3, increment: 0 } }),
  }).then(r => r.json());
  await page.evaluate(([gid, tokens]) => localStorage.setItem(`chess960.seats.${gid}`, JSON.stringify(tokens)), [created.id, created.tokens]);
  await page.goto(`${base}/game/${created.id}`);
  await waitReady(page, 'white');
  await drag(page, 'e2', 'e4');
  await waitReady(page, 'black');
  await drag(page, 'e7', 'e5'); // each side's first move is free: now white's clock runs
  await page.locator('#result').waitFor({ timeout: 15000 });
  game = await getJson(`${base}/api/games/${created.id}`);
  check(game.result === '0-1' && game.termination === 'time', 'white lost on time while nobody moved', `${game.result} ${game.termination}`);
  check(/time/i.test(await page.locator('#status').textContent()), 'the page shows the loss on time', await page.locator('#status').textContent());
  check((await page.locator('#player-bottom .clock').textContent()) === '0:00.0', "white's clock shows 0:00.0", await page.locator('#player-bottom .clock').textContent());
  await shot(page, '14-lost-on-time');

  console.log('7. a phone-sized screen');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(`${base}/game/${id}`);
  await mobile.locator('#board cg-board piece').first().waitFor();
  await sleep(500);
  const box = await mobile.locator('#board cg-board').boundingBox();
  check(box.width >= 360 && box.width <= 390, 'the board fills the phone width', `${box.width}px`);
  const scrollWidth = await mobile.evaluate(() => document.documentElement.scrollWidth);
  check(scrollWidth <= 390, 'no sideways scrolling on the phone', `${scrollWidth}px`);
  await shot(mobile, '09-phone-game');
  await mobile.goto(`${base}/`);
  await mobile.locator('#preview-label').filter({ hasText: /#\d+/ }).waitFor();
  await shot(mobile, '10-phone-home');
  await phone.close();

  check(live.movePosts.length === 0, 'in all of the above, every move went over the WebSocket: no POST /moves', JSON.stringify(live.movePosts));
  check(live.eventStreams.length === 0, 'and no event stream was opened', JSON.stringify(live.eventStreams));
  check(!live.urls.some(u => /[?&]token=/.test(u)), 'no request carried a token in its URL');
  check(liveWarnings.length === 0, 'every WebSocket message had the shape docs/live.md gives it', JSON.stringify(liveWarnings));

  await abortByButton(base, page);
  await playWithoutWebSocket(base);
  await resyncAfterReconnect(base);

  console.log('8. the recent games list');
  await page.goto(`${base}/`);
  await page.locator('#recent li a').first().waitFor();
  check((await page.locator('#recent li a').count()) >= 4, 'the start page lists the recent games');
  await shot(page, '11-home-recent');
}

// The button aborts a timed game before both sides have moved (docs/live.md).
async function abortByButton(base, page) {
  console.log('9. abort a timed game by the button');
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'number', number: 518, clock: '300+3' });
  const id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'e2', 'e4');
  await waitReady(page, 'black');
  check(await page.locator('#abort').isVisible(), 'after one move, the abort button is still there');
  await page.locator('#abort').click();
  await page.locator('#result').waitFor();
  const status = await page.locator('#status').textContent();
  check(/aborted/i.test(status), 'the page says the game is aborted', status);
  const game = await getJson(`${base}/api/games/${id}`);
  check(game.status === 'aborted' && game.result === '*' && game.termination === 'aborted', 'API: status aborted, result *', `${game.status} ${game.result} ${game.termination}`);
  check(await page.evaluate(() => !window.cg.state.movable.color), 'an aborted game cannot be played on');
  check(await page.locator('#abort').isHidden() && await page.locator('#resign').isHidden(), 'no abort or resign button once aborted');
  await shot(page, '15-aborted');
}

// With the WebSocket blocked, the page falls back to the event stream and POSTs, quietly.
async function playWithoutWebSocket(base) {
  console.log('10. WebSocket blocked: the event stream and POSTs carry the game');
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const log = traffic();
  watchContext(context, log);
  let blocked = 0;
  await context.routeWebSocket(/\/socket$/, ws => {
    blocked += 1;
    ws.close();
  });
  const page = await context.newPage();
  const consoleErrors = [];
  const liveWarnings = [];
  page.on('console', m => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('console', m => /^live: ignored/.test(m.text()) && liveWarnings.push(m.text()));
  page.on('pageerror', e => check(false, 'no script error on the page (WebSocket blocked)', e.message));
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'number', number: 518 });
  const id = gameId(page);
  const plan = [['e2', 'e4', 'white'], ['e7', 'e5', 'black'], ['g1', 'f3', 'white'], ['b8', 'c6', 'black']];
  for (const [i, [from, to, color]] of plan.entries()) {
    await waitReady(page, color);
    await drag(page, from, to);
    await page.locator(`#moves .move[data-ply="${i + 1}"]`).waitFor({ timeout: 10000 });
  }
  const game = await waitForPly(base, id, 4);
  check(game.moves.map(m => m.san).join(' ') === 'e4 e5 Nf3 Nc6', 'four moves played and stored', game.moves.map(m => m.san).join(' '));
  check(blocked >= 1, 'the page tried the WebSocket first', `${blocked} attempts`);
  check((await page.evaluate(() => window.liveTransport)) === 'sse', 'the page fell back to the event stream', await page.evaluate(() => window.liveTransport));
  check(log.movePosts.length === 4, 'each move was a POST /moves', JSON.stringify(log.movePosts));
  check(log.eventStreams.some(u => new URL(u).pathname === `/api/games/${id}/events` && /^\?room=1&ticket=[0-9a-f]+$/.test(new URL(u).search)),
    'the event stream was opened with a ticket (and nothing else) in its URL', JSON.stringify(log.eventStreams));
  check(!log.urls.some(u => /[?&]token=/.test(u)), 'no request carried a token in its URL');
  await waitReady(page, 'white');
  const shown = await domBoard(page);
  check(shown.f3 === 'white knight' && shown.c6 === 'black knight' && shown.e4 === 'white pawn', 'board: the four moves are shown');
  // A change made elsewhere reaches the page as a `state` event of the stream.
  const tokens = await page.evaluate(gid => JSON.parse(localStorage.getItem(`chess960.seats.${gid}`)), id);
  const offered = await fetch(`${base}/api/games/${id}/draw/offer`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.black}` } });
  check(offered.ok, 'black offers a draw over HTTP (another client)', `${offered.status}`);
  await page.locator('#status').filter({ hasText: 'Black offers a draw' }).waitFor({ timeout: 10000 });
  check(true, 'the page shows the offer');
  check(liveWarnings.length === 0, "every event of the stream was readable (a 'state' event carries a GameState)", JSON.stringify(liveWarnings));
  await page.locator('#decline').click();
  await page.locator('#status').filter({ hasNotText: 'offers a draw' }).waitFor({ timeout: 10000 });
  check((await getJson(`${base}/api/games/${id}`)).drawOffer === null, 'the page declined it (a POST)');
  const calm = await quiet(page, consoleErrors);
  check(calm.ok, 'the page said nothing alarming (no toast, no "reconnecting", no console error)', calm.detail);
  await shot(page, '16-without-websocket');
  await context.close();
}

// A dropped WebSocket is reopened, and the whole game it brings shows what was missed.
async function resyncAfterReconnect(base) {
  console.log('11. a dropped WebSocket: reconnect and resync');
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const log = traffic();
  watchContext(context, log);
  const routes = [];
  let muted = false; // when set, nothing the server sends reaches the page
  await context.routeWebSocket(/\/socket$/, ws => {
    const server = ws.connectToServer();
    server.onMessage(message => {
      if (!muted) ws.send(message);
    });
    routes.push({ ws, server });
  });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', m => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', e => check(false, 'no script error on the page (reconnect)', e.message));
  await newGame(page, base, { opponent: 'friend', friendMode: 'device', start: 'number', number: 518 });
  const id = gameId(page);
  await waitReady(page, 'white');
  await drag(page, 'e2', 'e4');
  await waitReady(page, 'black');
  const firstSockets = routes.length;
  // Black moves elsewhere while nothing reaches the page; then the connection drops.
  muted = true;
  const tokens = await page.evaluate(gid => JSON.parse(localStorage.getItem(`chess960.seats.${gid}`)), id);
  const posted = await fetch(`${base}/api/games/${id}/moves`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.black}` },
    body: JSON.stringify({ move: 'c7c5', ply: 1 }),
  });
  check(posted.ok, 'black moved c5 over HTTP while the page heard nothing', `${posted.status}`);
  await sleep(300);
  check((await page.locator('#moves .move[data-ply="2"]').count()) === 0, 'the page has not seen c5 yet');
  muted = false;
  for (const { ws, server } of routes.splice(0)) {
    server.close();
    ws.close();
  }
  await page.locator('#moves .move[data-ply="2"]').filter({ hasText: 'c5' }).waitFor({ timeout: 15000 });
  check(routes.length >= 1, 'the page opened a new WebSocket', `${routes.length} new, ${firstSockets} before`);
  check((await page.evaluate(() => window.liveTransport)) === 'websocket', 'and plays over it again');
  await waitReady(page, 'white');
  check((await domBoard(page)).c5 === 'black pawn', 'board: the missed move c5 is shown');
  await drag(page, 'g1', 'f3');
  const game = await waitForPly(base, id, 3);
  check(game.moves.map(m => m.san).join(' ') === 'e4 c5 Nf3', 'play goes on after the reconnection', game.moves.map(m => m.san).join(' '));
  check(log.movePosts.length === 0, 'the page sent no POST /moves', JSON.stringify(log.movePosts));
  await page.locator('#connection[data-state=connected]').waitFor();
  check(consoleErrors.length === 0, 'no console error', JSON.stringify(consoleErrors));
  await context.close();
}

await runSuite(main, { browser: () => browser, server: () => server, work });
