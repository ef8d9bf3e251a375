#!/usr/bin/env bash
# front_doors_test.sh - tools/'s two front doors (tools/README.md): `make match` plays real games of each game
# and prints the match's summary, and both doors refuse what they cannot do (no opponent, an unknown game)
# with a message and exit status 2 before anything starts. Exit status 1, naming what is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
fail=0
for game in xiangqi chess; do
    bin=./chariot
    [ $game = chess ] && bin=./chariot-chess
    out=$(make -s --no-print-directory match GAME=$game B=$bin NODES=400 N=2 2>&1)
    if ! grep -qE '^chariot(-chess)? vs chariot(-chess)?(-2)?: 2 games, ' <<<"$out" || ! grep -q '^faults: none$' <<<"$out"; then
        echo "make match GAME=$game: no summary of 2 games without faults:"; tail -5 <<<"$out"; fail=1
    fi
done
out=$(make -s --no-print-directory match 2>&1); rc=$?
grep -q "B=ENGINE names the opponent" <<<"$out" && [ $rc -ne 0 ] || { echo "make match without B: '$out' (rc $rc)"; fail=1; }
for door in match net; do
    out=$(make -s --no-print-directory $door GAME=go B=./chariot 2>&1); rc=$?
    grep -q "GAME is xiangqi or chess, not 'go'" <<<"$out" && [ $rc -ne 0 ] || { echo "make $door GAME=go: '$out' (rc $rc)"; fail=1; }
done
[ "$(make -n --no-print-directory net GAME=chess OUTDIR=/tmp/x | tail -1)" = "bash tools/nnue/nnue_rounds.sh chess /tmp/x" ] ||
    { echo "make net GAME=chess: not tools/nnue/nnue_rounds.sh"; fail=1; }
[ $fail = 0 ] && echo "front_doors_test: make match (both games, 2 games each) and make net: ok"
exit $fail
