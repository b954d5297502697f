"""Turn rules: placement, fills, activation, resolution, overbuild, end of turn (R3)."""

from __future__ import annotations

import pytest

from cacao_game.engine import (
    Fill,
    Game,
    GameOverError,
    IllegalFillError,
    IllegalPlacementError,
    IllegalResolutionError,
    Overbuild,
    OverbuildBar,
    Phase,
    Place,
    Resolve,
    WrongDecisionError,
)
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import E, N, S, W
from tests.scenario import new_game, put_jungle, put_worker, state_of

# Three empty jungle spaces around (-1, 0), each touched by one tile of seat 1: placing a
# tile on (-1, 0) (next to the start plantation) requires three fills.
THREE_SPACES = [(-2, 0), (-1, -1), (-1, 1)]


def three_fill_board(display: list[str], pile: list[str]) -> Game:
    game = new_game(hand=["1111", "1111", "1111"], display=display, pile=pile)
    put_worker(game, (-1, -2), 1, "1111")
    put_worker(game, (-1, 2), 1, "1111")
    put_worker(game, (-3, 0), 1, "1111")
    return game


def kinds(events: list[ev.Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


# ----------------------------------------------------------------- placement (R3.2)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place("1111", 0, (5, 4)), "not next to a jungle tile"),
        (Place("1111", 0, (2, 0)), "a jungle square"),
        (Place("1111", 0, (0, 0)), "an occupied square"),
        (Place("9999", 0, (1, 0)), "a tile not in the hand"),
        (Place("1111", 4, (1, 0)), "a rotation outside 0-3"),
        (Place("1111", True, (1, 0)), "a rotation that is not an integer"),
        (Place("1111", 0, [1, 0]), "a square that is not a pair"),  # type: ignore[arg-type]
        (Place("1111", 0, (1.0, 0)), "a square of floats"),  # type: ignore[arg-type]
    ],
)
def test_illegal_placements_raise_and_change_nothing(action: Place, reason: str) -> None:
    """R3.2: only a hand tile, rotated 0-3, on an empty worker square next to jungle."""
    game = new_game(hand=["1111", "2101", "3001"])
    before = state_of(game)
    with pytest.raises(IllegalPlacementError):
        game.apply(action)
    assert state_of(game) == before, reason


def test_any_rotation_is_accepted_and_turns_the_workers() -> None:
    """R3.2: the tile may be turned freely; a 3001 turned twice has 3 workers facing S."""
    game = new_game(hand=["3001", "1111", "1111"])
    game.apply(Place("3001", 2, (1, 0)))
    assert game.workers[(1, 0)].workers(S) == 3
    assert game.workers[(1, 0)].workers(N) == 0


def test_new_tile_activates_workers_next_to_jungle() -> None:
    """R3.8: the new tile's workers facing the start plantation and market activate; the
    seat then chooses between selling its new cacao and keeping it (R3.9-R3.10)."""
    game = new_game(hand=["1111", "1111", "1111"])
    events = game.apply(Place("1111", 0, (1, 0)))
    activated = {(e.side, e.jungle) for e in kinds(events, ev.EdgeActivated)}
    assert activated == {(W, "plantation1"), (S, "market2")}
    assert game.decision().kind is Phase.RESOLVE and game.current_player() == 0
    assert set(game.legal_actions()) == {Resolve((1, 0), W, 1), Resolve((1, 0), S, 0)}
    game.apply(Resolve((1, 0), W, 1))
    assert game.cacao[0] == 1
    assert set(game.legal_actions()) == {Resolve((1, 0), S, 0), Resolve((1, 0), S, 1)}
    game.apply(Resolve((1, 0), S, 1))
    assert (game.cacao[0], game.gold[0]) == (0, 2)
    assert game.decision().kind is Phase.PLACE and game.current_player() == 1


# ----------------------------------------------------------------- fills (R3.4-R3.7)


def test_two_tiles_at_a_corner_require_a_fill() -> None:
    """R3.4: an empty space touched by 2 worker tiles (any owners) must be filled."""
    game = new_game(hand=["1111", "1111", "1111"], display=["water", "water"])
    put_worker(game, (1, 0), 1, "1111")
    events = game.apply(Place("1111", 0, (2, 1)))
    assert kinds(events, ev.FillRequired)[0].spaces == ((2, 0),)
    assert game.jungle[(2, 0)] == ("water", 0)


