#!/usr/bin/env python3
"""An independent re-implementation of `chess960 event`'s draw, from docs/event-draw.md alone
(Python's standard library only), so that anyone can check an event without our program.

  tools/event_draw.py --secret HEX --name NAME --rounds N [--exclude 518,534]
                      [--allow-repeats] [--double] [--entropy K=TEXT ...] [--message K]

prints the commitment and each round's number (WHITE:BLACK for Double Chess960); --message K
prints round K's HMAC message in hex instead.
"""
import argparse
import hashlib
import hmac
import struct
import sys


def message(name, rounds, excluded, repeats, double, k, entropy):
    name_b, entropy_b = name.encode(), entropy.encode()
    m = b"chess960-event-draw-v1\x00"
    m += struct.pack(">I", len(name_b)) + name_b
    m += struct.pack(">I", rounds)
    m += struct.pack(">I", len(excluded)) + b"".join(struct.pack(">H", e) for e in excluded)
    m += bytes([1 if repeats else 0, 1 if double else 0])
    m += struct.pack(">I", k)
    m += struct.pack(">I", len(entropy_b)) + entropy_b
    return m


def values(secret, msg):
    j = 0
    while True:
        block = hmac.new(secret, msg + struct.pack(">I", j), hashlib.sha256).digest()
        for i in range(0, 32, 2):
            yield (block[i] << 8) | block[i + 1]
        j += 1


def pick(stream, allowed):
    m = len(allowed)
    limit = 65536 - 65536 % m
    while True:
        v = next(stream)
        if v < limit:
            return allowed[v % m]


def draw(secret, name, rounds, excluded, repeats, double, entropies):
    excluded = sorted(set(excluded))
    used, draws = set(), []
    for k in range(1, rounds + 1):
        allowed = [n for n in range(960) if n not in excluded and (repeats or n not in used)]
        stream = values(secret, message(name, rounds, excluded, repeats, double, k,
                                        entropies.get(k, "")))
        white = pick(stream, allowed)
        black = pick(stream, allowed) if double else white
        used.update((white, black))
        draws.append((k, white, black))
    return draws


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--secret", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--exclude", default="")
    p.add_argument("--allow-repeats", action="store_true")
    p.add_argument("--double", action="store_true")
    p.add_argument("--entropy", action="append", default=[])
    p.add_argument("--message", type=int)
    a = p.parse_args()
    secret = bytes.fromhex(a.secret)
    excluded = sorted({int(x) for x in a.exclude.split(",") if x})
    entropies = {int(k): t for k, t in (e.split("=", 1) for e in a.entropy)}
    if a.message:
        print(message(a.name, a.rounds, excluded, a.allow_repeats, a.double, a.message,
                      entropies.get(a.message, "")).hex())
        return 0
    print("commitment", hashlib.sha256(secret).hexdigest())
    for k, white, black in draw(secret, a.name, a.rounds, excluded, a.allow_repeats, a.double,
                                entropies):
        print("round", k, white if white == black and not a.double else f"{white}:{black}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
