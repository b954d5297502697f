"""The guided first game, through its session only (no window): the script, the lessons,
judging the player's tries, Coco's moves, undo, and leaving and resuming."""

from __future__ import annotations

from collections import Counter

import pytest
from tutorial_support import advance, answer_coco, play_one, solve

from cacao_game import saves
from cacao_game.app import strings
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE
from cacao_game.engine import Fill, Game, Overbuild, Phase, Place
from cacao_game.engine.tiles import START_TILES, WORKER_SIDES
from cacao_game.jsontypes import JSON
from cacao_game.session import (
    AIAnswered,
    Choose,
    Confirm,
    PickFill,
    PlaySession,
    Refusal,
    Refused,
    RequestHint,
    Rotate,
    Select,
    Target,
    Undo,
)
from cacao_game.session.autosave import BackgroundAutosaver
from cacao_game.tutorial import coach as coaching
from cacao_game.tutorial import progress, script
from cacao_game.tutorial.script import DEAL, END, PLAYER, SOLUTION, STEPS
from cacao_game.tutorial.session import TutorialSession


def at_step(key: str) -> TutorialSession:
    """A new tutorial played (by the player's own commands) until step ``key`` is on."""
    session = TutorialSession()
    advance(session, key)
    return session


def key_of(session: TutorialSession) -> str:
    step = session.coach.current(session.game)
    assert step is not None
    return step.key


# ----------------------------------------------------------------- the script


@pytest.mark.parametrize(
    "key",
    [
        step.key
        for step in STEPS
        if script.CHOICE in step.looks and "“" in strings.EN[f"tutorial.step.{step.key}"]
    ],
)
def test_a_row_a_lesson_quotes_is_the_row_the_panel_shows(key: str) -> None:
    """A trial read "choose “sell 1 at 3, harvest 2”" where the panel offered only rows that
    harvest first: a row a lesson quotes (between “ and ”) is the expected row's words, as the
    panel says them (``steps_text``), in every language."""
    import re

    from cacao_game.app.play.texts import steps_text

    session = at_step(key)
    expected = session.expected_choice()
    assert expected is not None
    steps = session.outcomes()[expected].steps
    try:
        for language in LANGUAGES:
            strings.set_language(language)
            quoted = re.findall(r"[“„«]\s*([^”“»]+?)\s*[”“»]", strings.t(f"tutorial.step.{key}"))
            assert quoted, f"{language}: the lesson names its row"
            assert quoted[-1] == steps_text(steps), language
    finally:
        strings.set_language(SOURCE_LANGUAGE)


@pytest.mark.parametrize("key", ["practice_4_sell", "overbuild_sell"])
def test_a_resolution_row_tells_its_steps_in_the_order_the_tutorial_plays_them(key: str) -> None:
    """A French trial chose "sell 1 at 4, harvest 2, sell 1 at 3" and the log then told "sell 1
    at 3, sell 1 at 4, +2 cacao": the tutorial plays its script's steps to the end the row
    reaches, in the script's order. The row the lesson expects tells those steps in that
    order, and choosing it plays exactly them."""
    from cacao_game.session.outcomes import outcome_of

    session = at_step(key)
    before = session.game.clone()
    expected = session.expected_choice()
    assert expected is not None
    row = session.outcomes()[expected]
    made = len(session.game.actions)
    solve(session)
    played = tuple(session.game.actions[made:])
    assert played == row.actions == SOLUTION[made : made + len(played)]
    told = outcome_of(before, played)
    assert told is not None and told.steps == row.steps


def test_the_deal_is_the_real_two_player_deck_and_the_solution_is_a_legal_game() -> None:
    """R1.2, R1.4: the hand-made deal passes the deal check; SOLUTION plays it to the end."""
    DEAL.validate()
    game = Game(DEAL)
    for action in SOLUTION:
        game.apply(action)
    assert game.is_over() and len(SOLUTION) == END
    assert [score.total for score in game.score_now()] == [65, 59]


def test_every_player_decision_has_its_lesson_and_coco_never_waits_for_a_move_step() -> None:
    """The player's decisions (a placement, the fills of a turn, a resolution) are exactly the
    move steps; the steps come in order of the game."""
    marks = coaching.decisions()
    starts = [i for i in range(END) if marks[i][1] == PLAYER and (i == 0 or marks[i - 1] != marks[i])]
    assert sorted(step.at for step in STEPS if step.move) == starts
    assert [step.at for step in STEPS] == sorted(step.at for step in STEPS)
    assert STEPS[-1].at == END and not STEPS[-1].move