def test_straight_line_requires_a_fill() -> None:
    """R3.4: two worker tiles facing each other across a space in a straight line count too."""
    game = new_game(hand=["1111", "1111", "1111"], display=["sun", "temple"])
    put_worker(game, (1, 0), 1, "1111")
    put_jungle(game, (3, 1), "temple")
    game.apply(Place("1111", 0, (3, 0)))
    assert game.decision().kind is Phase.FILL
    assert {a.pos for a in game.legal_actions()} == {(2, 0)}


def test_one_tile_alone_requires_no_fill() -> None:
    """R3.4: a space touched by only the new tile stays empty."""
    game = new_game(hand=["1111", "1111", "1111"])
    events = game.apply(Place("1111", 0, (-1, 0)))
    assert not kinds(events, ev.FillRequired)
    assert not kinds(events, ev.JungleFilled)


def test_three_fills_take_the_display_then_the_pile() -> None:
    """R3.4-R3.5: three spaces: the two display tiles go where the mover chooses, the third
    comes from the pile top; the display is refilled only at the end of the turn."""
    game = three_fill_board(["water", "sun"], ["gold2", "temple", "market3", "market4"])
    events = game.apply(Place("1111", 0, (-1, 0)))
    assert set(kinds(events, ev.FillRequired)[0].spaces) == set(THREE_SPACES)
    assert game.decision().kind is Phase.FILL
    assert {(a.pos, a.tile) for a in game.legal_actions()} == {
        (pos, tile) for pos in THREE_SPACES for tile in ("water", "sun")
    }
    game.apply(Fill((-2, 0), "water"))
    assert game.display == ["sun"], "the display is not refilled during the turn"
    events = game.apply(Fill((-1, -1), "sun"))
    fills = kinds(events, ev.JungleFilled)
    assert [(f.pos, f.tile, f.source) for f in fills] == [
        ((-1, -1), "sun", "display"),
        ((-1, 1), "gold2", "pile"),
    ]
    assert game.display == ["temple", "market3"]


def test_three_fills_activate_everyone_once() -> None:
    """R3.8: the new tile's four edges and each older tile facing a filled space activate."""
    game = three_fill_board(["water", "sun"], ["gold2", "temple", "market3"])
    game.apply(Place("1111", 0, (-1, 0)))
    game.apply(Fill((-2, 0), "water"))
    events = game.apply(Fill((-1, -1), "sun"))
    activated = sorted((e.seat, e.pos, e.side) for e in kinds(events, ev.EdgeActivated))
    assert activated == sorted(
        [
            (0, (-1, 0), N),
            (0, (-1, 0), E),
            (0, (-1, 0), S),
            (0, (-1, 0), W),
            (1, (-1, -2), S),
            (1, (-1, 2), N),
            (1, (-3, 0), E),
        ]
    )
    assert (game.gold, game.cacao, game.sun, game.water) == ([2, 2], [1, 0], [1, 1], [1, 1])


def test_the_pile_tile_is_revealed_before_its_space_is_chosen() -> None:
    """R3.5: with the display used up, the drawn tile is face up while the mover picks a space."""
    game = three_fill_board(["water"], ["volcano", "temple"])
    game.apply(Place("1111", 0, (-1, 0)))
    game.apply(Fill((-2, 0), "water"))
    assert game.revealed_pile_tile() == "volcano"
    options = game.legal_actions()
    assert {(a.pos, a.tile) for a in options} == {((-1, -1), "volcano"), ((-1, 1), "volcano")}
    assert {a.rotation for a in options} == {0, 1, 2, 3}, "R3.6: the layer turns the volcano"


def test_partial_fill_when_tiles_run_out() -> None:
    """R3.7: one tile for three spaces: the mover chooses which space; the others stay empty."""
    game = three_fill_board(["water"], [])
    game.apply(Place("1111", 0, (-1, 0)))
    assert {a.pos for a in game.legal_actions()} == set(THREE_SPACES)
    game.apply(Fill((-1, 1), "water"))
    assert game.jungle[(-1, 1)] == ("water", 0)
    assert (-2, 0) not in game.jungle and (-1, -1) not in game.jungle
    assert game.decision().kind is Phase.PLACE


