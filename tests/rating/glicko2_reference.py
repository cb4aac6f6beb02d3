#!/usr/bin/env python3
"""Glicko-2 written a second time, from Mark Glickman's "Example of the Glicko-2 system"
(Boston University, 22 March 2022), with lichess's conventions around it (lila
modules/rating/Glicko.scala and PerfExt.scala, round/PerfsUpdater.scala), in Python's standard
library only; it draws random rating periods and games, has the C++ library rate the same ones
(tests/rating/reference_driver.cpp) and compares every number.

    glicko2_reference.py --driver build/tests/rating_reference_driver --cases 100000 --seed 960

Exit status 0 when every answer agrees within --tolerance (absolute, on ratings, deviations and
volatilities; counts and times exactly), 1 when one does not (the first ones are printed), 2 on
a usage error or a driver that fails.
"""

import argparse
import math
import random
import subprocess
import sys
import time

# Step 2 of the paper: Glicko-2's scale.
SCALE = 173.7178
# Step 5: the convergence tolerance epsilon.
EPSILON = 0.000001

# lichess (lila modules/rating/Glicko.scala).
LICHESS_TAU = 0.75
MIN_RATING = 400.0
MIN_RD = 45.0
MAX_RD = 500.0
MAX_VOLATILITY = 0.1
MAX_CHANGE = 700.0
PERIODS_PER_DAY = 0.21436
MILLIS_PER_DAY = 24 * 60 * 60 * 1000


def glicko2_step5(phi, sigma, v, delta, tau):
    """Step 5: sigma' by the Illinois algorithm, A <- B when f(C) f(B) <= 0."""
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / tau ** 2)

    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    f_A, f_B = f(A), f(B)
    while abs(B - A) > EPSILON:
        C = A + (A - B) * f_A / (f_B - f_A)
        f_C = f(C)
        if f_C * f_B <= 0:
            A, f_A = B, f_B
        else:
            f_A = f_A / 2
        B, f_B = C, f_C
    return math.exp(A / 2)


def glicko2(r, RD, sigma, results, tau, elapsed):
    """Steps 2 to 8 for one player: results are (r_j, RD_j, s_j); elapsed is the number of
    rating periods step 6 adds (1 in the paper). Returns (r', RD', sigma')."""
    mu, phi = (r - 1500) / SCALE, RD / SCALE
    if not results:
        # "If a player does not compete during the rating period": step 6 only.
        return r, SCALE * math.sqrt(phi ** 2 + elapsed * sigma ** 2), sigma
    terms = []
    for r_j, RD_j, s_j in results:
        mu_j, phi_j = (r_j - 1500) / SCALE, RD_j / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        E = 1 / (1 + math.exp(-g * (mu - mu_j)))
        terms.append((g, E, s_j))
    v = 1 / sum(g ** 2 * E * (1 - E) for g, E, _ in terms)                 # step 3
    improvement = sum(g * (s - E) for g, E, s in terms)
    delta = v * improvement                                                # step 4
    sigma_new = glicko2_step5(phi, sigma, v, delta, tau)                   # step 5
    phi_star = math.sqrt(phi ** 2 + elapsed * sigma_new ** 2)              # step 6
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)                     # step 7
    mu_new = mu + phi_new ** 2 * improvement
    return SCALE * mu_new + 1500, SCALE * phi_new, sigma_new               # step 8


def lichess_cap(r, RD, sigma):
    """lila's cap on a rating before and after a game."""
    return max(r, MIN_RATING), min(max(RD, MIN_RD), MAX_RD), min(sigma, MAX_VOLATILITY)


def lichess_live_rd(player, now):
    """lila's liveDeviation: step 6 for the days since the last game, on the capped rating."""
    r, RD, sigma, _, last = player
    _, RD, sigma = lichess_cap(r, RD, sigma)
    periods = 0.0
    if last is not None and now > last:
        periods = (now - last) / MILLIS_PER_DAY * PERIODS_PER_DAY
    phi = RD / SCALE
    return min(max(SCALE * math.sqrt(phi ** 2 + periods * sigma ** 2), MIN_RD), MAX_RD)


def lichess_game(first, second, score, at):
    """Both players after a rated game (score for the first): each rated against the other as
    they were before it, one period with no step-6 growth (skipDeviationIncrease)."""
    live = []
    for player in (first, second):
        r, _, sigma, games, _ = player
        live.append((r, lichess_live_rd(player, at), sigma, games))
    capped = [lichess_cap(r, RD, sigma) for r, RD, sigma, _ in live]
    answers = []
    for me, them, s in ((0, 1, score), (1, 0, 1 - score)):
        opponent = capped[them]
        r, RD, sigma = glicko2(*capped[me], [(opponent[0], opponent[1], s)], LICHESS_TAU, 0)
        before = live[me][0]
        r = min(max(r, before - MAX_CHANGE), before + MAX_CHANGE)
        r, RD, sigma = lichess_cap(r, RD, sigma)
        answers.append((r, RD, sigma, live[me][3] + 1, at))
    return answers


# --- Random cases ---------------------------------------------------------------------------

BASE_TIME = 1_700_000_000_000  # milliseconds since the epoch, November 2023


def random_strength(rng):
    return (rng.uniform(300, 3200), rng.uniform(20, 600), rng.uniform(0.02, 0.15))


