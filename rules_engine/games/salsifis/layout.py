"""How the pack is cut down and laid out for each player count: the pack, the hands, the packets."""

from __future__ import annotations

from functools import cached_property, lru_cache

from ...cards import RANKS
from ...decks import cards_of, make_deck
from ...records import record

# Five turns of two packets of three: the 30-card heap of the rule sheet.
STANDARD_TURNS = ((3, 3),) * 5


@record
class Layout:
    """The pack in play, the cards dealt to each player and the packet sizes of every turn."""

    deck: tuple[str, ...]
    hand_size: int
    packet_sizes: tuple[tuple[int, ...], ...]  # index 0 is turn 1

    @cached_property
    def cards(self) -> frozenset[str]:
        """The pack in play, as a set."""
        return frozenset(self.deck)

    @property
    def turns(self) -> int:
        """How many turns the game lasts."""
        return len(self.packet_sizes)

    def packets_of(self, turn: int) -> tuple[int, ...]:
        """The sizes of the packets laid at the start of a turn (1-based)."""
        return self.packet_sizes[turn - 1]

    @cached_property
    def _heaps(self) -> tuple[int, ...]:
        """The heap left after each turn from 0, worked out once: every request reads it."""
        return tuple(sum(sum(sizes) for sizes in self.packet_sizes[turn:]) for turn in range(self.turns + 1))

    def heap_after(self, turn: int) -> int:
        """How many cards stay in the heap once the packets of `turn` are laid."""
        return self._heaps[turn]


@lru_cache(maxsize=None)
def _without(ranks: tuple[str, ...], extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    return tuple(cards_of(make_deck(ranks=tuple(r for r in RANKS if r not in ranks), removed=extra)))


def _threes_except(kept_suit: str) -> tuple[str, ...]:
    return tuple("3" + s for s in "CDHS" if s != kept_suit)


def layout_for(players: int, options: dict) -> Layout:
    """The layout for a player count under the options in force."""
    return _layout(players, options.get("kept_three"), options.get("removed_twos"), options.get("five_players"))


@lru_cache(maxsize=None)
def _layout(players: int, kept_three: str, removed_twos: str, reading: str) -> Layout:
    options = {"kept_three": kept_three, "removed_twos": removed_twos}
    if players == 2:
        return Layout(_without(("2", "3", "4")), 5, STANDARD_TURNS)
    if players == 3:
        return Layout(_without(("2",), _threes_except(options["kept_three"])), 5, STANDARD_TURNS)
    if players == 4:
        return Layout(_without((), tuple("2" + s for s in options["removed_twos"])), 5, STANDARD_TURNS)
    if reading == "packets-of-two":
        return Layout(_without(("2",), _threes_except(options["kept_three"])), 5, ((2, 2),) * 5)
    if reading == "four-cards":
        return Layout(_without(("2", "3")), 4, ((3, 3),) * 4)
    return Layout(_without(()), 5, ((3, 3),) * 4 + ((2, 1),))

