#!/usr/bin/env python3
"""The facts README.md and the man page state, against what the binaries report (make test-docs).

    python3 tests/docs_facts_test.py [ROOT]     every fact; exit 1 and a line per one that drifted
    python3 tests/docs_facts_test.py --self-test
        plants a drift in a copy of README.md (a range edited by hand) and of the man page, and fails
        unless each is caught

Checked, for ./chariot and ./chariot-chess: every spin option README's option list names with a range or a
default (`Threads` (1–256), `Hash` (MiB, 64), `UCI_Elo` (1720–3910; in chess 890–2160), `Skill Level`
(0–19 weaker, 20 full) ...) against the engine's `uci` answer; the man page's UCI_Elo ranges (both places)
and datagen's default budget a move (README and man page) against `datagen --help`; every command
`--help` lists has a row in README's command table and an entry in the man page; every file in tools/ has its
line in tools/README.md.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ENGINES = {"xiangqi": "chariot", "chess": "chariot-chess"}


def spin_options(binary):
    out = subprocess.run([binary], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    opts = {}
    for m in re.finditer(r"option name (.+?) type spin default (-?\d+) min (-?\d+) max (-?\d+)", out):
        opts[m.group(1)] = tuple(int(x) for x in m.group(2, 3, 4))
    return opts


def datagen_nodes(binary):
    out = subprocess.run([binary, "datagen", "--help"], capture_output=True, text=True, timeout=30).stdout
    m = re.search(r"--nodes (\d+), --threads", out)
    return int(m.group(1)) if m else None


def help_commands(binary):
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=30).stdout
    return re.findall(r"^  \S+ ([a-z]+) ", out, re.M)


def check(root):
    problems = []
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    man = open(os.path.join(root, "man", "chariot.6"), encoding="utf-8").read()
    man_plain = man.replace("\\(en", "–").replace("\\-", "-")
    opts = {g: spin_options(os.path.join(root, b)) for g, b in ENGINES.items()}
    nodes = {g: datagen_nodes(os.path.join(root, b)) for g, b in ENGINES.items()}
    # README's option list: `Name` (text)
    checked = 0
    for name, text in re.findall(r"`([A-Za-z_ ]+)` \(([^)]*)\)", re.sub(r"\s+", " ", readme)):
        if name not in opts["xiangqi"]:
            continue
        default, lo, hi = opts["xiangqi"][name]
        m = re.match(r"(\d+)–(\d+) weaker, (\d+) full", text)
        r = re.match(r"(\d+)–(\d+)", text)
        if m:
            got, want = (int(m.group(1)), int(m.group(3))), (lo, hi)
            what = "range"
        elif r:
            got, want = (int(r.group(1)), int(r.group(2))), (lo, hi)
            what = "range"
        else:
            d = re.match(r"[A-Za-z]+, (\d+)$", text)
            if not d:
                continue
            got, want, what = int(d.group(1)), default, "default"
        checked += 1
        if got != want:
            problems.append(f"README: `{name}` ({text}): the {what} is {got}, the engine says {want}")
        c = re.search(r"in chess (\d+)–(\d+)", text)
        if c and (int(c.group(1)), int(c.group(2))) != opts["chess"][name][1:]:
            problems.append(f"README: `{name}` in chess {c.group(1)}–{c.group(2)}, chariot-chess says "
                            f"{opts['chess'][name][1]}–{opts['chess'][name][2]}")
    if checked < 4:
        problems.append(f"README: only {checked} options with a range or default found in its option list")
    # the man page's UCI_Elo ranges, in both places
    xe, ce = opts["xiangqi"]["UCI_Elo"][1:], opts["chess"]["UCI_Elo"][1:]
    for pattern, where in ((r"xiangqi (\d+)–(\d+), chess (\d+)–(\d+)", "the option"),
                           (r"Elo: (\d+) to (\d+) in xiangqi, (\d+) to (\d+) in chess", "play --elo")):
        m = re.search(pattern, man_plain)
        if not m:
            problems.append(f"man page: the UCI_Elo ranges of {where} not found")
        elif (int(m.group(1)), int(m.group(2))) != xe or (int(m.group(3)), int(m.group(4))) != ce:
            problems.append(f"man page ({where}): UCI_Elo {m.group(0)}; the engines say {xe[0]}–{xe[1]} and "
                            f"{ce[0]}–{ce[1]}")
    # datagen's default budget
    for text, where in ((re.sub(r"\s+", " ", readme), "README"), (re.sub(r"\s+", " ", man_plain), "man page")):
        m = re.search(r"(\d+) nodes a move(?: by default)? in xiangqi, (\d+) in chess", text)
        if not m:
            problems.append(f"{where}: datagen's default budget a move not found")
        elif (int(m.group(1)), int(m.group(2))) != (nodes["xiangqi"], nodes["chess"]):
            problems.append(f"{where}: datagen's default {m.group(1)} and {m.group(2)} nodes a move; --help says "
                            f"{nodes['xiangqi']} and {nodes['chess']}")
    # tools/README.md: every file in tools/ has its line, by its path below tools/ (a glob like
    # openings/openings-xq*.txt counts), and every tool stands in a folder by purpose, none loose in tools/
    index = os.path.join(root, "tools", "README.md")
    if os.path.exists(index):
        listed = set()
        for cell in re.findall(r"^\| ([^|]+) \|", open(index, encoding="utf-8").read(), re.M):
            listed.update(n.strip().strip("`") for n in cell.split(","))
        tools = os.path.join(root, "tools")
        for dirpath, dirs, files in os.walk(tools):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                rel = os.path.relpath(os.path.join(dirpath, f), tools)
                if rel == "README.md" or rel in listed:
                    continue
                if dirpath == tools:
                    problems.append(f"tools/{rel}: a tool stands in a folder by purpose (tools/README.md), not loose")
                if not any("*" in n and rel.startswith(n.split("*")[0]) and rel.endswith(n.split("*")[1])
                           for n in listed):
                    problems.append(f"tools/README.md: no line for tools/{rel}")
    # the commands
    commands = help_commands(os.path.join(root, "chariot"))
    if len(commands) < 6:
        problems.append(f"--help lists only {commands}")
    for c in commands:
        if c in ("help",):
            continue
        if f"| `./chariot {c}" not in readme and f"`./chariot {c}" not in readme:
            problems.append(f"README: no row for `{c}`, which --help lists")
        if not re.search(rf"^\.B (chariot )?{c}\b", man, re.M):
            problems.append(f"man page: no entry for `{c}`, which --help lists")
    return problems


def self_test(root):
    plants = [("README.md", "`Threads` (1–256", "`Threads` (1–128", "Threads"),
              ("README.md", "`UCI_Elo` (1720–3910", "`UCI_Elo` (1700–3910", "UCI_Elo"),
              ("man/chariot.6", "625 nodes a move by default", "5000 nodes a move by default", "datagen's default"),
              ("README.md", "| `./chariot annotate", "| `./chariot review", "annotate")]
    failures = 0
    if check(root):
        print("docs_facts self-test: the tree itself does not pass")
        failures += 1
    for rel, old, new, expect in plants:
        with tempfile.TemporaryDirectory() as tmp:
            for f in ("README.md", "man/chariot.6", "chariot", "chariot-chess"):
                os.makedirs(os.path.dirname(os.path.join(tmp, f)) or tmp, exist_ok=True)
                shutil.copy2(os.path.join(root, f), os.path.join(tmp, f))
            path = os.path.join(tmp, rel)
            text = open(path, encoding="utf-8").read()
            if old not in text:
                print(f"plant '{old}' -> '{new}' in {rel}: the text to change is not there")
                failures += 1
                continue
            open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
            found = [p for p in check(tmp) if expect in p]
            print(f"planted '{new}' in {rel}: {'caught: ' + found[0] if found else 'MISSED'}")
            failures += not found
    strays = [("tools/stray.py", "not loose"), ("tools/match/stray.py", "no line for tools/match/stray.py")]
    for rel, expect in strays:
        with tempfile.TemporaryDirectory() as tmp:
            for f in ("README.md", "man/chariot.6", "chariot", "chariot-chess"):
                os.makedirs(os.path.dirname(os.path.join(tmp, f)) or tmp, exist_ok=True)
                shutil.copy2(os.path.join(root, f), os.path.join(tmp, f))
            shutil.copytree(os.path.join(root, "tools"), os.path.join(tmp, "tools"),
                            ignore=shutil.ignore_patterns("__pycache__"))
            open(os.path.join(tmp, rel), "w").close()
            found = [p for p in check(tmp) if expect in p]
            print(f"planted {rel}: {'caught: ' + found[0] if found else 'MISSED'}")
            failures += not found
    plants += strays
    print(f"docs_facts self-test: {len(plants) + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


def main(argv):
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    if argv[:1] == ["--self-test"]:
        return self_test(root)
    root = argv[0] if argv else root
    problems = check(root)
    for p in problems:
        print(p)
    print(f"docs_facts: {'drifted: ' + str(len(problems)) if problems else 'README and the man page agree with the binaries'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
