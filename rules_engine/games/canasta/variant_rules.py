"""The rules only some members of the family have, and each variant's static rules, numbers from its entry."""

from __future__ import annotations

from ...rules import READING, Rule, Section, Source
from .variants import ENTRIES, CanastaTier, VariantRules

BOOK = Source("The Ultimate Book of Card Games (Scott McNeely, Chronicle Books): Canasta variations")
BICYCLE_SAMBA = Source("Bicycle: Samba", "http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32")
BICYCLE_BOLIVIA = Source("Bicycle: Bolivia", "http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32")
BICYCLE_BRAZILIAN = Source("Bicycle: Brazilian Canasta",
                           "http://www.bicyclecards.ca/game-rules/brazilian-canasta/171.php?page_id=32")
OFFICIAL_LAWS_SAMBA = Source("Official Canasta Laws on Samba, as given in the German Wikipedia article "
                             "Samba-Canasta", "https://de.zxc.wiki/wiki/Samba-Canasta")
RUMMY_GAMES_BOLIVIA = Source("rummy-games.com: Bolivia", "http://www.rummy-games.com/rules/bolivia.html")
BRIGHT_NET_BOLIVIA = Source("Bolivian Canasta (archived bright.net rules)",
                            "http://web.archive.org/web/20010109180700/bright.net/~mile505/General/BCanasta.html")
JOKER_CANASTA = Source("Joker Canasta (archived bright.net rules)",
                       "http://web.archive.org/web/20010109185300/bright.net/~mile505/General/JCanasta.html")
RUMMY_GAMES_MEXICANA = Source("rummy-games.com: Mexicana", "http://www.rummy-games.com/rules/mexicana.html")
KLASSA_HAND_AND_FOOT = Source("John Klassa: Hand and Foot", "http://klassa.com/john/handandfoot.html")
OKLAHOMA = Source("pokerwiner.com: Oklahoma", "http://www.pokerwiner.com/games-of-playing-cards/oklahoma.html")
OKLAHOMA_WIKIA = Source("Card Games Wiki: Oklahoma Rummy (Arlington)",
                        "http://cardgames.wikia.com/wiki/Oklahoma_Rummy_%28Arlington%29")
THREE_HAND = Source("Canasta for two or three players (Wikipedia text)",
                    "https://www.liquisearch.com/canasta/canasta_for_two_or_three_players")
FIVE_PERSON = Source("Five-person Canasta, as played at IIM Calcutta", "http://www.sanyal.com/Canasta.html")
NWPAGES_HAND_AND_FOOT = Source("nwpages.net: Hand and Foot", "https://nwpages.net/cards/HF/GameOverView.html")
DRWINGNUT_HAND_AND_FOOT = Source("drwingnut.info: Hand and Foot", "https://www.drwingnut.info/?p=8904")
GOODSAMS_HAND_AND_FOOT = Source("Good Sams Florida: Hand and Foot rules",
                                "http://goodsams-florida.org/GameRules-HandandFoot.html")
KCILS_HAND_AND_FOOT = Source("Hand and Foot rules of the Kcils360/HandAndFoot game on GitHub",
                             "https://github.com/Kcils360/HandAndFoot")



def _canasta_tiers(entry: VariantRules) -> str:
    """The opening tiers of an entry that ask for a canasta, in words ("" when none does)."""
    parts = [("a canasta" if needed.canasta == "any" else f"a {needed.canasta} canasta")
             + (f" in melds counting at least {needed.points}" if needed.points else "") + f" from {low}"
             for low, needed in entry.opening.tiers if isinstance(needed, CanastaTier)]
    return f"{entry.title}: " + ", ".join(parts) if parts else ""


