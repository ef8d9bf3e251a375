#!/usr/bin/env python3
"""levels_plot.py - the plot of docs/strength.md's "Strength for humans": the rating each Skill Level
measured (tools/strength_levels.sh's table, read from a file or stdin) with its 95% error bars, as an SVG
made by gnuplot (Debian's gnuplot-nox).

    python3 tools/levels_plot.py levels.txt docs/images/skill-levels.svg
"""
import re
import subprocess
import sys


def main():
    src = open(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] != "-" else sys.stdin
    out = sys.argv[2] if len(sys.argv) > 2 else "docs/images/skill-levels.svg"
    rows = []
    for line in src:
        m = re.match(r"^(\d+)\s+\d+\s+FSF Elo (\d+)\s+\d+\s+\S+\s+([+-]\d+) ± (\d+)\s+(\d+)", line)
        if m:
            level, anchor, diff, err, rating = map(int, m.groups())
            rows.append((level, rating, err, anchor))
    if not rows:
        sys.exit("levels_plot.py: no table rows (level depth anchor games W/D/L diff ± err rating)")
    data = "\n".join(f"{l} {r} {e} {a}" for l, r, e, a in rows)
    script = f"""set terminal svg size 760,420 font "sans,12" noenhanced
set output "{out}"
set title "Chariot's Skill Level against Fairy-Stockfish 11.1 at a fixed UCI_Elo (xiangqi, 5+0.05)"
set xlabel "Skill Level (20 = full strength)"
set ylabel "rating (Fairy-Stockfish UCI_Elo scale)"
set xrange [-1:20]
set grid
set key top left
$d << EOD
{data}
EOD
plot $d using 1:2:3 with yerrorlines lw 2 pt 7 title "measured rating, 95% error", \\
     $d using 1:4 with points pt 4 ps 1.2 title "anchor's UCI_Elo"
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
