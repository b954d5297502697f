"""Errors raised by the engine. Each leaves the game exactly as it was."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the current decision does not allow."""


class WrongDecisionError(IllegalActionError):
    """The action is of another kind than the decision the game waits for."""


class IllegalPlacementError(IllegalActionError):
    """A placement or overbuild that breaks R3.2 or R3.3."""


class IllegalFillError(IllegalActionError):
    """A jungle fill that breaks R3.4-R3.7."""


class IllegalResolutionError(IllegalActionError):
    """A resolution step that breaks R3.9-R3.10."""


class GameOverError(IllegalActionError):
    """An action after the game has ended."""


class NothingToUndoError(IndexError):
    """``pop()`` with no action left to take back."""
