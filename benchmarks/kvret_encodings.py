"""Two independent RDF encodings of the KVRET in-car dialogue tables.

Each KVRET dialogue comes with one small table (``scenario.kb.items``): a calendar
(``schedule``), points of interest near the car (``navigate``) or a week's forecast for a few
places (``weather``). ``ENCODINGS`` maps a name to a function ``(intent, items, today) -> str``
that returns the whole knowledge base of one dialogue as Turtle: prefixes, the ontology of that
kind of table, and the rows. ``today`` is the dialogue's reference date: a weekday in a table is
the next such day on or after it (``today`` itself on that weekday), "the 14th" is the 14th of
today's month when 14 >= today's day and of the next month otherwise. Cells that hold "-" are
left out (no triple). The two encodings were written from kgcheck's README ("Writing a knowledge
base", "Dates and numbers") and schema.org, not from the project's own KVRET encoding.

``schema``: schema.org terms wherever schema.org has them, restated with labels, comments,
domains and ranges in the KB's own ontology part, plus a small extension namespace (``kvx:``)
for what schema.org lacks.

- navigate: each row is a ``schema:Place`` of a subclass named after the row's kind
  (``schema:GroceryStore``, ``schema:CafeOrCoffeeShop``, ``schema:GasStation``,
  ``schema:Hospital``, ``schema:ParkingFacility``, ``schema:ShoppingCenter``,
  ``schema:Residence`` subclasses for "home" and "friends house", ``kvx:`` subclasses of
  ``schema:Restaurant`` for the restaurants, ``kvx:RestStop``), each class labelled with the
  table's wording; ``schema:name``; ``schema:address`` -> a ``schema:PostalAddress`` (blank node)
  with ``schema:streetAddress``; ``kvx:distance`` -> a ``schema:QuantitativeValue`` (blank node)
  with ``schema:value``, ``schema:unitCode "SMI"`` and ``schema:unitText "miles"`` (so
  ``schema:value`` carries ``kgc:unit "mile"``: in these KBs every quantitative value is a
  distance); ``kvx:trafficConditions`` as a plain string; ``schema:servesCuisine`` on restaurants.
- schedule: each row is a ``schema:Event`` with ``schema:name`` (the kind of entry, "dentist
  appointment"), ``schema:startDate`` as one ``xsd:dateTime`` (date and time of day),
  ``schema:location`` -> a ``schema:MeetingRoom``, ``schema:attendee`` -> a ``schema:Person``
  (names, relatives, roles) or ``schema:Organization`` (teams, HR, management), and
  ``schema:description`` for the agenda.
- weather: each location is a ``schema:Place`` (its name capitalised: "San Francisco"); each
  day's forecast is a ``kgc:Observation`` (the README's shape for values that hold for a
  period) with ``kgc:subject``, ``kgc:period`` (``xsd:date``), ``kvx:weatherCondition`` -> a
  member of ``kvx:WeatherCondition`` (declared ``kgc:closedWorld true``; every condition of the
  domain is listed, labelled with ``rdfs:label`` and ``skos:altLabel``: "raining" is an
  alternative label of rain), and ``kvx:minimumTemperature`` / ``kvx:maximumTemperature`` in F.

``nodes``: a plain custom ontology (``ex:``) in which values are nodes named by labels.

- navigate: ``ex:Place`` with ``rdfs:label``; ``ex:address`` -> an ``ex:StreetAddress`` node
  labelled with the address (shared by the places at that address); ``ex:kind`` -> an
  ``ex:PlaceKind`` node ("grocery store"); ``ex:distance`` a decimal with ``kgc:unit "mile"``;
  ``ex:traffic`` -> an ``ex:TrafficCondition`` node ("heavy traffic").
- schedule: ``ex:CalendarEntry`` labelled with its kind ("dentist appointment"), ``ex:date``
  (``xsd:date``) and ``ex:time`` (``xsd:time``) apart, ``ex:room`` -> an ``ex:Room`` node,
  ``ex:party`` -> an ``ex:Contact`` node, ``ex:agenda`` a string.
- weather: ``ex:Location`` nodes; one ``kgc:Observation`` per place and day with
  ``kgc:subject``, ``kgc:period``, ``ex:weather`` -> an ``ex:WeatherCondition`` node
  (``skos:prefLabel`` and ``skos:altLabel``; the class is ``kgc:closedWorld true`` and lists every
  condition of the domain), ``ex:lowTemperature`` and ``ex:highTemperature`` in F.

kgcheck annotations are used only where the README asks for them: ``kgc:unit`` on the numeric
properties, ``kgc:closedWorld`` on the weather conditions, ``kgc:Observation`` for the forecast.
No ``kgc:lexicalForm``: phrasings come from the labels. Each KB holds only the ontology part of
its own kind of table. Every row is one entity, also when two rows share a name (some tables list
"home" twice, at two addresses); value nodes (addresses in ``nodes``, rooms, parties) are shared
by the rows that name the same value. schema.org is ``https://schema.org/``, kgcheck's vocabulary
``https://w3id.org/kgcheck#``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date, time, timedelta

__all__ = [
    "ENCODINGS",
    "build_kb_nodes",
    "build_kb_schema",
    "resolve_date",
    "resolve_time",
]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

PREFIXES_COMMON = """\
@prefix rdf:  <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl:  <http://www.w3.org/2002/07/owl#> .
@prefix xsd:  <http://www.w3.org/2001/XMLSchema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix kgc:  <https://w3id.org/kgcheck#> .
"""

# Weather conditions of the KVRET domain: (local name, label, alternative labels). The table's
# "rain" and "raining" are one condition, as in the README's example of a closed set.
CONDITIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("rain", "rain", ("raining", "rainy")),
    ("snow", "snow", ("snowing", "snowy")),
    ("drizzle", "drizzle", ("drizzling",)),
    ("hail", "hail", ("hailing",)),
    ("blizzard", "blizzard", ()),
    ("stormy", "stormy", ("storm", "storms")),
    ("foggy", "foggy", ("fog",)),
    ("misty", "misty", ("mist",)),
    ("cloudy", "cloudy", ("clouds",)),
    ("overcast", "overcast", ()),
    ("clearSkies", "clear skies", ("clear sky", "sunny")),
    ("windy", "windy", ("wind",)),
    ("humid", "humid", ("humidity",)),
    ("dry", "dry", ()),
    ("hot", "hot", ()),
    ("warm", "warm", ()),
    ("dew", "dew", ("dewy",)),
    ("frost", "frost", ("frosty",)),
)
_CONDITION_BY_WORD: dict[str, str] = {
    word: local for local, label, alts in CONDITIONS for word in (label, *alts)
}

TRAFFIC = (
    "no traffic",
    "moderate traffic",
    "heavy traffic",
    "car collision nearby",
    "road block nearby",
)

_FORECAST = re.compile(
    r"\s*(?P<cond>[^,]+?)\s*,\s*low of\s*(?P<low>-?\d+(?:\.\d+)?)\s*°?\s*F?\s*,"
    r"\s*high of\s*(?P<high>-?\d+(?:\.\d+)?)\s*°?\s*F?\s*",
    re.IGNORECASE,
)
_DISTANCE = re.compile(r"\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>[a-z]+)?\s*", re.IGNORECASE)
_TIME = re.compile(
    r"\s*(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>[ap])\.?\s*m\.?\s*|"
    r"\s*(?P<h24>\d{1,2}):(?P<m24>\d{2})\s*",
    re.IGNORECASE,
)
_ORDINAL = re.compile(r"\s*(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\s*", re.IGNORECASE)


# -- values -------------------------------------------------------------------------------------


def _present(value: str | None) -> bool:
    return value is not None and value.strip() not in ("", "-")


def _lit(text: str) -> str:
    """A Turtle string literal (double quotes, escapes for backslash, quote and controls)."""
    out: list[str] = []
    for ch in text.strip():
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif 0xD800 <= ord(ch) <= 0xDFFF:  # a lone surrogate cannot be written: U+FFFD
            out.append("\\uFFFD")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _typed(lexical: str, datatype: str) -> str:
    return f"{_lit(lexical)}^^{datatype}"


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.strip().lower()).strip("-")
    return slug or "x"


def _camel(text: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text)
    if not words:
        return "X"
    name = "".join(w[:1].upper() + w[1:].lower() for w in words)
    return name if name[0].isalpha() else "X" + name


def _decimal(text: str) -> str:
    return _typed(text, "xsd:decimal")


class _Names:
    """Mints local names, unique per KB: one per value (``key``) or one per row."""

    def __init__(self) -> None:
        self._by_key: dict[tuple[str, str], str] = {}
        self._taken: set[str] = set()

    def fresh(self, stem: str) -> str:
        name, n = stem, 1
        while name in self._taken:
            n += 1
            name = f"{stem}-{n}"
        self._taken.add(name)
        return name

    def for_value(self, kind: str, value: str) -> tuple[str, bool]:
        """The name of the ``kind`` node for ``value``, and whether it is new."""
        key = (kind, value.strip())
        if key in self._by_key:
            return self._by_key[key], False
        name = self.fresh(f"{kind}-{_slug(value)}")
        self._by_key[key] = name
        return name, True


def resolve_date(text: str, today: date) -> date | None:
    """A table's date ("wednesday", "the 14th", "today", "tomorrow") as a calendar date."""
    word = text.strip().lower()
    if word == "today":
        return today
    if word == "tomorrow":
        return today + timedelta(days=1)
    if word in WEEKDAYS:
        return _weekday_date(word, today)
    m = _ORDINAL.fullmatch(word)
    if m is None:
        try:
            return date.fromisoformat(word)
        except ValueError:
            return None
    day = int(m.group("d"))
    if not 1 <= day <= 31:
        return None
    year, month = today.year, today.month
    if day < today.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    for _ in range(12):  # a day the month lacks ("the 31st" in April): the next month that has it
        try:
            return date(year, month, day)
        except ValueError:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