def test_the_lessons_cover_what_the_issue_asks_for() -> None:
    """Placing and rotating, filling, another seat's workers, harvest then sell, water, sun,
    overbuilding, temples and the final scoring each have their chapter."""
    assert set(script.CHAPTERS) >= {
        "first_tile",
        "filling",
        "activation",
        "harvest_sell",
        "markets",
        "water",
        "sun",
        "overbuild",
        "temples",
        "scoring",
    }
    kinds = Counter(type(action).__name__ for action in SOLUTION)
    assert kinds["Overbuild"] == 2


def test_every_lesson_text_exists() -> None:
    """Each chapter has a title, each step a text, each move step a reason for a wrong try."""
    for chapter in script.CHAPTERS:
        assert strings.has(f"tutorial.chapter.{chapter}"), chapter
    for step in STEPS:
        assert strings.has(f"tutorial.step.{step.key}"), step.key
        assert strings.has(f"tutorial.why.{step.key}") == step.move, step.key
    for reason in ("square", "tile", "turn", "overbuild", "place", "fill", "fill_all", "choice", "wait"):
        assert strings.has(f"tutorial.wrong.{reason}"), reason


# ----------------------------------------------------------------- playing it through


def test_the_tutorial_plays_to_its_end_through_the_session() -> None:
    """Every step shows once, in order; the player's commands and Coco's scripted answers
    play the whole game, which ends as written."""
    session = TutorialSession()
    seen: list[str] = []
    for _ in range(400):
        step = session.coach.current(session.game)
        if step is None:
            break
        if step.at == len(session.game.actions) and (not seen or seen[-1] != step.key):
            seen.append(step.key)
        play_one(session)
    assert session.finished()
    assert seen == [step.key for step in STEPS]
    assert session.game.is_over()
    assert tuple(session.game.actions) == SOLUTION
    assert session.score_totals() == (65, 59)


def test_asking_for_the_answer_always_completes_the_step() -> None:
    """Never a dead end: at every move step, Show me then Confirm plays the expected decision."""
    session = TutorialSession()
    moves = 0
    while not session.finished():
        game, coach = session.game, session.coach
        if coach.move_step(game) is not None:
            before = coach.index(game)
            assert session.show_answer()
            session.handle(Confirm())
            assert coach.index(session.game) > before
            moves += 1
        elif coach.can_go_on(game):
            session.next_step()
        else:
            answer_coco(session)
    assert moves == sum(step.move for step in STEPS)


# ----------------------------------------------------------------- wrong tries


def test_a_wrong_placement_is_refused_explained_and_changes_nothing() -> None:
    """A wrong square, tile or rotation is refused with its reason; the game and the lesson
    stay; the right move is still accepted afterwards."""
    session = at_step("place")
    made = len(session.game.actions)
    session.handle(Target((0, 1)))
    assert session.handle(Target((0, 1))) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None and session.coach.mistake.reason == "tutorial.wrong.square"
    assert session.coach.mistake.step == "place"
    session.handle(Select(session.selection.hand().index("3100")))
    session.handle(Target((1, 0)))
    session.handle(Confirm())
    assert session.coach.mistake.reason == "tutorial.wrong.tile"
    assert session.coach.mistake.code == "2101"
    session.handle(Select(session.selection.hand().index("2101")))
    while session.selection.rotation != 1:
        session.handle(Rotate(1))
    session.handle(Confirm())
    assert session.coach.mistake.reason == "tutorial.wrong.turn"
    assert len(session.game.actions) == made and key_of(session) == "place"
    assert session.coach.revealed
    solve(session)
    assert key_of(session) == "sell" and session.coach.mistake is None


def test_the_mirror_image_of_the_wanted_tile_is_named_the_wrong_tile_in_every_rotation() -> None:
    """Playtest: 3-0-0-1 is the mirror image of the wanted 3-1-0-0 (the same counts of
    workers): on the right square no rotation can be right, so the reason is the tile, never
    the turn; the wanted tile in a wrong rotation is told to turn."""
    session = at_step("fill_place")
    answer = session.coach.answer(session.game)
    assert answer is not None and answer.placement is not None and answer.placement.tile == "3100"
    wanted = answer.placement
    session.handle(Select(session.selection.hand().index("3001")))
    session.handle(Target(wanted.pos))
    for _turn in range(4):
        assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
        assert session.coach.mistake is not None
        assert (session.coach.mistake.reason, session.coach.mistake.code) == ("tutorial.wrong.tile", "3100")
        session.handle(Rotate(1))
    session.handle(Select(session.selection.hand().index("3100")))
    while session.selection.rotation == wanted.rotation:
        session.handle(Rotate(1))
    session.handle(Target(wanted.pos))
    assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None and session.coach.mistake.reason == "tutorial.wrong.turn"


