"""``gamao codes``: every finding code, its severity, rule and meaning."""

from __future__ import annotations

import json
from typing import Annotated

import typer


def codes(
    fmt: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="text, json or markdown.", metavar="text|json|markdown"
        ),
    ] = "text",
) -> None:
    """List the finding codes (stable: never reused or renumbered)."""
    from gamao_cli.analysis.codes import all_codes

    table = all_codes()
    if fmt == "json":
        typer.echo(
            json.dumps(
                [
                    {
                        "code": c.code,
                        "severity": c.severity.value,
                        "rule": c.rule,
                        "title": c.title,
                        "example": c.example,
                    }
                    for c in table.values()
                ],
                indent=2,
            )
        )
    elif fmt == "markdown":
        typer.echo(codes_markdown())
    else:
        from gamao_cli.i18n import translate_message

        for c in table.values():
            title = translate_message(c.title)  # text only: json and markdown stay English
            typer.echo(f"{c.code}  {c.severity.value:<7}  {c.rule or '-':<3}  {title}")


def codes_markdown() -> str:
    from gamao_cli.analysis.codes import all_codes

    lines = [
        "| code | severity | rule | meaning | example |",
        "| --- | --- | --- | --- | --- |",
    ]
    for c in all_codes().values():
        example = f"`{c.example}`" if c.example else ""
        lines.append(f"| {c.code} | {c.severity.value} | {c.rule or ''} | {c.title} | {example} |")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    app.command("codes")(codes)
