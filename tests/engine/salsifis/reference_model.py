"""A reference model of Salsifis written from the rule book's words alone, to check the engine's answers against."""

from __future__ import annotations

import copy
from fractions import Fraction

SUITS = "CDHS"
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
FACES = ("J", "Q", "K")
RANKS = NUMBERS + FACES + ("A",)
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
DEFAULTS = {"kept_three": "S", "removed_twos": "CD", "five_players": "short-last-turn", "losing_cards": "winner",
            "unclaimed_packet": "discarded", "flee_limit": 2, "late_formula": "harmless", "shared_points": "whole"}


def rank(card: str) -> str:
    """The rank part of a card code."""
    return card[:-1]


def points(cards) -> int:
    """salsifis.scoring.values: ace 11, ten 10, king 4, queen 3, jack 2, others nothing."""
    return sum(POINTS.get(rank(card), 0) for card in cards)


def with_defaults(options: dict | None) -> dict:
    """The options in force, defaults filled in."""
    return {**DEFAULTS, **(options or {})}


def pack(players: int, options: dict | None = None) -> list[str]:
    """salsifis.deal.cards and salsifis.deal.five-players: the pack thinned for the table."""
    options = with_defaults(options)
    full = [r + s for r in RANKS for s in SUITS]
    seven_out = {"2" + s for s in SUITS} | {"3" + s for s in SUITS if s != options["kept_three"]}
    if players == 2:
        removed = {r + s for r in ("2", "3", "4") for s in SUITS}
    elif players == 3:
        removed = seven_out
    elif players == 4:
        removed = {"2" + s for s in options["removed_twos"]}
    elif options["five_players"] == "packets-of-two":
        removed = seven_out
    elif options["five_players"] == "four-cards":
        removed = {r + s for r in ("2", "3") for s in SUITS}
    else:
        removed = set()
    return [card for card in full if card not in removed]


def hand_size(players: int, options: dict | None = None) -> int:
    """salsifis.players / salsifis.deal.five-players: cards dealt to each seat."""
    return 4 if players == 5 and with_defaults(options)["five_players"] == "four-cards" else 5


def turns(players: int, options: dict | None = None) -> int:
    """salsifis.turn.turns: one turn per card in a hand."""
    return hand_size(players, options)


def packet_sizes(players: int, turn: int, options: dict | None = None) -> tuple[int, int]:
    """salsifis.deal.packets / salsifis.deal.five-players: the new cards laid by each packet at a turn."""
    mode = with_defaults(options)["five_players"]
    if players == 5 and mode == "packets-of-two":
        return (2, 2)
    if players == 5 and mode == "short-last-turn" and turn == 5:
        return (2, 1)
    return (3, 3)


def beats(a: str, b: str) -> bool:
    """salsifis.order.ranks and salsifis.order.ace: does rank a take rank b."""
    if a == b:
        return False
    if a == "A":
        return b in FACES
    if b == "A":
        return a in NUMBERS
    return RANKS.index(a) > RANKS.index(b)


def contest(placed: list[tuple[int, str]]) -> tuple[str, list[int]]:
    """salsifis.contest.*: the kind of contest by one packet and the seats still in the running."""
    if not placed:
        return "empty", []
    if len(placed) == 1:
        return "alone", [placed[0][0]]
    present = {rank(card) for _, card in placed}
    top = [r for r in present if all(beats(r, other) for other in present - {r})]
    if not top:
        return "cycle", sorted(seat for seat, _ in placed)
    holders = sorted(seat for seat, card in placed if rank(card) == top[0])
    return ("fight" if len(holders) == 1 else "tie"), holders


RANK_OF_WORD = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10", "nine": "9", "eight": "8",
                "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2"}
SUIT_OF_WORD = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def heard(call: dict) -> tuple[list[str], bool]:
    """salsifis.formula.text: the cards named and whether "soup" was said, for calls as words or as fields."""
    if "text" not in call:
        return list(call.get("names") or []), bool(call.get("soup"))
    *named, ending = [part.strip() for part in call["text"].lower().split(",")]
    cards = []
    for name in named:
        rank_word, _, suit_word = name.split()
        cards.append(RANK_OF_WORD[rank_word] + SUIT_OF_WORD[suit_word])
    return cards, ending == "salsifis soup"


