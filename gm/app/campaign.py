"""A campaign folder: its config, its store and the GM's set-up commands (the I/O edge)."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm.app.crash import crash_point
from gm.app.hostfile import HOST_FILE, host_folder, hosted_database
from gm.app.passwords import check_password, fingerprint, hash_password, new_password
from gm.app.people import campaign_name_problem, check_address, check_name, check_not_judge
from gm.core.data import DataError, DataSet
from gm.core.dice import HashDice, SeededDice
from gm.core.errors import Busy, GameError, Superseded
from gm.core.private import private_folder, tighten, write_private
from gm.games.registry import DEFAULT, playable, system_for
from gm.games.system import GameSystem
from gm.store import CampaignRow, PlayerRow, StateRow, Store
from gm.store.base import Database
from gm.store.claims import claimed
from gm.store.mail import MailLike
from gm.store.schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from gm.core.state import GameStateBase

CONFIG_FILE = "campaign.toml"
DATABASE_FILE = "campaign.sqlite"
CLAIM_WAIT_SECONDS = 120.0  # a worker's round on one campaign ends well before this
LETTER = re.compile(r"^[A-Z]$")


@dataclass(frozen=True)
class PlayerSpec:
    letter: str
    name: str
    email: str
    password: str | None = None  # None: one is made up and printed


def parse_player(text: str) -> PlayerSpec:
    """`A:Name:address@example.org[:password]` -> PlayerSpec; a clear error for anything else."""
    parts = text.split(":")
    if len(parts) not in (3, 4):
        raise GameError(f"player {text!r}: write LETTER:NAME:ADDRESS, e.g. A:Anna:anna@example.org")
    letter, name, email = (p.strip(" ") for p in parts[:3])  # a control character is refused
    password = parts[3].strip() if len(parts) == 4 else None
    if password is not None and (not password or "#" in password or " " in password):
        raise GameError(f"player {text!r}: a password has no spaces and no '#'")
    letter = letter.upper()
    if not LETTER.match(letter):
        raise GameError(f"player {text!r}: the letter must be one of A-Z")
    check_name(name, f"player {text!r}")
    check_address(email, f"player {text!r}")
    return PlayerSpec(letter, name, email, password)


def check_own_address(letter: str, address: str, addresses: dict[str, str]) -> None:
    """A GameError if another player has `address` (any case): the address is how the judge
    knows a player, and a message from one that two share may be either's (R79)."""
    others = sorted(other for other, theirs in addresses.items()
                    if other != letter and theirs.casefold() == address.casefold())
    if others:
        raise GameError(f"player {letter}: the address {address} is player "
                        f"{' and '.join(others)}'s already; give each player an address of "
                        "his own (the address is how the judge knows a player: "
                        "docs/rulings.md, R79)")


class PasswordCache:
    """Players' passwords checked against their hashes; scrypt is slow on purpose, so each
    (hash, password) is checked once. `waiting`: per player, the hashes of new passwords
    waiting for a code that is being sent back (gm.app.intake), checked too by `verify`."""

    def __init__(self, roster: list[PlayerRow],
                 waiting: Mapping[str, Sequence[str]] | None = None,
                 known: dict[tuple[str, str], bool] | None = None) -> None:
        self.hashes = {p.letter: p.password_hash for p in roster}
        self.waiting = {player: list(hashes) for player, hashes in (waiting or {}).items()}
        # (hash, password) -> whether they match: never changes, so a round's batches share
        # it (`known`) and check each password once, not once a batch (issue 37)
        self.known: dict[tuple[str, str], bool] = {} if known is None else known

    def _matches(self, stored: str, password: str) -> bool:
        key = (stored, password)
        if key not in self.known:
            self.known[key] = check_password(password, stored)
        return self.known[key]

    def check(self, player: str, password: str | None) -> bool:
        """Whether it is the player's password now."""
        stored = self.hashes.get(player)
        return stored is not None and bool(password) and self._matches(stored, password or "")

    def verify(self, player: str, password: str | None) -> str | None:
        """Which of the player's passwords it is, as a message checked against it keeps it:
        "p:" and his password's fingerprint, "n:" and that of a new one waiting for its code;
        None: neither."""
        stored = self.hashes.get(player)
        if stored is None or not password:
            return None
        if self._matches(stored, password):
            return f"p:{fingerprint(stored)}"
        found = next((h for h in self.waiting.get(player, ()) if self._matches(h, password)),
                     None)
        return None if found is None else f"n:{fingerprint(found)}"


