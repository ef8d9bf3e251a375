#!/usr/bin/env bash
# strength.sh - the strength workflow: a match with tools/match/match.py (openings
# tools/openings/openings-xq.txt, Fairy-Stockfish as the referee) and one table row (Elo ± 95% error, games,
# W/D/L, time control, commit), printed and kept in the match's folder (out/strength-...); with
# --append FILE it is appended to FILE too (docs/strength.md's table: changing the docs is asked for).
#
#   tools/match/strength.sh fsf  [--games N] [--tc 5+0.05]        Chariot against Fairy-Stockfish 11.1
#                                                          (UCI_Variant xiangqi, Hash 64, 1 thread)
#   tools/match/strength.sh pikafish [--games N] [--tc 5+0.05]   Chariot against Pikafish-HCE, the yardstick
#                                                          (tools/build/build_pikafish_hce.sh builds it; PIKAFISH=
#                                                          its binary, default ~/.cache/chariot-tools/
#                                                          pikafish-hce/pikafish; Hash 64, 1 thread)
#   tools/match/strength.sh sprt OLD_BINARY [--tc 5+0.05] [--elo0 0] [--elo1 10] [--games 2000]
#                                                          Chariot against an earlier build, SPRT
#                                                          in batches (tools/match/sprt.py), at most --games
#   common: --concurrency N (games at once, default 1), --note TEXT (goes into the table row),
#           --append FILE (the row is appended to FILE, e.g. docs/strength.md), -h | --help (this text)
#   tools/match/strength.sh self [--threads 2] [--games N] [--tc 5+0.05]
#                                                          Chariot with N threads against 1 thread
#   tools/match/strength.sh rules [--games N] [--tc 5+0.05]      Chariot (Repetition Rule AXF) against itself
#                                                          with Repetition Rule CheckOnly
# A game that repeats a position for the third time gets the verdict of `chariot judge` (the AXF
# rules: perpetual check or chase loses; docs/rules.md), from the copy of the binary under test; the
# row counts the games each side won by such a verdict. The no-capture draw is the AXF 60-move rule
# (120 plies).
# Both engines get Hash 64 and one thread unless stated. Run it on an otherwise
# idle machine (the match uses both cores); never while building or testing.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
for a in "$@"; do
    case "$a" in -h | --help) usage; exit 0 ;; esac
done
[ $# -gt 0 ] || { usage >&2; exit 2; }
cd "$(dirname "$0")/../.."
mode=$1; shift
case "$mode" in fsf | pikafish | sprt | self | rules) ;; *) echo "strength.sh: mode is fsf, pikafish, sprt, self or rules" >&2; exit 2 ;; esac
old=""
if [ "$mode" = sprt ]; then old=${1:?sprt needs the earlier binary}; shift; fi
games=200 tc="5+0.05" elo0=0 elo1=10 threads=2 concurrency=1 note="" append=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --elo0) elo0=$2; shift 2 ;;
    --elo1) elo1=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --note) note=$2; shift 2 ;;
    --append) append=$2; shift 2 ;;
    *) echo "strength.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
openings=${OPENINGS:-tools/openings/openings-xq.txt}
fsf=${FSF:-/usr/games/fairy-stockfish}
pikafish=${PIKAFISH:-$HOME/.cache/chariot-tools/pikafish-hce/pikafish}
if [ "$mode" = pikafish ] && [ ! -x "$pikafish" ]; then
    echo "strength.sh: no Pikafish-HCE at $pikafish: build it with tools/build/build_pikafish_hce.sh (or set PIKAFISH)" >&2
    exit 2
