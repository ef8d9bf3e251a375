#!/usr/bin/env python3
"""Serve web/ on localhost with the headers the threaded WebAssembly build needs.

usage: serve_web.py [DIR] [PORT] [--no-isolation]

Cross-origin isolation (COOP same-origin, COEP require-corp) lets the page
use SharedArrayBuffer, so it loads the threaded engine; --no-isolation serves
without them (the page then uses the single-threaded build). Static files
only; nothing is written.
"""
import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    isolate = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      '.js': 'text/javascript', '.wasm': 'application/wasm', '.mjs': 'text/javascript'}

    def end_headers(self):
        if self.isolate:
            self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
            self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        self.send_header('Cache-Control', 'no-cache')
        super().end_headers()

    def log_message(self, fmt, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that drops a connection mid-file (a reload, a closed tab) is no error of the server's:
        said in nothing. Anything else is printed as the standard library prints it."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError, ...
            return
        super().handle_error(request, client_address)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    Handler.isolate = '--no-isolation' not in sys.argv
    root = args[0] if args else 'web'
    port = int(args[1]) if len(args) > 1 else 8080
    server = Server(('127.0.0.1', port), functools.partial(Handler, directory=root))
    print(f'serving {root} on http://localhost:{server.server_port}/'
          f' ({"cross-origin isolated: threaded engine" if Handler.isolate else "not isolated: one thread"})',
          flush=True)
    server.serve_forever()


if __name__ == '__main__':
    main()
