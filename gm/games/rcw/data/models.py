"""Schema of a data set: the map (map.yaml) and the counter mix (counters.yaml)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Color = Literal["red", "white", "blue", "green"]
ProvinceCode = Annotated[str, Field(pattern=r"^[A-Z]{3,4}$")]
RuleCase = Annotated[str, Field(pattern=r"^\d+(\.\d+)?$")]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Province(_Frozen):
    code: ProvinceCode
    name: Annotated[str, Field(min_length=1)]
    region: str
    adjacent: tuple[ProvinceCode, ...]
    rail: tuple[ProvinceCode, ...] = ()
    port: bool = False
    lat: Annotated[float, Field(ge=-90, le=90)]
    lon: Annotated[float, Field(ge=-180, le=180)]
    source: Annotated[str, Field(min_length=1)]


class SpecialCrossing(_Frozen):
    """A crossing the map draws apart from the land borders: 5.32 (straits), 5.33 (barrier)."""

    kind: Literal["straits", "barrier"]
    name: str
    between: tuple[ProvinceCode, ProvinceCode]
    colors: tuple[Color, ...] = ()  # straits: the colours that may cross
    rule: RuleCase
    note: str = ""


class SeaLabel(_Frozen):
    """A sea or gulf named on the drawn map, where its name is written."""

    name: str
    lat: Annotated[float, Field(ge=-90, le=90)]
    lon: Annotated[float, Field(ge=-180, le=180)]


class MapFile(_Frozen):
    regions: dict[str, str]
    special: tuple[SpecialCrossing, ...] = ()
    seas: tuple[SeaLabel, ...] = ()
    provinces: tuple[Province, ...]


class Nationality(_Frozen):
    color: Color
    name: str
    control_marker: bool = False  # 5.61, 5.62, 5.71
    regions: tuple[str, ...] | None = None  # where its units may go (5.65, 5.74, 5.76)
    provinces: tuple[ProvinceCode, ...] | None = None  # 5.75
    rule: RuleCase | None = None


class CombatUnit(_Frozen):
    id: Annotated[int, Field(ge=1)]
    kind: Literal["combat"]
    nationality: str
    strength: Annotated[int, Field(ge=1)]
    home: ProvinceCode
    source: str


class Leader(_Frozen):
    id: Annotated[int, Field(ge=1)]
    kind: Literal["leader"]
    nationality: Literal["RD", "WH"]
    name: Annotated[str, Field(min_length=1)]
    value: Annotated[int, Field(ge=1)]
    home: ProvinceCode
    asterisk: bool = False  # 15.52
    asterisk_unit: int | None = None  # the one unit it must deploy on, where stated (15.52)
    solitaire_setup: ProvinceCode | None = None  # 27.12
    spellings: tuple[str, ...] = ()
    source: str


class Imperial(_Frozen):
    id: Literal["CZAR", "GOLD"]
    name: str
    setup: ProvinceCode  # 13.0: deployed under the combat unit of `under` colour there
    under: Literal["red", "white"]
    rule: RuleCase


class Markers(_Frozen):
    politburo: Annotated[int, Field(ge=0)]
    assassin: Annotated[int, Field(ge=0)]
    blue_control: tuple[str, ...]
    blue_withdrawal: tuple[str, ...]
    green_control: tuple[str, ...]
    player_control_sets: Annotated[int, Field(ge=1)]
    player_control_per_set: Annotated[int, Field(ge=1)]
    game_turn: Annotated[int, Field(ge=0)] = 1


class InitialForcesMix(_Frozen):
    red_leaders: int
    white_leaders: int
    politburo: int
    assassin: int


class AuxiliaryForcesMix(_Frozen):
    blue_control: int
    blue_withdrawal: int
    green_control: int
    assassin: int


class Randomizers(_Frozen):
    initial_forces: InitialForcesMix
    auxiliary_forces: AuxiliaryForcesMix


Unit = Annotated[CombatUnit | Leader, Field(discriminator="kind")]


class CountersFile(_Frozen):
    nationalities: dict[str, Nationality]
    markers: Markers
    randomizers: Randomizers
    imperial: tuple[Imperial, ...]
    units: tuple[Unit, ...]
