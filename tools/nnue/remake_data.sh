#!/usr/bin/env bash
# Remakes a training-data file of nets/data.txt that a machine lost, with the binary that made it.
#
#   tools/nnue/remake_data.sh FILE [GAMES]      (GAMES: stop there, e.g. 1000 to check a remake in minutes)
#   tools/nnue/remake_data.sh --list            the files it knows, each with its recipe
#   tools/nnue/remake_data.sh --all             each of them in turn (a file already whole is only checked; one
#                                               whose net only the trainer makes is skipped until it exists)
#
# A file's games depend on the engine's search as well as on the seed and settings, so the current ./chariot
# remakes only data made since the search last changed. Each recipe below names the commit whose binary made
# the file: the script builds that commit in a scratch worktree (once; the binary stays in BIN), takes the net
# that played from the same git history (checked by its sha256) or from OUT, runs the datagen command into OUT
# (a file already there goes on from its complete games) and checks the result: the whole file against the
# manifest's checksum, or a shorter remake's first games against the recipe's prefix checksum (FIRST games).
# Environment: OUT (default ~/.cache/chariot/rounds), BIN (~/.cache/chariot/bin), WORKERS (nproc), NICE (10).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$HOME/.cache/chariot/rounds}
bin=${BIN:-$HOME/.cache/chariot/bin}
workers=${WORKERS:-$(nproc)}
niceness=${NICE:-10}
manifest=$root/nets/data.txt
FIRST=1000 # the games the prefix checksums cover

# FILE -> "COMMIT ENGINE NET NET_SOURCE NET_SHA256_PREFIX GAMES FIRST_SHA256 DATAGEN_ARGS...": NET_SOURCE is
# a path in git at COMMIT, or "-" for a net that only OUT can hold (made by the trainer: nnue_rounds.sh);
# FIRST_SHA256 is data_manifest.py --prefix-hash of the first FIRST games ("-": not known yet); the whole file
# is checked against its manifest row's checksum.
RECIPES=(
    # the record file of 9f5c973 (same search, bench 318525), remade in the compact format on 2026-11-30: its dump
    # equalled the record file's (md5 ef3a10a6..., nets/data.txt), and the manifest's row now measures the remake
    "xq-r8-n625-s81.bin ba65fd0 chariot xq-r7-from6.nnue nets/xiangqi.nnue c709acc1 300590
        ad74a88a9fc6604667c8ca0a0894b9aff2fc469796decd6cd5f440474f96d617 --nodes 625 --seed 81"
    "xq-r8-n625-s82.bin ba65fd0 chariot xq-r7-from6.nnue nets/xiangqi.nnue c709acc1 93754
        062c99055d155e0e2f58e46589d96e0378a3081b958e332ef628be1bf516cd4c --nodes 625 --seed 82"
    "xq-r9-n625-s91.bin 089e01f chariot xq-r8a-b8k.nnue - f9be0476 66544
        f22523cab5bde1532e7c75baa3d6887419bc5b571e655bd93ced2462b87c1ac6 --nodes 625 --seed 91"
    # round 8's shipped 256-unit net playing (2026-11-30 to 2026-12-01, complete at its 25 M positions)
    "xq-r9-n625-s92.bin acc2a49 chariot xq-r8a-b8k-h256.nnue nets/xiangqi.nnue 9398dd1e 324370
        801471168e44feb88cef327aa7d48380148561eedac634603c15f32a056987d5 --nodes 625 --seed 92"
    # round 9's shipped net playing (2026-12-01, the command's 35 M positions)
    "xq-r10-n625-s101.bin f8764b7 chariot xq-r9a-b8k-h256.nnue nets/xiangqi.nnue dbd4a233 448756
        824f3d7f35e15f2a9a136d03301301fdcc235b5fe0d44a93556b6b68286789e8 --nodes 625 --seed 101"
    # round 10's shipped net playing (2026-12-01, the command's 35 M positions; round 11's first net its first 393,010 games)
    "xq-r11-n625-s111.bin 4ca1e84 chariot xq-r10a-b8k-h256.nnue nets/xiangqi.nnue 606f4e29 452320
        9f3f29ff1443568ca12f24102dadc78c2784e4bd0ab1919199f2203dc650a2e6 --nodes 625 --seed 111"
    "chess-r6-n1250-s21.bin b82b6d6 chariot-chess chess-r5-h256.nnue nets/chess.nnue 0cd2b12e 60069 -
        --nodes 1250 --seed 21"
    "chess-r6-n1250-s6001.bin b82b6d6 chariot-chess chess-r5-h256.nnue nets/chess.nnue 0cd2b12e 67003 -
        --nodes 1250 --seed 6001"
    "chess-r6-n1250-s6003.bin b82b6d6 chariot-chess chess-r5-h256.nnue nets/chess.nnue 0cd2b12e 33593 -
        --nodes 1250 --seed 6003"
)

