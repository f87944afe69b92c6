"""The places a seat's cards lie (hand, foot, kitties), from the entry: who sees them, when they are
taken up, and which must be empty for going out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import invalid
from ...parsing import HiddenHand, hand_size, read_bool, read_hand, read_list
from .meld_kinds import kinds_of
from .variants import VariantRules

if TYPE_CHECKING:     # the configuration is built from the entries this module reads
    from .config import Config


@dataclass(frozen=True)
class Zone:
    """One place cards lie: its size when dealt, whose it is, who sees it, when it is taken up."""

    name: str
    cards: int
    owner: str                        # "seat": one per seat; "table": shared, taken by whoever empties first
    seen_by: str                      # "owner": shown to its owner only (a count to others); "nobody" until taken
    taken: str                        # "dealt", or when its cards join the hand
    count: int = 1                    # how many such zones there are per owner


def zones_of(entry: VariantRules) -> tuple[Zone, ...]:
    """Every zone of a variant: the hand, then Hand and Foot's foot or Five-person's kitties."""
    found = [Zone("hand", entry.deal, "seat", "owner", "dealt")]
    if entry.foot:
        found.append(Zone("foot", entry.foot, "seat", "nobody", "when the hand is empty"))
    if entry.kitties[0]:
        found.append(Zone("kitty", entry.kitties[1], "table", "nobody", "by a player who empties the hand",
                          count=entry.kitties[0]))
    return tuple(found)


def emptied_to_go_out(entry: VariantRules) -> tuple[str, ...]:
    """The seat's zones that must be empty when it goes out (a kitty still on the table does not count)."""
    return tuple(zone.name for zone in zones_of(entry) if zone.owner == "seat")


def describe_zones(entry: VariantRules) -> list[dict]:
    """The zones as plain data for the game's listing."""
    return [{"zone": z.name, "cards": z.cards, "owner": z.owner, "seen_by": z.seen_by, "taken": z.taken,
             "count": z.count} for z in zones_of(entry)]


def variant_facts(entry: VariantRules) -> dict:
    """What a client needs to know of a variant before playing it: seating, zones, melds, canastas."""
    names = dict(entry.canastas.names)
    kinds = [kind for kind, value in (("natural", entry.canastas.natural), ("mixed", entry.canastas.mixed),
                                      ("wild", entry.canastas.wild), ("sequence", entry.canastas.sequence))
             if value is not None and entry.canastas.size is not None
             and (kind != "wild" or entry.sets.all_wild) and (kind != "sequence" or entry.sequences)]
    return {"seating": entry.seating, "deck": entry.deck.size, "draw": entry.draw, "zones": describe_zones(entry),
            "meld_kinds": kinds_of(entry), "canasta_kinds": [names.get(kind, kind) for kind in kinds],
            "going_out_empties": list(emptied_to_go_out(entry)), "hooks": list(entry.hooks)}


# -- the foot in play -------------------------------------------------------------------------------------

FOOT_HOOK = "played_from_foot"
FOOT_RULE = "canasta.foot.take-up"
PLAYED_FROM_FOOT_RULE = "canasta.going-out.played-from-foot"
FOOT_CARDS_RULE = "canasta.scoring.foot-cards"
OPENING_DRAW_RULE = "canasta.opening.draw"
KITTY_RULE = "canasta.kitty.take-up"
KITTY_STOCK_RULE = "canasta.stock.kitty"


# -- the kitties ------------------------------------------------------------------------------------------

def read_kitties(entry: VariantRules, raw: dict) -> list | None:
    """The kitties on the table, in order (card list, or {"count": n} while face down; empty once taken
    or brought in as the stock), or None where there are none. Left out, every kitty lies face down, whole."""
    number, size = entry.kitties
    if not number:
        return None
    if raw.get("kitties") is None:
        return [HiddenHand(size) for _ in range(number)]
    given = read_list(raw["kitties"], ("state", "kitties"))
    if len(given) != number:
        raise invalid(("state", "kitties"), f"must hold one entry per kitty: {number}")
    kitties = [read_hand(kitty, ("state", "kitties", i), size) for i, kitty in enumerate(given)]
    for i, kitty in enumerate(kitties):
        if hand_size(kitty) not in (0, size):
            raise invalid(("state", "kitties", i), f"a kitty holds the {size} cards dealt to it until it is taken "
                          "whole, and none after", KITTY_RULE)
    return kitties


