"""The play session with no window: hot-seat hiding, undo policy, saved undo, one current seat.

Everything here goes through ``PlaySession.handle`` commands, as the play scene's input does.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from cacao_game import saves
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Phase
from cacao_game.session import (
    AIAnswered,
    Confirm,
    CurtainRaised,
    Cycle,
    PlaySession,
    Refusal,
    Refused,
    ShowHand,
    Undo,
    Undone,
    UndoPolicy,
    resolve_policy,
)
from cacao_game.session.autosave import BackgroundAutosaver
from cacao_game.session.session import SEAT_NAMES


def config(*kinds: str, seed: int = 5) -> GameConfig:
    names = ("Ana", "Bo", "Cy", "Di")
    colors = ("red", "purple", "white", "yellow")
    return GameConfig([SeatConfig(names[i], colors[i], k) for i, k in enumerate(kinds)], "base", seed)


def act(session: PlaySession, rng: random.Random) -> list[object]:
    """One step of whoever decides: lift a curtain, answer for the AI, or a human's random move."""
    if session.curtain is not None:
        return list(session.handle(ShowHand()))
    for request in session.take_requests():
        if not request.hint:
            return list(session.handle(AIAnswered(request.id, rng.choice(request.game.legal_actions()))))
    if session.accepts_input():
        return list(session.play(rng.choice(session.game.legal_actions())))
    return []


def test_the_session_never_imports_pygame() -> None:
    """The session, like the engine and the AI, runs with pygame unavailable."""
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import cacao_game.session, cacao_game.session.replay, cacao_game.session.autosave\n"
        "assert not any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules if sys.modules[m])\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_undo_policy_defaults_casual_alone_and_strict_in_hot_seat() -> None:
    """Undo: casual is the default with one human, strict with two or more; a setting wins."""
    assert resolve_policy(None, 1) is UndoPolicy.CASUAL
    assert resolve_policy("auto", 2) is UndoPolicy.STRICT
    assert resolve_policy("casual", 3) is UndoPolicy.CASUAL
    assert resolve_policy("strict", 1) is UndoPolicy.STRICT
    with pytest.raises(ValueError):
        resolve_policy("sometimes", 1)


def test_hot_seat_hands_are_face_down_unless_it_is_your_decision() -> None:
    """Two humans and an AI: a curtain before the first human turn; every hand face down while
    the AI decides and under any curtain; a hand shows only to its own seat."""
    session = PlaySession(config("human", "human", "medium"))
    rng = random.Random(1)
    assert session.curtain == 0 and session.face_up_seat() is None and not session.accepts_input()
    for _ in range(300):
        seat = session.deciding_seat()
        face_up = session.face_up_seat()
        if face_up is not None:
            assert face_up == seat and session.curtain is None
        if seat == 2:
            assert face_up is None
        act(session, rng)
        if session.game.is_over():
            break


def test_undo_never_shows_another_humans_hand_or_crosses_their_move() -> None:
    """Casual undo with two humans: under the next human's curtain an undo takes back only the
    previous human's own move (their hand, not the next one's), and that human, who pressed
    the key, sees their hand again at once (a playtest found a curtain raised for themselves);
    once the next human has moved, the previous human cannot undo across it."""
    session = PlaySession(config("human", "human", seed=7), undo="casual")
    session.handle(ShowHand())
    session.handle(Cycle(1))
    events = session.handle(Confirm())
    assert CurtainRaised(1) in events
    undone = session.handle(Undo())
    assert undone == [Undone(1)], "no curtain for the one who undid"
    assert session.face_up_seat() == 0 and not session.game.actions and session.curtain is None
    session.handle(Cycle(1))
    session.handle(Confirm())
    session.handle(ShowHand())
    assert session.face_up_seat() == 1
    while session.deciding_seat() == 1:
        session.handle(Cycle(1))
        session.handle(Confirm())
    assert session.curtain == 0
    assert isinstance(session.handle(Undo())[0], Undone), "Bo takes his move back"
    assert session.face_up_seat() == 1 and session.curtain is None and session.deciding_seat() == 1
    while session.deciding_seat() == 1:
        session.handle(Cycle(1))
        session.handle(Confirm())
    session.handle(ShowHand())
    before = list(session.game.actions)
    assert session.handle(Undo()) == [Refused(Refusal.UNDO_OTHER_HUMAN, 1)], "Ana cannot undo Bo's move"
    assert session.game.actions == before and session.face_up_seat() == 0


