#!/usr/bin/env bash
# The cluster build (make mpi, make mpich) under mpirun with 2 ranks (make test-mpi; docs/cluster.md): UCI and
# UCCI sessions with searches, stop, bad input and quit with every rank exiting; chess; XBoard games of
# both (rank 1 plays rank 0's moves); the same position on every rank after the same commands; entries
# exchanged between the ranks; the fallbacks where the library refuses a window (forced), and rank 0 alone.
#   tests/cluster_test.sh openmpi   ./chariot-mpi and ./chariot-chess-mpi under mpirun (Debian's Open MPI), the
#                                   sessions through tools/cluster/cluster_launch.sh, as docs/cluster.md tells GUIs
#   tests/cluster_test.sh mpich     ./chariot-mpich and ./chariot-chess-mpich under mpirun.mpich (MPICH)
set -uo pipefail
cd "$(dirname "$0")/.."
mpi=${1:-openmpi}
case $mpi in
# LAUNCH starts a session: under Open MPI the launcher, whose named pipe takes the lines to rank 0 (Open MPI
# 4.1's mpirun can hold its standard input back, and under load its forwarding of it crashed, docs/cluster.md);
# under MPICH mpirun.mpich itself, whose forwarding is the one tested.
openmpi) MPIRUN=mpirun LAUNCH=tools/cluster/cluster_launch.sh XQ=./chariot-mpi CHESS=./chariot-chess-mpi
    OVERSUB=--oversubscribe ;;
mpich) MPIRUN=mpirun.mpich LAUNCH=mpirun.mpich XQ=./chariot-mpich CHESS=./chariot-chess-mpich OVERSUB= ;;
*) echo "usage: tests/cluster_test.sh [openmpi|mpich]"; exit 2 ;;
esac
if ! command -v $MPIRUN >/dev/null; then
    echo "test-mpi SKIPPED for $mpi: no $MPIRUN here (Debian: apt-get install libopenmpi-dev openmpi-bin mpich libmpich-dev)"
    exit 0
fi
echo "cluster ($mpi): $($MPIRUN --version 2>&1 | grep -m1 -i 'open mpi\|version' | tr -s ' ')"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d)
trap '[ -n "${KEEP_TMP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # check DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
# session NAME ENGINE [MPIRUN OPTIONS...]: stdin lines, paced by "sleep N" lines and "wait PATTERN" lines (until
# the output has it, 60 s at most); output in $tmp/NAME.out,
# rank 1's in .log.1. ENGINE may be "-np 1 env A=B ENGINE : ENGINE" (the ranks' own environments).
session() {
    local name=$1 engine=$2 np="-np 2"
    shift 2
    case $engine in -np*) np= ;; esac
    while IFS= read -r line; do
        case $line in
        sleep\ *) sleep "${line#sleep }" ;;
        wait\ *) # the engine's answer, before going on: starting the ranks can take seconds on a loaded machine
            for _ in $(seq 600); do grep -q -- "${line#wait }" "$tmp/$name.out" 2>/dev/null && break; sleep 0.1; done ;;
        *) printf '%s\n' "$line" ;;
        esac
    done | CHARIOT_CLUSTER_LOG="$tmp/$name.log" CHARIOT_CLUSTER_STATS=1 timeout 60 \
        $LAUNCH $OVERSUB "$@" $np $engine > "$tmp/$name.out" 2> "$tmp/$name.err"
    echo $? > "$tmp/$name.rc"
}
has() { grep -q -- "$2" "$tmp/$1.out"; }
count() { grep -c -- "$2" "$tmp/$1.out"; }

