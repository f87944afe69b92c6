"""Two of a side's melds of one rank put together (the merge_melds_of_a_rank hook, Samba family).

One judgement of a merge serves the check, the move's application and the searches: which melds may
be joined, what the joined meld is, and where the side's melds stand afterwards.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from ... import work
from ...cards import RANKS
from .config import Config
from .going_out import Plan
from .hooks import MERGE_MELDS_OF_A_RANK, has_hook
from .melds import Meld, judge
from .sequences import judge_sequence_onto
from ...records import record

RULE = "canasta.melds.merge"


def merged(cfg: Config, melds: list[Meld], first: int, second: int) -> tuple[list[Meld], list[tuple[str, str]]]:
    """The side's melds after joining melds `first` and `second` (the lower index keeps the joined meld),
    and what forbids it: (rule, words) each."""
    low, high = sorted((first, second))
    a, b = melds[low], melds[high]
    if a.suit or b.suit:
        return _merged_runs(cfg, melds, low, high)
    problems: list[tuple[str, str]] = []
    if not a.rank or not b.rank or cfg.is_stop_rank(a.rank) or cfg.is_stop_rank(b.rank):
        problems.append((RULE, "Only melds of one rank are put together; melds of wild cards alone or of black "
                               "threes are not."))
    elif a.rank != b.rank:
        problems.append((RULE, f"Meld {low} holds {a.rank}s and meld {high} {b.rank}s; only melds of the same "
                               "rank are put together."))
    finished = [i for i, m in ((low, a), (high, b)) if cfg.is_canasta(m.size)]
    if finished:
        problems.append((RULE, f"Meld {finished[0]} is a canasta already; only melds that are not canastas yet "
                               "are put together."))
    verdict = judge(cfg, b.cards, going_out=False, onto=a)
    if not problems or (a.rank and b.rank and a.rank != b.rank):
        problems += [(v.rule, "The joined meld would break a rule: " + v.message) for v in verdict.violations]
    joined = Meld(a.rank, a.cards + b.cards, verdict.naturals, verdict.wilds)
    return _replaced(melds, low, high, joined), problems


def _merged_runs(cfg: Config, melds: list[Meld], low: int, high: int) -> tuple[list[Meld], list[tuple[str, str]]]:
    """merged for sequences: two of the side's sequences of one suit become one, judged as the sequence their
    cards make together (in Samba, a samba at most: no more than seven cards)."""
    a, b = melds[low], melds[high]
    if not (a.suit and b.suit):
        return melds, [(RULE, f"Meld {low if a.suit else high} is a sequence and meld {high if a.suit else low} is "
                              "not: only two sequences, or two melds of one rank, are put together.")]
    problems = [(RULE, f"Meld {i} is a canasta already; only melds that are not canastas yet are put together.")
                for i, m in ((low, a), (high, b)) if cfg.is_canasta(m.size)][:1]
    verdict = judge_sequence_onto(cfg, b.cards, a, b.named)
    problems += [(v.rule, "The joined sequence would break a rule: " + v.message) for v in verdict.violations]
    # The joined run lies low card first, as the sequence it now is: the lower of the two runs leads.
    cards = b.cards + a.cards if _lowest(cfg, b) < _lowest(cfg, a) else a.cards + b.cards
    joined = Meld("", cards, verdict.naturals, verdict.wilds, a.suit, verdict.named)
    return _replaced(melds, low, high, joined), problems


def _places(cfg: Config, run: Meld) -> list[int]:
    """The places in rank order of a run's natural cards (a wild card's code names no place of the run)."""
    return [RANKS.index(card[:-1]) for card in run.cards if card not in cfg.wild]


def _lowest(cfg: Config, run: Meld) -> int:
    """The place in rank order of a run's lowest natural card."""
    return min(_places(cfg, run), default=len(RANKS))


