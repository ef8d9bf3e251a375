#!/usr/bin/env bash
# Builds ElephantEye 3.3 (xqbase/eleeye, a public UCCI xiangqi engine, LGPL) outside this repository,
# as an anchor for docs/strength.md's matches (tools/match/match.py drives it with proto=ucci). Chariot neither
# ships nor links it: it is a tool to measure with. The build is the project's own one-line g++ command
# (eleeye/makefile.sh).
#
#   tools/build/build_eleeye.sh SOURCE_DIR [OUT_DIR]
#
# SOURCE_DIR: a checkout of github.com/xqbase/eleeye (a git directory without a work tree is exported).
# OUT_DIR:    where the build goes (default: $HOME/.cache/chariot-tools/eleeye); the binary is
#             OUT_DIR/eleeye, with BOOK.DAT beside it (the engine looks for its book there; matches
#             pass option.usebook=false to play the given openings).
# Needs g++ (Debian: apt-get install -y g++). Prints the commit built.
set -euo pipefail
src=${1:?usage: tools/build/build_eleeye.sh SOURCE_DIR [OUT_DIR]}
out=${2:-$HOME/.cache/chariot-tools/eleeye}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/export_source.sh"
export_source "$src" "$work" base eleeye BOOK/BOOK.DAT
(cd "$work/eleeye" && nice -n 10 g++ -DNDEBUG -O2 -w -o eleeye ../base/pipe.cpp ucci.cpp pregen.cpp position.cpp \
    genmoves.cpp hash.cpp book.cpp movesort.cpp preeval.cpp evaluate.cpp search.cpp eleeye.cpp) \
    >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
cp "$work/eleeye/eleeye" "$out/eleeye"
[ -f "$work/BOOK/BOOK.DAT" ] && cp "$work/BOOK/BOOK.DAT" "$out/BOOK.DAT"
echo "ElephantEye $commit built: $out/eleeye"
