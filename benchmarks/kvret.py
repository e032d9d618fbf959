"""KVRET (Stanford in-car dialogues): false positives on the assistant turns as given, and
detection of corrupted copies.

Each dialogue comes with its own table (calendar events, points of interest, or a weekly
forecast per city). The script turns the table into RDF (an ontology per domain, a KB per
dialogue, the forecast as ``kgc:Observation`` nodes per day), checks every assistant turn with
the dialogue so far, then swaps one time, date, distance, temperature, address, party or event
name in the turn for another value of the same column of the table, a place for a made-up one,
or a weather condition ("snow") for another of
the domain's closed set of conditions, and checks it again.

    python benchmarks/kvret.py [PATH] [--limit N] [--seed S] [--show K] [--intent I]

PATH defaults to ``../shared/benchmarks/kvret/kvret_dev_public.json`` from the repository root.
Prints the false-positive rate (assistant turns as given with a flag at or above the
configuration's ``mitigation.flag_threshold``: a flag the mitigator acts on; and, for reference,
with any flag at all, evidence under the threshold included), per detector, and the detection
rate per kind of corruption (an acted-on flag on the swapped value; for a party or an event
name, a new acted-on flag in its sentence). Parties and event names are swapped only where the
sentence states a time, date, party or event of them that no row of the new one has; places
named in the turn are swapped for a made-up place (``MADE_UP_PLACES``) absent from the table
and the dialogue.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from kvret_encodings import ENCODINGS  # noqa: E402  (a module beside this script)

DEFAULT = ROOT.parent / "shared" / "benchmarks" / "kvret" / "kvret_dev_public.json"

#: Reference week: Monday 23 November 2026 (the tables give weekdays and days of the month).
MONDAY = date(2026, 11, 23)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

PREFIXES = """\
@prefix rdf:  <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl:  <http://www.w3.org/2002/07/owl#> .
@prefix xsd:  <http://www.w3.org/2001/XMLSchema#> .
@prefix kgc:  <https://w3id.org/kgcheck#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix kv:   <https://example.org/kvret#> .
"""

#: The weather conditions of the forecasts, a closed set (``kgc:closedWorld``): each member's
#: words, its name in the tables first ("rain" and "raining" in a table are one condition).
CONDITIONS = {
    "foggy": ("foggy", "fog"),
    "clearSkies": ("clear skies", "clear sky", "clear"),
    "cloudy": ("cloudy", "clouds", "cloud"),
    "rain": ("rain", "raining", "rainy", "rains"),
    "overcast": ("overcast",),
    "dry": ("dry",),
    "snow": ("snow", "snowing", "snowy", "snows"),
    "windy": ("windy", "wind", "winds"),
    "drizzle": ("drizzle", "drizzling", "drizzly"),
    "hail": ("hail", "hailing"),
    "stormy": ("stormy", "storm", "storms"),
    "humid": ("humid", "humidity"),
    "misty": ("misty", "mist"),
    "dew": ("dew",),
    "blizzard": ("blizzard", "blizzards"),
    "frost": ("frost", "frosty"),
}
#: "hot" and "warm" in the tables say how the day feels, which no condition excludes ("stormy,
#: low of 90F": "it will be extremely warm"): a closed set of their own.
FEELS = {"hot": ("hot",), "warm": ("warm",)}
CONDITION_OF = {word: name for name, words in CONDITIONS.items() for word in words}
FEEL_OF = {word: name for name, words in FEELS.items() for word in words}

ONTOLOGY = {
    "schedule": """
kv:Event a owl:Class ; rdfs:label "event" .
kv:Person a owl:Class ; rdfs:label "person" .
kv:date a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "date" ;
    rdfs:domain kv:Event ; rdfs:range xsd:date ; kgc:lexicalForm "date" .
kv:time a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "time" ;
    rdfs:domain kv:Event ; rdfs:range xsd:time ; kgc:lexicalForm "time" .
kv:room a owl:DatatypeProperty ; rdfs:label "room" ; rdfs:domain kv:Event ;
    rdfs:range xsd:string .
