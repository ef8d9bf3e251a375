#!/usr/bin/env python3
"""Checks who may include whom in src/ (the rules drawn in docs/contract.md).

    python3 tools/check/include_check.py [SRC]      exit 1 and a line per violation, 0 when the tree keeps the rules
                                                  (SRC and the C files of the tools/ beside it)
    python3 tools/check/include_check.py --self-test plants violations in a copy of src/ and checks each is caught

The folders are layers: the engine (src/engine) knows no game and no front end; a game (src/xiangqi,
src/chess) implements the contract and knows no search; the protocols (src/protocol) call the engine's API;
the learned evaluation (src/nnue: the net, its file format, the training data's formats) knows no
search and reaches the game through the contract only; the command line (src/cli), the page (src/web) and the cluster (src/cluster) sit on top.
The C tools beside src/ (tools/*/*.c, checked as the folder "tools") may use the engine's API, the learned
evaluation's formats and a game's headers, but no front end. A module is a
file's folder and base name (uci.c and uci.h are the module protocol/uci); besides the folder rules, no
include circle may join modules of different folders.
"""
import os
import re
import shutil
import sys
import tempfile

GAMES = ("xiangqi", "chess")
ENGINE_API = {"types.h", "game_api.h", "engine.h", "search.h", "tt.h", "timeman.h", "skill.h", "numparse.h",
              "perft.h", "platform.h"}
FOR_GAMES = {"types.h", "numparse.h", "game_api.h", "pos_common.h", "eval_tuning.h"}
# folder -> what it may include: its own headers always; 'engine' lists engine headers by name.
NNUE_API = {"nnue.h", "nnue_format.h", "datagen_format.h", "chain.h", "datafile.h", "convert.h"}
RULES = {
    "engine": {"engine": "all", "game": {"game.h"}, "nnue": {"nnue.h"}},
    "nnue": {"engine": FOR_GAMES},  # the learned evaluation: the net, its file and its training data

    "game": {"engine": FOR_GAMES},
    "protocol": {"engine": ENGINE_API | {"tt_lab.h"}},  # tt_lab.h: the tuning build's HashKiB option only
    "cli": {"engine": ENGINE_API | {"tt_lab.h"}, "nnue": NNUE_API, "protocol": "all", "cluster": {"cluster.h"}},  # ttlab: the lab
    "web": {"engine": ENGINE_API, "protocol": "all"},
    "cluster": {"engine": ENGINE_API | {"process.h", "tt_remote.h"}, "protocol": {"protocol.h", "options.h"}},
    # the C tools (tools/*/*.c: the trainer, the evaluation tuner) are built against one game: the engine's
    # API, the learned evaluation's formats and the game's own headers, never a front end
    "tools": {"engine": ENGINE_API | FOR_GAMES, "nnue": NNUE_API, "game": "all"},
}
# the only file that names the game's own header: everything else reaches it through the contract
GAME_H_FROM = {"engine/game_api.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(rel):
    top = rel.split("/")[0]
    return "game" if top in GAMES else top


def scan(src, prefix=""):
    """{relative path: [included names]} for every .c and .h under src (each path after PREFIX)."""
    files = {}
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith((".c", ".h")):
                path = os.path.join(root, n)
                rel = prefix + os.path.relpath(path, src).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    files[rel] = INCLUDE.findall(f.read())
    return files


def resolve(rel, name, headers):
    """The folders whose header `name` an include in rel means: its own folder first, else wherever it is."""
    own = rel.split("/")[0]
    if name in headers.get(own, ()):
        return [own]
    return sorted(d for d, hs in headers.items() if name in hs)


def check(src, tools=None):
    """The violations in SRC, and in the C files of TOOLS (the folder "tools") when given."""
    files = scan(src)
    if tools and os.path.isdir(tools):
        files.update(scan(tools, "tools/"))
    headers = {}
    for rel in files:
        if rel.endswith(".h"):
            headers.setdefault(rel.split("/")[0], set()).add(rel.split("/")[-1])
    problems = []
    edges = {}  # module -> modules it includes
    for rel, names in sorted(files.items()):
        me = rel.split("/")[0]
        kind = folder_of(rel)
        module = rel.rsplit(".", 1)[0]
        for name in names:
            where = resolve(rel, name, headers)
            if not where:
                problems.append(f"{rel}: includes \"{name}\", which is in no folder of src/")
                continue
            if name == "game.h" and where != [me]:  # some game's own header, from outside that game
                if rel not in GAME_H_FROM:
                    problems.append(f"{rel}: includes \"game.h\"; outside the game, only game_api.h may")
                continue
            target = where[0]
            edges.setdefault(module, set()).add(f"{target}/{name.rsplit('.', 1)[0]}")
            if target == me:
                continue
            allowed = RULES.get(kind, {}).get(folder_of(target + "/x"))
            if allowed != "all" and (not allowed or name not in allowed):
                problems.append(f"{rel}: includes {target}/{name}, which {kind} code may not "
                                f"(docs/contract.md: who may include whom)")
    # .c and .h of one module are one node: the .c's includes are the module's
    problems += circles(edges)
    return problems


def circles(edges):
    """Include circles (strongly connected modules) that join more than one folder."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    nodes = set(edges) | {t for ts in edges.values() for t in ts}

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len({c.split("/")[0] for c in comp}) > 1:
                out.append("include circle across folders: " + " <-> ".join(sorted(comp)))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def self_test():
    """Each planted violation must be reported; the tree as it is must pass."""
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, "..", "..", "src")
    tools = os.path.join(here, "..")
    plants = [
        ("src/protocol/uci.c", '#include "thread.h"\n', "protocol code may not"),
        ("src/engine/search.c", '#include "protocol.h"\n', "engine code may not"),
        ("src/xiangqi/eval.c", '#include "search.h"\n', "game code may not"),
        ("src/cli/analyze.c", '#include "game.h"\n', "only game_api.h may"),
        ("src/engine/tt.h", '#include "options.h"\n', "engine code may not"),
        ("src/nnue/nnue.c", '#include "search.h"\n', "nnue code may not"),
        ("src/engine/search.c", '#include "datagen_format.h"\n', "engine code may not"),
        ("src/protocol/protocol.h", '#include "analyze.h"\n', "include circle across folders"),
        ("tools/nnue/train.c", '#include "datagen.h"\n', "tools code may not"),
        ("tools/tune/tune.c", '#include "thread.h"\n', "tools code may not"),
    ]
    failures = 0
    if check(src, tools):
        print("include_check self-test: the tree itself does not pass")
        failures += 1
    for rel, line, expect in plants:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(src, os.path.join(tmp, "src"))
            shutil.copytree(tools, os.path.join(tmp, "tools"), ignore=shutil.ignore_patterns("__pycache__"))
            with open(os.path.join(tmp, rel), "a", encoding="utf-8") as f:
                f.write(line)
            found = [p for p in check(os.path.join(tmp, "src"), os.path.join(tmp, "tools")) if expect in p]
            ok = bool(found)
            failures += not ok
            print(f"planted {line.strip()} in {rel}: {'caught' if ok else 'MISSED'}"
                  + (f" ({found[0]})" if ok else ""))
    print(f"{len(plants) + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
    problems = check(src, os.path.join(src, "..", "tools"))
    for p in problems:
        print(p)
    if problems:
        print(f"include rules: {len(problems)} violations")
        return 1
    print("include rules: kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
