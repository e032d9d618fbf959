"""Per-turn cost of kgcheck against large knowledge bases, per KB back-end.

Usage::

    python benchmarks/kb_scale.py [--sizes 10k,1m] [--backends memory,oxigraph]
        [--out /tmp/kbscale] [--rounds 6] [--rules] [--reuse] [--profile]

For each size (``10k``, ``1m``, ``10m``: triples) the script writes ``<out>/acme-<size>.nt``
(skipped when it is there): the Acme example's ontology and KB (``kgcheck/examples/acme``), so
that its replies resolve as they do on the example, and synthetic staff, units, sites and
projects in the same shape (labels of every label predicate the example uses, types, gender,
email, extension, room, department or team, site, line manager, job title, start date; unit
headcounts and budgets; site cities, floors and opening years; project dates). Synthetic names
are first name, middle initial and surname drawn without a counter from lists of real names
(unique up to about a million people), none of them equal to or within two edits of a name the
Acme KB or the replies hold, so the label index grows as a real KB's does while every reply
keeps its meaning.

Back-ends, each measured in fresh processes:

* ``memory``: ``KnowledgeBase.open([file])`` in memory (skipped where the estimated resident
  memory would pass ``--memory-limit-gib``);
* ``oxigraph``: ``store="oxigraph:<out>/oxigraph-<size>"``: the first load and index, then a
  reopen in a new process;
* ``virtuoso`` (the ``sparql:`` KB back-end): Debian's ``virtuoso-t`` on loopback
  (``tests/store/virtuoso.py``), loaded with its bulk loader into a named graph, the KB opened
  over SPARQL, then the server restarted and the KB reopened.

On each KB a ``Checker`` with the Acme configuration (NLI off; ``--rules`` adds
``rules/acme``) checks 20 replies (``labelled.jsonl`` and the assistant turns of
``conversation.jsonl``) ``--rounds`` times: round 1 is *cold* (first check of each reply in a
new process), the others *warm*. The script prints load/index/reopen times, per-reply warm
medians, p50/p95 per back-end and size, the ratios (each size over 10k on the same back-end;
``virtuoso`` over ``memory`` at the same size), SPARQL requests per turn where the KB counts
them, and every difference between the reports (decision and flags) of the back-ends and sizes,
which is a correctness check. Figures are kept in ``<out>/results.json`` and the tables show
every entry there, so figures of earlier runs (other back-ends) stand beside today's.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, TextIO

# the Virtuoso harness is test code (tests/store/virtuoso.py), not part of the package
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ACME = ROOT / "kgcheck" / "examples" / "acme"
ACME_RULES = ROOT / "rules" / "acme"
SIZES = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000, "10m": 10_000_000}
BACKENDS = ("memory", "oxigraph", "virtuoso")
GRAPH = "urn:kgcheck:kbscale"
_RESULT_PREFIX = "@@result "

EX = "https://example.org/acme#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SKOS_ALT = "http://www.w3.org/2004/02/skos/core#altLabel"
FOAF_NAME = "http://xmlns.com/foaf/0.1/name"
SCHEMA_NAME = "https://schema.org/name"
SCHEMA_GENDER = "https://schema.org/gender"
XSD = "http://www.w3.org/2001/XMLSchema#"

# synthetic names --------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FEMALE = _words("""
Abigail Adaeze Adriana Agnes Aiko Alejandra Alina Amalia Amelia Ana Anastasia Andrea Angela
Anita Annika Astrid Ayesha Beatrice Bianca Bridget Camila Carla Carmen Caroline Catalina
Cecilia Charlotte Claudia Dalia Deborah Diana Dorothy Eleanor Eliza Emilia Esther Eva Farah
Fiona Francesca Gabriela Georgia Gwen Hana Harriet Helga Imani Irene Isabel Jasmine Joanna
Josephine Judith Julia Kalani Katarina Keiko Lakshmi Larissa Leonie Lidia Lorena Louisa Lucia
Lydia Magdalena Maja Margaret Mariam Marisol Matilda Maya Megan Mila Miriam Monique Nadia Naomi
Nia Noor Nora Paloma Penelope Phoebe Rachel Rebecca Renata Rhea Rosalind Ruth Sakura Selin
Siobhan Sofia Soraya Stella Susanna Svetlana Tamara Thea Valentina Vanessa Vera Victoria
Wanjiru Ximena Yara Yasmin Zofia Zuzana
""")
MALE = _words("""
Aarav Abel Adrian Ahmed Alberto Aleksander Alfonso Ali Amir Anders Andres Anton Arjun Armando
Arturo Axel Bartosz Benedikt Bruno Caleb Callum Carlos Cedric Cristian Dario Dmitri Dominic
Eduardo Elias Emeka Emil Enrique Erik Ethan Fabian Felipe Finn Florian Francisco Gabriel
Gareth Gustavo Hamza Hassan Hector Henrik Hugo Ibrahim Ignacio Imran Isaac Jakob Javier
Jonas Jorge Joseph Julian Kenji Kofi Lars Leon Liam Lorenzo Magnus Malik Mateo Matthias
Maximilian Mohammed Nikhil Nikolai Noah Oscar Pablo Pedro Quentin Rahul Ricardo Roberto
Rohan Ruben Sebastian Sergei Simon Stefan Sven Takeshi Tariq Theo Thomas Tobias Umar Viktor
Vincent Wei Xavier Yannick Yosef Yuki Zoltan Arnav Bogdan Cyrus Dante Idris Jamal
""")
SURNAMES = _words("""
Abara Abbott Achterberg Adebayo Agarwal Aguilar Ahn Akhtar Albrecht Almeida Amato Andersen
Antonelli Aoki Arslan Asante Atkinson Bakker Balogun Banerjee Barbosa Barker Barros Bauer
Becker Bergstrom Bianchi Blackwood Blanco Bondarenko Borges Boateng Brennan Bui Caldwell
Campbell Cardenas Carvalho Castillo Cavanagh Chakraborty Chaudhry Cho Cohen Collins Conti
Cruz Dahl Dalton Das Dasgupta Diallo Dimitrov Dominguez Doyle Dubois Duarte Dunn Eklund Eze
Falk Farrell Fernandes Fischer Fitzgerald Fleming Fonseca Forsberg Fraser Fujita Gallagher
Garcia Gashi Gill Goldberg Gomes Greco Gunawardena Gupta Gustafsson Hakimi Hall Hansen
Hashimoto Hayes Hernandez Herrera Hoffmann Holm Horvat Hossain Huang Hughes Ibrahim Ikeda
Iqbal Ishikawa Iyer Jablonski Jakobsen Jensen Jimenez Joshi Jovanovic Kaminski Kapoor
Karlsson Kato Kaur Keller Kennedy Khalil Khan Kiplagat Klein Kobayashi Kowalski Kozlov
Krause Kumar Kuznetsov Lambert Landry Larsen Laurent Lehmann Leone Lindgren Lopez Lund
Maddox Mahmoud Maier Malik Mancini Marino Marsh Martinez Matsumoto Mbeki Medina Mehta
Meyer Mishra Molina Moreau Moreno Mukherjee Muller Nakamura Nascimento Navarro Ndlovu
Nielsen Nilsson Nkosi Nowak Nunez Obi Oduya Ogunleye Oliveira Olsen Onyango Ortega Osaka
Ozturk Pacheco Pandey Park Pereira Perez Persson Pham Pillai Popescu Quinn Rahman Ramirez
Rao Reddy Richter Rios Rivera Rojas Romano Rosen Russo Saito Salazar Sandoval Sato Schneider
Schultz Serrano Shah Sharma Shevchenko Silva Singh Sokolov Souza Stewart Suarez Suzuki
Svensson Takahashi Tan Thakur Torres Tran Trivedi Turner Ueda Uddin Valdez Varga Vasquez
Verma Vieira Vogel Wagner Walsh Watanabe Weber Wiśniewski Wojcik Wong Yamamoto Yang Yilmaz
Yoshida Zamora Zhang Zhou Zimmermann Zielinski Abernathy Adeleke Alvarado Ashworth Bachmann
Baptiste Beaumont Bhatt Bogdanovic Castellanos Chowdhury Cienfuegos Darko Delacroix Ekwueme
Estrada Fairbanks Gonzaga Haraldsen Holloway Jaramillo Kagame Kristiansen Lachance Macharia
Mahlangu Montgomery Nakashima Oyelaran Quispe Radcliffe Salonen Takeda Villanueva Yeboah
""")
INITIALS = "BCDEFGHJKLMNPRSTVW"  # no A, I or O: they read as words
PLACES = _words("""
Lakeside Hillcrest Maplewood Cedarbrook Fairview Oakridge Westbrook Pinehurst Greenfield
Stonebridge Ashford Briarwood Elmhurst Glenwood Highland Kingsbury Lindenwood Meadowbrook
Millbrook Parkside Quarry Redwood Silverlake Southgate Springdale Sunnyvale Thornbury
Valleyview Willowdale Woodland Bayside Clearwater Crestview Edgewater Foxhollow Hawthorne
Ironwood Juniper Larkspur Marigold Northfield Orchard Prospect Rosemont Seabrook Summit
Timberline Upland Vista Wildwood Amberley Beacon Coldwater Dunmore Everton Fernhill
""")
SPECIALTIES = (
    "Dermatology", "Orthopedics", "Urology", "Nephrology", "Gastroenterology", "Endocrinology",
    "Rheumatology", "Hematology", "Pulmonology", "Ophthalmology", "Psychiatry", "Geriatrics",
    "Obstetrics", "Gynecology", "Anesthesiology", "Pathology", "Surgery", "Rehabilitation",
    "Audiology", "Dentistry", "Immunology", "Podiatry", "Toxicology", "Hepatology", "Neonatology",
    "Sports Medicine", "Trauma", "Wound Care", "Sleep Medicine", "Dialysis", "Endoscopy",
)  # fmt: skip
DEPARTMENT_SUFFIXES = ("Ward", "Unit", "Centre", "Service")
TEAM_FUNCTIONS = _words("""
Payroll Procurement Legal Compliance Communications Marketing Security Logistics Quality
Research Training Records Billing Scheduling Fundraising Estates Catering Transport Audit
Pharmacy Archives Admissions Informatics Governance Safeguarding Volunteers
""")
TEAM_SUFFIXES = ("Group", "Desk", "Bureau", "Services")
SITE_KINDS = ("Hospital", "Medical Centre", "Infirmary", "Care Centre", "Polyclinic")
CITIES = _words("""
Eugene Bend Medford Corvallis Beaverton Hillsboro Tigard Albany Ashland Astoria Newport
Roseburg Pendleton Hermiston Tualatin Wilsonville Canby Woodburn Keizer Lebanon Redmond
""")
DEPARTMENT_KINDS = (
    ("Doctor", ("Physician", "Consultant", "Registrar", "Attending Physician")),
    ("Nurse", ("Staff Nurse", "Senior Nurse", "Nurse Practitioner", "Clinical Nurse")),
    ("Administrator", ("Ward Clerk", "Department Coordinator")),
)
TEAM_KINDS = (
    ("Manager", ("Operations Manager", "Programme Manager")),
    ("Analyst", ("Business Analyst", "Financial Analyst", "Data Analyst")),
    ("Engineer", ("Systems Engineer", "Network Engineer", "Software Engineer")),
    ("Administrator", ("Coordinator", "Office Administrator")),
)
UNIT_SIZE = 100
UNITS_PER_SITE = 40
DOMAIN = "acmehealth.example"


def _near(a: str, b: str, limit: int = 2) -> bool:
    """Whether two words are within ``limit`` edits (Levenshtein)."""
    if abs(len(a) - len(b)) > limit:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1] <= limit


def reserved_words() -> tuple[set[str], set[str]]:
    """Words no synthetic name may use: every word of the Acme replies and every name token of
    the Acme KB; and of those, the names no synthetic name may come within two edits of (the
    KB's name tokens and the replies' capitalised words, four letters or more: the label
    index's typo lookup would find them)."""
    import pyoxigraph as ox

    from kgcheck.kb.labels import LABEL_PREDICATES
    from kgcheck.kb.normalize import name_tokens

    exact: set[str] = set()
    names: set[str] = set()
    for quad in ox.parse(path=str(ACME / "kb.ttl"), format=ox.RdfFormat.TURTLE):
        if quad.predicate.value in LABEL_PREDICATES and isinstance(quad.object, ox.Literal):
            names.update(name_tokens(quad.object.value))
    for case in replies():
        for text in [case.reply, *(t for _, t in case.turns)]:
            exact.update(w.casefold() for w in re.findall(r"[^\W\d_]+", text))
            names.update(w.casefold() for w in re.findall(r"\b[A-Z][^\W\d_]+", text))
    names = {n for n in names if len(n) >= 4}
    return exact | names, names


def _allowed(words: Sequence[str], exact: set[str], names: set[str]) -> list[str]:
    kept = []
    for item in words:
        for word in item.casefold().split():
            if word in exact or any(_near(word, n) for n in names):
                break
        else:
            kept.append(item)
    return kept


@dataclass(frozen=True)
class NameLists:
    """Name parts left after the reserved words are taken out."""

    first: list[tuple[str, str]]  # (name, gender)
    last: list[str]
    places: list[str]
    specialties: list[str]
    functions: list[str]
    department_suffixes: list[str]
    team_suffixes: list[str]
    site_kinds: list[str]

    @classmethod
    def build(cls) -> NameLists:
        exact, names = reserved_words()

        def keep(words: Sequence[str]) -> list[str]:
            kept = _allowed(words, exact, names)
            if not kept:
                raise SystemExit(f"every word of {list(words)} clashes with the Acme example")
            return kept

        first = [(n, "female") for n in keep(FEMALE)] + [(n, "male") for n in keep(MALE)]
        return cls(
            first=first,
            last=keep(SURNAMES),
            places=keep(PLACES),
            specialties=keep(SPECIALTIES),
            functions=keep(TEAM_FUNCTIONS),
            department_suffixes=keep(DEPARTMENT_SUFFIXES),
            team_suffixes=keep(TEAM_SUFFIXES),
            site_kinds=keep(SITE_KINDS),
        )

    @property
    def people(self) -> int:
        """Distinct full names (first, initial, surname)."""
        return len(self.first) * len(INITIALS) * len(self.last)

    def person(self, i: int) -> tuple[str, str, str, str]:
        """The ``i``-th person's first name, initials, surname and gender: a fixed permutation
        of all combinations, so neighbours share no part; past :attr:`people` a second
        initial keeps the names distinct ("Eleanor J. K. Aguilar")."""
        total = self.people
        j = (i * _stride(total) + 12_345) % total
        first, gender = self.first[j % len(self.first)]
        j //= len(self.first)
        initials = f"{INITIALS[j % len(INITIALS)]}."
        if i >= total:
            initials += f" {INITIALS[(i // total - 1) % len(INITIALS)]}."
        return first, initials, self.last[j // len(INITIALS)], gender

    def unit_label(self, u: int, team: bool) -> str:
        """A unit's name: place, specialty or function, suffix ("Lakeside Dermatology Ward")."""
        kinds = self.functions if team else self.specialties
        suffixes = self.team_suffixes if team else self.department_suffixes
        total = len(self.places) * len(kinds) * len(suffixes)
        j = (u * _stride(total) + 7) % total
        place = self.places[j % len(self.places)]
        j //= len(self.places)
        return f"{place} {kinds[j % len(kinds)]} {suffixes[j // len(kinds)]}"

    def site_label(self, s: int) -> str:
        """A site's name ("Lakeside Infirmary")."""
        place = self.places[s % len(self.places)]
        kind = self.site_kinds[(s // len(self.places)) % len(self.site_kinds)]
        return f"{place} {kind}"


def _stride(total: int) -> int:
    """A step coprime with ``total``, near its golden section, for a scattered permutation."""
    from math import gcd

    step = int(total * 0.618) | 1
    while gcd(step, total) != 1:
        step += 2
    return step


# the KB file ------------------------------------------------------------------------------


def _iri(local: str) -> str:
    return f"<{EX}{local}>"


def _lit(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _typed(text: str, datatype: str) -> str:
    return f'"{text}"^^<{XSD}{datatype}>'


class _Writer:
    """N-Triples lines to a file, counted."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.count = 0

    def __call__(self, s: str, p: str, o: str) -> None:
        self.out.write(f"{s} <{p}> {o} .\n")
        self.count += 1


def write_kb(path: Path, target: int, *, names: NameLists | None = None) -> int:
    """Write the Acme ontology and KB and synthetic entities, about ``target`` triples in all,
    to ``path`` as N-Triples, streaming (through a temporary file renamed at the end). Returns
    the number of triples."""
    import pyoxigraph as ox

    names = names or NameLists.build()
    partial = path.with_suffix(".partial")
    with partial.open("w", encoding="utf-8", buffering=1 << 20) as out:
        emit = _Writer(out)
        for source in (ACME / "ontology.ttl", ACME / "kb.ttl"):
            for quad in ox.parse(path=str(source), format=ox.RdfFormat.TURTLE):
                emit(str(quad.subject), quad.predicate.value, str(quad.object))
        unit = 0
        while emit.count < target:
            unit += 1
            _write_unit(emit, names, unit, target)
    os.replace(partial, path)
    return emit.count


def _write_unit(emit: _Writer, names: NameLists, unit: int, target: int) -> None:
    """One department (two in three) or team with its site, project and up to ``UNIT_SIZE``
    people (numbered ``(unit - 1) * UNIT_SIZE`` on)."""
    team = _is_team(unit)
    me = _iri(f"unit{unit}")
    site_no = (unit - 1) // UNITS_PER_SITE + 1
    site = _iri(f"site{site_no}")
    seed = unit * 7_919
    if (unit - 1) % UNITS_PER_SITE == 0:
        emit(site, RDF_TYPE, _iri("Site"))
        emit(site, RDFS_LABEL, _lit(names.site_label(site_no)))
        emit(site, f"{EX}locatedIn", _lit(CITIES[site_no % len(CITIES)]))
        emit(site, f"{EX}floor", _typed(str(2 + seed % 9), "integer"))
        emit(site, f"{EX}opened", _typed(str(1960 + seed % 60), "gYear"))
    emit(me, RDF_TYPE, _iri("Team" if team else "Department"))
    emit(me, RDFS_LABEL, _lit(names.unit_label(unit, team)))
    emit(me, f"{EX}budget", _typed(f"{200 + seed % 8_800}000.00", "decimal"))
    project = _iri(f"project{unit}")
    start = date(2015, 1, 5) + timedelta(days=seed % 3_600)
    end = start + timedelta(days=90 + seed % 700)
    emit(project, RDF_TYPE, _iri("Project"))
    emit(project, RDFS_LABEL, _lit(f"{names.unit_label(unit, team)} Renewal"))
    emit(project, f"{EX}projectStart", _typed(start.isoformat(), "date"))
    emit(project, f"{EX}projectEnd", _typed(end.isoformat(), "date"))
    first = (unit - 1) * UNIT_SIZE
    emit(me, f"{EX}ledBy", _iri(f"staff{first}"))
    members = 0
    while members < UNIT_SIZE and emit.count < target:
        _write_person(emit, names, first + members, site)
        members += 1
    emit(me, f"{EX}headcount", _typed(str(members), "integer"))


@dataclass(frozen=True)
class Staff:
    """A synthetic person: the ``n``-th of the KB, in the ``unit``-th unit."""

    n: int
    unit: int
    name: str  # "Eleanor J. Aguilar"
    first: str
    gender: str
    cls: str
    title: str
    seed: int

    @classmethod
    def of(cls, names: NameLists, n: int) -> Staff:
        unit = n // UNIT_SIZE + 1
        first, initials, last, gender = names.person(n)
        seed = n * 2_654_435_761 % 4_294_967_291
        kinds = TEAM_KINDS if _is_team(unit) else DEPARTMENT_KINDS
        cls_, titles = kinds[seed % len(kinds)]
        name = f"{first} {initials} {last}"
        return cls(n, unit, name, first, gender, cls_, titles[seed % len(titles)], seed)

    @property
    def label(self) -> str:
        return f"Dr. {self.name}" if self.cls == "Doctor" else self.name

    @property
    def extension(self) -> str:
        return str(1_000 + self.seed % 9_000)

    @property
    def leader(self) -> int:
        return (self.unit - 1) * UNIT_SIZE


def _is_team(unit: int) -> bool:
    return unit % 3 == 0


def _write_person(emit: _Writer, names: NameLists, n: int, site: str) -> None:
    me = Staff.of(names, n)
    iri = _iri(f"staff{n}")
    unit = _iri(f"unit{me.unit}")
    seed = me.seed
    emit(iri, RDF_TYPE, _iri(me.cls))
    # the label predicates and forms of the Acme KB: doctors "Dr. ..." with a plain alt label
    if me.cls == "Doctor":
        emit(iri, RDFS_LABEL, _lit(me.label))
        emit(iri, SKOS_ALT, _lit(me.name))
    else:
        emit(iri, (FOAF_NAME, RDFS_LABEL, SCHEMA_NAME)[seed % 3], _lit(me.name))
    if seed % 10:
        emit(iri, SCHEMA_GENDER, _lit(me.gender))
    mailbox = me.name.lower().replace(". ", ".").replace(" ", ".")
    emit(iri, f"{EX}email", _lit(f"{mailbox}@{DOMAIN}"))
    emit(iri, f"{EX}extension", _lit(me.extension))
    if seed % 2:
        emit(iri, f"{EX}room", _lit(f"{'KLMSTVW'[seed % 7]}{'WX'[seed % 2]}-{seed % 900 + 100}"))
    emit(iri, f"{EX}memberOf" if _is_team(me.unit) else f"{EX}worksIn", unit)
    emit(iri, f"{EX}basedAt", site)
    emit(iri, f"{EX}jobTitle", _lit(me.title))
    started = date(1990, 1, 1) + timedelta(days=seed % 12_700)
    emit(iri, f"{EX}startDate", _typed(started.isoformat(), "date"))
    if n == me.leader:
        emit(iri, f"{EX}leads", unit)
    else:
        emit(iri, f"{EX}reportsTo", _iri(f"staff{me.leader}"))


def kb_file(out: Path, size: str) -> tuple[Path, int, float | None]:
    """The KB file of ``size``, written unless it is there; its triple count (from the side
    file written with it) and the seconds writing it took (``None``: it was there)."""
    path = out / f"acme-{size}.nt"
    count_file = path.with_suffix(".count")
    if path.exists() and count_file.exists():
        return path, int(count_file.read_text(encoding="utf-8")), None
    t0 = time.perf_counter()
    count = write_kb(path, SIZES[size])
    count_file.write_text(str(count), encoding="utf-8")
    return path, count, time.perf_counter() - t0


# replies ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A reply to check, after earlier turns, with what the Acme example expects of it."""

    id: str
    turns: tuple[tuple[str, str], ...]
    reply: str
    sources: tuple[dict[str, str], ...] = ()
    expected: tuple[str, ...] = ()  # flag types
    clean: bool = False


def replies() -> list[Case]:
    """The labelled Acme replies (``labelled.jsonl``) and the assistant turns of the Acme
    conversation (``conversation.jsonl``), each after the turns before it."""
    cases = []
    for line in (ACME / "labelled.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "reply" not in row:
            continue
        cases.append(
            Case(
                id=row["id"],
                turns=tuple((t["role"], t["text"]) for t in row["turns"]),
                reply=row["reply"],
                sources=tuple(row.get("sources", ())),
                expected=tuple(e["type"] for e in row.get("expected", ())),
                clean=bool(row.get("clean")),
            )
        )
    history: list[tuple[str, str]] = []
    for line in (ACME / "conversation.jsonl").read_text(encoding="utf-8").splitlines():
        turn = json.loads(line)
        if turn["role"] == "assistant":
            cases.append(
                Case(f"conversation-{len(history) // 2 + 1}", tuple(history), turn["text"])
            )
        history.append((turn["role"], turn["text"]))
    return cases


#: Units of the synthetic staff the fresh replies are about: departments that every size holds
#: in full.
FRESH_UNITS = (1, 2, 4, 5)


def fresh_replies(names: NameLists, round_no: int) -> list[Case]:
    """Three replies about a synthetic person no other round names (so a KB that caches what
    it fetched must fetch again): where they work and whom they report to (true) and their
    extension (wrong)."""
    unit = FRESH_UNITS[round_no % len(FRESH_UNITS)]
    me = Staff.of(names, (unit - 1) * UNIT_SIZE + 1 + (round_no * 37) % (UNIT_SIZE - 1))
    boss = Staff.of(names, me.leader)
    wrong = str(1_000 + (int(me.extension) - 1_000 + 1) % 9_000)
    asked = (("user", f"Tell me about {me.name}."),)
    where = names.unit_label(unit, team=False)
    return [
        Case(f"fresh{round_no}-unit", asked, f"{me.label} works in {where}.", clean=True),
        Case(
            f"fresh{round_no}-extension",
            asked,
            f"{me.name}'s extension is {wrong}.",
            expected=("wrong_attribute",),
        ),
        Case(f"fresh{round_no}-boss", asked, f"{me.name} reports to {boss.label}.", clean=True),
    ]


# one stage in a child process -------------------------------------------------------------


def _rss_mib() -> tuple[float, float]:
    """Resident memory now and at its peak, MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    now = peak
    try:
        for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
    except OSError:
        pass
    return now, peak


def _open_kb(
    store: str, sources: list[str], graph: str | None, index_dir: str | None, timeout: float
) -> tuple[Any, float, float | None]:
    """``KnowledgeBase.open``, timed as a whole and, where ``open_store`` is called, its store
    part (the rest is the index build)."""
    import kgcheck.kb.knowledge_base as kb_module

    store_time: list[float] = []
    original = getattr(kb_module, "open_store", None)
    if original is not None:

        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                store_time.append(time.perf_counter() - t0)

        kb_module.open_store = timed  # type: ignore[attr-defined]
    from kgcheck.config import KnowledgeBaseConfig

    kwargs: dict[str, Any] = {"store": store}
    if store.startswith("sparql:"):
        settings: dict[str, Any] = {"store": store, "graph": graph, "timeout": timeout}
        if index_dir is not None:
            settings["index_dir"] = Path(index_dir)
        kwargs["config"] = KnowledgeBaseConfig(**settings)
    try:
        t0 = time.perf_counter()
        kb = kb_module.KnowledgeBase.open(sources, **kwargs)
        total = time.perf_counter() - t0
    finally:
        if original is not None:
            kb_module.open_store = original  # type: ignore[attr-defined]
    return kb, total, (store_time[0] if store_time else None)


def _checker(kb: Any, rules: bool) -> tuple[Any, float]:
    import yaml

    from kgcheck import Checker
    from kgcheck.config import config_from_dict

    raw = yaml.safe_load((ACME / "kgcheck.yaml").read_text(encoding="utf-8"))
    raw["knowledge_base"] = {"sources": [], "store": "memory"}  # the KB is given
    raw["nli"] = {"model": "none"}
    if rules:
        raw["rules"] = [str(ACME_RULES)]
    config = config_from_dict(raw, base_dir=ACME)
    t0 = time.perf_counter()
    checker = Checker(config, kb=kb)
    return checker, time.perf_counter() - t0


def _request_count(kb: Any) -> int | None:
    """SPARQL requests the KB has sent so far, where it counts them."""
    found = getattr(getattr(getattr(kb, "remote", None), "http", None), "requests", None)
    return found if isinstance(found, int) else None


def _signature(case: Case, report: Any) -> list[Any]:
    """What must not depend on the back-end: the decision and each flag's type and text."""
    flags = sorted(
        [f.type.value, case.reply[f.span.start : f.span.end] if f.span else None]
        for f in report.flags
    )
    return [report.decision.value, flags]


def _as_labelled(case: Case, report: Any) -> bool | None:
    """Whether the report is what ``labelled.jsonl`` expects (``None``: no label)."""
    types = {f.type.value for f in report.flags}
    if case.clean:
        return not report.flags
    if case.expected:
        return set(case.expected) <= types
    return None


def _check_all(
    checker: Any, kb: Any, cases: list[Case]
) -> list[tuple[float, float, int | None, Any]]:
    """Check every case once, each after its own earlier turns: wall and CPU seconds, SPARQL
    requests (``None``: not counted) and the report of each."""
    from kgcheck import DialogueState

    out = []
    for case in cases:
        state = DialogueState(session_id=f"bench-{case.id}", now=checker.config.now)
        for role, text in case.turns:
            state.add_turn(role, text)
        before = _request_count(kb)
        t0, c0 = time.perf_counter(), time.process_time()
        report = checker.check_turn(case.reply, state, sources=list(case.sources) or None)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        after = _request_count(kb)
        asked = after - before if before is not None and after is not None else None
        out.append((wall, cpu, asked, report))
    return out


def run_stage(args: argparse.Namespace) -> dict[str, Any]:
    """Open the KB, build the checker and, unless ``--stage open``, check every reply
    ``--rounds`` times (and once more under cProfile with ``--profile``)."""
    cases = replies()
    sources = [args.kb] if args.kb else []
    kb, open_s, store_s = _open_kb(
        args.store, sources, args.graph, args.index_dir, args.sparql_timeout
    )
    result: dict[str, Any] = {"open_s": open_s, "store_s": store_s}
    result["reloaded"] = getattr(kb, "reloaded", None)
    result["labels"] = len(kb.labels)
    checker, result["checker_s"] = _checker(kb, args.rules)
    result["rss_after_build_mib"] = _rss_mib()[0]
    if args.stage == "open":
        result["rss_mib"], result["peak_rss_mib"] = _rss_mib()
        return result
    names = NameLists.build()
    times: list[list[float]] = []
    cpu: list[list[float]] = []
    requests: list[list[int]] = []
    fresh: dict[str, list[Any]] = {"times": [], "cpu": [], "requests": []}
    stages: dict[str, list[float]] = {}
    signatures: dict[str, list[Any]] = {}
    labelled: dict[str, bool | None] = {}
    unstable: dict[str, list[list[Any]]] = {}
    for round_no in range(args.rounds):
        new = fresh_replies(names, round_no)
        checked = _check_all(checker, kb, cases + new)
        fixed, other = checked[: len(cases)], checked[len(cases) :]
        times.append([wall for wall, _, _, _ in fixed])
        cpu.append([seconds for _, seconds, _, _ in fixed])
        asked = [n for _, _, n, _ in fixed if n is not None]
        if asked:
            requests.append(asked)
        fresh["times"] += [wall for wall, _, _, _ in other]
        fresh["cpu"] += [seconds for _, seconds, _, _ in other]
        fresh["requests"] += [n for _, _, n, _ in other if n is not None]
        for case, (_, _, _, report) in zip(cases + new, checked, strict=True):
            if round_no > 0 and case in cases:
                for name, seconds in report.timings.items():
                    stages.setdefault(name, []).append(seconds)
            signature = _signature(case, report)
            if signatures.setdefault(case.id, signature) != signature:
                unstable.setdefault(case.id, [signatures[case.id]]).append(signature)
            labelled[case.id] = _as_labelled(case, report)
    if args.profile_to:
        profiler = cProfile.Profile()
        profiler.enable()
        _check_all(checker, kb, cases)
        profiler.disable()
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(30)
        Path(args.profile_to).write_text(text.getvalue(), encoding="utf-8")
    result.update(
        ids=[c.id for c in cases],
        times=times,
        cpu=cpu,
        requests=requests,
        fresh=fresh,
        stage_p50_ms={k: statistics.median(v) * 1e3 for k, v in stages.items()},
        signatures=signatures,
        unstable=unstable,
        labelled=labelled,
    )
    result["rss_mib"], result["peak_rss_mib"] = _rss_mib()
    return result


def child(
    stage: str,
    store: str,
    kb: Path | None,
    args: argparse.Namespace,
    *,
    graph: str | None = None,
    index_dir: Path | None = None,
    profile: Path | None = None,
) -> dict[str, Any]:
    """Run one stage in a fresh interpreter (an on-disk Oxigraph store is locked by the process
    that opened it, and each figure should start from nothing cached); what it logged to
    stderr comes back as ``log``."""
    command = [sys.executable, str(Path(__file__).resolve()), "--stage", stage]
    command += ["--store", store, "--rounds", str(args.rounds)]
    command += ["--sparql-timeout", str(args.sparql_timeout)]
    for flag, value in (("--kb", kb), ("--graph", graph), ("--index-dir", index_dir)):
        if value is not None:
            command += [flag, str(value)]
    if args.rules:
        command.append("--rules")
    if profile is not None:
        command += ["--profile-to", str(profile)]
    t0 = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(_RESULT_PREFIX):
            found: dict[str, Any] = json.loads(line.removeprefix(_RESULT_PREFIX))
            found["process_s"] = time.perf_counter() - t0
            found["log"] = list(dict.fromkeys(done.stderr.splitlines()))[-20:]
            for line in found["log"]:
                print(f"  | {line[:300]}", flush=True)
            return found
    sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
    raise RuntimeError(f"stage {stage} on {store} failed (exit status {done.returncode})")


# back-ends --------------------------------------------------------------------------------


def bench_memory(
    path: Path, triples: int, args: argparse.Namespace, results: dict[str, Any]
) -> dict[str, Any]:
    estimate = _memory_estimate_gib(triples, results)
    if estimate is not None and estimate > args.memory_limit_gib:
        return {"skipped": f"estimated {estimate:.1f} GiB resident > {args.memory_limit_gib} GiB"}
    run = child(
        "turns",
        "memory",
        path,
        args,
        profile=_prof(args, "memory", path),
    )
    return {"turns": run, "load_s": run["store_s"], "index_s": _index_s(run)}


def _memory_estimate_gib(triples: int, results: dict[str, Any]) -> float | None:
    """Peak resident memory a memory KB of ``triples`` would take, drawn through the smallest
    and the largest memory runs so far (``None``: fewer than two sizes measured)."""
    runs = sorted(
        (r["triples"], r["turns"]["peak_rss_mib"])
        for r in results.values()
        if r.get("backend") == "memory" and "turns" in r
    )
    if len(runs) < 2 or runs[-1][0] == runs[0][0]:
        return None
    (small, small_rss), (large, large_rss) = runs[0], runs[-1]
    per_triple = (large_rss - small_rss) / (large - small)
    return (small_rss + per_triple * (triples - small)) / 1024


#: Figures of a store's first load, kept when a later run reuses the store (``--reuse``).
LOAD_FIELDS = ("load", "load_s", "index_s", "start_s", "stored_triples", "load_when")


def _loaded(previous: dict[str, Any] | None) -> dict[str, Any]:
    return {k: previous[k] for k in LOAD_FIELDS if previous and k in previous}


def bench_oxigraph(
    path: Path, size: str, args: argparse.Namespace, previous: dict[str, Any] | None
) -> dict[str, Any]:
    directory = args.out / f"oxigraph-{size}"
    store = f"oxigraph:{directory}"
    out: dict[str, Any] = {}
    if args.reuse and directory.exists():
        out.update(_loaded(previous))
    else:
        shutil.rmtree(directory, ignore_errors=True)
        load = child("open", store, path, args)
        if not load["reloaded"]:
            raise RuntimeError(f"{store}: a fresh store did not load its sources")
        out.update(load=load, load_s=load["store_s"], index_s=_index_s(load))
        out["load_when"] = time.strftime("%Y-%m-%d %H:%M")
    out["disk_mib"] = _du_mib(directory)
    if args.load_only:
        return out
    run = child(
        "turns",
        store,
        path,
        args,
        profile=_prof(args, "oxigraph", path),
    )
    if run["reloaded"]:
        raise RuntimeError(f"{store}: the store was reloaded instead of reopened")
    out.update(turns=run, reopen_s=run["open_s"])
    return out


def bench_virtuoso(
    path: Path, size: str, triples: int, args: argparse.Namespace, previous: dict[str, Any] | None
) -> dict[str, Any]:
    from tests.store.virtuoso import LocalVirtuoso

    directory = args.out / f"virtuoso-{size}"
    memory_mb = args.virtuoso_mb or (4_000 if SIZES[size] > 2_000_000 else 1_000)
    out: dict[str, Any] = {"virtuoso_mb": memory_mb}
    fresh = not (args.reuse and directory.exists())
    if fresh:
        shutil.rmtree(directory, ignore_errors=True)
    else:
        out.update(_loaded(previous))
    server = LocalVirtuoso(directory, memory_mb=memory_mb, dirs_allowed=[path.parent])
    # the label index kgcheck keeps for the endpoint, with the database (a new load drops it)
    index_dir = directory / "kgcheck-index"
    store = _sparql_store(server)
    try:
        t0 = time.perf_counter()
        server.start()
        out["start_s"] = time.perf_counter() - t0
        if fresh:
            t0 = time.perf_counter()
            server.bulk_load(path, GRAPH, timeout=args.load_timeout)
            out["load_s"] = time.perf_counter() - t0
            out["load_when"] = time.strftime("%Y-%m-%d %H:%M")
            out["stored_triples"] = _count_graph(server.sparql_url)
            print(f"  [virtuoso {size}] bulk load {out['load_s']:.1f} s", flush=True)
        if out.get("stored_triples") != triples:
            print(f"  WARNING: Virtuoso holds {out.get('stored_triples')} of {triples:,} triples")
        if args.load_only:
            return out
        # the KB's first open (the label index built from the endpoint), on the server that
        # loaded it; then a restart, and the KB opened again (the label index read back)
        shutil.rmtree(index_dir, ignore_errors=True)
        load = child("open", store(), None, args, graph=GRAPH, index_dir=index_dir)
        out.update(load=load, index_s=load["open_s"])
        server.stop()
        t0 = time.perf_counter()
        server.start()
        out["restart_s"] = time.perf_counter() - t0
        run = child(
            "turns",
            store(),
            None,
            args,
            graph=GRAPH,
            index_dir=index_dir,
            profile=_prof(args, "virtuoso", path),
        )
        out.update(turns=run, reopen_s=run["open_s"])
    finally:
        server.stop()
        out["disk_mib"] = _du_mib(directory)
    return out


def _sparql_store(server: Any) -> Any:
    """The ``knowledge_base.store`` of the server's endpoint (its port changes on restart)."""
    return lambda: f"sparql:{server.sparql_url}"


def _count_graph(url: str) -> int:
    import httpx

    answer = httpx.post(
        url,
        data={"query": f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{GRAPH}> {{ ?s ?p ?o }} }}"},
        headers={"Accept": "application/sparql-results+json"},
        timeout=600.0,
    )
    answer.raise_for_status()
    return int(answer.json()["results"]["bindings"][0]["n"]["value"])


def _index_s(run: dict[str, Any]) -> float | None:
    return None if run.get("store_s") is None else run["open_s"] - run["store_s"]


def _prof(args: argparse.Namespace, backend: str, path: Path) -> Path | None:
    return args.out / f"profile-{backend}-{path.stem}.txt" if args.profile else None


def _du_mib(directory: Path) -> float:
    return sum(f.stat().st_size for f in directory.rglob("*") if f.is_file()) / 2**20


# tables -----------------------------------------------------------------------------------


def _pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def _key(backend: str, size: str, rules: bool) -> str:
    return f"{backend}/{size}" + ("/rules" if rules else "")


def summarise(entry: dict[str, Any]) -> None:
    """p50/p95 (ms) of a run's turns, warm, cold and fresh, and SPARQL requests per turn,
    added to ``entry``."""
    run = entry.get("turns")
    if not run:
        return
    cold = [t * 1e3 for t in run["times"][0]]
    warm = [t * 1e3 for row in run["times"][1:] for t in row]
    fresh = [t * 1e3 for t in run["fresh"]["times"]]
    entry["cold_p50"], entry["cold_p95"] = _pct(cold, 50), _pct(cold, 95)
    entry["warm_p50"], entry["warm_p95"] = _pct(warm, 50), _pct(warm, 95)
    entry["fresh_p50"], entry["fresh_p95"] = _pct(fresh, 50), _pct(fresh, 95)
    entry["cpu_p50"] = _pct([t * 1e3 for row in run["cpu"][1:] for t in row], 50)
    counts = {
        "cold": run["requests"][0] if run["requests"] else [],
        "warm": [n for row in run["requests"][1:] for n in row],
        "fresh": run["fresh"]["requests"],
    }
    for name, found in counts.items():
        if found:
            entry[f"requests_{name}"] = f"{statistics.median(found):g}/{max(found)}"


def _label(r: dict[str, Any]) -> str:
    return f"{r['backend']}{'+rules' if r.get('rules') else ''}/{r['size']}"


def print_tables(results: dict[str, Any]) -> None:
    rows = sorted(
        results.values(),
        key=lambda r: (r.get("rules", False), BACKENDS.index(r["backend"]), SIZES[r["size"]]),
    )
    headers = ["run", "triples", "load s", "index s", "checker s", "reopen s", "disk MiB"]
    headers += ["peak RSS MiB", "labels", "when"]
    table = []
    for r in rows:
        turns = r.get("turns", {})
        table.append(
            [
                _label(r),
                f"{r['triples']:,}",
                _f(r.get("load_s")),
                _f(r.get("index_s")),
                _f(turns.get("checker_s")),
                _f(r.get("reopen_s")),
                _f(r.get("disk_mib"), 0),
                _f(turns.get("peak_rss_mib"), 0),
                f"{turns['labels']:,}" if "labels" in turns else "-",
                r.get("skipped") or r["when"],
            ]
        )
    _print_aligned(headers, table)
    print(
        "load: loading the store (memory, oxigraph: open_store; virtuoso: bulk loader and "
        "checkpoint); index: the rest of KnowledgeBase.open after that load; checker: Checker "
        "build on the opened KB; reopen: KnowledgeBase.open in a new process (virtuoso: after a "
        "server restart)"
    )
    timed = [r for r in rows if "warm_p50" in r]
    if not timed:
        return
    base = {(r["backend"], r.get("rules", False)): r for r in timed if r["size"] == "10k"}
    mem = {(r["size"], r.get("rules", False)): r for r in timed if r["backend"] == "memory"}
    print(
        "\ncheck_turn ms. warm: the 20 Acme replies, rounds 2 on; cold: round 1 (first check "
        "of each in a new process); fresh: 3 replies a round about a synthetic person no other "
        "round names; CPU: warm, this process's CPU time (less inflated by other load on the "
        "machine); /10k: p50 over the same back-end's 10k p50; /mem: p50 over memory's at the "
        "same size; req: SPARQL requests per turn, median/max"
    )
    table = []
    for r in timed:
        ref = base.get((r["backend"], r.get("rules", False)))
        m = mem.get((r["size"], r.get("rules", False)))
        row = [_label(r)]
        row += [_f(r.get(k), 1) for k in ("warm_p50", "warm_p95", "cold_p50", "cold_p95")]
        row += [_f(r.get(k), 1) for k in ("fresh_p50", "fresh_p95", "cpu_p50")]
        for k in ("warm_p50", "cold_p50", "fresh_p50"):
            row.append(_ratio(r, ref, k))
        for k in ("warm_p50", "fresh_p50"):
            row.append(_ratio(r, m, k) if r["backend"] != "memory" else "-")
        row += [r.get(f"requests_{k}", "-") for k in ("cold", "warm", "fresh")]
        table.append(row)
    headers = ["run", "p50", "p95", "cold p50", "cold p95", "fresh p50", "fresh p95", "CPU p50"]
    headers += ["p50 /10k", "cold /10k", "fresh /10k", "p50 /mem", "fresh /mem"]
    _print_aligned([*headers, "req cold", "req warm", "req fresh"], table)
    print("\nper-reply warm median ms")
    columns = [_label(r) for r in timed]
    ids = timed[0]["turns"]["ids"]
    medians = [
        [
            statistics.median(row[k] for row in r["turns"]["times"][1:]) * 1e3
            for k in range(len(ids))
        ]
        for r in timed
    ]
    _print_aligned(
        ["reply", *columns],
        [[i] + [f"{m[k]:.1f}" for m in medians] for k, i in enumerate(ids)],
    )
    print("\nwarm p50 per stage of check_turn (ms)")
    names = sorted({n for r in timed for n in r["turns"]["stage_p50_ms"]})
    _print_aligned(
        ["stage", *columns],
        [
            [n.removeprefix("detector.")]
            + [f"{r['turns']['stage_p50_ms'].get(n, 0):.2f}" for r in timed]
            for n in names
        ],
    )
    print_differences(timed)


def print_differences(timed: list[dict[str, Any]]) -> None:
    """Every reply whose report differs from the first run's, and replies not as labelled."""
    ref = timed[0]
    differences = 0
    print()
    for r in timed[1:]:
        for case_id, signature in r["turns"]["signatures"].items():
            expected = ref["turns"]["signatures"].get(case_id)
            if signature != expected:
                differences += 1
                print(f"DIFFERENCE {_label(r)} vs {_label(ref)} on {case_id}:")
                print(f"    {signature}\n    {expected}")
    for r in timed:
        for case_id, seen in r["turns"].get("unstable", {}).items():
            print(f"UNSTABLE from round to round: {_label(r)} {case_id}: {seen}")
    print(
        f"reports (decision, flag types and texts): {differences} difference(s) from "
        f"{_label(ref)} in {len(timed) - 1} other run(s)"
    )
    for r in timed:
        marks = r["turns"]["labelled"]
        off = [i for i, ok in marks.items() if ok is False]
        good = sum(1 for ok in marks.values() if ok)
        known = sum(1 for ok in marks.values() if ok is not None)
        note = f"; not: {', '.join(off)}" if off else ""
        print(f"  {_label(r)}: {good} of {known} labelled replies as labelled{note}")


def _ratio(r: dict[str, Any], ref: dict[str, Any] | None, key: str) -> str:
    if ref is None or r.get(key) is None or not ref.get(key):
        return "-"
    return f"{r[key] / ref[key]:.2f}"


def _f(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _print_aligned(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.rjust(w) for h, w in zip(headers, widths, strict=True)))
    for r in rows:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)))


# driver -----------------------------------------------------------------------------------


def _parse_list(text: str, allowed: Sequence[str], what: str) -> list[str]:
    chosen = [t.strip().lower() for t in text.split(",") if t.strip()]
    unknown = [t for t in chosen if t not in allowed]
    if unknown:
        raise SystemExit(f"unknown {what}: {', '.join(unknown)} (one of {', '.join(allowed)})")
    return chosen


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add = parser.add_argument
    add("--sizes", default="10k,1m", help=f"of {','.join(SIZES)} (default: %(default)s)")
    add(
        "--backends",
        default="memory,oxigraph",
        help=f"of {','.join(BACKENDS)} (default: %(default)s)",
    )
    add("--out", type=Path, default=Path("/tmp/kbscale"), help="KB files, stores, results.json")
    add("--rounds", type=int, default=6, help="rounds over the replies (the first is cold)")
    add("--rules", action="store_true", help="add the rules of rules/acme")
    add("--reuse", action="store_true", help="reuse the stores loaded in --out before")
    add("--profile", action="store_true", help="cProfile the warm rounds into --out")
    add(
        "--memory-limit-gib",
        type=float,
        default=12.0,
        help="skip memory KBs estimated to need more (default: %(default)s)",
    )
    add("--virtuoso-mb", type=int, help="Virtuoso buffers (default: 1000 MB; 4000 above 2M)")
    add("--load-timeout", type=float, default=7_200.0, help="seconds a Virtuoso load may take")
    add(
        "--sparql-timeout",
        type=float,
        default=10.0,
        help="knowledge_base.timeout of the sparql: KB (default: %(default)s, kgcheck's)",
    )
    add("--generate-only", action="store_true", help="write the KB files and stop")
    add("--load-only", action="store_true", help="load the stores (kept for --reuse) and stop")
    add("--stage", choices=("open", "turns"), help=argparse.SUPPRESS)
    add("--store", help=argparse.SUPPRESS)
    add("--kb", help=argparse.SUPPRESS)
    add("--graph", help=argparse.SUPPRESS)
    add("--profile-to", help=argparse.SUPPRESS)
    add("--index-dir", help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _arguments()
    args = parser.parse_args(argv)
    if args.stage is not None:
        print(_RESULT_PREFIX + json.dumps(run_stage(args)), flush=True)
        return 0
    if args.rounds < 2:
        parser.error("--rounds must be at least 2 (one cold, one warm)")
    sizes = sorted(_parse_list(args.sizes, list(SIZES), "size"), key=SIZES.__getitem__)
    backends = _parse_list(args.backends, BACKENDS, "back-end")
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    results_file = args.out / "results.json"
    results: dict[str, Any] = {}
    if results_file.exists():
        results = json.loads(results_file.read_text(encoding="utf-8"))
    for size in sizes:
        path, triples, took = kb_file(args.out, size)
        made = f"written in {took:.1f} s" if took is not None else "already there"
        mib = path.stat().st_size / 2**20
        print(f"[{size}] {path}: {triples:,} triples, {mib:,.0f} MiB, {made}", flush=True)
        if args.generate_only:
            continue
        for backend in backends:
            print(f"[{size}] {backend} ...", flush=True)
            t0 = time.perf_counter()
            key = _key(backend, size, args.rules)
            previous = results.get(key)
            if backend == "memory" and args.load_only:
                continue
            if backend == "memory":
                found = bench_memory(path, triples, args, results)
            elif backend == "oxigraph":
                found = bench_oxigraph(path, size, args, previous)
            else:
                found = bench_virtuoso(path, size, triples, args, previous)
            found.update(
                backend=backend,
                size=size,
                triples=triples,
                rules=args.rules,
                when=time.strftime("%Y-%m-%d %H:%M"),
                wall_s=time.perf_counter() - t0,
            )
            summarise(found)
            if args.load_only and previous is not None:
                found = {**previous, **found}
            results[key] = found
            results_file.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
            if "warm_p50" in found:
                print(
                    f"[{size}] {backend}: warm p50 {found['warm_p50']:.1f} ms, p95 "
                    f"{found['warm_p95']:.1f} ms; cold p50 {found['cold_p50']:.1f} ms "
                    f"({found['wall_s']:.0f} s)",
                    flush=True,
                )
            else:
                print(f"[{size}] {backend}: {found.get('skipped', 'no turns')}", flush=True)
    if args.generate_only or args.load_only:
        return 0
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nload average {load}; {os.cpu_count()} CPUs\n")
    print_tables(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