def _replaced(melds: list[Meld], low: int, high: int, joined: Meld) -> list[Meld]:
    """The side's melds with melds `low` and `high` gone and the joined meld in the place of `low`."""
    return melds[:low] + [joined] + melds[low + 1:high] + melds[high + 1:]


def index_after(index: int, first: int, second: int) -> int:
    """Where the side's meld `index` stands once melds `first` and `second` are joined."""
    low, high = sorted((first, second))
    if index == high:
        return low
    return index - 1 if index > high else index


@record
class Joining:
    """How some melds of a rank become one: the merges in order (pairs of indices, each naming the meld that
    holds that original meld), and for the two parts the last merge joins, the wild cards the part's first
    meld may take before the merges, where the joined meld is a canasta closed to wild cards."""

    steps: tuple[tuple[int, int], ...]
    before: tuple[tuple[int, int], ...]

    @property
    def members(self) -> list[int]:
        """The original melds joined, by index."""
        return sorted({i for pair in self.steps for i in pair})


# Ways to group a rank's melds are tried only up to this many melds of the rank not yet canastas (52
# groupings of five); past it the searches take the melds as they lie.
MOST_GROUPED = 5


def groupings(cfg: Config, ontos: list[tuple[int, Meld]]) -> list[list[tuple[object, Meld]]]:
    """Every way merges can leave a rank's melds on the table (`ontos`: (index, meld) each): a list of
    (key, meld) per way, the key a meld's index or, for joined melds, their Joining. The melds as they lie
    come first."""
    found = [list(ontos)]
    loose = [(i, m) for i, m in ontos if not cfg.is_canasta(m.size) and m.rank and not cfg.is_stop_rank(m.rank)]
    if len(loose) < 2 or len(loose) > MOST_GROUPED:
        return found
    kept = [(i, m) for i, m in ontos if (i, m) not in loose]
    for blocks in _partitions(loose):
        if all(len(block) == 1 for block in blocks):
            continue
        way = list(kept)
        for block in blocks:
            if len(block) == 1:
                way.append(block[0])
                continue
            joined = _joined(cfg, block)
            if joined is None:
                break
            way.append(joined)
        else:
            found.append(way)
    return found


