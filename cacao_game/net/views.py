"""What one recipient may see of a game, both ways across the wire.

Host side: ``table_state(game, you, ...)`` is the ``TableState`` for seat ``you`` (None: a
spectator) and ``event_message(event, you)`` an engine event with what ``you`` may not see
taken out (another seat's drawn worker tile). Nothing here reads the seed, a hidden order or
another seat's hand into a message: those are sent as multisets only.

Client side: ``view_game(state)`` turns a ``TableState`` back into an engine ``Game`` equal
to what ``game.view(you)`` gives on the host (same ``observation_key``), so a client can
ask it for legal moves, previews and scores; ``event_from_message`` rebuilds an event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Sized
from typing import get_args

import msgspec

from cacao_game.engine import ActivatedEdge, Game, Phase, SeatScore, WorkerTile
from cacao_game.engine import events as ev
from cacao_game.engine.setup import (
    Setup,
    canonical_split,
    setup_seen_by,
    sorted_jungle_deck,
    sorted_worker_deck,
)
from cacao_game.net.protocol import (
    DecisionMsg,
    EdgeMsg,
    EventMsg,
    JungleMsg,
    SeatInfo,
    TableState,
    WorkerMsg,
    decode_body,
)
from cacao_game.saves.schema import action_from_json, decision
from cacao_game.session.journal import Entry

EVENT_TYPES: dict[str, type[ev.Event]] = {cls.__name__: cls for cls in get_args(ev.Event)}
"""Every engine event class by name (``EventMsg.name``)."""

SPECTATOR = -1
"""The seat number a spectator's canonical deal is built for (it matches no seat)."""


class _GameEndedBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scores: tuple[SeatScore, ...]
    winners: tuple[int, ...]


def _counts(tiles: Sequence[str]) -> dict[str, int]:
    return dict(sorted(Counter(tiles).items()))


def _tiles(counts: dict[str, int]) -> list[str]:
    return sorted(Counter(counts).elements())


def table_state(
    game: Game, you: int | None, *, table: str, seats: list[SeatInfo], started: bool, hints: bool
) -> TableState:
    """``game`` as seat ``you`` (None: a spectator) may see it."""
    return seat_state(public_state(game, table=table, seats=seats, started=started, hints=hints), game, you)


def public_state(
    game: Game,
    *,
    table: str,
    seats: list[SeatInfo],
    started: bool,
    hints: bool,
    spectators: int = 0,
    start_drawn: bool = False,
) -> TableState:
    """``game`` as a spectator sees it: what every seat's state shares (``seat_state``), with
    ``spectators`` members watching; ``start_drawn``: the first seat was drawn to start."""
    revealed = game.revealed_pile_tile()
    pile = game.jungle_pile[:-1] if revealed else game.jungle_pile
    unplayed = [_counts(game.hands[seat] + game.worker_piles[seat]) for seat in range(game.players)]
    return TableState(
        table=table,
        players=game.players,
        variant=game.variant,
        seats=seats,
        you=None,
        started=started,
        decisions=len(game.actions),
        turn=game.turn,
        mover=game.mover,
        phase=int(game.phase),
        resolving=game.resolving,
        deciding=game.current_player(),
        opening_display=list(game.setup.display),
        opening_hand=[],
        display=list(game.display),
        jungle=[JungleMsg(pos, code, rotation) for pos, (code, rotation) in game.jungle.items()],
        workers=[WorkerMsg(pos, t.seat, t.tile, t.rotation) for pos, t in game.workers.items()],
        covered=[WorkerMsg(pos, t.seat, t.tile, t.rotation) for pos, t in game.covered.items()],
        frontier=sorted(game.frontier),
        pile=_counts(pile),
        revealed=revealed,
        hand=[],
        hand_sizes=[len(hand) for hand in game.hands],
        unplayed=unplayed,
        gold=list(game.gold),
        cacao=list(game.cacao),
        sun=list(game.sun),
        water=list(game.water),
        placed_at=game.placed_at,
        pending_fills=list(game.pending_fills),
        filled=list(game.filled),
        edges=[
            EdgeMsg(e.seat, e.pos, e.side, e.source, e.jungle, e.workers, e.value)
            for edges in game.edges.values()
            for e in edges
        ],
        resolve_queue=list(game.resolve_queue),
        final=list(game.final) if game.final is not None else None,
        hints=hints,
        spectators=spectators,
        start_drawn=start_drawn,
    )


