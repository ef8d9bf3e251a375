#!/usr/bin/env python3
"""soak.py - plays many fast games to show that nothing takes Chariot down.

Run A: the ASan+UBSan build (./chariot-san, Threads 2) against Fairy-Stockfish
       (UCI_Variant xiangqi, Threads 1). The runner sends `isready` at random
       moments of Chariot's searches.
Run B: the release build (./chariot) against itself, both with Threads 2 and
       Ponder true. After each move the mover ponders on its predicted reply
       (`go ponder`); when the reply comes it gets `ponderhit` on a hit, or
       `stop` and a new `go` on a miss. At random moments the runner also sends
       `isready`, `stop` (to a searching or pondering engine: move now / cancel
       the ponder) and stray `ponderhit`s (to an engine that is searching
       normally or idle, which must not upset it) to either engine.

Both runs: clock 1+0.01 by default (`go wtime btime winc binc`); the runner
keeps the clocks (from sending the command that starts the clock - go,
ponderhit, or the stop of a missed ponder - to reading `bestmove`) and a side
whose clock goes below -margin loses on time. Openings from
tools/openings/openings-xq.txt (each played twice, colours swapped) or the
start position. Fairy-Stockfish, in a separate process, referees every move
(`go perft 1` lists the legal moves) and the ends of games: no legal move
loses, 3-fold repetition draws unless one side checked on every move of the
cycle (it loses), --maxplies plies or no mating material draw.
One process per engine for the whole run (restarted only after a crash or a
hang, and counted), `ucinewgame` + `isready` between games.

Checked and reported per run: crashes (exit code or signal), hangs (no
bestmove within --hang-timeout past the clock), illegal moves and ponder
moves, time losses (and the lowest clock seen), duplicate bestmoves, a
bestmove during `go ponder` before ponderhit/stop, isready without readyok
within --ready-timeout, unexpected readyok, sanitizer reports in the engines'
stderr ("ERROR: AddressSanitizer", "runtime error:", "LeakSanitizer"), a
non-zero exit status after `quit`, and the memory of the Chariot processes
(VmRSS/VmHWM from /proc sampled every --rss-interval s; the largest VmRSS in
the first and last 10% of the games shows whether it is flat over the run).

    tools/check/soak.py [--run A|B|both] [--games 1000] [--seconds 0] [--concurrency 1] [--tc 1+0.01]
                  [--seed N] [--log DIR] [--engine ./chariot] [--san-engine ./chariot-san]
                  [--fairy PATH] [--openings FILE] [--margin 0.05] ...   (--help lists all)

Exit status: 0 if the Chariot engines had no fault of any kind, 1 if they had
one (faults of Fairy-Stockfish are reported but do not count), 2 if the soak
could not run (missing binary, referee failure, repeated start failures).
Standard library only; tools/check/soak.sh builds the binaries first.
"""
import argparse
import collections
import json
import os
import queue
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MOVE_RE = re.compile(r"^([a-i])(\d{1,2})([a-i])(\d{1,2})$")
PERFT_RE = re.compile(r"^([a-i]\d{1,2}[a-i]\d{1,2}): (\d+)$")
SAN_PATTERNS = ("ERROR: AddressSanitizer", "runtime error:", "LeakSanitizer")
CHARIOT_FAULTS = (
    ("crash", "crashes (process died)"),
    ("hang", "hangs (no bestmove, killed)"),
    ("startfail", "failed starts"),
    ("illegal", "illegal moves"),
    ("illegal_ponder", "illegal ponder moves"),
    ("time", "time losses"),
    ("dup_bestmove", "bestmove with no go outstanding"),
    ("early_bestmove", "bestmove during go ponder before ponderhit/stop"),
    ("readyok_late", "isready without readyok in time"),
    ("readyok_never", "isready never answered"),
    ("readyok_stray", "readyok with no isready outstanding"),
    ("bad_exit", "non-zero exit after quit"),
    ("sanitizer", "sanitizer reports"),
)


class SetupError(Exception):
    pass


class RefereeError(Exception):
    pass


def to_engine(m, base):
    """Internal move (ranks 0-9) -> the engine's notation (rank base 0 or 1)."""
    if base == 0:
        return m
    g = MOVE_RE.match(m)
    return f"{g[1]}{int(g[2]) + base}{g[3]}{int(g[4]) + base}"


def from_engine(s, base):
    """The engine's move -> internal (ranks 0-9), or None if it is not a move."""
    g = MOVE_RE.match(s.strip().lower())
    if not g:
        return None
    r1, r2 = int(g[2]) - base, int(g[4]) - base
    if not (0 <= r1 <= 9 and 0 <= r2 <= 9):
        return None
    return f"{g[1]}{r1}{g[3]}{r2}"


def fmt_rc(rc):
    if rc is None:
        return "no exit status"
    if rc < 0:
        try:
            return f"signal {signal.Signals(-rc).name}"
        except ValueError:
            return f"signal {-rc}"
    return f"exit code {rc}"


