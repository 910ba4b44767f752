"""What `effect-host studio` runs: the studio's server (effects.studio).

Run as a script, not with -m: Python then searches this file's directory
first, where the effects package beside it is, and never the working
directory, where a folder named like a module the studio imports would
otherwise be imported in its place.
"""

import sys

try:
    import numpy  # noqa: F401 (the effects package needs it: asked first, to say so in one line)
except ImportError:
    sys.exit(f"effect-host studio: the studio needs numpy, and {sys.executable} has none: install Debian's python3-numpy "
             "(or numpy from PyPI), or set EFFECT_HOST_PYTHON to a Python 3 that has it")

from effects.studio.__main__ import main

sys.exit(main())
