"""What the hostile-input tests share (issue 29): the words of Python's own errors, which no answer may hold."""

from __future__ import annotations

PYTHON_WORDS = (
    "Traceback",
    "invalid literal",
    "Exceeds the limit",
    "RecursionError",
    "ValueError",
    "TypeError",
    "KeyError",
    "AttributeError",
    "JSONDecodeError",
    "maximum recursion",
    "Expecting value",
    "object has no attribute",
    "not subscriptable",
    "line 1 column",
)


def no_python(where: str, text: str) -> None:
    """Fail if ``text`` (an answer) holds Python's own words."""
    for words in PYTHON_WORDS:
        assert words not in text, f"{where}: Python's words {words!r} in the answer: {text[:300]}"
