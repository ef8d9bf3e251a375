#!/usr/bin/env python3
"""match.py - Chariot's engine-against-engine match runner (xiangqi and chess), Python standard library only.

Two engines play each opening twice, colours swapped (an opening pair). Fairy-Stockfish, a separate
program, is the referee: before every move the runner asks it for the legal moves, whether the side to
move is in check and the position's FEN (`position ...`, `d`, `go perft 1`), so a move the referee does
not list loses, and a side with no legal move loses (xiangqi) or is mated or stalemated (chess). The
runner keeps the clocks (base + increment, wall time, a margin for the pipe) and ends games by the
rules below. Results: W/D/L, Elo with a 95% error bar per game (trinomial) and per opening pair
(pentanomial), and optionally a sequential probability ratio test (GSPRT, tools/match/sprt.py's formulas).

    tools/match/match.py --engine name=new cmd=./chariot --engine name=fsf cmd=/usr/games/fairy-stockfish \\
        option.UCI_Variant=xiangqi --tc 5+0.05 --games 200 --concurrency 2 \\
        --openings tools/openings/openings-xq.txt --pgn out/games.pgn --json

Engine 1 (the first --engine) is the engine under test: W/D/L and Elo are always its.

Engines (--engine KEY=VALUE ...; quote values with spaces; --each KEY=VALUE ... applies to both):
  cmd=COMMAND      the command line (split like a shell would, no shell)
  name=NAME        the name in the PGN and the results (default: the program's file name)
  proto=uci|ucci   UCI (Chariot, Pikafish, Fairy-Stockfish, Stockfish) or UCCI (ElephantEye; clocks in
                   milliseconds with `setoption usemillisec true`, sent automatically)
  ranks=auto|0|1   xiangqi move notation: 0 = ranks 0-9 (Chariot, Pikafish, UCCI), 1 = ranks 1-10
                   (Fairy-Stockfish's UCI). auto: 1 if the engine's `id name` says Fairy-Stockfish
  option.NAME=VAL  an option (UCI `setoption name NAME value VAL`, UCCI `setoption NAME VAL`)
  tc=, nodes=, depth=, movetime=   this engine's own limits instead of the global ones
  stderr=FILE      append the engine's stderr to FILE (default: discarded)

Limits (global): --tc BASE+INC (seconds; the clock runs on the wall from `go` to `bestmove`; a move
that takes longer than the time left plus --time-margin, default 0.1 s, loses on time), --nodes N,
--depth N, --movetime MS (these three with --move-timeout S, default 60, as the hard limit).

Rules (--game xiangqi, the default, or chess):
  * the referee's legal moves decide what is legal; an illegal or missing move, a crash, or a reply
    after the clock loses;
  * no legal move: xiangqi, the side to move loses (mate and stalemate alike); chess, mate loses and
    stalemate draws;
  * a position on the board for the third time: chess, a draw; xiangqi, the verdict of `chariot judge`
    (--judge PATH, default ./chariot when it exists, copied aside at the start so that a rebuild during
    the match changes nothing; the Asian (AXF) rules: perpetual check or chase loses, docs/rules.md).
    With --judge none the runner's own rule: a side that gave check with every one of its moves since
    the first occurrence loses, anything else draws (chases are not seen);
  * no capture for --nocapture plies (xiangqi, default 120: the AXF 60-move rule) or the fifty-move rule
    (chess: the halfmove clock of the referee's FEN reaches 100): a draw;
  * no material to mate with (xiangqi: no rook, horse, cannon or pawn on the board; chess: kings with at
    most one bishop or knight): a draw;
  * --max-plies (default 300, opening moves included): a draw.
  No adjudication by the engines' scores.

Openings (--openings FILE): one a line, `FEN`, `FEN moves m1 m2 ...` or `startpos moves ...` (moves
in ranks 0-9 for xiangqi); # starts a comment. Opening i is played by engine 1 as Red/White in game 2i-1
and as Black in game 2i; --games N is rounded up to pairs; openings repeat if there are fewer.
--seed S shuffles them (the same order for the same S); --opening-start N begins at the Nth of that
order, so that --seed S --opening-start 51 plays the openings a --seed S match stopped after 50 pairs had not;
its PGN numbers the rounds from 101 (the games of opening pair k are rounds 2k-1 and 2k in every part), so the
two parts' PGN files join as one match (tools/match/pair_compare.py pairs games by round).
Without --openings every game starts from the initial position.

Output: one line a game, then the summary; --pgn FILE (xiangqi moves as ICCS coordinates "H2-E2" with
[Format "ICCS"], chess moves in SAN), --log FILE (every line to and from the engines and the referee,
with the time), --json (one line of JSON at the end). Where one side won every game there is no Elo
estimate, only its 95% one-sided bound (elo_bound in the JSON). A timed match started while the
one-minute load average is over 0.5 gets a warning on standard error.

SPRT: --sprt elo0=0 elo1=10 [alpha=0.05 beta=0.05] [min-games=80] stops the match when the
log-likelihood ratio over the completed pairs crosses ln(beta/(1-alpha)) or ln((1-beta)/alpha).
carry=P0,P1,P2,P3,P4 goes on with a test that ran out of openings: the earlier match's pentanomial
counts join this match's in the ratio and in min-games (the new openings must differ from the old ones:
tools/match/make_openings.py --avoid); the summary gives this match's counts and the pooled ones.

Stopping early: the first SIGINT (Ctrl-C) or SIGTERM (`timeout`) lets the games being played finish and
starts no more; a second one stops at once. Either way the summary (and --json) covers the completed
games, the PGN holds them, and the exit status is 130 (SIGINT) or 143 (SIGTERM).
"""
import argparse
import json
import math
import os
import queue
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt as stats  # noqa: E402  (the project's Elo and SPRT formulas)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
START = {"xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
         "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
MOVE_RE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])([a-z]?)$")
IDLE_LOAD = 0.5  # the one-minute load average above which a timed match is warned of