kv:agenda a owl:DatatypeProperty ; rdfs:label "agenda" ; rdfs:domain kv:Event ;
    rdfs:range xsd:string ; kgc:lexicalForm "agenda" .
kv:party a owl:ObjectProperty ; rdfs:label "party" ; rdfs:domain kv:Event ;
    rdfs:range kv:Person .
""",
    "navigate": """
kv:Place a owl:Class ; rdfs:label "place" .
kv:address a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "address" ;
    rdfs:domain kv:Place ; rdfs:range xsd:string ;
    kgc:lexicalForm "address" , "be located at" , "be at" , "be situated at" .
kv:distance a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "distance" ;
    rdfs:domain kv:Place ; rdfs:range xsd:decimal ; kgc:unit "mile" ; kgc:tolerance 0.0 ;
    kgc:lexicalForm "distance" .
kv:poiType a owl:DatatypeProperty ; rdfs:label "kind of place" ; rdfs:domain kv:Place ;
    rdfs:range xsd:string .
kv:traffic a owl:DatatypeProperty ; rdfs:label "traffic" ; rdfs:domain kv:Place ;
    rdfs:range xsd:string .
""",
    "weather": """
kv:City a owl:Class ; rdfs:label "city" .
kv:Condition a owl:Class ; rdfs:label "weather condition" ; kgc:closedWorld true .
kv:weather a owl:ObjectProperty ; rdfs:label "weather" ; rdfs:domain kv:City ;
    rdfs:range kv:Condition ; kgc:lexicalForm "weather" , "forecast" .
kv:Feel a owl:Class ; rdfs:label "how the day feels" ; kgc:closedWorld true .
kv:feel a owl:ObjectProperty ; rdfs:label "feel" ; rdfs:domain kv:City ; rdfs:range kv:Feel .
kv:low a owl:DatatypeProperty ; rdfs:label "low temperature" ; rdfs:domain kv:City ;
    rdfs:range xsd:decimal ; kgc:unit "F" ; kgc:tolerance 0.0 ;
    kgc:lexicalForm "low" , "low of" , "lowest temperature" , "low temperature" , "minimum" .
kv:high a owl:DatatypeProperty ; rdfs:label "high temperature" ; rdfs:domain kv:City ;
    rdfs:range xsd:decimal ; kgc:unit "F" ; kgc:tolerance 0.0 ;
    kgc:lexicalForm "high" , "high of" , "highest temperature" , "high temperature" ,
        "maximum" .
