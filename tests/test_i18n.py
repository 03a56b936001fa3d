"""Languages: the catalogue is complete and current, the language is chosen as documented,
and translated messages keep their fields."""

from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path

import pytest

from gamao_cli import i18n
from gamao_cli.i18n import (
    _,
    counted,
    format_number,
    language,
    language_from_environment,
    ngettext,
    set_language,
    translate_message,
)
from gamao_cli.msgfmt import mo_bytes, parse_po

ROOT = Path(__file__).resolve().parents[1]
POT = ROOT / "gamao_cli" / "locale" / "gamao.pot"
PO = ROOT / "gamao_cli" / "locale" / "pt" / "LC_MESSAGES" / "gamao.po"
FIELD = re.compile(r"\{\w+\}")

babel = pytest.importorskip("babel", reason="Babel (the test extra) extracts the catalogue")


def _extract() -> object:
    sys.path.insert(0, str(ROOT / "tools" / "i18n"))
    try:
        import extract  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    return extract


def _ids(catalog: object) -> set[object]:
    return {m.id for m in catalog if m.id}  # type: ignore[attr-defined]


def test_the_committed_template_is_what_the_sources_give() -> None:
    from babel.messages.pofile import read_po

    with POT.open("rb") as fh:
        committed = read_po(fh)
    fresh = _extract().template()  # type: ignore[attr-defined]
    missing = _ids(fresh) - _ids(committed)
    stale = _ids(committed) - _ids(fresh)
    assert not missing, f"run tools/i18n/extract.py: new messages {sorted(map(str, missing))[:5]}"
    assert not stale, f"run tools/i18n/extract.py: messages gone {sorted(map(str, stale))[:5]}"


def test_every_message_has_a_portuguese_translation_with_the_same_fields() -> None:
    from babel.messages.pofile import read_po

    with POT.open("rb") as fh:
        template = read_po(fh)
    with PO.open("rb") as fh:
        pt = read_po(fh, locale="pt_BR")
    untranslated = []
    for message in template:
        if not message.id:
            continue
        entry = pt.get(message.id)
        strings = () if entry is None else entry.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or entry.fuzzy or not all(strings):
            untranslated.append(message.id)
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for s in strings:
            assert sorted(FIELD.findall(s)) == sorted(FIELD.findall(ids[-1])), message.id
    assert untranslated == []
    assert len(_ids(template)) > 300


def test_the_catalogue_uses_the_seeds_vocabulary() -> None:
    text = PO.read_text(encoding="utf-8")
    for word in ("gamão", "pedra", "dado de dobra", "retirada", "barra", "partida"):
        assert word in text


def test_own_msgfmt_compiles_what_babel_compiles() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    ours = gettext.GNUTranslations(__import__("io").BytesIO(mo_bytes(parse_po(PO.read_text()))))
    buffer = __import__("io").BytesIO()
    with PO.open("rb") as fh:
        write_mo(buffer, read_po(fh))
    buffer.seek(0)
    theirs = gettext.GNUTranslations(buffer)
    assert ours._catalog == theirs._catalog  # type: ignore[attr-defined]
    assert ours.ngettext("{count} file", "{count} files", 2) == "{count} arquivos"
    assert ours.ngettext("{count} file", "{count} files", 1) == "{count} arquivo"