session uci $XQ <<'IN'
uci
wait ^uciok
isready
position startpos moves h2e2 h9g7
go depth 10
sleep 2
go infinite
sleep 1
isready
stop
sleep 1
go depth abc
position fen not-a-fen
frobnicate
setoption name Hash value 32
isready
position startpos moves h2e2
d
go movetime 300
sleep 1
quit
IN
check "uci: both ranks exit 0 after quit (rc $(cat "$tmp/uci.rc"))" [ "$(cat "$tmp/uci.rc")" = 0 ]
check "uci: uciok and three readyok" bash -c "grep -q '^uciok' $tmp/uci.out && [ \$(grep -c '^readyok' $tmp/uci.out) = 3 ]"
check "uci: every go answered once: 4 bestmoves ($(count uci '^bestmove'))" [ "$(count uci '^bestmove')" = 4 ]
check "uci: bad input named" bash -c "grep -q 'error: .*abc' $tmp/uci.out && grep -q 'error: .*FEN' $tmp/uci.out && grep -q \"unknown command 'frobnicate'\" $tmp/uci.out"
check "uci: rank 1 writes nothing to the GUI (its lines are in its log)" bash -c "[ \$(grep -c '^uciok' $tmp/uci.out) = 1 ] && grep -q '^uciok' $tmp/uci.log.1"
key0=$(grep '^Key:' "$tmp/uci.out")
key1=$(grep '^Key:' "$tmp/uci.log.1")
check "the same position on both ranks ($key0 / $key1)" [ -n "$key0" ] && [ "$key0" = "$key1" ]
# By default (ClusterNodeShare) the two ranks of this one machine keep their entries in the slices they
# share in place (both slices fill), and no entry crosses the link.
check "uci: node-mates fill the shared slices" bash -c "grep -q 'rank 0: .* [1-9][0-9]* slice entries' $tmp/uci.err && grep -q 'rank 1: .* [1-9][0-9]* slice entries' $tmp/uci.err"
check "uci: node-mates send no entries over the link" bash -c "grep -q 'rank 0: 0 entries sent, 0 received' $tmp/uci.err && grep -q 'rank 1: 0 entries sent, 0 received' $tmp/uci.err"

session ucci $XQ <<'IN'
ucci
wait ^ucciok
setoption clusternodeshare false
isready
position startpos moves h2e2
go depth 8
sleep 2
go depth infinite
sleep 1
stop
sleep 1
go time abc
quit
IN
check "ucci: both ranks exit 0 (rc $(cat "$tmp/ucci.rc"))" [ "$(cat "$tmp/ucci.rc")" = 0 ]
check "ucci: ucciok, readyok, bye" bash -c "grep -q '^ucciok' $tmp/ucci.out && grep -q '^readyok' $tmp/ucci.out && grep -q '^bye' $tmp/ucci.out"
check "ucci, ClusterNodeShare off: entries went both ways over the link, the slices unused" bash -c "grep -q 'rank 0: [1-9][0-9]* entries sent, [1-9]' $tmp/ucci.err && grep -q 'rank 1: [1-9][0-9]* entries sent, [1-9]' $tmp/ucci.err && grep -q 'rank 0: .* 0 slice entries' $tmp/ucci.err && grep -q 'rank 1: .* 0 slice entries' $tmp/ucci.err"
check "ucci: three answers to three go ($(grep -c '^bestmove\|^nobestmove' "$tmp/ucci.out"))" [ "$(grep -c '^bestmove\|^nobestmove' "$tmp/ucci.out")" = 3 ]

session chess $CHESS <<'IN'
uci
wait ^uciok
position startpos moves e2e4 e7e5
go depth 10
sleep 2
quit
IN
check "chess: rank 0 answers, both exit (rc $(cat "$tmp/chess.rc"))" bash -c "[ \$(cat $tmp/chess.rc) = 0 ] && grep -q '^bestmove' $tmp/chess.out"

# XBoard: the engine plays its own moves, so rank 0 plays them and rank 1 takes each from it (a line in
# its input, in order with the GUI's) instead of playing its own: after a user move, `go` on either side
# and a ponder, both ranks' games have the same moves. A GUI's copy of that internal line is refused by
# rank 0 and never reaches rank 1.
xboard_session() { # NAME ENGINE FIRST_MOVE
    session "$1" "$2" <<IN
xboard
protover 2
wait ^feature done=1
new
sd 5
post
usermove $3
sleep 1.5
hard
go
sleep 1.5
go
sleep 1.5
chariot-leader-move a0a1
ping 7
sleep 0.5
quit
IN
    local name=$1
    moves0=$(grep '^move ' "$tmp/$name.out" | cut -d' ' -f2 | tr '\n' ' ')
    moves1=$(grep "^# the leader's move " "$tmp/$name.log.1" | cut -d' ' -f5 | tr '\n' ' ')
    check "$name: both ranks exit 0 (rc $(cat "$tmp/$name.rc"))" [ "$(cat "$tmp/$name.rc")" = 0 ]
    check "$name: rank 0 plays three moves ($moves0)" [ "$(grep -c '^move ' "$tmp/$name.out")" = 3 ]
    check "$name: rank 1 plays rank 0's moves ($moves1), none of its own" \
        bash -c "[ '$moves0' = '$moves1' ] && ! grep -q '^move ' $tmp/$name.log.1"
    check "$name: rank 1 refuses nothing" bash -c "! grep -q 'Error\|Illegal' $tmp/$name.log.1"
    check "$name: the internal line from the GUI is refused by rank 0" bash -c \
        "grep -q '^Error (unknown command): chariot-leader-move a0a1' $tmp/$name.out && grep -q '^pong 7' $tmp/$name.out"
}
xboard_session xboard $XQ h2e2
xboard_session xboard-chess $CHESS e2e4