""",
}


@dataclass
class Swap:
    """One corruption: ``old`` at ``start`` in the turn replaced by ``new``."""

    kind: str
    start: int
    old: str
    new: str


def literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def day_of(value: str, today: date) -> date | None:
    """A KVRET date ("the 14th", "thursday") as a date of the reference week or month."""
    value = value.strip().lower()
    if value in WEEKDAYS:
        return today + timedelta(days=(WEEKDAYS.index(value) - today.weekday()) % 7)
    m = re.fullmatch(r"the (\d{1,2})(?:st|nd|rd|th)", value)
    if m is None:
        return None
    day = int(m.group(1))
    month = today.replace(day=1) if day >= today.day else (today.replace(day=28) + timedelta(7))
    try:
        return month.replace(day=day)
    except ValueError:
        return None


def time_of(value: str) -> str | None:
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*([ap])m", value.strip().lower())
    if m is None:
        return None
    hour = int(m.group(1)) % 12 + (12 if m.group(3) == "p" else 0)
    return f"{hour:02d}:{int(m.group(2) or 0):02d}:00"


def build_kb(intent: str, items: list[dict[str, str]], today: date) -> str:
    """The Turtle of one dialogue's table."""
    lines = [PREFIXES, ONTOLOGY[intent]]
    people: dict[str, str] = {}
    for n, row in enumerate(items):
        node = f"kv:r{n}"
        if intent == "schedule":
            lines.append(f"{node} a kv:Event ; rdfs:label {literal(row['event'])} .")
            when = day_of(row.get("date", "-"), today)
            if when is not None:
                lines.append(f'{node} kv:date "{when.isoformat()}"^^xsd:date .')
            clock = time_of(row.get("time", "-"))
            if clock is not None:
                lines.append(f'{node} kv:time "{clock}"^^xsd:time .')
            for key in ("room", "agenda"):
                if row.get(key, "-") != "-":
                    lines.append(f"{node} kv:{key} {literal(row[key])} .")
            party = row.get("party", "-")
            if party != "-":
                person = people.setdefault(party.lower(), f"kv:p{len(people)}")
                lines.append(f"{person} a kv:Person ; rdfs:label {literal(party)} .")
                lines.append(f"{node} kv:party {person} .")
        elif intent == "navigate":
            lines.append(f"{node} a kv:Place ; rdfs:label {literal(row['poi'])} .")
            lines.append(f"{node} kv:address {literal(row['address'])} .")
            lines.append(f"{node} kv:poiType {literal(row['poi_type'])} .")
            lines.append(f"{node} kv:traffic {literal(row['traffic_info'])} .")
            miles = re.match(r"(\d+(?:\.\d+)?)", row["distance"])
            if miles:
                lines.append(f"{node} kv:distance {miles.group(1)} .")
        else:
            if n == 0:
                lines += [
                    f"kv:{name} a kv:Condition ; rdfs:label {literal(words[0])}"
                    + "".join(f" ; skos:altLabel {literal(w)}" for w in words[1:])
                    + " ."
                    for name, words in CONDITIONS.items()
                ]
                lines += [f"kv:{name} a kv:Feel ; rdfs:label {literal(name)} ." for name in FEELS]
            lines.append(f"{node} a kv:City ; rdfs:label {literal(row['location'])} .")
            for day in WEEKDAYS:
                forecast = row.get(day)
                if not forecast:
                    continue
                when = day_of(day, today)
                assert when is not None
                parts = [p.strip() for p in forecast.split(",")]
                condition = CONDITION_OF.get(parts[0].lower())
                feel = FEEL_OF.get(parts[0].lower())
                facts = [f"kv:weather kv:{condition}"] if condition else []
                facts += [f"kv:feel kv:{feel}"] if feel else []
                for part in parts[1:]:
                    m = re.match(r"(low|high) of (-?\d+)F", part)
                    if m:
                        facts.append(f"kv:{m.group(1)} {m.group(2)}")
                if not facts:
                    continue
                lines.append(
                    f"[ a kgc:Observation ; kgc:subject {node} ; "
                    f'kgc:period "{when.isoformat()}"^^xsd:date ; {" ; ".join(facts)} ] .'
                )
    return "\n".join(lines)


def reference_day(intent: str, items: list[dict[str, str]]) -> date:
    """Weather tables say which weekday is today; other dialogues use the reference Monday."""
    if intent == "weather" and items:
        today = items[0].get("today", "monday").lower()
        if today in WEEKDAYS:
            return MONDAY + timedelta(days=WEEKDAYS.index(today))
    return MONDAY


def swaps(
    intent: str,
    items: list[dict[str, str]],
    text: str,
    rng: random.Random,
    today: date,
    more_rng: random.Random | None = None,
    dialogue_text: str = "",
) -> list[Swap]:
    """Corruptions of ``text``: a table value found in it swapped for another of its column
    that means something else ("tuesday" is no corruption of "the 8th" when the 8th is a
    Tuesday). The party, event-name and made-up-place swaps draw from ``more_rng`` (when
    given), so that adding them leaves the other slots' draws as they were; a made-up place
    is never one named anywhere in ``dialogue_text``."""
    columns: dict[str, set[str]] = defaultdict(set)
    for row in items:
        if intent == "schedule":
            for key in ("time", "date"):
                if row.get(key, "-") != "-":
                    columns[key].add(row[key])
        elif intent == "navigate":
            columns["distance"].add(row["distance"])
            columns["address"].add(row["address"])
        else:
            for day in WEEKDAYS:
                for m in re.finditer(r"(?:low|high) of (-?\d+F)", row.get(day, "")):
                    columns["temperature"].add(m.group(1))
                condition = row.get(day, "").split(",")[0].strip().lower()
                if condition in CONDITION_OF or condition in FEEL_OF:
                    columns["weather type"].add(condition)
    out = []
    more = rng if more_rng is None else more_rng
    if intent == "schedule":
        out += _party_swaps(items, text, more, today)
        out += _event_swaps(items, text, more, today)
    elif intent == "navigate":
        out += _place_swaps(items, text, more, dialogue_text)
    if "weather type" in columns:
        out += _condition_swaps(text, rng)
        del columns["weather type"]
    for kind, values in columns.items():
        for value in sorted(values):
            pattern = _pattern(kind, value)
            for m in re.finditer(pattern, text, re.I):
                others = sorted(
                    v for v in values if _norm(kind, v, today) != _norm(kind, value, today)
                )
                if others:
                    out.append(Swap(kind, m.start(), m.group(0), rng.choice(others)))
    return out


