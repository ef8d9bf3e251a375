#!/usr/bin/env bash
# tools/nnue/nnue_rounds.sh, the nets from nothing, in miniature (SHRINK divides every count of games and
# positions): every round of a game runs, on one datagen worker and again on two, and both runs write
# the same bytes for every net (docs/nnue.md: datagen gives the same file for any worker count, the
# trainer the same net for the same data); the engine loads the net the script names as the shipped
# one; a bad SHRINK is refused.
#   bash tests/rounds_test.sh xiangqi|chess
set -euo pipefail
game=${1:?usage: tests/rounds_test.sh xiangqi|chess}
SHRINK_TEST=2000 # about a minute a run for chess on two cores, 15 s for xiangqi
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "rounds_test ($game): FAIL: $*"; exit 1; }
for workers in 1 2; do
    SHRINK=$SHRINK_TEST bash tools/nnue/nnue_rounds.sh "$game" "$tmp/w$workers" "$workers" > "$tmp/log$workers" 2>&1 ||
        fail "the script exited with $? on $workers workers: $(tail -5 "$tmp/log$workers")"
    (cd "$tmp/w$workers" && sha256sum ./*.nnue) > "$tmp/sums$workers"
done
nets=$(wc -l < "$tmp/sums1")
[ "$nets" -ge 4 ] || fail "only $nets nets written"
cmp -s "$tmp/sums1" "$tmp/sums2" || fail "the nets differ between 1 and 2 workers: $(diff "$tmp/sums1" "$tmp/sums2")"
engine=./chariot
[ "$game" = chess ] && engine=./chariot-chess
last=$(sed -n 's/^shipped: //p' "$tmp/log2")
[ -s "$last" ] || fail "the script named no shipped net: $(tail -3 "$tmp/log2")"
printf 'uci\nsetoption name EvalFile value %s\nisready\neval\ngo depth 3\nquit\n' "$last" | "$engine" > "$tmp/uci" 2>&1
grep -q "^info string eval net .*$last" "$tmp/uci" || fail "the engine did not load $last: $(cat "$tmp/uci")"
grep -q '^bestmove ' "$tmp/uci" || fail "no search with $last"
if SHRINK=0 bash tools/nnue/nnue_rounds.sh "$game" "$tmp/bad" 1 2> "$tmp/err"; then
    fail "SHRINK=0 accepted"
fi
grep -q 'SHRINK is a whole number' "$tmp/err" || fail "SHRINK=0 refused without its message: $(cat "$tmp/err")"
echo "rounds_test ($game): $nets nets, the same bytes on 1 and 2 workers; the engine loads $(basename "$last"): passed"
