"""Schafkopf's rule sets and table options (SPEC §2): the Bavarian club rules and the
Sauspiel tariffs, every option with its values, and which seat counts they allow.

Decisions where the texts are silent: the long pack is for four players only, three
and two play the short one; a Stock is paid out only in a partner game, so it needs
four players; two players have no Ramsch and no "muss" (the Eichel-Ober may lie face
down). Money is in cents, at most 1000 euros per amount.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from engine.errors import InvalidOptionsError, quoted
from engine.game import OptionGroup, OptionType
from engine.options import whole_number
from engine.schafkopf.constants import (
    TOTAL_POINTS,
    AllPass,
    Durchmarsch,
    Jungfrau,
    Options,
    Pack,
    RamschTie,
    StockOnLoss,
    Tariff,
)

_SWITCHES = {"true": True, "false": False}
_MONEY = 100_000
_DEALS_MAX = 64


def _options(defaults: Mapping[str, str]) -> tuple[OptionType, ...]:
    """The options of a rule set, with its defaults where they differ from the club's."""

    def switch(
        key: str, meaning: str, default: str = "false", group: OptionGroup = OptionGroup.CONTRACTS
    ) -> OptionType:
        return OptionType(key, meaning, defaults.get(key, default), values=("false", "true"), group=group)

    def money(key: str, meaning: str, default: int) -> OptionType:
        return OptionType(
            key,
            f"{meaning}, in cents",
            defaults.get(key, str(default)),
            minimum=0,
            maximum=_MONEY,
            group=OptionGroup.AMOUNTS,
        )

    club = Tariff()
    return (
        OptionType(
            "pack",
            "long (32 cards, four players) or short (24 cards, kurzer)",
            defaults.get("pack", "long"),
            values=tuple(pack.value for pack in Pack),
            seats=((Pack.LONG.value, (4,)),),
            group=OptionGroup.PLAY,
            words=((Pack.LONG.value, "long: 32 cards"), (Pack.SHORT.value, "short: 24 cards (kurzer)")),
        ),
        money("tariff_partner", "base of a partner game (Rufspiel, Hochzeit)", club.partner),
        money("tariff_solo", "base of a solo (Solo, Wenz, Geier and their Tout, Sie)", club.solo),
        money("tariff_schneider", "surcharge for Schneider", club.schneider),
        money("tariff_schwarz", "surcharge for Schwarz, besides Schneider's", club.schwarz),
        money("tariff_laufende", "per Laufender", club.laufende),
        money("tariff_ramsch", "what the loser of a Ramsch pays each other seat", club.ramsch),
        money("tariff_bettel", "base of a Bettel", club.bettel),
        money("tariff_stock", "what each seat pays into the Stock when everyone passes", club.stock),
        OptionType(
            "laufende_from",
            "Laufende count from this many",
            defaults.get("laufende_from", "3"),
            minimum=1,
            maximum=14,
            group=OptionGroup.AMOUNTS,
        ),
        OptionType(
            "laufende_from_wenz_geier",
            "in Wenz and Geier, Laufende count from this many",
            defaults.get("laufende_from_wenz_geier", "2"),
            minimum=1,
            maximum=4,
            group=OptionGroup.AMOUNTS,
        ),
        switch("tout", "Tout: a solo announced to take every trick, twice the price", "true"),
        switch("sie", "Sie: all four Ober and Unter laid down, four times the solo price", "true"),
        switch("geier", "Geier: only the Ober are trump"),
        switch("hochzeit", "Hochzeit: a seat with one trump offers it for a partner"),
        switch("farbwenz", "Farbwenz: the Unter and a suit are trump"),
        switch("farbgeier", "Farbgeier: the Ober and a suit are trump"),
        switch("bettel", "Bettel: the declarer must take no trick"),
        switch(
            "bettel_stichzwang",
            "in a Bettel, who follows must beat the best card when able",
            group=OptionGroup.PLAY,
        ),
        switch("aufstellen", "after the first half of the cards each seat may stand up (double)", "true"),
        switch("kontra", "Kontra by a defender, Re by the declaring side", "true"),
        OptionType(
            "all_pass",
            "when everyone passes: thrown in, Stock, Ramsch, or the Eichel-Ober must play",
            defaults.get("all_pass", AllPass.REDEAL.value),
            values=tuple(rule.value for rule in AllPass),
            seats=((AllPass.STOCK.value, (4,)), (AllPass.RAMSCH.value, (3, 4)), (AllPass.MUSS.value, (3, 4))),
            group=OptionGroup.PLAY,
            words=(
                (AllPass.REDEAL.value, "Zusammenwerfen: thrown in"),
                (AllPass.STOCK.value, "Stock: thrown in, everyone pays in"),
                (AllPass.RAMSCH.value, "Ramsch"),
                (AllPass.MUSS.value, "Muss: the Eichel-Ober must play"),
            ),
        ),
        OptionType(
            "ramsch_tie",
            "who loses a Ramsch on equal points",
            defaults.get("ramsch_tie", RamschTie.MOST_TRICKS.value),
            values=tuple(rule.value for rule in RamschTie),
            group=OptionGroup.PLAY,
            words=(
                (RamschTie.MOST_TRICKS.value, "who took the most tricks"),
                (RamschTie.HIGHEST_TRUMP.value, "who played the highest trump"),
            ),
        ),
        OptionType(
            "jungfrau",
            "what a seat without a trick in a Ramsch receives",
            defaults.get("jungfrau", Jungfrau.NONE.value),
            values=tuple(rule.value for rule in Jungfrau),
            group=OptionGroup.PLAY,
            words=(
                (Jungfrau.NONE.value, "as everyone else"),
                (Jungfrau.HIGHER_TARIFF.value, "the solo tariff instead of the Ramsch tariff"),
                (Jungfrau.DOUBLE_ALL.value, "every amount doubles once per Jungfrau"),
                (Jungfrau.ONCE.value, "twice the Ramsch tariff"),
                (Jungfrau.MULTIPLE.value, "the tariff doubled once per Jungfrau"),
            ),
        ),
        OptionType(
            "durchmarsch",
            "a Ramsch won outright by every trick or by enough points",
            defaults.get("durchmarsch", Durchmarsch.OFF.value),
            values=tuple(rule.value for rule in Durchmarsch),
            group=OptionGroup.PLAY,
            words=(
                (Durchmarsch.OFF.value, "never"),
                (Durchmarsch.TRICKS.value, "by taking every trick"),
                (Durchmarsch.POINTS.value, "by enough card points"),
            ),
        ),
        OptionType(
            "durchmarsch_points",
            "card points that win a Ramsch outright (durchmarsch=points)",
            defaults.get("durchmarsch_points", str(TOTAL_POINTS)),
            minimum=61,
            maximum=TOTAL_POINTS,
            group=OptionGroup.AMOUNTS,
        ),
        OptionType(
            "stock_on_loss",
            "a lost partner game leaves the Stock (unchanged) or pays its size in (pay_in)",
            defaults.get("stock_on_loss", StockOnLoss.UNCHANGED.value),
            values=tuple(rule.value for rule in StockOnLoss),
            group=OptionGroup.PLAY,
            words=(
                (StockOnLoss.UNCHANGED.value, "leaves the Stock unchanged"),
                (StockOnLoss.PAY_IN.value, "pays the Stock's size in"),
            ),
        ),
        OptionType(
            "deals",
            "deals in a match, thrown-in deals included (a multiple of 4)",
            defaults.get("deals", "8"),
            minimum=4,
            maximum=_DEALS_MAX,
            group=OptionGroup.AMOUNTS,
        ),
    )


