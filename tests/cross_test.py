#!/usr/bin/env python3
"""The binaries for other systems do what the Linux build does (docs/platforms.md).

    python3 tests/cross_test.py windows   chariot.exe and chariot-chess.exe under Wine
    python3 tests/cross_test.py aarch64   chariot-aarch64 and chariot-chess-aarch64 under qemu-user

Each foreign binary must print the native build's bench signature (Nodes searched) and perft counts, and
answer UCI sessions with Threads 1 and 2 (uci, isready, position, go depth, go wtime/btime, go infinite and
stop, quit); on Windows also a UCCI session and an XBoard one, and bad input with the same output as the
Linux build (its `info string error` lines and everything else). The native builds (./chariot, ./chariot-chess) are the reference. Each check prints a
line; the last line counts them ("N passed, N failed"); exit status 1 if any failed.

Wine creates its prefix (a small Windows installation under WINEPREFIX) on its first run, which takes
10-20 s before the program starts: a session timed from the start would then find the engine silent, and
everything it was sent, `quit` included, queued. That was the "Threads 1 stall" first seen on 2026-11-26
(docs/platforms.md). The prefix is made first here (wineboot), in a scratch folder unless WINEPREFIX is set.
"""
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    RESULTS["passed" if ok else "failed"] += 1
    print(f"{'ok  ' if ok else 'FAIL'} {name}{'' if ok or not detail else ': ' + detail}", flush=True)
    return ok


def lines_of(text):
    """Output lines without the carriage returns a Windows program writes."""
    return [line.rstrip("\r") for line in text.splitlines()]


def run(cmd, stdin="", timeout=120, env=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)
    return p.returncode, lines_of(p.stdout), p.stderr


def nodes_searched(out):
    found = [line.split()[2] for line in out if line.startswith("Nodes searched:")]
    return found[-1] if found else None


class Session:
    """An engine on pipes: send a line, wait for a line that matches, as a GUI does."""

    def __init__(self, cmd, env=None):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1, env=env, cwd=ROOT)
        self.q = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\r\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def expect(self, pattern, timeout):
        """The lines up to the first that matches pattern (a regular expression), or None after timeout s."""
        got, end = [], time.monotonic() + timeout
        while True:
            try:
                line = self.q.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                return None
            got.append(line)
            self.seen.append(line)
            if re.search(pattern, line):
                return got

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.p.poll() is None:
            self.p.kill()
        return False

    def finish(self, name, answer=None):
        """quit, its answer where the protocol has one, and the engine's end with exit status 0."""
        self.send("quit")
        if answer:
            check(f"{name}: quit answered by {answer}", self.expect(f"^{answer}$", 20) is not None)
        rc = self.close()
        check(f"{name}: quit ends the engine (exit status 0)", rc == 0, f"exit status {rc}")

    def close(self, timeout=20):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            return self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            return None


def uci_session(prefix, exe, threads, moves, env):
    """uci, Threads, isready, position, go depth, go wtime/btime, go infinite + stop, quit: each answered."""
    name = f"{os.path.basename(exe)} UCI Threads {threads}"
    with Session(prefix + [exe], env) as s:
        s.send("uci")
        check(f"{name}: uci answered by uciok", s.expect(r"^uciok$", 30) is not None)
        s.send(f"setoption name Threads value {threads}")
        s.send("setoption name Hash value 16")
        s.send("isready")
        check(f"{name}: isready answered by readyok", s.expect(r"^readyok$", 20) is not None)
        s.send("ucinewgame")
        s.send(f"position startpos moves {moves}")
        # The protocol thread waits in a read of its input while the search runs: the search must go on
        # and answer with nothing more sent (the reported stall had bestmove only after quit).
        s.send("go depth 9")
        got = s.expect(r"^bestmove ", 60)
        check(f"{name}: go depth 9 searches to depth 9 and answers, nothing more sent",
                    got is not None and any(re.match(r"info depth 9 ", x) for x in got),
                    "no bestmove" if got is None else got[-1])
        s.send(f"position startpos moves {moves}")
        s.send("go wtime 3000 btime 3000 winc 30 binc 30")
        got = s.expect(r"^bestmove ", 30)
        check(f"{name}: go wtime/btime answered by a bestmove", got is not None and len(got[-1].split()) >= 2)
        s.send("go infinite")
        time.sleep(0.5)
        early = [x for x in s.seen if x.startswith("bestmove")]
        s.send("stop")
        got = s.expect(r"^bestmove ", 20)
        check(f"{name}: go infinite runs until stop, then answers", got is not None and len(early) == 2)
        s.send("isready")
        check(f"{name}: isready after the searches", s.expect(r"^readyok$", 20) is not None)
        s.finish(name)


