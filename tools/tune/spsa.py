#!/usr/bin/env python3
"""spsa.py - tunes the search's numbers by SPSA, the way fishtest tunes Stockfish's.

The engine is a tuning build (`make tunable`: chariot-tunable, chariot-chess-tunable), in which each
number of src/engine/search.h's SEARCH_PARAMS is a UCI option of its own name with its range. Each
iteration k perturbs every tuned number at once by +-c_k (a random sign each), plays game pairs
(each opening with both colours, tools/match/match.py) between the plus and the minus engine, and moves each
number by a_k / c_k * (plus's wins - its losses) * its sign. The gains follow fishtest's schedule:

    c_k = c_end * N^gamma / (k + 1)^gamma            (gamma 0.101; c_end per number, default --c-end
                                                      of its range)
    a_k = r_end * c_end^2 * (A + N)^alpha / (A + k + 1)^alpha      (alpha 0.602, A = --a-ratio * N)

so that at the last iteration the perturbation is c_end and the step per unit of result is r_end *
c_end. Values are kept as real numbers and rounded (and held in range) for each game.

    make tunable
    tools/tune/spsa.py --engine ./chariot-tunable --params RFP_MARGIN,FUTILITY_BASE,LMR_BASE_PCT \\
        --iterations 2000 --pairs 2 --nodes 20000 --openings tools/openings/openings-xq-400.txt \\
        --state out/spsa-xq.json
    tools/tune/spsa.py --game chess --engine ./chariot-chess-tunable --nodes 20000 \\
        --openings tools/openings/openings-chess.epd --state out/spsa-chess.json       # every number

The state (--state, JSON: the numbers, the schedule, every iteration's result and values) is written
after each iteration; the same command goes on from it (the schedule is the state's, not the command
line's). Ctrl-C stops after the iteration under way. At the end the numbers are printed as
SEARCH_PARAMS lines to copy into search.h; a change is kept only after a match against the engine
before it (docs/tuning.md).
"""
import argparse
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "tools" / "match" / "match.py"
OPTION = re.compile(r"^option name ([A-Z][A-Z0-9_]*) type spin default (-?\d+) min (-?\d+) max (-?\d+)$")

stop = False


def on_signal(sig, frame):
    global stop
    stop = True
    print("spsa: stopping after this iteration", file=sys.stderr)


def engine_params(engine):
    """The tunable numbers the engine offers: {name: (default, min, max)} (upper-case spin options)."""
    try:
        out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f"spsa: cannot run {engine}: {e}")
    params = {}
    for line in out.splitlines():
        m = OPTION.match(line.strip())
        if m:
            params[m.group(1)] = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
    if not params:
        sys.exit(f"spsa: {engine} offers no tunable number (build it with make tunable: chariot-tunable)")
    return params


def new_state(args, offered):
    names = args.params.split(",") if args.params else sorted(offered)
    unknown = [n for n in names if n not in offered]
    if unknown:
        sys.exit(f"spsa: {', '.join(unknown)}: not among the engine's tunable numbers ({', '.join(sorted(offered))})")
    params = {}
    for n in names:
        default, lo, hi = offered[n]
        c_end = max(args.c_end * (hi - lo), 0.5)
        params[n] = {"value": float(default), "start": default, "min": lo, "max": hi, "c_end": c_end}
    n_iter = args.iterations
    return {"params": params, "iteration": 0,
            "schedule": {"iterations": n_iter, "alpha": 0.602, "gamma": 0.101, "A": args.a_ratio * n_iter,
                         "r_end": args.r_end},
            "limit": limit_args(args), "game": args.game, "engine": args.engine, "pairs": args.pairs,
            "openings": args.openings, "seed": args.seed, "history": []}


def limit_args(args):
    if args.nodes:
        return ["--nodes", str(args.nodes)]
    if args.tc:
        return ["--tc", args.tc]
    return ["--nodes", "20000"]


def play(state, plus, minus, k):
    """Plays --pairs game pairs, plus as engine 1; returns (wins, draws, losses) of plus."""
    n_openings = 0
    if state["openings"]:
        n_openings = sum(1 for line in open(state["openings"]) if line.strip() and not line.startswith("#"))
    cmd = [sys.executable, str(MATCH), "--game", state["game"], "--games", str(2 * state["pairs"]),
           "--concurrency", "2", "--quiet", "--json", *state["limit"],
           "--engine", "name=plus", f"cmd={state['engine']}", *[f"option.{n}={v}" for n, v in plus.items()],
           "--engine", "name=minus", f"cmd={state['engine']}", *[f"option.{n}={v}" for n, v in minus.items()],
           "--each", "option.Hash=16"]
    if n_openings:
        start = (k * state["pairs"]) % n_openings + 1
        cmd += ["--openings", state["openings"], "--opening-start", str(start)]
        if state["seed"] is not None:
            cmd += ["--seed", str(state["seed"])]
    r = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if l.startswith("{")]
    if r.returncode not in (0, 1) or not lines:
        sys.exit(f"spsa: the match failed (exit {r.returncode}): {r.stderr.strip()[-500:]}")
    res = json.loads(lines[-1])
    if res.get("faults"):
        print(f"spsa: iteration {k + 1}: faults {res['faults']}", file=sys.stderr)
    return res["wins"], res["draws"], res["losses"]


