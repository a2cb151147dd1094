"""Bots and ``python -m engine play``."""

from __future__ import annotations

from engine.__main__ import main as engine_main
from engine.cards import dump_json
from engine.game import PaymentChoice
from engine.game.bots import GreedyBot, RandomBot, play
from tests.engine.game.conftest import make_db, shu_deck, wei_deck

SHU_TEXT = "势力: 蜀 黄巾\n" + "\n".join(f"{shu_deck()[0].count(n)} {n}" for n in dict.fromkeys(shu_deck()[0]))
WEI_TEXT = "势力: 魏\n" + "\n".join(f"{wei_deck()[0].count(n)} {n}" for n in dict.fromkeys(wei_deck()[0]))


def test_random_bot_chooses_legal_concrete_actions(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=2)
    bot = RandomBot(5)
    for _ in range(300):
        if s.is_terminal():
            break
        action = s.sample_chance() if s.is_chance_node() else bot.choose(s)
        assert not isinstance(action, PaymentChoice)
        assert s.validate(action) is None
        s.apply(action)


def test_greedy_bot_beats_the_random_bot_more_often_than_not(game):
    wins = 0
    for seed in range(20):
        g = seed % 2
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[g] = GreedyBot(seed)  # type: ignore[assignment]
        s = play(game.new_initial_state(shu_deck(), wei_deck(), seed=seed), bots)
        wins += s.outcome.winner == g
    assert wins >= 14


def test_greedy_bot_leaves_the_state_it_looks_at_unchanged(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=4)
    while s.is_chance_node() or s.phase.value == "commandment":
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])  # type: ignore[arg-type]
    before = s.to_json()
    action = GreedyBot(0).choose(s)
    assert s.to_json() == before and s.validate(action) is None


def test_cli_play_prints_the_game_move_by_move_and_the_winner(tmp_path, capsys):
    db_file = tmp_path / "cards.json"
    db_file.write_text(dump_json(make_db()), encoding="utf-8")
    (tmp_path / "shu.txt").write_text(SHU_TEXT, encoding="utf-8")
    (tmp_path / "wei.txt").write_text(WEI_TEXT, encoding="utf-8")
    argv = ["play", "--bots", "random", "greedy", "--seed", "3", "--database", str(db_file)]
    argv += ["--decks", str(tmp_path / "shu.txt"), str(tmp_path / "wei.txt")]
    assert engine_main(argv) == 0
    out = capsys.readouterr().out
    assert "The coin falls" in out and "-- turn 1:" in out and " draws " in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("Player ") and " wins after " in last and "§1.4" in last
    assert engine_main(argv) == 0
    assert capsys.readouterr().out == out  # the same seed plays the same game


def test_cli_play_with_lang_zh_prints_chinese_with_chinese_card_names(capsys):
    assert engine_main(["play", "--seed", "3", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "掷硬币：玩家 0 先手（裁定 G1）。" in out and "抽到 管亥" in out and "-- 第 1 回合：玩家 0" in out
    assert "回合后获胜" in out.strip().splitlines()[-1]
    for english in ("player", "draws", "wins", "Guan Hai", "ruling"):
        assert english not in out


def test_cli_play_with_the_bundled_starter_decks(capsys):
    assert engine_main(["play", "--seed", "1", "--quiet"]) == 0
    assert " wins after " in capsys.readouterr().out


def test_cli_play_with_an_unknown_deck_says_so(capsys):
    assert engine_main(["play", "--decks", "no_such_deck", "wei_starter"]) == 2
    out = capsys.readouterr().out
    assert "no decklist 'no_such_deck'" in out and "shu_starter" in out


def test_the_cli_called_in_process_leaves_the_callers_sigpipe_handling_alone(capsys) -> None:  # type: ignore[no-untyped-def]
    # The default SIGPIPE action belongs to `python -m engine` alone: in a test process it would let a
    # closed driver pipe (Playwright's) kill the whole run.
    import signal

    before = signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # what CPython sets at start-up
    try:
        assert engine_main(["play", "--bots", "random", "random", "--seed", "1"]) == 0
        assert signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGPIPE, before)
