#!/usr/bin/env python3
"""axf_rejudge.py - judge the repetitions of an xqmatch.py match by the Asian (AXF) rules.

xqmatch.py's referee (Fairy-Stockfish) ends a game at the third occurrence of a position and knows
perpetual check but not perpetual chase: it calls a chase cycle a draw. This script reads the PGN the
match wrote, sends every game that ended by repetition ("repetition" or "perpetual" termination) to
`chariot judge` (the same code the engine plays by; docs/rules.md) and prints:

  * one line per repetition game: xqmatch's result, the AXF result and its reason;
  * the match score of the first engine named (or --engine NAME) with both results, and the Elo
    with a 95% error bar (trinomial, per game) from the AXF results;
  * how many games each engine won by a rule verdict (perpetual check or chase).

  tools/axf_rejudge.py GAMES.PGN [--chariot ./chariot] [--engine NAME] [--json]

Games are cut at their third occurrence already, which is where the AXF rules judge, so only the
verdict changes, never the moves.
"""
import argparse
import json
import math
import re
import subprocess
import sys


def read_games(path):
    games, tags, moves = [], {}, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            if moves:
                games.append((tags, moves))
                tags, moves = {}, []
            tags[m.group(1)] = m.group(2)
            continue
        line = re.sub(r"\{[^}]*\}", " ", line)
        for tok in line.split():
            if re.fullmatch(r"[A-I][0-9]-[A-I][0-9]", tok):
                moves.append(tok.replace("-", "").lower())
            elif tok in ("1-0", "0-1", "1/2-1/2", "*"):
                tags["_end"] = tok
                games.append((tags, moves))
                tags, moves = {}, []
    if tags and moves:
        games.append((tags, moves))
    return games


def judge(chariot, fen, moves):
    out = subprocess.run([chariot, "judge", fen, "moves", *moves], capture_output=True, text=True, check=True).stdout
    m = re.match(r"result: (\S+) \((.*)\)", out.strip())
    if not m:
        raise SystemExit(f"axf_rejudge: unexpected judge output: {out!r}")
    return m.group(1), m.group(2)


def elo(score, n, w, d, l):
    if n == 0:
        return 0.0, 0.0
    s = min(max(score / n, 1e-6), 1 - 1e-6)
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2) / n
    se = math.sqrt(var / n)
    to_elo = lambda x: -400 * math.log10(1 / min(max(x, 1e-6), 1 - 1e-6) - 1)
    return to_elo(s), (to_elo(s + 1.96 * se) - to_elo(s - 1.96 * se)) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--chariot", default="./chariot")
    ap.add_argument("--engine", help="the engine whose score is reported (default: Red of game 1)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    games = read_games(a.pgn)
    if not games:
        raise SystemExit("axf_rejudge: no games in " + a.pgn)
    me = a.engine or games[0][0].get("Red") or games[0][0].get("White")
    tally = {"xq": [0, 0, 0], "axf": [0, 0, 0]}  # wins, draws, losses of `me`
    rule_wins, changed, rep_games = {}, 0, 0
    for tags, moves in games:
        red, black = tags.get("Red", tags.get("White")), tags.get("Black")
        res = tags.get("Result", tags.get("_end", "*"))
        axf, why = res, ""
        if tags.get("Termination", "").startswith(("repetition", "perpetual", "threefold")):
            rep_games += 1
            axf, why = judge(a.chariot, tags["FEN"], moves)
            changed += axf != res
            if axf in ("1-0", "0-1"):
                winner = red if axf == "1-0" else black
                rule_wins[winner] = rule_wins.get(winner, 0) + 1
            print(f"game {tags.get('Round', '?')}: {red} - {black}, {len(moves)} plies: xqmatch {res}, "
                  f"AXF {axf} ({why})")
        for key, r in (("xq", res), ("axf", axf)):
            if r == "1/2-1/2":
                tally[key][1] += 1
            elif r in ("1-0", "0-1") and me in (red, black):
                tally[key][0 if (r == "1-0") == (me == red) else 2] += 1
    summary = {"engine": me, "games": len(games), "repetition_games": rep_games, "changed": changed,
               "rule_wins": rule_wins}
    for key in ("xq", "axf"):
        w, d, l = tally[key]
        e, err = elo(w + d / 2, w + d + l, w, d, l)
        summary[key] = {"w": w, "d": d, "l": l, "elo": round(e, 1), "err": round(err, 1)}
        print(f"{'xqmatch' if key == 'xq' else 'AXF    '}: {me} {w}/{d}/{l} (W/D/L), Elo {e:+.0f} ± {err:.0f}")
    print(f"repetition games {rep_games}, results changed by the AXF rules {changed}; rule wins {rule_wins}")
    if a.json:
        print(json.dumps(summary))


if __name__ == "__main__":
    sys.exit(main())
