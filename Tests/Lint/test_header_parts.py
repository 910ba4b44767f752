"""effect_host.h is an umbrella over one part per concern: each part
compiles on its own, as C and as C++, with the project's warning flags;
the umbrella includes every part, and the module map lists every one."""

import glob
import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, "include")
PARTS = sorted(os.path.basename(path) for path in glob.glob(os.path.join(INCLUDE, "effect_host_*.h")))


def test_the_parts_are_the_nine_concerns():
    assert PARTS == ["effect_host_core.h", "effect_host_drawing.h", "effect_host_instances.h", "effect_host_metadata.h", "effect_host_pictures.h",
                     "effect_host_player.h",
                     "effect_host_plugins.h", "effect_host_render.h", "effect_host_validate.h"]


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("compiler", [["cc", "-std=c99", "-x", "c"], ["c++", "-std=c++11", "-x", "c++"]])
def test_each_part_compiles_on_its_own(tmp_path, part, compiler):
    source = f'#include "{part}"\nint main(void) {{ return 0; }}\n'
    result = subprocess.run([*compiler, "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-I", INCLUDE, "-"],
                            input=source, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_umbrella_includes_every_part_and_the_module_map_lists_it():
    with open(os.path.join(INCLUDE, "effect_host.h"), encoding="utf-8") as umbrella:
        included = re.findall(r'^#include "(effect_host_\w+\.h)"', umbrella.read(), re.MULTILINE)
    with open(os.path.join(INCLUDE, "module.modulemap"), encoding="utf-8") as module_map:
        host_module = module_map.read().split("module CEffectHost")[1]
    listed = re.findall(r'header "(effect_host_\w+\.h)"', host_module)
    assert sorted(included) == PARTS
    assert sorted(listed) == PARTS
