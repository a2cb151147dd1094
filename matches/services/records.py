"""A log that claims a match of this site, compared with that match's record.

The header of every log Junling writes names its match and game (``meta.match``, ``meta.game``).
When a judge uploads a log that claims a match, :func:`claimed_match` decides at the upload whether
he may check that claim (the match exists and he may adjudicate it: ``access.can_check_claim``);
the replay task then compares the log (:func:`compare_with_record`) with the stored log of that game
(entry by entry, ``engine.replay.compare``), the match's players, the card database it was played
with, the result the site recorded, and the registered decks (the verdict's decklist check, run with
the match's locked decklists). Every difference is a message in the verdict's ``record``, and the
verdict's ``trust`` follows it.

A claim the uploader may not check (no such match, or another tournament's) is answered with one
message that says neither which nor why, and nothing of the match is read.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.log import LogFormatError, load_log
from engine.messages import Message, seat
from engine.replay import Problem, Verdict
from engine.replay.compare import (
    NO_END,
    Claim,
    claim_of,
    claimed_result,
    compare_logs,
    comparison,
    difference,
    not_compared,
    result_param,
)
from matches import access
from matches.models import GameLog, Match, MatchGame, RefereedGame


def claimed_match(actor: Any, header: dict[str, Any] | None) -> Match | None:
    """The match the log's header claims, if it exists and ``actor`` may check the claim; else None."""
    claim = claim_of(header)
    if claim is None:
        return None
    match = Match.objects.select_related("tournament", "player_a", "player_b").filter(pk=claim.match).first()
    if match is None or not access.can_check_claim(actor, match):
        return None
    return match


def stored_log(match: Match, claim: Claim) -> tuple[GameLog | None, int | None, Problem | None]:
    """The stored log of the claimed game (the match game's, else the refereed game's), its number, or why none."""
    logs: dict[int, int] = {}  # game number -> its GameLog's pk
    number: int | None
    for number, log in RefereedGame.objects.filter(refereed_match__match=match, log__isnull=False).values_list(
        "number", "log"
    ):
        logs[number] = log
    for number, log in MatchGame.objects.filter(match=match, log__isnull=False).values_list("number", "log"):
        logs[number] = log
    number = claim.game
    if number is None:
        if len(logs) != 1:
            return None, None, difference("header.meta.game", "record.game_unnamed", match=match.pk, games=len(logs))
        number = next(iter(logs))
    if number not in logs:
        return None, number, difference("header.meta.game", "record.no_stored_log", match=match.pk, game=number)
    return GameLog.objects.get(pk=logs[number]), number, None


def compare_with_record(verdict: Verdict, data: dict[str, Any], match: Match | None) -> Verdict:
    """``verdict`` with its ``record``: the log compared with the claimed match (None: not checked, say so).

    ``data`` is the parsed log; ``match`` the claimed match the uploader may check (:func:`claimed_match`),
    or None. A log that claims nothing is returned as it is.
    """
    header = data.get("header") if isinstance(data.get("header"), dict) else None
    claim = claim_of(header)
    if claim is None:
        return verdict
    if match is None or match.pk != claim.match:
        said = Message("record.unknown_match", {"match": claim.match})
        return dataclasses.replace(verdict, record=not_compared(claim, said))
    assert header is not None
    out: list[Problem] = []
    _players(header, match, out)
    stored, number, missing = stored_log(match, claim)
    claim = Claim(claim.match, number)
    if missing is not None:
        out.append(missing)
    _database(header, match, out)
    if stored is not None:
        try:
            out.extend(compare_logs(data, load_log(stored.content)))
        except LogFormatError:  # a stored log is the site's own writing; should it not read, say where
            out.append(difference("entries", "record.no_stored_log", match=match.pk, game=number))
    if number is not None:
        _result(data, match, number, out)
    # The registered decks: the verdict compared the log's decks with the locked decklists.
    out.extend(p for p in verdict.problems if p.kind == "decklist")
    return dataclasses.replace(verdict, record=comparison(claim, out, stored=stored.sha256 if stored else ""))


def _players(header: dict[str, Any], match: Match, out: list[Problem]) -> None:
    names = [u.get_username() for u in (match.player_a, match.player_b) if u is not None]
    if match.player_b is None and match.bot:
        names.append(f"{match.bot} bot")
    players = header.get("players")
    if not isinstance(players, list):
        return
    for p, player in enumerate(players):
        name = player.get("name") if isinstance(player, dict) else None
        if name not in names:
            out.append(
                difference(
                    f"header.players[{p}].name",
                    "record.player_not_in_match",
                    player=seat(p),
                    name=str(name),
                    match=match.pk,
                    players=" / ".join(names),
                )
            )


def _database(header: dict[str, Any], match: Match, out: list[Problem]) -> None:
    refereed = getattr(match, "refereed", None)  # a match played on paper has none
    if refereed is None:
        return
    wanted = refereed.database_version.content_hash
    database = header.get("database")
    got = database.get("hash") if isinstance(database, dict) else None
    if got != wanted:
        out.append(
            difference(
                "header.database.hash",
                "record.database_not_match",
                log=str(got)[:12],
                match=match.pk,
                stored=wanted[:12],
            )
        )


def _result(data: dict[str, Any], match: Match, number: int, out: list[Problem]) -> None:
    """The result the log's end entry claims against the game's result the site recorded."""
    game = MatchGame.objects.filter(match=match, number=number).first()
    if game is None:
        return  # a game still being played (refereed): no result recorded yet
    claimed = claimed_result(entries if isinstance(entries := data.get("entries"), list) else [])
    header = data.get("header") or {}
    names = [p.get("name") if isinstance(p, dict) else None for p in header.get("players") or []]
    sides = {"a": match.player_a.get_username(), "b": match.player_b.get_username() if match.player_b else ""}
    winner = claimed.get("winner") if claimed is not NO_END and isinstance(claimed, dict) else None
    meta = found if isinstance(found := header.get("meta"), dict) else {}
    if winner is None and claimed is not NO_END and meta.get("conceded_by") in (0, 1):
        winner = 1 - meta["conceded_by"]  # a concession: the rules give no winner, the opponent wins the game
        claimed = {"winner": winner}
    claimed_name = names[winner] if winner in (0, 1) and len(names) == 2 else None
    recorded = sides.get(game.winner)
    if game.winner in ("a", "b") and claimed_name == recorded:
        return
    if game.winner not in ("a", "b") and claimed_name is None:
        return  # no winner either way
    if game.winner in ("a", "b"):
        said: dict[str, Any] = {"msg": "record.recorded_winner", "params": {"name": recorded}}
    elif game.winner == MatchGame.Winner.DRAW:
        said = {"msg": "record.recorded_draw", "params": {}}
    else:
        said = {"msg": "record.recorded_none", "params": {}}
    out.append(difference("result", "record.result_recorded", log=result_param(claimed), game=number, recorded=said))
