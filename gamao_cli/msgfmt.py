"""A small msgfmt: gettext ``.po`` catalogues to the binary ``.mo`` form, standard library only.

Used by ``setup.py`` when Babel is not there at build time and by :mod:`gamao_cli.i18n` when
a source checkout has no compiled catalogue yet. It reads what Babel writes: ``msgctxt``-less
entries, ``msgid``/``msgid_plural``/``msgstr[N]``, continued string lines and the ``#, fuzzy``
flag (fuzzy entries are left out, as msgfmt does by default).
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path


def parse_po(text: str) -> dict[str, str]:
    """The catalogue's translated entries: msgid (plural forms joined by NUL) -> msgstr."""
    out: dict[str, str] = {}
    for block in text.split("\n\n"):
        fuzzy = False
        entry: dict[str, str] = {}
        key = ""
        for raw in block.splitlines():
            line = raw.strip()
            if line.startswith("#"):
                fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            elif line.startswith('"') and key:
                entry[key] += ast.literal_eval(line)
            elif line:
                key, _, rest = line.partition(" ")
                entry[key] = ast.literal_eval(rest.strip())
        msgid = entry.get("msgid")
        if msgid is None:
            continue
        if "msgid_plural" in entry:
            forms = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr["))]
            if not forms or not all(forms):
                continue
            msgid = msgid + "\0" + entry["msgid_plural"]
            msgstr = "\0".join(forms)
        else:
            msgstr = entry.get("msgstr", "")
        if msgstr and (not fuzzy or msgid == ""):
            out[msgid] = msgstr
    return out


def mo_bytes(catalogue: dict[str, str]) -> bytes:
    """The ``.mo`` image of a catalogue (GNU format, little-endian, no hash table)."""
    keys = sorted(catalogue)
    ids = [k.encode("utf-8") for k in keys]
    strs = [catalogue[k].encode("utf-8") for k in keys]
    count = len(keys)
    start = 7 * 4 + count * 16
    id_table: list[int] = []
    offset = start
    for data in ids:
        id_table += [len(data), offset]
        offset += len(data) + 1
    str_table: list[int] = []
    for data in strs:
        str_table += [len(data), offset]
        offset += len(data) + 1
    header = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    tables = struct.pack(f"<{4 * count}I", *(id_table + str_table))
    body = b"".join(d + b"\0" for d in ids) + b"".join(d + b"\0" for d in strs)
    return header + tables + body


def compile_po(po: Path, mo: Path) -> None:
    """Write ``mo`` compiled from ``po``."""
    mo.write_bytes(mo_bytes(parse_po(po.read_text(encoding="utf-8"))))
