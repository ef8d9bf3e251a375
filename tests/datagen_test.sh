#!/usr/bin/env bash
# `chariot datagen` (docs/nnue.md) on tiny budgets, for one engine:
#   - the same seed and settings write the same bytes, on one worker and on two;
#   - a run stopped by SIGINT, and one killed outright, then run again with the same arguments, equal a
#     run never stopped; bytes past the last complete game (a game cut short) are dropped on resuming;
#   - --positions stops after the game that reaches the count;
#   - the file is in the compact format (src/nnue/chain.h), at most 4 bytes a position on these games;
#   - --dump reads every record back as a position the engine accepts, score and result in range;
#   - files of the record format (tests/data/records-GAME.bin) read as before, and --convert copies them
#     into the compact format, which reads back the same; a corrupt or short compact file is refused;
#   - bad arguments exit 2 with a message, a corrupt file is refused with exit 1, nothing crashes.
#   - --eval: the fitted evaluation or a net, named in the file's settings; a missing or bad net refused;
#   - a book of openings (tools/openings/openings-xq.txt, tools/openings/openings-chess.epd) is read and played from;
#   - the default budget a move is the one --help names, and the header records it.
#   tests/datagen_test.sh ./chariot tools/openings/openings-xq.txt
#   tests/datagen_test.sh ./chariot-chess tools/openings/openings-chess.epd
set -euo pipefail
engine=${1:-./chariot}
book=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "datagen_test ($engine): FAIL: $*"; exit 1; }
args=(--games 6 --nodes 300 --max-plies 160 --seed 11 --quiet)
gen() { "$engine" datagen "$@" > /dev/null; }

# Reproducible, and the same for any number of workers.
gen --out "$tmp/a.bin" "${args[@]}" || fail "first run exited with $?"
gen --out "$tmp/b.bin" "${args[@]}" || fail "second run exited with $?"
cmp -s "$tmp/a.bin" "$tmp/b.bin" || fail "the same seed wrote different files"
gen --out "$tmp/t2.bin" "${args[@]}" --threads 2 || fail "--threads 2 exited with $?"
cmp -s "$tmp/a.bin" "$tmp/t2.bin" || fail "two workers wrote another file than one"
gen --out "$tmp/s2.bin" --games 6 --nodes 300 --max-plies 160 --seed 12 --quiet || fail "seed 12 exited with $?"
cmp -s "$tmp/a.bin" "$tmp/s2.bin" && fail "another seed wrote the same file"

# The dump: a header line, then one legal position a record.
"$engine" datagen --dump "$tmp/a.bin" > "$tmp/dump" || fail "--dump exited with $?"
records=$(head -1 "$tmp/dump" | sed -n 's/.*: \([0-9]*\) positions of 6 games in .*/\1/p')
[ -n "$records" ] && [ "$records" -gt 50 ] || fail "the header line does not say 6 games and their positions"
[ "$(($(wc -l < "$tmp/dump") - 1))" = "$records" ] || fail "--dump printed another count of records than $records"
bytes=$(head -1 "$tmp/dump" | sed -n 's/.* games in \([0-9]*\) bytes (.*/\1/p')
[ "$(stat -c %s "$tmp/a.bin")" = "$((512 + bytes))" ] || fail "the file's size is not the header and its games' $bytes bytes"
# the compact format: at most 4 bytes a position on average (10 M positions in 40 MB)
[ "$((bytes * 100 / records))" -le 400 ] || fail "the compact format took $bytes bytes for $records positions"
awk -F'; ' 'NR > 1 {
    split($2, s, " "); split($3, r, " "); split($4, p, " ");
    if (s[1] != "score" || s[2] < -2000 || s[2] > 2000) { print "score out of range: " $0; exit 1 }
    if (r[1] != "result" || (r[2] != 1 && r[2] != 0 && r[2] != -1)) { print "bad result: " $0; exit 1 }
    if (p[1] != "ply" || p[2] < 0 || p[2] > 400) { print "bad ply: " $0; exit 1 }
    results[r[2]]++
} END { if (length(results) < 2) { print "every position has the same result"; exit 1 } }' "$tmp/dump" ||
    fail "a record out of range"
