// An independent model of the game database's opening explorer (issue 42), written against
// /work/notes/db-contract.md with lichess's chessops (npm "chessops", pinned in web/package.json),
// not with this project's C++ rules library, so that tests/db/explorer_check.mjs can check the
// answers of `chess960 serve` against a second implementation.
//
// What it computes, per the contract:
// - a game's indexed positions: the position before ply p for p = 0 .. min(plies, LIMIT)-1, plus
//   the final position when the game has fewer than LIMIT plies (no move from it); LIMIT = 50, or
//   the whole game for a masters collection;
// - a position's key: FEN fields 1-4, castling rights as the rooks' files (Shredder style, so that
//   X-FEN and Shredder-FEN spellings of one position agree), en passant only when an en passant
//   capture is legal (chessops's toSetup() keeps the square only then);
// - a game counts once per position, at its first occurrence, with the move played there;
// - games whose result is `*` are not indexed (they are kept for the game search);
// - moves in UCI with castling as the king taking its own rook (chessops's own move form);
// - averageRating, the rating groups, the speeds, since/until by the Date tag's month.
//
// Games chessops cannot replay (an unknown variant, a bad FEN, an illegal or unreadable move
// anywhere in the main line) are left out and listed in `skipped`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// chessops is installed in web/node_modules (web/package.json devDependencies, `npm ci` by `make
// web`); a file under tests/ does not see that directory by node's module resolution, so its ESM
// files are imported by path. CHESSOPS_DIR names another installed copy.
const chessopsDir = process.env.CHESSOPS_DIR ?? resolve(here, '../../web/node_modules/chessops');
const esm = name => join(chessopsDir, 'dist', 'esm', `${name}.js`);
if (!existsSync(esm('pgn'))) {
  throw new Error(
    `chessops is not installed at ${chessopsDir}: run \`make web\` (or \`cd web && npm ci\`) first`,
  );
}
const load = async name => import(pathToFileURL(esm(name)).href);
const { parsePgn, startingPosition, parseVariant, emptyHeaders } = await load('pgn');
const { parseSan, makeSan } = await load('san');
const { makeFen, parseFen } = await load('fen');
const { makeUci, parseUci, makeSquare, squareFile } = await load('util');
const { Chess } = await load('chess');
export const chessops = { parsePgn, startingPosition, parseSan, makeSan, makeFen, parseFen, makeUci, parseUci, makeSquare, Chess };

export const LIMIT = 50;
export const RATING_GROUPS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500];
export const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

// The 960 start positions by Scharnagl's numbering: the white back rank of position n.
export function backRank(n) {
  const rank = Array(8).fill(null);
  const empty = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[2 * (n % 4) + 1] = 'B'; // the light-squared bishop: b, d, f or h
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'B'; // the dark-squared bishop: a, c, e or g
  n = Math.floor(n / 4);
  rank[empty()[n % 6]] = 'Q';
  n = Math.floor(n / 6);
  const knights = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const free = empty();
  for (const k of knights) rank[free[k]] = 'N';
  const rest = empty();
  rank[rest[0]] = 'R';
  rank[rest[1]] = 'K';
  rank[rest[2]] = 'R';
  return rank.join('');
}
const startByBoard = new Map();
for (let n = 0; n < 960; n++) {
  const r = backRank(n);
  startByBoard.set(`${r.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${r}`, n);
}
export const startFen = n => {
  const r = backRank(n);
  return `${r.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${r} w KQkq - 0 1`;
};

// Castling rights as files, white's (upper case) then black's, each from h to a.
function castlingFiles(setup) {
  let white = '';
  let black = '';
  for (const sq of setup.castlingRights.reversed()) {
    const file = 'abcdefgh'[squareFile(sq)];
    if (sq < 8) white += file.toUpperCase();
    else if (sq >= 56) black += file;
  }
  return white + black || '-';
}