#: Plausible places that a navigation table might hold; a "made-up place" swap puts one of them,
#: absent from the dialogue's table and from the whole dialogue, for a place the reply names.
MADE_UP_PLACES = (
    "Blue Bottle Coffee",
    "Safeway",
    "Costco",
    "Walgreens",
    "Panera Bread",
    "Home Depot",
    "Olive Garden",
    "Jamba Juice",
    "Hilton Garden Inn",
    "Arco",
)


def _relation(party: str) -> bool:
    """A party written in lower case is a relation or a group ("mother", "sales team")."""
    return party[:1].islower()


def _surface(new: str, text: str, start: int) -> str:
    """``new`` capitalised when it starts a sentence of ``text`` at ``start``."""
    opens = not text[:start].strip() or text[:start].rstrip()[-1] in ".!?"
    return new[:1].upper() + new[1:] if opens and new[:1].islower() else new


def _party_swaps(
    items: list[dict[str, str]], text: str, rng: random.Random, today: date
) -> list[Swap]:
    """A party of the table named in a sentence of the turn ("with Jeff", "your mother") for
    another party of the table none of whose rows has a time, date or event the sentence states
    of the first party's rows ("your" goes with a relation: "with Jeff" -> "with your boss")."""
    parties = sorted({row["party"] for row in items if row.get("party", "-") not in {"-", ""}})
    out = []
    for sentence in re.finditer(r"[^.!?]+[.!?]*", text):
        body = sentence.group(0)
        for party in parties:
            pattern = rf"(?<![\w-])(?:(?:your|my)\s+)?{re.escape(party)}(?![\w-])"
            for m in re.finditer(pattern, body, re.I):
                stated = _stated_of(items, "party", party, body, today)
                others = [
                    p
                    for p in parties
                    if p.lower() != party.lower()
                    and not _stated_of(items, "party", p, body, today) & stated
                ]
                if not others:
                    continue
                new = rng.choice(others)
                new = f"your {new}" if _relation(new) else new
                start = sentence.start() + m.start()
                out.append(Swap("party", start, m.group(0), _surface(new, text, start)))
    return out


def _event_key(event: str) -> str:
    """An event's name without the words that do not tell events apart ("dentist appointment"
    and "dentist", "taking medicine" and "medicine" are one)."""
    words = event.lower().split()
    return " ".join(w for w in words if w not in {"appointment", "activity", "taking"})


def _event_pattern(event: str) -> str:
    words = event.split()
    core = r"(?:'s)?\s+".join(map(re.escape, words))
    tail = "" if words[-1].lower() in {"appointment", "activity"} else r"(?:\s+appointment)?"
    return rf"(?<![\w-]){core}{tail}(?![\w-])"


def _stated(row: dict[str, str], sentence: str, today: date) -> set[tuple[str, str]]:
    """The time, date, party and event of ``row`` that ``sentence`` states."""
    out = set()
    for kind in ("time", "date", "party"):
        value = row.get(kind, "-")
        if value in {"-", ""}:
            continue
        if re.search(_pattern(kind, value), sentence, re.I):
            out.add((kind, _norm(kind, value, today)))
    if row.get("event") and re.search(_event_pattern(row["event"]), sentence, re.I):
        out.add(("event", _event_key(row["event"])))
    return out