def test_parse_po_leaves_out_fuzzy_and_empty_entries() -> None:
    po = (
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '#, fuzzy\nmsgid "a"\nmsgstr "A"\n\n'
        'msgid "b"\nmsgstr ""\n\n'
        'msgid "c"\n"d"\nmsgstr "C"\n"D"\n\n'
        'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "um"\nmsgstr[1] "muitos"\n'
    )
    assert parse_po(po) == {
        "": "Plural-Forms: nplurals=2; plural=(n > 1);\n",
        "cd": "CD",
        "one\0many": "um\0muitos",
    }


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "pt_BR.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "pt_BR"}, "pt"),
        ({"LANGUAGE": "pt_BR:en", "LANG": "en_US"}, "pt"),
        ({"LANGUAGE": "fr:pt", "LANG": "en_US"}, "en"),
        ({"LC_ALL": "C", "LANG": "pt_BR"}, "en"),
        ({"LC_MESSAGES": "pt_BR.UTF-8"}, "pt"),
    ],
)
def test_language_from_the_environment(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_set_language_rejects_unknown_languages_and_defaults_to_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        set_language("xx")
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert set_language(None) == "pt"
    assert language() == "pt"
    assert _("games") == "partidas"
    assert _("") == ""  # not the catalogue's header
    assert set_language("EN") == "en"
    assert _("games") == "games"


def test_plural_forms_in_portuguese_count_zero_and_one_as_singular() -> None:
    set_language("pt")
    assert ngettext("{count} file", "{count} files", 0) == "{count} arquivo"
    assert ngettext("{count} file", "{count} files", 1) == "{count} arquivo"
    assert ngettext("{count} file", "{count} files", 2) == "{count} arquivos"
    set_language("en")
    assert ngettext("{count} file", "{count} files", 0) == "{count} files"


def test_counted_makes_each_noun_agree_with_its_count() -> None:
    assert [counted("match", n) for n in (0, 1, 2)] == ["0 matches", "1 match", "2 matches"]
    assert counted("file", 1) + ", " + counted("repair", 3) == "1 file, 3 repairs"
    assert counted("verified", 1) == "1 verified"
    assert counted("play", 1420, "1,420") == "1,420 plays"
    set_language("pt")
    assert [counted("game", n) for n in (0, 1, 2)] == ["0 partida", "1 partida", "2 partidas"]
    assert counted("verified", 2) + ", " + counted("unverifiable", 1) == (
        "2 verificadas, 1 não verificável"
    )
    assert counted("play", 1420, "1.420") == "1.420 jogadas"
    with pytest.raises(ValueError, match="no noun for 'checker'"):
        counted("checker", 2)


def test_a_template_with_no_word_of_its_own_translates_no_message() -> None:
    """A summary template such as ``{files}, {matches}, {selected}{written}`` would match any
    message with two commas: it is only ever looked up whole."""
    set_language("pt")
    message = "not a match file, skipped (xgid file: positions, not games)"
    assert translate_message(message) == (
        "não é um arquivo de partidas, ignorado (arquivo xgid: posições, não partidas)"
    )


def test_messages_are_translated_by_their_templates_and_nested_fields() -> None:
    message = "the rest of this game cannot be verified: the play cannot be applied to the board"
    assert translate_message(message) == message  # English: unchanged
    set_language("pt")
    assert translate_message(message) == (
        "o resto desta partida não pode ser verificado: a jogada não pode ser aplicada ao tabuleiro"
    )
    assert translate_message("3 of the dice played, but 4 could be (45 legal plays existed)") == (
        "foram jogados 3 dos dados, mas 4 poderiam ser (havia 45 jogadas legais)"
    )
    assert translate_message("13/12: point 12 is held by 2 opposing checkers") == (
        "13/12: o ponto 12 está ocupado por 2 pedras do adversário"
    )
    assert translate_message("a message no catalogue knows") == "a message no catalogue knows"


def test_numbers_take_the_languages_separators() -> None:
    assert format_number(1420) == "1420"
    assert format_number(1234.56, 1) == "1234.6"
    set_language("pt")
    assert format_number(1420) == "1.420"
    assert format_number(1234567.25, 2) == "1.234.567,25"


def test_a_stale_compiled_catalogue_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "gamao.mo").write_bytes(mo_bytes({"games": "jogos"}))
    (folder / "gamao.po").write_text('msgid "games"\nmsgstr "partidas"\n', encoding="utf-8")
    import os

    os.utime(folder / "gamao.mo", (1, 1))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    set_language("pt")
    assert _("games") == "partidas"
    set_language("en")
    os.utime(folder / "gamao.mo", None)
    set_language("pt")
    assert _("games") == "jogos"


def test_no_message_is_hidden_inside_an_f_string() -> None:
    """Babel's extractor does not look inside f-strings (Python 3.11): a ``_("...")`` there
    would be shown untranslated without the completeness test noticing."""
    import tokenize

    hidden = []
    for path in sorted((ROOT / "gamao_cli").rglob("*.py")):
        with path.open("rb") as fh:
            for token in tokenize.tokenize(fh.readline):
                text = token.string
                is_f = token.type == tokenize.STRING and text[:2].lower() in ("f'", 'f"')
                if is_f and re.search(r"\b(_|N_|ngettext)\(\s*['\"]", text):
                    hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert hidden == []


