"""Real servers for the multi-server and fault tests: a throw-away PostgreSQL cluster, a Redis,
the site's app servers (config/server.py), and a small stdlib browser. Everything listens on
127.0.0.1 only, on free ports, and is stopped (by its own pid or data folder) on the way out,
whatever happens.

PostgreSQL and Redis come from Debian's packages (``postgresql-15``, ``redis-server``),
installed when missing if the tests run as root (as in CI); otherwise the tests that need them
are skipped with the command to install them. The cluster is made the way
``scripts/with_postgres.sh`` makes its own.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(package: str, binary: Path | str) -> None:
    """Install a Debian package when ``binary`` is missing: as root; else skip the test."""
    found = Path(binary).exists() if os.sep in str(binary) else shutil.which(str(binary))
    if found:
        return
    if not is_root() or not shutil.which("apt-get"):
        pytest.skip(f"{binary} not found: install it with `apt-get install {package}`")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, check=False)
    done = subprocess.run(
        ["apt-get", "install", "-y", "-q", package], env=env, capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"apt-get install {package} failed:\n{done.stderr.decode()[-2000:]}")


# -- PostgreSQL ------------------------------------------------------------------------------


@dataclass
class Postgres:
    """A PostgreSQL cluster of our own, in a temporary folder, that a test may stop and start."""

    workdir: Path
    port: int
    run_as: list[str]

    @property
    def data(self) -> Path:
        return self.workdir / "data"

    @property
    def url(self) -> str:
        return f"postgres://postgres@{HOST}:{self.port}/club"

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.run_as, str(PG_BIN / "pg_ctl"), "-D", str(self.data), *args],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> None:
        options = (
            f"-c listen_addresses={HOST} -c port={self.port} "
            f"-c unix_socket_directories={self.workdir} -c fsync=off -c max_connections=100"
        )
        self._ctl("-w", "-l", str(self.workdir / "server.log"), "-o", options, "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


@contextlib.contextmanager
def postgres_cluster() -> Iterator[Postgres]:
    apt_install("postgresql-15", PG_BIN / "initdb")
    run_as: list[str] = []
    if is_root():  # initdb refuses to run as root
        if subprocess.run(["id", "postgres"], capture_output=True, check=False).returncode:
            subprocess.run(
                [
                    "useradd",
                    "--system",
                    "--no-create-home",
                    "--shell",
                    "/usr/sbin/nologin",
                    "postgres",
                ],
                check=True,
            )
        run_as = ["runuser", "-u", "postgres", "--"]
    workdir = Path(tempfile.mkdtemp(prefix="club-pg-"))
    workdir.chmod(0o755)
    if is_root():
        shutil.chown(workdir, "postgres")
    cluster = Postgres(workdir=workdir, port=free_port(), run_as=run_as)
    try:
        subprocess.run(
            [
                *run_as,
                str(PG_BIN / "initdb"),
                "-D",
                str(cluster.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C.UTF-8",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        cluster.start()
        subprocess.run(
            [
                *run_as,
                str(PG_BIN / "createdb"),
                "-h",
                HOST,
                "-p",
                str(cluster.port),
                "-U",
                "postgres",
                "club",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        yield cluster
    finally:
        if cluster.running:
            with contextlib.suppress(subprocess.SubprocessError):
                cluster.stop()
        shutil.rmtree(workdir, ignore_errors=True)


# -- Redis -----------------------------------------------------------------------------------


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A Redis of our own on a free port (no persistence); yields its URL."""
    apt_install("redis-server", "redis-server")
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="club-redis-"))
    process = subprocess.Popen(
        [
            shutil.which("redis-server") or "redis-server",
            "--bind",
            HOST,
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process, what="redis-server")
        yield f"redis://{HOST}:{port}/0"
    finally:
        stop_process(process)
        shutil.rmtree(workdir, ignore_errors=True)


# -- the site --------------------------------------------------------------------------------


def site_environment(database_url: str, tmp: Path, **extra: str) -> dict[str, str]:
    """The servers' environment: the club-LAN settings (production over plain HTTP), one secret
    key, one database, behind one trusted proxy (the tests write X-Forwarded-For as it would)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SQLITE_"))}
    env.pop("REDIS_URL", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.lan",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_TRUSTED_PROXIES="1",
        DATABASE_URL=database_url,
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


def run_python(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


def prepare_site(env: dict[str, str]) -> dict[str, Any]:
    """migrate, collectstatic, and the test's club (tests/ops/site_script.py setup)."""
    run_python(["manage.py", "migrate", "--noinput", "-v0"], env)
    run_python(["manage.py", "collectstatic", "--noinput", "-v0"], env)
    return site_state(env, "setup")


def site_state(env: dict[str, str], *args: str) -> dict[str, Any]:
    """Ask tests/ops/site_script.py about the database, with the servers' settings."""
    return json.loads(run_python([str(ROOT / "tests" / "ops" / "site_script.py"), *args], env))


def wait_for_port(port: int, process: subprocess.Popen, *, what: str, limit: float = 60) -> None:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited ({process.returncode})")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port} within {limit} s")


