"""The board games' view of the one game interface (``engine.interface``, which the card game implements too):
the same Protocols and entry points, named here for the board-game code that imported them from this module.

    >>> game = default_game("longhu", seats=3)
    >>> state = game.new_initial_state(seed=7)
    >>> state.is_chance_node(), state.to_act()
    (True, [])
    >>> while state.is_chance_node():              # the order dice (§3-1(2)), committed: from (seed, step)
    ...     state.apply(state.sample_chance())
    >>> state.to_act(), [a.to_json() for a in state.legal_actions()][:1]
    ([0], [{'type': 'pick', 'choice': '曹操'}])
    >>> apply_json(game, state, {"type": "pick", "choice": "曹操"})
    Pick(choice='曹操')
    >>> verdict = game.replay(7, state.log() + [{"type": "roll", "value": 9}])
    >>> verdict["ok"], verdict["first_illegal"] == len(state.history), verdict["code"], verdict["rule"]
    (False, True, 'not_chance', '§3-1(1), ruling L4')
    >>> state.observation(2)["pending"]            # seat 2 sees who must choose, not the options
    {'player': 1, 'what': 'choose a country', 'code': 'ask_choose_country', 'params': {}, 'rule': '§3-1(1), ruling L4'}
    >>> pending = state.observation(1)["pending"]  # the question: a code of the game's catalogue with params
    >>> game.text(pending["code"], pending["params"], "zh")
    '选择一个国家'
    >>> game.text(verdict["code"], verdict["params"], "zh")
    '现在没有随机事件：Roll(value=9) 不是玩家的行动'
    >>> isinstance(game, Game) and isinstance(state, State)
    True
"""

from __future__ import annotations

from engine.interface import Bot, Game, State, apply_json, default_game, make_game, seats_to_act

__all__ = ["Bot", "Game", "State", "apply_json", "default_game", "make_game", "seats_to_act"]
