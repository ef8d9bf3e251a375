#!/usr/bin/env bash
# Builds Fastchess (a public C++17 match runner for chess engines, MIT
# licence) outside this repository, for the chess matches of docs/strength.md.
# Chariot neither ships nor links it: it is a tool to measure with.
#
#   tools/build/build_fastchess.sh SOURCE_DIR [OUT_DIR]
#
# SOURCE_DIR: a checkout of the Fastchess repository (github.com/Disservin/fastchess;
#             a git directory without a work tree is exported first).
# OUT_DIR:    where the build goes (default: $HOME/.cache/chariot-tools/fastchess);
#             the binary is OUT_DIR/fastchess.
# Needs g++ and make (Debian: apt-get install -y g++ make). Prints the commit built.
set -euo pipefail
src=${1:?usage: tools/build/build_fastchess.sh SOURCE_DIR [OUT_DIR]}
out=${2:-$HOME/.cache/chariot-tools/fastchess}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/export_source.sh"
export_source "$src" "$work"
nice -n 10 make -C "$work" -j"$(nproc)" >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
cp "$work/fastchess" "$out/fastchess"
echo "fastchess $commit built: $out/fastchess"
