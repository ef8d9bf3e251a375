#!/usr/bin/env bash
# timeloss_match.sh - does Chariot lose on time? Plays a match at a fast
# clock (100 games at 1+0.01 by default) against Fairy-Stockfish with the
# shared match runner, then reports the games each side lost on time.
#
#   tools/timeloss_match.sh                    100 games, 1+0.01, UCI
#   tools/timeloss_match.sh --ucci             Chariot speaks UCCI (usemillisec true)
#   tools/timeloss_match.sh --games 2 --depth 2   smoke test of the script itself
#   options: --games N  --tc BASE+INC  --depth N (instead of a clock)  --ucci
#            --concurrency N  --out DIR (PGN, log, JSON; default out/timeloss)
#
# Run it on an otherwise idle machine, one game per core at most: time
# losses on a loaded machine say nothing about the engine. Exit status 1
# if Chariot lost a game on time (or the match did not run), else 0.
#
# Notation: xqmatch.py speaks ranks 0-9 to engines whose name is not
# Fairy-Stockfish (ranks=0 is also given explicitly), so Chariot keeps
# FairyRanks off; Fairy-Stockfish gets UCI_Variant xiangqi and ranks 1-10.
# Chariot keeps its default ranks 0-9 (UCI_Variant would not change them either).
# xqmatch.py sends UCCI clocks in milliseconds, hence usemillisec true.
set -euo pipefail
cd "$(dirname "$0")/.."

games=100 tc="1+0.01" depth="" proto=uci concurrency=1 out=out/timeloss
xqmatch=${XQMATCH:-../shared/tools/xqmatch.py}
openings=${OPENINGS:-../shared/tools/openings-xq.txt}
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
for f in "$xqmatch" "$openings" "$fsf"; do
    [ -e "$f" ] || { echo "timeloss_match.sh: $f not found" >&2; exit 2; }
done
[ -x ./chariot ] || make chariot >/dev/null

if [ "$proto" = ucci ]; then
    chariot=(name=chariot cmd=./chariot proto=ucci ranks=0 option.usemillisec=true option.hashsize=16)
else
    chariot=(name=chariot cmd=./chariot proto=uci ranks=0 option.FairyRanks=false option.Hash=16)
fi
fairy=(name=fairy-stockfish "cmd=$fsf" proto=uci ranks=1 option.UCI_Variant=xiangqi option.Hash=16 option.Threads=1)
if [ -n "$depth" ]; then control=(--depth "$depth"); else control=(--tc "$tc"); fi

mkdir -p "$out"
summary="$out/summary.json"
python3 "$xqmatch" --engine "${chariot[@]}" --engine "${fairy[@]}" "${control[@]}" \
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
print(f"games {s['games']}  chariot +{s['wins']} ={s['draws']} -{s['losses']}  tc {', '.join(s['tc'])}")
print(f"time losses: chariot {ours}, fairy-stockfish {theirs}")
others = {k: v for k, v in faults.items() if not k.endswith(":time")}
if others:
    print("other faults:", ", ".join(f"{k} {v}" for k, v in sorted(others.items())))
sys.exit(1 if ours or s.get("aborted") or not s["games"] else 0)
EOF