def test_an_undo_notes_whose_decision_it_took_back_for_the_strict_rule() -> None:
    """The session keeps, where an undo cut the journal, the seat whose decision came there
    (``PlaySession.undone_by``), which strict undo reads as the next player having acted."""
    session = PlaySession(config("human", "human", seed=7), undo="casual")
    session.handle(ShowHand())
    session.handle(Cycle(1))
    session.handle(Confirm())
    while session.deciding_seat() == 0:
        session.handle(Cycle(1))
        session.handle(Confirm())
    session.handle(ShowHand())
    bo_starts = len(session.journal)
    session.handle(Cycle(1))
    session.handle(Confirm())
    assert isinstance(session.handle(Undo())[0], Undone)
    assert len(session.journal) == bo_starts and session.undone_by == {bo_starts: 1}


def test_strict_undo_stays_within_your_own_turn() -> None:
    """Strict (hot-seat default): the Confirm that ends a turn draws the next worker tile (a
    reveal), so undo is refused after it and nothing changes."""
    session = PlaySession(config("human", "human", seed=3))
    assert session.policy is UndoPolicy.STRICT
    session.handle(ShowHand())
    session.handle(Cycle(1))
    assert session.handle(Undo()) == [Undone(0)], "a provisional move is always taken back"
    session.handle(Cycle(1))
    session.handle(Confirm())
    before = list(session.game.actions)
    assert session.handle(Undo()) == [Refused(Refusal.UNDO_REVEAL)]
    assert session.game.actions == before


def test_strict_undo_reaches_your_move_until_the_next_player_acts() -> None:
    """Issue 19: "a player may take back their own move until the next player has acted".
    A turn-ending decision that revealed nothing (an empty worker pile) can be taken back;
    once another seat has acted after it (an AI acts at once), it cannot."""
    from cacao_game.engine.actions import Place
    from cacao_game.session.journal import Entry
    from cacao_game.session.policy import undo_reach

    def entry(seat: int, ended: bool, revealed: bool = False) -> Entry:
        return Entry(seat, 9, Place("2101", 0, (0, 0)), (), revealed, (1, 2) if ended else None)

    people = {0, 1}
    strict = UndoPolicy.STRICT
    assert undo_reach([entry(1, True), entry(0, True)], people, 0, strict) == 1
    assert undo_reach([entry(0, True), entry(1, False)], people, 0, strict) == Refused(
        Refusal.UNDO_OTHER_HUMAN, 1
    )
    assert undo_reach([entry(0, True), entry(2, True)], people, 0, strict) == Refused(Refusal.UNDO_TURN_OVER)
    assert undo_reach([entry(0, True, revealed=True)], people, 0, strict) == Refused(Refusal.UNDO_REVEAL)
    assert undo_reach([entry(0, True), entry(2, True)], people, 0, UndoPolicy.CASUAL) == 2


def test_strict_undo_counts_a_next_move_taken_back_as_the_next_player_having_acted() -> None:
    """Issue 19's rule, as a network trial met it: Bo took back his own turn, and then Ana's
    undo took back hers from under Bo, who had to play his turn a second time. Once the next
    player has acted, even if they took it back since (``undone_by``), strict undo refuses;
    their own undo, and casual undo, are not changed."""
    from cacao_game.engine.actions import Place
    from cacao_game.session.journal import Entry
    from cacao_game.session.policy import undo_reach

    ana = Entry(0, 9, Place("2101", 0, (0, 0)), (), False, (1, 2))
    people, strict = {0, 1}, UndoPolicy.STRICT
    assert undo_reach([ana], people, 0, strict) == 1
    assert undo_reach([ana], people, 0, strict, undone_by=1) == Refused(Refusal.UNDO_TURN_OVER)
    assert undo_reach([ana], people, 0, strict, undone_by=0) == 1
    assert undo_reach([ana], people, 0, UndoPolicy.CASUAL, undone_by=1) == 1


