"""Write kb.ttl for the Motorhaus dealer group.

The data lives in plain Python structures below so that make_cases.py can
build stock-search tool results from exactly the same cars.
Run from anywhere: python src/make_kb.py
"""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# ----------------------------------------------------------------------------- branches
# showroom hours and workshop hours: list of (days, opens, closes)
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]

BRANCHES = {
    "leeds": dict(
        label="Motorhaus Leeds", alt=["Leeds branch", "Leeds showroom"], franchise=["volkswagen"],
        street="212 Kirkstall Road", town="Leeds", postcode="LS4 2AQ",
        phone="0113 496 0212", email="leeds@motorhaus.example",
        hours=[(WEEKDAYS, "08:30", "18:00"), (["Saturday"], "09:00", "17:00"), (["Sunday"], "10:30", "16:30")],
        workshop=dict(phone="0113 496 0213", mot=True, courtesy=6, courtesy_model="vw-polo",
                      hours=[(WEEKDAYS, "07:30", "18:00"), (["Saturday"], "08:00", "13:00")]),
        manager="daniel-whitaker",
    ),
    "harrogate": dict(
        label="Motorhaus Harrogate", alt=["Harrogate branch", "Harrogate showroom"], franchise=["skoda"],
        street="14 Wetherby Road", town="Harrogate", postcode="HG2 7SA",
        phone="01423 496114", email="harrogate@motorhaus.example",
        hours=[(WEEKDAYS, "09:00", "18:00"), (["Saturday"], "09:00", "17:00")],
        workshop=dict(phone="01423 496115", mot=True, courtesy=4, courtesy_model="skoda-fabia",
                      hours=[(WEEKDAYS, "08:00", "17:30"), (["Saturday"], "08:30", "12:30")]),
        manager="helen-ashworth",
    ),
    "york": dict(
        label="Motorhaus York", alt=["York branch", "York showroom"], franchise=["ford"],
        street="3 Hospital Fields Road", town="York", postcode="YO10 4DZ",
        phone="01904 496303", email="york@motorhaus.example",
        hours=[(WEEKDAYS, "09:00", "19:00"), (["Saturday"], "09:00", "17:30"), (["Sunday"], "11:00", "16:00")],
        workshop=dict(phone="01904 496304", mot=False, courtesy=3, courtesy_model="ford-puma",
                      hours=[(WEEKDAYS, "07:45", "17:45")]),
        manager="marcus-reid",
    ),
    "wakefield": dict(
        label="Motorhaus Wakefield", alt=["Wakefield branch", "Wakefield Used Car Centre", "Wakefield showroom"],
        franchise=[],
        street="88 Denby Dale Road", town="Wakefield", postcode="WF2 8DY",
        phone="01924 496088", email="wakefield@motorhaus.example",
        hours=[(WEEKDAYS + ["Saturday"], "09:00", "18:00"), (["Sunday"], "10:00", "16:00")],
        workshop=dict(phone="01924 496089", mot=True, courtesy=2, courtesy_model="toyota-yaris",
                      hours=[(WEEKDAYS, "08:00", "17:00")]),
        manager="craig-dobson",
    ),
}

