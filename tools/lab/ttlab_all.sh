#!/usr/bin/env bash
# Every experiment behind docs/tt-lab.md, written as CSV under docs/ttlab/GAME-EVAL/: GAME is
# xiangqi (./chariot) or chess (--chess: ./chariot-chess, with its own bench positions, game
# records and mate suite), EVAL the evaluation every search uses (--eval net: the embedded net,
# the default; --eval fitted: the hand-written one). About 50 minutes a run on one core of the
# 2-core reference machine; two runs side by side use both.
#   tools/lab/ttlab_all.sh [--chess] [--eval net|fitted] [experiment ...]     (default: all of them)
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=./chariot game=xiangqi mates=tests/mates.epd eval=net
while [ $# -gt 0 ]; do
    case $1 in
    --chess) engine=./chariot-chess game=chess mates=tests/chess/mates.epd; shift ;;
    --eval)
        [ $# -ge 2 ] && { [ "$2" = net ] || [ "$2" = fitted ]; } || { echo "ttlab_all.sh: --eval net or fitted" >&2; exit 2; }
        eval=$2; shift 2 ;;
    *) break ;;
    esac
done
out=docs/ttlab/$game-$eval
make -s "${engine#./}"
mkdir -p "$out"
run() { local name=$1; shift; rm -f "$out/$name.csv"; "$engine" ttlab "$@" --eval "$eval" --csv "$out/$name.csv"; }
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
    "$engine" ttlab schemes --no-iir --depth 14 --sizes 64K --schemes off --eval "$eval" --csv "$out/schemes.csv"
fi
sel sizes   && run sizes sizes --no-iir --depth 14 --sizes 64K-64M --schemes always,depth,aged-bucket --seeds 3
sel depth0  && run depth0 depth0 --no-iir --depth 14 --sizes 64K,1M,16M --schemes always,depth,aged-bucket --seeds 3
sel ordering && run ordering ordering --no-iir --depth 14 --sizes 16M --schemes aged-bucket --seeds 3
# The table move's worth with the rest of the ordering switched off in turn (killers, histories, both).
sel ablation && run ablation ablation --no-iir --depth 14 --sizes 16M --schemes aged-bucket --seeds 3
sel aging   && run aging aging --no-iir --depth 11 --plies 30 --sizes 256K,4M --schemes depth,two-tier,aged-bucket --seeds 2
# What a probe and a store cost under each scheme, apart from any search (the same stream for all; CPU
# time, so run it with nothing else on the machine: the other experiments' node counts do not care).
sel probecost && run probecost probecost --sizes 64K,1M,64M --schemes always,depth,two-tier,two-layer,aged-bucket --seeds 5
# As the engine plays (IIR on): schemes and sizes to set beside the runs above, the mate suite,
# and IIR on and off side by side.
sel schemes-iir && run schemes-iir schemes --depth 14 --sizes 64K,256K,1M,4M --seeds 5
sel sizes-iir && run sizes-iir sizes --depth 14 --sizes 64K-256M --schemes always,depth,aged-bucket --seeds 3
sel mates   && run mates mates --depth 9 --sizes 16M --schemes aged-bucket --epd "$mates"
sel iir     && run iir iir --depth 10 --sizes 64K,16M --schemes always,aged-bucket,off
# The game alone: distinct positions against nodes at each ply of the full tree (no search, no table,
# no evaluation): only when asked for by name, into docs/ttlab/transpositions-GAME.csv.
if [ ${#exps[@]} -gt 0 ] && sel transpositions; then
    rm -f "docs/ttlab/transpositions-$game.csv"
    "$engine" ttlab transpositions --depth 4 --csv "docs/ttlab/transpositions-$game.csv"
fi
exit 0
