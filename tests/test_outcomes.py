"""Resolutions offered as outcomes (R3.9-R3.10): every reachable end once, in words and
numbers, the medium AI's pick as the default, chosen with one command."""

from __future__ import annotations

import random

from phases import CONFIG, game_at
from scenario import new_game, put_jungle, put_worker

from cacao_game.app.play.texts import outcome_text
from cacao_game.engine import Game, Phase, Place
from cacao_game.session import Choose, PlaySession, ShowHand
from cacao_game.session.ledger import gains
from cacao_game.session.outcomes import outcomes


def reachable(game: Game) -> set[tuple[tuple[str, int], ...]]:
    """Every end of the deciding seat's resolution, by brute force over its legal steps."""
    seat = game.current_player()
    ends = set()
    stack = [(game, [])]
    while stack:
        state, events = stack.pop()
        if events and (state.is_over() or state.phase is not Phase.RESOLVE or state.current_player() != seat):
            ends.add(tuple(sorted((k, v) for k, v in gains(events, seat).items() if v)))
            continue
        for action in state.legal_actions():
            after = state.clone()
            stack.append((after, events + after.apply(action)))
    return ends


def undominated(ends: set[tuple[tuple[str, int], ...]], at_risk: bool) -> set[tuple[tuple[str, int], ...]]:
    """R3.10: the ends no other end beats: on gold and on gold + 4 per cacao, or while gold is
    at risk to a volcano on gold and on cacao."""

    def beats(a: dict[str, int], b: dict[str, int]) -> bool:
        second = (a.get("cacao", 0), b.get("cacao", 0)) if at_risk else (0, 0)
        worth = a.get("gold", 0) + 4 * a.get("cacao", 0), b.get("gold", 0) + 4 * b.get("cacao", 0)
        return a.get("gold", 0) >= b.get("gold", 0) and worth[0] >= worth[1] and second[0] >= second[1]

    held = {end: {k: v for k, v in end if k in ("cacao", "gold")} for end in ends}
    return {end for end in ends if not any(held[o] != held[end] and beats(held[o], held[end]) for o in ends)}


def test_each_reachable_end_is_offered_once_and_its_steps_reach_it() -> None:
    """Across many resolutions of random games: the outcomes are exactly the reachable ends
    that no other beats (R3.10), no two alike, and playing an outcome's steps gives its
    result."""
    seen = 0
    for seed in range(40):
        game = Game.new(3, "volcano", seed)
        rng = random.Random(seed)
        while not game.is_over() and seen < 60:
            if game.phase is Phase.RESOLVE:
                offered = outcomes(game)
                results = [o.result for o in offered]
                assert len(set(results)) == len(results)
                assert set(results) == undominated(reachable(game), game.gold_at_risk(game.current_player()))
                assert sum(o.default for o in offered) == 1
                for outcome in offered:
                    world = game.clone()
                    events = [e for action in outcome.actions for e in world.apply(action)]
                    assert (
                        tuple(sorted((k, v) for k, v in gains(events, game.current_player()).items() if v))
                        == outcome.result
                    )
                seen += 1
            game.apply(rng.choice(game.legal_actions()))
    assert seen >= 60


def test_a_first_sale_that_leads_only_to_beaten_ends_is_not_offered_with_a_volcano_ahead() -> None:
    """R3.10, volcano variant: "a result is only dropped when another has no less gold and no
    less cacao". A French trial held 4 cacao with workers at a market 4, two markets 3 and a
    double plantation, a volcano still to come, and was offered "+1 cacao, +3 gold" beside
    "+1 cacao, +4 gold" and "+6 gold" beside "+7 gold" (the engine offers each step that can
    still reach a best end from where the seat stands: selling at 3 first can). Only the three
    ends no other beats are offered, as without a volcano."""
    for variant in ("base", "volcano"):
        game = new_game(2, hand=["1111", "1111", "1111"], variant=variant)
        game.cacao[0] = 4
        for pos, code in (
            ((3, 1), "market4"),
            ((4, 2), "market3"),
            ((3, 3), "market3"),
            ((2, 2), "plantation2"),
        ):
            put_jungle(game, pos, code)
        game.apply(Place("1111", 0, (3, 2)))
        assert game.gold_at_risk(0) == (variant == "volcano")
        ends = {o.result for o in outcomes(game)}
        assert ends == {(("cacao", 1), ("gold", 4)), (("gold", 7),), (("cacao", -1), ("gold", 10))}, variant


def test_two_workers_at_one_market_give_distinct_choices() -> None:
    """R3.10: two workers at a price-3 market with 2 cacao (and one at the start market): sell
    0, 1 or 2 there — each end once, not a question per worker, in words with its gold."""
    game = new_game(2, hand=["2101", "1111", "1111"])
    game.cacao[0] = 2
    put_jungle(game, (2, 0), "market3")
    game.apply(Place("2101", 0, (2, 1)))
    offered = outcomes(game)
    texts = sorted(outcome_text(o) for o in offered)
    assert len(offered) == len({o.result for o in offered})
    assert any(words.startswith("sell 2 at 3") and result == "-2 cacao, +6 gold" for words, result in texts)
    assert any(words.startswith("sell 1 at 3") and result == "-1 cacao, +3 gold" for words, result in texts)