def _partitions(items: list) -> list[list[list]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    found = []
    for blocks in _partitions(rest):
        found.append([[first]] + blocks)
        for i in range(len(blocks)):
            found.append(blocks[:i] + [[first] + blocks[i]] + blocks[i + 1:])
    return found


def _joined(cfg: Config, block: list[tuple[int, Meld]]) -> tuple[Joining, Meld] | None:
    """The merges that join a block of melds into one, each joining two melds not yet canastas, and the
    joined meld; None when no order does. The block splits in two parts joined one by one, then the two:
    of the splits that work, the one whose parts leave most room for wild cards before the last merge."""
    best: tuple[int, Joining, Meld] | None = None
    block = sorted(block, key=lambda pair: pair[0])
    splits = [([block[0]], block[1:])] if len(block) == 2 else [
        ([block[0]] + [p for bit, p in enumerate(block[1:]) if mask >> bit & 1],
         [p for bit, p in enumerate(block[1:]) if not mask >> bit & 1])
        for mask in range(0, 2 ** (len(block) - 1) - 1)]
    for first, second in splits:
        steps = [(first[0][0], i) for i, _ in first[1:]] + [(second[0][0], i) for i, _ in second[1:]]
        steps.append((first[0][0], second[0][0]))
        melds = dict(block)
        for low, high in steps:
            together, problems = merged(cfg, [melds[low], melds[high]], 0, 1)
            if problems:
                break
            melds[low] = together[0]
            del melds[high]
        else:
            rooms = tuple((part[0][0], cfg.canasta_size - 1 - sum(m.size for _, m in part)) for part in (first, second))
            if best is None or sum(room for _, room in rooms) > best[0]:
                best = (sum(room for _, room in rooms), Joining(tuple(steps), rooms), melds[first[0][0]])
    return None if best is None else best[1:]


def merge_moves(recipes: list[Joining], count: int) -> tuple[list[dict], dict[int, int]]:
    """The merge moves that carry out `recipes` (from groupings) on a side holding `count` melds, and where
    each original meld then stands."""
    alive = list(range(count))
    moves = []
    for joining in recipes:
        for low, high in joining.steps:
            moves.append({"type": "merge", "melds": [alive.index(low), alive.index(high)]})
            alive.remove(high)
    where = {original: at for at, original in enumerate(alive)}
    return moves, where


def run_joins(cfg: Config, hand: list[str], melds: list[Meld]) -> list[tuple[list[dict], list[str], list[Meld]]]:
    """Each way to join pairs of the side's sequences of one suit before going out, the cards of the hand that
    fill the ranks between them laid off first: (the moves, the hand left, the side's melds after), one way per
    set of suits joined. Sequences without wild cards only, where a variant merges melds (Samba's family): a
    joined run is as long as a sequence may be at most, so two runs make it and each suit joins one pair."""
    rules = cfg.table.sequences
    if rules is None or rules.wilds or not has_hook(cfg.table.hooks, MERGE_MELDS_OF_A_RANK):
        return []
    by_suit: dict[str, list[int]] = {}
    for index, meld in enumerate(melds):
        if meld.suit and not cfg.is_canasta(meld.size):
            by_suit.setdefault(meld.suit, []).append(index)
    held = set(hand)
    choices = []
    for indices in by_suit.values():
        pairs = []
        for low in indices:
            for high in indices:
                top, bottom = _highest(cfg, melds[low]), _lowest(cfg, melds[high])
                gap = [rank + melds[low].suit for rank in RANKS[top + 1:bottom]]
                if top < bottom and held.issuperset(gap) and \
                        melds[low].size + len(gap) + melds[high].size <= rules.max_cards:
                    pairs.append((low, high, gap))
        if pairs:
            choices.append([None] + pairs)
    found = []
    spend = work.meter().spend
    for picked in product(*choices):
        spend(1)
        joins = [pair for pair in picked if pair is not None]
        if joins:
            way = _joined_runs(cfg, hand, melds, joins)
            if way is not None:
                found.append(way)
    return found


def _joined_runs(cfg: Config, hand: list[str], melds: list[Meld], joins: list) -> tuple | None:
    """The moves that carry out these joins (each: the lower run, the higher, the cards between), in order."""
    moves: list[dict] = []
    left = list(hand)
    alive = list(range(len(melds)))
    for low, high, gap in joins:
        at, other = alive.index(low), alive.index(high)
        if gap:
            moves.append({"type": "lay_off", "meld": at, "cards": gap})
            run = melds[at]
            melds = melds[:at] + [Meld("", run.cards + gap, run.naturals + len(gap), run.wilds, run.suit)] \
                + melds[at + 1:]
            for card in gap:
                left.remove(card)
        melds, problems = merged(cfg, melds, at, other)
        if problems:
            return None
        moves.append({"type": "merge", "melds": [at, other]})
        alive.remove(alive[max(at, other)])
    return moves, left, melds


def _highest(cfg: Config, run: Meld) -> int:
    """The place in rank order of a run's highest natural card."""
    return max(_places(cfg, run), default=-1)


def plan_with_joined_runs(cfg: Config, hand: list[str], melds: list[Meld], search) -> Plan | None:
    """A way to go out that first joins some of the side's sequences (run_joins), searched by `search(hand,
    melds)` on what each way leaves; None when no way does."""
    for moves, left, after in run_joins(cfg, hand, melds):
        if not left:
            continue    # the cards between emptied the hand: it ended before the merge
        plan = search(left, after)
        if plan is not None:
            gained = sum(cfg.values[card] for move in moves if move["type"] == "lay_off" for card in move["cards"])
            return replace(plan, moves=moves + plan.moves, points=plan.points + gained)
    return None
