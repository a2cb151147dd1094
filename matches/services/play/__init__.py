"""Refereed matches: the engine referees every action of a match played in the browser (or against a bot).

The package in layers, lowest first (a module imports only those above it in this list):

- ``errors``: ``PlayRefused`` and ``ActionRefused``, the refusals a player can cause.
- ``cache``: the current game row and its state, rebuilt from the stored entries (a per-process cache).
- ``windows``: response windows (ruling G11): the deadline, a settable clock, the timeout task's scheduling.
- ``clock``: chess clocks (a total and a Fischer increment a turn), stored so they survive a restart and
  computed on read; the termination codes of the ends the referee decides (time, abandonment, agreed draw).
- ``referee``: applying and storing actions, chance and the bots, a game's start and end, the signed log.
- ``ending``: a loss on time (``do_flag_game``, the periodic sweep), claims of abandonment, draw offers,
  a seat's presence (``do_*`` verbs).
- ``bot``: the bot's move played by a task (``do_play_bot_move``) when it thinks long or plays on a clock.
- ``acting``: a player's action (``do_act``) and the referee's pass when a window runs out.
- ``lifecycle``: starting, challenging, accepting, withdrawing and conceding (``do_*`` verbs).

What a player sees is built by ``matches.presenters.play``; who may do what is ``matches.access``.
All prose about actions is in ``matches.presenters.narration``: the referee stores each seat's feed
line with every entry (``feed_line``) and renders the engine's refusals for the seat (``refusal_text``, no hidden card).
Every applied action (a player's, a bot's, a chance event) is stored as a RefereedEntry in the same
transaction as the change. Actions on one game are serialised by a ``select_for_update`` on its row;
an action sent for an older step is refused as stale. The seed and the log stay on the server until
the match is over.
"""
