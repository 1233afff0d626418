"""A scenario's default deployment (deployment.yaml, docs/data-gwe.md): the hex of each unit
that sets up, for every unit a player does not deploy himself. A GM's own data set may lack
the file: then there are no defaults."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from gm.core.data import DataError, Problem
from gm.core.datafiles import read_files
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import HexId, Note, Source, _Frozen

DEPLOYMENT_FILE = "deployment.yaml"


class DeployedUnit(_Frozen):
    hex: HexId
    source: Source
    note: Note = None


class DeploymentFile(_Frozen):
    scenario: Annotated[str, Field(min_length=1)]  # "decision-in-galicia" (Serbia/Galicia 26.3)
    source: Source
    note: Note = None
    units: dict[str, DeployedUnit]


@dataclass(frozen=True)
class Deployment:
    path: Path
    file: DeploymentFile
    document: Any = None  # its lined document, to place problems

    @property
    def hexes(self) -> dict[str, Hex]:
        """Each unit's set-up hex, by unit id."""
        return {unit_id: parse_hex(entry.hex) for unit_id, entry in self.file.units.items()}


def load_deployment(directory: Path, lined: bool = True
                    ) -> tuple[Deployment | None, list[Problem]]:
    """The data set's deployment.yaml, or None if it has none; its problems at file and line."""
    path = directory / DEPLOYMENT_FILE
    if not path.is_file():
        return None, []
    documents, models, problems = read_files({DEPLOYMENT_FILE: (path, DeploymentFile)}, lined)
    if problems:
        return None, problems
    return Deployment(path, models[DEPLOYMENT_FILE], documents[DEPLOYMENT_FILE]), []


def read_deployment(directory: Path) -> Deployment | None:
    """The data set's default deployment, None without one; DataError if it is not valid."""
    deployment, problems = load_deployment(directory)
    if problems:
        raise DataError(problems)
    return deployment
