#!/usr/bin/env python3
"""How late a cancel takes effect: the client's view, per path.

Each run is a fresh psql session (a fresh backend) that sends one query; a
second, long-lived psql session sends pg_cancel_backend(pid) at a chosen
time after the query was sent.  The delay is from just before the control
session writes its SELECT pg_cancel_backend to the moment the worker's psql
prints "canceling statement due to user request" on its stderr, read here
with select(): what a user waits for, abort included.

Where the cancels land: each path first runs uncancelled CALIBRATE times
(T: their median, client side).  The cancels then come at FRACTIONS of T
(reading the rows, replaying) and at T times one minus each of BEFORE_END
(building the result takes the last third or so at 4M players).  Those are
fractions rather than fixed times because on a shared machine a run's
length follows the load.  A cancel that comes after the query ended reads
"ended" and is not counted, and T becomes that run's length for the next points (the
same point is tried again, twice at most).

PROFILE=1 records every run with perf record (-k CLOCK_MONOTONIC, so its
samples are on this script's clock): the uncancelled run tells when the
result's building began (the first sample in the path's BUILD function),
each cancel whether it landed there, and what the backend ran between the
cancel and the error (its most frequent stacks, one sample per ms of CPU:
fewer samples than milliseconds of delay is time the backend waited for a
CPU).

Environment: PGHOST/PGPORT/PGUSER of a cluster with the table big and the
extension (bench/cancel/run.sh sets it up); PATHS (names below),
REPEATS (runs per cancel point), FRACTIONS, BEFORE_END, CALIBRATE, PROFILE.
Prints one line per cancel and a summary table (markdown) at the end.
"""
import os
import re
import select
import signal
import statistics
import subprocess
import sys
import time

ROWS = "SELECT match_id, played_at, player_id, team, rank FROM big ORDER BY played_at, match_id"
PERIOD_ROWS = ("SELECT match_id, played_at, timestamptz ''2026-01-01'' AS period, player_id, team, rank "
               "FROM big ORDER BY played_at, match_id")
AGG_ORDER = "ORDER BY played_at, match_id"

PATHS = {
    "elo_replay": "SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank "
                  f"{AGG_ORDER})) FROM big",
    "pl_replay": "SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank "
                 f"{AGG_ORDER})) FROM big",
    "glicko2_replay": "SELECT cardinality(skill.glicko2_replay(match_id, played_at, "
                      "timestamptz '2026-01-01', player_id, team, rank "
                      f"{AGG_ORDER})) FROM big",
    "otr_replay": "SELECT cardinality(skill.otr_replay(match_id, played_at, match_id, player_id, "
                  f"3 - rank {AGG_ORDER})) FROM big",
    "replay_elo": f"SELECT count(*) FROM skill.replay('elo', '{ROWS}')",
    "replay_glicko2": f"SELECT count(*) FROM skill.replay('glicko2', '{PERIOD_ROWS}')",
    "pl_history": f"SELECT count(*) FROM skill.pl_history('{ROWS}')",
    "glicko2_history": f"SELECT count(*) FROM skill.glicko2_history('{PERIOD_ROWS}')",
    # Per-match functions on one match of 10,000 players (table huge, ranks
    # reversed): quadratic, seconds each, so a cancel lands in the core.
    "elo_predict_win_10k": "SELECT cardinality(skill.elo_predict_win(elo)) FROM huge",
    "pl_rate_10k": "SELECT cardinality(skill.pl_rate(os, ranks)) FROM huge",
    "rate_match_elo_10k": "SELECT count(*) FROM huge, "
                          "skill.rate_match('elo', 1, now(), ids, ids::int[], ranks, elo)",
}

# Where building the result begins: the first perf sample (PROFILE=1)
# with one of these functions on the stack.
BUILD = {
    "elo_replay": "replay_final", "pl_replay": "replay_final", "glicko2_replay": "replay_final",
    "otr_replay": "otr_replay_final",
    "replay_elo": "replay_players_by_id", "replay_glicko2": "replay_players_by_id",
    # A history's rows are written as the replay goes; the last phase is
    # reading them back from the function's tuplestore.
    "pl_history": "tuplestore_gettupleslot", "glicko2_history": "tuplestore_gettupleslot",
    "elo_predict_win_10k": "construct_array", "pl_rate_10k": "construct_md_array",
    "rate_match_elo_10k": "tuplestore_putvalues",
}

CANCELED = b"canceling statement due to user request"
APP = "cancel_bench"


def env_list(name, default):
    return [float(x) for x in os.environ.get(name, default).split()]