// The position's key (FEN fields 1-4, castling by files, ep only when legal) and a FEN for it.
export function positionKey(pos) {
  const setup = pos.toSetup();
  const fen = makeFen(setup);
  const f = fen.split(' ');
  return { key: `${f[0]} ${f[1]} ${castlingFiles(setup)} ${f[3]}`, fen };
}

export function parseRating(text) {
  return text !== undefined && /^\d+$/.test(text.trim()) && +text > 0 ? +text : null;
}

// lichess's speed from a TimeControl "base+inc" (seconds): base + 40 * inc.
export function speedOf(tc) {
  if (tc === undefined) return null;
  tc = tc.trim();
  if (tc === '-') return 'correspondence';
  const m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(tc);
  if (!m) return null;
  const estimate = Number(m[1]) + 40 * Number(m[2]);
  if (estimate < 30) return 'ultraBullet';
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

export function ratingGroup(rating) {
  let group = 0;
  for (const g of RATING_GROUPS) if (rating >= g) group = g;
  return group;
}

// "YYYY-MM" of a Date tag "yyyy.mm.dd" whose year and month are known, else null.
export function monthOf(date) {
  const m = /^(\d{4})\.(\d{2})\.(\d{2}|\?\?)$/.exec(date ?? '');
  return m ? `${m[1]}-${m[2]}` : null;
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

// Reads the games of PGN texts ([{name, text}]) and indexes them.
// Answers { games, skipped, positions } where positions maps a key to
// { key, fen, minPly, paths: Set of move orders that first reached it (at most 4 kept),
//   occ: [[gameIndex, uci|null, san|null, ply]] (one entry a game, its first occurrence) }.
export function indexPgn(files, { limit = LIMIT, masters = false } = {}) {
  const games = [];
  const skipped = [];
  const positions = new Map();
  const plyLimit = masters ? Infinity : limit;
  for (const { name, text } of files) {
    let number = 0;
    for (const game of parsePgn(text, emptyHeaders)) {
      number += 1;
      const h = game.headers;
      const where = `${name}: game ${number} (${h.get('White') ?? '?'} - ${h.get('Black') ?? '?'}, round ${h.get('Round') ?? '?'})`;
      // An empty trailing "game" (no tags, no moves) is not a game.
      if (h.size === 0 && !game.moves.children.length) continue;
      const headers = new Map(h);
      const variant = headers.get('Variant');
      if (variant !== undefined && parseVariant(variant) === undefined && /960|fischer/i.test(variant))
        headers.delete('Variant'); // "chess-960" and the like: chessops's rules for chess are Chess960's
      const setup = startingPosition(headers);
      if (setup.isErr) {
        skipped.push({ where, why: `start position: ${setup.error.message}` });
        continue;
      }
      const pos = setup.value;
      if (pos.rules !== 'chess') {
        skipped.push({ where, why: `variant ${variant}` });
        continue;
      }
      const startSetup = pos.toSetup();
      const initialFen = makeFen(startSetup);
      const f = initialFen.split(' ');
      // A numbered start position: one of the 960 arrays, White to move, all four castling rights.
      const start = f[1] === 'w' && f[3] === '-' && castlingFiles(startSetup).length === 4
        ? startByBoard.get(f[0]) ?? null : null;
      // Replay the whole main line: a game with an illegal move anywhere is skipped.
      const plies = []; // [{key, fen, uci, san}] positions before each ply
      let bad = null;
      for (const node of game.moves.mainline()) {
        const move = parseSan(pos, node.san);
        if (!move) {
          bad = `ply ${plies.length + 1}: illegal or unreadable move ${node.san}`;
          break;
        }
        const { key, fen } = positionKey(pos);
        plies.push({ key, fen, uci: makeUci(move), san: makeSan(pos, move) });
        pos.play(move);
      }
      if (bad) {
        skipped.push({ where, why: bad });
        continue;
      }
      const final = positionKey(pos);
      const result = RESULTS.has(h.get('Result')) ? h.get('Result') : '*';
      const whiteElo = parseRating(h.get('WhiteElo'));
      const blackElo = parseRating(h.get('BlackElo'));
      const g = {
        index: games.length,
        where,
        white: h.get('White') ?? '?',
        black: h.get('Black') ?? '?',
        whiteElo,
        blackElo,
        rating: whiteElo !== null && blackElo !== null ? Math.floor((whiteElo + blackElo) / 2) : 0,
        rated: whiteElo !== null && blackElo !== null,
        speed: speedOf(h.get('TimeControl')),
        date: h.get('Date') ?? '????.??.??',
        month: monthOf(h.get('Date')),
        event: h.get('Event') ?? '?',
        result,
        start,
        initialFen,
        plies: plies.length,
        ucis: plies.map(p => p.uci),
      };
      games.push(g);
      if (result === '*') continue;
      const n = Math.min(plies.length, plyLimit);
      const indexed = plies.slice(0, n).map((p, i) => ({ ...p, ply: i }));
      if (plies.length < plyLimit) indexed.push({ ...final, uci: null, san: null, ply: plies.length });
      const seen = new Set();
      for (const p of indexed) {
        if (seen.has(p.key)) continue; // a game counts once, at its first occurrence
        seen.add(p.key);
        let entry = positions.get(p.key);
        if (!entry) {
          entry = { key: p.key, fen: p.fen, minPly: p.ply, paths: new Set(), occ: [] };
          positions.set(p.key, entry);
        }
        entry.minPly = Math.min(entry.minPly, p.ply);
        // The move order that reached it: the start and the moves before it.
        if (entry.paths.size < 4) entry.paths.add(`${startSetupKey(initialFen)}|${g.ucis.slice(0, p.ply).join(' ')}`);
        entry.occ.push([g.index, p.uci, p.san, p.ply]);
      }
    }
  }
  return { games, skipped, positions };
}

function startSetupKey(fen) {
  return fen.split(' ').slice(0, 4).join(' ');
}

// A position reached by more than one move order (from a start position, through other moves).
export const isTransposition = entry => entry.paths.size > 1;

// The filter of an explorer query: { speeds: [..], ratings: [..], since: 'YYYY-MM', until, player, color }.
export function matches(game, filter = {}) {
  if (filter.speeds && !filter.speeds.includes(game.speed)) return false;
  if (filter.ratings && !filter.ratings.includes(ratingGroup(game.rating))) return false;
  if (filter.since && !(game.month && game.month >= filter.since)) return false;
  if (filter.until && !(game.month && game.month <= filter.until)) return false;
  if (filter.player) {
    const name = filter.color === 'black' ? game.black : game.white;
    if (name !== filter.player) return false;
  }
  return true;
}

// The explorer's answer for a position: totals and moves (sorted by games, then uci).
export function explore(index, key, filter = {}) {
  const answer = { white: 0, draws: 0, black: 0, moves: [] };
  const entry = index.positions.get(key);
  if (!entry) return answer;
  const byUci = new Map();
  const add = (counts, result) => {
    if (result === '1-0') counts.white += 1;
    else if (result === '0-1') counts.black += 1;
    else counts.draws += 1;
  };
  for (const [gi, uci, san] of entry.occ) {
    const game = index.games[gi];
    if (!matches(game, filter)) continue;
    add(answer, game.result);
    if (uci === null) continue;
    let m = byUci.get(uci);
    if (!m) {
      m = { uci, san, white: 0, draws: 0, black: 0, ratingSum: 0, ratingCount: 0 };
      byUci.set(uci, m);
    }
    add(m, game.result);
    if (game.rated) {
      m.ratingSum += game.rating;
      m.ratingCount += 1;
    }
  }
  answer.moves = [...byUci.values()]
    .map(m => ({
      uci: m.uci,
      san: m.san,
      averageRating: m.ratingCount ? Math.floor(m.ratingSum / m.ratingCount) : 0,
      white: m.white,
      draws: m.draws,
      black: m.black,
    }))
    .sort((a, b) => b.white + b.draws + b.black - (a.white + a.draws + a.black) || (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0));
  return answer;
}

// A seeded pseudo-random generator (mulberry32), for reproducible samples.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
