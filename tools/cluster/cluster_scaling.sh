#!/usr/bin/env bash
# The scaling curve of docs/cluster.md, in one go on a machine with many cores (a lent 16-core machine:
# about 8 minutes). It builds ./chariot and ./chariot-mpi, says which MPI and which windows the library
# gives (the fallback the cluster takes, if any), then prints
#   1. Lazy SMP as `./chariot bench DEPTH T` measures it: search time and nodes/s for T = 1, 2, 4, 8, 16;
#   2. time to depth and nodes/s through UCI (tools/cluster/cluster_lab.py, the 40 bench positions, go depth DEPTH)
#      for 1 process of 1-16 threads, 2-16 ranks of 1 thread with the node shared (ClusterNodeShare, the
#      default), and the same ranks apart (each as if on a node of its own: everything crosses MPI);
#   3. a text plot of the speed-ups, for docs/cluster.md.
# The lab's sessions alternate; it starts none after its deadline (so the script ends within ~9 minutes)
# and prints what it has.
#   tools/cluster/cluster_scaling.sh [DEPTH] [REPEAT] [MAX]     (defaults 16 2 16: 1, 2, 4, ... MAX threads and ranks)
# SCALING_SECONDS (default 480) is the time after which the lab starts no new session.
set -uo pipefail
cd "$(dirname "$0")/../.."
depth=${1:-16} repeat=${2:-2} max=${3:-16}
began=$(date +%s)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
counts=()
for ((n = 1; n <= max; n *= 2)); do counts+=("$n"); done

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(. /etc/os-release && echo "$PRETTY_NAME")"
echo "== MPI: $(mpirun --version 2>&1 | head -1); one-sided components: $(ompi_info 2>/dev/null | awk '/MCA osc:/ {printf "%s ", $3}')"
echo "== commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%d)"
make -s -j"$(nproc)" chariot chariot-mpi || exit 1

echo "== the windows the library gives 2 ranks (tools/cluster/mpi_windows.c), then what chariot-mpi says (nothing: every window)"
if mpicc -o /tmp/mpi_windows.$$ tools/cluster/mpi_windows.c; then
    for level in multiple single; do
        timeout 60 mpirun --oversubscribe -np 2 /tmp/mpi_windows.$$ "$level" 2>&1 | grep '^thread level'
    done
    rm -f /tmp/mpi_windows.$$
fi
for opts in "" "--mca osc sm"; do
    out=$(printf 'uci\nisready\nposition startpos\ngo depth 8\n' | timeout 60 mpirun --oversubscribe --bind-to none $opts -np 2 ./chariot-mpi 2>&1)
    echo "mpirun ${opts:-(default components)}: rc $?, $(grep -c '^bestmove' <<<"$out") bestmove; $(grep '^info string' <<<"$out" || echo 'no fallback')"
done

echo "== Lazy SMP: ./chariot bench $depth T"
printf '%8s %12s %12s %8s %8s\n' threads "search ms" "nodes/s" speedup "nps x"
t1= n1=
for t in "${counts[@]}"; do
    read -r ms nps < <(./chariot bench "$depth" "$t" 2>&1 | awk '/^Search time:/ {ms = $3} /^Nodes\/second:/ {nps = $2} END {print ms, nps}')
    t1=${t1:-$ms} n1=${n1:-$nps}
    awk -v t="$t" -v ms="$ms" -v nps="$nps" -v t1="$t1" -v n1="$n1" \
        'BEGIN {printf "%8d %12d %12d %8.2f %8.2f\n", t, ms, nps, t1 / ms, nps / n1}'
done

configs=
for n in "${counts[@]}"; do configs+="1x$n,"; done
for n in "${counts[@]:1}"; do configs+="${n}x1,"; done
for n in "${counts[@]:1}"; do configs+="${n}x1-apart,"; done
left=$((${SCALING_SECONDS:-480} - ($(date +%s) - began)))
echo "== through UCI: tools/cluster/cluster_lab.py --depth $depth --repeat $repeat --hash 64 --home-mb auto (deadline ${left} s)"
python3 tools/cluster/cluster_lab.py --depth "$depth" --repeat "$repeat" --latency 0 --hash 64 --home-mb auto \
    --deadline "$left" --configs "${configs%,}" | tee /tmp/cluster_scaling.$$ || true

echo "== speed-up of time to depth over 1x1 (each # is 0.25x)"
awk '/^configuration/ {on = 1; next} on && NF >= 5 && $4 ~ /^[0-9.]+$/ {
        bar = ""; for (i = 0; i < int($4 * 4 + 0.5); i++) bar = bar "#"
        printf "%-12s %5.2f %s\n", $1, $4, bar }' /tmp/cluster_scaling.$$
rm -f /tmp/cluster_scaling.$$
echo "== done in $(($(date +%s) - began)) s"