fen=$(sed -n '2s/;.*//p' "$tmp/dump")
"$engine" judge "$fen" > /dev/null || fail "judge refused the dumped FEN '$fen'"
"$engine" datagen --dump "$tmp/a.bin" 3 > "$tmp/dump3" || fail "--dump FILE 3 exited with $?"
[ "$(wc -l < "$tmp/dump3")" = 4 ] || fail "--dump FILE 3 did not print 3 records"

# Resuming: part of the games, a game cut short (junk past the last complete game), then the rest.
gen --out "$tmp/r.bin" --games 2 --nodes 300 --max-plies 160 --seed 11 --quiet || fail "--games 2 exited with $?"
head -c 100 /dev/urandom >> "$tmp/r.bin"
gen --out "$tmp/r.bin" "${args[@]}" || fail "the resumed run exited with $?"
cmp -s "$tmp/a.bin" "$tmp/r.bin" || fail "a resumed run wrote another file than an uninterrupted one"
gen --out "$tmp/r.bin" "${args[@]}" || fail "a run with nothing left to do exited with $?"
cmp -s "$tmp/a.bin" "$tmp/r.bin" || fail "a run with nothing left to do changed the file"

# Stopped by a signal at some moment, then run again: the same file as a run never stopped.
long=(--games 16 --nodes 300 --max-plies 160 --seed 11 --quiet)
gen --out "$tmp/long.bin" "${long[@]}" || fail "the 16-game run exited with $?"
for sig in INT KILL; do
    "$engine" datagen --out "$tmp/k$sig.bin" "${long[@]}" --threads 2 > /dev/null 2>&1 &
    pid=$!
    # as soon as the first games are in the file
    for _ in $(seq 500); do
        [ "$(stat -c %s "$tmp/k$sig.bin" 2> /dev/null || echo 0)" -gt 512 ] && break
        kill -0 "$pid" 2> /dev/null || break
        sleep 0.01
    done
    kill -s "$sig" "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    games=$("$engine" datagen --dump "$tmp/k$sig.bin" 1 | sed -n '1s/.* positions of \([0-9]*\) games in .*/\1/p')
    [ -n "$games" ] || fail "the file left by SIG$sig does not read"
    [ "$games" -lt 16 ] || echo "datagen_test: note: the run ended before SIG$sig came"
    gen --out "$tmp/k$sig.bin" "${long[@]}" || fail "the run after SIG$sig exited with $?"
    cmp -s "$tmp/long.bin" "$tmp/k$sig.bin" || fail "the run stopped by SIG$sig after $games games, resumed, wrote another file"
done
cmp -s -n "$(($(stat -c %s "$tmp/a.bin") - 512))" <(tail -c +513 "$tmp/a.bin") <(tail -c +513 "$tmp/long.bin") ||
    fail "16 games do not begin with the 6 games of the same seed"

# --positions: whole games, up to the first that reaches the count.
gen --out "$tmp/p.bin" --positions 30 --nodes 300 --max-plies 160 --seed 11 --quiet || fail "--positions exited with $?"
"$engine" datagen --dump "$tmp/p.bin" > "$tmp/pdump" || fail "--dump of the --positions file exited with $?"
n=$(($(wc -l < "$tmp/pdump") - 1))
[ "$n" -ge 30 ] || fail "--positions 30 wrote $n positions"
body=$(($(stat -c %s "$tmp/p.bin") - 512))
[ "$body" = "$("$engine" datagen --dump "$tmp/p.bin" 1 | sed -n '1s/.* games in \([0-9]*\) bytes (.*/\1/p')" ] ||
    fail "the --positions file is not its header and its games"
cmp -s -n "$body" <(tail -c +513 "$tmp/p.bin") <(tail -c +513 "$tmp/a.bin") ||
    fail "the --positions file's records are not the first games' records"
[ "$n" -lt "$records" ] || fail "--positions 30 wrote every game's positions"

