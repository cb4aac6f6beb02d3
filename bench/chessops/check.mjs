// The chessops peer of bench/pgn_bench.sh: replays every game of a PGN file with lichess's
// chessops (npm "chessops") and counts games, moves and errors.
//
// For each game: chessops's PGN parser (PgnParser, the streaming form of parsePgn: the file is
// read in chunks, so files larger than a JavaScript string work), startingPosition() from the
// headers (it reads [Variant] and [FEN], Chess960 castling rights included), then parseSan()
// and play() for each move of the main line. A move that does not parse or is illegal is an
// error and ends that game's replay, as in `chess960 pgn check`.
//
// usage: node check.mjs FILE
// prints "G games, M moves, E errors" on stdout, the first errors and the speed on stderr;
// exit status 1 when there were errors.
import { createReadStream } from 'node:fs';
import { PgnParser, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const file = process.argv[2];
if (!file) {
  console.error('usage: node check.mjs FILE');
  process.exit(2);
}

let games = 0;
let moves = 0;
let errors = 0;
const report = message => {
  errors += 1;
  if (errors <= 10) console.error(`game ${games}: ${message}`);
};

const start = process.hrtime.bigint();
const parser = new PgnParser((game, err) => {
  games += 1;
  if (err) {
    report(`PGN parser: ${err.message}`);
    return;
  }
  const setup = startingPosition(game.headers);
  if (setup.isErr) {
    report(`start position: ${setup.error.message}`);
    return;
  }
  const pos = setup.value;
  let ply = 0;
  for (const node of game.moves.mainline()) {
    ply += 1;
    const move = parseSan(pos, node.san);
    if (!move) {
      report(`ply ${ply}: illegal move ${node.san}`);
      return;
    }
    pos.play(move);
    moves += 1;
  }
});

await new Promise((resolve, reject) => {
  createReadStream(file, { encoding: 'utf-8', highWaterMark: 1 << 20 })
    .on('data', chunk => parser.parse(chunk, { stream: true }))
    .on('error', reject)
    .on('end', () => {
      parser.parse('');
      resolve();
    });
});

const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(`${games} games, ${moves} moves, ${errors} errors`);
console.error(
  `checked in ${seconds.toFixed(3)} s: ${Math.round(games / seconds)} games/s, ` +
    `${Math.round(moves / seconds)} moves/s`,
);
process.exit(errors ? 1 : 0);
