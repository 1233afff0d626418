"""The reports by mail: each player's own (text and HTML), and the GM's copy of the GM report,
after every phase and when the game opens."""

from __future__ import annotations

import datetime as dt

from gm.app.campaign import Campaign, now
from gm.app.reports import reported, verified_stages, with_dice
from gm.app.schedule import deadline_text
from gm.app.settings import MailConfig, mail_config_or_none
from gm.core.errors import GameError
from gm.core.state import GameStateBase
from gm.messages.compose import MapPicture, Outgoing, map_content_id, report_mail
from gm.reporting.model import Event
from gm.reporting.picture import picture
from gm.reporting.render import mailed_html, render_report


def _mail(campaign: Campaign, config: MailConfig, to: str, key: str, kind: str,
          before: GameStateBase | None, after: GameStateBase, events: list[Event],
          player: str | None, salts: list[str], opened_at: dt.datetime,
          sent: list[str] | None, closed: str | None = None,
          reseeded: int | None = None) -> Outgoing:
    model = with_dice(campaign.system.report(
        campaign.name, before, after, campaign.data, events, player,
        deadline=deadline_text(campaign.folder, opened_at), names=campaign.player_names(),
        sent=sent), campaign.row.seed, before, after, salts, closed, verified_stages(campaign),
        reseeded)
    png = picture(model)  # his own: his stacks outlined, his caption
    attached = None if png is None else MapPicture(
        png, map_content_id(campaign.row, kind, key), render_report(model, "html"))
    html = mailed_html(model, None if attached is None else f"cid:{attached.content_id}")
    return report_mail(campaign.row, config.gm_address, to, key, model.title,
                       render_report(model, "text"), html, now().astimezone(config.zone()), kind,
                       attached)


def reports_by_mail(campaign: Campaign, before: GameStateBase | None, after: GameStateBase,
                    events: list[Event], key: str, salts: list[str] | None = None,
                    players: bool = True, opened_at: dt.datetime | None = None,
                    sent: list[str] | None = None, closed: str | None = None,
                    reseeded: int | None = None) -> list[Outgoing]:
    """Each player's report and the GM's copy, when the campaign is played by mail;
    `opened_at`: when the phase after it opened (default: now), for its deadline; `sent`: the
    players whose orders it was adjudicated with; `closed`: the set-up stage whose close's dice
    it reveals; `reseeded`: the rollback that seeded its phases afresh (gm.app.seeds)."""
    config = mail_config_or_none(campaign.folder)
    if config is None:
        return []
    opened_at = opened_at or now()
    mail = []
    if players:
        for player in campaign.players():
            if player.letter not in after.players_in_game():
                continue
            mail.append(_mail(campaign, config, player.email, f"{key}.{player.letter}",
                              "report", before, after, events, player.letter, salts or [],
                              opened_at, sent, closed, reseeded))
    mail.append(_mail(campaign, config, config.gm_inbox, key, "gm-report", before, after,
                      events, None, salts or [], opened_at, sent, closed, reseeded))
    return mail


def queue_phase_reports(campaign: Campaign, turn: int | None, phase: int | None
                        ) -> tuple[int, bool]:
    """Each player's report and the GM's copy queued for `gm send`: (reports queued, whether
    the GM's copy was)."""
    found = reported(campaign, turn, phase)
    outgoing = reports_by_mail(campaign, found.before, found.after, found.events,
                               str(found.last_seq), found.salts, opened_at=found.opened_at,
                               sent=found.sent, closed=found.closed, reseeded=found.reseeded)
    if not outgoing:
        raise GameError(f"{campaign.folder}/campaign.toml has no [mail] table: see "
                        "docs/gm-guide.md, By mail")
    queued = [m.kind for m in outgoing if campaign.store.queue(campaign.row, m, now())]
    return queued.count("report"), "gm-report" in queued


def report_for(campaign: Campaign, config: MailConfig, player: str, address: str,
               turn: int | None, phase: int | None, key: str) -> Outgoing:
    """One player's report of a phase (the last when `turn` is None) again, as REPORT asks."""
    found = reported(campaign, turn, phase)
    return _mail(campaign, config, address, key, "report", found.before, found.after,
                 found.events, player, found.salts, found.opened_at or now(), found.sent,
                 found.closed, found.reseeded)