def next_kitty(state) -> int | None:
    """The kitty taken next (the first still on the table), or None when none is left."""
    for i, kitty in enumerate(state.kitties or ()):
        if hand_size(kitty):
            return i
    return None


def take_kitty(cfg: Config, state, seat: int) -> list[dict]:
    """The seat's hand is played out without going out, and a kitty lies on the table: it becomes the hand."""
    index = next_kitty(state)
    kitty = state.kitties[index]
    state.kitties = state.kitties[:index] + [[]] + state.kitties[index + 1:]
    events = [{"type": "took_kitty", "seat": seat, "kitty": index, "cards": hand_size(kitty), "rules": [KITTY_RULE]}]
    hand = kitty if type(kitty) is HiddenHand else _lay_out_bonus(cfg, state, seat, list(kitty), events,
                                                                  KITTY_RULE)
    state.hands = state.hands[:seat] + [hand] + state.hands[seat + 1:]
    return events


def stock_from_kitty(entry: VariantRules, state) -> list[dict]:
    """Where the stock runs out into a kitty: the next kitty becomes the stock as soon as the stock is empty."""
    if entry.stock_end != "kitty" or hand_size(state.stock):
        return []
    index = next_kitty(state)
    if index is None:
        return []
    state.stock = state.kitties[index]
    state.kitties = state.kitties[:index] + [[]] + state.kitties[index + 1:]
    return [{"type": "kitty_to_stock", "kitty": index, "cards": hand_size(state.stock), "rules": [KITTY_STOCK_RULE]}]


def zone_fields(entry: VariantRules) -> frozenset[str]:
    """The position's fields the variant's zones add: each seat's foot and who has played from it, the kitties."""
    found = {"kitties"} if entry.kitties[0] else set()
    if entry.foot:
        found |= {"feet", FOOT_HOOK} if FOOT_HOOK in entry.hooks else {"feet"}
    return frozenset(found)


def read_feet(entry: VariantRules, raw: dict, players: int) -> list | None:
    """Each seat's foot (card list, or {"count": n} where nobody sees it), or None where there is none.

    A foot lies whole until it is taken up, then it is empty: it holds the cards dealt to it or none.
    Left out, every foot lies face down, unseen.
    """
    if not entry.foot:
        return None
    if raw.get("feet") is None:
        return [HiddenHand(entry.foot) for _ in range(players)]
    given = read_list(raw["feet"], ("state", "feet"))
    if len(given) != players:
        raise invalid(("state", "feet"), f"must hold one entry per seat: {players}")
    feet = [read_hand(foot, ("state", "feet", seat), entry.foot) for seat, foot in enumerate(given)]
    for seat, foot in enumerate(feet):
        if hand_size(foot) not in (0, entry.foot):
            raise invalid(("state", "feet", seat), f"a foot holds the {entry.foot} cards dealt to it until it is "
                          "taken up whole, and none after", FOOT_RULE)
    return feet


def read_played_from_foot(entry: VariantRules, raw: dict, feet: list | None) -> list[bool] | None:
    """Per seat, whether it has played a turn from its foot, where going out asks it (None elsewhere)."""
    if feet is None or FOOT_HOOK not in entry.hooks:
        return None
    given = raw.get(FOOT_HOOK)
    if given is None:
        return [False] * len(feet)
    values = read_list(given, ("state", FOOT_HOOK))
    if len(values) != len(feet):
        raise invalid(("state", FOOT_HOOK), f"must hold one entry per seat: {len(feet)}")
    played = [read_bool(value, ("state", FOOT_HOOK, seat)) for seat, value in enumerate(values)]
    for seat, flag in enumerate(played):
        if flag and hand_size(feet[seat]):
            raise invalid(("state", FOOT_HOOK, seat), f"seat {seat}'s foot still lies face down, so nobody has "
                          "played from it", PLAYED_FROM_FOOT_RULE)
    return played


def foot_down(state, seat: int) -> bool:
    """Whether the seat's foot still lies face down (emptying the hand then takes it up, not going out)."""
    return state.feet is not None and hand_size(state.feet[seat]) > 0