def test_a_move_a_stand_in_made_for_you_cannot_be_taken_back_and_the_table_says_why() -> None:
    """Across machines a stand-in AI plays a dropped player's seat. A review found the table
    offering to undo such a move and the host refusing it with no word said: the one undo rule
    refuses it (``Refusal.UNDO_STANDIN``), in words, and the host's code for it reads as the
    same refusal; the player's own move after the stand-in's can be taken back."""
    from dataclasses import replace

    from cacao_game.app.play.texts import refusal_text
    from cacao_game.engine.actions import Place
    from cacao_game.net.remote import refusal_of
    from cacao_game.session.journal import Entry
    from cacao_game.session.policy import undo_reach

    own = Entry(1, 9, Place("2101", 0, (0, 0)), (), False, (1, 2))
    standin = replace(own, standin=True)
    people = {0, 1}
    refused = Refused(Refusal.UNDO_STANDIN)
    assert undo_reach([standin], people, 1, UndoPolicy.STRICT) == refused
    assert undo_reach([standin], people, 1, UndoPolicy.CASUAL) == refused
    assert undo_reach([standin, own], people, 1, UndoPolicy.STRICT) == 1
    assert refusal_of(Refusal.UNDO_STANDIN.value) is Refusal.UNDO_STANDIN
    words = refusal_text(refused, ["Ana", "Bo"], network=True)
    assert words is not None and "while you were away" in words


def test_undo_takes_back_a_whole_confirm_never_a_resolution_half_done() -> None:
    """A tester chose "harvest 3, sell 1 at 2" and pressed U on the next turn: the undo took back
    the sale alone and showed a panel of sales only, the harvest already counted. An undo takes
    back every decision of one Confirm (a resolution's steps; a turn's fills), under both
    policies, and the panel shows the whole choice again."""
    from cacao_game.engine.actions import Fill, Place, Resolve
    from cacao_game.session.journal import Entry
    from cacao_game.session.policy import undo_reach

    def entry(seat: int, turn: int, action: Place | Fill | Resolve, ended: bool = False) -> Entry:
        return Entry(seat, turn, action, (), False, (1, 2) if ended else None)

    place, fill, fill2 = Place("2101", 0, (0, 0)), Fill((1, 0), "P1"), Fill((0, 1), "P1")
    harvest, sell = Resolve((0, 0), 0, 3), Resolve((0, 0), 1, 1)
    turn = [entry(0, 4, place), entry(0, 4, fill), entry(0, 4, fill2), entry(0, 4, harvest)]
    turn.append(entry(0, 4, sell, True))
    for policy in UndoPolicy:
        assert undo_reach(turn, {0}, 0, policy) == 2, "both steps of the resolution"
        assert undo_reach(turn[:3], {0}, 0, policy) == 2, "both fills"
        assert undo_reach(turn[:1], {0}, 0, policy) == 1
    computer = [entry(1, 5, place), entry(1, 5, Resolve((2, 2), 0, 1))]
    assert undo_reach([*turn, *computer], {0}, 0, UndoPolicy.CASUAL) == 4
    earlier = [entry(0, 2, harvest, True), entry(1, 3, place, True), entry(0, 4, Resolve((3, 3), 0, 1))]
    assert undo_reach(earlier, {0}, 0, UndoPolicy.CASUAL) == 1, "never into an earlier turn"

    for seed in range(40):
        session = PlaySession(config("human", "easy", seed=seed))
        rng = random.Random(seed)
        while not session.game.is_over():
            if session.accepts_input() and session.game.phase is Phase.RESOLVE:
                choices = session.selection.outcomes()
                several = [i for i, outcome in enumerate(choices) if len(outcome.actions) >= 2]
                if several:
                    break
            act(session, rng)
        else:
            continue
        before = list(session.game.actions)
        shown = [outcome.result for outcome in choices]
        session.selection.focus = several[0]
        session.handle(Confirm())
        assert len(session.game.actions) >= len(before) + 2
        while not session.accepts_input() and not session.game.is_over():
            act(session, rng)
        events = session.handle(Undo())
        assert isinstance(events[0], Undone)
        assert session.game.actions == before, "the whole resolution is taken back"
        assert session.game.phase is Phase.RESOLVE and session.deciding_seat() == 0
        assert [outcome.result for outcome in session.selection.outcomes()] == shown
        return
    pytest.fail("no resolution of several steps came up")