def now() -> dt.datetime:
    """The clock, read at the I/O edge only. GM_NOW (ISO 8601) sets it, for a GM who replays
    a campaign's mail as of a past day, and for the tests of deadlines."""
    fixed = os.environ.get("GM_NOW")
    if fixed:
        try:
            moment = dt.datetime.fromisoformat(fixed)
        except ValueError:
            raise GameError(f"GM_NOW={fixed!r} is not an ISO 8601 time") from None
        return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    return dt.datetime.now(dt.UTC)


@dataclass
class Campaign:
    folder: Path
    store: Store
    row: CampaignRow
    system: GameSystem  # the game system the store names (campaigns.game)
    data_dir: str | None = None  # its data set's folder (None: the embedded one)
    loaded: DataSet | None = field(default=None, repr=False)
    options: tuple[str, ...] = ()  # the optional rules it plays (campaign.toml optional_rules)
    scenario: str | None = None  # its scenario, whose game's data set is the embedded one

    @property
    def data(self) -> DataSet:
        """Its data set, loaded when first asked for: a round with nothing to do, or a status,
        never needs it."""
        if self.loaded is None:
            self.loaded = _load_data(self.system, self.data_dir, self.options, self.scenario)
        return self.loaded

    @property
    def name(self) -> str:
        return self.row.name

    def latest(self) -> StateRow:
        return self.store.latest(self.row)

    def players(self) -> list[PlayerRow]:
        return self.store.players(self.row)

    def player_names(self) -> dict[str, str]:
        return {p.letter: p.name for p in self.players()}

    def phase_opened_at(self) -> dt.datetime:
        """When the open phase opened: the first entry of the latest run of entries in it."""
        history = self.store.entries(self.row)
        key = (history[-1].stage, history[-1].turn, history[-1].phase)
        opened = history[-1].created_at
        for row in reversed(history):
            if (row.stage, row.turn, row.phase) != key or \
                    row.action.startswith("adjudicate"):
                break
            opened = row.created_at
            if row.action.startswith("rollback"):
                break
        return opened

    def apply(self, action: str, detail: dict[str, Any],
              change: Callable[[GameStateBase, Any], GameStateBase],
              mail: Callable[[GameStateBase, GameStateBase], Sequence[MailLike]] | None = None,
              result: Callable[[], str | None] | None = None,
              release: Callable[[str], str] | None = None,
              dice: HashDice | None = None) -> GameStateBase:
        """Run one pure change on the latest state and append the result with its dice, with
        the mail it sends (`mail(before, after)`) and what it kept (`result()`) in the same
        transaction, on the state it started from (Superseded if another came between);
        `release`: the held mail goes with it (gm.store.mail.release_in); `dice`: dice
        players may verify (docs/dice.md), else the campaign's seeded for this entry."""
        latest = self.latest()
        rolled = dice or SeededDice(self.row.seed, f"{latest.seq + 1}:{action}")
        new_state = change(latest.state, rolled)
        self.store.append_state(self.row, action, detail, new_state, rolled.log, now(),
                                after=latest.seq, result=result() if result else None,
                                mail=mail(latest.state, new_state) if mail else (),
                                release=release)
        return new_state


def campaign_claim(database: str, name: str, wait: float = 0,
                   waiting: Callable[[], None] | None = None) -> AbstractContextManager[bool]:
    """A campaign's claim (gm.store.claims): held by a worker for its round on the campaign,
    and by every GM command that changes it, so that one at a time does (issue 24)."""
    return claimed(Database(database), f"campaign:{name}", wait, waiting)


def claim_wait() -> float:
    """How long a GM command waits for a worker's round to end: GM_CLAIM_WAIT seconds (0:
    not at all), else CLAIM_WAIT_SECONDS."""
    given = os.environ.get("GM_CLAIM_WAIT")
    if not given:
        return CLAIM_WAIT_SECONDS
    try:
        seconds = float(given)
    except ValueError:
        seconds = -1
    if not 0 <= seconds < float("inf"):
        raise GameError(f"GM_CLAIM_WAIT={given!r}: give the seconds to wait, e.g. 120")
    return seconds


