"""What the settled turns of a Salsifis game can have left behind: lone streaks, won piles and shared stakes.

Every check here is a necessary condition: it refuses a record only when no sequence of settled turns gives it,
so a position reached in play always passes. joint.py then looks at all the records together.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from ...cards import RANK
from ...errors import invalid
from ...parsing import hand_size
from .contests import FACES

if TYPE_CHECKING:
    from .state import SalsifisState

Sizes = tuple[tuple[int, ...], ...]  # the layout's packet sizes, index 0 is turn 1


# -- lone streaks ------------------------------------------------------------------------------
def check_streaks(options: dict, state: SalsifisState) -> None:
    """Lone streaks no longer than the settled turns or the flee limit, and never more lone seats in a turn than
    its packets and players allow."""
    streaks = [streak or 0 for streak in state.alone_streak]  # an unknown streak is left to the joint check
    longest = max(streaks, default=0)
    if not longest:
        return
    resolved, limit = state.resolved_turns, options["flee_limit"]
    for seat, streak in enumerate(streaks):
        if streak > resolved:
            raise invalid(("state", "alone_streak", seat), f"only {resolved} turns have been settled",
                          "salsifis.turn.fleeing")
        if limit and streak > limit:
            raise invalid(("state", "alone_streak", seat), f"seat {seat} cannot have been alone {streak} turns "
                          f"running: after {limit} lone turns in a row (flee_limit {limit}) it was bound to fight, "
                          "and no reveal takes place while a seat bound to fight sits alone", "salsifis.turn.fleeing")
    for back in range(1, longest + 1):
        turn = resolved - back + 1
        _check_lone_seats(state, turn, [seat for seat, streak in enumerate(streaks) if streak >= back])


def _check_lone_seats(state: SalsifisState, turn: int, lone: list[int]) -> None:
    """The seats whose streaks say they were alone at `turn` each had a packet to themselves, and every other seat
    shared its packet with at least one more."""
    packets, players = len(state.layout.packets_of(turn)), state.players
    alone, others = len(lone), [seat for seat in range(players) if seat not in lone]
    named = seats_words(lone)
    if alone > packets:
        problem = f"but that turn had {packets} packets, and a packet has at most one lone card"
    elif others and alone == packets:
        problem = f"which leaves no packet for {seats_words(others)}, who placed a card too and was not alone"
    elif len(others) == 1 and state.alone_streak[others[0]] is not None:
        problem = (f"so {seats_words(others)} placed on the other packet with nobody else and was alone too, "
                   "yet its alone_streak says it was not")
        lone = others
    else:
        return
    were = "was" if alone == 1 else "were"
    raise invalid(("state", "alone_streak", lone[-1]), f"by the alone_streak entries, {named} {were} alone by "
                  f"{'its packet' if alone == 1 else 'their packets'} at turn {turn}, {problem}",
                  "salsifis.turn.fleeing")


def seats_words(seats: list[int]) -> str:
    """Seats in words: "seat 2", "seats 0, 1 and 3"."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


# -- won piles ---------------------------------------------------------------------------------
def check_won(options: dict, state: SalsifisState) -> None:
    """Each won pile holds a number of cards that the settled turns can add up to, lone turns included."""
    resolved, layout = state.resolved_turns, state.layout
    carried = options["unclaimed_packet"] == "carried"
    key = (layout.packet_sizes, state.players, options["losing_cards"], carried, resolved)
    allowed = won_sizes(*key, 0)
    for seat, pile in enumerate(state.won):
        size, streak = hand_size(pile), state.alone_streak[seat] or 0
        if size not in allowed:
            raise invalid(("state", "won", seat), f"seat {seat}'s won pile holds {size} cards, but after "
                          f"{turns_words(resolved)} a won pile holds {spans_words(allowed)} cards: each turn adds "
                          f"{_gains_words(options, state)}", "salsifis.contest.fight")
        if streak and size not in won_sizes(*key, streak):
            raise invalid(("state", "won", seat), f"seat {seat} was alone by its packet in "
                          f"{'the last settled turn' if streak == 1 else f'each of the last {turns_words(streak)}'} "
                          f"(alone_streak {streak}), and a lone card takes its packet and comes "
                          f"back to its owner with it, so after {turns_words(resolved)} its won pile holds "
                          f"{spans_words(won_sizes(*key, streak))} cards, not {size}", "salsifis.contest.alone")


@lru_cache(maxsize=None)
def won_sizes(sizes: Sizes, players: int, losing_cards: str, carried: bool, resolved: int, lone: int) -> frozenset:
    """Every size a seat's won pile can have after `resolved` settled turns, the last `lone` of them alone."""
    totals = {0}
    for turn in range(1, resolved + 1):
        gains = _turn_gains(packet_sizes(sizes, turn, carried), players, losing_cards, turn > resolved - lone)
        totals = {total + gain for total in totals for gain in gains}
    return frozenset(totals)


def _turn_gains(packets: frozenset, players: int, losing_cards: str, alone: bool) -> set[int]:
    """What one turn can add to a seat's won pile: a lone card brings back its packet; otherwise nothing (lost or
    shared), its own losing card under owners, or the packet won with the winning card and, under winner, the
    cards it beat."""
    if alone:
        return {packet + 1 for packet in packets}
    in_fight = players if losing_cards == "winner" else 1
    gains = {0, 1} if losing_cards == "owners" else {0}
    return gains | {packet + cards for packet in packets for cards in range(1, in_fight + 1)}


