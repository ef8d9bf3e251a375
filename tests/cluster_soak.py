#!/usr/bin/env python3
"""Sessions of the cluster build started and ended back to back, as a GUI starts and ends engines (docs/cluster.md).

    python3 tests/cluster_soak.py [--sessions N] [--overlap K] [--mpi openmpi,mpich] [--ranks 2,4] [--seed S]
                                  [--endings E,...] [--launcher] [--answer S] [--linger S]

Each session starts `mpirun -np R` on a copy of the binary (so that only this soak's processes are counted),
holds a short UCI session (uci, position, go depth 6, go infinite and stop) and ends it one of the ways a GUI
ends an engine (ENDINGS below: `quit`, its standard input closed, SIGTERM or SIGKILL to mpirun, a rank killed,
the same while it starts, a rank stopped as if hung, a launcher lost), each in turn. Under
Open MPI the sessions also run on the one-sided components the fallbacks were written for (--mca osc sm,
--mca osc rdma). K sessions run at once. A session hangs when an answer does not come within --answer
seconds; after each one ends, no process of it may be left (--linger seconds allowed to go). --launcher starts
the Open MPI sessions through tools/cluster/cluster_launch.sh (rank 0's input by a named pipe). Prints a line
per (MPI, component, way of ending) with sessions, hangs and leftovers, then "N passed, N failed" (a passed
session answered everything and left nothing; a failed one's line quotes the first signal report on its stderr, as
a crashed mpirun writes); exit status 1 if any failed. make test-mpi runs a short form (Open MPI's through --launcher);
the long form (500 sessions and more) is run by hand.
"""
import argparse
import collections
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENDINGS = ("quit", "eof", "term-mpirun", "kill-mpirun", "kill-rank", "early-term", "early-kill", "early-rank",
           "stopped-rank", "orphan")
# stopped-rank: one rank stopped (SIGSTOP, as a peer that hangs), then quit: the others must still end, and with
# them the session (each rank gives its peers QUIT_GRACE_MS, 5 s, then ends; mpirun then ends the stopped one).
# orphan: one rank stopped, mpirun killed (SIGKILL), then the rank let go on (SIGCONT): it has lost its launcher
# and must end by itself, as must every other rank.
# early-*: the session ended while it starts (0 to 1 s after mpirun was started, before any answer), as `timeout`
# or a GUI that gives up ends an engine that is slow to start: SIGTERM or SIGKILL to mpirun, or a rank killed.
MPIS = {"openmpi": ("mpirun", "chariot-mpi", ["--oversubscribe"]), "mpich": ("mpirun.mpich", "chariot-mpich", [])}
COMPONENTS = {"openmpi": [[], ["--mca", "osc", "sm"], ["--mca", "osc", "rdma"]], "mpich": [[]]}


def our_pids(exe):
    """The processes running this soak's copy of the binary (each rank's, not mpirun's)."""
    pids = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if os.readlink(f"/proc/{d}/exe") == exe:
                    pids.append(int(d))
            except OSError:
                pass
    return pids


def session_pids(exe, tag):
    """One session's ranks, whoever their parent is by now: ours, with the session's mark in their environment."""
    mark = f"CHARIOT_SOAK_SESSION={tag}".encode()
    found = []
    for p in our_pids(exe):
        try:
            with open(f"/proc/{p}/environ", "rb") as f:
                if mark in f.read().split(b"\0") and not is_zombie(p):
                    found.append(p)
        except OSError:
            pass
    return found


class Session:
    def __init__(self, cmd, env, err):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                  text=True, bufsize=1, env=env, start_new_session=True)
        self.lines = []
        self.cv = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            with self.cv:
                self.lines.append(line.rstrip("\n"))
                self.cv.notify_all()
        with self.cv:
            self.lines.append(None)
            self.cv.notify_all()

    def send(self, text):
        try:
            self.p.stdin.write(text + "\n")
            self.p.stdin.flush()
            return True
        except OSError:
            return False

    def expect(self, prefix, timeout, start=0):
        """The index of the first line from `start` on that begins with prefix, or -1 after timeout s."""
        end = time.monotonic() + timeout
        with self.cv:
            while True:
                for i in range(start, len(self.lines)):
                    if self.lines[i] is None:
                        return -1
                    if self.lines[i].startswith(prefix):
                        return i
                left = end - time.monotonic()
                if left <= 0:
                    return -1
                self.cv.wait(left)


