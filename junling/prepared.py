"""Queries of one shape compiled once a process: what a live table reads on every action and push."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators


class Prepared:
    """A query of one shape whose SQL is compiled once a process, then run again with another value.

    ``make(value)`` is the queryset (its one parameter the value); building a select_related query's SQL
    costs Django about a millisecond of CPU (every selected column hashed for the ordering), about ten
    times running it: a live table reads its match and game on every action and push. The rows become
    the queryset's own model objects (its converters and related populators); queries are counted and
    logged as any other (the calling thread's connection and cursor). A query whose compiled parameters
    are not just the value runs as an ordinary queryset. The compiled form is shared by the threads of a
    process (under ASGI every request has a thread of its own): it holds the SQL, the columns' layout and
    their converters, which the backend derives from the settings, not from one connection. It runs on
    the database the queryset reads first (the site has one), and leans on the compiler's internals as
    Django's ``ModelIterable`` does (``klass_info``, ``get_related_populators``): after a Django upgrade,
    ``tests/matches/test_prepared_queries.py`` compares it with the queryset.
    """

    def __init__(self, make: Callable[[Any], QuerySet[Any]], sentinel: Any) -> None:
        self.make = make
        self.sentinel = sentinel
        self._lock = threading.Lock()
        self._compiled: dict[str, Any] = {}

    def _compile(self, db: str) -> Any:
        compiler = self.make(self.sentinel).query.get_compiler(using=db)
        sql, params = compiler.as_sql()
        if list(params) != [self.sentinel]:
            return None
        klass_info, select = compiler.klass_info, compiler.select
        fields = [s[0] for s in select[: compiler.col_count]]
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        return (
            sql,
            list(compiler.get_converters(fields).items()),
            klass_info["model"],
            (start, end, [f[0].target.attname for f in select[start:end]]),
            # django-stubs 6.1 describes Django 6.1's signature (with fetch_mode); Django 5.2's has three parameters
            get_related_populators(klass_info, select, db),  # type: ignore[call-arg]
        )

    def all(self, value: Any) -> list[Any]:
        """The queryset's objects for ``value``, as ``list(make(value))`` gives them."""
        queryset = self.make(self.sentinel) if not self._compiled else None
        db = next(iter(self._compiled)) if queryset is None else queryset.db
        if db not in self._compiled:
            compiled = self._compile(db)
            with self._lock:
                self._compiled[db] = compiled
        compiled = self._compiled[db]
        if compiled is None:
            return list(self.make(value))
        sql, converters, model, (start, end, init_list), populators = compiled
        connection = connections[db]
        with connection.cursor() as cursor:
            cursor.execute(sql, [value])
            rows = cursor.fetchall()
        out: list[Model] = []
        for fetched in rows:
            row = list(fetched)
            for pos, (convs, expression) in converters:
                for converter in convs:
                    row[pos] = converter(row[pos], expression, connection)
            obj = model.from_db(db, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            out.append(obj)
        return out

    def first(self, value: Any) -> Any:
        """The first object for ``value`` or None (the queryset is sliced ``[:1]``)."""
        rows = self.all(value)
        return rows[0] if rows else None
