#!/usr/bin/env bash
# Training data of both games for a fixed time on every core of this machine (docs/nnue.md): builds the
# engines, then runs `datagen` for each game for half the time with a worker on each core, stopped by
# SIGINT at the end of its time (datagen keeps every complete game; the same command later goes on
# where it stopped, so a batch can be run again to add to the files). Prints datagen's summaries.
#   tools/nnue/datagen_batch.sh [SECONDS [OUTDIR [DATAGEN OPTIONS...]]]
#   tools/nnue/datagen_batch.sh 840 ~/.cache/chariot/datagen --nodes 5000 --seed 1
# On a lent 16-core machine with 15 minutes: 840 seconds leaves time to build and copy the files back.
set -euo pipefail
seconds=${1:-840}
out=${2:-$HOME/.cache/chariot/datagen}
shift $(($# > 2 ? 2 : $#))
options=("$@")
[ "${#options[@]}" -gt 0 ] || options=(--nodes 5000 --seed 1)
cd "$(dirname "$0")/../.."
make -j"$(nproc)" chariot chariot-chess > /dev/null
mkdir -p "$out"
threads=$(nproc)
tag=$(printf '%s' "${options[*]}" | sed 's/--//g' | tr -c 'A-Za-z0-9=.-' '_') # --nodes 5000 --seed 1: nodes_5000_seed_1
for engine in chariot chariot-chess; do
    file="$out/$engine-$tag.bin"
    echo "== $engine: $((seconds / 2)) s, $threads workers, ${options[*]} -> $file"
    # a target no batch reaches: the time ends the run
    timeout -s INT "$((seconds / 2))" "./$engine" datagen --out "$file" --positions 1000000000 --threads "$threads" \
        "${options[@]}" || true
    "./$engine" datagen --dump "$file" 1 | head -1
done
