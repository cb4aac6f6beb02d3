#!/usr/bin/env python3
"""A Swiss on one `chess960 serve` under load (`make bench-event`): the organiser enters 570
players, then for each of 9 rounds publishes the round the server pairs (FIDE Dutch), and
scripted clients play every board out with the players' seat tokens (the lower number, the
higher rating, wins; one board in five is drawn). Measured: the time from the organiser's
publish (POST /rounds) to the round's 285 games existing on the server, which the issue bounds
at 2 s, and the proposal (GET /proposal) beside it. In round 5, with half the boards finished,
the server is killed with SIGKILL and started again on the same database: every player, bye,
board, game and result answered before the kill must be there after it, and the round is then
finished. At the end the event's TRF-2026 is fetched and, given --bbp, checked with
bbpPairings' checker (--dutch file -c). The report is Markdown (--out).
"""
import argparse
import concurrent.futures
import datetime
import http.client
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

local = threading.local()


def connection(port):
    c = getattr(local, "conn", None)
    if c is None or getattr(local, "port", None) != port:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        local.conn, local.port = c, port
    return c


def call(port, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body)
    for attempt in range(3):
        c = connection(port)
        try:
            c.request(method, path, body=data, headers=headers)
            r = c.getresponse()
            text = r.read().decode()
            kind = r.getheader("Content-Type", "")
            return r.status, (json.loads(text) if "json" in kind and text else text)
        except (ConnectionError, http.client.HTTPException, OSError):
            local.conn = None
            if attempt == 2:
                raise
            time.sleep(0.05)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    def __init__(self, binary, db, log):
        self.binary, self.db, self.log = binary, db, log
        self.process = None
        self.port = None

    def start(self):
        self.port = free_port()
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--db", self.db,
             "--max-moves-per-second", "0", "--max-events-per-hour", "0"],
            stdout=self.log, stderr=self.log)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                status, _ = call(self.port, "GET", "/api/events/0000000000000000")
                if status == 404:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit("the server did not start")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        local.conn = None

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="build/chess960")
    ap.add_argument("--players", type=int, default=570)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--kill-round", type=int, default=5)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--bbp", default="", help="bbpPairings' executable, to check the TRF")
    ap.add_argument("--out", default="")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="event_bench_")
    log = open(os.path.join(work, "server.log"), "w")
    server = Server(args.binary, os.path.join(work, "event.db"), log)
    server.start()
    lines = []
    failures = []

    def say(text):
        print(text, flush=True)
        lines.append(text)

    status, created = call(server.port, "POST", "/api/events", {
        "name": "Load Swiss 960", "rounds": args.rounds, "kind": "swiss",
        "tiebreaks": "BH-C1,SB"})
    assert status == 201, created
    eid, organiser = created["id"], created["organiserToken"]
    t = time.time()
    for i in range(args.players):
        status, body = call(server.port, "POST", f"/api/events/{eid}/players",
                            {"name": f"Player {i + 1:03d}", "rating": 2700 - i,
                             "federation": "GER"}, organiser)
        assert status == 201, body
    say(f"- {args.players} players entered in {time.time() - t:.2f} s (one request each)")

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.clients)

    def organiser_view():
        status, view = call(server.port, "GET", f"/api/events/{eid}/organiser", None, organiser)
        assert status == 200, view
        return view

    def play(board):
        """The board's game played out by its two players' clients."""
        white, black = board["whiteNumber"], board["blackNumber"]
        game, seats = board["gameId"], board["seats"]
        if (white * 7 + black) % 5 == 0:
            s1, b1 = call(server.port, "POST", f"/api/games/{game}/draw/offer", {}, seats["white"])
            s2, b2 = call(server.port, "POST", f"/api/games/{game}/draw/accept", {}, seats["black"])
            return s1 == 200 and s2 == 200
        loser = seats["black"] if white < black else seats["white"]
        s, b = call(server.port, "POST", f"/api/games/{game}/resign", {}, loser)
        return s == 200

    rows = []
    for k in range(1, args.rounds + 1):
        # The organiser reviews the proposal, then publishes it; the last round is published
        # without a review, so that its publish pairs it too (the slowest case).
        proposal_s = None
        if k < args.rounds:
            t = time.time()
            status, proposal = call(server.port, "GET", f"/api/events/{eid}/proposal", None,
                                    organiser)
            proposal_s = time.time() - t
            assert status == 200, proposal
        t = time.time()
        status, view = call(server.port, "POST", f"/api/events/{eid}/rounds", {}, organiser)
        publish_s = time.time() - t
        assert status == 201, view
        boards = view["rounds"][k - 1]["boards"]
        created_now = sum(1 for b in boards if b.get("game"))
        # Until every board's game exists (the answer normally has them all already).
        while created_now < len(boards) and time.time() - t < 30:
            time.sleep(0.01)
            boards = organiser_view()["rounds"][k - 1]["boards"]
            created_now = sum(1 for b in boards if b.get("game"))
        games_s = time.time() - t
        if created_now < len(boards) or games_s > 2.0:
            failures.append(f"round {k}: {created_now} of {len(boards)} games in {games_s:.2f} s")
        t = time.time()
        if k == args.kill_round:
            half = boards[: len(boards) // 2]
            assert all(pool.map(play, half))
            time.sleep(0.3)  # the last results are answered: they are stored (group commit)
            before = organiser_view()
            server.kill()
            t_restart = time.time()
            server.start()
            restart_s = time.time() - t_restart
            after = organiser_view()
            lost = []
            for key in ("players", "byes"):
                if before["paired"][key] != after["paired"][key]:
                    lost.append(key)
            for rb, ra in zip(before["rounds"], after["rounds"]):
                for bb, ba in zip(rb["boards"], ra["boards"]):
                    if (bb["gameId"], bb["whiteNumber"], bb["blackNumber"], bb["result"]) != \
                            (ba["gameId"], ba["whiteNumber"], ba["blackNumber"], ba["result"]):
                        lost.append(f"round {rb['round']} board {bb['board']}")
            if len(before["rounds"]) != len(after["rounds"]):
                lost.append("rounds")
            finished = sum(1 for b in before["rounds"][k - 1]["boards"] if b["result"])
            say(f"- `kill -9` in round {k} with {finished} of {len(boards)} boards finished: "
                f"restarted in {restart_s:.2f} s; lost: {', '.join(lost) if lost else 'nothing'}")
            if lost:
                failures.append("lost across kill -9: " + ", ".join(lost[:10]))
            boards = after["rounds"][k - 1]["boards"]
            assert all(pool.map(play, [b for b in boards if not b["result"]]))
        else:
            assert all(pool.map(play, boards))
        # Every result counted.
        deadline = time.time() + 30
        while time.time() < deadline:
            done = sum(1 for b in organiser_view()["rounds"][k - 1]["boards"] if b["result"])
            if done == len(boards):
                break
            time.sleep(0.05)
        if done != len(boards):
            failures.append(f"round {k}: {done} of {len(boards)} results counted")
        play_s = time.time() - t
        byes = [b["player"] for b in view["paired"]["byes"] if b["round"] == k]
        rows.append((k, len(boards), proposal_s, publish_s, games_s, play_s, byes))
        print(f"round {k}: proposal {proposal_s or 0:.2f} s, publish {publish_s:.2f} s, "
              f"{len(boards)} games after {games_s:.2f} s, played in {play_s:.2f} s", flush=True)

    status, trf = call(server.port, "GET", f"/api/events/{eid}/trf")
    assert status == 200
    trf_path = os.path.join(work, "event.trf")
    with open(trf_path, "w") as f:
        f.write(trf)
    checker = "not run (no --bbp)"
    if args.bbp:
        r = subprocess.run([args.bbp, "--dutch", trf_path, "-c"], capture_output=True, text=True)
        text = (r.stdout + r.stderr).strip()
        # The checker exits 0 either way; a round that differs prints "Checker pairings".
        bad = r.returncode != 0 or any(
            w in text for w in ("Checker pairings", "No valid pairing", "Error", "rror"))
        rounds = text.count("Round #")
        checker = (f"exit {r.returncode}, {rounds} rounds checked, " +
                   ("DISCREPANCY: " + text[:300] if bad else "no discrepancy"))
        if bad:
            failures.append("bbpPairings' checker: " + text[:300])
    server.stop()

    report = [f"# Event load: a {args.players}-player Swiss through {args.rounds} rounds on one server",
              "",
              f"{datetime.date.today()}, {platform.node()}, {os.cpu_count()} cores (shared), "
              f"SQLite, `{args.binary} serve`, {args.clients} scripted clients over loopback; "
              "`make bench-event` (bench/event_bench.py).",
              "",
              "| round | boards | proposal reviewed (s) | publish → all games created (s) | played out, every result counted (s) | bye |",
              "|---:|---:|---:|---:|---:|---|"]
    for k, n, p, pub, g, pl, byes in rows:
        shown = f"{p:.2f}" if p is not None else "none: the publish pairs"
        report.append(f"| {k} | {n} | {shown} | {g:.2f} | {pl:.2f} | {', '.join(map(str, byes)) or '-'} |")
    peak = "?"
    try:
        import resource
        peak = f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MiB"
    except Exception:
        pass
    report += ["", *lines, f"- peak memory of the largest child process (the server or bbpPairings' checker; max RSS): {peak}", f"- TRF-2026 of the event, bbpPairings' checker: {checker}",
               f"- bound: every round's games within 2 s of the publish: "
               f"{'met' if not any('games in' in f for f in failures) else 'MISSED'}",
               "", "Failures: " + ("; ".join(failures) if failures else "none")]
    text = "\n".join(report) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