@pytest.mark.parametrize(
    "change",
    [
        [Select(1)],
        [Rotate(1)],
        [Target((1, 0))],
        [RequestHint()],
        [Undo()],
    ],
)
def test_a_refusal_goes_away_once_the_move_refused_is_changed(change: list[object]) -> None:
    """Playtest: "Not that square" stayed up with the tile on the right square. Another tile,
    a turn, another square, Show me (H) or taking the tile back removes the refusal; a
    command that changes nothing keeps it."""
    session = at_step("place")
    session.handle(Target((0, 1)))
    assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None
    session.handle(Choose(0))
    assert session.coach.mistake is not None, "a command that changes nothing keeps the refusal"
    for command in change:
        session.handle(command)  # type: ignore[arg-type]
    assert session.coach.mistake is None


def test_a_wrong_fill_put_right_clears_its_refusal_and_a_new_wrong_try_brings_one() -> None:
    """A fill refused, then the space given another tile: the refusal goes; confirming a
    wrong fill again refuses again."""
    session = at_step("fill_choose")
    session.handle(PickFill("temple"))
    session.handle(Target((-1, -1)))
    assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None and session.coach.mistake.reason == "tutorial.wrong.fill"
    session.handle(PickFill("water"))
    assert session.coach.mistake is None
    session.handle(PickFill("temple"))
    assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None


@pytest.mark.parametrize(("key", "cacao"), [("market_sell", 4), ("sun_sell", 2)])
def test_a_lesson_that_counts_the_players_cacao_counts_it_right(key: str, cacao: int) -> None:
    """Playtest: lesson 8 said "sell your last cacao" to a player holding 2. The lessons that
    say how much cacao the player holds say what the game holds."""
    session = at_step(key)
    assert session.game.cacao[PLAYER] == cacao
    assert f"You hold {cacao} cacao" in strings.EN[f"tutorial.step.{key}"]
    assert "last cacao" not in strings.EN[f"tutorial.step.{key}"]


@pytest.mark.parametrize(
    "key", [step.key for step in STEPS if step.move and step.key.endswith("_fill") and step.key != "sun_fill"]
)
def test_the_lessons_fill_tile_is_picked_so_a_click_on_the_space_lays_it(key: str) -> None:
    """A trial clicked the outlined space and laid the display's first tile (a gold mine) where
    the lesson wanted the double plantation: at the player's fill the lesson's tile is the
    picked one, so a click on its space gives that space the lesson's tile."""
    session = at_step(key)
    wanted = next(fill for fill in session.coach.expected(session.game) if isinstance(fill, Fill))
    assert session.selection.current_fill_code() == wanted.tile
    session.handle(Target(wanted.pos))
    assert session.selection.assignments()[wanted.pos][0] == wanted.tile
    assert session.coach.mistake is None


@pytest.mark.parametrize("key", [step.key for step in STEPS if step.move and step.key.endswith("_place")])
def test_the_lessons_hand_tile_is_selected_at_the_players_placement(key: str) -> None:
    """A trial saw lesson 4 outline one hand tile ("Lay the highlighted tile…") while another
    was selected, a click on the square away from the wrong tile: at every placement the
    lesson lays, the tile it lays is the one selected when the placement comes up, so a click
    on its square lays that tile."""
    session = at_step(key)
    wanted = next(a for a in session.coach.expected(session.game) if isinstance(a, (Place, Overbuild)))
    assert session.selection.selected_tile() == wanted.tile


def test_a_wrong_fill_and_a_wrong_row_are_explained() -> None:
    """Tiles on the wrong spaces name the tile the space needs; a wrong resolution row is
    refused; both can be put right."""
    session = at_step("sun_fill")
    session.handle(PickFill("plantation1"))
    session.handle(Target((2, 0)))
    session.handle(Target((2, 2)))
    assert session.handle(Confirm()) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None
    assert (session.coach.mistake.reason, session.coach.mistake.code) == ("tutorial.wrong.fill", "sun")
    assert session.game.phase is Phase.FILL
    solve(session)
    assert key_of(session) == "sun_sell"
    keep = next(i for i, o in enumerate(session.outcomes()) if "gold" not in dict(o.result))
    assert session.handle(Choose(keep)) == [Refused(Refusal.TUTORIAL)]
    assert session.coach.mistake is not None and session.coach.mistake.reason == "tutorial.wrong.choice"
    solve(session)
    assert key_of(session) == "sun_tokens"


