"""The studio runs plugin code, so who may reach it is checked on every
request: driven here with plain HTTP, as an attacker's page or a confused
client would."""

import http.client
import json
import os
import socket
import subprocess
import sys
import time

import pytest
from studio_harness import HOST, Studio, environment


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    running = Studio(tmp_path_factory.mktemp("studio-safety"))
    yield running
    assert running.close() == 0, running.stderr


NO_HOST = "no Host header"


def ask(studio, method, path, body=None, headers=None, host=None):
    connection = http.client.HTTPConnection("127.0.0.1", studio.port, timeout=30)
    host = f"127.0.0.1:{studio.port}" if host is None else None if host == NO_HOST else host
    sent = {"Host": host, **(headers or {})}
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in sent.items():
        if value is not None:
            connection.putheader(name, value)
    data = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
    if data is not None:
        connection.putheader("Content-Length", str(len(data)))
    connection.endheaders(data)
    answer = connection.getresponse()
    payload = answer.read()
    connection.close()
    return answer.status, dict(answer.getheaders()), payload


def scene(studio, body, origin="same", kind="application/json", token=None):
    """POST /api/scene as the page sends it (a dict is sent as JSON, bytes as they are)."""
    origin = f"http://127.0.0.1:{studio.port}" if origin == "same" else origin
    return ask(studio, "POST", f"/api/scene?token={token or studio.token}", body,
               {"Origin": origin, "Content-Type": kind})


STRIKE = {"effect": "strikethrough-reveal", "params": [], "events": []}


def test_every_loopback_name_with_the_port_is_accepted_and_every_other_host_refused(studio):
    for host in (f"127.0.0.1:{studio.port}", f"localhost:{studio.port}", f"[::1]:{studio.port}"):
        assert ask(studio, "GET", f"/api/effects?token={studio.token}", host=host)[0] == 200, host
    for host in (f"evil.example:{studio.port}", f"127.0.0.1:{studio.port + 1}", "127.0.0.1", "localhost.evil.example:80", NO_HOST):
        status, _, body = ask(studio, "GET", f"/api/effects?token={studio.token}", host=host)
        assert status == 403, host
        assert "Host" in json.loads(body)["error"]


def test_no_answer_without_the_token(studio):
    for path in ("/api/effects", "/api/effects?token=", "/api/effects?token=nottheone", "/api/effect?id=text-reveal"):
        status, _, body = ask(studio, "GET", path)
        assert status == 403, path
        assert "token" in json.loads(body)["error"]
    # A person at the bare address gets a page that says why.
    status, headers, body = ask(studio, "GET", "/")
    assert status == 403 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert b"the request has no token: open the URL the studio printed." in body
    # The page's script and style hold no secret.
    assert ask(studio, "GET", "/studio.js")[0] == 200


def test_a_change_from_another_origin_or_not_json_is_refused(studio):
    assert scene(studio, STRIKE)[0] == 200
    refused = {
        "http://evil.example": "not from http://evil.example", f"http://localhost:{studio.port}": "not from",
        None: "has no Origin", "null": "not from null",
    }
    for origin, words in refused.items():
        status, _, body = scene(studio, STRIKE, origin=origin)
        assert status == 403 and words in json.loads(body)["error"], origin
    # A cross-site "simple" request: a form or no-cors fetch sends text/plain.
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        status, _, body = scene(studio, STRIKE, kind=kind)
        assert status == 403 and "application/json" in json.loads(body)["error"], kind
    status, _, body = ask(studio, "POST", f"/api/scene?token={studio.token}", STRIKE,
                          {"Origin": f"http://127.0.0.1:{studio.port}", "Content-Type": "application/json",
                           "Sec-Fetch-Site": "cross-site"})
    assert status == 403
    assert scene(studio, STRIKE, token="wrong")[0] == 403