# ----------------------------------------------------------------------------- staff
STAFF = {
    "daniel-whitaker": ("Daniel Whitaker", "branch-manager", "leeds"),
    "priya-sharma": ("Priya Sharma", "service-advisor", "leeds"),
    "tom-hollis": ("Tom Hollis", "sales-executive", "leeds"),
    "megan-clarke": ("Megan Clarke", "finance-manager", "leeds"),
    "gareth-owen": ("Gareth Owen", "master-technician", "leeds"),
    "helen-ashworth": ("Helen Ashworth", "branch-manager", "harrogate"),
    "jordan-blake": ("Jordan Blake", "service-advisor", "harrogate"),
    "sophie-turner": ("Sophie Turner", "sales-executive", "harrogate"),
    "liam-foster": ("Liam Foster", "workshop-controller", "harrogate"),
    "marcus-reid": ("Marcus Reid", "branch-manager", "york"),
    "chloe-bennett": ("Chloe Bennett", "service-advisor", "york"),
    "aaron-patel": ("Aaron Patel", "sales-executive", "york"),
    "natalie-hughes": ("Natalie Hughes", "finance-manager", "york"),
    "craig-dobson": ("Craig Dobson", "branch-manager", "wakefield"),
    "emma-lowe": ("Emma Lowe", "sales-executive", "wakefield"),
    "ryan-shaw": ("Ryan Shaw", "service-advisor", "wakefield"),
}
ROLES = {
    "branch-manager": "branch manager",
    "service-advisor": "service advisor",
    "sales-executive": "sales executive",
    "finance-manager": "finance manager",
    "master-technician": "master technician",
    "workshop-controller": "workshop controller",
}

# ----------------------------------------------------------------------------- makes and models
MAKES = {"volkswagen": ("Volkswagen", ["VW"]), "skoda": ("Skoda", ["Škoda"]), "ford": ("Ford", []),
         "toyota": ("Toyota", []), "nissan": ("Nissan", []), "bmw": ("BMW", []), "kia": ("Kia", []),
         "audi": ("Audi", [])}

MODELS = {
    "vw-golf": ("Volkswagen Golf", "volkswagen", ["Golf", "VW Golf"]),
    "vw-polo": ("Volkswagen Polo", "volkswagen", ["Polo", "VW Polo"]),
    "vw-tiguan": ("Volkswagen Tiguan", "volkswagen", ["Tiguan", "VW Tiguan"]),
    "vw-id3": ("Volkswagen ID.3", "volkswagen", ["ID.3", "VW ID.3"]),
    "skoda-octavia": ("Skoda Octavia", "skoda", ["Octavia"]),
    "skoda-fabia": ("Skoda Fabia", "skoda", ["Fabia"]),
    "skoda-kodiaq": ("Skoda Kodiaq", "skoda", ["Kodiaq"]),
    "skoda-enyaq": ("Skoda Enyaq", "skoda", ["Enyaq"]),
    "ford-puma": ("Ford Puma", "ford", ["Puma"]),
    "ford-kuga": ("Ford Kuga", "ford", ["Kuga"]),
    "ford-focus": ("Ford Focus", "ford", ["Focus"]),
    "toyota-yaris": ("Toyota Yaris", "toyota", ["Yaris"]),
    "nissan-qashqai": ("Nissan Qashqai", "nissan", ["Qashqai"]),
    "bmw-1-series": ("BMW 1 Series", "bmw", ["1 Series"]),
    "kia-sportage": ("Kia Sportage", "kia", ["Sportage"]),
    "audi-a3": ("Audi A3", "audi", ["A3"]),
}

FUELS = {"petrol": "petrol", "diesel": "diesel", "hybrid": "hybrid", "plug-in-hybrid": "plug-in hybrid",
         "electric": "electric"}
FUEL_ALT = {"hybrid": ["self-charging hybrid", "full hybrid"], "plug-in-hybrid": ["PHEV"],
            "electric": ["EV", "fully electric"]}
TRANSMISSIONS = {"manual": "manual", "automatic": "automatic"}
TRANSMISSION_ALT = {"automatic": ["auto"]}

