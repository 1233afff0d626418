"""Nothing another local user may read (issue 24, item 5): campaign and host folders 0700 (and
every folder made on the way to them or to the cache), their databases (with SQLite's
write-ahead log and shared memory), settings and claim files 0600, reports written by
`gm report --out` 0600, the cache folder 0700 and its entries 0600, made so from the start
whatever the umask (these commands run with umask 000, which would leave everything open); an
older campaign's files made private when it is next opened; and a published site for all to
read but for no one else to write (folders 0755, pages 0644)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.core import private
from tests.conftest import gm
from tests.mailhelpers import ENV, PASSWORDS, PLAYERS
from tests.mailservers import PASSWORD, MailServers
from tests.test_races import DUE, PATIENCE, _finish, _let_go, _reached
from tests.test_workers import host_with_campaigns

ORDERS = "GAME {game}\nPLAYER A\nPASSWORD pwa\nMOVE 152: TVER-RYAZ\n"


def _gm(*args: str, cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`gm ARGS` in a fresh process with umask 000 and the cache folder `cache`."""
    result = subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True,
                            text=True, check=False, umask=0, timeout=PATIENCE,
                            env={**os.environ, ENV: PASSWORD, "GM_CACHE_DIR": str(cache),
                                 **env})
    assert result.returncode == 0, result.stderr
    return result


def _modes(*roots: Path) -> dict[str, str]:
    """Every folder and file under the roots (the roots too), with its mode in octal."""
    found = {}
    for root in roots:
        for path in [root, *root.rglob("*")]:
            found[str(path)] = oct(stat.S_IMODE(path.stat().st_mode))
    return found


def _open(modes: dict[str, str]) -> dict[str, str]:
    """Those not private: folders not 0700, files not 0600."""
    return {path: mode for path, mode in modes.items()
            if mode != (oct(0o700) if Path(path).is_dir() else oct(0o600))}


