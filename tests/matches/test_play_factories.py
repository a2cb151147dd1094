"""Small legal decks for refereed-match tests (no tests here): games that end in a few turns.

Every card is a general of cost 0 and Might 45: one siege (ruling G7) from 敌城外 asks for 45 RESOURCE
cards of a 42-card deck, so the besieged player loses (§1.4 2), ruling G10). Player A's cards are 蜀
generals, player B's 魏 generals with other names, so a test can look for the opponent's card names.
"""

from __future__ import annotations

from engine.cards import Card
from engine.game import Melee, Move, Siege, Zone
from tests.decks.factories import make_card_database_version, make_deck, make_format, make_user

DIGITS = "一二三四五六七八九十"
SHU = [f"蜀将{DIGITS[i % 10]}{DIGITS[i // 10]}" for i in range(14)]
WEI = [f"魏将{DIGITS[i % 10]}{DIGITS[i // 10]}" for i in range(14)]


def quick_cards(unsupported: str = "") -> list[Card]:
    cards = [
        Card(name=n, name_en=f"Shu General {i + 1}", type="人", factions=("蜀",), cost=0, might=45, wit=2)
        for i, n in enumerate(SHU)
    ]
    cards += [
        Card(name=n, name_en=f"Wei General {i + 1}", type="人", factions=("魏",), cost=0, might=45, wit=2)
        for i, n in enumerate(WEI)
    ]
    cards.append(
        Card(
            name="妖术",
            name_en="Sorcery",
            type="人",
            factions=("蜀",),
            cost=0,
            might=1,
            wit=1,
            unsupported=unsupported or "text not supported",
        )
    )
    return cards


def deck_text(names: list[str], faction: str, extra: str = "") -> str:
    lines = [f"势力: {faction}"] + [f"3 {n}" for n in names] + ([extra] if extra else [])
    return "\n".join(lines) + "\n"


def quick_setup():
    """(format, alice, bob, alice's 蜀 deck version, bob's 魏 deck version)."""
    version = make_card_database_version(quick_cards(), name="quick-play-db")
    fmt = make_format([version])
    alice, bob = make_user("alice"), make_user("bob")
    deck_a = make_deck(alice, fmt, deck_text(SHU, "蜀"), name="Shu quick").latest_version()
    deck_b = make_deck(bob, fmt, deck_text(WEI, "魏"), name="Wei quick").latest_version()
    assert deck_a is not None and deck_b is not None
    assert deck_a.legal and deck_b.legal, (deck_a.check_result, deck_b.check_result)
    return fmt, alice, bob, deck_a, deck_b


def winning_step(state, seat: int):
    """A plain plan for ``seat``: recruit, advance to 敌城外, besiege; else end the turn (JSON form)."""
    controls = state.legal_actions()
    kinds = {type(a).__name__: a for a in controls if not hasattr(a, "template")}
    for a in controls:
        if isinstance(a, Siege):
            return a.to_json()
    for a in controls:
        if isinstance(a, Move) and a.to is Zone.ENEMY_BORDER:
            return a.to_json()
    if not state.field[seat]:
        for a in controls:
            if type(a).__name__ == "Recruit":
                return a.to_json()
    for a in controls:
        if isinstance(a, Melee):
            return a.to_json()
    return kinds.get("EndTurn", kinds.get("Pass", controls[0])).to_json()


def human_match(setup, best_of: int = 1):
    """alice challenges bob and bob accepts: game 1 runs."""
    from matches.services.play import lifecycle

    _fmt, alice, bob, deck_a, deck_b = setup
    return lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, best_of=best_of), deck_b)


def state_of(match):
    """The current game's state (a private copy)."""
    from matches.services.play import cache

    game = cache.current_game(match)
    assert game is not None
    return cache.load_state(game)


def to_act(match, setup):
    """(state, the user to act) of a match between the two users of ``setup``."""
    state = state_of(match)
    return state, (setup[1] if state.current_player() == 0 else setup[2])


def play_until_window(match, setup, limit: int = 40):
    """Both players follow ``winning_step`` until a siege opens the defender's response window (ruling G11)."""
    from engine.game import Phase
    from matches.services.play import acting

    for _ in range(limit):
        state, user = to_act(match, setup)
        if state.phase is Phase.RESPONSE:
            return state
        acting.do_act(match, user, winning_step(state, state.current_player()))
    raise AssertionError("no response window opened")