# ----------------------------------------------------------------------------- stock
# key: (used/new, label, model, year, registration, mileage, price, engine litres, fuel,
#       transmission, colour, branch, electric range)
CARS = [
    ("used", "Volkswagen Golf Life 1.5 TSI", "vw-golf", 2021, "YK21 KTX", 28450, 16495, 1.5, "petrol", "manual", "Moonstone Grey", "leeds", None),
    ("used", "Volkswagen Polo Match 1.0 TSI", "vw-polo", 2020, "YH70 PLO", 34120, 12250, 1.0, "petrol", "manual", "Reflex Silver", "leeds", None),
    ("used", "Volkswagen Tiguan Elegance 2.0 TDI", "vw-tiguan", 2022, "YD22 TGN", 19870, 27995, 2.0, "diesel", "automatic", "Deep Black", "leeds", None),
    ("used", "Skoda Octavia Estate SE L 2.0 TDI", "skoda-octavia", 2021, "YB21 OCT", 41300, 17750, 2.0, "diesel", "automatic", "Race Blue", "harrogate", None),
    ("used", "Skoda Fabia Colour Edition 1.0 TSI", "skoda-fabia", 2022, "YA22 FBC", 12640, 13995, 1.0, "petrol", "manual", "Phoenix Orange", "harrogate", None),
    ("used", "Skoda Kodiaq SE Drive 1.5 TSI", "skoda-kodiaq", 2020, "YC70 KDQ", 45900, 21495, 1.5, "petrol", "automatic", "Moon White", "harrogate", None),
    ("used", "Ford Puma ST-Line 1.0 EcoBoost Hybrid", "ford-puma", 2022, "YE22 PMA", 16200, 17995, 1.0, "hybrid", "manual", "Desert Island Blue", "york", None),
    ("used", "Ford Kuga Titanium 2.5 PHEV", "ford-kuga", 2021, "YF21 KGA", 31750, 22750, 2.5, "plug-in-hybrid", "automatic", "Magnetic Grey", "york", 35),
    ("used", "Ford Focus Titanium 1.0 EcoBoost", "ford-focus", 2019, "YG69 FCS", 52380, 11495, 1.0, "petrol", "manual", "Frozen White", "york", None),
    ("used", "Toyota Yaris Icon 1.5 Hybrid", "toyota-yaris", 2021, "YJ21 YRS", 22900, 15250, 1.5, "hybrid", "automatic", "Tokyo Red", "wakefield", None),
    ("used", "Nissan Qashqai N-Connecta 1.3 DIG-T", "nissan-qashqai", 2022, "YK22 QSH", 18400, 19995, 1.3, "petrol", "manual", "Magnetic Blue", "wakefield", None),
    ("used", "BMW 118i M Sport", "bmw-1-series", 2020, "YL20 HRN", 38600, 17495, 1.5, "petrol", "automatic", "Alpine White", "wakefield", None),
    ("used", "Kia Sportage GT-Line 1.6 T-GDi Hybrid", "kia-sportage", 2023, "YM23 SPG", 9850, 24995, 1.6, "hybrid", "automatic", "Lunar Silver", "wakefield", None),
    ("used", "Audi A3 Sportback Sport 30 TFSI", "audi-a3", 2019, "YN69 ATS", 47200, 15995, 1.0, "petrol", "manual", "Mythos Black", "wakefield", None),
    ("used", "Volkswagen ID.3 Pro Performance", "vw-id3", 2022, "YP22 IDT", 21300, 19750, None, "electric", "automatic", "Kings Red", "wakefield", 260),
    ("used", "Volkswagen Golf GTD 2.0 TDI", "vw-golf", 2020, "YS70 GTD", 44100, 19495, 2.0, "diesel", "automatic", "Pure Grey", "wakefield", None),
    ("new", "Volkswagen Golf Life 1.5 eTSI", "vw-golf", None, None, 10, 29340, 1.5, "petrol", "automatic", "Grenadilla Black", "leeds", None),
    ("new", "Volkswagen Tiguan Life 1.5 eTSI", "vw-tiguan", None, None, 10, 36905, 1.5, "petrol", "automatic", "Oryx White", "leeds", None),
    ("new", "Volkswagen ID.3 Match", "vw-id3", None, None, 10, 32440, None, "electric", "automatic", "Moonstone Grey", "leeds", 264),
    ("new", "Skoda Octavia SE Technology 1.5 TSI", "skoda-octavia", None, None, 10, 28385, 1.5, "petrol", "manual", "Graphite Grey", "harrogate", None),
    ("new", "Skoda Kodiaq SE L 2.0 TDI", "skoda-kodiaq", None, None, 10, 43990, 2.0, "diesel", "automatic", "Moon White", "harrogate", None),
    ("new", "Skoda Enyaq 85 SE L", "skoda-enyaq", None, None, 10, 44310, None, "electric", "automatic", "Race Blue", "harrogate", 357),
    ("new", "Ford Puma Titanium 1.0 EcoBoost Hybrid", "ford-puma", None, None, 10, 26345, 1.0, "hybrid", "manual", "Agate Black", "york", None),
    ("new", "Ford Kuga ST-Line 2.5 PHEV", "ford-kuga", None, None, 10, 38765, 2.5, "plug-in-hybrid", "automatic", "Solar Silver", "york", 35),
]