# The recipe of FILE (its words after the file name, on one line), or failure.
recipe() {
    local r words
    for r in "${RECIPES[@]}"; do
        read -r -d '' -a words <<<"$r" || true
        if [[ ${words[0]} == "$1" ]]; then
            echo "${words[*]:1}"
            return 0
        fi
    done
    return 1
}

die() {
    echo "remake_data.sh: $*" >&2
    exit 2
}
if [[ ${1:-} == --list ]]; then
    for r in "${RECIPES[@]}"; do
        f=${r%% *}
        echo "$f: $(recipe "$f")"
    done
    exit 0
fi
if [[ ${1:-} == --all ]]; then
    failed=0
    for r in "${RECIPES[@]}"; do
        f=${r%% *}
        echo "remake_data.sh: $f"
        "$0" "$f" || failed=$((failed + 1))
    done
    echo "remake_data.sh --all: $failed of ${#RECIPES[@]} files not remade or not checked"
    exit $((failed > 0 ? 2 : 0))
fi
file=${1:?usage: tools/nnue/remake_data.sh FILE [GAMES] | --list | --all}
r=$(recipe "$file") || die "no recipe for '$file' (--list shows the files it knows; nnue_rounds.sh has the rest)"
read -r commit engine net net_src net_sha games first_sha args <<<"$r"
limit=${2:-$games}
[[ $limit =~ ^[1-9][0-9]*$ ]] || die "GAMES is a whole number from 1, not '$limit'"
((limit <= games)) || die "$file holds $games games; GAMES $limit is more"
mkdir -p "$out" "$bin"

# The binary of the commit that made the file.
exe=$bin/$engine-$commit
if [[ ! -x $exe ]]; then
    git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null ||
        die "commit $commit is not in this clone's history (a shallow clone? git fetch --unshallow)"
    tree=$(mktemp -d)
    trap 'git -C "$root" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"' EXIT
    git -C "$root" worktree add -q --detach "$tree" "$commit"
    echo "remake_data.sh: building $engine at $commit"
    make -C "$tree" -s -j"$workers" "$engine" >/dev/null
    cp "$tree/$engine" "$exe"
fi

# The net that played.
if [[ ! -f $out/$net ]]; then
    [[ $net_src != - ]] || die "$net is not in $out: the trainer makes it (tools/nnue/nnue_rounds.sh, the line that writes it)"
    git -C "$root" show "$commit:$net_src" >"$out/$net.part"
    mv "$out/$net.part" "$out/$net"
fi
sha=$(sha256sum "$out/$net" | cut -c1-8)
[[ $sha == "$net_sha" ]] || die "$out/$net has sha256 $sha..., the recipe's net is $net_sha..."

cd "$out"
# shellcheck disable=SC2086 # the recipe's arguments are words
nice -n "$niceness" "$exe" datagen --out "$file" --games "$limit" --threads "$workers" --eval "$net" --quiet $args

# The check: the whole file against the manifest, a shorter one's first games against the prefix checksum.
if ((limit == games)); then
    grep -q "^$file " "$manifest" || die "$file has no row in nets/data.txt"
    tmp=$(mktemp)
    grep -E "^(#|$file )" "$manifest" >"$tmp"
    python3 "$root/tools/nnue/data_manifest.py" --check "$tmp" "$out"
    rm -f "$tmp"
elif ((limit >= FIRST)) && [[ $first_sha != - ]]; then
    got=$(python3 "$root/tools/nnue/data_manifest.py" --prefix-hash "$out/$file" "$FIRST")
    [[ $got == "$first_sha" ]] || die "$file: its first $FIRST games hash to $got, the recipe says $first_sha"
    echo "$file: ok (its first $FIRST games as the recipe's prefix checksum)"
else
    echo "$file: $limit games made; no checksum covers them (the whole file or its first $FIRST games are checked)"
fi