def ucci_session(prefix, exe, env):
    name = f"{os.path.basename(exe)} UCCI"
    with Session(prefix + [exe], env) as s:
        s.send("ucci")
        check(f"{name}: ucci answered by ucciok", s.expect(r"^ucciok$", 30) is not None)
        s.send("setoption hashsize 16")
        s.send("isready")
        check(f"{name}: isready answered by readyok", s.expect(r"^readyok$", 20) is not None)
        s.send("position startpos moves h2e2 h9g7")
        s.send("go depth 8")
        got = s.expect(r"^bestmove ", 60)
        check(f"{name}: go depth 8 answered by a bestmove", got is not None and any(
            re.match(r"info depth 8 ", x) for x in got))
        s.send("go time 2 increment 0")
        check(f"{name}: go time (seconds) answered", s.expect(r"^bestmove ", 30) is not None)
        s.finish(name, "bye")


def xboard_session(prefix, exe, env):
    name = f"{os.path.basename(exe)} XBoard"
    with Session(prefix + [exe], env) as s:
        s.send("xboard")
        s.send("protover 2")
        check(f"{name}: protover 2 answered by the features, done=1", s.expect(r"feature .*done=1", 30) is not None)
        s.send("new")
        s.send("sd 6")
        s.send("go")
        check(f"{name}: go answered by a move", s.expect(r"^move ", 60) is not None)
        s.send("ping 7")
        check(f"{name}: ping 7 answered by pong 7", s.expect(r"^pong 7$", 20) is not None)
        s.finish(name)


# Bad input, one line each, with nothing timed in the answers: the Linux build's output is the reference.
HOSTILE = {
    "chariot": [
        "uci", "isready", "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9", "position startpos moves h2e2 h9g7 z9z9",
        "position startpos moves h2e2 h2e2", "position fen", "position", "setoption name Hash value -5",
        "setoption name Hash value 99999999999999999999", "setoption name Threads value 0",
        "setoption name Nonsense value 3", "setoption name MultiPV value abc", "go depth -1", "go depth x",
        "go nodes", "go wtime -5 btime", "frobnicate", "\x01\x02\x7f", "setoption", "ucinewgame", "isready",
        "position startpos moves h2e2", "d", "quit",
    ],
    "chariot-chess": [
        "uci", "isready", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1", "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e5", "position fen", "setoption name Hash value -5",
        "setoption name Threads value 100000", "setoption name UCI_Chess960 value maybe", "go depth -1",
        "go movetime x", "frobnicate", "\x01\x02\x7f", "isready", "position startpos moves e2e4", "d", "quit",
    ],
}


def hostile_session(prefix, exe, native, env):
    game = "chariot-chess" if "chess" in os.path.basename(exe) else "chariot"
    text = "\n".join(HOSTILE[game]) + "\n"
    _, want, _ = run([native], text)
    rc, got, _ = run(prefix + [exe], text, env=env)
    errors = sum(1 for x in want if x.startswith("info string error"))
    diff = next((f"line {i + 1}: want {w!r}, got {g!r}" for i, (w, g) in enumerate(zip(want, got)) if w != g),
                f"{len(want)} lines wanted, {len(got)} got" if len(want) != len(got) else "")
    check(f"{os.path.basename(exe)}: {len(HOSTILE[game])} lines of bad input give the Linux build's {errors} "
          f"errors and the rest of its output, exit status 0", rc == 0 and want == got and errors >= 10,
          diff or f"exit status {rc}")


def bench_and_perft(prefix, exe, native, env, perft_args):
    base = os.path.basename(exe)
    _, n_out, _ = run([native, "bench"])
    t0 = time.monotonic()
    rc, f_out, err = run(prefix + [exe, "bench"], env=env, timeout=600)
    want, got = nodes_searched(n_out), nodes_searched(f_out)
    check(f"{base} bench: Nodes searched {got} (Linux {want}) in {time.monotonic() - t0:.1f} s",
          rc == 0 and want is not None and got == want, err.strip()[-200:])
    for args in perft_args:
        _, n_out, _ = run([native, "perft"] + args)
        rc, f_out, _ = run(prefix + [exe, "perft"] + args, env=env, timeout=600)
        strip = [x for x in n_out if not x.startswith("Time:")]
        got_lines = [x for x in f_out if not x.startswith("Time:")]
        check(f"{base} perft {' '.join(args)[:50]}: {nodes_searched(f_out)} nodes, every root move's count "
              "as on Linux", rc == 0 and strip == got_lines and nodes_searched(f_out) is not None)


