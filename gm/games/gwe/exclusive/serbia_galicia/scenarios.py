"""Serbia/Galicia's scenarios (26.0) as data: who plays which side, where its markers start,
the Game-Turns it is played over and the stages of its set-up."""

from __future__ import annotations

from pathlib import Path

from gm.games.gwe.exclusive.serbia_galicia.supply_track import START, TRACK
from gm.games.gwe.rules.game_values import Deployment, Scenario

HERE = Path(__file__).resolve().parent

DECISION_IN_GALICIA = Scenario(
    name="decision-in-galicia", title="Decision in Galicia",
    rule="Serbia/Galicia 26.3",
    players={"C": "central", "E": "allied"},
    turn=7,  # 26.3: the game begins on Game-Turn 7
    last_turn=13,  # 26.3: and ends at the end of Game-Turn 13
    vp=35,  # 26.33: the Allied markers begin at 35
    deployments=(  # 26.31: the Austro-Hungarian Player sets up first
        Deployment("ah-deployment", "central", "AH", "C", "the Austro-Hungarian deployment"),
        Deployment("ru-deployment", "allied", "RU", "E", "the Russian deployment")),
    victory_rule="Serbia/Galicia 25.3, 26.3",
    setup_rule="Serbia/Galicia 26.31", setup_note="the Austro-Hungarian Player sets up first",
    attrition_rule="Serbia/Galicia 26.32",
    start_line="each army sets up in its sector, on the line or beside it on its own side "
               "(Austro-Hungarians south and west, Russians north and east); hexes north-west "
               "to south-east",
    players_help="give -p C:NAME:ADDRESS for the Central Powers (Austria-Hungary) and "
                 "-p E:NAME:ADDRESS for the Allies (Russia)")

HISTORICAL_CAMPAIGN = Scenario(
    name="historical-campaign", title="The Historical Campaign Game",
    rule="Serbia/Galicia 26.1",
    players={"C": "central", "E": "allied"},
    turn=1,  # 26.1: from the start of Game-Turn 1
    last_turn=13,  # to the end of Game-Turn 13
    vp=0,  # 25.0: the net Allied total, from nothing (ruling G96)
    deployments=(),  # 26.1: "Use the set-up and reinforcement designations on the counters"
    victory_rule="Serbia/Galicia 25.3, 26.1",
    tracks={TRACK: START},  # 20.3: four Serbian Supply Points at the start
    data_set=HERE / "dataset" / "serbia-galicia",  # both maps, every counter (2.1)
    side_names={"allied": "Allied"},  # Russians and Serbians (2.3); in Galicia, the Russian
    players_help="give -p C:NAME:ADDRESS for the Central Powers (Austria-Hungary) and "
                 "-p E:NAME:ADDRESS for the Allies (Russia and Serbia)")

