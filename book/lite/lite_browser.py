"""The book's JupyterLite site served offline as a static host serves it, and the chromium that opens it offline: for
dev.py's preview, the browser tests (their driver: tests/helpers/lite_driver.py), the benchmarks and the pictures.

The built book is served by a threaded http.server on 127.0.0.1, which gzips text and WebAssembly as static hosts
(GitHub Pages) do, so the browser fetches what a reader's would; chromium's host resolver knows no other host. Never
downloads a browser: it names the system chromium.
"""
from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import Iterator

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

#: What static hosts compress on the way (GitHub Pages: text, JSON, SVG and WebAssembly; not zip files or wheels).
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".map")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files quietly, gzipped (GZIPPED) to a client that accepts it."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".whl": "application/zip"}
    packed: dict[tuple[str, float], bytes] = {}  # (path, modified) -> gzipped bytes, shared by every request

    def log_message(self, *args) -> None:
        pass

    def send_head(self):
        """The file asked for; a path that can be no file's (a NUL character, `GET /%00`) is a 400 answer, not a
        traceback on the server's side."""
        try:
            return self._send_file()
        except ValueError:
            self.send_error(400, "Bad request: no file has such a name")
            return None

    def _send_file(self):
        """The file, gzipped when the client accepts gzip and a static host would pack it; else as usual."""
        path = self.translate_path(self.path)
        if (not path.endswith(GZIPPED) or not os.path.isfile(path)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        key = (path, os.path.getmtime(path))
        if key not in self.packed:
            with open(path, "rb") as file:
                self.packed[key] = gzip.compress(file.read(), compresslevel=6, mtime=0)
        body = self.packed[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """A browser closed mid-download is no error; anything else is reported as usual."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """`directory` served on http://127.0.0.1:PORT (yielded, without a trailing slash)."""
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=directory))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()