def test_nothing_is_taken_back_once_the_game_is_over() -> None:
    """A trial saw Undo lit on the finished board of a game whose last decision was a human's:
    once the game is over an undo is refused and changes nothing (its scores are final)."""
    session = PlaySession(config("human", "medium"))
    rng = random.Random(2)
    for _ in range(3000):
        if session.game.is_over():
            break
        act(session, rng)
    assert session.game.is_over()
    actions = list(session.game.actions)
    assert session.undo_check() == Refused(Refusal.UNDO_NOTHING)
    session.handle(Undo())
    assert session.game.is_over() and list(session.game.actions) == actions


def test_casual_undo_against_the_ai_goes_back_across_its_turn() -> None:
    """One human against AIs: undo takes back the AIs' decisions and the human's last one."""
    session = PlaySession(config("human", "easy", "easy", seed=9))
    rng = random.Random(4)
    while session.game.turn < 4:
        act(session, rng)
    while session.deciding_seat() != 0:
        act(session, rng)
    count = len(session.game.actions)
    events = session.handle(Undo())
    assert isinstance(events[0], Undone) and events[0].decisions >= 3
    assert len(session.game.actions) == count - events[0].decisions
    assert session.deciding_seat() == 0 and session.accepts_input()


def test_an_undone_placement_gives_back_its_tile_selected_and_turned_as_it_was() -> None:
    """A tester undid a placement and got the tile back upright: the tile comes back
    selected and turned as it was placed."""
    from cacao_game.engine.actions import Place
    from cacao_game.session.commands import Rotate, Select, Target

    session = PlaySession(config("human", "easy", seed=9))
    rng = random.Random(4)
    while session.deciding_seat() != 0 or not session.accepts_input():
        act(session, rng)
    hand = list(session.game.hands[0])
    index = next(i for i, tile in enumerate(hand) if tile != hand[0])
    tile = hand[index]
    square = next(a.pos for a in session.game.legal_actions() if isinstance(a, Place) and a.tile == tile)
    for command in (Select(index), Rotate(1), Rotate(1), Target(square), Confirm()):
        session.handle(command)
    placed = len(session.game.actions)
    assert Place(tile, 2, square) in session.game.actions
    events = session.handle(Undo())
    assert isinstance(events[0], Undone) and len(session.game.actions) < placed
    assert Place(tile, 2, square) not in session.game.actions
    assert session.game.hands[0][session.selection.hand_index] == tile
    assert session.selection.rotation == 2


def test_undo_is_saved_and_continue_never_brings_undone_moves_back(tmp_path) -> None:
    """Play, undo, 'kill' the session without closing it, resume from the autosave: the
    resumed game is the undone one, and undo still works after resuming."""
    path = tmp_path / "autosave.json"
    saver = BackgroundAutosaver(lambda: path)
    cfg = config("human", "easy", seed=12)
    session = PlaySession(cfg, autosaver=saver)
    rng = random.Random(3)
    while session.game.turn < 6:
        act(session, rng)
    while session.deciding_seat() != 0:
        act(session, rng)
    session.handle(Undo())
    undone = list(session.game.actions)
    saver.flush()
    resumed = PlaySession(cfg, saves.load_game(path).game)
    assert resumed.game.actions == undone
    assert isinstance(resumed.handle(Undo())[0], Undone)


