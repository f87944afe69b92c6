"""/validate-meld: a meld, an opening or an addition judged outside any position."""

from __future__ import annotations

from ...cards import JOKER, RANKS
from ...errors import invalid
from ...game import Violation
from ...parsing import read_bool, read_cards, read_int, read_list, read_object, read_str, reject_unknown
from .config import Config
from .melds import Judged, Meld, meld_points, read_meld
from .meld_kinds import MELD_KINDS, SEQUENCE, SET, judge_addition, kinds_of, run_instead, set_names_problems
from .variants import CanastaTier

CONTEXT_FIELDS = frozenset({"team_score", "initial", "existing", "going_out", "failed_openings", "concealed"})
MELD_FIELDS = frozenset({"cards", "rank", "kind"})
ONE_MELD_FIELDS = MELD_FIELDS | {"onto"}      # a single meld may name the meld on the table it adds to
LIMIT = 324


def _read_meld(raw: object, pointer: tuple, cfg: Config | None = None, allowed: frozenset = MELD_FIELDS) -> list[str]:
    raw = read_object(raw, pointer)
    nominated = cfg is not None and cfg.table.sequences is not None and cfg.table.sequences.nominated
    reject_unknown(raw, allowed | {"as"} if nominated else allowed, pointer)
    if "cards" not in raw:
        raise invalid(pointer + ("cards",), "required: the cards of the meld")
    cards = read_cards(raw["cards"], pointer + ("cards",), LIMIT)
    if cfg is not None:
        named: dict[str, int] = {}
        for i, card in enumerate(cards):
            named[card] = named.get(card, 0) + 1
            if named[card] > cfg.copies.get(card, 0):
                raise invalid(pointer + ("cards", i), f"the deck holds {cfg.copies.get(card, 0)} {card}; "
                              f"this meld names more", "canasta.deal.cards")
    return cards


RANKED = frozenset(RANKS[RANKS.index("4"):])


def _shows_rank(card: str) -> bool:
    """Whether a card's code names a rank a meld of it has: four to ace, or a black three."""
    return card != JOKER and card[:-1] in RANKED or card in ("3C", "3S")


def _named_rank(raw: object) -> str | None:
    """The rank a meld object names (to aim wild cards alone at an existing meld)."""
    rank = raw.get("rank") if type(raw) is dict else None
    if rank is None:
        return None
    if type(rank) is not str:
        raise invalid(("meld", "rank"), "must be a rank such as K or 10")
    return rank.upper()


def _read_existing(cfg: Config, raw: object) -> list[Meld]:
    """The side's melds on the table, each judged as the meld it is (a set, a sequence, wild cards alone)."""
    pointer = ("context", "existing")
    found: list[Meld] = []
    for i, item in enumerate(read_list(raw, pointer)[:200]):
        cards = _read_meld(item, pointer + (i,), cfg)
        shape = _shape(cfg, item, cards, pointer + (i,))
        judged, _ = _judge_new(cfg, cards, True, shape)
        if judged.violations:
            problem = judged.violations[0]
            raise invalid(pointer + (i, "cards"), f"not a meld: {problem.message}", problem.rule)
        if judged.rank and any(m.rank == judged.rank for m in found) and cfg.table.sets.one_per_rank:
            raise invalid(pointer + (i,), f"a side has one meld of rank {judged.rank}", "canasta.melds.one-per-rank")
        found.append(read_meld(cfg, judged, cards, judged.named if judged.suit else shape[1]))
    return found


def _verdict(cfg: Config, judged: Judged, violations: list[Violation], kind: str | None = None) -> dict:
    canasta = judged.canasta(cfg) if not violations else None
    if canasta and kind == "sequence" and cfg.table.canastas.sequence is not None:
        canasta = "sequence"
    names = dict(cfg.table.canastas.names)
    return {"valid": not violations, "kind": kind or judged.kind, "rank": judged.rank,
            "canasta": names.get(canasta, canasta), "points": judged.points,
            "violations": [v.as_dict() for v in violations]}


def _shape(cfg: Config, raw: dict, cards: list[str], pointer: tuple) -> tuple[str | None, list[str] | None]:
    """The kind a meld object names (optional) and the cards its wild cards stand for ("as"), if any."""
    kind = raw.get("kind")
    if kind is not None:
        kind = read_str(kind, pointer + ("kind",), tuple(MELD_KINDS))
        if not MELD_KINDS[kind].offered(cfg.table):
            raise invalid(pointer + ("kind",), f"{cfg.table.title} has no {kind} melds; it has "
                          f"{', '.join(kinds_of(cfg.table))}", MELD_KINDS[kind].refused_by)
    return kind, read_names(cfg, raw, cards, pointer)