def step(state, rng):
    k = state["iteration"]
    s = state["schedule"]
    n = s["iterations"]
    signs, plus, minus, c_k = {}, {}, {}, {}
    for name, p in state["params"].items():
        c = p["c_end"] * n ** s["gamma"] / (k + 1) ** s["gamma"]
        d = rng.choice((-1, 1))
        signs[name], c_k[name] = d, c
        plus[name] = min(max(math.floor(p["value"] + c * d + 0.5), p["min"]), p["max"])
        minus[name] = min(max(math.floor(p["value"] - c * d + 0.5), p["min"]), p["max"])
    w, dr, l = play(state, plus, minus, k)
    result = w - l
    for name, p in state["params"].items():
        a_end = s["r_end"] * p["c_end"] ** 2
        a = a_end * (s["A"] + n) ** s["alpha"] / (s["A"] + k + 1) ** s["alpha"]
        p["value"] = min(max(p["value"] + a / c_k[name] * result * signs[name], p["min"]), p["max"])
    state["iteration"] = k + 1
    state["history"].append({"k": k + 1, "w": w, "d": dr, "l": l,
                             "values": {name: round(p["value"], 2) for name, p in state["params"].items()}})
    return w, dr, l


def save(state, path):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="a tuning build (make tunable)")
    ap.add_argument("--game", choices=("xiangqi", "chess"), default="xiangqi")
    ap.add_argument("--params", help="comma-separated names (default: every tunable number)")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=1, help="game pairs an iteration")
    ap.add_argument("--nodes", type=int, help="nodes a move (default 20000)")
    ap.add_argument("--tc", help="a time control instead, BASE+INC seconds")
    ap.add_argument("--openings", help="openings file (tools/match/match.py's formats)")
    ap.add_argument("--seed", type=int, help="shuffle the openings (tools/match/match.py --seed)")
    ap.add_argument("--c-end", type=float, default=0.05, help="last perturbation, as a fraction of each range")
    ap.add_argument("--r-end", type=float, default=0.002, help="last step per unit of result, relative to c_end^2")
    ap.add_argument("--a-ratio", type=float, default=0.1, help="A as a fraction of the iterations")
    ap.add_argument("--state", required=True, help="JSON state: written each iteration, resumed from")
    ap.add_argument("--rng-seed", type=int, default=1)
    args = ap.parse_args()
    if args.iterations < 1 or args.pairs < 1:
        sys.exit("spsa: --iterations and --pairs are at least 1")
    offered = engine_params(args.engine)
    if os.path.exists(args.state):
        try:
            state = json.load(open(args.state))
            state["params"], state["schedule"], state["iteration"]
        except (ValueError, KeyError) as e:
            sys.exit(f"spsa: {args.state} is no spsa state ({e}); move it away to start afresh")
        missing = [n for n in state["params"] if n not in offered]
        if missing:
            sys.exit(f"spsa: {args.state} tunes {', '.join(missing)}, which {args.engine} does not offer")
        print(f"spsa: resuming {args.state} at iteration {state['iteration']} of {state['schedule']['iterations']}")
    else:
        state = new_state(args, offered)
    rng = random.Random(args.rng_seed * 1000003 + state["iteration"])
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    total = state["schedule"]["iterations"]
    t0 = time.monotonic()
    while state["iteration"] < total and not stop:
        w, d, l = step(state, rng)
        save(state, args.state)
        values = ", ".join(f"{n} {p['value']:.1f}" for n, p in state["params"].items())
        print(f"spsa: iteration {state['iteration']}/{total}: +{w} ={d} -{l}; {values}", flush=True)
    print(f"spsa: {state['iteration']} of {total} iterations ({time.monotonic() - t0:.0f} s this run); "
          f"the numbers as SEARCH_PARAMS lines:")
    for n, p in state["params"].items():
        print(f"    X({n}, {math.floor(p['value'] + 0.5)}, {p['min']}, {p['max']})    /* was {p['start']} */")


if __name__ == "__main__":
    main()
