#!/usr/bin/env bash
# The nets of docs/nnue-rounds.md from nothing: the data (datagen with the fitted evaluation, then with the round
# before's net), then the trainer, with the exact games and settings of each measured net, so the files come
# out byte for byte the same (datagen writes the same file for the same seed and settings whatever the
# worker count; the trainer is deterministic for the same data and thread count). The games also depend on the
# engine's search: run with today's ./chariot, a round whose data an older search made (every round so far:
# nets/data.txt names the binary) gets other games, so other nets of about the same strength, not the same
# bytes; tools/nnue/remake_data.sh remakes a listed file with the binary that made it. On this 2-core machine:
# xiangqi round 1 about an hour of datagen (1.45 M positions at ~450/s) and 3 minutes of training a net,
# round 2 about 80 minutes of datagen (2.99 M positions at ~630/s) and 2 + 6 + 12 minutes of training,
# round 3 about 60 minutes of datagen (4.12 M positions, most at ~1,200/s) and 3 + 2 minutes, round 4
# about 55 minutes of datagen (3.97 M positions at ~1,250/s) and 5 minutes, round 5 about 60 minutes
# (3.83 M positions at ~1,100/s) and 8 minutes, round 6 about 80 minutes (1.74 M positions at ~1,100/s and
# 7.25 M at ~2,300/s) and 10 + 6 minutes, round 7 about 60 minutes (7.80 M positions at ~2,300/s) and 12
# minutes, round 8 about 55 minutes (9.03 M positions at ~2,700/s, then 9.18 M) and 8 + 4 × 8 minutes, and for
# the output buckets another 60 (to 19.1 M positions) and 2 × 8 + 2 × 14 minutes (two at a time), its second
# run 73 minutes (6.00 M positions at ~1,360/s) and 15 minutes a 128-unit net, about 22 the shipped 256-unit one,
# round 9 30 minutes of training (nets/data.txt has its runs' times), round 10 on a faster machine 89 minutes of
# datagen (35.0 M positions at ~6,570/s) and 22 minutes of training, round 11 (not shipped) 75 minutes of
# datagen to its first net's 30.4 M positions (~6,730/s; 11 more to its 35.0 M) and 21 minutes of training; chess
# round 1 about 25 minutes and 2, round 2 another 100 minutes (2.79 M positions at ~465/s) and 3 minutes a
# net; round 3 another 33 minutes (the seed-1 run's last 0.88 M) and 93 (round 2's net at 5000, 2500 and
# 1250 nodes a move), 11 minutes of training on the 11.55 M positions; round 4 about 90 minutes of datagen
# here (6.16 M positions at ~1,150/s a worker) and 17 + 30 minutes of training; round 5 about 70 minutes of
# datagen here (8.55 M positions at ~1,010/s a worker) and 40 minutes of training; round 6 about 110 minutes
# of datagen here (12.26 M positions at ~930/s a worker) and 26 + 9 minutes of training.
#   tools/nnue/nnue_rounds.sh xiangqi|chess [OUTDIR [WORKERS]]      (default ~/.cache/chariot/rounds, nproc)
# Prints each net's path and checksum (sha256), then the shipped one's path; `EvalFile` loads any. nets/data.txt lists
# every data file made here, its seed and size, and the checksum of its records where a copy exists.
# SHRINK=N divides every count of games and positions by N (rounded up), the same pipeline in miniature:
# `SHRINK=2000` runs in a few minutes, and tests/rounds_test.sh checks with it that two runs on different
# worker counts give the same nets.
set -euo pipefail
game=${1:?usage: tools/nnue/nnue_rounds.sh xiangqi|chess [OUTDIR [WORKERS]]}
out=${2:-$HOME/.cache/chariot/rounds}
workers=${3:-$(nproc)}
shrink=${SHRINK:-1}
[[ $shrink =~ ^[1-9][0-9]*$ ]] || { echo "nnue_rounds.sh: SHRINK is a whole number from 1, not '$shrink'" >&2; exit 2; }
cd "$(dirname "$0")/../.."
mkdir -p "$out"
count() { echo $((($1 + shrink - 1) / shrink)); } # N: a count of games or positions, divided by SHRINK
datagen() { # ENGINE FILE SEED --games|--positions N: round 1's data, the fitted evaluation at 5000 nodes a move
    "./$1" datagen --out "$out/$2" --nodes 5000 --seed "$3" --eval fitted --threads "$workers" --quiet \
        "$4" "$(count "$5")"
}
netplay() { # ENGINE NET FILE SEED NODES GAMES: a round's data, the net before it playing
    "./$1" datagen --out "$out/$3" --seed "$4" --nodes "$5" --games "$(count "$6")" --eval "$out/$2" \
        --threads "$workers" --quiet
}
netround() { # ENGINE NET PREFIX NODES SEED:GAMES...: NET plays each run; files="PREFIX-sSEED.bin, ..."
    local run
    files=
    for run in "${@:5}"; do
        netplay "$1" "$2" "$3-s${run%:*}.bin" "${run%:*}" "$4" "${run#*:}"
        files="$files${files:+,}$out/$3-s${run%:*}.bin"
    done
}
# Every net below was trained before the trainer's accumulator range counted a side's pieces of each type
# (2026-11-28): --acc-count squares, its count before, makes them again byte for byte.
xqtrain() { ./chariot-train --acc-count squares "$@"; }
chtrain() { ./chariot-train-chess --acc-count squares "$@"; }
trainon() { # TRAINER FROM DATA OUT SCALE [ARGS...]: the net FROM trained on with DATA for 10 epochs
    # (λ 0.1, K SCALE); ARGS go to the trainer after these, so they override them
    "./$1" --acc-count squares --data "$3" --out "$out/$4" --from "$out/$2" --epochs 10 --scale "$5" \
        --lambda 0.1 --threads 2 "${@:6}" | tail -3
}
case $game in
xiangqi)
    make -s chariot chariot-train
    datagen chariot xq-s1.bin 1 --positions 653714 # the 2-core run's first 653,714 positions
    datagen chariot xq-s1001.bin 1001 --games 1242 # a lent 16-core machine's two batches
    datagen chariot xq-s2001.bin 2001 --games 6243
    data="$out/xq-s1.bin,$out/xq-s1001.bin,$out/xq-s2001.bin"
    xqtrain --data "$data" --out "$out/xq-r1-l05.nnue" --hidden 128 --epochs 30 --scale 480 \
        --lambda 0.5 --threads 2 | tail -3
    datagen chariot xq-s1.bin 1 --positions 726172 # the same run, on to its first 726,172 positions
    xqtrain --data "$data" --out "$out/xq-r1-l01.nnue" --hidden 128 --epochs 30 --scale 480 \
        --lambda 0.1 --threads 2 | tail -3 # round 1's net, in nets/xiangqi.nnue until round 2
    xqtrain --data "$data" --out "$out/xq-r1-l05-1449k.nnue" --hidden 128 --epochs 30 --scale 480 \
        --lambda 0.5 --threads 2 | tail -3
    xqtrain --data "$data" --out "$out/xq-r1-l05-mirror.nnue" --hidden 128 --epochs 30 --scale 480 \
        --lambda 0.5 --threads 2 --mirror | tail -3
    # round 2: round 1's net plays at 2500 nodes a move (seeds 7001 and 7003 on a lent 16-core machine),
    # then round 1's net trained on with these data for 10 epochs, and nets of 128 and 256 units from
    # random weights on them
    netround chariot xq-r1-l01.nnue xq-r2-n2500 2500 7001:23238 7003:13144
    trainon chariot-train xq-r1-l01.nnue "$files" xq-r2-from1.nnue 480
    for h in 128 256; do
        xqtrain --data "$files" --out "$out/xq-r2-h$h.nnue" --hidden $h --epochs 30 --scale 480 \
            --lambda 0.1 --threads 2 | tail -3
    done
    # round 3: round 2's net plays here, at 2500 nodes a move (seed 31, stopped after 1,091 games) and at
    # 1250 (seed 33); then round 2's net trained on for 10 epochs with rounds 2 and 3's data, and with
    # round 3's alone
    r2files=$files
    netround chariot xq-r2-from1.nnue xq-r3-n2500 2500 31:1091
    r3files=$files
    netround chariot xq-r2-from1.nnue xq-r3-n1250 1250 33:55863
    r3files="$r3files,$files"
    trainon chariot-train xq-r2-from1.nnue "$r2files,$r3files" xq-r3-from2.nnue 480
    trainon chariot-train xq-r2-from1.nnue "$r3files" xq-r3-from2-new.nnue 480
    # round 4: round 3's net plays here at 1250 nodes a move (seed 41, stopped after 54,864 games); then
    # round 3's net trained on for 10 epochs with rounds 2, 3 and 4's data
    netround chariot xq-r3-from2.nnue xq-r4-n1250 1250 41:54864
    r4files=$files
    trainon chariot-train xq-r3-from2.nnue "$r2files,$r3files,$r4files" xq-r4-from3.nnue 480
    # round 5: round 4's net plays here at 1250 nodes a move (seed 51, stopped after 52,927 games); then
    # round 4's net trained on for 10 epochs with rounds 2 to 5's data
    netround chariot xq-r4-from3.nnue xq-r5-n1250 1250 51:52927
    r5files=$files
    trainon chariot-train xq-r4-from3.nnue "$r2files,$r3files,$r4files,$r5files" xq-r5-from4.nnue 480
    # round 6: round 5's net plays here at 1250 nodes a move (seed 61, stopped after 23,712 games) and at
    # 625 (seed 62, stopped after 115,864 games); then round 5's net trained on for 10 epochs with rounds 2
    # to 6's data (shipped), and with rounds 4 to 6's (no better or worse at 20,000 nodes a move)
    netround chariot xq-r5-from4.nnue xq-r6-n1250 1250 61:23712
    r6files=$files
    netround chariot xq-r5-from4.nnue xq-r6-n625 625 62:115864
    r6files="$r6files,$files"
    trainon chariot-train xq-r5-from4.nnue "$r2files,$r3files,$r4files,$r5files,$r6files" xq-r6-from5.nnue 480
    trainon chariot-train xq-r5-from4.nnue "$r4files,$r5files,$r6files" xq-r6-from5-new.nnue 480
    # round 7: round 6's net plays here at 625 nodes a move (seed 71, stopped after 123,071 games); then
    # round 6's net trained on for 10 epochs with rounds 4 to 7's data (shipped)
    netround chariot xq-r6-from5.nnue xq-r7-n625 625 71:123071
    r7files=$files
    trainon chariot-train xq-r6-from5.nnue "$r4files,$r5files,$r6files,$r7files" xq-r7-from6.nnue 480
    # xq-r7-from6.nnue was nets/xiangqi.nnue from 2026-11-28 to 2026-11-30
    # round 8: round 7's net plays at 625 nodes a move (seed 81, stopped after 141,892
    # games); round 7's net trained on with those alone, the range counted by pieces, on one thread (it
    # was trained beside another training)
    netround chariot xq-r7-from6.nnue xq-r8-n625 625 81:141892
    trainon chariot-train xq-r7-from6.nnue "$files" xq-r8-from7-new.nnue 480 --acc-count pieces --threads 1
    # round 8's run went on to 144,217 games; round 7's net trained on with those alone at λ 0.3, 0.2, 0.05
    # and 0, one thread each (none ships)
    netround chariot xq-r7-from6.nnue xq-r8-n625 625 81:144217
    for lambda in 0.3 0.2 0.05 0.0; do
        trainon chariot-train xq-r7-from6.nnue "$files" "xq-r8c-l$lambda.nnue" 480 --acc-count pieces --threads 1 \
            --lambda $lambda
    done
    # output buckets (2026-11-29): round 8's run at 300,590 games, round 7's net trained on with all of it at
    # λ 0.05, one output bucket and eight by pieces, one thread each (trained on xq-r8-n625-s81.chain, the
    # compact copy of the record file datagen wrote before 2026-11-29: the same positions, the same nets)
    netround chariot xq-r7-from6.nnue xq-r8-n625 625 81:300590
    for buckets in 1 8; do
        trainon chariot-train xq-r7-from6.nnue "$files" "xq-r8d-b$buckets.nnue" 480 --acc-count pieces --threads 1 \
            --lambda 0.05 --buckets $buckets
    done
    # and from random weights: 128 units, 20 epochs, λ 0.1, one output bucket and eight; eight with
    # king-relative inputs (2026-11-29)
    for buckets in 1 8; do
        ./chariot-train --acc-count pieces --data "$files" --out "$out/xq-r8s-b$buckets.nnue" --hidden 128 --epochs 20 \
            --scale 480 --lambda 0.1 --threads 1 --buckets $buckets | tail -3
    done
    ./chariot-train --acc-count pieces --data "$files" --out "$out/xq-r8s-b8k.nnue" --hidden 128 --epochs 20 \
        --scale 480 --lambda 0.1 --threads 1 --buckets 8 --king-mirror | tail -3
    # round 8's second run (2026-11-29, seed 82, stopped at 93,754 games; ba65fd0's search made them), then a
    # net from random weights with 8 buckets and king-relative inputs on both runs' 25.1 M positions
    r8files=$files
    netround chariot xq-r7-from6.nnue xq-r8-n625 625 82:93754
    r8all="$r8files,$files"
    r8train() { # OUT [ARGS...]: a net from random weights on $trainset (default both runs), 8 buckets, king-relative,
        # 20 epochs
        ./chariot-train --acc-count pieces --data "${trainset:-$r8all}" --out "$out/$1" --epochs 20 --scale 480 \
            --lambda 0.1 --threads 2 --buckets 8 --king-mirror "${@:2}" | tail -3
    }
    r8train xq-r8a-b8k.nnue --hidden 128
    # the same with the squared clipped ReLU (not kept), and with 256 units (2026-11-30): nets/xiangqi.nnue
    r8train xq-r8a-b8k-sq.nnue --hidden 128 --screlu
    r8train xq-r8a-b8k-h256.nnue --hidden 256
    shipped=xq-r8a-b8k-h256.nnue # nets/xiangqi.nnue from 2026-11-30 until round 9's below
    # round 9 (2026-11-30): that net plays at 625 nodes a move (seed 91, 82ef1e4's search),
    # stopped after 66,544 games
    netround chariot xq-r8a-b8k.nnue xq-r9-n625 625 91:66544
    # and round 8's shipped 256-unit net plays at 625 nodes a move (seed 92, acc2a49's search): its first 102,046
    # games, the data of round 9's first net (the run went on to 25 M positions: nets/data.txt's row)
    netround chariot xq-r8a-b8k-h256.nnue xq-r9-n625 625 92:102046
    # round 9's first net (2026-11-30): round 8's shipped recipe on round 8 and that run (33.0 M positions)
    trainset="$r8all,$files" r8train xq-r9a-b8k-h256.nnue --hidden 256
    shipped=xq-r9a-b8k-h256.nnue # nets/xiangqi.nnue from 2026-11-30 until round 10's below
    # round 10 (2026-12-01): that net plays at 625 nodes a move (seed 101, f8764b7's search) to 35 M positions; the
    # same recipe on them alone
    netround chariot xq-r9a-b8k-h256.nnue xq-r10-n625 625 101:448756
    trainset="$files" r8train xq-r10a-b8k-h256.nnue --hidden 256
    shipped=xq-r10a-b8k-h256.nnue # nets/xiangqi.nnue since 2026-12-01
    # round 11 (2026-12-01): that net plays at 625 nodes a move (seed 111, 4ca1e84's search), stopped after 393,010
    # games; the same recipe on rounds 10 and 11 (65.4 M positions), 10 epochs (the steps of 20 on half as many);
    # level with round 10's at 20,000 nodes (+4.5 ± 17.3), not kept
    r10files=$files
    netround chariot xq-r10a-b8k-h256.nnue xq-r11-n625 625 111:393010
    trainset="$r10files,$files" r8train xq-r11a-b8k-h256-e10.nnue --hidden 256 --epochs 10
    ;;
