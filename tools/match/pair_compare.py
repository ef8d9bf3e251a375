#!/usr/bin/env python3
"""pair_compare.py - two matches of one engine on the same openings compared pair by pair: how much its
result changed from one setting (a time control, a build) to the other, with a paired 95% interval.

    python3 tools/match/pair_compare.py --engine chariot A.pgn B.pgn

A.pgn and B.pgn are tools/match/match.py's PGN files of two matches played with the same --openings and
--seed, so that the games of Round 2k-1 and 2k (one opening, colours swapped) are opening pair k in both.
Only the pairs complete in both files count. For each match: the engine's pentanomial and Elo over those
pairs (sprt.py's formulas); then the change, from the per-pair differences of the engine's score (B minus
A), whose spread is smaller than either match's when an opening's pair scores alike in both: the mean
difference and its normal 95% interval, turned into Elo at A's score.
"""
import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt  # noqa: E402  (the project's Elo formulas)

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def pair_scores(path, engine):
    """{pair number: the engine's points in the pair (0, 0.5, ..., 2)} for the pairs with both games."""
    games, tags = {}, {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = TAG.match(line.strip())
        if m:
            tags[m.group(1)] = m.group(2)
            if m.group(1) == "Result" and "Round" in tags:
                first = tags.get("White") or tags.get("Red")
                if engine not in (first, tags.get("Black")):
                    sys.exit(f"pair_compare.py: {path}: no player named {engine} in game {tags['Round']}")
                points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(m.group(2))
                if points is not None:
                    games[int(tags["Round"])] = points if first == engine else 1.0 - points
                tags = {}
    return {k: games[2 * k - 1] + games[2 * k] for k in range(1, max(games, default=0) // 2 + 1)
            if 2 * k - 1 in games and 2 * k in games}


def penta(scores):
    counts = [0] * 5
    for s in scores:
        counts[int(round(2 * s))] += 1
    return counts


def main():
    ap = argparse.ArgumentParser(description="two matches on the same openings compared pair by pair")
    ap.add_argument("--engine", required=True, help="the player whose change is measured (its PGN name)")
    ap.add_argument("a", help="the first match's PGN (the baseline)")
    ap.add_argument("b", help="the second match's PGN")
    args = ap.parse_args()
    a, b = pair_scores(args.a, args.engine), pair_scores(args.b, args.engine)
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        sys.exit(f"pair_compare.py: {len(common)} opening pairs complete in both files; at least 2 are needed")
    for name, scores in (("A", a), ("B", b)):
        p = penta(scores[k] for k in common)
        elo, err = sprt.elo_interval(p)
        print(f"{name} {args.a if name == 'A' else args.b}: {len(common)} pairs, pentanomial {p}, "
              f"Elo {elo:+.1f} ± {err:.1f}")
    diffs = [(b[k] - a[k]) / 2 for k in common]  # per game
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    base = sum(a[k] for k in common) / (2 * n)
    clip = lambda s: min(max(s, 1e-6), 1 - 1e-6)  # noqa: E731
    lo, mid, hi = (sprt.elo_of_score(clip(base + mean + z * sd / math.sqrt(n))) - sprt.elo_of_score(clip(base))
                   for z in (-1.96, 0, 1.96))
    print(f"change B - A: {mean * 100:+.1f} points a 100 games (± {1.96 * sd / math.sqrt(n) * 100:.1f}), "
          f"Elo {mid:+.1f} (95%: {lo:+.1f} to {hi:+.1f}), paired over {n} opening pairs")


if __name__ == "__main__":
    main()
