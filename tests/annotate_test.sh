#!/usr/bin/env bash
# `chariot annotate` (docs/annotate.md) for one engine, on crafted games (tests/annotate/GAME.pgn):
#   - the move that drops material and the move that misses a mate are marked ?? ($4), and no other move
#     of the file is marked ? or ?? ($2, $4); the well-played game has neither;
#   - a broken game is reported by its number and the text found, and the other games are still reviewed;
#   - the output is PGN that the engine's own reader plays back to the same positions;
#   - --svg writes a drawing per game (FILE, FILE-2 ...), well-formed XML with a mark per marked move;
#   - --multipv 3 gives three different best moves at each marked move, and the review is otherwise the
#     same text as without it (marks, scores, depths, best lines);
#   - --side judges one side's moves only; bad arguments and a file with no readable game exit 2;
#     Ctrl-C writes what is done, marked unfinished, and exits 1.
#   tests/annotate_test.sh ./chariot tests/annotate/xiangqi.pgn "C5+4"
#   tests/annotate_test.sh ./chariot-chess tests/annotate/chess.pgn "Qg4 Nf6 d3"
set -euo pipefail
engine=${1:?engine} pgn=${2:?pgn} marked=${3:?the moves marked ??}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "annotate_test ($engine): FAIL: $*"; exit 1; }
DEPTH=8

"$engine" annotate --depth $DEPTH --out "$tmp/out.pgn" --svg "$tmp/g.svg" "$pgn" 2> "$tmp/err" ||
    fail "annotate exited with $?: $(cat "$tmp/err")"
