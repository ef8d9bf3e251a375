#!/usr/bin/env bash
# One call on a lent 16-core machine (15 minutes of device time, at most 10 per command): the cluster's
# scaling curve (tools/cluster/cluster_scaling.sh, docs/cluster.md) and then training data for both games
# (datagen, docs/nnue.md), each for a fixed time, the data gzipped into OUTDIR (a device run's $OUT).
#   tools/nnue/device_batch.sh OUTDIR [SCALING_SECONDS [DATAGEN_SECONDS [SEED]]]     (defaults 280 200 1001; 0 s: no scaling)
# The datagen workers are split between the games (CHESS_SHARE of the cores to chess, default 3/4);
# the seed differs from a local run's so that the games are new ones. CHESS_NODES / XQ_NODES set each
# game's budget per move (default datagen's: chess 1250, xiangqi 625), CHESS_POSITIONS / XQ_POSITIONS
# cap each file (a returned run holds at most 64 MiB: in datagen's compact format, about 3 bytes a position,
# some 20 M positions before xz). The parts are xz'd: cat PREFIX.* | xz -d puts a file together.
set -uo pipefail
out=${1:?usage: tools/nnue/device_batch.sh OUTDIR [SCALING_SECONDS [DATAGEN_SECONDS [SEED]]]}
scaling=${2:-280} datagen=${3:-200} seed=${4:-1001}
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$out"
cores=$(nproc)
targets=(chariot chariot-chess)
[ "$scaling" -gt 0 ] && targets+=(chariot-mpi)
make -s -j"$cores" "${targets[@]}" > /tmp/device_batch_build.log 2>&1 ||
    { tail -20 /tmp/device_batch_build.log; exit 1; }
[ "$scaling" -gt 0 ] && SCALING_SECONDS=$scaling bash tools/cluster/cluster_scaling.sh 16 2 16 2>&1 | tee "$out/scaling.txt"
chess_threads=$((cores * ${CHESS_SHARE:-3} / 4)) xq_threads=$((cores - cores * ${CHESS_SHARE:-3} / 4))
default_nodes() { # ENGINE: its datagen's default budget a move (the game's GAME_DATAGEN_NODES), as --help says
    "./$1" datagen --help 2>&1 | sed -n 's/.*--nodes \([0-9]*\), --threads.*/\1/p'
}
cn=${CHESS_NODES:-$(default_nodes chariot-chess)} xn=${XQ_NODES:-$(default_nodes chariot)}
[ -n "$cn" ] && [ -n "$xn" ] || { echo "device_batch.sh: datagen --help named no default --nodes" >&2; exit 1; }
cp=${CHESS_POSITIONS:-1000000000} xp=${XQ_POSITIONS:-1000000000}
echo "== datagen for $datagen s: chess $chess_threads workers --nodes $cn, xiangqi $xq_threads --nodes $xn, --seed $seed"
timeout -s INT "$datagen" ./chariot-chess datagen --out "/tmp/chess-n$cn-s$seed.bin" --positions "$cp" \
    --threads "$chess_threads" --nodes "$cn" --seed "$seed" --quiet > /tmp/datagen-chess.log 2>&1 &
timeout -s INT "$datagen" ./chariot datagen --out "/tmp/xq-n$xn-s$seed.bin" --positions "$xp" \
    --threads "$xq_threads" --nodes "$xn" --seed "$seed" --quiet > /tmp/datagen-xq.log 2>&1 &
wait
tail -n 3 /tmp/datagen-chess.log /tmp/datagen-xq.log
# split in parts under the 16 MiB a returned file may have (the logs are printed, not returned: at most 8 files)
xz -T0 -6 -c "/tmp/chess-n$cn-s$seed.bin" | split -b 15m - "$out/chess-n$cn-s$seed.bin.xz."
xz -T0 -6 -c "/tmp/xq-n$xn-s$seed.bin" | split -b 15m - "$out/xq-n$xn-s$seed.bin.xz."
ls -l "$out"; du -cb "$out"/* | tail -1
