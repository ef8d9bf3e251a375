#!/usr/bin/env python3
"""tools/web/serve_web.py: a browser that drops connections mid-file leaves no traceback, and the server goes on.

Serves a scratch folder with a 16 MiB file on a free port of 127.0.0.1, opens 20 connections that ask for it
and close after the first bytes, then fetches a small file whole and checks the headers of isolation. Prints
"N passed, N failed"; exit status 1 if any failed.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    passed = failed = 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        passed, failed = passed + ok, failed + (not ok)
        print(f"{'ok  ' if ok else 'FAIL'} {name}{'' if ok or not detail else ': ' + detail}", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "big.bin"), "wb") as f:
            f.write(os.urandom(1 << 20) * 16)
        with open(os.path.join(tmp, "index.html"), "w") as f:
            f.write("<p>ok</p>\n")
        err = open(os.path.join(tmp, "stderr.txt"), "w+")
        server = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "web", "serve_web.py"), tmp, "0"],
                                  stdout=subprocess.PIPE, stderr=err, text=True)
        try:
            line = server.stdout.readline()
            port = int(line.split("http://localhost:")[1].split("/")[0])
            for _ in range(20):
                s = socket.create_connection(("127.0.0.1", port))
                s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
                s.recv(4096)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                s.close()  # a reset with most of the file unsent
            time.sleep(1)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=10) as r:
                body, coop = r.read(), r.headers.get("Cross-Origin-Opener-Policy")
            check("after 20 dropped downloads the server still serves, cross-origin isolated",
                  body == b"<p>ok</p>\n" and coop == "same-origin", f"{body!r} {coop!r}")
        finally:
            server.terminate()
            server.wait(timeout=10)
        err.seek(0)
        text = err.read()
        check("no traceback on standard error for the dropped connections", "Traceback" not in text, text[-500:])
    print(f"serve_web: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
