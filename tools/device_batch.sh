#!/usr/bin/env bash
# One call on a lent 16-core machine (15 minutes of device time, at most 10 per command): the cluster's
# scaling curve (tools/cluster_scaling.sh, docs/cluster.md) and then training data for both games
# (datagen, docs/nnue.md), each for a fixed time, the data gzipped into OUTDIR (a device run's $OUT).
#   tools/device_batch.sh OUTDIR [SCALING_SECONDS [DATAGEN_SECONDS [SEED]]]     (defaults 280 200 1001; 0 s: no scaling)
# The datagen workers are split between the games (CHESS_SHARE of the cores to chess, default 3/4);
# the seed differs from a local run's so that the games are new ones.
set -uo pipefail
out=${1:?usage: tools/device_batch.sh OUTDIR [SCALING_SECONDS [DATAGEN_SECONDS [SEED]]]}
scaling=${2:-280} datagen=${3:-200} seed=${4:-1001}
cd "$(dirname "$0")/.."
mkdir -p "$out"
cores=$(nproc)
make -s -j"$cores" chariot chariot-chess chariot-mpi > /tmp/device_batch_build.log 2>&1 ||
    { tail -20 /tmp/device_batch_build.log; exit 1; }
[ "$scaling" -gt 0 ] && SCALING_SECONDS=$scaling bash tools/cluster_scaling.sh 16 2 16 2>&1 | tee "$out/scaling.txt"
chess_threads=$((cores * ${CHESS_SHARE:-3} / 4)) xq_threads=$((cores - cores * ${CHESS_SHARE:-3} / 4))
echo "== datagen for $datagen s: chess $chess_threads workers, xiangqi $xq_threads, --nodes 5000 --seed $seed"
timeout -s INT "$datagen" ./chariot-chess datagen --out /tmp/chess-s$seed.bin --positions 1000000000 \
    --threads "$chess_threads" --nodes 5000 --seed "$seed" --quiet > "$out/datagen-chess.log" 2>&1 &
timeout -s INT "$datagen" ./chariot datagen --out /tmp/xq-s$seed.bin --positions 1000000000 \
    --threads "$xq_threads" --nodes 5000 --seed "$seed" --quiet > "$out/datagen-xq.log" 2>&1 &
wait
tail -n 2 "$out/datagen-chess.log" "$out/datagen-xq.log"
# split in parts under the 16 MiB a returned file may have: cat PREFIX.* | gunzip puts a file together
gzip -1 -c /tmp/chess-s$seed.bin | split -b 15m - "$out/chess-s$seed.bin.gz." &
gzip -1 -c /tmp/xq-s$seed.bin | split -b 15m - "$out/xq-s$seed.bin.gz." &
wait
ls -l "$out"