cp "$tmp/err" "$tmp/run.err"
# the broken game: its number, and what was found
grep -q 'annotate: game [0-9]*: .*skipped' "$tmp/err" || fail "the broken game was not reported: $(cat "$tmp/err")"
games=$(grep -c '^\[Event ' "$pgn")
[ "$(grep -c '^\[Annotator "Chariot' "$tmp/out.pgn")" = $((games - 1)) ] ||
    fail "not every other game was reviewed ($(grep -c '^\[Annotator' "$tmp/out.pgn") of $((games - 1)))"
# the marks: each crafted move ??, nothing else ? or ??
tr '\n' ' ' < "$tmp/out.pgn" > "$tmp/flatc"
sed 's/{[^}]*}//g' "$tmp/flatc" > "$tmp/flat"
for m in $marked; do
    grep -q "\(^\| \)\([0-9]*\.\+ \)\?$m \$4" "$tmp/flat" || fail "$m is not marked ?? (\$4): $(grep -o "[^ ]* [^ ]* \$[0-9]" "$tmp/flat" | tr '\n' ';')"
done
n=$(grep -o '\$[24]\b' "$tmp/flat" | wc -l)
[ "$n" = "$(echo $marked | wc -w)" ] || fail "$n moves marked ? or ??, not $(echo $marked | wc -w): $(grep -o '[^ ]* \$[24]' "$tmp/flat" | tr '\n' ';')"
last=$(awk '/^\[Event /{n++} END {print n}' "$tmp/out.pgn")
awk -v n="$last" '/^\[Event /{k++} k == n' "$tmp/out.pgn" | tr '\n' ' ' | sed 's/{[^}]*}//g' | grep -q '\$[24]' &&
    fail "the well-played game has a move marked ? or ??"
grep -q "best [^ ]* ([^)]*): " "$tmp/flatc" || fail "no better line is given for a marked move"
grep -q "Chariot's review at depth $DEPTH: [^}]*accuracy [0-9]*%; [^}]*accuracy" "$tmp/flatc" || fail "no summary per side"

# read back: each reviewed game's moves, through the engine's own reader, reach the same position as the input's
final_fen() { # MOVETEXT: the FEN analyze prints after playing it
    "$engine" analyze --depth 1 "$1" 2> /dev/null | grep -m1 '/.*/.* [wb] ' || true
}
split_games() { # FILE DIR: each game's move text (tag lines dropped) into DIR/N
    awk -v dir="$2" '/^\[Event /{n++} !/^\[/ {print > (dir "/" n)}' "$1"
}
mkdir "$tmp/in" "$tmp/rev"
split_games "$pgn" "$tmp/in"
split_games "$tmp/out.pgn" "$tmp/rev"
k=0
for f in $(ls "$tmp"/in | sort -n); do
    grep -q "annotate: game $f: .*skipped" "$tmp/run.err" && continue # the broken game
    want=$(final_fen "$(cat "$tmp/in/$f")")
    k=$((k + 1))
    got=$(final_fen "$(cat "$tmp/rev/$k")")
    [ "$got" = "$want" ] || fail "reviewed game $k reads back to '$got', not '$want'"
done
[ "$k" = $((games - 1)) ] || fail "$k games read back, not $((games - 1))"

# the drawings: one per reviewed game, well-formed, a circle per marked move
svgs=$(ls "$tmp"/g*.svg | wc -l)
[ "$svgs" = $((games - 1)) ] || fail "$svgs drawings, not $((games - 1))"
python3 - "$tmp" << 'EOF' || fail "a drawing is not well-formed SVG"
import sys, glob, xml.etree.ElementTree as ET
for path in glob.glob(sys.argv[1] + "/g*.svg"):
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg"), path
    assert root.findall(".//{http://www.w3.org/2000/svg}polyline"), path
EOF
circles=$(cat "$tmp"/g*.svg | grep -c '<circle')
marks=$(grep -o '\$[246]\b' "$tmp/flat" | wc -l)
[ "$circles" = "$marks" ] || fail "$circles marks drawn for $marks marked moves"

# --side: the other side's moves are not judged
first=$(sed -n 's/.*review at depth [0-9]*: \([A-Za-z]*\): .*/\1/p' "$tmp/flatc" | head -1)
other=$(sed -n 's/.*review at depth [0-9]*: [^;]*; \([A-Za-z]*\): .*/\1/p' "$tmp/flatc" | head -1)
"$engine" annotate --depth $DEPTH --side "$other" --quiet "$pgn" > "$tmp/side.pgn" 2> /dev/null || fail "--side exited with $?"
tr '\n' ' ' < "$tmp/side.pgn" | grep -q "review at depth $DEPTH: $first: no move judged" || fail "--side $other judged $first's moves"

# --multipv 3: a marked move's comment gives the best move and two more, each a different move with its line;
# without the next moves the review is the same text as one line's (the marks come from one line's search)
"$engine" annotate --depth $DEPTH --multipv 3 --quiet "$pgn" > "$tmp/mpv.pgn" 2> /dev/null || fail "--multipv exited with $?"
tr '\n' ' ' < "$tmp/mpv.pgn" > "$tmp/mpvc"
python3 - "$tmp/mpvc" "$tmp/flatc" <<'PY' || fail "--multipv 3: $(grep -o 'best [^}]*' "$tmp/mpvc" | head -2)"
import re, sys
text, plain = open(sys.argv[1]).read(), open(sys.argv[2]).read()
nags = lambda t: re.findall(r"(\S+) \$4\b", re.sub(r"\{[^}]*\}", "", t))
marked = [c for c in re.findall(r"\{([^}]*)\}", text) if "; best " in c]
assert marked, "no marked move"
for c in marked:
    moves = [re.search(r"best (\S+) \(", c).group(1)] + re.findall(r"; next (\S+) \([^)]*\): \S", c)
    assert len(moves) == 3 and len(set(moves)) == 3, c
assert nags(text) == nags(plain), (nags(text), nags(plain))
words = lambda t: " ".join(t.split())
assert words(re.sub(r"; next [^;}]*", "", text)) == words(plain), "the review differs from one line's beyond the next moves"
PY
bad() {
    local rc=0
    "$engine" annotate "$@" > /dev/null 2> "$tmp/err" || rc=$?
    [ "$rc" = 2 ] || fail "annotate $* exited with $rc, not 2"
    grep -q 'annotate: ' "$tmp/err" || fail "annotate $* gave no message"
}
bad
bad --depth 0 "$pgn"
bad --depth 5 --nodes 100 "$pgn"
bad --side purple "$pgn"
bad --multipv 0 "$pgn"
bad --multipv 99 "$pgn"
bad --frobnicate "$pgn"
bad "$tmp/none.pgn"
printf '1. zz9 *\n' > "$tmp/broken.pgn"
bad --depth 2 "$tmp/broken.pgn"
"$engine" annotate --help | grep -q 'usage: ' || fail "annotate --help printed no usage"

# Ctrl-C: what is done is written, marked unfinished; exit status 1
"$engine" annotate --depth 60 --quiet --out "$tmp/stop.pgn" "$pgn" 2> "$tmp/stoperr" &
pid=$!
sleep 1
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 1 ] || fail "annotate stopped by SIGINT exited with $rc, not 1"
grep -q 'unfinished' "$tmp/stop.pgn" || fail "the stopped review is not marked unfinished"
grep -q 'stopped' "$tmp/stoperr" || fail "the stopped review said nothing"
echo "annotate_test ($engine): ok ($((games - 1)) games reviewed, $(echo $marked | wc -w) moves marked ??, $marks marks drawn)"