MELD_SHAPES_RULES = (
    Rule("canasta.melds.max-cards", "Melds with a cap",
         "Where a variant caps its melds, no meld may grow past the cap: seven cards in Joker Canasta and "
         "in Hand and Foot, four in Oklahoma.", (JOKER_CANASTA, KLASSA_HAND_AND_FOOT, OKLAHOMA_WIKIA, BOOK),
         variants=("joker", "hand-and-foot", "oklahoma")),
    Rule("canasta.melds.all-wild", "Melds of wild cards alone",
         "Where a variant allows it, wild cards may form a meld on their own, at least three of them; "
         "twos and jokers mix freely in it. Seven of them make a wild canasta; where no wild card may join "
         "a finished canasta (Bolivia and Brazilian, whose bolivia it is), every card such a meld could take "
         "is wild, so it holds seven cards at most, whether put down at once or grown card by card.", (BICYCLE_BOLIVIA, RUMMY_GAMES_BOLIVIA, JOKER_CANASTA, BOOK),
         variants=("bolivia", "brazilian", "joker", "hand-and-foot")),
    Rule("canasta.canastas.wild", "A canasta of wild cards",
         "Seven wild cards with no natural card make a wild canasta, which earns the variant's own bonus "
         "on top of its cards: 2500 in Bolivia (a 'bolivia'), 2000 in Brazilian and Joker Canasta, 1500 "
         "in Hand and Foot.", (BICYCLE_BOLIVIA, BICYCLE_BRAZILIAN, JOKER_CANASTA, BOOK),
         variants=("bolivia", "brazilian", "joker", "hand-and-foot"),
         notes=(f"Joker Canasta: seven twos are worth 4000 and four jokers with three twos 3000 in "
                f"{JOKER_CANASTA}; {READING} keeps 2000 for every other wild canasta.",)),
    Rule("canasta.melds.sequence", "Sequences",
         "Where a variant has them, three or more cards of one suit in consecutive ranks form a sequence. "
         "Samba, Bolivia and Brazilian run from four up to ace with no wild card and stop at seven cards; "
         "Oklahoma's runs hold three or four cards, the ace high or low, wild cards filling gaps; "
         "Five-person's run up to the thirteen cards of a suit.",
         (BICYCLE_SAMBA, BICYCLE_BOLIVIA, OKLAHOMA, FIVE_PERSON, BOOK),
         variants=("samba", "bolivia", "brazilian", "oklahoma", "five-person"),
         notes=(f"{BICYCLE_BRAZILIAN} lets a player who is going out add cards to "
                f"the ends of a finished sequence of seven. {READING} keeps Brazilian's sequences at seven cards, "
                "going out or not: The Ultimate Book of Card Games plays Brazilian as Bolivia, whose sequences "
                "stop at seven, and names no exception.",)),
    Rule("canasta.melds.nominated", "Wild cards named as a card",
         "In Oklahoma and Five-person Canasta a wild card in a meld is named as the card it replaces (a meld "
         "object's \"as\": one card for each wild card, in order). In a set it must be of the set's rank; in "
         "a sequence of the sequence's suit, in a place the run leaves free, so the run keeps its order. "
         "Melds on the table and melds and additions put down keep their names; cards added to a sequence "
         "keep the names it has. A joker is taken from a sequence only for the card it stands for. Judging a "
         "single meld, a name left out lets the wild cards stand wherever they fit; in play, a sequence whose "
         "wild cards are not named is taken only where one placing fits them, and they are named from it.",
         (OKLAHOMA, FIVE_PERSON, BOOK), variants=("oklahoma", "five-person"),
         notes=(f"Leaving the name out is {READING}: a referee can still see whether some placing fits.",
                f"Asking for the names where several placings fit is {READING}: which card a wild card stands "
                "for decides where the run may grow and which card may take a joker's place, so it cannot be "
                "left to guess (with wild cards of different kinds in several places, which stands where is "
                "itself a choice).")),
    Rule("canasta.melds.wild-and-natural", "Cards both wild and natural",
         "Where a variant makes a card both wild and natural (the twos of Five-person Canasta), it is a natural "
         "card in a meld of its own rank and a wild card in a meld of any other rank, where it counts toward the "
         "meld's limit of wild cards. Such cards put down with no natural card of another rank make a meld of "
         "their own rank, and a meld of that rank takes them as natural cards.", (FIVE_PERSON, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if entry.roles.wild_and_natural),
         notes=(f"Placing such cards by the meld's rank, so that a meld of them alone is a meld of their rank, is "
                f"{READING}: the source names the twos both wild and natural and says nothing more on which a "
                "meld holding only them is.",)),
    Rule("canasta.melds.several-of-a-rank", "Several melds of one rank",
         "Where a variant allows it, a side may hold more than one meld of the same rank, and a new set of a rank "
         "the side has melded may go down beside the old one. A card added to such a meld, or a pile's top card "
         "laid on one, goes to the meld the player names (its index among the side's melds) whenever more than "
         "one could take it.", (BICYCLE_SAMBA, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if not entry.sets.one_per_rank)),
    Rule("canasta.melds.merge", "Two melds of a rank put together",
         "Where a side may hold several melds of one rank and the variant lets it join them, the player may, "
         "during the turn, make one meld of two of the side's melds of the same rank (a merge move naming "
         "both) to build a canasta. Neither of the two may be a canasta yet, and the joined meld must itself "
         "be valid: no more wild cards than a meld may hold, no more cards than a meld may have. Two of the "
         "side's sequences of one suit are joined the same way when together they make one unbroken run no "
         "longer than a sequence may be (in Samba, seven cards at most: two runs of four never make a samba). "
         "It takes no card from the hand; the joined meld keeps the lower of the two places.",
         (BICYCLE_SAMBA, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if "merge_melds_of_a_rank" in entry.hooks),
         notes=(f"Joining only melds that are not canastas yet is {READING}: the sources speak of melds of a "
                "rank joined to make canastas and are silent on joining a finished one, which would only cost "
                "a bonus.",)),
    Rule("canasta.melds.wild-onto-canasta", "No wild card onto a canasta",
         "Where a variant says so, a meld that is already a canasta takes no more wild cards, whether laid off "
         "from the hand or brought with the pile's top card; natural cards may still join it.",
         (OFFICIAL_LAWS_SAMBA, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if not entry.sets.wild_onto_canasta)),
    Rule("canasta.opening.canasta-needed", "An initial meld holding a canasta",
         "Where a variant's opening tier asks for it, a side opens only with a canasta among its initial melds "
         "(" + "; ".join(_canasta_tiers(entry) for entry in ENTRIES.values() if _canasta_tiers(entry)) + "). "
         "The canasta and any count beside it are judged on all the melds the turn puts down toward the initial "
         "meld, so a first step without the canasta stands while the cards left can still complete it; the melds "
         "put down with the pile's top card when it is taken to open must hold the canasta.",
         (BICYCLE_BRAZILIAN, BOOK),
         notes=(f"The sources are silent on going out concealed at these scores; {READING} lifts the count there, "
                "as for every initial meld, and keeps the canasta, which the tier asks for in its own right.",
                "The 200 of the middle tier counts the initial melds together, as every opening count does, which "
                "is how The Ultimate Book of Card Games words it (a canasta within an initial meld of 200) and how "
                "rummy-games.com's Brazilian Canasta (http://www.rummy-games.com/rules/brazilian-canasta.html) "
                f"does (a canasta and melds of 200 in all); {BICYCLE_BRAZILIAN} words it as a canasta worth 200 on "
                "its own, which cardref does not follow: the book, its first source for Brazilian, counts the "
                "initial meld as a whole, and a canasta's worth would be ambiguous besides (its cards alone, or "
                "with the bonus that every canasta's 500 or more already passes)."),
         variants=tuple(slug for slug, entry in ENTRIES.items() if _canasta_tiers(entry))),
    Rule("canasta.canastas.sequence", "A sequence canasta",
         "A sequence that reaches a canasta's size is a canasta of its own kind and earns the variant's sequence "
         "bonus on top of its cards: "
         + ", ".join(f"{entry.canastas.sequence} in {entry.title} (its "
                     f"'{dict(entry.canastas.names).get('sequence', 'sequence')}', {entry.canastas.size} cards, "
                     f"and no sequence there grows past {entry.sequences.max_cards})"
                     for entry in ENTRIES.values() if entry.canastas.sequence is not None)
         + ". It counts as a canasta toward going out.", (BICYCLE_SAMBA, BICYCLE_BOLIVIA, BICYCLE_BRAZILIAN, OFFICIAL_LAWS_SAMBA, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if entry.canastas.sequence is not None)),
    Rule("canasta.going-out.ask-first", "Going out only after asking the partner",
         "Where a variant says so, asking the partner is not optional: a player goes out only after asking, "
         "right after drawing, and hearing yes. Without that yes a player keeps at least two cards: no meld, "
         "addition or taking of the pile may leave one card or none. In Brazilian Canasta it is so under the option "
         "brazilian_ask_partner required.", (BICYCLE_BRAZILIAN, KLASSA_HAND_AND_FOOT), options=("brazilian_ask_partner",),
         variants=tuple(slug for slug, entry in ENTRIES.items() if entry.going_out.ask_partner == "required")
         + ("brazilian",),
         notes=("canasta.variant.brazilian's notes give the sources of each choice of brazilian_ask_partner.",)),
    Rule("canasta.pile.top-card-onto-sequence", "The top discard alone onto a sequence",
         "Where a variant says so, a side may take the pile's top card by itself to lengthen one of its "
         "sequences on the table, at either end, while the sequence has room for it. Only that card is taken: "
         "the cards below it stay as the discard pile. This way of taking is open whether the pile is frozen "
         "or not, since the pile itself stays.", (BICYCLE_SAMBA, OFFICIAL_LAWS_SAMBA, BOOK),
         variants=tuple(slug for slug, entry in ENTRIES.items() if entry.pile.top_card_only_onto_sequence),
         notes=(f"{READING}: the frozen pile does not stop this, as the sources name it beside the natural pair "
                "as one of the ways to take the top card and leave the rest of the pile untouched.",)),
)

