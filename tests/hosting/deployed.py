"""The shipped deploy/ files run for real: a test certificate, nginx or Caddy, `deadtable serve`.

A host copies deploy/'s files and changes the lines marked "CHANGE" (or the line after a comment
marked so): the domain, paths, ports, the certificate. `shipped()` does exactly that and nothing
else, and fails when a replacement would touch an unmarked line or finds nothing to replace, so
the configuration a test runs is the one shipped, with a host's own values.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NAME = "play.deadtable.test"  # a public-looking name; .test is reserved, so it can never be real
MARK = "CHANGE"


# Ports for the proxies and the processes come from below Linux's range of ephemeral ports (which
# starts at 32768), where the system would hand the same port out again as the source port of any
# outgoing connection between the check and the server's own bind; each test process starts at a
# place of its own in it, so two test runs at once seldom try the same ports.
_ports = itertools.count(20000 + os.getpid() % 1200 * 10)


def free_port() -> int:
    """A port that nothing listens on now, on any address (IPv4 and, where there is one, IPv6)."""
    for port in _ports:
        if port >= 32768:
            break
        try:
            with socket.socket() as s:
                s.bind(("0.0.0.0", port))
            if ipv6():
                with socket.socket(socket.AF_INET6) as s:
                    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                    s.bind(("::", port))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port below 32768")


def ipv6() -> bool:
    """Whether this machine can listen on IPv6 (the shipped configurations also listen on [::])."""
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


def shipped(path: Path, replacements: list[tuple[str, str]], *, drop: tuple[str, ...] = ()) -> str:
    """The text of a shipped file with `replacements` (old, new) made on its marked lines only,
    and the marked lines containing any of `drop` left out (as a host without IPv6 would)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    used = {old: 0 for old, _new in replacements}
    out: list[str] = []
    for k, line in enumerate(lines):
        marked = MARK in line or (k > 0 and lines[k - 1].lstrip().startswith("#") and MARK in lines[k - 1])
        if marked and any(d in line for d in drop):
            continue
        for old, new in replacements:
            if old in line:
                assert marked, f"{path.name}:{k + 1} would change, but it is not marked {MARK}: {line!r}"
                line = line.replace(old, new)
                used[old] += 1
        out.append(line)
    missing = [old for old, count in used.items() if count == 0]
    assert not missing, f"{path.name} has none of {missing} on a marked line"
    return "".join(out)


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise RuntimeError(f"{what} exited with {proc.returncode}: {err[-2000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port} in {timeout} s")


