"""The exact opening and going-out search where a variant has sequences.

What the callers read of a search is small: the best count that keeps enough cards, and the best count
that goes out with the canastas asked for, each with one witness. So plan_opening asks, in this order,
and stops at the first answer that meets the bound (`run_bounds`):

1. The bound: a search over counts where every card that could lie in a run (its suit holds a run's length
   of consecutive ranks around it, or reaches a sequence on the table) may be melded for nothing, with as
   many sequence canastas as the cards could make: one per sequence on the table that is a canasta or could
   grow into one (a sequence grows only at its ends, by the hand's cards of its suit at the ranks next to it,
   so where those stop short of a canasta's length it never is one), and per stretch of consecutive ranks a
   suit holds, as many as its cards fill a canasta's length (a new sequence canasta lies within one stretch).
   No way to meld beats it, so where it finds no way there is none, and going out that needs more sequence
   canastas than it counts is refused before any search (sequence_canastas_most).
2. The sets alone, the sequences on the table as they lie; then the sets beside one run: each run of a
   canasta's length the hand holds (where the Tally counts canastas), each shortest run holding a card of a
   rank too short for a set alone (24 runs at most). Each is a way to meld, so where one answers as
   the bound does, its answer and witness are exact. Both are the set search of opening.py: polynomial in
   the hand, a few milliseconds on the whole deck.
3. Going out only (a way keeping at most one card): the search with runs below, depth first for the best way
   out (`goal`), the successors that count most first, within a small budget of states. It stops at once at a
   way that counts what the bound does (exact: nothing beats the bound); where it ends within the budget it has
   proved its best way best (exact too). Where only whether a way out exists is asked (`enough` 0, the side
   opened), a sequence canasta is then made first (at most LAID_FIRST tried): a run of a canasta's length tried
   in step 2 put down, or a sequence on the table grown to that length by the hand's cards next to it, and
   whether the rest of the hand goes out beside the melds so made is asked quickly (steps 1 to 3 of that
   smaller search, `quick`): a way found so is a way out of the hand (laid_first), found in
   milliseconds where the depth-first search, which must still choose the sequence canasta among the runs of
   every suit, runs past its budget; where none is found nothing is proved and the steps below go on. Then, for
   every search, the search with runs below, its runs holding one copy of each card: a way to meld (at most
   four chain states per suit).
4. Going out: the bound again, tighter (suit_bound): per suit whose cards could lie in a run, the search with
   runs below searching runs in that suit alone (`exact`), the other suits' cards that could lie in a run melded
   for nothing and their sequence canastas counted as many as they could make (run_bounds's relaxation, one
   suit exact). Every way
   to meld restricts to such a way of each suit's search (its other suits' run cards are cards that could lie
   in a run, its other suits' sequence canastas no more than they could make), so each search's table holds
   every count the full search reaches, alike or better (tests/engine/canasta/test_run_search_bounded.py
   checks it key by key), and the least of their answers is a bound. Where it finds no way there is none (most
   refusals after a partner's yes end here, in milliseconds), and a way found in steps 2 and 3 that meets it
   is the best. One suit's chain states times the counts: tens of milliseconds on the whole deck.
5. Going out: the depth-first search again with a larger budget; past it, the search with runs below, keeping
   only the states that could still beat the best way found (their count plus every natural card of the ranks
   ahead, plus the wild cards and black threes, above its value). In both, a state that could no longer make
   the canastas going out needs (its Tally code with every canasta the cards ahead could still make counted as
   made: its runs meant as canastas, the table's sequences that could become canastas (as in step 1), each
   sequence of a canasta's length the cards ahead
   could make, set canastas by the fewest naturals one holds per rank ahead, the wild cards' canastas; counts
   only grow, so the Tally refusing that refuses every end) is dropped: where going out needs a samba, the
   states that can no longer make one go at once. Other openings: the search with runs below, exact.

The depth-first search keeps, per layer, the best count each state was searched with, and searches a state
again only with a higher count (where only whether a way out exists is asked, never again: whether one lies below a
state does not depend on its count): what lies below a state depends on the state alone, so it finds the best way
of the full search (tests/engine/canasta/test_run_search_bounded.py holds it to the full search's table on
hands built to reach it, at budgets that end it early and late). Its way is one way of the full search, but
not always the one the full search would name: a plan of going out may differ from the full search's (another
way as good), never its verdict or count.

The search with runs takes the ranks in the sequences' order, the runs of each suit still open carried
from one rank to the next, each rank's cards shared between runs and the rank's sets (the set search of
opening.py, on what the runs leave). A suit with no copy at a rank nor at the rank before, and no sequence on the
table there, has no layer at that rank: no run of it is open, and none can start. What a search works out of a
rank's sets or a suit's moves it keeps with the answer's meter (work.Meter.done), by all they depend on, so the
searches of one answer (a listing after a yes asks one per step) work each out once. A state only carries what
decides which (wild cards used, cards kept, Tally code of the canastas) a way can still reach:

- Runs of one suit that are not canastas are chains. Where a run may hold from `least` to `longest` cards
  without being a canasta and `longest >= 2 * least - 1`, every chain of at least `least` consecutive cards
  splits into such runs (q runs of nearly equal length, q the fewest that fit). So a chain's length only
  matters up to `least`: an open chain is 1 .. least - 1 cards long (it must go on) or free (it may stop at
  any rank, or go on). Runs meant to be canastas are counted apart, at their exact length, only where the
  Tally counts canastas and never more at once than it can count.
- A free chain that stops where a new chain of the suit starts is worth less than the same chain going on
  (same cards, and a free chain can do all a new one can), so that choice is never made. The open chains of
  a suit then follow from how many of its copies the chains hold at this rank and the two before: with
  three copies a suit has at most 20 chain states.
- Card values in these variants depend on the rank, not the suit, so at each rank the four suits are
  searched one after another (a state gains one suit's move at a time, with the count of the rank's cards
  the runs took) and the sets only see how many cards of the rank are left to them. Where two cards of a
  rank differ in value, the count is kept per suit (exact, only slower).
- Going out keeps at most one card, so a state keeping two is dropped at once.
- Free chains beyond what the suit's copies at the next rank can carry on (after the runs that must go on) stop
  at once: which of them stop changes nothing, so states that differ only there are one.
- A state is dropped where another, alike in all else (wild cards, cards kept, Tally code, the other suits' open
  runs, the same runs meant as canastas in this suit), counts as much or more and holds in this suit as many
  chains or more, no more one card long and no more shorter than a run: whatever the cards ahead let the
  weaker chains do, the stronger do alike (the chains that must go on are fewer, so they go on where the
  others do, and a chain the others start may go on from one already open). The rule is checked against
  every way a suit's cards ahead can continue small sets of chains (tests/engine/canasta/
  test_run_search_bounded.py); a looser one, blind to the chains one card long, fails there.
- The set choices of a rank that differ only in wild cards (same cards kept, canastas and points) are taken
  as one span of wild-card counts, split where a count is missing; spans add up, so a state carries the
  fewest and the most wild cards its sets may hold (the most capped at the hand's) and reaches every count
  between. The table is read out per count at the end, and the way back shares the count among the ranks'
  spans. A state whose span lies inside another's, alike in all else, with no more points, is dropped.
- A run is meant as a canasta only where the Tally could still count one more sequence canasta, whatever
  the other melds bring (counts only grow, and stay at their caps).

What this relies on, checked where it is used: card values by rank alone (`_suit_blind`; else the count the
runs take is kept per suit, exact and slower, and run_bounds gives no bound); runs of `least` to `longest`
cards with `longest >= 2 * least - 1` (else each open run keeps its exact length and chains are not compared).

Its states are still the product of the four suits' chain states with (wild-card span, cards kept, Tally
code): polynomial in the hand, but the constant is not small. The rules above cut the states of the hands
that reach the full search many times over (a 100-card hand's going out from 183 s to about a second), but
where runs are possible in every suit and sequence canastas are counted tens of thousands of states remain:
about a second at 60 to 100 cards, and up to half a minute on an 80-card hand holding a dozen wild cards.
Steps 3 to 5 answer going out on the measured hands in well under a second (bench/README.md), but no bound on
their states is proved: a hand whose best way out keeps a card, or that cannot go out while the bounds say it
might, is answered by the full search restricted to states that could beat the best way found. Where the
caller asks only whether a way out exists (plan_opening's `enough`, asked by Position.can_go_out after a
partner's yes), a way counting `enough` ends each of steps 2 to 5 at once; a refusal is proved as above.

Where runs cannot be split so (a longest run under `2 * least - 1`), each open run keeps its exact length.
Sequences on the table are always followed exactly: cards added below must reach the sequence, and its length
with the cards added is capped by the most a sequence holds. The way back to the choices keeps, per rank and
suit, the move made; a free chain's cards are found again from how many of the suit's copies the chains
hold at each rank (the oldest chains stop first, as the search stops only free ones). It knows runs of
natural cards in one order of ranks (Samba's): runs with wild cards or an ace at either end (Oklahoma's) are
not searched.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ... import work
from .config import Config
from .meld_kinds import judge_new
from .melds import read_meld
from .opening import Draft, _Choice, _choices, _several_choices, _wild_choices, plan_opening
from .sequences import _orders
from .tally import Tally

SUITS = "CDHS"
_NO_MOVE = ((), 0, 0, (), 0, 0)   # a suit's move at a place whose layer is left out: no run open, no card taken
LAID_FIRST = 4                    # sequence canastas put down first, at most, in a search for any way out
PLAIN, CANASTA = -1, -2           # tags of the hand's own runs: a chain that is no canasta, a run that will be
TRIES = 24                        # runs tried one at a time beside the sets, at most
FEW = 64                          # states the full search keeps without comparing them


def run_order(cfg: Config) -> list[str]:
    """The ranks a sequence follows, low to high (the one order the searched variants play)."""
    return _orders(cfg)[0]


def search_with_runs(cfg: Config, naturals: dict, wilds: list[str], melds: tuple, *, saturate: int, top: str | None,
                     top_rank: str | None, frozen: bool, tally: Tally, wild_top: str | None, merging: bool = False,
                     kept_most: int | None = None, run_copies: int | None = None, exact: str = SUITS,
                     goal=None, slack: int = 0, target: int = 0, budget: int = 0, then_all: bool = False,
                     goes=None, floor: int | None = None):
    """Best natural points per (wild cards used, cards kept, Tally code of the canastas made), and a way back to
    the choices; with `kept_most`, only ways keeping at most that many cards (going out keeps one at most);
    with `run_copies`, only ways whose runs hold at most that many copies of a card (fewer states, not exact:
    a lower bound). Runs are searched in the suits `exact` only: the cards of the other suits that could lie
    in a run (_runnable_by_suit) may each be melded for nothing, and those suits may add as many sequence
    canastas as they could make (an upper bound, as run_bounds's, whose ways are not read back).
    With `goal` (what a (wild cards used, cards kept, Tally code) and its count are worth, -1: nothing, and at
    most `slack` more than the count), only the way it values most, searched depth first and stopping at one
    worth `target` (an upper bound): a table of that one way (empty: none). Past `budget` states, None, or with
    `then_all` the search above, keeping only the states that could beat the best way found so far. With `goes`
    too (whether a Tally code holds what the goal asks, true of every code counting as many canastas or more),
    a state that could not reach such a code, whatever canastas the cards ahead could still make, is dropped.
    With `goal` and `floor` (what a way already found is worth), no depth-first search: the search above at once,
    keeping only the states that could beat `floor`; its table holds the ends that beat it (empty: none does).

    Returns the states in the form opening._search gives them and a trail that, for a state, lists the
    set choices (each holding the cards left to its rank) and the sequences as Drafts."""
    rules = cfg.table.sequences
    values = cfg.values
    order = run_order(cfg)
    place = {rank: i for i, rank in enumerate(order)}
    of_rank = {m.rank for m in melds if m.rank}
    tables = _tables(melds, place)
    most, least, size = rules.max_cards, rules.min_cards, cfg.canasta_size
    counting = tally.size > 1
    longest = min(most, size - 1) if counting else most       # the longest run that is no canasta
    free = longest >= 2 * least - 1
    apart = free and counting and most >= size                 # runs meant to be canastas, counted apart
    most_canastas = tally.counts(tally.size - 1)[0]
    pool_size = len(wilds)
    joined, sequence = tally.joined, tally.mark("sequence")
    suit_blind = _suit_blind(values, order)
    set_choices = _set_chooser(cfg, melds, saturate=saturate, top=top, top_rank=top_rank, frozen=frozen, tally=tally,
                               pool_size=pool_size, merging=merging)
    spans_known: dict = {}
    profiles: dict = {}

    def set_spans(rank: str, pool: tuple) -> list[_Span]:
        key = (rank, pool)
        if key not in spans_known:
            spans_known[key] = _spans(set_choices(rank, pool))
        return spans_known[key]

    kept_cap = 10 ** 6 if kept_most is None else kept_most
    loose = _runnable_by_suit(naturals, order, tables, least) if exact != SUITS else {}
    loose_canastas = 0
    if exact != SUITS:
        loose_canastas = _table_canastas(naturals, order, tables, size, most, SUITS.translate(
            {ord(suit): None for suit in exact})) + _new_canasta_runs(
            {rank: [c for c in cards if c[-1] not in exact] for rank, cards in naturals.items()}, order,
            min(size, most + 1))

    def closing(code: int, closed: int) -> int:
        """The code once `closed` more sequences have become canastas."""
        for _ in range(closed):
            code = joined[code][sequence]
        return code

    moves_known: dict = {}

    def suit_moves(suit: str, p: int, entries: tuple, copies: int) -> list[tuple]:
        """Each way this suit's copies at place p treat its open runs: (entries after, cards used, canastas
        completed, runs stopped at their exact length as (suit, first place, length, table index or tag,
        cards below the table))."""
        key = (suit, p, entries, copies)
        if key not in moves_known:
            asked = None if done is None else ("suit moves", id(cfg), key, held_of[suit], suit_tables[suit],
                                                most_canastas, counting, run_copies)
            found = None if asked is None else done.get(asked)
            if found is None:
                found = _suit_moves(suit, p, entries, copies)
                if asked is not None:
                    done[asked] = found
            moves_known[key] = found
        return moves_known[key]

    def _suit_moves(suit: str, p: int, entries: tuple, copies: int) -> list[tuple]:
        found: dict = {}
        entries = list(entries)
        for i, (s, a, b, L) in tables.items():
            if s == suit and a == p and not any(tag == i for _, tag, _ in entries):
                entries.append((0, i, 0))

        def rec(k: int, used: int, kept: list, made: int, stopped: list, chain_stopped: bool) -> None:
            if k == len(entries):
                starts = [i for i, (s, a, b, L) in tables.items()
                          if s == suit and p < a and L + a - p <= most and not any(t == i for _, t, _ in kept)]
                aimed = sum(1 for _, tag, _ in kept if tag == CANASTA)
                for chosen in range(1 << len(starts)):
                    pre = [(1, i, 1) for bit, i in enumerate(starts) if chosen >> bit & 1]
                    room = copies - used - len(pre)
                    if room < 0:
                        continue
                    for canastas in range(min(room, most_canastas - aimed) + 1 if apart else 1):
                        # A free chain that stops never gives way to a new chain: going on is worth as much.
                        for fresh in range((0 if chain_stopped else room - canastas) + 1):
                            after = tuple(sorted(kept + pre + [(1, CANASTA, 0)] * canastas + [(1, PLAIN, 0)] * fresh))
                            found.setdefault((after, used + len(pre) + canastas + fresh, made), tuple(stopped))
                return
            h, tag, pre = entries[k]
            if tag == PLAIN and free:
                if used < copies:
                    rec(k + 1, used + 1, kept + [(min(h + 1, least), PLAIN, 0)], made, stopped, chain_stopped)
                if h >= least:
                    rec(k + 1, used, kept, made, stopped, True)
                return
            if tag < 0:               # a run at its exact length: a canasta when long enough
                if h < most and used < copies:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, 0)], made, stopped, chain_stopped)
                if h >= (size if tag == CANASTA else least):
                    rec(k + 1, used, kept, made + (h >= size), stopped + [(suit, p - h, h, tag, 0)], chain_stopped)
                return
            s, a, b, L = tables[tag]
            if p < a:                 # cards below the table's sequence: they must reach it
                if used < copies and L + h + 1 <= most:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, pre + 1)], made, stopped, chain_stopped)
            elif p <= b:
                rec(k + 1, used, kept + [(h, tag, pre)], made, stopped, chain_stopped)
            else:
                if L + h < most and used < copies:
                    rec(k + 1, used + 1, kept + [(h + 1, tag, pre)], made, stopped, chain_stopped)
                rec(k + 1, used, kept, made + (L + h >= size), stopped + [(suit, b + 1, h - pre, tag, pre)],
                    chain_stopped)

        rec(0, 0, [], 0, [], False)
        moves: dict = {}
        for (after, used, made), stopped in found.items():
            if _viable(suit, p, after):
                after, ending = _trimmed(suit, p, after)
                moves.setdefault((after, used, made), (stopped, ending))
        return [(after, used, made, stopped, ending, _aimed(after)) for (after, used, made), (stopped, ending)
                in moves.items()]

    held = {suit: _suit_copies(naturals, order, suit) + [0] * (most + 1) for suit in SUITS}
    # What a suit's moves depend on beyond the state (for the answer's meter, which keeps them across searches).
    done = work.meter().done
    held_of = {suit: tuple(copies) for suit, copies in held.items()}
    suit_tables = {suit: tuple(sorted((i, t) for i, t in tables.items() if t[0] == suit)) for suit in SUITS}

    def _trimmed(suit: str, p: int, after: tuple) -> tuple[tuple, int]:
        """The open runs without the free chains that cannot all go on at the next rank (they stop here: which of
        them stop changes nothing), and how many stop so."""
        if not free:
            return after, 0
        chains = sum(1 for h, tag, _ in after if tag == PLAIN and h >= least)
        bound = [h < least if tag == PLAIN else h < size if tag == CANASTA else p + 1 < tables[tag][1]
                 for h, tag, _ in after]
        room = held[suit][p + 1] if run_copies is None else min(held[suit][p + 1], run_copies)
        ending = chains - max(0, room - sum(bound))
        if ending <= 0:
            return after, 0
        kept = list(after)
        for _ in range(ending):
            kept.remove((least, PLAIN, 0))
        return tuple(kept), ending

    def _viable(suit: str, p: int, after: tuple) -> bool:
        """Whether the suit holds, at each rank ahead, a copy for every open run that must reach it."""
        copies = held[suit]
        needs = []
        for h, tag, pre in after:
            if tag == PLAIN:
                needs.append(least - h)
            elif tag == CANASTA:
                needs.append(size - h)
            elif p < tables[tag][1]:
                needs.append(tables[tag][1] - p - 1)
        return all(sum(1 for need in needs if need >= d) <= copies[p + d] for d in range(1, max(needs, default=0) + 1))

    def pruned(states: dict, suits: range) -> dict:
        """The states without those others beat, in wild cards or in these suits' chains (a few states are left as
        they are: comparing them costs more than it saves)."""
        if len(states) < FEW:
            return states
        states = _widest(states)
        return _undominated(states, least, profiles, suits) if free else states

    # The layers: each rank no sequence holds (its sets alone), then per rank of the order one layer per suit (but
    # where it would leave every state as it is) and one for the rank's sets. A layer maps a state and its count to
    # its successors, each as (state after, count, (state before, move or choice)); the searches keep the best count
    # per state.
    ranks = set(naturals) | of_rank | ({top_rank} if top_rank else set())
    outside = sorted(rank for rank in ranks if rank not in place)
    empty = ((),) * 4
    # A state counts the wild cards its sets may hold as a span (fewest, most): every count between is reached. Its
    # last field counts the cards of the rank at hand the runs have taken (per suit where values differ by suit).
    none_taken = 0 if suit_blind else ()
    start = ((0, 0), 0, 0, empty, none_taken)
    sorted_cards = {rank: sorted(naturals.get(rank, []), key=lambda c: -values[c]) for rank in ranks | set(order)}

    def sets_layer(rank: str, pool_of):
        def grow(state: tuple, points: int) -> list:
            (fewest, most_wilds), kept, made, runs = state[:4]
            found = []
            for span in set_spans(rank, pool_of(state)):
                if fewest + span.fewest > pool_size or kept + span.kept > kept_cap:
                    continue
                found.append((((fewest + span.fewest, min(pool_size, most_wilds + span.most)),
                               min(saturate, kept + span.kept), joined[made][span.canasta], runs, none_taken),
                              points + span.points, (state, span)))
            return found
        return grow

    def suit_layer(p: int, j: int):
        suit, rank = SUITS[j], order[p]
        copies = sum(1 for c in sorted_cards[rank] if c[-1] == suit)
        if run_copies is not None:
            copies = min(copies, run_copies)
        worth = values.get(rank + suit, 0)

        def loosely(state: tuple, points: int) -> list:
            # Cards that could lie in a run melded for nothing: the suit's runs stay open.
            span, kept, made, runs, taken = state
            return [((span, kept, made, runs, taken + n if suit_blind else taken + (n,)), points + n * worth,
                     (state, ((), n, 0, (), 0, 0))) for n in range(loose[suit].get(rank, 0) + 1)]

        # No copy here and no sequence on the table starting here: a state with no run of the suit open stays as it is.
        still = suit_blind and not copies and not any(s == suit and a == p for s, a, _, _ in tables.values())

        def grow(state: tuple, points: int) -> list:
            span, kept, made, runs, taken = state
            if still and not runs[j]:
                return [(state, points, (state, _NO_MOVE))]
            if apart:
                aimed = _aimed(runs[j])
                elsewhere = sum(map(_aimed, runs)) - aimed
            found = []
            for move in suit_moves(suit, p, runs[j], copies):
                after, n, done = move[:3]
                if apart and move[5] > aimed and closing(made, elsewhere + move[5]) == closing(
                        made, elsewhere + move[5] - 1):
                    continue      # a run meant as a canasta the Tally would not count, whatever comes
                found.append(((span, kept, closing(made, done) if done else made,
                               runs[:j] + (after,) + runs[j + 1:], taken + n if suit_blind else taken + (n,)),
                              points + n * worth, (state, move)))
            return found

        return grow if suit in exact else loosely

    def idle(p: int, j: int) -> bool:
        """Whether suit j's layer at place p leaves every state as it is: no copy of the suit there nor at the place
        before (so no run of it is open), no sequence of it on the table there or ending just before, and, where
        the suit is loose, none of its cards that could lie in a run."""
        suit = SUITS[j]
        if not suit_blind:
            return False              # the cards the runs take are then counted per suit, one entry per layer
        if suit not in exact:
            return not loose[suit].get(order[p])
        return not held[suit][p] and (p == 0 or not held[suit][p - 1]) and not any(
            s == suit and a <= p <= b + 1 for s, a, b, _ in tables.values())

    # (grow, the suits whose chains states are compared after it, or None: no comparing); `kinds` says what each
    # layer is: ("sets", rank), or ("suit", place, suit index). A suit's layer that would leave every state as it is
    # is left out.
    layers: list = [(sets_layer(rank, lambda state, cards=tuple(sorted_cards[rank]): cards), None)
                    for rank in outside]
    kinds: list = [("sets", rank) for rank in outside]
    for p, rank in enumerate(order):
        cards = sorted_cards[rank]
        for j in range(len(SUITS)):
            if not idle(p, j):
                layers.append((suit_layer(p, j), range(j, j + 1) if SUITS[j] in exact else None))
                kinds.append(("suit", p, j))
        kinds.append(("sets", rank))
        if suit_blind:
            layers.append((sets_layer(rank, lambda state, cards=cards: tuple(cards[:len(cards) - state[4]])),
                           range(len(SUITS))))
        else:
            layers.append((sets_layer(rank, lambda state, cards=cards: _left(cards, state[4])), range(len(SUITS))))

    def ends_of(state: tuple, points: int) -> list:
        """The ends of a state: every run still open stops here, long enough."""
        (fewest, most_wilds), kept, made, runs = state[:4]
        stopped = []
        closed = 0
        for suit, entries in zip(SUITS, runs):
            for h, tag, pre in entries:
                if tag == PLAIN and free:
                    if h < least:
                        return []
                elif tag < 0:
                    if h < (size if tag == CANASTA else least):
                        return []
                    closed += h >= size
                    stopped.append((suit, len(order) - h, h, tag, 0))
                else:
                    closed += tables[tag][3] + h >= size
                    stopped.append((suit, tables[tag][2] + 1, h - pre, tag, pre))
        return [((used, kept, closing(made, closed + extra)), points, (state, tuple(stopped), used))
                for extra in range(loose_canastas + 1) for used in range(fewest, most_wilds + 1)]

    wild_layer = cfg.table.sets.all_wild
    wild_options = _wild_choices(cfg, [(i, m) for i, m in enumerate(melds) if not m.rank and not m.suit],
                                 len(wilds), tally, wild_top) if wild_layer else []

    def widened(key: tuple, points: int, back) -> list:
        """An end with the melds of wild cards alone (where the variant has them)."""
        if not wild_layer:
            return [(key, points, back)]
        used, kept, made = key
        return [((used + choice.wilds, kept, joined[made][choice.canasta]), points + choice.points, (back, choice))
                for choice in wild_options if used + choice.wilds <= pool_size]

    final: dict = {}
    history: list[dict] = []
    path = alive = None
    if goal is not None:
        # The most the layers from each on can still add: every natural card of their ranks and after (the cards
        # of a rank the runs took counted twice), and the most a meld of wild cards alone adds.
        reach = [max((choice.points for choice in wild_options), default=0)]
        ranks_of = [kind[1] if kind[0] == "sets" else order[kind[1]] for kind in kinds]
        after = reach[0]
        for i in range(len(layers) - 1, -1, -1):
            if i == len(layers) - 1 or ranks_of[i] != ranks_of[i + 1]:
                after += sum(values[c] for c in sorted_cards[ranks_of[i]])
            reach.append(after)
        reach.reverse()
        alive = _canastas_ahead(cfg, ranks_of, sorted_cards, melds, len(wilds), wild_top, tally, closing,
                                goes) if goes is not None else None
        if floor is not None:
            way_found = None                  # the caller holds the way worth `floor`
        else:
            value, path, ended = _best_way(layers, start, ends_of, widened, goal, reach, slack, target, budget,
                                           alive)
            if not ended and value < target:
                if not then_all:
                    return None
                floor, way_found, path = value, path, None   # every state that could beat it is searched below
            elif path is None:
                return {}, None
    if path is not None:                    # the best way: its layers hold its states alone
        history = [{key: (points, back)} for key, points, back in path[:-1]]
        key, points, back = path[-1]
        final = {key: (points, back)}
    else:
        states: dict = {start: (0, None)}
        spend = work.meter().spend
        for grow, suits in layers:
            grown: dict = {}
            for state, (points, _) in states.items():
                successors = grow(state, points)
                spend(1 + len(successors))
                for key, total, back in successors:
                    if key not in grown or total > grown[key][0]:
                        grown[key] = (total, back)
            states = grown if suits is None else pruned(grown, suits)
            if floor is not None:
                beyond, at = reach[len(history) + 1] + slack, len(history) + 1
                states = {key: entry for key, entry in states.items()
                          if entry[0] + beyond > floor and (alive is None or alive(at, key))}
            history.append(states)
        ended: dict = {}
        for state, (points, _) in states.items():
            for key, total, back in ends_of(state, points):
                if key not in ended or total > ended[key][0]:
                    ended[key] = (total, back)
        for key, (points, back) in ended.items():
            for wide, total, wide_back in widened(key, points, back):
                if wide not in final or total > final[wide][0]:
                    final[wide] = (total, wide_back)
        if floor is not None and not any(goal(key, points) > floor for key, (points, _) in final.items()):
            final = {}                      # none beats the way found first: that one is the best
            if way_found is not None:
                history = [{key: (points, back)} for key, points, back in way_found[:-1]]
                key, points, back = way_found[-1]
                final = {key: (points, back)}

    def trail(end) -> list:
        back = final_backs[end]
        found: list = []
        if wild_layer:
            back, wild_choice = back
            found.append(wild_choice)
        state, stopped, used = back
        runs_found = [_run_draft(order, tables, s) for s in stopped]
        steps = []
        for layer in range(len(history) - 1, -1, -1):
            state, step = history[layer][state][1]
            steps.append(step)
        steps.reverse()
        spans = [step for step, kind in zip(steps, kinds) if kind[0] == "sets"]
        picked = iter(_shared(spans, used))
        # Forward again: per rank of the order one move per suit (none where its layer is left out), then the sets'
        # choice.
        chosen = [next(picked) for _ in outside]
        open_chains: list[list[int]] = [[] for _ in SUITS]
        by_place: dict = {}
        for step, kind in zip(steps, kinds):
            if kind[0] == "suit":
                by_place[kind[1:]] = step
        for p, rank in enumerate(order):
            moves = [by_place.get((p, j), _NO_MOVE) for j in range(len(SUITS))]
            choice = next(picked)
            taken = [move[1] for move in moves]
            chosen.append(replace(choice, pool=_left(sorted_cards[rank], taken)))
            for j, (after, _, _, ends, ending, _) in enumerate(moves):
                runs_found += [_run_draft(order, tables, s) for s in ends]
                if free:
                    chains = open_chains[j]
                    fresh = sum(1 for h, tag, _ in after if tag == PLAIN and h == 1)
                    going_on = sum(1 for _, tag, _ in after if tag == PLAIN) + ending - fresh
                    while len(chains) > going_on:         # the oldest chains stop first
                        runs_found += _chain_drafts(order, SUITS[j], chains.pop(0), p - 1, longest)
                    for _ in range(ending):               # free chains the next rank cannot hold stop here
                        runs_found += _chain_drafts(order, SUITS[j], chains.pop(0), p, longest)
                    chains += [p] * fresh
        for j, chains in enumerate(open_chains):
            for first in chains:
                runs_found += _chain_drafts(order, SUITS[j], first, len(order) - 1, longest)
        return chosen + found + runs_found

    ends = {}
    final_backs = {}
    for n, (key, (points, back)) in enumerate(final.items()):
        ends[key] = (points, n)
        final_backs[n] = back
    return ends, trail


def run_bounds(cfg: Config, naturals: dict, wilds: int, melds: tuple, *, saturate: int, top: str | None,
               top_rank: str | None, frozen: bool, tally: Tally, wild_top: str | None, merging: bool = False):
    """Searches over counts that enclose the one with runs, as layers for opening._search.

    Returns (a bound, the sets' layers for a run, the runs to try), or None where the cards of a rank differ
    in value by suit. The bound lets every card that could lie in a run be melded so, with as many sequence
    canastas as the hand's cards and the table's sequences could make: the search with runs never beats it.
    The sets' layers for a run (None: no run) meld that one run of a canasta's length and share the rest
    among the sets alone, the sequences on the table as they lie: the search with runs reaches or beats
    them. Where one of them answers as the bound does, its answer is exact. The runs to try (at most TRIES)
    are each run of a canasta's length the hand holds, where the Tally counts canastas, then each shortest
    run holding a card of a rank too short for a set alone."""
    work.meter().spend(1)      # begun once the answer's steps are spent, it would settle nothing
    values, rules = cfg.values, cfg.table.sequences
    order = run_order(cfg)
    if cfg.wild_as or not _suit_blind(values, order):
        return None
    place = {rank: i for i, rank in enumerate(order)}
    tables = _tables(melds, place)
    choose = _set_chooser(cfg, melds, saturate=saturate, top=top, top_rank=top_rank, frozen=frozen, tally=tally,
                          pool_size=wilds, merging=merging)
    runnable = _runnable(naturals, order, tables, rules.min_cards)
    ranks = sorted(set(naturals) | {m.rank for m in melds if m.rank} | ({top_rank} if top_rank else set()) | set(order))
    held = {rank: tuple(sorted(naturals.get(rank, []), key=lambda c: -values[c])) for rank in ranks}
    loose = []
    spend = work.meter().spend
    for rank in ranks:
        cards = held[rank]
        found: dict = {}
        for taken in range(runnable.get(rank, 0) + 1):
            choices = choose(rank, cards[:len(cards) - taken])
            spend(1 + len(choices) // 2)
            for c in choices:
                key = (c.wilds, min(saturate, c.kept), c.canasta)
                gained = c.points + (taken * values[cards[0]] if taken else 0)
                if key not in found or gained > found[key].points:
                    found[key] = replace(c, naturals=c.naturals + taken, points=gained)
        loose.append(list(found.values()))
    joined, sequence = tally.joined, tally.mark("sequence")
    lying = 0
    for m in melds:
        if m.suit and cfg.is_canasta(m.size):
            lying = joined[lying][sequence]
    codes, code = {0}, 0
    for _ in range(min(tally.size, _table_canastas(naturals, order, tables, cfg.canasta_size, rules.max_cards)
                       + _new_canasta_runs(naturals, order, min(cfg.canasta_size, rules.max_cards + 1)))):
        code = joined[code][sequence]
        codes.add(code)
    loose.append([_Choice("", 0, 0, 0, 0, code) for code in sorted(codes)])
    alone_wild = _wild_choices(cfg, [(i, m) for i, m in enumerate(melds) if not m.rank and not m.suit], wilds,
                               tally, wild_top) if cfg.table.sets.all_wild else None
    if alone_wild is not None:
        loose.append(alone_wild)

    done = work.meter().done

    def pooled(rank: str, left: tuple) -> list[_Choice]:
        """A rank's choices beside a run that takes one of its cards, each holding the cards left: one list per
        answer for each rank and cards left, so that the searches' layer memo (layer_moves) knows it again."""
        choices = choose(rank, left)
        asked = None if done is None else ("pooled", id(choices), left)
        kept = None if asked is None else done.get(asked)
        if kept is not None and kept[0] is choices:
            return kept[1]
        spend(1 + len(choices) // 2)
        found = [replace(c, pool=left) for c in choices]
        if asked is not None:
            done[asked] = (choices, found)
        return found

    def sure(run: list[str] | None) -> list[list[_Choice]]:
        layers = []
        spend(len(ranks))
        in_run = {card[:-1]: card for card in run} if run is not None else {}
        for rank in ranks:
            cards = held[rank]
            if rank in in_run:
                left = list(cards)
                left.remove(in_run[rank])
                layers.append(pooled(rank, tuple(left)))
            else:
                layers.append(choose(rank, cards))
        if run is None:
            layers.append([_Choice("", 0, 0, 0, 0, lying)])
        else:
            made = joined[lying][sequence] if cfg.is_canasta(len(run)) else lying
            layers.append([_Choice("", 0, 0, sum(values[card] for card in run), 0, made)])
        if alone_wild is not None:
            layers.append(alone_wild)
        return layers

    size, least = cfg.canasta_size, rules.min_cards
    thin = {rank for rank in order if 0 < len(held[rank]) < cfg.table.sets.min_cards}
    lengths = ([size] if tally.size > 1 and size <= rules.max_cards else []) + ([least] if thin else [])
    tries = []
    for length in lengths:
        for suit in SUITS:
            for first in range(len(order) - length + 1):
                run = [rank + suit for rank in order[first:first + length]]
                if all(card in held[card[:-1]] for card in run) and (length == size or thin & {r[:-1] for r in run}):
                    tries.append(run)
    return loose, sure, tries[:TRIES]


def laid_first(cfg: Config, hand: list[str], melds: tuple, tries: list[list[str]], *, keep: int, needs,
               gain: int) -> tuple | None:
    """A way out that first makes a sequence canasta (at most LAID_FIRST tried): one of the runs tried of a
    canasta's length put down, or one of the side's sequences grown to a canasta's length by the hand's cards next
    to it (_grown_to_canastas), the search then asked quickly (plan_opening's `quick`) whether the rest of the hand
    goes out beside the melds so made. As plan_opening picks a way: (points, a mark, going out, -1, None) and a
    trail giving its drafts; None where none is found (which proves nothing).

    A way out found so is one of the hand's: the run is a valid new sequence from the hand (or the cards a valid
    lay-off onto the side's sequence), and with it on the table the rest goes out; together they put down the same
    melds, with the same canastas and cards left."""
    firsts = [(run, None) for run in tries if cfg.is_canasta(len(run))] + _grown_to_canastas(cfg, hand, melds)
    for cards, index in firsts[:LAID_FIRST]:
        left = list(hand)
        for card in cards:
            left.remove(card)
        if index is None:
            index, grown = len(melds), cards
        else:
            place = {rank: i for i, rank in enumerate(run_order(cfg))}
            grown = sorted(cards + list(melds[index].cards), key=lambda card: place[card[:-1]])
        meld = read_meld(cfg, judge_new(cfg, grown, True), grown)
        after = (*melds[:index], meld, *melds[index + 1:])
        rest = plan_opening(cfg, left, 0, keep=keep, gain=gain, melds=after, going_out=True, out_only=True,
                            needs=needs, enough=0, quick=True)
        onto = [d for d in rest.witness if d.onto == index and type(d.onto) is int]
        if rest.best >= 0 and not any(d.naturals or d.wilds for d in onto):
            # The rest's black threes, if it melds them, are added again by the caller; the sequence made first
            # stays as it is (nothing more goes onto it).
            first = Draft("", list(cards), suit=cards[0][-1], onto=None if index == len(melds) else index)
            drafts = [d for d in rest.witness if not cfg.is_stop_rank(d.rank) and d not in onto] + [first]
            return (rest.best + sum(cfg.values[card] for card in cards), "laid", True, -1, None), lambda end: drafts
    return None


def _grown_to_canastas(cfg: Config, hand: list[str], melds: tuple) -> list[tuple[list[str], int]]:
    """Each way to grow one of the side's sequences to exactly a canasta's length with the hand's cards next to it:
    (the cards, lowest first below it, then above it; the sequence's index)."""
    order = run_order(cfg)
    size = cfg.canasta_size
    if size > cfg.table.sequences.max_cards:
        return []
    found = []
    for index, (suit, low, high, length) in _tables(melds, {rank: i for i, rank in enumerate(order)}).items():
        for below in range(size - length + 1):
            above = size - length - below
            if low - below < 0 or high + above >= len(order):
                continue
            cards = [order[p] + suit for p in range(low - below, low)] + [
                order[p] + suit for p in range(high + 1, high + 1 + above)]
            if cards and all(card in hand for card in cards):
                found.append((cards, index))
    return found


def suit_bound(cfg: Config, naturals: dict, wilds: list[str], melds: tuple, pick, bound: tuple, **search) -> tuple:
    """`bound` (a pick of plan_opening's: the best count, going out or not, and the best keeping cards) lowered by
    the searches with runs in one suit at a time (search_with_runs with `exact`), each an upper bound too."""
    place = {rank: i for i, rank in enumerate(run_order(cfg))}
    tables = _tables(melds, place)
    loose = _runnable_by_suit(naturals, run_order(cfg), tables, cfg.table.sequences.min_cards)
    # The suits with fewest cards that could lie in a run first: their searches are the cheapest, and one that finds
    # no way ends the rest.
    for suit in sorted(SUITS, key=lambda suit: sum(loose[suit].values())):
        if not loose[suit] and not any(s == suit for s, *_ in tables.values()):
            continue                  # no run in this suit: its search is the bound's
        found = pick(search_with_runs(cfg, naturals, wilds, melds, exact=suit, **search)[0])
        bound = (min(bound[0], found[0]), None, False, min(bound[3], found[3]), None)
        if bound[0] < 0 and bound[3] < 0:
            break
    return bound


_SEARCHED = float("inf")          # a state's count in _best_way once it needs no search again


def _best_way(layers: list, start: tuple, ends_of, widened, goal, reach: list[int], slack: int, target: int,
              budget: int, alive=None) -> tuple[int, list | None, bool]:
    """The end `goal` values most, searched depth first through the layers (the successors that count most first),
    stopping at once at one valued `target` (an upper bound) or past `budget` states: (its value, -1 for none; the
    states, count and way back of each layer to it, then the end's; whether the search ended within the budget).

    A state is searched again only with a higher count (it holds every later choice alike), and not at all where
    its count, with `reach[i]` the most the layers from i on add and `slack` the most an end adds to the value
    beyond the count, cannot value more than the best end found, nor where `alive` (layer, state) says it cannot
    end as the goal asks."""
    seen: list[dict] = [{} for _ in layers]
    best: list = [-1, None]
    way: list = []
    spent = [0]
    spend = work.meter().spend
    # Where any end the goal values at all meets `target` (a way out, asked whether one exists), what lies below a
    # state does not depend on its count: a state searched once is never searched again.
    once = target <= 0

    def down(i: int, state: tuple, points: int) -> bool:
        """Whether the search stops: an end valued `target` found, or the budget spent."""
        if i == len(layers):
            for key, total, back in ends_of(state, points):
                for wide, wide_total, wide_back in widened(key, total, back):
                    value = goal(wide, wide_total)
                    if value > best[0]:
                        best[:] = value, way + [(wide, wide_total, wide_back)]
                        if value >= target:
                            return True
            return False
        grown = layers[i][0](state, points)
        spend(1 + len(grown))
        grown.sort(key=lambda successor: -successor[1])
        known = seen[i]
        for successor in grown:
            key, total, _ = successor
            if total + reach[i + 1] + slack <= best[0] or known.get(key, -1) >= total or (
                    alive is not None and not alive(i + 1, key)):
                continue
            known[key] = _SEARCHED if once else total
            spent[0] += 1
            if spent[0] > budget:
                return True
            way.append(successor)
            stop = down(i + 1, key, total)
            way.pop()
            if stop:
                return True
        return False

    down(0, start, 0)
    return best[0], best[1], spent[0] <= budget


def _canastas_ahead(cfg: Config, ranks_of: list[str], cards: dict, melds: tuple, wilds: int,
                    wild_top: str | None, tally: Tally, closing, goes):
    """Whether a state entering a layer could still end with canastas that `goes` accepts: the state's canastas
    with, counted as made, its runs meant as canastas, every sequence on the table, each sequence of a canasta's
    length the cards ahead could make, a set canasta per fewest naturals one holds among each rank's cards ahead
    (as natural and as mixed both) and one per set of the rank on the table, and the wild cards' canastas (as
    many as their number fills, and one per meld of wild cards on the table). Counts only grow, so a state
    whose count with all that is refused cannot end accepted."""
    order = run_order(cfg)
    size, rules, sets = cfg.canasta_size, cfg.table.sequences, cfg.table.sets
    joined = tally.joined
    fewest = max(1, size - sets.max_wilds) if sets.max_wilds is not None else 1
    of_rank: dict[str, int] = {}
    for m in melds:
        if m.rank:
            of_rank[m.rank] = of_rank.get(m.rank, 0) + 1
    sequences = _table_canastas(cards, order, _tables(melds, {rank: i for i, rank in enumerate(order)}), size,
                                rules.max_cards)
    set_canasta = joined[tally.mark("natural")][tally.mark("mixed")]
    wild_code = 0
    if sets.all_wild:
        for _ in range((wilds + (1 if wild_top else 0)) // size + sum(1 for m in melds if not m.rank and not m.suit)):
            wild_code = joined[wild_code][tally.mark("wild")]
    # `ranks_of`, per layer: the rank whose cards are still ahead from it on, in the order the layers take them.
    sets_after = [i == len(ranks_of) - 1 or ranks_of[i] != ranks_of[i + 1] for i in range(len(ranks_of))]
    # Built from the last layer back (canasta counts add up in any order); the runs ahead once per rank.
    extra = [wild_code]
    for j in range(len(ranks_of) - 1, -1, -1):
        code = extra[-1]
        if sets_after[j]:
            rank = ranks_of[j]
            for _ in range(len(cards[rank]) // fewest + of_rank.get(rank, 0)):
                code = joined[code][set_canasta]
        extra.append(code)
    extra.reverse()
    by_first: dict[int, int] = {}
    runs_ahead = []
    copies = [_suit_copies(cards, order, suit) for suit in SUITS]
    for i in range(len(ranks_of) + 1):
        first = order.index(ranks_of[i]) if i < len(ranks_of) and ranks_of[i] in order else (
            0 if i < len(ranks_of) else len(order))
        if first not in by_first:
            by_first[first] = sequences + _canasta_runs_from(copies, first, min(size, rules.max_cards + 1))
        runs_ahead.append(by_first[first])

    known: dict = {}

    def alive(i: int, state: tuple) -> bool:
        key = (i, state[2], sum(map(_aimed, state[3])))
        found = known.get(key)
        if found is None:
            found = known[key] = goes(closing(joined[state[2]][extra[i]], runs_ahead[i] + key[2]))
        return found

    return alive


def one_run_a_card(cfg: Config, naturals: dict, melds) -> bool:
    """Whether no way to meld puts two runs through copies of one card, so that the search with runs holding one
    copy of each card (`run_copies` 1) is the full search.

    Two runs (new, or a sequence on the table grown from the hand) through one rank of a suit overlap on a stretch
    of ranks where the suit has two cards or more (the table's sequences counted as cards), inside a stretch where
    it has one or more. The later-starting run reaches from the overlap's first rank at least a run's length to
    the right; the other, which ends with the overlap or holds it whole, reaches from the left end at least a run's
    length to the overlap's last rank. So where no stretch of two or more cards, [p1, p2] inside a stretch [L, R]
    of one or more, has both p2 - L and R - p1 at least a run's length less one, no two runs share a card."""
    order = run_order(cfg)
    reach = cfg.table.sequences.min_cards - 1
    tables = _tables(tuple(melds), {rank: i for i, rank in enumerate(order)})
    for suit in SUITS:
        held = _suit_copies(naturals, order, suit) + [0]
        for table_suit, low, high, _ in tables.values():
            if table_suit == suit:
                for p in range(low, high + 1):
                    held[p] += 1
        first = None              # where the stretch of one or more cards began
        for p, count in enumerate(held):
            if count == 0:
                first = None
                continue
            if first is None:
                first = p
            if count >= 2 and (p == 0 or held[p - 1] < 2):     # a stretch of two or more begins at p
                doubled_end = p
                while held[doubled_end + 1] >= 2:
                    doubled_end += 1
                stretch_end = doubled_end
                while held[stretch_end + 1] >= 1:
                    stretch_end += 1
                if doubled_end - first >= reach and stretch_end - p >= reach:
                    return False
    return True


def _suit_copies(naturals: dict, order: list[str], suit: str) -> list[int]:
    """How many cards of the suit the hand holds at each rank of the order."""
    return [sum(1 for card in naturals.get(rank, ()) if card[-1] == suit) for rank in order]


def _runnable(naturals: dict, order: list[str], tables: dict, least: int) -> dict[str, int]:
    """Per rank, how many of its cards could lie in a run (_runnable_by_suit, all suits together)."""
    found: dict[str, int] = {}
    for by_rank in _runnable_by_suit(naturals, order, tables, least).values():
        for rank, n in by_rank.items():
            found[rank] = found.get(rank, 0) + n
    return found


def _runnable_by_suit(naturals: dict, order: list[str], tables: dict, least: int) -> dict[str, dict[str, int]]:
    """Per suit and rank, how many of its cards could lie in a run: those whose suit's cards at consecutive ranks
    around them are at least a run long, or reach a sequence of that suit on the table."""
    every: dict[str, dict[str, int]] = {}
    for suit in SUITS:
        found = every[suit] = {}
        copies = _suit_copies(naturals, order, suit)
        ends = [(a, b) for s, a, b, _ in tables.values() if s == suit]
        p = 0
        while p < len(order):
            if not copies[p]:
                p += 1
                continue
            q = p
            while q + 1 < len(order) and copies[q + 1]:
                q += 1
            if q - p + 1 >= least or any(p <= a - 1 <= q or p <= b + 1 <= q for a, b in ends):
                for r in range(p, q + 1):
                    found[order[r]] = found.get(order[r], 0) + copies[r]
            p = q + 1
    return every


def sequence_canastas_most(cfg: Config, naturals: dict, melds) -> int:
    """At most how many sequence canastas a side could hold after melding from these naturals: each of its
    sequences on the table that is a canasta or could grow into one (_table_canastas), and the new sequences of a
    canasta's length the hand's cards could make."""
    rules = cfg.table.sequences
    length = min(cfg.canasta_size, rules.max_cards + 1)
    order = run_order(cfg)
    tables = _tables(tuple(melds), {rank: i for i, rank in enumerate(order)})
    return _table_canastas(naturals, order, tables, cfg.canasta_size, rules.max_cards) + _new_canasta_runs(
        naturals, order, length)


def _table_canastas(naturals: dict, order: list[str], tables: dict, size: int, most: int, suits: str = SUITS) -> int:
    """How many of the table's sequences (of these suits) are canastas or could become one: a sequence grows only
    at its ends, by the hand's cards of its suit at the ranks next to it, one card a rank, to at most `most`
    cards."""
    found = 0
    for suit, low, high, length in tables.values():
        if suit not in suits:
            continue
        below = above = 0
        while low - below > 0 and _holds(naturals, order[low - below - 1] + suit):
            below += 1
        while high + above + 1 < len(order) and _holds(naturals, order[high + above + 1] + suit):
            above += 1
        found += min(most, length + below + above) >= size
    return found


def _holds(naturals: dict, card: str) -> bool:
    """Whether the hand's naturals hold this card."""
    return card in naturals.get(card[:-1], ())


def _new_canasta_runs(naturals: dict, order: list[str], length: int) -> int:
    """At most how many sequences of `length` cards the hand's cards alone could make: a sequence lies within one
    suit's stretch of consecutive ranks the hand holds, and takes `length` of its cards."""
    return _canasta_runs_from([_suit_copies(naturals, order, suit) for suit in SUITS], 0, length)


def _canasta_runs_from(copies: list[list[int]], first: int, length: int) -> int:
    """_new_canasta_runs of the cards at the places from `first` on, given each suit's copies by place."""
    found = 0
    for held in copies:
        stretch = cards = 0
        for count in [*held[first:], 0]:
            if count:
                stretch, cards = stretch + 1, cards + count
                continue
            if stretch >= length:
                found += cards // length
            stretch = cards = 0
    return found


@lru_cache(maxsize=4096)         # asked of every state at every suit's layer, of a few hundred distinct tuples
def _aimed(entries: tuple) -> int:
    """How many of a suit's open runs are meant to be canastas."""
    return sum(1 for _, tag, _ in entries if tag == CANASTA)


def _tables(melds: tuple, place: dict) -> dict:
    """The sequences on the table by index: suit, lowest and highest place, size."""
    return {i: (m.suit, min(place[c[:-1]] for c in m.cards), max(place[c[:-1]] for c in m.cards), m.size)
            for i, m in enumerate(melds) if m.suit}


def _suit_blind(values: dict, order: list[str]) -> bool:
    """Whether every card of a rank in runs is worth the same, whatever its suit."""
    return all(len({values.get(rank + suit) for suit in SUITS}) == 1 for rank in order)


def _set_chooser(cfg: Config, melds: tuple, *, saturate: int, top: str | None, top_rank: str | None, frozen: bool,
                 tally: Tally, pool_size: int, merging: bool):
    """The set search of opening.py for a rank's cards left to its sets, each pool searched once."""
    several = not cfg.table.sets.one_per_rank
    by_rank = {m.rank: m for m in melds if m.rank}
    of_rank: dict[str, list] = {}
    for i, m in enumerate(melds):
        if m.rank:
            of_rank.setdefault(m.rank, []).append((i, m))
    known: dict = {}
    # The answer's searches often ask the same rank alike (a listing asks going out of every step): its meter keeps
    # what they found, by everything the choices depend on.
    done = work.meter().done

    def set_choices(rank: str, pool: tuple) -> list[_Choice]:
        key = (rank, pool)
        if key not in known:
            joined_top = top if rank == top_rank else None
            ontos = of_rank.get(rank, [])
            asked = None if done is None else (
                "set choices", id(cfg), rank, pool, tuple([(i, m.named, *m.cards) for i, m in ontos]), saturate,
                joined_top, frozen, tally, pool_size, merging)
            found = None if asked is None else done.get(asked)
            if found is None:
                cards = list(pool)
                if several:
                    found = _several_choices(cfg, rank, cards, saturate=saturate, top=joined_top, frozen=frozen,
                                             ontos=ontos, wilds=pool_size, tally=tally, merging=merging)
                else:
                    found = _choices(cfg, rank, cards, saturate=saturate, top=joined_top, frozen=frozen,
                                     onto=by_rank.get(rank), tally=tally)
                if asked is not None:
                    done[asked] = found
            known[key] = found
        return known[key]

    return set_choices


def _left(cards: list[str], taken) -> tuple:
    """The rank's cards the runs leave, the most valuable first as the set search expects them."""
    left = list(cards)
    for j, n in enumerate(taken):
        suit = SUITS[j]
        for _ in range(n):
            left.remove(next(c for c in left if c[-1] == suit))
    return tuple(left)


def _chain_drafts(order: list[str], suit: str, first: int, last: int, longest: int) -> list[Draft]:
    """A chain of consecutive ranks as the fewest runs of at most `longest` cards, of nearly equal lengths."""
    length = last - first + 1
    runs = -(-length // longest)
    drafts = []
    for k in range(runs):
        start = first + k * length // runs
        end = first + (k + 1) * length // runs
        drafts.append(Draft("", [order[q] + suit for q in range(start, end)], suit=suit))
    return drafts


def _run_draft(order: list[str], tables: dict, stopped: tuple) -> Draft:
    """A stopped run as a Draft: a new sequence, or the cards a table sequence takes at either end."""
    suit, first, length, tag, pre = stopped
    if tag < 0:
        return Draft("", [order[q] + suit for q in range(first, first + length)], suit=suit)
    _, a, b, _ = tables[tag]
    below = [order[q] + suit for q in range(a - pre, a)]
    above = [order[q] + suit for q in range(b + 1, b + 1 + length)]
    return Draft("", below + above, onto=tag, suit=suit)


@dataclass(frozen=True, slots=True)
class _Span:
    """The set choices of a rank that differ only in wild cards, every count from `fewest` to `most` among them."""

    fewest: int
    most: int
    kept: int
    canasta: int
    points: int
    choices: tuple                    # by wild cards, from the fewest


def _spans(choices: list[_Choice]) -> list[_Span]:
    """A rank's set choices as spans: those alike in cards kept, canastas and points, by runs of wild counts."""
    alike: dict = {}
    for choice in choices:
        alike.setdefault((choice.kept, choice.canasta, choice.points), {}).setdefault(choice.wilds, choice)
    spans = []
    for (kept, canasta, points), by_wilds in alike.items():
        counts = sorted(by_wilds)
        start = 0
        for i in range(1, len(counts) + 1):
            if i == len(counts) or counts[i] != counts[i - 1] + 1:
                run = counts[start:i]
                spans.append(_Span(run[0], run[-1], kept, canasta, points, tuple(by_wilds[w] for w in run)))
                start = i
    return spans


def _shared(spans: list[_Span], used: int) -> list[_Choice]:
    """One choice per span whose wild cards add up to `used` (the spans' fewest add up to no more)."""
    extra = used - sum(span.fewest for span in spans)
    chosen = []
    for span in spans:
        more = min(extra, span.most - span.fewest)
        extra -= more
        chosen.append(span.choices[more])
    return chosen


def _widest(states: dict) -> dict:
    """The states without those another state beats in wild cards alone, all else equal: as many points or more,
    and a span of wild cards holding theirs."""
    groups: dict = {}
    for key, (points, _) in states.items():
        groups.setdefault(key[1:], []).append((key[0], points, key))
    for members in groups.values():
        if len(members) < 2:
            continue
        members.sort(key=lambda member: (-member[1], member[0][0], -member[0][1]))
        front: list = []
        for (fewest, most), _, key in members:
            if any(low <= fewest and high >= most for low, high in front):
                del states[key]
            else:
                front.append((fewest, most))
    return states


def _profile(entries: tuple, least: int) -> tuple | None:
    """A suit's open chains as (chains, chains one card long, chains shorter than a run) after its runs meant as
    canastas, or None where the suit lengthens a sequence on the table (compared only when equal)."""
    if any(tag >= 0 for _, tag, _ in entries):
        return None
    chains = [h for h, tag, _ in entries if tag == PLAIN]
    aimed = tuple(entry for entry in entries if entry[1] == CANASTA)
    return aimed, len(chains), sum(1 for h in chains if h == 1), sum(1 for h in chains if h < least)


def _undominated(states: dict, least: int, profiles: dict, suits: range = range(len(SUITS))) -> dict:
    """The states without those another state beats in one suit's open chains, all else equal (the suit's runs
    meant as canastas too): as many points or more, as many chains or more, and no more chains that must still
    grow by two cards, or by one or two.

    Whatever the cards ahead let the weaker chains do, the stronger do alike: the chains that must go on are
    fewer, so they go on where the others do, and a chain the others start may go on from one already open."""
    for j in suits:
        groups: dict = {}
        for key, (points, _) in states.items():
            entries = key[3][j]
            if entries not in profiles:
                profiles[entries] = _profile(entries, least)
            profile = profiles[entries]
            if profile is not None:
                runs = key[3]
                groups.setdefault((key[0], key[1], key[2], runs[:j] + runs[j + 1:], *key[4:], profile[0]), []).append(
                    (profile[1:], points, key))
        for members in groups.values():
            if len(members) < 2:
                continue
            # The most points first, then the strongest chains: a state comes after every state that beats it.
            members.sort(key=lambda member: (-member[1], -member[0][0], member[0][1], member[0][2]))
            front: list = []
            for profile, _, key in members:
                chains, ones, short = profile
                if any(other[0] >= chains and other[1] <= ones and other[2] <= short for other in front):
                    del states[key]
                else:
                    front.append(profile)
    return states
