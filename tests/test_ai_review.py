"""Game review: every decision valued by one search, losses marked, summaries per seat."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert import EXACT_PLACEMENTS, nothing_hidden, placements_left
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.policy import finish_turn, quick_fill
from cacao_game.ai.review import (
    BLUNDER,
    Budget,
    GameReview,
    ReviewCancelled,
    mark,
    positions,
    review_decision,
    review_game,
)
from cacao_game.engine import Action, Game, IllegalActionError, Phase, Place
from cacao_game.records import read_record, replay_record

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "seeds" / "golden" / "2p_base_random.json"


def golden() -> Game:
    return replay_record(read_record(GOLDEN))


def test_marks_follow_the_thresholds_of_the_loss_as_shown() -> None:
    """A loss is marked as its one-decimal figure reads: 0.96 shows as 1.0, an inaccuracy
    (a player reading "1.0 (good)" was told a loss of 1 or more is an inaccuracy)."""
    assert [mark(x) for x in (0.0, 0.94, 0.96, 1.0, 2.9, 2.96, 3.0, 5.94, 5.96, 40.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_budget_refuses_no_search() -> None:
    with pytest.raises(ValueError):
        Budget(iterations=0)
    with pytest.raises(ValueError):
        Budget(seconds=0.0)


def test_golden_review_is_deterministic_at_a_fixed_iteration_budget() -> None:
    """The same golden record reviewed twice at 2 iterations a decision gives the same review;
    reviewing one seat gives that seat's part of the review of both. Each decision used its
    2 iterations, but the exact endgame (nothing hidden, at most 2 placements left), which
    needs none."""
    game = golden()
    budget = Budget(iterations=2)
    first = review_game(game.setup, game.actions, budget=budget, seed=4)
    second = review_game(game.setup, game.actions, budget=budget, seed=4)
    assert first == second
    assert first.seats == (0, 1) and len(first.decisions) > 30
    alone = review_game(game.setup, game.actions, seats=[1], budget=budget, seed=4)
    assert alone.decisions == tuple(d for d in first.decisions if d.seat == 1)
    states = {index: state for index, state, _played in positions(game.setup, game.actions)}
    for decision in first.decisions:
        state = states[decision.index]
        seat = state.current_player()
        solved = state.phase is Phase.RESOLVE or (
            nothing_hidden(state.view(seat), seat) and placements_left(state) <= EXACT_PLACEMENTS
        )
        assert decision.iterations == (0 if solved else 2)
        assert decision.loss >= 0 and decision.mark == mark(decision.loss)
        assert (decision.best == decision.played) == (decision.loss == 0)
        assert (decision.advice is not None) == (decision.loss >= 1)
    assert {d.phase for d in first.decisions} == {Phase.PLACE, Phase.FILL, Phase.RESOLVE}


def test_only_decisions_with_a_choice_are_reviewed() -> None:
    """A placement or a fill is reviewed when it had more than one legal option; a resolution
    once, at its first step, when the seat had more than one way to end it (its other steps
    are the row it chose, not decisions of their own)."""
    from cacao_game.ai.explain import resolution_ends

    game = golden()
    found = positions(game.setup, game.actions)
    replayed = Game(game.setup)
    indices = {index for index, _state, _action in found}
    before: tuple[int, int] | None = None
    resolutions = 0
    for index, action in enumerate(game.actions):
        seat = replayed.current_player()
        if replayed.phase is Phase.RESOLVE:
            first = before != (replayed.turn, seat)
            choice = first and len(resolution_ends(replayed.view(seat), seat)) > 1
            assert (index in indices) == choice
            resolutions += choice
            before = (replayed.turn, seat)
        else:
            assert (index in indices) == (len(replayed.legal_actions()) > 1)
            before = None
        replayed.apply(action)
    assert resolutions > 0
    with pytest.raises(ValueError, match="seats"):
        positions(game.setup, game.actions, seats=[2])


def test_a_stand_ins_decisions_are_not_the_players_to_answer_for() -> None:
    """A network trial's review flagged a placement the AI stand-in made for a player who had
    dropped: the decisions ``standin`` marks (by turn, the seats a stand-in played, as the
    record's ``PlayedBy``) are left out of the review, every other decision stays."""
    game = golden()
    every = positions(game.setup, game.actions, seats=[1])
    standin = [() if turn % 3 else (1,) for turn in range(game.turn + 1)]
    kept = positions(game.setup, game.actions, seats=[1], standin=standin)
    by_turn = {index: state.turn for index, state, _action in every}
    left_out = {index for index, _s, _a in every} - {index for index, _s, _a in kept}
    assert left_out and left_out == {index for index, turn in by_turn.items() if turn % 3 == 0}
    review = review_game(game.setup, game.actions, seats=[1], budget=Budget(iterations=1), standin=standin)
    assert {d.index for d in review.decisions} == {index for index, _s, _a in kept}
    assert review.summary(1).decisions == len(kept)


def turn_value(game: Game, action: Action) -> float:
    """What ``action`` is worth to the deciding seat at the end of the turn (medium's view)."""
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    after = view.clone()
    after.apply(action)
    finish_turn(after, valuer, quick_fill)
    return valuer.score(after, seat)


def game_with_a_blunder(seed: int) -> tuple[Game, int]:
    """A medium-vs-medium game in which, at the placement of seat 0 where it mattered most,
    seat 0 played its worst move (10+ points under its best by the turn's evaluation);
    returns the game and the decision's index."""
    player = MediumPlayer(random.Random(0))
    game = Game.new(2, "base", seed)
    spreads = {}
    while not game.is_over():
        if game.phase is Phase.PLACE and game.current_player() == 0:
            values = [turn_value(game, action) for action in game.legal_actions()]
            spreads[len(game.actions)] = max(values) - min(values)
        game.apply(player.choose(game))
    blunder = max(spreads, key=lambda index: spreads[index])
    assert spreads[blunder] >= 10
    game = Game.new(2, "base", seed)
    while not game.is_over():
        if len(game.actions) == blunder:
            game.apply(min(game.legal_actions(), key=lambda action: turn_value(game, action)))
        else:
            game.apply(player.choose(game))
    return game, blunder


def test_a_deliberately_bad_move_is_flagged_as_a_blunder() -> None:
    """Seat 0's worst placement (10+ points under its best by the turn's evaluation) is marked
    a blunder, with a better move and the reasons; medium's own moves are mostly good."""
    game, index = game_with_a_blunder(20)
    review = review_game(game.setup, game.actions, seats=[0], budget=Budget(iterations=6))
    bad = review.at(index)
    assert bad is not None and bad.phase is Phase.PLACE
    assert bad.mark == "blunder" and bad.loss >= BLUNDER
    assert bad.best != bad.played and bad.advice is not None and bad.advice.changes
    summary = review.summary(0)
    assert summary.blunders >= 1 and bad in summary.costliest
    assert summary.accuracy > 50


def test_summary_counts_and_costliest() -> None:
    """Accuracy is the share of good decisions; the costliest are the three largest losses."""
    game = golden()
    review = review_game(game.setup, game.actions, budget=Budget(iterations=8), seed=1)
    for summary in review.summaries():
        own = [d for d in review.decisions if d.seat == summary.seat]
        assert summary.decisions == len(own)
        good = sum(d.mark == "good" for d in own)
        assert summary.accuracy == pytest.approx(100 * good / len(own))
        assert summary.blunders == sum(d.mark == "blunder" for d in own)
        assert summary.mistakes == sum(d.mark == "mistake" for d in own)
        losses = sorted((d.loss for d in own if d.loss > 0), reverse=True)[:3]
        assert [d.loss for d in summary.costliest] == losses
    empty = GameReview(2, (0,), ())
    assert empty.summary(0).accuracy == 100 and empty.summary(0).costliest == ()


def test_time_budget_uses_the_injected_clock() -> None:
    """A seconds budget is measured by the given clock: with a clock that moves 0.1 s on each
    reading, a 1 s budget runs a fixed number of re-deals, the same every time."""

    def review_once() -> list[int]:
        ticks = itertools.count()
        budget = Budget(seconds=1.0, clock=lambda: next(ticks) * 0.1)
        game = golden()
        found = positions(game.setup, game.actions, seats=[0])[:3]
        return [
            review_decision(state, played, budget, random.Random(index), index=index).iterations
            for index, state, played in found
        ]

    first = review_once()
    assert first == review_once()
    assert all(1 <= used <= 10 for used in first)


def test_progress_and_cancel() -> None:
    """Progress is told from 0 to every decision; a stop request ends the review."""
    game = golden()
    told: list[tuple[int, int]] = []
    review = review_game(
        game.setup,
        game.actions,
        seats=[0],
        budget=Budget(iterations=1),
        progress=lambda d, t: told.append((d, t)),
    )
    total = len(review.decisions)
    assert told == [(done, total) for done in range(total + 1)]
    calls = itertools.count()
    with pytest.raises(ReviewCancelled):
        review_game(game.setup, game.actions, budget=Budget(iterations=1), stop=lambda: next(calls) > 5)


def test_review_of_an_illegal_move_is_refused() -> None:
    game = golden()
    _index, state, played = positions(game.setup, game.actions)[0]
    assert isinstance(played, Place)
    with pytest.raises(IllegalActionError):
        review_decision(state, Place(played.tile, 0, (40, 40)), Budget(iterations=1), random.Random(0))


def test_cli_review_prints_decisions_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--review RECORD --iterations N`` prints a line per decision, the reasons of flagged
    ones and a summary per seat; ``--json`` writes the same review, the same on every run."""
    from cacao_game.cli import main

    out = tmp_path / "review.json"
    assert main(["--review", str(GOLDEN), "--seat", "1", "--iterations", "1", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"review of {GOLDEN}: 2 players, base, 1 iteration per decision")
    assert "why:" in text and "summary:" in text and "accuracy" in text and "costliest" in text
    document = json.loads(out.read_text())
    assert [seat["seat"] for seat in document["seats"]] == [1]
    assert all(d["seat"] == 1 for d in document["decisions"])
    assert (
        main(["--review", str(GOLDEN), "--seat", "1", "--iterations", "1", "--json", str(out), "--force"])
        == 0
    )
    assert json.loads(out.read_text()) == document
    capsys.readouterr()
    assert main(["--review", str(GOLDEN), "--iterations", "1", "--json", str(out)]) == 1
    assert "the file exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("not json", "cannot read a record"),
        ('{"format": "cacao-record", "version": 2}', "version"),
        ("[]", "a record is a JSON object"),
    ],
)
def test_cli_refuses_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    """A bad record is refused with one line and exit code 1."""
    from cacao_game.cli import main

    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["--review", str(path), "--iterations", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"cacao: cannot review {path}") and reason in err


def test_cli_review_of_a_record_leaves_out_what_its_stand_in_played(tmp_path: Path) -> None:
    """A record of a game across machines marks the turns an AI stand-in played for an away
    player (``PlayedBy.standin``): ``--review`` leaves those decisions out, as the app does."""
    from cacao_game.cli import main
    from cacao_game.records import PlayedBy, seat_entries, to_record, write_record

    game = golden()
    played_by = [PlayedBy((), (1,) if turn in (3, 4, 5) else ()) for turn in range(game.turn + 1)]
    record = tmp_path / "away.json"
    write_record(to_record(game, seat_entries(["random", "random"]), played_by), record)
    out = tmp_path / "review.json"
    assert main(["--review", str(record), "--seat", "1", "--iterations", "1", "--json", str(out)]) == 0
    turns = {d["turn"] - 1 for d in json.loads(out.read_text())["decisions"]}
    assert turns and turns.isdisjoint({3, 4, 5})
    every = {state.turn for _index, state, _action in positions(game.setup, game.actions, seats=[1])}
    assert every & {3, 4, 5} and turns == every - {3, 4, 5}


def test_cli_refuses_an_illegal_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record whose moves break the rules is refused, naming the turn."""
    from cacao_game.cli import main

    record = json.loads(GOLDEN.read_text())
    record["turns"][3]["action"]["pos"] = [40, 40]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record))
    assert main(["--review", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turns[3]" in err


def test_cli_review_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """Review options go with --review only; a seat the game lacks is a usage error."""
    from cacao_game.cli import main

    for argv in (
        ["--seat", "1"],
        ["--review", str(GOLDEN), "--budget", "1", "--iterations", "2"],
        ["--review", str(GOLDEN), "--headless"],
        ["--review", str(GOLDEN), "--seat", "3"],
        ["--review", str(GOLDEN), "--budget", "-1"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
    capsys.readouterr()


def test_cli_reviews_a_save(capsys: pytest.CaptureFixture[str]) -> None:
    """A save is reviewed like a record, its seats named by the save."""
    from cacao_game.cli import main

    save = ROOT / "tests" / "fixtures" / "save_v2.json"
    assert main(["--review", str(save), "--iterations", "1", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "summary:" in out and "(seat 2):" in out and "(seat 0):" not in out


def test_flagged_reasons_add_up_to_the_loss_and_read_from_the_reviewed_seat() -> None:
    """Every flagged decision's reasons plus everything else are its loss exactly, and each
    count is its own seat's (an opponent's gold that the better move gives it shows as more
    gold for that opponent and costs the reviewed seat); the command line and JSON say so."""
    from cacao_game.review_report import report_json, report_lines

    game = golden()
    review = review_game(game.setup, game.actions, seats=[1], budget=Budget(iterations=4))
    flagged = [d for d in review.decisions if d.advice is not None]
    assert flagged
    for decision in flagged:
        advice = decision.advice
        assert advice is not None and advice.margin == pytest.approx(decision.loss, abs=1e-9)
        listed = sum(change.points for change in advice.changes)
        assert listed + advice.rest == pytest.approx(advice.margin, abs=1e-9)
        for change in advice.changes:
            if change.term in ("gold", "water", "sun") and change.amount and not change.later:
                own = change.seat == decision.seat
                assert (change.points > 0) == ((change.amount > 0) == own), change
    names = ["Ana", "Bo"]
    text = "\n".join(report_lines(review, game.setup, game.actions, names))
    assert "You:" in text and "'s gold" not in text
    document = report_json(review, names, Budget(iterations=4))
    decisions = document["decisions"]
    assert isinstance(decisions, list)
    reasons = [r for d in decisions if isinstance(d, dict) for r in d["reasons"]]  # type: ignore[union-attr]
    assert reasons and all({"change", "later", "points", "text"} <= set(r) for r in reasons)  # type: ignore[arg-type]


def medium_game(players: int, seed: int, decisions: int) -> Game:
    """The game of ``seed`` after ``decisions`` decisions of medium players."""
    game = Game.new(players, "base", seed)
    medium = [MediumPlayer(random.Random(seat)) for seat in range(players)]
    while len(game.actions) < decisions:
        game.apply(medium[game.current_player()].choose(game))
    return game


def loss_alone(game: Game, move: Action, index: int) -> float:
    """What a review's own search at decision ``index`` (seed 0) finds ``move`` to lose."""
    from cacao_game.ai.analysis import SEARCHES, appraise, searched_moves
    from cacao_game.ai.review import review_iterations

    alone = appraise(
        game,
        searched_moves(game, "expert"),
        iterations=review_iterations(game.players),
        seed=random.Random(f"review:0:{index}").getrandbits(64),
        search=SEARCHES["expert"],
        keep=move,
    )
    own = alone.of(move)
    assert own is not None
    return alone.options[0].value - own.value


def test_the_move_the_hint_gives_is_not_flagged() -> None:
    """A tester pressed H, played the hinted placement, and the review called that very move
    an inaccuracy (its own shorter search, on other re-deals, preferred another). A decision
    that plays the hint's move there is not flagged; the review's own search alone would
    have flagged this one (4 players, seed 1, decision 13)."""
    from cacao_game.ai.hint import suggest
    from cacao_game.ai.review import INACCURACY, review_iterations

    game = medium_game(4, 1, 13)
    hinted = suggest(game, "expert")
    assert loss_alone(game, hinted, 13) >= INACCURACY
    budget = Budget(iterations=review_iterations(4))
    reviewed = review_decision(game, hinted, budget, random.Random("review:0:13"), index=13)
    assert reviewed.mark == "good" and reviewed.loss == 0 and reviewed.best == hinted


def test_the_move_the_hint_names_about_as_good_is_not_flagged() -> None:
    """A trial played the move a hint outlined as "about as good", and the review called it
    an inaccuracy. A decision that plays the move the hint names about as good is not
    flagged; the review's own search alone would have flagged this one (4 players, seed 2,
    decision 33)."""
    from cacao_game.ai.hint import advise
    from cacao_game.ai.review import INACCURACY, review_iterations

    game = medium_game(4, 2, 33)
    hint = advise(game, "expert")
    other = hint.alternative
    assert hint.close and other is not None and other != hint.action
    assert loss_alone(game, other, 33) >= INACCURACY
    budget = Budget(iterations=review_iterations(4))
    reviewed = review_decision(game, other, budget, random.Random("review:0:33"), index=33)
    assert reviewed.mark == "good" and reviewed.loss == 0 and reviewed.best == other


def test_a_review_given_its_first_decisions_goes_on_to_the_same_review() -> None:
    """A trial's review began again at 0 of 21 after its helper died. A review given the
    reviews of its first decisions (as a stopped one made them) goes on from there to the
    review made in one go, and tells each decision it makes; reviews that are not its first
    decisions are refused."""
    game = golden()
    budget = Budget(iterations=1)
    whole = review_game(game.setup, game.actions, seats=[0], budget=budget, seed=3)
    first = whole.decisions[:4]
    told: list[int] = []
    counts: list[tuple[int, int]] = []
    resumed = review_game(
        game.setup,
        game.actions,
        seats=[0],
        budget=budget,
        seed=3,
        done=first,
        reviewed=lambda decision: told.append(decision.index),
        progress=lambda done, total: counts.append((done, total)),
    )
    assert resumed == whole
    assert told == [decision.index for decision in whole.decisions[4:]]
    total = len(whole.decisions)
    assert counts == [(done, total) for done in range(4, total + 1)]
    with pytest.raises(ValueError):
        review_game(game.setup, game.actions, seats=[0], budget=budget, seed=3, done=whole.decisions[1:3])


def test_a_review_in_seconds_gives_its_exact_endgame_no_more_than_its_time() -> None:
    """A review found a review bounded in seconds solving a 2-player endgame exactly without
    end (its count is unbounded and the endgame asked no clock): on a clock that runs ten
    seconds a reading, the endgame gives up at once and the search, on time, decides."""
    from cacao_game.ai.endgame import DUEL_PLACEMENTS

    game = Game.new(2, "base", 6)
    rng = random.Random(6)
    while not (
        game.phase is Phase.PLACE
        and placements_left(game) <= DUEL_PLACEMENTS
        and nothing_hidden(game.view(game.current_player()), game.current_player())
        and len(game.legal_actions()) > 1
    ):
        game.apply(rng.choice(game.legal_actions()))
    ticks = itertools.count(0.0, 10.0)
    jumping = Budget(seconds=0.5, clock=lambda: next(ticks))
    review = review_decision(game, game.legal_actions()[0], jumping, random.Random(1))
    assert review.iterations > 0, "the search decided, not an exact endgame past its time"
    exact = review_decision(game, game.legal_actions()[0], Budget(iterations=4000), random.Random(1))
    assert exact.iterations == 0, "with a count the endgame is solved exactly, as before"


def test_a_resolution_is_reviewed_once_as_the_row_chosen() -> None:
    """A trial chose "sell 1 at 3"; the review judged each of its three steps, flagged two
    and named one "sell 3 at 3", a row never chosen. A resolution is one decision: reviewed
    at its first step, its loss the best way to end it less the row played (each priced by
    the turn's evaluation), and a flagged one compares the whole rows."""
    from cacao_game.ai.evaluation import Valuer
    from cacao_game.ai.explain import resolution_ends
    from cacao_game.ai.policy import best_fill, finish_turn
    from cacao_game.ai.review import resolution_row

    game = golden()
    review = review_game(game.setup, game.actions, budget=Budget(iterations=1), seed=2)
    states = {index: state for index, state, _played in positions(game.setup, game.actions)}
    longer = 0
    for decision in review.decisions:
        if decision.phase is not Phase.RESOLVE:
            continue
        state = states[decision.index]
        row = resolution_row(state, game.actions, decision.index)
        assert row[0] == decision.played
        others = {d.index for d in review.decisions} - {decision.index}
        assert not others & set(range(decision.index, decision.index + len(row))), (
            "its steps are one decision"
        )
        seat = state.current_player()
        view = state.view(seat)
        valuer = Valuer(view)
        end = view.clone()
        for step in row:
            end.apply(step)
        finish_turn(end, valuer, best_fill)
        played = sum(valuer.score_terms(end, seat).values())
        best = max(value for value, _steps in resolution_ends(view, seat))
        hinted = decision.loss == 0 and best - played >= 1
        assert hinted or decision.loss == pytest.approx(max(0.0, best - played), abs=1e-6)
        if decision.advice is not None:
            assert decision.advice.alternative_whole == row
        longer += len(row) > 1
    assert longer > 0
