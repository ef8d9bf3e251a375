#!/usr/bin/env python3
"""The manifest of the training data (nets/data.txt), measured off the files themselves.

    python3 tools/nnue/data_manifest.py FILE...                     one manifest row a file, measured
    python3 tools/nnue/data_manifest.py --update MANIFEST DIR       the rows of MANIFEST whose files are in DIR measured
                                                               again (games, positions, bytes, sha256), rows for
                                                               DIR's files it lacks added; written back in place
    python3 tools/nnue/data_manifest.py --check MANIFEST DIR        every row with a checksum whose file is in DIR:
                                                               the file's first GAMES games hash to it (exit 1 if not)
    python3 tools/nnue/data_manifest.py --prefix-hash FILE N        the sha256 of a compact file's first N games' bytes
                                                               (a remake checked after N games: remake_data.sh)

Both formats of `chariot datagen` are read (docs/nnue.md): the compact one (magic CHRTCHAN: games as moves and
scores; the checksum covers the complete games' bytes, which the header counts) and the record format before it
(magic CHRTDATA: 36- or 32-byte records; the checksum covers the records of the complete games). A file that
grows (a run going on) keeps its first games' bytes, so its row's checksum still holds: --check hashes the
same number of games' bytes that the row names. A datagen run with the row's command and --games GAMES
remakes those bytes exactly (the same seed and settings write the same file).
"""
import hashlib
import os
import struct
import sys

HEADER = 512
COLUMNS = ["file", "game", "seed", "budget a move", "games", "positions", "bytes", "sha256 of the games' bytes",
           "made for"]


def read_header(path):
    """(format, game, seed, games, positions, body bytes of the complete games, settings) or an error string."""
    with open(path, "rb") as f:
        raw = f.read(HEADER)
    if len(raw) < HEADER:
        return "too short for a header"
    game = raw[16:32].split(b"\0")[0].decode("ascii", "replace")
    if raw[:8] == b"CHRTCHAN":
        games, positions, seed, body = struct.unpack_from("<QQQQ", raw, 32)
        settings = raw[80:].split(b"\0")[0].decode("utf-8", "replace")
        return ("compact", game, seed, games, positions, body, settings)
    if raw[:8] == b"CHRTDATA":
        record = struct.unpack_from("<H", raw, 10)[0]
        games, records, seed = struct.unpack_from("<QQQ", raw, 32)
        settings = raw[64:].split(b"\0")[0].decode("utf-8", "replace")
        return ("records", game, seed, games, records, records * record, settings)
    return "neither of datagen's formats (no CHRTCHAN or CHRTDATA magic)"


def body_hash(path, nbytes):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(HEADER)
        left = nbytes
        while left > 0:
            chunk = f.read(min(left, 1 << 22))
            if not chunk:
                return None
            h.update(chunk)
            left -= len(chunk)
    return h.hexdigest()


def compact_bytes_of_games(path, games):
    """The bytes of a compact file's first `games` games (each a varint length and that many bytes)."""
    total = 0
    with open(path, "rb") as f:
        f.seek(HEADER)
        for _ in range(games):
            length, shift = 0, 0
            while True:
                b = f.read(1)
                if not b:
                    return None
                total += 1
                length |= (b[0] & 0x7F) << shift
                shift += 7
                if not b[0] & 0x80:
                    break
            f.seek(length, os.SEEK_CUR)
            total += length
    return total


def budget_of(settings):
    fields = dict(x.split("=", 1) for x in settings.split() if "=" in x)
    nodes, depth = fields.get("nodes", "0"), fields.get("depth", "0")
    what = f"{nodes} nodes" if nodes != "0" else f"depth {depth}"
    ev = fields.get("eval")
    return what + (f", {ev}" if ev else ", fitted")


