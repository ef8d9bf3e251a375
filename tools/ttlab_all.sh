#!/usr/bin/env bash
# Every experiment behind docs/tt-lab.md, written as CSV under docs/ttlab/ (xiangqi) or
# docs/ttlab/chess/ (--chess: the same experiments on ./chariot-chess, with its own bench
# positions, game records and mate suite). Takes about 50 minutes a game on one core of the
# 2-core reference machine.
#   tools/ttlab_all.sh [--chess] [experiment ...]     (default: all of them)
set -euo pipefail
cd "$(dirname "$0")/.."
engine=./chariot out=docs/ttlab mates=tests/mates.epd
if [ "${1:-}" = --chess ]; then
    shift
    engine=./chariot-chess out=docs/ttlab/chess mates=tests/chess/mates.epd
fi
make -s "${engine#./}"
mkdir -p "$out"
run() { local name=$1; shift; rm -f "$out/$name.csv"; "$engine" ttlab "$@" --csv "$out/$name.csv"; }
want() { [ $# -eq 0 ] || [[ " $* " == *" $1 "* ]]; }
exps=("$@")
sel() { [ ${#exps[@]} -eq 0 ] && return 0; for e in "${exps[@]}"; do [ "$e" = "$1" ] && return 0; done; return 1; }

# Nodes to depth compare tables only among searches of one depth, so these run with internal
# iterative reduction off (with it, a node without a table move is searched a ply shallower).
# Without a table nothing depends on the size, and with IIR off it is slow (34-43 M nodes a run,
# depending on the key seed), so "off" runs once, with seed 0, beside the 64K tables.
if sel schemes; then
    run schemes schemes --no-iir --depth 14 --sizes 64K,256K,1M,4M --seeds 5 \
        --schemes always,depth,two-tier,two-layer,aged-bucket
    "$engine" ttlab schemes --no-iir --depth 14 --sizes 64K --schemes off --csv "$out/schemes.csv"
fi
sel sizes   && run sizes sizes --no-iir --depth 14 --sizes 64K-64M --schemes always,depth,aged-bucket --seeds 3
sel depth0  && run depth0 depth0 --no-iir --depth 14 --sizes 64K,1M,16M --schemes always,depth,aged-bucket --seeds 3
sel ordering && run ordering ordering --no-iir --depth 14 --sizes 16M --schemes aged-bucket --seeds 3
sel aging   && run aging aging --no-iir --depth 11 --plies 30 --sizes 256K,4M --schemes depth,two-tier,aged-bucket --seeds 2
# As the engine plays (IIR on): schemes and sizes to set beside the runs above, the mate suite,
# and IIR on and off side by side.
sel schemes-iir && run schemes-iir schemes --depth 14 --sizes 64K,256K,1M,4M --seeds 5
sel sizes-iir && run sizes-iir sizes --depth 14 --sizes 64K-256M --schemes always,depth,aged-bucket --seeds 3
sel mates   && run mates mates --depth 9 --sizes 16M --schemes aged-bucket --epd "$mates"
sel iir     && run iir iir --depth 10 --sizes 64K,16M --schemes always,aged-bucket,off
# The game alone: distinct positions against nodes at each ply of the full tree (no search, no table).
sel transpositions && run transpositions transpositions --depth 4
exit 0
