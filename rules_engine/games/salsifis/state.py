"""The Salsifis position: reading it from JSON, proving it reachable, and writing it back."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import invalid
from ...parsing import (
    HiddenHand, hand_size, read_card, read_cards, read_hand, read_int, read_list, read_object, read_seat, reject_unknown,
)
from .layout import Layout, layout_for
from .joint import check_joint, unsettled_streaks
from .reach import check_shared, check_streaks, check_won
from ...records import record

STATE_FIELDS = frozenset({"players", "turn", "dealer", "hands", "packets", "heap", "placements", "won", "shared",
                          "discarded", "penalties", "alone_streak"})
PLACEMENT_FIELDS = frozenset({"seat", "packet", "card"})
SHARE_FIELDS = frozenset({"seats", "cards"})
PILE_LIMIT = 52  # the whole pack: no hand, pile or share holds more
MAX_PENALTY = 10**6


@record
class Placement:
    """A card put face down by a packet; card is None when it is not disclosed."""

    seat: int
    packet: int
    card: str | None


@record
class Share:
    """A stake whose points are shared by several seats because no single formula won it."""

    seats: tuple[int, ...]
    cards: tuple[str, ...]


@dataclass
class SalsifisState:
    """A position: the turn, the cards held, laid out, placed and won, and what formulas cost."""

    players: int
    turn: int
    dealer: int
    hands: list  # per seat: list[str] | HiddenHand
    packets: list[list[str]]
    heap: list[str] | HiddenHand
    placements: list[Placement]
    won: list  # per seat: list[str] | HiddenHand
    shared: list[Share]
    discarded: list[str] | HiddenHand  # None only while reading, when the field was omitted
    penalties: list[int]
    alone_streak: list  # per seat: lone turns in a row, or None where the position does not say
    layout: Layout
    # Seats whose streak is unknown and may stand at flee_limit: the rule against fleeing cannot be checked for them.
    maybe_bound: frozenset = frozenset()
    # Whether the position listed the discards. A record without them may leave shared stakes out too, so the
    # count the reader infers is no record of discards: the position is written back without them.
    discards_known: bool = True

    @property
    def over(self) -> bool:
        """Whether the last turn has been settled (no packet is left on the table)."""
        return not self.packets

    @property
    def awaiting_layout(self) -> bool:
        """Whether this turn's packets are still to be laid out: the heap still holds their cards."""
        return bool(self.packets) and hand_size(self.heap) > self.layout.heap_after(self.turn)

    @property
    def resolved_turns(self) -> int:
        """How many turns have been settled so far."""
        return self.turn if self.over else self.turn - 1

    def placement_of(self, seat: int) -> Placement | None:
        """The card a seat has put down this turn, if any."""
        return next((p for p in self.placements if p.seat == seat), None)

    def unplaced(self) -> list[int]:
        """The seats that have not put a card down this turn."""
        placed = {p.seat for p in self.placements}
        return [s for s in range(self.players) if s not in placed]


def _required(raw: dict, name: str, what: str) -> object:
    if name not in raw:
        raise invalid(("state", name), f"required: {what}")
    return raw[name]


def _per_seat(value: object, name: str, players: int) -> list:
    values = read_list(value, ("state", name))
    if len(values) != players:
        raise invalid(("state", name), f"must hold one entry per seat: {players}")
    return values


