"""Reading a table's raw options against the options a rule set declares.

A game declares its options as ``OptionType`` values (a list of allowed values, or a
range of whole numbers); ``read_options`` checks a table's raw strings against them and
fills in the defaults, so that every game refuses bad options with the same precise
messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.errors import InvalidOptionsError, quoted
from engine.game import OptionGroup, OptionType

SWITCH_VALUES = ("false", "true")
# The longest whole number an option's value may spell: more than any range declared
# needs. A longer value is refused before it is read, so that no client's value of
# thousands of digits is ever turned into a number (or repeated in a reply).
MAX_NUMBER_CHARACTERS = 9
# ASCII digits only: ``str.isdigit`` takes "²" and other scripts' digits too.
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def switch(key: str, meaning: str, default: bool = False, *, group: OptionGroup) -> OptionType:
    """An option that is on or off."""
    return OptionType(key, meaning, str(default).lower(), values=SWITCH_VALUES, group=group)


def read_options(game_title: str, declared: Sequence[OptionType], raw: Mapping[str, str]) -> dict[str, str]:
    """Every declared option's value: ``raw``'s where given, else its default.

    Raises InvalidOptionsError for an option the rule set does not declare, a value that
    is not one of an option's values, or a number outside its range.
    """
    values = {option.key: option.default for option in declared}
    for key, text in raw.items():
        option = next((option for option in declared if option.key == key), None)
        if option is None:
            known = ", ".join(option.key for option in declared)
            raise InvalidOptionsError(
                f"unknown option {quoted(key)} for {game_title}; known options: {known}"
            )
        values[key] = _checked(option, text)
    return values


def is_on(values: Mapping[str, str], key: str) -> bool:
    """Whether the switch ``key`` is on in values ``read_options`` returned."""
    return values[key] == "true"


def whole_number(option: OptionType, text: str) -> int:
    """The whole number ``text`` spells for ``option``; InvalidOptionsError, quoting a short
    prefix of it, when it is none or longer than ``MAX_NUMBER_CHARACTERS``."""
    if len(text) > MAX_NUMBER_CHARACTERS or _WHOLE_NUMBER.fullmatch(text) is None:
        bounds = (
            f" from {option.minimum} to {option.maximum}"
            if option.minimum is not None and option.maximum is not None
            else ""
        )
        raise InvalidOptionsError(f"{option.key} must be a whole number{bounds}, not {quoted(text)}")
    return int(text)


def _checked(option: OptionType, text: str) -> str:
    if option.values:
        if text not in option.values:
            raise InvalidOptionsError(
                f"{option.key} must be one of {', '.join(option.values)}, not {quoted(text)}"
            )
        return text
    number = whole_number(option, text)
    if option.minimum is not None and number < option.minimum:
        raise InvalidOptionsError(f"{option.key} is {number}: the least is {option.minimum}")
    if option.maximum is not None and number > option.maximum:
        raise InvalidOptionsError(f"{option.key} is {number}: the most is {option.maximum}")
    return str(number)