def test_the_page_forbids_framing_outside_loads_and_referrers(studio):
    status, headers, body = ask(studio, "GET", f"/?token={studio.token}")
    assert status == 200 and body.startswith(b"<!doctype html>")
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Content-Type-Options"] == "nosniff"
    assert "Access-Control-Allow-Origin" not in headers


def test_only_files_the_studio_made_can_be_downloaded(studio):
    for name in ("../../../../etc/passwd", "/etc/passwd", "..", "strikethrough-reveal-1.png", "%2e%2e%2fetc%2fpasswd"):
        status, _, body = ask(studio, "GET", f"/api/download?token={studio.token}&name={name}")
        assert status == 404 and json.loads(body) == {"error": "no such download"}, name
    for path in ("/../../etc/passwd", "/etc/passwd", "/page/studio.js", "/effects/studio/server.py"):
        assert ask(studio, "GET", f"{path}?token={studio.token}")[0] == 404, path


def test_a_bad_value_is_answered_with_the_hosts_message(studio):
    cases = {
        ("duration=-3",): "param 'duration' is -3; it must be within 0.001...60",
        ("dones=true",): "effect 'strikethrough-reveal' has no param 'dones' (did you mean 'done'?)",
        ("done=maybe",): "param 'done' needs true or false, not 'maybe'",
    }
    for params, message in cases.items():
        status, _, body = scene(studio, {**STRIKE, "params": list(params)})
        assert (status, json.loads(body)["error"]) == (400, message)
    status, _, body = scene(studio, {**STRIKE, "events": ["soon:done=false"]})
    assert (status, json.loads(body)["error"]) == (400, "an event needs a time in seconds >= 0 before ':', not 'soon'")
    status, _, body = scene(studio, {**STRIKE, "effect": "strikethrough-reveel"})
    assert status == 400 and "did you mean 'strikethrough-reveal'" in json.loads(body)["error"]
    status, _, body = scene(studio, {**STRIKE, "look": {"width": 3}})
    assert status == 400 and "10" in json.loads(body)["error"]
    _, _, made = scene(studio, STRIKE)
    key = json.loads(made)["scene"]
    for t in ("nan", "-1", "inf", "soon"):
        status, _, body = ask(studio, "GET", f"/api/frame?token={studio.token}&scene={key}&t={t}")
        assert status == 400 and "t is a time in seconds" in json.loads(body)["error"], t
    assert ask(studio, "GET", f"/api/frame?token={studio.token}&scene=nosuch&t=0")[0] == 404


def test_the_server_outlives_garbage_and_half_requests(studio):
    raw = [b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: " + b"x" * 70000 + b"\r\n\r\n",
           b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n",
           b"POST /api/scene HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{\"half",
           b"POST /api/scene HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999\r\n\r\n"]
    for data in raw:
        with socket.create_connection(("127.0.0.1", studio.port), timeout=10) as connection:
            connection.sendall(data)
            connection.shutdown(socket.SHUT_WR)
            with _closed_is_fine():
                connection.recv(65536)
    status, _, body = scene(studio, STRIKE, kind="application/json")
    assert status == 200 and json.loads(body)["span"] == pytest.approx(0.32)
    assert studio.process.poll() is None


class _closed_is_fine:
    """The server may answer or reset a connection it will not serve."""

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        return isinstance(exception[1], OSError)


