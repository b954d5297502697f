"""What every source of the table (a play session, a replay) says about its seats."""

from __future__ import annotations

from cacao_game.config.game import GameConfig
from cacao_game.session.source import SeatInfo, seat_infos


class Seats:
    """Names and kinds of ``config``'s seats, in turn order."""

    config: GameConfig

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat as the table names and colours it."""
        return seat_infos(self.config)

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        return [seat.name for seat in self.config.seats]

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind: ``human`` or an AI level."""
        return [seat.kind for seat in self.config.seats]