# The default budget: the one --help names (the game's GAME_DATAGEN_NODES), recorded in the header.
budget=$("$engine" datagen --help 2>&1 | sed -n 's/.*--nodes \([0-9]*\), --threads.*/\1/p')
[ -n "$budget" ] || fail "--help names no default --nodes"
gen --out "$tmp/d.bin" --games 1 --max-plies 40 --seed 11 --quiet || fail "the default budget exited with $?"
"$engine" datagen --dump "$tmp/d.bin" 1 | grep -q "nodes=$budget " || fail "the header does not record nodes=$budget"

# A book: the games start from its lines (their random plies after them).
if [ -n "$book" ]; then
    gen --out "$tmp/book.bin" --games 2 --nodes 300 --max-plies 60 --random-plies 0 --book "$book" --quiet ||
        fail "--book $book exited with $?"
    "$engine" datagen --dump "$tmp/book.bin" > "$tmp/bookdump" || fail "--dump of the book games exited with $?"
    grep -q 'book=[0-9]*-fnv' "$tmp/bookdump" || fail "the header's settings do not name the book"
    placement=$(sed -n '2s/ .*//p' "$tmp/bookdump")
    grep -v '^#' "$book" | grep -q "^$placement " || [ "$(sed -n '2s/.*; ply \([0-9]*\);.*/\1/p' "$tmp/bookdump")" != 0 ] ||
        fail "the first game's first position ($placement) is not a line of $book"
fi

# Bad arguments: exit 2 and a message; nothing written where nothing was asked.
bad() {
    local rc=0
    "$engine" datagen "$@" > "$tmp/out" 2> "$tmp/err" || rc=$?
    [ "$rc" = 2 ] || fail "datagen $* exited with $rc, not 2"
    grep -q 'chariot[-a-z]* datagen' "$tmp/err" || fail "datagen $* gave no message"
}
bad --games 1
bad --out "$tmp/x.bin" --nodes 0
bad --out "$tmp/x.bin" --threads 0
bad --out "$tmp/x.bin" --threads 1000
bad --out "$tmp/x.bin" --games 5 --positions 5
bad --out "$tmp/x.bin" --depth abc
bad --out "$tmp/x.bin" --frobnicate 3
bad --out "$tmp/x.bin" --nodes
bad --out "$tmp/x.bin" --book "$tmp/none.txt"
printf 'not a fen at all\n' > "$tmp/book.txt"
bad --out "$tmp/x.bin" --book "$tmp/book.txt"
bad --out "$tmp/a.bin" --games 6 --nodes 400 --max-plies 160 --seed 11 # other settings than the file's
cmp -s "$tmp/a.bin" "$tmp/b.bin" || fail "a refused run changed the file"
printf 'hello' > "$tmp/text.bin"
bad --out "$tmp/text.bin" --games 1
bad --dump

# The record format (before 2026-11-29): files made by 2a4d648 (tests/data/records-GAME.bin, and their dump by
# that binary, records-GAME.dump) read as they did, and --convert copies them into the compact format, which
# reads back the same positions, scores, moves, plies and results.
game=$("$engine" datagen --dump "$tmp/a.bin" 1 | sed -n '1s/^# \([a-z]*\) data.*/\1/p')
fixture=tests/data/records-$game
"$engine" datagen --dump "$fixture.bin" > "$tmp/olddump" || fail "--dump of $fixture.bin exited with $?"
cmp -s "$tmp/olddump" "$fixture.dump" || fail "$fixture.bin does not dump as 2a4d648 dumped it"
"$engine" datagen --convert "$fixture.bin" "$tmp/conv.bin" > "$tmp/convout" || fail "--convert exited with $?"
grep -q ' 0 records could not\|the games [0-9.]* a position' "$tmp/convout" || fail "--convert printed no figures"
"$engine" datagen --dump "$tmp/conv.bin" | tail -n +2 > "$tmp/convdump" || fail "--dump of the converted file exited with $?"
tail -n +2 "$fixture.dump" | cmp -s - "$tmp/convdump" || fail "the converted file reads back other positions than $fixture.bin"
[ "$(stat -c %s "$tmp/conv.bin")" -lt "$(($(stat -c %s "$fixture.bin") / 5))" ] || fail "the converted file is not 5 times smaller"
cp "$tmp/conv.bin" "$tmp/conv.copy"
rc=0; "$engine" datagen --convert "$fixture.bin" "$tmp/conv.bin" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'cannot create' "$tmp/err" || fail "--convert over a file that exists: exit $rc, $(cat "$tmp/err")"
cmp -s "$tmp/conv.bin" "$tmp/conv.copy" || fail "--convert changed a file that existed"
rc=0; "$engine" datagen --convert "$tmp/conv.bin" "$tmp/conv2.bin" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'already in the compact format' "$tmp/err" || fail "--convert of a compact file: exit $rc"
bad --convert "$fixture.bin"
cp "$fixture.bin" "$tmp/old.bin"
bad --out "$tmp/old.bin" --games 1 --nodes 300 --max-plies 160 --seed 21
grep -q 'older format.*--convert' "$tmp/err" || fail "appending to a record file: $(cat "$tmp/err")"
cmp -s "$tmp/old.bin" "$fixture.bin" || fail "a refused run changed the record file"

