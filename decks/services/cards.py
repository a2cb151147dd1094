"""Card-database services: import, export, the starter database, and the card search the pages and API share.

What a valid card is, is decided by ``engine.cards`` alone; these functions store
what the engine accepted. A stored version is immutable: the same content is one
version (idempotent by content hash), and a (database, version) label never
changes its content.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.utils.translation import gettext as _

from decks.models import Card, CardDatabase, CardDatabaseVersion, Format, Printing
from decks.models.cards import tags
from engine import cards as engine_cards
from engine.cards import CardDatabaseError, RowError, normalize_name
from engine.formats import DEFAULT_FORMAT, FORMATS
from engine.systems import DEFAULT_SYSTEM
from junling.errors import Refused
from junling.models import record

EXPORT_FORMATS = ("json", "csv")


class CardImportRefused(CardDatabaseError, Refused):
    """A card-database file the site will not store; ``errors`` lists every bad row (``params.errors`` too).

    Still an engine ``CardDatabaseError`` (callers of the engine and of this service catch one type).
    """

    code = "card_database.invalid"

    def __init__(self, errors: list[RowError], *, code: str | None = None, status: int | None = None) -> None:
        self.errors = list(errors)
        shown = "; ".join(str(e) for e in self.errors[:20])
        more = len(self.errors) - 20
        if more > 0:
            shown += " " + _("(and %(n)d more)") % {"n": more}
        message = _("The file was not imported: %(errors)s") % {"errors": shown}
        rows = [{"file": e.file, "row": e.row, "field": e.field, "message": e.message} for e in self.errors]
        Refused.__init__(self, message, code=code, status=status, params={"errors": rows})

    @classmethod
    def of(cls, exc: CardDatabaseError) -> CardImportRefused:
        """The engine's error as a refusal (the same row errors)."""
        return exc if isinstance(exc, CardImportRefused) else cls(exc.errors)


class CardVersionConflict(CardImportRefused):
    """The file is valid, but storing it would change an immutable version or duplicate one under a new label."""

    code = "card_database.version_conflict"

    def __init__(self, filename: str, field: str, message: str) -> None:
        super().__init__([RowError(filename, 0, field, message)])


def too_big(filename: str, size: int) -> CardImportRefused:
    """The refusal of a file over ``engine.cards.MAX_FILE_BYTES`` (HTTP 413)."""
    return CardImportRefused(
        [RowError(filename, 0, "", too_big_message(size))], code="card_database.too_large", status=413
    )


def import_card_database(
    source: bytes | str | os.PathLike[str],
    *,
    filename: str | None = None,
    database_name: str | None = None,
    version: str | None = None,
    game: str | None = None,
    actor: Any = None,
) -> CardDatabaseVersion:
    """Validate a JSON or CSV card-database file with the engine and store it as one immutable version.

    The database name and version label come from the arguments, else from the file
    (``name``/``version``), else from the file name and "1". Importing content that is
    already stored returns the stored version, unless a different name or label was
    asked for explicitly (:class:`CardVersionConflict`); so does storing different
    content under an existing label. The engine's :class:`CardDatabaseError` (every
    bad row) comes out as :class:`CardImportRefused`. All or nothing: one transaction.
    """
    if filename is None:
        filename = "<upload>" if isinstance(source, bytes) else Path(source).name
    raw = source if isinstance(source, bytes) else _read(source, filename)
    try:
        db = engine_cards.load_database(raw, filename=filename, game=game, name=database_name, version=version)
        _text, encoding = engine_cards.decode_bytes(raw, filename)
    except CardDatabaseError as exc:
        raise CardImportRefused.of(exc) from None
    try:
        with transaction.atomic():
            existing = (
                CardDatabaseVersion.objects.select_related("database").filter(content_hash=db.content_hash).first()
            )
            if existing is not None:
                asked_name = database_name and database_name != existing.database.name
                asked_version = version and version != existing.version
                if asked_name or asked_version:
                    raise CardVersionConflict(
                        filename,
                        "version",
                        f"these cards are already stored as {existing.database.name} version {existing.version} "
                        f"(content hash {existing.content_hash[:12]}); the same content is not stored twice",
                    )
                return existing
            database = CardDatabase.objects.filter(name=db.name).first()
            if database is None:
                database = CardDatabase.objects.create(name=db.name, game=db.game)
            elif database.game != db.game:
                raise CardVersionConflict(
                    filename, "game", f"database {db.name} holds {database.game} cards; this file holds {db.game} cards"
                )
            clash = database.versions.filter(version=db.version).first()
            if clash is not None:
                raise CardVersionConflict(
                    filename,
                    "version",
                    f"{db.name} version {db.version} already exists with other content (content hash "
                    f"{clash.content_hash[:12]}); versions are immutable: give this file a new version label",
                )
            stored = CardDatabaseVersion.objects.create(
                database=database,
                version=db.version,
                content_hash=db.content_hash,
                document=db.to_document(),
                card_count=len(db),
                source_filename=filename[:255],
                source_encoding=encoding,
                imported_by=actor if getattr(actor, "is_authenticated", False) else None,
            )
            _store_cards(stored, db)
            record(
                actor,
                "card_database.import",
                stored,
                database=database.name,
                version=stored.version,
                content_hash=stored.content_hash,
                card_count=stored.card_count,
                filename=filename,
            )
    except IntegrityError:
        # A concurrent import of the same file or label won the race; its result stands.
        existing = CardDatabaseVersion.objects.filter(content_hash=db.content_hash).first()
        if existing is not None and not database_name and not version:
            return existing
        raise CardVersionConflict(
            filename, "version", f"{db.name} version {db.version} was imported at the same moment; check it and retry"
        ) from None
    return stored


