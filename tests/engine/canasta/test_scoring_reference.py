"""A reference scorer for finished Canasta hands, written from the rule texts, and random hands scored by both.

The scorer reads only the finished position (melds, red threes, hands, how the hand ended, the game scores
before it) and the variant's published figures, as the rule book states them:

- card values (canasta.cards.values): joker 50, two and ace 20, eight to king 10, four to seven 5, black
  three 5; melded cards count plus (canasta.scoring.melded-cards), cards held minus (canasta.scoring.hand-cards);
- canastas of seven or more (canasta.canastas.size): natural 500, mixed 300 (canasta.canastas.natural,
  .mixed); in the Samba family a sequence of seven 1500 (canasta.canastas.sequence), a meld of seven wild
  cards 2500 in Bolivia and the option wild_canasta (2000 or 2500) in Brazilian (canasta.canastas.wild);
- red threes (canasta.red-threes.score): 100 each, all four 800 (Classic, Two-hand), all six 1000 (Samba,
  Bolivia: canasta.variant.samba, canasta.variant.bolivia), Brazilian's schedule 100, 200, 300, 400, 1000,
  1200 (canasta.threes.schedule); minus for a side that melded nothing (Classic, Samba by default, with
  the option four_red_threes_unmelded for four), for a side short of two canastas (Bolivia, Samba's
  samba_red_threes_minus alternative) or of one (Brazilian) (canasta.threes.minus);
- going out 100, concealed 200 in all (canasta.going-out.bonus, .concealed); 200 in the Samba family,
  whose sources give no concealed bonus (Bicycle: Samba); nothing when the stock ran out
  (canasta.stock.exhausted);
- a black three left in hand costs 100 in Bolivia and Brazilian when a player went out
  (canasta.black-threes.in-hand: Bicycle: Bolivia, "when any other player (including a partner) goes out";
  rummy-games.com: Bolivia, "when someone goes out"), 5 elsewhere and when the stock ran out;
- Brazilian's unfinished melds (canasta.scoring.incomplete): 1000 for each sequence or wild meld under
  seven cards of a side when another side went out, or (option sequences_under_five) for each sequence
  under five cards whenever the hand ends;
- penalties recorded by the table: 100 per card taken back, 500 per undeclared red three
  (canasta.penalties.retracted, .undeclared-red-three);
- the game ends after the hand in which a side reaches 5000 (Classic, Two-hand), 10,000 (Samba,
  Brazilian) or 15,000 (Bolivia); the higher total wins, a tie has no winner (canasta.scoring.game).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from rules_engine import answers

WILD_RANKS = ("2", "JK")
BLACK_THREES = ("3C", "3S")
SEQUENCE_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_of(card: str) -> str:
    """The card's rank: JK for a joker."""
    return "JK" if card == "JK" else card[:-1]


def is_wild(card: str) -> bool:
    """Jokers and twos are wild (canasta.cards.wild)."""
    return rank_of(card) in WILD_RANKS


def value(card: str) -> int:
    """The card's value (canasta.cards.values); a red three has none."""
    r = rank_of(card)
    if r == "JK":
        return 50
    if r in ("2", "A"):
        return 20
    if r in ("8", "9", "10", "J", "Q", "K"):
        return 10
    if r in ("4", "5", "6", "7"):
        return 5
    return 5 if card in BLACK_THREES else 0


def meld_kind(cards: list[str]) -> str:
    """set, sequence or wild, read from the cards alone."""
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:
        return "wild"
    if len({rank_of(c) for c in naturals}) > 1:
        return "sequence"
    return "set"


def canasta_kind(cards: list[str]) -> str | None:
    """natural, mixed, wild or sequence for a meld of seven or more (canasta.canastas.size), else None."""
    if len(cards) < 7:
        return None
    kind = meld_kind(cards)
    if kind == "set":
        return "mixed" if any(is_wild(c) for c in cards) else "natural"
    return kind


