"""Who plays with whom: one object answers every question about seats, sides and partners.

Fixed partnerships (partners opposite), players alone, Three-hand's partnership formed in play (the
first to take the pile plays alone against the other two) and Five-person's partner and rentrap (the
seat two places on is a seat's partner; the seat two places back, its rentrap, may add to its melds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

PARTNERS, ALONE, LONE_HAND, PARTNER_RENTRAP = "partners", "alone", "lone_hand", "partner_rentrap"
SEATINGS = (PARTNERS, ALONE, LONE_HAND, PARTNER_RENTRAP)
# The rule each seating's questions cite.
SEATING_RULES = {PARTNERS: "canasta.players.partnerships", ALONE: "canasta.players.alone",
                 LONE_HAND: "canasta.seating.lone-hand", PARTNER_RENTRAP: "canasta.seating.partner-rentrap"}


@dataclass(frozen=True)
class Seating:
    """The seating of one hand; `lone` is Three-hand's lone seat once the pile has been taken."""

    kind: str
    players: int
    lone: int | None = None
    adds_back: bool = False           # Five-person read both ways: a seat adds to its rentrap's melds too

    def __post_init__(self) -> None:
        if self.kind not in SEATINGS:
            raise ValueError(f"unknown seating {self.kind!r}")
        if self.kind == PARTNERS and self.players % 2:
            raise ValueError("partnerships need an even number of players")

    @property
    def sides(self) -> int:
        """How many meld-and-score units the table holds: pairs of partners, or every seat."""
        return self.players // 2 if self.kind == PARTNERS else self.players

    def side_of(self, seat: int) -> int:
        """The unit that owns the melds a seat puts down."""
        return seat % self.sides if self.kind == PARTNERS else seat

    def partner_of(self, seat: int) -> int | None:
        """The seat asked before going out and sharing canastas, or None."""
        if self.kind == PARTNERS:
            return (seat + self.sides) % self.players
        if self.kind == PARTNER_RENTRAP:
            return (seat + 2) % self.players
        if self.kind == LONE_HAND and self.lone is not None and seat != self.lone:
            return next(s for s in range(self.players) if s not in (seat, self.lone))
        return None

    def rentrap_of(self, seat: int) -> int | None:
        """Five-person: the seat two places back, which may add to this seat's melds."""
        return (seat - 2) % self.players if self.kind == PARTNER_RENTRAP else None

    def owners_added_to(self, seat: int) -> tuple[int, ...]:
        """The owners (sides) whose melds a seat may add to."""
        if self.adds_back and self.kind == PARTNER_RENTRAP:
            return (seat, self.partner_of(seat), self.rentrap_of(seat))
        return self.canasta_owners(seat)

    def canasta_owners(self, seat: int) -> tuple[int, ...]:
        """Whose canastas count when a seat would go out: its own and its partner's, where melds are shared."""
        partner = self.partner_of(seat)
        if self.kind in (PARTNER_RENTRAP, LONE_HAND) and partner is not None:
            return (seat, partner)
        return (self.side_of(seat),)

    def score_owners(self, seat: int) -> tuple[int, ...]:
        """Whose hand scores add up into the score this seat is credited with."""
        partner = self.partner_of(seat)
        if self.kind in (LONE_HAND, PARTNER_RENTRAP) and partner is not None:
            return (seat, partner)
        return (self.side_of(seat),)

    @property
    def shares_melds(self) -> bool:
        """Whether a seat may add to or count melds another unit owns (a partnership formed in play, or a
        partner two seats on)."""
        return self.kind == PARTNER_RENTRAP or self.kind == LONE_HAND and self.lone is not None

    def opening_owner(self, seat: int) -> int:
        """Whose game score sets the seat's initial meld minimum (the side's, or the player's own)."""
        return self.side_of(seat)


@lru_cache(maxsize=64)
def seating_of(kind: str, players: int, lone: int | None = None, adds_back: bool = False) -> Seating:
    """The seating of a hand, built once per kind, player count, lone seat and reading: every position read asks."""
    return Seating(kind, players, lone, adds_back)