def resolve_time(text: str) -> time | None:
    """A time of day: "7pm", "10 am", "3:30 p.m.", "15:45", "noon", "midnight"."""
    word = text.strip().lower()
    if word == "noon":
        return time(12, 0)
    if word == "midnight":
        return time(0, 0)
    m = _TIME.fullmatch(word)
    if m is None:
        return None
    if m.group("h24") is not None:
        hour, minute = int(m.group("h24")), int(m.group("m24"))
    else:
        hour, minute = int(m.group("h")), int(m.group("m") or 0)
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group("ampm") == "p" else 0)
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


def _forecast(text: str) -> tuple[str, str, str] | None:
    """("rain", "50", "60") from "rain, low of 50F, high of 60F"."""
    m = _FORECAST.fullmatch(text)
    if m is None:
        return None
    return m.group("cond").strip().lower(), m.group("low"), m.group("high")


def _miles(text: str) -> str | None:
    """The distance in miles as a decimal's lexical form: "3" from "3 miles" (km converted)."""
    m = _DISTANCE.fullmatch(text)
    if m is None:
        return None
    unit = (m.group("unit") or "miles").lower()
    if unit in ("mi", "mile", "miles"):
        return m.group("n")
    if unit in ("km", "kilometer", "kilometers", "kilometre", "kilometres"):
        return f"{float(m.group('n')) / 1.609344:.3f}"
    return None