def classic_threes(count: int, all_of_them: int) -> int:
    """100 each, all of them together doubled: 800 for four, 1000 for six."""
    if count == all_of_them:
        return 800 if count == 4 else 1000
    return 100 * count


def brazilian_threes(count: int, _all: int) -> int:
    """Brazilian's schedule (canasta.threes.schedule)."""
    return (0, 100, 200, 300, 400, 1000, 1200)[count]


@dataclass(frozen=True)
class Figures:
    """What a variant's rule texts give for scoring."""

    sides: str  # "partners" (seat % 2) or "alone"
    red_threes_in_deck: int
    threes: Callable[[int, int], int]  # red threes held, red threes in the deck -> their worth
    threes_minus_below: int  # canastas a side needs for its red threes to count plus; 0: it must have melded
    going_out: int
    concealed_total: int | None
    black_three_in_hand: int
    target: int
    sequence_bonus: int = 0
    wild_bonus: int = 0
    canasta_bonus: dict = field(default_factory=lambda: {"natural": 500, "mixed": 300})


def figures(variant: str, options: dict) -> Figures:
    """The figures of a variant under the options given (defaults where absent)."""
    if variant in ("classic", "two-hand"):
        return Figures("partners" if variant == "classic" else "alone", 4, classic_threes, 0, 100, 200, 5, 5000)
    if variant == "samba":
        below = 2 if options.get("samba_red_threes_minus") == "short_of_two_canastas" else 0
        return Figures("partners", 6, classic_threes, below, 200, None, 5, 10000, sequence_bonus=1500)
    # Bolivia and Brazilian score threes as Samba by default (the book); the other sources' figures are options.
    black = 100 if options.get("black_threes_in_hand") in ("anyone_out", "hand_end") else 5
    if variant == "bolivia":
        below = 2 if options.get("bolivia_red_threes_minus") == "short_of_two_canastas" else 0
        return Figures("partners", 6, classic_threes, below, 200, None, black, 15000, sequence_bonus=1500,
                       wild_bonus=2500)
    if variant == "brazilian":
        schedule = options.get("brazilian_red_threes") == "schedule"
        return Figures("partners", 6, brazilian_threes if schedule else classic_threes, 1 if schedule else 0, 200,
                       None, black, 10000, sequence_bonus=1500, wild_bonus=int(options.get("wild_canasta", 2000)))
    raise ValueError(variant)


@dataclass
class Line:
    """One reference line: its points and the numbers its text states."""

    points: int
    numbers: tuple = ()


def side_of(fig: Figures, seat: int) -> int:
    """The side a seat scores for."""
    return seat % 2 if fig.sides == "partners" else seat


