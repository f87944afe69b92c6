"""What the settled turns of a Salsifis game can have left behind, all records together: one run of turns must give
every seat its won pile and lone streak, every shared stake and every carried packet at once.

The search is exact unless it gives up (see WALK_WORK), in which case it refuses nothing, so a position reached in
play always passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from ...errors import invalid
from ...parsing import hand_size
from .reach import Sizes, seats_words, spans_words, turns_words, won_sizes

if TYPE_CHECKING:
    from .state import SalsifisState


# -- the records together ----------------------------------------------------------------------
# The checks above look at one seat or one stake at a time. The walk below looks for one run of settled turns
# that leaves every record at once: it goes back from the last settled turn, tries each way the seats can have
# placed and each packet can have ended, and takes off what that turn added. A seat's state in the walk is
# (cards still to account for, lone turns it still must have had, lone turns in a row just after); FREE stands
# for a won pile left out of the question while a refusal is being worded.
FREE = -1
# The walk gives up after trying this many ways of playing a turn, in all, and then refuses nothing: a record is
# refused only once no run of turns is left untried. The limit keeps the dearest record, seen cold, to some tens of
# milliseconds (bench/README.md, "Salsifis: the records together"). Records from play settle well within it, but
# for a few under losing_cards owners with unclaimed_packet carried, which are then accepted.
WALK_WORK = 5_000


@dataclass(frozen=True, eq=False)
class Table:
    """What stays fixed while the walk goes back through the turns: layout, player count and options. One object
    stands for each combination (see table_for), so the caches keyed on it hash it by identity, at no cost."""

    sizes: Sizes
    players: int
    losing_cards: str
    carried: bool
    flee_limit: int


def check_joint(options: dict, state: SalsifisState, complete: bool = True) -> None:
    """One run of settled turns gives every seat its won pile and lone streak, every shared stake and every
    carried packet together. A record that is not `complete` (its discards left out, so the cards it does not
    show are unknown) may leave out shared stakes too: it is held only to some run of turns sharing any stakes.
    A seat whose streak is unknown (None) may have any."""
    resolved = state.resolved_turns
    if not resolved:
        return
    table, won, stakes, carried = _records(options, state, complete)
    streaks = _streaks(state)
    if records_fit(table, resolved, won, streaks, stakes, carried) is not False:
        return
    _word_misfit(table, state, resolved, won, carried, complete, streaks)


def unsettled_streaks(options: dict, state: SalsifisState, complete: bool = True) -> tuple[dict, frozenset]:
    """For the seats whose streak is unknown, what the other records say of the rule against fleeing: the seats
    every run of turns leaves bound to fight (streak at flee_limit), and those some runs leave bound and some not.

    A seat is asked about one streak at a time, the other unknown ones left open; a walk that gives up counts as
    a run that fits, so a seat is called bound only when every other streak has been ruled out."""
    limit, resolved = options["flee_limit"], state.resolved_turns
    if not limit or resolved < limit or state.over:
        return {}, frozenset()
    table, won, stakes, carried = _records(options, state, complete)
    streaks = _streaks(state)

    def fits(seat: int, streak: int) -> bool:
        tried = streaks[:seat] + (streak,) + streaks[seat + 1:]
        return records_fit(table, resolved, won, tried, stakes, carried) is not False

    bound, open_seats = {}, set()
    for seat, streak in enumerate(streaks):
        if streak == FREE and fits(seat, limit):
            if any(fits(seat, shorter) for shorter in range(limit)):
                open_seats.add(seat)
            else:
                bound[seat] = limit
    return bound, frozenset(open_seats)


def _records(options: dict, state: SalsifisState, complete: bool) -> tuple:
    """The walk's table and the records it is held to: won pile sizes, shared stakes (None: any) and carried cards."""
    table = table_for(state.layout.packet_sizes, state.players, options["losing_cards"],
                      options["unclaimed_packet"] == "carried", options["flee_limit"])
    won = tuple(hand_size(pile) for pile in state.won)
    stakes = tuple(sorted((share.seats, len(share.cards)) for share in state.shared)) if complete else None
    return table, won, stakes, carried_out(state)


def _streaks(state: SalsifisState) -> tuple:
    return tuple(FREE if streak is None else streak for streak in state.alone_streak)


@lru_cache(maxsize=256)
def table_for(sizes: Sizes, players: int, losing_cards: str, carried: bool, flee_limit: int) -> Table:
    """The one Table for a layout, player count and options."""
    return Table(sizes, players, losing_cards, carried, flee_limit)