@contextmanager
def held(campaign: Campaign, since: int | None = None, unchanged: bool = True,
         waiting: Callable[[str, float], None] | None = None) -> Iterator[Campaign]:
    """The campaign held from workers' rounds and other GM commands while a GM command changes
    it (the claim a worker's round takes), waiting up to claim_wait() seconds for whoever holds
    it, then refusing (Busy). With `unchanged`, refused too (Superseded) when an entry was
    added after the one the command started from (`since`, else the last one now) while it
    waited: what the GM asked was asked of what he had seen. `waiting(name, seconds)` is told
    once when it has to wait. Nothing is done when refused."""
    seen = campaign.store.last_entry(campaign.row)[0] if since is None else since
    wait = claim_wait()

    def told() -> None:
        crash_point("claim-busy")
        if waiting is not None:
            waiting(campaign.name, wait)

    with campaign_claim(campaign.store.url, campaign.name, wait, told) as mine:
        if not mine:
            raise Busy(f"a worker (or another gm command) is handling campaign {campaign.name} "
                       f"now{f' and has not finished in {wait:g} s' if wait else ''}; nothing "
                       "was done: try again in a moment")
        last, action = campaign.store.last_entry(campaign.row)
        if unchanged and last != seen:
            raise Superseded(f"campaign {campaign.name} changed while this command waited to "
                             f"change it: entry {last} ({action}) came after entry {seen}, which "
                             "it had read; nothing was done: look (gm status), then run the "
                             "command again if it is still wanted")
        yield campaign


def _load_data(system: GameSystem, data_dir: str | None, options: Sequence[str] = (),
               scenario: str | None = None) -> DataSet:
    """The data set (the scenario's embedded one when none is named), with the optional rules
    the campaign plays."""
    try:
        return system.with_options(system.load_data(Path(data_dir) if data_dir else None,
                                                    scenario), options)
    except DataError as exc:
        first = exc.problems[0] if exc.problems else "unknown problem"
        raise GameError(f"the data set has {len(exc.problems)} problem(s), first: {first}; "
                        "run `gm data check`") from None


def create_campaign(folder: Path, specs: list[PlayerSpec], seed: str | None,
                    data_dir: str | None, database: str | None, game: str = DEFAULT,
                    mode: str | None = None, scenario: str | None = None,
                    options: Sequence[str] = ()) -> tuple[Campaign, dict[str, str]]:
    """Make the folder, the store and the game's deal (of `scenario`, one the game lists;
    None: its first; `options`: the optional rules it plays, each one its game offers).
    Returns the players' passwords."""
    named = folder.resolve().name
    problem = campaign_name_problem(named)
    if problem:
        raise GameError(f"{folder}: the campaign's name {named!r} (its folder's) is refused: "
                        f"{problem}")
    system = playable(game)
    if mode is not None and mode not in system.modes:
        raise GameError(f"{system.title} is played {' or '.join(system.modes)}, not {mode!r}")
    if scenario is not None and scenario not in system.scenarios:
        raise GameError(f"{system.title} has no scenario {scenario!r}; " + (
            f"its scenarios: {', '.join(system.scenarios)}" if system.scenarios else
            "it has no scenarios to choose from"))
    scenario = scenario or (system.scenarios[0] if system.scenarios else None)
    letters = [s.letter for s in specs]
    duplicates = sorted({x for x in letters if letters.count(x) > 1})
    if duplicates:
        raise GameError(f"player letter {', '.join(duplicates)} given twice")
    from gm.app.settings import judge_addresses  # lazy: the mail settings, at gm new only

    judge, where = judge_addresses(folder)
    for spec in specs:
        check_own_address(spec.letter, spec.email, {s.letter: s.email for s in specs})
        check_not_judge(spec.letter, spec.email, judge, where)
    low, high = system.player_count(mode)
    if high == 1 and len(specs) != 1:
        raise GameError(f"a {mode} campaign has one player")
    if len(specs) < min(2, low):
        raise GameError(f"a campaign needs at least two players ({low} to {high} as designed, "
                        f"{system.players_rule})")
    if (folder / CONFIG_FILE).exists():
        raise GameError(f"{folder} already holds a campaign")
    data = _load_data(system, data_dir, options, scenario)
    refused = system.setup_problems(Path(data_dir)) if data_dir else []
    if refused:
        raise GameError(f"the data set has {len(refused)} problem(s), first: {refused[0]}; "
                        "run `gm data check`")
    import secrets  # lazy: a new campaign's seed only

    seed = seed or secrets.token_hex(8)
    dice = SeededDice(seed, "1:deal")
    state = system.new_game(data, sorted(letters), dice, mode, scenario)  # before any file
    private_folder(folder)  # 0700: the orders and mail in its database are the players'
    # Its host's PostgreSQL database, if it has one; else the folder's own file, named
    # relative to the folder.
    url = database or hosted_database(folder) or DATABASE_FILE
    config: dict[str, object] = {"name": folder.resolve().name, "database": url,
                                 "data": str(Path(data_dir).resolve()) if data_dir else "",
                                 **({"scenario": scenario} if scenario else {})}
    if options or system.optional_rules(scenario):  # a game that offers some: the GM's knob
        config["optional_rules"] = sorted(set(options))
    store = Store(database_url(folder, url))
    store.create_schema()
    passwords = {s.letter: s.password or new_password() for s in specs}
    roster = [PlayerRow(s.letter, s.name, s.email, hash_password(passwords[s.letter]))
              for s in sorted(specs, key=lambda s: s.letter)]
    row = store.create_campaign(folder.resolve().name, system.name, seed,
                                str(Path(data_dir).resolve()) if data_dir else None, roster,
                                now())
    from gm.app.config_template import settings_text  # lazy: gm new only

    host = host_folder(folder)
    write_private(folder / CONFIG_FILE, ("".join(
        f"{k} = {json.dumps(v)}\n" for k, v in config.items()) + settings_text(
        None if host is None else str(host / HOST_FILE))).encode("utf-8"))
    campaign = Campaign(folder, store, row, system, data_dir, data, tuple(sorted(set(options))),
                        scenario)
    dealt = {"players": sorted(letters), "mode": mode or system.modes[0]}
    store.append_state(row, "deal", dealt | ({"scenario": scenario} if scenario else {}),
                       state, dice.log, now(), after=0)
    return campaign, passwords