SOURCES = {"samba": (BICYCLE_SAMBA, BOOK), "bolivia": (BICYCLE_BOLIVIA, RUMMY_GAMES_BOLIVIA, BOOK),
           "brazilian": (BICYCLE_BRAZILIAN, BOOK), "joker": (JOKER_CANASTA, BOOK),
           "mexicana": (RUMMY_GAMES_MEXICANA, BOOK), "hand-and-foot": (KLASSA_HAND_AND_FOOT, BOOK),
           "oklahoma": (OKLAHOMA, OKLAHOMA_WIKIA, BOOK), "three-hand": (THREE_HAND, BOOK),
           "five-person": (FIVE_PERSON,)}
SEATING_WORDS = {"partners": "two fixed partnerships, partners opposite", "alone": "every player alone",
                 "lone_hand": "every player alone until the first to take the pile plays against the other "
                              "two as partners",
                 "partner_rentrap": "each player partnered with the seat two places on and able to "
                                    "add to that seat's melds, while the seat two places back may add to theirs"}


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def _tier(needed: int | CanastaTier) -> str:
    if not isinstance(needed, CanastaTier):
        return str(needed)
    kind = "a canasta" if needed.canasta == "any" else f"a {needed.canasta} canasta"
    return kind + (f" in melds of at least {needed.points}" if needed.points else "")