def dump_stacks(exe, tag):
    """SOAK_GDB=DIR: every thread's stack of each of the session's ranks, written there (a hang, by hand)."""
    if not os.environ.get("SOAK_GDB") or not shutil.which("gdb"):
        return
    for p in session_pids(exe, tag):
        bt = subprocess.run(["gdb", "-p", str(p), "-batch", "-ex", "thread apply all bt"], capture_output=True,
                            text=True, timeout=120).stdout
        with open(os.path.join(os.environ["SOAK_GDB"], f"session{tag}-{p}.txt"), "w") as f:
            f.write(bt)


def run_session(tag, mpi, component, ending, ranks, exe, args, env):
    """One session; returns (hung, left, detail)."""
    mpirun, _, extra = MPIS[mpi]
    if args.launcher and mpi == "openmpi":  # rank 0's input through a named pipe, not mpirun's forwarding
        mpirun = os.path.join(ROOT, "tools", "cluster", "cluster_launch.sh")
    env = dict(env, CHARIOT_SOAK_SESSION=str(tag))
    err = tempfile.TemporaryFile(mode="w+")  # what mpirun and the ranks said: read back when the session failed
    s = Session([mpirun] + extra + component + ["-np", str(ranks), exe], env, err)
    hung, detail = False, ""
    steps = [("uci", "uciok"), ("position startpos moves h2e2", None), ("go depth 6", "bestmove"),
             ("go infinite", None), ("stop", "bestmove"), ("isready", "readyok")]
    at = 0
    if ending.startswith("early"):
        time.sleep(random.Random(hash((exe, time.monotonic()))).uniform(0.0, 1.0))
        steps = []
        ranks_pids = session_pids(exe, tag)
        if ending == "early-rank" and ranks_pids:
            try:
                os.kill(ranks_pids[-1], signal.SIGKILL)
            except OSError:
                pass
        else:
            s.p.send_signal(signal.SIGTERM if ending == "early-term" else signal.SIGKILL)
        ending = "done"
    for command, answer in steps:
        s.send(command)
        if command == "go infinite":
            time.sleep(0.2)
        if answer:
            i = s.expect(answer, args.answer, at)
            if i < 0:
                hung, detail = True, f"no '{answer}' after '{command}' within {args.answer} s"
                dump_stacks(exe, tag)
                # Does one more line bring the answer? (mpirun holding stdin back until more comes.)
                s.send("isready")
                if s.expect(answer, 5.0, at) >= 0:
                    detail += f"; '{answer}' came after one more line was sent"
                break
            at = i + 1
    if ending != "done":
        ranks_pids = session_pids(exe, tag)
    if ending in ("stopped-rank", "orphan") and ranks_pids:
        try:
            os.kill(ranks_pids[-1], signal.SIGSTOP)
        except OSError:
            pass
    if ending == "orphan":
        s.p.send_signal(signal.SIGKILL)
        time.sleep(1)
        for p in ranks_pids:
            try:
                os.kill(p, signal.SIGCONT)
            except OSError:
                pass
    if ending in ("quit", "stopped-rank"):
        s.send("quit")
    elif ending == "eof":
        try:
            s.p.stdin.close()
        except OSError:
            pass
    elif ending == "term-mpirun":
        s.p.send_signal(signal.SIGTERM)
    elif ending == "kill-mpirun":
        s.p.send_signal(signal.SIGKILL)
    elif ending == "kill-rank":
        victims = [p for p in ranks_pids]
        if victims:
            try:
                os.kill(victims[-1], signal.SIGKILL)
            except OSError:
                pass
    if ending not in ("quit", "eof", "stopped-rank"):  # a GUI that kills its engine drops its end of the pipe too
        try:
            s.p.stdin.close()
        except OSError:
            pass
    try:
        s.p.wait(timeout=args.linger)
    except subprocess.TimeoutExpired:
        if not hung and ending in ("quit", "eof", "stopped-rank"):
            hung, detail = True, f"mpirun still running {args.linger} s after {ending}"
    # the ranks of this session: gone within --linger of the session's end
    end = time.monotonic() + args.linger
    left = session_pids(exe, tag)
    while left and time.monotonic() < end:
        time.sleep(0.1)
        left = session_pids(exe, tag)
    if left:  # what they were doing: state, CPU, where they wait; and their parents (a launcher's proxy, alive?)
        parents = sorted({q for q in map(parent_pid, left) if q and q not in left})
        ps = subprocess.run(["ps", "-o", "pid,ppid,stat,pcpu,etime,wchan:24,args", "-p", ",".join(map(str, left + parents))],
                            capture_output=True, text=True).stdout.strip().replace("\n", " | ")
        detail += f"left: {ps}"
    for p in left + ([s.p.pid] if s.p.poll() is None else []):
        try:
            os.kill(p, signal.SIGCONT)
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.killpg(s.p.pid, signal.SIGKILL)
    except OSError:
        pass
    s.p.wait()
    if hung or left:  # a launcher that crashed says so on stderr (Open MPI's "*** Process received signal ***")
        err.seek(0)
        said = err.read().splitlines()
        signals = [i for i, line in enumerate(said) if "Signal:" in line]
        if signals:  # the signal and the first frame of its stack ("[pid] [ 1] library(function+offset)")
            frames = [line.strip() for line in said[signals[0]:] if "[ 1]" in line]
            detail += f"; stderr: {said[signals[0]].strip()}{' at ' + frames[0] if frames else ''}"
    err.close()
    return hung, len(left), detail


