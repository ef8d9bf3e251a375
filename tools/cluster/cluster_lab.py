#!/usr/bin/env python3
"""The cluster laboratory (issue #28, docs/cluster.md): both ways of sharing the table against one process.

Each configuration searches every bench position (src/xiangqi/benchdata.c) to `go depth D` through UCI,
as a GUI would (ucinewgame, position, isready, go), in one engine session; sessions of all configurations
alternate, --repeat times. Every session runs `mpirun -np RANKS ./chariot-mpi` with
CHARIOT_CLUSTER_STATS=1, so each rank reports its counters at the end (src/cluster/cluster.c), one rank
included (the baseline, which is the ordinary engine). Printed per configuration, medians over the
sessions:

  time     ms from go to bestmove, summed over the positions (and min), and the speed-up over 1x1
  nodes    nodes of the last info line before each bestmove, summed (the whole cluster's)
  knps     nodes / time
  hit%     table probes that found the position; cut% probes that ended the node (all ranks)
  ent/s    table entries sent per second of search; KiB/s the bytes (entries, counts, lines)
  rp/s     home-rank probes sent to another rank per second; found% of them found the key

The link between ranks is Open MPI's shared memory on this machine; --latency adds a delay to each
remote probe and each batch of entries in the transport layer (CHARIOT_CLUSTER_LATENCY_US), because this
kernel has no netem qdisc for `tc` (docs/cluster.md).

    tools/cluster/cluster_lab.py [--depth 12] [--repeat 3] [--latency 0,20,100] [--hash 16] [--home-mb auto]
                         [--configs 1x1,1x2,replicated,home-rank,replicated-apart,home-rank-apart]
                         [--deadline SECONDS]

A configuration RxT (R ranks of T threads; R > 1: the replicated table, the node shared) or RxT-apart (each
rank as if on a node of its own) can be named too, as tools/cluster/cluster_scaling.sh does: 1x16, 16x1, 16x1-apart.
--home-mb auto gives each rank the slice Hash / R (CHARIOT_CLUSTER_HOME_MB), so that the node's shared table
is as large as one process's; --deadline starts no session after that many seconds and prints what it has.
"""
import argparse
import os
import re
import statistics
import subprocess
import time
from pathlib import Path

from uci_ttd import bench_positions  # the bench positions as `position` arguments

ROOT = Path(__file__).resolve().parents[2]

# name: (ranks, threads per rank, ClusterTable, ClusterNodeShare). The ranks of this one machine share their
# slices in place by default; the "-apart" configurations turn that off, so that every rank acts as if it
# had a node of its own and everything shared crosses the (simulated) link.
CONFIGS = {
    "1x1": (1, 1, None, None),
    "1x2": (1, 2, None, None),
    "replicated": (2, 1, "replicated", True),
    "home-rank": (2, 1, "home-rank", True),
    "replicated-apart": (2, 1, "replicated", False),
    "home-rank-apart": (2, 1, "home-rank", False),
}


def config(name):
    """(ranks, threads, ClusterTable, ClusterNodeShare) of a named configuration or of RxT[-apart]."""
    if name in CONFIGS:
        return CONFIGS[name]
    m = re.fullmatch(r"(\d+)x(\d+)(-apart)?", name)
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise SystemExit(f"unknown configuration {name}; known: {', '.join(CONFIGS)}, RxT, RxT-apart")
    ranks, threads = int(m.group(1)), int(m.group(2))
    return (ranks, threads, "replicated" if ranks > 1 else None, None if ranks == 1 else not m.group(3))


