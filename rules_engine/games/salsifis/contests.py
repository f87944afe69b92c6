"""Who takes a packet: how cards compare, the kinds of contest, and how formulas settle the open ones."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import RANK, card_name
from .formulas import say
from ...records import record

FACES = frozenset(("J", "Q", "K"))
STRENGTH = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}

KIND_RULES = {
    "alone": "salsifis.contest.alone", "fight": "salsifis.contest.fight", "tie": "salsifis.contest.tie",
    "cycle": "salsifis.contest.cycle", "empty": "salsifis.contest.empty",
}


def rank_beats(a: str, b: str) -> bool:
    """Whether rank a takes rank b: K high to 2 low, the ace above the faces but below every number."""
    if a == b:
        return False
    if a == "A":
        return b in FACES
    if b == "A":
        return a not in FACES
    return STRENGTH[a] > STRENGTH[b]


@record
class Call:
    """A formula said aloud at the reveal: the cards named before "salsifis", and whether "soup" followed."""

    seat: int
    names: tuple[str, ...] = ()
    soup: bool = False  # "salsifis soup" names no card; names and soup together make a formula never right
    simultaneous: bool = False  # said at the same moment as the call before it
    text: str | None = None

    @property
    def words(self) -> str:
        """The formula as said: its text when given, else read out from its names."""
        return self.text if self.text is not None else say(self.names, self.soup)


@record
class Contest:
    """The cards revealed by one packet and what kind of contest they make."""

    packet: int
    kind: str  # alone, fight, tie, cycle or empty
    cards: dict[int, str]  # seat -> card, in seat order
    contenders: tuple[int, ...]  # the winner (alone, fight), the tied seats (tie), every seat (cycle)

    @property
    def needs_formula(self) -> bool:
        """Whether a formula decides who takes the packet."""
        return self.kind in ("tie", "cycle")

    def formula_for(self, seat: int) -> Call | None:
        """The correct formula for a seat, or None when the situation gives that seat none to say."""
        if not self.needs_formula or seat not in self.contenders:
            return None
        if self.kind == "cycle":
            return Call(seat, soup=True)
        return Call(seat, tuple(self.cards[s] for s in self.contenders if s != seat))


def classify(packet: int, cards: dict[int, str]) -> Contest:
    """Name the contest the revealed cards make on one packet."""
    seats = tuple(sorted(cards))
    ordered = {s: cards[s] for s in seats}
    if not seats:
        return Contest(packet, "empty", ordered, ())
    if len(seats) == 1:
        return Contest(packet, "alone", ordered, seats)
    ranks = {RANK[c] for c in cards.values()}
    top = [r for r in ranks if all(rank_beats(r, other) for other in ranks if other != r)]
    if not top:
        # No rank takes all the others; pairs inside a cycle do not make a tie.
        return Contest(packet, "cycle", ordered, seats)
    holders = tuple(s for s in seats if RANK[cards[s]] == top[0])
    return Contest(packet, "fight" if len(holders) == 1 else "tie", ordered, holders)


def judge(contest: Contest, call: Call) -> str:
    """Judge one formula against its caller's contest: correct, wrong, or uncalled (not called for)."""
    expected = contest.formula_for(call.seat)
    if expected is None:
        return "uncalled"
    return "correct" if call.soup == expected.soup and sorted(call.names) == sorted(expected.names) else "wrong"


@record
class Verdict:
    """What one call amounted to."""

    index: int
    seat: int
    packet: int
    verdict: str  # correct (won or shared the packet), late, wrong or uncalled


@record
class Settlement:
    """How one packet ends: taken by one seat, shared by several, or claimed by nobody."""

    contest: Contest
    winner: int | None
    sharers: tuple[int, ...] = ()
    by_formula: bool = False


