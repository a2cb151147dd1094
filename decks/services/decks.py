"""Deck services: formats, checking a decklist, deck versions, export (who may do what: ``decks.access``).

Every legality question is answered by the engine (``engine.decklist`` reads a
decklist, ``engine.deckrules.check_deck`` judges it against an ``engine.formats``
Format); these functions choose the card database and format, store what the
engine said, and write the audit trail.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Max, ProtectedError, Q
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils.translation import gettext as _

from decks.access import access_deck_to_edit, access_format_card_databases
from decks.models import CardDatabaseVersion, Deck, DeckVersion, Format
from decks.services.cards import link_starter_version
from engine.decklist import MAX_BYTES, DeckEntry, Decklist, DecklistError, format_decklist, parse_decklist
from engine.deckrules import check_deck
from engine.formats import DEFAULT_FORMAT, FORMATS
from engine.systems import DEFAULT_SYSTEM
from junling import engine_text
from junling.errors import Refused
from junling.models import record
from junling.parsers import parse_id

if TYPE_CHECKING:
    from engine.cards import CardDatabase as EngineCardDatabase
    from engine.deckrules import CheckResult
    from engine.formats import Format as EngineFormat

MAX_DECK_NAME = 100
REFUSED_ON_SAVE = ("unknown-card",)
"""Violation codes a saved version may not have: its cards could not be stored. Other violations are saved."""
EXPORT_KINDS = {"text": ("txt", "text/plain"), "json": ("json", "application/json"), "csv": ("csv", "text/csv")}


class DecklistUnreadable(Refused):
    """The decklist cannot be read at all (engine DecklistError, too large, not text); ``line`` is 1-based or 0."""

    code = "decklist.unreadable"

    def __init__(self, message: str, line: int = 0, detail: str = "", *, code: str | None = None) -> None:
        super().__init__(message, code=code, params={"line": line})
        self.line = line
        self.detail = detail or (f"line {line}: {message}" if line else message)

    def __str__(self) -> str:
        return self.detail

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message}


class DeckRefused(Refused):
    """A deck cannot be saved as asked: bad name, empty list, unknown cards. ``result`` holds the verdict if any."""

    code = "deck.refused"

    def __init__(
        self,
        message: str,
        result: CheckResult | None = None,
        *,
        code: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        params = dict(params or {})
        if result is not None:
            params["result"] = result.to_dict()
        super().__init__(message, code=code, params=params)
        self.result = result


class DeckInUse(Refused):
    """The deck cannot be deleted: one of its versions is registered in a tournament (or a log points at it)."""

    status = 409
    code = "deck.in_use"


@dataclass(frozen=True)
class CheckedDecklist:
    """A decklist read and judged by the engine, with what is needed to store it."""

    decklist: Decklist
    result: CheckResult
    format: Format
    card_database_version: CardDatabaseVersion
    database: EngineCardDatabase

    @functools.cached_property
    def canonical(self) -> str:
        """The engine's text form with the cards' own names (computed only when stored or shown)."""
        return format_decklist(_with_card_names(self.decklist, self.result, self.database), "text")

    @property
    def content_hash(self) -> str:
        return deck_content_hash(self.canonical, self.card_database_version.content_hash)


def deck_content_hash(canonical_text: str, card_database_hash: str) -> str:
    """sha256 of the canonical decklist text and the card database's content hash (what a log pins)."""
    payload = canonical_text.encode("utf-8") + b"\n" + card_database_hash.encode("ascii")
    return hashlib.sha256(payload).hexdigest()


# --- formats -------------------------------------------------------------------------------------------------------


def ensure_default_formats() -> list[Format]:
    """Create (or refresh) the engine's bundled formats as Format rows; idempotent.

    Allowed card databases are linked by content hash when those versions are stored.
    """
    out = []
    with transaction.atomic():
        for efmt in FORMATS.values():
            fmt, created = Format.objects.get_or_create(
                name=efmt.name,
                defaults={
                    "title": efmt.title,
                    "title_zh": efmt.title_zh,
                    "game": efmt.game,
                    "ruleset": efmt.ruleset,
                    "banlist": list(efmt.banlist),
                },
            )
            if efmt.card_databases:
                fmt.card_database_versions.add(
                    *CardDatabaseVersion.objects.filter(content_hash__in=efmt.card_databases)
                )
            if created:
                record(None, "format.create", fmt, source="engine.formats")
            out.append(fmt)
        for game in {f.game for f in FORMATS.values()}:
            link_starter_version(game)
    return out


