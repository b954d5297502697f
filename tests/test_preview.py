"""Turn previews: a placement's whole turn in numbers, from what the mover may know."""

from __future__ import annotations

import random
from collections.abc import Iterator

from phases import game_at
from scenario import new_game, put_jungle, state_of

from cacao_game.ai.medium import MediumPlayer
from cacao_game.app.play.texts import preview_text
from cacao_game.engine import Game, Overbuild, Phase, Place
from cacao_game.engine.tiles import TEMPLE
from cacao_game.session.ledger import gains
from cacao_game.session.preview import nonzero, turn_preview


def placements(game: Game) -> list[Place | Overbuild]:
    """The legal placements of ``game``'s mover."""
    return [a for a in game.legal_actions() if isinstance(a, (Place, Overbuild))]


def test_a_sale_reads_as_gold_gained_and_cacao_spent() -> None:
    """R3.10: with full storage, one worker at the price-2 start market sells one cacao: the
    turn shows +2 gold and -1 cacao, and the text says so with those signs."""
    game = new_game(2, hand=["1111", "1111", "1111"])
    game.cacao[0] = 5
    preview = turn_preview(game, Place("1111", 0, (1, 2)))
    assert preview.total == {"gold": 2, "cacao": -1}
    assert not preview.others
    assert "+2 gold" in preview_text(preview, ["Ana", "Ben"])
    assert "-1 cacao" in preview_text(preview, ["Ana", "Ben"])


def test_workers_brought_to_a_temple_read_as_its_gold_as_things_stand() -> None:
    """R5.1: the only workers at a temple win its 6 gold if the game ended now. A placement
    that brings the first worker there earns nothing at once, and its preview says the +6
    (as the temples panel shows it), never "nothing for you" (a trial read that as a
    contradiction)."""
    game = new_game(2, hand=["1111", "1111", "1111"])
    put_jungle(game, (2, 2), TEMPLE)
    preview = turn_preview(game, Place("1111", 0, (1, 2)))
    assert not preview.total and preview.temples == 6
    text = preview_text(preview, ["Ana", "Ben"])
    assert text.startswith("+6 gold at the temples") and "nothing for you" not in text
    elsewhere = turn_preview(game, Place("1111", 0, (-1, 0)))
    assert elsewhere.temples == 0 and "temples" not in preview_text(elsewhere, ["Ana", "Ben"])


def test_what_the_rules_settle_alone_reads_as_earned_not_as_a_choice() -> None:
    """A trial read "+6 gold with your choices" where no choice came (the rules settled the
    rest of the turn): gains after the placement read "with your choices" only when the mover
    has a decision with two ways to make it; else they read as the turn's."""
    from collections import Counter

    from cacao_game.session.preview import TurnPreview

    settled = TurnPreview(at_once=Counter(gold=6), decides_more=False)
    chosen = TurnPreview(at_once=Counter(), then=Counter(gold=6), decides_more=True)
    assert preview_text(settled, ["Ana", "Ben"]) == "+6 gold"
    assert preview_text(chosen, ["Ana", "Ben"]) == "+6 gold with your choices"


def test_what_follows_the_placements_own_gain_says_it_comes_from_the_movers_choices() -> None:
    """A trial read "Hint: +2 gold, -1 sun · then +3 gold" on an overbuild and asked after
    what: the gain of the mover's decisions after the placement's own reads "with your
    choices" there too."""
    from collections import Counter

    from cacao_game.session.preview import TurnPreview

    both = TurnPreview(at_once=Counter(gold=2, sun=-1), then=Counter(gold=3), decides_more=True)
    assert preview_text(both, ["Ana", "Ben"]) == "+2 gold, -1 sun · then +3 gold with your choices"


def test_the_preview_changes_nothing() -> None:
    """Previews run on a stand-in: the game itself is untouched."""
    game = game_at("place")
    before = state_of(game)
    for action in placements(game)[:20]:
        turn_preview(game, action)
    assert state_of(game) == before


