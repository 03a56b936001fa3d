"""Make gamao_cli/locale/gamao.pot and bring gamao_cli/locale/pt/LC_MESSAGES/gamao.po up to it.

The catalogue's messages come from three places: the sources' ``_()``, ``N_()``,
``ngettext()`` and ``NP_()`` calls (Babel's Python extractor), the command line's help texts
(docstrings and ``help=``: :func:`gamao_cli.cli.help_i18n.help_texts`) and the finding and
diagnostic codes' titles (:func:`gamao_cli.analysis.codes.all_codes`). Run from the repository root:

    .venv/bin/python tools/i18n/extract.py

New messages get an empty msgstr in the .po (tests/test_i18n.py fails until they are
translated); messages gone from the sources are dropped. Babel (the ``test`` extra) is needed.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "gamao_cli" / "locale" / "gamao.pot"
PO = ROOT / "gamao_cli" / "locale" / "pt" / "LC_MESSAGES" / "gamao.po"
PLURAL = r'"Plural-Forms: nplurals=2; plural=(n > 1);\n"'
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "NP_": (1, 2)}


def template() -> Catalog:
    """The catalogue template, from the sources as they are now."""
    sys.path.insert(0, str(ROOT))
    from typer.main import get_command

    from gamao_cli.analysis.codes import all_codes
    from gamao_cli.cli.app import app
    from gamao_cli.cli.help_i18n import help_texts

    catalog = Catalog(project="gamao", domain="gamao", charset="utf-8")
    catalog.creation_date = catalog.revision_date = catalog.creation_date.replace(
        year=2026, month=1, day=1, hour=0, minute=0, second=0, microsecond=0
    )
    found = extract_from_dir(
        str(ROOT / "gamao_cli"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    )
    for filename, lineno, message, comments, context in found:
        path = f"gamao_cli/{filename}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    for text in help_texts(get_command(app)):
        catalog.add(text, None, [("gamao_cli/cli", 0)], auto_comments=["command line help"])
    for code, spec in sorted(all_codes().items()):
        catalog.add(spec.title, None, [("gamao_cli/analysis/codes.py", 0)], auto_comments=[code])
    return catalog


def main() -> None:
    pot = template()
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as fh:
        write_po(fh, pot, width=100, omit_header=False, sort_output=False)
    if PO.exists():
        with PO.open("rb") as fh:
            po = read_po(fh, locale="pt_BR")
    else:
        po = Catalog(locale="pt_BR", domain="gamao", project="gamao")
        po.last_translator = "gamao developers"
        po.language_team = "Português do Brasil"
    po.update(pot, update_header_comment=False, no_fuzzy_matching=True)
    po.obsolete.clear()
    po.creation_date = po.revision_date = pot.creation_date
    write_pt(po)


def write_pt(po: Catalog) -> None:
    """Write the Portuguese catalogue: Brazilian plural forms (one for 0 and 1), no fuzzy
    header."""
    PO.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, po, width=100, sort_output=False, ignore_obsolete=True)
    text = out.getvalue().decode("utf-8")
    text = re.sub(r'"Plural-Forms: [^"]*"', lambda _m: PLURAL, text, count=1)
    text = text.replace('#, fuzzy\nmsgid ""', 'msgid ""', 1)
    PO.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
