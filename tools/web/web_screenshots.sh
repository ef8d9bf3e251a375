#!/usr/bin/env bash
# The page's screenshots in docs/images/ (README, docs/web.md), made by the page test from the positions it
# plays and analyses (tests/web/test_page.mjs: a xiangqi game of three moves a side whose position is then
# analysed with two lines, the start positions analysed at phone width, and the crafted chess game of
# tests/web/test_page.mjs's review check reviewed), never drawn by hand:
#   bash tools/web/web_screenshots.sh            (needs what make test-web needs: emscripten, chromium, node)
set -euo pipefail
cd "$(dirname "$0")/../.."
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
make -s wasm chariot chariot-chess tests/web/node_modules
node tests/web/test_page.mjs --shots "$shots" > "$shots/log.txt" || { tail -20 "$shots/log.txt"; exit 1; }
cp "$shots/xiangqi-analysis-threaded.png" docs/images/web-xiangqi.png
cp "$shots/phone-xiangqi-analysis-threaded.png" docs/images/web-phone-xiangqi.png
cp "$shots/phone-chess-analysis-threaded.png" docs/images/web-phone-chess.png
cp "$shots/chess-review-threaded.png" docs/images/web-review-chess.png
echo "docs/images: web-xiangqi.png, web-phone-xiangqi.png, web-phone-chess.png, web-review-chess.png from $(git rev-parse --short HEAD)"
