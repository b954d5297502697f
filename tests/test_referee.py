"""Tests of the independent game-record referee (tools/referee.py).

Small hand-made records show that the referee accepts a legal game and catches each kind of
violation.  A finished game needs 22+ turns, so the tests that need a ``final`` section build
one with a tiny random player (``_auto_record``) that uses the referee's rule helpers; those
records are first shown to pass, then broken on purpose.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cacao_game.records import RecordError, replay_record


def _load_referee() -> ModuleType:
    """Import tools/referee.py by path (tools/ is not a package)."""
    path = Path(__file__).resolve().parents[1] / "tools" / "referee.py"
    spec = importlib.util.spec_from_file_location("cacao_referee", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ref = _load_referee()


def _p(gold: int = 0, cacao: int = 0, sun: int = 0, water: int = 0) -> dict[str, int]:
    return {"gold": gold, "cacao": cacao, "sun": sun, "water": water}


def _legal_record() -> dict[str, Any]:
    """A hand-made, legal, unfinished 2-player base game of four turns.

    Turn 0: seat 0 puts 1111 at [1, 0]: 1 worker at the plantation, 1 at the market: takes
    1 cacao and sells it for 2.  Turn 1: seat 1 puts 3001 at [0, 1]: 3 workers at the
    plantation, 3 cacao.  Turn 2: seat 0 puts 2101 at [2, 1]: [2, 0] now touches two worker
    tiles and is filled with the display's temple.  Turn 3: seat 1 puts 1111 at [-1, 0]:
    [-1, 1] is filled with the display's sun site; seat 1 gets 1 cacao and 2 suns (one from
    the new tile, one from its 3001 whose W worker touches the new space).
    """
    pile = ["sun", "plantation1", "plantation1", "plantation1", "plantation2", "plantation2"]
    pile += ["market2", "market3", "market3", "market3", "market4", "gold1", "gold2", "water"]
    pile += ["temple", "temple", "temple"]
    return {
        "format": "cacao-record",
        "version": 1,
        "players": 2,
        "variant": "base",
        "seed": 7,
        "seats": [{"color": "red", "kind": "human"}, {"color": "white", "kind": "random"}],
        "setup": {
            "board": [
                {"pos": [0, 0], "tile": "plantation1", "rotation": 0},
                {"pos": [1, 1], "tile": "market2", "rotation": 0},
            ],
            "display": ["temple", "water"],
            "jungle_pile": pile,
            "hands": [["1111", "2101", "3001"], ["3001", "1111", "2101"]],
            "worker_piles": [
                ["1111", "1111", "1111", "2101", "2101", "2101", "2101", "3100"],
                ["2101", "1111", "1111", "1111", "2101", "2101", "2101", "3100"],
            ],
        },
        "turns": [
            {
                "seat": 0,
                "action": {"kind": "place", "tile": "1111", "rotation": 0, "pos": [1, 0]},
                "fills": [],
                "players_after": [_p(gold=2), _p()],
                "drew": "1111",
                "display_after": ["temple", "water"],
            },
            {
                "seat": 1,
                "action": {"kind": "place", "tile": "3001", "rotation": 0, "pos": [0, 1]},
                "fills": [],
                "players_after": [_p(gold=2), _p(cacao=3)],
                "drew": "2101",
                "display_after": ["temple", "water"],
                "resolutions": ["an extra key the referee ignores"],
            },
            {
                "seat": 0,
                "action": {"kind": "place", "tile": "2101", "rotation": 0, "pos": [2, 1]},
                "fills": [{"pos": [2, 0], "tile": "temple", "rotation": 0, "source": "display"}],
                "players_after": [_p(gold=2), _p(cacao=3)],
                "drew": "1111",
                "display_after": ["water", "sun"],
            },
            {
                "seat": 1,
                "action": {"kind": "place", "tile": "1111", "rotation": 0, "pos": [-1, 0]},
                "fills": [{"pos": [-1, 1], "tile": "sun", "rotation": 0, "source": "display"}],
                "players_after": [_p(gold=2), _p(cacao=4, sun=2)],
                "drew": "1111",
                "display_after": ["water", "plantation1"],
            },
        ],
    }


def _auto_record(seed: int, players: int = 2, variant: str = "base") -> dict[str, Any]:
    """Play a whole game with random legal moves and write its record.

    Fills, activations, resolution (most gold, then cacao, sun, water) and scoring use the
    referee's helpers, so this only proves self-consistency; the hand-made records above and
    the unit tests below pin the rules themselves.
    """
    rng = random.Random(seed)
    deck = list(ref.jungle_deck(players, variant).elements())
    rng.shuffle(deck)
    stacks = []
    for _ in range(players):
        tiles = list(ref.worker_set(players).elements())
        rng.shuffle(tiles)
        stacks.append(tiles)
    display, pile = deck[:2], deck[2:]
    hands = [s[:3] for s in stacks]
    piles = [s[3:] for s in stacks]
    colors = ["red", "purple", "white", "yellow"]
    edges = list(ref.RULED_VOLCANO_EDGES)
    setup: dict[str, Any] = {
        "board": [
            {"pos": [0, 0], "tile": "plantation1", "rotation": 0},
            {"pos": [1, 1], "tile": "market2", "rotation": 0},
        ],
        "display": list(display),
        "jungle_pile": list(pile),
        "hands": copy.deepcopy(hands),
        "worker_piles": copy.deepcopy(piles),
    }
    if variant == "volcano":
        setup["volcano_edges"] = edges
    board = ref.Board.start()
    holdings = [ref.Resources(0, 0, 0, 0) for _ in range(players)]
    turns = []
    for index in range(players * sum(ref.worker_set(players).values())):
        seat = index % players
        tile = hands[seat].pop(rng.randrange(len(hands[seat])))
        rot = rng.randrange(4)
        before = list(holdings)
        own = sorted(p for p, st in board.workers.items() if st[-1].owner == seat and len(st) == 1)
        if not display and not pile and holdings[seat].sun and own and rng.random() < 0.7:
            kind, pos = "overbuild", rng.choice(own)
            board.workers[pos].append(ref.WorkerTile(seat, tile, rot))
            before[seat] = before[seat]._replace(sun=before[seat].sun - 1)
            required: list[tuple[int, int]] = []
        else:
            free = {
                ref.neighbour(j, s)
                for j in board.jungle
                for s in range(4)
                if ref.neighbour(j, s) not in board.workers
            }
            kind, pos = "place", rng.choice(sorted(free))
            board.workers[pos] = [ref.WorkerTile(seat, tile, rot)]
            required = sorted(ref.required_fills(board, pos))
        rng.shuffle(required)
        fills = []
        for square in required:
            if display:
                jt, source = display.pop(rng.randrange(len(display))), "display"
            elif pile:
                jt, source = pile.pop(0), "pile"
            else:
                break
            jr = rng.randrange(4) if jt == "volcano" else 0
            board.jungle[square] = (jt, jr)
            fills.append({"pos": list(square), "tile": jt, "rotation": jr, "source": source})
        acts = ref.activations(board, pos, [tuple(f["pos"]) for f in fills], edges)
        holdings = [
            ref.reachable_outcomes(before[s], acts[s]).best() if acts.get(s) else before[s]
            for s in range(players)
        ]
        drew = piles[seat].pop(0) if piles[seat] else None
        if drew:
            hands[seat].append(drew)
        while len(display) < 2 and pile:
            display.append(pile.pop(0))
        turns.append(
            {
                "seat": seat,
                "action": {"kind": kind, "tile": tile, "rotation": rot, "pos": list(pos)},
                "fills": fills,
                "players_after": [h._asdict() for h in holdings],
                "drew": drew,
                "display_after": list(display),
            }
        )
    temples = ref.temple_scores(board, players)
    scores = []
    for seat, h in enumerate(holdings):
        water = ref.WATER_VALUES[h.water]
        total = h.gold + temples[seat] + h.sun + water
        scores.append(
            {"gold": h.gold, "temples": temples[seat], "sun": h.sun, "water": water, "total": total}
            | {"cacao": h.cacao}
        )
    winners = ref.winners_of([s["total"] for s in scores], [s["cacao"] for s in scores])
    return {
        "format": "cacao-record",
        "version": 1,
        "players": players,
        "variant": variant,
        "seed": seed,
        "seats": [{"color": colors[s], "kind": "random"} for s in range(players)],
        "setup": setup,
        "turns": turns,
        "final": {"scores": scores, "winners": winners},
    }


def _has(violations: list[str], *parts: str) -> bool:
    return any(all(p in v for p in parts) for v in violations)


# ---------------------------------------------------------------- legal records


def test_hand_made_legal_record_passes() -> None:
    """A legal unfinished game passes (R3.2 place, R3.4 fills, R3.8 activation, R3.12 refill)."""
    assert ref.check_record(_legal_record()) == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "volcano"])
def test_generated_finished_games_pass(players: int, variant: str) -> None:
    """Whole random games pass, overbuilds and final scoring included (R3.3, R4.1, R5)."""
    for seed in range(3):
        record = json.loads(json.dumps(_auto_record(seed, players, variant)))
        assert ref.check_record(record) == []


def test_generated_games_use_overbuild() -> None:
    """The generator really exercises overbuilding, so R3.3 is covered by the passing games."""
    kinds = {t["action"]["kind"] for seed in range(6) for t in _auto_record(seed)["turns"]}
    assert "overbuild" in kinds


# ------------------------------------------- this program reads another program's records


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "volcano"])
def test_the_game_replays_records_another_program_wrote_to_the_format(players: int, variant: str) -> None:
    """The shared format is the contract: a record of another program (its own shuffle for its
    seed, no ``resolutions``, no ``app_version``) replays in this program to its recorded
    scores; the resolution choices are those that give each turn's ``players_after``."""
    for seed in range(2):
        record = json.loads(json.dumps(_auto_record(seed, players, variant)))
        assert ref.check_record(record) == []
        game = replay_record(record)
        assert game.is_over()
        assert [s.total for s in game.score_now()] == [s["total"] for s in record["final"]["scores"]]


