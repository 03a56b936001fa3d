"""A large synthetic match archive, reproducible from a seed (issue 14's benchmarks).

    .venv/bin/python tools/make_archive.py OUT --matches 1000000 [--seed 1] [--per-file 1]
        [--source DIR ...]

The matches are real ones (the .mat/SGF/XG files of ``--source``, default the shared real
corpus and gamao's gnubg-made fixtures) with new player names, a new event and a new date,
each drawn from the seed, so that every match of the archive is a distinct record to the
statistics (names) while its plays stay legal and real. Written as gamao ``.mat`` files
(``--per-file N`` matches a file: big multi-match files for the byte-range work units),
``OUT/NNNN/archive-NNNNNNN.mat``, a thousand files a folder. Streams: memory stays flat
whatever ``--matches`` is. The same seed and sources give the same archive, byte for byte.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from gamao_cli.formats.inputs import is_match_record, iter_input_files, read_path
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.model.match import Match

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SOURCES = (
    REPO.parent / "shared" / "corpus" / "real",
    REPO / "tests" / "fixtures" / "gnubg",
)

_FIRST = ("Ana", "Bruno", "Carla", "Diego", "Elena", "Fabio", "Gina", "Hugo", "Iris", "Joao",
          "Kenji", "Lara", "Mateus", "Nora", "Otto", "Paula", "Quim", "Rita", "Saulo", "Tania",
          "Ugo", "Vera", "Wagner", "Xenia", "Yara", "Ze")  # fmt: skip
_LAST = ("Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Costa", "Ferreira",
         "Almeida", "Ribeiro", "Carvalho", "Gomes", "Martins", "Rocha", "Barbosa")  # fmt: skip
_EVENTS = ("Clube do Gamao", "Open de Lisboa", "Copa Paulista", "Torneio das Quintas",
           "Liga Online", "Festival de Verao")  # fmt: skip


def source_matches(sources: list[Path]) -> list[Match]:
    """Every match of the sources that replays (in a stable order)."""
    out = []
    for item in iter_input_files([str(s) for s in sources if s.exists()]):
        out.extend(m for m in read_path(item) if is_match_record(m))
    if not out:
        raise SystemExit("no match found in the sources")
    return out


def _name(rng: random.Random) -> str:
    return f"{rng.choice(_FIRST)} {rng.choice(_LAST)} {rng.randrange(1000):03d}"


def draw(rng: random.Random, serial: int) -> tuple[str, str, str, str]:
    """New names, event and date for match ``serial``: (player 1, player 2, event, date)."""
    a, b = _name(rng), _name(rng)
    while b == a:
        b = _name(rng)
    year, month, day = rng.randint(1995, 2026), rng.randint(1, 12), rng.randint(1, 28)
    return a, b, f"{rng.choice(_EVENTS)} #{serial}", f"{year}.{month:02d}.{day:02d}"


def varied(base: Match, names: tuple[str, str], event: str, date: str) -> Match:
    """``base`` under new names, event and date (the same games)."""
    tags = tuple((k, v) for k, v in base.tags
                 if k.lower() not in ("event", "eventdate", "player 1", "player 2"))  # fmt: skip
    tags += (("Event", event), ("EventDate", date))
    games = tuple(replace(g, players=None) for g in base.games)
    return replace(base, players=names, tags=tags, games=games, comments=(), diagnostics=())


def archive(bases: list[Match], count: int, seed: int) -> Iterator[tuple[int, str, str, str, str]]:
    """(base index, player 1, player 2, event, date) of every match of the archive."""
    rng = random.Random(seed)
    for serial in range(count):
        base = rng.randrange(len(bases))
        yield (base, *draw(rng, serial))


# Placeholders that occur in no match text: a template written with them, of the names'
# lengths, is the match written with the names, whose layout depends only on their lengths.
_MARKS = ("\x01", "\x02", "\x03", "\x04")


class Templates:
    """Each source match written once per pair of name lengths, the names, event and date
    put in by replacing placeholders: writing a match costs a string replace, not a render."""

    def __init__(self, bases: list[Match]) -> None:
        self.bases = bases
        self.cache: dict[tuple[int, int, int], str] = {}

    def text(self, base: int, a: str, b: str, event: str, date: str) -> str:
        key = (base, len(a), len(b))
        template = self.cache.get(key)
        if template is None:
            names = (_MARKS[0] * len(a), _MARKS[1] * len(b))
            out = io.StringIO()
            write_mat(varied(self.bases[base], names, _MARKS[2], _MARKS[3]), out)
            template = self.cache[key] = out.getvalue()
        return (
            template.replace(_MARKS[0] * len(a), a)
            .replace(_MARKS[1] * len(b), b)
            .replace(_MARKS[2], event)
            .replace(_MARKS[3], date)
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=1)
    parser.add_argument("--source", type=Path, action="append")
    args = parser.parse_args(argv)
    bases = source_matches(args.source or list(DEFAULT_SOURCES))
    written = 0
    stream = None
    templates = Templates(bases)
    for serial, (base, a, b, event, date) in enumerate(archive(bases, args.matches, args.seed)):
        if serial % args.per_file == 0:
            if stream is not None:
                stream.close()
            number = serial // args.per_file
            path = args.out / f"{number // 1000:04d}" / f"archive-{number:07d}.mat"
            path.parent.mkdir(parents=True, exist_ok=True)
            stream = path.open("w", encoding="utf-8", newline="\n")
            written += 1
        assert stream is not None
        stream.write(templates.text(base, a, b, event, date))
    if stream is not None:
        stream.close()
    print(f"{args.matches} matches from {len(bases)} sources in {written} files under {args.out}",
          file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main()
