"""Going out where the canastas are counted by kind or bounded (canasta.going-out.canasta-needed): the placing of
wild cards the planner finds agrees with trying every placing, on small random melds."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings, strategies as st

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.going_out import Group, Needs, _count_by_kind
from rules_engine.games.canasta.melds import canasta_kind
from rules_engine.games.canasta.variants import ENTRIES

CONFIG = build_config(ENTRIES["mexicana"], ())
KINDS = ("natural", "mixed", "wild")


@st.composite
def groups(draw) -> list[Group]:
    """Up to five melds: their naturals and size before wild cards, what they must and may take."""
    found = []
    for index in range(draw(st.integers(0, 5))):
        naturals = draw(st.integers(0, 8))
        size = naturals + draw(st.integers(0, 2))
        need = draw(st.integers(0, 3))
        found.append(Group(str(index), [], naturals, size, None, need, need + draw(st.integers(0, 4))))
    return found


needs_asked = st.builds(
    Needs, st.integers(0, 3),
    st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 2)), max_size=2, unique_by=lambda pair: pair[0])
    .map(tuple), st.none() | st.integers(0, 4))


def _meets(counts: tuple[int, ...], melds: list[Group], needs: Needs) -> bool:
    kinds = [canasta_kind(CONFIG, g.base_naturals, g.base_size - g.base_naturals + w) for g, w in zip(melds, counts)]
    made = sum(kind is not None for kind in kinds)
    by_kind = all(min(kinds.count(kind), wanted) == wanted for kind, wanted in needs.by_kind)
    return made >= needs.canastas and (needs.most is None or made <= needs.most) and by_kind


@settings(max_examples=400, deadline=None)
@given(melds=groups(), wilds=st.integers(0, 12), needs=needs_asked)
def test_canasta_going_out_canasta_needed_wild_cards_placed_as_every_placing_says(melds, wilds, needs):
    every = [counts for counts in product(*(range(g.need, g.room + 1) for g in melds))
             if sum(counts) == wilds and _meets(counts, melds, needs)]
    found = _count_by_kind(CONFIG, melds, wilds, needs)
    assert (found is not None) == bool(every)
    if found is not None:
        assert sum(found) == wilds and _meets(tuple(found), melds, needs)
        assert all(g.need <= w <= g.room for g, w in zip(melds, found))
