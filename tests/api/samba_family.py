"""Positions of Samba, Bolivia and Brazilian Canasta written by hand, and the requests that ask about them.

Every position accounts for the 162 cards of three packs and six jokers: what the hands, melds, red threes
and pile do not show is the stock, given as a count (or, for a hand that ran the stock out, the pile)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.canasta_fill import padded as fill

FAMILY = ("samba", "bolivia", "brazilian")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = Counter({**{rank + suit: 3 for rank in RANKS for suit in "CDHS"}, "JK": 6})
RED_THREES = ("3D", "3H")
DEALT = 15                      # cards dealt to each of four players in Samba, Bolivia and Brazilian

OPPONENTS_SEVENS = {"cards": ["7C", "7D", "7S"]}
# Side 1's melds counting 165: enough for the minimum of any variant at a score of 0 (Brazilian asks 150), so
# a side 1 that opened in an earlier turn may show them whatever its score below 1500.
OPPONENTS_OPENED = [OPPONENTS_SEVENS, {"cards": ["AC", "AC", "AC"]}, {"cards": ["10C", "10D", "10H"]},
                    {"cards": ["JC", "JC", "JS"]}, {"cards": ["QC", "QC", "QD"]}]
OPPONENTS_OPENED_POINTS = 165


def each(*variants: str) -> list:
    """Parameters over variants, named after them (all three when none is named)."""
    return [pytest.param(v, id=v) for v in (variants or FAMILY)]


def case(variant: str, *values, id: str | None = None):
    """One parameter set of a variant."""
    return pytest.param(variant, *values, id=id or variant)


def seq(*cards: str) -> dict:
    """A sequence meld on the table."""
    return {"kind": "sequence", "cards": list(cards)}


def wild(*cards: str) -> dict:
    """A meld of wild cards alone on the table."""
    return {"kind": "wild", "cards": list(cards)}


def group(*cards: str) -> dict:
    """A set on the table."""
    return {"cards": list(cards)}


def merge(first: int, second: int) -> dict:
    """Two of the side's melds put together into one.

    The published contract has no move for it yet; this is the shape these tests propose: the indices of
    the two melds in the side's list, the merged meld taking the place of the first."""
    return {"type": "merge", "melds": [first, second]}


def meld_turn(seat: int = 0, **fields) -> dict:
    """The turn of a seat that has drawn two cards from the stock and done nothing else yet."""
    turn = {"seat": seat, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
            "question": None}
    turn.update(fields)
    return turn


def shown_cards(state: dict) -> Counter:
    """Every card a state shows (feet included, where a variant deals them), the stock included when it is listed."""
    shown = Counter(state["discard"])
    for hand in state["hands"] + state.get("feet", []):
        if isinstance(hand, list):
            shown.update(hand)
    for side in state["melds"]:
        for found in side:
            shown.update(found["cards"])
    for threes in state["red_threes"]:
        shown.update(threes)
    if isinstance(state["stock"], list):
        shown.update(state["stock"])
    return shown


def padded(hand: list[str], size: int, shown: list[str] = (), deck: Counter = DECK) -> list[str]:
    """The hand filled to `size` with cards no meld takes, sequences of the family's variants included."""
    return fill(hand, size, shown, deck=deck, runs=True)


def table(hands: list, *, discard: list[str], melds: list | None = None, red_threes: list | None = None,
          turn: dict | None = None, run_out: bool = False, **fields) -> dict:
    """A four-player position; the stock is the count of every card not shown.

    Without melds, only side 1 has melded (three sevens, put down by seat 1), so side 0 has not opened.
    With run_out the stock is empty: the red threes not shown go to side 1 and every other card to the
    bottom of the pile."""
    if melds is None:
        melds = [[], [OPPONENTS_SEVENS]]
        fields.setdefault("melded_before", [False, True, False, False])
    state = {"players": 4, "dealer": 3, "hands": hands, "stock": [], "discard": list(discard), "melds": melds,
             "red_threes": [list(t) for t in (red_threes or [[], []])], "turn": turn or {"seat": 0, "phase": "draw"}}
    state.update(fields)
    for seat, hand in enumerate(hands):
        if isinstance(hand, dict) and not melds[seat % 2]:
            # A seat of a side with nothing on the table never took the pile: it holds at least its deal.
            drawn = state["turn"].get("seat") == seat and state["turn"].get("phase") in ("meld", "answer")
            hand["count"] = max(hand["count"], DEALT + drawn)
    rest = DECK - shown_cards(state)
    assert not shown_cards(state) - DECK, f"more copies than the deck holds: {shown_cards(state) - DECK}"
    hidden = sum(hand["count"] for hand in hands if isinstance(hand, dict))
    if run_out:
        state["red_threes"][1] += [c for c in rest.elements() if c in RED_THREES]
        state["discard"] = sorted(c for c in rest.elements() if c not in RED_THREES) + state["discard"]
        state["stock"] = {"count": 0}
    else:
        state["stock"] = {"count": sum(rest.values()) - hidden}
    return state


