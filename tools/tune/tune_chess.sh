#!/usr/bin/env bash
# tune_chess.sh - the chess evaluation's data and fit in one command
# (docs/tuning.md, "Chess"):
#   1. self-play games of the current ./chariot-chess at fixed node counts
#      (Fastchess, the 200 openings of tools/openings/openings-chess.epd, both colours),
#      one match per pair of node counts: equal counts play each opening's
#      two games alike, so the other pairs give one side more nodes;
#   2. their quiet positions (chariot-tune-chess --positions), each position
#      once, shuffled with a fixed seed;
#   3. Stockfish 15.1's depth-8 score of each (tools/tune/tune_label.py --game chess);
#   4. the fit (tools/tune/tune.c built against src/chess) to Stockfish's scores
#      alone (--lambda 0: the results of these low-node games mislead; see
#      docs/tuning.md), written back into src/chess/eval_weights.h.
#
#   tools/tune/tune_chess.sh [--out DIR] [--pairs "12000:12000 8000:12000 12000:18000"] [--rounds 200] [--limit 120000]
#                       [--passes 20] [--lambda 0] [--no-write]
#
# Needs Fastchess (tools/build/build_fastchess.sh; FASTCHESS=path, default
# $HOME/.cache/chariot-tools/fastchess/fastchess) and Debian's stockfish.
# Uses both cores: run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=out/tune-chess pairs="12000:12000 8000:12000 12000:18000" rounds=200 limit=120000 passes=20 lambda=0 write=1
while [ $# -gt 0 ]; do
    case "$1" in
    --out) out=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    --lambda) lambda=$2; shift 2 ;;
    --no-write) write=0; shift ;;
    *) echo "tune_chess.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
fastchess=${FASTCHESS:-$HOME/.cache/chariot-tools/fastchess/fastchess}
stockfish=${STOCKFISH:-/usr/games/stockfish}
[ -x "$fastchess" ] || { echo "tune_chess.sh: no Fastchess at $fastchess (tools/build/build_fastchess.sh)" >&2; exit 1; }
[ -x "$stockfish" ] || { echo "tune_chess.sh: no Stockfish at $stockfish (apt-get install stockfish)" >&2; exit 1; }
make -s chariot-chess chariot-tune-chess
mkdir -p "$out"
cp chariot-chess "$out/chariot-chess"
pgns=()
for pair in $pairs; do
    n1=${pair%:*} n2=${pair#*:}
    echo "== self-play: $rounds rounds x 2 games, $n1 against $n2 nodes a move"
    pgn=$out/selfplay-$n1-$n2.pgn
    rm -f "$pgn"
    "$fastchess" -engine cmd="$out/chariot-chess" name=c1 nodes="$n1" -engine cmd="$out/chariot-chess" name=c2 \
        nodes="$n2" -each tc=60+1 option.Hash=16 \
        -openings file=tools/openings/openings-chess.epd format=epd order=sequential -rounds "$rounds" -repeat \
        -concurrency 2 -resign movecount=3 score=1000 -draw movenumber=40 movecount=8 score=10 \
        -pgnout file="$pgn" notation=uci >"$out/selfplay-$n1-$n2.log" 2>&1
    grep -c '^Finished game' "$out/selfplay-$n1-$n2.log" | sed 's/^/games: /'
    pgns+=("$pgn")
done
echo "== quiet positions"
python3 tools/tune/tune_data.py --game chess --teacher stockfish "${pgns[@]}" >"$out/games.tsv"
./chariot-tune-chess "$out/games.tsv" --positions "$out/quiet.tsv"
sort -u "$out/quiet.tsv" | shuf --random-source=<(yes) >"$out/quiet-shuf.tsv"
wc -l <"$out/quiet-shuf.tsv" | sed 's/^/distinct quiet positions: /'
echo "== labels: Stockfish depth 8, at most $limit positions"
python3 tools/tune/tune_label.py --game chess "$out/quiet-shuf.tsv" --depth 8 --procs 2 --limit "$limit" \
    --engine "$stockfish" >"$out/labelled.tsv"
echo "== fit"
args=("$out/labelled.tsv" --passes "$passes" --lambda "$lambda" --threads 2)
[ "$write" = 1 ] && args+=(--write src/chess/eval_weights.h)
./chariot-tune-chess "${args[@]}" | tee "$out/fit.log"
