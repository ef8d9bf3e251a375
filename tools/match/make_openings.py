#!/usr/bin/env python3
"""make_openings.py - balanced xiangqi openings for tools/match/match.py, from Chariot's own short searches.

Each opening is a walk from the initial position: at every ply Chariot searches the position to
--depth with --multipv lines, and one move is drawn at random among those within --window centipawns
of the best. The walk is kept if Chariot, searching the final position two plies deeper, scores it
within ±--window for the side to move, and its position is not already in the file. Fairy-Stockfish
(the match referee) writes the final FEN, so every line is a position the referee accepts.

    tools/match/make_openings.py --out tools/openings/openings-xq.txt [--count 100] [--min-plies 6] [--max-plies 8]
                           [--depth 8] [--multipv 8] [--window 50] [--seed 1] [--chariot ./chariot]
                           [--avoid FILE ...]

--avoid names opening files whose positions the new file must not repeat (a second set for more distinct
fixed-node games than one file gives).

The output depends only on the arguments and on the Chariot build (the searches are single-threaded
and fixed-depth, with the table cleared before each): the header records the command and commit.
"""
import argparse
import os
import random
import subprocess
import time
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402

START = match.START["xiangqi"]


def search(engine, moves, depth, multipv):
    """{move: score} of the best MULTIPV moves after MOVES, at DEPTH (side to move's view)."""
    p = engine.p
    p.send(f"setoption name MultiPV value {multipv}")
    p.send("ucinewgame")
    p.send(f"position startpos moves {' '.join(moves)}" if moves else "position startpos")
    p.send(f"go depth {depth}")
    lines = {}
    while True:
        line = p.get(time.monotonic() + 600)
        w = line.split()
        if w[:1] == ["bestmove"]:
            return {mv: sc for mv, sc in lines.values()}
        if w[:1] == ["info"] and "pv" in w and "score" in w and "depth" in w:
            k = int(w[w.index("multipv") + 1]) if "multipv" in w else 1
            kind, val = w[w.index("score") + 1], int(w[w.index("score") + 2])
            score = val if kind == "cp" else (30000 if val > 0 else -30000)
            if int(w[w.index("depth") + 1]) >= depth or k not in lines:
                lines[k] = (w[w.index("pv") + 1], score)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--min-plies", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=8)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--multipv", type=int, default=8)
    ap.add_argument("--window", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chariot", default=os.path.join(match.ROOT, "chariot"))
    ap.add_argument("--referee", default=os.environ.get("FSF", "/usr/games/fairy-stockfish"))
    ap.add_argument("--avoid", nargs="*", default=[], metavar="FILE")
    a = ap.parse_args()
    avoided = {match.repetition_key(fen) for path in a.avoid for fen, _ in match.load_openings(path, "xiangqi")}
    log = lambda msg: None  # noqa: E731
    engine = match.Engine({"cmd": a.chariot, "name": "chariot", "options": {"Hash": "16"}}, "xiangqi", log)
    engine.start()
    referee = match.Referee(a.referee, "xiangqi", log)
    rng = random.Random(a.seed)
    seen, out, tries = set(), [], 0
    while len(out) < a.count:
        tries += 1
        plies = rng.randint(a.min_plies, a.max_plies)
        moves = []
        for _ in range(plies):
            scores = search(engine, moves, a.depth, a.multipv)
            best = max(scores.values())
            moves.append(rng.choice(sorted(m for m, s in scores.items() if s >= best - a.window)))
        final = search(engine, moves, a.depth + 2, 1)
        legal, _, fen = referee.query(START, moves)
        key = match.repetition_key(fen)
        if abs(next(iter(final.values()))) > a.window or not legal or key in seen or key in avoided:
            continue
        seen.add(key)
        out.append((fen, moves, next(iter(final.values()))))
        print(f"{len(out)}/{a.count} ({tries} tried): {' '.join(moves)} {out[-1][2]:+d}", flush=True)
    engine.close()
    referee.close()
    try:
        commit = subprocess.run(["git", "-C", match.ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    args = " ".join(sys.argv[1:])
    with open(a.out, "w") as f:
        f.write(f"# {a.count} xiangqi openings: tools/match/make_openings.py {args} (Chariot {commit}; {tries} walks "
                f"tried).\n# Each walk: {a.min_plies}-{a.max_plies} plies, every move drawn among Chariot's "
                f"{a.multipv} best at depth {a.depth} within {a.window} cp of the best;\n# kept if the final "
                f"position scores within +-{a.window} cp at depth {a.depth + 2}. One FEN a line (Red = w, "
                "N = horse, B = elephant), the moves after '#';\n# tools/match/match.py plays each twice, colours "
                "swapped.\n")
        for fen, moves, _ in out:
            f.write(f"{fen} # {' '.join(moves)}\n")


if __name__ == "__main__":
    main()