def side_opened(hand: list[str], own: list[dict]) -> dict:
    """Seat 0 has drawn from the stock; its side opened in an earlier turn with `own`, side 1 with its 165."""
    return table([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C", "4D"],
                 melds=[own, OPPONENTS_OPENED], melded_before=[True, True, False, False], turn=meld_turn())


def stock_gone(hand: list[str], own: list[dict], top: str, frozen_by: str | None = None) -> dict:
    """Seat 0 to draw with the stock gone and `top` on the pile, its side opened with `own`. The other three
    hands (eleven cards each) hold every wild card not shown, so the pile is not frozen, unless `frozen_by`,
    a wild card, lies in it below the top."""
    state = table([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=[top], melds=[own, OPPONENTS_OPENED],
                  melded_before=[True, True, False, False], turn={"seat": 0, "phase": "draw"}, run_out=True)
    below = state["discard"][:-1]
    if frozen_by is not None:
        below.remove(frozen_by)
    wilds = [card for card in below if card == "JK" or card[:-1] == "2"]
    others = [card for card in below if card not in wilds]
    state["discard"] = others[33 - len(wilds):] + ([frozen_by] if frozen_by else []) + [top]
    return state


def finished(hands: list, melds: list, *, red_threes: list | None = None, seat: int = 0,
             ending: str = "went_out", concealed: bool = False, **fields) -> dict:
    """A hand that is over: seat went out (its hand empty) or ran the stock out."""
    fields.setdefault("melded_before", [bool(melds[s % 2]) for s in range(4)])
    return table(hands, discard=["8C"], melds=melds, red_threes=red_threes, run_out=ending == "stock_exhausted",
                 turn={"seat": seat, "phase": "over", "ending": ending, "concealed": concealed}, **fields)


# Bolivia's initial meld is 150 at every score by default, so a Bolivia side that opened shows melds counting 150.
# The positions here serve all three variants with smaller melds: a Bolivia request whose options do not name
# bolivia_opening is sent with Samba's minimums by score (bolivia_opening tiers), which such positions meet. Tests
# of Bolivia's opening name the option (test_samba_family_rules_seed_defaults.py checks the default itself).
BOLIVIA_SMALL_OPENINGS = {"bolivia_opening": "tiers"}


def post(client, path: str, variant: str, state: dict | None = None, move: dict | None = None,
         options: dict | None = None, **extra):
    """POST a request of the variant (see BOLIVIA_SMALL_OPENINGS); the response as it came."""
    options = dict(options or {})
    if variant == "bolivia":
        options = {**BOLIVIA_SMALL_OPENINGS, **options}
    body = {"game": "canasta", "variant": variant, "options": options, **extra}
    if state is not None:
        body["state"] = state
    if move is not None:
        body["move"] = move
    return client.post(path, json=body)


def answer(client, path: str, variant: str, state: dict | None = None, move: dict | None = None,
           options: dict | None = None, **extra) -> dict:
    """The JSON of a request that must succeed."""
    response = post(client, path, variant, state, move, options, **extra)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def judged(client, variant: str, state: dict, move: dict, options: dict | None = None) -> dict:
    """The /validate-move verdict."""
    return answer(client, "/validate-move", variant, state, move, options)


def cited(verdict: dict) -> set[str]:
    """The rule ids of a verdict's violations."""
    return {v["rule"] for v in verdict["violations"]}


def assert_refused(verdict: dict, *rules: str) -> None:
    """The move is illegal and cites at least one of the rules given."""
    assert verdict["legal"] is False, verdict
    assert cited(verdict) & set(rules), (cited(verdict), rules)


def assert_allowed(verdict: dict) -> None:
    """The move is legal."""
    assert verdict["legal"] is True, verdict["violations"]


def scored(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """The /score answer."""
    return answer(client, "/score", variant, state, options=options)


def points(score: dict, team: int, *rules: str) -> int:
    """What a side's lines citing any of the rules add up to."""
    return sum(line["points"] for line in score["lines"] if line["team"] == team and line["rule"] in rules)


def judge_meld(client, variant: str, cards: list[str], kind: str | None = None, **context) -> dict:
    """The /validate-meld verdict on one meld."""
    found = {"cards": cards, **({"kind": kind} if kind else {})}
    return answer(client, "/validate-meld", variant, meld=found, context=context)
