"""The rules only some members of the family have: meld caps, wild melds, wild canastas."""

from ...rules import READING, Rule, Section, Source

BOOK = Source("The Ultimate Book of Card Games (Scott McNeely, Chronicle Books): Canasta variations")
BICYCLE_SAMBA = Source("Bicycle: Samba", "http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32")
BICYCLE_BOLIVIA = Source("Bicycle: Bolivia", "http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32")
BICYCLE_BRAZILIAN = Source("Bicycle: Brazilian Canasta",
                           "http://www.bicyclecards.ca/game-rules/brazilian-canasta/171.php?page_id=32")
RUMMY_GAMES_BOLIVIA = Source("rummy-games.com: Bolivia", "http://www.rummy-games.com/rules/bolivia.html")
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

MELD_SHAPES = Section("Melds and canastas in other variants", (
    Rule("canasta.melds.max-cards", "Melds with a cap",
         "Where a variant caps its melds, no meld may grow past the cap: seven cards in Joker Canasta and "
         "in Hand and Foot, four in Oklahoma.", (JOKER_CANASTA, KLASSA_HAND_AND_FOOT, OKLAHOMA_WIKIA, BOOK),
         variants=("joker", "hand-and-foot", "oklahoma")),
    Rule("canasta.melds.all-wild", "Melds of wild cards alone",
         "Where a variant allows it, wild cards may form a meld on their own, at least three of them; "
         "twos and jokers mix freely in it.", (BICYCLE_BOLIVIA, RUMMY_GAMES_BOLIVIA, JOKER_CANASTA, BOOK),
         variants=("bolivia", "brazilian", "joker", "hand-and-foot")),
    Rule("canasta.canastas.wild", "A canasta of wild cards",
         "Seven wild cards with no natural card make a wild canasta, which earns the variant's own bonus "
         "on top of its cards: 2500 in Bolivia (a 'bolivia'), 2000 in Brazilian and Joker Canasta, 1500 "
         "in Hand and Foot.", (BICYCLE_BOLIVIA, BICYCLE_BRAZILIAN, JOKER_CANASTA, BOOK),
         variants=("bolivia", "brazilian", "joker", "hand-and-foot"),
         notes=(f"Joker Canasta: seven twos are worth 4000 and four jokers with three twos 3000 in "
                f"{JOKER_CANASTA}; {READING} keeps 2000 for every other wild canasta.",)),
))
