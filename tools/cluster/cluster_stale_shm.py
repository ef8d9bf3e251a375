#!/usr/bin/env python3
"""The hang of a session started after others were killed, made to happen (docs/cluster.md, "Sessions under churn").

    python3 tools/cluster/cluster_stale_shm.py [BINARY] [--sessions N] [--answer S]

Open MPI 4.1 (Debian 12's) gives each job an id from 16 bits of a hash of the host's name and mpirun's process
id, names the shared-memory files of its transport (vader) and one-sided windows after that id, and opens them
without truncating. A file left in /dev/shm by a killed session is therefore taken over, stale contents and all,
by a later job that happens to get the same id. This script learns the hash (one mpirun), predicts the ids of
the next mpirun processes, copies a killed session's stale segments to those names, and starts N 2-rank
sessions of BINARY (./chariot-mpi): each must answer uci and go depth 4 within S seconds. A binary that takes
those files over hangs (or crashes) in most sessions; one that keeps its files in a directory of its own passes
every one. Prints "N passed, N failed"; exit status 1 if any failed, 0 (and a skip line) without Open MPI.
The planted files are removed at the end.
"""
import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def fold16(x):
    return ((x >> 16) ^ x) & 0xFFFF


def learn_hash():
    """fold16 of the host's hash: from one mpirun's process id and the job id its rank sees."""
    out = subprocess.run(["mpirun", "-np", "1", "sh", "-c", 'echo "$PPID $OMPI_MCA_ess_base_jobid"'],
                         capture_output=True, text=True, env=ENV, timeout=60).stdout.split()
    pid, jobid = int(out[0]), int(out[1])
    return (jobid >> 16) ^ fold16(pid)


def stale_segment(tmp):
    """4 MiB as a session killed mid-game leaves them: a 2-rank session's own segment, taken while it runs."""
    session = subprocess.Popen(["mpirun", "-np", "2", os.path.join(ROOT, "chariot-mpi")], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, env=ENV,
                               start_new_session=True)
    session.stdin.write("uci\nisready\nposition startpos\ngo depth 8\ngo infinite\n")
    session.stdin.flush()
    time.sleep(3)
    found = [p for p in glob.glob("/dev/shm/vader_segment.*") if os.path.getmtime(p) >= time.time() - 5]
    copies = []
    for i, path in enumerate(sorted(found)[:2]):
        dst = os.path.join(tmp, f"stale.{i}")
        shutil.copyfile(path, dst)
        copies.append(dst)
    os.killpg(session.pid, signal.SIGKILL)
    session.wait()
    return copies


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", nargs="?", default="./chariot-mpi")
    ap.add_argument("--sessions", type=int, default=8)
    ap.add_argument("--answer", type=float, default=15.0)
    args = ap.parse_args()
    if not shutil.which("mpirun") or "Open MPI" not in subprocess.run(["mpirun", "--version"], capture_output=True,
                                                                         text=True).stdout:
        print("cluster_stale_shm SKIPPED: no Open MPI mpirun (Debian: openmpi-bin libopenmpi-dev)")
        return 0
    if not os.access("/dev/shm", os.W_OK):
        print("cluster_stale_shm SKIPPED: /dev/shm is not writable here")
        return 0
    tmp = os.path.join("/tmp", f"chariot-stale-{os.getpid()}")
    os.makedirs(tmp, exist_ok=True)
    planted = []
    passed = failed = 0
    try:
        base = learn_hash()
        stale = stale_segment(tmp)
        if len(stale) < 2:
            print("cluster_stale_shm SKIPPED: Open MPI here keeps no segment in /dev/shm to copy")
            return 0
        host, uid = socket.gethostname().split(".")[0], os.getuid()
        for k in range(args.sessions):
            with open("/proc/sys/kernel/ns_last_pid") as f:
                last = int(f.read())
            for pid in range(last + 1, last + 64):  # whichever process id the next mpirun gets
                jobid = ((base ^ fold16(pid)) << 16) | 1
                for r in (0, 1):
                    path = f"/dev/shm/vader_segment.{host}.{uid}.{jobid:x}.{r}"
                    if not os.path.exists(path):
                        shutil.copyfile(stale[r], path)
                        planted.append(path)
            s = subprocess.Popen(["mpirun", "-np", "2", args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, env=ENV, start_new_session=True)
            try:
                out, _ = s.communicate("uci\nisready\nposition startpos\ngo depth 4\nisready\nquit\n",
                                       timeout=args.answer)
                ok = "uciok" in out and "bestmove" in out and s.returncode == 0
                why = "" if ok else f"exit status {s.returncode}, uciok {'uciok' in out}, bestmove {'bestmove' in out}"
            except subprocess.TimeoutExpired:
                os.killpg(s.pid, signal.SIGKILL)
                s.wait()
                ok, why = False, f"no answer within {args.answer} s"
            passed, failed = passed + ok, failed + (not ok)
            print(f"{'ok  ' if ok else 'FAIL'} session {k + 1} (mpirun {s.pid}) among stale segments"
                  f"{': ' + why if why else ''}", flush=True)
            for path in planted:
                if os.path.exists(path):
                    os.unlink(path)
            planted.clear()
    finally:
        for path in planted:
            if os.path.exists(path):
                os.unlink(path)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"cluster_stale_shm: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
