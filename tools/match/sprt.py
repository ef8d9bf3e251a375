#!/usr/bin/env python3
"""sprt.py - a sequential probability ratio test between two engine builds with tools/match/match.py, and the
project's Elo and SPRT formulas (tools/match/match.py imports them).

The test: GSPRT log-likelihood ratio over the pentanomial counts (pairs of games on one opening with
colours swapped), normal approximation over pair scores, logistic Elo, compared after every completed
pair with the bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha). No decision is taken before
--min-games, and the variance is floored at 0.01 so that a few one-sided pairs do not decide alone.

    tools/match/sprt.py NEW_BINARY OLD_BINARY [--tc 3+0.03] [--elo0 0] [--elo1 20] [--min-games 80]
                  [--max-games 800] [--concurrency 2] [--out DIR] [--option NAME=VALUE ...]

Prints tools/match/match.py's lines and one JSON line at the end: games, W/D/L, pentanomial, Elo +- 95%
(pentanomial), LLR, bounds, decision (H1 = new is better by elo1, H0 = not better than elo0, none =
ran out of games).
"""
import argparse
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OPENINGS = os.environ.get("OPENINGS", os.path.join(HERE, "..", "openings", "openings-xq.txt"))


def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / s - 1.0)


def pair_stats(penta):
    """Mean and variance of the pair score (0, 1/4, ..., 1) from pentanomial counts."""
    n = sum(penta)
    if n == 0:
        return 0, 0.5, 0.0
    m = sum(c * i * 0.25 for i, c in enumerate(penta)) / n
    v = sum(c * (i * 0.25 - m) ** 2 for i, c in enumerate(penta)) / n
    return n, m, v


def llr(penta, elo0, elo1):
    n, m, v = pair_stats(penta)
    # A floor on the variance keeps a lopsided first batch from deciding on its own.
    v = max(v, 0.01)
    s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v)


def elo_interval(penta):
    n, m, v = pair_stats(penta)
    if n < 2:
        return elo_of_score(m), float("inf")
    se = math.sqrt(v / n)
    lo, hi = elo_of_score(m - 1.96 * se), elo_of_score(m + 1.96 * se)
    return elo_of_score(m), (hi - lo) / 2


def main():
    ap = argparse.ArgumentParser(description="SPRT between two engine builds (tools/match/match.py)")
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--tc", default="3+0.03")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=20.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--min-games", type=int, default=80)
    ap.add_argument("--max-games", type=int, default=800)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--out", default="out/sprt")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    opts = ["option.Hash=64"] + [f"option.{o}" for o in a.option]
    cmd = [sys.executable, os.path.join(HERE, "match.py"),
           "--engine", "name=new", f"cmd={a.new}", *opts, "--engine", "name=old", f"cmd={a.old}", *opts,
           "--tc", a.tc, "--games", str(a.max_games), "--concurrency", str(a.concurrency),
           "--openings", OPENINGS, "--judge", a.new, "--pgn", os.path.join(a.out, "games.pgn"), "--json",
           "--sprt", f"elo0={a.elo0}", f"elo1={a.elo1}", f"alpha={a.alpha}", f"beta={a.beta}",
           f"min-games={a.min_games}"]
    lines = []
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            if line.startswith("{"):
                lines.append(line)
            else:
                print(line, end="", flush=True)
    if not lines:
        sys.exit(f"sprt.py: tools/match/match.py gave no result (exit status {proc.returncode})")
    r = json.loads(lines[-1])
    elo, err = elo_interval(r["pentanomial"])
    print(json.dumps({"games": r["games"], "wins": r["wins"], "draws": r["draws"], "losses": r["losses"],
                      "pentanomial": r["pentanomial"], "elo": round(elo, 1),
                      "elo_err95": None if math.isinf(err) else round(err, 1), "llr": r["llr"],
                      "lower": r["lower"], "upper": r["upper"], "elo0": a.elo0, "elo1": a.elo1,
                      "decision": r["decision"], "faults": r["faults"], "rule_wins": r["rule_wins"], "tc": a.tc}))

if __name__ == "__main__":
    main()