def parent_pid(pid):
    """The parent of process pid, or None once it has gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def is_zombie(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--overlap", type=int, default=2, help="sessions at once")
    ap.add_argument("--mpi", default="openmpi,mpich")
    ap.add_argument("--ranks", default="2")
    ap.add_argument("--answer", type=float, default=30.0, help="seconds an answer may take")
    ap.add_argument("--linger", type=float, default=10.0, help="seconds the processes may take to go")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--endings", default=",".join(ENDINGS), help="the ways of ending to draw from")
    ap.add_argument("--launcher", action="store_true",
                    help="Open MPI sessions through tools/cluster/cluster_launch.sh (input by a named pipe)")
    args = ap.parse_args()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    mpis = [m for m in args.mpi.split(",") if m]
    tmp = tempfile.mkdtemp(prefix="chariot-soak-")
    exes = {}
    for m in mpis:
        mpirun, binary = MPIS[m][0], MPIS[m][1]
        if not shutil.which(mpirun) or not os.path.exists(os.path.join(ROOT, binary)):
            print(f"cluster_soak SKIPPED for {m}: no {mpirun} or ./{binary} (make mpi / make mpich; Debian: "
                  "libopenmpi-dev openmpi-bin, libmpich-dev mpich)")
            continue
        exes[m] = os.path.join(tmp, binary + "-soak")
        shutil.copy(os.path.join(ROOT, binary), exes[m])
    plan = []
    rng = random.Random(args.seed)
    ranks = [int(r) for r in args.ranks.split(",")]
    endings = args.endings.split(",")
    for k in range(args.sessions):  # every MPI, component and ending in turn; the ranks drawn
        if not exes:
            break
        m = list(exes)[k % len(exes)]
        j = k // len(exes)
        comp = COMPONENTS[m][j % len(COMPONENTS[m])]
        plan.append((m, comp, endings[j % len(endings)], ranks[rng.randrange(len(ranks))]))
    stats = collections.defaultdict(lambda: [0, 0, 0])
    failures = []
    lock = threading.Lock()
    todo = list(enumerate(plan))
    t0 = time.monotonic()

    def worker():
        while True:
            with lock:
                if not todo:
                    return
                k, (m, comp, ending, r) = todo.pop(0)
            hung, left, detail = run_session(k, m, comp, ending, r, exes[m], args, env)
            key = (m, " ".join(comp) or "default", ending, r)
            with lock:
                st = stats[key]
                st[0] += 1
                st[1] += hung
                st[2] += left
                if hung or left:
                    failures.append(f"session {k + 1} ({m}, {key[1]}, {ending}, {r} ranks): "
                                    f"{detail or ''}{'; ' if detail and left else ''}{f'{left} left' if left else ''}")
                    print("FAIL " + failures[-1], flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.overlap))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stray = sum(len(our_pids(e)) for e in exes.values())
    for e in exes.values():
        for p in our_pids(e):
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"{'MPI':8} {'component':16} {'ending':12} {'ranks':>5} {'sessions':>8} {'hung':>5} {'left':>5}")
    for key in sorted(stats):
        n, h, l = stats[key]
        print(f"{key[0]:8} {key[1]:16} {key[2]:12} {key[3]:5d} {n:8d} {h:5d} {l:5d}")
    total = sum(s[0] for s in stats.values())
    bad = len(failures)
    print(f"{total} sessions in {time.monotonic() - t0:.0f} s, {stray} processes left at the end")
    if stray:
        bad += 1
    print(f"cluster_soak: {total - len(failures)} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
