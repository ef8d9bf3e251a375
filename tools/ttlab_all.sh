#!/usr/bin/env bash
# Every experiment behind docs/tt-lab.md, written as CSV under docs/ttlab/.
# Takes about half an hour on one core of the 2-core reference machine.
#   tools/ttlab_all.sh [experiment ...]     (default: all of them)
set -euo pipefail
cd "$(dirname "$0")/.."
make -s chariot
out=docs/ttlab
mkdir -p "$out"
run() { local name=$1; shift; rm -f "$out/$name.csv"; ./chariot ttlab "$@" --csv "$out/$name.csv"; }
want() { [ $# -eq 0 ] || [[ " $* " == *" $1 "* ]]; }
exps=("$@")
sel() { [ ${#exps[@]} -eq 0 ] && return 0; for e in "${exps[@]}"; do [ "$e" = "$1" ] && return 0; done; return 1; }

sel schemes && run schemes schemes --depth 10 --sizes 64K,256K,1M,4M --seeds 5
sel sizes   && run sizes sizes --depth 10 --sizes 64K-1G --schemes always,depth,aged-bucket --seeds 3
sel depth0  && run depth0 depth0 --depth 10 --sizes 64K,1M,16M --schemes always,depth,aged-bucket --seeds 3
sel ordering && run ordering ordering --depth 10 --sizes 16M --schemes aged-bucket --seeds 3
sel aging   && run aging aging --depth 8 --plies 30 --sizes 256K,4M --schemes depth,two-tier,aged-bucket --seeds 2
sel mates   && run mates mates --depth 9 --sizes 16M --schemes aged-bucket --epd tests/mates.epd
sel iir     && run iir iir --depth 10 --sizes 64K,16M --schemes always,aged-bucket,off
exit 0