def test_save_waits_for_the_autosave_writing_the_same_file(tmp_path) -> None:
    """The tutorial saves to its autosave's own file: a CI run met Save and the autosave's
    thread racing for that file's backup. Save finishes every pending autosave before it
    writes, so one file has one writer at a time."""
    path = tmp_path / "tutorial.json"
    order: list[str] = []

    class Recording(BackgroundAutosaver):
        def save(self, game, config, view) -> None:
            order.append("autosave queued")
            super().save(game, config, view)

        def flush(self) -> None:
            super().flush()
            order.append("autosaves done")

    session = PlaySession(
        config("human", "easy", seed=12), autosaver=Recording(lambda: path), save_to=lambda: path
    )
    rng = random.Random(3)
    while session.game.turn < 3:
        act(session, rng)
    order.clear()
    session.save()
    assert order[:2] == ["autosaves done", "autosave queued"], "pending writes end before Save writes"
    session.close()
    assert saves.load_game(path).game.actions == session.game.actions


def test_autosave_failure_is_reported_and_clears_when_a_save_succeeds(tmp_path) -> None:
    """A failing autosave becomes a notice that stays until a later save succeeds."""
    target = {"path": tmp_path / "missing" / "deep" / "autosave.json"}
    (tmp_path / "missing").write_text("a file where a folder is needed")
    saver = BackgroundAutosaver(lambda: target["path"])
    session = PlaySession(config("human", "easy", seed=2), autosaver=saver)
    rng = random.Random(1)
    while session.game.turn < 1:
        act(session, rng)
    saver.flush()
    notices = session.poll()
    assert notices and session.autosave_error is not None
    target["path"] = tmp_path / "autosave.json"
    while session.game.turn < 3:
        act(session, rng)
    saver.flush()
    session.poll()
    assert session.autosave_error is None


def test_commands_out_of_turn_change_nothing() -> None:
    """While the AI decides, or under a curtain, a human's command is ignored."""
    session = PlaySession(config("human", "human", seed=4))
    before = session.state_key()
    for command in (Cycle(1), Confirm()):
        assert session.handle(command) == []
    assert session.state_key() == before
    assert session.selection.phase is Phase.PLACE


def test_one_current_seat_at_every_frame(play_app) -> None:
    """Header, highlighted panel, face-up hand and log agree on the current seat at every
    frame of a hot-seat game with an AI, animations at normal speed."""
    from driver import human_turn_events

    from tests.app_support import make_scene

    play_app.settings.animation_speed = "fast"
    scene = make_scene(play_app, ["human", "human", "easy"], seed=21)
    rng = random.Random(8)
    frames = 0
    while frames < 1500 and play_app.top is scene:
        seat, title = scene.headline()
        current = scene.current_seat()
        assert seat == current
        if current is not None:
            assert scene.names[scene.shown.mover] in title
            heading = next(line for line in reversed(scene.visible_log()) if line.heading)
            assert heading.seat == scene.shown.mover
            face_up = scene.hand_seat()
            assert face_up is None or face_up == current
            if current != scene.shown.mover:
                assert scene.names[current] in title
        events = [] if scene.timeline.busy else human_turn_events(scene, rng)
        play_app.step(events, 1 / 30)
        frames += 1
    assert frames > 200