class EngineError(Exception):
    pass


# ---------------------------------------------------------------- processes

class Process:
    """A child that speaks lines on stdin/stdout; a thread reads its stdout into a queue."""

    def __init__(self, argv, name, log, stderr=None, cwd=None):
        self.name, self.log = name, log
        err = open(stderr, "a") if stderr else subprocess.DEVNULL
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                         text=True, bufsize=1, cwd=cwd)
        except OSError as e:
            raise EngineError(f"{name}: cannot start {argv[0]}: {e.strerror}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self.log(f"{self.name} < {line}")
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError(f"{self.name} exited") from None

    def get(self, deadline):
        """The next line, or None at the deadline; EngineError if the process exited."""
        wait = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(wait, 0.0)) if wait > 0 else self.lines.get_nowait()
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)
            raise EngineError(f"{self.name} exited (status {self.proc.poll()})")
        self.log(f"{self.name} > {line}")
        return line

    def wait_for(self, token, seconds):
        deadline = time.monotonic() + seconds
        while True:
            line = self.get(deadline)
            if line is None:
                raise EngineError(f"{self.name}: no '{token}' within {seconds:g} s")
            if line.split()[:1] == [token]:
                return line

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except (EngineError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Engine:
    def __init__(self, spec, game, log):
        self.spec, self.game, self.log = spec, game, log
        self.name = spec["name"]
        self.proto = spec.get("proto", "uci")
        self.p = None

    def start(self):
        s = self.spec
        self.p = Process(shlex.split(s["cmd"]), self.name, self.log, s.get("stderr"), s.get("dir"))
        self.p.send(self.proto)
        ident = ""
        deadline = time.monotonic() + 15
        while True:
            line = self.p.get(deadline)
            if line is None:
                raise EngineError(f"{self.name}: no {self.proto}ok within 15 s")
            if line.startswith("id name"):
                ident = line[8:]
            if line == self.proto + "ok":
                break
        ranks = s.get("ranks", "auto")
        self.ranks1 = self.game == "xiangqi" and (ranks == "1" or (ranks == "auto" and "fairy" in ident.lower()))
        opts = dict(s["options"])
        if self.proto == "ucci":
            opts.setdefault("usemillisec", "true")
        for k, v in opts.items():
            self.p.send(f"setoption {k} {v}" if self.proto == "ucci" else f"setoption name {k} value {v}")
        self.ready()

    def ready(self, seconds=15):
        self.p.send("isready")
        self.p.wait_for("readyok", seconds)

    def new_game(self):
        if self.proto == "uci":
            self.p.send("ucinewgame")
        self.ready()

    def to_engine(self, move):
        if not self.ranks1:
            return move
        m = MOVE_RE.match(move)
        return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}{m[5]}"

    def from_engine(self, text):
        m = MOVE_RE.match(text)
        if not m:
            return None
        r1, r2 = int(m[2]), int(m[4])
        if self.ranks1:
            r1, r2 = r1 - 1, r2 - 1
        return f"{m[1]}{r1}{m[3]}{r2}{m[5]}"

    def go(self, fen, moves, limits, clocks, red_to_move, margin):
        """Returns (move or None, seconds, last info dict, fault or None)."""
        pos = f"position fen {fen}" + (" moves " + " ".join(self.to_engine(m) for m in moves) if moves else "")
        self.p.send(pos)
        if limits.get("tc"):
            mine, theirs = (clocks[0], clocks[1]) if red_to_move else (clocks[1], clocks[0])
            inc = int(limits["tc"][1] * 1000)
            ms = lambda x: max(int(x * 1000), 1)  # noqa: E731
            if self.proto == "ucci":
                cmd = f"go time {ms(mine)} increment {inc} opptime {ms(theirs)} oppincrement {inc}"
            else:
                w, b = (mine, theirs) if red_to_move else (theirs, mine)
                cmd = f"go wtime {ms(w)} btime {ms(b)} winc {inc} binc {inc}"
            allowed = mine + margin
        elif limits.get("nodes"):
            cmd, allowed = f"go nodes {limits['nodes']}", limits["timeout"]
        elif limits.get("depth"):
            cmd, allowed = f"go depth {limits['depth']}", limits["timeout"]
        else:
            ms_ = limits["movetime"]
            cmd = f"go movetime {ms_}" if self.proto == "uci" else f"go time {ms_} movestogo 1"
            allowed = ms_ / 1000 + margin
        info = {}
        t0 = time.monotonic()
        self.p.send(cmd)
        while True:
            line = self.p.get(t0 + allowed)
            if line is None:
                return None, time.monotonic() - t0, info, "time"
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                parse_info(words, info)
            elif words[0] == "bestmove" and len(words) > 1:
                used = time.monotonic() - t0
                if used > allowed:
                    return None, used, info, "time"
                return self.from_engine(words[1]) or words[1], used, info, None
            elif words[0] in ("nobestmove", "bestmove"):
                return None, time.monotonic() - t0, info, "no move"

    def close(self):
        if self.p:
            self.p.close()
            self.p = None


