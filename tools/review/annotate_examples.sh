#!/usr/bin/env bash
# The reviewed examples in docs/annotate/ (docs/annotate.md): a self-play game of each kind at 300 nodes a
# move (weak enough to make mistakes; datagen's seed 5, the first game), reviewed at depth 12, as PGN and
# as SVG.
#   bash tools/review/annotate_examples.sh [OUTDIR]        (default docs/annotate)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/annotate}
mkdir -p "$out"
make -s chariot chariot-chess
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for g in xiangqi chess; do
    engine=./chariot
    [ "$g" = chess ] && engine=./chariot-chess
    "$engine" datagen --out "$tmp/$g.bin" --games 1 --nodes 300 --seed 5 --quiet > /dev/null
    "$engine" datagen --pgn "$tmp/$g.bin" > "$tmp/$g.pgn"
    "$engine" annotate --depth 12 --quiet --out "$out/$g.pgn" --svg "$out/$g.svg" "$tmp/$g.pgn"
    echo "$out/$g.pgn, $out/$g.svg: $(grep -o 'review at [^}]*' "$out/$g.pgn" | tr '\n' ' ' | cut -c1-160)"
done