def test_a_symmetric_tile_counts_in_any_rotation_and_the_game_stays_on_the_script() -> None:
    """A decision is judged by where it leads: a 1-1-1-1 tile turned twice is the same move;
    the move played is the script's, so the game stays a prefix of SOLUTION."""
    session = at_step("practice_1")
    answer = session.coach.answer(session.game)
    assert answer is not None and answer.placement is not None and answer.placement.tile == "1111"
    session.handle(Select(session.selection.hand().index("1111")))
    session.handle(Rotate(2))
    assert session.selection.rotation != answer.placement.rotation
    session.handle(Target(answer.placement.pos))
    assert session.handle(Target(answer.placement.pos)) != [Refused(Refusal.TUTORIAL)]
    assert key_of(session) == "practice_1_fill"
    assert coaching.on_track(session.game)


def test_a_move_made_while_a_note_is_on_skips_the_notes_before_it() -> None:
    """The player may act before pressing Next: the right move counts for the next lesson."""
    session = TutorialSession()
    assert key_of(session) == "welcome"
    solve(session)
    assert key_of(session) == "sell"


# ----------------------------------------------------------------- Coco


def test_coco_plays_her_script_and_waits_while_a_note_is_on() -> None:
    """At the water note (her decision) no move is asked of Coco until Next; then her
    scripted move comes."""
    session = at_step("water")
    assert session.game.current_player() != PLAYER
    assert session.take_requests() == []
    assert session.waiting_for_ai() is None
    assert session.next_step()
    requests = session.take_requests()
    assert len(requests) == 1
    expected = SOLUTION[len(session.game.actions)]
    assert session.scripted_answer(requests[0]) == expected
    session.handle(AIAnswered(requests[0].id, expected))
    assert session.game.actions[-1] == expected


def test_a_hint_shows_the_whole_answer() -> None:
    """H (a hint request) shows the lesson's answer at once, no AI asked: both spaces of a
    fill get their tile."""
    session = at_step("sun_fill")
    events = session.handle(RequestHint())
    assert events and session.take_requests() == []
    assert session.selection.assignments() == {(2, 0): ("sun", 0), (2, 2): ("plantation1", 0)}


# ----------------------------------------------------------------- undo


def test_undo_goes_back_to_a_lesson_that_fits_and_the_game_can_go_on() -> None:
    """Undo across Coco's move takes the lesson back to the player's decision; playing on
    reaches the end."""
    session = at_step("temple_place")
    session.handle(Undo())
    game = session.game
    assert coaching.fits(session.coach.index(game), len(game.actions))
    assert game.current_player() == PLAYER
    step = session.coach.current(game)
    assert step is not None and step.at == len(game.actions)
    advance(session)
    assert session.finished() and tuple(session.game.actions) == SOLUTION


# ----------------------------------------------------------------- leaving and resuming


def test_progress_is_kept_in_its_own_file_and_resumes_where_it_was(user_home) -> None:
    """Closing saves the game and the lesson (mid-turn too) to the tutorial's file, never to
    the autosave or the saves folder; loading it resumes at the same step."""
    session = TutorialSession(autosaver=BackgroundAutosaver(progress.tutorial_path))
    advance(session, "temple_lead")
    advance(session, "market_fill")
    made, index = len(session.game.actions), session.coach.index(session.game)
    session.close()
    assert progress.tutorial_path().is_file()
    assert not saves.autosave_path().exists()
    assert saves.list_saves() == []
    saved = progress.load()
    assert saved is not None
    assert (len(saved.game.actions), saved.step, saved.player) == (made, index, "Player")
    assert progress.status() is progress.Status.STARTED
    again = TutorialSession(saved.game, saved.step, player=saved.player, view=saved.view)
    assert key_of(again) == "market_fill"
    advance(again)
    assert again.finished()


def test_a_finished_tutorial_reads_as_finished(user_home) -> None:
    """The last Next is saved: the menu then knows the tutorial was done."""
    session = TutorialSession(autosaver=BackgroundAutosaver(progress.tutorial_path))
    advance(session)
    session.close()
    assert progress.status() is progress.Status.FINISHED