def test_no_fill_when_no_tiles_are_left() -> None:
    """R3.7: with the display and pile empty the filling step is skipped."""
    game = three_fill_board([], [])
    events = game.apply(Place("1111", 0, (-1, 0)))
    assert not kinds(events, ev.JungleFilled)
    assert game.decision().kind is Phase.PLACE


def test_choosing_which_display_tile_goes_where() -> None:
    """R3.5: two spaces and two different display tiles: the mover assigns them."""
    game = three_fill_board(["water", "sun"], ["gold2"])
    del game.workers[(-1, 2)]
    game.apply(Place("1111", 0, (-1, 0)))
    assert {(a.pos, a.tile) for a in game.legal_actions()} == {
        ((-2, 0), "water"),
        ((-2, 0), "sun"),
        ((-1, -1), "water"),
        ((-1, -1), "sun"),
    }
    game.apply(Fill((-1, -1), "water"))
    assert game.jungle[(-2, 0)] == ("sun", 0), "the last tile goes on the last space by itself"


def test_identical_display_tiles_fill_automatically() -> None:
    """R3.10: when both display tiles are alike every assignment gives the same board."""
    game = three_fill_board(["water", "water"], ["gold2"])
    del game.workers[(-1, 2)]
    events = game.apply(Place("1111", 0, (-1, 0)))
    assert {f.pos for f in kinds(events, ev.JungleFilled)} == {(-2, 0), (-1, -1)}


def test_illegal_fill_raises_and_changes_nothing() -> None:
    """R3.5: only a display tile (while there is one) on a required space."""
    game = three_fill_board(["water", "sun"], ["gold2"])
    game.apply(Place("1111", 0, (-1, 0)))
    before = state_of(game)
    for bad in (Fill((-2, 0), "gold2"), Fill((5, 5), "water"), Fill((-2, 0), "water", 1)):
        with pytest.raises(IllegalFillError):
            game.apply(bad)
    with pytest.raises(WrongDecisionError):
        game.apply(Place("1111", 0, (1, 0)))
    assert state_of(game) == before


@pytest.mark.parametrize("rotation", [0.0, False, 1.0, "0"])
def test_volcano_fill_with_a_non_integer_rotation_is_refused(rotation: object) -> None:
    """R3.6 and the API: a volcano's rotation must be an int; 0.0 or False (equal to 0) used to
    be laid and then fail mid-turn with a TypeError. Now it is refused and nothing changes."""
    game = new_game(hand=["1111", "1111", "1111"], display=["volcano", "water"], variant="volcano")
    put_worker(game, (1, 0), 1, "1111")
    game.apply(Place("1111", 0, (2, 1)))
    before = state_of(game)
    with pytest.raises(IllegalFillError, match="rotation must be an integer"):
        game.apply(Fill((2, 0), "volcano", rotation))  # type: ignore[arg-type]
    assert state_of(game) == before
    game.apply(Fill((2, 0), "volcano", 2))  # +2 on S and W: towards both tiles
    assert game.jungle[(2, 0)] == ("volcano", 2) and game.gold == [2, 2]


# ----------------------------------------------------------------- activation (R3.8)


def test_movers_older_tile_activates_once_only_on_the_new_edge() -> None:
    """R3.8: the mover's older tile next to a filled space activates on that edge only; its
    edges facing the start tiles activated when it was laid and do not again."""
    game = new_game(hand=["1111", "1111", "1111"], display=["gold2", "gold2"])
    put_worker(game, (1, 0), 0, "1111")
    events = game.apply(Place("1111", 0, (2, 1)))
    activated = sorted((e.pos, e.side, e.jungle) for e in kinds(events, ev.EdgeActivated))
    assert activated == [((1, 0), E, "gold2"), ((2, 1), N, "gold2"), ((2, 1), W, "market2")]
    assert game.gold[0] == 4