# --pgn: the games as PGN, which annotate (and so the engine's PGN reader) takes; a record file has no moves
"$engine" datagen --pgn "$tmp/a.bin" > "$tmp/games.pgn" || fail "--pgn exited with $?"
[ "$(grep -c '^\[Event ' "$tmp/games.pgn")" = 6 ] || fail "--pgn did not print 6 games"
"$engine" annotate --depth 2 --quiet "$tmp/games.pgn" > "$tmp/games.rev" || fail "annotate of --pgn's games exited with $?"
[ "$(grep -c '^\[Annotator ' "$tmp/games.rev")" = 6 ] || fail "annotate did not review the 6 games --pgn printed"
rc=0; "$engine" datagen --pgn "$fixture.bin" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'holds records, not games' "$tmp/err" || fail "--pgn of a record file: exit $rc, $(cat "$tmp/err")"

# A corrupt compact file: the reason names the game; a file cut short says so; nothing crashes.
size=$(stat -c %s "$tmp/a.bin")
cp "$tmp/a.bin" "$tmp/flip.bin"
printf '\xff\xff\xff' | dd of="$tmp/flip.bin" bs=1 seek=$((512 + bytes / 2)) conv=notrunc 2> /dev/null
rc=0; "$engine" datagen --dump "$tmp/flip.bin" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'game [0-9]* ' "$tmp/err" || fail "a corrupt game: exit $rc, $(cat "$tmp/err")"
head -c $((size - 7)) "$tmp/a.bin" > "$tmp/short.bin"
rc=0; "$engine" datagen --dump "$tmp/short.bin" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'game 6 of 6: the file ends inside a game' "$tmp/err" || fail "a file cut short: exit $rc, $(cat "$tmp/err")"
bad --out "$tmp/x.bin" --games 1 --eval "$tmp/none.nnue" # a net that is not there
bad --out "$tmp/x.bin" --games 1 --eval "$tmp/text.bin"  # a file that is not a net

# --eval: the fitted evaluation's file names no net; a net's file names its checksum, so the two differ
gen --out "$tmp/fitted.bin" "${args[@]}" --eval fitted || fail "--eval fitted exited with $?"
"$engine" datagen --dump "$tmp/fitted.bin" 1 | head -1 | grep -q ' eval=' && fail "--eval fitted names a net"
if "$engine" datagen --out "$tmp/net.bin" "${args[@]}" --eval embedded > /dev/null 2> "$tmp/neterr"; then
    "$engine" datagen --dump "$tmp/net.bin" 1 | head -1 | grep -q ' eval=net-[0-9a-f]\{8\}' ||
        fail "a net's file does not name the net"
    bad --out "$tmp/net.bin" "${args[@]}" --eval fitted # the file was made with another evaluation
else
    grep -q 'no embedded net' "$tmp/neterr" || fail "--eval embedded without a net: $(cat "$tmp/neterr")"
fi

