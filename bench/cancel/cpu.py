#!/usr/bin/env python3
"""The CPU time a query takes in a fresh backend: user + system time of
the backend process (/proc/PID/stat; the server runs on this machine),
which moves far less with the machine's load than wall time does.

    python3 bench/cancel/cpu.py NAME QUERY [NAME QUERY ...]

runs each query once per round, RUNS rounds (default 5), and prints each
run's CPU seconds then the median per name.  Uses PGHOST/PGPORT/PGUSER.
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cancel  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run(query):
    proc, reader, pid = cancel.start_worker()
    try:
        before = cpu_seconds(pid)
        cancel.send(proc, query + ";")
        cancel.send(proc, "\\warn " + cancel.END.decode())
        line, _ = reader.line_with([cancel.END, b"ERROR"])
        if b"ERROR" in line:
            raise RuntimeError(line.decode())
        return cpu_seconds(pid) - before
    finally:
        cancel.stop(proc)


def main():
    pairs = list(zip(sys.argv[1::2], sys.argv[2::2]))
    times = {name: [] for name, _ in pairs}
    for _ in range(int(os.environ.get("RUNS", "5"))):
        for name, query in pairs:
            times[name].append(run(query))
            print(f"{name}: {times[name][-1]:.2f} s", flush=True)
    for name, t in times.items():
        print(f"{name}: median {statistics.median(t):.2f} s CPU of {len(t)} runs "
              f"({min(t):.2f}-{max(t):.2f})")


if __name__ == "__main__":
    main()
