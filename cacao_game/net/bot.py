"""A headless client that plays legal moves: for tests, the benchmark and a quick try.

``Bot`` joins a table through a ``Link`` (in the caller's event loop), and whenever the game
waits for its seat picks one of the view's legal decisions with its own seeded generator
(one fill at a time). It measures the delay from each decision sent to the update that
shows it, and stops when the game is over or the host refuses it for good.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cacao_game.net import protocol as p
from cacao_game.net.client import Changed, ClientEvent, Failed, Joined, Link, Refused


@dataclass
class BotReport:
    """What a bot saw: its seat, the delays (seconds) between a decision sent and its update,
    refusals, whether it saw the game end, and the last table state."""

    seat: int | None = None
    delays: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    finished: bool = False
    failed: str | None = None
    state: p.TableState | None = None


class Bot:
    """Plays one seat (``request``: a ``Join`` or ``Create``) until the game ends.

    ``think`` seconds pass before each decision (0: at once); ``seed`` drives its choices.
    ``on_event`` (optional) sees every client event too, ``tap`` every message's bytes.
    """

    def __init__(
        self,
        host: str,
        port: int,
        request: p.Join | p.Create,
        *,
        seed: int = 0,
        think: float = 0.0,
        on_event: Callable[[ClientEvent], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        tap: Callable[[bytes], None] | None = None,
        backoff: tuple[float, float] = (0.05, 1.0),
    ) -> None:
        self.rng = random.Random(seed)
        self.think = think
        self.report = BotReport()
        self.link = Link(
            host, port, request, self._event, rng=random.Random(seed + 1), tap=tap, backoff=backoff
        )
        self.joined = asyncio.Event()
        self._done = asyncio.Event()
        self._extra = on_event
        self._clock = clock
        self._sent: tuple[int, float] | None = None
        self._acted_at = -1

    async def run(self, timeout: float) -> BotReport:
        """Play until the game is over, the host refuses the bot for good, or ``timeout``."""
        task = asyncio.create_task(self.link.run())
        try:
            await asyncio.wait_for(self._done.wait(), timeout)
        except TimeoutError:
            self.report.failed = self.report.failed or "timeout"
        finally:
            await self.link.close()
            task.cancel()
        return self.report

    def _event(self, event: ClientEvent) -> None:
        if self._extra is not None:
            self._extra(event)
        match event:
            case Joined(seat=seat):
                self.report.seat = seat
                self._acted_at = -1  # a decision sent before a drop may be lost: decide again
                self.joined.set()
            case Changed(table=table):
                self.report.state = table.state
                if self._sent is not None and table.decisions > self._sent[0]:
                    self.report.delays.append(self._clock() - self._sent[1])
                    self._sent = None
                if table.state.deciding < 0:
                    self.report.finished = True
                    self._done.set()
                elif table.my_turn and self._acted_at != table.decisions:
                    self._acted_at = table.decisions
                    asyncio.get_running_loop().create_task(self._play(table.decisions))
            case Refused(reason=reason):
                self.report.refusals.append(reason)
                self._acted_at = -1
            case Failed(text=text):
                self.report.failed = text
                self._done.set()
            case _:
                pass

    async def _play(self, at: int) -> None:
        if self.think:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
        table = self.link.table
        if table is None or table.decisions != at or not table.my_turn:
            return
        action = self.rng.choice(table.game.legal_actions())
        message = self.link.command("decide", [action])
        if message is not None:
            self._sent = (at, self._clock())
            await self.link.send(message)
