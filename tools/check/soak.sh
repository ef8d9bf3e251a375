#!/usr/bin/env bash
# soak.sh - builds ./chariot and ./chariot-san, then runs tools/check/soak.py (the
# reliability soak: many fast games, crashes, hangs, illegal moves, time
# losses, protocol slips, sanitizer reports and memory; see its docstring).
#
#   tools/check/soak.sh                          runs A and B, 1000 games each, logs in out/soak
#   tools/check/soak.sh --games 4                a smoke test of the soak itself
#   tools/check/soak.sh --run B --concurrency 2 --log out/soak-b
#
# Every argument goes to soak.py (tools/check/soak.py --help); --log out/soak is
# added when none is given. Needs Fairy-Stockfish (Debian: apt-get install -y
# fairy-stockfish): run A's opponent and the referee of both runs. Run it on an
# otherwise idle machine: time losses on a loaded one say nothing.
# Exit status: soak.py's (0 clean, 1 a Chariot fault, 2 could not run).
set -euo pipefail
cd "$(dirname "$0")/../.."

make chariot chariot-san >/dev/null
if ! command -v fairy-stockfish >/dev/null && [ ! -x /usr/games/fairy-stockfish ]; then
    echo "soak.sh: Fairy-Stockfish not found (apt-get install -y fairy-stockfish)" >&2
    exit 2
fi
case " $* " in
*" --log "* | *" --log="*) exec python3 tools/check/soak.py "$@" ;;
*) exec python3 tools/check/soak.py --log out/soak "$@" ;;
esac