session eof $XQ <<'IN'
uci
wait ^uciok
go depth 6
sleep 1
IN
check "the end of input ends every rank (rc $(cat "$tmp/eof.rc"))" [ "$(cat "$tmp/eof.rc")" = 0 ]

# Home-rank, each rank as if on its own node: deep probes read the key's home slice on the other rank
# (one-sided MPI_Get), deep stores go there; back-to-back searches: rank 1 stops with rank 0 and runs every command (none refused as busy).
home_input() {
    cat <<'IN'
uci
wait ^uciok
setoption name ClusterTable value home-rank
setoption name ClusterTable value hypercube
setoption name ClusterNodeShare value maybe
setoption name ClusterNodeShare value false
isready
position startpos moves h2e2 h9g7
go depth 13
sleep 2
position startpos moves h2e2 h9g7 h0g2
go depth 9
sleep 1
position startpos moves h2e2 h9g7 h0g2 i9h9
go movetime 200
sleep 1
position startpos
go depth 5
go depth 5
sleep 1
go infinite
sleep 1
stop
sleep 0.5
quit
IN
}
home_input | session home "$XQ"
check "home: the one-sided window was had: nothing said" bash -c "! grep -q 'no one-sided window\|no shared-memory window' $tmp/home.out $tmp/home.err"
check "home: both ranks exit 0 (rc $(cat "$tmp/home.rc"))" [ "$(cat "$tmp/home.rc")" = 0 ]
check "home: a bad ClusterTable value is named" grep -q "error: .*ClusterTable.*hypercube" "$tmp/home.out"
check "home: a bad ClusterNodeShare value is named" grep -q "error: .*ClusterNodeShare.*maybe" "$tmp/home.out"
check "home: six answers to six go, stop included ($(count home '^bestmove'))" [ "$(count home '^bestmove')" = 6 ]
check "home: at most the second of two quick go is refused (as by ./chariot)" bash -c "[ \$(grep -c 'go ignored while searching' $tmp/home.out) -le 1 ]"
check "home: rank 1 ran the same searches (4 bestmoves in its log, none refused: $(grep -c '^bestmove' "$tmp/home.log.1"))" \
    bash -c "[ \"\$(grep -c '^bestmove' $tmp/home.log.1)\" -ge 4 ] && ! grep -q 'ignored while searching' $tmp/home.log.1"
check "home: remote probes found entries on both ranks" bash -c "grep -q 'rank 0: .* [1-9][0-9]* remote probes, [1-9][0-9]* found' $tmp/home.err && grep -q 'rank 1: .* [1-9][0-9]* remote probes, [1-9][0-9]* found' $tmp/home.err"
check "home: the table's fill is reported" bash -c "grep -q 'hashfull [1-9]' $tmp/home.out"

# The one-sided path off (CHARIOT_CLUSTER_WINDOWS=none, given to rank 1 only: the ranks take the fewest windows
# any rank asks for): no node sharing, and home-rank's remote probes go as messages that the home rank's
# exchange thread answers. Said once, on stderr and to the GUI.
home_input | session windows-none "-np 1 $XQ : -np 1 env CHARIOT_CLUSTER_WINDOWS=none $XQ"
fallback_checks() { # NAME WHAT: a home-rank session on a fallback
    local name=$1 what=$2
    check "$name: both ranks exit 0 (rc $(cat "$tmp/$name.rc"))" [ "$(cat "$tmp/$name.rc")" = 0 ]
    check "$name: said once to the GUI and on stderr: $what" bash -c "[ \$(grep -c '^info string .*$what' $tmp/$name.out) = 1 ] && [ \$(grep -c '^chariot-mpi: .*$what' $tmp/$name.err) = 1 ] && grep -q '^uciok' $tmp/$name.out"
    check "$name: six answers to six go, stop included ($(count "$name" '^bestmove'))" [ "$(count "$name" '^bestmove')" = 6 ]
    check "$name: remote probes by message found entries on both ranks" bash -c "grep -q 'rank 0: .* [1-9][0-9]* remote probes, [1-9][0-9]* found' $tmp/$name.err && grep -q 'rank 1: .* [1-9][0-9]* remote probes, [1-9][0-9]* found' $tmp/$name.err"
}
fallback_checks windows-none "no shared-memory window (off: CHARIOT_CLUSTER_WINDOWS=none).*no one-sided window (off: CHARIOT_CLUSTER_WINDOWS=none)"