@lru_cache(maxsize=None)
def packet_sizes(sizes: Sizes, turn: int, carried: bool) -> frozenset:
    """How many cards a packet of `turn` can hold: as laid out or, when unclaimed packets are carried, with the
    cards of the earlier turns it stayed unclaimed in."""
    found = set()
    for index in range(len(sizes[turn - 1])):
        total, earlier = 0, turn
        while True:
            total += sizes[earlier - 1][index]
            found.add(total)
            earlier -= 1
            if not carried or earlier < 1 or index >= len(sizes[earlier - 1]):
                break
    return frozenset(found)


def _gains_words(options: dict, state: SalsifisState) -> str:
    laid = sorted({size for turn in range(1, state.resolved_turns + 1) for size in state.layout.packets_of(turn)})
    packet = f"a packet of {spans_words(laid)} cards"
    if options["unclaimed_packet"] == "carried":
        packet += " (more when unclaimed packets were carried into it)"
    if options["losing_cards"] == "winner":
        return (f"nothing to a seat that lost or shared its contest, or {packet} with the winning card and the "
                f"cards it beat (up to {state.players - 1}) to the seat that won it")
    kept = ", its own card when it lost (losing_cards owners)" if options["losing_cards"] == "owners" else ""
    return f"nothing to a seat that lost or shared its contest{kept}, or {packet} with the winning card to the winner"


# -- shared stakes -----------------------------------------------------------------------------
def check_shared(options: dict, state: SalsifisState) -> None:
    """Each shared stake holds a packet and the sharers' cards (and, under winner, the cards they beat); a seat
    shares at most one stake in each settled turn it was not alone, and a turn has room for only so many."""
    if not state.shared:
        return
    resolved, layout = state.resolved_turns, state.layout
    carried = options["unclaimed_packet"] == "carried"
    room = sum(min(len(layout.packets_of(turn)), state.players // 2) for turn in range(1, resolved + 1))
    if len(state.shared) > room:
        raise invalid(("state", "shared", room), f"{len(state.shared)} stakes are shared, but a stake is shared by "
                      f"two seats or more and each seat places one card a turn, so in {turns_words(resolved)} "
                      f"{state.players} players share at most {room}", "salsifis.formula.shared")
    counts = [0] * state.players
    for index, share in enumerate(state.shared):
        sizes = stake_sizes(layout.packet_sizes, state.players, options["losing_cards"], carried, resolved,
                            len(share.seats))
        if len(share.cards) not in sizes:
            raise invalid(("state", "shared", index, "cards"), f"shared stake {index} holds {len(share.cards)} cards, "
                          f"but a stake shared by {len(share.seats)} seats holds its packet and the sharers' cards"
                          f"{' with the cards they beat' if options['losing_cards'] == 'winner' else ''}: "
                          f"{spans_words(sizes)} cards after {turns_words(resolved)}", "salsifis.formula.shared")
        if options["losing_cards"] == "winner" and not _tie_or_cycle(share.cards, len(share.seats)):
            raise invalid(("state", "shared", index, "cards"), f"shared stake {index} holds neither "
                          f"{len(share.seats)} cards of one rank nor an ace, a face card and a number card: under "
                          "losing_cards winner a shared stake holds every card of its fight, and a fight is shared "
                          "only when its sharers tie on the top rank or its cards go round in a cycle",
                          "salsifis.formula.shared")
        for seat in share.seats:
            counts[seat] += 1
            free = resolved - (state.alone_streak[seat] or 0)
            if counts[seat] > free:
                raise invalid(("state", "shared", index, "seats"), f"seat {seat} shares {counts[seat]} "
                              f"stake{'' if counts[seat] == 1 else 's'}, but a seat shares at most one stake a turn "
                              f"and none in a turn it was alone, and by its alone_streak it was not alone in only "
                              f"{free} of the {turns_words(resolved)}", "salsifis.formula.shared")


def _tie_or_cycle(cards: tuple[str, ...], sharers: int) -> bool:
    """Whether a stake holding every card of its fight can come from a tie of `sharers` cards or from a cycle."""
    ranks = Counter(RANK[card] for card in cards)
    if max(ranks.values()) >= sharers:
        return True
    return "A" in ranks and not FACES.isdisjoint(ranks) and any(rank not in FACES and rank != "A" for rank in ranks)


@lru_cache(maxsize=None)
def stake_sizes(sizes: Sizes, players: int, losing_cards: str, carried: bool, resolved: int,
                sharers: int) -> frozenset:
    """Every size a stake shared by `sharers` seats can have: a packet of a settled turn, the sharers' cards and,
    under winner, the cards they beat."""
    most = players if losing_cards == "winner" else sharers
    return frozenset(packet + cards for turn in range(1, resolved + 1) for packet in packet_sizes(sizes, turn, carried)
                     for cards in range(sharers, most + 1))


# -- words -------------------------------------------------------------------------------------
def turns_words(count: int) -> str:
    """A count of settled turns in words."""
    return f"{count} settled turn{'' if count == 1 else 's'}"


def spans_words(numbers) -> str:
    """Numbers in words as runs: "0, 4 to 6 or 8"; "none" when there are none."""
    ordered = sorted(numbers)
    if not ordered:
        return "no"
    runs: list[list[int]] = []
    for number in ordered:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    words = [str(low) if low == high else f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
             for low, high in runs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
