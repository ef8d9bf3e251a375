#!/usr/bin/env bash
# The trainer (tools/nnue/train.c, docs/nnue.md) on a small sample that datagen makes here (deterministic:
# the same seed and settings give the same bytes): a record file and its compact copy train the same net,
# the validation loss falls, the quantised net stays
# within the stated tolerance of the float net, an accumulator limit holds, the file has the documented
# size and header, a run stopped and resumed equals one never stopped, and bad input is refused with a message; the engine loads the net (EvalFile),
# evaluates with it, searches with it, and refuses the same file truncated, keeping the net it had.
#   bash tests/train_test.sh ENGINE TRAINER
set -euo pipefail
engine=${1:?engine}
trainer=${2:?trainer}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "train_test ($trainer): FAIL: $*"; exit 1; }
TOLERANCE_CP=3 # the largest mean |float - integer| difference accepted, in evaluation units (a pawn: xiangqi 147, chess about 100)

"$engine" datagen --out "$tmp/sample.bin" --games 40 --nodes 500 --seed 7 --quiet >/dev/null
# both data formats alike: a record file (tests/data) and its compact copy train the same net, byte for byte
game=$("$engine" datagen --dump "$tmp/sample.bin" 1 | sed -n '1s/^# \([a-z]*\) data.*/\1/p')
"$engine" datagen --convert "tests/data/records-$game.bin" "$tmp/records.chain" > /dev/null || fail "--convert exited with $?"
for f in "tests/data/records-$game.bin" "$tmp/records.chain"; do
    "$trainer" --data "$f" --out "$tmp/fmt-$(basename "$f").nnue" --hidden 16 --epochs 2 --batch 64 --threads 1 \
        > /dev/null || fail "training on $f exited with $?"
done
cmp -s "$tmp/fmt-records-$game.bin.nnue" "$tmp/fmt-records.chain.nnue" || fail "the two formats of one data trained other nets"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/net.nnue" --hidden 16 --epochs 8 --batch 128 --threads 2 \
    > "$tmp/log" || fail "training exited with $?"
first=$(awk '/^epoch 0:/ {print $5}' "$tmp/log")
last=$(awk '/^epoch [0-9]+: training/ {v=$8} END {print v}' "$tmp/log" | tr -d ,)
awk -v a="$first" -v b="$last" 'BEGIN {exit !(b < a)}' || fail "validation loss did not fall: $first -> $last"
mean=$(awk '/^quantised:/ {print $6}' "$tmp/log")
awk -v m="$mean" -v t="$TOLERANCE_CP" 'BEGIN {exit !(m < t)}' || fail "quantised net off by $mean cp on average"
grep -q '^ranges: largest |w2| [0-9.]* (the format.s limit 4), largest accumulator possible [0-9.]*' "$tmp/log" ||
    fail "the trainer did not print its weights' ranges"
# the accumulator limit (--acc-limit): a limit below this net's range holds the new net's range to it
range=$(awk '/^ranges:/ {print $12}' "$tmp/log")
awk -v r="$range" 'BEGIN {exit !(r > 0.5)}' || fail "the sample net's range $range is below the limit tried"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/held.nnue" --hidden 16 --epochs 4 --batch 128 --threads 2 \
    --acc-limit 0.5 > "$tmp/log3" || fail "training with --acc-limit exited with $?"
held=$(awk '/^ranges:/ {print $12}' "$tmp/log3")
awk -v r="$held" 'BEGIN {exit !(r <= 0.52)}' || fail "--acc-limit 0.5 left a range of $held" # 0.52: rounding
grep -q '^epoch [0-9]*: a unit scaled back to the accumulator limit 0.50 [0-9]* times' "$tmp/log3" ||
    fail "--acc-limit scaled no unit back, or did not say so"
# --acc-count squares (the count of the nets before 2026-11-28): the limit holds the bound by squares alone,
# which is never below the engine's (squares and a side's pieces of each type)
"$trainer" --data "$tmp/sample.bin" --out "$tmp/held2.nnue" --hidden 16 --epochs 4 --batch 128 --threads 2 \
    --acc-limit 0.5 --acc-count squares > "$tmp/log4" || fail "training with --acc-count squares exited with $?"
read -r both squares < <(awk '/^ranges:/ {sub(/;/, "", $16); print $12, $16}' "$tmp/log4")
awk -v r="$squares" -v b="$both" 'BEGIN {exit !(r <= 0.52 && b <= r)}' ||
    fail "--acc-count squares --acc-limit 0.5 left ranges $both and $squares (by squares)"