if [ "$mpi" = openmpi ]; then
    # Open MPI's own refusals, forced by choosing its one-sided component (docs/cluster.md, "Which MPI"): osc sm
    # makes no window of memory the program allocated (MPI_Win_create fails), osc rdma no shared-memory window;
    # without the shared-memory transport's single-copy mechanism (a container that forbids cross-memory
    # attach) osc rdma has nothing to read another rank's memory with, and MPI_Win_create fails again.
    home_input | session osc-sm "$XQ" --mca osc sm
    fallback_checks osc-sm "no one-sided window (MPI_Win_create: MPI_ERR_WIN: invalid window)"
    home_input | session osc-rdma "$XQ" --mca osc rdma
    fallback_checks osc-rdma "no shared-memory window (MPI_Win_allocate_shared: MPI_ERR_INTERN: internal error)"
    session container "$XQ" --mca btl_vader_single_copy_mechanism none <<'IN'
uci
wait ^uciok
isready
position startpos moves h2e2
go depth 8
sleep 1.5
go infinite
sleep 1
stop
sleep 0.5
quit
IN
    check "container (no single-copy): both ranks exit 0 (rc $(cat "$tmp/container.rc"))" [ "$(cat "$tmp/container.rc")" = 0 ]
    check "container: uciok, the fallback said, two bestmoves" bash -c "grep -q '^uciok' $tmp/container.out && grep -q '^info string no one-sided window (MPI_Win_create: MPI_ERR_WIN' $tmp/container.out && [ \$(grep -c '^bestmove' $tmp/container.out) = 2 ]"
    check "container: the node still shares its slices" bash -c "grep -q 'rank 1: .* [1-9][0-9]* slice entries' $tmp/container.err"
fi

# A short UCI session: uciok, a search to depth 6, quit.
short_input() { printf '%s\n' uci 'wait ^uciok' 'position startpos' 'go depth 6' 'sleep 1' quit; }

# Nothing works (here: slices of different sizes): rank 0 serves the GUI alone and says why; every rank ends.
short_input | session alone "-np 1 env CHARIOT_CLUSTER_HOME_MB=8 $XQ : -np 1 $XQ"
check "alone: every rank exits 0 (rc $(cat "$tmp/alone.rc"))" [ "$(cat "$tmp/alone.rc")" = 0 ]
check "alone: rank 0 says why and serves alone" bash -c "grep -q 'CHARIOT_CLUSTER_HOME_MB differs between ranks (8 to 64).*rank 0 serves alone' $tmp/alone.err && grep -q '^info string the cluster could not start (CHARIOT_CLUSTER_HOME_MB differs' $tmp/alone.out && grep -q '^bestmove' $tmp/alone.out"

# One rank (mpirun -np 1): the ordinary engine, with the same input as a cluster's rank 0 (the launcher's pipe).
short_input | session one "-np 1 $XQ"
check "one rank: a session answered, and the rank exits 0 (rc $(cat "$tmp/one.rc"))" \
    bash -c "[ \"\$(cat $tmp/one.rc)\" = 0 ] && grep -q '^uciok' $tmp/one.out && grep -q '^bestmove' $tmp/one.out"
check "one rank: bench is the ordinary one" bash -c "[ \"\$($MPIRUN -np 1 $XQ bench 2>/dev/null | grep 'Nodes searched')\" = \"\$(./chariot bench | grep 'Nodes searched')\" ]"
check "two ranks refuse a command-line tool" bash -c "! $MPIRUN $OVERSUB -np 2 $XQ bench >/dev/null 2>&1"

echo "cluster ($mpi): $passed passed, $failed failed"
[ "$failed" = 0 ]
