#!/usr/bin/env bash
# cluster_launch.sh [MPIRUN OPTIONS...] BINARY - the cluster build under Open MPI's mpirun with the GUI's input
# passed to rank 0 through a named pipe instead of mpirun's forwarding of standard input, which in Open MPI 4.1
# can hold a line back until the next one comes (docs/cluster.md, "Sessions under churn"). What a GUI starts:
#   tools/cluster/cluster_launch.sh -np 4 ./chariot-mpi        (the same options as mpirun, which gets --stdin none)
# Standard input goes to rank 0 line by line as it comes; its end ends the session, as `quit` does. SIGTERM,
# SIGINT or SIGHUP to this script go to mpirun. MPIRUN=... names another mpirun.
set -u
fifo_dir=$(mktemp -d "${TMPDIR:-/tmp}/chariot-cluster-XXXXXX") || exit 1
fifo="$fifo_dir/input"
mkfifo "$fifo" || { rm -rf "$fifo_dir"; exit 1; }
"${MPIRUN:-mpirun}" --stdin none -x CHARIOT_CLUSTER_INPUT="$fifo" "$@" &
mpirun_pid=$!
trap 'kill -TERM "$mpirun_pid" 2>/dev/null' TERM INT HUP
# The writer: stdin into the pipe (opening it waits for rank 0 to open its end). When stdin ends, so does the
# pipe, and rank 0 reads the end of input.
exec 4<&0 # a job in the background would read /dev/null: the input, kept on descriptor 4
cat <&4 > "$fifo" &
cat_pid=$!
status=0
wait "$mpirun_pid" || status=$?
while kill -0 "$mpirun_pid" 2>/dev/null; do wait "$mpirun_pid" || status=$?; done # a trapped signal ends a wait
kill "$cat_pid" 2>/dev/null
exec 3<> "$fifo" # frees a writer still waiting to open the pipe (rank 0 never opened it)
exec 3>&-
wait "$cat_pid" 2>/dev/null
rm -rf "$fifo_dir"
exit "$status"
