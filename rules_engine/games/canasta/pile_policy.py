"""What a variant lets come with the discard pile: the top cards that block it, how many cards come with
the top one, when the top card may join a meld alone, and whether it counts toward an initial meld."""

from __future__ import annotations

from .config import Config


def blocked(cfg: Config, top: str) -> tuple[str, str] | None:
    """The rule and the words that stop the pile from being taken with this top card, or None."""
    known = cfg.blocked_by
    if top in known:
        return known[top]
    found = _blocked(cfg, top)
    if len(known) < 256:    # one entry per card code: the bound only guards against odd input
        known[top] = found
    return found


def _blocked(cfg: Config, top: str) -> tuple[str, str] | None:
    if top in cfg.bonus_cards:
        return "canasta.pile.take", "A red three on top cannot be taken."
    tops = cfg.table.pile.blocked_tops
    # A wild top is taken only with a pair of wild cards, into a meld of wild cards alone: where the
    # variant has no such pair rule (or no such melds, or blocks wild tops), nothing takes it.
    if top in cfg.wild and not wild_pair_takes(cfg, top):
        return "canasta.pile.take", f"A wild card ({top}) is on top; the pile cannot be taken."
    if top in cfg.stop_cards and "black_three" in tops:
        return "canasta.black-threes.stop", f"A black three ({top}) is on top; the pile cannot be taken."
    rank = cfg.rank_of.get(top)
    if rank is not None and ("three" in tops and rank == "3" or rank in tops):
        return "canasta.pile.blocked-tops", f"In this variant a {rank} on top blocks the pile: it cannot be taken."
    return None


def wild_pair_takes(cfg: Config, top: str) -> bool:
    """Whether this top card is a wild card the variant lets a pair of wild cards from the hand take."""
    pile = cfg.table.pile
    return (top in cfg.wild and pile.wild_top_with_wild_pair and "wild" not in pile.blocked_tops
            and cfg.table.sets.all_wild)


# The fewest wild cards from the hand that take a wild top card.
WILD_PAIR = 2


def taken_below(cfg: Config, pile: list[str]) -> list[str]:
    """The cards under the top one that come with it: all of them, or the nearest, up to `take_limit` cards taken
    in all with the top one."""
    limit = cfg.table.pile.take_limit
    below = pile[:-1]
    return below if limit is None else below[max(0, len(below) - (limit - 1)):]


def left_behind(cfg: Config, pile: list[str]) -> list[str]:
    """The cards that stay as the discard pile once the pile is taken."""
    limit = cfg.table.pile.take_limit
    return [] if limit is None else pile[:max(0, len(pile) - limit)]


def gained(cfg: Config, pile: list[str]) -> int:
    """How many cards reach the hand when the pile is taken (bonus cards are laid out instead)."""
    bonus = cfg.bonus_cards
    below = taken_below(cfg, pile)
    return len(below) if bonus.isdisjoint(below) else len([card for card in below if card not in bonus])


def onto_meld(cfg: Config, onto) -> bool:
    """Whether the top card may join this side meld alone (no longer once it is a canasta, where so ruled)."""
    return cfg.table.pile.onto_meld and not (cfg.table.pile.onto_meld_unless_canasta and cfg.is_canasta(onto.size))


def top_counted(cfg: Config, top: str) -> int:
    """What the top card adds to an initial meld made by taking the pile."""
    return cfg.values[top] if cfg.table.opening.top_discard_counts else 0