chess)
    make -s chariot-chess chariot-train-chess
    datagen chariot-chess chess-s1001.bin 1001 --games 6606 # a lent 16-core machine's batch
    chtrain --data "$out/chess-s1001.bin" --out "$out/chess-r1-l05.nnue" --hidden 128 --epochs 30 \
        --scale 150 --lambda 0.5 --threads 2 | tail -3
    chtrain --data "$out/chess-s1001.bin" --out "$out/chess-r1-l01.nnue" --hidden 128 --epochs 30 \
        --scale 150 --lambda 0.1 --threads 2 | tail -3
    # round 2: the 2-core run of 2026-11-27 (seed 1); the first two nets saw its file while it grew
    datagen chariot-chess chess-n5000-s1.bin 1 --games 35847
    data="$out/chess-s1001.bin,$out/chess-n5000-s1.bin"
    for n in 1022988 2418708 3304689; do # the last: round 2's net, in nets/chess.nnue until round 3
        chtrain --data "$data" --max-positions "$(count $n)" --out "$out/chess-r2-l01-$n.nnue" \
            --hidden 128 --epochs 30 --scale 150 --lambda 0.1 --threads 2 | tail -3
    done
    # round 3: round 2's net plays (the seed-1 run went on to 47,215 games), at three budgets a move
    datagen chariot-chess chess-n5000-s1.bin 1 --games 47215
    r2=chess-r2-l01-3304689.nnue
    netplay chariot-chess $r2 chess-r3-s3.bin 3 5000 11839
    netplay chariot-chess $r2 chess-r3-n2500-s5.bin 5 2500 30850
    netplay chariot-chess $r2 chess-r3-n1250-s7.bin 7 1250 52162
    data="$data,$out/chess-r3-s3.bin,$out/chess-r3-n2500-s5.bin,$out/chess-r3-n1250-s7.bin"
    chtrain --data "$data" --out "$out/chess-r3-l01.nnue" --hidden 128 --epochs 30 --scale 150 \
        --lambda 0.1 --threads 2 | tail -3
    # round 4: round 3's net plays at 1250 nodes a move (a lent 16-core machine's two runs), then nets of
    # 128 and 256 hidden units on all the data; the second is nets/chess.nnue
    netround chariot-chess chess-r3-l01.nnue chess-r4-n1250 1250 4001:47296 4003:34917
    data="$data,$files"
    for h in 128 256; do
        chtrain --data "$data" --out "$out/chess-r4-h$h.nnue" --hidden $h --epochs 30 --scale 150 \
            --lambda 0.1 --threads 2 | tail -3
    done
    # round 5: round 4's 256-unit net plays at 1250 nodes a move (seed 11 here, 5001 and 5003 on a lent
    # 16-core machine), then a 256-unit net on all the data
    netround chariot-chess chess-r4-h256.nnue chess-r5-n1250 1250 11:21953 5001:58996 5003:30387
    data="$data,$files"
    chtrain --data "$data" --out "$out/chess-r5-h256.nnue" --hidden 256 --epochs 30 --scale 150 \
        --lambda 0.1 --threads 2 | tail -3
    shipped=chess-r5-h256.nnue # nets/chess.nnue
    # round 6: round 5's net plays at 1250 nodes a move (seeds 6001 and 6003 on a lent 16-core machine, 21
    # here), then a 256-unit net on these data alone, from random weights and, 10 epochs, from round 5's net
    # (neither ships: docs/nnue-rounds.md, "Chess round 6")
    netround chariot-chess chess-r5-h256.nnue chess-r6-n1250 1250 21:60069 6001:67003 6003:33593
    data=$files
    chtrain --data "$data" --out "$out/chess-r6-h256.nnue" --hidden 256 --epochs 30 --scale 150 \
        --lambda 0.1 --threads 2 | tail -3
    trainon chariot-train-chess chess-r5-h256.nnue "$data" chess-r6-from5.nnue 150
    ;;
*)
    echo "nnue_rounds.sh: the game is xiangqi or chess, not '$game'" >&2
    exit 2
    ;;
esac
sha256sum "$out"/*.nnue
echo "shipped: $out/$shipped"
