#!/usr/bin/env python3
"""Turn the table laboratory's CSV files (docs/ttlab/GAME-EVAL/*.csv, written by
tools/lab/ttlab_all.sh) into summary tables (mean and standard deviation over key
seeds) and plots (PNG and SVG, made by gnuplot from Debian's gnuplot-nox
package) in the same folder.

Usage: tools/lab/ttlab_plot.py [DIR]                 (default docs/ttlab/xiangqi-net)
       tools/lab/ttlab_plot.py --compare DIR1 DIR2   (the same experiments, e.g. under
                                                  the net and the fitted evaluation:
                                                  one table per experiment, each
                                                  row once per folder, no plots)
       tools/lab/ttlab_plot.py --doc [ROOT]          (docs/tt-lab.md's tables, both games
                                                  under both evaluations, from ROOT's
                                                  xiangqi-net, xiangqi-fitted, chess-net
                                                  and chess-fitted; default docs/ttlab)
Prints Markdown tables for docs/tt-lab.md on stdout.
"""
import collections
import csv
import os
import statistics
import subprocess
import sys

DIR = sys.argv[1] if len(sys.argv) > 1 else "docs/ttlab/xiangqi-net"


def load(name, folder=None):
    path = os.path.join(folder or DIR, name + ".csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:  # a run still writing may leave its last line short: skip it
        return [r for r in csv.DictReader(f) if None not in r.values()]


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
set ylabel 'nodes to depth {rows[0]["depth"]}{iir_note(rows)}, bench positions (millions)'
set yrange [0:*]
set key top right
set grid ytics
plot {plots}
""")


ORDERING_COLS = [("nodes (M)", "nodes", 1e6, 2), ("CPU s", "cpu_ms", 1e3, 2),
                 ("1st-move cut %", "first_move_cut_pct", 1, 1), ("table move cut %", "ttmove_cut_pct", 1, 1)]

# What --compare prints per experiment: the row keys, then (heading, column, scale, digits) as in table().
COMPARE = (
    ("schemes", ("size_kb", "label"), [("nodes (M)", "nodes", 1e6, 2), ("hit %", "hit_pct", 1, 1),
                                       ("table cutoffs %", "tt_cut_pct", 1, 1),
                                       ("1st-move cut %", "first_move_cut_pct", 1, 1)]),
    ("sizes", ("label", "size_kb"), [("hit %", "hit_pct", 1, 2), ("nodes (M)", "nodes", 1e6, 2)]),
    ("schemes-iir", ("size_kb", "label"), [("nodes (M)", "nodes", 1e6, 2), ("hit %", "hit_pct", 1, 1)]),
    ("sizes-iir", ("label", "size_kb"), [("hit %", "hit_pct", 1, 2), ("nodes (M)", "nodes", 1e6, 2)]),
    ("depth0", ("size_kb", "label"), [("nodes (M)", "nodes", 1e6, 2), ("hit %", "hit_pct", 1, 1)]),
    ("ordering", ("label",), ORDERING_COLS),
    ("ablation", ("label",), ORDERING_COLS),
    ("aging", ("size_kb", "label"), [("nodes (M)", "nodes", 1e6, 2), ("hit %", "hit_pct", 1, 1),
                                     ("refused %", "store_reject_pct", 1, 1)]),
    ("mates", ("label",), [("bm found", "bm_found", 1, 0), ("mate distance right", "mate_distance_right", 1, 0),
                           ("one move later, right", "follow_distance_right", 1, 0)]),
    ("iir", ("size_kb", "label"), [("nodes", "nodes", 1, 0)]),
)


def md(heads, rows):
    return "\n".join(["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)] +
                      ["| " + " | ".join(r) + " |" for r in rows])


def compare(dirs):
    """Each experiment's rows under every folder, the folder's last path part naming the row's source."""
    out = []
    for name, keys, cols in COMPARE:
        loaded = [(os.path.basename(os.path.normpath(d)), load(name, d)) for d in dirs]
        if not all(rows for _, rows in loaded):
            continue
        heads = list(keys) + ["from"] + [c[0] for c in cols]
        rows = []
        grouped = [(src, group(rows, *keys)) for src, rows in loaded]
        for k in grouped[0][1]:
            for src, g in grouped:
                if k not in g:
                    continue
                cells = list(k) + [src] + [fmt(*ms(g[k], col), scale, digits) if len(g[k]) > 1
                                           else f"{ms(g[k], col)[0] / scale:.{digits}f}"
                                           for _, col, scale, digits in cols]
                rows.append(cells)
        out.append(f"### {name}\n" + md(heads, rows))
    print("\n\n".join(out))


GAMES = ("xiangqi", "chess")
EVALS = ("net", "fitted")
SIZE_NAMES = {64: "64 KiB", 128: "128 KiB", 256: "256 KiB", 512: "512 KiB", 1024: "1 MiB", 2048: "2 MiB",
              4096: "4 MiB", 16384: "16 MiB", 65536: "64 MiB"}


def cell(rows, col="nodes", scale=1e6, digits=2):
    if not rows:
        return "—"
    m, sd = ms(rows, col)
    return fmt(m, sd, scale, digits) if len(rows) > 1 else f"{m / scale:.{digits}f}"


def pick(rows, **want):
    return [r for r in rows if all(r[k] == v for k, v in want.items())]


def doc(root):
    """Every table of docs/tt-lab.md, per claim, both evaluations side by side."""
    data = {(g, e): {} for g in GAMES for e in EVALS}

    def get(g, e, name):
        d = data[(g, e)]
        if name not in d:
            d[name] = load(name, os.path.join(root, f"{g}-{e}"))
        return d[name]

    out = []
    for g in GAMES:  # claim 1: hit rate against size
        rows = []
        for kb in (64, 128, 256, 512, 1024, 2048, 4096, 16384, 65536):
            cells = [cell(pick(get(g, e, "sizes"), label=s, size_kb=str(kb)), "hit_pct", 1, 1)
                     for s in ("always", "depth", "aged-bucket") for e in EVALS]
            rows.append([SIZE_NAMES[kb]] + cells)
        out.append(f"#### 1. {g}: probe hit rate (%)\n" + md(
            ["table"] + [f"{s}, {e}" for s in ("always", "depth", "aged-bucket") for e in EVALS], rows))
    for g in GAMES:  # claims 2-4: nodes to depth by scheme
        rows = []
        schemes = ("always", "depth", "two-tier", "two-layer", "aged-bucket")
        for kb in (64, 256, 1024, 4096):
            for e in EVALS:
                sch = get(g, e, "schemes")
                off = pick(sch, label="off") if kb == 64 else []
                rows.append([SIZE_NAMES[kb], e] + [cell(pick(sch, label=s, size_kb=str(kb))) for s in schemes] +
                            [cell(off) if off else ""])
        out.append(f"#### 2. {g}: millions of nodes to depth 14, IIR off\n" +
                   md(["table", "evaluation"] + list(schemes) + ["no table"], rows))
    for g in GAMES:  # claim 5: aging
        rows = []
        for kb in (256, 4096):
            for s in ("depth", "two-tier", "aged-bucket"):
                cells = []
                for e in EVALS:
                    ag = get(g, e, "aging")
                    for v in ("keep+aging", "keep no-aging", "clear-each-move"):
                        r = pick(ag, label=f"{s} {v}", size_kb=str(kb))
                        c = cell(r)
                        if v != "clear-each-move" and r:
                            c += f" (hit {ms(r, 'hit_pct')[0]:.1f}%)"
                        cells.append(c)
                rows.append([SIZE_NAMES[kb], s] + cells)
        out.append(f"#### 5. {g}: millions of nodes over the game positions, IIR off\n" + md(
            ["table", "scheme"] + [f"{v}, {e}" for e in EVALS for v in ("kept, aging", "kept, no aging", "cleared")],
            rows))
    for g in GAMES:  # claim 6: depth 0
        rows = []
        for kb in (64, 1024, 16384):
            for s in ("always", "depth", "aged-bucket"):
                rows.append([SIZE_NAMES[kb], s] + [cell(pick(get(g, e, "depth0"), label=f"{s} {v}", size_kb=str(kb)))
                                                   for e in EVALS for v in ("store-depth0", "no-depth0")])
        out.append(f"#### 6. {g}: millions of nodes, IIR off\n" + md(
            ["table", "scheme", "store depth 0, net", "don't, net", "store depth 0, fitted", "don't, fitted"], rows))
    rows = []  # claim 7 and the ablation: the table move's worth under each ordering
    for g in GAMES:
        for e in EVALS:
            ab = get(g, e, "ablation")
            for name, pre in (("all", ""), ("no killers", "no-killers "), ("no histories", "no-history "),
                              ("captures by value only", "mvv-lva ")):
                w, wo = pick(ab, label=f"aged-bucket {pre}tt-move"), pick(ab, label=f"aged-bucket {pre}no-tt-move")
                if not w or not wo:
                    continue
                ratio = ms(wo, "nodes")[0] / ms(w, "nodes")[0]
                rows.append([g, e, name, cell(w), cell(wo), f"{ratio:.2f}×",
                             f"{ms(w, 'first_move_cut_pct')[0]:.1f}%", f"{ms(wo, 'first_move_cut_pct')[0]:.1f}%",
                             f"{ms(w, 'ttmove_cut_pct')[0]:.1f}%"])
    out.append("#### 7. The table move first or not, under each ordering (millions of nodes to depth 14, IIR off)\n" + md(
        ["game", "evaluation", "other ordering", "table move first", "not used", "ratio", "1st-move cut, with",
         "without", "table move was the cutoff move"], rows))
    rows = []  # claim 8: mates
    for v in ("adjust", "no-adjust", "adjust pv-cuts", "no-adjust pv-cuts"):
        cells = []
        for g in GAMES:
            for e in EVALS:
                r = pick(get(g, e, "mates"), label=f"aged-bucket {v}")
                cells.append(" · ".join(r[0][c] for c in ("bm_found", "mate_distance_right", "follow_distance_right"))
                             if r else "—")
        rows.append([v] + cells)
    out.append("#### 8. Mates (best move found · mate distance right · one move later right, of 50)\n" + md(
        ["mate scores"] + [f"{g}, {e}" for g in GAMES for e in EVALS], rows))
    for g in GAMES:  # claim 9: IIR
        rows = []
        for s in ("always", "aged-bucket", "off"):
            for e in EVALS:
                ii = get(g, e, "iir")
                rows.append([s if s != "off" else "no table", e] +
                            [f"{int(pick(ii, label=f'{s} {v}', size_kb=str(kb))[0]['nodes']):,}"
                             if pick(ii, label=f'{s} {v}', size_kb=str(kb)) else "—"
                             for kb in (64, 16384) for v in ("iir", "no-iir")])
        out.append(f"#### 9. {g}: nodes to depth 10\n" + md(
            ["setup", "evaluation", "64 KiB, IIR on", "64 KiB, IIR off", "16 MiB, IIR on", "16 MiB, IIR off"], rows))
    rows = []  # the IIR-on schemes, as the engine plays
    for g in GAMES:
        for e in EVALS:
            si = get(g, e, "schemes-iir")
            for kb in (64, 4096):
                rows.append([g, e, SIZE_NAMES[kb]] +
                            [cell(pick(si, label=s, size_kb=str(kb))) for s in
                             ("always", "depth", "two-tier", "two-layer", "aged-bucket")] +
                            [cell(pick(si, label="off", size_kb=str(kb)))])
    out.append("#### IIR on: millions of nodes to depth 14\n" + md(
        ["game", "evaluation", "table", "always", "depth", "two-tier", "two-layer", "aged-bucket", "no table"], rows))
    pc = load("probecost", root)  # the table alone: one file, the same code in both games
    if pc:
        sizes = list(dict.fromkeys(r["size_kb"] for r in pc))
        rows = []
        for s in dict.fromkeys(r["label"] for r in pc):
            cells = []
            for kb in sizes:
                g = pick(pc, label=s, size_kb=kb)
                ns = [float(r["cpu_ms"]) * 1e6 / float(r["nodes"]) for r in g]
                sd = statistics.stdev(ns) if len(ns) > 1 else 0.0
                cells += [f"{statistics.mean(ns):.1f} ± {sd:.1f}", f"{ms(g, 'hit_pct')[0]:.1f}%"]
            rows.append([s] + cells)
        out.append("#### probecost: CPU ns per probe (and store)\n" + md(
            ["scheme"] + [h for kb in sizes for h in (f"{SIZE_NAMES[int(kb)]}: ns", "hit")], rows))
    print("\n\n".join(out))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--doc":
        doc(sys.argv[2] if len(sys.argv) > 2 else "docs/ttlab")
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        if len(sys.argv) < 4:
            sys.exit("usage: tools/lab/ttlab_plot.py --compare DIR1 DIR2 [DIR ...]")
        compare(sys.argv[2:])
        return
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
        ("ordering", ORDERING_COLS),
        ("ablation", ORDERING_COLS),
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