def stop_process(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@contextlib.contextmanager
def site_server(env: dict[str, str], *, workers: int = 1, log: Path | None = None) -> Iterator[int]:
    """The site's server (``python -m config.server``) with ``env`` on a free port of
    127.0.0.1, its output in ``log`` (else dropped); yields the port once it listens, and stops
    it on the way out."""
    port = free_port()
    command = [sys.executable, "-m", "config.server", "--bind", f"{HOST}:{port}"]
    command += ["--workers", str(workers)]
    with contextlib.ExitStack() as files:
        out = files.enter_context(log.open("wb")) if log else subprocess.DEVNULL
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        try:
            wait_for_port(port, process, what="the app server")
        except RuntimeError as err:
            output = log.read_text()[-3000:] if log else ""
            raise RuntimeError(f"{err}\n{output}") from None
        yield port
    finally:
        stop_process(process)


@contextlib.contextmanager
def app_server(env: dict[str, str], log: Path, *, workers: int = 1) -> Iterator[int]:
    """:func:`site_server`, once ``/healthz`` answers 200 (the site's database is ready)."""
    with site_server(env, workers=workers, log=log) as port:
        for _ in range(300):
            with contextlib.suppress(OSError, http.client.HTTPException):
                if Browser(port).get("/healthz").status == 200:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError(f"/healthz never answered 200: {log.read_text()[-3000:]}")
        yield port


# -- a browser -------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: Message  # names in any case: the server may send them in lower case (granian does)
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Browser:
    """One visitor: a cookie jar and a client address (sent as the trusted proxy would, in
    X-Forwarded-For), talking to any of the servers by port, like a load balancer's clients."""

    port: int
    address: str = "198.51.100.10"
    cookies: dict[str, str] = field(default_factory=dict)
    language: str = "en"

    def request(
        self,
        method: str,
        path: str,
        *,
        port: int | None = None,
        body: bytes | None = None,
        content_type: str | None = None,
        accept: str | None = None,
    ) -> Answer:
        headers = {
            "Host": f"{HOST}:{port or self.port}",
            "X-Forwarded-For": self.address,
            "Accept-Language": self.language,
        }
        if content_type:
            headers["Content-Type"] = content_type
        if accept:
            headers["Accept"] = accept
        if method == "POST":
            headers["Origin"] = f"http://{HOST}:{port or self.port}"
            headers["Referer"] = f"http://{HOST}:{port or self.port}{path}"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn = http.client.HTTPConnection(HOST, port or self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    cookie, _, _rest = value.partition(";")
                    key, _, val = cookie.partition("=")
                    if val:
                        self.cookies[key.strip()] = val.strip()
                    else:
                        self.cookies.pop(key.strip(), None)
            return Answer(response.status, response.headers, data)
        finally:
            conn.close()

    def get(self, path: str, *, port: int | None = None) -> Answer:
        return self.request("GET", path, port=port)

    def csrf(self, path: str, *, port: int | None = None) -> str:
        page = self.get(path, port=port)
        match = CSRF_INPUT.search(page.text)
        if match:
            return match.group(1)
        return self.cookies["csrftoken"]

    def post(
        self,
        path: str,
        form: dict[str, str],
        *,
        port: int | None = None,
        accept: str | None = None,
    ) -> Answer:
        form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
        return self.request(
            "POST",
            path,
            port=port,
            body=urllib.parse.urlencode(form).encode(),
            content_type="application/x-www-form-urlencoded",
            accept=accept,
        )

    def upload(self, path: str, name: str, data: bytes, *, port: int | None = None) -> Answer:
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
            f"{self.cookies.get('csrftoken', '')}\r\n".encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            "\r\n\r\n".encode()
            + data
            + b"\r\n",
            f"--{boundary}--\r\n".encode(),
        ]
        return self.request(
            "POST",
            path,
            port=port,
            body=b"".join(parts),
            content_type=f"multipart/form-data; boundary={boundary}",
        )

    def log_in(self, username: str, password: str, *, port: int | None = None) -> Answer:
        self.csrf("/accounts/login/", port=port)
        return self.post(
            "/accounts/login/", {"username": username, "password": password}, port=port
        )
