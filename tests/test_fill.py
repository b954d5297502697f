"""Filling jungle spaces (R3.4-R3.7): every space gets its tile first, Confirm lays them all;
by click, by keys and by drag-and-drop."""

from __future__ import annotations

import pygame
from harness import FRAME, motion
from phases import CONFIG, game_at

from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.engine import Fill
from cacao_game.session import (
    Assign,
    Confirm,
    Cycle,
    PickFill,
    PlaySession,
    ShowHand,
    Target,
    Unassign,
    Undo,
    Undone,
)
from cacao_game.session.notices import Refused


def fill_session(name: str) -> PlaySession:
    """A session at phase ``name`` (fill2, fill3) with the deciding human's hand shown."""
    session = PlaySession(CONFIG, game_at(name))
    session.handle(ShowHand())
    return session


def test_each_tile_goes_on_its_space_before_confirm() -> None:
    """Two spaces, two display tiles: Confirm does nothing while two spaces wait (it cannot
    tell which gets the picked tile); the first click gives the picked tile to a space and the
    selection moves to the other tile; with one space left, Confirm gives it the picked tile
    and lays both (R3.4; a trial pressed Enter there and was told a space still needed one)."""
    session = fill_session("fill2")
    turn = session.selection
    first, second = turn.targets()
    display = list(session.game.display)
    picked = turn.current_fill_code()
    assert turn.confirm() is None
    before = len(session.game.actions)
    session.handle(Confirm())
    assert len(session.game.actions) == before and not turn.assignments()
    session.handle(Target(first))
    assert turn.assignments() == {first: (picked, 0)}
    remaining = list(display)
    remaining.remove(picked)
    assert turn.free_tiles() == remaining
    assert turn.current_fill_code() == remaining[0]
    assert turn.confirm() is not None and turn.confirm() == Fill(second, remaining[0], 0)
    laid = session.handle(Confirm())
    assert not [event for event in laid if isinstance(event, Refused)]
    assert len(session.game.actions) > before
    assert session.game.jungle[first][0] == picked
    assert session.game.jungle[second][0] == remaining[0]


def test_undo_while_filling_takes_back_the_tile_given_last() -> None:
    """A playtest found undo during a fill taking back the whole placement. Undo takes back
    the tile given last, then the one before; with no tile given, the placement (the
    decision before the fill, as the undo policy allows)."""
    session = fill_session("fill2")
    turn = session.selection
    first, second = turn.targets()
    decided = len(session.game.actions)
    session.handle(Target(first))
    session.handle(Target(second))
    assert list(turn.assignments()) == [first, second]
    assert session.handle(Undo()) == [Undone(0)]
    assert list(turn.assignments()) == [first] and len(session.game.actions) == decided
    assert session.handle(Undo()) == [Undone(0)]
    assert turn.assignments() == {} and len(session.game.actions) == decided
    assert session.handle(Undo()) == [Undone(1)]
    assert len(session.game.actions) == decided - 1


def test_tab_then_enter_fills_every_space_and_never_takes_a_tile_back() -> None:
    """Keyboard only: Tab focuses a space still without a tile, Enter gives it the picked
    tile; repeating Tab, Enter lays all the spaces (it was a loop: Tab came back to the
    first space and Enter swapped its tile out again)."""
    for phase in ("fill2", "fill3"):
        session = fill_session(phase)
        before = len(session.game.actions)
        spaces = set(session.selection.targets())
        for _press in range(2 * len(spaces) + 2):
            if session.game.phase.name != "FILL":
                break
            session.handle(Cycle(1))
            session.handle(Confirm())
        assert len(session.game.actions) > before, phase
        assert spaces & set(session.game.jungle), phase


def test_a_second_click_takes_the_tile_back_and_another_pick_swaps_it() -> None:
    """Clicking a space that has a tile picks it up again; picking the other display tile
    and clicking the space puts that one there instead."""
    session = fill_session("fill2")
    turn = session.selection
    first, _second = turn.targets()
    picked = turn.current_fill_code()
    session.handle(Target(first))
    session.handle(Target(first))
    assert turn.assignments() == {}
    assert turn.current_fill_code() == picked
    other = next((code for code in session.game.display if code != picked), None)
    if other is not None:
        session.handle(Target(first))
        session.handle(PickFill(other))
        session.handle(Target(first))
        assert turn.assignments()[first][0] == other


