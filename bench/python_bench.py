#!/usr/bin/env python3
"""The chess960 Python package against python-chess, in one run on the same inputs.

    PYTHONPATH=build/python:../shared/peers/python-chess python3 bench/python_bench.py \
        --pgn corpus.pgn [--positions 20000] [--out bench/results/python-DATE.md]

PGN replay: every game of the file read and every move checked against the rules, by
chess960.pgn.games (headers, moves as one UCI string, result: no object per move), by
chess960.pgn.read_game (a Game with Move objects) and by python-chess's chess.pgn.read_game.
Legal moves: the same random Chess960 positions (from random games, a third of them Double
Chess960), legal moves counted by len(board.legal_moves) (the counting generator, no list) and
listed as Move objects by list(board.legal_moves), against python-chess's
board.legal_moves.count() (its only way to count: `len(list(self))`, every move generated); over
20,000 boards (cold: each board once, the boards spread over memory) and over 1,000 of them 20
times (boards that stay in the CPU caches). Perft of a start position. Each timing is the best of
--repeat runs (wall clock, one core)."""

import argparse
import datetime
import os
import platform
import random
import subprocess
import sys
import time

import chess
import chess.pgn

import chess960
import chess960.pgn


def best_of(repeat, fn):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def pgn_stream(path):
    plies = games = 0
    for game in chess960.pgn.games(path):
        games += 1
        plies += game.ply_count
    return games, plies


def pgn_read_game(path):
    plies = games = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess960.pgn.read_game(handle)) is not None:
            games += 1
            plies += len(game.mainline_moves())
    return games, plies


def pgn_python_chess(path):
    plies = games = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games += 1
            plies += sum(1 for _ in game.mainline_moves())
    return games, plies


def random_fens(count, seed):
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        white = rng.randrange(960)
        black = rng.randrange(960) if rng.random() < 1 / 3 else white
        board = chess960.Board.from_chess960_pos(white, black)
        for _ in range(rng.randrange(1, 100)):
            moves = board.legal_moves.uci()
            if not moves:
                break
            board.push_uci(rng.choice(moves))
            if rng.random() < 0.1:
                fens.append(board.fen(shredder=True))
    return fens[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out")
    args = parser.parse_args()

    rows = []

    def row(what, ours, theirs, unit_count, unit):
        rows.append((what, ours, theirs, unit_count, unit))
        print(f"{what}: chess960 {unit_count / ours:,.0f} {unit}/s, python-chess "
              f"{unit_count / theirs:,.0f} {unit}/s: {theirs / ours:.0f}x", flush=True)

    stream_time, (games, plies) = best_of(args.repeat, lambda: pgn_stream(args.pgn))
    read_time, read_counts = best_of(args.repeat, lambda: pgn_read_game(args.pgn))
    theirs_time, theirs_counts = best_of(1, lambda: pgn_python_chess(args.pgn))
    assert read_counts == (games, plies) == theirs_counts, (read_counts, games, plies,
                                                            theirs_counts)
    row("PGN replay, chess960.pgn.games (stream)", stream_time, theirs_time, plies, "moves")
    row("PGN replay, chess960.pgn.read_game (objects)", read_time, theirs_time, plies, "moves")

    fens = random_fens(args.positions, 960)
    ours = [chess960.Board(f) for f in fens]
    theirs = [chess.Board(f, chess960=True) for f in fens]
    count_time, total = best_of(args.repeat, lambda: sum(len(b.legal_moves) for b in ours))
    list_time, listed = best_of(args.repeat,
                                lambda: sum(len(list(b.legal_moves)) for b in ours))
    theirs_gen, their_total = best_of(args.repeat,
                                      lambda: sum(b.legal_moves.count() for b in theirs))
    assert total == listed == their_total
    row(f"Legal moves of {len(fens):,} boards, len(board.legal_moves)", count_time, theirs_gen,
        len(fens), "positions")
    row(f"Legal moves of {len(fens):,} boards, list(board.legal_moves)", list_time, theirs_gen,
        len(fens), "positions")
    # The same work on 1,000 of the boards, 20 times each: boards that stay in the CPU's caches,
    # as when a program works on one game at a time (20,000 boards do not fit).
    hot_ours, hot_theirs = ours[:1000] * 20, theirs[:1000] * 20
    hot_time, hot_total = best_of(args.repeat, lambda: sum(len(b.legal_moves) for b in hot_ours))
    hot_theirs_time, hot_their_total = best_of(
        args.repeat, lambda: sum(b.legal_moves.count() for b in hot_theirs))
    assert hot_total == hot_their_total
    row("Legal moves of 1,000 boards x 20, len(board.legal_moves)", hot_time, hot_theirs_time,
        len(hot_ours), "positions")

    start = chess960.Board.from_chess960_pos(518)
    their_start = chess.Board(start.fen(), chess960=True)

    def their_perft(board, depth):
        if depth == 1:
            return board.legal_moves.count()
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += their_perft(board, depth - 1)
            board.pop()
        return nodes

    perft_time, nodes = best_of(args.repeat, lambda: start.perft(4))
    their_perft_time, their_nodes = best_of(1, lambda: their_perft(their_start, 4))
    assert nodes == their_nodes
    row("Perft 4 of position 518", perft_time, their_perft_time, nodes, "nodes")

    if args.out:
        cpu = platform.processor() or platform.machine()
        try:
            for line in open("/proc/cpuinfo"):
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        except OSError:
            pass
        with open(args.out, "w") as out:
            out.write(f"# Python package benchmark, {datetime.date.today()}\n\n")
            out.write(f"`bench/python_bench.py --pgn {os.path.basename(args.pgn)} --positions "
                      f"{args.positions}`: {games:,} games, {plies:,} plies; {len(fens):,} "
                      f"random Chess960 positions ({total:,} legal moves). Python "
                      f"{platform.python_version()} ({sys.executable}), python-chess "
                      f"{chess.__version__}, chess960 {chess960.__version__}; {cpu}, "
                      f"{os.cpu_count()} cores shared with other work; best of {args.repeat} "
                      f"(python-chess's PGN and perft runs: one).\n\n")
            out.write("| what | chess960 | python-chess | speed-up |\n|---|---:|---:|---:|\n")
            for what, ours_t, theirs_t, count, unit in rows:
                out.write(f"| {what} | {count / ours_t:,.0f} {unit}/s | "
                          f"{count / theirs_t:,.0f} {unit}/s | {theirs_t / ours_t:.0f}x |\n")
        print("wrote", args.out)


if __name__ == "__main__":
    main()
