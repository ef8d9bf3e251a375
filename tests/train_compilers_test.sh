#!/usr/bin/env bash
# Two builds of the net trainer (tools/nnue/train.c), by different compilers, train the same nets byte for byte
# on a sample datagen makes here: the integer net and its float weights (OUT.float, from which --from goes on),
# plain and with the squared clipped ReLU, with output buckets and king-relative inputs. A net's remaking
# recipe (tools/nnue/nnue_rounds.sh) then holds whichever compiler a machine has. The Makefile builds the
# trainer with -ffp-contract=off: clang otherwise fuses a * b + c into one rounding where the processor has
# FMA, and gcc in ISO C mode does not, so the float weights drift apart from the first batch on.
#   bash tests/train_compilers_test.sh ENGINE TRAINER_A TRAINER_B
set -euo pipefail
engine=${1:?engine}
trainer_a=${2:?first trainer}
trainer_b=${3:?second trainer}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "train_compilers_test: FAIL: $*"; exit 1; }

"$engine" datagen --out "$tmp/sample.bin" --games 60 --nodes 300 --seed 11 --quiet >/dev/null
for variant in plain screlu; do
    extra=(--buckets 8 --king-mirror)
    [ "$variant" = screlu ] && extra+=(--screlu)
    for t in a b; do
        tr=trainer_$t
        "${!tr}" --data "$tmp/sample.bin" --out "$tmp/$variant-$t.nnue" --hidden 32 --epochs 3 --batch 256 \
            --threads 2 "${extra[@]}" >/dev/null || fail "$variant: $(basename "${!tr}") exited with $?"
    done
    cmp -s "$tmp/$variant-a.nnue.float" "$tmp/$variant-b.nnue.float" ||
        fail "$variant: the float weights differ between $trainer_a and $trainer_b"
    cmp -s "$tmp/$variant-a.nnue" "$tmp/$variant-b.nnue" ||
        fail "$variant: the nets differ between $trainer_a and $trainer_b"
done
echo "train_compilers_test ($(basename "$engine")): $trainer_a and $trainer_b train the same nets, float weights too"
