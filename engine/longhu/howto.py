"""A short "how to play" of 龙虎三国志 from its rules (``../shared/seeds/001_ea84064492b818d2.txt``): headings
and points in English marked for translation (``N_``; Chinese in the engine catalogue), each point citing the
section it sums up. The rules decide; this is a reader's way in (``System.how_to_play``)."""

from __future__ import annotations

from engine.messages import N_

HOW_TO_PLAY: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        N_("The aim"),
        (
            (N_("Each player leads warlords of the years after 189 and their allies; wipe out the enemy."), "§1"),
            (
                N_(
                    "Or, when the last round ends, hold more regions with your countries and allies than the "
                    "others; a tie goes to the larger production, then it is a draw."
                ),
                "§7",
            ),
        ),
    ),
    (
        N_("A round"),
        (
            (
                N_(
                    "Order markers are drawn from the cup one by one; the country drawn takes its turn (a player's "
                    "own marker lets him choose one of his countries; a traitor marker is run by an opponent)."
                ),
                "§4-1",
            ),
            (N_("The turn's country rolls a die for fate and moves the fate marker; its event happens."), "§4-2"),
            (
                N_(
                    "Diplomacy: a character rolls his diplomacy value or less to win a neutral country as an "
                    "ally, or (with +1 to the die) to make an enemy's ally neutral."
                ),
                "§4-3",
            ),
            (
                N_(
                    "Production: new armies as strong as the production of the regions held, plus any "
                    "administration value, placed in your own regions."
                ),
                "§4-4",
            ),
            (
                N_(
                    "Movement: a character with command 1 or more takes armies up to two regions; entering an "
                    "enemy or neutral region stops there; crossing a mountain or a great river costs strength."
                ),
                "§4-5",
            ),
            (N_("A region with armies of two enemies has a battle."), "§4-6"),
        ),
    ),
    (
        N_("A battle"),
        (
            (N_("Allied armies in one region fight as one army."), "§5(1)"),
            (
                N_(
                    "First a betrayal test (a character with diplomacy may turn an enemy's ally), then the "
                    "strategists' strategy, then the bravest characters' valour duel, each once."
                ),
                "§5-1, §5-2, §5-3",
            ),
            (
                N_(
                    "Then melee rounds: a die for each point of strength, at most five; each die at or under the "
                    "commander's value is a hit. Both sides lose strength at once."
                ),
                "§5-4",
            ),
            (
                N_(
                    "After a melee round the attacker may retreat to where he came from, else the defender to a "
                    "region not held by an enemy; the battle goes on until one side is left."
                ),
                "§5-5, §5-6",
            ),
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