fi
make -s chariot
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- src || commit="$commit+dirty"
out=out/strength-$mode-$commit-$(date +%m%d-%H%M%S)
mkdir -p "$out"
cp chariot "$out/chariot" # the match keeps its own copy: rebuilding during it changes nothing
me=("name=chariot-$commit" "cmd=$out/chariot" proto=uci option.Hash=64)
case "$mode" in
fsf) them=(name=fairy-stockfish "cmd=$fsf" proto=uci option.UCI_Variant=xiangqi option.Hash=64 option.Threads=1) ;;
pikafish) them=(name=pikafish-hce "cmd=$pikafish" proto=uci option.Hash=64 option.Threads=1) ;;
sprt) ;; # tools/match/sprt.py: tools/match/match.py with --sprt, until the test decides
self) me+=(option.Threads="$threads"); them=(name=chariot-1thread "cmd=$out/chariot" proto=uci option.Hash=64) ;;
rules) them=(name=chariot-checkonly "cmd=$out/chariot" proto=uci option.Hash=64 "option.Repetition Rule=CheckOnly") ;;
*) echo "strength.sh: mode is fsf, pikafish, sprt, self or rules" >&2; exit 2 ;;
esac
if [ "$mode" = sprt ]; then
    python3 tools/match/sprt.py "$out/chariot" "$old" --tc "$tc" --elo0 "$elo0" --elo1 "$elo1" --max-games "$games" \
        --concurrency "$concurrency" --out "$out" | tee "$out/match.txt"
else
    python3 tools/match/match.py --engine "${me[@]}" --engine "${them[@]}" --tc "$tc" --games "$games" \
        --concurrency "$concurrency" --nocapture 120 --openings "$openings" --judge "$out/chariot" \
        --pgn "$out/games.pgn" --json | tee "$out/match.txt"
fi
python3 - "$out/match.txt" "$mode" "$tc" "$commit" "$threads" "$note" "$out/row.md" "$append" <<'PY'
import json, os, sys, datetime
lines = [l for l in open(sys.argv[1]) if l.startswith("{")]
if not lines:
    sys.exit("strength.sh: no result line from tools/match/match.py")
r = json.loads(lines[-1])
mode, tc, commit, threads, note = sys.argv[2:7]
elo = "n/a" if r["elo"] is None or r["elo_err95"] is None else f"{r['elo']:+.0f} ± {r['elo_err95']:.0f}"
if r.get("elo_bound") is not None:  # a clean sweep: a one-sided bound, no estimate
    elo = f"{'≥' if r['wins'] == r['games'] else '≤'} {r['elo_bound']:+.0f} (95%, a clean sweep)"
opp = {"fsf": "Fairy-Stockfish 11.1", "pikafish": "Pikafish-HCE", "sprt": "earlier build (SPRT)", "self": "Chariot 1 thread",
       "rules": "itself with Repetition Rule CheckOnly"}[mode]
if note:
    opp += f" ({note})"
if mode != "sprt":  # games won by a repetition verdict of chariot judge (perpetual check or chase)
    opp += "; rule wins (chariot judge): " + (", ".join(f"{k} {v}" for k, v in sorted(r["rule_wins"].items()))
                                              or "none")
if r.get("elo_penta") is not None and r.get("elo_penta_err95") is not None:
    opp += f"; pentanomial {r['pentanomial']} {r['elo_penta']:+.0f} ± {r['elo_penta_err95']:.0f}"
if mode == "sprt":
    opp += f"; SPRT [{r['elo0']:g}, {r['elo1']:g}] LLR {r['llr']} {r['decision'] or 'inconclusive'}"
who = f"Chariot {threads} threads" if mode == "self" else "Chariot"
faults = ", ".join(f"{k} {v}" for k, v in r["faults"].items()) or "none"
row = (f"| {datetime.date.today()} | {commit} | {who} vs {opp} | {tc} | {r['games']} | "
       f"{r['wins']}/{r['draws']}/{r['losses']} | {elo} | {faults} |\n")
open(sys.argv[7], "w").write(row)
print("row (also in " + sys.argv[7] + "):", row.strip())
if sys.argv[8]:  # --append FILE: the docs change only when asked
    open(sys.argv[8], "a").write(row)
    print("appended to " + sys.argv[8])
PY
