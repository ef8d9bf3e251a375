#!/usr/bin/env bash
# dist_test.sh - `make dist` (tools/build/dist.sh) into a scratch folder: six archives and SHA256SUMS, the sums right,
# each archive holding both engines, README.md, the manual and BUILD.txt in one folder named for its version and
# target; the Linux x86-64 binaries (static) print the version `make print-version` says and the native builds'
# bench signatures, and so do the ARM64 ones under qemu-aarch64 and the Windows ones under Wine where those are
# installed. Prints a line a check and "N passed, N failed"; exit status 1 if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # NAME CONDITION-EXIT-STATUS
    if [ "$2" = 0 ]; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi
}
sig() { "$@" bench 2>/dev/null | awk '/^Nodes searched/ {print $3}' | tr -d '\r'; }
make -s chariot chariot-chess
want_xq=$(sig ./chariot) want_ch=$(sig ./chariot-chess)
version=$(make -s --no-print-directory print-version)
bash tools/build/dist.sh "$tmp/dist" > "$tmp/dist.log" 2>&1 || { cat "$tmp/dist.log"; exit 1; }
cd "$tmp/dist"
n=$(ls chariot-"$version"-* | wc -l)
check "six archives for version $version ($n)" "$([ "$n" = 6 ]; echo $?)"
check "SHA256SUMS holds each archive's sum" "$(sha256sum --quiet -c SHA256SUMS >/dev/null 2>&1; echo $?)"
mkdir x
for a in chariot-"$version"-*; do
    target=${a#chariot-"$version"-}
    target=${target%.tar.gz}
    target=${target%.zip}
    dir="x/chariot-$version-$target"
    case $a in
    *.zip) unzip -q "$a" -d x; bins="chariot.exe chariot-chess.exe"; papers="README.md chariot.txt BUILD.txt" ;;
    *) tar -xzf "$a" -C x; bins="chariot chariot-chess"; papers="README.md chariot.6 BUILD.txt" ;;
    esac
    missing=
    for f in $bins $papers; do [ -s "$dir/$f" ] || missing="$missing $f"; done
    check "$a: $bins and $papers in chariot-$version-$target/${missing:+ (missing:$missing)}" \
        "$([ -z "$missing" ]; echo $?)"
    run=
    case $target in
    linux-x86-64*) run="" ;;
    linux-aarch64) command -v qemu-aarch64 >/dev/null && run=qemu-aarch64 || run=skip ;;
    windows-*) command -v wine >/dev/null && run=wine || run=skip ;;
    esac
    if [ "$run" = skip ]; then
        echo "skip $a: no emulator here to run it (Debian: qemu-user, wine)"
        continue
    fi
    set -- $bins
    v=$(WINEDEBUG=-all $run "$dir/$1" -v 2>/dev/null | tr -d '\r')
    got_xq=$(WINEDEBUG=-all sig $run "$dir/$1") got_ch=$(WINEDEBUG=-all sig $run "$dir/$2")
    check "$a: '$v'; bench $got_xq and $got_ch (native $want_xq and $want_ch)" \
        "$([ "$v" = "Chariot $version (xiangqi)" ] && [ "$got_xq" = "$want_xq" ] && [ "$got_ch" = "$want_ch" ]; echo $?)"
done
# A dynamic executable names its loader in a program header (INTERP); a static one has none.
static=0 bins=0
for b in x/chariot-"$version"-linux-*/chariot x/chariot-"$version"-linux-*/chariot-chess; do
    bins=$((bins + 1))
    readelf -l "$b" > "$tmp/headers" && ! grep -q INTERP "$tmp/headers" && static=$((static + 1))
done
check "the Linux binaries are static: $static of $bins name no loader, nothing to install beside them" \
    "$([ "$static" = 8 ] && [ "$bins" = 8 ]; echo $?)"
echo "dist: $pass passed, $fail failed"
[ "$fail" = 0 ]
