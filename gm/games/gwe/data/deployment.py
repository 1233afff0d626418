"""A scenario's default set-up hexes (deployment.yaml in the data set's folder): where a unit
its player did not DEPLOY goes as his deployment closes (Serbia/Galicia 26.31).

    scenario: decision-in-galicia
    source: "reconstructed: ..."
    units:
      AH-1-I: {hex: g0512, source: "reconstructed: ..."}
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gm.core.errors import GameError
from gm.games.gwe.data.hexes import HEX_PATTERN, Hex, parse_hex

DEPLOYMENT_FILE = "deployment.yaml"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DefaultHex(_Frozen):
    hex: Annotated[str, Field(pattern=HEX_PATTERN)]
    source: Annotated[str, Field(min_length=1)]


class DeploymentFile(_Frozen):
    scenario: Annotated[str, Field(min_length=1)]
    source: Annotated[str, Field(min_length=1)]
    units: dict[str, DefaultHex]


def read_deployment(directory: Path) -> dict[str, Hex] | None:
    """Unit id -> its default hex; None when the folder has no deployment.yaml. A file that
    cannot be read is a GameError naming it."""
    path = directory / DEPLOYMENT_FILE
    if not path.is_file():
        return None
    try:
        document = DeploymentFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (yaml.YAMLError, ValidationError, OSError) as exc:
        raise GameError(f"{path}: not a deployment file as docs/data-gwe.md describes "
                        f"({str(exc).splitlines()[0]})") from None
    return {unit_id: parse_hex(entry.hex) for unit_id, entry in document.units.items()}
