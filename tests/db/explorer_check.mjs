// Checks the game database's explorer and search of a running `chess960 serve` (issue 42)
// against an independent computation from the same PGN files with lichess's chessops
// (tests/db/explorer_index.mjs), per the contract in the issue (db-contract.md).
//
// usage: node tests/db/explorer_check.mjs --base URL [--seed S] [--sample N] [--shallow PLIES]
//                                          [--concurrency C] [--masters] FILE.pgn...
// The files must be exactly those imported into the server's database (`chess960 db import`),
// into an otherwise empty database (the `imported` source is compared with these games alone).
//
// What is asked and compared:
// - /api/explorer/imported?fen=... (moves=500): every start position of the games, every
//   position first reached at plies 0..PLIES (default 8), a seeded sample of N (default 300)
//   deeper positions within the indexed plies, and every position reached by more than one move
//   order (transpositions): the totals, each move's uci, san, white, draws, black and
//   averageRating, the moves' order (games, then uci), the order of topGames and recentGames;
// - the same with filters: speeds, ratings, since/until, and all three together;
// - start=N and fen+play=... against fen; a position no game reached; bad parameters (400);
// - /api/explorer/player?player=NAME&color=white|black;
// - /api/db/games?start=N and ?player=NAME&color=... (max=1000, paged by before=ID): the games
//   (white, black, result, plies, date) as multisets; /api/db/starts?source=imported.
// Prints what was checked; exits 1 with the differences on any mismatch, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  indexPgn, explore, isTransposition, random, startFen, positionKey, ratingGroup, chessops, LIMIT,
} from './explorer_index.mjs';

const usage = 'usage: node explorer_check.mjs --base URL [--seed S] [--sample N] [--shallow PLIES] '
  + '[--concurrency C] [--masters] FILE.pgn...';
const options = { seed: 7, sample: 300, shallow: 8, concurrency: 4, masters: false, base: null };
const files = [];
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--base') options.base = value().replace(/\/$/, '');
    else if (a === '--seed') options.seed = Number(value());
    else if (a === '--sample') options.sample = Number(value());
    else if (a === '--shallow') options.shallow = Number(value());
    else if (a === '--concurrency') options.concurrency = Number(value());
    else if (a === '--masters') options.masters = true;
    else if (a.startsWith('--')) fail(`unknown option ${a}`);
    else files.push(a);
  }
  if (!options.base || !files.length) fail('a base URL and at least one PGN file are needed');
}
function fail(message) {
  console.error(`explorer_check: ${message}\n${usage}`);
  process.exit(2);
}

// ---------------------------------------------------------------- differences
const problems = [];
const MAX_SHOWN = 60;
function mismatch(what, detail) {
  problems.push(`${what}: ${detail}`);
  if (problems.length <= MAX_SHOWN) console.log(`  MISMATCH ${what}: ${detail}`);
}

// ---------------------------------------------------------------- HTTP
async function get(path, accept = 'application/json') {
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const r = await fetch(options.base + path, { headers: { accept } });
      return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() };
    } catch (e) {
      lastError = e;
      await new Promise(r => setTimeout(r, 200));
    }
  }
  throw new Error(`GET ${path}: ${lastError?.cause?.message ?? lastError?.message}`);
}
async function getJson(path) {
  const r = await get(path);
  if (r.status !== 200) return { error: `HTTP ${r.status}: ${r.text.slice(0, 200)}` };
  try {
    return { body: JSON.parse(r.text) };
  } catch {
    return { error: `not JSON: ${r.text.slice(0, 200)}` };
  }
}
async function pool(items, worker) {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      await worker(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, run));
}

// ---------------------------------------------------------------- our side
const started = Date.now();
const index = indexPgn(files.map(f => ({ name: basename(f), text: readFileSync(f, 'utf8') })), {
  masters: options.masters,
});
const { games, skipped, positions } = index;
const entries = [...positions.values()];
const transpositions = entries.filter(isTransposition);
console.log(`explorer_check: ${files.length} file(s), ${games.length} games replayed by chessops `
  + `(${games.filter(g => g.result === '*').length} with result *, not indexed), ${skipped.length} skipped; `
  + `${positions.size} positions indexed (first ${options.masters ? 'all' : LIMIT} plies), `
  + `${transpositions.length} reached by more than one move order`);