def set_format_card_databases(fmt: Format, versions: list[CardDatabaseVersion], actor: Any) -> Format:
    """Choose the card-database versions ``fmt`` allows (the newest is the default); staff only, audited."""
    access_format_card_databases(actor)
    versions = list(versions)
    if not versions:
        raise no_card_database(fmt)
    wrong = [v for v in versions if v.database.game != fmt.game]
    if wrong:
        raise DeckRefused(
            _("Card database %(db)s is for %(game)s, not for format %(format)s.")
            % {"db": wrong[0], "game": wrong[0].database.game, "format": fmt.name},
            code="card_database.wrong_game",
            params={"card_database": wrong[0].content_hash, "game": wrong[0].database.game, "format": fmt.name},
        )
    with transaction.atomic():
        fmt.card_database_versions.set(versions)
        record(actor, "format.card_databases", fmt, versions=sorted(v.content_hash for v in versions))
    return fmt


def no_card_database(fmt: Format) -> DeckRefused:
    """The refusal for a format that names no card-database version (staff must choose one)."""
    return DeckRefused(
        _("Format %(format)s names no card-database version; staff must choose one.") % {"format": fmt.name},
        code="format.no_card_database",
        params={"format": fmt.name},
    )


def get_format(name: str | None = None, game: str = DEFAULT_SYSTEM) -> Format:
    """The Format called ``name`` (default: the engine's default format of ``game``); DeckRefused if unknown."""
    name = name or DEFAULT_FORMAT.get(game, "")
    fmt = Format.objects.filter(name=name).first()
    if fmt is None and not Format.objects.exists():
        ensure_default_formats()
        fmt = Format.objects.filter(name=name).first()
    if fmt is None:
        known = ", ".join(Format.objects.values_list("name", flat=True)) or "-"
        raise DeckRefused(
            _("Unknown format %(name)r (known: %(known)s).") % {"name": name[:100], "known": known},
            code="format.unknown",
            params={"format": name[:100]},
        )
    return fmt


def card_database_version_for(fmt: Format, requested: str | int | None = None) -> CardDatabaseVersion:
    """The card database a decklist is read against: ``requested`` (id or content hash) or the format's default."""
    if requested not in (None, ""):
        query = Q(content_hash=str(requested)[:64])
        if (pk := parse_id(requested)) is not None:
            query |= Q(pk=pk)
        version = CardDatabaseVersion.objects.defer("document").select_related("database").filter(query).first()
        if version is None:
            raise DeckRefused(
                _("There is no card database version %(v)r.") % {"v": str(requested)[:80]},
                code="card_database.unknown",
                params={"card_database": str(requested)[:80]},
            )
        if version.database.game != fmt.game:
            raise DeckRefused(
                _("Card database %(db)s is for %(game)s, not for format %(format)s.")
                % {"db": version, "game": version.database.game, "format": fmt.name},
                code="card_database.wrong_game",
                params={"card_database": version.content_hash, "game": version.database.game, "format": fmt.name},
            )
        return version
    version = fmt.default_card_database_version()
    if version is None:
        raise no_card_database(fmt)
    return version


CHECK_TARGET_TTL = 5.0
"""Seconds a no-save check may reuse a resolved format and card database (they change rarely, by staff)."""
_CHECK_TARGETS: dict[tuple[str, str], tuple[float, Format, EngineFormat, CardDatabaseVersion]] = {}