RULE_SETS = {
    "club": ("Bavarian club rules", _options({})),
    "sauspiel": (
        "Sauspiel tariffs",
        _options({"tariff_partner": "20", "geier": "true", "farbwenz": "true"}),
    ),
}


def parse(rule_set: str, raw: Mapping[str, str]) -> Options:
    """The options of ``rule_set`` with ``raw`` applied; InvalidOptionsError names a bad key or value."""
    if rule_set not in RULE_SETS:
        raise InvalidOptionsError(f"unknown rule set {quoted(rule_set)}; choose {' or '.join(RULE_SETS)}")
    declared = RULE_SETS[rule_set][1]
    values = {option.key: option.default for option in declared}
    for key, text in raw.items():
        option = next((option for option in declared if option.key == key), None)
        if option is None:
            known = ", ".join(option.key for option in declared)
            raise InvalidOptionsError(f"unknown option {quoted(key)} for Schafkopf; known options: {known}")
        values[key] = _checked(option, text)
    if int(values["deals"]) % 4:
        raise InvalidOptionsError(f"deals must be a multiple of 4 (4·n), not {values['deals']}")
    number = {option.key: int(values[option.key]) for option in declared if not option.values}
    flag = {
        option.key: _SWITCHES[values[option.key]] for option in declared if option.values == ("false", "true")
    }
    return Options(
        rule_set=rule_set,
        pack=Pack(values["pack"]),
        tariff=Tariff(**{field.name: number[f"tariff_{field.name}"] for field in fields(Tariff)}),
        laufende_from=number["laufende_from"],
        laufende_from_wenz_geier=number["laufende_from_wenz_geier"],
        tout=flag["tout"],
        sie=flag["sie"],
        geier=flag["geier"],
        hochzeit=flag["hochzeit"],
        farbwenz=flag["farbwenz"],
        farbgeier=flag["farbgeier"],
        bettel=flag["bettel"],
        bettel_stichzwang=flag["bettel_stichzwang"],
        aufstellen=flag["aufstellen"],
        kontra=flag["kontra"],
        all_pass=AllPass(values["all_pass"]),
        ramsch_tie=RamschTie(values["ramsch_tie"]),
        jungfrau=Jungfrau(values["jungfrau"]),
        durchmarsch=Durchmarsch(values["durchmarsch"]),
        durchmarsch_points=number["durchmarsch_points"],
        stock_on_loss=StockOnLoss(values["stock_on_loss"]),
        deals=number["deals"],
    )