def reference_score(variant: str, options: dict, state: dict) -> dict:
    """The reference answer for a finished hand: lines keyed (side, seat or None, category), totals, game.

    A black three held counts 5 as any card by default (the book); under black_threes_in_hand anyone_out it costs 100
    when a player goes out (Bicycle, rummy-games.com) and 5 when the stock runs out, under hand_end 100 however the
    hand ends (the archived bright.net rules)."""
    fig = figures(variant, options)
    turn = state["turn"]
    went_out = turn["ending"] == "went_out"
    on_stock_out = options.get("black_threes_in_hand") == "hand_end"
    black_three_cost = fig.black_three_in_hand if went_out or on_stock_out else 5
    out_side = side_of(fig, turn["seat"]) if went_out else None
    sides = len(state["melds"])
    lines: dict = {}

    def add(key: tuple, points: int, numbers: tuple = ()) -> None:
        lines[key] = Line(points, numbers)

    for side in range(sides):
        melds = [m["cards"] for m in state["melds"][side]]
        cards = [c for m in melds for c in m]
        if melds:
            add((side, None, "melded"), sum(value(c) for c in cards), (len(cards), len(melds)))
        kinds = [canasta_kind(m) for m in melds]
        canastas = sum(k is not None for k in kinds)
        bonus = {**fig.canasta_bonus, "sequence": fig.sequence_bonus, "wild": fig.wild_bonus}
        for kind in ("natural", "mixed", "sequence", "wild"):
            n = kinds.count(kind)
            if n:
                add((side, None, "canasta:" + kind), n * bonus[kind], (n,))
        threes = len(state["red_threes"][side])
        if threes:
            worth = fig.threes(threes, fig.red_threes_in_deck)
            counts_minus = (not melds) if fig.threes_minus_below == 0 else canastas < fig.threes_minus_below
            numbers: tuple = (threes,)
            if counts_minus:
                worth = -worth
                if variant in ("classic", "two-hand") and threes == 4:
                    worth = int(options.get("four_red_threes_unmelded", -800))
                # The text says why: the side melded nothing, or how many canastas it has of how many.
                numbers += (side,) if fig.threes_minus_below == 0 else (side, canastas, fig.threes_minus_below)
            add((side, None, "red_threes"), worth, numbers)
        if went_out and side == out_side:
            bonus_out = fig.concealed_total if turn.get("concealed") and fig.concealed_total else fig.going_out
            add((side, turn["seat"], "going_out"), bonus_out, (turn["seat"],))
        if variant == "brazilian":
            short = _unfinished(options, melds, went_out, side == out_side)
            if short:
                add((side, None, "incomplete"), -1000 * short)
        penalties = (state.get("penalties") or [{}] * sides)[side]
        if penalties.get("retracted_cards") and options.get("two_hand_penalties") != "none":
            add((side, None, "retracted"), -100 * penalties["retracted_cards"])
        if penalties.get("undeclared_red_threes"):
            add((side, None, "undeclared"), -500 * penalties["undeclared_red_threes"])

    for seat, hand in enumerate(state["hands"]):
        side = side_of(fig, seat)
        blacks = [c for c in hand if c in BLACK_THREES] if black_three_cost != 5 else []
        rest = [c for c in hand if c not in blacks]
        if rest:
            add((side, seat, "hand"), -sum(value(c) for c in rest), (len(rest), seat))
        if blacks:
            add((side, seat, "black_threes_in_hand"), -black_three_cost * len(blacks), (len(blacks), seat))

    totals = [sum(line.points for key, line in lines.items() if key[0] == side) for side in range(sides)]
    answer = {"lines": lines, "totals": totals}
    if "score" in state:
        after = [before + gained for before, gained in zip(state["score"], totals)]
        over = max(after) >= fig.target
        answer.update(game_scores=after, game_over=over)
        if over:
            best = max(after)
            answer["winner"] = after.index(best) if after.count(best) == 1 else None
    return answer


def _unfinished(options: dict, melds: list, went_out: bool, went_out_side: bool) -> int:
    """How many of a side's melds Brazilian's 1000 for unfinished melds hits (canasta.scoring.incomplete)."""
    if options.get("incomplete_melds") == "sequences_under_five":
        return sum(meld_kind(m) == "sequence" and len(m) < 5 for m in melds)
    if not went_out or went_out_side:
        return 0
    return sum(meld_kind(m) in ("sequence", "wild") and len(m) < 7 for m in melds)


CATEGORY_OF_RULE = {
    "canasta.scoring.melded-cards": "melded",
    "canasta.canastas.natural": "canasta:natural",
    "canasta.canastas.mixed": "canasta:mixed",
    "canasta.canastas.sequence": "canasta:sequence",
    "canasta.canastas.wild": "canasta:wild",
    "canasta.red-threes.score": "red_threes",
    "canasta.threes.schedule": "red_threes",
    "canasta.threes.minus": "red_threes",
    "canasta.going-out.bonus": "going_out",
    "canasta.going-out.concealed": "going_out",
    "canasta.scoring.hand-cards": "hand",
    "canasta.black-threes.in-hand": "black_threes_in_hand",
    "canasta.scoring.incomplete": "incomplete",
    "canasta.penalties.retracted": "retracted",
    "canasta.penalties.undeclared-red-three": "undeclared",
}
# The categories whose text states its figures (counts, seats) in a known order; the others compare points.
COUNTED = {"melded", "canasta:natural", "canasta:mixed", "canasta:sequence", "canasta:wild", "red_threes",
           "going_out", "hand", "black_threes_in_hand"}


