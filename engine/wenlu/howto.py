"""A short "how to play" of 文禄朝鲜之役 from its rules (``../shared/seeds/003_fa5eb901f1b9d182.txt``): headings
and points in English marked for translation (``N_``; Chinese in the engine catalogue), each point citing the
section it sums up. The rules decide; this is a reader's way in (``System.how_to_play``)."""

from __future__ import annotations

from engine.messages import N_

HOW_TO_PLAY: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        N_("The aim"),
        (
            (
                N_(
                    "Two players: Japan against the allied Ming and Korea. When the turn with the peace marker "
                    "ends, the higher score wins: Japan scores its event cards; the Allies score the provinces "
                    "they control (Hanseong counts two) and the Japanese generals removed."
                ),
                "§12.1",
            ),
            (N_("Japan wins at once on reaching 9 points."), "§12.2"),
        ),
    ),
    (
        N_("A turn"),
        (
            (
                N_(
                    "Activation markers are drawn from the cup one by one; the side drawn acts: it sets its "
                    "march points, checks supply, marches and reinforces, then fights its field battles."
                ),
                "§5.1, §5.2",
            ),
            (
                N_(
                    "Supply runs along roads to the side's own source and never through a region the enemy "
                    "holds; a general cut off fights with field ability −1 and morale +1."
                ),
                "§6.1, §6.3",
            ),
            (
                N_(
                    "When every marker is drawn the turn ends: the Allies draw an event card and two waiting "
                    "generals, and the markers go back into the cup."
                ),
                "§5.3",
            ),
        ),
    ),
    (
        N_("A field battle"),
        (
            (N_("Each side names its commander: the highest rank, then the largest house."), "§8.1(1)"),
            (
                N_(
                    "Each round both roll a die for initiative, the better commander's with +1; the lower total "
                    "cannot attack that round, a tie lets both attack."
                ),
                "§8.1(2)",
            ),
            (
                N_(
                    "A general attacks with a die for himself and each unit of his house he commands (up to 8 for "
                    "the commander-in-chief, 4 for a general); a die at or under his field ability is a hit."
                ),
                "§8.1(3), §8.1(4)",
            ),
            (N_("Between rounds a side may retreat along a road."), "§8.2"),
            (N_("Korean castles can be held and besieged."), "§13.3"),
        ),
    ),
    (
        N_("At this site"),
        (
            (
                N_(
                    "At a table the site rolls every die (committed to a seed shown from the start) and offers "
                    "only the legal actions; the battle calculator works out a paper table's battle step by step."
                ),
                "",
            ),
        ),
    ),
)
