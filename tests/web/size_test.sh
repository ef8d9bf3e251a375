#!/usr/bin/env bash
# The page's four WebAssembly engines each stay within the page's budget of 1 MiB (docs/web.md): a bigger
# net must not make the page slow to load. Prints each file's size, raw and with gzip -9.
#   bash tests/web/size_test.sh [DIR]        (default web/engine, where `make wasm` writes them)
set -euo pipefail
dir=${1:-web/engine}
LIMIT=1048576 # bytes: 1 MiB a file
status=0
for name in chariot-xiangqi chariot-xiangqi-mt chariot-chess chariot-chess-mt; do
    f=$dir/$name.wasm
    if [[ ! -s $f ]]; then
        echo "size_test: FAIL: $f is missing or empty (make wasm)"
        status=1
        continue
    fi
    bytes=$(wc -c < "$f")
    packed=$(gzip -9 -c "$f" | wc -c)
    echo "size_test: $name.wasm $((bytes / 1024)) KiB ($((packed / 1024)) KiB with gzip -9)"
    if ((bytes > LIMIT)); then
        echo "size_test: FAIL: $f is $bytes bytes, more than the page's $LIMIT"
        status=1
    fi
done
[[ $status == 0 ]] && echo "size_test: every engine within $LIMIT bytes: passed"
exit $status
