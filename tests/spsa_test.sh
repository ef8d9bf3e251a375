#!/usr/bin/env bash
# The tuning build and the SPSA tuner (docs/tuning.md, "The search's numbers"):
#   - the tuning build searches exactly as the engine with every number at its default (bench equal);
#   - a number set through its UCI option changes the search (bench differs); one out of range is refused;
#   - HashKiB (the tuning build only) sets a table below a MiB: 20,000 nodes fill it;
#   - tools/tune/spsa.py runs iterations, writes its state, resumes from it, keeps every number in its range;
#     an unknown number and an engine without tunable numbers are refused.
#   tests/spsa_test.sh ./chariot ./chariot-tunable [openings]
set -euo pipefail
plain=${1:?engine} tunable=${2:?tuning build} openings=${3:-tools/openings/openings-xq.txt}
game=xiangqi
case "$plain" in *chess*) game=chess ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "spsa_test ($tunable): FAIL: $*"; exit 1; }
nodes() { grep 'Nodes searched' "$1" | head -1 | tr -dc 0-9; } # FILE (no early exit in a pipe: pipefail)

"$plain" bench > "$tmp/b1" 2>&1
"$tunable" bench > "$tmp/b2" 2>&1
want=$(nodes "$tmp/b1")
got=$(nodes "$tmp/b2")
[ -n "$want" ] && [ "$got" = "$want" ] || fail "bench $got in the tuning build, $want in the engine"
printf 'uci\nsetoption name RFP_MARGIN value 60\nsetoption name LMR_BASE_PCT value 120\nbench\nquit\n' |
    "$tunable" > "$tmp/b3" 2>&1
moved=$(nodes "$tmp/b3")
[ -n "$moved" ] && [ "$moved" != "$want" ] || fail "bench with RFP_MARGIN 60, LMR_BASE_PCT 120: $moved (default $want)"
printf 'uci\nsetoption name RFP_MARGIN value 9999\nquit\n' | "$tunable" > "$tmp/o1" 2>&1
grep -q 'info string error: .*RFP_MARGIN' "$tmp/o1" || fail "RFP_MARGIN 9999 (above its range) was not refused"
printf 'uci\nquit\n' | "$plain" > "$tmp/o2"
grep -q 'option name RFP_MARGIN' "$tmp/o2" && fail "the engine itself offers RFP_MARGIN"
grep -q 'option name HashKiB' "$tmp/o2" && fail "the engine itself offers HashKiB"
# HashKiB: a table below a MiB in play (docs/tt-lab.md): 20,000 nodes fill 16 KiB, not 1 MiB; out of range refused
hashfull() { # SETOPTIONS: the last hashfull of a 20,000-node search
    printf 'uci\n%bposition startpos\ngo nodes 20000\n' "$1" | "$tunable" 2>&1 | grep -o 'hashfull [0-9]*' | tail -1 |
        tr -dc 0-9
}
small=$(hashfull 'setoption name HashKiB value 16\n')
big=$(hashfull 'setoption name Hash value 1\n')
[ -n "$small" ] && [ -n "$big" ] && [ "$small" -ge 500 ] && [ "$big" -lt "$small" ] ||
    fail "hashfull after 20,000 nodes: $small with HashKiB 16, $big with Hash 1"
printf 'uci\nsetoption name HashKiB value 2000000\nquit\n' | "$tunable" > "$tmp/o3" 2>&1
grep -q 'info string error: .*HashKiB' "$tmp/o3" || fail "HashKiB 2000000 (above its range) was not refused"

run() { python3 tools/tune/spsa.py --engine "$tunable" --game $game --params RFP_MARGIN,LMP_BASE --pairs 1 --nodes 300 \
    --openings "$openings" --state "$tmp/state.json" "$@"; }
run --iterations 2 > "$tmp/out1" 2>&1 || fail "spsa exited with $?: $(tail -3 "$tmp/out1")"
grep -q 'iteration 2/2' "$tmp/out1" || fail "no second iteration: $(cat "$tmp/out1")"
grep -q 'X(RFP_MARGIN, [0-9]*, 40, 200)' "$tmp/out1" || fail "no SEARCH_PARAMS line: $(cat "$tmp/out1")"
# the same command goes on from the state (its schedule: 2 iterations, so nothing is left)
run --iterations 2 > "$tmp/out2" 2>&1 || fail "the resumed run exited with $?"
grep -q 'resuming .* at iteration 2 of 2' "$tmp/out2" || fail "not resumed: $(cat "$tmp/out2")"
python3 - "$tmp/state.json" <<'PY' || fail "the state: $(head -c 400 "$tmp/state.json")"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["iteration"] == 2 and len(s["history"]) == 2, s["iteration"]
for h in s["history"]:
    assert h["w"] + h["d"] + h["l"] == 2, h
for name, p in s["params"].items():
    assert p["min"] <= p["value"] <= p["max"], (name, p)
PY
rc=0
python3 tools/tune/spsa.py --engine "$tunable" --params NO_SUCH_NUMBER --iterations 1 --state "$tmp/x.json" > "$tmp/err" 2>&1 || rc=$?
[ $rc != 0 ] && grep -q 'NO_SUCH_NUMBER: not among' "$tmp/err" || fail "an unknown number was taken (exit $rc)"
rc=0
python3 tools/tune/spsa.py --engine "$plain" --iterations 1 --state "$tmp/y.json" > "$tmp/err" 2>&1 || rc=$?
[ $rc != 0 ] && grep -q 'make tunable' "$tmp/err" || fail "an engine without tunable numbers was taken (exit $rc)"
echo "spsa_test ($tunable): ok (bench $want as the engine's, $moved with two numbers moved; 2 iterations, resumed)"