def test_opponent_resolves_its_own_choice_during_the_movers_turn() -> None:
    """R3.9/R3.11: an opponent's activated market is that seat's decision, made off-turn,
    after the mover has resolved."""
    game = new_game(hand=["1111", "1111", "1111"], display=["market3", "market3"])
    put_worker(game, (1, 0), 1, "2101", 1)
    game.cacao[1] = 3
    game.apply(Place("1111", 0, (2, 1)))
    assert game.decision().kind is Phase.RESOLVE and game.current_player() == 1
    assert set(game.legal_actions()) == {Resolve((1, 0), E, n) for n in range(3)}
    events = game.apply(Resolve((1, 0), E, 1))
    assert (game.cacao[1], game.gold[1]) == (2, 3)
    assert kinds(events, ev.TurnStarted)[0].seat == 1


def test_the_mover_resolves_first_then_the_others_in_turn_order_after_the_mover() -> None:
    """R3.11: the mover resolves first, then the other seats in turn order starting after the
    mover. Seat 2 of 4 lays a tile whose fills give seats 3, 0 and 1 a market choice each:
    they decide in the order 2, 3, 0, 1 (not 2, 1, 0, 3, nor by seat number)."""
    game = new_game(
        players=4, hand=["1111", "1111", "1111"], display=["market3", "market3"], pile=["market3", "temple"]
    )
    game.mover = 2
    game.hands[2] = ["1111", "1111", "1111"]
    put_worker(game, (-1, -2), 3, "1111")
    put_worker(game, (-1, 2), 0, "1111")
    put_worker(game, (-3, 0), 1, "1111")
    game.cacao[:] = [2, 2, 2, 2]
    game.apply(Place("1111", 0, (-1, 0)))
    while game.phase is Phase.FILL:
        game.apply(game.legal_actions()[0])
    deciding: list[int] = []
    while game.phase is Phase.RESOLVE:
        if not deciding or deciding[-1] != game.current_player():
            deciding.append(game.current_player())
        game.apply(game.legal_actions()[0])
    assert deciding == [2, 3, 0, 1]


def test_temple_edge_has_no_immediate_effect() -> None:
    """R3.9: a temple gives nothing during the game."""
    game = new_game(hand=["1111", "1111", "1111"], display=["temple", "temple"])
    put_worker(game, (1, 0), 1, "1111")
    events = game.apply(Place("1111", 0, (2, 1)))
    assert any(e.jungle == "temple" for e in kinds(events, ev.EdgeActivated))
    assert (game.gold, game.cacao, game.sun, game.water) == ([0, 0], [0, 0], [0, 0], [0, 0])


# ----------------------------------------------------------------- resolution (R3.9-R3.10)


def resolve_one_edge(jungle: str, workers: str, rotation: int = 0, **seat0: int) -> Game:
    """Seat 0 lays ``workers`` (turned) on (-1, 0) with its W edge facing ``jungle`` at (-2, 0)."""
    game = new_game(hand=[workers, "1111", "1111"], display=["temple", "temple"])
    game.jungle[(0, 0)] = ("temple", 0)
    put_jungle(game, (-2, 0), jungle)
    for key, value in seat0.items():
        getattr(game, key)[0] = value
    game.apply(Place(workers, rotation, (-1, 0)))
    return game


def test_single_and_double_plantations() -> None:
    """R3.9: 1 or 2 cacao per worker."""
    assert resolve_one_edge("plantation1", "3100", 3).cacao[0] == 3
    assert resolve_one_edge("plantation2", "2101", 3).cacao[0] == 4


def test_cacao_storage_cap() -> None:
    """R3.9: storage holds 5 cacao; the rest is lost."""
    game = new_game(hand=["3100", "1111", "1111"])
    game.jungle[(0, 0)] = ("plantation2", 0)
    game.jungle[(1, 1)] = ("temple", 0)
    game.cacao[0] = 1
    events = game.apply(Place("3100", 3, (1, 0)))
    gained = kinds(events, ev.CacaoGained)[0]
    assert (game.cacao[0], gained.gained, gained.lost) == (5, 4, 2)


def test_market_four_sells_automatically() -> None:
    """R3.10: no cacao is worth more than 4, so a price-4 market sells all it can."""
    game = resolve_one_edge("market4", "3100", 3, cacao=2)
    assert (game.cacao[0], game.gold[0]) == (0, 8)
    assert game.decision().kind is Phase.PLACE