def session(args, name, latency, positions):
    ranks, threads, table, share = config(name)
    home_mb = max(1, args.hash // ranks) if args.home_mb == "auto" else int(args.home_mb)
    env = dict(os.environ, CHARIOT_CLUSTER_STATS="1", CHARIOT_CLUSTER_LATENCY_US=str(latency),
               CHARIOT_CLUSTER_HOME_MB=str(home_mb), OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    cmd = ["mpirun", "--oversubscribe", "--bind-to", "none", "-x", "CHARIOT_CLUSTER_LATENCY_US", "-x", "CHARIOT_CLUSTER_STATS",
           "-x", "CHARIOT_CLUSTER_HOME_MB", "-np", str(ranks), args.binary]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         bufsize=1, env=env)

    def send(line):
        try:
            p.stdin.write(line + "\n")
            p.stdin.flush()
        except BrokenPipeError:
            raise RuntimeError(f"{name}: the engine exited: {p.stderr.read()[-2000:]}") from None

    def wait_for(prefix):
        last_nodes = 0
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"{name}: the engine exited: {p.stderr.read()[-2000:]}")
            m = re.search(r" nodes (\d+)", line)
            if m:
                last_nodes = int(m.group(1))
            if line.startswith(prefix):
                return last_nodes

    send("uci")
    wait_for("uciok")
    send(f"setoption name Threads value {threads}")
    send(f"setoption name Hash value {args.hash}")
    if table:
        send(f"setoption name ClusterTable value {table}")
        send(f"setoption name ClusterNodeShare value {'true' if share else 'false'}")
    total_ms, nodes = 0.0, 0
    for position in positions:
        send("ucinewgame")
        send("position " + position)
        send("isready")
        wait_for("readyok")
        time.sleep(args.gap)
        start = time.monotonic()
        send(f"go depth {args.depth}")
        nodes += wait_for("bestmove")
        total_ms += (time.monotonic() - start) * 1000
    send("quit")
    _, err = p.communicate(timeout=60)
    stats = {}
    for m in re.finditer(r"chariot-mpi rank \d+: (.*)", err):
        for value, key in re.findall(r"(\d+) ([a-z ]+?)(?:,|$| \()", m.group(1)):
            stats[key] = stats.get(key, 0) + int(value)
    return total_ms, nodes, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--latency", default="0,20,100", help="microseconds added per remote probe and per batch")
    ap.add_argument("--configs", default="1x1,1x2,replicated,home-rank,replicated-apart,home-rank-apart")
    ap.add_argument("--gap", type=float, default=0.1, help="seconds idle before each go")
    ap.add_argument("--hash", type=int, default=16, help="MiB per rank")
    ap.add_argument("--binary", default=str(ROOT / "chariot-mpi"), help="the cluster build to run")
    ap.add_argument("--home-mb", default=os.environ.get("CHARIOT_CLUSTER_HOME_MB", "64"),
                    help="each rank's slice in MiB (CHARIOT_CLUSTER_HOME_MB), or auto: Hash / ranks")
    ap.add_argument("--deadline", type=float, default=0, help="seconds: start no session after this (0: none)")
    args = ap.parse_args()
    began = time.monotonic()
    positions = bench_positions()
    latencies = [int(x) for x in args.latency.split(",")]
    runs = []  # (name, latency): the configurations apart at every latency, the others once (no link)
    for name in args.configs.split(","):
        runs += [(name, lat) for lat in (latencies if config(name)[3] is False else [0])]
    results = {r: [] for r in runs}
    for _ in range(args.repeat):
        for r in runs:
            if args.deadline and time.monotonic() - began > args.deadline:
                print(f"deadline of {args.deadline:.0f} s reached: {r[0]} and after not run again", flush=True)
                break
            results[r].append(session(args, r[0], r[1], positions))
            ms, nodes, _ = results[r][-1]
            print(f"  {r[0]} +{r[1]}us: {ms:.0f} ms, {nodes} nodes, {nodes / ms:.0f} knps", flush=True)
    runs = [r for r in runs if results[r]]
    print(f"{len(positions)} bench positions, go depth {args.depth}, Hash {args.hash} MiB per rank, slices {args.home_mb} MiB, "
          f"{args.repeat} sessions each; medians (time also min)")
    print(f"{'configuration':24} {'time ms':>8} {'min':>8} {'speedup':>7} {'nodes':>10} {'knps':>6} {'hit%':>5} "
          f"{'cut%':>5} {'ent/s':>7} {'KiB/s':>6} {'rp/s':>7} {'found%':>6}")
    ref = statistics.median(t for t, _, _ in results[runs[0]])
    for r in runs:
        name, lat = r
        rs = results[r]
        t = statistics.median(x[0] for x in rs)
        n = statistics.median(x[1] for x in rs)

        def med(f):
            return statistics.median(f(x[0], x[2]) for x in rs)

        hit = med(lambda ms, s: 100 * s.get("hits", 0) / max(s.get("probes", 0), 1))
        cut = med(lambda ms, s: 100 * s.get("cutoffs", 0) / max(s.get("probes", 0), 1))
        ent = med(lambda ms, s: s.get("entries sent", 0) / (ms / 1000))
        kib = med(lambda ms, s: s.get("bytes sent", 0) / 1024 / (ms / 1000))
        rps = med(lambda ms, s: s.get("remote probes", 0) / (ms / 1000))
        found = med(lambda ms, s: 100 * s.get("found", 0) / max(s.get("remote probes", 0), 1))
        ranks, threads, table, share = config(name)
        label = (f"{name} {ranks}x{threads}" + (f" +{lat}us" if share is False else "") if table else f"{'Lazy SMP' if threads > 1 else 'one process'} {ranks}x{threads}")
        if re.fullmatch(r"\d+x\d+(-apart)?", name):
            label = name + (f" +{lat}us" if share is False and lat else "")
        print(f"{label:24} {t:8.0f} {min(x[0] for x in rs):8.0f} {ref / t:7.2f} {n:10.0f} {n / t:6.0f} {hit:5.1f} "
              f"{cut:5.1f} {ent:7.0f} {kib:6.0f} {rps:7.0f} {found:6.1f}")


if __name__ == "__main__":
    main()