def test_the_preview_is_the_turn_medium_would_play() -> None:
    """Without a hidden draw in the turn, the preview's figures are exactly what the mover
    and the others gain when the turn is played with the medium AI's choices."""
    checked = 0
    for name in ("place", "overbuild", "ai_turn"):
        game = game_at(name)
        for action in placements(game)[:25]:
            preview = turn_preview(game, action)
            if preview.guessed:
                continue
            world = game.clone()
            events = world.apply(action)
            player = MediumPlayer(random.Random(0))
            chose = False
            while not world.is_over() and world.phase is not Phase.PLACE:
                chose = chose or (world.current_player() == game.mover and len(world.legal_actions()) > 1)
                events += world.apply(player.choose(world))
            assert preview.decides_more == chose
            assert chose or not preview.then, "what the rules settle alone is the placement's"
            assert nonzero(gains(events, game.mover)) == preview.total
            mover_temples = [
                score.temples for score in (game.score_now()[game.mover], world.score_now()[game.mover])
            ]
            assert preview.temples == mover_temples[1] - mover_temples[0]
            for seat in range(game.players):
                if seat != game.mover:
                    assert nonzero(gains(events, seat)) == preview.others.get(seat, {})
            checked += 1
    assert checked >= 20


def test_the_preview_does_not_peek_at_hidden_tiles() -> None:
    """Two games that differ only in what the mover cannot see (the pile's order, the other
    seats' hands and piles) give the same previews."""
    game = game_at("fill2")
    while game.phase is not Phase.PLACE:
        game.apply(game.legal_actions()[0])
    other = game.clone()
    rng = random.Random(5)
    rng.shuffle(other.jungle_pile)
    for seat in range(other.players):
        if seat != other.mover:
            tiles = other.hands[seat] + other.worker_piles[seat]
            rng.shuffle(tiles)
            size = len(other.hands[seat])
            other.hands[seat], other.worker_piles[seat] = tiles[:size], tiles[size:]
    for action in placements(game)[:30]:
        assert turn_preview(game, action) == turn_preview(other, action)


def test_a_hinted_placement_is_priced_with_the_fills_its_hint_plans() -> None:
    """A trial's hint read "+3 gold with your choices" (the market medium would lay) and the
    next hint laid a temple: once a hint for a placement arrives, that placement's preview
    lays the fills the hint plans (``Advice.whole``), other placements keep the medium AI's,
    and an undo forgets the plan."""
    from cacao_game.ai.explain import Advice
    from cacao_game.engine import Fill
    from cacao_game.session.selection import Selection

    for name in ("place", "overbuild", "ai_turn", "fill2"):
        game = game_at(name)
        while game.phase is not Phase.PLACE:
            game.apply(game.legal_actions()[0])
        for action in placements(game):
            after = game.clone()
            after.apply(action)
            if after.phase is not Phase.FILL or after.fill_source() != "display":
                continue
            medium = turn_preview(game, action)
            for fill in after.legal_actions():
                assert isinstance(fill, Fill)
                planned = turn_preview(game, action, (fill,))
                if planned != medium:
                    break
            else:
                continue
            selection = Selection(game)
            other = next(a for a in placements(game) if a != action)
            assert selection.turn_preview(action) == medium
            before_other = selection.turn_preview(other)
            selection.show_hint(action, Advice(game.mover, action, None, 0.0, (), whole=(action, fill)))
            assert selection.turn_preview(action) == planned != medium
            assert selection.turn_preview(other) == before_other
            selection.reset()
            assert selection.turn_preview(action) == medium
            return
    raise AssertionError("no placement whose fill choice changes its preview")


def two_tile_placements(seeds: range) -> Iterator[Game]:
    """Medium self-play (2 players, base game, one game per seed): a copy of every position
    where the mover places with two tiles face up, to change at will."""
    for seed in seeds:
        game = Game.new(2, "base", seed)
        bot = MediumPlayer(random.Random(seed))
        while not game.is_over():
            if game.phase is Phase.PLACE and len(game.display) == 2:
                yield game.clone()
            game.apply(bot.choose(game))