def check_target(
    format_name: str | None, card_database: str | int | None = None
) -> tuple[Format, EngineFormat, CardDatabaseVersion]:
    """The format (row and engine form) and card database of a no-save check, cached per process.

    Entries live CHECK_TARGET_TTL seconds and are dropped when this process saves a format or a card
    database; the check endpoint then needs no database query. Saving and registering never use it.
    """
    key = (format_name or "", str(card_database or ""))
    now = time.monotonic()
    hit = _CHECK_TARGETS.get(key)
    if hit is not None and now - hit[0] < CHECK_TARGET_TTL:
        return hit[1], hit[2], hit[3]
    fmt = get_format(format_name)
    version = card_database_version_for(fmt, card_database)
    version.to_engine()  # into the engine cache now, while the row is at hand
    engine_format = fmt.to_engine()
    if len(_CHECK_TARGETS) >= 256:
        _CHECK_TARGETS.clear()  # keys come from users: keep it bounded
    _CHECK_TARGETS[key] = (now, fmt, engine_format, version)
    return fmt, engine_format, version


def forget_check_targets(**_kwargs: Any) -> None:
    """Drop the cached check targets (connected to changes of formats and card databases)."""
    _CHECK_TARGETS.clear()


for _model in (Format, CardDatabaseVersion):
    post_save.connect(forget_check_targets, sender=_model, dispatch_uid=f"forget-check-targets-save-{_model.__name__}")
    post_delete.connect(forget_check_targets, sender=_model, dispatch_uid=f"forget-check-targets-del-{_model.__name__}")
m2m_changed.connect(
    forget_check_targets, sender=Format.card_database_versions.through, dispatch_uid="forget-check-targets-m2m"
)


def check_decklist_cached(
    source: str | bytes,
    format_name: str | None,
    *,
    card_database: str | int | None = None,
    filename: str = "<decklist>",
    kind: str = "auto",
) -> CheckedDecklist:
    """check_decklist for the no-save endpoints, with the format and database from check_target()."""
    fmt, engine_format, version = check_target(format_name, card_database)
    return check_decklist(source, fmt, filename=filename, kind=kind, version=version, engine_format=engine_format)


# --- reading and checking --------------------------------------------------------------------------------------------


def read_decklist(source: str | bytes, *, filename: str = "<decklist>", kind: str = "auto") -> Decklist:
    """The engine's Decklist of ``source``; DecklistUnreadable (with the line) when it cannot be read.

    The engine enforces the input limits (size, lines, counts, name length).
    """
    try:
        return parse_decklist(source, filename=filename, kind=kind)
    except DecklistError as exc:
        # The engine says why as a code; the reader gets it in his language (junling.engine_text).
        raise DecklistUnreadable(engine_text.render(exc.said), exc.line, str(exc)) from None


