#!/usr/bin/env bash
# make_help_test.sh - `make help` lists every target that has a `##` description exactly once, under headings in
# the order build, test, measure, the page, the cluster, install, other (it once listed them as the Makefile
# happened to order them). Exit status 1, naming what is wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
help=$(make -s --no-print-directory help)
fail=0
want="Build: Test: Measure: The page (WebAssembly): Cluster (MPI): Install: Other:"
got=$({ grep -E '^[A-Z][^ ].*:$' <<<"$help" || true; } | tr '\n' ' ' | sed 's/ $//')
[ "$got" = "$want" ] || { echo "make help: headings '$got', wanted '$want'"; fail=1; }
n=0
for t in $(grep -oE '^[a-z0-9-]+:.*##' Makefile | cut -d: -f1); do
    n=$((n + 1))
    c=$(grep -cE "^  $t +" <<<"$help" || true)
    [ "$c" = 1 ] || { echo "make help: target $t listed $c times"; fail=1; }
done
[ "$(grep -A1 '^Build:$' <<<"$help" | tail -1 | awk '{print $1}')" = all ] || { echo "make help: 'all' is not first"; fail=1; }
[ $fail = 0 ] && echo "make_help_test: $n targets, each once, under 7 headings in order: ok"
exit $fail