def engine_lines(variant: str, answer: dict) -> dict:
    """The engine's lines in the reference's keys: points summed per key, numbers read from the texts."""
    alone = variant == "two-hand"
    lines: dict = {}
    for line in answer["lines"]:
        category = CATEGORY_OF_RULE.get(line["rule"], "other:" + line["rule"])
        side = line["seat"] if alone and line.get("team") is None else line["team"]
        seat = line["seat"] if category in ("going_out", "hand", "black_threes_in_hand") else None
        key = (side, seat, category)
        numbers = tuple(int(n) for n in re.findall(r"-?\d+", line["text"])) if category in COUNTED else ()
        if key in lines:
            lines[key] = Line(lines[key].points + line["points"], lines[key].numbers + numbers)
        else:
            lines[key] = Line(line["points"], numbers)
    return lines


def side_by_side(variant: str, options: dict, state: dict, answer: dict) -> list[str]:
    """Every difference between the engine's /score answer and the reference, as readable lines."""
    ref = reference_score(variant, options, state)
    mine = {k: v for k, v in ref["lines"].items() if v.points or v.numbers}
    theirs = {k: v for k, v in engine_lines(variant, answer).items() if v.points or v.numbers}
    diffs = []
    for key in sorted(set(mine) | set(theirs), key=repr):
        a, b = theirs.get(key), mine.get(key)
        if a is None or b is None or a.points != b.points or (key[2] in COUNTED and a.numbers != b.numbers):
            diffs.append(f"{key}: engine {a} reference {b}")
    sides = len(ref["totals"])
    engine_totals = answer["teams"] if answer.get("teams") else [answer["scores"][s] for s in range(sides)]
    if list(engine_totals) != ref["totals"]:
        diffs.append(f"totals: engine {engine_totals} reference {ref['totals']}")
    seat_totals = [ref["totals"][s % sides] for s in range(len(state["hands"]))]
    if answer["scores"] != seat_totals:
        diffs.append(f"seat scores: engine {answer['scores']} reference {seat_totals}")
    for name in ("game_scores", "game_over", "winner"):
        if answer.get(name) != ref.get(name):
            diffs.append(f"{name}: engine {answer.get(name)} reference {ref.get(name)}")
    return diffs


def request(variant: str, options: dict, **fields) -> dict:
    """An engine request body of the variant."""
    return {"game": "canasta", "variant": variant, "options": options, **fields}


def random_hand(variant: str, options: dict, seed: int, score: list[int]) -> dict:
    """A complete hand played from the seed's deal, choosing at random with a leaning to meld."""
    rng = random.Random(seed)
    state = answers.deal(request(variant, options, seed=seed, setup={"score": score}))["state"]
    for _ in range(1000):
        listing = answers.legal_moves(request(variant, options, state=state))
        if listing["phase"] == "over":
            return state
        state = answers.apply_move(request(variant, options, state=state, move=_choose(rng, listing)))["state"]
    raise AssertionError("a random hand did not end in 1000 moves")


def _choose(rng: random.Random, listing: dict) -> dict:
    """A move of the listing: melds, additions and the pile preferred, now and then a question or a discard."""
    by_type: dict = {}
    for move in listing["moves"]:
        by_type.setdefault(move["type"], []).append(move)
    if "answer_go_out" in by_type:
        return rng.choice(by_type["answer_go_out"])
    if listing["phase"] == "draw":
        if "take_pile" in by_type and rng.random() < 0.8:
            return rng.choice(by_type["take_pile"])
        return by_type["draw"][0] if "draw" in by_type else rng.choice(listing["moves"])
    melding = [m for m in listing["moves"] if m["type"] in ("meld", "lay_off", "merge")]
    if "ask_go_out" in by_type and rng.random() < 0.3:
        return by_type["ask_go_out"][0]
    if melding and rng.random() < 0.9:
        return rng.choice(melding)
    if "discard" in by_type:
        return rng.choice(by_type["discard"])
    return rng.choice(listing["moves"])