@pytest.mark.parametrize("seconds", [None, 5.0])
def test_ai_requests_carry_the_games_thinking_time(seconds: float | None, monkeypatch) -> None:
    """Every computer seat's request names the seconds the hard level thinks in this game (a
    game that names none: the level's default); the worker builds the hard player of a
    computer seat with it, while a hint (the expert's, since hints run on its search) depends
    on the position alone (the same whatever the thinking time) and builds no player."""
    from cacao_game.ai import hint, registry
    from cacao_game.ai.hard import TIME_BUDGET
    from cacao_game.app.play.ai_worker import _Brains
    from cacao_game.session import RequestHint
    from cacao_game.session.session import hint_level

    made: list[dict[str, object]] = []

    class Recorder:
        name = "hard"

        def __init__(self, rng: random.Random, **options: object) -> None:
            made.append(options)

        def choose(self, game):
            return game.legal_actions()[0]

    monkeypatch.setitem(registry.LEVELS, "hard", Recorder)
    monkeypatch.setitem(hint.HINT_ITERATIONS, "expert", {2: 2})
    setup = config("human", "hard")
    setup.thinking_time = seconds
    session = PlaySession(setup)
    rng = random.Random(1)
    while session.curtain is not None or session.deciding_seat() != 0:
        act(session, rng)
    session.handle(RequestHint())
    requests = session.take_requests()
    budget = TIME_BUDGET if seconds is None else seconds
    assert requests and all(r.hint and r.level == hint_level() for r in requests)
    brains = _Brains()
    for request in requests:
        answer = brains.answer(request)
        assert request.game.is_legal(answer.action)
        assert answer.advice == hint.advise(request.game, hint_level())
    assert made == []
    while session.deciding_seat() == 0:
        act(session, rng)
    requests = [r for r in session.take_requests() if not r.hint]
    assert requests and all(r.time_budget == budget for r in requests)
    for request in requests:
        assert request.game.is_legal(brains.answer(request).action)
    assert made and all(options == {"time_budget": budget} for options in made)


@pytest.mark.parametrize(("expert_time", "budget"), [(None, 3.0), (7.0, 7.0)])
def test_an_expert_seat_thinks_for_the_expert_time_and_a_hard_seat_for_the_hard_time(
    expert_time: float | None, budget: float
) -> None:
    """In one game an expert seat's requests carry the game's expert time (a game that names
    none, such as an older save: ``EXPERT_TIME``, 3 s), a hard seat's the hard time, and an
    untimed level's none."""
    setup = config("expert", "hard", "medium")
    setup.thinking_time, setup.expert_time = 0.5, expert_time
    session = PlaySession(setup)
    assert session.time_budget("expert") == budget
    assert session.time_budget("hard") == 0.5 and session.time_budget("medium") is None
    seen: dict[str, float | None] = {}
    while len(seen) < 3:
        (request,) = session.take_requests()
        seen[request.level] = request.time_budget
        session.handle(AIAnswered(request.id, request.game.legal_actions()[0]))
    assert seen == {"expert": budget, "hard": 0.5, "medium": None}


@pytest.mark.parametrize("seed", range(6))
def test_what_the_selection_offers_is_always_the_position_now(seed: int) -> None:
    """With undos between random decisions, the resolution outcomes and the placement previews
    the selection offers are those of the position now, never of the undone one that had as
    many decisions (found by the 100,000-event monkey: a row of the outcomes panel was refused
    as an illegal step)."""
    from cacao_game.session.outcomes import outcomes
    from cacao_game.session.preview import turn_preview

    session = PlaySession(config("human", "random", seed=seed))
    rng = random.Random(seed)
    checked = 0
    while not session.game.is_over():
        if session.accepts_input() and session.curtain is None:
            selection = session.selection
            assert selection.outcomes() == (
                outcomes(session.game) if session.game.phase is Phase.RESOLVE else []
            )
            for option in selection.outcomes():
                assert session.game.is_legal(option.actions[0])
            if session.game.phase is Phase.PLACE:
                place = session.game.legal_actions()[0]
                assert selection.turn_preview(place) == turn_preview(session.game, place)
            checked += 1
            if rng.random() < 0.3 and session.game.actions:
                session.handle(Undo())
                continue
        act(session, rng)
    assert checked > 25


