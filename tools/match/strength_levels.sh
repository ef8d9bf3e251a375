#!/usr/bin/env bash
# strength_levels.sh - the Elo scale of Chariot's weakened play (Skill Level, UCI_Elo; src/engine/skill.h),
# in one game: each level plays a match against a reference engine held at a fixed UCI_Elo (its
# UCI_LimitStrength), and the level's rating is the anchor's UCI_Elo plus the measured difference. The
# yardstick is Fairy-Stockfish 11.1's UCI_Elo in xiangqi (1350-2850) and Stockfish 15.1's in chess
# (1350-2850; Debian's stockfish): published, repeatable scales, not rating lists.
#
#   tools/match/strength_levels.sh [--game xiangqi|chess] [--levels "0 5 10 15 19"] [--games N] [--tc 5+0.05]
#                            [--concurrency 2] [--anchor LEVEL=ELO ...] [--eleeye PATH]
#
# --eleeye PATH (xiangqi): each level plays ElephantEye 3.3 at full strength instead (UCCI, no book; built
# by tools/build/build_eleeye.sh): a second yardstick. Its rating implied by a level is the level's rating
# (docs/strength.md) minus the difference, and the levels should imply the same one.
#
# Prints one line a level: level, depth cap, anchor, games, W/D/L, Elo difference ± 95% error, rating;
# and appends nothing: copy the table into docs/strength.md and the ratings into the game's
# GAME_LEVEL_ELO (src/GAME/game.h). The anchor of each level is the nearest UCI_Elo in --anchor pairs
# (defaults below: the anchors of the runs in docs/strength.md), which keeps every match within a few hundred Elo,
# where the error is smallest. Uses both cores: run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
levels="0 5 10 15 19" games=60 tc="5+0.05" concurrency=2 eleeye="" game=xiangqi
overrides=() # --anchor pairs, applied over the game's defaults
while [ $# -gt 0 ]; do
    case "$1" in
    --game) game=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --anchor) overrides+=("$2"); shift 2 ;;
    --eleeye) eleeye=$(realpath "$2"); shift 2 ;;
    *) echo "strength_levels.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
case "$game" in
xiangqi)
    defaults=([0]=1500 [5]=1750 [10]=2150 [15]=2350 [19]=2850)
    binary=./chariot openings=${OPENINGS:-tools/openings/openings-xq.txt} ref=${FSF:-/usr/games/fairy-stockfish} ;;
chess)
    [ -z "$eleeye" ] || { echo "strength_levels.sh: --eleeye is a xiangqi yardstick" >&2; exit 2; }
    defaults=([0]=1350 [5]=1350 [10]=1500 [15]=1700 [19]=2000)
    binary=./chariot-chess openings=${OPENINGS:-tools/openings/openings-chess.epd} ref=${STOCKFISH:-/usr/games/stockfish} ;;
*) echo "strength_levels.sh: unknown game '$game' (xiangqi or chess)" >&2; exit 2 ;;
esac
declare -A anchor=()
for k in "${!defaults[@]}"; do anchor[$k]=${defaults[$k]}; done
for pair in ${overrides[@]+"${overrides[@]}"}; do anchor[${pair%%=*}]=${pair#*=}; done
out=$(mktemp -d)
cp "$binary" "$out/chariot" # the binary under test stays the same while the build changes
commit=$(git rev-parse --short HEAD)
echo "# $(date -u +%F) $game, commit $commit (working tree $(git status --porcelain | grep -q . && echo changed || echo clean)), $games games a level at $tc, concurrency $concurrency"
printf '%-6s %-6s %-14s %-6s %-12s %-14s %s\n' level depth anchor games W/D/L diff rating
for level in $levels; do
    a=1350
    for k in "${!anchor[@]}"; do # the anchor given for the nearest level
        best=${best:-$k}
        if (( (k - level) * (k - level) < (best - level) * (best - level) )); then best=$k; fi
    done
    a=${anchor[$best]}; unset best
    if [ "$game" = chess ]; then # in chess the runner applies the rules itself: no judge, no capture count
        rules=(--game chess)
        them=(name="sf-$a" "cmd=$ref" proto=uci option.Hash=64 option.Threads=1
              option.UCI_LimitStrength=true option.UCI_Elo="$a")
    elif [ -n "$eleeye" ]; then
        a=0 # no rating of its own: the table shows the difference
        # ElephantEye claims the draw itself after 100 plies without a capture
        rules=(--nocapture 100 --judge "$out/chariot")
        them=(name=eleeye "cmd=$eleeye" "dir=$(dirname "$eleeye")" proto=ucci option.usebook=false option.hashsize=64)
    else
        rules=(--nocapture 120 --judge "$out/chariot") # the AXF 60-move rule
        them=(name="fsf-$a" "cmd=$ref" proto=uci option.UCI_Variant=xiangqi option.Hash=64
              option.UCI_LimitStrength=true option.UCI_Elo="$a")
    fi
    python3 tools/match/match.py "${rules[@]}" --engine name="chariot-L$level" cmd="$out/chariot" proto=uci option.Hash=64 \
        "option.Skill Level=$level" --engine "${them[@]}" \
        --tc "$tc" --games "$games" --concurrency "$concurrency" \
        --openings "$openings" --seed "$((level + 1))" --json --quiet >"$out/L$level.json"
    python3 - "$out/L$level.json" "$level" "$a" "$([ "$game" = chess ] && echo SF || echo FSF)" <<'EOF'
import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
level, anchor = int(sys.argv[2]), int(sys.argv[3])
depth = 3 + level * (13 - 3) // 20  # skill_depth (src/engine/skill.c)
elo, err = r["elo"], r["elo_err95"]
bound = r.get("elo_bound")  # a clean sweep: only a bound, and the rating is a bound too
diff = (f"{'≥' if bound > 0 else '≤'} {bound:+.0f}" if bound is not None else "inf" if elo is None else
        f"{elo:+.0f} ± {err:.0f}" if err is not None else f"{elo:+.0f}")
rating = (f"{'≥' if bound > 0 else '≤'} {anchor + bound:.0f}" if bound is not None and anchor else
          "-" if elo is None or not anchor else f"{anchor + elo:.0f}")
wdl = f"{r['wins']}/{r['draws']}/{r['losses']}"
who = f"{sys.argv[4]} Elo {anchor:<6}" if anchor else "ElephantEye   "
print(f"{level:<6} {depth:<6} {who} {r['games']:<6} {wdl:<12} {diff:<14} {rating}")
EOF
done
rm -rf "$out"
