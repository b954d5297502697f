"""Playing the play scene through its input only: events a player would make.

Used by the tests (a whole game through ``App.step``), by ``tools/bench_frames.py`` and for
screenshots. Nothing here touches the engine: every decision goes in as key or mouse events.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from cacao_game.engine import Phase

if TYPE_CHECKING:
    from cacao_game.app.play.scene import PlayScene


def key(app: Any, intent: str, mod: int | None = None) -> pygame.event.Event:
    """A KEYDOWN that triggers ``intent`` under the app's bindings (``mod`` overrides modifiers)."""
    event = app.intents.event_for(intent)
    if mod is not None:
        event = pygame.event.Event(pygame.KEYDOWN, key=event.key, mod=mod, unicode="")
    return event


def click(point: tuple[float, float], button: int = 1) -> list[pygame.event.Event]:
    """Move to ``point``, press and release ``button`` there."""
    pos = (round(point[0]), round(point[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def square_point(scene: PlayScene, square: tuple[int, int]) -> tuple[float, float]:
    """Screen centre of a board square (after bringing it into view)."""
    scene.camera.ensure_visible(square)
    scene.camera.snap()
    center = scene.camera.square_center(square)
    return (center.x, center.y)


def human_turn_events(
    scene: PlayScene, rng: random.Random, use_mouse: bool = False
) -> list[pygame.event.Event]:
    """Events that make progress on the deciding human's decision (or lift the curtain).

    Keyboard: Tab to a target, Enter to confirm; in a popup a number key, then it again or
    Enter. Mouse: click a target, then click it again on a later call once ``CONFIRM_PAUSE``
    has passed (a player's pause: a click sooner is a burst's, which chooses and waits); a
    popup row the same.
    """
    from cacao_game.app.play.controls import CONFIRM_PAUSE

    app = scene.app
    if scene.curtain_for is not None:
        return [key(app, "confirm")] if not use_mouse else click(scene.hud.curtain_button().center)
    if not scene.accepts_board_input():
        return []
    turn = scene.turn
    if turn.phase is Phase.RESOLVE:
        outcomes = turn.outcomes()
        index = rng.randrange(len(outcomes))
        if use_mouse:
            chosen = scene.input.row_chosen
            if chosen is not None and chosen[0][1] == tuple(outcomes):
                index = chosen[0][2]
                if scene.frame.clock - chosen[1] < CONFIRM_PAUSE:
                    return []
            return click(scene.hud.popup_buttons(outcomes)[index].rect.center)
        if index < 3:  # a number key chooses the row; the same number again, or Enter, plays it
            row = key(app, f"select_{index + 1}")
            return [row, row if index % 2 else key(app, "confirm")]
        steps = (index - turn.focused()) % len(outcomes)
        return [key(app, "cycle")] * steps + [key(app, "confirm")]
    targets = turn.targets()
    if not targets:
        return []
    if turn.phase is Phase.FILL:
        return fill_events(scene, rng, use_mouse)
    if use_mouse:
        events = []
        if turn.phase is Phase.FILL and len(turn.fill_codes()) > 1:
            slots = scene.hud.display_slots()
            events += click(slots[rng.randrange(len(scene.source.game.display))].center)
        provisional = getattr(turn.provisional, "pos", None)
        chosen = scene.input.chosen_at
        if chosen is not None and chosen[0] == provisional and scene.frame.clock - chosen[1] < CONFIRM_PAUSE:
            return events
        point = square_point(scene, provisional if provisional in targets else rng.choice(targets))
        return events + click(point)
    events = []
    if turn.phase is Phase.PLACE and len(turn.hand()) > 1:
        events.append(key(app, f"select_{rng.randrange(len(turn.hand())) + 1}"))
    events += [key(app, "rotate_cw")] * rng.randrange(4)
    events += [key(app, "cycle")] * (1 + rng.randrange(len(targets)))
    events.append(key(app, "confirm"))
    return events


def fill_events(scene: PlayScene, rng: random.Random, use_mouse: bool) -> list[pygame.event.Event]:
    """Give the next free space a tile (a display tile picked at random, by click or number
    key; the space by click, or Tab then Enter), or confirm once every space has one."""
    app, turn = scene.app, scene.turn
    if turn.fill_complete():
        if use_mouse:
            confirm = next(b for b in scene.hud.action_buttons() if b.name == "confirm")
            return click(confirm.rect.center)
        return [key(app, "confirm")]
    events: list[pygame.event.Event] = []
    free = turn.free_tiles()
    display = scene.shown.display
    choices = [i for i, code in enumerate(display) if code in free]
    if len(set(free)) > 1 and choices:
        index = rng.choice(choices)
        if use_mouse:
            events += click(scene.hud.display_slots()[index].center)
        else:
            events.append(key(app, f"select_{index + 1}"))
    open_spaces = [pos for pos in turn.targets() if pos not in turn.assignments()]
    space = rng.choice(open_spaces)
    if use_mouse:
        return events + click(square_point(scene, space))
    steps = turn.targets().index(space) + 1
    return events + [key(app, "cycle")] * steps + [key(app, "confirm")]