def carried_out(state: SalsifisState) -> tuple[int, ...]:
    """How many cards the last settled turn carried into each packet on the table."""
    if state.over:
        return (0,) * len(state.layout.packets_of(state.turn))
    if state.awaiting_layout:
        return tuple(len(packet) for packet in state.packets)
    return tuple(len(packet) - size for packet, size in zip(state.packets, state.layout.packets_of(state.turn)))


@lru_cache(maxsize=4096)
def records_fit(table: Table, resolved: int, won: tuple, streaks: tuple, stakes: tuple | None,
                carried: tuple | None) -> bool | None:
    """Whether `resolved` settled turns can leave these won pile sizes (FREE: any), lone streaks, shared stakes
    (None: any) and cards carried into the table's packets (None: any); None when the walk gave up (WALK_WORK)."""
    seats = tuple((pile, streak, 0) for pile, streak in zip(won, streaks))
    root = (resolved, *_canonical(seats, stakes), carried)
    if (table, root) in _PROVED:
        return True
    try:
        found = _Walk(table).fits(*root)
    except _OutOfWork:
        return None
    if found:
        _prove_looser(table, resolved, seats, stakes, carried)
    return found


# States of the walk proved to fit, kept across requests: the next position of the same game goes back through
# the records of this one. Only proofs are kept, so a record is never refused sooner for what an earlier request
# found; at most the walk finds a way of play sooner, where it could also have given up (and refused nothing).
_PROVED: dict = {}
PROVED_KEPT = 1 << 14  # some megabytes at most


def _remember(table: Table, key: tuple) -> None:
    if len(_PROVED) >= PROVED_KEPT:
        _PROVED.clear()  # start afresh rather than pick what to forget: cheap, and safe between threads
    _PROVED[table, key] = None


def _prove_looser(table: Table, resolved: int, seats: tuple, stakes: tuple | None, carried: tuple | None) -> None:
    """Records that fit still fit with lone streaks left open. The next turn's walk meets these records with the
    streaks open for every seat not alone in that turn, and a turn has at most one lone seat a packet."""
    most = max(len(packets) for packets in table.sizes)
    for kept in product((False, True), repeat=len(seats)):
        if sum(kept) <= most:
            looser = tuple(seat if keep else (seat[0], FREE, 0) for seat, keep in zip(seats, kept))
            _remember(table, (resolved, *_canonical(looser, stakes), carried))


class _OutOfWork(Exception):
    """The walk has tried WALK_WORK ways of playing a turn without settling the question."""


def _canonical(seats: tuple, stakes: tuple | None) -> tuple[tuple, tuple | None]:
    """The seats renumbered in the order of their records and stakes, so that the same records met in another
    seat order are worked out once."""
    if not stakes:
        return tuple(sorted(seats)), stakes
    shares = _stake_signatures(stakes, len(seats))
    order = sorted(range(len(seats)), key=lambda seat: (seats[seat], shares[seat]))
    if order == list(range(len(seats))):
        return seats, stakes
    renumbered = {old: new for new, old in enumerate(order)}
    return (tuple(seats[old] for old in order),
            tuple(sorted((tuple(sorted(renumbered[seat] for seat in sharers)), cards) for sharers, cards in stakes)))


@lru_cache(maxsize=4096)
def _stake_signatures(stakes: tuple, players: int) -> tuple:
    """For each seat, the stakes it shares, told apart only by how many share them and their size."""
    return tuple(tuple(sorted((len(sharers), cards) for sharers, cards in stakes if seat in sharers))
                 for seat in range(players))


