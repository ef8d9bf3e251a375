#!/usr/bin/env python3
"""elo_time_plot.py - the plot of docs/strength.md's "Against time": Chariot's Elo against each yardstick
by time control, with 95% error bars, one line a pairing (game and opponent), the clock's base time on a
logarithmic axis, as an SVG made by gnuplot (Debian's gnuplot-nox).

    python3 tools/match/elo_time_plot.py docs/elo-time.csv docs/images/elo-time.svg

The CSV has a header line and one row a match: game, opponent, tc (BASE+INCREMENT in seconds), games, elo,
err95 (the pentanomial figures match.py prints), commit, date, bench (the game's bench node count of the
commit: the search that played). Rows of one pairing and one search are joined in order of their base time;
a pairing measured at one time control is a single point, and each search is a line of its own, so a
change of the search shows as a second line beside the first.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from levels_plot import gnuplot_svg  # noqa: E402  (the plots' common frame)


SEARCH_SHIFT = 1.06  # the base times of a pairing's second search drawn this much to the right (log axis)


def read_rows(path):
    """{(game, opponent, bench): [(base seconds, elo, err, tc text, games)]}, each list by base time."""
    pairings = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            base = float(row["tc"].split("+")[0])
            key = (row["game"], row["opponent"], row["bench"])
            pairings.setdefault(key, []).append((base, float(row["elo"]), float(row["err95"]), row["tc"],
                                                 int(row["games"])))
    return {k: sorted(v) for k, v in pairings.items()}


def main():
    if len(sys.argv) != 3 or not sys.argv[2].endswith(".svg"):
        sys.exit("usage: elo_time_plot.py ELO_TIME.csv OUT.svg")
    pairings = read_rows(sys.argv[1])
    if not pairings:
        sys.exit(f"elo_time_plot.py: no rows in {sys.argv[1]}")
    blocks, plots = [], []
    seen = {}  # (game, opponent) -> searches drawn so far: each later one a little to the right, to be read
    for i, ((game, opponent, bench), rows) in enumerate(sorted(pairings.items())):
        j = seen[(game, opponent)] = seen.get((game, opponent), -1) + 1
        shift = SEARCH_SHIFT ** j
        blocks.append(f"$d{i} << EOD\n" + "\n".join(f"{b * shift} {e} {r} \"{tc} ({n})\""
                                                    for b, e, r, tc, n in rows) + "\nEOD")
        plots.append(f'$d{i} using 1:2:3 with yerrorlines lw 2 pt 7 title "{game}: against {opponent} (the search of bench {bench})"')
        plots.append(f"$d{i} using 1:2:4 with labels left offset 0.8,{0.8 - 1.6 * j} notitle")
    bases = [b for rows in pairings.values() for b, *_ in rows]
    gnuplot_svg(sys.argv[2], "Chariot against the yardsticks as the clock grows (one thread each, Hash 64)",
                "base time of the clock, seconds a game (log scale; labels: time control and games)",
                "Elo (95% error)",
                ["set logscale x", "set xtics (2, 5, 10, 20, 40, 60, 120)",
                 f"set xrange [{min(bases) / 1.6}:{max(bases) * 1.6}]", "set key bottom right",
                 "set arrow from graph 0, first 0 to graph 1, first 0 nohead dt 2"], blocks, plots)

if __name__ == "__main__":
    main()