def test_a_forgone_sale_replays_and_a_forgone_harvest_is_refused_by_the_r3_10_ruling() -> None:
    """Rulebook, section C: everybody may forgo carrying out actions in part. At a market
    the rules' seller chooses how many to sell (R3.10), so a record that sold none replays;
    this program takes every other gain in full (R3.10), so a record that harvested less is
    refused, by name, and not replayed wrongly."""
    record = _legal_record()
    del record["turns"][1]["resolutions"]
    assert replay_record(record).cacao[0] == 0
    record["turns"][0]["players_after"][0] = _p(cacao=1)
    for turn in record["turns"][1:]:
        turn["players_after"][0] = _p(cacao=1)
    assert ref.check_record(record) == []
    assert replay_record(record).cacao[0] == 1
    record = _legal_record()
    del record["turns"][1]["resolutions"]
    for turn in record["turns"][1:]:
        turn["players_after"][1]["cacao"] -= 1
    assert ref.check_record(record) == []
    with pytest.raises(RecordError, match=r"^turns\[1\]\.players_after: .*R3\.10"):
        replay_record(record)


# ---------------------------------------------------------------- caught violations


def test_placement_not_adjacent_to_jungle() -> None:
    """R3.2: a worker tile must share an edge with a jungle tile."""
    record = _legal_record()
    record["turns"] = record["turns"][:1]
    record["turns"][0]["action"]["pos"] = [3, 0]
    record["turns"][0]["players_after"][0] = _p()
    violations = ref.check_record(record)
    assert _has(violations, "turns[0].action.pos", "not adjacent", "R3.2")