def initial_meld_minimums(entry: VariantRules) -> str:
    """What the variant's initial meld needs, by game score (or round), in words."""
    tiers = entry.opening.tiers
    if len(tiers) == 1:
        return f"an initial meld needs {_tier(tiers[0][1])}" if tiers[0][1] else "any meld opens"
    if entry.opening.basis == "round":
        parts = [f"{_tier(needed)} in round {low or 1}" for low, needed in tiers]
        return "the initial meld needs " + ", ".join(parts)
    parts = [f"{_tier(needed)} {'below ' + str(tiers[1][0]) if low is None else 'from ' + str(low)}"
             for low, needed in tiers]
    return "the initial meld needs, by game score: " + ", ".join(parts)


def _canastas(entry: VariantRules) -> str:
    found = entry.canastas
    if found.size is None:
        return "there are no canastas"
    names = dict(found.names)
    kinds = [(k, v) for k, v in (("natural", found.natural), ("mixed", found.mixed), ("wild", found.wild),
                                 ("sequence", found.sequence)) if v is not None]
    said = ", ".join(f"{names.get(k, k)} {v}" for k, v in kinds)
    which = "canasta" if found.by_rank_mixed else "natural canasta"
    extra = "".join(f", {which} of {rank}s {v}" for rank, v in found.by_rank)
    return f"a canasta is {found.size} or more cards; bonuses: {said}{extra}"


def _going_out(entry: VariantRules) -> str:
    rules = entry.going_out
    names = dict(entry.canastas.names)
    kinds = " including " + ", ".join(f"{n} {names.get(k, k)}" for k, n in rules.by_kind) if rules.by_kind else ""
    needs = f"{rules.canastas} canasta{'s' if rules.canastas != 1 else ''}{kinds}" if rules.canastas else "no canasta"
    return f"going out needs {needs} and earns {rules.bonus}"


def variant_text(entry: VariantRules) -> str:
    """The static rules of a variant in a paragraph, every number read from its entry."""
    sets = entry.sets
    wilds = "any number of wild cards" if sets.max_wilds is None else f"at most {_count(sets.max_wilds, 'wild card')}"
    parts = [f"{entry.min_players}" + (f" to {entry.max_players}" if entry.max_players != entry.min_players else "")
             + f" players, {SEATING_WORDS[entry.seating]}",
             f"{entry.deck.size} cards ({entry.deck.packs} packs and {_count(entry.deck.jokers, 'joker')}), {entry.deal} "
             f"dealt to each" + (f" plus a foot of {entry.foot}" if entry.foot else "")
             + (f" and {entry.kitties[0]} kitties of {entry.kitties[1]}" if entry.kitties[0] else ""),
             f"{_count(entry.draw, 'card')} drawn a turn",
             f"sets hold {wilds}" + (f" and at most {sets.max_cards} cards" if sets.max_cards else ""),
             _canastas(entry), initial_meld_minimums(entry), _going_out(entry),
             f"the game ends at {entry.game_target}" if entry.game_target else f"a game is {entry.game_rounds} deals"]
    return "; ".join(parts) + "."