class _Walk:
    """One search back through the turns, with the states already settled and the work left."""

    def __init__(self, table: Table):
        self.table = table
        self.known: dict = {}
        self.work = WALK_WORK
        self.limit = table.flee_limit

    def fits(self, turn: int, seats: tuple, stakes: tuple | None, carried: tuple | None) -> bool:
        """Whether turns 1 to `turn` can leave these seat records and stakes and carry `carried` on."""
        if turn == 0:
            return (all(left in (0, FREE) and owed <= 0 for left, owed, _ in seats) and not stakes
                    and (carried is None or not any(carried)))
        key = (turn, seats, stakes, carried)
        found = self.known.get(key)
        if found is None:
            if (self.table, key) in _PROVED:
                return True
            if not self._may_total(turn, seats, stakes, carried):
                self.known[key] = False
                return False
            children = self._children(turn, seats, stakes, carried)
            if not self.known:
                # At the top, look first for a way back to a state proved before: the last position of the same
                # game, most often. Deeper down the first way that fits is followed at once.
                seen = []
                for child, carried_in in children:
                    if (self.table, (turn - 1, *child, carried_in)) in _PROVED:
                        _remember(self.table, key)
                        self.known[key] = True
                        return True
                    seen.append((child, carried_in))
                children = seen
            found = self.known[key] = any(self.fits(turn - 1, *child, carried_in) for child, carried_in in children)
            if found:
                _remember(self.table, key)
        return found

    def _may_total(self, turn: int, seats: tuple, stakes: tuple | None, carried: tuple | None) -> bool:
        """A quick test of the records together: the cards still to account for in piles and stakes are a number
        that turns 1 to `turn` can keep out of the discards while carrying `carried` on."""
        if stakes is None or carried is None or any(left == FREE for left, _, _ in seats):
            return True
        total = sum(left for left, _, _ in seats) + sum(cards for _, cards in stakes)
        return total in _kept_totals(self.table)[turn].get(carried, ())

    def _children(self, turn: int, seats: tuple, stakes: tuple | None, carried: tuple | None):
        """The records before turn `turn` for each way it can have been played, with the cards carried into it;
        each at most once."""
        table = self.table
        laid = table.sizes[turn - 1]
        must_alone = must_not = 0
        for seat, (_, owed, run) in enumerate(seats):
            if owed > 0:
                must_alone |= 1 << seat
            elif owed == 0 or (self.limit and run >= self.limit):
                must_not |= 1 << seat
        tracked = table.carried and turn < len(table.sizes)  # an unclaimed packet is carried on, not set aside
        empty = None if carried is None or not tracked else sum(1 << index for index, extra in enumerate(carried)
                                                                if extra)
        lefts = tuple(left for left, _, _ in seats)
        owed_runs = tuple((owed, run) for _, owed, run in seats)
        shareable = None if stakes is None else frozenset(stakes)
        given = set()
        for carried_in in self._carries_in(turn, carried, tracked):
            packets = tuple(size + extra for size, extra in zip(laid, carried_in))
            for alone, effects, by_gain, allowed in _matching_effects(table, packets, shareable, must_alone,
                                                                      must_not, empty):
                self.work -= 1
                after = _after_lone(table, turn, owed_runs, alone)
                fitting = _fitting(lefts, after, by_gain, allowed)
                while fitting:
                    lowest = fitting & -fitting
                    fitting ^= lowest
                    self.work -= 1
                    gains, shares = effects[lowest.bit_length() - 1]
                    left = stakes if not shares or stakes is None else _without(stakes, shares)
                    if left is None and stakes is not None:
                        continue
                    child = tuple((pile if pile == FREE else pile - gain, owed, run)
                                  for pile, gain, (owed, run, _) in zip(lefts, gains, after))
                    canonical = _canonical(child, left)
                    if (canonical, carried_in) not in given:
                        given.add((canonical, carried_in))
                        yield canonical, carried_in
                if self.work < 0:
                    raise _OutOfWork

    def _carries_in(self, turn: int, carried: tuple | None, tracked: bool):
        """The cards each packet of `turn` may have held from earlier unclaimed packets: an unclaimed packet
        carries on all it holds, and every seat placed by one packet or another, so one packet at most of the
        turn before was unclaimed."""
        laid = self.table.sizes[turn - 1]
        choices = []
        for index, size in enumerate(laid):
            earlier = _earlier_carries(self.table.sizes, turn, index) if self.table.carried else (0,)
            if tracked and carried is not None and carried[index]:
                earlier = tuple(extra for extra in earlier if size + extra == carried[index])
            choices.append(earlier)
        return (choice for choice in product(*choices) if len(choice) - choice.count(0) < len(choice))


@lru_cache(maxsize=1 << 14)
def _after_lone(table: Table, turn: int, owed_runs: tuple, alone: int) -> tuple:
    """For each seat, its lone turns owed and lone run before the turn, and the pile sizes the turns before can
    give it."""
    allowed = _allowed_piles(table)
    after = []
    for seat, (owed, run) in enumerate(owed_runs):
        if owed > 0:
            owed, run = owed - 1, 0
        elif owed == 0:
            owed, run = FREE, 0
        elif alone >> seat & 1:
            run = run + 1 if table.flee_limit else 0
        else:
            run = 0
        after.append((owed, run, allowed[turn - 1, max(owed, 0)]))
    return tuple(after)


