#!/usr/bin/env bash
# Time to depth with 1 and with N threads on the bench positions (wall clock,
# both runs alternated K times; min and median). Needs an otherwise idle machine.
#   tools/smp_speedup.sh [DEPTH] [THREADS] [REPEAT]      (defaults 12 2 5)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-12} threads=${2:-2} repeat=${3:-5}
make -s chariot
one=() many=()
for _ in $(seq "$repeat"); do
    one+=("$(./chariot bench "$depth" 1 | awk '/^Time:/ {print $2}')")
    many+=("$(./chariot bench "$depth" "$threads" | awk '/^Time:/ {print $2}')")
done
stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "min %d ms, median %d ms", a[1], a[int((NR+1)/2)]}'; }
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "bench depth $depth, $repeat runs each"
echo "1 thread:  $(stats "${one[@]}")"
echo "$threads threads: $(stats "${many[@]}")"
awk -v a="$(med "${one[@]}")" -v b="$(med "${many[@]}")" 'BEGIN {printf "speed-up (median): %.2fx\n", a / b}'
