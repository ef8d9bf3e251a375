#!/usr/bin/env bash
# The evaluation tuner (tools/tune/tune.c) on a small sample of labelled
# positions (tests/tune-sample.tsv: 1,500 lines of the first tuning round's
# labelled.tsv, see docs/tuning.md). Checks that
#   - with no pass, --write leaves the weights header byte for byte as it was
#     (the writer reproduces the header it reads);
#   - one pass lowers the fitting error, and --write then changes the header;
#   - --only moves no weight outside the names it is given;
#   - a missing input file and a header without weights are errors.
#   tests/tune_test.sh ./chariot-tune
#   tests/tune_test.sh ./chariot-tune-chess tests/chess/tune-sample.tsv src/chess/eval_weights.h 'ROOK_MG,PAWN_MG_1*'
set -euo pipefail
tune=${1:-./chariot-tune}
here=$(cd "$(dirname "$0")" && pwd)
sample=${2:-$here/tune-sample.tsv}
header=${3:-$here/../src/xiangqi/eval_weights.h}
only=${4:-ROOK_VALUE,PAWN_SQ3*}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "tune_test: FAIL: $*"; exit 1; }
# every X(NAME, value) of a header, one per line
weights() { grep -o 'X([A-Z0-9_]*, -\?[0-9]*)' "$1"; }
# is $1 one of the names of the --only list (NAME, or NAME* for a prefix)?
in_only() {
    local item items
    IFS=, read -ra items <<<"$only"
    for item in "${items[@]}"; do
        case $item in
        *\*) [[ $1 == "${item%\*}"* ]] && return 0 ;;
        *) [ "$1" = "$item" ] && return 0 ;;
        esac
    done
    return 1
}
# "error E" on the line that starts with $2 in file $1
error_of() { awk -v k="$2" 'index($0, k) == 1 { for (i = 1; i < NF; i++) if ($i == "error") { print $(i + 1); exit } }' "$1"; }

cp "$header" "$tmp/w0.h"
"$tune" "$sample" --passes 0 --threads 1 --write "$tmp/w0.h" > "$tmp/out0" 2>&1 || fail "--passes 0 exited with $?"
cmp -s "$header" "$tmp/w0.h" || fail "--passes 0 --write changed the header"
grep -q '^weights written to' "$tmp/out0" || fail "no 'weights written' line"

cp "$header" "$tmp/w1.h"
"$tune" "$sample" --passes 1 --threads 2 --write "$tmp/w1.h" > "$tmp/out1" 2>&1 || fail "--passes 1 exited with $?"
before=$(error_of "$tmp/out1" "chariot:")
after=$(error_of "$tmp/out1" "fitted:")
[ -n "$before" ] && [ -n "$after" ] || fail "no error figures in the output"
awk -v a="$after" -v b="$before" 'BEGIN { exit !(a < b) }' || fail "one pass did not lower the error ($before -> $after)"
cmp -s "$header" "$tmp/w1.h" && fail "one pass wrote the same weights"
[ "$(weights "$tmp/w1.h" | wc -l)" = "$(weights "$header" | wc -l)" ] || fail "the written header lost weights"

cp "$header" "$tmp/w2.h"
"$tune" "$sample" --passes 2 --threads 2 --only "$only" --write "$tmp/w2.h" > "$tmp/out2" 2>&1 ||
    fail "--only exited with $?"
# every X(NAME, value) whose value changed must be one of the names given
moved=$({ diff <(weights "$header") <(weights "$tmp/w2.h") || true; } | sed -n 's/^> X(\([A-Z0-9_]*\),.*/\1/p')
[ -n "$moved" ] || fail "--only moved nothing"
for name in $moved; do
    in_only "$name" || fail "--only moved $name"
done

"$tune" "$tmp/missing.tsv" --passes 0 > "$tmp/out3" 2>&1 && fail "a missing input file was accepted"
echo 'no weights here' > "$tmp/empty.h"
"$tune" "$sample" --passes 0 --write "$tmp/empty.h" > "$tmp/out4" 2>&1 && fail "a header without weights was accepted"
echo "tune_test: all passed ($before -> $after after one pass; --only moved $(echo "$moved" | wc -w) weights)"