def to_dict(options: Options) -> dict[str, str]:
    """The inverse of ``parse``, for storage."""
    tariff = {f"tariff_{field.name}": str(getattr(options.tariff, field.name)) for field in fields(Tariff)}
    switches = (
        "tout",
        "sie",
        "geier",
        "hochzeit",
        "farbwenz",
        "farbgeier",
        "bettel",
        "bettel_stichzwang",
        "aufstellen",
        "kontra",
    )
    return {
        "rule_set": options.rule_set,
        "pack": options.pack.value,
        **tariff,
        "laufende_from": str(options.laufende_from),
        "laufende_from_wenz_geier": str(options.laufende_from_wenz_geier),
        **{key: str(getattr(options, key)).lower() for key in switches},
        "all_pass": options.all_pass.value,
        "ramsch_tie": options.ramsch_tie.value,
        "jungfrau": options.jungfrau.value,
        "durchmarsch": options.durchmarsch.value,
        "durchmarsch_points": str(options.durchmarsch_points),
        "stock_on_loss": options.stock_on_loss.value,
        "deals": str(options.deals),
    }


def seats_problem(options: Options, seats: int) -> str | None:
    """Why ``seats`` players (two to four) cannot play under ``options``, or None (what
    the options' ``seats`` declare for a settings screen)."""
    if seats < 4 and options.pack is Pack.LONG:
        return f"the long pack (32 cards) is for four players; {seats} play the short pack (pack=short)"
    if seats < 4 and options.all_pass is AllPass.STOCK:
        return "the Stock is paid out in a partner game, and partner games need four players"
    if seats == 2 and options.all_pass in (AllPass.RAMSCH, AllPass.MUSS):
        what = "Ramsch" if options.all_pass is AllPass.RAMSCH else "muss"
        return f"two players have no {what}: choose all_pass=zusammenwerfen"
    return None


def _checked(option: OptionType, text: str) -> str:
    """``text`` if it is a value of ``option``, else InvalidOptionsError naming the rule."""
    if option.values:
        if text not in option.values:
            raise InvalidOptionsError(
                f"{option.key} must be one of {', '.join(option.values)}, not {quoted(text)}"
            )
        return text
    number = whole_number(option, text)
    assert option.minimum is not None and option.maximum is not None
    if number < option.minimum:
        what = (
            "a tariff cannot be negative"
            if option.key.startswith("tariff_")
            else f"the least is {option.minimum}"
        )
        raise InvalidOptionsError(f"{option.key} is {number}: {what}")
    if number > option.maximum:
        raise InvalidOptionsError(f"{option.key} is {number}: the most is {option.maximum}")
    return str(number)