def settle(contests: list[Contest], calls: list[Call],
           packet_of: dict[int, int]) -> tuple[list[Settlement], list[Verdict]]:
    """Settle every packet of a turn from the revealed cards and the formulas in the order they were said."""
    moment = -1
    first_moment: dict[int, int] = {}
    quickest: dict[int, list[int]] = {}
    verdicts: list[Verdict] = []
    for index, call in enumerate(calls):
        if not call.simultaneous:
            moment += 1
        packet = packet_of[call.seat]
        verdict = judge(contests[packet], call)
        if verdict == "correct":
            first = first_moment.setdefault(packet, moment)
            if first == moment:
                group = quickest.setdefault(packet, [])
                if call.seat not in group:
                    group.append(call.seat)
            else:
                verdict = "late"
        verdicts.append(Verdict(index, call.seat, packet, verdict))
    settlements = []
    for contest in contests:
        if contest.kind == "empty":
            settlements.append(Settlement(contest, None))
        elif not contest.needs_formula:
            settlements.append(Settlement(contest, contest.contenders[0]))
        else:
            group = quickest.get(contest.packet, [])
            if len(group) == 1:
                settlements.append(Settlement(contest, group[0], by_formula=True))
            else:
                sharers = tuple(sorted(group)) if group else contest.contenders
                settlements.append(Settlement(contest, None, sharers, by_formula=bool(group)))
    return settlements, verdicts


@dataclass
class Taking:
    """Where the cards of a settled packet go."""

    piles: dict[int, list[str]]  # seat -> cards added to its won pile
    share: tuple[tuple[int, ...], list[str]] | None
    discarded: list[str]


def distribute(settlement: Settlement, packet_cards: list[str], losing_cards: str) -> Taking:
    """Send a claimed packet's cards to the winner's pile or to a shared stake; losing cards follow the option."""
    contest = settlement.contest
    piles: dict[int, list[str]] = {}
    discarded: list[str] = []
    in_the_running = (settlement.winner,) if settlement.winner is not None else settlement.sharers
    stake = list(packet_cards) + [contest.cards[s] for s in in_the_running]
    for seat, card in contest.cards.items():
        if seat in in_the_running:
            continue
        if losing_cards == "owners":
            piles.setdefault(seat, []).append(card)
        elif losing_cards == "discarded":
            discarded.append(card)
        else:
            stake.append(card)
    if settlement.winner is not None:
        piles.setdefault(settlement.winner, [])[:0] = stake
        return Taking(piles, None, discarded)
    return Taking(piles, (settlement.sharers, stake), discarded)


def _holding(contest: Contest, seats) -> str:
    held = [f"seat {seat}'s {card_name(contest.cards[seat])}" for seat in seats]
    return " and ".join(held) if len(held) < 3 else ", ".join(held[:-1]) + " and " + held[-1]


def situation(contest: Contest) -> str:
    """The contest on a packet in words: who bet what, and what beat what."""
    packet, seats = contest.packet, tuple(contest.cards)
    beaten = tuple(s for s in seats if s not in contest.contenders)
    if contest.kind == "alone":
        return f"{_holding(contest, seats)} was alone by packet {packet}"
    if contest.kind == "fight":
        return f"on packet {packet}, {_holding(contest, contest.contenders)} beat {_holding(contest, beaten)} outright"
    if contest.kind == "tie":
        over = f", which beat {_holding(contest, beaten)}" if beaten else ""
        return f"packet {packet} is a tie between {_holding(contest, contest.contenders)}{over}"
    return f"packet {packet} is a cycle, where no card beats all the others: {_holding(contest, seats)}"


def verdict_words(contest: Contest, call: Call, verdict: str, penalized: bool) -> str:
    """Why a formula was right, late, wrong or out of place, naming it as it was said."""
    said = f"Seat {call.seat}'s formula \"{call.words}\""
    cost = "costs 10 points" if penalized else "costs nothing"
    if penalized and verdict == "late":
        cost += " (late_formula: penalized)"
    if verdict == "uncalled":
        none = ("no formula was called for" if contest.kind in ("alone", "fight")
                else f"seat {call.seat} had no formula to say")
        return f"{said} {cost}: {situation(contest)}, so {none}."
    if verdict == "wrong":
        return f"{said} {cost}: {situation(contest)}, so the right formula was \"{contest.formula_for(call.seat).words}\"."
    if verdict == "late":
        return (f"{said} was right but late, and {cost}: an earlier right formula had already won packet "
                f"{contest.packet}.")
    return f"{said} is right, and no right formula for packet {contest.packet} was said before it."