inputs=$(awk '/^wrote/ {print $3}' "$tmp/log")
want=$((64 + 2 * (inputs * 16 + 16 + 32) + 4)) # nnue_format.h
[ "$(stat -c %s "$tmp/net.nnue")" = "$want" ] || fail "net file of $(stat -c %s "$tmp/net.nnue") bytes, want $want"
[ "$(head -c 8 "$tmp/net.nnue")" = CHRTNNUE ] || fail "net file without its magic"
# the checkpoint: quantised again with --from and --epochs 0 it gives the same file; a bad one is refused
"$trainer" --data "$tmp/sample.bin" --out "$tmp/again.nnue" --from "$tmp/net.nnue.float" --epochs 0 > "$tmp/log2" ||
    fail "quantising the checkpoint exited with $?"
cmp -s "$tmp/net.nnue" "$tmp/again.nnue" || fail "the checkpoint quantised again differs from the net"
# a run stopped after 3 of its 8 epochs and resumed writes the same net and checkpoint as the run above;
# a resume with another setting is refused, naming it
"$trainer" --data "$tmp/sample.bin" --out "$tmp/part.nnue" --hidden 16 --epochs 8 --batch 128 --threads 2 \
    --stop-after 3 > "$tmp/log6" || fail "training with --stop-after exited with $?"
grep -q '^stopped after epoch 3 of 8' "$tmp/log6" && [ ! -e "$tmp/part.nnue" ] ||
    fail "--stop-after 3 did not stop after epoch 3, or wrote a net"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/part.nnue" --hidden 16 --epochs 8 --batch 128 --threads 2 \
    --resume > "$tmp/log7" || fail "--resume exited with $?"
grep -q "^resumed .*part.nnue.float after epoch 3 of 8" "$tmp/log7" || fail "--resume did not say where it went on"
cmp -s "$tmp/net.nnue" "$tmp/part.nnue" && cmp -s "$tmp/net.nnue.float" "$tmp/part.nnue.float" ||
    fail "a run stopped and resumed differs from one never stopped"
set +e
"$trainer" --data "$tmp/sample.bin" --out "$tmp/part.nnue" --hidden 16 --epochs 8 --batch 128 --lambda 0.3 \
    --resume 2> "$tmp/err"; rc=$?
set -e
[ $rc = 2 ] && grep -q 'written with lambda=0.5, this command has lambda=0.3' "$tmp/err" ||
    fail "a resume with another lambda: exit $rc, $(cat "$tmp/err")"
head -c 100 "$tmp/net.nnue.float" > "$tmp/short.float"
head -c 1000 "$tmp/net.nnue" > "$tmp/short.nnue"
if "$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --from "$tmp/short.float" 2> "$tmp/err"; then
    fail "a cut checkpoint accepted"
fi
grep -q 'is not a checkpoint' "$tmp/err" || fail "a cut checkpoint refused without a message: $(cat "$tmp/err")"
# --from a net file: its integer weights go back to floats exactly enough to give the same file again,
# training goes on from it, and a net the engine would refuse (another game's, a cut one) is refused
"$trainer" --data "$tmp/sample.bin" --out "$tmp/requant.nnue" --from "$tmp/net.nnue" --epochs 0 > "$tmp/log4" ||
    fail "quantising a net file again exited with $?"
cmp -s "$tmp/net.nnue" "$tmp/requant.nnue" || fail "a net file read back and written again differs"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/more.nnue" --from "$tmp/net.nnue" --epochs 2 --batch 128 \
    > "$tmp/log5" || fail "training on from a net file exited with $?"
grep -q '^wrote .*more.nnue: [0-9]* inputs, 16 hidden' "$tmp/log5" || fail "training on from a net file wrote no net"
other=$(dirname "$0")/../nets/chess.nnue
grep -q chess <<< "$engine" && other=$(dirname "$0")/../nets/xiangqi.nnue
if "$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --from "$other" --epochs 0 2> "$tmp/err"; then
    fail "the other game's net accepted by --from"
fi
grep -q "refused: a net for .* not for" "$tmp/err" || fail "the other game's net refused without its reason: $(cat "$tmp/err")"
if "$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --from "$tmp/short.nnue" --epochs 0 2> "$tmp/err"; then
    fail "a cut net file accepted by --from"
