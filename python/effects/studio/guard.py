"""Who may talk to the studio: the rules every request passes first.

The studio loads plugins, so it runs code: a web page elsewhere must not
reach it. A token in the URL the studio prints proves the request comes
from someone who saw it. The Host header stops DNS rebinding (a page at
an attacker's name that resolves to 127.0.0.1 would otherwise be same-origin
with the studio); the Origin and the JSON content type stop a cross-site
"simple" request, which a browser sends without asking first.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def new_token() -> str:
    """A per-session secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def is_loopback(address: str) -> bool:
    """Whether listening on ``address`` keeps the studio on this machine."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def _split_host(host: str) -> tuple[str, str] | None:
    """A Host header's name and port; None when it has no port."""
    name, colon, port = host.rpartition(":")
    if not colon or not port.isdigit() or not name:
        return None
    return name.lower(), port


def _is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Guard:
    """The rules for one studio: its token, its port, the address it
    listens on, and whether that keeps it on this machine."""

    token: str
    port: int
    loopback_only: bool = True
    address: str = "127.0.0.1"

    def host_problem(self, host: str | None) -> str | None:
        """Why a Host header is refused, or None. The loopback names and the
        address listened on pass, with the studio's port; listening beyond
        loopback, any IP address literal also passes (a name could be
        rebound to this machine, an address cannot)."""
        if not host:
            return "the request has no Host header"
        parts = _split_host(host)
        if parts is None or parts[1] != str(self.port):
            return f"Host {host!r} is not this studio's (port {self.port})"
        name = parts[0]
        listened = f"[{self.address}]" if ":" in self.address else self.address
        if name in LOOPBACK_NAMES or name == listened or (not self.loopback_only and _is_ip_literal(name)):
            return None
        return f"Host {host!r} is not this studio's: open it at 127.0.0.1 or localhost"

    def token_problem(self, token: str | None) -> str | None:
        """Why a request's token is refused, or None; compared in constant time."""
        if not token:
            return "the request has no token: open the URL the studio printed"
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.token.encode("utf-8")):
            return "the token is not this studio's: open the URL the studio printed"
        return None

    def change_problem(self, host: str, origin: str | None, site: str | None, kind: str) -> str | None:
        """Why a request that changes something (a POST) is refused, or None:
        it must come from the studio's own page (its Origin is the Host it
        was sent to, which host_problem passed; the browser says
        same-origin) and carry JSON."""
        if origin is None:
            return "a change must come from the studio's page (the request has no Origin)"
        if origin != f"http://{host}":
            return f"a change must come from the studio's page, not from {origin}"
        if site is not None and site not in ("same-origin", "none"):
            return f"a change must come from the studio's page, not a {site} one"
        kind = kind.split(";")[0].strip().lower()
        if kind != "application/json":
            return f"a change is sent as application/json, not {kind or 'nothing'}"
        return None
