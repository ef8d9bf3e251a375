#!/usr/bin/env python3
"""loss_plot.py - the trainer's loss curves as an SVG (docs/nnue.md), Python standard library only.
    tools/nnue/loss_plot.py OUT.svg LABEL=LOG [LABEL=LOG ...]
Each LOG is what chariot-train printed; its validation loss (solid) and training loss (dashed) are drawn
by epoch, each log in its own colour, each relative to its own epoch-0 validation loss (the targets of
different lambdas differ in scale, so the curves are read by their shape: how far and how fast they fall)."""
import re
import sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
W, H, LEFT, BOTTOM, TOP, RIGHT = 720, 420, 60, 40, 30, 190


def read(path):
    start, train, val = None, {}, {}
    for line in open(path):
        m = re.match(r"epoch 0: validation loss ([0-9.]+)", line)
        if m:
            start = float(m.group(1))
        m = re.match(r"epoch (\d+): training loss ([0-9.]+), validation loss ([0-9.]+)", line)
        if m:
            e = int(m.group(1))
            train[e], val[e] = float(m.group(2)), float(m.group(3))
    if start is None or not val:
        sys.exit(f"loss_plot.py: {path} holds no trainer log")
    val[0] = start
    return start, train, val


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = []
    for arg in sys.argv[2:]:
        label, _, path = arg.partition("=")
        runs.append((label, *read(path)))
    epochs = max(max(v) for _, _, _, v in runs)
    x = lambda e: LEFT + (W - LEFT - RIGHT) * e / epochs
    y = lambda r: H - BOTTOM - (H - BOTTOM - TOP) * (1 - r)  # r: loss / epoch-0 loss, 1 at the top
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{LEFT}" y="18">loss / epoch-0 validation loss, by epoch (solid: validation, dashed: training)</text>']
    for t in range(0, 11, 2):
        r = t / 10
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y(r):.1f}" y2="{y(r):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y(r) + 4:.1f}" text-anchor="end">{r:.1f}</text>')
    for e in range(0, epochs + 1, 5):
        out.append(f'<text x="{x(e):.1f}" y="{H - BOTTOM + 16}" text-anchor="middle">{e}</text>')
    for i, (label, start, train, val) in enumerate(runs):
        c = COLOURS[i % len(COLOURS)]
        for series, dash in ((val, ""), (train, ' stroke-dasharray="5,4"')):
            pts = " ".join(f"{x(e):.1f},{y(v / start):.1f}" for e, v in sorted(series.items()))
            out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"{dash}/>')
        last = val[max(val)]
        out.append(f'<text x="{W - RIGHT + 10}" y="{TOP + 20 + 18 * i}" fill="{c}">{label}: {start:.4f} to {last:.4f}</text>')
    out.append("</svg>")
    open(sys.argv[1], "w").write("\n".join(out) + "\n")


main()