# A corrupt or truncated file is refused by --dump, without a crash.
rc=0
"$engine" datagen --dump "$tmp/text.bin" > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "--dump of a text file exited with $rc, not 1"
head -c 600 "$tmp/a.bin" > "$tmp/short.bin"
rc=0
"$engine" datagen --dump "$tmp/short.bin" > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "--dump of a truncated file exited with $rc, not 1"
cp "$tmp/a.bin" "$tmp/huge.bin" # a header that claims more bytes of games than the file holds
printf '\377\377\377\377\377\377\377\177' | dd of="$tmp/huge.bin" bs=1 seek=56 conv=notrunc 2> /dev/null
rc=0
"$engine" datagen --out "$tmp/huge.bin" "${args[@]}" > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "resuming a file whose header claims too many bytes exited with $rc, not 1"
rc=0
"$engine" datagen --dump "$tmp/huge.bin" > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "--dump of a file whose header claims too many bytes exited with $rc, not 1"
cp "$tmp/a.bin" "$tmp/corrupt.bin"
printf '\377\377\377\377\377\377\377\377\377\377\377\377' | dd of="$tmp/corrupt.bin" bs=1 seek=512 conv=notrunc 2> /dev/null
rc=0
"$engine" datagen --dump "$tmp/corrupt.bin" > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "--dump of a corrupt record exited with $rc, not 1"
# The manifest (tools/nnue/data_manifest.py): rows measured off the files, checked against them, a changed file caught.
if command -v python3 > /dev/null; then
    mkdir "$tmp/rounds"
    cp "$tmp/a.bin" "$tmp/rounds/a.bin"
    cp "$fixture.bin" "$tmp/rounds/old.bin"
    printf '# a manifest\n#\n' > "$tmp/manifest.txt"
    python3 tools/nnue/data_manifest.py --update "$tmp/manifest.txt" "$tmp/rounds" || fail "data_manifest --update exited with $?"
    grep -q "^a.bin .*| $records .*| $bytes .*| [0-9a-f]\{64\}" "$tmp/manifest.txt" || fail "the manifest's row of a.bin: $(cat "$tmp/manifest.txt")"
    python3 tools/nnue/data_manifest.py --check "$tmp/manifest.txt" "$tmp/rounds" > "$tmp/mcheck" || fail "data_manifest --check: $(cat "$tmp/mcheck")"
    grep -q '2 files checked, 0 failed' "$tmp/mcheck" || fail "data_manifest --check did not check both files"
    cp "$tmp/long.bin" "$tmp/rounds/a.bin" # the same first 6 games, then more: the row still holds
    python3 tools/nnue/data_manifest.py --check "$tmp/manifest.txt" "$tmp/rounds" > /dev/null || fail "a file grown past its row failed"
    cp "$tmp/flip.bin" "$tmp/rounds/a.bin"
    python3 tools/nnue/data_manifest.py --check "$tmp/manifest.txt" "$tmp/rounds" > /dev/null && fail "a changed file passed the manifest's check"
    # --prefix-hash (a remake checked after its first games, tools/nnue/remake_data.sh): the row's checksum
    # of all 6 games, the same of a longer file's first 6, another of a changed file's, a refusal past the end.
    row=$(grep '^a.bin ' "$tmp/manifest.txt" | grep -o '[0-9a-f]\{64\}')
    [ "$(python3 tools/nnue/data_manifest.py --prefix-hash "$tmp/a.bin" 6)" = "$row" ] || fail "--prefix-hash of all 6 games is not the row's checksum"
    [ "$(python3 tools/nnue/data_manifest.py --prefix-hash "$tmp/long.bin" 6)" = "$row" ] || fail "--prefix-hash of a longer file's first 6 games differs"
    [ "$(python3 tools/nnue/data_manifest.py --prefix-hash "$tmp/flip.bin" 6)" != "$row" ] || fail "--prefix-hash of a changed file is unchanged"
    python3 tools/nnue/data_manifest.py --prefix-hash "$tmp/a.bin" 7 > /dev/null 2>&1 && fail "--prefix-hash past the file's games passed"
fi
echo "datagen_test ($engine): ok ($records positions of 6 games)"
