#!/usr/bin/env python3
"""How our engine's centipawns compare with Stockfish 15.1's, for the puzzle generator.

lichess-puzzler's win chance, 2 / (1 + exp(-0.00368208 cp)) - 1, and its thresholds (a blunder's
swing of 0.6, an only-move's gap of 0.7) were fitted on Stockfish's scale. An engine whose
centipawns are larger sees larger gaps and calls moves only-moves that Stockfish does not. This
measures the factor k for which our k * cp best matches Stockfish's: both engines search the same
positions (a ply drawn from each game of a PGN file), and k is fitted on the win chances (least
squares over a grid), where their scores are neither mates nor beyond --limit cp.

  bench/puzzles/cp_scale.py --ours "build/chess960 uci" --stockfish /usr/games/stockfish \
      --games 300 [--ours-nodes 1000000] [--sf-nodes 1000000] PGN

Both engines run at once (one thread each). Prints the fit and the table of k against the mean
squared error. The PGN is read with python-chess (../shared/peers/python-chess, or an installed
one).
"""

import argparse
import math
import os
import random
import shlex
import subprocess
import sys
import threading

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "shared", "peers", "python-chess"))
import chess  # noqa: E402
import chess.pgn  # noqa: E402


def win_chance(cp):
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


class Uci:
    def __init__(self, command):
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Chess960 value true")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        for line in self.p.stdout:
            if line.split() and line.split()[0] == word:
                return line
        raise RuntimeError("engine ended")

    def score(self, fen, nodes):
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send(f"go nodes {nodes}")
        last = None
        for line in self.p.stdout:
            words = line.split()
            if not words:
                continue
            if words[0] == "info" and "score" in words:
                i = words.index("score")
                last = (words[i + 1], int(words[i + 2]))
            elif words[0] == "bestmove":
                return last
        raise RuntimeError("engine ended")

    def close(self):
        self.send("quit")
        self.p.wait()


def positions(path, count, seed):
    rng = random.Random(seed)
    found = []
    with open(path) as f:
        while len(found) < count:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            moves = list(game.mainline_moves())
            if len(moves) < 12:
                continue
            ply = rng.randrange(10, min(len(moves), 70))
            for m in moves[:ply]:
                board.push(m)
            if board.is_game_over():
                continue
            found.append(board.fen(shredder=True))
    return found


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--ours", required=True)
    a.add_argument("--stockfish", default="/usr/games/stockfish")
    a.add_argument("--games", type=int, default=300)
    a.add_argument("--ours-nodes", type=int, default=1_000_000)
    a.add_argument("--sf-nodes", type=int, default=1_000_000)
    a.add_argument("--limit", type=int, default=1000)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("pgn")
    o = a.parse_args()
    fens = positions(o.pgn, o.games, o.seed)
    results = {}

    def run(name, command, nodes):
        engine = Uci(command)
        results[name] = [engine.score(fen, nodes) for fen in fens]
        engine.close()

    lanes = [threading.Thread(target=run, args=("ours", o.ours, o.ours_nodes)),
             threading.Thread(target=run, args=("sf", o.stockfish, o.sf_nodes))]
    for t in lanes:
        t.start()
    for t in lanes:
        t.join()
    pairs = [(ours[1], sf[1]) for ours, sf in zip(results["ours"], results["sf"])
             if ours and sf and ours[0] == "cp" and sf[0] == "cp" and abs(ours[1]) <= o.limit and abs(sf[1]) <= o.limit]
    print(f"{len(fens)} positions, {len(pairs)} scored in centipawns by both within {o.limit} cp "
          f"(ours at {o.ours_nodes} nodes, Stockfish at {o.sf_nodes})")
    through_origin = sum(x * y for x, y in pairs) / max(1, sum(x * x for x, _ in pairs))
    print(f"least squares on centipawns, through 0: Stockfish = {through_origin:.3f} x ours")
    best = None
    print("| k | mean squared error of the win chances |")
    print("|---:|---:|")
    for step in range(40, 141, 5):
        k = step / 100
        mse = sum((win_chance(k * x) - win_chance(y)) ** 2 for x, y in pairs) / max(1, len(pairs))
        print(f"| {k:.2f} | {mse:.5f} |")
        if best is None or mse < best[1]:
            best = (k, mse)
    print(f"best k on the win chances: {best[0]:.2f} (mean squared error {best[1]:.5f})")
    big = [(x, y) for x, y in pairs if abs(x) >= 150]
    if big:
        ratio = sorted(y / x for x, y in big)
        print(f"median Stockfish/ours where |ours| >= 150 cp: {ratio[len(ratio) // 2]:.3f} over {len(big)} positions")


if __name__ == "__main__":
    main()
