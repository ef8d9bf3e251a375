#!/usr/bin/env bash
# big_machine.sh - the reliability checks that need a larger machine than a
# developer's (docs/reliability.md), in one timed run:
#
#   1. the large-table test (tools/lab/large_table.py) at 16384, 32768 and 65536 MiB,
#      with as many clear threads as the machine has cores;
#   2. soak run B (tools/check/soak.py --run B: the release build against itself, Threads 2,
#      Ponder, injected stop/ponderhit/isready) with CONCURRENCY games at once, starting
#      games until the soak's time is up (--seconds) and finishing those in play;
#   3. beside both, FUZZERS fuzz_ucci processes at nice 19 on one output corpus, which
#      take only what the engines leave.
#
#   tools/check/big_machine.sh OUTDIR [SECONDS] [CONCURRENCY] [FUZZERS]
#                      (defaults 540, 3, 5; the whole run ends within SECONDS + 60)
#
# Needs ./chariot (make), fuzz-out/bin/fuzz_ucci (make fuzz-out/bin/fuzz_ucci), python3
# and Fairy-Stockfish (the soak's referee): $FAIRY, else fairy-stockfish on the PATH.
# $OPENINGS names the soak's openings (default tools/openings/openings-xq.txt); $SIZES the
# table sizes in MiB (default "16384 32768 65536"; a smaller list tries the script out).
# Writes OUTDIR/system.txt, large-table.txt, soak.txt, soak-log.tar.gz and fuzz.tar.gz
# (the fuzzers' logs, new inputs and any crash files). A soak needs 4 cores a game
# (two engines of two threads, both pondering): CONCURRENCY x 4 should not pass the cores.
set -uo pipefail
cd "$(dirname "$0")/../.."

out=${1:?usage: tools/check/big_machine.sh OUTDIR [SECONDS] [CONCURRENCY] [FUZZERS]}
secs=${2:-540}
conc=${3:-3}
nfuzz=${4:-5}
fairy=${FAIRY:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
openings=${OPENINGS:-tools/openings/openings-xq.txt}
sizes=${SIZES:-16384 32768 65536}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
t0=$(date +%s)
cores=$(nproc)

{
    date -u
    uname -a
    echo "cores $cores"
    grep -m1 "model name" /proc/cpuinfo
    free -m
    echo "vm.overcommit_memory $(cat /proc/sys/vm/overcommit_memory)"
    cat /sys/fs/cgroup/memory.max 2>/dev/null | sed 's/^/cgroup memory.max /'
    git log -1 --format='tree at %h %cd' --date=iso 2>/dev/null
    ls -l chariot fuzz-out/bin/fuzz_ucci "$fairy"
} >"$out/system.txt" 2>&1

# 3. the fuzzers, for the whole run
mkdir -p "$work/corpus" "$work/art"
pids=()
for i in $(seq 1 "$nfuzz"); do
    ASAN_OPTIONS=quarantine_size_mb=16 nice -n 19 fuzz-out/bin/fuzz_ucci -max_len=4096 -timeout=10 \
        -rss_limit_mb=8192 -max_total_time=$((secs + 20)) -print_final_stats=1 -dict=tests/fuzz/ucci.dict \
        -artifact_prefix="$work/art/" "$work/corpus" tests/fuzz/corpus/ucci >"$work/fuzz-$i.log" 2>&1 &
    pids+=($!)
done

# 1. large tables
timeout -k 10 240 python3 tools/lab/large_table.py --threads "$cores" $sizes >"$out/large-table.txt" 2>&1
echo "exit $? after $(($(date +%s) - t0)) s" >>"$out/large-table.txt"

# 2. soak run B for the time that is left
left=$((secs - ($(date +%s) - t0)))
if [ "$left" -gt 60 ]; then
    # no game starts after $left s; those in play are finished (15 s at most at 1+0.01 and 300 plies)
    timeout -k 10 $((left + 60)) python3 tools/check/soak.py --run B --games 1000 --seconds "$left" --threads 2 \
        --concurrency "$conc" --seed 27 --engine ./chariot --fairy "$fairy" --openings "$openings" \
        --log "$work/soak" --progress 25 >"$out/soak.txt" 2>&1
    echo "exit $? after $(($(date +%s) - t0)) s" >>"$out/soak.txt"
    tar -czf "$out/soak-log.tar.gz" -C "$work" soak 2>/dev/null
else
    echo "no time left for the soak ($left s)" >"$out/soak.txt"
fi

for p in "${pids[@]}"; do
    wait "$p"
done
tar -czf "$out/fuzz.tar.gz" -C "$work" corpus art $(cd "$work" && ls fuzz-*.log)
grep -ah "stat::number_of_executed_units\|average_exec\|peak_rss\|ERROR\|deadly" "$work"/fuzz-*.log >>"$out/system.txt"
echo "done after $(($(date +%s) - t0)) s" >>"$out/system.txt"
rm -rf "$work"