def test_placement_on_a_jungle_square() -> None:
    """R3.1: worker tiles go only on squares with x+y odd."""
    record = _legal_record()
    record["turns"][0]["action"]["pos"] = [2, 0]
    assert _has(ref.check_record(record), "turns[0].action.pos", "jungle square")


def test_missing_mandatory_fill() -> None:
    """R3.4: [2, 0] touches two worker tiles after turn 2 and must be filled."""
    record = _legal_record()
    record["turns"][2]["fills"] = []
    assert _has(ref.check_record(record), "turns[2].fills", "required", "[2, 0]")


def test_fill_from_pile_while_display_has_tiles() -> None:
    """R3.5: the display tiles are used before any pile tile."""
    record = _legal_record()
    record["turns"][2]["fills"][0] = {"pos": [2, 0], "tile": "sun", "rotation": 0, "source": "pile"}
    assert _has(ref.check_record(record), "turns[2].fills[0].source", "R3.5")


def test_wrong_worker_draw() -> None:
    """R3.12: the mover draws the top tile of their own worker pile."""
    record = _legal_record()
    record["turns"][0]["drew"] = "3100"
    assert _has(ref.check_record(record), "turns[0].drew", "R3.12")


def test_wrong_display_refill() -> None:
    """R3.12: the display is refilled to 2 from the top of the jungle pile."""
    record = _legal_record()
    record["turns"][2]["display_after"] = ["water", "temple"]
    assert _has(ref.check_record(record), "turns[2].display_after", "R3.12")