def parse_info(words, info):
    for i, w in enumerate(words[:-1]):
        if w == "depth":
            info["depth"] = words[i + 1]
        elif w == "score" and i + 2 < len(words):
            info["score"] = (words[i + 1], words[i + 2])
        elif w == "nodes":
            info["nodes"] = words[i + 1]
        elif w == "pv":
            break


class Referee:
    """Fairy-Stockfish: legal moves, check and FEN of a position."""

    def __init__(self, path, game, log):
        self.game = game
        self.p = Process([path], "referee", log)
        self.p.send("uci")
        self.p.wait_for("uciok", 15)
        self.p.send(f"setoption name UCI_Variant value {game}")
        self.p.send("isready")
        self.p.wait_for("readyok", 15)

    def conv(self, move, up):
        if self.game != "xiangqi":
            return move
        m = MOVE_RE.match(move)
        d = 1 if up else -1
        return f"{m[1]}{int(m[2]) + d}{m[3]}{int(m[4]) + d}{m[5]}"

    def query(self, fen, moves):
        """(legal moves, in check, FEN) of FEN after MOVES (all known to be legal)."""
        pos = f"position fen {fen}" + (" moves " + " ".join(self.conv(m, True) for m in moves) if moves else "")
        self.p.send(pos)
        self.p.send("d")
        self.p.send("go perft 1")
        legal, check, now = [], None, None
        deadline = time.monotonic() + 30
        while True:
            line = self.p.get(deadline)
            if line is None:
                raise EngineError("referee: no answer within 30 s")
            if line.startswith("Fen: "):
                now = line[5:].strip()
            elif line.startswith("Checkers:"):
                check = bool(line[9:].strip())
            elif line.startswith("Nodes searched:"):
                n = int(line.split()[2])
                break
            else:
                m = re.match(r"^([a-z][0-9]+[a-z][0-9]+[a-z]?): 1$", line)
                if m:
                    legal.append(self.conv(m[1], False))
        if n != len(legal) or now is None or check is None:
            raise EngineError(f"referee: unexpected answer ({n} nodes, {len(legal)} moves)")
        return set(legal), check, now

    def close(self):
        self.p.close()


# ---------------------------------------------------------------- positions

def board_of(fen):
    """{square name: piece letter} of a FEN's board (xiangqi ranks 0-9 from Red's side, chess 1-8)."""
    rows = fen.split()[0].split("/")
    first = len(rows) - 1 if len(rows) == 10 else len(rows)
    board = {}
    for r, row in enumerate(rows):
        f = 0
        for ch in re.findall(r"\d+|.", row):
            if ch.isdigit():
                f += int(ch)
            else:
                board[f"{chr(97 + f)}{first - r}"] = ch
                f += 1
    return board


def repetition_key(fen):
    return " ".join(fen.split()[:4 if len(fen.split()[0].split("/")) == 8 else 2])


def no_mating_material(game, fen):
    pieces = [p for p in fen.split()[0] if p.isalpha()]
    if game == "xiangqi":
        return not any(p.lower() in "rnhcp" for p in pieces)
    minors = [p for p in pieces if p.lower() in "bn"]
    return all(p.lower() in "kbn" for p in pieces) and len(minors) <= 1


def san(move, fen, legal, check_after, mate_after):
    """Standard algebraic notation of a legal chess MOVE in FEN."""
    board = board_of(fen)
    piece = board[move[:2]].upper()
    frm, to, promo = move[:2], move[2:4], move[4:]
    if piece == "K" and abs(ord(frm[0]) - ord(to[0])) == 2:
        text = "O-O" if to[0] == "g" else "O-O-O"
    else:
        capture = to in board or (piece == "P" and frm[0] != to[0])
        if piece == "P":
            text = (frm[0] + "x" if capture else "") + to + ("=" + promo.upper() if promo else "")
        else:
            rivals = [m[:2] for m in legal if m[2:4] == to and m[:2] != frm and board[m[:2]].upper() == piece]
            dis = ""
            if rivals:
                if all(r[0] != frm[0] for r in rivals):
                    dis = frm[0]
                elif all(r[1] != frm[1] for r in rivals):
                    dis = frm[1]
                else:
                    dis = frm
            text = piece + dis + ("x" if capture else "") + to
    return text + ("#" if mate_after else "+" if check_after else "")


def iccs(move):
    return f"{move[:2].upper()}-{move[2:4].upper()}"


def judge(path, fen, moves):
    """`chariot judge`'s verdict: (result, reason)."""
    out = subprocess.run([path, "judge", fen, "moves", *moves], capture_output=True, text=True, timeout=60)
    m = re.match(r"result: (\S+) \((.*)\)", out.stdout.strip())
    if out.returncode != 0 or not m:
        raise EngineError(f"judge: unexpected answer {out.stdout.strip()!r} {out.stderr.strip()!r}")
    return m[1], m[2]