def _stated_of(
    items: list[dict[str, str]], column: str, value: str, sentence: str, today: date
) -> set[tuple[str, str]]:
    """What ``sentence`` states of the rows whose ``column`` is ``value`` (the value itself
    left out)."""
    same = _event_key if column == "event" else str.lower
    return {
        fact
        for row in items
        if same(row.get(column, "")) == same(value)
        for fact in _stated(row, sentence, today)
        if fact[0] != column
    }


def _event_swaps(
    items: list[dict[str, str]], text: str, rng: random.Random, today: date
) -> list[Swap]:
    """An event's name in the turn for another event of the table, only in a sentence that
    states a time, date or party of an event of that name (so that the swap is checkable), and
    only for an event none of whose rows has any of the stated values (so that the swapped
    sentence is false on every count); questions are left alone."""
    events = sorted({row["event"] for row in items if row.get("event")}, key=len, reverse=True)
    out: list[Swap] = []
    taken: list[tuple[int, int]] = []
    for sentence in re.finditer(r"[^.!?]+[.!?]*", text):
        body = sentence.group(0)
        if body.rstrip().endswith("?"):
            continue
        for event in events:
            key = _event_key(event)
            stated = _stated_of(items, "event", event, body, today)
            if not stated:
                continue
            others = sorted(
                {
                    other
                    for other in events
                    if _event_key(other) != key
                    and not _stated_of(items, "event", other, body, today) & stated
                }
            )
            for m in re.finditer(_event_pattern(event), body, re.I):
                start, end = sentence.start() + m.start(), sentence.start() + m.end()
                if any(start < e and s < end for s, e in taken):
                    continue
                taken.append((start, end))
                if others:
                    new = _surface(rng.choice(others), text, start)
                    out.append(Swap("event name", start, m.group(0), new))
    return out


def _place_swaps(
    items: list[dict[str, str]], text: str, rng: random.Random, dialogue_text: str
) -> list[Swap]:
    """A place of the table named in the turn for a plausible place that neither the table nor
    the dialogue names; addresses standing as places ("5672 barringer street") and "home" are
    left alone."""
    names = {row["poi"].lower() for row in items}
    spoken = dialogue_text.lower()
    made_up = [
        p
        for p in MADE_UP_PLACES
        if p.lower() not in names and not re.search(rf"\b{re.escape(p.lower())}\b", spoken)
    ]
    out = []
    places = sorted({row["poi"] for row in items}, key=len, reverse=True)
    taken: list[tuple[int, int]] = []
    for row_poi in places:
        row = next(r for r in items if r["poi"] == row_poi)
        if row.get("poi_type") == "certain address" or row_poi.lower() == "home":
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(row_poi)}(?![\w-])", text, re.I):
            if any(m.start() < e and s < m.end() for s, e in taken) or not made_up:
                continue
            taken.append((m.start(), m.end()))
            out.append(Swap("made-up place", m.start(), m.group(0), rng.choice(made_up)))
    return out