def test_three_spaces_take_the_display_first_then_the_pile() -> None:
    """Three spaces and two display tiles: two spaces get the display's tiles, Confirm lays
    them, and the last space is filled from the pile after (R3.5)."""
    session = fill_session("fill3")
    turn = session.selection
    spaces = turn.targets()
    assert len(spaces) == 3
    assert turn.to_assign() == min(3, len(session.game.display))
    for space in spaces[: turn.to_assign()]:
        session.handle(Assign(space, turn.current_fill_code() or ""))
    assert turn.fill_complete()
    session.handle(Confirm())
    laid = [space for space in spaces if space in session.game.jungle]
    assert len(laid) >= turn.to_assign() or session.game.phase.name != "FILL"


def test_unassign_and_assign_commands_refuse_what_is_not_free() -> None:
    """A tile not in the display cannot be given; a space without a tile gives nothing back."""
    session = fill_session("fill2")
    turn = session.selection
    first, second = turn.targets()
    absent = next(code for code in ("temple", "water", "sun", "gold1") if code not in session.game.display)
    session.handle(Assign(first, absent))
    assert turn.assignments() == {}
    session.handle(Unassign(second))
    assert turn.assignments() == {}


def test_drag_a_display_tile_onto_a_space(play_app: App) -> None:
    """Pressing on a display tile and releasing over a space gives that space the tile; the
    tile follows the mouse meanwhile."""
    session = fill_session("fill2")
    scene = PlayScene(play_app, session, ai=SyncAI())
    play_app.push(scene)
    play_app.step([], FRAME)
    slot = scene.hud.display_slots()[0]
    code = session.game.display[0]
    space = scene.turn.targets()[0]
    target = scene.camera.square_center(space)
    end = (round(target.x), round(target.y))
    play_app.step([motion(slot.center)], FRAME)
    play_app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1)], FRAME)
    play_app.step([motion((slot.centerx + 40, slot.centery - 40))], FRAME)
    assert scene.input.carried == (code, 0)
    play_app.step([motion(end)], FRAME)
    play_app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], FRAME)
    assert scene.input.carried is None
    assert scene.turn.assignments() == {space: (code, 0)}


def test_enter_with_no_tile_given_says_what_is_missing(play_app: App) -> None:
    """Playtest: Enter in a fill with no jungle tile given changed nothing and said nothing;
    it now names the spaces still without a tile and how to give one (nothing changes). After
    one tile of two, Enter gives the one space left the picked tile and lays both (a trial was
    told there that a space still needed a tile)."""
    from cacao_game.app.strings import tn

    session = fill_session("fill2")
    scene = PlayScene(play_app, session, ai=SyncAI())
    play_app.push(scene)
    play_app.step([], FRAME)
    before = session.state_key()
    play_app.toast = None
    play_app.step([play_app.intents.event_for("confirm")], FRAME)
    assert session.state_key() == before
    assert play_app.toast is not None
    assert play_app.toast[0] == tn("play.fill_missing", 2, **scene.key_names())
    assert "Tab" in play_app.toast[0] and "Enter" in play_app.toast[0]
    session.handle(Target(scene.turn.targets()[0]))
    play_app.toast = None
    play_app.step([play_app.intents.event_for("confirm")], FRAME)
    assert play_app.toast is None or play_app.toast[0] != tn("play.fill_missing", 1, **scene.key_names())
    assert len(session.game.actions) > len(before[0])


def test_enter_with_no_square_chosen_says_so(play_app: App) -> None:
    """Enter with no square chosen for the worker tile says how to choose one."""
    from cacao_game.app.strings import t

    session = PlaySession(CONFIG, game_at("place"))
    session.handle(ShowHand())
    scene = PlayScene(play_app, session, ai=SyncAI())
    play_app.push(scene)
    play_app.step([], FRAME)
    play_app.toast = None
    play_app.step([play_app.intents.event_for("confirm")], FRAME)
    assert play_app.toast is not None and play_app.toast[0] == t("play.place_missing", cycle="Tab")
