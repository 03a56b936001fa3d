"""The ``--where`` expression language of ``gamao filter`` (docs/filter.md).

An expression compares match fields with values and combines comparisons::

    player = nori and length >= 7
    (event ~ "monte carlo" or site ~ galaxy) and not money
    date >= 2009-01-01 and date < 2009-02-01 and result = gammon
    finding = R211 or severity = error
    cube >= 8 and games > 10

Grammar (case-insensitive keywords ``and``, ``or``, ``not``; parentheses group)::

    expr  := term ("or" term)*
    term  := factor ("and" factor)*
    factor:= "not" factor | "(" expr ")" | FIELD [OP VALUE]
    OP    := "=" | "!=" | "<" | "<=" | ">" | ">=" | "~"

A field alone tests that it is true or non-empty (``money``, ``analysed``). ``=`` and ``!=``
compare case-insensitively (numbers as numbers, dates as dates); ``~`` is a case-insensitive
regular-expression search. A field with several values (``player``: either player;
``result``: every kind of result in the match; ``finding``: every code) is true when any
value satisfies the comparison, and ``!=`` when none equals it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

Value = str | int | float | bool | None
Facts = Mapping[str, Value | tuple[Value, ...]]

FIELDS: dict[str, str] = {
    "player": "either player's name",
    "player1": "the first player's name (the .mat left column, gnubg's player 0)",
    "player2": "the second player's name",
    "winner": "the match winner's name (empty when the record does not finish the match)",
    "event": "the Event tag",
    "site": "the Site or Place tag",
    "round": "the Round tag",
    "date": "the match date (EventDate / Date tags, or the SGF DT), as YYYY-MM-DD",
    "length": "the match length in points (0 for money play)",
    "money": "true for a money session",
    "variant": "standard, nackgammon, hypergammon, tavla, longnardy, aceydeucey, tabula",
    "rules": "the rules in force: a word for each of cube, crawford, jacoby, beavers that is on",
    "format": "the file's format (mat, sgf, json, xg, ...)",
    "file": "the file name as shown",
    "games": "the number of games",
    "moves": "the number of rolls played",
    "cube": "the highest cube value reached",
    "result": "each kind of game end: single, gammon, backgammon, resignation, drop",
    "finding": "each finding code the checker reports (R211, X405, ...)",
    "severity": "each severity of those findings: error, warning, info",
    "analysed": "true when the record carries analysis",
    "pr": "each player's XG-style PR from the recorded analysis (500 x error per decision)",
}

_TOKEN = re.compile(
    r'\s*(?:(?P<paren>[()])|(?P<op><=|>=|!=|=|<|>|~)|"(?P<dq>(?:[^"\\]|\\.)*)"'
    r"|'(?P<sq>(?:[^'\\]|\\.)*)'|(?P<word>[^\s()<>=!~\"']+))"
)
_DATE = re.compile(r"^(\d{4})[-./](\d{1,2})[-./](\d{1,2})")


_O = TypeVar("_O", float, str)


class WhereError(ValueError):
    """An expression that cannot be parsed; the message says where and what was expected."""


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # paren, op, str, word
    text: str
    at: int


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise WhereError(f"column {pos + 1}: unexpected {text[pos:].strip()[:10]!r}")
        at = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
        if m.group("paren"):
            out.append(_Tok("paren", m.group("paren"), at))
        elif m.group("op"):
            out.append(_Tok("op", m.group("op"), at))
        elif m.group("dq") is not None or m.group("sq") is not None:
            raw = m.group("dq") if m.group("dq") is not None else m.group("sq")
            out.append(_Tok("str", re.sub(r"\\(.)", r"\1", raw), at))
        else:
            out.append(_Tok("word", m.group("word"), at))
        pos = m.end()
    return out


Predicate = Callable[[Facts], bool]


def date_key(text: str) -> str | None:
    m = _DATE.match(text.strip())
    if m is None:
        return None
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _compare(have: Value, op: str, want: str, field: str) -> bool:
    if have is None:
        return False
    if op == "~":
        try:
            return re.search(want, str(have), re.IGNORECASE) is not None
        except re.error as exc:
            raise WhereError(f"{field} ~ {want!r}: not a regular expression ({exc})") from None
    if isinstance(have, bool):
        flag = want.strip().lower() in ("true", "yes", "on", "1")
        return (have == flag) if op == "=" else (have != flag) if op == "!=" else False
    if isinstance(have, int | float):
        number = _number(want)
        if number is None:
            raise WhereError(f"{field} {op} {want!r}: {field} is a number")
        return _ordered(float(have), op, number)
    if field == "date":
        key = date_key(want)
        if key is None:
            raise WhereError(f"date {op} {want!r}: expected a date like 2009-01-31")
        return _ordered(str(have), op, key)
    return _ordered(str(have).lower(), op, want.lower())


def _ordered(left: _O, op: str, right: _O) -> bool:
    if op == "=":
        return left == right
    if op == "!=":
        return left != right
    if op == "<":
        return left < right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    return left >= right


def _truthy(value: Value | tuple[Value, ...]) -> bool:
    if isinstance(value, tuple):
        return any(_truthy(v) for v in value)
    return bool(value)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def keyword(self, word: str) -> bool:
        tok = self.peek()
        if tok is not None and tok.kind == "word" and tok.text.lower() == word:
            self.i += 1
            return True
        return False

    def expected(self, what: str) -> WhereError:
        tok = self.peek()
        if tok is None:
            return WhereError(f"end of expression: expected {what}")
        return WhereError(f"column {tok.at + 1}: expected {what}, found {tok.text!r}")

    def parse(self) -> Predicate:
        if not self.toks:
            raise WhereError("empty expression: expected a field such as player or length")
        pred = self.expr()
        if self.peek() is not None:
            raise self.expected("'and', 'or' or the end")
        return pred

    def expr(self) -> Predicate:
        parts = [self.term()]
        while self.keyword("or"):
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else (lambda f: any(p(f) for p in parts))

    def term(self) -> Predicate:
        parts = [self.factor()]
        while self.keyword("and"):
            parts.append(self.factor())
        return parts[0] if len(parts) == 1 else (lambda f: all(p(f) for p in parts))

    def factor(self) -> Predicate:
        if self.keyword("not"):
            inner = self.factor()
            return lambda f: not inner(f)
        tok = self.peek()
        if tok is not None and tok.kind == "paren" and tok.text == "(":
            self.i += 1
            inner = self.expr()
            close = self.peek()
            if close is None or close.text != ")":
                raise self.expected("')'")
            self.i += 1
            return inner
        if tok is None or tok.kind != "word":
            raise self.expected("a field (" + ", ".join(FIELDS) + ")")
        field = tok.text.lower()
        if field not in FIELDS:
            raise WhereError(
                f"column {tok.at + 1}: unknown field {tok.text!r} (known: {', '.join(FIELDS)})"
            )
        self.i += 1
        op_tok = self.peek()
        if op_tok is None or op_tok.kind != "op":
            return lambda f: _truthy(f.get(field))
        self.i += 1
        value = self.peek()
        if value is None or value.kind not in ("word", "str"):
            raise self.expected(f"a value after {field} {op_tok.text}")
        self.i += 1
        return _comparison(field, op_tok.text, value.text)


def _comparison(field: str, op: str, want: str) -> Predicate:
    def test(facts: Facts) -> bool:
        have = facts.get(field)
        values = have if isinstance(have, tuple) else (have,)
        if op == "!=":
            return not any(_compare(v, "=", want, field) for v in values)
        return any(_compare(v, op, want, field) for v in values)

    # Check the value's type once, now, against a dummy of the field's kind.
    probe: Value = {"length": 0, "games": 0, "moves": 0, "cube": 0, "pr": 0.0}.get(field)
    if probe is not None and op != "~":
        _compare(probe, op, want, field)
    if field == "date" and op != "~":
        _compare("2000-01-01", op, want, field)
    return test


def parse_where(text: str) -> Predicate:
    """The predicate an expression stands for; :class:`WhereError` says what is wrong."""
    return _Parser(text).parse()
