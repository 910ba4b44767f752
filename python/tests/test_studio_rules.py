"""The studio's rules that need no server: who may ask (the guard), what a
request may hold, and the command lines it offers to copy."""

import os
import shlex
import subprocess

import numpy as np
import pytest
from plugin_fixtures import ROOT

from effects import _host
from effects.studio.commands import commands, number
from effects.studio.guard import Guard, is_loopback
from effects.studio.scene import Look, Refused, Request


def test_on_loopback_only_the_loopback_names_with_the_port_pass():
    guard = Guard("secret", 8700)
    for host in ("127.0.0.1:8700", "localhost:8700", "LOCALHOST:8700", "[::1]:8700"):
        assert guard.host_problem(host) is None, host
    for host in ("127.0.0.1:8701", "127.0.0.1", "192.168.1.4:8700", "evil.example:8700", "localhost.:8700", "", None):
        assert guard.host_problem(host) is not None, host


def test_listening_wider_an_address_passes_and_a_name_still_does_not():
    guard = Guard("secret", 8700, loopback_only=False)
    assert guard.host_problem("192.168.1.4:8700") is None
    assert guard.host_problem("[fe80::1]:8700") is None
    # A name could be rebound to this machine by an attacker's DNS.
    assert guard.host_problem("studio.example:8700") is not None


def test_the_token_is_compared_whole():
    guard = Guard("secret", 8700)
    assert guard.token_problem("secret") is None
    for token in ("", None, "secre", "secret2", "SECRET", "sécret"):
        assert guard.token_problem(token) is not None, token


def test_a_change_needs_the_pages_origin_and_json():
    guard = Guard("secret", 8700)
    page = ("localhost:8700", "http://localhost:8700", None, "application/json; charset=utf-8")
    assert guard.change_problem(*page) is None
    assert guard.change_problem(page[0], "http://127.0.0.1:8700", *page[2:]) is not None, "another origin than the Host's"
    assert guard.change_problem(*page[:3], "text/plain") is not None
    assert guard.change_problem(*page[:2], "same-site", page[3]) is not None
    assert guard.change_problem(page[0], None, *page[2:]) is not None


def test_the_address_listened_on_passes_as_a_host():
    guard = Guard("secret", 8700, address="127.0.0.2")
    assert guard.host_problem("127.0.0.2:8700") is None
    assert guard.host_problem("[::1]:8700") is None
    assert Guard("secret", 8700, address="::1").host_problem("[::1]:8700") is None
    assert guard.host_problem("127.0.0.3:8700") is not None


def test_loopback_addresses():
    assert all(is_loopback(a) for a in ("127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"))
    assert not any(is_loopback(a) for a in ("0.0.0.0", "::", "192.168.1.4", "example.org"))


def test_a_request_holds_text_and_finite_numbers_only():
    with pytest.raises(Refused, match="params is a list of text"):
        Request.read({"effect": "x", "params": "text=a"})
    with pytest.raises(Refused, match="effect is text"):
        Request.read({"params": []})
    with pytest.raises(Refused, match="width is a finite number"):
        Request.read({"effect": "x", "look": {"width": float("nan")}})
    with pytest.raises(Refused, match="scale is a finite number"):
        Request.read({"effect": "x", "look": {"scale": True}})
    assert Request.read({"effect": "x"}) == Request("x", (), (), Look())


def test_numbers_are_written_to_read_back_exactly():
    assert [number(v) for v in (2.0, 0.1, 1 / 3, 1e-7, 432.0)] == ["2", "0.1", "0.3333333333333333", "1e-07", "432"]
    assert float(number(1 / 3)) == 1 / 3


def test_the_commands_quote_any_text_and_leave_out_the_hosts_defaults():
    text = "it's 日本語 \"and\" مرحبا $HOME; rm -rf /"
    request = Request("strikethrough-reveal", (f"text={text}", "done=false"), ("1:done=true",),
                      Look(theme="dark", width=300, scale=2, ground="#FFFFFF"))
    lines = commands(request, 1.5, ["/plugins dir"])
    still = shlex.split(lines["still"])
    assert still == ["effect-host", "render", "strikethrough-reveal", "--plugin-path", "/plugins dir", "--param", f"text={text}",
                     "--param", "done=false", "--at", "1:done=true", "--theme", "dark", "--width", "300",
                     "--background", "#FFFFFF", "--time", "1.5", "-o", "strikethrough-reveal.png"]
    assert shlex.split(lines["lottie"])[-4:] == ["--width", "300", "-o", "strikethrough-reveal.json"]
    assert shlex.split(lines["run"]) == ["effect-host", "run", *still[2:11]]


def test_the_look_limits_are_the_headers(tmp_path):
    """_host's LOOK_WIDTH_* and SCALE_DEFAULT mirror effect_host_pictures.h's
    macros (ctypes cannot read a macro): printed by the C compiler here."""
    source = tmp_path / "limits.c"
    source.write_text('#include <stdio.h>\n#include "effect_host.h"\nint main(void) {\n'
                      '    printf("%.17g %.17g %.17g %.17g\\n", EFFECT_HOST_LOOK_WIDTH_MIN, EFFECT_HOST_LOOK_WIDTH_MAX,\n'
                      '           EFFECT_HOST_LOOK_WIDTH_DEFAULT, EFFECT_HOST_SCALE_DEFAULT);\n    return 0;\n}\n')
    program = tmp_path / "limits"
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "include"), str(source), "-o",
                    str(program)], check=True)
    printed = [float(word) for word in subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout.split()]
    assert printed == [_host.LOOK_WIDTH_MIN, _host.LOOK_WIDTH_MAX, _host.LOOK_WIDTH_DEFAULT, _host.SCALE_DEFAULT]


def test_a_ground_that_fills_paints_the_margins_as_render_does(catalog, tmp_path):
    """API 1.7's EFFECT_HOST_PLACE_GROUND_FILLS: the strike (542 x 154 at 2
    pixels a point) fitted in a PAL frame leaves margins above and below;
    filled, they are the ground, and the frame is render's --size frame."""
    with catalog.effect("strikethrough-reveal").create() as instance:
        picture = instance.picture(ground="#204080")
        plain = picture.draw(0.2, size=(720, 576))
        filled = picture.draw(0.2, size=(720, 576), ground_fills=True)
        clear = instance.picture(ground="transparent").draw(0.2, size=(720, 576), ground_fills=True)
        instance.render(str(tmp_path / "pal.png"), time=0.2, size=(720, 576), ground="#204080")
    assert plain[0, 0].tolist() == [0, 0, 0, 0], "without it, the margins are left clear"
    assert filled[0, 0].tolist() == filled[-1, -1].tolist() == [0x20, 0x40, 0x80, 255]
    assert np.array_equal(filled[288], plain[288]), "the picture's own rows are the same"
    assert clear[0, 0].tolist() == [0, 0, 0, 0], "a transparent ground fills nothing"
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", str(tmp_path / "pal.png"), "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                             capture_output=True, check=True).stdout
    assert np.array_equal(filled, np.frombuffer(decoded, dtype=np.uint8).reshape(576, 720, 4))