for (const s of skipped.slice(0, 20)) console.log(`  skipped by chessops: ${s.where}: ${s.why}`);
if (skipped.length > 20) console.log(`  ... and ${skipped.length - 20} more skipped`);

const rng = random(options.seed);
const shuffle = list => {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

// The positions asked, each with why.
const startKeys = new Set();
for (const g of games) if (g.result !== '*') startKeys.add(positionKey(setupPosition(g.initialFen)).key);
function setupPosition(fen) {
  return chessops.Chess.fromSetup(chessops.parseFen(fen).unwrap()).unwrap();
}
const starts = entries.filter(e => startKeys.has(e.key));
const shallow = entries.filter(e => !startKeys.has(e.key) && e.minPly <= options.shallow);
const deepAll = entries.filter(e => !startKeys.has(e.key) && e.minPly > options.shallow);
const deep = shuffle(deepAll).slice(0, options.sample);
const chosen = new Set([...starts, ...shallow, ...deep]);
const extraTranspositions = shuffle(transpositions.filter(e => !chosen.has(e))).slice(0, 500);
for (const e of extraTranspositions) chosen.add(e);
// The edges of the indexed plies: for games longer than the limit, the position before the last
// indexed ply (its move counts) and the one after it (not indexed for that game); for shorter
// games, the final position (in the totals, in no move).
const positionAfter = (g, ply) => {
  const pos = setupPosition(g.initialFen);
  for (const u of g.ucis.slice(0, ply)) pos.play(chessops.parseUci(u));
  return positionKey(pos);
};
const edges = [];
if (!options.masters) {
  const indexedGames = games.filter(g => g.result !== '*');
  for (const g of shuffle(indexedGames.filter(x => x.plies > LIMIT)).slice(0, 100))
    for (const ply of [LIMIT - 1, LIMIT]) edges.push(positionAfter(g, ply));
  for (const g of shuffle(indexedGames.filter(x => x.plies < LIMIT)).slice(0, 100)) edges.push(positionAfter(g, g.plies));
}
let edgeCount = 0;
for (const { key, fen } of edges) {
  const e = positions.get(key) ?? { key, fen, minPly: LIMIT, paths: new Set(), occ: [] };
  if (!chosen.has(e)) {
    chosen.add(e);
    edgeCount += 1;
  }
}
const asked = [...chosen];

// ---------------------------------------------------------------- comparing an answer
const stripCheck = san => (san ?? '').replace(/[+#]$/, '');
const figures = { positions: 0, moves: 0, queries: 0, transpositions: 0, filtered: 0, gamesListed: 0 };
const monthOfGame = g => (g.month ?? '');

function compareExplorer(what, got, want) {
  figures.queries += 1;
  if (got.error) return mismatch(what, got.error);
  const a = got.body;
  for (const k of ['white', 'draws', 'black'])
    if (a[k] !== want[k]) mismatch(what, `${k} ${a[k]}, expected ${want[k]} (totals server ${a.white}/${a.draws}/${a.black}, ours ${want.white}/${want.draws}/${want.black})`);
  if (!Array.isArray(a.moves)) return mismatch(what, `no moves array`);
  const mine = new Map(want.moves.map(m => [m.uci, m]));
  const theirs = new Map(a.moves.map(m => [m.uci, m]));
  for (const m of a.moves) {
    const w = mine.get(m.uci);
    if (!w) {
      mismatch(what, `move ${m.uci} (${m.san}) ${m.white}/${m.draws}/${m.black} from the server, not played here by any game`);
      continue;
    }
    figures.moves += 1;
    for (const k of ['white', 'draws', 'black', 'averageRating'])
      if (m[k] !== w[k]) mismatch(what, `move ${m.uci} ${k} ${m[k]}, expected ${w[k]}`);
    if (stripCheck(m.san) !== stripCheck(w.san)) mismatch(what, `move ${m.uci} san ${m.san}, expected ${w.san}`);
  }
  for (const w of want.moves)
    if (!theirs.has(w.uci)) mismatch(what, `move ${w.uci} (${w.san}) ${w.white}/${w.draws}/${w.black} missing from the server's answer`);
  const order = a.moves.map(m => m.uci).join(' ');
  const expected = want.moves.map(m => m.uci).filter(u => theirs.has(u)).join(' ');
  if (order !== expected) mismatch(what, `moves in the order ${order}, expected ${expected} (games, then uci)`);
  // topGames: the highest rating first; recentGames: the latest date first.
  const rating = g => (g?.white?.rating && g?.black?.rating ? Math.floor((g.white.rating + g.black.rating) / 2) : 0);
  if (Array.isArray(a.topGames))
    for (let i = 1; i < a.topGames.length; i++)
      if (rating(a.topGames[i]) > rating(a.topGames[i - 1]))
        mismatch(what, `topGames not by rating: ${a.topGames.map(rating).join(', ')}`);
  if (Array.isArray(a.recentGames))
    for (let i = 1; i < a.recentGames.length; i++)
      if ((a.recentGames[i].month ?? '') > (a.recentGames[i - 1].month ?? ''))
        mismatch(what, `recentGames not latest first: ${a.recentGames.map(g => g.month).join(', ')}`);
}

const explorerPath = (fen, extra = '') =>
  `/api/explorer/imported?fen=${encodeURIComponent(fen)}&moves=500${extra}`;
const filterQuery = f =>
  (f.speeds ? `&speeds=${f.speeds.join(',')}` : '') + (f.ratings ? `&ratings=${f.ratings.join(',')}` : '')
  + (f.since ? `&since=${f.since}` : '') + (f.until ? `&until=${f.until}` : '');
const describe = e => `position ${e.fen} (first at ply ${e.minPly})`;

// ---------------------------------------------------------------- the explorer, unfiltered
await pool(asked, async e => {
  const got = await getJson(explorerPath(e.fen));
  figures.positions += 1;
  if (isTransposition(e)) figures.transpositions += 1;
  compareExplorer(describe(e), got, explore(index, e.key));
});
console.log(`explorer: ${figures.positions} positions (${starts.length} start positions, ${shallow.length} first `
  + `reached at plies 1..${options.shallow}, ${deep.length} of ${deepAll.length} deeper, `
  + `${figures.transpositions} transpositions of ${transpositions.length}, ${edgeCount} more at the edges of the `
  + `indexed plies), ${figures.moves} moves compared`);

// ---------------------------------------------------------------- filters
// since and until: a third and two thirds along the months the games were played in.
const months = [...new Set(games.map(monthOfGame).filter(Boolean))].sort();
const since = months[Math.floor(months.length / 3)];
const until = months[Math.floor((months.length * 2) / 3)];
const filters = [
  { speeds: ['blitz'] },
  { speeds: ['bullet', 'rapid'] },
  { ratings: [1600, 1800] },
  { ratings: [0, 2500] },
  ...(since ? [{ since }, { until }, { since, until }] : []),
  { speeds: ['blitz', 'rapid', 'classical'], ratings: [1400, 1600, 1800, 2000, 2200, 2500], ...(since ? { since } : {}) },
];
const filtered = [...starts, ...shuffle(asked.filter(e => !startKeys.has(e.key))).slice(0, 100)];
const filterJobs = filtered.flatMap(e => filters.map(f => [e, f]));
const movesBefore = figures.moves;
await pool(filterJobs, async ([e, f]) => {
  figures.filtered += 1;
  compareExplorer(`${describe(e)} with${filterQuery(f).replaceAll('&', ' ')}`, await getJson(explorerPath(e.fen, filterQuery(f))),
    explore(index, e.key, f));
});
const groups = new Map();
for (const g of games) if (g.result !== '*') groups.set(ratingGroup(g.rating), (groups.get(ratingGroup(g.rating)) ?? 0) + 1);
const speeds = new Map();
for (const g of games) if (g.result !== '*') speeds.set(g.speed, (speeds.get(g.speed) ?? 0) + 1);
console.log(`filters: ${filters.length} filters on ${filtered.length} positions (${figures.filtered} queries, `
  + `${figures.moves - movesBefore} moves compared); games by speed ${[...speeds].map(([s, n]) => `${s ?? 'none'} ${n}`).join(', ')}; `
  + `by rating group ${[...groups].sort((a, b) => a[0] - b[0]).map(([g, n]) => `${g} ${n}`).join(', ')}; `
  + `since ${since ?? '-'} until ${until ?? '-'}`);

// ---------------------------------------------------------------- start=N, play, nothing there, errors
const numbered = [...new Set(games.filter(g => g.result !== '*' && g.start !== null).map(g => g.start))];
for (const n of shuffle(numbered).slice(0, 20)) {
  const key = positionKey(setupPosition(startFen(n))).key;
  compareExplorer(`start=${n}`, await getJson(`/api/explorer/imported?start=${n}&moves=500`), explore(index, key));
}
let played = 0;
for (const e of shuffle(asked.filter(x => x.minPly > 0 && x.occ.length)).slice(0, 30)) {
  const [gi, , , ply] = e.occ[Math.floor(rng() * e.occ.length)];
  const g = games[gi];
  const play = g.ucis.slice(0, ply).join(',');
  compareExplorer(`${describe(e)} as play=${play} from ${g.initialFen}`,
    await getJson(`/api/explorer/imported?fen=${encodeURIComponent(g.initialFen)}&play=${play}&moves=500`),
    explore(index, e.key));
  played += 1;
}
const unused = [...Array(960).keys()].find(n => !positions.has(positionKey(setupPosition(startFen(n))).key));
if (unused !== undefined)
  compareExplorer(`start position ${unused}, in no game`, await getJson(explorerPath(startFen(unused))),
    { white: 0, draws: 0, black: 0, moves: [] });
const badRequests = [
  ['fen=not-a-fen', 400],
  ['start=960', 400],
  [`fen=${encodeURIComponent(startFen(518))}&speeds=warp`, 400],
  [`fen=${encodeURIComponent(startFen(518))}&ratings=1700`, 400],
  [`fen=${encodeURIComponent(startFen(518))}&since=2020-13`, 400],
  [`fen=${encodeURIComponent(startFen(518))}&play=e2e5`, 400],
  [`fen=${encodeURIComponent(startFen(518))}&collection=no-such-collection`, 404],
];
for (const [query, status] of badRequests) {
  const r = await get(`/api/explorer/imported?${query}`);
  figures.queries += 1;
  let error = null;
  try {
    error = JSON.parse(r.text).error;
  } catch {
    // checked below
  }
  if (r.status !== status || typeof error !== 'string')
    mismatch(`explorer ?${query}`, `HTTP ${r.status} ${r.text.slice(0, 120)}, expected ${status} with {"error": ...}`);
}
console.log(`explorer extras: start=N for ${Math.min(20, numbered.length)} positions, play= for ${played}, `
  + `a position in no game (start ${unused}), ${badRequests.length} bad requests`);

// ---------------------------------------------------------------- /api/db/games
const signature = g => `${g.white} | ${g.black} | ${g.result} | ${g.plies} plies | ${g.date}`;
const lineSignature = l => `${l.white?.name} | ${l.black?.name} | ${l.result} | ${l.plies} plies | ${l.date}`;
async function listGames(query) {
  const lines = [];
  let before = null;
  for (let page = 0; page < 1000; page++) {
    const r = await get(`/api/db/games?${query}&max=1000${before ? `&before=${before}` : ''}`);
    figures.queries += 1;
    if (r.status !== 200) return { error: `HTTP ${r.status}: ${r.text.slice(0, 200)}` };
    if (!r.type.includes('application/x-ndjson')) return { error: `content type ${r.type}` };
    const got = r.text.split('\n').filter(l => l.trim()).map(l => JSON.parse(l));
    lines.push(...got);
    if (got.length < 1000) break;
    before = got[got.length - 1].id;
  }
  return { lines };
}
function compareGames(what, got, want) {
  if (got.error) return mismatch(what, got.error);
  figures.gamesListed += got.lines.length;
  if (got.lines.length !== want.length) mismatch(what, `${got.lines.length} games, expected ${want.length}`);
  const ids = got.lines.map(l => BigInt(l.id));
  for (let i = 1; i < ids.length; i++)
    if (!(ids[i] < ids[i - 1])) {
      mismatch(what, `not newest id first: ${ids[i - 1]} then ${ids[i]}`);
      break;
    }
  const count = (list, f) => {
    const m = new Map();
    for (const x of list) m.set(f(x), (m.get(f(x)) ?? 0) + 1);
    return m;
  };
  const theirs = count(got.lines, lineSignature);
  const mine = count(want, signature);
  let shown = 0;
  for (const [s, n] of mine)
    if ((theirs.get(s) ?? 0) !== n && shown++ < 5) mismatch(what, `${n} game(s) "${s}", the server lists ${theirs.get(s) ?? 0}`);
  for (const [s, n] of theirs)
    if (!mine.has(s) && shown++ < 5) mismatch(what, `the server lists ${n} game(s) "${s}" we have not`);
}
const byStart = new Map();
for (const g of games) if (g.start !== null) byStart.set(g.start, [...(byStart.get(g.start) ?? []), g]);
await pool([...byStart.keys()], async n => compareGames(`/api/db/games?start=${n}`, await listGames(`start=${n}`), byStart.get(n)));
const whites = new Map();
for (const g of games) whites.set(g.white, (whites.get(g.white) ?? 0) + 1);
const players = [...whites].filter(([name]) => name !== '?').sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3).map(([n]) => n);
const playerChecks = [];
for (const name of players)
  for (const color of ['white', 'black']) {
    const want = games.filter(g => (color === 'white' ? g.white : g.black) === name);
    playerChecks.push(`${name} as ${color}: ${want.length}`);
    compareGames(`/api/db/games?player=${name}&color=${color}`,
      await listGames(`player=${encodeURIComponent(name)}&color=${color}`), want);
    // The player's explorer at the start positions of those games and a few positions after.
    const keys = new Set();
    for (const g of want.slice(0, 10)) {
      const pos = setupPosition(g.initialFen);
      for (let p = 0; p <= Math.min(4, g.ucis.length); p++) {
        if (g.result !== '*') keys.add(positionKey(pos).key);
        if (p < g.ucis.length) pos.play(chessops.parseUci(g.ucis[p]));
      }
    }
    for (const key of keys) {
      const e = positions.get(key);
      compareExplorer(`player explorer ${name} ${color} at ${e.fen}`,
        await getJson(`/api/explorer/player?player=${encodeURIComponent(name)}&color=${color}&fen=${encodeURIComponent(e.fen)}&moves=500`),
        explore(index, key, { player: name, color }));
    }
  }
// /api/db/starts: each start position's games (all stored) and results (of the indexed ones).
{
  const got = await getJson('/api/db/starts?source=imported');
  figures.queries += 1;
  if (got.error) mismatch('/api/db/starts?source=imported', got.error);
  else if (!Array.isArray(got.body.starts) || got.body.starts.length !== 960)
    mismatch('/api/db/starts?source=imported', `${got.body.starts?.length} entries, expected 960`);
  else
    for (const s of got.body.starts) {
      const list = byStart.get(s.start) ?? [];
      const want = {
        games: list.length,
        white: list.filter(g => g.result === '1-0').length,
        draws: list.filter(g => g.result === '1/2-1/2').length,
        black: list.filter(g => g.result === '0-1').length,
      };
      for (const k of ['games', 'white', 'draws', 'black'])
        if (s[k] !== want[k]) mismatch(`/api/db/starts start ${s.start}`, `${k} ${s[k]}, expected ${want[k]}`);
    }
}
console.log(`games search: start=N for ${byStart.size} start positions, player=NAME&color= for ${playerChecks.join(', ')}; `
  + `${figures.gamesListed} game lines compared; /api/db/starts`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length) {
  if (problems.length > MAX_SHOWN) console.log(`  ... ${problems.length - MAX_SHOWN} more mismatches not shown`);
  console.log(`explorer_check: FAILED: ${problems.length} mismatches in ${figures.queries} queries (${seconds} s)`);
  process.exit(1);
}
console.log(`explorer_check: OK: ${figures.queries} queries, ${figures.moves} moves, ${games.length} games agree (${seconds} s)`);