def random_player(rng, at):
    r, RD, sigma = random_strength(rng)
    last = None
    if rng.random() < 0.85:
        # Mostly before the game, from minutes to three years; now and then after it (a clock
        # that went back), which must change nothing.
        last = at - rng.randint(-5 * MILLIS_PER_DAY, 1100 * MILLIS_PER_DAY)
    return (r, RD, sigma, rng.randint(0, 3000), last)


def random_score(rng, fractional):
    if fractional and rng.random() < 0.2:
        return rng.random()
    return rng.choice((0.0, 0.5, 1.0))


def player_fields(player):
    r, RD, sigma, games, last = player
    return f"{r!r} {RD!r} {sigma!r} {games} {'-' if last is None else last}"


def make_case(rng):
    """A case as (line for the driver, expected answer as a tuple of numbers)."""
    kind = rng.random()
    if kind < 0.4:
        tau = rng.choice((0.5, 0.75, rng.uniform(0.2, 1.2)))
        elapsed = rng.choice((1.0, 0.0, rng.uniform(0, 10)))
        r, RD, sigma = (rng.uniform(500, 2800), rng.uniform(30, 500), rng.uniform(0.02, 0.15))
        results = []
        for _ in range(rng.choice((0, 1, 1, 2, 3, rng.randint(4, 15)))):
            r_j = min(max(r + rng.gauss(0, 350), 100), 3400)
            results.append((r_j, rng.uniform(30, 500), rng.uniform(0.02, 0.15),
                            random_score(rng, True)))
        line = f"period {tau!r} {elapsed!r} {r!r} {RD!r} {sigma!r} {len(results)}"
        for result in results:
            line += " " + " ".join(repr(x) for x in result)
        expected = glicko2(r, RD, sigma, [(r_j, RD_j, s) for r_j, RD_j, _, s in results], tau,
                           elapsed)
        return line, ("period",) + expected
    at = BASE_TIME + rng.randint(0, 3 * 365 * MILLIS_PER_DAY)
    if kind < 0.55:
        player = random_player(rng, at)
        return (f"idle {player_fields(player)} {at}", ("idle", lichess_live_rd(player, at)))
    first, second = random_player(rng, at), random_player(rng, at)
    score = rng.choice((0.0, 0.5, 1.0))
    word = {0.0: "loss", 0.5: "draw", 1.0: "win"}[score]
    line = f"game {player_fields(first)} {player_fields(second)} {word} {at}"
    a, b = lichess_game(first, second, score, at)
    return line, ("game",) + a + b


def parse_answer(kind, text):
    words = text.split()
    if not words or words[0] == "error":
        return None
    if kind == "period":
        return tuple(float(w) for w in words)
    if kind == "idle":
        return (float(words[0]),)
    players = []
    for i in (0, 5):
        r, RD, sigma, games, last = words[i:i + 5]
        players += [float(r), float(RD), float(sigma), int(games),
                    None if last == "-" else int(last)]
    return tuple(players)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--driver", required=True, help="the built rating_reference_driver")
    parser.add_argument("--cases", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=960)
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args()
    if args.cases < 1:
        parser.error("--cases must be at least 1")

    started = time.monotonic()
    rng = random.Random(args.seed)
    cases = [make_case(rng) for _ in range(args.cases)]
    reference_seconds = time.monotonic() - started
    started = time.monotonic()
    try:
        run = subprocess.run([args.driver], input="".join(line + "\n" for line, _ in cases),
                             capture_output=True, text=True, check=False)
    except OSError as error:
        print(f"cannot run the driver {args.driver}: {error}", file=sys.stderr)
        return 2
    driver_seconds = time.monotonic() - started
    if run.returncode != 0:
        print(f"the driver failed (exit status {run.returncode}): {run.stderr.strip()}",
              file=sys.stderr)
        return 2
    answers = run.stdout.splitlines()
    if len(answers) != len(cases):
        print(f"the driver answered {len(answers)} of {len(cases)} cases", file=sys.stderr)
        return 2

    largest = {}  # kind -> the largest difference seen
    counts = {}
    failures = []
    for (line, expected), answer in zip(cases, answers):
        kind, wanted = expected[0], expected[1:]
        counts[kind] = counts.get(kind, 0) + 1
        got = parse_answer(kind, answer)
        if got is None or len(got) != len(wanted):
            failures.append((line, answer, wanted))
            continue
        agree = True
        for want, have in zip(wanted, got):
            if isinstance(want, float):
                difference = abs(want - have)
                largest[kind] = max(largest.get(kind, 0.0), difference)
                agree = agree and difference <= args.tolerance
            else:
                agree = agree and want == have
        if not agree:
            failures.append((line, answer, wanted))

    summary = ", ".join(f"{counts[k]} {k} (largest difference {largest.get(k, 0.0):.3g})"
                        for k in sorted(counts))
    print(f"{args.cases} cases, seed {args.seed}, Python {sys.version.split()[0]}: {summary}; "
          f"Python {reference_seconds:.1f} s, C++ {driver_seconds:.1f} s")
    if failures:
        print(f"{len(failures)} cases disagree beyond {args.tolerance}; the first:")
        for line, answer, wanted in failures[:5]:
            print(f"  case:      {line}\n  C++:       {answer}\n  reference: {wanted}")
        return 1
    print(f"all agree within {args.tolerance}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
