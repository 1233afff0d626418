"""A Decision in Galicia campaign made straight from a position (issue 28): its folder and
store as `gm new` makes them, its state the one given (until `gm new --scenario` lands)."""

from __future__ import annotations

import json
from pathlib import Path

from gm.app.campaign import CONFIG_FILE, DATABASE_FILE, database_url, now
from gm.app.config_template import settings_text
from gm.app.passwords import hash_password
from gm.core.private import private_folder, write_private
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.state import GweState, UnitState
from gm.games.registry import system_for
from gm.store import PlayerRow, Store

GALICIA = system_for("gwe").default_data_dir()


def galician_state(places: dict[str, str], turn: int = 7, phase: int = 1,
                   vp: int | None = 35) -> GweState:
    """The galician counter mix, the units of `places` on the map (unit -> hex), the others
    still to come; player A the Allied (Russian) side, B the Austro-Hungarian."""
    data = system_for("gwe").load_data()
    assert isinstance(data, GweData)
    units = {u.id: UnitState(place="map", hex=places[u.id]) if u.id in places
             else UnitState(place="pending") for u in data.counters.units}
    return GweState(game="gwe", players=("A", "B"), stage="play", turn=turn, phase=phase,
                    units=units, vp=vp, sides={"A": "allied", "B": "central"})


def galician_campaign(folder: Path, state: GweState, data_dir: Path | None = None,
                      seed: str = "galicia", mail: str = "",
                      addresses: tuple[str, str] = ("a@example.org", "b@example.org")) -> Path:
    """A campaign in `folder` at `state`; players A and B (at `addresses`), passwords pa and
    pb; `mail`: the campaign.toml's [mail] table, if it is played by mail."""
    private_folder(folder)
    store = Store(database_url(folder, DATABASE_FILE))
    store.create_schema()
    roster = [PlayerRow(p, f"Player {p}", address, hash_password(f"p{p.lower()}"))
              for p, address in zip(("A", "B"), addresses, strict=True)]
    row = store.create_campaign(folder.name, "gwe", seed,
                                str(data_dir) if data_dir else None, roster, now())
    config = {"name": folder.name, "database": DATABASE_FILE,
              "data": str(data_dir) if data_dir else ""}
    write_private(folder / CONFIG_FILE, ("".join(
        f"{k} = {json.dumps(v)}\n" for k, v in config.items()) + (mail or settings_text(None))
    ).encode("utf-8"))
    store.append_state(row, "deal", {"players": ["A", "B"], "mode": "postal"}, state, [], now(),
                       after=0)
    return folder