def seat_state(public: TableState, game: Game, you: int | None) -> TableState:
    """``public`` (``public_state`` of ``game``) as seat ``you`` (None: a spectator) may see it:
    its own hand, opening hand and worker pile added. The host builds ``public`` once per
    change and this for each seat (the lists they share are never changed)."""
    if you is None:
        return public
    unplayed = list(public.unplayed)
    unplayed[you] = _counts(game.worker_piles[you])
    return msgspec.structs.replace(
        public,
        you=you,
        opening_hand=list(game.setup.hands[you]),
        hand=list(game.hands[you]),
        unplayed=unplayed,
    )


def event_message(event: ev.Event, you: int | None) -> EventMsg:
    """``event`` for seat ``you`` (None: a spectator): another seat's drawn tile is blanked."""
    if isinstance(event, ev.WorkerDrawn) and event.seat != you:
        event = ev.WorkerDrawn(event.seat, "")
    return EventMsg(type(event).__name__, msgspec.Raw(msgspec.json.encode(event)))


def decision_message(entry: Entry, you: int | None, shared: dict[int, EventMsg] | None = None) -> DecisionMsg:
    """Journal ``entry`` for seat ``you`` (its events redacted by ``event_message``).

    ``shared``: the messages of events every recipient sees alike (all but ``WorkerDrawn``),
    by the event's ``id``, kept while the same entries go to several seats (a host's update
    encodes each such event once, not once a seat); only for events that stay alive while
    it is used."""
    return DecisionMsg(
        entry.seat,
        entry.turn,
        decision(entry.action),
        [_event_message(event, you, shared) for event in entry.events],
        entry.revealed,
        list(entry.totals) if entry.totals is not None else None,
        list(entry.names),
        entry.standin,
    )


def _event_message(event: ev.Event, you: int | None, shared: dict[int, EventMsg] | None) -> EventMsg:
    if shared is None or isinstance(event, ev.WorkerDrawn):
        return event_message(event, you)
    message = shared.get(id(event))
    if message is None:
        message = shared[id(event)] = event_message(event, you)
    return message


def decision_from_message(message: DecisionMsg) -> Entry:
    """The journal entry of a decision message; ``ShapeError`` for a bad event."""
    return Entry(
        message.seat,
        message.turn,
        action_from_json(message.action),
        tuple(event_from_message(event) for event in message.events),
        message.revealed,
        tuple(message.totals) if message.totals is not None else None,
        tuple(message.names),
        message.standin,
    )


def event_from_message(message: EventMsg) -> ev.Event:
    """The engine event of a message; ``ShapeError`` for an unknown name or a bad body."""
    from cacao_game.typed_json import ShapeError

    cls = EVENT_TYPES.get(message.name)
    if cls is None:
        raise ShapeError(f"unknown event {message.name[:40]!r}")
    body = bytes(message.body)
    if cls is ev.GameEnded:
        ended = decode_body(body, _GameEndedBody)
        return ev.GameEnded(ended.scores, ended.winners)
    return decode_body(body, cls)


def _stand_in_setup(state: TableState) -> Setup:
    """A valid deal with the public parts of ``state``'s deal (and the recipient's opening
    hand), put through ``setup_seen_by``: the view's canonical stand-in for the real deal."""
    players, you = state.players, state.you
    jungle = Counter(sorted_jungle_deck(players, state.variant)) - Counter(state.opening_display)
    hands: list[tuple[str, ...]] = []
    piles: list[tuple[str, ...]] = []
    for seat in range(players):
        deck = sorted_worker_deck(players)
        if seat == you:
            hand = list(state.opening_hand)
            pile = sorted((Counter(deck) - Counter(hand)).elements())
        else:
            hand, pile = canonical_split(deck, 3)
        hands.append(tuple(hand))
        piles.append(tuple(pile))
    dealt = Setup(
        players=players,
        variant=state.variant,
        seed=None,
        display=tuple(state.opening_display),
        jungle_pile=tuple(sorted(jungle.elements())),
        hands=tuple(hands),
        worker_piles=tuple(piles),
    )
    return setup_seen_by(dealt, SPECTATOR if you is None else you)


