"""The simulated browser of ``bench/load.py``'s players: HTTP/1.1 over a kept-alive socket to
127.0.0.1, with a cookie jar. Only the standard library."""

from __future__ import annotations

import http.client
import socket
import time
import urllib.parse

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 60.0  # logins queue behind each other's password hashing
IDLE_REUSE = 1.0  # seconds a kept-alive connection may idle and still be used


class HttpClient:
    """One browser: a kept-alive connection to 127.0.0.1, a cookie jar, and nothing else.

    HTTP/1.1 spoken over the socket directly: a request's head is built once for each method,
    path and set of cookies (a move's differs from the last only in its body), and an answer is
    read with one scan of its head. ``http.client`` parses every answer's head with the e-mail
    parser and rebuilds the request's from a dict each time: about half the players' CPU, on the
    two cores the server uses too. Answers with ``Content-Length`` and chunked ones are read;
    ``Connection: close`` closes the socket after the answer.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.requests = 0
        self.last_used = 0.0
        # (method, path, has a form, wants JSON) → the request's head up to its body's length;
        # emptied when a cookie changes.
        self._heads: dict[tuple[str, str, bool, bool], bytes] = {}

    def _head(self, method: str, path: str, form: bool, json_answer: bool) -> bytes:
        key = (method, path, form, json_answer)
        head = self._heads.get(key)
        if head is None:
            lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
            lines.append("Connection: keep-alive")
            if json_answer:
                lines.append("Accept: application/json")
            if self.cookies:
                lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            if form:
                lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("Content-Length: ")
            head = self._heads[key] = "\r\n".join(lines).encode("latin-1")
        return head

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, json_answer: bool = False
    ) -> tuple[int, dict[str, str], bytes]:
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        message = b"%s%d\r\n\r\n%s" % (
            self._head(method, path, form is not None, json_answer),
            len(body),
            body,
        )
        # A server closes an idle kept-alive connection after a while (gunicorn: 5 s), maybe
        # just as a request goes out: like a browser, do not reuse one idle for over a second,
        # and send a GET again once if the server closed the connection without answering.
        if time.monotonic() - self.last_used > IDLE_REUSE:
            self.close()
        attempts = 2 if method == "GET" else 1
        for attempt in range(1, attempts + 1):
            self.requests += 1
            reused = self.sock is not None
            try:
                if self.sock is None:
                    self.sock = socket.create_connection((HOST, self.port), REQUEST_TIMEOUT)
                    self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.sock.sendall(message)
                status, headers, data, closes = self._answer()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if not reused or attempt == attempts:
                    raise
            except (OSError, http.client.HTTPException):
                self.close()  # the next request opens a new connection
                raise
        self.last_used = time.monotonic()
        if "set-cookie" in headers:
            self._heads.clear()
            for header in headers["set-cookie"].split("\n"):
                name, _eq, rest = header.partition("=")
                value, *attributes = rest.split(";")
                gone = any(a.strip().lower() == "max-age=0" for a in attributes)
                if gone or not value or value == '""':
                    self.cookies.pop(name.strip(), None)
                else:
                    self.cookies[name.strip()] = value
        if closes:
            self.close()
        return status, headers, data

    def _answer(self) -> tuple[int, dict[str, str], bytes, bool]:
        """Read one answer: its status, headers (lower-case names; ``set-cookie`` lines joined
        by newlines), body, and whether the server closes the connection after it."""
        end = self._until(b"\r\n\r\n")
        head, self.buffer = self.buffer[:end].decode("latin-1"), self.buffer[end + 4 :]
        status_line, *lines = head.split("\r\n")
        version, _sp, rest = status_line.partition(" ")
        if not version.startswith("HTTP/1.") or not rest[:3].isdigit():
            raise http.client.BadStatusLine(status_line)
        headers: dict[str, str] = {}
        for line in lines:
            name, _colon, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            headers[name] = f"{headers[name]}\n{value}" if name in headers else value
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                end = self._until(b"\r\n")
                size = int(self.buffer[:end].split(b";")[0], 16)
                self.buffer = self.buffer[end + 2 :]
                self._fill(size + 2)
                parts.append(self.buffer[:size])
                self.buffer = self.buffer[size + 2 :]
                if not size:
                    break
            data = b"".join(parts)
        else:
            length = int(headers.get("content-length", "0"))
            self._fill(length)
            data, self.buffer = self.buffer[:length], self.buffer[length:]
        closes = headers.get("connection", "").lower() == "close" or version == "HTTP/1.0"
        return int(rest[:3]), headers, data, closes

    def _recv(self) -> None:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise http.client.RemoteDisconnected("the server closed the connection")
        self.buffer += chunk

    def _until(self, marker: bytes) -> int:
        while (end := self.buffer.find(marker)) < 0:
            self._recv()
        return end

    def _fill(self, size: int) -> None:
        while len(self.buffer) < size:
            self._recv()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.buffer = b""