def read_upload(upload: Any) -> bytes:
    """The bytes of an uploaded decklist file; refused by size before it is read into memory."""
    size = getattr(upload, "size", 0) or 0
    if size > MAX_BYTES:
        raise DecklistUnreadable(
            _("The file is %(mb).1f MB; the limit is %(limit)s MB.")
            % {"mb": size / 1024 / 1024, "limit": MAX_BYTES // 1024 // 1024},
            code="decklist.too_large",
        )
    return bytes(upload.read(MAX_BYTES + 1))


def check_decklist(
    source: str | bytes,
    fmt: Format,
    *,
    card_database: str | int | None = None,
    filename: str = "<decklist>",
    kind: str = "auto",
    version: CardDatabaseVersion | None = None,
    engine_format: EngineFormat | None = None,
) -> CheckedDecklist:
    """Read and judge a decklist against ``fmt`` without saving anything.

    ``version`` (else ``card_database``, else the format's default) is the card database.
    Raises DecklistUnreadable (cannot be read) or DeckRefused (no such card database).
    """
    if version is None:
        version = card_database_version_for(fmt, card_database)
    decklist = read_decklist(source, filename=filename, kind=kind)
    database = version.to_engine()
    result = check_deck(decklist, database, engine_format or fmt.to_engine())
    return CheckedDecklist(
        decklist=decklist,
        result=result,
        format=fmt,
        card_database_version=version,
        database=database,
    )


def _with_card_names(decklist: Decklist, result: CheckResult, database: EngineCardDatabase) -> Decklist:
    """The decklist with every name replaced by the card's own name (lines naming one card merged).

    So "3 Guan Yu" and "3 關羽" store the same text and hash. Left as written if a name is unknown.
    """
    names = [n for n, _c in (*result.resolved, *result.resolved_pool)]
    if any(database.lookup(n) is None for n in names):
        return decklist
    return Decklist(
        entries=tuple(DeckEntry(n, c) for n, c in result.resolved),
        pool=tuple(DeckEntry(n, c) for n, c in result.resolved_pool),
        declared_factions=decklist.declared_factions,
    )


def check_deck_version(deck_version: DeckVersion, fmt: Format) -> CheckResult:
    """Judge a stored version again, against ``fmt`` (e.g. a tournament's format) and its own card database."""
    decklist = read_decklist(deck_version.decklist, filename=f"deck-{deck_version.deck_id}-v{deck_version.number}")
    return check_deck(decklist, deck_version.card_database_version.to_engine(), fmt.to_engine())


# --- decks ---------------------------------------------------------------------------------------------------------


def clean_deck_name(name: str) -> str:
    """The name as stored (runs of spaces collapsed); DeckRefused if it is empty or too long."""
    name = " ".join(str(name or "").split())
    if not name:
        raise DeckRefused(_("A deck needs a name."), code="deck.name_missing")
    if len(name) > MAX_DECK_NAME:
        raise DeckRefused(
            _("The deck name is %(n)s characters long; the limit is %(limit)s.")
            % {"n": len(name), "limit": MAX_DECK_NAME},
            code="deck.name_too_long",
            params={"length": len(name), "limit": MAX_DECK_NAME},
        )
    return name


def _storable(checked: CheckedDecklist) -> CheckedDecklist:
    if not checked.decklist.entries and not checked.decklist.pool:
        raise DeckRefused(_("The decklist names no cards."), checked.result, code="deck.empty")
    bad = [v for v in checked.result.violations if v.code in REFUSED_ON_SAVE]
    if bad:
        names = ", ".join(c for v in bad for c in v.cards)[:500]
        raise DeckRefused(
            _("Unknown cards cannot be saved: %(names)s.") % {"names": names},
            checked.result,
            code="deck.unknown_cards",
            params={"cards": [c for v in bad for c in v.cards][:100]},
        )
    return checked


def _resolved(checked: CheckedDecklist) -> dict[str, list[list[Any]]]:
    result = checked.result
    return {
        "deck": [[name, count] for name, count in result.resolved],
        "pool": [[name, count] for name, count in result.resolved_pool],
    }


def _add_version(deck: Deck, checked: CheckedDecklist, actor: Any) -> DeckVersion:
    number = (deck.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    return DeckVersion.objects.create(
        deck=deck,
        number=number,
        card_database_version=checked.card_database_version,
        decklist=checked.canonical,
        declared_factions=list(checked.decklist.declared_factions),
        resolved=_resolved(checked),
        content_hash=checked.content_hash,
        legal=checked.result.legal,
        check_result=checked.result.to_dict(),
        created_by=actor if getattr(actor, "is_authenticated", False) else None,
    )


def create_deck(
    owner: Any,
    name: str,
    fmt: Format,
    source: str | bytes,
    *,
    card_database: str | int | None = None,
    filename: str = "<decklist>",
    kind: str = "auto",
) -> Deck:
    """Create a deck with its version 1. Illegal decks are saved (legal=False); unreadable ones are refused."""
    name = clean_deck_name(name)
    checked = _storable(check_decklist(source, fmt, card_database=card_database, filename=filename, kind=kind))
    with transaction.atomic():
        deck = Deck.objects.create(owner=owner, name=name, format=fmt)
        version = _add_version(deck, checked, owner)
        record(
            owner, "deck.create", deck, version=version.number, content_hash=version.content_hash, legal=version.legal
        )
    return deck


def update_deck(
    deck: Deck,
    actor: Any,
    *,
    name: str | None = None,
    fmt: Format | None = None,
    source: str | bytes | None = None,
    card_database: str | int | None = None,
    filename: str = "<decklist>",
    kind: str = "auto",
) -> DeckVersion:
    """Rename, change the format of or re-list a deck; a new content makes a new version (old ones stay).

    Returns the deck's latest version (the new one, or the unchanged latest when the content did not change).
    """
    access_deck_to_edit(actor, deck)
    new_name = clean_deck_name(name) if name is not None else deck.name
    new_format = fmt or deck.format
    latest = deck.latest_version()
    if source is None:
        if latest is None:
            raise DeckRefused(_("The decklist names no cards."), code="deck.empty")
        source, filename, kind = latest.decklist, f"deck-{deck.pk}", "text"
        if card_database in (None, ""):
            card_database = latest.card_database_version_id
    checked = _storable(check_decklist(source, new_format, card_database=card_database, filename=filename, kind=kind))
    with transaction.atomic():
        deck = Deck.objects.select_for_update().get(pk=deck.pk)
        latest = deck.latest_version()
        renamed = new_name != deck.name
        same_content = (
            latest is not None
            and latest.content_hash == checked.content_hash
            and new_format.pk == deck.format_id
            and latest.legal == checked.result.legal
        )
        deck.name, deck.format = new_name, new_format
        deck.save()  # bumps updated_at
        if same_content and latest is not None:
            if renamed:
                record(actor, "deck.rename", deck, name=new_name)
            return latest
        version = _add_version(deck, checked, actor)
        record(
            actor,
            "deck.update",
            deck,
            version=version.number,
            content_hash=version.content_hash,
            legal=version.legal,
            name=new_name,
            format=new_format.name,
        )
    return version


def delete_deck(deck: Deck, actor: Any) -> None:
    """Delete a deck and its versions, unless a version is registered in a tournament (DeckInUse)."""
    access_deck_to_edit(actor, deck)
    with transaction.atomic():
        deck = Deck.objects.select_for_update().get(pk=deck.pk)
        tournaments = sorted(
            {
                str(name)
                for name in DeckVersion.objects.filter(deck=deck, registrations__isnull=False).values_list(
                    "registrations__tournament__name", flat=True
                )
            }
        )
        if tournaments:
            raise DeckInUse(
                _("This deck is registered in a tournament (%(names)s); it cannot be deleted.")
                % {"names": ", ".join(tournaments)},
                params={"tournaments": tournaments},
            )
        record(actor, "deck.delete", deck, name=deck.name, versions=deck.versions.count())
        try:
            deck.delete()
        except ProtectedError:
            # Something else (e.g. a match log) points at a version: nothing is deleted.
            raise DeckInUse(_("A version of this deck is in use; it cannot be deleted.")) from None


# --- export --------------------------------------------------------------------------------------------------------


def export_decklist(deck_version: DeckVersion, kind: str) -> tuple[str, str, str]:
    """(content, filename, content type) of a version in ``kind`` ('text', 'json' or 'csv')."""
    if kind not in EXPORT_KINDS:
        raise DeckRefused(
            _("Unknown export form %(kind)r (text, json or csv).") % {"kind": kind[:20]},
            code="decklist.unknown_export_kind",
            params={"kind": kind[:20], "kinds": list(EXPORT_KINDS)},
        )
    ext, content_type = EXPORT_KINDS[kind]
    decklist = read_decklist(deck_version.decklist, kind="text")
    content = format_decklist(decklist, kind)
    return (
        content,
        f"{export_stem(deck_version.deck.name)}-v{deck_version.number}.{ext}",
        f"{content_type}; charset=utf-8",
    )


def export_stem(name: str) -> str:
    """A file name stem from a deck's name, in any script: letters and digits kept, the rest a dash."""
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)[:60].strip("-")
    return stem or "deck"


def set_deck_visibility(deck: Deck, actor: Any, visibility: str) -> Deck:
    """The owner says who may see ``deck``: private, anyone with the link, or public. Going private forgets
    the share token (old links stop working); sharing again makes a new one."""
    access_deck_to_edit(actor, deck)
    if visibility not in Deck.Visibility.values:
        raise DeckRefused(_("Unknown visibility."), code="deck.visibility", params={"visibility": visibility[:20]})
    with transaction.atomic():
        deck = Deck.objects.select_for_update().get(pk=deck.pk)
        before = deck.visibility
        deck.visibility = visibility
        if visibility == Deck.Visibility.PRIVATE:
            deck.share_token = ""
        elif not deck.share_token:
            deck.share_token = secrets.token_urlsafe(32)
        deck.save(update_fields=["visibility", "share_token", "updated_at"])
        record(actor, "deck.visibility", deck, before=before, after=visibility)
    return deck