def stop(proc: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM, and SIGKILL after 5 s (a graceful stop is not what these tests are about)."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


# --- the certificate -------------------------------------------------------------------------


class Certificate:
    """A test certificate authority and a certificate it signed for NAME, made with openssl."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.ca = folder / "ca.pem"
        self.chain = folder / "fullchain.pem"
        self.key = folder / "privkey.pem"

    def make(self) -> Certificate:
        def openssl(command: str) -> None:
            subprocess.run(["openssl", *command.split()], check=True, capture_output=True, cwd=self.folder)

        new_key = "-newkey rsa:2048 -nodes"
        openssl(f"req -x509 {new_key} -days 2 -subj /CN=deadtable-test-CA -keyout ca-key.pem -out ca.pem")
        openssl(f"req {new_key} -subj /CN={NAME} -keyout privkey.pem -out leaf.csr")
        (self.folder / "leaf.ext").write_text(
            f"subjectAltName=DNS:{NAME}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
        )
        signed_by_ca = "-CA ca.pem -CAkey ca-key.pem -CAcreateserial"
        openssl(f"x509 -req -in leaf.csr {signed_by_ca} -days 2 -extfile leaf.ext -out leaf.pem")
        self.chain.write_bytes((self.folder / "leaf.pem").read_bytes() + self.ca.read_bytes())
        self.key.chmod(0o644)  # nginx's and Caddy's workers read it
        return self

    def context(self) -> object:
        """An SSL context that trusts only the test authority (and checks the name, as browsers do)."""
        import ssl

        return ssl.create_default_context(cafile=str(self.ca))


# --- the server processes --------------------------------------------------------------------


class Serve:
    """`deadtable serve` as the systemd unit runs it: loopback, one port, the environment file's
    options (the allowed host, the trusted proxy), on a shared database."""

    def __init__(self, db: str, port: int | None = None, create_limit: int = 30) -> None:
        self.db = db
        self.port = port or free_port()
        self.create_limit = create_limit
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> Serve:
        """Start the process; `ready()` waits until it answers."""
        env = dict(os.environ, PYTHONUNBUFFERED="1", DEADTABLE_DATABASE_URL=self.db)
        env.pop("DEADTABLE_ALLOWED_HOSTS", None)
        options = f"--allowed-host {NAME} --forwarded-allow-ips 127.0.0.1 --create-limit {self.create_limit}"
        cmd = [
            sys.executable,
            "-m",
            "deadtable.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        cmd += options.split()
        self.proc = subprocess.Popen(
            cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        return self

    def ready(self) -> Serve:
        """Wait until the process answers GET /healthz with 200."""
        assert self.proc is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise RuntimeError(f"deadtable serve exited: {err[-2000:]}")
            try:
                if httpx.get(self.base + "/healthz", timeout=1, trust_env=False).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("deadtable serve did not answer /healthz in 60 s")

    def start(self) -> Serve:
        return self.launch().ready()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs at all."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        stop(self.proc)


# --- the proxies -----------------------------------------------------------------------------

NGINX_MAIN = """\
# The test's stand-in for Debian's /etc/nginx/nginx.conf: it includes the shipped site, as
# sites-enabled/ is included there, with every file nginx writes kept in the test's folder.
daemon off;
master_process on;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
{user}
events {{
    worker_connections 256;
}}
http {{
    include /etc/nginx/mime.types;
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/sites-enabled/deadtable;
}}
"""


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)


class Proxy:
    """The shipped nginx site or Caddyfile running on free ports, in front of `upstreams`."""

    def __init__(self, kind: str, folder: Path, cert: Certificate, upstreams: list[int]) -> None:
        self.kind = kind
        self.folder = folder
        self.cert = cert
        self.upstreams = upstreams
        self.https_port = free_port()
        self.http_port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"https://{NAME}:{self.https_port}"

    def nginx_site(self) -> str:
        drop = () if ipv6() else ("[::]",)
        return shipped(
            DEPLOY / "nginx" / "deadtable.conf",
            [
                ("play.example.org/fullchain.pem", "fullchain.pem"),
                ("play.example.org/privkey.pem", "privkey.pem"),
                ("/etc/letsencrypt/live", str(self.cert.folder)),
                ("play.example.org", NAME),
                ("/var/www/certbot", str(self.folder / "webroot")),
                ("127.0.0.1:8001", f"127.0.0.1:{self.upstreams[0]}"),
                ("127.0.0.1:8002", f"127.0.0.1:{self.upstreams[1]}"),
                ("listen 443", f"listen {self.https_port}"),
                ("listen [::]:443", f"listen [::]:{self.https_port}"),
                ("listen 80", f"listen {self.http_port}"),
                ("listen [::]:80", f"listen [::]:{self.http_port}"),
            ],
            drop=drop,
        )

    def caddyfile(self) -> str:
        chain, key = self.cert.chain, self.cert.key
        return shipped(
            DEPLOY / "caddy" / "Caddyfile",
            [
                ("admin@example.org", "nobody@deadtable.test"),
                ("http_port 80", f"http_port {self.http_port}"),
                ("https_port 443", f"https_port {self.https_port}"),
                ("localhost:2019", f"localhost:{free_port()}"),
                ("play.example.org", NAME),
                ("# tls /etc/deadtable/fullchain.pem /etc/deadtable/privkey.pem", f"tls {chain} {key}"),
                ("127.0.0.1:8001", f"127.0.0.1:{self.upstreams[0]}"),
                ("127.0.0.1:8002", f"127.0.0.1:{self.upstreams[1]}"),
            ],
        )

    def start(self) -> Proxy:
        if self.kind == "nginx":
            cmd = self._nginx()
            env = dict(os.environ)
        else:
            (self.folder / "Caddyfile").write_text(self.caddyfile(), encoding="utf-8")
            caddy = shutil.which("caddy") or "caddy"
            cmd = [caddy, "run", "--config", str(self.folder / "Caddyfile"), "--adapter", "caddyfile"]
            home = self.folder / "home"
            home.mkdir(exist_ok=True)
            env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home), XDG_CONFIG_HOME=str(home))
        self.proc = subprocess.Popen(
            cmd, env=env, cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        wait_for_port(self.https_port, self.proc, self.kind)
        return self

    def _nginx(self) -> list[str]:
        binary = nginx_binary()
        assert binary is not None
        (self.folder / "sites-enabled").mkdir(exist_ok=True)
        (self.folder / "webroot").mkdir(exist_ok=True)
        (self.folder / "sites-enabled" / "deadtable").write_text(self.nginx_site(), encoding="utf-8")
        # As root, nginx's workers would drop to a user that cannot read the test's folder.
        user = "user root;" if os.geteuid() == 0 else ""
        (self.folder / "nginx.conf").write_text(NGINX_MAIN.format(folder=self.folder, user=user))
        conf = ["-p", str(self.folder), "-c", str(self.folder / "nginx.conf")]
        check = subprocess.run([binary, "-t", "-q", *conf], capture_output=True, text=True, check=False)
        assert check.returncode == 0, f"nginx -t refused the shipped site: {check.stderr}"
        return [binary, *conf]

    def stop(self) -> None:
        stop(self.proc)

    def log(self) -> str:
        name = "error.log" if self.kind == "nginx" else ""
        if name and (self.folder / name).exists():
            return (self.folder / name).read_text(errors="replace")[-3000:]
        return ""


@contextlib.contextmanager
def client(cert: Certificate, proxy: Proxy, source: str) -> Iterator[httpx.Client]:
    """An HTTPS client of the proxy that checks its certificate for NAME, connecting from the
    loopback address `source` (127.0.0.0/8 is all this machine's: each test client has its own)."""
    transport = httpx.HTTPTransport(local_address=source, verify=cert.context())  # type: ignore[arg-type]
    with httpx.Client(
        base_url=f"https://127.0.0.1:{proxy.https_port}",
        transport=transport,
        headers={"host": f"{NAME}:{proxy.https_port}"},
        trust_env=False,
        timeout=20,
    ) as http:
        http.event_hooks["request"] = [_sni]
        yield http


def _sni(request: httpx.Request) -> None:
    # The address is 127.0.0.1 (no resolver knows NAME); TLS is asked for NAME and checks it.
    request.extensions["sni_hostname"] = NAME