def psql(app):
    env = dict(os.environ, PGAPPNAME=app)
    return subprocess.Popen(["psql", "-X", "-q", "-At", "-d", "postgres"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=0)


def send(proc, text):
    proc.stdin.write(text.encode() + b"\n")
    proc.stdin.flush()


class Reader:
    """A psql's stderr, line by line, each line with the time it arrived."""

    def __init__(self, proc):
        self.fd = proc.stderr.fileno()
        self.buf = b""
        self.lines = []

    def line_with(self, markers, deadline=None):
        """The first line holding one of markers and when it arrived, or
        (None, None) at the deadline (time.monotonic())."""
        while True:
            while self.lines:
                line, at = self.lines.pop(0)
                if any(m in line for m in markers):
                    return line, at
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], timeout)
            now = time.monotonic()
            if not ready:
                return None, None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise RuntimeError("psql ended: " + self.buf.decode(errors="replace"))
            self.buf += chunk
            *done, self.buf = self.buf.split(b"\n")
            self.lines += [(line, now) for line in done]


def start_worker():
    """A fresh session (a fresh backend): (psql, its stderr, backend pid)."""
    proc = psql(APP)
    reader = Reader(proc)
    send(proc, "SELECT pg_backend_pid() AS worker_pid \\gset")
    send(proc, "\\warn worker_pid=:worker_pid")
    line, _ = reader.line_with([b"worker_pid="])
    return proc, reader, int(line.split(b"=")[1])


def stop(proc):
    try:
        proc.stdin.close()
    except BrokenPipeError:
        pass
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()


def wait_gone(control, ctl_reader):
    """Until no backend of APP is left (the last one may still be exiting)."""
    while True:
        send(control, f"SELECT count(*) AS left FROM pg_stat_activity WHERE application_name = '{APP}' \\gset")
        send(control, "\\warn left=:left")
        line, _ = ctl_reader.line_with([b"left="])
        if int(line.split(b"=")[1]) == 0:
            return
        time.sleep(0.05)


END = b"__query_end__"


class Profile:
    """perf record of one backend, its samples timed by CLOCK_MONOTONIC
    (Python's time.monotonic() on Linux)."""

    def __init__(self, pid):
        self.data = f"/tmp/cancel_bench.{os.getpid()}.perf"
        self.perf = subprocess.Popen(["perf", "record", "-q", "-k", "CLOCK_MONOTONIC", "-F", "1000",
                                      "-g", "-p", str(pid), "-o", self.data],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)

    def close(self):
        if self.perf.poll() is None:
            self.perf.send_signal(signal.SIGINT)
            self.perf.wait()

    def samples(self):
        """[(time, [function, ...] from the leaf out)]"""
        self.close()
        out = subprocess.run(["perf", "script", "-i", self.data, "-F", "time,ip,sym"],
                             capture_output=True, text=True).stdout
        os.unlink(self.data)
        samples = []
        for line in out.splitlines():
            m = re.match(r"\s*(\d+\.\d+):", line)
            if m:
                samples.append((float(m.group(1)), []))
            elif samples and len(line.split()) >= 2:
                samples[-1][1].append(line.split()[1])
        return samples


def build_start(samples, function):
    """When the first sample with function on its stack was taken."""
    return next((t for t, stack in samples if function in stack), None)


# Frames that say little about where the time goes.
GENERIC = re.compile(r"^(\[unknown\]|__\w+|_?raw_|asm_|do_|entry_|exc_|handle_mm_fault|clear_page\w*)")


def after_cancel(samples, cancel_at, error_at):
    """What the backend ran from the cancel to the error: its most frequent
    stacks, each as leaf < first telling frame, with their sample counts."""
    late = [stack for t, stack in samples if cancel_at <= t <= error_at]
    counts = {}
    for stack in late:
        leaf = stack[0] if stack else "?"
        telling = next((f for f in stack[1:] if not GENERIC.match(f)), "")
        key = leaf + (" < " + telling if telling and telling != leaf else "")
        counts[key] = counts.get(key, 0) + 1
    top = sorted(counts.items(), key=lambda kv: -kv[1])[:3]
    return f"{len(late)} samples: " + ", ".join(f"{k} {n}" for k, n in top)


