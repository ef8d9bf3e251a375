#!/usr/bin/env python3
"""clock_use.py - how each engine of a timed match spent its clock, from tools/match/match.py's PGN.

    python3 tools/match/clock_use.py MATCH.pgn [MORE.pgn ...]

match.py writes each move's comment as "{SCORE dDEPTH SECONDSs}", the seconds being what the engine took
over the move. For each engine this prints its games and moves, the mean seconds and the mean depth a move,
the share of the clock it used (the seconds over the time control's base plus its increment once a move, for
a "BASE+INC" TimeControl tag), the median seconds left at a game's end, and the mean seconds a move in each
stretch of ten of its own moves (1-10, 11-20, ..., the last stretch everything from move 81 on): whether one
side plays with more time in hand or spends it earlier, which a result alone does not tell. A second line per
engine gives the median depth in each stretch: the mean depth of a whole match is lifted by the endgames' and
the mate searches' deep iterations, the opening and middlegame stretches compare the searches where the game is
decided.
"""
import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
COMMENT = re.compile(r"\{([^}]*)\}")
SECONDS = re.compile(r"^([0-9]+(?:\.[0-9]+)?)s$")
DEPTH = re.compile(r"^d([0-9]+)$")
CLOCK = re.compile(r"^([0-9]+(?:\.[0-9]+)?)\+([0-9]+(?:\.[0-9]+)?)$")
STRETCH = 10     # own moves per stretch
STRETCHES = 9    # the last one takes every later move


def games(path):
    """Yield (tags, [(seconds, depth or None) per ply in order]) for each game of a match.py PGN file."""
    tags, text = {}, []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = TAG.match(line.strip())
        if m and "".join(text):  # a tag after a game's moves starts the next game
            yield tags, plies(" ".join(text))
            tags, text = {}, []
        if m:
            tags[m.group(1)] = m.group(2)
        else:
            text.append(line.strip())
    if tags:
        yield tags, plies(" ".join(text))


def plies(movetext):
    out = []
    for c in COMMENT.findall(movetext):
        secs, depth = None, None
        for w in c.split():
            if SECONDS.match(w):
                secs = float(w[:-1])
            elif DEPTH.match(w):
                depth = int(w[1:])
        if secs is not None:
            out.append((secs, depth))
    return out


class Use:
    def __init__(self):
        self.games = self.moves = 0
        self.seconds = self.budget = 0.0
        self.depths, self.left = [], []
        self.stretch = [[] for _ in range(STRETCHES)]
        self.depth_stretch = [[] for _ in range(STRETCHES)]


def clock_use(paths):
    """{engine: Use} over every game of the files; the side to move first is read from the FEN tag."""
    use = {}
    for path in paths:
        for tags, moves in games(path):
            first = tags.get("White") or tags.get("Red")
            second = tags.get("Black")
            if not first or not second:
                continue
            black_first = len(tags.get("FEN", "").split()) > 1 and tags["FEN"].split()[1] == "b"
            order = (second, first) if black_first else (first, second)
            tc = CLOCK.match(tags.get("TimeControl", ""))
            spent = {first: [], second: []}
            for i, mv in enumerate(moves):
                spent[order[i % 2]].append(mv)
            for name, own in spent.items():
                u = use.setdefault(name, Use())
                u.games += 1
                u.moves += len(own)
                u.seconds += sum(s for s, _ in own)
                u.depths += [d for _, d in own if d is not None]
                for k, (s, d) in enumerate(own):
                    u.stretch[min(k // STRETCH, STRETCHES - 1)].append(s)
                    if d is not None:
                        u.depth_stretch[min(k // STRETCH, STRETCHES - 1)].append(d)
                if tc:
                    budget = float(tc.group(1)) + float(tc.group(2)) * len(own)
                    u.budget += budget
                    u.left.append(budget - sum(s for s, _ in own))
    return use


def stretch_cells(stretches, fmt):
    """'1-10 X, 11-20 Y, ...' for the stretches that hold a value, fmt(values) as X."""
    cells = []
    for k, st in enumerate(stretches):
        if st:
            label = f"{k * STRETCH + 1}-{(k + 1) * STRETCH}" if k < STRETCHES - 1 else f"{k * STRETCH + 1}+"
            cells.append(f"{label} {fmt(st)}")
    return ", ".join(cells)


def report(use):
    lines = []
    for name in sorted(use):
        u = use[name]
        if not u.moves:
            continue
        head = f"{name}: {u.games} games, {u.moves} moves, {u.seconds / u.moves:.3f} s a move"
        if u.depths:
            head += f", depth {statistics.mean(u.depths):.1f}"
        if u.budget:
            head += f", {100 * u.seconds / u.budget:.0f}% of the clock used, {statistics.median(u.left):.1f} s left (median)"
        lines.append(head)
        lines.append("  s a move by own move: " + stretch_cells(u.stretch, lambda st: f"{statistics.mean(st):.2f}"))
        if u.depths:
            lines.append("  depth by own move (median): " +
                         stretch_cells(u.depth_stretch, lambda st: f"{statistics.median(st):g}"))
    return "\n".join(lines)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    use = clock_use(argv)
    if not any(u.moves for u in use.values()):  # no game, or games whose moves carry no seconds
        print("clock_use.py: no games with timed moves in " + ", ".join(argv), file=sys.stderr)
        return 2
    print(report(use))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except OSError as e:
        print(f"clock_use.py: {e}", file=sys.stderr)
        sys.exit(2)
