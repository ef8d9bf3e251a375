#!/usr/bin/env bash
# xboard_match.sh - Chariot in the real XBoard: XBoard 4.9 (Debian xboard) runs under a
# virtual X server (Debian xvfb) in match mode, Chariot against MaxQi (Debian fairymax)
# and Chariot against itself with pondering on, and every game is checked: it ended
# with a result (1-0, 0-1, 1/2-1/2), not by a time forfeit, an illegal move or a false
# claim, and XBoard's debug log shows no "Illegal move", "Error (...)" or
# "tellusererror" from Chariot. Optionally a screenshot of the board during the first match.
#
#   tools/match/xboard_match.sh [--games N] [--self-games N] [--tc 0:20] [--inc 0.2]
#                         [--engine ./chariot] [--out DIR] [--screenshot FILE.png]
#
# Needs: xboard, xvfb, fairymax; x11-apps (xwd) and imagemagick (convert) for the screenshot.
# Games, logs and the summary go to DIR (default /tmp/chariot-xboard). Uses both cores:
# run it on an otherwise idle machine. Exit status 0 when every game passed the checks.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=4 self_games=2 tc=0:20 inc=0.2 engine=./chariot out=/tmp/chariot-xboard shot=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --self-games) self_games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --inc) inc=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --screenshot) shot=$2; shift 2 ;;
    *) echo "xboard_match.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
for tool in xboard Xvfb maxqi; do
    command -v "$tool" >/dev/null || [ -x "/usr/games/$tool" ] || { echo "xboard_match.sh: $tool is missing" >&2; exit 2; }
done
export PATH="$PATH:/usr/games"
engine=$(realpath "$engine")
mkdir -p "$out"
rm -f "$out"/*.pgn "$out"/*.debug

display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

# match NAME GAMES SECOND_ENGINE PONDER [SCREENSHOT]
match() {
    local name=$1 n=$2 second=$3 ponder=$4 picture=${5:-}
    echo "== $name: $n games, $tc + $inc s, pondering $ponder"
    DISPLAY=":$display" xboard -variant xiangqi -fcp "$engine" -fd "$out" -scp "$second" -sd "$out" \
        -matchGames "$n" -tc "$tc" -inc "$inc" -mps 0 -ponderNextMove "$ponder" \
        -saveGameFile "$out/$name.pgn" -debugMode true -nameOfDebugFile "$out/$name.debug" \
        -testClaims true -autoCallFlag true -popupExitMessage false -popupMoveErrors false \
        -soundMove "" -soundIcsAlarm "" >"$out/$name.xboard.log" 2>&1 &
    local pid=$!
    if [ -n "$picture" ]; then
        sleep 25
        if command -v xwd >/dev/null && command -v convert >/dev/null; then
            xwd -root -silent -display ":$display" | convert xwd:- -trim "png:$picture" && echo "screenshot: $picture"
        else
            echo "no screenshot: xwd or convert is missing"
        fi
    fi
    wait "$pid"
}

match chariot-maxqi "$games" maxqi false "$shot"
match chariot-self "$self_games" "$engine" true

python3 - "$out" <<'EOF'
import re, sys, pathlib
out = pathlib.Path(sys.argv[1])
bad_end = re.compile(r'forfeit|illegal|false|time|crash|disconnect|abort', re.I)
failed = 0
for name in ("chariot-maxqi", "chariot-self"):
    pgn = (out / f"{name}.pgn").read_text(errors="replace") if (out / f"{name}.pgn").exists() else ""
    games = re.split(r'\n(?=\[Event )', pgn.strip()) if pgn.strip() else []
    tally = {}
    for i, g in enumerate(games, 1):
        white = re.search(r'\[White "([^"]*)"', g).group(1)
        result = re.search(r'\[Result "([^"]*)"', g).group(1)
        ends = re.findall(r'\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$', g)
        why = ends[-1][0] if ends else "(no comment)"
        plies = len(re.findall(r'\{[+-]?\d+\.\d+/\d+', g))
        ok = result in ("1-0", "0-1", "1/2-1/2") and not bad_end.search(why)
        failed += not ok
        tally[result] = tally.get(result, 0) + 1
        print(f"{name} game {i}: {white} has Red; {result} {{{why}}} after {plies} plies{'' if ok else '  <-- FAILED'}")
    debug = (out / f"{name}.debug").read_text(errors="replace") if (out / f"{name}.debug").exists() else ""
    # Lines Chariot wrote: the first engine always, both in the self-play match.
    who = ("first", "second") if name == "chariot-self" else ("first",)
    errors = [l for l in debug.splitlines()
              if any(f"<{w}" in l for w in who) and re.search(r'Illegal move|Error \(|tellusererror', l)]
    for l in errors[:10]:
        print(f"{name}: Chariot said: {l}")
    failed += len(errors) + (len(games) == 0)
    print(f"{name}: {len(games)} games, results {tally}, {len(errors)} protocol errors")
print("PASS" if failed == 0 else f"FAIL ({failed} problems)")
sys.exit(1 if failed else 0)
EOF
