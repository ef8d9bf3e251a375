#!/usr/bin/env python3
"""sprt.py - a sequential probability ratio test between two engine builds,
played in batches with ../shared/tools/xqmatch.py.

Why batches: xqmatch's own --sprt can stop after a single game (a one-sided
start gives a tiny variance and a huge LLR). Here every batch is a complete
xqmatch run over the next opening pairs; the pentanomial counts (pairs of
games with colours swapped) are added up, and after each batch the GSPRT
log-likelihood ratio (normal approximation over pair scores, logistic Elo)
is compared with the bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha).
No decision is taken before --min-games.

    tools/sprt.py NEW_BINARY OLD_BINARY [--tc 3+0.03] [--elo0 0] [--elo1 20]
                  [--batch 40] [--min-games 80] [--max-games 800]
                  [--concurrency 2] [--out DIR] [--option NAME=VALUE ...]

Prints one JSON line at the end: games, W/D/L, pentanomial, Elo +- 95%
(pentanomial), LLR, bounds, decision (H1 = new is better by elo1, H0 = not
better than elo0, none = ran out of games).
"""
import argparse
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
XQMATCH = os.environ.get("XQMATCH", os.path.join(HERE, "..", "..", "shared", "tools", "xqmatch.py"))
OPENINGS = os.environ.get("OPENINGS", os.path.join(HERE, "..", "..", "shared", "tools", "openings-xq.txt"))


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


def count_openings(path):
    with open(path) as f:
        return sum(1 for line in f if line.strip() and not line.startswith("#"))


def main():
    ap = argparse.ArgumentParser(description="batched SPRT between two engine builds")
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--tc", default="3+0.03")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=20.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--batch", type=int, default=40, help="games per batch (even)")
    ap.add_argument("--min-games", type=int, default=80)
    ap.add_argument("--max-games", type=int, default=800)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--out", default="out/sprt")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    lower, upper = math.log(a.beta / (1 - a.alpha)), math.log((1 - a.beta) / a.alpha)
    n_open = count_openings(OPENINGS)
    penta = [0] * 5
    wins = draws = losses = games = 0
    faults = {}
    start = 0
    decision = None
    value = 0.0
    opts = ["option.Hash=64"] + [f"option.{o}" for o in a.option]
    while games < a.max_games:
        batch = min(a.batch, a.max_games - games)
        cmd = [sys.executable, XQMATCH,
               "--engine", "name=new", f"cmd={a.new}", "proto=uci", "ranks=0", *opts,
               "--engine", "name=old", f"cmd={a.old}", "proto=uci", "ranks=0", *opts,
               "--tc", a.tc, "--games", str(batch), "--concurrency", str(a.concurrency),
               "--openings", OPENINGS, "--opening-start", str(start % n_open),
               "--pgn", os.path.join(a.out, "games.pgn"), "--pgn-append", "--json", "--quiet"]
        res = subprocess.run(cmd, capture_output=True, text=True)
        lines = [l for l in res.stdout.splitlines() if l.startswith("{")]
        if not lines:
            sys.exit(f"sprt.py: xqmatch gave no result:\n{res.stdout}\n{res.stderr}")
        r = json.loads(lines[-1])
        start += batch // 2
        games += r["games"]
        wins, draws, losses = wins + r["wins"], draws + r["draws"], losses + r["losses"]
        penta = [x + y for x, y in zip(penta, r["pentanomial"])]
        for k, v in r["faults"].items():
            faults[k] = faults.get(k, 0) + v
        value = llr(penta, a.elo0, a.elo1)
        elo, err = elo_interval(penta)
        print(f"games {games}: +{wins} ={draws} -{losses} penta {penta} Elo {elo:+.1f} +- {err:.1f} "
              f"LLR {value:.2f} ({lower:.2f}, {upper:.2f})", flush=True)
        if games >= a.min_games and (value >= upper or value <= lower):
            decision = "H1" if value >= upper else "H0"
            break
    elo, err = elo_interval(penta)
    print(json.dumps({"games": games, "wins": wins, "draws": draws, "losses": losses, "pentanomial": penta,
                      "elo": round(elo, 1), "elo_err95": round(err, 1), "llr": round(value, 3),
                      "lower": round(lower, 3), "upper": round(upper, 3), "elo0": a.elo0, "elo1": a.elo1,
                      "decision": decision, "faults": faults, "tc": a.tc}))


if __name__ == "__main__":
    main()