def listeners(port):
    """The addresses sockets listen on at `port`, from the kernel's tables."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            for row in list(rows)[1:]:
                local, state = row.split()[1], row.split()[3]
                address, _, hex_port = local.partition(":")
                if state == "0A" and int(hex_port, 16) == port:
                    raw = bytes.fromhex(address)
                    words = [raw[i:i + 4][::-1] for i in range(0, len(raw), 4)]
                    found.append(socket.inet_ntop(socket.AF_INET if len(raw) == 4 else socket.AF_INET6, b"".join(words)))
    return found


def test_it_listens_on_loopback_only_unless_asked_and_then_warns(tmp_path):
    studio = Studio(tmp_path / "a")
    try:
        listening = listeners(studio.port)
    finally:
        studio.close()
    assert listening == ["127.0.0.1"]
    wide = Studio(tmp_path / "b", "--host", "0.0.0.0")
    try:
        lines = wide.read_more()
        status = ask(wide, "GET", f"/api/effects?token={wide.token}")[0]
        everywhere = listeners(wide.port)
    finally:
        wide.close()
    assert lines[0].startswith("effect-host studio: open http://127.0.0.1:")
    assert any("warning: listening on 0.0.0.0, beyond this machine" in line for line in lines)
    assert status == 200 and everywhere == ["0.0.0.0"]


def test_another_loopback_address_is_served_at_the_address_printed(tmp_path):
    studio = Studio(tmp_path / "c", "--host", "127.0.0.2")
    try:
        lines = studio.read_more()
        connection = http.client.HTTPConnection("127.0.0.2", studio.port, timeout=30)
        connection.request("GET", f"/api/effects?token={studio.token}")
        status = connection.getresponse().status
        connection.close()
    finally:
        studio.close()
    assert studio.url.startswith("http://127.0.0.2:") and status == 200
    assert not any("warning" in line for line in lines), "127.0.0.2 is this machine"


def test_bad_options_are_one_line_errors(tmp_path):
    cases = {
        ("--port", "http"): "effect-host: --port is a port number from 0 to 65535 (0: a free one), not 'http'",
        ("--output-dir", str(tmp_path / "missing")): f"effect-host: --output-dir {tmp_path / 'missing'} is not a directory",
        ("nosuch",): "effect-host studio: no effect 'nosuch'",
        ("a", "b"): "effect-host: studio shows one EFFECT first, not 2",
    }
    for arguments, message in cases.items():
        made = subprocess.run([HOST, "studio", *arguments], capture_output=True, text=True, env=environment(tmp_path), timeout=60)
        assert made.returncode == 2 and made.stderr.splitlines()[0].startswith(message), (arguments, made.stderr)
    python = {**environment(tmp_path), "EFFECT_HOST_PYTHON": "/nonexistent/python3"}
    made = subprocess.run([HOST, "studio"], capture_output=True, text=True, env=python, timeout=60)
    assert (made.returncode, made.stderr) == (1, "effect-host: studio: cannot run /nonexistent/python3: No such file or directory\n")
    # A Python without numpy (a fresh virtual environment's) is named, with the Debian package.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True)
    bare = {**environment(tmp_path), "EFFECT_HOST_PYTHON": str(tmp_path / "bare" / "bin" / "python")}
    made = subprocess.run([HOST, "studio"], capture_output=True, text=True, env=bare, timeout=60)
    assert made.returncode == 1 and made.stderr.startswith("effect-host studio: the studio needs numpy, and ")
    assert "install Debian's python3-numpy" in made.stderr and len(made.stderr.splitlines()) == 1
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        start = time.monotonic()
        made = subprocess.run([HOST, "studio", "--port", str(busy.getsockname()[1])], capture_output=True, text=True,
                              env=environment(tmp_path), timeout=60)
    finally:
        busy.close()
    assert made.returncode == 1 and "cannot listen on 127.0.0.1" in made.stderr and "Address already in use" in made.stderr
    assert time.monotonic() - start < 30


def test_a_folder_in_the_working_directory_named_like_a_module_is_not_imported(tmp_path):
    """Python would import ./effects or ./numpy before the real ones if the
    working directory were searched: the studio starts from a script, which
    puts its own directory first and not the working one."""
    home = tmp_path / "home"
    for module in ("effects", "numpy"):
        (home / module).mkdir(parents=True)
        (home / module / "__init__.py").write_text("raise SystemExit('the working directory was imported from')\n")
    studio = Studio(home)
    try:
        status, _, body = ask(studio, "GET", f"/api/effects?token={studio.token}")
    finally:
        studio.close()
    assert status == 200 and len(json.loads(body)["effects"]) == 4


def test_headers_are_read_as_http_reads_them_and_doubled_ones_refused(studio):
    body = json.dumps(STRIKE).encode()
    lower = {"origin": f"http://127.0.0.1:{studio.port}", "content-type": "application/json"}
    assert ask(studio, "POST", f"/api/scene?token={studio.token}", body, lower)[0] == 200, "header names are case-insensitive"
    for doubled in ("Origin", "Host", "Content-Type"):
        connection = socket.create_connection(("127.0.0.1", studio.port), timeout=10)
        lines = [f"POST /api/scene?token={studio.token} HTTP/1.1", f"Host: 127.0.0.1:{studio.port}",
                 f"Origin: http://127.0.0.1:{studio.port}", "Content-Type: application/json", f"Content-Length: {len(body)}"]
        lines.append({"Origin": "Origin: http://evil.example", "Host": "Host: evil.example:1",
                      "Content-Type": "Content-Type: text/plain"}[doubled])
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        answer = answer.decode()
        connection.close()
        assert answer.startswith("HTTP/1.1 403") and f"more than one {doubled} header" in answer, doubled


def test_a_refused_change_is_answered_before_its_body_arrives(studio):
    """Nobody the guard refuses makes the studio wait for a body."""
    with socket.create_connection(("127.0.0.1", studio.port), timeout=5) as connection:
        connection.sendall(b"POST /api/scene HTTP/1.1\r\nHost: evil.example:1\r\nContent-Length: 1000000\r\n\r\n{")
        assert connection.recv(65536).startswith(b"HTTP/1.1 403")


def test_json_that_is_too_deep_or_not_numbers_is_refused_in_words(studio):
    for text in ("[" * 100000 + "]" * 100000, '{"effect": "strikethrough-reveal", "look": {"width": NaN}}'):
        status, _, body = scene(studio, text.encode())
        assert status == 400 and json.loads(body)["error"].startswith("the request is not JSON"), text[:20]
    status, _, body = scene(studio, {**STRIKE, "params": ["text=\ud800"]})
    assert (status, json.loads(body)["error"]) == (400, "params holds half of a UTF-16 pair (a lone surrogate), which is not text")
    status, _, body = scene(studio, {**STRIKE, "params": ["text=a\u0000b"]})
    assert (status, json.loads(body)["error"]) == (400, "params holds a NUL character, which no param or name can hold")
    assert studio.process.poll() is None


def test_the_page_reaches_no_font_file_and_no_giant_frame(studio, tmp_path):
    os.mkfifo(tmp_path / "fifo")
    for font in (str(tmp_path / "fifo"), "/etc/passwd", "../fonts/x", "Inter.ttf"):
        status, _, body = scene(studio, {**STRIKE, "look": {"font": font}})
        assert (status, json.loads(body)["error"]) == (
            400, f"the studio takes a font family, such as Inter or DejaVu Sans, not a file: {font!r}"), font
    # 348 points a side at 12 pixels a point: 4176 x 4176.
    status, _, body = scene(studio, {"effect": "breathing-circles", "look": {"scale": 12}})
    assert status == 400 and "is more than the studio draws (4096 × 4096 in all)" in json.loads(body)["error"]
    status, _, body = scene(studio, {**STRIKE, "look": {"size": "0x0"}})
    assert (status, json.loads(body)["error"]) == (400, "size is 1 to 8192 pixels a side, not 0 × 0")


def test_a_download_that_would_play_for_hours_is_refused(studio):
    status, _, body = ask(studio, "POST", f"/api/download?token={studio.token}",
                          {**STRIKE, "events": ["700:done=false"], "format": "mp4"},
                          {"Origin": f"http://127.0.0.1:{studio.port}", "Content-Type": "application/json"})
    assert status == 400
    assert json.loads(body)["error"].startswith("the studio downloads at most 600 s; this plays for 700.32 s")