def view_game(state: TableState, since: tuple[TableState, Game] | None = None) -> Game:
    """The game as ``state``'s recipient sees it: equal to ``game.view(you)`` on the host for a
    seat (history not kept, no actions). Raises ValueError if ``state`` is not a consistent
    table (a host that sends nonsense cannot crash a client).

    ``since``: an earlier state of the same table and the game this built from it, unchanged
    since (it is only read). The parts of ``state`` equal to that state's are copied from that
    game instead of converted again: the same game, for less work per update."""
    try:
        return _view_game(state, since)
    except (KeyError, IndexError, TypeError, AssertionError) as error:
        raise ValueError(f"inconsistent table from the host: {type(error).__name__}: {error}") from None


def _check(state: TableState) -> None:
    seats = range(state.players)
    per_seat: list[Sized] = [state.unplayed, state.hand_sizes, state.gold]
    per_seat += [state.cacao, state.sun, state.water]
    if state.final is not None:
        per_seat.append(state.final)
    if any(len(values) != state.players for values in per_seat):
        raise ValueError("per-seat lists do not match the number of players")
    numbers = [
        state.mover,
        *(edge.seat for edge in state.edges),
        *(t.seat for t in state.workers),
        *(t.seat for t in state.covered),
        *state.resolve_queue,
    ]
    if (state.you is not None and state.you not in seats) or any(n not in seats for n in numbers):
        raise ValueError("a seat number out of range")
    if state.deciding not in (*seats, -1) or state.resolving not in (*seats, -1):
        raise ValueError("a deciding seat out of range")
    if any(edge.side not in range(4) for edge in state.edges):
        raise ValueError("an edge side out of range")


def _same_deal(one: TableState, other: TableState) -> bool:
    """Whether both states give the same stand-in deal (``_stand_in_setup``)."""
    return (
        one.players == other.players
        and one.variant == other.variant
        and one.you == other.you
        and one.opening_display == other.opening_display
        and one.opening_hand == other.opening_hand
    )


def _view_game(state: TableState, since: tuple[TableState, Game] | None) -> Game:
    """``view_game``; positions are used as msgspec typed them (``Pos``: two integers)."""
    _check(state)
    before: TableState | None = None
    if since is not None and _same_deal(since[0], state):
        before, game = since[0], since[1].clone()
    else:
        game = Game(_stand_in_setup(state), keep_history=False)
    if before is None or state.jungle != before.jungle:
        game.jungle = {t.pos: (t.code, t.rotation) for t in state.jungle}
    if before is None or state.workers != before.workers:
        game.workers = {t.pos: WorkerTile(t.seat, t.tile, t.rotation) for t in state.workers}
    if before is None or state.covered != before.covered:
        game.covered = {t.pos: WorkerTile(t.seat, t.tile, t.rotation) for t in state.covered}
    if before is None or state.frontier != before.frontier:
        game.frontier = set(state.frontier)
    if before is None or state.pile != before.pile or state.revealed != before.revealed:
        rest = canonical_split(_tiles(state.pile), 0)[1]
        game.jungle_pile = rest + ([state.revealed] if state.revealed else [])
    game.display = list(state.display)
    if (
        before is None
        or state.unplayed != before.unplayed
        or state.hand != before.hand
        or state.hand_sizes != before.hand_sizes
    ):
        _fill_hands(game, state)
    game.gold, game.cacao = list(state.gold), list(state.cacao)
    game.sun, game.water = list(state.sun), list(state.water)
    game.phase = Phase(state.phase)
    game.mover, game.turn = state.mover, state.turn
    game.placed_at = state.placed_at
    game.pending_fills = list(state.pending_fills)
    game.filled = list(state.filled)
    if before is None or state.edges != before.edges:
        edges: dict[int, list[ActivatedEdge]] = {}
        for e in state.edges:
            edge = ActivatedEdge(e.seat, e.pos, e.side, e.source, e.jungle, e.workers, e.value)
            edges.setdefault(e.seat, []).append(edge)
        game.edges = edges
    game.resolve_queue = list(state.resolve_queue)
    game.resolving = state.resolving
    game.final = tuple(state.final) if state.final is not None else None
    return game


def _fill_hands(game: Game, state: TableState) -> None:
    """Every seat's hand and worker pile: the recipient's as they are, the others' in the
    canonical split of what they have not played."""
    for seat in range(state.players):
        tiles = _tiles(state.unplayed[seat])
        if seat == state.you:
            game.hands[seat] = list(state.hand)
            game.worker_piles[seat] = canonical_split(tiles, 0)[1]
        else:
            game.hands[seat], game.worker_piles[seat] = canonical_split(tiles, state.hand_sizes[seat])