def optional_rules_lines(campaign: Campaign, scenario: str | None) -> list[str]:
    """What `gm new` says of the optional rules the campaign's game offers: each one, played
    or not, and where the GM changes that."""
    offered = campaign.system.optional_rules(scenario)
    if not offered:
        return []
    return ["optional rules (campaign.toml optional_rules):",
            *(f"  {case}: {what}: {'played' if case in campaign.options else 'not played'}"
              for case, what in offered.items())]


def database_url(folder: Path, configured: str) -> str:
    """The database campaign.toml names: a URL, or a file named relative to the folder (so a
    copied or moved folder is a campaign of its own). A folder whose config names another
    folder's SQLite file while it holds its own (copied before the database was named
    relative to it) is refused: it would write the original's."""
    if "://" not in configured:
        return f"sqlite:///{(folder / configured).resolve()}"
    if configured.startswith("sqlite:///"):
        named = Path(configured.removeprefix("sqlite:///"))
        own = folder / DATABASE_FILE
        if named.parent != folder.resolve() and own.exists() and named.exists() and \
                not named.samefile(own):
            raise GameError(f"{folder / CONFIG_FILE} names the database {named}, another "
                            f"folder's, while {own} is here: write database = "
                            f'"{DATABASE_FILE}" in it to play this copy')
    return configured


def campaign_config(folder: Path) -> tuple[str, str, str]:
    """(name, database URL, data folder) as campaign.toml gives them, read without opening
    the database."""
    name, url, data, _, _ = campaign_settings(folder)
    return name, url, data


def campaign_settings(folder: Path) -> tuple[str, str, str, tuple[str, ...], str | None]:
    """campaign_config's, the optional rules the campaign plays (`optional_rules`, a list of
    the game's cases) and its scenario (`scenario`); none when a key is absent, as in a
    campaign made before it."""
    config_path = folder / CONFIG_FILE
    if not config_path.is_file():
        raise GameError(f"no campaign at {folder} (no {CONFIG_FILE}); create one with `gm new`")
    try:
        config = tomllib.loads(config_path.read_text(encoding="utf-8"))
        name, url = str(config["name"]), str(config["database"])
    except (tomllib.TOMLDecodeError, KeyError, OSError) as exc:
        raise GameError(f"{config_path}: unreadable campaign config ({exc})") from None
    options = config.get("optional_rules", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise GameError(f"{config_path}: optional_rules is a list of rule cases, as "
                        f'optional_rules = ["17.5"]')
    scenario = config.get("scenario")
    return (name, database_url(folder, url), str(config.get("data") or ""), tuple(options),
            str(scenario) if scenario else None)


def open_campaign(folder: Path) -> Campaign:
    """The campaign in `folder`; its folder and database made private to their user (0700,
    0600) if an older version left them open to others."""
    name, url, data_dir, options, scenario = campaign_settings(folder)
    tighten(folder)
    store = Store(url)
    found = store.schema_version()
    if found > SCHEMA_VERSION:
        raise GameError("this database was written by a newer version of the program")
    if found < SCHEMA_VERSION:  # the migration, and the mail reading it needs: only then
        from gm.app.upgrade import bring_up_to_date  # lazy: only for an old database
        bring_up_to_date(store)
    row = store.campaign(name)
    return Campaign(folder, store, row, system_for(row.game), data_dir or row.data_dir,
                    options=options, scenario=scenario)