def read_names(cfg: Config, raw: dict, cards: list[str], pointer: tuple) -> list[str] | None:
    """The cards a meld object's wild cards stand for ("as"), one natural card each, or None."""
    if raw.get("as") is None:
        return None
    named = read_cards(raw["as"], pointer + ("as",), LIMIT)
    wilds = sum(1 for card in cards if card in cfg.wild)
    # A card both wild and natural (Five-person's twos) may stand for itself: a natural two inside a run.
    if len(named) != wilds or any(card in cfg.wild and card not in cfg.dual for card in named):
        raise invalid(pointer + ("as",), f"name one natural card for each of the meld's {wilds} wild cards",
                      "canasta.melds.nominated")
    return named


def _judge_new(cfg: Config, cards: list[str], going_out: bool,
               shape: tuple[str | None, list[str] | None] = (None, None)) -> tuple[Judged, str | None]:
    """Judge cards as a new meld: a set, or where the variant has them and a set fails, a sequence; a kind
    named on input is judged as that kind only."""
    kind, named = shape
    if kind == "sequence":
        return SEQUENCE.judge(cfg, cards, going_out, named), "sequence"
    judged = SET.judge(cfg, cards, going_out, named)
    if kind is None and judged.violations and SEQUENCE.offered(cfg.table):
        run = run_instead(cfg, cards, going_out, named, judged)
        if run is not None:
            return run, "sequence"
    if named is not None and judged.rank is not None:
        judged.violations += set_names_problems(cfg, cards, judged.rank, named)
    if kind is not None and judged.kind not in (kind, None):
        judged.violations.append(Violation("canasta.melds.set", f"These cards make a {judged.kind}, not a {kind}."))
    return judged, None


def _onto(cfg: Config, raw: dict, cards: list[str], existing: list[Meld]) -> int | None:
    """The index of the meld on the table a single meld adds to, or None when it is a new meld.

    A meld names it by index (`onto`), as a lay-off does in play. Without one, the cards' rank (or the rank
    named for wild cards alone) finds it where a side holds one meld of each rank; where it may hold
    several, cards of a rank make a new meld, as a meld move does, and wild cards alone aimed at a rank
    join its one meld, or must name which.
    """
    if raw.get("onto") is not None:
        index = read_int(raw["onto"], ("meld", "onto"), 0, 1000)
        if index >= len(existing):
            raise invalid(("meld", "onto"), f"context.existing holds {len(existing)} meld(s); there is no meld "
                          f"{index}", "canasta.turn.meld")
        return index
    natural = next((cfg.rank_of[c] for c in cards if c in cfg.rank_of), None)
    # A meld showing a card of rank four to ace or a black three has its rank in its cards: a `rank` sent
    # beside them is never read, in any variant (where black threes are bonus cards, the meld is refused).
    rank = natural or (None if any(_shows_rank(c) for c in cards) else _named_rank(raw))
    if rank is None:
        return 0 if len(existing) == 1 else None
    matching = [i for i, m in enumerate(existing) if m.kind == "set" and m.rank == rank]
    if cfg.table.sets.one_per_rank or (natural is None and len(matching) == 1):
        return matching[-1] if matching else None
    if natural is None and matching:
        raise invalid(("meld", "onto"), f"the side has {len(matching)} melds of {rank}s; name the one the wild "
                      f"cards join (one of {', '.join(map(str, matching))})", "canasta.melds.several-of-a-rank")
    return None