def right_formula(kind: str, holders: list[int], placed: dict[int, str], call: dict) -> bool:
    """salsifis.formula.tie and salsifis.formula.cycle: is this call the formula the contest calls for."""
    names, soup = heard(call)
    seat = call["seat"]
    if kind == "tie":
        wanted = sorted(placed[other] for other in holders if other != seat)
        return seat in holders and not soup and sorted(names) == wanted
    if kind == "cycle":
        return seat in holders and soup and not names
    return False


class Model:
    """A full-view Salsifis table, driven move by move, as the rule texts describe it."""

    def __init__(self, state: dict, options: dict | None = None):
        self.options = with_defaults(options)
        self.state = copy.deepcopy(state)
        self.over = False
        self.laid = [[len(packet) for packet in self.state["packets"]]]

    # -- who acts ---------------------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state["players"]

    def placed(self) -> dict[int, tuple[int, str]]:
        """Seat -> (packet, card) of the cards down."""
        return {p["seat"]: (p["packet"], p["card"]) for p in self.state["placements"]}

    def bound(self, seat: int) -> bool:
        """salsifis.turn.fleeing: the seat was alone flee_limit turns running and must fight."""
        limit = self.options["flee_limit"]
        return limit > 0 and self.state["alone_streak"][seat] >= limit

    def alone(self, seat: int, placed: dict[int, tuple[int, str]]) -> bool:
        """Is seat's card the only one by its packet."""
        packet = placed[seat][0]
        return sum(1 for other in placed.values() if other[0] == packet) == 1

    def lonely_bound(self) -> list[int]:
        """Bound seats sitting alone once every seat has a card down."""
        placed = self.placed()
        if len(placed) < self.players:
            return []
        return [seat for seat in range(self.players) if self.bound(seat) and self.alone(seat, placed)]

    def to_act(self) -> tuple[int | None, str]:
        """salsifis.turn.place / salsifis.turn.reveal / salsifis.turn.fleeing: the seat to act and the phase."""
        if self.over:
            return None, "over"
        placed = self.placed()
        if len(placed) < self.players:
            return min(seat for seat in range(self.players) if seat not in placed), "place"
        lonely = self.lonely_bound()
        if lonely:
            return lonely[0], "place"
        return self.state.get("dealer", 0), "resolve"

    def place_allowed(self, seat: int, card: str, packet: int) -> bool:
        """salsifis.turn.card-held, salsifis.turn.change and salsifis.turn.fleeing for one placing."""
        placed = self.placed()
        own = placed.get(seat)
        if card not in self.state["hands"][seat] and not (own and own[1] == card):
            return False
        if own == (packet, card):
            return False
        after = dict(placed)
        after[seat] = (packet, card)
        return not (len(after) == self.players and self.bound(seat) and self.alone(seat, after))

    def legal_places(self) -> set[str]:
        """The place codes of the seat to act."""
        seat, phase = self.to_act()
        if phase != "place":
            return set()
        cards = list(self.state["hands"][seat])
        own = self.placed().get(seat)
        if own:
            cards.append(own[1])
        return {f"place:{card}:{packet}" for card in cards for packet in (0, 1)
                if self.place_allowed(seat, card, packet)}

    # -- moves ------------------------------------------------------------------------------------------------
    def place(self, seat: int, card: str, packet: int) -> None:
        """salsifis.turn.place / salsifis.turn.change: put a card down, taking back any earlier one."""
        hand = self.state["hands"][seat]
        kept = [p for p in self.state["placements"] if p["seat"] != seat]
        for p in self.state["placements"]:
            if p["seat"] == seat:
                hand.append(p["card"])
        hand.remove(card)
        self.state["placements"] = kept + [{"seat": seat, "packet": packet, "card": card}]

    def contests(self) -> list[tuple[str, list[int], list[tuple[int, str]]]]:
        """Kind, seats in the running and placed cards, for packets 0 and 1."""
        placed = self.placed()
        result = []
        for packet in (0, 1):
            by = sorted((seat, card) for seat, (pk, card) in placed.items() if pk == packet)
            kind, holders = contest(by)
            result.append((kind, holders, by))
        return result

    def right_calls(self) -> list[dict]:
        """Every single right formula that could win a tie or cycle now."""
        calls = []
        for kind, holders, by in self.contests():
            cards = dict(by)
            for seat in holders:
                if kind == "tie":
                    calls.append({"seat": seat, "names": sorted(cards[o] for o in holders if o != seat)})
                elif kind == "cycle":
                    calls.append({"seat": seat, "soup": True})
        return calls

    def judge_calls(self, calls: list[dict]) -> tuple[list[int], dict[int, list[int]]]:
        """salsifis.formula.*: penalties per seat and, per packet, the seats whose right formula came first."""
        placed = self.placed()
        contests = self.contests()
        penalties = [0] * self.players
        moment = -1
        winners: dict[int, list[int]] = {0: [], 1: []}
        won_at: dict[int, int] = {}
        for call in calls:
            if not call.get("simultaneous"):
                moment += 1
            packet = placed[call["seat"]][0]
            kind, holders, by = contests[packet]
            if not right_formula(kind, holders, dict(by), call):
                penalties[call["seat"]] += 10
                continue
            first = won_at.setdefault(packet, moment)
            if first == moment:
                if call["seat"] not in winners[packet]:
                    winners[packet].append(call["seat"])
            elif self.options["late_formula"] == "penalized":
                penalties[call["seat"]] += 10
        return penalties, winners

    def resolve(self, calls: list[dict]) -> None:
        """salsifis.turn.reveal: settle both packets, count penalties and lay out the next turn."""
        state = self.state
        penalties, winners = self.judge_calls(calls)
        losing = self.options["losing_cards"]
        carried = []
        for packet, (kind, holders, by) in enumerate(self.contests()):
            stake = list(state["packets"][packet])
            cards = dict(by)
            if kind == "empty":
                if self.options["unclaimed_packet"] == "carried":
                    carried.append((packet, stake))
                else:
                    state["discarded"].extend(stake)
                continue
            if kind in ("alone", "fight"):
                takers = holders
            else:
                takers = winners[packet] or holders
            # Every card but the takers' own is a losing card (salsifis.contest.losing-cards), also when
            # simultaneous right formulas share a stake between some of the players in the running.
            losers = [seat for seat in cards if seat not in takers]
            stake += [cards[seat] for seat in takers]
            for seat in losers:
                if losing == "owners":
                    state["won"][seat].append(cards[seat])
                elif losing == "discarded":
                    state["discarded"].append(cards[seat])
                else:
                    stake.append(cards[seat])
            if len(takers) == 1:
                state["won"][takers[0]].extend(stake)
            else:
                state["shared"].append({"seats": sorted(takers), "cards": stake})
        placed = self.placed()
        for seat in range(self.players):
            state["alone_streak"][seat] = state["alone_streak"][seat] + 1 if self.alone(seat, placed) else 0
            state["penalties"][seat] += penalties[seat]
        state["placements"] = []
        if state["turn"] >= turns(self.players, self.options):
            for _, stake in carried:
                state["discarded"].extend(stake)
            state["packets"] = []
            self.over = True
            return
        state["turn"] += 1
        sizes = packet_sizes(self.players, state["turn"], self.options)
        new = [state["heap"][:sizes[0]], state["heap"][sizes[0]:sizes[0] + sizes[1]]]
        state["heap"] = state["heap"][sizes[0] + sizes[1]:]
        for packet, stake in carried:
            new[packet] = stake + new[packet]
        state["packets"] = new
        self.laid.append([len(packet) for packet in new])

    # -- scoring ----------------------------------------------------------------------------------------------
    def share(self, total: int, seats: list[int], seat: int):
        """salsifis.formula.shared: one sharer's part of a stake under shared_points."""
        k = len(seats)
        mode = self.options["shared_points"]
        if mode == "exact":
            return Fraction(total, k)
        base, remainder = divmod(total, k)
        if mode == "remainder-by-seat":
            dealer = self.state.get("dealer", 0)
            order = sorted(seats, key=lambda s: (s - dealer - 1) % self.players)
            return base + (1 if order.index(seat) < remainder else 0)
        return base

    def score_parts(self) -> list[dict]:
        """Per seat: card points, shared points, penalty, total."""
        parts = []
        for seat in range(self.players):
            values = points(self.state["won"][seat])
            shared = sum((self.share(points(s["cards"]), s["seats"], seat)
                          for s in self.state["shared"] if seat in s["seats"]), Fraction(0))
            penalty = self.state["penalties"][seat]
            parts.append({"values": values, "shared": shared, "penalty": penalty,
                          "total": values + shared - penalty})
        return parts