def test_the_fill_after_a_hinted_placement_gives_the_tiles_its_plan_lays() -> None:
    """A trial confirmed a hinted placement whose ghost laid water, and the fill then had the
    display's first tile picked; another, across machines, saw the hint's fill ghost and had
    to give the tile by hand after confirming. Right after the hinted placement every space
    the hint's plan fills has its planned tile (and turn), so Confirm lays the planned turn;
    a click takes a tile back, and then the planned tile is picked again for that space
    (medium self-play, 2 players, positions where the plan does not start with the display's
    first tile)."""
    from cacao_game.ai.hint import advise
    from cacao_game.engine import Fill
    from cacao_game.session.selection import Selection

    checked = 0
    for game in two_tile_placements(range(600, 640)):
        advice = advise(game, "medium")
        plan = [step for step in advice.whole[1:] if isinstance(step, Fill)]
        if not plan or plan[0].tile == game.display[0]:
            continue
        selection = Selection(game)
        selection.show_hint(advice.action, advice)
        game.apply(advice.action)
        selection.after_apply()
        assert game.phase is Phase.FILL
        given = selection.assignments()
        for step in plan:
            if step.pos in game.pending_fills:
                assert given[step.pos] == (step.tile, step.rotation)
        assert selection.confirm() == plan[0]
        selection.click(plan[0].pos)
        assert plan[0].pos not in selection.assignments()
        assert selection.current_fill_code() == plan[0].tile
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_fill_after_a_placement_picks_the_tile_its_preview_laid() -> None:
    """A trial hovered a square whose preview laid a plantation's ghost on its space, confirmed,
    and found the fill with the display's first tile (a market) picked; Enter was refused. Right
    after a placement confirmed (no hint), the tile its preview laid on the first space is the
    one picked, nothing given by itself; with one space, Confirm gives it that tile and lays it.
    A table whose host turned hints off (no ``suggests``) keeps the display's first tile: the
    preview's pick is the medium AI's advice (medium self-play, 2 players)."""
    from cacao_game.session.selection import Selection

    checked = 0
    for game in two_tile_placements(range(600, 660)):
        previews = ((a, Selection(game).turn_preview(a)) for a in placements(game))
        found = next(((a, p.fills) for a, p in previews if p is not None and p.fills), None)
        if found is None or found[1][0].tile == game.display[0]:
            continue
        action, fills = found
        selection, advised_off = Selection(game), Selection(game, suggests=False)
        for chosen in (selection, advised_off):
            chosen.provisional = action
            assert chosen.confirm() == action
        game.apply(action)
        for chosen in (selection, advised_off):
            chosen.after_apply()
        assert game.phase is Phase.FILL and not selection.assignments()
        assert selection.current_fill_code() == fills[0].tile
        assert advised_off.current_fill_code() == game.display[0]
        if len(game.pending_fills) == 1:
            assert selection.confirm() == fills[0]
            assert selection.confirm_fill() == [fills[0]]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_an_undo_forgets_the_hinted_placements_plan() -> None:
    """An undo back to the fill right after a hinted placement gives no tile by itself: the
    plan belonged to the turn before the undo."""
    from cacao_game.ai.hint import advise
    from cacao_game.engine import Fill
    from cacao_game.session.selection import Selection

    for seed in range(600, 640):
        game = Game.new(2, "base", seed)
        bot = MediumPlayer(random.Random(seed))
        while not game.is_over():
            if game.phase is Phase.PLACE and len(game.display) == 2:
                advice = advise(game, "medium")
                if any(isinstance(step, Fill) for step in advice.whole[1:]):
                    selection = Selection(game)
                    selection.show_hint(advice.action, advice)
                    game.apply(advice.action)
                    selection.after_apply()
                    assert selection.assignments()
                    selection.reset()
                    assert not selection.assignments()
                    return
            game.apply(bot.choose(game))
    raise AssertionError("no hinted placement with a planned fill")


def test_a_preview_names_the_face_up_tiles_its_turn_lays() -> None:
    """A German trial read a placement's label whose gain came from a fill the board did not
    show. A placement's preview names the fills its turn lays, the engine's own included,
    as far as their tiles lie face up before the move: never more of a tile than the display
    shows, each on a space beside the placed tile."""
    from collections import Counter

    from cacao_game.engine.tiles import neighbours

    game = game_at("place")
    shown = Counter(game.display)
    most = 0
    for action in game.legal_actions():
        assert isinstance(action, (Place, Overbuild))
        preview = turn_preview(game, action)
        laid = Counter(fill.tile for fill in preview.fills)
        assert not laid - shown
        assert all(fill.pos in neighbours(action.pos) for fill in preview.fills)
        most = max(most, len(preview.fills))
    assert most == 2, "some placement lays both face-up tiles"
