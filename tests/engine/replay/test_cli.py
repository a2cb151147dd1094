"""python -m engine replay: the verdict in words or JSON, and its exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.log import dumps_log
from tests.engine.replay.conftest import KEY, paper_game


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", *args], capture_output=True, text=True, timeout=120
    )


def test_replay_json_of_a_signed_log_checked_with_the_key_file(signed_recorder, tmp_path):
    signed_recorder.write_log(tmp_path / "game.json")
    (tmp_path / "key").write_bytes(KEY + b"\n")
    out = run(str(tmp_path / "game.json"), "--json", "--key-file", str(tmp_path / "key"))
    verdict = json.loads(out.stdout)
    assert out.returncode == 0, out.stderr
    assert verdict["well_formed"] and verdict["authentic"] and verdict["legal"] and verdict["signature"] == "valid"
    assert verdict["first_illegal"] is None
    assert verdict["result"]["winner"] == signed_recorder.state.outcome.winner
    assert verdict["entries"] == len(signed_recorder.entries)


def test_replay_of_a_tampered_log_exits_3_and_names_the_entry(signed_log, tmp_path):
    signed_log["entries"][9]["actor"] = "referee"
    (tmp_path / "game.json").write_bytes(dumps_log(signed_log))
    out = run(str(tmp_path / "game.json"))
    assert out.returncode == 3
    assert "entries[9]" in out.stdout and "Authentic: NO" in out.stdout


def test_replay_of_an_illegal_log_exits_1_and_prints_index_rule_and_reason(db, tmp_path):
    log = paper_game(db)
    log["entries"][12]["action"]["payment"] = ["何仪"]
    (tmp_path / "paper.json").write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    out = run(str(tmp_path / "paper.json"))
    assert out.returncode == 1
    assert "First illegal entry: 12 (player 0)" in out.stdout and "ruling G3" in out.stdout


def test_replay_until_prints_both_hands_after_entry_n(db, tmp_path):
    (tmp_path / "paper.json").write_text(json.dumps(paper_game(db), ensure_ascii=False), encoding="utf-8")
    out = run(str(tmp_path / "paper.json"), "--until", "11")
    assert out.returncode == 6  # a paper log: legal so far, unverified (not signed with this site's key)
    assert "State after entry 11:" in out.stdout and "邓茂 [fortress]" in out.stdout
    data = json.loads(run(str(tmp_path / "paper.json"), "--until", "11", "--json").stdout)
    assert data["until"] == 11 and len(data["state"]["hand"][0]) == 4 and data["observations"][1]["player"] == 1


def test_replay_steps_narrates_every_entry_in_english_with_english_card_names(db, tmp_path):
    (tmp_path / "paper.json").write_text(json.dumps(paper_game(db), ensure_ascii=False), encoding="utf-8")
    out = run(str(tmp_path / "paper.json"), "--steps")
    assert "Player 0 recruits Deng Mao into 自城内 (cost 0)." in out.stdout and "邓茂" not in out.stdout


def test_replay_with_lang_zh_prints_the_steps_the_verdict_and_the_result_in_chinese(db, tmp_path):
    log = paper_game(db)
    log["entries"][12]["action"]["payment"] = ["何仪"]  # an illegal entry: its reason in Chinese too
    (tmp_path / "paper.json").write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    out = run(str(tmp_path / "paper.json"), "--steps", "--lang", "zh")
    assert "玩家 0 招募 邓茂 进入自城内（费用 0）。" in out.stdout
    assert "格式正确：是" in out.stdout and "合规：否" in out.stdout and "第一条违规记录：12" in out.stdout
    assert (
        "裁定 G3: 招募 裴元绍 (#0) 需支付 基本招募点 1 − 1 名我方黄巾将领 = 0 张手牌；实际给出 1 张" in out.stdout
        and "结果：未结束" in out.stdout
    )
    for english in ("recruits", "Well formed", "Legal:", "Result:", "costs", "unfinished", "player 0"):
        assert english not in out.stdout


def test_replay_of_a_missing_file_exits_2_without_a_traceback(tmp_path):
    out = run(str(tmp_path / "nothing.json"))
    assert out.returncode == 2 and "Traceback" not in out.stderr and "nothing.json" in out.stderr


def test_replay_of_invalid_json_exits_4_without_a_traceback(tmp_path):
    (tmp_path / "bad.json").write_bytes(b'{"header": {"format": "junling-log/1"')
    out = run(str(tmp_path / "bad.json"), "--json")
    assert out.returncode == 4 and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["well_formed"] is False


def test_replay_with_locked_decklists_that_differ_exits_5(signed_recorder, tmp_path):
    signed_recorder.write_log(tmp_path / "game.json")
    out = run(str(tmp_path / "game.json"), "--expect", "wei_starter", "shu_starter")
    assert out.returncode == 5 and "Decklists: mismatch" in out.stdout


def test_play_with_log_writes_a_log_that_replays_legal_with_the_same_winner(tmp_path):
    path = tmp_path / "game.json"
    cmd = [sys.executable, "-m", "engine", "play", "--bots", "random", "greedy", "--seed", "5", "--log", str(path)]
    played = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    winner = int(played.stdout.strip().splitlines()[-1].split()[1])  # "Player N wins after ..."
    out = run(str(path), "--json")
    verdict = json.loads(out.stdout)
    assert out.returncode == 6, out.stdout  # written without the site's key: unverified
    assert verdict["legal"] is True and verdict["trust"] == "unverified" and not verdict["authentic"]
    assert verdict["result"]["winner"] == winner
    assert verdict["players"] == [{"seat": 0, "name": "random bot"}, {"seat": 1, "name": "greedy bot"}]


def test_play_with_a_log_path_that_cannot_be_written_says_so_without_a_traceback(tmp_path):
    path = tmp_path / "no such directory" / "game.json"
    cmd = [sys.executable, "-m", "engine", "play", "--quiet", "--seed", "5", "--log", str(path)]
    played = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert played.returncode == 2 and "Traceback" not in played.stderr
    assert "cannot write the log" in played.stdout and str(path) in played.stdout