def _fitting(lefts: tuple, after: tuple, by_gain: tuple, fitting: int) -> int:
    """The effects (as bits) that leave every seat a pile the earlier turns can give it."""
    for pile, (_, _, allowed), gains in zip(lefts, after, by_gain):
        if pile == FREE:
            continue
        fits = 0
        for gain, effects in gains:
            if pile - gain in allowed:
                fits |= effects
        fitting &= fits
        if not fitting:
            break
    return fitting


@lru_cache(maxsize=256)
def _kept_totals(table: Table) -> tuple:
    """For each turn, by the cards it carried on, the numbers of cards the turns up to it can have put in won piles
    and shared stakes together (the rest being discarded or carried on). Where the seats were does not matter
    here, only how many were by each packet."""
    totals = [{(0,) * len(table.sizes[0]): {0}}]
    for turn, laid in enumerate(table.sizes, start=1):
        tracked = table.carried and turn < len(table.sizes)
        after: dict = {}
        for carried_in, kept_before in totals[-1].items():
            packets = tuple(size + (carried_in[index] if index < len(carried_in) else 0)
                            for index, size in enumerate(laid))
            for counts in product(range(table.players + 1), repeat=len(packets)):
                if sum(counts) != table.players:
                    continue
                carried_on = tuple(size if tracked and not count else 0 for size, count in zip(packets, counts))
                kept_now = {0}
                for size, count in zip(packets, counts):
                    kept_now = {kept + extra for kept in kept_now for extra in _kept_by(table, size, count)}
                after.setdefault(carried_on, set()).update(before + now for before in kept_before for now in kept_now)
        totals.append(after)
    return tuple({carried: frozenset(kept) for carried, kept in by_carry.items()} for by_carry in totals)


def _kept_by(table: Table, size: int, count: int) -> range:
    """The cards a packet of `size` with `count` cards by it can leave in won piles and stakes."""
    if not count:
        return range(0, 1)
    if table.losing_cards == "discarded":
        return range(size + 1, size + count + 1)  # the winner's card, or the sharers' cards, stay
    return range(size + count, size + count + 1)


@lru_cache(maxsize=256)
def _allowed_piles(table: Table) -> dict:
    """(turn, lone turns owed) -> the pile sizes turns 1 to `turn` can give a seat alone in the last of them."""
    return {(turn, owed): won_sizes(table.sizes, table.players, table.losing_cards, table.carried, turn, owed)
            for turn in range(len(table.sizes) + 1) for owed in range(turn + 1)}


@lru_cache(maxsize=256)
def _earlier_carries(sizes: Sizes, turn: int, index: int) -> tuple:
    """The cards a packet of `turn` can hold from earlier turns: none, or the packets of the turns just before."""
    found, total, earlier = [0], 0, turn - 1
    while earlier >= 1 and index < len(sizes[earlier - 1]):
        total += sizes[earlier - 1][index]
        found.append(total)
        earlier -= 1
    return tuple(found)


@lru_cache(maxsize=1 << 14)
def _matching_effects(table: Table, packets: tuple, shareable: frozenset | None, must_alone: int, must_not: int,
                      empty: int | None) -> tuple:
    """The ways of _turn_effects with the seats in `must_alone` alone, none of those in `must_not`, and, when
    `empty` is given, exactly those packets unclaimed, as (lone seats, effects, index by gain, effects allowed as
    bits). Stakes shared are those in `shareable`, or any, unrecorded, when it is None."""
    found = []
    for alone, unclaimed, effects, by_gain, plain, sharing in _turn_effects(table, packets):
        if alone & must_alone != must_alone or alone & must_not or empty not in (None, unclaimed):
            continue
        if shareable is None:
            allowed = (1 << len(effects)) - 1
        else:
            allowed = plain
            for shares, bits in sharing:
                if shareable.issuperset(shares):
                    allowed |= bits
        if allowed:
            found.append((alone, effects, by_gain, allowed))
    return tuple(found)