@pytest.mark.parametrize("damage", ["version", "off_script", "other_deal"])
def test_progress_that_does_not_fit_starts_over(user_home, damage: str) -> None:
    """Another script version, a game off the script or another deal is not resumed."""
    config = script.config("Player")
    view: dict[str, JSON] = {"tutorial": {"version": script.VERSION, "step": 2}}
    game = Game(DEAL)
    if damage == "version":
        view["tutorial"] = {"version": script.VERSION + 1, "step": 2}
    elif damage == "off_script":
        game.apply(Place("1111", 0, (0, 1)))
    else:
        game = Game.new(2, "base", 5)
    saves.save_game(progress.tutorial_path(), game, config, view)
    assert progress.load() is None
    assert progress.status() is progress.Status.NEW
    if damage != "version":
        with pytest.raises(ValueError, match="not the tutorial game"):
            TutorialSession(game)


def test_a_saved_step_that_does_not_fit_the_game_falls_back_to_one_that_does() -> None:
    """A step behind or ahead of the game is never shown: the coach takes the first that fits."""
    game = Game(DEAL)
    for action in SOLUTION[:5]:
        game.apply(action)
    for wrong in (0, 3, len(STEPS) - 1, 99):
        session = TutorialSession(game.clone(keep_history=True), wrong)
        index = session.coach.index(session.game)
        assert coaching.fits(index, 5)
        assert STEPS[index].at == 5


def test_a_fill_laid_by_the_engine_itself_is_not_refused_in_a_batch() -> None:
    """Two spaces, two different display tiles: the second space gets the last tile by
    itself after the first fill, and the batch does not report it as refused."""
    game = Game(DEAL)
    for action in SOLUTION[:19]:
        game.apply(action)
    session = PlaySession(script.config("Player"), game)
    session.handle(PickFill("sun"))
    session.handle(Target((2, 0)))
    session.handle(Target((2, 2)))
    happened = session.handle(Confirm())
    assert not any(isinstance(event, Refused) for event in happened)
    assert session.game.jungle[(2, 2)] == ("plantation1", 0)


def test_the_first_lesson_tile_lies_as_its_text_says() -> None:
    """The rotation lesson: 2 workers face the start plantation on the left, 1 the start
    market below (R2.1, R3.2), as ``tutorial.step.place`` tells the player."""
    first = SOLUTION[0]
    assert isinstance(first, Place)
    _north, _east, south, west = WORKER_SIDES[first.tile][first.rotation]
    x, y = first.pos
    start = dict(START_TILES)
    assert (west, start[(x - 1, y)]) == (2, "plantation1")
    assert (south, start[(x, y + 1)]) == (1, "market2")


@pytest.mark.parametrize("lesson", ["place", "fill_place", "temple_place", "market_place", "practice_2"])
def test_a_lessons_preview_prices_the_turn_the_lesson_asks_for(lesson: str) -> None:
    """A trial saw lesson 6's square priced "-1 cacao, +3 gold with your choices" (the medium
    AI's fill: the market) just before the lesson asked for the double plantation: the
    tutorial's previews take the rest of the mover's turn from the script, so the expected
    placement shows what the script's turn gains; another placement keeps the medium AI's."""
    from cacao_game.session.ledger import gains
    from cacao_game.session.preview import nonzero, turn_preview

    session = TutorialSession()
    advance(session, lesson)
    game = session.game
    made = len(game.actions)
    placement = SOLUTION[made]
    assert isinstance(placement, Place)
    scripted = game.clone()
    events = scripted.apply(placement)
    for action in SOLUTION[made + 1 : END]:
        if scripted.phase is Phase.PLACE or scripted.current_player() != PLAYER:
            break
        events += scripted.apply(action)
    shown = session.selection.turn_preview(placement)
    assert shown is not None and shown.total == nonzero(gains(events, PLAYER))
    if lesson == "temple_place":
        assert shown.total != turn_preview(game, placement).total, "the medium AI lays the market"
    other = next(a for a in game.legal_actions() if isinstance(a, Place) and a.pos != placement.pos)
    assert session.selection.turn_preview(other) == turn_preview(game, other)


def test_a_lesson_resumed_at_a_fill_has_its_tile_picked() -> None:
    """Played through, the sun fill's lesson has the sun-worshiping site picked, so that the
    space under the mouse shows it; a tutorial resumed there had the display's first tile
    (the plantation) picked instead (a maintainer's review)."""
    from cacao_game.engine.tiles import SUN

    played = at_step("sun_fill")
    assert played.selection.current_fill_code() == SUN
    resumed = TutorialSession(played.game.clone(), played.coach.index(played.game))
    assert resumed.selection.current_fill_code() == SUN
