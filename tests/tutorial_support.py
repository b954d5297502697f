"""Playing the tutorial through its session, as a player and Coco would (no window).

``advance`` answers Coco's AI requests with her scripted moves, presses Next on notes and
makes the player's decisions with the session's own commands; ``solve`` enters one expected
decision the way a player does (select, rotate, click, give tiles, choose a row).
"""

from __future__ import annotations

from cacao_game.session import (
    AIAnswered,
    Choose,
    Confirm,
    PickFill,
    Rotate,
    Select,
    SessionEvent,
    Target,
    Unassign,
)
from cacao_game.tutorial.session import TutorialSession


def answer_coco(session: TutorialSession) -> list[SessionEvent]:
    """Hand Coco's pending request its scripted answer (what the app's AI link does)."""
    happened: list[SessionEvent] = []
    for request in session.take_requests():
        happened += session.handle(AIAnswered(request.id, session.scripted_answer(request)))
    return happened


def solve(session: TutorialSession) -> list[SessionEvent]:
    """Enter the decision the current move step expects with player commands."""
    answer = session.coach.answer(session.game)
    assert answer is not None, "the player is not to decide"
    if answer.placement is not None:
        placement = answer.placement
        session.handle(Select(session.selection.hand().index(placement.tile)))
        turns = (placement.rotation - session.selection.rotation) % 4
        for _ in range(turns):
            session.handle(Rotate(1))
        session.handle(Target(placement.pos))
        return session.handle(Target(placement.pos))
    if answer.fills:
        for given in list(session.selection.assignments()):
            session.handle(Unassign(given))
        for fill in answer.fills[: session.selection.to_assign()]:
            session.handle(PickFill(fill.tile))
            session.handle(Target(fill.pos))
        return session.handle(Confirm())
    choice = session.expected_choice()
    assert choice is not None
    return session.handle(Choose(choice))


def play_one(session: TutorialSession) -> None:
    """One thing a player (or Coco) does: Next on a note, Coco's move, or the player's."""
    game, coach = session.game, session.coach
    if coach.can_go_on(game):
        assert session.next_step()
    elif game.current_player() != 0:
        assert answer_coco(session), "Coco answered"
    else:
        solve(session)


def advance(session: TutorialSession, until: str | None = None, limit: int = 400) -> None:
    """Play on until the step ``until`` is on and the game is at it (the end if None)."""
    for _ in range(limit):
        step = session.coach.current(session.game)
        if step is None:
            return
        if until is not None and step.key == until and len(session.game.actions) == step.at:
            return
        play_one(session)
    raise AssertionError(f"the tutorial did not reach {until!r}")