def run(query, control, ctl_reader, cancel_after=None, profile=None):
    """One run in a fresh backend.  Uncancelled: the seconds it took (and
    with profile, the function where the result's building begins, the
    seconds until it began).  Cancelled cancel_after s after it was sent:
    ("cancelled", delay s) or ("ended", seconds it took)."""
    wait_gone(control, ctl_reader)
    proc, reader, pid = start_worker()
    perf = Profile(pid) if profile else None
    send(proc, query + ";")
    sent = time.monotonic()
    send(proc, "\\warn " + END.decode())
    try:
        if cancel_after is None:
            line, at = reader.line_with([END, b"ERROR"])
            if b"ERROR" in line:
                raise RuntimeError(line.decode())
            if perf:
                begins = build_start(perf.samples(), profile)
                return at - sent, None if begins is None else begins - sent
            return at - sent
        line, at = reader.line_with([END, b"ERROR"], sent + cancel_after)
        if line is not None:
            if b"ERROR" in line:
                raise RuntimeError(line.decode())
            return "ended", at - sent
        cancel_at = time.monotonic()
        send(control, f"SELECT pg_cancel_backend({pid}) AS ok \\gset")
        send(control, "\\warn cancel_sent=:ok")
        line, at = reader.line_with([END, b"ERROR"])
        if CANCELED in line:
            result = "cancelled", at - cancel_at
        elif b"ERROR" in line:
            raise RuntimeError(line.decode())
        else:
            result = "ended", at - sent
        ok, _ = ctl_reader.line_with([b"cancel_sent="])
        if result[0] == "cancelled" and not ok.endswith(b"=t"):
            raise RuntimeError("pg_cancel_backend: " + ok.decode())
        if perf and result[0] == "cancelled":
            samples = perf.samples()
            begins = build_start(samples, profile)
            phase = "building" if begins is not None and begins <= cancel_at else "before building"
            result += (phase, after_cancel(samples, cancel_at, at))
        return result
    finally:
        stop(proc)
        if perf:
            perf.close()
            if os.path.exists(perf.data):
                os.unlink(perf.data)


def main():
    names = os.environ.get("PATHS", " ".join(PATHS)).split()
    repeats = int(os.environ.get("REPEATS", "1"))
    calibrate = int(os.environ.get("CALIBRATE", "1"))
    fractions = env_list("FRACTIONS", "0.25 0.5 0.75")
    before_end = env_list("BEFORE_END", "0.2 0.12 0.07 0.04 0.02 0.01")
    profile = os.environ.get("PROFILE")
    control = psql("cancel_bench_control")
    ctl_reader = Reader(control)
    summary = []
    for name in names:
        query = PATHS[name]
        runs = [run(query, control, ctl_reader, profile=profile and BUILD[name])
                for _ in range(calibrate)]
        if profile:
            for took, begins in runs:
                print(f"  profiled run: {took:.2f} s, building the result ({BUILD[name]}) from "
                      + ("-" if begins is None else f"{begins:.2f} s ({begins / took:.0%})"), flush=True)
            runs = [took for took, _ in runs]
        t = t_calibrated = statistics.median(runs)
        print(f"{name}: uncancelled {', '.join(f'{r:.2f}' for r in runs)} s", flush=True)
        delays = []
        building = []
        ended = 0
        for f in fractions + [1 - b for b in before_end]:
            for _ in range(repeats):
                # A run that ended before its cancel is the latest length
                # of a run: the same point is tried again on it, twice at
                # most.
                for _ in range(3):
                    at = f * t
                    kind, secs, *why = run(query, control, ctl_reader, at, profile and BUILD[name])
                    if kind == "cancelled":
                        break
                    ended += 1
                    print(f"  cancel at {at:6.2f} s ({f:4.0%} of T): ended first, after {secs:.2f} s",
                          flush=True)
                    t = secs
                if kind == "ended":
                    continue
                delays.append(secs * 1000)
                if why and why[0] == "building":
                    building.append(secs * 1000)
                print(f"  cancel at {at:6.2f} s ({f:4.0%} of T): {secs * 1000:6.1f} ms"
                      + (f"  ({'; '.join(why)})" if why else ""), flush=True)
        summary.append((name, t_calibrated, delays, ended, building))
    stop(control)
    print()
    print("| path | T (s) | cancels | ended first | median (ms) | max (ms) |"
          + (" building the result: cancels, max (ms) |" if profile else ""))
    print("|---|---|---|---|---|---|" + ("---|" if profile else ""))
    for name, t, delays, ended, building in summary:
        med = f"{statistics.median(delays):.0f}" if delays else "-"
        top = f"{max(delays):.0f}" if delays else "-"
        print(f"| `{name}` | {t:.1f} | {len(delays)} | {ended} | {med} | {top} |"
              + (f" {len(building)}, {max(building):.0f} |" if building else " 0 |" if profile else ""))


if __name__ == "__main__":
    main()
