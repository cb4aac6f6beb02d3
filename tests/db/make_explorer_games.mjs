// Writes tests/db/explorer_games.pgn: Chess960 games made for the explorer check
// (explorer_check.sh imports them beside the generated corpus and the real games), with what
// random games rarely have: many games from the same few start positions whose first four plies
// are the same moves in different orders (transpositions), castling both ways, positions
// repeated within the first 50 plies, games longer and shorter than 50 plies, a `*` game, a game
// with no moves, ratings (some unknown), every speed and no time control, dates over three years.
// The same seed always writes the same file; the moves are chessops's, so it is only as right as
// chessops (the check replays them with chessops too, and the server with its own rules).
//
// usage: node tests/db/make_explorer_games.mjs > tests/db/explorer_games.pgn
import { chessops, random, startFen } from './explorer_index.mjs';

const { Chess, parseFen, makeSan } = chessops;
const rng = random(42);
const pick = list => list[Math.floor(rng() * list.length)];
const posOf = fen => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();

function legalMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) for (const to of dests) {
    const piece = pos.board.get(from);
    const promotion = piece.role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0) ? 'queen' : undefined;
    moves.push({ from, to, promotion });
  }
  return moves.sort((a, b) => a.from - b.from || a.to - b.to);
}
const isCastle = (pos, m) => pos.board.get(m.from).role === 'king' && pos.board.get(m.to)?.role === 'rook'
  && pos.board.get(m.to).color === pos.turn;

const STARTS = [518, 0, 959, 423, 100];
const SPEEDS = ['60+0', '180+2', '600+0', '900+10', '3600+30', '15+0', '-', null];
const games = [];
for (let n = 0; n < 60; n++) {
  const start = STARTS[n % STARTS.length];
  const fen = startFen(start);
  for (let attempt = 0; ; attempt++) {
    const pos = posOf(fen);
    const sans = [];
    // Two white and two black first moves from a small pool, in one of four orders.
    const whites = legalMoves(pos).filter(m => pos.board.get(m.from).role !== 'king').slice(0, 4);
    const w = [pick(whites), pick(whites)];
    const blackPos = posOf(fen.replace(' w ', ' b '));
    const blacks = legalMoves(blackPos).slice(0, 4);
    const b = [pick(blacks), pick(blacks)];
    const order = pick([[w[0], b[0], w[1], b[1]], [w[1], b[0], w[0], b[1]], [w[0], b[1], w[1], b[0]], [w[1], b[1], w[0], b[0]]]);
    let ok = true;
    for (const m of order) {
      if (!pos.isLegal(m)) {
        ok = false;
        break;
      }
      sans.push(makeSan(pos, m));
      pos.play(m);
    }
    if (!ok && attempt < 50) continue;
    if (!ok) throw new Error(`no opening for ${start}`);
    // Then random moves, castling whenever it is legal, a knight's return now and then (a
    // repeated position), to a drawn length of 20 to 90 plies or the end of the game.
    const length = 20 + Math.floor(rng() * 71);
    while (sans.length < length && !pos.isEnd()) {
      const moves = legalMoves(pos);
      const castles = moves.filter(m => isCastle(pos, m));
      const m = castles.length && rng() < 0.8 ? pick(castles) : pick(moves);
      sans.push(makeSan(pos, m));
      pos.play(m);
      if (pos.board.get(m.to)?.role === 'knight' && rng() < 0.3 && sans.length + 4 < length) {
        // The knight goes and comes back while the other side does the same: the position repeats.
        const back = { from: m.to, to: m.from };
        const replies = legalMoves(pos).filter(r => pos.board.get(r.from).role === 'knight');
        if (replies.length) {
          const r = pick(replies);
          const seq = [r, back, { from: r.to, to: r.from }];
          const probe = pos.clone();
          if (seq.every(x => probe.isLegal(x) && (probe.play(x), true)))
            for (const x of seq) {
              sans.push(makeSan(pos, x));
              pos.play(x);
            }
        }
      }
    }
    const outcome = pos.outcome();
    const result = n === 7 ? '*' : outcome
      ? (outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2')
      : pick(['1-0', '0-1', '1/2-1/2']);
    games.push({ n, fen, sans: n === 11 ? [] : sans, result });
    break;
  }
}

const out = [];
for (const g of games) {
  const rating = () => (rng() < 0.15 ? null : 900 + Math.floor(rng() * 1800));
  const we = rating();
  const be = rating();
  const tc = SPEEDS[g.n % SPEEDS.length];
  const month = 1 + Math.floor(rng() * 12);
  const year = 2023 + Math.floor(rng() * 3);
  const tags = [
    ['Event', `Explorer check ${g.n + 1}`],
    ['Site', 'tests/db'],
    ['Date', `${year}.${String(month).padStart(2, '0')}.${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}`],
    ['Round', String(g.n + 1)],
    ['White', `Player ${String.fromCharCode(65 + (g.n % 6))}`],
    ['Black', `Player ${String.fromCharCode(65 + ((g.n * 5 + 1) % 7))}`],
    ['Result', g.result],
    ...(we !== null ? [['WhiteElo', String(we)]] : []),
    ...(be !== null ? [['BlackElo', String(be)]] : []),
    ...(tc !== null ? [['TimeControl', tc]] : []),
    ['Variant', 'Chess960'],
    ['SetUp', '1'],
    ['FEN', g.fen],
  ];
  out.push(...tags.map(([k, v]) => `[${k} "${v}"]`), '');
  const words = g.sans.map((s, i) => (i % 2 ? s : `${i / 2 + 1}. ${s}`));
  const lines = [];
  let line = '';
  for (const word of [...words, g.result]) {
    if (line && line.length + word.length + 1 > 79) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  out.push(...lines, '');
}
process.stdout.write(out.join('\n'));