def test_choosing_an_outcome_plays_all_its_steps() -> None:
    """One Choose(index) applies every step of that outcome through the session: the seat's
    resources move by the outcome's result and the decision passes on."""
    game = game_at("resolve")
    session = PlaySession(CONFIG, game)
    session.handle(ShowHand())
    seat = game.current_player()
    offered = session.outcomes()
    index = next(i for i, o in enumerate(offered) if not o.default)
    before = (session.game.gold[seat], session.game.cacao[seat])
    session.handle(Choose(index))
    wanted = offered[index].gains
    assert session.game.gold[seat] - before[0] == wanted["gold"]
    assert session.game.cacao[seat] - before[1] == wanted["cacao"] + 0
    assert session.game.phase is not Phase.RESOLVE or session.game.current_player() != seat


def test_the_default_is_the_medium_ai_pick_even_on_the_last_turn() -> None:
    """On the last decision of the game, when cacao left over is worth nothing, the default
    outcome sells rather than keeps (the habitual Enter does not throw gold away)."""
    for seed in range(200):
        game = Game.new(2, "base", seed)
        rng = random.Random(seed)
        while not game.is_over():
            last_round = all(not hand for hand in game.hands) or sum(map(len, game.hands)) <= 1
            if game.phase is Phase.RESOLVE and last_round:
                offered = outcomes(game)
                sells = [o for o in offered if o.gains["gold"] > 0 and o.gains["cacao"] < 0]
                if sells:
                    default = next(o for o in offered if o.default)
                    assert default.gains["gold"] >= max(o.gains["gold"] for o in offered) - 0
                    return
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no sale on the last turn found")


def test_off_turn_choice_says_whose_it_is() -> None:
    """An off-turn resolution names the seat deciding and whose turn it is."""
    from cacao_game.app.strings import t

    game = game_at("offturn")
    seat, mover = game.current_player(), game.mover
    assert seat != mover
    text = t("play.resolve_other", name=CONFIG.seats[seat].name, mover=CONFIG.seats[mover].name)
    assert CONFIG.seats[seat].name in text and CONFIG.seats[mover].name in text


def test_placing_at_a_worker_of_another_seat_leaves_its_choice_to_it() -> None:
    """R3.9: a jungle tile laid next to another seat's worker is that seat's to resolve."""
    game = new_game(2, hand=["1111", "1111", "1111"])
    put_worker(game, (3, 0), 1, "1111")
    assert game.current_player() == 0


def test_a_run_of_steps_of_one_kind_reads_as_one_summed_step() -> None:
    """A playtest saw a row read "sell none at 3, sell none at 3, sell none at 3, ..." cut off
    (four workers at price-3 markets, R3.10): runs of one kind, at markets of one price, are
    told once and summed; selling none there is selling 0; other kinds and prices stay apart,
    in order."""
    from cacao_game.app.play.texts import merged_steps
    from cacao_game.session.ledger import Step

    keep3, sell3 = Step("keep", 0, 3), Step("sell", 1, 3)
    assert merged_steps([keep3, keep3, keep3, keep3]) == [keep3]
    assert merged_steps([keep3, sell3, Step("sell", 2, 3), keep3]) == [Step("sell", 3, 3)]
    assert merged_steps([sell3, Step("sell", 1, 2), sell3]) == [sell3, Step("sell", 1, 2), sell3]
    assert merged_steps([Step("harvest", 1), Step("harvest", 2), sell3]) == [Step("harvest", 3), sell3]
    assert merged_steps([Step("harvest", 1), sell3, Step("harvest", 1)]) == [
        Step("harvest", 1),
        sell3,
        Step("harvest", 1),
    ]
    assert merged_steps([]) == []


def test_a_table_without_hints_focuses_the_first_row_not_the_ai_pick() -> None:
    """A trial at a table whose host turned hints off still saw the resolution's focus start
    on the medium AI's pick (and the row tagged "the computer's pick"): that is advice. The
    selection suggests it by default; without ``suggests`` the focus starts on the first
    row (the tag is left out by the table: ``test_net_app``)."""
    from cacao_game.session.selection import Selection

    for seed in range(100):
        game = Game.new(2, "base", seed)
        rng = random.Random(seed)
        while not game.is_over():
            if game.phase is Phase.RESOLVE:
                offered = outcomes(game)
                picked = next((i for i, o in enumerate(offered) if o.default), 0)
                if picked > 0:
                    assert Selection(game).focused() == picked
                    assert Selection(game, suggests=False).focused() == 0
                    return
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no resolution whose AI pick is not its first row")