def _read(path: str | os.PathLike[str], filename: str) -> bytes:
    # The engine checks the size again; checking here first avoids reading a huge file into memory.
    try:
        size = Path(path).stat().st_size
        if size > engine_cards.MAX_FILE_BYTES:
            raise too_big(filename, size)
        return Path(path).read_bytes()
    except OSError as exc:
        raise CardImportRefused([RowError(filename, 0, "", f"cannot read the file: {exc.strerror}")]) from None


def too_big_message(size: int) -> str:
    """The error for a file over ``engine.cards.MAX_FILE_BYTES``."""
    limit = engine_cards.MAX_FILE_BYTES // 1024 // 1024
    return _("the file is %(mb).1f MB; the limit is %(limit)s MB") % {"mb": size / 1024 / 1024, "limit": limit}


def search_text(card: engine_cards.Card) -> str:
    """Normalised names, aliases, ability names and texts in both languages, ``|``-separated."""
    parts = (
        card.name,
        card.name_en,
        *card.aliases,
        card.ability_name,
        card.ability_name_en,
        card.text,
        card.text_en,
    )
    keys = [normalize_name(p) for p in parts if p]
    return "|" + "|".join(k for k in keys if k) + "|"


def _store_cards(version: CardDatabaseVersion, db: engine_cards.CardDatabase) -> None:
    rows = [
        Card(
            version=version,
            name=c.name,
            name_en=c.name_en,
            lookup_key=normalize_name(c.name),
            search_text=search_text(c),
            faction_tags=tags(c.factions),
            mark_tags=tags(c.marks),
            type=c.type,
            subtype=c.subtype,
            factions=list(c.factions),
            cost=c.cost,
            might=c.might,
            wit=c.wit,
            might_mod=c.might_mod,
            wit_mod=c.wit_mod,
            marks=list(c.marks),
            ability_kind=c.ability_kind,
            ability_name=c.ability_name,
            ability_name_en=c.ability_name_en,
            ability_cost=c.ability_cost,
            text=c.text,
            text_en=c.text_en,
            effect=dict(c.effect),
            flavour=c.flavour,
            flavour_en=c.flavour_en,
            aliases=list(c.aliases),
            nameless=c.nameless,
            unsupported=c.unsupported,
        )
        for c in db
    ]
    Card.objects.bulk_create(rows, batch_size=500)
    ids = dict(Card.objects.filter(version=version).values_list("name", "id"))
    printings = [
        Printing(card_id=ids[c.name], series=p.series, number=p.number, artist=p.artist, rarity=p.rarity)
        for c in db
        for p in c.printings
    ]
    Printing.objects.bulk_create(printings, batch_size=1000)


