#!/usr/bin/env bash
# Time to depth with 1 and with N threads on the bench positions: bench's
# "Search time" (wall clock inside the searches, without the clearing of the
# table and histories between positions), 1- and N-thread runs alternated K
# times; min, median and mean of each, and the speed-up by medians and by
# means. Two-thread trees depend on thread timing, so one run says little:
# use K >= 15 to see differences of a few per cent. Needs an idle machine.
#   tools/bench/smp_speedup.sh [DEPTH] [THREADS] [REPEAT]      (defaults 12 2 15)
set -euo pipefail
cd "$(dirname "$0")/../.."
depth=${1:-12} threads=${2:-2} repeat=${3:-15}
make -s chariot
one=() many=()
search_ms() { ./chariot bench "$depth" "$1" | awk '/^Search time:/ {print $3}'; }
for _ in $(seq "$repeat"); do
    one+=("$(search_ms 1)")
    many+=("$(search_ms "$threads")")
done
# "min median mean" of the arguments
summary() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1; s+=$1} END {print a[1], a[int((NR+1)/2)], s/NR}'; }
read -r min1 med1 mean1 <<<"$(summary "${one[@]}")"
read -r minn medn meann <<<"$(summary "${many[@]}")"
echo "bench depth $depth, search time, $repeat runs each"
printf '1 thread:  min %d, median %d, mean %.0f ms\n' "$min1" "$med1" "$mean1"
printf '%s threads: min %d, median %d, mean %.0f ms\n' "$threads" "$minn" "$medn" "$meann"
awk -v a="$med1" -v b="$medn" -v c="$mean1" -v d="$meann" \
    'BEGIN {printf "speed-up: %.2fx by medians, %.2fx by means\n", a / b, c / d}'
