"""The undo policy: how far a player at the table may take decisions back.

Anchor: Board Game Arena's rule that undo never makes another player redo moves.

- ``CASUAL``: back across computer seats' decisions to your own last decision; never across
  another human's decision.
- Either way an undo takes back a whole Confirm: the fills a seat laid together, or every
  step of the resolution it chose (never a resolution's last step alone, which would leave
  a panel the player never saw).
- ``STRICT``: only your own decisions, until the next player has acted (an AI seat acts at
  once), and never across a reveal (a jungle tile drawn from the pile, a display refill or a
  worker tile drawn: so the Confirm that ends a turn stays unless your pile was empty).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum
from typing import assert_never

from cacao_game.config.choices import UNDO_CHOICES
from cacao_game.engine.actions import Action, Fill, Overbuild, Place, Resolve
from cacao_game.session.journal import Entry
from cacao_game.session.notices import Refusal, Refused


class UndoPolicy(Enum):
    """How far undo reaches (see the module docstring)."""

    CASUAL = "casual"
    STRICT = "strict"


def resolve_policy(choice: str | None, humans: int) -> UndoPolicy:
    """The policy for a setting ``choice`` (``auto``/None, ``casual``, ``strict``) and a number
    of humans at the table. Raises ValueError for an unknown choice."""
    if choice in (None, "auto"):
        return UndoPolicy.STRICT if humans >= 2 else UndoPolicy.CASUAL
    try:
        return UndoPolicy(choice)
    except ValueError:
        raise ValueError(f"unknown undo policy {choice!r}; choose from {', '.join(UNDO_CHOICES)}") from None


def undo_reach(
    journal: Sequence[Entry],
    people: Collection[int],
    actor: int,
    policy: UndoPolicy,
    undone_by: int | None = None,
) -> int | Refused:
    """How many decisions of ``journal`` an undo by seat ``actor`` takes back under ``policy``
    (the last decision of a seat in ``people``, with the computer's decisions after it), or
    why it is refused: never a decision a stand-in AI made for the seat (``Entry.standin``).
    ``undone_by``: the seat whose decision came right after the journal's end before an undo
    took it back (None: none did). Strict undo counts that as the next player having acted: a
    network trial's player, their turn taken back, then lost it again to the player before.
    The one rule for the play session and for a table on another machine (a review found the
    host refusing a stand-in's move the table had offered to undo, without a word)."""
    index = len(journal) - 1
    while index >= 0 and journal[index].seat not in people:
        index -= 1
    if index < 0:
        return Refused(Refusal.UNDO_NOTHING)
    index = confirm_start(journal, index)
    owner = journal[index].seat
    if owner != actor:
        return Refused(Refusal.UNDO_OTHER_HUMAN, owner)
    taken = journal[index:]
    if any(entry.standin and entry.seat == actor for entry in taken):
        return Refused(Refusal.UNDO_STANDIN)
    if policy is UndoPolicy.STRICT:
        if any(entry.seat != actor for entry in taken) or undone_by not in (None, actor):
            return Refused(Refusal.UNDO_TURN_OVER)
        if any(entry.revealed for entry in taken):
            return Refused(Refusal.UNDO_REVEAL)
    return len(taken)


def note_undo(undone_by: dict[int, int], journal: Sequence[Entry], count: int) -> None:
    """Before an undo takes back the last ``count`` decisions of ``journal``: note in
    ``undone_by`` (journal length -> seat) whose decision came right after what stays, which
    ``undo_reach`` then reads. The one bookkeeping for the play session and a remote table."""
    if 0 < count <= len(journal):
        kept = len(journal) - count
        undone_by[kept] = journal[kept].seat


def confirm_start(journal: Sequence[Entry], index: int) -> int:
    """The index of the first decision one Confirm made together with ``journal[index]``: a
    seat's fills of one turn are laid together, and a resolution's steps are one outcome."""
    last = journal[index]
    if not _confirmed_in_steps(last.action):
        return index
    while index > 0:
        before = journal[index - 1]
        same_kind = type(before.action) is type(last.action)
        if before.seat != last.seat or before.turn != last.turn or not same_kind:
            break
        index -= 1
    return index


def _confirmed_in_steps(action: Action) -> bool:
    """Whether a Confirm may make several decisions of ``action``'s kind at once."""
    match action:
        case Fill() | Resolve():
            return True
        case Place() | Overbuild():
            return False
        case _:
            assert_never(action)
