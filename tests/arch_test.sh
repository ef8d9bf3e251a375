#!/usr/bin/env bash
# arch_test.sh NATIVE PORTABLE [NATIVE PORTABLE ...] - each portable build (make ARCH=..., e.g.
# ./chariot-x86-64) searches the same tree as the native build: the same bench signature
# ("Nodes searched"), so no code path depends on the instruction set. Exit status 0 if all agree.
set -euo pipefail
sig() { "$1" bench | awk '/^Nodes searched/ {print $3}'; }
fail=0
while [ $# -ge 2 ]; do
    native=$(sig "$1") portable=$(sig "$2")
    if [ -n "$native" ] && [ "$native" = "$portable" ]; then
        echo "ok   $2 bench $portable, as $1"
    else
        echo "FAIL $2 bench '$portable', $1 bench '$native'"
        fail=1
    fi
    shift 2
done
exit $fail