fi
grep -q "refused: .*truncated" "$tmp/err" || fail "a cut net file refused without its reason: $(cat "$tmp/err")"
# the engine reads what the trainer wrote; a truncated copy is refused and the net stays
printf 'uci\nsetoption name EvalFile value %s\nisready\neval\nsetoption name EvalFile value %s\neval\ngo depth 4\nquit\n' \
    "$tmp/net.nnue" "$tmp/short.nnue" | "$engine" > "$tmp/uci" 2>&1
grep -q "^info string eval net .*$tmp/net.nnue net (.* x 2 x 16 -> 1" "$tmp/uci" || fail "the engine did not load the net: $(cat "$tmp/uci")"
grep -q "^info string error: EvalFile '$tmp/short.nnue' refused: .*truncated" "$tmp/uci" || fail "a truncated net was not refused"
[ "$(grep -c "^info string eval net .*$tmp/net.nnue" "$tmp/uci")" = 2 ] || fail "the net did not stay after a refused file"
grep -q '^bestmove ' "$tmp/uci" || fail "no search with the net"
# the net as the build embeds it (tools/build/embed_net.sh): the C array holds the file's bytes exactly
sh "$(dirname "$0")/../tools/build/embed_net.sh" "$tmp/net.nnue" > "$tmp/net.c"
printf '#include <stdio.h>\nextern const unsigned char NNUE_EMBEDDED[];\nextern const size_t NNUE_EMBEDDED_SIZE;\nint main(void) { return fwrite(NNUE_EMBEDDED, 1, NNUE_EMBEDDED_SIZE, stdout) != NNUE_EMBEDDED_SIZE; }\n' > "$tmp/dump.c"
${CC:-cc} -o "$tmp/dump" "$tmp/dump.c" "$tmp/net.c"
"$tmp/dump" | cmp -s - "$tmp/net.nnue" || fail "the embedded array differs from the net file"
sh "$(dirname "$0")/../tools/build/embed_net.sh" "$tmp/none.nnue" > "$tmp/none.c"
grep -q 'NNUE_EMBEDDED_SIZE = 0' "$tmp/none.c" || fail "a missing net does not embed as an empty one"
# output buckets (--buckets): a version-4 file of the documented size; the validation loss falls; the engine
# loads it and searches; --from a one-bucket net starts every bucket from it (its first epoch's loss is the
# one-bucket net's, not a random start's); stopped and resumed equals never stopped; --buckets 9 is refused
"$trainer" --data "$tmp/sample.bin" --out "$tmp/b8.nnue" --hidden 16 --epochs 6 --batch 128 --threads 2 \
    --buckets 8 > "$tmp/logb" || fail "training with --buckets 8 exited with $?"
want=$((64 + 2 * (inputs * 16 + 16 + 8 * 32) + 4 * 8))
[ "$(stat -c %s "$tmp/b8.nnue")" = "$want" ] || fail "a net of 8 buckets has $(stat -c %s "$tmp/b8.nnue") bytes, want $want"
[ "$(od -An -tu4 -j8 -N4 "$tmp/b8.nnue" | tr -d ' ')" = 4 ] && [ "$(od -An -tu4 -j32 -N4 "$tmp/b8.nnue" | tr -d ' ')" = 8 ] ||
    fail "a net of 8 buckets is not version 4 with 8 in its header"
[ "$(od -An -tu4 -j8 -N4 "$tmp/net.nnue" | tr -d ' ')" = 3 ] || fail "a net of one bucket is not written as version 3"
loss_falls() { # LOG WHAT: the validation loss of the run that wrote LOG fell from its first epoch to its last
    local first last
    first=$(awk '/^epoch 0:/ {print $5}' "$1")
    last=$(awk '/^epoch [0-9]+: training/ {v=$8} END {print v}' "$1" | tr -d ,)
    awk -v a="$first" -v b="$last" 'BEGIN {exit !(b < a)}' || fail "$2: the validation loss did not fall: $first -> $last"
}
loss_falls "$tmp/logb" "with 8 buckets"
printf 'uci\nsetoption name EvalFile value %s\nisready\neval\ngo depth 4\nquit\n' "$tmp/b8.nnue" | "$engine" > "$tmp/ucib" 2>&1
grep -q "^info string eval net .*b8.nnue net (.* x 2 x 16 -> 1 of 8 output buckets by pieces" "$tmp/ucib" &&
    grep -q '^bestmove ' "$tmp/ucib" || fail "the engine did not load and search with 8 buckets: $(cat "$tmp/ucib")"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/wide.nnue" --from "$tmp/net.nnue" --buckets 8 --epochs 1 \
    --batch 128 > "$tmp/logw" || fail "--from a one-bucket net with --buckets 8 exited with $?"