def _weekday_date(day: str, today: date) -> date:
    """The next ``day`` (a weekday's name) on or after ``today``."""
    return today + timedelta(days=(WEEKDAYS.index(day) - today.weekday()) % 7)


def _condition_local(condition: str) -> str:
    return _CONDITION_BY_WORD.get(condition, _camel(condition)[:1].lower() + _camel(condition)[1:])


def _extra_conditions(items: Iterable[dict[str, str]]) -> list[str]:
    """Conditions in the table that the fixed list lacks (each becomes one more member)."""
    extra: list[str] = []
    for row in items:
        for day in WEEKDAYS:
            parsed = _forecast(row.get(day, "")) if _present(row.get(day)) else None
            if parsed and parsed[0] not in _CONDITION_BY_WORD and parsed[0] not in extra:
                extra.append(parsed[0])
    return extra


def _statement(subject: str, pairs: list[tuple[str, str]]) -> str:
    """``subject p1 o1 ; p2 o2 .`` over several lines (pairs with an empty object dropped)."""
    pairs = [(p, o) for p, o in pairs if o]
    body = " ;\n    ".join(f"{p} {o}" for p, o in pairs)
    return f"{subject} {body} .\n"


def _header(title: str, intent: str, today: date, n_rows: int) -> str:
    return (
        f"# {title}: one KVRET {intent} table ({n_rows} rows), "
        f"reference date {today.isoformat()} ({WEEKDAYS[today.weekday()]}).\n"
    )


def _parts(*chunks: str) -> str:
    return "\n".join(c.rstrip("\n") + "\n" for c in chunks if c.strip())


# -- schema: schema.org --------------------------------------------------------------------------

SCHEMA_PREFIXES = (
    PREFIXES_COMMON
    + """\
@prefix schema: <https://schema.org/> .
@prefix kvx:  <https://example.org/kvret/schema-ext#> .
@prefix kb:   <https://example.org/kvret/schema-data/> .
"""
)

# poi_type -> (class, superclass, class label, alternative labels, cuisine)
SCHEMA_PLACE_KINDS: dict[str, tuple[str, str, str, tuple[str, ...], str]] = {
    "grocery store": ("schema:GroceryStore", "schema:Place", "grocery store", (), ""),
    "coffee or tea place": (
        "schema:CafeOrCoffeeShop",
        "schema:Place",
        "coffee or tea place",
        ("coffee shop",),
        "",
    ),
    "gas station": ("schema:GasStation", "schema:Place", "gas station", (), ""),
    "hospital": ("schema:Hospital", "schema:Place", "hospital", (), ""),
    "parking garage": (
        "schema:ParkingFacility",
        "schema:Place",
        "parking garage",
        ("parking facility",),
        "",
    ),
    "shopping center": ("schema:ShoppingCenter", "schema:Place", "shopping center", (), ""),
    "rest stop": ("kvx:RestStop", "schema:Place", "rest stop", (), ""),
    "chinese restaurant": (
        "kvx:ChineseRestaurant",
        "schema:Restaurant",
        "chinese restaurant",
        (),
        "Chinese",
    ),
    "pizza restaurant": (
        "kvx:PizzaRestaurant",
        "schema:Restaurant",
        "pizza restaurant",
        ("pizza place",),
        "Pizza",
    ),
    "friends house": (
        "kvx:FriendsHouse",
        "schema:Residence",
        "friend's house",
        ("friends house",),
        "",
    ),
    "home": ("kvx:Home", "schema:Residence", "home", (), ""),
    "certain address": ("schema:Place", "", "place", (), ""),
}


