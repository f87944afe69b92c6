"""The rules of the seatings formed in play or two seats apart: Three-hand's lone hand, Five-person's partner."""

from __future__ import annotations

from ...rules import READING, Rule, Section
from .seating import LONE_HAND, PARTNER_RENTRAP, SEATING_RULES
from .variant_rules import SOURCES
from .variants import ENTRIES


def _played_by(seating: str) -> tuple[tuple[str, ...], tuple]:
    """The variants seated so, and their sources."""
    slugs = tuple(slug for slug, entry in ENTRIES.items() if entry.seating == seating)
    sources: list = []
    for slug in slugs:
        sources += [source for source in SOURCES.get(slug, ()) if source not in sources]
    return slugs, tuple(sources)


def _titles(slugs: tuple[str, ...]) -> str:
    return ", ".join(ENTRIES[slug].title for slug in slugs)


_LONE, _LONE_SOURCES = _played_by(LONE_HAND)
_RENTRAP, _RENTRAP_SOURCES = _played_by(PARTNER_RENTRAP)

SEATING_SECTION = Section("Partnerships formed in play and partners two seats apart", (
    Rule(SEATING_RULES[LONE_HAND], "The lone hand and the partnership against it",
         f"In {_titles(_LONE)} each player starts the hand on their own: melds, threes and game score are the "
         "player's, and the initial meld's minimum follows the player's own game score. Whoever first takes "
         "the discard pile plays the rest of the hand as the lone hand, and the two others become partners: "
         "once a partner has made its own initial meld it may add cards from its hand to the other partner's "
         "melds (a lay-off names the meld's owner), and the canastas of both partners count toward what going "
         "out needs. A player who goes out before anybody has taken the pile is the lone hand. When the hand is "
         "scored, the lone hand keeps its own points and each partner is credited with its own points plus the "
         "other partner's, except the threes, which count only for the player who laid them out; a hand that "
         "ends with the pile never taken is scored player by player.",
         (*_LONE_SOURCES, READING),
         api_note="The position's lone field names the lone seat, null until the pile is first taken.",
         notes=(f"{READING}: the top card of a pile taken joins a meld of the taker's own, and a partner adds to "
                "the other's melds only after its own initial meld, because the sources speak of combining melds "
                "without saying how a player's first melding is counted.",),
         variants=_LONE),
    Rule(SEATING_RULES[PARTNER_RENTRAP], "The partner two seats on, the rentrap two seats back",
         f"In {_titles(_RENTRAP)} every player has melds and a game score of their own, and the initial meld's "
         "minimum follows the player's own game score. A player's partner sits two seats further on in the "
         "order of play; the player two seats back is the player's rentrap. Once a player has made its own "
         "initial meld it may add cards from its hand to its partner's melds as well as its own (a lay-off "
         "names the meld's owner), so each player's melds grow from its own hand and its rentrap's, never the "
         "other way round. A player's canastas and its partner's both count toward going out. When the hand is "
         "scored, each player is credited with its own points and, on a line of its own, its partner's.",
         (*_RENTRAP_SOURCES, READING),
         notes=(f"{READING}: the source lets a player add to the partner's melds and, in one sentence, also to "
                "the rentrap's, then says a rentrap adds only to its partner and never the reverse; cardref "
                "follows the second statement, which matches the scoring (the rentrap earns the points of the "
                "melds it helped build). The option rentrap_adds set to both_ways takes the other reading: a "
                "player may also add to its rentrap's melds, whose canastas still do not count for its going "
                "out.",),
         options=("rentrap_adds",), variants=_RENTRAP),
))
