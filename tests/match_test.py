#!/usr/bin/env python3
"""tests/match_test.py - checks of tools/match/match.py, the match runner (make test-match; a few seconds).

  * the statistics against figures worked out by hand (below);
  * a scripted engine (this file, run with --script) that plays given moves: a threefold repetition
    judged by `chariot judge` and by the runner's own rule, an illegal move, a move after the clock,
    and a match stopped by SIGINT and SIGTERM (once: the games in progress finish; twice: at once);
  * short games at fixed nodes: ./chariot against itself (UCI and UCCI) and ./chariot-chess against
    itself, with the PGN and the JSON summary read back.

Needs Fairy-Stockfish (the referee); without it the engine games are skipped, the statistics not.
Exit status 0 if every check passed.
"""
import contextlib
import io
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "match"))
import clock_use  # noqa: E402
import match  # noqa: E402
import pair_compare  # noqa: E402
import sprt  # noqa: E402

FAILS = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail and not ok else ""))
    if not ok:
        FAILS.append(what)


def near(x, y, tol):
    return x is not None and abs(x - y) <= tol


def statistics():
    # Pentanomial [1, 2, 4, 2, 1] (10 pairs): pair scores 0, .25, .5, .75, 1 give a mean of
    # (0 + .5 + 2 + 1.5 + 1) / 10 = 0.5 and a variance of (.25 + 2 * .0625 + 0 + 2 * .0625 + .25) / 10 = 0.075.
    n, m, v = sprt.pair_stats([1, 2, 4, 2, 1])
    check("pentanomial mean and variance", n == 10 and near(m, 0.5, 1e-12) and near(v, 0.075, 1e-12), (n, m, v))
    # Elo 0; standard error sqrt(.075 / 10) = .08660, so the interval is the score .5 -+ .16974:
    # -400 log10(1 / .33026 - 1) = -400 log10(2.02792) = -122.8, i.e. 0 +- 122.8.
    elo, err = sprt.elo_interval([1, 2, 4, 2, 1])
    check("pentanomial Elo 0 +- 122.8", near(elo, 0.0, 1e-9) and near(err, 122.8, 0.1), (elo, err))
    # LLR for elo0 = 0, elo1 = 10: s0 = .5, s1 = 1 / (1 + 10^-0.025) = .514387;
    # 10 * (s1 - s0) * (2m - s0 - s1) / (2v) = 10 * .0143868 * -.0143868 / .15 = -0.013799.
    check("LLR [0, 10] of a level match", near(sprt.llr([1, 2, 4, 2, 1], 0, 10), -0.013799, 2e-6),
          sprt.llr([1, 2, 4, 2, 1], 0, 10))
    # 50 pairs all won: mean 1, variance 0 (floored at .01): 50 * .0143868 * (2 - 1.014387) / .02 = 35.45, above
    # ln(.95 / .05) = 2.944: H1.
    check("LLR [0, 10] of 50 won pairs", near(sprt.llr([0, 0, 0, 0, 50], 0, 10), 35.45, 0.01),
          sprt.llr([0, 0, 0, 0, 50], 0, 10))
    # A clean sweep has no estimate, only a bound: 100 games won, the score at least .05 ** (1 / 100) = .970487
    # (95%, one-sided), -400 log10(1 / .970487 - 1) = +606.8; 20 lost, at most -400 log10(1 / .86089 - 1) = -316.6.
    check("a clean sweep: at least +606.8 over 100 games, at most -316.6 over 20 lost",
          near(match.sweep_bound(100, 0, 0), 606.8, 0.05) and near(match.sweep_bound(0, 0, 20), -316.6, 0.05) and
          match.sweep_bound(99, 1, 0) is None and match.sweep_bound(0, 0, 0) is None and
          # two games won bound the difference at least -216 (below zero: few games say little), which the
          # summary words by who swept, not by the bound's sign
          near(match.sweep_bound(2, 0, 0), -216.2, 0.05),
          (match.sweep_bound(100, 0, 0), match.sweep_bound(0, 0, 20)))
    # Carried on: 10 won pairs here and 40 carried are the 50 above; the 20 games alone are under min-games 80.
    s = match.parse_sprt(["elo0=0", "elo1=10", "carry=0,0,0,0,40"])
    value, verdict = match.sprt_verdict([0, 0, 0, 0, 10], s)
    alone = match.sprt_verdict([0, 0, 0, 0, 10], match.parse_sprt(["elo0=0", "elo1=10"]))
    check("SPRT carried on: LLR over the pooled pairs, min-games pooled", near(value, 35.45, 0.01) and
          verdict == "H1" and alone[1] is None, (value, verdict, alone))
    try:
        match.parse_sprt(["elo0=0", "elo1=10", "carry=1,2,3"])
        check("--sprt carry= with three counts is refused", False)
    except SystemExit as e:
        check("--sprt carry= with three counts is refused", "five pentanomial counts" in str(e), e)
    # W/D/L 6/2/2: score .7, Elo -400 log10(3/7) = +147.2; variance (6 * .09 + 2 * .04 + 2 * .49) / 10 = .16,
    # standard error sqrt(.016) = .12649, interval .7 -+ .24792 = .45208 ... .94792:
    # (-400 log10(1 / .94792 - 1) + 400 log10(1 / .45208 - 1)) / 2 = (504.0 + 33.3) / 2 = 268.6.
    elo, err = match.trinomial_elo(6, 2, 2)
    check("trinomial Elo +147.2 +- 268.6", near(elo, 147.2, 0.05) and near(err, 268.6, 0.2), (elo, err))
    # Perpetual check: plies 4..7 of a game Red began, Red's moves (4, 6) both checks, Black's (5, 7) not.
    checks = [False, False, False, False, True, False, True, False]
    check("own repetition rule: Red checked every move", match.own_repetition_verdict(checks, 4, 8) == (True, False))
    check("own repetition rule: Black began", match.own_repetition_verdict(checks, 4, 8, False) == (False, True))
    # SAN from a FEN and the legal moves.
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    check("SAN: castling, rook disambiguation",
          match.san("e1g1", fen, {"e1g1", "a1d1", "h1d1"}, False, False) == "O-O" and
          match.san("a1d1", fen, {"a1d1", "h1d1"}, False, False) == "Rad1" and
          match.san("a1a8", fen, {"a1a8"}, True, False) == "Rxa8+")
    full = match.order_openings(range(100), 1, 7)
    check("openings: --seed S --opening-start 51 goes on where a --seed S match stopped after 50 pairs",
          match.order_openings(range(100), 51, 7)[:50] == full[50:] and sorted(full) == list(range(100)) and
          full != list(range(100)) and match.order_openings(range(5), 3, None) == [2, 3, 4, 0, 1])
    with tempfile.TemporaryDirectory() as tmp:  # pair_compare.py: pairs by Round, the engine's side by name
        def pgn(name, results):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                for i, r in enumerate(results, 1):
                    red, black = ("e", "x") if i % 2 else ("x", "e")
                    f.write(f'[Round "{i}"]\n[White "{red}"]\n[Black "{black}"]\n[Result "{r}"]\n\n1. a {r}\n\n')
            return path
        a = pair_compare.pair_scores(pgn("a.pgn", ["1-0", "1-0", "1/2-1/2", "0-1", "1-0"]), "e")
        b = pair_compare.pair_scores(pgn("b.pgn", ["0-1", "1-0", "1/2-1/2", "1-0"]), "e")
        check("pair_compare: pair points by Round and side, incomplete pairs left out",
              a == {1: 1.0, 2: 1.5} and b == {1: 0.0, 2: 0.5} and pair_compare.penta([0, 0.5, 2]) == [1, 1, 0, 0, 1])
    with tempfile.TemporaryDirectory() as tmp:  # clock_use.py: seconds by side, Black to move first in game 2
        path = os.path.join(tmp, "t.pgn")
        with open(path, "w") as f:
            f.write('[Event "m"]\n[Round "1"]\n[White "e"]\n[Black "x"]\n[Result "1-0"]\n'
                    '[FEN "k7/8/8/8/8/8/8/K7 w - - 0 1"]\n[TimeControl "10+1"]\n\n'
                    '1. a {+5 d10 2.000s} b {-3 d8 1.000s} 2. c {+7 d12 4.000s} 1-0\n\n'
                    '[Event "m"]\n[Round "2"]\n[White "x"]\n[Black "e"]\n[Result "0-1"]\n'
                    '[FEN "k7/8/8/8/8/8/8/K7 b - - 0 1"]\n[TimeControl "10+1"]\n\n'
                    '1... a {M3 d20 6.000s} 2. b {-9 d6 0.500s} 0-1\n\n'
                    '[Round "3"]\n[White "e"]\n[Black "x"]\n[Result "*"]\n\n*\n')  # no Event tag, no move
        use = clock_use.clock_use([path])
        e, x = use["e"], use["x"]
        check("clock_use: moves, seconds, depths and clock share per engine, whoever moved first",
              (e.games, e.moves, e.seconds, e.depths, x.moves, x.seconds) == (3, 3, 12.0, [10, 12, 20], 2, 1.5) and
              near(e.budget, 12 + 11, 1e-9) and sorted(e.left) == [5.0, 6.0] and e.stretch[0] == [2.0, 4.0, 6.0] and
              "depth by own move (median): 1-10 12" in clock_use.report(use),
              clock_use.report(use))
        bare = os.path.join(tmp, "bare.pgn")
        with open(bare, "w") as f:
            f.write('[Round "1"]\n[White "e"]\n[Black "x"]\n[Result "1-0"]\n\n1. a {+5 d10} b 1-0\n')
        with contextlib.redirect_stderr(io.StringIO()) as err:
            status = clock_use.main([bare])
        check("clock_use: games without seconds are an error, not an empty report",
              status == 2 and "no games with timed moves" in err.getvalue(), err.getvalue())
    check("openings: EPD, FEN moves, startpos moves",
          match.load_openings(os.path.join(ROOT, "tools", "openings", "openings-chess.epd"), "chess")[0][0].count(" ") == 3)