# ----------------------------------------------------------------------------- servicing
SERVICE_TYPES = {
    "interim-service": dict(label="Interim Service", duration="PT2H"),
    "full-service": dict(label="Full Service", duration="PT3H30M"),
    "mot": dict(label="MOT", duration="PT1H", price=45.00, with_service=30.00, alt=["MOT test"]),
}
# (model, engine litres or None, fuel, interim price, full price)
SERVICE_PRICES = [
    ("vw-golf", 1.5, "petrol", 189, 299),
    ("vw-golf", 2.0, "diesel", 209, 339),
    ("vw-polo", 1.0, "petrol", 159, 249),
    ("vw-tiguan", 1.5, "petrol", 199, 319),
    ("vw-tiguan", 2.0, "diesel", 219, 359),
    ("vw-id3", None, "electric", 99, 179),
    ("skoda-octavia", 1.5, "petrol", 179, 289),
    ("skoda-octavia", 2.0, "diesel", 199, 329),
    ("skoda-fabia", 1.0, "petrol", 149, 239),
    ("skoda-kodiaq", 1.5, "petrol", 199, 329),
    ("skoda-kodiaq", 2.0, "diesel", 219, 369),
    ("ford-puma", 1.0, "hybrid", 169, 279),
    ("ford-kuga", 2.5, "plug-in-hybrid", 199, 329),
    ("ford-focus", 1.0, "petrol", 159, 259),
]

# ----------------------------------------------------------------------------- finance
FINANCE = {
    "golf-pcp": dict(label="Golf PCP Offer", model="vw-golf", type="pcp", apr=6.9, contribution=1500,
                     deposit=3500, term="P48M", monthly=329, final=13870, valid="2026-03-31"),
    "tiguan-pcp": dict(label="Tiguan PCP Offer", model="vw-tiguan", type="pcp", apr=7.9, contribution=2000,
                       deposit=4500, term="P48M", monthly=399, final=17250, valid="2026-03-31"),
    "id3-electric": dict(label="ID.3 Electric Offer", model="vw-id3", type="pcp", apr=4.9, contribution=3000,
                         deposit=3000, term="P36M", monthly=319, final=15890, valid="2026-06-30"),
    "octavia-hp": dict(label="Octavia Hire Purchase Offer", model="skoda-octavia", type="hp", apr=8.9,
                       contribution=750, deposit=2850, term="P60M", monthly=509, final=None, valid="2026-04-30"),
    "puma-pcp": dict(label="Puma PCP Offer", model="ford-puma", type="pcp", apr=5.9, contribution=1250,
                     deposit=2650, term="P42M", monthly=289, final=11980, valid="2026-04-30"),
}
USED_FINANCE = dict(label="Approved Used Finance", type="hp", apr=9.9, min_deposit=10, max_term="P60M")
FINANCE_TYPES = {"pcp": ("PCP", ["Personal Contract Purchase"]), "hp": ("HP", ["Hire Purchase"])}

