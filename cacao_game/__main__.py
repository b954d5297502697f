"""``python -m cacao_game``."""

from __future__ import annotations

import sys

from cacao_game.cli import main

sys.exit(main())
