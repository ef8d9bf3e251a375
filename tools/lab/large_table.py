#!/usr/bin/env python3
"""Large transposition tables, run by hand (docs/reliability.md).

For each size (MiB): set Hash and wait for readyok (the allocation and the
clear), search the start position, read hashfull, clear the table, set it back
to 64 MiB and search again. A size the machine cannot give must be answered
with 'info string error: ...' and the previous table must stay (the second
search still runs). Every allocated table is cleared, so every page of it is
touched: run it on an otherwise idle machine with the memory for it (Linux with
vm.overcommit_memory=0 refuses an allocation larger than RAM + swap outright).

usage: tools/lab/large_table.py [--engine ./chariot] [--movetime MS] [--threads N] [SIZE_MB ...]
       (default sizes 16384 32768 65536)
"""
import argparse
import subprocess
import sys
import threading
import time
import queue


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def until(self, prefix, timeout):
        """Lines up to and including the first starting with prefix (None at the end: not seen)."""
        got, end = [], time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                return got, False
            if line is None:
                return got, False
            got.append(line)
            if line.startswith(prefix):
                return got, True

    def peak_rss_kib(self):
        try:
            with open(f"/proc/{self.p.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0


def hashfull(lines):
    values = [int(l.split(" hashfull ")[1].split()[0]) for l in lines if l.startswith("info depth") and " hashfull " in l]
    return values[-1] if values else None


def run_size(args, mb):
    e = Engine(args.engine)
    e.send("uci")
    e.until("uciok", 10)
    if args.threads > 1:
        e.send(f"setoption name Threads value {args.threads}")
    t0 = time.time()
    e.send(f"setoption name Hash value {mb}")
    e.send("isready")
    lines, ok = e.until("readyok", 600)
    alloc_s = time.time() - t0
    errors = [l for l in lines if l.startswith("info string error")]
    e.send("position startpos")
    e.send(f"go movetime {args.movetime}")
    lines, ok1 = e.until("bestmove", args.movetime / 1000 + 30)
    full = hashfull(lines)
    depth = max([int(l.split()[2]) for l in lines if l.startswith("info depth")] or [0])
    rss = e.peak_rss_kib()
    t1 = time.time()
    e.send("setoption name Clear Hash")
    e.send("setoption name Hash value 64")
    e.send("isready")
    _, ok2 = e.until("readyok", 600)
    back_s = time.time() - t1
    e.send("go depth 8")
    lines2, ok3 = e.until("bestmove", 60)
    e.send("quit")
    rc = e.p.wait(timeout=30)
    had = not errors
    print(f"Hash {mb:6d} MiB: {'allocated' if had else 'refused'} in {alloc_s:.1f} s; search to depth {depth}, "
          f"hashfull {full}; peak RSS {rss // 1024} MiB; clear and back to 64 MiB in {back_s:.1f} s; exit {rc}"
          + (f"\n    {errors[0]}" if errors else ""))
    good = ok and ok1 and ok2 and ok3 and rc == 0 and full is not None and 0 <= full <= 1000
    if had:
        good = good and rss > mb * 1024 * 0.9  # the whole table was touched by the clear
    else:
        good = good and "keeping" in errors[0]
    if not good:
        print("    FAIL")
    return good


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="./chariot")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("sizes", nargs="*", type=int, default=[16384, 32768, 65536])
    args = ap.parse_args()
    results = [run_size(args, mb) for mb in args.sizes]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