# Rooks out and back twice: the start position for the third time after 8 plies.
REPETITION = "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9"
SCRIPT_ENGINE = r'''
import sys, time
script, delay = sys.argv[2].split(), float(sys.argv[3])
ply = 0
for line in sys.stdin:
    w = line.split()
    if not w: continue
    if w[0] in ("uci", "ucci"): print("id name scripted\n" + w[0] + "ok", flush=True)
    elif w[0] == "isready": print("readyok", flush=True)
    elif w[0] == "position": ply = len(w) - w.index("moves") - 1 if "moves" in w else 0
    elif w[0] == "go":
        time.sleep(delay)
        print("bestmove " + (script[ply] if ply < len(script) else "a0a0"), flush=True)
    elif w[0] == "quit": break
'''


def run_match(args, tmp, name):
    pgn = os.path.join(tmp, name + ".pgn")
    cmd = [sys.executable, os.path.join(ROOT, "tools", "match", "match.py"), *args, "--pgn", pgn, "--json", "--quiet"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    lines = [l for l in out.stdout.splitlines() if l.startswith("{")]
    summary = json.loads(lines[-1]) if lines else {}
    return summary, (open(pgn).read() if os.path.exists(pgn) else ""), out


def scripted(tmp, moves, delay=0.0):
    path = os.path.join(tmp, "scripted.py")
    with open(path, "w") as f:
        f.write(SCRIPT_ENGINE)
    return f"cmd={sys.executable} {path} x '{moves}' {delay}"


def start_until_first_game(cmd, pgn):
    """Start the match CMD and return its process once the first game is in PGN (or after 60 s)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:
        if os.path.exists(pgn) and "[Result" in open(pgn).read():
            break
        time.sleep(0.02)
    return p


def interrupted(tmp, ref, signals):
    """Start a 40-game match of slow scripted games, send SIGNALS once the first game is in the PGN."""
    rep = REPETITION
    pgn = os.path.join(tmp, "stop.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)
    cmd = [sys.executable, os.path.join(ROOT, "tools", "match", "match.py"), "--engine", scripted(tmp, rep, 0.1),
           "name=r", "--engine", scripted(tmp, rep, 0.1), "name=b", "--nodes", "1", "--games", "40",
           "--judge", "none", *ref, "--pgn", pgn, "--json", "--quiet"]
    p = start_until_first_game(cmd, pgn)
    for sig in signals:
        p.send_signal(sig)
        time.sleep(0.05)
    out, err = p.communicate(timeout=60)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    s = json.loads(lines[-1]) if lines else {}
    return p.returncode, s, open(pgn).read().count("[Result") if os.path.exists(pgn) else -1, out + err


def judge_removed(tmp, ref, chariot):
    """A 4-game match judged by a copy of CHARIOT that is deleted once the first game is in the PGN:
    the runner judges every game with the file as it was at the start."""
    rep = REPETITION
    judge, pgn = os.path.join(tmp, "judge-copy"), os.path.join(tmp, "pinned.pgn")
    shutil.copy2(chariot, judge)
    cmd = [sys.executable, os.path.join(ROOT, "tools", "match", "match.py"), "--engine", scripted(tmp, rep, 0.05),
           "name=r", "--engine", scripted(tmp, rep, 0.05), "name=b", "--nodes", "1", "--games", "4",
           "--judge", judge, *ref, "--pgn", pgn, "--json", "--quiet"]
    p = start_until_first_game(cmd, pgn)
    os.remove(judge)
    out, err = p.communicate(timeout=120)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    s = json.loads(lines[-1]) if lines else {}
    text = open(pgn).read() if os.path.exists(pgn) else ""
    return s, text.count("no violation"), out + err


def games(fsf):
    chariot, chess = os.path.join(ROOT, "chariot"), os.path.join(ROOT, "chariot-chess")
    with tempfile.TemporaryDirectory() as tmp:
        ref = ["--referee", fsf]
        rep = REPETITION
        s, pgn, out = run_match(["--engine", scripted(tmp, rep), "name=r", "--engine", scripted(tmp, rep), "name=b",
                                 "--nodes", "1", "--games", "2", "--judge", chariot, *ref], tmp, "rep")
        check("threefold repetition judged by chariot judge", s.get("draws") == 2 and
              'Termination "repetition: threefold repetition, no violation"' in pgn and "PlyCount \"8\"" in pgn,
              out.stdout + out.stderr)
        s, n, text = judge_removed(tmp, ref, chariot)
        check("the judge is copied aside: deleting it during the match changes nothing",
              s.get("draws") == 4 and not s.get("faults") and n == 4, (s, n, text))
        s, pgn, out = run_match(["--engine", "cmd=true", "--engine", "cmd=true", "--nodes", "1", "--games", "2",
                                 "--judge", os.path.join(tmp, "no-such-judge"), *ref], tmp, "nojudge")
        check("a missing judge is refused before any game", out.returncode != 0 and not s and
              "no judge at" in out.stderr, out.stdout + out.stderr)
        s, pgn, out = run_match(["--engine", scripted(tmp, rep), "name=r", "--engine", scripted(tmp, rep), "name=b",
                                 "--nodes", "1", "--games", "2", "--judge", "none", *ref], tmp, "rep2")
        check("threefold repetition, the runner's own rule", s.get("draws") == 2 and
              'Termination "threefold repetition"' in pgn, out.stdout + out.stderr)
        s, pgn, out = run_match(["--engine", scripted(tmp, rep), "name=r", "--engine", scripted(tmp, rep), "name=b",
                                 "--nodes", "1", "--games", "2", "--judge", "none", "--opening-start", "3", *ref],
                                tmp, "part2")
        check("--opening-start 3: the PGN's rounds go on from the first part's (5 and 6)",
              s.get("draws") == 2 and re.findall(r'\[Round "(\d+)"\]', pgn) == ["5", "6"], pgn)
        # a0b5: no piece moves so
        s, pgn, out = run_match(["--engine", scripted(tmp, "a0b5 a0b5"), "name=bad", "--engine", scripted(tmp, rep),
                                 "name=good", "--nodes", "1", "--games", "2", *ref], tmp, "illegal")
        check("an illegal move loses", s.get("losses") == 2 and s.get("faults") == {"bad:illegal": 2} and
              "illegal move a0b5" in pgn, out.stdout + out.stderr)
        # A clock of 0.3 s and a move after 0.6 s (the margin 0.1 s).
        s, pgn, out = run_match(["--engine", scripted(tmp, rep, 0.6), "name=slow", "--engine", scripted(tmp, rep),
                                 "name=fast", "--tc", "0.3+0", "--games", "2", *ref], tmp, "time")
        check("a move after the clock loses on time", s.get("losses") == 2 and
              s.get("faults") == {"slow:time": 2}, out.stdout + out.stderr)
        rc, s, n, text = interrupted(tmp, ref, [signal.SIGINT])
        check("SIGINT: the game in progress finishes, the summary covers the games played",
              rc == 130 and s.get("interrupted") == "SIGINT" and 1 <= s.get("games", 0) <= 2 and
              n == s.get("games") and "stopped by SIGINT" in text, (rc, s, n, text))
        rc, s, n, text = interrupted(tmp, ref, [signal.SIGTERM, signal.SIGTERM])
        check("SIGTERM twice: stops at once with the summary of the completed games",
              rc == 143 and s.get("interrupted") == "SIGTERM" and 1 <= s.get("games", 0) < 40 and
              n == s.get("games"), (rc, s, n, text))
        if not os.access(chariot, os.X_OK) or not os.access(chess, os.X_OK):
            check("./chariot and ./chariot-chess are built", False)
            return
        s, pgn, out = run_match(["--engine", f"cmd={chariot}", "name=uci", "--engine", f"cmd={chariot}", "name=ucci",
                                 "proto=ucci", "--nodes", "2000", "--games", "4", "--concurrency", "2", "--max-plies",
                                 "60", "--openings", os.path.join(ROOT, "tools", "openings", "openings-xq.txt"), *ref], tmp, "xq")
        plies = [int(x) for x in re.findall(r'PlyCount "(\d+)"', pgn)]
        check("xiangqi: Chariot UCI against UCCI, 4 games at 2000 nodes",
              s.get("games") == 4 and not s.get("faults") and sum(s.get("pentanomial", [])) == 2 and
              len(plies) == 4 and all(0 < p <= 60 for p in plies) and pgn.count("[Format \"ICCS\"]") == 4,
              out.stdout + out.stderr)
        s, pgn, out = run_match(["--game", "chess", "--engine", f"cmd={chess}", "name=a", "--engine", f"cmd={chess}",
                                 "name=b", "--nodes", "2000", "--games", "2", "--max-plies", "40", "--openings",
                                 os.path.join(ROOT, "tools", "openings", "openings-chess.epd"), *ref], tmp, "chess")
        check("chess: chariot-chess against itself, 2 games at 2000 nodes, SAN moves",
              s.get("games") == 2 and not s.get("faults") and re.search(r"\b1\. [NBRQK]?[a-h]?x?[a-h][1-8]", pgn),
              out.stdout + out.stderr)


def main():
    statistics()
    fsf = os.environ.get("FSF", "/usr/games/fairy-stockfish")
    if os.access(fsf, os.X_OK):
        games(fsf)
    else:
        print(f"engine games SKIPPED: no referee at {fsf} (Debian: apt-get install fairy-stockfish)")
    print(f"match runner: {len(FAILS)} failure(s)")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