@lru_cache(maxsize=1024)
def _turn_effects(table: Table, packets: tuple) -> tuple:
    """Each way one turn with packets of these sizes can settle, grouped by the seats alone and the packets
    unclaimed (both as bits): the gain per seat and the stakes shared, as (sharers, cards); with an index by gain,
    the effects that share no stake (as bits), and those that share each set of stakes."""
    players = table.players
    found: dict = {}
    for choice in product(range(len(packets)), repeat=players):
        groups = tuple(tuple(seat for seat in range(players) if choice[seat] == index)
                       for index in range(len(packets)))
        alone = sum(1 << group[0] for group in groups if len(group) == 1)
        unclaimed = sum(1 << index for index, group in enumerate(groups) if not group)
        per_packet = [_packet_endings(table, size, group) for size, group in zip(packets, groups)]
        for picked in product(*per_packet):
            gains = [0] * players
            shares = []
            for packet_gains, share in picked:
                for seat, gain in packet_gains:
                    gains[seat] += gain
                if share is not None:
                    shares.append(share)
            found.setdefault((alone, unclaimed), {})[tuple(gains), tuple(sorted(shares))] = None
    grouped = []
    for (alone, unclaimed), listed in found.items():
        effects = tuple(listed)
        sharing: dict = {}
        for number, (_, shares) in enumerate(effects):
            sharing[shares] = sharing.get(shares, 0) | 1 << number
        plain = sharing.pop((), 0)
        grouped.append((alone, unclaimed, effects, _by_gain(effects, players), plain, tuple(sharing.items())))
    return tuple(grouped)


def _by_gain(effects: tuple, players: int) -> tuple:
    """For each seat, each gain some effect gives it, with those effects as bits."""
    index = []
    for seat in range(players):
        bits: dict[int, int] = {}
        for number, (gains, _) in enumerate(effects):
            bits[gains[seat]] = bits.get(gains[seat], 0) | 1 << number
        index.append(tuple(bits.items()))
    return tuple(index)


def _packet_endings(table: Table, size: int, seats: tuple) -> list:
    """How one packet can end: ((seat, gain), ...) and the stake it leaves as (sharers, cards), if any."""
    if len(seats) < 2:
        return [(((seats[0], size + 1),), None)] if seats else [((), None)]
    count, winner_takes = len(seats), table.losing_cards == "winner"
    owners = table.losing_cards == "owners"
    endings = []
    for winner in seats:
        gains = ((winner, size + (count if winner_takes else 1)),)
        if owners:
            gains += tuple((seat, 1) for seat in seats if seat != winner)
        endings.append((gains, None))
    for many in range(2, count + 1):
        for sharers in combinations(seats, many):
            gains = tuple((seat, 1) for seat in seats if seat not in sharers) if owners else ()
            endings.append((gains, (sharers, size + many + (count - many if winner_takes else 0))))
    return endings


def _without(stakes: tuple, used: tuple) -> tuple | None:
    """The stakes left once those a turn shared are taken off; None when one of them is not there."""
    left = list(stakes)
    for stake in used:
        if stake not in left:
            return None
        left.remove(stake)
    return tuple(left)


# -- wording a misfit --------------------------------------------------------------------------
# Records that do not fit together are put back one at a time, in field order, to find the first that breaks the
# fit: the carried packets with the lone streaks, then each shared stake, then each won pile. The tries share one
# walk, so one budget of work and what it found; a try it gives up on counts as fitting, and since the whole
# record is known not to fit, the last won pile is named when no earlier try fails.
def _word_misfit(table: Table, state: SalsifisState, resolved: int, won: tuple, carried: tuple,
                 complete: bool, streaks: tuple) -> None:
    walk = _Walk(table)
    free = (FREE,) * table.players

    def ruled_out(piles: tuple, stakes: tuple | None) -> bool:
        seats = tuple((pile, streak, 0) for pile, streak in zip(piles, streaks))
        try:
            return not walk.fits(resolved, *_canonical(seats, stakes), carried)
        except _OutOfWork:
            return False

    if ruled_out(free, None):
        raise _carried_misfit(table, state, resolved, carried)
    stakes = () if complete else None
    for index, share in enumerate(state.shared if complete else ()):
        stakes = tuple(sorted(stakes + ((share.seats, len(share.cards)),)))
        if ruled_out(free, stakes):
            raise _shared_misfit(state, resolved, index, streaks)
    for seat in range(table.players - 1):
        if ruled_out(won[:seat + 1] + free[seat + 1:], stakes):
            raise _won_misfit(table, state, resolved, won, seat, streaks)
    raise _won_misfit(table, state, resolved, won, table.players - 1, streaks)


