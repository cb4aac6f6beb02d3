// What the end-to-end tests share (e2e.mjs: the game page; event-e2e.mjs: an event): the
// pass/fail count, `chess960 serve` on a free loopback port with a temporary database, Chromium,
// mouse drags on a chessground board, screenshots.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const results = { passes: 0, failures: 0 };

export function check(condition, what, detail = '') {
  if (condition) {
    results.passes += 1;
    console.log(`  ok   ${what}`);
  } else {
    results.failures += 1;
    console.log(`  FAIL ${what}${detail ? `: ${detail}` : ''}`);
  }
  return condition;
}

export const sleep = ms => new Promise(r => setTimeout(r, ms));

export async function loadChromium(script) {
  try {
    return (await import('playwright-core')).chromium;
  } catch {
    console.error(`${script}: playwright-core is not installed in web/node_modules: run \`make web\` first`);
    process.exit(1);
  }
}

// Headless Chromium: Debian's, or CHROMIUM.
export function launchBrowser(chromium) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

// `chess960 serve` on a free port with its database in `work`; answers { base, server } once it
// answers (server is null with E2E_BASE_URL, which names a running server instead).
// `port` reuses a port (a server restarted on it); `quiet` keeps its log to itself; `extraArgs`
// are more options of `chess960 serve` (--password-cost interactive: fast password hashing).
export async function startServer({ binary, distDir, work, usage, port: fixedPort, extraArgs = [] }) {
  if (process.env.E2E_BASE_URL) return { base: process.env.E2E_BASE_URL.replace(/\/$/, ''), server: null };
  if (!binary || !distDir) throw new Error(usage);
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html is missing: run \`make web\` first`);
  const port = fixedPort ?? (await freePort());
  const args = ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', join(work, 'games.db'), '--web', resolve(distDir), ...extraArgs];
  const server = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', d => (log += d));
  server.stderr.on('data', d => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) throw new Error(`chess960 serve exited (${server.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${base}/api/startpos/518`);
      if (r.ok) return { base, server };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`chess960 serve did not answer on ${base}:\n${log}`);
}

export async function getJson(url, token) {
  const r = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

export async function squareCenter(page, square, orientation = 'white') {
  const box = await page.locator('#board cg-board').boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = box.width / 8;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

// Drags a piece with the mouse; `midway` runs while the piece is held over the board.
export async function drag(page, from, to, { orientation = 'white', midway } = {}) {
  const a = await squareCenter(page, from, orientation);
  const b = await squareCenter(page, to, orientation);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 - 20, { steps: 6 });
  if (midway) await midway();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

// shot(page, name) saves a screenshot as <dir>/<name>.png (the whole page with fullPage).
export function screenshots(dir, { fullPage = false } = {}) {
  mkdirSync(dir, { recursive: true });
  return async (page, name) => {
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
    console.log(`  shot ${join(dir, `${name}.png`)}`);
  };
}

// The sizes a player's screen comes in: desktop, portrait tablet, phone.
export const SCREEN_SIZES = [
  ['desktop', 1366, 768],
  ['tablet', 768, 1024],
  ['phone', 390, 844],
];

// shotSizes(shot)(page, name, focus) saves <name>-desktop/-tablet/-phone.png, the page resized
// to each of SCREEN_SIZES in turn with the element `focus` (a selector) scrolled into view, then
// gives the page back its own size and scroll position.
export function shotSizes(shot) {
  return async (page, name, focus) => {
    const own = page.viewportSize();
    const scrolled = await page.evaluate(() => [window.scrollX, window.scrollY]);
    for (const [size, width, height] of SCREEN_SIZES) {
      await page.setViewportSize({ width, height });
      await sleep(300); // the board redraws for its new width
      if (focus) await page.locator(focus).first().scrollIntoViewIfNeeded();
      await shot(page, `${name}-${size}`);
    }
    if (own) await page.setViewportSize(own);
    await page.evaluate(([x, y]) => window.scrollTo(x, y), scrolled);
    await sleep(300);
  };
}

// Waits until the game page has its legal moves (the side to move's pieces are draggable).
export async function waitReady(page, color) {
  await page.waitForFunction(
    c => window.cg && window.cg.state.movable.color === c && window.cg.state.movable.dests?.size > 0,
    color,
    { timeout: 15000 },
  );
}

// An onFailure for runSuite: a screenshot of every page still open in `browser()`, named
// `<prefix>-failure-<n>` (what the pages showed when it failed).
export function shootOpenPages(browser, shot, prefix) {
  return async () => {
    let n = 0;
    for (const context of browser()?.contexts() ?? [])
      for (const page of context.pages()) await shot(page, `${prefix}-failure-${n++}`).catch(() => {});
  };
}

// Runs a suite's main and ends the process: an exception counts as a failure (onFailure may then
// keep what the pages showed), the browser and server (read through getters: main starts them)
// are stopped, the work folder removed, the counts printed; exit status 1 on any failure.
export async function runSuite(main, { browser, server, work, onFailure = async () => {} }) {
  try {
    await main();
  } catch (e) {
    results.failures += 1;
    console.log(`  FAIL ${e.stack ?? e}`);
    await onFailure().catch(() => {});
  } finally {
    await browser()?.close().catch(() => {});
    const process_ = server();
    if (process_) {
      process_.kill('SIGTERM');
      await sleep(200);
    }
    rmSync(work, { recursive: true, force: true });
    console.log(`\n${results.passes} passed, ${results.failures} failed`);
  }
  process.exit(results.failures ? 1 : 0);
}

// Inputs, selects and text areas without an accessible name (a label, aria-label or
// aria-labelledby), by id or class.
export async function unlabelled(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')]
      .filter(e => e.type !== 'hidden' && !e.closest('[hidden]'))
      .filter(e => !(e.labels?.length || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')))
      .map(e => e.id || e.className || e.outerHTML.slice(0, 60)),
  );
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe-core over the page as it stands: no serious or critical violation.
export async function axe(page, what) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`);
  });
  check(found.length === 0, `axe: no serious or critical violation on ${what}`, found.join('; '));
}