def kill_group(proc):
    """Kill a process we started (its own session, so its group is its pid)."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


# --------------------------------------------------------------------------
# referee: Fairy-Stockfish as the rules oracle
# --------------------------------------------------------------------------

class PosInfo:
    __slots__ = ("fen", "key", "side", "in_check", "legal", "npieces", "mating")

    def __init__(self, fen, in_check, legal):
        self.fen = fen
        f = fen.split()
        self.key = f[0] + " " + f[1]
        self.side = f[1]
        self.in_check = in_check
        self.legal = frozenset(legal)
        self.npieces = sum(c.isalpha() for c in f[0])
        self.mating = any(c in "rnchpRNCHP" for c in f[0])


class Referee:
    def __init__(self, path):
        self.path = path
        self.proc = None
        self.q = None

    def start(self):
        self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, errors="replace",
                                     start_new_session=True)
        self.q = queue.Queue()
        threading.Thread(target=self._reader, args=(self.proc, self.q), daemon=True).start()
        self._send("uci")
        self._until("uciok")
        for k, v in (("UCI_Variant", "xiangqi"), ("Hash", "1"), ("Threads", "1")):
            self._send(f"setoption name {k} value {v}")
        self._send("isready")
        self._until("readyok")

    @staticmethod
    def _reader(proc, q):
        for line in proc.stdout:
            q.put(line.rstrip("\r\n"))
        q.put(None)

    def _send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise RefereeError(f"cannot write to the referee: {e}")

    def _get(self, deadline):
        try:
            line = self.q.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise RefereeError("the referee did not answer in time")
        if line is None:
            raise RefereeError("the referee exited")
        return line

    def _until(self, token, timeout=15.0):
        deadline = time.monotonic() + timeout
        while self._get(deadline).strip() != token:
            pass

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=3)
            except (RefereeError, subprocess.TimeoutExpired):
                pass
        kill_group(self.proc)

    def analyse(self, fen, moves=()):
        last = None
        for _ in range(3):
            try:
                if self.proc is None or self.proc.poll() is not None:
                    self.start()
                return self._analyse(fen, moves)
            except RefereeError as e:
                last = e
                kill_group(self.proc)
                self.proc = None
        raise RefereeError(f"referee failed three times: {last}")

    def _analyse(self, fen, moves):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(to_engine(m, 1) for m in moves)
        self._send(cmd)
        self._send("d")
        self._send("go perft 1")
        deadline = time.monotonic() + 15.0
        newfen = checkers = None
        legal = []
        while True:
            s = self._get(deadline).strip()
            if s.startswith("Fen: "):
                newfen = s[5:].strip()
            elif s.startswith("Checkers:"):
                checkers = s[9:].strip()
            elif s.startswith("Nodes searched:"):
                n = int(s.split(":")[1])
                break
            else:
                g = PERFT_RE.match(s)
                if g:
                    mv = from_engine(g[1], 1)
                    if mv is None:
                        raise RefereeError(f"unexpected referee move {g[1]!r}")
                    legal.append(mv)
        if newfen is None or checkers is None or n != len(legal):
            raise RefereeError("referee output lacks Fen:/Checkers: or the perft count differs")
        return PosInfo(newfen, bool(checkers), legal)


# --------------------------------------------------------------------------
# openings
# --------------------------------------------------------------------------

def load_openings(path):
    """Lines `FEN`, `FEN moves m1 ...` or `startpos moves ...`; '#' starts a comment line."""
    if not path or not os.path.exists(path):
        return [(START_FEN, [], "startpos")]
    ops = []
    with open(path, encoding="utf-8") as f:
        for ln, raw in enumerate(f, 1):
            line = raw.split(";", 1)[0].strip()
            if not line or line.startswith("#"):
                continue
            head, _, tail = f" {line} ".partition(" moves ")
            head = head.strip()
            if head.startswith("fen "):
                head = head[4:].strip()
            fen = START_FEN if head in ("", "startpos") else head
            parts = fen.split()
            if len(parts[0].split("/")) != 10:
                raise SetupError(f"{path}:{ln}: not a xiangqi FEN: {fen!r}")
            side = {"w": "w", "r": "w", "b": "b"}.get(parts[1].lower() if len(parts) > 1 else "w")
            if side is None:
                raise SetupError(f"{path}:{ln}: bad side to move in {fen!r}")
            fen = " ".join([parts[0].translate(str.maketrans("HEhe", "NBnb")), side] +
                           (parts[2:6] if len(parts) >= 6 else ["-", "-", "0", "1"]))
            moves = []
            for m in tail.split():
                mm = from_engine(m, 0)
                if mm is None:
                    raise SetupError(f"{path}:{ln}: bad move {m!r} (ICCS, ranks 0-9)")
                moves.append(mm)
            ops.append((fen, moves, f"{os.path.basename(path)}:{ln}"))
    if not ops:
        raise SetupError(f"{path}: no openings")
    return ops


# --------------------------------------------------------------------------
# statistics of one run
# --------------------------------------------------------------------------

class Stats:
    def __init__(self, run, games):
        self.lock = threading.Lock()
        self.run = run
        self.target = games
        self.games = 0
        self.results = collections.Counter()     # from the first engine's view: win/draw/loss
        self.ends = collections.Counter()
        self.faults = collections.Counter()      # (label, kind) -> n
        self.events = []                         # text of every fault
        self.game_secs = []
        self.plies = []
        self.sent = collections.Counter()        # (label, command) -> n
        self.bestmoves = collections.Counter()   # label -> n
        self.ready_lat = collections.defaultdict(float)   # label -> max latency
        self.min_clock = {}                      # label -> lowest clock after a move (s)
        self.low = collections.defaultdict(list)  # label -> the lowest clocks with what the search was
        self.below_zero = collections.Counter()   # label -> moves that ended below 0 but within the margin
        self.errors = collections.Counter()      # (label, info string error text) -> n
        self.ponder = collections.Counter()
        self.rss = collections.defaultdict(dict)  # label -> {game index: max VmRSS kB}
        self.hwm = collections.defaultdict(int)   # label -> max VmHWM kB
        self.exits = collections.defaultdict(list)
        self.san_hits = []
        self.stderr_files = []
        self.aborted = None

    def fault(self, label, kind, text):
        with self.lock:
            self.faults[(label, kind)] += 1
            self.events.append(f"[{time.strftime('%H:%M:%S')}] {label}: {kind}: {text}")


# --------------------------------------------------------------------------
# an engine process, driven by its worker
# --------------------------------------------------------------------------

class Engine:
    def __init__(self, worker, label, cmd, options, ranks, under_test, env=None):
        self.w = worker
        self.label = label
        self.cmd = cmd
        self.options = options
        self.ranks = ranks
        self.under_test = under_test
        self.env = env
        self.proc = None
        self.nstart = 0
        self.errpath = None
        self.reset_state()
        self.dead = True

    def reset_state(self):
        self.dead = False
        self.expected_exit = False     # quit sent or killed by us: EOF is no crash
        self.uciok = False
        self.pending = False           # a go is outstanding (no bestmove yet)
        self.state = "idle"            # idle | search | ponder
        self.ponder_move = None
        self.released = False          # the ponder search got ponderhit or stop
        self.bm = None                 # (time, move, ponder move) of the last bestmove
        self.kind = None               # what the clock ran on: go, ponderhit, stop+go after a missed ponder
        self.stray = 0                 # stray ponderhits sent during this search
        self.ready_q = collections.deque()   # [time sent, already counted late]
        self.game_no = -1

    def launch(self):
        self.nstart += 1
        self.errpath = os.path.join(self.w.errdir, f"w{self.w.wid}-{self.label}-{self.nstart}.stderr")
        with open(self.errpath, "w") as errf:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errf,
                                         text=True, bufsize=1, errors="replace", start_new_session=True,
                                         env=self.env)
        with self.w.stats.lock:
            self.w.stats.stderr_files.append((self.label, self.errpath, self.under_test))
        self.reset_state()
        threading.Thread(target=self._reader, args=(self.proc, self.w.q), daemon=True).start()
        self.send("uci")
        if not self.w.wait(lambda: self.uciok or self.dead, time.monotonic() + 10):
            raise SetupError(f"{self.label}: no uciok within 10 s")
        if self.dead:
            raise SetupError(f"{self.label}: exited during the handshake")
        for k, v in self.options:
            self.send(f"setoption name {k} value {v}")
        if not self.sync(10.0):
            raise SetupError(f"{self.label}: no readyok after the options")

    def _reader(self, proc, q):
        for line in proc.stdout:
            q.put((self, proc, time.monotonic(), line.rstrip("\r\n")))
        q.put((self, proc, time.monotonic(), None))

    def alive(self):
        return self.proc is not None and not self.dead

    def send(self, line):
        if not self.alive():
            return
        self.w.io(self.label, ">", line)
        word = line.split(" ", 1)[0]
        with self.w.stats.lock:
            self.w.stats.sent[(self.label, word if word != "go" or "ponder" not in line else "go ponder")] += 1
        if word == "isready":
            self.ready_q.append([time.monotonic(), False])
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError:
            pass   # the reader thread reports the end of the process

    def go(self, cmd, ponder_move=None):
        self.pending = True
        self.bm = None
        self.state = "ponder" if ponder_move else "search"
        self.ponder_move = ponder_move
        self.released = False
        self.stray = 0
        self.send(cmd)

    def sync(self, timeout):
        """isready and wait for every readyok; False if the engine died or did not answer."""
        self.send("isready")
        ok = self.w.wait(lambda: self.dead or not self.ready_q, time.monotonic() + timeout)
        return ok and not self.dead

    def kill(self, why):
        self.expected_exit = True
        kill_group(self.proc)
        self.dead = True
        self.pending = False
        self.w.io(self.label, "!", f"killed: {why}")

    def quit(self):
        if not self.alive():
            return
        self.expected_exit = True
        self.send("quit")
        try:
            rc = self.proc.wait(timeout=20)   # LeakSanitizer needs a moment at exit
        except subprocess.TimeoutExpired:
            self.w.stats.fault(self.label, "bad_exit", "no exit within 20 s of quit; killed")
            kill_group(self.proc)
            rc = self.proc.returncode
        self.dead = True
        with self.w.stats.lock:
            self.w.stats.exits[self.label].append(rc)
        if rc != 0:
            self.w.stats.fault(self.label, "bad_exit", f"after quit: {fmt_rc(rc)} (stderr: {self.errpath})")
        for entry in self.ready_q:
            self.w.stats.fault(self.label, "readyok_never", "isready still unanswered at quit")
        self.ready_q.clear()


# --------------------------------------------------------------------------
# a worker: two engines, a referee, games one after another
# --------------------------------------------------------------------------

class Worker(threading.Thread):
    def __init__(self, wid, run):
        super().__init__(name=f"worker{wid}", daemon=True)
        self.wid = wid
        self.run_ = run
        self.a = run.args
        self.stats = run.stats
        self.errdir = run.errdir
        self.rng = random.Random(run.seed * 1000 + wid)
        self.q = queue.Queue()
        self.ref = Referee(run.fairy)
        self.inject_on = False
        self.next_inject = None
        self.game_no = -1
        self.iof = open(os.path.join(run.logdir, f"io-w{wid}.log"), "w") if (run.logdir and self.a.io) else None
        self.t0 = time.monotonic()
        self.engines = [Engine(self, *spec) for spec in run.engine_specs]

    def io(self, label, arrow, line):
        if self.iof:
            self.iof.write(f"{time.monotonic() - self.t0:10.4f} {label} {arrow} {line}\n")

    # ---- events ----
    def handle(self, e, proc, t, line):
        if proc is not e.proc:
            return                                   # from a process we already replaced
        if line is None:
            if e.dead:
                return
            e.dead = True
            e.pending = False
            if not e.expected_exit:
                try:
                    rc = proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    kill_group(proc)
                    rc = proc.returncode
                e.w.io(e.label, "!", f"died: {fmt_rc(rc)}")
                self.stats.fault(e.label, "crash", f"game {self.game_no + 1}, state {e.state}: {fmt_rc(rc)} "
                                 f"(stderr: {e.errpath})")
            return
        self.io(e.label, "<", line)
        if line == "readyok":
            if not e.ready_q:
                self.stats.fault(e.label, "readyok_stray", f"game {self.game_no + 1}")
                return
            sent, late = e.ready_q.popleft()
            lat = t - sent
            with self.stats.lock:
                self.stats.ready_lat[e.label] = max(self.stats.ready_lat[e.label], lat)
            if lat > self.a.ready_timeout and not late:
                self.stats.fault(e.label, "readyok_late", f"game {self.game_no + 1}: readyok after {lat * 1000:.0f} ms")
        elif line.startswith("bestmove"):
            with self.stats.lock:
                self.stats.bestmoves[e.label] += 1
            tok = line.split()
            if not e.pending:
                self.stats.fault(e.label, "dup_bestmove", f"game {self.game_no + 1}: '{line}' with no go outstanding")
                return
            if e.state == "ponder" and not e.released:
                self.stats.fault(e.label, "early_bestmove",
                                 f"game {self.game_no + 1}: '{line}' during go ponder before ponderhit/stop")
            e.pending = False
            e.state = "idle"
            e.bm = (t, tok[1] if len(tok) > 1 else None,
                    tok[3] if len(tok) > 3 and tok[2] == "ponder" else None)
        elif line == "uciok":
            e.uciok = True
        elif line.startswith("info string error"):
            with self.stats.lock:
                self.stats.errors[(e.label, re.sub(r"\d+", "N", line[18:])[:90])] += 1

    def check_ready(self):
        now = time.monotonic()
        for e in self.engines:
            for entry in e.ready_q:
                if not entry[1] and now - entry[0] > self.a.ready_timeout:
                    entry[1] = True
                    self.stats.fault(e.label, "readyok_late",
                                     f"game {self.game_no + 1}: no readyok within {self.a.ready_timeout:g} s")

    def wait(self, pred, deadline):
        """Handle engine output until pred() holds (True) or the deadline passes (False); inject meanwhile."""
        while True:
            if pred():
                return True
            now = time.monotonic()
            if now >= deadline:
                return False
            timeout = deadline - now
            if self.inject_on:
                if now >= self.next_inject:
                    self.inject()
                    self.next_inject = now + self.rng.expovariate(1.0 / self.a.inject_interval)
                    continue
                timeout = min(timeout, self.next_inject - now)
            try:
                ev = self.q.get(timeout=min(timeout, 0.25))
            except queue.Empty:
                ev = None
            if ev:
                self.handle(*ev)
            self.check_ready()

    def inject(self):
        targets = [e for e in self.engines if e.under_test and e.alive()]
        if not targets:
            return
        e = self.rng.choice(targets)
        kind = "isready"
        if self.run_.name == "B":
            kind = self.rng.choices(("isready", "stop", "ponderhit"), (2, 1, 1))[0]
            if kind == "ponderhit" and e.state == "ponder" and e.pending and not e.released:
                kind = "isready"      # a ponderhit there would claim a move that was not played
        where = "idle" if not e.pending else ("stopped ponder" if e.state == "ponder" and e.released else e.state)
        if kind == "stop" and e.state == "ponder" and e.pending and not e.released:
            e.released = True
            with self.stats.lock:
                self.stats.ponder["cancelled by an injected stop"] += 1
        if kind == "ponderhit" and e.pending:
            e.stray += 1
        with self.stats.lock:
            self.stats.ponder[f"injected {kind} ({where})"] += 1
        e.send(kind)

    # ---- engine life ----
    def ensure_started(self, e):
        if e.alive():
            return True
        for attempt in range(3):
            if e.nstart:
                kill_group(e.proc)
            try:
                e.launch()
                return True
            except SetupError as err:
                e.expected_exit = True
                kill_group(e.proc)
                e.dead = True
                self.stats.fault(e.label, "startfail", str(err))
        return False

    def settle(self, e):
        """End any search of e (stop it) and wait for its bestmove; kill it if none comes."""
        if not e.alive() or not e.pending:
            return
        if e.state == "ponder" and not e.released:
            e.released = True
        e.send("stop")
        if not self.wait(lambda: not e.pending or e.dead, time.monotonic() + self.a.hang_timeout):
            self.stats.fault(e.label, "hang", f"game {self.game_no + 1}: no bestmove within "
                             f"{self.a.hang_timeout:g} s of stop")
            e.kill("no bestmove after stop")

    # ---- the run ----
    def run(self):
        try:
            self.ref.start()
            for e in self.engines:
                if not self.ensure_started(e):
                    self.run_.abort(f"{e.label} does not start (see {e.errpath})")
                    return
            while not self.run_.stop.is_set():
                g = self.run_.next_game()
                if g is None:
                    break
                self.game_no = g
                for e in self.engines:
                    if not self.ensure_started(e):
                        self.run_.abort(f"{e.label} failed to start three times in a row")
                        return
                    e.game_no = g
                    e.send("ucinewgame")
                    if not e.sync(self.a.hang_timeout):
                        if e.alive():
                            self.stats.fault(e.label, "readyok_never", f"before game {g + 1}: no readyok within "
                                             f"{self.a.hang_timeout:g} s of ucinewgame + isready; restarted")
                            e.kill("no readyok after ucinewgame")
                        self.ensure_started(e)
                self.play(g)
                self.run_.sample_rss()
        except RefereeError as err:
            self.run_.abort(f"referee: {err}")
        except Exception as err:   # report the runner's own bug instead of a silent thread death
            import traceback
            traceback.print_exc()
            self.run_.abort(f"runner error in worker {self.wid}: {err!r}")
        finally:
            self.inject_on = False
            for e in self.engines:
                self.settle(e)
                if e.alive() and e.sync(self.a.hang_timeout):
                    pass
                e.quit()
            self.ref.close()
            if self.iof:
                self.iof.close()

    def play(self, g):
        a, st_ = self.a, self.stats
        fen0, book, olabel = self.run_.openings[(self.run_.opening_start + g // 2) % len(self.run_.openings)]
        first_red = g % 2 == 0
        e1, e2 = self.engines
        eng = {"w": e1 if first_red else e2, "b": e2 if first_red else e1}
        t_game = time.monotonic()
        st = self.ref.analyse(fen0)
        hist = [st]
        for m in book:
            if m not in st.legal:
                raise SetupError(f"opening {olabel}: illegal move {m}")
            st = self.ref.analyse(st.fen, [m])
            hist.append(st)
        moves = list(book)
        last_irrev = max([0] + [i for i in range(1, len(hist)) if hist[i].npieces < hist[i - 1].npieces])
        clock = {"w": self.run_.base, "b": self.run_.base}
        inc = self.run_.inc
        result = reason = cat = None

        def position(e, extra=()):
            s = "position fen " + fen0
            ml = moves + list(extra)
            if ml:
                s += " moves " + " ".join(to_engine(m, e.ranks) for m in ml)
            return s

        def go_times():
            w, b = max(1, int(clock["w"] * 1000)), max(1, int(clock["b"] * 1000))
            i = int(round(inc * 1000))
            return f"wtime {w} btime {b}" + (f" winc {i} binc {i}" if i else "")

        def lose(side, why, cat):
            return (("0-1" if side == "w" else "1-0"),
                    f"{eng[side].label} ({'red' if side == 'w' else 'black'}) {why}", cat)

        self.inject_on = a.inject_interval > 0
        self.next_inject = time.monotonic() + self.rng.expovariate(1.0 / max(a.inject_interval, 1e-6))
        while result is None:
            side = st.side
            opp = "b" if side == "w" else "w"
            e = eng[side]
            if not st.legal:
                result, reason, cat = lose(side, "is checkmated" if st.in_check else "is stalemated", "mate")
                break
            if len(moves) >= a.maxplies:
                result, reason, cat = "1/2-1/2", f"move cap ({a.maxplies} plies)", "move cap"
                break
            if not st.mating:
                result, reason, cat = "1/2-1/2", "no mating material", "no mating material"
                break
            dead = [s for s in "wb" if not eng[s].alive()]
            if dead:
                result, reason, cat = lose(dead[0], "crashed", "crash")
                break

            t0 = time.monotonic()
            last = moves[-1] if moves else None
            if e.pending and e.state == "ponder" and not e.released and e.ponder_move == last:
                e.send("ponderhit")
                e.released = True
                e.state = "search"
                e.kind, e.stray = "ponderhit", 0
                with st_.lock:
                    st_.ponder["ponderhit"] += 1
            else:
                e.kind = "go"
                if e.pending:                        # a ponder that missed (or was stopped already)
                    e.kind = "missed ponder"
                    with st_.lock:
                        st_.ponder["missed: stop + go" if not e.released else "stopped before the reply"] += 1
                    if not e.released:
                        e.released = True
                        e.send("stop")
                    if not self.wait(lambda: not e.pending or e.dead, t0 + a.hang_timeout):
                        st_.fault(e.label, "hang", f"game {g + 1}: no bestmove within {a.hang_timeout:g} s "
                                  "of stopping a ponder search")
                        e.kill("no bestmove after stop")
                    if e.dead:
                        result, reason, cat = lose(side, "crashed or hung", "crash")
                        break
                e.send(position(e))
                e.go("go " + go_times())
            deadline = t0 + max(clock[side], 0.0) + a.margin + a.hang_timeout
            if not self.wait(lambda: not e.pending or e.dead, deadline):
                st_.fault(e.label, "hang", f"game {g + 1}, ply {len(moves) + 1}: no bestmove within "
                          f"{a.hang_timeout:g} s past its clock")
                e.kill("no bestmove")
                result, reason, cat = lose(side, "hung (no bestmove)", "hang")
                break
            if e.dead:
                result, reason, cat = lose(side, "crashed", "crash")
                break
            t_bm, bm, pm = e.bm
            clock[side] -= t_bm - t0
            with st_.lock:
                st_.min_clock[e.label] = min(st_.min_clock.get(e.label, 1e9), clock[side])
                low = st_.low[e.label]
                low.append((clock[side], f"{clock[side] * 1000:.0f} ms in game {g + 1} ply {len(moves) + 1}, "
                                         f"{(t_bm - t0) * 1000:.0f} ms on {e.kind}"
                                         + (f" with {e.stray} stray ponderhit(s)" if e.stray else "")))
                low.sort()
                del low[3:]
            if -a.margin <= clock[side] < 0:
                with st_.lock:
                    st_.below_zero[e.label] += 1
            if clock[side] < -a.margin:
                st_.fault(e.label, "time", f"game {g + 1}, ply {len(moves) + 1}: clock {clock[side] * 1000:.0f} ms")
                result, reason, cat = lose(side, f"lost on time ({clock[side] * 1000:.0f} ms)", "time")
                break
            clock[side] = max(clock[side], 0.0) + inc
            mv = from_engine(bm or "", e.ranks)
            if mv is None or mv not in st.legal:
                st_.fault(e.label, "illegal", f"game {g + 1}, ply {len(moves) + 1}: 'bestmove {bm}' in {st.fen}")
                result, reason, cat = lose(side, f"played an illegal move ({bm})", "illegal move")
                break
            prev = st
            st = self.ref.analyse(st.fen, [mv])
            hist.append(st)
            moves.append(mv)
            if st.npieces < prev.npieces:
                last_irrev = len(hist) - 1
            # ponder move: legal?  pondered on?
            pmv = None
            if pm is not None and st.legal:
                pmv = from_engine(pm, e.ranks)
                if pmv is None or pmv not in st.legal:
                    st_.fault(e.label, "illegal_ponder", f"game {g + 1}, ply {len(moves)}: ponder '{pm}' in {st.fen}")
                    pmv = None
            # repetition
            occ = [i for i in range(last_irrev, len(hist)) if hist[i].key == st.key]
            if len(occ) >= 3:
                gave = {"w": [], "b": []}
                for i in range(occ[0] + 1, len(hist)):
                    gave[hist[i - 1].side].append(hist[i].in_check)
                wp, bp = bool(gave["w"]) and all(gave["w"]), bool(gave["b"]) and all(gave["b"])
                if wp != bp:
                    result, reason, cat = lose("w" if wp else "b", "loses by perpetual check", "perpetual check")
                else:
                    result, reason, cat = "1/2-1/2", "3-fold repetition", "repetition"
                break
            if self.run_.ponder and pmv is not None and e.alive():
                e.send(position(e, [pmv]))
                e.go("go ponder " + go_times(), ponder_move=pmv)
                with st_.lock:
                    st_.ponder["go ponder"] += 1

        self.inject_on = False
        for x in self.engines:
            self.settle(x)
        secs = time.monotonic() - t_game
        ply = len(moves) - len(book)
        score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not first_red:
            score = 1.0 - score
        with st_.lock:
            st_.games += 1
            st_.results[{1.0: "win", 0.5: "draw", 0.0: "loss"}[score]] += 1
            st_.ends[cat] += 1
            st_.game_secs.append(secs)
            st_.plies.append(ply)
            n = st_.games
        self.run_.record(g, eng["w"].label, eng["b"].label, olabel, fen0, moves, len(book), result, reason, secs)
        if a.progress and (n % a.progress == 0 or n == st_.target):
            bad = sum(v for (lab, k), v in st_.faults.items() if self.run_.is_chariot(lab))
            print(f"  run {self.run_.name}: {n}/{st_.target} games, {bad} Chariot faults, "
                  f"last game {secs:.1f} s ({ply} plies, {reason})", flush=True)


# --------------------------------------------------------------------------
# one run (A or B)
# --------------------------------------------------------------------------

class Run:
    def __init__(self, name, args, fairy, openings, seed, base, inc, logroot):
        self.name = name
        self.args = args
        self.fairy = fairy
        self.openings = openings
        self.seed = seed
        self.base, self.inc = base, inc
        self.stats = Stats(name, args.games)
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.next_g = 0
        self.opening_start = random.Random(seed).randrange(len(openings))
        self.logdir = os.path.join(logroot, f"run-{name}") if logroot else None
        if self.logdir:
            os.makedirs(self.logdir, exist_ok=True)
            self.errdir = self.logdir
            self.tmpdir = None
            self.pgn = open(os.path.join(self.logdir, "games.pgn"), "w")
        else:
            self.tmpdir = tempfile.mkdtemp(prefix=f"soak-{name}-")
            self.errdir = self.tmpdir
            self.pgn = None
        thr = str(args.threads)
        hsh = str(args.hash)
        if name == "A":
            env = dict(os.environ)
            env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
            env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
            self.ponder = False
            self.engine_specs = [
                ("chariot-san", [args.san_engine], [("Threads", thr), ("Hash", hsh)], 0, True, env),
                ("fairy-stockfish", [fairy], [("UCI_Variant", "xiangqi"), ("Threads", "1"), ("Hash", hsh)],
                 1, False, None),
            ]
        else:
            self.ponder = True
            opts = [("Threads", thr), ("Hash", hsh), ("Ponder", "true")]
            self.engine_specs = [("chariot-1", [args.engine], opts, 0, True, None),
                                 ("chariot-2", [args.engine], opts, 0, True, None)]
        self.workers = []
        self.t0 = time.monotonic()
        self.timed_out = False  # --seconds ended the run before --games

    def is_chariot(self, label):
        return label.startswith("chariot")

    def next_game(self):
        with self.lock:
            if self.next_g >= self.args.games or self.stop.is_set():
                return None
            if self.args.seconds and time.monotonic() - self.t0 >= self.args.seconds:
                self.timed_out = True  # no new game; those in play are finished
                return None
            self.next_g += 1
            return self.next_g - 1

    def abort(self, why):
        with self.stats.lock:
            if not self.stats.aborted:
                self.stats.aborted = why
        print(f"  run {self.name}: ABORTED: {why}", file=sys.stderr, flush=True)
        self.stop.set()

    def record(self, g, red, black, olabel, fen, moves, nbook, result, reason, secs):
        if not self.pgn:
            return
        body = []
        for i, m in enumerate(moves):
            if i % 2 == 0:
                body.append(f"{i // 2 + 1}.")
            body.append(m + ("{book}" if i < nbook else ""))
        lines, cur = [], ""
        for tok in body + [result]:
            if len(cur) + len(tok) + 1 > 100:
                lines.append(cur)
                cur = tok
            else:
                cur = f"{cur} {tok}" if cur else tok
        lines.append(cur)
        with self.lock:
            self.pgn.write(f'[Event "Chariot soak, run {self.name}"]\n[Round "{g + 1}"]\n[Red "{red}"]\n'
                           f'[Black "{black}"]\n[Opening "{olabel}"]\n[FEN "{fen}"]\n[Result "{result}"]\n'
                           f'[Termination "{reason}"]\n[PlyCount "{len(moves)}"]\n[Seconds "{secs:.2f}"]\n'
                           f'[Format "ICCS, ranks 0-9"]\n\n' + "\n".join(lines) + "\n\n")
            self.pgn.flush()

    def sample_rss(self):
        for w in self.workers:
            for e in list(w.engines):
                proc = e.proc
                if not e.under_test or proc is None or e.dead:
                    continue
                try:
                    with open(f"/proc/{proc.pid}/status") as f:
                        txt = f.read()
                except OSError:
                    continue
                rss = re.search(r"^VmRSS:\s+(\d+)", txt, re.M)
                hwm = re.search(r"^VmHWM:\s+(\d+)", txt, re.M)
                if not rss or w.game_no < 0:
                    continue
                with self.stats.lock:
                    d = self.stats.rss[e.label]
                    d[w.game_no] = max(d.get(w.game_no, 0), int(rss[1]))
                    if hwm:
                        self.stats.hwm[e.label] = max(self.stats.hwm[e.label], int(hwm[1]))

    def sampler(self, done):
        while not done.wait(self.args.rss_interval):
            self.sample_rss()

    def go(self):
        bins = {spec[1][0] for spec in self.engine_specs}
        print(f"run {self.name}: " + ", ".join(
            f"{b} (modified {time.strftime('%Y-%m-%d %H:%M', time.localtime(os.path.getmtime(b)))})"
            for b in sorted(bins)) + f"; referee {self.fairy}", flush=True)
        t0 = self.t0 = time.monotonic()
        self.workers = [Worker(i + 1, self) for i in range(self.args.concurrency)]
        done = threading.Event()
        smp = threading.Thread(target=self.sampler, args=(done,), daemon=True)
        smp.start()
        for w in self.workers:
            w.start()
        try:
            for w in self.workers:
                while w.is_alive():
                    w.join(0.5)
        except KeyboardInterrupt:
            self.abort("interrupted")
            for w in self.workers:
                w.join(60)
        done.set()
        smp.join()
        self.wall = time.monotonic() - t0
        if self.pgn:
            self.pgn.close()
        self.scan_stderr()
        return self.report()

    def scan_stderr(self):
        s = self.stats
        for label, path, under_test in s.stderr_files:
            try:
                with open(path, errors="replace") as f:
                    lines = f.read().splitlines()
            except OSError:
                continue
            hits = [ln for ln in lines if any(p in ln for p in SAN_PATTERNS)]
            for ln in hits:
                s.san_hits.append(f"{os.path.basename(path)}: {ln.strip()}")
            if hits and under_test:
                s.fault(label, "sanitizer", f"{len(hits)} report line(s) in {path}")

    # ---- the summary ----
    def report(self):
        s, a = self.stats, self.args
        labels = [spec[0] for spec in self.engine_specs]
        chariots = [lab for lab in labels if self.is_chariot(lab)]
        lines = []
        p = lines.append
        vs = ("chariot-san (ASan+UBSan, Threads %d) vs Fairy-Stockfish (Threads 1)" % a.threads if self.name == "A"
              else "chariot vs chariot (release, Threads %d, Ponder true, injected stop/ponderhit/isready)" % a.threads)
        p(f"Run {self.name}: {vs}")
        per_game = self.wall / s.games if s.games else 0.0
        mean_game = statistics.mean(s.game_secs) if s.game_secs else 0.0
        p(f"  games: {s.games} of {s.target} at {a.tc} (margin {a.margin * 1000:.0f} ms), concurrency "
          f"{a.concurrency}, wall {self.wall:.1f} s = {per_game:.2f} s per game; one game lasts "
          f"{mean_game:.2f} s on average, {statistics.mean(s.plies) if s.plies else 0:.0f} plies"
          + (f"; no game started after --seconds {a.seconds:g}" if self.timed_out else ""))
        p(f"  results ({labels[0]}'s view): +{s.results['win']} ={s.results['draw']} -{s.results['loss']};"
          f" ends: " + ", ".join(f"{k} {v}" for k, v in s.ends.most_common()))
        if s.aborted:
            p(f"  ABORTED: {s.aborted}")
        for lab in labels:
            tag = "" if self.is_chariot(lab) else " (opponent, not counted)"
            fl = [f"{desc} {s.faults[(lab, k)]}" for k, desc in CHARIOT_FAULTS if s.faults[(lab, k)]]
            p(f"  {lab}{tag}: " + ("no faults" if not fl else "FAULTS: " + "; ".join(fl)))
            gos = s.sent[(lab, "go")] + s.sent[(lab, "go ponder")]
            p(f"    go {gos} (ponder {s.sent[(lab, 'go ponder')]}), bestmove {s.bestmoves[lab]}; "
              f"isready {s.sent[(lab, 'isready')]} (slowest readyok {s.ready_lat[lab] * 1000:.1f} ms); "
              f"stop {s.sent[(lab, 'stop')]}, ponderhit {s.sent[(lab, 'ponderhit')]}; "
              "exit after quit: " + (", ".join(fmt_rc(rc) for rc in s.exits[lab]) or "-"))
            if s.low[lab]:
                p(f"    moves ending below 0 within the margin: {s.below_zero[lab]}; lowest clocks after a move: "
                  + "; ".join(txt for _, txt in s.low[lab]))
        for lab in chariots:
            d = s.rss.get(lab, {})
            if not d:
                p(f"  memory {lab}: no samples")
                continue
            n = max(1, (s.games + 9) // 10)
            gs = sorted(d)
            first = [d[g] for g in gs if g < n]
            lastg = [d[g] for g in gs if g >= s.games - n]
            mib = lambda kb: f"{kb / 1024:.1f}"
            p(f"  memory {lab}: VmRSS max in games 1-{n} {mib(max(first)) if first else '-'} MiB, in games "
              f"{s.games - n + 1}-{s.games} {mib(max(lastg)) if lastg else '-'} MiB; "
              f"peak VmHWM {mib(s.hwm[lab])} MiB")
        if self.ponder:
            p("  ponder: " + ", ".join(f"{k} {v}" for k, v in sorted(s.ponder.items()) if not k.startswith("inj")))
        inj = {k: v for k, v in s.ponder.items() if k.startswith("injected")}
        if inj:
            p("  injected: " + ", ".join(f"{k[9:]} {v}" for k, v in sorted(inj.items())))
        if s.errors:
            p("  info string error lines (answers to injected commands are expected):")
            for (lab, txt), v in s.errors.most_common(8):
                p(f"    {lab} x{v}: {txt}")
        if s.san_hits:
            p(f"  sanitizer lines ({len(s.san_hits)}), first ones:")
            for ln in s.san_hits[:5]:
                p(f"    {ln}")
        if s.events:
            p(f"  fault log ({len(s.events)}), first ones:")
            for ev in s.events[:10]:
                p(f"    {ev}")
        bad = sum(v for (lab, k), v in s.faults.items() if self.is_chariot(lab)) + (1 if s.aborted else 0)
        p(f"  verdict: {'OK' if not bad else 'FAIL'}")
        if self.tmpdir and (s.san_hits or bad):
            p(f"  engine stderr kept in {self.tmpdir}")
        elif self.tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        text = "\n".join(lines)
        print(text, flush=True)
        if self.logdir:
            with open(os.path.join(self.logdir, "summary.txt"), "w") as f:
                f.write(text + "\n")
            with open(os.path.join(self.logdir, "faults.log"), "w") as f:
                f.write("\n".join(s.events) + ("\n" if s.events else ""))
            with open(os.path.join(self.logdir, "summary.json"), "w") as f:
                json.dump({
                    "run": self.name, "games": s.games, "target": s.target, "wall_s": round(self.wall, 2),
                    "mean_game_s": round(mean_game, 3), "tc": a.tc, "margin_ms": a.margin * 1000,
                    "aborted": s.aborted, "results": dict(s.results), "ends": dict(s.ends),
                    "faults": {f"{lab}:{k}": v for (lab, k), v in s.faults.items()},
                    "sent": {f"{lab}:{k}": v for (lab, k), v in s.sent.items()},
                    "bestmoves": dict(s.bestmoves), "ponder": dict(s.ponder),
                    "slowest_readyok_ms": {k: round(v * 1000, 2) for k, v in s.ready_lat.items()},
                    "lowest_clock_ms": {k: round(v * 1000) for k, v in s.min_clock.items()},
                    "lowest_clocks": {k: [txt for _, txt in v] for k, v in s.low.items()},
                    "moves_below_zero_within_margin": dict(s.below_zero),
                    "vmrss_kb_by_game": {lab: {str(g + 1): v for g, v in sorted(d.items())}
                                         for lab, d in s.rss.items()},
                    "vmhwm_kb": dict(s.hwm), "sanitizer_lines": s.san_hits[:50], "ok": not bad,
                }, f, indent=1)
        return not bad


# --------------------------------------------------------------------------

def parse_tc(s):
    base, _, inc = s.partition("+")
    try:
        return float(base), float(inc or 0)
    except ValueError:
        raise SystemExit(f"soak.py: bad --tc {s!r} (BASE+INC in seconds, e.g. 1+0.01)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", choices=("A", "B", "both"), default="both")
    ap.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    ap.add_argument("--tc", default="1+0.01", help="BASE+INC seconds (default 1+0.01)")
    ap.add_argument("--seed", type=int, default=None, help="injection and opening seed (default: from the clock)")
    ap.add_argument("--log", default=None, help="keep stderr of every engine, games.pgn, faults and summaries here")
    ap.add_argument("--io", action="store_true", help="with --log: also every line to and from the engines")
    ap.add_argument("--engine", default=os.path.join(ROOT, "chariot"), help="release build (run B)")
    ap.add_argument("--san-engine", default=os.path.join(ROOT, "chariot-san"), help="ASan+UBSan build (run A)")
    ap.add_argument("--fairy", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish",
                    help="Fairy-Stockfish: run A's opponent and the referee of both runs")
    ap.add_argument("--openings", default=os.path.join(ROOT, "tools", "openings", "openings-xq.txt"),
                    help="one FEN [moves ...] a line (default tools/openings/openings-xq.txt; start position if absent)")
    ap.add_argument("--threads", type=int, default=2, help="Chariot's Threads (default 2)")
    ap.add_argument("--hash", type=int, default=16, help="Hash in MiB of every engine (default 16)")
    ap.add_argument("--margin", type=float, default=0.05, help="seconds a clock may go below 0 (default 0.05)")
    ap.add_argument("--ready-timeout", type=float, default=1.0, help="readyok within this (default 1.0 s)")
    ap.add_argument("--hang-timeout", type=float, default=10.0,
                    help="no bestmove this long past the clock (or after stop) is a hang (default 10 s)")
    ap.add_argument("--inject-interval", type=float, default=0.1,
                    help="mean seconds between injected commands during a game; 0: none (default 0.1)")
    ap.add_argument("--maxplies", type=int, default=300, help="draw after this many plies (default 300)")
    ap.add_argument("--rss-interval", type=float, default=0.25, help="seconds between memory samples")
    ap.add_argument("--progress", type=int, default=50, help="a progress line every N games (0: none)")
    ap.add_argument("--seconds", type=float, default=0,
                    help="start no game after this many seconds of a run, finish those in play (default 0: no limit)")
    args = ap.parse_args()
    if args.games < 1 or args.concurrency < 1 or args.seconds < 0:
        raise SystemExit("soak.py: --games and --concurrency must be at least 1, --seconds not negative")
    base, inc = parse_tc(args.tc)
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    runs = ["A", "B"] if args.run == "both" else [args.run]
    need = [args.fairy] + ([args.san_engine] if "A" in runs else []) + ([args.engine] if "B" in runs else [])
    for path in need:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            hint = " (apt-get install -y fairy-stockfish)" if path == args.fairy else " (make chariot chariot-san)"
            print(f"soak.py: {path} not found or not executable{hint}", file=sys.stderr)
            return 2
    try:
        openings = load_openings(args.openings)
    except SetupError as e:
        print(f"soak.py: {e}", file=sys.stderr)
        return 2
    if args.log:
        os.makedirs(args.log, exist_ok=True)
    print(f"soak: runs {', '.join(runs)}, {args.games} games each, tc {args.tc}, concurrency {args.concurrency}, "
          f"seed {seed}, openings: {len(openings)} from "
          f"{args.openings if os.path.exists(args.openings) else 'the start position'}", flush=True)
    ok, aborted = True, False
    for name in runs:
        run = Run(name, args, args.fairy, openings, seed, base, inc, args.log)
        ok = run.go() and ok
        aborted = aborted or bool(run.stats.aborted)
    return 2 if aborted else (0 if ok else 1)


if __name__ == "__main__":
    sys.exit(main())