HOWSTUFFWORKS = Source("HowStuffWorks: How to play Canasta", "https://entertainment.howstuffworks.com/how-to-play-canasta3.htm")
WHITEKNUCKLE_BRAZILIAN = Source("whiteknucklecards.com: Brazilian Canasta",
                                "https://whiteknucklecards.com/games/brazilian_canasta.html")
# The points the sources dispute, each an option (rules.OPTIONS) with a note per choice.
OPTIONS_AND_NOTES = {
    "samba": (("top_tier_minimum", "samba_red_threes_minus"), (
        f"top_tier_minimum 150 (default): {BOOK}, and the same figure in {BICYCLE_BOLIVIA} for Bolivia.",
        f"top_tier_minimum 160: {BICYCLE_SAMBA} and {HOWSTUFFWORKS}.",
        f"samba_red_threes_minus unmelded (default): {BOOK} and {BICYCLE_SAMBA} give Samba's red threes no rule of "
        "their own, so Classic's holds: they count against a side that has melded nothing.",
        f"samba_red_threes_minus short_of_two_canastas: {HOWSTUFFWORKS} counts them against a side that has not "
        "made two canastas, as Bolivia does.")),
    "bolivia": (("bolivia_opening", "bolivia_red_threes_minus", "black_threes_in_hand"), (
        f"bolivia_opening 150_always (default): {BOOK} lists a minimum standardized at 150 among Bolivia's "
        "differences from Samba: every initial meld needs 150, whatever the score.",
        f"bolivia_opening tiers: {BICYCLE_BOLIVIA} and {RUMMY_GAMES_BOLIVIA} keep Samba's minimums by score, with "
        "150 from 7000 up.",
        "Red threes and black threes left in hand are scored as in Samba, and so as in the basic game, by "
        "default (canasta.threes.minus, canasta.black-threes.in-hand); other sources' figures are the options "
        "bolivia_red_threes_minus and black_threes_in_hand.",
        f"Wild cards in a set: at most two, as in Samba, since {BICYCLE_BOLIVIA} keeps Samba's limit and {BOOK} plays "
        "Bolivia as Samba but for the differences it names. Two other published descriptions differ: "
        "whiteknucklecards.com (https://whiteknucklecards.com/games/bolivia.html) lets a set hold any number, and "
        "ourpastimes.com (https://ourpastimes.com/bolivia-card-game-rules-5519533.html) asks for more natural "
        "cards than wild cards, three wild cards at most.")),
    "brazilian": (("wild_canasta", "brazilian_going_out", "brazilian_opening", "brazilian_red_threes",
                   "brazilian_ask_partner", "black_threes_in_hand"), (
        f"brazilian_opening 150_below_7000 (default): {BOOK} asks 150 for every initial meld below 7000, before "
        "the canastas asked from 7000 up.",
        f"brazilian_opening samba_tiers: {BICYCLE_BRAZILIAN} and rummy-games.com's Brazilian Canasta "
        "(http://www.rummy-games.com/rules/brazilian-canasta.html) change only the minimums from 7000 up, so below "
        "7000 the side needs what it needs in Samba and Bolivia: 15 below 0, 50 from 0, 90 from 1500, 120 from 3000.",
        f"wild_canasta 2000 (default): {BICYCLE_BRAZILIAN} and {BOOK}.",
        f"wild_canasta 2500: {WHITEKNUCKLE_BRAZILIAN}, which calls it a bolivia as in Bolivia.",
        f"brazilian_going_out canasta_and_samba (default): {BOOK} gives Brazilian Canasta as Bolivia with its "
        "own bonuses and penalties, and says nothing else of going out, so Bolivia's rule holds: of the two "
        "canastas, one is a samba. Red threes and black threes left in hand are scored as in Bolivia on the same "
        "reading (the options brazilian_red_threes and black_threes_in_hand give other sources' figures).",
        f"brazilian_going_out any_two: {BICYCLE_BRAZILIAN} lets any two canastas take a side out.",
        f"brazilian_ask_partner optional (default): {BOOK} plays Brazilian as Bolivia, and so as Samba and the "
        "basic game, where a player may ask the partner before going out and is bound by the answer, but need "
        "not ask.",
        f"brazilian_ask_partner required: {BICYCLE_BRAZILIAN} has a player always ask the partner's permission "
        "before going out.")),
    "joker": (("joker_threes",), (
        f"joker_threes adding_up (default): {BOOK} and {JOKER_CANASTA} give the first three of a colour 100, the "
        "second 300, the third 500 and the fourth 1000, each three its own figure, so a colour's four threes make "
        "1900 together.",
        f"joker_threes totals: {READING} of the same figures as a scale, the way scales of bonus threes are printed "
        "for Modern American Canasta: one three of a colour 100, two 300, three 500, four 1000.",
        f"The pack: {READING}. Neither source names it, but the four jokers of the canasta worth 3000 and the seven "
        "twos of the one worth 4000 need two packs and four jokers, the basic game's 108 cards, and no source "
        "gives another.",
        f"Wild canastas other than seven twos (4000) and four jokers with three twos (3000) earn 2000, as "
        f"{JOKER_CANASTA} says.")),
    "hand-and-foot": (("hand_and_foot_piles", "hand_and_foot_wild_limit", "hand_and_foot_low_cards"), (
        f"hand_and_foot_piles clean_dirty_wild (default): {BOOK}: two clean piles, two dirty ones and a wild one.",
        f"hand_and_foot_piles two_clean_two_dirty: {GOODSAMS_HAND_AND_FOOT} asks two clean and two dirty books.",
        f"hand_and_foot_piles one_clean_one_dirty: {KCILS_HAND_AND_FOOT} asks one of each.",
        f"hand_and_foot_wild_limit 2 (default): {BOOK} lets a dirty meld hold up to two wild cards.",
        f"hand_and_foot_wild_limit 3: {NWPAGES_HAND_AND_FOOT} and {DRWINGNUT_HAND_AND_FOOT} allow three, "
        "nwpages.net only while they are fewer than the natural cards; cardref plays both so.",
        f"hand_and_foot_low_cards four_to_seven (default): {BOOK} counts the cards as in the basic game.",
        f"hand_and_foot_low_cards four_to_nine: {KLASSA_HAND_AND_FOOT} and {GOODSAMS_HAND_AND_FOOT} count the fours "
        "to nines 5 and the tens to kings 10.",
        f"Several melds of one rank: {READING}. Five packs give each rank twenty cards and a pile is exactly seven, "
        "so a side may start another meld of a rank beside one it holds, as the books of these sources are "
        "started again once one is closed; without it most cards of a rank could never be played.",
        "The take of seven cards is the rule canasta.pile.take-limit, with its option pile_take_limit.")),
    "three-hand": ((), (
        f"The partnership against the lone hand follows {BOOK} and odeities.com (https://odeities.com/canasta/): "
        "the two players who did not take the pile first play together against the one who did; until then, and "
        "for the whole hand if nobody takes the pile, everyone plays alone.",
        f"Draw two and two canastas to go out follow {BOOK}; {THREE_HAND} gives both as the usual practice for "
        "two or three players.")),
    "mexicana": (("all_red_threes", "sevens_canasta"), (
        f"all_red_threes 1000 (default): {READING}: {RUMMY_GAMES_MEXICANA} is silent, and Samba, played with the "
        "same 162 cards, scores all six red threes 1000.",
        "all_red_threes 600: no bonus beyond 100 for each red three.",
        f"sevens_canasta any (default): {BOOK} and {RUMMY_GAMES_MEXICANA} give a canasta of sevens 1000 and do not "
        "ask for a natural one, so a mixed canasta of sevens earns it too.",
        f"sevens_canasta natural: {READING}: the 1000 read as a natural canasta's bonus raised for sevens; a mixed "
        "canasta of sevens then earns a mixed canasta's 300.")),
}


def _variant_rule(slug: str, entry: VariantRules) -> Rule:
    options, notes = OPTIONS_AND_NOTES.get(slug, ((), ()))
    return Rule(f"canasta.variant.{slug}", entry.title, f"{entry.summary} In numbers: {variant_text(entry)}",
                SOURCES[slug], options=options, notes=notes, variants=(slug,))


VARIANT_RULES = tuple(_variant_rule(slug, entry) for slug, entry in ENTRIES.items() if slug in SOURCES)

MELD_SHAPES = Section("Melds and canastas in other variants", MELD_SHAPES_RULES)
VARIANTS = Section("The other variants at a glance", VARIANT_RULES)
