"""The places a seat's cards lie (hand, foot, kitties), from the entry: who sees them, when they are
taken up, and which must be empty for going out."""

from __future__ import annotations

from dataclasses import dataclass

from .meld_kinds import kinds_of
from .variants import VariantRules


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