awk '/^epoch 0:/ {w=$5} END {print w}' "$tmp/logw" | grep -qx "$(awk '/^epoch 0:/ {print $5}' "$tmp/log5")" ||
    fail "a one-bucket net widened to 8 buckets does not start where the net stands: $(grep '^epoch 0' "$tmp/logw" "$tmp/log5")"
stop_resume() { # NET OUT ARGS...: OUT trained with ARGS for 6 epochs, stopped after 2 and resumed, equals NET
    local net=$1 part=$2
    shift 2
    "$trainer" --data "$tmp/sample.bin" --out "$part" --hidden 16 --epochs 6 --batch 128 --threads 2 "$@" \
        --stop-after 2 > /dev/null || fail "$* --stop-after 2 exited with $?"
    "$trainer" --data "$tmp/sample.bin" --out "$part" --hidden 16 --epochs 6 --batch 128 --threads 2 "$@" \
        --resume > /dev/null || fail "$* --resume exited with $?"
    cmp -s "$net" "$part" || fail "with $* a run stopped and resumed differs from one never stopped"
}
stop_resume "$tmp/b8.nnue" "$tmp/bpart.nnue" --buckets 8
# king-relative inputs (--king-mirror): a version-5 file with the layout bit in its header and the size of
# its buckets; the validation loss falls; the engine loads it, says so and searches; stopped and resumed
# equals never stopped; --from it keeps the layout; a plain run resumed with the layout is refused
"$trainer" --data "$tmp/sample.bin" --out "$tmp/km.nnue" --hidden 16 --epochs 6 --batch 128 --threads 2 \
    --buckets 8 --king-mirror > "$tmp/logk" || fail "training with --king-mirror exited with $?"
[ "$(stat -c %s "$tmp/km.nnue")" = "$want" ] || fail "a king-relative net of 8 buckets has $(stat -c %s "$tmp/km.nnue") bytes, want $want"
[ "$(od -An -tu4 -j8 -N4 "$tmp/km.nnue" | tr -d ' ')" = 5 ] && [ "$(od -An -tu4 -j36 -N4 "$tmp/km.nnue" | tr -d ' ')" = 1 ] ||
    fail "a king-relative net is not version 5 with layout 1 in its header"
[ "$(od -An -tu4 -j36 -N4 "$tmp/b8.nnue" | tr -d ' ')" = 0 ] || fail "a net without the layout has layout bits"
loss_falls "$tmp/logk" "king-relative"
cmp -s "$tmp/km.nnue" "$tmp/b8.nnue" && fail "the king-relative net equals the plain one"
printf 'uci\nsetoption name EvalFile value %s\nisready\neval\ngo depth 4\nquit\n' "$tmp/km.nnue" | "$engine" > "$tmp/ucik" 2>&1
grep -q "^info string eval net .*km.nnue net (.* x 2 x 16 -> 1 of 8 output buckets by pieces, king-relative" "$tmp/ucik" &&
    grep -q '^bestmove ' "$tmp/ucik" || fail "the engine did not load and search with a king-relative net: $(cat "$tmp/ucik")"
stop_resume "$tmp/km.nnue" "$tmp/kpart.nnue" --buckets 8 --king-mirror
"$trainer" --data "$tmp/sample.bin" --out "$tmp/kagain.nnue" --from "$tmp/km.nnue" --epochs 0 > /dev/null ||
    fail "quantising a king-relative net again exited with $?"
cmp -s "$tmp/km.nnue" "$tmp/kagain.nnue" || fail "a king-relative net read back and written again differs"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/kpart2.nnue" --hidden 16 --epochs 6 --batch 128 --threads 2 \
    --buckets 8 --stop-after 2 > /dev/null || fail "--buckets 8 --stop-after 2 exited with $?"
set +e
"$trainer" --data "$tmp/sample.bin" --out "$tmp/kpart2.nnue" --hidden 16 --epochs 6 --batch 128 --threads 2 \
    --buckets 8 --king-mirror --resume 2> "$tmp/err"; rc=$?
