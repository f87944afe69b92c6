"""A reference for the search with runs (rules_engine/games/canasta/opening_runs.py): the exact search that
carries every open run of the four suits at its exact length, kept here to compare answers on medium hands.
Ranks are taken in the sequences' order, with the runs of each suit still open carried from one rank to the
next.

A sequence takes one card of each rank it covers, so the ranks no longer stand apart: at each rank the
search decides, suit by suit, which of the hand's copies lengthen a run that ended at the rank before,
which start new runs and which are left to the rank's sets (the set search of opening.py, on what is
left). A run is known by its length and, for a sequence on the table, by that sequence: its cards below
the table's lowest rank must reach it, and above its highest it may grow on. Runs that stop must be long
enough. The state is then (wild cards used, cards kept, the Tally code of the canastas, the open runs of
each suit), each bounded by the copies of each card, and one best count is kept per state.

The open runs of the four suits are searched together, so the states multiply with the copies of each
card a hand holds in every suit: a dealt hand is searched in milliseconds, but a hand holding most of the
deck is not.
It knows runs of natural cards in one order of ranks (Samba's): runs with wild cards or an ace at either
end (Oklahoma's) are not searched.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from rules_engine.games.canasta.config import Config
from rules_engine.games.canasta.opening import Draft, _Choice, _choices, _several_choices, _wild_choices
from rules_engine.games.canasta.tally import Tally
from rules_engine.games.canasta.sequences import _orders

SUITS = "CDHS"


def run_order(cfg: Config) -> list[str]:
    """The ranks a sequence follows, low to high (the one order the searched variants play)."""
    return _orders(cfg)[0]


def search_with_runs(cfg: Config, naturals: dict, wilds: list[str], melds: tuple, *, saturate: int, top: str | None,
                     top_rank: str | None, frozen: bool, tally: Tally, wild_top: str | None, merging: bool = False):
    """Best natural points per (wild cards used, cards kept, Tally code of the canastas made), and a way back to
    the choices.

    Returns the states in the form opening._search gives them and a trail that, for a state, lists the
    set choices (each holding the cards left to its rank) and the sequences as Drafts."""
    rules = cfg.table.sequences
    values = cfg.values
    order = run_order(cfg)
    place = {rank: i for i, rank in enumerate(order)}
    several = not cfg.table.sets.one_per_rank
    by_rank = {m.rank: m for m in melds if m.rank}
    of_rank: dict[str, list] = {}
    for i, m in enumerate(melds):
        if m.rank:
            of_rank.setdefault(m.rank, []).append((i, m))
    # The sequences on the table: suit, lowest and highest place, size.
    tables = {i: (m.suit, min(place[c[:-1]] for c in m.cards), max(place[c[:-1]] for c in m.cards), m.size)
              for i, m in enumerate(melds) if m.suit}
    most, least, size = rules.max_cards, rules.min_cards, cfg.canasta_size
    pool_size = len(wilds)
    joined, sequence = tally.joined, tally.mark("sequence")
    known: dict = {}

    def closing(code: int, closed: int) -> int:
        """The code once `closed` more sequences have become canastas."""
        for _ in range(closed):
            code = joined[code][sequence]
        return code

    def set_choices(rank: str, pool: tuple) -> list[_Choice]:
        key = (rank, pool)
        if key not in known:
            joined = top if rank == top_rank else None
            cards = list(pool)
            if several:
                found = _several_choices(cfg, rank, cards, saturate=saturate, top=joined, frozen=frozen,
                                         ontos=of_rank.get(rank, []), wilds=pool_size, tally=tally, merging=merging)
            else:
                found = _choices(cfg, rank, cards, saturate=saturate, top=joined, frozen=frozen,
                                 onto=by_rank.get(rank), tally=tally)
            known[key] = [replace(c, pool=pool) for c in found]
        return known[key]

    moves_known: dict = {}

    def suit_moves(suit: str, p: int, entries: tuple, copies: int) -> list[tuple]:
        """Each way this suit's copies at place p treat its open runs: (entries after, cards used, canastas
        completed, runs stopped as (suit, first place, length, table index or -1, cards below the table))."""
        key = (suit, p, entries, copies)
        if key not in moves_known:
            moves_known[key] = _suit_moves(suit, p, entries, copies)
        return moves_known[key]

    def _suit_moves(suit: str, p: int, entries: tuple, copies: int) -> list[tuple]:
        found: dict = {}
        entries = list(entries)
        for i, (s, a, b, L) in tables.items():
            if s == suit and a == p and not any(tag == i for _, tag, _ in entries):
                entries.append((0, i, 0))

        def rec(k: int, used: int, kept: list, made: int, stopped: list) -> None:
            if k == len(entries):
                starts = [i for i, (s, a, b, L) in tables.items()
                          if s == suit and p < a and L + a - p <= most and not any(t == i for _, t, _ in kept)]
                for chosen in product((False, True), repeat=len(starts)):
                    pre = [(1, i, 1) for i, on in zip(starts, chosen) if on]
                    if used + len(pre) > copies:
                        continue
                    for fresh in range(copies - used - len(pre) + 1):
                        after = tuple(sorted(kept + pre + [(1, -1, 0)] * fresh))
                        key = (after, used + len(pre) + fresh, made)
                        found.setdefault(key, tuple(stopped))
                return
            h, tag, pre = entries[k]
            if tag < 0:
                if h < most and used < copies:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, 0)], made, stopped)
                if h >= least:
                    rec(k + 1, used, kept, made + (h >= size), stopped + [(suit, p - h, h, -1, 0)])
                return
            s, a, b, L = tables[tag]
            if p < a:                 # cards below the table's sequence: they must reach it
                if used < copies and L + h + 1 <= most:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, pre + 1)], made, stopped)
            elif p <= b:
                rec(k + 1, used, kept + [(h, tag, pre)], made, stopped)
            else:
                if L + h < most and used < copies:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, pre)], made, stopped)
                rec(k + 1, used, kept, made + (L + h >= size), stopped + [(suit, b + 1, h - pre, tag, pre)])

        rec(0, 0, [], 0, [])
        return [(after, used, made, stopped) for (after, used, made), stopped in found.items()]

    # A layer: (rank, suits' copies); ranks no sequence holds come first and take no part in runs.
    ranks = set(naturals) | set(by_rank) | set(of_rank) | ({top_rank} if top_rank else set())
    outside = sorted(rank for rank in ranks if rank not in place)
    empty = ((),) * 4
    states: dict = {(0, 0, 0, empty): (0, None)}
    history: list[dict] = []

    def step(rank: str, p: int | None) -> None:
        nonlocal states
        cards = sorted(naturals.get(rank, []), key=lambda c: -values[c])
        copies = [sum(1 for c in cards if c[-1] == suit) for suit in SUITS]
        grown: dict = {}
        for (used, kept, made, runs), (points, _) in states.items():
            options = [suit_moves(suit, p, runs[j], copies[j]) if p is not None else [((), 0, 0, ())]
                       for j, suit in enumerate(SUITS)]
            for combo in product(*options):
                taken = [0] * 4
                gained = 0
                closed = 0
                stopped: list = []
                for j, (after, n, done, ends) in enumerate(combo):
                    taken[j] = n
                    closed += done
                    stopped += ends
                    gained += n * values[rank + SUITS[j]] if n else 0
                pool = _left(cards, taken)
                after_runs = tuple(c[0] for c in combo) if p is not None else runs
                for choice in set_choices(rank, pool):
                    if used + choice.wilds > pool_size:
                        continue
                    key = (used + choice.wilds, min(saturate, kept + choice.kept),
                           joined[closing(made, closed)][choice.canasta], after_runs)
                    total = points + gained + choice.points
                    if key not in grown or total > grown[key][0]:
                        grown[key] = (total, ((used, kept, made, runs), choice, tuple(stopped)))
        history.append(grown)
        states = grown

    for rank in outside:
        step(rank, None)
    for p, rank in enumerate(order):
        step(rank, p)
    # The end: every run still open stops here, long enough.
    final: dict = {}
    for (used, kept, made, runs), (points, _) in states.items():
        stopped = []
        closed = 0
        valid = True
        for suit, entries in zip(SUITS, runs):
            for h, tag, pre in entries:
                if tag < 0:
                    valid = valid and h >= least
                    closed += h >= size
                    stopped.append((suit, len(order) - h, h, -1, 0))
                else:
                    closed += tables[tag][3] + h >= size
                    stopped.append((suit, tables[tag][2] + 1, h - pre, tag, pre))
        if not valid:
            continue
        key = (used, kept, closing(made, closed))
        if key not in final or points > final[key][0]:
            final[key] = (points, ((used, kept, made, runs), tuple(stopped)))
    wild_layer = cfg.table.sets.all_wild
    if wild_layer:
        choices = _wild_choices(cfg, [(i, m) for i, m in enumerate(melds) if not m.rank and not m.suit],
                                len(wilds), tally, wild_top)
        widened: dict = {}
        for (used, kept, made), (points, back) in final.items():
            for choice in choices:
                if used + choice.wilds > pool_size:
                    continue
                key = (used + choice.wilds, kept, joined[made][choice.canasta])
                if key not in widened or points + choice.points > widened[key][0]:
                    widened[key] = (points + choice.points, (back, choice))
        final = widened

    def trail(end) -> list:
        back = final_backs[end]
        found: list = []
        if wild_layer:
            back, wild_choice = back
            found.append(wild_choice)
        state, stopped = back
        runs_found = [_run_draft(order, tables, melds, s) for s in stopped]
        for layer in range(len(history) - 1, -1, -1):
            _, (state, choice, ends) = history[layer][state]
            found.append(choice)
            runs_found += [_run_draft(order, tables, melds, s) for s in ends]
        found.reverse()
        return found + runs_found

    ends = {}
    final_backs = {}
    for n, (key, (points, back)) in enumerate(final.items()):
        ends[key] = (points, n)
        final_backs[n] = back
    return ends, trail


def _left(cards: list[str], taken: list[int]) -> tuple:
    """The rank's cards the runs leave, the most valuable first as the set search expects them."""
    left = list(cards)
    for j, n in enumerate(taken):
        suit = SUITS[j]
        for _ in range(n):
            left.remove(next(c for c in left if c[-1] == suit))
    return tuple(left)


def _run_draft(order: list[str], tables: dict, melds: tuple, stopped: tuple) -> Draft:
    """A stopped run as a Draft: a new sequence, or the cards a table sequence takes at either end."""
    suit, first, length, tag, pre = stopped
    if tag < 0:
        return Draft("", [order[q] + suit for q in range(first, first + length)], suit=suit)
    _, a, b, _ = tables[tag]
    below = [order[q] + suit for q in range(a - pre, a)]
    above = [order[q] + suit for q in range(b + 1, b + 1 + length)]
    return Draft("", below + above, onto=tag, suit=suit)