def _schema_ontology_head(label: str, comment: str) -> str:
    return _parts(
        _statement(
            "<https://example.org/kvret/schema-ext>",
            [
                ("a", "owl:Ontology"),
                ("rdfs:label", _lit(label)),
                ("rdfs:comment", _lit(comment)),
            ],
        ),
        _statement(
            "schema:name",
            [
                ("a", "owl:DatatypeProperty"),
                ("rdfs:label", _lit("name")),
                ("rdfs:comment", _lit("The name of the item.")),
                ("rdfs:domain", "schema:Thing"),
                ("rdfs:range", "xsd:string"),
            ],
        ),
        _statement(
            "schema:Thing",
            [
                ("a", "owl:Class"),
                ("rdfs:label", _lit("thing")),
                ("rdfs:comment", _lit("The most generic type of item (schema.org).")),
            ],
        ),
    )


def _cls(
    iri: str,
    label: str,
    comment: str,
    parent: str = "",
    alts: tuple[str, ...] = (),
    extra: list[tuple[str, str]] | None = None,
) -> str:
    pairs = [("a", "owl:Class"), ("rdfs:label", _lit(label))]
    if alts:
        pairs.append(("skos:altLabel", ", ".join(_lit(a) for a in alts)))
    pairs.append(("rdfs:comment", _lit(comment)))
    if parent:
        pairs.append(("rdfs:subClassOf", parent))
    pairs.extend(extra or [])
    return _statement(iri, pairs)


def _prop(
    iri: str,
    kind: str,
    label: str,
    comment: str,
    domain: str,
    range_: str,
    functional: bool = False,
    extra: list[tuple[str, str]] | None = None,
) -> str:
    types = f"owl:{kind}" + (", owl:FunctionalProperty" if functional else "")
    pairs = [("a", types), ("rdfs:label", _lit(label)), ("rdfs:comment", _lit(comment))]
    if domain:
        pairs.append(("rdfs:domain", domain))
    if range_:
        pairs.append(("rdfs:range", range_))
    pairs.extend(extra or [])
    return _statement(iri, pairs)


def _schema_navigate(items: list[dict[str, str]], today: date) -> str:
    kinds = dict(SCHEMA_PLACE_KINDS)
    for row in items:
        kind = row.get("poi_type", "").strip().lower()
        if _present(kind) and kind not in kinds:
            kinds[kind] = (f"kvx:{_camel(kind)}", "schema:Place", kind, (), "")
    onto = [
        _schema_ontology_head(
            "KVRET places (schema.org)",
            "Points of interest near the car, their street addresses, driving distances and "
            "traffic, in schema.org terms.",
        ),
        _cls("schema:Place", "place", "An entity with a physical location.", "schema:Thing"),
        _cls("schema:Restaurant", "restaurant", "A restaurant.", "schema:Place"),
        _cls("schema:Residence", "residence", "The place where a person lives.", "schema:Place"),
        _cls("schema:PostalAddress", "postal address", "The mailing address.", "schema:Thing"),
        _cls(
            "schema:QuantitativeValue",
            "quantitative value",
            "A point value with a unit of measurement.",
            "schema:Thing",
        ),
    ]
    for iri, parent, label, alts, _cuisine in kinds.values():
        if iri != "schema:Place":
            onto.append(_cls(iri, label, f"A place of the kind '{label}'.", parent, alts))
    onto += [
        _prop(
            "schema:address",
            "ObjectProperty",
            "address",
            "Physical address of the place.",
            "schema:Place",
            "schema:PostalAddress",
            functional=True,
        ),
        _prop(
            "schema:streetAddress",
            "DatatypeProperty",
            "street address",
            "The street address, e.g. 1600 Amphitheatre Pkwy.",
            "schema:PostalAddress",
            "xsd:string",
            functional=True,
        ),
        _prop(
            "kvx:distance",
            "ObjectProperty",
            "distance",
            "Driving distance from the car's current position to the place.",
            "schema:Place",
            "schema:QuantitativeValue",
            functional=True,
        ),
        _prop(
            "schema:value",
            "DatatypeProperty",
            "value",
            "The value of the quantitative value; in this knowledge base every quantitative "
            "value is a distance in miles.",
            "schema:QuantitativeValue",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("mile"))],
        ),
        _prop(
            "schema:unitCode",
            "DatatypeProperty",
            "unit code",
            "The UN/CEFACT Common Code of the unit (SMI: statute mile).",
            "schema:QuantitativeValue",
            "xsd:string",
            functional=True,
        ),
        _prop(
            "schema:unitText",
            "DatatypeProperty",
            "unit",
            "The unit of measurement as a word.",
            "schema:QuantitativeValue",
            "xsd:string",
            functional=True,
        ),
        _prop(
            "kvx:trafficConditions",
            "DatatypeProperty",
            "traffic",
            "The traffic on the way to the place right now.",
            "schema:Place",
            "xsd:string",
            functional=True,
        ),
        _prop(
            "schema:servesCuisine",
            "DatatypeProperty",
            "cuisine",
            "The cuisine of the restaurant.",
            "schema:Restaurant",
            "xsd:string",
        ),
    ]
    names = _Names()
    data: list[str] = []
    for row in items:
        poi = row.get("poi", "")
        if not _present(poi):
            continue
        kind = row.get("poi_type", "").strip().lower()
        iri, _parent, _label, _alts, cuisine = kinds.get(kind, ("schema:Place", "", "", (), ""))
        pairs: list[tuple[str, str]] = [("a", iri), ("schema:name", _lit(poi))]
        if cuisine:
            pairs.append(("schema:servesCuisine", _lit(cuisine)))
        if _present(row.get("address")):
            pairs.append(
                (
                    "schema:address",
                    f"[ a schema:PostalAddress ; schema:streetAddress {_lit(row['address'])} ]",
                )
            )
        miles = _miles(row["distance"]) if _present(row.get("distance")) else None
        if miles is not None:
            pairs.append(
                (
                    "kvx:distance",
                    f"[ a schema:QuantitativeValue ; schema:value "
                    f'{_decimal(miles)} ; schema:unitCode "SMI" ; '
                    f'schema:unitText "miles" ]',
                )
            )
        if _present(row.get("traffic_info")):
            pairs.append(("kvx:trafficConditions", _lit(row["traffic_info"])))
        data.append(_statement(f"kb:{names.fresh('place-' + _slug(poi))}", pairs))
    return _parts(
        _header("schema", "navigate", today, len(items)),
        SCHEMA_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
    )