def export_card_database(version: CardDatabaseVersion, fmt: str) -> str:
    """The stored version as a JSON or CSV file (it imports back to the same content hash)."""
    if fmt not in EXPORT_FORMATS:
        raise Refused(
            _("Unknown export format %(fmt)r; use json or csv.") % {"fmt": fmt[:20]},
            code="card_database.unknown_export_format",
            params={"format": fmt[:20], "formats": list(EXPORT_FORMATS)},
        )
    db = version.to_engine()
    return engine_cards.dump_json(db) if fmt == "json" else engine_cards.dump_csv(db)


def export_filename(version: CardDatabaseVersion, fmt: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in f"{version.database.name}-{version.version}")
    return f"{safe}.{fmt}"


def starter_database_name(game: str = DEFAULT_SYSTEM) -> str:
    """The name the bundled starter file of ``game`` gives its database."""
    return engine_cards.starter_database(game).name


def ensure_starter_database(actor: Any = None) -> CardDatabaseVersion:
    """Import the bundled starter files (Generals' Order, 三国智 if present) unless stored; return Generals' Order's.

    Idempotent: an unchanged starter file returns its stored version. A site upgraded to a newer bundled file
    whose label is already stored with other content gets it as a new version labelled with its content hash,
    since stored versions are immutable (decks and logs point at them).
    """
    stored: dict[str, CardDatabaseVersion] = {}
    for game, path in engine_cards.STARTER_FILES.items():
        if not path.exists():
            continue  # 三国智's starter file may not be bundled yet
        try:
            stored[game] = import_card_database(path, filename=path.name, actor=actor)
        except CardVersionConflict:
            db = engine_cards.starter_database(game)
            label = f"{db.version}+{db.content_hash[:12]}"
            stored[game] = import_card_database(path, filename=path.name, version=label, actor=actor)
    for game in stored:
        link_starter_version(game)
    return stored[DEFAULT_SYSTEM]


def starter_version(game: str = DEFAULT_SYSTEM) -> CardDatabaseVersion | None:
    """The stored version of ``game``'s bundled starter file (by content hash; an upgraded label still matches)."""
    try:
        content_hash = engine_cards.starter_database(game).content_hash
    except (CardDatabaseError, KeyError, OSError):
        return None
    return CardDatabaseVersion.objects.select_related("database").filter(content_hash=content_hash).first()


def link_starter_version(game: str) -> None:
    """Link the stored starter version of ``game`` to the engine's bundled formats of it that name no version.

    A format that already names versions is left alone: only staff change what a format allows.
    """
    version = starter_version(game)
    if version is None:
        return
    names = [f.name for f in FORMATS.values() if f.game == game and not f.card_databases]
    for fmt in Format.objects.filter(name__in=names, game=game, card_database_versions__isnull=True):
        fmt.card_database_versions.add(version)
        record(None, "format.card_databases", fmt, versions=[version.content_hash], source="starter")


def default_version() -> CardDatabaseVersion | None:
    """The version pages show by default: the default format's, else the Generals' Order starter's.

    Never simply the newest: a new import is shown by default only once a format chooses it.
    """
    fmt = Format.objects.filter(name=DEFAULT_FORMAT.get(DEFAULT_SYSTEM, "")).first()
    version = fmt.default_card_database_version() if fmt is not None else None
    return version or starter_version()


@dataclass(frozen=True)
class CardFilters:
    """What the card browser and ``/api/cards/`` filter by; every field is optional."""

    type: str = ""
    subtype: str = ""
    faction: str = ""
    mark: str = ""
    q: str = ""
    cost: int | None = None
    cost_min: int | None = None
    cost_max: int | None = None
    might: int | None = None
    might_min: int | None = None
    might_max: int | None = None
    wit: int | None = None
    wit_min: int | None = None
    wit_max: int | None = None

    NUMBERS = ("cost", "might", "wit")

    @classmethod
    def from_query(cls, params: Mapping[str, str]) -> tuple[CardFilters, dict[str, str]]:
        """Read the filters from query parameters; returns the filters and {parameter: why} for bad numbers."""
        values: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for key in ("type", "subtype", "faction", "mark", "q"):
            values[key] = (params.get(key) or "").strip()[:200]
        for stat in cls.NUMBERS:
            for key in (stat, f"{stat}_min", f"{stat}_max"):
                raw = (params.get(key) or "").strip()
                if not raw:
                    continue
                try:
                    values[key] = int(raw)
                except ValueError:
                    errors[key] = _("%(value)r is not a whole number") % {"value": raw[:40]}
        return cls(**values), errors

    @property
    def active(self) -> bool:
        return any(getattr(self, f) not in ("", None) for f in self.__dataclass_fields__)


