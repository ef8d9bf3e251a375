#!/usr/bin/env python3
"""nnue_scale.py - which K makes sigmoid(score / K) the best guess of a game's result (docs/nnue.md: the
trainer's --scale). Reads `datagen --dump` lines (FEN; score S; result R; ...) on standard input and prints,
for each K, the mean squared difference between the result (1, 1/2, 0 for the side to move) and
sigmoid(S / K), then the K with the least.
    ./chariot datagen --dump FILE 200000 | tools/nnue/nnue_scale.py [K ...]"""
import math
import sys

ks = [float(k) for k in sys.argv[1:]] or [100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1000]
pairs = []
for line in sys.stdin:
    if line.startswith("#"):
        continue
    fields = [f.split() for f in line.split(";")]
    try:
        pairs.append((int(fields[1][1]), (int(fields[2][1]) + 1) / 2))
    except (IndexError, ValueError):
        sys.exit(f"nnue_scale.py: not a datagen --dump line: {line.strip()}")
if not pairs:
    sys.exit("nnue_scale.py: no records on standard input")
best = None
for k in ks:
    mse = sum((r - 1 / (1 + math.exp(-s / k))) ** 2 for s, r in pairs) / len(pairs)
    print(f"K {k:g}: {mse:.5f}")
    best = min(best or (mse, k), (mse, k))
print(f"{len(pairs)} positions; least at K {best[1]:g}")
