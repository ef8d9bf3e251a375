#!/usr/bin/env bash
# timeloss_match.sh - does Chariot lose on time? Plays a match at a fast
# clock (100 games at 1+0.01 by default) against Fairy-Stockfish with
# tools/match/match.py, then reports the games each side lost on time.
#
#   tools/match/timeloss_match.sh                    100 games, 1+0.01, UCI
#   tools/match/timeloss_match.sh --ucci             Chariot speaks UCCI (usemillisec true)
#   tools/match/timeloss_match.sh --games 2 --depth 2   smoke test of the script itself
#   options: --games N  --tc BASE+INC  --depth N (instead of a clock)  --ucci
#            --concurrency N  --out DIR (PGN, log, JSON; default out/timeloss)
#
# Run it on an otherwise idle machine, one game per core at most: time
# losses on a loaded machine say nothing about the engine. Exit status 1
# if Chariot lost a game on time (or the match did not run), else 0.
#
# Notation: tools/match/match.py speaks ranks 0-9 to Chariot (FairyRanks off, its
# default) and ranks 1-10 to Fairy-Stockfish (UCI_Variant xiangqi). It sends
# UCCI clocks in milliseconds and sets usemillisec true itself. A move that
# comes later than the time left plus 0.1 s (--time-margin) loses on time.
set -euo pipefail
cd "$(dirname "$0")/../.."

games=100 tc="1+0.01" depth="" proto=uci concurrency=1 out=out/timeloss
openings=${OPENINGS:-tools/openings/openings-xq.txt}
fsf=${FSF:-/usr/games/fairy-stockfish}
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --ucci) proto=ucci; shift ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "timeloss_match.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
    esac
done
for f in "$openings" "$fsf"; do
    [ -e "$f" ] || { echo "timeloss_match.sh: $f not found" >&2; exit 2; }
done
[ -x ./chariot ] || make chariot >/dev/null

if [ "$proto" = ucci ]; then
    chariot=(name=chariot cmd=./chariot proto=ucci option.hashsize=16)
else
    chariot=(name=chariot cmd=./chariot proto=uci option.FairyRanks=false option.Hash=16)
fi
fairy=(name=fairy-stockfish "cmd=$fsf" proto=uci option.UCI_Variant=xiangqi option.Hash=16 option.Threads=1)
if [ -n "$depth" ]; then control=(--depth "$depth"); else control=(--tc "$tc"); fi

mkdir -p "$out"
summary="$out/summary.json"
python3 tools/match/match.py --engine "${chariot[@]}" --engine "${fairy[@]}" "${control[@]}" \
    --games "$games" --concurrency "$concurrency" --openings "$openings" \
    --pgn "$out/games.pgn" --log "$out/io.log" --json | tee "$out/match.txt" || true
tail -n 1 "$out/match.txt" >"$summary"
grep -q '^{' "$summary" || { echo "timeloss_match.sh: the match did not finish (see $out/match.txt)" >&2; exit 1; }

python3 - "$summary" <<'EOF'
import json, sys
s = json.loads(open(sys.argv[1]).read())
faults = s.get("faults", {})
ours = faults.get("chariot:time", 0)
theirs = faults.get("fairy-stockfish:time", 0)
print(f"games {s['games']}  chariot +{s['wins']} ={s['draws']} -{s['losses']}  {s['tc']}")
print(f"time losses: chariot {ours}, fairy-stockfish {theirs}")
others = {k: v for k, v in faults.items() if not k.endswith(":time")}
if others:
    print("other faults:", ", ".join(f"{k} {v}" for k, v in sorted(others.items())))
sys.exit(1 if ours or s.get("aborted") or not s["games"] else 0)
EOF
