#!/usr/bin/env python3
"""levels_plot.py - the plot of docs/strength.md's "Strength for humans": the rating each Skill Level
measured (tools/strength_levels.sh's tables, one file a game) with its 95% error bars, one line a game,
as an SVG made by gnuplot (Debian's gnuplot-nox).

    python3 tools/levels_plot.py xiangqi.txt chess.txt docs/images/skill-levels.svg

A table's rows name their yardstick (FSF: Fairy-Stockfish 11.1's UCI_Elo in xiangqi; SF: Stockfish 15.1's
in chess); a level whose difference was unbounded (no rating) is left out.
"""
import re
import subprocess
import sys

YARDSTICK = {"FSF": "xiangqi (Fairy-Stockfish 11.1's UCI_Elo)", "SF": "chess (Stockfish 15.1's UCI_Elo)"}


def read_table(path):
    rows, stick = [], None
    for line in open(path):
        m = re.match(r"^(\d+)\s+\d+\s+(F?SF) Elo (\d+)\s+\d+\s+\S+\s+([+-]\d+) ± (\d+)\s+(\d+)", line)
        if m:
            stick = m.group(2)
            level, anchor, _, err, rating = (int(m.group(i)) for i in (1, 3, 4, 5, 6))
            rows.append((level, rating, err, anchor))
    return stick, rows


def main():
    if len(sys.argv) < 3 or not sys.argv[-1].endswith(".svg"):
        sys.exit("usage: levels_plot.py TABLE... OUT.svg")
    series = [read_table(p) for p in sys.argv[1:-1]]
    series = [(s, r) for s, r in series if r]
    if not series:
        sys.exit("levels_plot.py: no table rows (level depth anchor games W/D/L diff ± err rating)")
    blocks, plots = [], []
    for i, (stick, rows) in enumerate(series):
        data = "\n".join(f"{lv} {r} {e} {a}" for lv, r, e, a in rows)
        blocks.append(f"$d{i} << EOD\n{data}\nEOD")
        plots.append(f'$d{i} using 1:2:3 with yerrorlines lw 2 pt 7 title "{YARDSTICK[stick]}, 95% error"')
        plots.append(f'$d{i} using 1:4 with points pt 4 ps 1.2 title "{YARDSTICK[stick].split()[0]}: the anchors\' UCI_Elo"')
    script = f"""set terminal svg size 760,440 font "sans,12" noenhanced
set output "{sys.argv[-1]}"
set title "Chariot's Skill Levels against a reference engine at a fixed UCI_Elo (5+0.05)"
set xlabel "Skill Level (20 = full strength)"
set ylabel "rating on the reference engine's UCI_Elo scale"
set xrange [-1:20]
set grid
set key top left
{chr(10).join(blocks)}
plot {", ".join(plots)}
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    print(f"wrote {sys.argv[-1]}")


if __name__ == "__main__":
    main()