def own_repetition_verdict(checks, first, n, red_first=True):
    """(Red, Black) gave check with every move of plies first..n-1 (checks[i]: the move of ply i gave check)."""
    cycle = range(first, n)
    red = 0 if red_first else 1
    red_checks = all(checks[i] for i in cycle if i % 2 == red)
    black_checks = all(checks[i] for i in cycle if i % 2 != red)
    return red_checks, black_checks


# ---------------------------------------------------------------- games

class Game:
    def __init__(self, number, opening, e1_red):
        self.number, self.opening, self.e1_red = number, opening, e1_red
        self.moves, self.comments = [], []
        self.result, self.reason, self.fault = "*", "", None
        self.fen = None


def play_game(g, engines, referee, cfg, log):
    """Plays game G (engines[0] is engine 1); fills in its moves and result."""
    red, black = (engines[0], engines[1]) if g.e1_red else (engines[1], engines[0])
    fen, pre = g.opening
    legal, in_check, fen = referee.query(fen, pre)  # the game starts where the opening's moves lead
    g.fen, moves = fen, []
    for e in (red, black):
        e.new_game()
    clocks = [cfg.limits[e.name]["tc"][0] if cfg.limits[e.name].get("tc") else 0.0 for e in (red, black)]
    red_first = fen.split()[1] in ("w", "r")
    counts = {repetition_key(fen): [0]}
    checks, cur = [], fen
    nocap = 0 if cfg.game == "xiangqi" else None

    def end(result, reason, fault=None):
        g.result, g.reason, g.fault = result, reason, fault

    def lose(red_side, reason, fault=None):
        end("0-1" if red_side else "1-0", reason, fault)

    while True:
        ply = len(moves)
        red_moves = (ply % 2 == 0) == red_first
        side = red if red_moves else black
        if not legal:
            if cfg.game == "chess" and not in_check:
                return end("1/2-1/2", "stalemate")
            return lose(red_moves, "checkmate" if in_check else "stalemate (no legal move)")
        if ply >= cfg.max_plies:
            return end("1/2-1/2", f"{cfg.max_plies} plies")
        lim = cfg.limits[side.name]
        ci = 0 if red_moves else 1
        try:
            mv, used, info, fault = side.go(fen, moves, lim, clocks, red_moves, cfg.margin)
        except EngineError as e:
            return lose(red_moves, f"{side.name} crashed ({e})", "crash")
        if fault == "time":
            return lose(red_moves, f"{side.name} lost on time ({used:.3f} s)", "time")
        if fault:
            return lose(red_moves, f"{side.name} gave no move", "no move")
        if mv not in legal:
            return lose(red_moves, f"{side.name} played an illegal move {mv}", "illegal")
        if lim.get("tc"):
            clocks[ci] += lim["tc"][1] - used
        capture = mv[2:4] in board_of(cur)
        moves.append(mv)
        legal_next, in_check, nxt = referee.query(fen, moves)
        text = iccs(mv) if cfg.game == "xiangqi" else san(mv, cur, legal, in_check, in_check and not legal_next)
        g.moves.append(text)
        g.comments.append(comment(info, used))
        checks.append(in_check)
        legal, cur = legal_next, nxt
        if nocap is not None:
            nocap = 0 if capture else nocap + 1
        key = repetition_key(cur)
        seen = counts.setdefault(key, [])
        seen.append(len(moves))
        if not legal:
            continue  # mate or stalemate comes first
        if len(seen) >= 3:
            if cfg.game == "chess":
                return end("1/2-1/2", "threefold repetition")
            if cfg.judge:
                try:
                    res, why = judge(cfg.judge, fen, moves)
                except (EngineError, OSError, subprocess.TimeoutExpired) as e:
                    raise EngineError(f"judge failed: {e}") from None
                if res != "*":
                    return end(res, f"repetition: {why}")
            else:
                r_chk, b_chk = own_repetition_verdict(checks, seen[0], len(moves), red_first)
                if r_chk != b_chk:
                    return lose(r_chk, "perpetual check by " + ("Red" if r_chk else "Black"))
                return end("1/2-1/2", "threefold repetition")
        if cfg.game == "xiangqi" and cfg.nocapture and nocap >= cfg.nocapture:
            return end("1/2-1/2", f"{cfg.nocapture} plies without a capture")
        if cfg.game == "chess" and int(cur.split()[4]) >= 100:
            return end("1/2-1/2", "fifty-move rule")
        if no_mating_material(cfg.game, cur):
            return end("1/2-1/2", "insufficient material")


def comment(info, used):
    parts = []
    if "score" in info:
        kind, val = info["score"]
        parts.append(f"{'+' if not val.startswith('-') else ''}{val}" if kind == "cp" else f"M{val}")
    if "depth" in info:
        parts.append(f"d{info['depth']}")
    parts.append(f"{used:.3f}s")
    return " ".join(parts)