def test_overbuild_while_display_not_empty() -> None:
    """R3.3: overbuilding is allowed only once the jungle pile and display are both empty."""
    record = _legal_record()
    record["turns"][2]["action"] = {"kind": "overbuild", "tile": "2101", "rotation": 0, "pos": [1, 0]}
    record["turns"][2]["fills"] = []
    violations = ref.check_record(record)
    assert _has(violations, "turns[2].action", "overbuild", "display", "R3.3")
    assert _has(violations, "without a sun token", "R3.3")


def _first_overbuild(record: dict[str, Any], seat_overbuilt_before: bool = False) -> int:
    """Index of the first overbuild turn (optionally: whose seat already overbuilt once)."""
    seen: set[int] = set()
    for index, turn in enumerate(record["turns"]):
        if turn["action"]["kind"] == "overbuild":
            if not seat_overbuilt_before or turn["seat"] in seen:
                return index
            seen.add(turn["seat"])
    raise AssertionError("no suitable overbuild in this record")


def test_overbuild_on_opponent_tile() -> None:
    """R3.3: only the mover's own worker tiles may be overbuilt."""
    record = _auto_record(0)
    index = _first_overbuild(record)
    turn = record["turns"][index]
    other = next(t for t in record["turns"] if t["seat"] != turn["seat"])
    turn["action"]["pos"] = other["action"]["pos"]
    assert _has(ref.check_record(record), f"turns[{index}].action.pos", "not the mover's own", "R3.3")


def test_overbuild_twice_on_one_square() -> None:
    """R3.3: a square can be overbuilt only once."""
    for seed in range(20):
        record = _auto_record(seed)
        try:
            index = _first_overbuild(record, seat_overbuilt_before=True)
        except AssertionError:
            continue
        turn = record["turns"][index]
        earlier = next(
            t
            for t in record["turns"][:index]
            if t["action"]["kind"] == "overbuild" and t["seat"] == turn["seat"]
        )
        turn["action"]["pos"] = earlier["action"]["pos"]
        assert _has(ref.check_record(record), f"turns[{index}].action.pos", "already overbuilt", "R3.3")
        return
    raise AssertionError("no seat overbuilt twice in 20 games")


def test_six_cacao_is_impossible() -> None:
    """R3.9: storage holds 5 cacao; a record claiming 6 is rejected."""
    record = _legal_record()
    record["turns"][1]["players_after"][1] = _p(cacao=6)
    assert _has(ref.check_record(record), "turns[1].players_after[1].cacao", "6")


def test_unreachable_players_after() -> None:
    """R3.9: 3 workers at a single plantation give at most 3 cacao, not 5."""
    record = _legal_record()
    record["turns"][1]["players_after"][1] = _p(cacao=5)
    assert _has(ref.check_record(record), "turns[1].players_after[1]", "not reachable", "R3.9")


