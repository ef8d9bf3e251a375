#!/usr/bin/env bash
# strength_chess.sh - a chess match of ./chariot-chess against a Debian
# engine, or against an earlier build of itself, played by Fastchess (the
# referee: it checks every move's legality and adjudicates mate, stalemate,
# repetition, the fifty-move rule and insufficient material itself).
#
#   tools/match/strength_chess.sh OPPONENT [--games 200] [--tc 10+0.1] [--concurrency 1] [--out DIR]
#   OPPONENT: gnuchess | toga2 | glaurung | ethereal | stockfish | stockfish-classical (Stockfish 15.1 with
#             Use NNUE false: its hand-written evaluation, the chess yardstick) | PATH (an earlier chariot-chess)
#
# Both sides: one thread, Hash 64, no pondering, no own book (Glaurung:
# Threads 1, Ponder false, OwnBook false; GNU Chess in UCI mode, --uci).
# Openings: tools/openings/openings-chess.epd (200 balanced positions from
# tools/match/chess_openings.py), in order, each played with both colours.
# Prints Fastchess's summary (Elo with its 95% interval, W/D/L, pentanomial)
# and counts crashes, time losses and illegal moves from the PGN. Games are
# kept in DIR/games.pgn (default out/chess-OPPONENT-COMMIT-DATE).
# Needs Fastchess (tools/build/build_fastchess.sh; FASTCHESS=path, default
# $HOME/.cache/chariot-tools/fastchess/fastchess) and the opponent
# (apt-get install gnuchess toga2 glaurung ethereal-chess stockfish).
# A game keeps about one core busy: --concurrency 2 on the 2-core machine at
# most, and never while building or testing.
set -euo pipefail
cd "$(dirname "$0")/../.."
opp=${1:?usage: tools/match/strength_chess.sh OPPONENT [--games N] [--tc T] [--concurrency N] [--out DIR]}
shift
games=200 tc=10+0.1 conc=1 out=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --concurrency) conc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "strength_chess.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
fastchess=${FASTCHESS:-$HOME/.cache/chariot-tools/fastchess/fastchess}
[ -x "$fastchess" ] || { echo "strength_chess.sh: no Fastchess at $fastchess (tools/build/build_fastchess.sh)" >&2; exit 1; }
make -s chariot-chess
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- src || commit="$commit+dirty"
name=$(basename "$opp")
out=${out:-out/chess-$name-$commit-$(date +%m%d-%H%M%S)}
mkdir -p "$out"
cp chariot-chess "$out/chariot-chess" # the match keeps its own copy: rebuilding during it changes nothing
me=(-engine cmd=./chariot-chess name="chariot-$commit" option.Hash=64 option.Threads=1)
case "$opp" in
gnuchess) them=(-engine cmd=/usr/games/gnuchess args=--uci name=gnuchess option.Hash=64 option.OwnBook=false) ;;
toga2) them=(-engine cmd=/usr/games/toga2 name=toga2 option.Hash=64 option.OwnBook=false) ;;
glaurung) them=(-engine cmd=/usr/games/glaurung name=glaurung option.Hash=64 option.Threads=1 option.Ponder=false
    option.OwnBook=false) ;;
ethereal) them=(-engine cmd=/usr/games/ethereal-chess name=ethereal option.Hash=64 option.Threads=1) ;;
stockfish) them=(-engine cmd=/usr/games/stockfish name=stockfish option.Hash=64 option.Threads=1) ;;
stockfish-classical) them=(-engine cmd=/usr/games/stockfish name=stockfish-classical option.Hash=64 option.Threads=1
    "option.Use NNUE=false") ;;
*)
    [ -x "$opp" ] || { echo "strength_chess.sh: '$opp' is no opponent name and no executable" >&2; exit 2; }
    cp "$opp" "$out/old-chariot-chess"
    them=(-engine cmd=./old-chariot-chess name=old option.Hash=64 option.Threads=1)
    ;;
esac
rounds=$(((games + 1) / 2))
echo "chariot-$commit vs $name: $games games at $tc, concurrency $conc, in $out"
start=$(date +%s)
# run inside $out: Fastchess writes its config.json (for resuming) where it runs
book=$PWD/tools/openings/openings-chess.epd
(cd "$out" && "$fastchess" "${me[@]}" "${them[@]}" -each tc="$tc" timemargin=0 \
    -openings file="$book" format=epd order=sequential -rounds "$rounds" -repeat \
    -concurrency "$conc" -recover -pgnout file=games.pgn >fastchess.log 2>&1) || true
sed 's/\x1b\[[0-9;]*m//g' "$out/fastchess.log" | awk '/^Results of/ {buf = ""} {buf = buf $0 "\n"} END {printf "%s", buf}' |
    grep -v "^Finished match" | tail -16
# the games that did not end over the board, by who lost them
python3 - "$out/games.pgn" <<'PY'
import collections, re, sys
tags, bad, ends = {}, collections.Counter(), collections.Counter()
def close():
    if tags:
        t = tags.get("Termination", "?")
        ends[t] += 1
        if t not in ("normal", "adjudication"):
            loser = tags.get("White") if tags.get("Result") == "0-1" else tags.get("Black")
            bad[(loser, t)] += 1
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r'\[(\w+) "(.*)"\]', line)
    if m:
        if m[1] == "Event":
            close()
            tags.clear()
        tags[m[1]] = m[2]
close()
print("terminations:", ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
print("not over the board:", ", ".join(f"{w}: {t} {n}" for (w, t), n in sorted(bad.items())) or "none")
PY
echo "wall time: $(($(date +%s) - start)) s"