def test_every_newly_picked_tile_starts_upright() -> None:
    """A tile turned and placed by one human does not hand its rotation to the next human's
    first tile; picking another hand tile starts it upright, and the same tile keeps its turn
    (a new player's report: Bob's first tile came already turned as Alice had laid hers)."""
    from cacao_game.session import Rotate, Select

    session = PlaySession(config("human", "human"))
    session.handle(ShowHand())
    session.handle(Select(0))
    session.handle(Rotate(1))
    assert session.selection.rotation == 1
    session.handle(Select(0))
    assert session.selection.rotation == 1
    session.handle(Select(1))
    assert session.selection.rotation == 0
    session.handle(Rotate(3))
    first = session.game.current_player()
    session.play(next(a for a in session.game.legal_actions() if getattr(a, "rotation", 0) == 3))
    rng = random.Random(1)
    while session.game.current_player() == first or session.curtain is not None:
        act(session, rng)
    assert session.selection.rotation == 0


def test_each_decision_keeps_the_names_it_was_made_under_through_a_save(tmp_path, caplog) -> None:
    """The journal names every decision by the seats' names then (a seat renamed mid-game, as
    a network table gives it to a newcomer, keeps its earlier decisions under the earlier
    name); a save keeps them (``SEAT_NAMES`` in its view) and the game loaded has them back;
    a save made right after a rename (a hosted table's, whose later decisions are appended
    elsewhere) names the decisions after it by the new names; names that do not fit the game
    are ignored with a warning and the names now stand."""
    path = tmp_path / "game.json"
    cfg = config("human", "easy", seed=12)
    session = PlaySession(cfg, undo="casual")
    rng = random.Random(3)
    while session.game.turn < 3:
        act(session, rng)
    renamed_at = len(session.journal)
    cfg.seats[1].name = "Newcomer"
    while session.game.turn < 6:
        act(session, rng)
    names = [entry.names for entry in session.journal]
    assert set(names[:renamed_at]) == {("Ana", "Bo")} and set(names[renamed_at:]) == {("Ana", "Newcomer")}
    view = session.saved_view()
    assert view[SEAT_NAMES] == [[0, ["Ana", "Bo"]], [renamed_at, ["Ana", "Newcomer"]]]
    saves.save_game(path, session.game, cfg, view)

    loaded = saves.load_game(path)
    resumed = PlaySession(cfg, loaded.game, view=loaded.view)
    assert [entry.names for entry in resumed.journal] == names

    cfg.seats[1].name = "Third"
    held = len(session.journal)
    view = session.saved_view()
    assert view[SEAT_NAMES][-1] == [held, ["Ana", "Third"]]
    while session.game.turn < 9:
        act(session, rng)
    restored = PlaySession(cfg, session.game.clone(), view=view)
    later = {entry.names for entry in restored.journal[held:]}
    assert later == {("Ana", "Third")} and restored.journal[held - 1].names == ("Ana", "Newcomer")
    for bad in ("nonsense", [[0, ["Ana"]]], [[-1, ["Ana", "Bo"]]], [[0, [1, 2]]]):
        with caplog.at_level("WARNING"):
            odd = PlaySession(cfg, loaded.game, view={SEAT_NAMES: bad})
        assert all(entry.names == () for entry in odd.journal)
        assert "names" in caplog.text


def test_leaving_a_game_whose_autosaves_fail_does_not_claim_it_is_saved(play_app) -> None:
    """A trial with a saves folder it could not write read the standing notice "This game is
    not being saved", then Quit to menu asked "...It is saved after every move.": while the
    autosaves fail, the question says the latest moves are lost; once one works, it says the
    game is saved again."""
    from cacao_game.app.strings import t
    from tests.app_support import make_scene

    scene = make_scene(play_app, ["human", "easy"], seed=21)
    assert scene.leave_question() == t("pause.quit_confirm")
    scene.source.autosave_error = "Permission denied"
    assert scene.leave_question() == t("pause.quit_confirm_save_failed")
    scene.source.autosave_error = None
    assert scene.leave_question() == t("pause.quit_confirm")