def read_state(options: dict, raw: object) -> SalsifisState:
    """Parse a submitted position and check that legal play can reach it."""
    raw = read_object(raw, ("state",))
    reject_unknown(raw, STATE_FIELDS, ("state",))
    players = read_int(_required(raw, "players", "the number of players, 2 to 5"), ("state", "players"), 2, 5,
                       "salsifis.players")
    layout = layout_for(players, options)
    if "turn" not in raw:
        raise invalid(("state", "turn"), f"required: the turn, 1 to {layout.turns}")
    turn = read_int(raw["turn"], ("state", "turn"), 1, layout.turns, "salsifis.turn.turns")
    dealer = read_seat(raw.get("dealer", 0), ("state", "dealer"), players, "salsifis.players")
    hands = [read_hand(h, ("state", "hands", s), PILE_LIMIT)
             for s, h in enumerate(_per_seat(_required(raw, "hands", "the cards each seat holds"), "hands", players))]
    packets_raw = read_list(_required(raw, "packets", "this turn's face-up packets"), ("state", "packets"))
    if len(packets_raw) > 2:
        raise invalid(("state", "packets"), "a turn has at most two packets", "salsifis.deal.packets")
    packets = [read_cards(p, ("state", "packets", i), PILE_LIMIT) for i, p in enumerate(packets_raw)]
    heap = (HiddenHand(_heap_left(layout, turn, packets)) if raw.get("heap") is None
            else read_hand(raw["heap"], ("state", "heap"), PILE_LIMIT))
    placements = _read_placements([] if raw.get("placements") is None else raw["placements"], players, len(packets))
    won = ([[] for _ in range(players)] if raw.get("won") is None else
           [read_hand(w, ("state", "won", s), PILE_LIMIT) for s, w in enumerate(_per_seat(raw["won"], "won", players))])
    shared = _read_shared([] if raw.get("shared") is None else raw["shared"], players)
    # Omitted, the discards are unknown: whatever the other fields do not account for.
    discarded = (None if raw.get("discarded") is None else
                 read_hand(raw["discarded"], ("state", "discarded"), PILE_LIMIT))
    penalties = ([0] * players if raw.get("penalties") is None else
                 [read_int(p, ("state", "penalties", s), 0, MAX_PENALTY, "salsifis.formula.penalty")
                  for s, p in enumerate(_per_seat(raw["penalties"], "penalties", players))])
    # Omitted, or null for a seat, a streak is unknown (none is before any turn is settled).
    streak = ([None] * players if raw.get("alone_streak") is None else
              [None if n is None else read_int(n, ("state", "alone_streak", s), 0, layout.turns)
               for s, n in enumerate(_per_seat(raw["alone_streak"], "alone_streak", players))])
    state = SalsifisState(players, turn, dealer, hands, packets, heap, placements, won, shared, discarded,
                          penalties, streak, layout)
    state.discards_known = discarded is not None
    if not state.resolved_turns:
        state.alone_streak = [0 if n is None else n for n in streak]
    check_reachable(options, state)
    settle_streaks(options, state, complete=discarded is not None)
    return state


def settle_streaks(options: dict, state: SalsifisState, complete: bool = True) -> None:
    """Fill in the unknown streaks the other records fix at flee_limit, and note the seats they leave open."""
    bound, state.maybe_bound = (unsettled_streaks(options, state, complete) if None in state.alone_streak
                                else ({}, frozenset()))
    for seat, streak in bound.items():
        state.alone_streak[seat] = streak


def _heap_left(layout: Layout, turn: int, packets: list[list[str]]) -> int:
    """The size of an omitted heap: none once the game is over; this turn's cards too while a packet is short."""
    if not packets:
        return 0
    short = any(len(packet) < size for packet, size in zip(packets, layout.packets_of(turn)))
    return layout.heap_after(turn - 1 if short else turn)


def _read_placements(value: object, players: int, packets: int) -> list[Placement]:
    items = read_list(value, ("state", "placements"))
    if len(items) > players:
        raise invalid(("state", "placements"), f"holds {len(items)} placements for {players} seats",
                      "salsifis.turn.place")
    placements: list[Placement] = []
    seats: set[int] = set()
    for index, item in enumerate(items):
        pointer = ("state", "placements", index)
        item = read_object(item, pointer)
        reject_unknown(item, PLACEMENT_FIELDS, pointer)
        if "seat" not in item or "packet" not in item:
            raise invalid(pointer, "a placement is {\"seat\": s, \"packet\": p, \"card\": c}")
        seat = read_seat(item["seat"], pointer + ("seat",), players, "salsifis.players")
        if seat in seats:
            raise invalid(pointer + ("seat",), f"seat {seat} has already placed a card; a seat places one card "
                          "per turn and a change replaces it", "salsifis.turn.change")
        if packets == 0:
            raise invalid(pointer, "no card can be placed once the game is over", "salsifis.turn.turns")
        packet = read_int(item["packet"], pointer + ("packet",), 0, packets - 1)
        card = None if item.get("card") is None else read_card(item["card"], pointer + ("card",))
        placements.append(Placement(seat, packet, card))
        seats.add(seat)
    return placements


def _read_shared(value: object, players: int) -> list[Share]:
    items = read_list(value, ("state", "shared"))
    if len(items) > 20:
        raise invalid(("state", "shared"), "a game settles at most ten packets", "salsifis.formula.shared")
    shares: list[Share] = []
    for index, item in enumerate(items):
        pointer = ("state", "shared", index)
        item = read_object(item, pointer)
        reject_unknown(item, SHARE_FIELDS, pointer)
        seats_raw = read_list(item.get("seats"), pointer + ("seats",))
        seats = tuple(read_seat(s, pointer + ("seats", i), players, "salsifis.players") for i, s in enumerate(seats_raw))
        if len(seats) < 2 or len(set(seats)) != len(seats):
            raise invalid(pointer + ("seats",), "a shared stake is split between two or more different seats",
                          "salsifis.formula.shared")
        cards = tuple(read_cards(item.get("cards"), pointer + ("cards",), PILE_LIMIT))
        if not cards:
            raise invalid(pointer + ("cards",), "a shared stake holds at least its packet's cards",
                          "salsifis.formula.shared")
        shares.append(Share(tuple(sorted(seats)), cards))
    return shares