def test_other_seat_gains_without_activation() -> None:
    """R3.8: a seat without activated workers keeps its holdings."""
    record = _legal_record()
    record["turns"][1]["players_after"][0] = _p(gold=3)
    assert _has(ref.check_record(record), "turns[1].players_after[0]", "no activated worker")


def test_forgoing_is_allowed() -> None:
    """R3.9: any action except a volcano may be forgone in part or whole."""
    record = _legal_record()
    record["turns"][0]["players_after"][0] = _p(cacao=1)  # took the cacao, did not sell
    for turn in record["turns"][1:]:
        turn["players_after"][0] = _p(cacao=1)
    assert ref.check_record(record) == []


def test_wrong_turn_order() -> None:
    """R2.3: seats move in order 0, 1, 0, 1, ..."""
    record = _legal_record()
    record["turns"][1]["seat"] = 0
    assert _has(ref.check_record(record), "turns[1].seat", "R2.3")


def test_wrong_temple_score() -> None:
    """R5.1: the temple gold in final.scores must match the board."""
    record = _auto_record(1)
    assert ref.check_record(record) == []
    record["final"]["scores"][0]["temples"] += 1
    assert _has(ref.check_record(record), "final.scores[0].temples", "R5.1")


def test_wrong_winner() -> None:
    """R5.4: the winners are the highest totals, ties broken by cacao."""
    record = _auto_record(2)
    assert ref.check_record(record) == []
    winners = record["final"]["winners"]
    record["final"]["winners"] = [s for s in range(2) if s not in winners] or [0, 1]
    if sorted(record["final"]["winners"]) == sorted(winners):  # pragma: no cover - shared win
        record["final"]["winners"] = [0]
    assert _has(ref.check_record(record), "final.winners", "R5.4")


def test_final_missing_and_premature() -> None:
    """R4.1: final is required once every tile is placed and absent before."""
    record = _auto_record(3)
    del record["final"]
    assert _has(ref.check_record(record), "final: missing")
    record = _legal_record()
    record["final"] = {"scores": [], "winners": [0]}
    assert _has(ref.check_record(record), "final: present")


def test_setup_deck_and_workers() -> None:
    """R1.2-R1.4: the jungle deck and the worker tiles match the player count."""
    record = _legal_record()
    record["setup"]["jungle_pile"][0] = "volcano"
    record["setup"]["worker_piles"][1][0] = "3001"
    violations = ref.check_record(record)
    assert _has(violations, "setup.display + setup.jungle_pile", "R1.3")
    assert _has(violations, "setup.hands[1] + setup.worker_piles[1]", "R1.2")


def test_volcano_edges_only_in_volcano_games() -> None:
    """R1.6: volcano_edges is required with volcanoes and forbidden without."""
    record = _legal_record()
    record["setup"]["volcano_edges"] = [2, 2, -1, -1]
    assert _has(ref.check_record(record), "setup.volcano_edges", "base game")
    record = _auto_record(0, 2, "volcano")
    record["setup"]["volcano_edges"] = [2, 3, -1, -1]
    assert _has(ref.check_record(record), "setup.volcano_edges", "2 or -1")


# ---------------------------------------------------------------- malformed input


def test_malformed_position_is_reported() -> None:
    """R2.1 and the record spec: a board square is written [x, y] with integers."""
    record = _legal_record()
    record["turns"][3]["action"]["pos"] = [1, "a"]
    assert _has(ref.check_record(record), "turns[3].action.pos: expected [x, y]")


@pytest.mark.parametrize(
    "garbage", [None, [], "x", 3, {}, {"format": "cacao-record"}, {"turns": [None], "players": "2"}]
)
def test_garbage_never_raises(garbage: Any) -> None:
    """No RULES.md section (record structure): malformed input is reported, never raised."""
    assert ref.check_record(garbage)