def volcano_market(
    cacao: int,
    pile: list[str],
    display: tuple[str, ...] = ("temple", "temple"),
    volcano_at: tuple[int, int] | None = None,
) -> Game:
    """Volcano variant: seat 0 (no gold) lays ``3100`` with 3 workers facing a price-4 market.

    ``pile`` and ``display`` replace the jungle pile and display; a volcano turned twice (-1
    on its N and E sides, R1.6) is put on ``volcano_at`` if given.
    """
    game = new_game(hand=["3100", "1111", "1111"], display=list(display), pile=pile, variant="volcano")
    game.jungle[(0, 0)] = ("temple", 0)
    put_jungle(game, (-2, 0), "market4")
    if volcano_at is not None:
        put_jungle(game, volcano_at, "volcano", 2)
    game.cacao[0] = cacao
    game.apply(Place("3100", 3, (-1, 0)))
    return game


@pytest.mark.parametrize(
    ("pile", "display"), [(["temple", "volcano"], ("temple", "temple")), (["temple"], ("volcano", "temple"))]
)
def test_volcano_variant_keeps_cacao_a_choice_while_a_volcano_is_unlaid(
    pile: list[str], display: tuple[str, ...]
) -> None:
    """R3.10: gold can be lost to a -1 volcano edge and stored cacao cannot (1 cacao and
    0 gold pays nothing; 4 gold pays up to 3), so a price-4 market asks while a volcano is in
    the pile or the display, and every amount from keeping all to selling all is offered."""
    game = volcano_market(2, pile, display)
    assert game.decision().kind is Phase.RESOLVE and game.gold_at_risk(0)
    assert set(game.legal_actions()) == {Resolve((-1, 0), W, n) for n in range(3)}
    game.apply(Resolve((-1, 0), W, 0))
    assert (game.cacao[0], game.gold[0]) == (2, 0)


def test_volcano_variant_sells_at_four_once_no_volcano_can_cost_gold() -> None:
    """R3.10: with no volcano left to lay and none on the board the old rule applies."""
    game = volcano_market(1, ["temple"])
    assert not game.gold_at_risk(0)
    assert (game.cacao[0], game.gold[0]) == (0, 4)
    assert game.decision().kind is Phase.PLACE


def test_volcano_on_the_board_facing_an_empty_square_keeps_the_choice() -> None:
    """R3.10: a laid volcano whose -1 edge faces an empty worker square can still make the
    seat pay (by placing there), so the market asks."""
    game = volcano_market(1, ["temple"], volcano_at=(-4, 0))
    assert (-4, -1) not in game.workers and (-3, 0) not in game.workers
    assert game.gold_at_risk(0)
    assert set(game.legal_actions()) == {Resolve((-1, 0), W, 0), Resolve((-1, 0), W, 1)}


def test_laid_volcano_only_facing_other_seats_tiles_is_no_risk() -> None:
    """R3.10: a -1 edge that faces another seat's tile can never make seat 0 pay."""
    game = new_game(
        hand=["3100", "1111", "1111"], display=["temple", "temple"], pile=["temple"], variant="volcano"
    )
    game.jungle[(0, 0)] = ("temple", 0)
    put_jungle(game, (-4, 0), "volcano", 2)  # -1 on its N and E sides
    put_worker(game, (-4, -1), 1, "1111")
    put_worker(game, (-3, 0), 1, "1111")
    assert not game.gold_at_risk(0)
    assert game.gold_at_risk(1)  # seat 1 may overbuild its own tiles there
    put_worker(game, (-4, 1), 0, "1111")  # a +2 edge: no risk from it
    assert not game.gold_at_risk(0)


def test_base_game_never_puts_gold_at_risk() -> None:
    """R3.10: without volcanoes the dominance rule of the base game is unchanged."""
    game = resolve_one_edge("market4", "3100", 3, cacao=1)
    assert not game.gold_at_risk(0) and (game.cacao[0], game.gold[0]) == (0, 4)


def test_market_three_lets_the_seat_hold_cacao() -> None:
    """R3.9-R3.10: at a price-3 market the seat may sell 0 up to one cacao per worker."""
    game = resolve_one_edge("market3", "3100", 3, cacao=2)
    assert set(game.legal_actions()) == {Resolve((-1, 0), W, n) for n in range(3)}
    game.apply(Resolve((-1, 0), W, 1))
    assert (game.cacao[0], game.gold[0]) == (1, 3)