# ----------------------------------------------------------------------------- warranties
WARRANTIES = {
    "approved-used": dict(label="Motorhaus Approved Used Warranty", length="P12M", claim=3000, excess=0, breakdown=True),
    "vw-new": dict(label="Volkswagen New Car Warranty", length="P3Y", miles=60000, make="volkswagen"),
    "skoda-new": dict(label="Skoda New Car Warranty", length="P3Y", miles=60000, make="skoda"),
    "ford-new": dict(label="Ford New Car Warranty", length="P3Y", miles=60000, make="ford"),
    "extended": dict(label="Motorhaus Extended Warranty", length="P12M", price=449, claim=5000, excess=50, breakdown=False),
    "ev-battery": dict(label="EV Battery Warranty", length="P8Y", miles=100000),
}

# ----------------------------------------------------------------------------- group policies
GROUP = dict(
    label="Motorhaus", phone="0113 496 0000", reservation=99, refundable=True, reservation_period="P7D",
    money_back="P14D", delivery_radius=30, valuation="P7D", cc_age=25, cc_miles=50, cc_excess=500,
    test_drive="PT30M",
)


def car_id(car) -> str:
    kind, label = car[0], car[1]
    if car[4]:
        return "car-" + car[4].replace(" ", "").lower()
    slug = label.lower().replace(".", "").replace(" ", "-")
    return f"new-{slug}"


