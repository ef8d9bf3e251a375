#!/usr/bin/env bash
# Builds Pikafish-HCE (github.com/skystarspython/Pikafish-HCE: Pikafish's search with a hand-written
# evaluation, GPL-3) outside this repository, as the xiangqi yardstick of tools/match/strength.sh's `pikafish`
# mode (docs/strength.md). Chariot neither ships nor links it: it is a tool to measure with. The build is
# the project's own `make build` in its src/.
#
#   tools/build/build_pikafish_hce.sh SOURCE_DIR [OUT_DIR [ARCH]]
#
# SOURCE_DIR: a checkout of the repository (a git directory without a work tree, as `fetch` leaves it, is
#             exported). OUT_DIR: where the binary goes (default $HOME/.cache/chariot-tools/pikafish-hce);
#             the binary is OUT_DIR/pikafish. ARCH: its Makefile's (default x86-64-bmi2 where the processor
#             has BMI2 and AVX2, else x86-64-avx2, else x86-64-modern).
# Needs g++ and make (Debian: apt-get install -y g++ make). Prints the commit built and the binary's id.
set -euo pipefail
src=${1:?usage: tools/build/build_pikafish_hce.sh SOURCE_DIR [OUT_DIR [ARCH]]}
out=${2:-$HOME/.cache/chariot-tools/pikafish-hce}
flags=$(grep -m1 '^flags' /proc/cpuinfo 2> /dev/null || true)
arch=${3:-$(if [[ $flags == *" bmi2"* && $flags == *" avx2"* ]]; then echo x86-64-bmi2
    elif [[ $flags == *" avx2"* ]]; then echo x86-64-avx2; else echo x86-64-modern; fi)}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/export_source.sh"
export_source "$src" "$work" src
(cd "$work/src" && nice -n 10 make -j"$(nproc)" build ARCH="$arch") > "$out/build.log" 2>&1 ||
    { tail -20 "$out/build.log"; exit 1; }
cp "$work/src/pikafish" "$out/pikafish"
id=$(printf 'uci\nquit\n' | "$out/pikafish" | sed -n 's/^id name //p')
echo "Pikafish-HCE $commit ($id, ARCH=$arch) built: $out/pikafish"