def test_market_without_cacao_needs_no_decision() -> None:
    """R3.10: with nothing to sell the market resolves by itself."""
    game = resolve_one_edge("market2", "3100", 3)
    assert game.decision().kind is Phase.PLACE and game.gold[0] == 0


def test_gold_mines() -> None:
    """R3.9: 1 or 2 gold per worker."""
    assert resolve_one_edge("gold1", "3001", 3).gold[0] == 3
    assert resolve_one_edge("gold2", "2101", 3).gold[0] == 4


def test_water_moves_and_stops_at_sixteen() -> None:
    """R3.9: one field per worker, stopping at 16 (step 8)."""
    assert resolve_one_edge("water", "3100", 3).water[0] == 3
    game = resolve_one_edge("water", "3100", 3, water=7)
    moved = game.water[0]
    assert moved == 8


def test_sun_cap() -> None:
    """R3.9: at most 3 sun tokens."""
    assert resolve_one_edge("sun", "2101", 3).sun[0] == 2
    assert resolve_one_edge("sun", "3100", 3, sun=2).sun[0] == 3


def test_volcano_gain_and_payment() -> None:
    """R3.9: a volcano pays +2 per worker on a +2 edge and takes 1 per worker on a -1 edge.
    The volcano at (-2, 0) faces the worker with its E side: +2 unrotated, -1 turned once."""
    assert resolve_one_edge("volcano", "3100", 3).gold[0] == 6
    game = new_game(hand=["3100", "1111", "1111"])
    game.jungle[(0, 0)] = ("temple", 0)
    put_jungle(game, (-2, 0), "volcano", 2)
    game.gold[0] = 2
    events = game.apply(Place("3100", 3, (-1, 0)))
    paid = kinds(events, ev.GoldPaid)[0]
    assert (game.gold[0], paid.paid, paid.owed) == (0, 2, 3)


def test_volcano_at_zero_gold_pays_nothing() -> None:
    """R3.9: with no gold at that moment nothing is paid."""
    game = new_game(hand=["3100", "1111", "1111"])
    game.jungle[(0, 0)] = ("temple", 0)
    put_jungle(game, (-2, 0), "volcano", 2)
    events = game.apply(Place("3100", 3, (-1, 0)))
    assert game.gold[0] == 0 and kinds(events, ev.GoldPaid)[0].paid == 0


def test_volcano_payment_comes_before_this_turns_gold() -> None:
    """R3.10: paying while poorer never costs more, so the volcano is paid first."""
    game = new_game(hand=["1111", "1111", "1111"])
    game.jungle[(0, 0)] = ("gold2", 0)
    game.jungle[(1, 1)] = ("volcano", 2)
    events = game.apply(Place("1111", 0, (1, 0)))
    assert kinds(events, ev.GoldPaid)[0].paid == 0
    assert game.gold[0] == 2


def test_illegal_resolution_raises_and_changes_nothing() -> None:
    """R3.9: amounts beyond the cacao held or the workers are refused, and so are amounts and
    sides of another type than int even when equal to a legal one (1.0 once made gold a float)."""
    game = resolve_one_edge("market3", "3100", 3, cacao=2)
    before = state_of(game)
    for bad in (
        Resolve((-1, 0), W, 3),
        Resolve((-1, 0), N, 0),
        Resolve((9, 9), W, 1),
        Resolve((-1, 0), W, 1.0),  # type: ignore[arg-type]
        Resolve((-1, 0), W, True),
        Resolve((-1, 0), float(W), 1),  # type: ignore[arg-type]
        Resolve([-1, 0], W, 1),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalResolutionError):
            game.apply(bad)
    assert state_of(game) == before


# ----------------------------------------------------------------- overbuild (R3.3)


def overbuild_board(sun: int = 1, display: list[str] | None = None, pile: list[str] | None = None) -> Game:
    game = new_game(hand=["3100", "1111", "1111"], display=display or [], pile=pile or [])
    put_worker(game, (1, 0), 0, "1111")
    put_worker(game, (0, 1), 1, "1111")
    game.sun[0] = sun
    return game


