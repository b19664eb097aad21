"""The message catalogue: the engine's and the server's texts in German.

The engine writes every text in English (``server.texts`` explains its references to
seats, cards and suits). Those English texts are the catalogue's keys, as msgids are in
gettext: each game's module maps an English template to its German one, and
``german`` renders a text for a German reader. The engine stays free of languages,
and a text stored in an event long ago reads in German as well as one made now.

A template names its parts in braces. What a part matches, by its name's start:

=============  ===========================================  ==========================
name           matches                                      in the German text
=============  ===========================================  ==========================
``seat``       a seat reference, ``seat 2`` or ``Seat 2``  as it is (a name later)
``cards``      one card or several, ``♣Q`` or ``♣Q ♠Q``     as it is
``number``     a whole number                               as it is
``name``       a player's name                              as it is
anything else  any text                                     translated in turn
=============  ===========================================  ==========================

Suit words (``clubs``) stay English here: ``server.texts`` names them in the viewer's
pack, Bavarian or French, in the same pass as the seats. A text no template matches
reads as it is: game terms (Kontra, Zolo, Dalje) are the same in both languages.

Where two templates match one text, the one with more fixed characters wins: "you must
follow {suit} (trump)" before "you must follow {suit}".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from server.catalogue import baska_kop, bela, common, schafkopf, speculation

_KINDS = {
    "seat": r"[Ss]eat \d+",
    "name": r".+?",
    "cards": r"[♣♠♥♦](?:10|[2-9JQKA])?(?: [♣♠♥♦](?:10|[2-9JQKA])?)*",
    "number": r"[+-]?\d+",
}
_PART = re.compile(r"\{([a-z_]+\d*)\}")


@dataclass(frozen=True)
class _Template:
    english: str
    german: str
    pattern: re.Pattern[str]
    # Parts translated in turn (any text), by name.
    translated: frozenset[str]
    fixed: int


def _template(english: str, german: str) -> _Template:
    parts = _PART.findall(english)
    if sorted(parts) != sorted(_PART.findall(german)) or len(set(parts)) != len(parts):
        raise ValueError(f"the parts of {english!r} and {german!r} differ or repeat")
    pattern, translated, at = [], set(), 0
    for found in _PART.finditer(english):
        pattern.append(re.escape(english[at : found.start()]))
        name = found.group(1)
        kind = next((regex for start, regex in _KINDS.items() if name.startswith(start)), None)
        if kind is None:
            translated.add(name)
            kind = r".+?"
        pattern.append(f"(?P<{name}>{kind})")
        at = found.end()
    pattern.append(re.escape(english[at:]))
    fixed = len(_PART.sub("", english))
    return _Template(english, german, re.compile("".join(pattern), re.DOTALL), frozenset(translated), fixed)


def _templates(*catalogues: Mapping[str, str]) -> tuple[tuple[_Template, ...], dict[str, str]]:
    """Templates with parts, most fixed characters first; texts without parts by text."""
    templates: list[_Template] = []
    plain: dict[str, str] = {}
    for catalogue in catalogues:
        for english, german in catalogue.items():
            if english in plain or any(template.english == english for template in templates):
                raise ValueError(f"{english!r} is in the catalogue twice")
            if _PART.search(english):
                templates.append(_template(english, german))
            else:
                plain[english] = german
    templates.sort(key=lambda template: -template.fixed)
    return tuple(templates), plain


_TEMPLATES, _PLAIN = _templates(
    common.GERMAN, baska_kop.GERMAN, bela.GERMAN, schafkopf.GERMAN, speculation.GERMAN
)


@lru_cache(maxsize=16384)
def german(text: str) -> str:
    """``text`` as a German reader reads it (itself where the catalogue has no entry)."""
    if text in _PLAIN:
        return _PLAIN[text]
    for template in _TEMPLATES:
        found = template.pattern.fullmatch(text)
        if found is None:
            continue
        parts = {
            name: german(value) if name in template.translated else value
            for name, value in found.groupdict().items()
        }
        return template.german.format_map(parts)
    return text


def english_templates() -> list[str]:
    """Every English text and template the catalogue knows, for tests."""
    return [*_PLAIN, *(template.english for template in _TEMPLATES)]
