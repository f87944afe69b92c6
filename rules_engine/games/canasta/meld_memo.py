"""Table melds already judged, kept across requests for one configuration, bounded in bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # melds imports the configuration, which holds a memo
    from .melds import Meld

ENTRY_BYTES = 400      # a key tuple, a Meld and its card list, a dict slot: measured with tracemalloc
CARD_BYTES = 16        # one more card: a pointer in the key tuple and one in the meld's list
MEMO_BYTES = 1 << 20   # per configuration; a table shows a few dozen melds, a megabyte holds thousands


class MeldMemo:
    """Melds by their card list as given; only melds of accepted states are remembered.

    Melds are added by `remember` once the whole position they came in has passed its checks, so
    a refused request leaves nothing behind; when the memo is full it starts again empty.
    """

    def __init__(self, max_bytes: int = MEMO_BYTES):
        self._melds: dict[tuple, Meld] = {}
        self._max_bytes = max_bytes
        self.bytes = 0
        # The meld judged before for a card list, or None: the dict's own lookup, asked of every meld of
        # every request (the dict is cleared, never replaced, so this stays bound to it).
        self.get = self._melds.get

    def remember(self, fresh: list[tuple[tuple, Meld]]) -> None:
        """Keep melds of a position that was accepted."""
        for cards, meld in fresh:
            cost = ENTRY_BYTES + CARD_BYTES * len(cards)
            if self.bytes + cost > self._max_bytes:
                self._melds.clear()
                self.bytes = 0
            if cards not in self._melds:
                self._melds[cards] = meld
                self.bytes += cost

    def __len__(self) -> int:
        return len(self._melds)
