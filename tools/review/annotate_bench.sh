#!/usr/bin/env bash
# The cost of a game review (`annotate`, docs/annotate.md): a self-play game of each kind cut to its first
# 100 moves (200 plies; datagen at 5000 nodes a move, the first game of the seed that lasts so long),
# reviewed at depth 12 with the table kept between the positions walked from the last back (the default),
# walked from the first (--forward), and cleared at each (--clear); then at 200 ms a move, backward and
# cleared, where the time is fixed and the depth reached is the figure. Prints a table; needs both cores
# (stop a background datagen with SIGSTOP first).
#   bash tools/review/annotate_bench.sh [xiangqi|chess ...]       (default: both)
set -euo pipefail
cd "$(dirname "$0")/../.."
make -s chariot chariot-chess
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PLIES=200
game_of() { # ENGINE OUT: a game of at least PLIES plies, cut there, as PGN
    local engine=$1 seed
    for seed in $(seq 1 40); do
        rm -f "$tmp/g.bin"
        "$engine" datagen --out "$tmp/g.bin" --games 1 --nodes 5000 --max-plies 400 --seed "$seed" --quiet > /dev/null
        "$engine" datagen --pgn "$tmp/g.bin" > "$tmp/g.pgn"
        if python3 - "$tmp/g.pgn" "$2" "$PLIES" << 'EOF'; then return 0; fi
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
tags = [l for l in text.splitlines() if l.startswith("[") and not l.startswith("[Result")]
moves = re.sub(r"\{[^}]*\}", " ", "\n".join(l for l in text.splitlines() if not l.startswith("[")))
words = [w for w in moves.split() if not re.match(r"^\d+\.+$", w) and w not in ("1-0", "0-1", "1/2-1/2", "*")]
if len(words) < int(sys.argv[3]):
    sys.exit(1)
out = []
for i, w in enumerate(words[: int(sys.argv[3])]):
    if i % 2 == 0:
        out.append(f"{i // 2 + 1}.")
    out.append(w)
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(tags + ['[Result "*"]', "", " ".join(out) + " *", ""]))
EOF
    done
    echo "annotate_bench.sh: no game of $PLIES plies in 40 seeds" >&2
    exit 1
}
run() { # ENGINE PGN ARGS...: wall and CPU seconds, then the mean depth of the searches
    local TIMEFORMAT='%R %U %S' t real user sys depth
    t=$({ time "$1" annotate --quiet "${@:3}" "$2" > "$tmp/out.pgn" 2> /dev/null; } 2>&1)
    read -r real user sys <<< "$t"
    depth=$(tr '\n' ' ' < "$tmp/out.pgn" | grep -o '/[0-9]*[;}]' | tr -d '/;}' | awk '{s += $1; n++} END {printf "%.1f", s / n}')
    awk -v r="$real" -v u="$user" -v s="$sys" -v d="$depth" 'BEGIN {printf "%.1f s (CPU %.1f s), mean depth %s", r, u + s, d}'
}
games=${*:-xiangqi chess}
commit=$(git rev-parse --short HEAD)
echo "annotate_bench.sh at $commit, $(date -u +%Y-%m-%d): a game of $PLIES plies each, one thread, Hash 16"
printf "| game | limit | backward, table kept | forward, table kept | table cleared at each |\n|---|---|---|---|---|\n"
for g in $games; do
    engine=./chariot
    [ "$g" = chess ] && engine=./chariot-chess
    game_of "$engine" "$tmp/$g.pgn"
    printf "| %s | depth 12 | %s | %s | %s |\n" "$g" "$(run $engine "$tmp/$g.pgn" --depth 12)" \
        "$(run $engine "$tmp/$g.pgn" --depth 12 --forward)" "$(run $engine "$tmp/$g.pgn" --depth 12 --clear)"
    printf "| %s | 200 ms a move | %s | - | %s |\n" "$g" "$(run $engine "$tmp/$g.pgn" --movetime 200)" \
        "$(run $engine "$tmp/$g.pgn" --movetime 200 --clear)"
done