#: Slots whose swap makes a pair false (an event and its time, a party and its date): a flag
#: anywhere in the swap's sentence counts.
RELATIONAL = {"party", "event name"}


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence of ``text`` holding ``start``..``end``."""
    low = max((m.end() for m in re.finditer(r"[.!?]\s", text[:start])), default=0)
    m = re.search(r"[.!?](?:\s|$)", text[end:])
    return low, end + m.end() if m else len(text)


def _condition_swaps(text: str, rng: random.Random) -> list[Swap]:
    """A condition word of the turn ("snow", "raining") for another condition of the domain;
    a denied one ("no snow", "will not rain") is left alone: denying another is no error."""
    words = sorted(CONDITION_OF, key=len, reverse=True)
    found = re.finditer(rf"(?<![\w-])(?:{'|'.join(map(re.escape, words))})(?![\w-])", text, re.I)
    out = []
    for m in found:
        clause = re.split(r"[,;.!?]|\bbut\b", text[: m.start()])[-1]
        if (
            re.search(r"\b(?:no|not|never|without)\b|n't\b", clause, re.I)
            or text.rstrip()[-1:] == "?"
        ):
            continue
        own = CONDITION_OF[m.group(0).lower()]
        others = sorted(words[0] for name, words in CONDITIONS.items() if name != own)
        out.append(Swap("weather type", m.start(), m.group(0), rng.choice(others)))
    return out


def _pattern(kind: str, value: str) -> str:
    if kind == "time":
        clock = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*([ap])m", value.lower())
        if clock:
            minutes = rf":{clock.group(2)}" if clock.group(2) else r"(?::00)?"
            return rf"\b{clock.group(1)}{minutes}\s*{clock.group(3)}\.?m\b\.?"
    return rf"(?<![\w-]){re.escape(value)}(?![\w-])"


def _norm(kind: str, value: str, today: date) -> str:
    if kind == "time":
        return time_of(value) or value.lower()
    if kind == "date":
        day = day_of(value, today)
        return day.isoformat() if day is not None else value.lower()
    return value.lower()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--limit", type=int, default=0, help="dialogues to use (0: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", type=int, default=0, help="print this many flagged turns")
    parser.add_argument("--detector", default="", help="with --show: only this detector's flags")
    parser.add_argument("--misses", type=int, default=0, help="print this many undetected swaps")
    parser.add_argument(
        "--show-weak",
        type=int,
        default=0,
        help="print this many turns as given whose only flags are evidence under the threshold",
    )
    parser.add_argument(
        "--intent", default="", help="only dialogues of this task (schedule, navigate, weather)"
    )
    parser.add_argument(
        "--encoding",
        default="team",
        choices=["team", *ENCODINGS],
        help="how each table becomes RDF: this team's encoding (build_kb), or one written "
        "from the README alone by someone who had not read this script "
        "(benchmarks/kvret_encodings.py: schema.org nodes, or labelled value nodes)",
    )
    args = parser.parse_args(argv)
    dialogues = json.loads(Path(args.path).read_text(encoding="utf-8"))
    if args.intent:
        dialogues = [d for d in dialogues if d["scenario"]["task"]["intent"] == args.intent]
    if args.limit:
        dialogues = dialogues[: args.limit]
    rng = random.Random(args.seed)
    more_rng = random.Random(args.seed + 1_000_003)
    turns = flagged = flagged_any = 0
    threshold = config_from_dict({}).mitigation.flag_threshold
    by_detector: Counter[str] = Counter()
    by_type: Counter[str] = Counter()
    shown = missed = weak_shown = 0
    tried: Counter[str] = Counter()
    caught: Counter[str] = Counter()
    caught_any: Counter[str] = Counter()
    check_seconds = 0.0
    checks = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n, dialogue in enumerate(dialogues):
            scenario = dialogue["scenario"]
            intent = scenario["task"]["intent"]
            items = scenario["kb"]["items"] or []
            today = reference_day(intent, items)
            path = Path(tmp) / f"d{n}.ttl"
            encode = build_kb if args.encoding == "team" else ENCODINGS[args.encoding]
            path.write_text(encode(intent, items, today), encoding="utf-8")
            # calendars give weekdays and days of the month but no date: "today" cannot be checked
            now = (
                None
                if intent == "schedule"
                else datetime(today.year, today.month, today.day, 9, 0).isoformat() + "+00:00"
            )
            checker = Checker(
                config_from_dict({"knowledge_base": {"sources": [str(path)]}, "now": now})
            )
            state = DialogueState(session_id=f"kvret-{n}", now=now)
            spoken = " ".join(t["data"]["utterance"] for t in dialogue["dialogue"])
            for turn in dialogue["dialogue"]:
                text = turn["data"]["utterance"].strip()
                if turn["turn"] != "assistant":
                    state.add_turn("user", text)
                    continue
                if not text:
                    continue
                t0 = time.perf_counter()
                report = checker.check_turn(text, state)
                check_seconds += time.perf_counter() - t0
                checks += 1
                turns += 1
                acted = [f for f in report.flags if f.confidence >= threshold]
                flagged_any += bool(report.flags)
                if report.flags and not acted and weak_shown < args.show_weak:
                    weak_shown += 1
                    print(f"WEAK [{intent}] {text}")
                    for f in report.flags:
                        print(
                            f"    {f.type} ({f.detector}) {f.confidence:.2f} {f.content!r}: "
                            f"{f.message}"
                        )
                if acted:
                    flagged += 1
                    wanted = [f for f in acted if args.detector in {"", f.detector}]
                    if wanted and shown < args.show:
                        shown += 1
                        print(f"[{intent}] {text}")
                        for f in wanted:
                            print(f"    {f.type} ({f.detector}) {f.content!r}: {f.message}")
                for f in acted:
                    by_detector[f.detector] += 1
                    by_type[str(f.type)] += 1
                for swap in swaps(intent, items, text, rng, today, more_rng, spoken):
                    corrupted = text[: swap.start] + swap.new + text[swap.start + len(swap.old) :]
                    end = swap.start + len(swap.new)
                    t0 = time.perf_counter()
                    bad = checker.check_turn(corrupted, state)
                    check_seconds += time.perf_counter() - t0
                    checks += 1
                    tried[swap.kind] += 1
                    # a flag on the new value of a kind the original value did not get
                    old_end = swap.start + len(swap.old)
                    before_here = {
                        (f.type, f.detector)
                        for f in report.flags
                        if f.span.start < old_end and swap.start < f.span.end
                    }
                    hit = [
                        f
                        for f in bad.flags
                        if f.confidence >= threshold
                        and f.span.start < end
                        and swap.start < f.span.end
                        and (f.type, f.detector) not in before_here
                    ]
                    if swap.kind in RELATIONAL and not hit:
                        # a swapped party or event name makes the pair false: the flag may
                        # fall on the value the sentence states of it ("Not 5 PM: the time
                        # of dentist is 1 pm")
                        low, high = _sentence(corrupted, swap.start, end)
                        before_flags = {(f.type, f.content) for f in report.flags}
                        hit = [
                            f
                            for f in bad.flags
                            if f.confidence >= threshold
                            and f.span.start < high
                            and low < f.span.end
                            and (f.type, f.content) not in before_flags
                        ]
                    caught[swap.kind] += bool(hit)
                    if not hit and missed < args.misses:
                        missed += 1
                        print(f"MISS [{swap.kind}] {swap.old!r} -> {swap.new!r}: {corrupted}")
                    before = {(f.type, f.content) for f in report.flags}
                    caught_any[swap.kind] += any(
                        (f.type, f.content) not in before
                        for f in bad.flags
                        if f.confidence >= threshold
                    )
                state.add_turn("assistant", text, report=report)
    elapsed = time.perf_counter() - started
    print(
        f"KVRET dev ({args.encoding} encoding): {len(dialogues)} dialogues, {turns} assistant "
        "turns as given"
    )
    rate = flagged / max(turns, 1)
    print(f"false-positive rate (turns with a flag >= {threshold}): {flagged}/{turns} = {rate:.3f}")
    print(
        f"turns with any flag, evidence under the threshold included: {flagged_any}/{turns} = "
        f"{flagged_any / max(turns, 1):.3f}"
    )
    for name, count in by_detector.most_common():
        print(f"    flags by {name}: {count}")
    mine = by_detector["temporal_error"] + by_detector["numeric_claim"]
    print(f"flags by temporal_error + numeric_claim: {mine} ({mine / max(turns, 1):.3f} per turn)")
    total_tried = sum(tried.values())
    print(f"corrupted copies: {total_tried}")
    for kind in sorted(tried):
        print(
            f"    {kind:12s} detected (flag on the swapped value): {caught[kind]}/{tried[kind]} = "
            f"{caught[kind] / tried[kind]:.3f}; any new flag: {caught_any[kind] / tried[kind]:.3f}"
        )
    print(
        f"overall detection: {sum(caught.values())}/{total_tried} = "
        f"{sum(caught.values()) / max(total_tried, 1):.3f}"
    )
    per_call = 1000 * check_seconds / max(checks, 1)
    print(f"check_turn: {per_call:.1f} ms per call; total {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
