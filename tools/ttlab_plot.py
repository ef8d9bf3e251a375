#!/usr/bin/env python3
"""Turn the table laboratory's CSV files (docs/ttlab/*.csv) into summary tables
(mean and standard deviation over key seeds) and plots (PNG and SVG, made by
gnuplot from Debian's gnuplot-nox package) under docs/ttlab/.

Usage: tools/ttlab_plot.py [DIR]        (default docs/ttlab)
Prints Markdown tables for docs/tt-lab.md on stdout.
"""
import collections
import csv
import os
import statistics
import subprocess
import sys

DIR = sys.argv[1] if len(sys.argv) > 1 else "docs/ttlab"


def load(name):
    path = os.path.join(DIR, name + ".csv")
    return list(csv.DictReader(open(path))) if os.path.exists(path) else []


def group(rows, *keys):
    g = collections.OrderedDict()
    for r in rows:
        g.setdefault(tuple(r[k] for k in keys), []).append(r)
    return g


def ms(rows, col):
    v = [float(r[col]) for r in rows]
    return statistics.mean(v), (statistics.stdev(v) if len(v) > 1 else 0.0)


def fmt(m, s, scale=1.0, digits=2):
    return f"{m / scale:.{digits}f} ± {s / scale:.{digits}f}"


def table(rows, keys, cols):
    heads = list(keys) + [c[0] for c in cols]
    out = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for k, rs in group(rows, *keys).items():
        cells = list(k)
        for _, col, scale, digits in cols:
            cells.append(fmt(*ms(rs, col), scale, digits))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def iir_note(rows):
    """How the rows searched: IIR off (the lab's comparisons) or on (as the engine plays)."""
    return ", IIR off" if rows[0].get("iir") == "0" else ""


def gnuplot(script):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"(gnuplot failed: {e}; apt-get install gnuplot-nox)", file=sys.stderr)


def plot_sizes(rows):
    if not rows:
        return
    data = os.path.join(DIR, "sizes.dat")
    schemes = list(dict.fromkeys(r["label"] for r in rows))
    with open(data, "w") as f:
        for s in schemes:
            f.write(f"# {s}\n")
            for (kb,), rs in group([r for r in rows if r["label"] == s], "size_kb").items():
                h, hs = ms(rs, "hit_pct")
                n, ns = ms(rs, "nodes")
                f.write(f"{kb} {h:.3f} {hs:.3f} {n / 1e6:.4f} {ns / 1e6:.4f}\n")
            f.write("\n\n")
    for term, ext in (("pngcairo size 900,520", "png"), ("svg size 900,520", "svg")):
        for what, col, ylabel in (("hit", "2:3", "probe hit rate (%)"),
                                  ("nodes", "4:5", f"nodes to depth {rows[0]['depth']}{iir_note(rows)} (millions)")):
            plots = ", ".join(
                f"'{data}' index {i} using 1:{col} with yerrorlines title '{s}'" for i, s in enumerate(schemes))
            gnuplot(f"""set terminal {term}
set output '{DIR}/{what}-vs-size.{ext}'
set logscale x 2
set xtics ("64K" 64, "256K" 256, "1M" 1024, "4M" 4096, "16M" 16384, "64M" 65536, "256M" 262144, "1G" 1048576)
set xlabel 'table size'
set ylabel '{ylabel}'
set key top left
set grid
plot {plots}
""")


def plot_schemes(rows):
    if not rows:
        return
    data = os.path.join(DIR, "schemes.dat")
    sizes = list(dict.fromkeys(r["size_kb"] for r in rows))
    labels = [l for l in dict.fromkeys(r["label"] for r in rows) if l != "off"]
    with open(data, "w") as f:
        f.write("# scheme " + " ".join(f"{s}K {s}K_sd" for s in sizes) + "\n")
        for l in labels:
            cells = []
            for s in sizes:
                m, sd = ms([r for r in rows if r["label"] == l and r["size_kb"] == s], "nodes")
                cells += [f"{m / 1e6:.4f}", f"{sd / 1e6:.4f}"]
            f.write(l + " " + " ".join(cells) + "\n")
    for term, ext in (("pngcairo size 900,520", "png"), ("svg size 900,520", "svg")):
        plots = ", ".join(
            f"'{data}' using {2 + 2 * i}:{3 + 2 * i}:xtic(1) title '{s} KiB'" for i, s in enumerate(sizes))
        gnuplot(f"""set terminal {term}
set output '{DIR}/schemes.{ext}'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.6 border -1
set ylabel 'nodes to depth {rows[0]["depth"]}{iir_note(rows)}, 40 positions (millions)'
set yrange [0:*]
set key top right
set grid ytics
plot {plots}
""")


def main():
    out = []
    sch = load("schemes")
    if sch:
        out.append("### schemes\n" + table(sch, ("size_kb", "label"), [
            ("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2), ("hit %", "hit_pct", 1, 1),
            ("table cutoffs %", "tt_cut_pct", 1, 1), ("1st-move cut %", "first_move_cut_pct", 1, 1)]))
        plot_schemes(sch)
    siz = load("sizes")
    if siz:
        out.append("### sizes\n" + table(siz, ("label", "size_kb"), [
            ("hit %", "hit_pct", 1, 2), ("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2),
            ("fill ‰", "fill_permille", 1, 0)]))
        plot_sizes(siz)
    for name, cols in (
        ("schemes-iir", [("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2), ("hit %", "hit_pct", 1, 1)]),
        ("sizes-iir", [("hit %", "hit_pct", 1, 2), ("nodes (M)", "nodes", 1e6, 2), ("fill ‰", "fill_permille", 1, 0)]),
        ("depth0", [("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2), ("hit %", "hit_pct", 1, 1),
                    ("replace %", "store_replace_pct", 1, 1)]),
        ("ordering", [("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2),
                      ("1st-move cut %", "first_move_cut_pct", 1, 1), ("table move cut %", "ttmove_cut_pct", 1, 1)]),
        ("aging", [("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2), ("hit %", "hit_pct", 1, 1),
                   ("fill ‰", "fill_permille", 1, 0)]),
        ("mates", [("bm found", "bm_found", 1, 0), ("mate distance right", "mate_distance_right", 1, 0),
                   ("one move later, right", "follow_distance_right", 1, 0), ("of", "follow_tried", 1, 0)]),
    ):
        rows = load(name)
        if rows:
            out.append(f"### {name}\n" + table(rows, ("size_kb", "label"), cols))
    print("\n\n".join(out))


if __name__ == "__main__":
    main()
