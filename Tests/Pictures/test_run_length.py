"""One cap on a run's frames (EffectHost's RunLength) for effect-host run
and effect_host_player_create: 1e9 s at 1000 fps, the longest duration at
the highest rate each takes (issue 49: the C API capped a player at 2^31
frames, run at 1e12 + 1)."""

import ctypes
import os

import pytest
from test_render_pictures import BUILD, host

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(BUILD, "libeffecthost.so")), reason="no host library built")

FRAME = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


class PlayOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("flags", ctypes.c_uint32), ("fps", ctypes.c_double),
                ("duration", ctypes.c_double), ("frame", FRAME), ("context", ctypes.c_void_p)]


def player_status(fps, duration):
    """effect_host_player_create's status for the strike at `fps` for `duration` s (the player is freed, never run)."""
    import effects

    library = ctypes.CDLL(os.path.join(BUILD, "libeffecthost.so"))
    library.effect_host_player_create.argtypes = [ctypes.c_void_p, ctypes.POINTER(PlayOptions), ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
    library.effect_host_player_create.restype = ctypes.c_int32
    library.effect_host_player_free.argtypes = [ctypes.c_void_p]
    frame = FRAME(lambda context, frame: 1)
    options = PlayOptions(ctypes.sizeof(PlayOptions), 1, fps, duration, frame, None)
    player = ctypes.c_void_p()
    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        status = library.effect_host_player_create(instance._host_instance().pointer, ctypes.byref(options), ctypes.byref(player), None)
        library.effect_host_player_free(player)
    return status


def test_the_longest_duration_at_the_highest_rate_makes_a_player_as_it_makes_a_run():
    # 1e9 s at 1000 fps: 1e12 + 1 frames, and 3e6 s: 3e9 + 1, both past 2^31.
    assert player_status(1000, 1e9) == 0
    assert player_status(1000, 3e6) == 0
    # Past the longest duration is out of range (EFFECT_ERR_RANGE), not too much.
    assert player_status(1000, 2e9) == -7
    result = host("run", "strikethrough-reveal", "--fps", "1000", "--duration", "2e9", "--offline", check=False)
    assert result.returncode == 2 and "--duration" in result.stderr


def test_the_default_rate_is_the_same_for_a_player_and_a_run():
    """fps 0 and no --fps: 60 a second in both. The strike's 0.32 s at 60
    fps is frames 0 to 20 (the first at or after its end, 20/60 s)."""
    import effects

    library = ctypes.CDLL(os.path.join(BUILD, "libeffecthost.so"))
    library.effect_host_player_create.argtypes = [ctypes.c_void_p, ctypes.POINTER(PlayOptions), ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
    library.effect_host_player_run.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64), ctypes.c_void_p]
    library.effect_host_player_free.argtypes = [ctypes.c_void_p]
    times = []
    # effect_host_frame: struct_size, reserved, index, then t.
    frame = FRAME(lambda context, pointer: times.append(ctypes.cast(pointer, ctypes.POINTER(ctypes.c_double))[2]) or 0)
    options = PlayOptions(ctypes.sizeof(PlayOptions), 1, 0, 0, frame, None)
    player = ctypes.c_void_p()
    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        assert library.effect_host_player_create(instance._host_instance().pointer, ctypes.byref(options), ctypes.byref(player), None) == 0
        shown, dropped = ctypes.c_uint64(), ctypes.c_uint64()
        assert library.effect_host_player_run(player, ctypes.byref(shown), ctypes.byref(dropped), None) == 0
        library.effect_host_player_free(player)
    assert shown.value == 21 and times == pytest.approx([i / 60 for i in range(21)], abs=1e-12)
    result = host("run", "strikethrough-reveal", "--offline", "--format", "csv")
    rows = result.stdout.splitlines()[1:]
    assert len(rows) == 21 and float(rows[-1].split(",")[0]) == pytest.approx(20 / 60, abs=1e-9)