def test_checker_and_cube_messages_are_translated_with_their_parts() -> None:
    set_language("pt")
    assert translate_message("a double to 8, but the cube is at 2") == (
        "uma dobra para 8, mas o dado de dobra está em 2"
    )
    assert translate_message("a take after the game ended (drop)") == (
        "uma aceitação depois do fim da partida (recusa)"
    )
    assert translate_message(
        "the double was played in full: the same player rolls again, but the other player rolls"
    ) == (
        "o duplo foi jogado por inteiro: o mesmo jogador lança os dados de novo, mas o outro "
        "jogador lança os dados"
    )
    assert translate_message("a gammon scored 2: implies the Jacoby rule is off") == (
        "um gammon marcou 2: implica que a regra Jacoby está desligada"
    )
    assert translate_message("13/7 lands on a point the opponent holds") == (
        "13/7 para num ponto que o adversário ocupa"
    )
    assert translate_message("game 3 starts at 2-1, but the previous games give 1-2") == (
        "a partida 3 começa em 2-1, mas as partidas anteriores dão 1-2"
    )
    assert translate_message("not a match file, skipped (xgid file: positions, not games)") == (
        "não é um arquivo de partidas, ignorado (arquivo xgid: posições, não partidas)"
    )
    assert translate_message("a/b.mat: no such file") == "a/b.mat: arquivo inexistente"
    assert translate_message("unreadable line 'foo' before the first game") == (
        "linha ilegível 'foo' antes da primeira partida"
    )
    assert translate_message(
        "$.games[0].actions[2].dice: expected an array, found a string (action skipped)"
    ) == (
        "$.games[0].actions[2].dice: esperava-se um array, encontrou-se uma string (ação ignorada)"
    )
    assert translate_message("unknown move 'xyz'") == "jogada desconhecida 'xyz'"
    assert translate_message("GM[1] is not backgammon (GM[6]): game tree skipped") == (
        "GM[1] não é gamão (GM[6]): árvore de jogo ignorada"
    )
    assert translate_message("unreadable event 'x r 9-9'") == "evento ilegível 'x r 9-9'"
    assert translate_message("'Drop' answers no double") == ("'Drop' não responde a nenhuma dobra")
    unsupported = "variation 'Plakoto' is not supported; read as standard backgammon"
    assert translate_message(unsupported) == (
        "a variante 'Plakoto' não é suportada; lida como gamão padrão"
    )
    assert translate_message("x.txt: not a known match format (mat, sgf)") == (
        "x.txt: não é um formato de partidas conhecido (mat, sgf)"
    )


def test_binary_reader_position_and_skill_messages_are_translated() -> None:
    set_language("pt")
    # a BGBlitz Smile failure: the template, its place and the decoder's nested reason
    assert translate_message(
        "Smile body, byte 7 of the zlib body: truncated input: a long name has no end marker (0xFC)"
    ) == (
        "corpo Smile, byte 7 do corpo zlib: entrada truncada: um nome longo não tem marcador de"
        " fim (0xFC)"
    )
    assert translate_message("game 2, move entry 5: the entry is not an object") == (
        "partida 2, entrada de jogada 5: a entrada não é um objeto"
    )
    # what a position file's text says against its identifier: a list, item by item
    assert (
        translate_message("the text disagrees with its XGID: the score X:1 O:2; a 7-point match")
        == "o texto discorda do seu XGID: o placar X:1 O:2; um match de 7 pontos"
    )
    assert translate_message(
        "the drawn board disagrees with the identifier: point 6 shows nothing, the identifier"
        " says 5 X"
    ) == (
        "o tabuleiro desenhado discorda do identificador: a casa 6 mostra nada, o identificador"
        " diz 5 X"
    )
    assert translate_message("A[...] skipped: no 'Eq' in the values") == (
        "A[...] ignorado: nenhum 'Eq' nos valores"
    )
    assert _("blunders") == "erros graves"