def test_random_corruption_never_raises() -> None:
    """No RULES.md section (record structure): one value replaced by junk never raises."""
    rng = random.Random(5)
    base = _auto_record(4, 3, "volcano")
    junk: list[Any] = [None, -1, 99, "x", [], {}, [1], True, 2.5]
    for _ in range(300):
        record = copy.deepcopy(base)
        node: Any = record
        while True:
            keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = rng.choice(keys)
            child = node[key]
            if isinstance(child, dict | list) and child and rng.random() < 0.8:
                node = child
                continue
            node[key] = rng.choice(junk)
            break
        result = ref.check_record(record)
        assert isinstance(result, list)
        assert not any("internal error" in v for v in result)


# ---------------------------------------------------------------- rule helpers


def _board_with(workers: dict[tuple[int, int], tuple[int, str, int]]) -> Any:
    board = ref.Board(jungle={(0, 0): ("temple", 0)})
    for pos, (owner, code, rot) in workers.items():
        board.workers[pos] = [ref.WorkerTile(owner, code, rot)]
    return board


def test_temple_lone_leader_and_shared_second() -> None:
    """R5.1: lone leader 6; two seats tied for second share 3, rounded down (1 each)."""
    board = _board_with(
        {
            (0, -1): (0, "3001", 2),  # S side = code[0] = 3 workers for seat 0
            (1, 0): (1, "1111", 0),  # 1 worker for seat 1
            (0, 1): (2, "1111", 0),  # 1 worker for seat 2
        }
    )
    assert ref.temple_scores(board, 3) == [6, 1, 1]


def test_temple_tied_leaders_no_second() -> None:
    """R5.1: tied leaders share 6 (3 each) and nobody is second."""
    board = _board_with(
        {(0, -1): (0, "2101", 2), (1, 0): (1, "2101", 3), (0, 1): (2, "1111", 0)}
    )  # seat 0: S = code[0] = 2; seat 1: W = code[0] = 2; seat 2: N = 1
    assert ref.temple_scores(board, 3) == [3, 3, 0]


def test_temple_counts_only_top_tile() -> None:
    """R3.3, R5.1: an overbuilt tile's workers no longer count."""
    board = _board_with({(0, -1): (0, "3001", 2)})
    board.workers[(0, -1)].append(ref.WorkerTile(0, "1111", 0))
    assert ref.temple_scores(board, 2) == [6, 0]
    board.workers[(1, 0)] = [ref.WorkerTile(1, "2101", 3)]
    assert ref.temple_scores(board, 2) == [3, 6]


def test_resolution_order_and_volcano() -> None:
    """R3.9: edges in any order; volcano mandatory, nothing paid without gold."""
    start = ref.Resources(0, 0, 0, 0)
    out = ref.reachable_outcomes(start, [ref.Edge("cacao", 2, 1), ref.Edge("market", 3, 1)])
    assert (3, 1, 0, 0) in out  # take 2, sell 1
    assert (0, 2, 0, 0) in out  # take 2, forgo the sale
    assert (6, 0, 0, 0) not in out  # one worker sells one cacao only
    out = ref.reachable_outcomes(start, [ref.Edge("volcano", -1, 2), ref.Edge("gold", 1, 1)])
    assert out.gold_cacao == frozenset({(0, 0), (1, 0)})  # pay first: free; gold first: lost
    out = ref.reachable_outcomes(ref.Resources(0, 4, 3, 8), [ref.Edge("cacao", 2, 1), ref.Edge("sun", 1, 1)])
    assert (0, 5, 3, 8) in out and (0, 6, 3, 8) not in out


def test_main_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R3.12 (the broken record's wrong draw) via the command line: exit 0 / 1 / 2."""
    good = tmp_path / "games" / "good.json"
    good.parent.mkdir()
    good.write_text(json.dumps(_legal_record()))
    assert ref.main([str(tmp_path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    broken = _legal_record()
    broken["turns"][0]["drew"] = "3100"
    (tmp_path / "games" / "bad.json").write_text(json.dumps(broken))
    assert ref.main([str(tmp_path)]) == 1
    assert "1 passed, 1 failed" in capsys.readouterr().out
    assert ref.main([]) == 2
    assert ref.main([str(tmp_path / "missing")]) == 2