set -e
[ $rc = 2 ] && grep -q 'this command has .*not resumed' "$tmp/err" || # the inputs' hash differs first
    fail "a king-relative resume of a plain run: exit $rc, $(cat "$tmp/err")"
# squared clipped ReLU (--screlu): a version-5 file with the layout bit 2 (3 with --king-mirror); the loss
# falls; the quantised net stays within the tolerance; the engine loads it, says so and searches; stopped
# and resumed equals never stopped; read back and written again it is the same file; not the plain net
"$trainer" --data "$tmp/sample.bin" --out "$tmp/sq.nnue" --hidden 16 --epochs 6 --batch 128 --threads 2 \
    --buckets 8 --king-mirror --screlu > "$tmp/logs" || fail "training with --screlu exited with $?"
[ "$(stat -c %s "$tmp/sq.nnue")" = "$want" ] || fail "a squared-ReLU net of 8 buckets has $(stat -c %s "$tmp/sq.nnue") bytes, want $want"
[ "$(od -An -tu4 -j8 -N4 "$tmp/sq.nnue" | tr -d ' ')" = 5 ] && [ "$(od -An -tu4 -j36 -N4 "$tmp/sq.nnue" | tr -d ' ')" = 3 ] ||
    fail "a king-relative squared-ReLU net is not version 5 with layout 3 in its header"
loss_falls "$tmp/logs" "squared ReLU"
sq_mean=$(awk '/^quantised:/ {print $6}' "$tmp/logs")
awk -v m="$sq_mean" -v t="$TOLERANCE_CP" 'BEGIN {exit !(m < t)}' || fail "the quantised squared-ReLU net is off by $sq_mean cp on average"
cmp -s "$tmp/sq.nnue" "$tmp/km.nnue" && fail "the squared-ReLU net equals the plain one"
printf 'uci\nsetoption name EvalFile value %s\nisready\neval\ngo depth 4\nquit\n' "$tmp/sq.nnue" | "$engine" > "$tmp/ucis" 2>&1
grep -q "^info string eval net .*sq.nnue net (.* x 2 x 16 -> 1 of 8 output buckets by pieces, king-relative, squared ReLU" "$tmp/ucis" &&
    grep -q '^bestmove ' "$tmp/ucis" || fail "the engine did not load and search with a squared-ReLU net: $(cat "$tmp/ucis")"
stop_resume "$tmp/sq.nnue" "$tmp/spart.nnue" --buckets 8 --king-mirror --screlu
"$trainer" --data "$tmp/sample.bin" --out "$tmp/sagain.nnue" --from "$tmp/sq.nnue" --epochs 0 > /dev/null ||
    fail "quantising a squared-ReLU net again exited with $?"
cmp -s "$tmp/sq.nnue" "$tmp/sagain.nnue" || fail "a squared-ReLU net read back and written again differs"
"$trainer" --data "$tmp/sample.bin" --out "$tmp/sq1.nnue" --hidden 16 --epochs 2 --batch 128 --screlu > /dev/null ||
    fail "--screlu alone exited with $?"
[ "$(od -An -tu4 -j36 -N4 "$tmp/sq1.nnue" | tr -d ' ')" = 2 ] || fail "a squared-ReLU net without king-relative inputs is not layout 2"
# bad input: a file that is not training data, a missing option, a value out of range
printf 'not training data%.0s' {1..40} > "$tmp/junk.bin"
if "$trainer" --data "$tmp/junk.bin" --out "$tmp/x" 2> "$tmp/err"; then fail "junk data accepted"; fi
grep -q 'is not .* training data' "$tmp/err" || fail "junk data refused without a message: $(cat "$tmp/err")"
set +e
"$trainer" --out "$tmp/x" 2> "$tmp/err"; rc=$?
"$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --hidden 12 2>> "$tmp/err"; rc2=$?
"$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --acc-limit 33 2>> "$tmp/err"; rc3=$? # int16 holds 32.03
"$trainer" --data "$tmp/sample.bin" --out "$tmp/x" --buckets 9 2>> "$tmp/err"; rc4=$?
set -e
[ $rc = 2 ] && [ $rc2 = 2 ] && [ $rc3 = 2 ] && [ $rc4 = 2 ] || fail "bad options exit with $rc, $rc2, $rc3 and $rc4, want 2"
echo "train_test ($trainer): ok (validation loss $first -> $last, quantised mean difference $mean cp)"