def validate_meld(cfg: Config, meld: object, melds: object, context: object) -> dict:
    """Judge one meld (or an addition to an existing meld), or several melds as an opening."""
    if (meld is None) == (melds is None):
        raise invalid(("meld",), 'give either "meld": {"cards": [...]} or "melds": [{"cards": [...]}, ...]')
    context = read_object(context if context is not None else {}, ("context",))
    by_round = cfg.table.opening.basis == "round"
    reject_unknown(context, CONTEXT_FIELDS | {"round"} if by_round else CONTEXT_FIELDS, ("context",))
    deal_round = read_int(context.get("round", 1), ("context", "round"), 1, 1000) if by_round else None
    score = read_int(context.get("team_score", 0), ("context", "team_score"), -10**7, 10**7)
    initial = read_bool(context.get("initial", False), ("context", "initial"))
    going_out = read_bool(context.get("going_out", False), ("context", "going_out"))
    concealed = read_bool(context.get("concealed", False), ("context", "concealed"))
    failed = read_int(context.get("failed_openings", 0), ("context", "failed_openings"), 0, 1000)
    existing = _read_existing(cfg, context["existing"]) if context.get("existing") is not None else []
    if initial and existing:
        raise invalid(("context", "existing"), "a side with melds on the table has already made its initial meld",
                      "canasta.opening.minimum")
    if meld is not None:
        cards = _read_meld(meld, ("meld",), cfg, ONE_MELD_FIELDS)
        if not any(_shows_rank(card) for card in cards):
            _named_rank(meld)   # the rank such cards are aimed at is a rank, whether or not a meld takes them
        index = _onto(cfg, meld, cards, existing)
        if index is not None:
            onto = existing[index]
            judged = judge_addition(cfg, cards, going_out, onto, read_names(cfg, meld, cards, ("meld",)))
            answer = _verdict(cfg, judged, judged.violations)
            answer.update({"lay_off": {"meld": index, "total_points": judged.points + meld_points(
                cfg, onto.rank, onto.cards)}})
            return answer
        batch = [(cards, _shape(cfg, meld, cards, ("meld",)))]
    else:
        raw = read_list(melds, ("melds",))
        if not raw:
            raise invalid(("melds",), "name at least one meld")
        if len(raw) > 64:
            raise invalid(("melds",), "at most 64 melds")
        batch = []
        for i, m in enumerate(raw):
            cards = _read_meld(m, ("melds", i), cfg)
            batch.append((cards, _shape(cfg, m, cards, ("melds", i))))
    verdicts: list[dict] = []
    violations: list[Violation] = []
    ranks: set[str] = {m.rank for m in existing if m.rank}
    points = 0
    canastas: list[str] = []
    for i, (cards, shape) in enumerate(batch):
        judged, kind = _judge_new(cfg, cards, going_out, shape)
        own = list(judged.violations)
        if judged.rank is not None and cfg.table.sets.one_per_rank:
            if judged.rank in ranks:
                own.append(Violation("canasta.melds.one-per-rank",
                                     f"A side has one meld of rank {judged.rank}; put these cards together."))
            ranks.add(judged.rank)
        label = f"Meld {i + 1}: " if len(batch) > 1 else ""
        violations += [Violation(v.rule, label + v.message) for v in own]
        verdict = _verdict(cfg, judged, own, kind)
        verdicts.append(verdict)
        points += judged.points
        if verdict["canasta"]:
            canastas.append(verdict["canasta"])
    answer = {"valid": True, "kind": verdicts[0]["kind"] if len(batch) == 1 else "melds",
              "canasta": canastas[0] if canastas else None, "points": points}
    if initial:
        needs = cfg.table.opening.requirement(deal_round if by_round else score)
        required = cfg.minimum(deal_round if by_round else score, failed)
        answer["required"] = required
        if isinstance(needs, CanastaTier):
            answer["required_canasta"] = needs.canasta
            wanted = [k for k in canastas if needs.canasta == "any" or k == dict(cfg.table.canastas.names).get(
                needs.canasta, needs.canasta)]
            if not wanted:
                what = "a canasta" if needs.canasta == "any" else f"a {needs.canasta} canasta"
                violations.append(Violation("canasta.opening.canasta-needed",
                                            f"At a game score of {score} the initial meld must hold {what}."))
        answer["kind"] = "opening" if len(batch) > 1 else answer["kind"]
        exempt = concealed and bool(canastas) and cfg.table.opening.concealed_exempt
        if exempt:
            answer["exempt"] = {"rule": "canasta.opening.concealed-exception"}
        elif points < required:
            violations.append(Violation("canasta.opening.minimum",
                                        f"The melds count {points}; a side with a game score of {score} needs "
                                        f"{required} for its initial meld." if not by_round else
                                        f"The melds count {points}; round {deal_round} needs {required} for an "
                                        f"initial meld."))
    answer["valid"] = not violations
    answer["violations"] = [v.as_dict() for v in violations]
    if len(batch) > 1:
        answer["melds"] = verdicts
    else:
        answer["rank"] = verdicts[0]["rank"]
    return answer
