#!/usr/bin/env bash
# The quantisation units measured (docs/nnue.md, "Why these units"): a float checkpoint (NET.float) quantised
# at each pair of QA and QB by a copy of the trainer built with those units in a temporary folder, and each
# integer net's outputs against the float one's on the validation positions. The format keeps its own units
# (nnue_format.h); the nets written here are thrown away.
#   tools/nnue/nnue_units.sh xiangqi|chess CHECKPOINT DATA SCALE LAMBDA [MAX_POSITIONS [PAIRS...]]
# e.g. tools/nnue/nnue_units.sh xiangqi xq-r1-l01.nnue.float xq-s2001.bin 480 0.1 200000
# PAIRS are QA:QB (default the table's eight); the validation split is half of the positions read.
set -euo pipefail
game=${1:?usage: tools/nnue/nnue_units.sh xiangqi|chess CHECKPOINT DATA SCALE LAMBDA [MAX_POSITIONS [PAIRS...]]}
checkpoint=${2:?checkpoint}
data=${3:?data}
scale=${4:?scale}
lambda=${5:?lambda}
max=${6:-200000}
shift $(($# < 6 ? $# : 6))
pairs=("$@")
[ ${#pairs[@]} -gt 0 ] || pairs=(255:256 255:1024 1023:256 511:512 1023:512 2047:256 1023:1024 2047:512)
case $game in xiangqi | chess) ;; *) echo "nnue_units.sh: the game is xiangqi or chess, not '$game'" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for pair in "${pairs[@]}"; do
    qa=${pair%%:*} qb=${pair##*:}
    sed -e "s/QA = NNUE_QA,/QA = $qa,/" -e "s/QB = NNUE_QB,/QB = $qb,/" "$root/tools/nnue/train.c" > "$tmp/train.c"
    grep -q "QA = $qa," "$tmp/train.c" && grep -q "QB = $qb," "$tmp/train.c" ||
        { echo "nnue_units.sh: tools/nnue/train.c no longer names its units as this script expects" >&2; exit 1; }
    ${CC:-cc} -std=c11 -O3 -march=native -I"$root/src/engine" -I"$root/src/nnue" -I"$root/src/protocol" -I"$root/src/cli" \
        -I"$root/src/$game" -o "$tmp/train" "$tmp/train.c" "$root/src/engine/numparse.c" -lm -lpthread
    "$tmp/train" --data "$data" --max-positions "$max" --val 0.5 --from "$checkpoint" --epochs 0 \
        --out "$tmp/net.nnue" --scale "$scale" --lambda "$lambda" |
        awk -v qa="$qa" -v qb="$qb" '/^quantised:/ {printf "QA %5d QB %5d: mean %s cp, largest %s cp\n", qa, qb, $6, $9}'
done