def _carried_misfit(table: Table, state: SalsifisState, resolved: int, carried: tuple):
    held = [index for index, extra in enumerate(carried) if extra]
    if not table.carried:
        # Nothing is carried under these options, so the lone streaks alone do not fit.
        return invalid(("state", "alone_streak"), f"no run of {turns_words(resolved)} leaves the alone_streak entries "
                       f"{_entries(state.alone_streak)} together", "salsifis.turn.fleeing")
    if not held:
        return invalid(("state", "packets"), f"no packet holds cards carried on, and under unclaimed_packet carried a "
                       f"packet nobody bets on stays on the table, so at turn {resolved} each packet had a card by it; "
                       f"{state.players} seats cannot do that with the alone_streak entries "
                       f"{_entries(state.alone_streak)} (a seat not alone shares its packet)", "salsifis.contest.empty")
    if len(held) > 1:
        return invalid(("state", "packets", held[-1]), f"every packet holds cards carried from turn {resolved}, but "
                       f"every seat placed a card at that turn, so at most one of its packets was left unclaimed",
                       "salsifis.contest.empty")
    index = held[0]
    possible = _earlier_carries(table.sizes, resolved + 1, index)
    if carried[index] not in possible:
        return invalid(("state", "packets", index), f"packet {index} holds {carried[index]} cards more than turn "
                       f"{resolved + 1} lays out by it, but an unclaimed packet is carried on whole, so the cards "
                       f"carried into it number {spans_words(possible)}", "salsifis.contest.empty")
    lone = [seat for seat, streak in enumerate(state.alone_streak) if streak]
    return invalid(("state", "packets", index), f"packet {index} holds {carried[index]} cards carried on from "
                   f"unclaimed packets, so at turn {resolved} nobody placed by it and every seat shared the other "
                   f"packet with company; yet by the alone_streak entries {seats_words(lone)} "
                   f"{'was' if len(lone) == 1 else 'were'} alone then", "salsifis.contest.empty")


def _won_misfit(table: Table, state: SalsifisState, resolved: int, won: tuple, seat: int, streaks: tuple):
    # A streak of 0 says something too: that the seat was not alone at the last settled turn.
    others = [f"seat {other}'s {won[other]}" for other in range(seat)]
    others.append(_streak_words(streaks))
    if state.shared:
        others.append("the shared stakes")
    if any(carried_out(state)):
        others.append("the cards carried on")
    packets = sorted({len(table.sizes[turn - 1]) for turn in range(1, resolved + 1)})
    when = "in the settled turn" if resolved == 1 else f"in each of the {resolved} settled turns"
    rule = "salsifis.contest.alone" if any(streak > 0 for streak in streaks[:seat + 1]) else "salsifis.contest.fight"
    return invalid(("state", "won", seat), f"seat {seat}'s won pile of {won[seat]} cards cannot go with "
                   f"{_listed(others)}: each seat placed one card {when}, by one of {spans_words(packets)} packets, so "
                   "what a seat won depends on where the others placed (a lone card needs a packet no other seat "
                   "chose, and a packet with several cards goes to one of them or is shared), and no run of placings "
                   "and contests gives these records together, although each passes on its own", rule)


def _shared_misfit(state: SalsifisState, resolved: int, index: int, streaks: tuple):
    share = state.shared[index]
    others = [_streak_words(streaks)]
    if any(carried_out(state)):
        others.append("the cards carried on")
    if index:
        others.append("the stakes listed before it")
    return invalid(("state", "shared", index), f"shared stake {index} ({len(share.cards)} cards split between "
                   f"{seats_words(list(share.seats))}) cannot go with {_listed(others)}: such a stake comes from a "
                   "packet all its sharers placed by, holding that packet and their cards (and, under losing_cards "
                   f"winner, the cards they beat), and no run of {turns_words(resolved)} leaves it beside the other "
                   "records", "salsifis.formula.shared")


def _streak_words(streaks: tuple) -> str:
    if all(streak == FREE for streak in streaks):
        return "any lone streaks (alone_streak is left out)"
    if FREE in streaks:
        return f"the alone_streak entries {_entries(streaks)} (null: any)"
    return f"the alone_streak entries {list(streaks)}"


def _entries(streaks) -> str:
    """Streaks as the state writes them, an unknown one as null."""
    return "[" + ", ".join("null" if streak in (None, FREE) else str(streak) for streak in streaks) + "]"


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