def check_reachable(options: dict, state: SalsifisState) -> None:
    """Refuse positions that no legal game reaches: wrong sizes, cards missing or doubled, impossible records. A
    seat whose lone streak is unknown (None) is held to some streak, not to zero."""
    _check_table(options, state)
    _check_hands(state)
    _check_records(options, state)
    # Without discards the record is one of won piles alone: cards it leaves out may have been shared too.
    complete = state.discarded is not None
    discards_possible = _discards_possible(options, state)
    if state.discarded is not None and hand_size(state.discarded) and not discards_possible:
        raise invalid(("state", "discarded"), "under the options in force no card is set aside before the end",
                      "salsifis.contest.empty")
    _check_conservation(state, discards_possible)
    check_won(options, state)
    check_shared(options, state)
    check_joint(options, state, complete)


def _check_table(options: dict, state: SalsifisState) -> None:
    """The packets and the heap hold what the layout lays out by this turn (or before this turn's packets)."""
    layout = state.layout
    if state.over:
        if state.turn != layout.turns:
            raise invalid(("state", "packets"), f"packets are laid at the start of every turn; only after turn "
                          f"{layout.turns} is the table empty", "salsifis.deal.packets")
        heap_sizes = (0,)
    else:
        heap_sizes = (layout.heap_after(state.turn), layout.heap_after(state.turn - 1))
        sizes = layout.packets_of(state.turn)
        if len(state.packets) != len(sizes):
            raise invalid(("state", "packets"), f"turn {state.turn} has {len(sizes)} packets", "salsifis.deal.packets")
    if hand_size(state.heap) not in heap_sizes:
        before = f", or {heap_sizes[1]} before this turn's packets are laid out" if len(heap_sizes) > 1 else ""
        raise invalid(("state", "heap"), f"the heap holds the {heap_sizes[0]} cards of the later turns{before}, not "
                      f"{hand_size(state.heap)}", "salsifis.deal.packets")
    if state.over:
        return
    carried = options["unclaimed_packet"] == "carried" and state.turn > 1
    if state.awaiting_layout:
        _check_unlaid(state, carried)
        return
    for index, (packet, size) in enumerate(zip(state.packets, sizes)):
        if len(packet) < size or (len(packet) > size and not carried):
            raise invalid(("state", "packets", index), f"packet {index} of turn {state.turn} holds {size} "
                          f"cards{' or more' if carried else ''}, not {len(packet)}", "salsifis.deal.packets")


def _check_unlaid(state: SalsifisState, carried: bool) -> None:
    """Before the packets are laid out nobody has placed, and a packet holds only cards carried from the last turn."""
    if state.placements:
        raise invalid(("state", "placements"), f"the heap still holds the packets of turn {state.turn}, and no card "
                      "is placed before they are laid out", "salsifis.deal.packets")
    for index, packet in enumerate(state.packets):
        if packet and not carried:
            raise invalid(("state", "packets", index), f"the heap still holds the packets of turn {state.turn}, so "
                          f"packet {index} is empty until they are laid out, not {len(packet)} cards",
                          "salsifis.deal.packets")


def _check_hands(state: SalsifisState) -> None:
    """Each seat holds a card fewer every turn, and one fewer again once it has placed."""
    over, hands = state.over, state.hands
    unplaced_size = 0 if over else state.layout.hand_size - state.turn + 1
    placed_by = {p.seat: p for p in state.placements}
    for seat, hand in enumerate(hands):
        placement = placed_by.get(seat)
        expected = 0 if over else unplaced_size - (placement is not None)
        if placement is not None:
            hand = hands[seat] = _without_placed_card(hand, expected, placement)
        if hand_size(hand) != expected:
            placed = "" if over else (" and has placed its card" if placement else " and has not placed yet")
            raise invalid(("state", "hands", seat), f"seat {seat} holds {expected} cards at turn {state.turn}"
                          f"{placed}, not {hand_size(hand)}", "salsifis.deal.hands")


