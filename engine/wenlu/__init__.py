"""文禄朝鲜之役 (seed 003): the battle calculator and the game's data and board; see ``docs/wenlu.md``."""