def foot_unmet(state, side: int) -> list[tuple[str, str]]:
    """What the zones lack for the side to go out: (rule, words) each; empty where the variant asks nothing."""
    if state.played_from_foot is None:
        return []
    waiting = [s for s in range(side, state.players, state.sides) if not state.played_from_foot[s]]
    if not waiting:
        return []
    seats = ", ".join(map(str, waiting))
    return [(PLAYED_FROM_FOOT_RULE, f"going out needs every player of the side to have played a turn from the "
                                    f"foot, and seat{'s' if len(waiting) > 1 else ''} {seats} "
                                    f"{'have' if len(waiting) > 1 else 'has'} not")]


def begin_turn_from_foot(state, seat: int) -> None:
    """A turn begun with the foot in hand is a turn played from it."""
    played = state.played_from_foot
    if played is not None and not played[seat] and not foot_down(state, seat):
        state.played_from_foot = played[:seat] + [True] + played[seat + 1:]


def take_up_foot(cfg: Config, state, seat: int, plays_on: bool) -> list[dict]:
    """The seat's hand is played out and its foot lies down: the foot becomes the hand.

    Bonus cards in a shown foot are laid out and replaced from the stock, as in the deal; a hidden foot
    becomes a hidden hand. `plays_on`: the hand was emptied by melding, so the turn goes on from the foot.
    """
    foot = state.feet[seat]
    state.feet = state.feet[:seat] + [[]] + state.feet[seat + 1:]
    events = [{"type": "took_up_foot", "seat": seat, "cards": hand_size(foot), "rules": [FOOT_RULE]}]
    hand = foot if type(foot) is HiddenHand else _lay_out_bonus(cfg, state, seat, list(foot), events,
                                                                 FOOT_RULE)
    state.hands = state.hands[:seat] + [hand] + state.hands[seat + 1:]
    if plays_on:
        begin_turn_from_foot(state, seat)
    return events


def draw_opening_cards(cfg: Config, state, seat: int, count: int, taken: list[str | None]) -> list[dict]:
    """The player who completed the side's initial meld takes `count` cards from the stock (fewer when it
    holds fewer): `taken`, every card that leaves the stock in order, bonus cards laid out among them with their
    replacements; None stands for a card only the player sees."""
    stock, hand = state.stock, state.hands[seat]
    events = [{"type": "opening_draw", "seat": seat, "cards": min(count, hand_size(stock)),
               "rules": [OPENING_DRAW_RULE]}]
    state.stock = HiddenHand(stock.count - len(taken)) if type(stock) is HiddenHand else stock[len(taken):]
    reds = [card for card in taken if card in cfg.bonus_cards]
    kept = [card for card in taken if card not in cfg.bonus_cards]
    if reds:
        side = state.side_of(seat)
        state.red_threes = state.red_threes[:side] + [state.red_threes[side] + reds] + state.red_threes[side + 1:]
        replaced = len(taken) - events[0]["cards"]
        events.append({"type": cfg.bonus_event, "seat": seat, "cards": reds, "replaced": replaced,
                       "rules": ["canasta.red-threes.lay-out", OPENING_DRAW_RULE]})
    if type(hand) is HiddenHand or None in kept:
        grown: list | HiddenHand = HiddenHand(hand_size(hand) + len(kept))
    else:
        grown = hand + kept
    state.hands = state.hands[:seat] + [grown] + state.hands[seat + 1:]
    return events


def _lay_out_bonus(cfg: Config, state, seat: int, cards: list[str], events: list[dict],
                   rule: str) -> list[str] | HiddenHand:
    """Lay out the bonus cards among cards just come into a hand, each replaced from the stock while it lasts.

    The cards kept, or their count when the replacements came from a hidden stock (nobody else sees them)."""
    bonus_cards = cfg.bonus_cards
    side = state.side_of(seat)
    while True:
        reds = [card for card in cards if card in bonus_cards]
        if not reds:
            return cards
        cards = [card for card in cards if card not in bonus_cards]
        state.red_threes = state.red_threes[:side] + [state.red_threes[side] + reds] + state.red_threes[side + 1:]
        replaced = min(len(reds), hand_size(state.stock))
        events.append({"type": cfg.bonus_event, "seat": seat, "cards": reds, "replaced": replaced,
                       "rules": ["canasta.red-threes.lay-out", rule]})
        if type(state.stock) is HiddenHand:
            state.stock = HiddenHand(state.stock.count - replaced)
            return HiddenHand(len(cards) + replaced)
        cards += state.stock[:replaced]
        state.stock = state.stock[replaced:]