def _schema_party_class(party: str) -> str:
    words = party.lower().split()
    if party.isupper() or {"team", "management", "department", "staff", "committee", "board"} & set(
        words
    ):
        return "schema:Organization"
    return "schema:Person"


def _schema_schedule(items: list[dict[str, str]], today: date) -> str:
    onto = [
        _schema_ontology_head(
            "KVRET calendar (schema.org)",
            "The driver's calendar: events with their start, room, attendees and agenda, in "
            "schema.org terms.",
        ),
        _cls(
            "schema:Event",
            "event",
            "An event happening at a certain time and location: an entry of the calendar.",
            "schema:Thing",
        ),
        _cls("schema:Place", "place", "An entity with a physical location.", "schema:Thing"),
        _cls(
            "schema:MeetingRoom",
            "meeting room",
            "A room used for meetings.",
            "schema:Place",
            ("conference room",),
        ),
        _cls("schema:Person", "person", "A person (a contact of the driver).", "schema:Thing"),
        _cls(
            "schema:Organization", "organization", "An organization such as a team.", "schema:Thing"
        ),
        _prop(
            "schema:startDate",
            "DatatypeProperty",
            "start date",
            "The start date and time of the event (local time).",
            "schema:Event",
            "xsd:dateTime",
            functional=True,
        ),
        _prop(
            "schema:startTime",
            "DatatypeProperty",
            "start time",
            "The start time of an event whose day is not known.",
            "schema:Event",
            "xsd:time",
            functional=True,
        ),
        _prop(
            "schema:location",
            "ObjectProperty",
            "location",
            "The room where the event takes place.",
            "schema:Event",
            "schema:Place",
            functional=True,
        ),
        _prop(
            "schema:attendee",
            "ObjectProperty",
            "attendee",
            "A person or organization attending the event.",
            "schema:Event",
            "[ a owl:Class ; owl:unionOf ( schema:Person schema:Organization ) ]",
        ),
        _prop(
            "schema:description",
            "DatatypeProperty",
            "description",
            "The agenda of the event.",
            "schema:Event",
            "xsd:string",
        ),
    ]
    names = _Names()
    data: list[str] = []
    nodes: list[str] = []
    for i, row in enumerate(items, start=1):
        event = row.get("event", "")
        if not _present(event):
            continue
        pairs: list[tuple[str, str]] = [("a", "schema:Event"), ("schema:name", _lit(event))]
        day = resolve_date(row["date"], today) if _present(row.get("date")) else None
        hour = resolve_time(row["time"]) if _present(row.get("time")) else None
        if day is not None and hour is not None:
            stamp = f"{day.isoformat()}T{hour.isoformat(timespec='seconds')}"
            pairs.append(("schema:startDate", _typed(stamp, "xsd:dateTime")))
        elif day is not None:
            pairs.append(("schema:startDate", _typed(day.isoformat(), "xsd:date")))
        elif hour is not None:
            pairs.append(
                ("schema:startTime", _typed(hour.isoformat(timespec="seconds"), "xsd:time"))
            )
        if _present(row.get("room")):
            room, new = names.for_value("room", row["room"])
            pairs.append(("schema:location", f"kb:{room}"))
            if new:
                nodes.append(
                    _statement(
                        f"kb:{room}",
                        [("a", "schema:MeetingRoom"), ("schema:name", _lit(row["room"]))],
                    )
                )
        if _present(row.get("party")):
            party, new = names.for_value("party", row["party"])
            pairs.append(("schema:attendee", f"kb:{party}"))
            if new:
                nodes.append(
                    _statement(
                        f"kb:{party}",
                        [
                            ("a", _schema_party_class(row["party"].strip())),
                            ("schema:name", _lit(row["party"])),
                        ],
                    )
                )
        if _present(row.get("agenda")):
            pairs.append(("schema:description", _lit(row["agenda"])))
        data.append(_statement(f"kb:{names.fresh(f'event-{i}-{_slug(event)}')}", pairs))
    return _parts(
        _header("schema", "schedule", today, len(items)),
        SCHEMA_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
        *nodes,
    )


