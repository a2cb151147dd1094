"""The engine's sentences about a player, said to that player: "You draw 关羽." (the feed's point of view).

The engine's catalogue (``engine.messages.MESSAGES``) speaks of players in the third person ("%(player)s
draws %(card)s."). A player's own table speaks to him: each code below has its sentence in the second
person, used by ``junling.engine_text.SiteReader`` when the ``player`` of a message is the reader. A code
not listed names the reader "you" in the third person's sentence (Chinese needs no more: 你 抽到 …);
tests/junling/test_second_person.py checks that every sentence of the feed about a player is here.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop as N_

SECOND_PERSON = {
    "termination.no_card_to_draw": N_("you have no RESOURCE card to draw at the start of your turn"),
    "termination.cannot_pay_depletion": N_("you must deplete %(amount)s RESOURCE cards but have only %(have)s"),
    "termination.cannot_pay_upkeep": N_("you must pay an upkeep of %(cost)s RESOURCE cards but have only %(have)s"),
    "termination.undeclared_faction": N_(
        "you played %(card)s of the faction %(faction)s, which you did not declare (declared: %(declared)s)"
    ),
    "termination.concession": N_("you conceded"),
    "termination.time": N_("you ran out of time"),
    "termination.abandonment": N_("you abandoned the game"),
    "outcome.wins": N_("You win: %(reason)s (%(rule)s)"),
    "narrate.coin_flip": N_("The coin falls: you go first (ruling G1)."),
    "narrate.draw": N_("You draw %(card)s."),
    "narrate.draw_hidden": N_("You draw a card."),
    "narrate.look_top": N_("You look at %(card)s on top of your RESOURCE."),
    "narrate.look_top_hidden": N_("You look at the top card of your RESOURCE."),
    "narrate.resource_to_discard": N_("You put %(card)s from RESOURCE to DISCARD, face down."),
    "narrate.resource_to_discard_hidden": N_("You put the top card of RESOURCE to DISCARD, face down."),
    "narrate.lose_random": N_("You lose %(card)s from your hand at random, to DISCARD."),
    "narrate.lose_random_hidden": N_("You lose a card from your hand at random, to DISCARD."),
    "narrate.commandment": N_("You choose the commandment %(card)s (face down until the game begins)."),
    "narrate.commandment_hidden": N_("You choose a commandment, face down."),
    "narrate.no_commandment": N_("You choose no commandment."),
    "narrate.recruit": N_("You recruit %(card)s into %(zone)s (cost %(cost)s)%(paid)s."),
    "narrate.equip": N_("You equip %(card)s on %(general)s%(paid)s."),
    "narrate.event": N_("You play the event %(card)s%(paid)s."),
    "narrate.tactic": N_("Your %(general)s executes %(card)s%(paid)s."),
    "narrate.advantage": N_("You place the advantage %(card)s%(paid)s."),
    "narrate.activate": N_("You activate the effect of %(card)s%(paid)s."),
    "narrate.event_target": N_("You play the event %(card)s on %(target)s%(paid)s."),
    "narrate.event_pair": N_("You play the event %(card)s on %(target)s and %(target2)s%(paid)s."),
    "narrate.tactic_target": N_("Your %(general)s executes %(card)s against %(target)s%(paid)s."),
    "narrate.activate_target": N_("You activate the effect of %(card)s on %(target)s%(paid)s."),
    "narrate.move": N_("You move %(card)s from %(from)s to %(to)s."),
    "narrate.draw_recycled": N_("You take %(card)s from your RESOURCE (a card put at its bottom before)."),
    "narrate.draw_recycled_hidden": N_("You take a card from your RESOURCE that was put at its bottom before."),
    "narrate.recycled_to_discard": N_("You put %(card)s (put at the bottom of RESOURCE before) to DISCARD, face down."),
    "narrate.recycled_to_discard_hidden": N_(
        "You put a card that was put at the bottom of RESOURCE before to DISCARD, face down."
    ),
    "narrate.end_turn_texts": N_(
        "You end turn %(turn)s; upkeep %(upkeep)s (%(generals)s general(s), changed by %(cards)s)."
    ),
    "narrate.end_turn": N_("You end turn %(turn)s; upkeep %(upkeep)s."),
    "narrate.counter": N_("You answer the %(kind)s with %(card)s%(paid)s."),
    "narrate.counter_target": N_("You answer the %(kind)s with %(card)s on %(target)s%(paid)s."),
    "narrate.pass": N_("You let it resolve."),
    "narrate.discard": N_("You discard %(cards)s down to the hand limit."),
    "narrate.discard_hidden": N_("You discard %(count)s card(s) down to the hand limit."),
    "narrate.may_yes": N_("You say yes."),
    "narrate.may_no": N_("You say no."),
    "narrate.choose": N_("You choose %(cards)s (%(kind)s)."),
    "narrate.choose_hidden": N_("You choose %(count)s card(s) (%(kind)s)."),
    "narrate.name_cards": N_("You name %(names)s: the enemy may not use them."),
    "narrate.other": N_("You: %(kind)s."),
    "narrate.end_of_log_result": N_("The referee closes the log: you win (%(reason)s)."),
}
"""Code → the sentence said to its ``player`` (English; the Chinese is in locale/)."""
