#!/usr/bin/env bash
# dist.sh [OUTDIR] - release archives of both engines for the systems players use (`make dist`; docs/platforms.md):
#   chariot-VERSION-linux-x86-64{,-v2,-v3}.tar.gz   Linux x86-64 at three processor levels, static
#   chariot-VERSION-linux-aarch64.tar.gz            Linux ARM64 (Debian's gcc-aarch64-linux-gnu), static
#   chariot-VERSION-windows-x86-64{-v2,-v3}.zip     Windows x86-64 (Debian's gcc-mingw-w64-x86-64), static
# each holding chariot and chariot-chess (.exe on Windows), README.md, the man page (chariot.6; Windows:
# chariot.txt, the same as plain text), LICENSE where the tree has one, and a BUILD.txt naming the version, the
# commit, the level and the bench signatures; then SHA256SUMS over the archives. OUTDIR is dist/ by default.
# The binaries are built in a scratch copy of the work tree, so the builds beside the Makefile stay as they are.
# VERSION is the Makefile's (git describe), taken here from the real checkout.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)
need() { command -v "$1" >/dev/null || { echo "dist.sh: no $1 (Debian: apt-get install $2)" >&2; exit 2; }; }
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64
need aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
need zip zip
version=$(make -s --no-print-directory print-version)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$scratch" 2>/dev/null ||
    { echo "dist.sh: cannot copy the work tree (is this a git checkout?)" >&2; exit 2; }
mk() { make -s --no-print-directory -C "$scratch" VERSION="$version" "$@"; }
sig() { "$@" bench 2>/dev/null | awk '/^Nodes searched/ {print $3}' | tr -d '\r'; }

# package NAME ARCHIVE-KIND BINARY... : a folder chariot-VERSION-NAME with the binaries and the papers, archived
package() {
    local kind=$2 dir="chariot-$version-$1"
    shift 2
    rm -rf "${scratch:?}/pkg" && mkdir -p "$scratch/pkg/$dir"
    cp "$@" "$scratch/pkg/$dir/"
    cp "$root/README.md" "$scratch/pkg/$dir/"
    [ -f "$root/LICENSE" ] && cp "$root/LICENSE" "$scratch/pkg/$dir/"
    if [ "$kind" = zip ]; then
        if command -v groff >/dev/null; then
            groff -man -Tutf8 -P-cbou "$root/man/chariot.6" > "$scratch/pkg/$dir/chariot.txt" 2>/dev/null
        else
            cp "$root/man/chariot.6" "$scratch/pkg/$dir/"
        fi
        printf '%s\n' "$build_txt" | sed 's/$/\r/' > "$scratch/pkg/$dir/BUILD.txt"
        (cd "$scratch/pkg" && rm -f "$out/$dir.zip" && zip -q -r "$out/$dir.zip" "$dir")
        echo "$out/$dir.zip"
    else
        cp "$root/man/chariot.6" "$scratch/pkg/$dir/"
        printf '%s\n' "$build_txt" > "$scratch/pkg/$dir/BUILD.txt"
        tar -C "$scratch/pkg" --owner=0 --group=0 -czf "$out/$dir.tar.gz" "$dir"
        echo "$out/$dir.tar.gz"
    fi
}

native_xq=$(mk chariot >/dev/null && sig "$scratch/chariot")
native_ch=$(mk chariot-chess >/dev/null && sig "$scratch/chariot-chess")
build_txt_for() { # LEVEL SYSTEM
    build_txt="Chariot $version ($commit), built $(date -u +%Y-%m-%d) for $2, processor level $1.
Bench signatures (chariot bench, chariot-chess bench: Nodes searched): $native_xq and $native_ch.
xiangqi: chariot (UCI, UCCI or XBoard); chess: chariot-chess (UCI or XBoard). README.md says how to use them."
}
for level in x86-64 x86-64-v2 x86-64-v3; do
    mk -B ARCH="$level" LDFLAGS="-static -s" chariot chariot-chess >/dev/null
    build_txt_for "$level" "Linux"
    package "linux-$level" tar "$scratch/chariot" "$scratch/chariot-chess"
done
mk -B chariot-aarch64 chariot-chess-aarch64 >/dev/null
cp "$scratch/chariot-aarch64" "$scratch/chariot" && cp "$scratch/chariot-chess-aarch64" "$scratch/chariot-chess"
aarch64-linux-gnu-strip "$scratch/chariot" "$scratch/chariot-chess"
build_txt_for "armv8-a (ARM64)" "Linux"
package linux-aarch64 tar "$scratch/chariot" "$scratch/chariot-chess"
for level in x86-64-v2 x86-64-v3; do
    mk -B ARCH="$level" chariot.exe chariot-chess.exe >/dev/null
    x86_64-w64-mingw32-strip "$scratch/chariot.exe" "$scratch/chariot-chess.exe"
    build_txt_for "$level" "Windows"
    package "windows-$level" zip "$scratch/chariot.exe" "$scratch/chariot-chess.exe"
done
(cd "$out" && sha256sum chariot-"$version"-*.tar.gz chariot-"$version"-*.zip > SHA256SUMS)
echo "$out/SHA256SUMS"
[ -f "$root/LICENSE" ] || echo "dist.sh: note: the tree has no LICENSE file, so the archives hold none" >&2