def filter_cards(version: CardDatabaseVersion | None, filters: CardFilters) -> QuerySet[Card]:
    """The cards of ``version`` (all versions if None) that pass ``filters``, in the browser's order."""
    cards = Card.objects.all() if version is None else Card.objects.filter(version=version)
    if filters.type:
        cards = cards.filter(type=filters.type)
    if filters.subtype:
        cards = cards.filter(subtype=filters.subtype)
    if filters.faction:
        faction = filters.faction
        if faction == engine_cards.NO_FACTION:
            cards = cards.filter(faction_tags="")
        else:
            cards = cards.filter(faction_tags__contains=tags([_faction_from_any(faction)]))
    if filters.mark:
        cards = cards.filter(mark_tags__contains=tags([filters.mark]))
    for stat in CardFilters.NUMBERS:
        exact = getattr(filters, stat)
        low = getattr(filters, f"{stat}_min")
        high = getattr(filters, f"{stat}_max")
        if exact is not None:
            cards = cards.filter(**{stat: exact})
        if low is not None:
            cards = cards.filter(**{f"{stat}__gte": low})
        if high is not None:
            cards = cards.filter(**{f"{stat}__lte": high})
    for term in filters.q.split():
        key = normalize_name(term)
        if key:
            cards = cards.filter(search_text__contains=key)
    # The game's own type order (人 物 事 特 令 优), not the characters' code points.
    games = [version.database.game] if version is not None else list(engine_cards.GAMES)
    order = [t for g in games for t in engine_cards.TYPES_BY_GAME.get(g, ())]
    type_rank = Case(
        *[When(type=t, then=Value(i)) for i, t in enumerate(order)], default=Value(99), output_field=IntegerField()
    )
    return cards.prefetch_related("printings").order_by(type_rank, "cost", "name")


def _faction_from_any(value: str) -> str:
    """A faction given in Chinese (simplified or traditional) or English: '黄巾', '黃巾', 'Yellow Turban'."""
    key = normalize_name(value)
    for zh, en in engine_cards.FACTION_EN.items():
        if key in (normalize_name(zh), normalize_name(en)):
            return zh
    return value


def filter_choices(version: CardDatabaseVersion | None) -> dict[str, list[str]]:
    """The values the version's cards actually have, for the filter drop-downs."""
    if version is None:
        return {"types": [], "subtypes": [], "factions": [], "marks": []}
    cards = Card.objects.filter(version=version)
    distinct = cards.order_by().values_list
    types = set(distinct("type", flat=True).distinct())
    order = engine_cards.TYPES_BY_GAME.get(version.database.game, ())
    factions: set[str] = set()
    marks: set[str] = set()
    for f, m in distinct("faction_tags", "mark_tags").distinct():
        factions.update(x for x in f.split("|") if x)
        marks.update(x for x in m.split("|") if x)
    return {
        "types": sorted(types, key=lambda t: (order.index(t) if t in order else 99, t)),
        "subtypes": sorted(s for s in set(distinct("subtype", flat=True).distinct()) if s),
        "factions": sorted(factions, key=_order_key(engine_cards.FACTIONS)),
        "marks": sorted(marks, key=_order_key(engine_cards.MARKS)),
    }


def _order_key(order: tuple[str, ...]) -> Any:
    return lambda v: (order.index(v) if v in order else 99, v)


def find_card(version: CardDatabaseVersion, name: str) -> Card | None:
    """The card of ``version`` that ``name`` names: canonical, traditional, English, alias, any width or case."""
    card = Card.objects.filter(version=version, name=name).first()
    if card is not None:
        return card
    engine_card = version.to_engine().lookup(name)
    if engine_card is None:
        return None
    return Card.objects.filter(version=version, name=engine_card.name).first()