def lit(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build() -> str:
    out: list[str] = []
    w = out.append
    w("@prefix mh:     <https://motorhaus.example/ontology#> .")
    w("@prefix ex:     <https://motorhaus.example/id/> .")
    w("@prefix schema: <https://schema.org/> .")
    w("@prefix rdfs:   <http://www.w3.org/2000/01/rdf-schema#> .")
    w("@prefix skos:   <http://www.w3.org/2004/02/skos/core#> .")
    w("@prefix xsd:    <http://www.w3.org/2001/XMLSchema#> .")
    w("")

    # group
    g = GROUP
    w(f"ex:motorhaus a mh:DealerGroup ; rdfs:label {lit(g['label'])} ;")
    w(f"    mh:customerServicePhone {lit(g['phone'])} ;")
    w(f"    mh:reservationDeposit {g['reservation']}.00 ; mh:reservationDepositRefundable true ;")
    w(f"    mh:reservationPeriod \"{g['reservation_period']}\"^^xsd:duration ;")
    w(f"    mh:moneyBackPeriod \"{g['money_back']}\"^^xsd:duration ;")
    w(f"    mh:freeDeliveryRadius {g['delivery_radius']} ;")
    w(f"    mh:valuationValidity \"{g['valuation']}\"^^xsd:duration ;")
    w(f"    mh:courtesyCarMinimumAge {g['cc_age']} ;")
    w(f"    mh:courtesyCarDailyMileage {g['cc_miles']} ;")
    w(f"    mh:courtesyCarExcess {g['cc_excess']}.00 ;")
    w(f"    mh:testDriveLength \"{g['test_drive']}\"^^xsd:duration .")
    w("")

    def hours(subject: str, pred: str, spec) -> None:
        nodes = []
        for days, opens, closes in spec:
            d = " , ".join(f"schema:{x}" for x in days)
            nodes.append(f"[ a schema:OpeningHoursSpecification ; schema:dayOfWeek {d} ;\n"
                         f"        schema:opens \"{opens}:00\"^^xsd:time ; schema:closes \"{closes}:00\"^^xsd:time ]")
        w(f"{subject} {pred}\n    " + " ,\n    ".join(nodes) + " .")

    for key, b in BRANCHES.items():
        bid = f"ex:{key}"
        alts = " , ".join(lit(a) for a in b["alt"])
        w(f"{bid} a mh:Branch ; rdfs:label {lit(b['label'])} ; skos:altLabel {alts} ;")
        for m in b["franchise"]:
            w(f"    mh:franchise ex:{m} ;")
        w(f"    schema:address [ a schema:PostalAddress ; schema:streetAddress {lit(b['street'])} ;")
        w(f"        schema:addressLocality {lit(b['town'])} ; schema:postalCode {lit(b['postcode'])} ] ;")
        w(f"    mh:phone {lit(b['phone'])} ; mh:email {lit(b['email'])} ;")
        w(f"    mh:hasWorkshop ex:{key}-workshop ;")
        w(f"    mh:branchManager ex:{b['manager']} .")
        hours(bid, "schema:openingHoursSpecification", b["hours"])
        ws = b["workshop"]
        town = b["town"]
        w(f"ex:{key}-workshop a mh:Workshop ; rdfs:label {lit(b['label'] + ' Workshop')} ;")
        w(f"    skos:altLabel {lit(town + ' workshop')} , {lit(town + ' service centre')} ;")
        w(f"    mh:workshopOf {bid} ; mh:phone {lit(ws['phone'])} ;")
        w(f"    mh:motTestCentre {'true' if ws['mot'] else 'false'} ;")
        w(f"    mh:numberOfCourtesyCars {ws['courtesy']} ; mh:courtesyCarModel ex:{ws['courtesy_model']} .")
        hours(f"ex:{key}-workshop", "schema:openingHoursSpecification", ws["hours"])
        w("")

    for key, label in ROLES.items():
        w(f"ex:{key} a mh:Role ; rdfs:label {lit(label)} .")
    for key, (name, role, branch) in STAFF.items():
        email = name.lower().replace(" ", ".") + "@motorhaus.example"
        w(f"ex:{key} a mh:StaffMember ; rdfs:label {lit(name)} ; mh:role ex:{role} ;")
        w(f"    mh:worksAt ex:{branch} ; mh:email {lit(email)} .")
    w("")

    for key, (label, alts) in MAKES.items():
        extra = (" ; skos:altLabel " + " , ".join(lit(a) for a in alts)) if alts else ""
        w(f"ex:{key} a mh:Make ; rdfs:label {lit(label)}{extra} .")
    for key, (label, make, alts) in MODELS.items():
        w(f"ex:{key} a mh:CarModel ; rdfs:label {lit(label)} ; skos:altLabel "
          + " , ".join(lit(a) for a in alts) + f" ; mh:make ex:{make} .")
    for key, label in FUELS.items():
        extra = (" ; skos:altLabel " + " , ".join(lit(a) for a in FUEL_ALT[key])) if key in FUEL_ALT else ""
        w(f"ex:{key} a mh:FuelType ; rdfs:label {lit(label)}{extra} .")
    for key, label in TRANSMISSIONS.items():
        extra = (" ; skos:altLabel " + " , ".join(lit(a) for a in TRANSMISSION_ALT[key])) if key in TRANSMISSION_ALT else ""
        w(f"ex:{key} a mh:Transmission ; rdfs:label {lit(label)}{extra} .")
    w("")

    for car in CARS:
        kind, label, model, year, reg, miles, price, engine, fuel, trans, colour, branch, rng = car
        cls = "mh:UsedCar" if kind == "used" else "mh:NewCar"
        lines = [f"ex:{car_id(car)} a {cls} ; rdfs:label {lit(label)} ;",
                 f"    mh:carModel ex:{model} ;"]
        if year:
            lines.append(f"    mh:registrationYear \"{year}\"^^xsd:gYear ; mh:registrationNumber {lit(reg)} ;")
        lines.append(f"    mh:mileage {miles} ; mh:price {price}.00 ;")
        if engine is not None:
            lines.append(f"    mh:engineSize {engine} ;")
        if rng is not None:
            lines.append(f"    mh:electricRange {rng} ;")
        lines.append(f"    mh:fuelType ex:{fuel} ; mh:transmission ex:{trans} ;")
        lines.append(f"    mh:colour {lit(colour)} ; mh:atBranch ex:{branch} .")
        w("\n".join(lines))
    w("")

    for key, st in SERVICE_TYPES.items():
        parts = [f"ex:{key} a mh:ServiceType ; rdfs:label {lit(st['label'])}"]
        if "alt" in st:
            parts.append("skos:altLabel " + " , ".join(lit(a) for a in st["alt"]))
        parts.append(f"mh:duration \"{st['duration']}\"^^xsd:duration")
        if "price" in st:
            parts.append(f"mh:price {st['price']:.2f}")
            parts.append(f"mh:priceWithService {st['with_service']:.2f}")
        w(" ;\n    ".join(parts) + " .")
    for model, engine, fuel, interim, full in SERVICE_PRICES:
        for st, price in (("interim-service", interim), ("full-service", full)):
            eng = f"{engine}" if engine is not None else "ev"
            nid = f"ex:price-{model}-{eng.replace('.', '')}-{st}"
            e = f" mh:engineSize {engine} ;" if engine is not None else ""
            w(f"{nid} a mh:ServicePrice ; mh:forModel ex:{model} ;{e} mh:fuel ex:{fuel} ;")
            w(f"    mh:serviceType ex:{st} ; mh:price {price}.00 .")
    w("")

    for key, (label, alts) in FINANCE_TYPES.items():
        w(f"ex:{key} a mh:FinanceType ; rdfs:label {lit(label)} ; skos:altLabel "
          + " , ".join(lit(a) for a in alts) + " .")
    for key, f in FINANCE.items():
        lines = [f"ex:{key} a mh:FinanceOffer ; rdfs:label {lit(f['label'])} ;",
                 f"    mh:offerModel ex:{f['model']} ; mh:financeType ex:{f['type']} ;",
                 f"    mh:apr {f['apr']} ; mh:depositContribution {f['contribution']}.00 ;",
                 f"    mh:customerDeposit {f['deposit']}.00 ; mh:term \"{f['term']}\"^^xsd:duration ;",
                 f"    mh:monthlyPayment {f['monthly']}.00 ;"]
        if f["final"]:
            lines.append(f"    mh:optionalFinalPayment {f['final']}.00 ;")
        lines.append(f"    mh:validUntil \"{f['valid']}\"^^xsd:date .")
        w("\n".join(lines))
    u = USED_FINANCE
    w(f"ex:approved-used-finance a mh:FinanceOffer ; rdfs:label {lit(u['label'])} ;")
    w(f"    mh:financeType ex:{u['type']} ; mh:apr {u['apr']} ; mh:minimumDeposit {u['min_deposit']} ;")
    w(f"    mh:maximumTerm \"{u['max_term']}\"^^xsd:duration .")
    w("")

    for key, wt in WARRANTIES.items():
        parts = [f"ex:warranty-{key} a mh:Warranty ; rdfs:label {lit(wt['label'])}",
                 f"mh:warrantyLength \"{wt['length']}\"^^xsd:duration"]
        if "miles" in wt:
            parts.append(f"mh:mileageLimit {wt['miles']}")
        if "claim" in wt:
            parts.append(f"mh:claimLimit {wt['claim']}.00")
        if "excess" in wt:
            parts.append(f"mh:excess {wt['excess']}.00")
        if "price" in wt:
            parts.append(f"mh:price {wt['price']}.00")
        if "breakdown" in wt:
            parts.append(f"mh:includesBreakdownCover {'true' if wt['breakdown'] else 'false'}")
        if "make" in wt:
            parts.append(f"mh:appliesToMake ex:{wt['make']}")
        w(" ;\n    ".join(parts) + " .")
    w("")
    return "\n".join(out)


def main() -> None:
    (HERE / "kb.ttl").write_text(build(), encoding="utf-8")
    print("wrote", HERE / "kb.ttl")


if __name__ == "__main__":
    main()