def _schema_weather(items: list[dict[str, str]], today: date) -> str:
    onto = [
        _schema_ontology_head(
            "KVRET weekly forecast (schema.org)",
            "A week's weather forecast per place: one kgc:Observation per place and day.",
        ),
        _cls("schema:Place", "place", "An entity with a physical location.", "schema:Thing"),
        _cls(
            "kvx:WeatherCondition",
            "weather condition",
            "The kinds of weather a forecast names; the list is complete.",
            "schema:Thing",
            extra=[("kgc:closedWorld", "true")],
        ),
        _prop(
            "kvx:weatherCondition",
            "ObjectProperty",
            "weather condition",
            "The weather forecast for the place on the observation's day.",
            "kgc:Observation",
            "kvx:WeatherCondition",
            functional=True,
        ),
        _prop(
            "kvx:minimumTemperature",
            "DatatypeProperty",
            "minimum temperature",
            "The day's forecast low, in degrees Fahrenheit.",
            "kgc:Observation",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("F"))],
        ),
        _prop(
            "kvx:maximumTemperature",
            "DatatypeProperty",
            "maximum temperature",
            "The day's forecast high, in degrees Fahrenheit.",
            "kgc:Observation",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("F"))],
        ),
    ]
    for local, label, alts in CONDITIONS:
        pairs = [("a", "kvx:WeatherCondition"), ("rdfs:label", _lit(label))]
        if alts:
            pairs.append(("skos:altLabel", ", ".join(_lit(a) for a in alts)))
        onto.append(_statement(f"kvx:{local}", pairs))
    for cond in _extra_conditions(items):
        onto.append(
            _statement(
                f"kvx:{_condition_local(cond)}",
                [("a", "kvx:WeatherCondition"), ("rdfs:label", _lit(cond))],
            )
        )
    names = _Names()
    data: list[str] = []
    for row in items:
        location = row.get("location", "")
        if not _present(location):
            continue
        place = names.fresh("place-" + _slug(location))
        data.append(
            _statement(
                f"kb:{place}", [("a", "schema:Place"), ("schema:name", _lit(location.title()))]
            )
        )
        for day in WEEKDAYS:
            parsed = _forecast(row[day]) if _present(row.get(day)) else None
            if parsed is None:
                continue
            cond, low, high = parsed
            when = _weekday_date(day, today)
            data.append(
                _statement(
                    f"kb:{names.fresh(f'{place}-{when.isoformat()}')}",
                    [
                        ("a", "kgc:Observation"),
                        ("kgc:subject", f"kb:{place}"),
                        ("kgc:period", _typed(when.isoformat(), "xsd:date")),
                        ("kvx:weatherCondition", f"kvx:{_condition_local(cond)}"),
                        ("kvx:minimumTemperature", _decimal(low)),
                        ("kvx:maximumTemperature", _decimal(high)),
                    ],
                )
            )
    return _parts(
        _header("schema", "weather", today, len(items)),
        SCHEMA_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
    )


def build_kb_schema(intent: str, items: list[dict[str, str]], today: date) -> str:
    """The schema.org encoding of one dialogue's table, as Turtle."""
    rows = list(items or [])
    if intent == "navigate":
        return _schema_navigate(rows, today)
    if intent == "schedule":
        return _schema_schedule(rows, today)
    if intent == "weather":
        return _schema_weather(rows, today)
    raise ValueError(f"unknown KVRET intent: {intent!r}")


# -- nodes: a custom ontology whose values are labelled nodes -----------------------------------

NODES_PREFIXES = (
    PREFIXES_COMMON
    + """\
@prefix ex:   <https://example.org/kvret/nodes#> .
@prefix kb:   <https://example.org/kvret/nodes/data/> .
"""
)

NODE_PLACE_KINDS = (
    "grocery store",
    "coffee or tea place",
    "gas station",
    "hospital",
    "parking garage",
    "shopping center",
    "rest stop",
    "chinese restaurant",
    "pizza restaurant",
    "friends house",
    "home",
    "certain address",
)


def _nodes_ontology_head(label: str, comment: str) -> str:
    return _statement(
        "<https://example.org/kvret/nodes>",
        [
            ("a", "owl:Ontology"),
            ("rdfs:label", _lit(label)),
            ("rdfs:comment", _lit(comment)),
        ],
    )


