"""The rules and players a ``.mat`` file's header tags give.

``Variation`` selects the variant, ``Crawford``/``Jacoby``/``Beaver`` (``On``/``Off``) the
flags, ``CubeLimit`` the cube's limit (``"1"``: no cube) and gamao's ``Options`` the named
rule options the match is played with (``"bearoff=exact, reroll=always"``, as ``--option``
takes them, checked as --option is: engine.variants.option_problem); a value that cannot be
read is a diagnostic (P111, P112) at its line and is ignored. ``Player 1``/``Player 2`` name
the players only when no score line does.
"""

from __future__ import annotations

from gamao_cli.engine.variants import option_problem, variant_named
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Rules, Variant

_ON_OFF = {
    "on": True,
    "off": False,
    "yes": True,
    "no": False,
    "true": True,
    "false": False,
    "1": True,
    "0": False,
}


def match_rules(
    tags: list[tuple[str, str]], tag_lines: list[Location]
) -> tuple[Rules, list[Diagnostic]]:
    """The rules of ``tags`` (each at the location of the same index in ``tag_lines``) and
    the diagnostics of the tags that could not be read."""
    problems: list[Diagnostic] = []

    def problem(code: str, message: str, where: Location) -> None:
        problems.append(Diagnostic(code, Severity.WARNING, message, where))

    variant = Variant.STANDARD
    flags: dict[str, bool | None] = {"crawford": None, "jacoby": None, "beavers": None}
    cube: bool | None = None
    cube_limit: int | None = None
    options: dict[str, str] = {}
    options_at: Location | None = None
    for (key, value), where in zip(tags, tag_lines, strict=True):
        low = key.lower()
        if low == "variation":
            found = variant_named(value)
            if found is None:
                problem(
                    "P111",
                    N_("variation {value} is not supported; read as standard backgammon").format(
                        value=repr(value)
                    ),
                    where,
                )
            else:
                variant = found
        elif low in ("crawford", "jacoby", "beaver"):
            flag = _ON_OFF.get(value.strip().lower())
            if flag is None:
                problem(
                    "P112",
                    N_("{key} {value} is not On or Off").format(key=key, value=repr(value)),
                    where,
                )
            else:
                flags["beavers" if low == "beaver" else low] = flag
        elif low == "cubelimit":
            limit = value.strip()
            if limit.isdigit() and int(limit) >= 1:
                cube_limit = int(limit)
                cube = cube_limit > 1
            else:
                problem(
                    "P112",
                    N_("CubeLimit {value} is not a number >= 1").format(value=repr(value)),
                    where,
                )
        elif low == "options":
            options_at = where
            for item in value.replace(",", " ").split():
                name, sep, setting = item.lower().partition("=")
                why = (
                    option_problem(None, name, setting)
                    if sep
                    else N_("expected key=value, as --option takes")
                )
                if why is None:
                    options[name] = setting
                else:
                    problem(
                        "P112", N_("Options {item}: {why}").format(item=repr(item), why=why), where
                    )
    for name, setting in list(options.items()):
        why = option_problem(variant, name, setting)
        if why is not None and options_at is not None:
            del options[name]
            problem(
                "P112",
                N_("Options {item}: {why}").format(item=repr(f"{name}={setting}"), why=why),
                options_at,
            )
    rules = Rules(
        variant,
        cube,
        flags["crawford"],
        flags["jacoby"],
        flags["beavers"],
        cube_limit,
        tuple(sorted(options.items())),
    )
    return rules, problems


def tag_players(tags: list[tuple[str, str]]) -> tuple[str, str]:
    names = dict((key.lower(), value) for key, value in tags)
    return names.get("player 1", ""), names.get("player 2", "")
