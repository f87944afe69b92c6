"""The named behaviours a variant entry may ask for where its fields cannot say it.

Every hook is declared here once, with the part of play it changes; an entry naming a hook not
declared, or more than two, is refused when the engine loads (variants.check_entry).
"""

from __future__ import annotations

from dataclasses import dataclass

STAGES = ("draw", "meld", "pile", "going_out", "scoring")


@dataclass(frozen=True)
class Hook:
    """One named behaviour: where in play it acts, what it does, and whether the engine runs it yet."""

    name: str
    stage: str
    summary: str
    built: bool = False

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"hook {self.name}: unknown stage {self.stage!r}")


NO_REPLACEMENT_FOR_LAST_TWO = "no_replacement_for_last_two"
MERGE_MELDS_OF_A_RANK = "merge_melds_of_a_rank"
QUEEN_OF_SPADES_DISCARDED_LAST = "queen_of_spades_discarded_last"
QUEEN_OF_SPADES = "QS"
WILD_CANASTA_BY_COMPOSITION = "wild_canasta_by_composition"
JOKER_SWAP = "joker_swap"
# (jokers, twos) a wild canasta holds and the bonus it then earns (Joker Canasta's archived bright.net rules);
# every other wild canasta earns the entry's canastas.wild.
WILD_CANASTA_COMPOSITIONS: tuple[tuple[tuple[int, int], int], ...] = (((0, 7), 4000), ((4, 3), 3000))
SUPER_CANASTA = "super_canasta"
# A sequence of every rank of its suit, and what it earns without and with wild cards in it (Five-person).
SUPER_CANASTA_CARDS = 13
SUPER_CANASTA_BONUS = {"natural": 500, "mixed": 300}

HOOKS: dict[str, Hook] = {hook.name: hook for hook in (
    Hook(NO_REPLACEMENT_FOR_LAST_TWO, "draw",
         "A bonus card among the stock's last two cards brings no replacement (Two-hand).", built=True),
    Hook(MERGE_MELDS_OF_A_RANK, "meld", "A side's two melds of one rank may be put together (Samba family).",
         built=True),
    Hook(WILD_CANASTA_BY_COMPOSITION, "scoring",
         "A wild canasta's bonus depends on its twos and jokers (Joker Canasta: seven twos 4000, four jokers "
         "and three twos 3000).", built=True),
    Hook("played_from_foot", "going_out", "Each player must have played a turn from the foot (Hand and Foot).",
         built=True),
    Hook(QUEEN_OF_SPADES_DISCARDED_LAST, "pile",
         "The queen of spades may be discarded only as the last card (Oklahoma).", built=True),
    Hook(JOKER_SWAP, "meld", "A joker in a meld may be taken by a player giving the card it stands for.", built=True),
    Hook(SUPER_CANASTA, "scoring", "A run of all thirteen cards of a suit is a super canasta (Five-person).",
         built=True),
)}


def has_hook(hooks: tuple[str, ...], name: str) -> bool:
    """Whether an entry's hooks name this declared hook."""
    if name not in HOOKS:
        raise KeyError(f"undeclared hook {name!r}")
    return name in hooks