def _players() -> list[str]:
    return [arg for letter, address in PLAYERS.items()
            for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")]


def _played(tmp_path: Path) -> tuple[Path, Path]:
    """(campaign, cache folder): a campaign made, started and its first phase adjudicated, all
    with umask 000."""
    folder, cache = tmp_path / "camp", tmp_path / "cache"
    _gm("new", str(folder), "--seed", "modes", *_players(), cache=cache)
    _gm("end-trading", str(folder), cache=cache)
    _gm("start", str(folder), cache=cache)
    mail = tmp_path / "orders.txt"
    mail.write_text(ORDERS.format(game="camp"), encoding="utf-8")
    _gm("adjudicate", str(folder), str(mail), cache=cache)  # the parser's tables cached
    return folder, cache


def test_a_new_campaign_and_the_cache_are_private_whatever_the_umask(tmp_path: Path) -> None:
    folder, cache = _played(tmp_path)
    _gm("report", str(folder), "--format", "html", "--out", str(tmp_path / "r.html"),
        cache=cache)  # the templates compiled
    mine = tmp_path / "a.txt"  # a player's report: his orders and his template
    mine.write_text("an older report", encoding="utf-8")
    os.chmod(mine, 0o644)
    _gm("report", str(folder), "--player", "A", "--out", str(mine), cache=cache)
    picture = tmp_path / "a.png"  # his picture: his stacks outlined
    picture.write_bytes(b"an older picture")
    os.chmod(picture, 0o644)
    _gm("report", str(folder), "--format", "png", "--player", "A", "--out", str(picture),
        cache=cache)
    _gm("report", str(folder), "--format", "png", "--out", str(tmp_path / "gm.png"),
        cache=cache)
    modes = _modes(folder, cache)
    assert {Path(p).name for p in modes} >= {"camp", "campaign.toml", "campaign.sqlite"}
    kinds = {Path(p).name[:6] for p in modes if Path(p).parent == cache}
    assert kinds >= {"rcw-da", "orders", "__jinj"}, kinds  # data set, parser, templates
    assert _open(modes) == {}
    assert "PLAYER A" in mine.read_text(encoding="utf-8")
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert {name: oct(stat.S_IMODE((tmp_path / name).stat().st_mode))
            for name in ("r.html", "a.txt", "a.png", "gm.png")} == {
        name: oct(0o600) for name in ("r.html", "a.txt", "a.png", "gm.png")}


def test_every_folder_made_on_the_way_is_private_whatever_the_umask(tmp_path: Path) -> None:
    """Folders missing above a campaign, a host or the cache are made too, and 0700: none that
    another user could rename aside to put his own campaign, host or cache in its place."""
    cache = tmp_path / "newparent" / "cache"
    _gm("new", str(tmp_path / "games" / "sub" / "camp"), "--seed", "deep", *_players(),
        cache=cache)
    _gm("host", str(tmp_path / "hosts" / "h1"), cache=cache)
    made = [tmp_path / "games", tmp_path / "games" / "sub", tmp_path / "hosts",
            tmp_path / "newparent"]
    assert {str(p): oct(stat.S_IMODE(p.stat().st_mode)) for p in made} == {
        str(p): oct(0o700) for p in made}
    assert _open(_modes(*made)) == {}


def test_a_published_site_is_readable_by_all_and_writable_by_none_else(tmp_path: Path) -> None:
    """`gm publish` under umask 000: the site's folders (OUT and those made on the way) 0755,
    its pages 0644, not open to every user's writing."""
    folder, cache = _played(tmp_path)
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[publish]\nduring_play = "reports"\n')
    site = tmp_path / "site" / "www"
    _gm("publish", str(folder), str(site), cache=cache)
    modes = _modes(tmp_path / "site")
    assert {Path(p).name for p in modes} == {"site", "www", "index.html", "t1p1.html",
                                             "t1p1.svg"}
    assert {p: m for p, m in modes.items() if m != (
        oct(0o755) if Path(p).is_dir() else oct(0o644))} == {}


def test_the_demo_is_private_whatever_the_umask(tmp_path: Path) -> None:
    demo, cache = tmp_path / "gm-demo", tmp_path / "cache"
    folder, reports = demo / "demo", demo / "reports"
    _gm("demo", str(demo), cache=cache)
    assert list(reports.glob("report-GM.*")) and (folder / "campaign.sqlite").is_file()
    assert _open(_modes(demo, cache)) == {}
    assert oct(stat.S_IMODE(reports.stat().st_mode)) == oct(0o700)


def test_a_host_and_a_workers_round_leave_nothing_others_may_read(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`gm host` and `gm new` in it, then a worker's round, stopped as it stores its phase
    (every database open, with its write-ahead log, every claim file made), then done."""
    was = os.umask(0)
    try:
        host = host_with_campaigns(tmp_path / "judge", servers, None, 2, monkeypatch)
    finally:
        os.umask(was)
    cache, pauses = tmp_path / "cache", tmp_path / "pauses"
    pauses.mkdir()
    worker = subprocess.Popen(
        [sys.executable, "-m", "gm", "run", str(host), "--all", "--once"], umask=0,
        env={**os.environ, ENV: PASSWORD, "GM_NOW": DUE.isoformat(), "GM_CACHE_DIR": str(cache),
             "GM_PAUSE_AT": "before-adjudicate-store", "GM_PAUSE_DIR": str(pauses)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _reached(pauses, "before-adjudicate-store", worker)
    modes = _modes(host, cache)
    names = {Path(p).name for p in modes}
    assert {"host.toml", "strays.sqlite", "strays.sqlite-wal", "strays.sqlite-shm",
            "campaign.sqlite-wal"} <= names, names
    assert any(".claim-" in name for name in names)
    assert _open(modes) == {}
    _let_go(pauses, "before-adjudicate-store")
    done = _finish(worker)
    assert done.returncode == 0 and done.stdout.count("adjudicated") == 2, done.stderr
    assert _open(_modes(host, cache)) == {}


def test_an_older_campaigns_files_are_made_private_when_it_is_opened(tmp_path: Path) -> None:
    host = tmp_path / "judge"
    gm("host", str(host))
    folder = host / "old"
    gm("new", str(folder), "--seed", "old", *_players())
    open_campaign(folder).latest()  # the database open here: its write-ahead log is there
    database = folder / "campaign.sqlite"
    companions = [p for p in folder.glob("campaign.sqlite-*")]
    assert companions
    for path, mode in ((host, 0o755), (folder, 0o755), (database, 0o644),
                       *((p, 0o644) for p in companions)):
        os.chmod(path, mode)  # as an older version left them

    subprocess.run([sys.executable, "-m", "gm", "status", str(host)], check=True,
                   capture_output=True, timeout=PATIENCE)
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in (host, folder)} == {oct(0o700)}
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in (database, *companions)
            if p.exists()} == {oct(0o600)}


NOBODY = 65534  # another user, for what he plants (as root only)


def test_a_file_is_written_whole_through_a_new_file_of_a_name_none_can_foresee(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`write_whole` writes a new file beside its place and moves it there. What another put
    at the name it once used (the process id, which anyone can guess) is not opened: neither a
    link to a file of the user's (it was followed and truncated, or the write failed) nor a
    file of his own, which, moved into place, would have been his to change from then on; nor
    what is at a random name drawn (another is drawn). Under umask 000 the file is 0600."""
    path = tmp_path / "campaign.toml"
    victim = tmp_path / "victim"
    victim.write_bytes(b"the user's own")
    os.symlink(victim, tmp_path / f".campaign.toml.{os.getpid()}.part")
    drawn, real = [b"\x00" * 8, b"\x00" * 8], os.urandom  # twice a name that is taken
    monkeypatch.setattr(os, "urandom", lambda n: drawn.pop() if drawn else real(n))
    taken = tmp_path / f".campaign.toml.{'00' * 8}.part"
    taken.write_bytes(b"planted")
    os.chmod(taken, 0o666)
    was = os.umask(0)
    try:
        private.write_private(path, b"[mail]\n")
    finally:
        os.umask(was)
    assert path.read_bytes() == b"[mail]\n" and victim.read_bytes() == b"the user's own"
    assert oct(stat.S_IMODE(path.stat().st_mode)) == oct(0o600)
    assert taken.read_bytes() == b"planted" and drawn == []  # not opened: others drawn
    assert sorted(p.name for p in tmp_path.glob(".*.part")) == sorted(
        [taken.name, f".campaign.toml.{os.getpid()}.part"])  # the new one moved into place
    if os.geteuid() == 0:  # a file another user plants at the process id's name
        planted = tmp_path / f".campaign.toml.{os.getpid()}.part"
        planted.unlink()
        planted.write_bytes(b"his")
        os.chmod(planted, 0o666)
        os.chown(planted, NOBODY, NOBODY)
        private.write_private(path, b"[mail] again\n")
        found = path.stat()
        assert (found.st_uid, path.read_bytes()) == (os.getuid(), b"[mail] again\n")
        assert planted.read_bytes() == b"his"