def _check_records(options: dict, state: SalsifisState) -> None:
    """Penalties and lone streaks that the settled turns can have produced."""
    resolved = state.resolved_turns
    # Nearly every position has no penalty and short streaks: skip the walks that only find the culprit.
    if any(state.penalties):
        for seat, points in enumerate(state.penalties):
            if points % 10:
                raise invalid(("state", "penalties", seat), "penalties come in tens", "salsifis.formula.penalty")
            if points and not resolved:
                raise invalid(("state", "penalties", seat), "no formula has been said before the first reveal",
                              "salsifis.formula.penalty")
    check_streaks(options, state)


def _without_placed_card(hand: list[str] | HiddenHand, expected: int, placement: Placement | None) -> list | HiddenHand:
    """Read a hand that still shows its seat's placed card (the contract's example does) as the hand without it."""
    if placement is None or hand_size(hand) != expected + 1:
        return hand
    if type(hand) is HiddenHand:
        return HiddenHand(expected)
    if placement.card in hand:
        kept = list(hand)
        kept.remove(placement.card)
        return kept
    return hand


def _discards_possible(options: dict, state: SalsifisState) -> bool:
    return (options["unclaimed_packet"] == "discarded" or options["losing_cards"] == "discarded"
            or state.over)


def _check_conservation(state: SalsifisState, discards_possible: bool) -> None:
    deck = state.layout.cards
    shown, in_play = _tally([*state.hands, *state.packets, state.heap])
    for placement in state.placements:
        in_play += 1
        if placement.card is not None:
            shown.append(placement.card)
    settled, total = _tally([*state.won, *(share.cards for share in state.shared)])
    shown += settled
    total += in_play
    if state.discarded is None:
        unknown = len(deck) - total
        state.discarded = HiddenHand(unknown if unknown > 0 and discards_possible else 0)
    discarded, count = _tally([state.discarded])
    shown += discarded
    total += count
    # Set operations settle the usual case at once; the slow walk only finds and words the first bad card.
    distinct = set(shown)
    if len(distinct) != len(shown) or not distinct <= deck:
        _word_bad_card(state)
    if total != len(deck):
        settled = len(deck) - in_play
        raise invalid(("state", "won"), f"{settled} cards have left play in the settled turns, but won, shared and "
                      f"discarded hold {total - in_play}", "salsifis.deal.cards")


def _tally(piles: list) -> tuple[list[str], int]:
    """The disclosed cards of some piles, in order, and how many cards the piles hold in all."""
    shown: list[str] = []
    total = 0
    for pile in piles:
        if type(pile) is HiddenHand:
            total += pile.count
        else:
            shown += pile
            total += len(pile)
    return shown, total


def _word_bad_card(state: SalsifisState) -> None:
    """Raise about the first card, in field order, that is not in the pack or appears twice."""
    deck = state.layout.cards
    seen: set[str] = set()
    located = [(("state", "hands", seat), hand) for seat, hand in enumerate(state.hands)]
    located += [(("state", "packets", index), packet) for index, packet in enumerate(state.packets)]
    located.append((("state", "heap"), state.heap))
    located += [(("state", "placements", index, "card"), [p.card]) for index, p in enumerate(state.placements)
                if p.card is not None]
    located += [(("state", "won", seat), pile) for seat, pile in enumerate(state.won)]
    located += [(("state", "shared", index, "cards"), share.cards) for index, share in enumerate(state.shared)]
    located.append((("state", "discarded"), state.discarded))
    for pointer, cards in located:
        for card in [] if type(cards) is HiddenHand else cards:
            if card not in deck:
                raise invalid(pointer, f"{card} is not in the {len(deck)}-card pack of a {state.players}-player game",
                              "salsifis.deal.cards")
            if card in seen:
                raise invalid(pointer, f"{card} appears twice; the pack holds it once", "salsifis.deal.cards")
            seen.add(card)


def dump_state(state: SalsifisState) -> dict:
    """The JSON form of a position."""
    return {
        "players": state.players, "turn": state.turn, "dealer": state.dealer,
        "hands": [_dump_cards(h) for h in state.hands],
        "packets": [list(p) for p in state.packets],
        "heap": _dump_cards(state.heap),
        "placements": [{"seat": p.seat, "card": p.card, "packet": p.packet} for p in state.placements],
        "won": [_dump_cards(w) for w in state.won],
        "shared": [{"seats": list(s.seats), "cards": list(s.cards)} for s in state.shared],
        "discarded": _dump_cards(state.discarded) if state.discards_known else None,
        "penalties": list(state.penalties),
        "alone_streak": list(state.alone_streak),
    }


def _dump_cards(cards: list[str] | HiddenHand) -> list[str] | dict:
    return {"count": cards.count} if type(cards) is HiddenHand else list(cards)