def datagen_same_file(prefix, exe, native, env):
    """Windows has no fork: its datagen plays the games in one process, and must write Linux's file byte for byte."""
    tmp = tempfile.mkdtemp(prefix="chariot-cross-")
    try:
        args = ["datagen", "--games", "6", "--nodes", "300", "--threads", "2", "--seed", "7", "--quiet", "--out"]
        a, b = os.path.join(tmp, "linux.bin"), os.path.join(tmp, "foreign.bin")
        run([native] + args + [a])
        rc, _, err = run(prefix + [exe] + args + [b], env=env, timeout=300)
        same = os.path.exists(b) and open(a, "rb").read() == open(b, "rb").read()
        check(f"{os.path.basename(exe)} datagen: 6 games, the same {os.path.getsize(a)}-byte file as Linux's",
              rc == 0 and same, err.strip()[-200:] or f"exit status {rc}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def fuzz_corpora(prefix, env):
    """Every committed fuzz input (tests/fuzz/corpus) through the Windows build of its harness: the same checks
    as the Linux replay (every isready answered, every go answered once, ...), without the sanitizers."""
    corpus = os.path.join(ROOT, "tests", "fuzz", "corpus")
    for name in sorted(os.listdir(corpus)):
        exe = os.path.join(ROOT, "fuzz-out", "win", f"replay_{name}.exe")
        files = len([f for f in os.listdir(os.path.join(corpus, name)) if not f.startswith(".")])
        if not os.path.exists(exe):
            check(f"fuzz corpus {name}: replayed on Windows", False, f"no {exe} (make windows-replay)")
            continue
        t0 = time.monotonic()
        rc, out, err = run(prefix + [exe, os.path.join("tests", "fuzz", "corpus", name)], env=env, timeout=600)
        said = re.search(r"(\d+) inputs replayed", err)
        check(f"fuzz corpus {name}: {said.group(1) if said else '?'} of {files} inputs replayed on Windows, no check "
              f"failed ({time.monotonic() - t0:.1f} s)", rc == 0 and said is not None and int(said.group(1)) == files,
              err.strip()[-300:] or f"exit status {rc}")


def nps(prefix, exe, env):
    _, out, _ = run(prefix + [exe, "bench"], env=env, timeout=600)
    found = [x.split()[1] for x in out if x.startswith("Nodes/second:")]
    return int(found[0]) if found else 0


# Start positions and two of tests/perft.epd (and tests/chess/perft.epd) each.
XQ_PERFT = [["4"], ["4", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"],
            ["4", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"]]
CHESS_PERFT = [["4"], ["3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
               ["5", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]]


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else ""
    if target not in ("windows", "aarch64"):
        print("usage: tests/cross_test.py windows|aarch64", file=sys.stderr)
        return 2
    env = dict(os.environ)
    scratch = None
    if target == "windows":
        prefix = ["wine"]
        exes = ["./chariot.exe", "./chariot-chess.exe"]
        env["WINEDEBUG"] = "-all"
        if "WINEPREFIX" not in env:
            scratch = tempfile.mkdtemp(prefix="chariot-wine-")
            env["WINEPREFIX"] = scratch
        t0 = time.monotonic()
        subprocess.run(["wineboot", "--init"], env=env, capture_output=True, timeout=300)
        subprocess.run(["wineserver", "--wait"], env=env, capture_output=True, timeout=300)
        print(f"Wine prefix {env['WINEPREFIX']} made in {time.monotonic() - t0:.1f} s (before any session)")
    else:
        prefix = ["qemu-aarch64"]
        exes = ["./chariot-aarch64", "./chariot-chess-aarch64"]
    try:
        for exe, native, perfts in zip(exes, ["./chariot", "./chariot-chess"], [XQ_PERFT, CHESS_PERFT]):
            bench_and_perft(prefix, exe, native, env, perfts)
            moves = "e2e4 e7e5" if "chess" in exe else "h2e2 h9g7"
            for threads in (1, 2):
                uci_session(prefix, exe, threads, moves, env)
            if target == "windows":
                if "chess" not in exe:
                    ucci_session(prefix, exe, env)
                xboard_session(prefix, exe, env)
                hostile_session(prefix, exe, native, env)
                datagen_same_file(prefix, exe, native, env)
        if target == "windows":
            fuzz_corpora(prefix, env)
        if os.environ.get("CROSS_NPS") == "1":  # information only: emulation speed is not the hardware's
            for exe, native in zip(exes, ["./chariot", "./chariot-chess"]):
                a, b = nps([], native, env), nps(prefix, exe, env)
                print(f"nodes/s: {native} {a}, {exe} under {prefix[0]} {b} ({100.0 * b / max(a, 1):.0f}%)")
    finally:
        if scratch:
            subprocess.run(["wineserver", "--kill"], env=env, capture_output=True)
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"cross {target}: {RESULTS['passed']} passed, {RESULTS['failed']} failed")
    return 1 if RESULTS["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