def measure(path):
    h = read_header(path)
    if isinstance(h, str):
        raise SystemExit(f"data_manifest: {path}: {h}")
    fmt, game, seed, games, positions, body, settings = h
    digest = body_hash(path, body)
    if digest is None:
        raise SystemExit(f"data_manifest: {path}: shorter than its header says ({body} bytes of games)")
    return {"file": os.path.basename(path), "game": game, "seed": str(seed), "budget a move": budget_of(settings),
            "games": str(games), "positions": str(positions), "bytes": str(body), "format": fmt,
            "sha256 of the games' bytes": digest, "made for": ""}


def parse(manifest):
    head, rows = [], []
    with open(manifest, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#") or not line.strip():
                (head if not rows else rows).append(line)
                continue
            cells = [c.strip() for c in line.split("|")]
            rows.append(dict(zip(COLUMNS, cells + [""] * (len(COLUMNS) - len(cells)))))
    return head, rows


def render(row):
    widths = [24, 7, 4, 26, 6, 9, 9, 64, 0]
    return " | ".join(str(row.get(c, "")).ljust(w) for c, w in zip(COLUMNS, widths)).rstrip()


def check(manifest, folder):
    _, rows = parse(manifest)
    bad = checked = 0
    for row in rows:
        if not isinstance(row, dict) or len(row.get("sha256 of the games' bytes", "")) != 64:
            continue
        path = os.path.join(folder, row["file"])
        if not os.path.exists(path):
            print(f"{row['file']}: not in {folder} (its row's command remakes it)")
            continue
        h = read_header(path)
        games, want = int(row["games"]), row["sha256 of the games' bytes"]
        if isinstance(h, str) or h[3] < games:
            print(f"{row['file']}: FAIL: holds fewer than the {games} games its row names")
            bad += 1
            continue
        nbytes = int(row["bytes"]) if h[0] == "records" else compact_bytes_of_games(path, games)
        got = body_hash(path, nbytes) if nbytes is not None else None
        checked += 1
        if got != want:
            print(f"{row['file']}: FAIL: its first {games} games hash to {got}, the manifest says {want}")
            bad += 1
        else:
            print(f"{row['file']}: ok ({games} games, {nbytes} bytes)")
    print(f"data_manifest: {checked} files checked, {bad} failed")
    return 1 if bad else 0


def update(manifest, folder):
    head, rows = parse(manifest)
    known = {r["file"] for r in rows if isinstance(r, dict)}
    out = []
    for row in rows:
        if isinstance(row, dict) and os.path.exists(os.path.join(folder, row["file"])):
            m = measure(os.path.join(folder, row["file"]))
            for c in ("game", "seed", "games", "positions", "bytes", "sha256 of the games' bytes"):
                row[c] = m[c]
        out.append(row)
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name in known or not os.path.isfile(path) or isinstance(read_header(path), str):
            continue
        out.append(measure(path))
    with open(manifest, "w", encoding="utf-8") as f:
        for line in head:
            f.write(line + "\n")
        for row in out:
            f.write((render(row) if isinstance(row, dict) else row) + "\n")
    return 0


def prefix_hash(path, games):
    h = read_header(path)
    if isinstance(h, str) or h[0] != "compact":
        raise SystemExit(f"data_manifest: {path}: not a compact file" + (f" ({h})" if isinstance(h, str) else ""))
    if h[3] < games:
        raise SystemExit(f"data_manifest: {path}: holds {h[3]} complete games, fewer than {games}")
    nbytes = compact_bytes_of_games(path, games)
    digest = body_hash(path, nbytes) if nbytes is not None else None
    if digest is None:
        raise SystemExit(f"data_manifest: {path}: shorter than its header says")
    print(digest)
    return 0


def main(argv):
    if len(argv) == 3 and argv[0] == "--prefix-hash":
        if not argv[2].isdigit() or int(argv[2]) < 1:
            raise SystemExit(f"data_manifest: --prefix-hash takes a count of games from 1, not '{argv[2]}'")
        return prefix_hash(argv[1], int(argv[2]))
    if len(argv) == 3 and argv[0] == "--check":
        return check(argv[1], argv[2])
    if len(argv) == 3 and argv[0] == "--update":
        return update(argv[1], argv[2])
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    for path in argv:
        print(render(measure(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
