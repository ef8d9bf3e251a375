#!/usr/bin/env python3
"""tune_data.py - turn match PGN files into games for tools/tune/tune.c.

One line per finished game:

    RESULT <TAB> START_FEN <TAB> MOVE:SCORE MOVE:SCORE ...

RESULT is the first player's score (Red's or White's: 1, 0.5, 0). MOVE is
ICCS in lower case (h2e2) for xiangqi (read from tools/match/match.py's PGN, H2-E2), UCI (e2e4, e7e8q) for
chess (Fastchess PGN written with `-pgnout notation=uci`; `--game chess`).
SCORE is the search score the mover's engine printed for that move, in
centipawns from the mover's view, when the mover is a teacher engine (its
name matches --teacher, Fairy-Stockfish by default); otherwise, and for mate
scores, it is '-'. Games that ended by a crash or a time loss are skipped.

    python3 tools/tune/tune_data.py out/*/games.pgn > out/tune/games.tsv
    python3 tools/tune/tune_data.py --game chess --teacher stockfish out/chess/*.pgn > out/tune-chess/games.tsv
"""
import argparse
import re
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
MOVE = {
    "xiangqi": re.compile(r'([A-I]\d)-([A-I]\d)()\s*(\{([^}]*)\})?'),
    "chess": re.compile(r'\b([a-h][1-8])([a-h][1-8])([nbrq]?)\s*(\{([^}]*)\})?'),
}
START = {"chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
BAD_ENDS = ("crash", "time", "illegal", "time forfeit", "illegal move", "abandoned", "stall")
SCORE = re.compile(r'^([+-]?\d+(?:\.\d+)?)/\d+')


def games(path):
    tags, body = {}, []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = TAG.match(line)
        if m:
            if body:
                yield tags, " ".join(body)
                tags, body = {}, []
            tags[m[1]] = m[2]
        elif line.strip():
            body.append(line)
    if tags:
        yield tags, " ".join(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--teacher", default="fairy|fsf", help="regex for engine names whose scores are kept")
    ap.add_argument("--game", choices=sorted(MOVE), default="xiangqi")
    a = ap.parse_args()
    teacher = re.compile(a.teacher, re.I)
    kept = 0
    for path in a.pgn:
        for tags, body in games(path):
            result = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}.get(tags.get("Result"))
            if result is None or tags.get("Termination") in BAD_ENDS:
                continue
            fen = tags.get("FEN", START.get(a.game))
            if not fen:
                continue
            side = fen.split()[1]
            red, black = tags.get("Red", tags.get("White", "")), tags.get("Black", "")
            out = []
            for m in MOVE[a.game].finditer(body):
                mover = red if side == "w" else black
                score = "-"
                s = SCORE.match(m[5] or "")
                if s and teacher.search(mover):
                    score = str(int(round(float(s[1]) * 100)))
                out.append(f"{(m[1] + m[2] + m[3]).lower()}:{score}")
                side = "b" if side == "w" else "w"
            if out:
                print(f"{result}\t{fen}\t{' '.join(out)}")
                kept += 1
    print(f"tune_data: {kept} games", file=sys.stderr)


if __name__ == "__main__":
    main()