# Game scores before the hand: every opening tier (negative, 0, 1500, 3000, and 7000, 8000, 9000 where the
# Samba family has tiers there), and scores close enough to the target for the game to end, ties included.
SCORES = {
    "classic": [[-50, 0], [0, 1495], [1500, 2995], [3000, -5], [4900, 4900], [4500, 4995], [-2000, 4000]],
    "two-hand": [[-50, 0], [0, 1495], [1500, 2995], [3000, -5], [4900, 4900], [4500, 4995], [-2000, 4000]],
    "samba": [[-50, 0], [1495, 1500], [2995, 3000], [6995, 7000], [9500, 9500], [-100, 9990], [8000, 9000]],
    "bolivia": [[-50, 0], [1495, 1500], [2995, 3000], [6995, 7000], [14500, 14500], [-100, 14990],
                [12000, 9000]],
    "brazilian": [[-50, 0], [1495, 6995], [7000, 7995], [8000, 8995], [9000, 9500], [9800, 9800], [-100, 9990]],
}
# The options each variant is also scored under: every alternative of an option that changes the score.
OPTION_SETS = {
    "classic": [{}, {"four_red_threes_unmelded": -400}, {"wild_limit": "not_more_than_naturals"},
                {"opening_negative_minimum": 0, "black_three_on_pile": "freezes"}],
    "two-hand": [{}, {"four_red_threes_unmelded": -400}, {"wild_limit": "fewer_than_naturals"},
                 {"two_hand_penalties": "none"}],
    "samba": [{}, {"samba_red_threes_minus": "short_of_two_canastas"}, {"top_tier_minimum": 160}],
    "bolivia": [{}, {"bolivia_opening": "tiers", "black_threes_in_hand": "anyone_out"},
                {"top_card_onto_set": "unless_canasta"},
                {"bolivia_red_threes_minus": "short_of_two_canastas", "black_threes_in_hand": "hand_end"}],
    "brazilian": [{}, {"incomplete_melds": "sequences_under_five", "brazilian_red_threes": "schedule"},
                  {"wild_canasta": 2500, "black_threes_in_hand": "anyone_out"},
                  {"brazilian_going_out": "any_two", "black_threes_in_hand": "hand_end",
                   "brazilian_ask_partner": "required"}],
}
# Classic and Two-hand hands are short, so more of them fit the same time.
HANDS_PER_VARIANT = {"classic": 42, "two-hand": 42, "samba": 28, "bolivia": 28, "brazilian": 28}


def random_cases(variant: str) -> list:
    """The seeded hands of a variant: each opening tier under each option set in turn."""
    cases = []
    for n in range(HANDS_PER_VARIANT[variant]):
        options = OPTION_SETS[variant][n % len(OPTION_SETS[variant])]
        score = SCORES[variant][n % len(SCORES[variant])]
        cases.append((options, 1000 + n, score))
    return cases


def _compare_random(variant: str) -> list[str]:
    """Every difference over the variant's seeded random hands."""
    diffs = []
    for options, seed, score in random_cases(variant):
        state = random_hand(variant, options, seed, score)
        answer = answers.score(request(variant, options, state=state))
        for diff in side_by_side(variant, options, state, answer):
            diffs.append(f"seed {seed} options {options} score {score}: {diff}")
    return diffs


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "two-hand", "samba", "bolivia", "brazilian"])
def test_canasta_scoring_melded_cards_reference_random_hands(variant):
    """Random finished hands of every variant score line by line as the reference scores them."""
    assert _compare_random(variant) == []
