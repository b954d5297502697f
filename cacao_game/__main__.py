"""``python -m cacao_game``, and the entry of the PyInstaller bundle (``tools/make_bundle.py``).

``multiprocessing.freeze_support()`` comes first: in the bundle, a process spawned for the
AI worker starts this same executable, which must then run the worker instead of the
command line (outside a bundle it does nothing)."""

from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from cacao_game.cli import main

    sys.exit(main())