def _nodes_navigate(items: list[dict[str, str]], today: date) -> str:
    onto = [
        _nodes_ontology_head(
            "KVRET places", "Places near the car with their address, kind, distance and traffic."
        ),
        _cls("ex:Place", "place", "A point of interest the driver may drive to."),
        _cls(
            "ex:StreetAddress",
            "street address",
            'A street address, named by its text ("638 Amherst St").',
        ),
        _cls(
            "ex:PlaceKind", "kind of place", "What a place is: a grocery store, a gas station, ..."
        ),
        _cls("ex:TrafficCondition", "traffic condition", "The traffic on the way to a place."),
        _prop(
            "ex:address",
            "ObjectProperty",
            "address",
            "The street address of the place.",
            "ex:Place",
            "ex:StreetAddress",
            functional=True,
        ),
        _prop(
            "ex:kind",
            "ObjectProperty",
            "kind",
            "What kind of place it is.",
            "ex:Place",
            "ex:PlaceKind",
            functional=True,
        ),
        _prop(
            "ex:distance",
            "DatatypeProperty",
            "distance",
            "Driving distance from the car to the place, in miles.",
            "ex:Place",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("mile"))],
        ),
        _prop(
            "ex:traffic",
            "ObjectProperty",
            "traffic",
            "The traffic on the way to the place right now.",
            "ex:Place",
            "ex:TrafficCondition",
            functional=True,
        ),
    ]
    kinds = list(NODE_PLACE_KINDS)
    traffic = list(TRAFFIC)
    for row in items:
        kind = row.get("poi_type", "").strip().lower()
        if _present(kind) and kind not in kinds:
            kinds.append(kind)
        info = row.get("traffic_info", "").strip().lower()
        if _present(info) and info not in traffic:
            traffic.append(info)
    for kind in kinds:
        onto.append(
            _statement(
                f"ex:kind-{_slug(kind)}", [("a", "ex:PlaceKind"), ("rdfs:label", _lit(kind))]
            )
        )
    for info in traffic:
        onto.append(
            _statement(
                f"ex:traffic-{_slug(info)}",
                [("a", "ex:TrafficCondition"), ("rdfs:label", _lit(info))],
            )
        )
    names = _Names()
    data: list[str] = []
    addresses: list[str] = []
    for row in items:
        poi = row.get("poi", "")
        if not _present(poi):
            continue
        pairs: list[tuple[str, str]] = [("a", "ex:Place"), ("rdfs:label", _lit(poi))]
        if _present(row.get("address")):
            addr, new = names.for_value("address", row["address"])
            pairs.append(("ex:address", f"kb:{addr}"))
            if new:
                addresses.append(
                    _statement(
                        f"kb:{addr}",
                        [("a", "ex:StreetAddress"), ("rdfs:label", _lit(row["address"]))],
                    )
                )
        if _present(row.get("poi_type")):
            pairs.append(("ex:kind", f"ex:kind-{_slug(row['poi_type'])}"))
        miles = _miles(row["distance"]) if _present(row.get("distance")) else None
        if miles is not None:
            pairs.append(("ex:distance", _decimal(miles)))
        if _present(row.get("traffic_info")):
            pairs.append(("ex:traffic", f"ex:traffic-{_slug(row['traffic_info'])}"))
        data.append(_statement(f"kb:{names.fresh('place-' + _slug(poi))}", pairs))
    return _parts(
        _header("nodes", "navigate", today, len(items)),
        NODES_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
        *addresses,
    )


def _nodes_schedule(items: list[dict[str, str]], today: date) -> str:
    onto = [
        _nodes_ontology_head(
            "KVRET calendar",
            "The driver's calendar entries: what, when, where, with whom, and what for.",
        ),
        _cls(
            "ex:CalendarEntry",
            "calendar entry",
            "An appointment, meeting or activity in the driver's calendar, named by its kind "
            '("dentist appointment").',
        ),
        _cls("ex:Room", "room", "A room where an entry takes place."),
        _cls("ex:Contact", "contact", "Someone the driver meets: a person, a relative or a team."),
        _prop(
            "ex:date",
            "DatatypeProperty",
            "date",
            "The day of the entry.",
            "ex:CalendarEntry",
            "xsd:date",
            functional=True,
        ),
        _prop(
            "ex:time",
            "DatatypeProperty",
            "time",
            "The time of day the entry starts.",
            "ex:CalendarEntry",
            "xsd:time",
            functional=True,
        ),
        _prop(
            "ex:room",
            "ObjectProperty",
            "room",
            "The room of the entry.",
            "ex:CalendarEntry",
            "ex:Room",
            functional=True,
        ),
        _prop(
            "ex:party",
            "ObjectProperty",
            "party",
            "Who the entry is with.",
            "ex:CalendarEntry",
            "ex:Contact",
        ),
        _prop(
            "ex:agenda",
            "DatatypeProperty",
            "agenda",
            "What the entry is about.",
            "ex:CalendarEntry",
            "xsd:string",
        ),
    ]
    names = _Names()
    data: list[str] = []
    nodes: list[str] = []
    for i, row in enumerate(items, start=1):
        event = row.get("event", "")
        if not _present(event):
            continue
        pairs: list[tuple[str, str]] = [("a", "ex:CalendarEntry"), ("rdfs:label", _lit(event))]
        day = resolve_date(row["date"], today) if _present(row.get("date")) else None
        if day is not None:
            pairs.append(("ex:date", _typed(day.isoformat(), "xsd:date")))
        hour = resolve_time(row["time"]) if _present(row.get("time")) else None
        if hour is not None:
            pairs.append(("ex:time", _typed(hour.isoformat(timespec="seconds"), "xsd:time")))
        if _present(row.get("room")):
            room, new = names.for_value("room", row["room"])
            pairs.append(("ex:room", f"kb:{room}"))
            if new:
                nodes.append(
                    _statement(f"kb:{room}", [("a", "ex:Room"), ("rdfs:label", _lit(row["room"]))])
                )
        if _present(row.get("party")):
            contact, new = names.for_value("contact", row["party"])
            pairs.append(("ex:party", f"kb:{contact}"))
            if new:
                nodes.append(
                    _statement(
                        f"kb:{contact}", [("a", "ex:Contact"), ("rdfs:label", _lit(row["party"]))]
                    )
                )
        if _present(row.get("agenda")):
            pairs.append(("ex:agenda", _lit(row["agenda"])))
        data.append(_statement(f"kb:{names.fresh(f'entry-{i}')}", pairs))
    return _parts(
        _header("nodes", "schedule", today, len(items)),
        NODES_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
        *nodes,
    )