def pgn_text(g, names, cfg):
    red, black = (names[0], names[1]) if g.e1_red else (names[1], names[0])
    tags = [("Event", cfg.event), ("Site", "tools/match/match.py"), ("Date", time.strftime("%Y.%m.%d")),
            ("Round", str(g.number + cfg.round_offset)), ("White", red), ("Black", black), ("Result", g.result)]
    if cfg.game == "xiangqi":
        tags += [("Variant", "xiangqi"), ("Format", "ICCS")]
    tags += [("FEN", g.fen), ("SetUp", "1"), ("TimeControl", cfg.tc_text), ("Termination", g.reason),
             ("PlyCount", str(len(g.moves)))]
    out = [f'[{k} "{v}"]' for k, v in tags]
    words = []
    fullmove = int(g.fen.split()[5]) if len(g.fen.split()) > 5 and g.fen.split()[5].isdigit() else 1
    black_first = g.fen.split()[1] == "b"
    for i, (mv, c) in enumerate(zip(g.moves, g.comments)):
        black_move = (i % 2 == 1) != black_first
        n = fullmove + (i + black_first) // 2
        if not black_move:
            words.append(f"{n}.")
        elif i == 0:
            words.append(f"{n}...")
        words.append(mv)
        words.append("{" + c + "}")
    words.append(g.result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 100:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(out) + "\n\n" + "\n".join(lines) + "\n\n"


# ---------------------------------------------------------------- the match

class Match:
    def __init__(self, cfg, specs, openings, log):
        self.cfg, self.specs, self.openings, self.log = cfg, specs, openings, log
        self.lock = threading.Lock()
        self.jobs = queue.Queue()
        pairs = (cfg.games + 1) // 2
        for i in range(pairs):
            op = openings[i % len(openings)]
            for e1_red in (True, False):
                self.jobs.put(Game(2 * i + (1 if e1_red else 2), op, e1_red))
        self.total = 2 * pairs
        self.done = {}
        self.stop = False
        self.error = None
        self.interrupted = None  # the signal's name once a stop is asked for
        self.decision = None
        self.llr = None
        self.pgn = open(cfg.pgn, "a" if cfg.pgn_append else "w") if cfg.pgn else None

    def score1(self, g):
        """Engine 1's score in game G."""
        if g.result == "1/2-1/2":
            return 0.5
        red_won = g.result == "1-0"
        return 1.0 if red_won == g.e1_red else 0.0

    def counts(self):
        w = sum(1 for g in self.done.values() if self.score1(g) == 1.0)
        d = sum(1 for g in self.done.values() if self.score1(g) == 0.5)
        return w, d, len(self.done) - w - d

    def pentanomial(self):
        penta = [0] * 5
        for n, g in self.done.items():
            if n % 2 == 1 and n + 1 in self.done:
                penta[int(round(2 * (self.score1(g) + self.score1(self.done[n + 1]))))] += 1
        return penta

    def record(self, g):
        names = [s["name"] for s in self.specs]
        with self.lock:
            self.done[g.number] = g
            if self.pgn:
                self.pgn.write(pgn_text(g, names, self.cfg))
                self.pgn.flush()
            w, d, l = self.counts()
            red, black = (names[0], names[1]) if g.e1_red else (names[1], names[0])
            if not self.cfg.quiet:
                print(f"game {g.number}/{self.total}: {red} - {black} {g.result} ({g.reason}); "
                      f"{names[0]} +{w} ={d} -{l}", flush=True)
            if self.cfg.sprt:
                self.llr, self.decision = sprt_verdict(self.pentanomial(), self.cfg.sprt)
                self.stop = self.stop or self.decision is not None

    def worker(self, wid):
        engines, referee = [], None
        try:
            referee = Referee(self.cfg.referee, self.cfg.game, self.log)
            fresh = True
            while not self.stop:
                try:
                    g = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if fresh:
                    for e in engines:
                        e.close()
                    engines = [Engine(s, self.cfg.game, self.log) for s in self.specs]
                    for e in engines:
                        e.start()
                play_game(g, engines, referee, self.cfg, self.log)
                fresh = g.fault is not None  # a game lost by a fault: new processes for the next
                self.record(g)
        except EngineError as e:
            with self.lock:
                self.error = self.error or str(e)
                self.stop = True
        finally:
            for e in engines:
                e.close()
            if referee:
                referee.close()

    def interrupt(self, signum, _frame):
        """The first signal: no new games; the second: stop now (the games in progress are dropped)."""
        name = signal.Signals(signum).name
        if self.interrupted:
            self.interrupted = name
            raise KeyboardInterrupt
        self.interrupted = name
        self.stop = True
        print(f"match.py: {name}: finishing the games in progress ({name} again to stop now)",
              file=sys.stderr, flush=True)

    def run(self):
        threads = [threading.Thread(target=self.worker, args=(i,), daemon=True) for i in range(self.cfg.concurrency)]
        for t in threads:
            t.start()
        try:
            while any(t.is_alive() for t in threads):
                for t in threads:
                    t.join(0.2)
        except KeyboardInterrupt:
            pass  # the daemon workers die with the runner; their engines see end of input
        with self.lock:
            if self.pgn:
                self.pgn.close()
                self.pgn = None

    def summary(self):
        names = [s["name"] for s in self.specs]
        w, d, l = self.counts()
        n = w + d + l
        penta = self.pentanomial()
        elo, err = trinomial_elo(w, d, l)
        pelo, perr = stats.elo_interval(penta) if sum(penta) else (None, None)
        bound = sweep_bound(w, d, l)
        if bound is not None:  # every game won (or lost): no estimate, only a bound
            elo, err, pelo, perr = None, None, None, None
        faults = {}
        for g in self.done.values():
            if g.fault:
                loser = g.result == "1-0"  # Black lost
                who = names[0] if (not loser) == g.e1_red else names[1]
                key = f"{who}:{g.fault}"
                faults[key] = faults.get(key, 0) + 1
        reasons, rule_wins = {}, {}
        for g in self.done.values():
            if re.match(r"repetition: |perpetual check", g.reason) and g.result in ("1-0", "0-1"):
                who = names[0] if (g.result == "1-0") == g.e1_red else names[1]
                rule_wins[who] = rule_wins.get(who, 0) + 1
            r = re.sub(r" \(.*", "", g.reason)
            reasons[r] = reasons.get(r, 0) + 1
        out = {"engine": names[0], "opponent": names[1], "games": n, "wins": w, "draws": d, "losses": l,
               "score": round((w + d / 2) / n, 4) if n else None,
               "elo": None if elo is None else round(elo, 1), "elo_err95": None if err is None else round(err, 1),
               "pentanomial": penta, "elo_penta": None if pelo is None else round(pelo, 1),
               "elo_penta_err95": None if perr is None or math.isinf(perr) else round(perr, 1),
               "elo_bound": bound, "faults": faults, "endings": reasons, "rule_wins": rule_wins,
               "tc": self.cfg.tc_text, "aborted": self.error, "interrupted": self.interrupted}
        if self.cfg.sprt:
            s = self.cfg.sprt
            lower, upper = sprt_bounds(s)
            out.update({"elo0": s["elo0"], "elo1": s["elo1"], "llr": None if self.llr is None else round(self.llr, 3),
                        "lower": round(lower, 3), "upper": round(upper, 3), "decision": self.decision})
            if any(s["carry"]):
                pooled = sprt_pooled(penta, s)
                pelo, perr = stats.elo_interval(pooled)
                out.update({"carry": s["carry"], "pooled_pentanomial": pooled, "pooled_elo_penta": round(pelo, 1),
                            "pooled_elo_penta_err95": None if math.isinf(perr) else round(perr, 1)})
        return out


def sprt_bounds(s):
    """The log-likelihood ratios that accept H0 and H1."""
    return math.log(s["beta"] / (1 - s["alpha"])), math.log((1 - s["beta"]) / s["alpha"])


def sprt_pooled(penta, s):
    """PENTA with the counts an earlier match carried in (--sprt carry=)."""
    return [a + b for a, b in zip(penta, s["carry"])]


def sprt_verdict(penta, s):
    """(LLR, "H1" / "H0" / None) over PENTA and the carried counts, after min-games pooled games."""
    pooled = sprt_pooled(penta, s)
    value = stats.llr(pooled, s["elo0"], s["elo1"])
    lower, upper = sprt_bounds(s)
    if 2 * sum(pooled) < s["min-games"] or lower < value < upper:
        return value, None
    return value, "H1" if value >= upper else "H0"


def trinomial_elo(w, d, l):
    """Elo and its 95% error from W/D/L, each game an independent sample."""
    n = w + d + l
    if n == 0:
        return None, None
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    if n < 2 or var == 0:
        return stats.elo_of_score(s), None
    se = math.sqrt(var / n)
    return stats.elo_of_score(s), (stats.elo_of_score(s + 1.96 * se) - stats.elo_of_score(s - 1.96 * se)) / 2


def sweep_bound(w, d, l):
    """Where one side won every game, the 95% one-sided bound on the Elo difference (the score's exact
    binomial bound, 0.05 ** (1 / n)): positive, at least this much, for a clean win; negative, at most,
    for a clean loss. None otherwise."""
    n = w + d + l
    if n == 0 or (w != n and l != n):
        return None
    bound = round(stats.elo_of_score(0.05 ** (1.0 / n)), 1)
    return bound if w == n else -bound


# ---------------------------------------------------------------- command line

def parse_tc(text):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?", text)
    if not m:
        raise SystemExit(f"match.py: bad time control '{text}' (BASE+INC in seconds, e.g. 5+0.05)")
    return float(m[1]), float(m[2] or 0)


def engine_spec(tokens, each):
    spec = {"options": {}}
    for tok in each + tokens:
        if "=" not in tok:
            raise SystemExit(f"match.py: engine setting '{tok}' is not KEY=VALUE")
        k, v = tok.split("=", 1)
        if k.startswith("option."):
            spec["options"][k[7:]] = v
        elif k in ("cmd", "name", "proto", "ranks", "tc", "nodes", "depth", "movetime", "stderr", "dir"):
            spec[k] = v
        else:
            raise SystemExit(f"match.py: unknown engine setting '{k}'")
    if "cmd" not in spec:
        raise SystemExit("match.py: every --engine needs cmd=")
    if spec.get("proto", "uci") not in ("uci", "ucci"):
        raise SystemExit("match.py: proto is uci or ucci")
    spec.setdefault("name", os.path.basename(shlex.split(spec["cmd"])[0]))
    return spec


def limits_of(spec, a):
    lim = {"timeout": a.move_timeout}
    if "tc" in spec or "nodes" in spec or "depth" in spec or "movetime" in spec:
        src = {k: spec.get(k) for k in ("tc", "nodes", "depth", "movetime")}
    else:
        src = {"tc": a.tc, "nodes": a.nodes, "depth": a.depth, "movetime": a.movetime}
    if src.get("tc"):
        lim["tc"] = parse_tc(str(src["tc"]))
    elif src.get("nodes"):
        lim["nodes"] = int(src["nodes"])
    elif src.get("depth"):
        lim["depth"] = int(src["depth"])
    elif src.get("movetime"):
        lim["movetime"] = int(src["movetime"])
    else:
        raise SystemExit("match.py: give --tc, --nodes, --depth or --movetime")
    return lim


def order_openings(openings, start, seed):
    """The openings in play order: shuffled by SEED (None: file order), then begun at the START-th (1-based)."""
    openings = list(openings)
    if seed is not None:
        random.Random(seed).shuffle(openings)
    k = (start - 1) % len(openings) if openings else 0
    return openings[k:] + openings[:k]


def load_openings(path, game):
    ops = []
    if not path:
        return [(START[game], [])]
    if not os.path.isfile(path):
        raise SystemExit(f"match.py: no openings file {path}")
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if words[0] == "startpos":
                fen, rest = START[game], words[1:]
            else:  # FEN, EPD (four fields and operations) or FEN moves ...
                k = 4 if len(words) >= 4 and (len(words[3]) <= 2 and words[3] != "moves") else min(len(words), 2)
                while k < min(len(words), 6) and words[k].isdigit():
                    k += 1
                fen, rest = " ".join(words[:k]), words[k:]
                if rest and rest[0] != "moves":
                    rest = []  # EPD operations
            if rest and rest[0] == "moves":
                rest = rest[1:]
            if rest and not all(MOVE_RE.match(m) for m in rest):
                raise SystemExit(f"match.py: {path}:{n}: bad moves")
            ops.append((fen, rest))
    if not ops:
        raise SystemExit(f"match.py: no openings in {path}")
    return ops


def check_openings(ops, referee_path, game, log):
    """Every opening's moves must be legal for the referee."""
    ref = Referee(referee_path, game, log)
    try:
        for i, (fen, moves) in enumerate(ops, 1):
            for k in range(len(moves) + 1):
                legal, _, _ = ref.query(fen, moves[:k])
                if k < len(moves) and moves[k] not in legal:
                    raise SystemExit(f"match.py: opening {i}: move {moves[k]} is illegal")
                if k == len(moves) and not legal:
                    raise SystemExit(f"match.py: opening {i}: the game is already over")
    finally:
        ref.close()


def parse_sprt(tokens):
    s = {"alpha": 0.05, "beta": 0.05, "min-games": 80, "carry": [0] * 5}
    for tok in tokens:
        k, _, v = tok.partition("=")
        if k not in ("elo0", "elo1", "alpha", "beta", "min-games", "carry") or not v:
            raise SystemExit(f"match.py: bad --sprt setting '{tok}'")
        if k == "carry":
            counts = v.split(",")
            if len(counts) != 5 or not all(c.isdigit() for c in counts):
                raise SystemExit(f"match.py: --sprt carry= wants five pentanomial counts, not '{v}'")
            s[k] = [int(c) for c in counts]
        else:
            s[k] = float(v)
    if "elo0" not in s or "elo1" not in s:
        raise SystemExit("match.py: --sprt needs elo0= and elo1=")
    return s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="See the top of tools/match/match.py for the rules and every setting.")
    ap.add_argument("--engine", nargs="+", action="append", required=True, metavar="KEY=VALUE")
    ap.add_argument("--each", nargs="+", default=[], metavar="KEY=VALUE")
    ap.add_argument("--game", choices=("xiangqi", "chess"), default="xiangqi")
    ap.add_argument("--tc")
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--depth", type=int)
    ap.add_argument("--movetime", type=int, help="milliseconds a move")
    ap.add_argument("--time-margin", type=float, default=0.1, dest="margin")
    ap.add_argument("--move-timeout", type=float, default=60.0)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings")
    ap.add_argument("--opening-start", type=int, default=1, help="first opening (1-based), after --seed's shuffle")
    ap.add_argument("--seed", type=int, help="shuffle the openings with this seed (default: in file order)")
    ap.add_argument("--referee", default=os.environ.get("FSF", "/usr/games/fairy-stockfish"))
    ap.add_argument("--judge", help="`chariot judge` for xiangqi repetitions (default ./chariot; none: the "
                    "runner's perpetual-check rule)")
    ap.add_argument("--nocapture", type=int, default=120)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--sprt", nargs="+", metavar="KEY=VALUE")
    ap.add_argument("--pgn")
    ap.add_argument("--pgn-append", action="store_true")
    ap.add_argument("--event", default="Chariot match")
    ap.add_argument("--log")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if len(a.engine) != 2:
        raise SystemExit("match.py: give exactly two --engine")
    if a.games < 1 or a.concurrency < 1:
        raise SystemExit("match.py: --games and --concurrency must be positive")
    specs = [engine_spec(t, a.each) for t in a.engine]
    if specs[0]["name"] == specs[1]["name"]:
        specs[1]["name"] += "-2"
    if not (os.path.isfile(a.referee) and os.access(a.referee, os.X_OK)):
        raise SystemExit(f"match.py: no referee at {a.referee} (Debian: apt-get install fairy-stockfish)")
    if a.judge is None:
        a.judge = os.path.join(ROOT, "chariot") if os.access(os.path.join(ROOT, "chariot"), os.X_OK) else "none"
    a.judge = None if a.judge == "none" or a.game != "xiangqi" else a.judge
    pinned = tempfile.TemporaryDirectory(prefix="match-judge-")
    if a.judge:  # play the whole match with one judge, even if the file is rebuilt meanwhile
        if not (os.path.isfile(a.judge) and os.access(a.judge, os.X_OK)):
            raise SystemExit(f"match.py: no judge at {a.judge} (build ./chariot, or --judge none)")
        a.judge = shutil.copy2(a.judge, os.path.join(pinned.name, os.path.basename(a.judge)))
    lims = {s["name"]: limits_of(s, a) for s in specs}
    load = os.getloadavg()[0]
    if load > IDLE_LOAD and any("tc" in lim or "movetime" in lim for lim in lims.values()):
        print(f"match.py: warning: load average {load:.2f} before a timed match: whatever else runs "
              "takes the engines' time and the result with it (stop datagen, builds and tests first)",
              file=sys.stderr)
    tcs = sorted({(f"{s.get('tc') or a.tc}" if lims[s["name"]].get("tc") else
                   next(f"{k} {v}" for k, v in lims[s["name"]].items() if k != "timeout")) for s in specs})
    log_file = open(a.log, "w") if a.log else None
    log_lock = threading.Lock()
    t_start = time.monotonic()

    def log(msg):
        with log_lock:
            if log_file:
                log_file.write(f"{time.monotonic() - t_start:10.3f} {threading.current_thread().name} {msg}\n")

    openings = load_openings(a.openings, a.game)
    check_openings(openings, a.referee, a.game, log)
    openings = order_openings(openings, a.opening_start, a.seed)

    class Cfg:
        pass
    cfg = Cfg()
    cfg.game, cfg.limits, cfg.margin, cfg.max_plies = a.game, lims, a.margin, a.max_plies
    cfg.nocapture, cfg.judge, cfg.referee, cfg.concurrency = a.nocapture, a.judge, a.referee, a.concurrency
    cfg.games, cfg.pgn, cfg.pgn_append, cfg.event, cfg.quiet = a.games, a.pgn, a.pgn_append, a.event, a.quiet
    cfg.tc_text = " / ".join(tcs)
    cfg.round_offset = 2 * (a.opening_start - 1)  # the PGN's rounds go on from the pairs a first part played
    cfg.sprt = parse_sprt(a.sprt) if a.sprt else None
    if cfg.sprt:
        cfg.sprt["elo0"], cfg.sprt["elo1"] = float(cfg.sprt["elo0"]), float(cfg.sprt["elo1"])
    m = Match(cfg, specs, openings, log)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, m.interrupt)
    m.run()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    s = m.summary()
    s["seconds"] = round(time.monotonic() - t_start, 1)
    fmt = lambda e, r: "n/a" if e is None else f"{e:+.1f} ± {r:.1f}" if r is not None else f"{e:+.1f}"  # noqa
    if s["elo_bound"] is None:
        elo_text = (f"Elo {fmt(s['elo'], s['elo_err95'])} (per game), {fmt(s['elo_penta'], s['elo_penta_err95'])} "
                    f"(pentanomial {s['pentanomial']})")
    else:
        elo_text = (f"Elo n/a, a clean sweep: {'at least' if s['wins'] == s['games'] else 'at most'} "
                    f"{s['elo_bound']:+.0f} (95%, one-sided; pentanomial {s['pentanomial']})")
    print(f"{s['engine']} vs {s['opponent']}: {s['games']} games, +{s['wins']} ={s['draws']} -{s['losses']}; "
          f"{elo_text}; {s['tc']}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(s["endings"].items())))
    print("faults: " + (", ".join(f"{k} {v}" for k, v in sorted(s["faults"].items())) or "none"))
    if cfg.sprt:
        if "carry" in s:
            print(f"with the carried pairs {s['carry']}: pentanomial {s['pooled_pentanomial']}, Elo "
                  f"{fmt(s['pooled_elo_penta'], s['pooled_elo_penta_err95'])}")
        print(f"SPRT [{s['elo0']:g}, {s['elo1']:g}]: LLR {s['llr']} ({s['lower']}, {s['upper']}) "
              f"{s['decision'] or 'no decision'}")
    if s["aborted"]:
        print(f"match.py: stopped: {s['aborted']}", file=sys.stderr)
    if s["interrupted"]:
        print(f"match.py: stopped by {s['interrupted']} after {s['games']} of {m.total} games", file=sys.stderr)
    if a.json:
        print(json.dumps(s), flush=True)
    if log_file:
        with log_lock:
            log_file.close()
            log_file = None
    pinned.cleanup()
    if s["interrupted"]:
        return 128 + getattr(signal, s["interrupted"])
    return 1 if s["aborted"] else 0


if __name__ == "__main__":
    sys.exit(main())
