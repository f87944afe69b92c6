"""A player's view of the zones: feet, kitties and stock given as counts. Hands played from deals by random
legal moves; at every turn the acting seat's listing from its own view equals the full view's, and where a
listed move takes up a zone nobody has seen (whose bonus cards, laid out, nobody can check), the view says so
in `unverified`."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import dump_state
from rules_engine.games.canasta.variants import CLASSIC

from .zone_helpers import read

ENTRIES = {
    "canasta.foot.take-up": replace(CLASSIC, foot=11, hooks=("played_from_foot",)),
    "canasta.kitty.take-up": replace(CLASSIC, kitties=(2, 11)),
}


def _view(dumped: dict) -> dict:
    """The position as the acting seat sees it: feet, kitties and stock face down."""
    view = dict(dumped)
    for zone in ("feet", "kitties"):
        if zone in view:
            view[zone] = [{"count": len(cards)} for cards in view[zone]]
    view["stock"] = {"count": len(view["stock"])}
    return view


@pytest.mark.parametrize("rule", sorted(ENTRIES))
def test_canasta_zones_hidden_in_the_players_view_mark_the_take_up_unverified(rule):
    cfg = build_config(ENTRIES[rule], ())
    rng = random.Random(5)
    marked = 0
    for seed in range(6):
        state, _ = deal(cfg, 4, seed, {})
        while not state.over:
            moves, _ = legal_moves(cfg, state)
            if state.turn.phase == "meld":
                seen, notes = legal_moves(cfg, read(cfg, _view(dump_state(state))))
                assert [m["code"] for m in seen] == [m["code"] for m in moves]
                empties = any(m["type"] in ("meld", "lay_off", "discard") and _left(state, m) == 0 for m in moves)
                if rule in notes["unverified"]:
                    assert empties and _zone_waits(state, rule)
                elif rule == "canasta.foot.take-up":    # a foot still down is always taken up, never gone out on
                    assert not (empties and _zone_waits(state, rule))
                marked += rule in notes["unverified"]
            melding = [m for m in moves if m["type"] not in ("discard", "draw")]
            move = rng.choice(melding or moves)
            state, _ = apply(cfg, state, read_move({k: v for k, v in move.items()
                                                    if k not in ("code", "rules", "opening")}, 4))
    assert marked


def _left(state, move: dict) -> int:
    """The cards a move leaves in the acting hand."""
    hand = len(state.hands[state.turn.seat])
    if move["type"] == "discard":
        return hand - 1
    if move["type"] == "lay_off":
        return hand - len(move["cards"])
    return hand - sum(len(m["cards"]) for m in move["melds"])


def _zone_waits(state, rule: str) -> bool:
    """Whether a hand played out now would take up a zone (the seat's foot, or a kitty) rather than go out."""
    if rule == "canasta.foot.take-up":
        return bool(state.feet[state.turn.seat])
    return any(state.kitties)
