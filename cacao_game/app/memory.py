"""Hand freed image memory back to the system (glibc only; elsewhere nothing happens).

Surfaces are large blocks allocated and freed all the time. glibc's malloc raises its
threshold for serving large blocks by ``mmap`` after such frees, then keeps freed image
memory in its heap, so the resident size of a long session creeps up. A fixed threshold
makes every block over it an ``mmap`` that goes back to the system when freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter number for the mmap threshold."""
LARGE_BLOCK = 256 * 1024
"""Blocks from this size up are mapped (and unmapped when freed): every surface but icons."""


def return_large_blocks() -> bool:
    """Set glibc's mmap threshold to ``LARGE_BLOCK``; True if it took effect."""
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        libc = ctypes.CDLL(name)
        done = bool(libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
    except (OSError, AttributeError) as error:
        log.debug("mallopt unavailable: %s", error)
        return False
    return done