def _nodes_weather(items: list[dict[str, str]], today: date) -> str:
    onto = [
        _nodes_ontology_head(
            "KVRET weekly forecast", "Each place's forecast for the next seven days."
        ),
        _cls("ex:Location", "location", "A place the forecast is for."),
        _cls(
            "ex:WeatherCondition",
            "weather condition",
            "The kinds of weather a forecast names; all of them are listed.",
            extra=[("kgc:closedWorld", "true")],
        ),
        _prop(
            "ex:weather",
            "ObjectProperty",
            "weather",
            "The weather of the day.",
            "kgc:Observation",
            "ex:WeatherCondition",
            functional=True,
        ),
        _prop(
            "ex:lowTemperature",
            "DatatypeProperty",
            "low temperature",
            "The lowest temperature of the day, in F.",
            "kgc:Observation",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("F"))],
        ),
        _prop(
            "ex:highTemperature",
            "DatatypeProperty",
            "high temperature",
            "The highest temperature of the day, in F.",
            "kgc:Observation",
            "xsd:decimal",
            functional=True,
            extra=[("kgc:unit", _lit("F"))],
        ),
    ]
    for local, label, alts in CONDITIONS:
        pairs = [("a", "ex:WeatherCondition"), ("skos:prefLabel", _lit(label))]
        if alts:
            pairs.append(("skos:altLabel", ", ".join(_lit(a) for a in alts)))
        onto.append(_statement(f"ex:{local}", pairs))
    for cond in _extra_conditions(items):
        onto.append(
            _statement(
                f"ex:{_condition_local(cond)}",
                [("a", "ex:WeatherCondition"), ("skos:prefLabel", _lit(cond))],
            )
        )
    names = _Names()
    data: list[str] = []
    for row in items:
        location = row.get("location", "")
        if not _present(location):
            continue
        loc = names.fresh("location-" + _slug(location))
        data.append(_statement(f"kb:{loc}", [("a", "ex:Location"), ("rdfs:label", _lit(location))]))
        for day in WEEKDAYS:
            parsed = _forecast(row[day]) if _present(row.get(day)) else None
            if parsed is None:
                continue
            cond, low, high = parsed
            when = _weekday_date(day, today)
            data.append(
                _statement(
                    f"kb:{names.fresh(f'forecast-{loc}-{day}')}",
                    [
                        ("a", "kgc:Observation"),
                        ("kgc:subject", f"kb:{loc}"),
                        ("kgc:period", _typed(when.isoformat(), "xsd:date")),
                        ("ex:weather", f"ex:{_condition_local(cond)}"),
                        ("ex:lowTemperature", _decimal(low)),
                        ("ex:highTemperature", _decimal(high)),
                    ],
                )
            )
    return _parts(
        _header("nodes", "weather", today, len(items)),
        NODES_PREFIXES,
        "# ontology",
        *onto,
        "# data",
        *data,
    )


def build_kb_nodes(intent: str, items: list[dict[str, str]], today: date) -> str:
    """The custom-ontology encoding of one dialogue's table, as Turtle."""
    rows = list(items or [])
    if intent == "navigate":
        return _nodes_navigate(rows, today)
    if intent == "schedule":
        return _nodes_schedule(rows, today)
    if intent == "weather":
        return _nodes_weather(rows, today)
    raise ValueError(f"unknown KVRET intent: {intent!r}")


ENCODINGS: dict[str, Callable[[str, list[dict[str, str]], date], str]] = {
    "schema": build_kb_schema,
    "nodes": build_kb_nodes,
}