def test_overbuild_when_jungle_is_exhausted() -> None:
    """R3.3: with pile and display empty, 1 sun buys a tile on top of one's own tile; the new
    workers act and the covered tile stays underneath."""
    game = overbuild_board()
    assert Overbuild("3100", 3, (1, 0)) in game.legal_actions()
    events = game.apply(Overbuild("3100", 3, (1, 0)))
    assert game.sun[0] == 0 and kinds(events, ev.SunSpent)
    assert game.workers[(1, 0)].tile == "3100" and game.covered[(1, 0)].tile == "1111"
    assert game.cacao[0] == 3, "3 workers on the W edge face the start plantation"


@pytest.mark.parametrize(
    ("kwargs", "target", "bar"),
    [
        ({"display": ["water"]}, (1, 0), OverbuildBar.JUNGLE_LEFT),
        ({"pile": ["water"]}, (1, 0), OverbuildBar.JUNGLE_LEFT),
        ({"sun": 0}, (1, 0), OverbuildBar.NO_SUN),
        ({}, (0, 1), OverbuildBar.NOT_OWN),
        ({}, (-1, 0), OverbuildBar.NOT_OWN),
    ],
    ids=["display-not-empty", "pile-not-empty", "no-sun", "opponents-tile", "empty-square"],
)
def test_overbuild_conditions(kwargs: dict, target: tuple[int, int], bar: OverbuildBar) -> None:
    """R3.3: display and pile empty, a sun token, and one's own tile; ``overbuild_bar`` names
    the condition that fails (the table says it when a player clicks their own tile)."""
    game = overbuild_board(**kwargs)
    before = state_of(game)
    assert game.overbuild_bar(target) is bar and overbuild_board().overbuild_bar((1, 0)) is None
    assert not any(isinstance(a, Overbuild) for a in game.legal_actions() if a.pos == target)
    with pytest.raises(IllegalPlacementError):
        game.apply(Overbuild("3100", 0, target))
    assert state_of(game) == before


def test_a_square_is_overbuilt_once() -> None:
    """R3.3: each worker tile may be overbuilt only once."""
    game = overbuild_board(sun=3)
    game.apply(Overbuild("3100", 0, (1, 0)))
    game.mover = 0
    game.hands[0] = ["1111"]
    assert game.overbuild_bar((1, 0)) is OverbuildBar.OVERBUILT
    with pytest.raises(IllegalPlacementError):
        game.apply(Overbuild("1111", 0, (1, 0)))


def test_normal_placement_stays_legal_when_overbuild_is() -> None:
    """R3.3: overbuilding is a choice ("may"), placing normally remains legal."""
    game = overbuild_board()
    actions = game.legal_actions()
    assert any(isinstance(a, Place) for a in actions) and any(isinstance(a, Overbuild) for a in actions)


# ----------------------------------------------------------------- end of turn and game (R3.12, R4)


def test_end_of_turn_draw_and_refill() -> None:
    """R3.12: the mover draws the pile's top worker tile, then the display refills to 2."""
    game = Game.new(2, seed=9)
    top = game.worker_piles[0][-1]
    game.apply(Place(game.hands[0][0], 0, (-1, 0)))
    while game.current_player() == 0 and game.decision().kind is not Phase.PLACE:
        game.apply(game.legal_actions()[0])
    assert top in game.hands[0] and len(game.hands[0]) == 3
    assert len(game.display) == 2


@pytest.mark.parametrize(("players", "tiles"), [(2, 11), (3, 10), (4, 9)])
def test_game_ends_after_every_tile_is_placed(players: int, tiles: int) -> None:
    """R4.1: the game ends after the round in which every seat placed its last tile."""
    game = Game.new(players, seed=1)
    turns = []
    while not game.is_over():
        for event in game.apply(game.legal_actions()[-1]):
            if isinstance(event, ev.TurnEnded):
                turns.append(event.seat)
    assert turns == [t % players for t in range(players * tiles)]
    assert not any(game.hands) and not any(game.worker_piles)
    with pytest.raises(GameOverError):
        game.apply(Place("1111", 0, (1, 0)))
