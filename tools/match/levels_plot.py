#!/usr/bin/env python3
"""levels_plot.py - the plot of docs/strength.md's "Strength for humans": the rating each Skill Level
measured (tools/match/strength_levels.sh's tables, one file a game) with its 95% error bars, one line a game,
as an SVG made by gnuplot (Debian's gnuplot-nox).

    python3 tools/match/levels_plot.py xiangqi.txt chess.txt docs/images/skill-levels.svg

A table's rows name their yardstick (FSF: Fairy-Stockfish 11.1's UCI_Elo in xiangqi; SF: Stockfish 15.1's
in chess); a level whose difference was unbounded (no rating) is left out. A level measured against two
anchors is plotted at the reading with the smaller error. A level chained to another, a comment line

    # level 19 against level 15 (...): 54/5/1, +483 ± 181 (...): rating 2963 + 483 = 3446

is plotted at the rating it names, its error the two errors combined (the root of the sum of their
squares: the base level's reading and the chained match are independent), and with no anchor point.
"""
import math
import re
import subprocess
import sys

YARDSTICK = {"FSF": "xiangqi (Fairy-Stockfish 11.1's UCI_Elo)", "SF": "chess (Stockfish 15.1's UCI_Elo)"}


ROW = re.compile(r"^(\d+)\s+\d+\s+(F?SF) Elo (\d+)\s+\d+\s+\S+\s+([+-]\d+) ± (\d+)\s+(\d+)")
CHAIN = re.compile(r"^#\s*level (\d+) against level (\d+)\b.*?([+-]\d+) ± (\d+).*rating (\d+) \+ (\d+) = (\d+)")


def read_table(path):
    """The yardstick's name and (level, rating, error, anchor or None) rows, one a level, by level."""
    best, stick, chains = {}, None, []
    for line in open(path):
        m = ROW.match(line)
        if m:
            stick = m.group(2)
            level, anchor, _, err, rating = (int(m.group(i)) for i in (1, 3, 4, 5, 6))
            if level not in best or err < best[level][2]:
                best[level] = (level, rating, err, anchor)
            continue
        m = CHAIN.match(line)
        if m:
            chains.append(tuple(int(m.group(i)) for i in (1, 2, 4, 7)))
    for level, base, err, rating in chains:
        if base in best:
            best[level] = (level, rating, round(math.hypot(err, best[base][2])), None)
    return stick, [best[k] for k in sorted(best)]


def main():
    if len(sys.argv) < 3 or not sys.argv[-1].endswith(".svg"):
        sys.exit("usage: levels_plot.py TABLE... OUT.svg")
    series = [read_table(p) for p in sys.argv[1:-1]]
    series = [(s, r) for s, r in series if r]
    if not series:
        sys.exit("levels_plot.py: no table rows (level depth anchor games W/D/L diff ± err rating)")
    blocks, plots = [], []
    for i, (stick, rows) in enumerate(series):
        data = "\n".join(f"{lv} {r} {e} {'NaN' if a is None else a}" for lv, r, e, a in rows)
        blocks.append(f"$d{i} << EOD\n{data}\nEOD")
        plots.append(f'$d{i} using 1:2:3 with yerrorlines lw 2 pt 7 title "{YARDSTICK[stick]}, 95% error"')
        plots.append(f'$d{i} using 1:4 with points pt 4 ps 1.2 title "{YARDSTICK[stick].split()[0]}: the anchors\' UCI_Elo"')
    gnuplot_svg(sys.argv[-1], "Chariot's Skill Levels against a reference engine at a fixed UCI_Elo (5+0.05)",
                "Skill Level (20 = full strength)", "rating on the reference engine's UCI_Elo scale",
                ["set xrange [-1:20]", "set key top left"], blocks, plots)


def gnuplot_svg(out, title, xlabel, ylabel, settings, blocks, plots):
    """An SVG plot in the project's size and font (docs/images/), drawn by gnuplot from inline data BLOCKS."""
    script = "\n".join([
        'set terminal svg size 760,440 font "sans,12" noenhanced', f'set output "{out}"', f'set title "{title}"',
        f'set xlabel "{xlabel}"', f'set ylabel "{ylabel}"', "set grid", *settings, *blocks,
        "plot " + ", ".join(plots)]) + "\n"
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    print(f"wrote {out}")

if __name__ == "__main__":
    main()
