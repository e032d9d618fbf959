"""Write kb.ttl for Hartwell Building Supplies (a fictional builders' merchant).

Run from the trial folder:  python src/make_kb.py
Prices are list prices in GBP excluding VAT.
"""
from pathlib import Path

from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import RDF, RDFS, XSD

BM = Namespace("https://example.org/hartwell#")
SCHEMA = Namespace("https://schema.org/")

g = Graph()
g.bind("bm", BM)
g.bind("schema", SCHEMA)
g.bind("xsd", XSD)


def lit(v, dt=None):
    if dt is not None:
        return Literal(v, datatype=dt)
    if isinstance(v, bool):
        return Literal(v, datatype=XSD.boolean)
    if isinstance(v, int):
        return Literal(v, datatype=XSD.integer)
    if isinstance(v, float):
        return Literal(f"{v:.2f}" if round(v, 2) == v else repr(v), datatype=XSD.decimal)
    return Literal(v)


def add(s, p, o):
    g.add((s, p, o if isinstance(o, (URIRef, BNode, Literal)) else lit(o)))


# ------------------------------------------------------------------ the merchant
hw = BM.hartwell
add(hw, RDF.type, BM.Merchant)
add(hw, SCHEMA.name, "Hartwell Building Supplies")
add(hw, BM.pricesIncludeVat, False)
add(hw, BM.customerServicePhone, "0113 496 0500")
add(hw, BM.returnPeriod, lit("P28D", XSD.duration))
add(hw, BM.restockingFee, lit("10", XSD.decimal))
add(hw, BM.freeDeliveryThreshold, lit("300.00", XSD.decimal))
add(hw, BM.nextDayCutoff, lit("14:00:00", XSD.time))
add(hw, BM.vatRate, lit("20", XSD.decimal))
add(hw, BM.freeCutsPerOrder, 10)
add(hw, BM.extraCutPrice, lit("0.50", XSD.decimal))
add(hw, BM.clickAndCollectReady, lit("PT1H", XSD.duration))
add(hw, BM.paymentTermsDays, 30)
add(hw, BM.tradeReferencesRequired, 2)
add(hw, BM.accountApprovalDays, 3)
add(hw, BM.weekendCharge, "Collected Saturday and returned Monday by 9am is charged as one day")
add(hw, BM.hireIdRequired, "Photo ID and a proof of address dated within the last three months")

# ------------------------------------------------------------------ branches
DAYS_WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
branches = {
    "kirkstall": dict(name="Hartwell Kirkstall", alt="Kirkstall", street="212 Kirkstall Road", town="Leeds",
                      pc="LS4 2BT", phone="0113 496 0211",
                      week=("07:00", "17:30"), sat=("08:00", "13:00"), sun=None, manager="gareth-pryce",
                      hire=True, cutting=True, loose=False),
    "crossgreen": dict(name="Hartwell Cross Green", alt="Cross Green", street="7 Cross Green Way", town="Leeds",
                       pc="LS9 0SE", phone="0113 496 0348",
                       week=("06:30", "17:00"), sat=("07:30", "12:30"), sun=None, manager="nadia-khan",
                       hire=True, cutting=True, loose=True),
    "attercliffe": dict(name="Hartwell Attercliffe", alt="Attercliffe", street="45 Attercliffe Common",
                        town="Sheffield", pc="S9 2AE", phone="0114 496 0725",
                        email="attercliffe@hartwell-bs.co.uk",
                        week=("07:00", "17:00"), sat=("08:00", "12:00"), sun=None, manager="owen-marsh",
                        hire=False, cutting=True, loose=True),
    "salford": dict(name="Hartwell Salford", alt="Salford", street="18 Ordsall Lane", town="Salford",
                    pc="M5 4TS", phone="0161 496 0593",
                    week=("07:00", "17:00"), sat=("08:00", "13:00"), sun=("10:00", "14:00"),
                    manager="bethany-cole", hire=True, cutting=False, loose=False),
    "harrogate": dict(name="Hartwell Harrogate", alt="Harrogate", street="3 Hornbeam Park Avenue",
                      town="Harrogate", pc="HG2 8QT", phone="01632 960412",
                      week=("07:30", "17:00"), sat=("08:00", "12:00"), sun=None, manager="callum-reid",
                      hire=False, cutting=True, loose=False),
}


def hours(subject, days, opens, closes):
    n = BNode()
    add(subject, SCHEMA.openingHoursSpecification, n)
    for d in days:
        add(n, SCHEMA.dayOfWeek, SCHEMA[d])
    add(n, SCHEMA.opens, lit(opens + ":00", XSD.time))
    add(n, SCHEMA.closes, lit(closes + ":00", XSD.time))


for key, b in branches.items():
    s = BM[key]
    add(s, RDF.type, BM.Branch)
    add(s, SCHEMA.name, b["name"])
    add(s, RDFS.label, b["alt"])
    add(s, BM.branchOf, hw)
    a = BNode()
    add(s, SCHEMA.address, a)
    add(a, RDF.type, SCHEMA.PostalAddress)
    add(a, SCHEMA.streetAddress, b["street"])
    add(a, SCHEMA.addressLocality, b["town"])
    add(a, SCHEMA.postalCode, b["pc"])
    add(s, SCHEMA.telephone, b["phone"])
    hours(s, DAYS_WEEK, *b["week"])
    hours(s, ["Saturday"], *b["sat"])
    if b["sun"]:
        hours(s, ["Sunday"], *b["sun"])
    add(s, BM.managedBy, BM[b["manager"]])
    add(s, BM.offersToolHire, b["hire"])
    add(s, BM.offersCuttingService, b["cutting"])
    add(s, BM.stocksLooseAggregates, b["loose"])

# ------------------------------------------------------------------ staff
staff = [
    ("gareth-pryce", "Gareth Pryce", "Branch Manager", "kirkstall"),
    ("sophie-turner", "Sophie Turner", "Trade Counter Supervisor", "kirkstall"),
    ("dean-hollis", "Dean Hollis", "Yard Foreman", "kirkstall"),
    ("priya-mistry", "Priya Mistry", "Tool Hire Coordinator", "kirkstall"),
    ("nadia-khan", "Nadia Khan", "Branch Manager", "crossgreen"),
    ("liam-doyle", "Liam Doyle", "Transport Planner", "crossgreen"),
    ("marek-nowak", "Marek Nowak", "Yard Foreman", "crossgreen"),
    ("hannah-booth", "Hannah Booth", "Tool Hire Coordinator", "crossgreen"),
    ("rachel-dunn", "Rachel Dunn", "Trade Account Manager", "crossgreen"),
    ("owen-marsh", "Owen Marsh", "Branch Manager", "attercliffe"),
    ("kerry-walsh", "Kerry Walsh", "Trade Counter Supervisor", "attercliffe"),
    ("ryan-fletcher", "Ryan Fletcher", "Yard Foreman", "attercliffe"),
    ("bethany-cole", "Bethany Cole", "Branch Manager", "salford"),
    ("tomasz-zielinski", "Tomasz Zielinski", "Tool Hire Coordinator", "salford"),
    ("aisha-rahman", "Aisha Rahman", "Transport Planner", "salford"),
    ("jordan-hughes", "Jordan Hughes", "Trade Counter Supervisor", "salford"),
    ("simon-ellery", "Simon Ellery", "Trade Account Manager", "salford"),
    ("callum-reid", "Callum Reid", "Branch Manager", "harrogate"),
    ("fiona-ashworth", "Fiona Ashworth", "Trade Counter Supervisor", "harrogate"),
]
for key, name, title, branch in staff:
    s = BM[key]
    add(s, RDF.type, BM.StaffMember)
    add(s, SCHEMA.name, name)
    add(s, SCHEMA.jobTitle, title)
    add(s, BM.worksAt, BM[branch])

# ------------------------------------------------------------------ products
# UN/CEFACT codes for the measured units of sale; bags, sheets, packs and single items carry
# their unit as text only.
UNIT_CODES = {"metre": "MTR", "tonne": "TNE"}


def offer(subject, price, unit_text, unit_code=None):
    # an offer holding a unit price specification (types of the blank nodes left implicit)
    o = BNode()
    add(subject, SCHEMA.offers, o)
    ps = BNode()
    add(o, SCHEMA.priceSpecification, ps)
    add(ps, SCHEMA.price, lit(f"{price:.2f}", XSD.decimal))
    add(ps, SCHEMA.priceCurrency, "GBP")
    code = unit_code or UNIT_CODES.get(unit_text)
    if code:
        add(ps, SCHEMA.unitCode, code)
    add(ps, SCHEMA.unitText, unit_text)


def weight_kg(subject, kg):
    q = BNode()
    add(subject, SCHEMA.weight, q)
    add(q, SCHEMA.value, lit(str(kg), XSD.decimal))
    add(q, SCHEMA.unitCode, "KGM")


def product(key, cls, name, sku, category, offers, **extra):
    s = BM[key]
    add(s, RDF.type, cls)
    add(s, SCHEMA.name, name)
    add(s, SCHEMA.sku, sku)
    for price, unit in offers:
        offer(s, price, unit)
    if "kg" in extra:
        weight_kg(s, extra.pop("kg"))
    for k, v in extra.items():
        vals = v if isinstance(v, list) else [v]
        for x in vals:
            if isinstance(x, float):
                x = lit(str(x), XSD.decimal)
            add(s, BM[k], x)
    return s


# timber, sold per metre
product("c24-47x100", BM.Timber, "C24 Treated Timber 47 x 100mm", "TIM-C24-47100", "Timber",
        [(3.40, "metre")], grade="C24", treatment="pressure treated", availableLength=[2.4, 3.0, 3.6, 4.8])
product("c24-47x150", BM.Timber, "C24 Treated Timber 47 x 150mm", "TIM-C24-47150", "Timber",
        [(4.95, "metre")], grade="C24", treatment="pressure treated", availableLength=[3.6, 4.8])
product("c24-47x200", BM.Timber, "C24 Treated Timber 47 x 200mm", "TIM-C24-47200", "Timber",
        [(6.60, "metre")], grade="C24", treatment="pressure treated", availableLength=[3.6, 4.8, 6.0])
product("c16-47x75", BM.Timber, "C16 Carcassing 47 x 75mm", "TIM-C16-4775", "Timber",
        [(2.10, "metre")], grade="C16", treatment="kiln dried", availableLength=[2.4, 3.0, 3.6])
product("batten-25x50", BM.Timber, "Treated Roofing Batten 25 x 50mm", "TIM-BAT-2550", "Timber",
        [(0.85, "metre")], grade="BS 5534", treatment="pressure treated", availableLength=[3.6, 4.8])
product("pse-19x94", BM.Timber, "PSE Redwood 19 x 94mm", "TIM-PSE-1994", "Timber",
        [(2.35, "metre")], treatment="untreated", availableLength=[2.4, 3.0, 4.2])
product("fence-post", BM.Timber, "Treated Fence Post 100 x 100mm x 2.4m", "TIM-FP-100", "Timber",
        [(14.50, "each")], treatment="pressure treated", availableLength=[2.4])

# sheet materials, sold per sheet
product("osb-18", BM.SheetMaterial, "OSB3 Board 18mm", "SHT-OSB-18", "Sheet materials",
        [(21.50, "sheet")], thicknessMm=18.0, sheetSize="2440 x 1220mm")
product("osb-11", BM.SheetMaterial, "OSB3 Board 11mm", "SHT-OSB-11", "Sheet materials",
        [(14.75, "sheet")], thicknessMm=11.0, sheetSize="2440 x 1220mm")
product("ply-18", BM.SheetMaterial, "Structural Plywood 18mm", "SHT-PLY-18", "Sheet materials",
        [(38.90, "sheet")], thicknessMm=18.0, sheetSize="2440 x 1220mm")
product("marine-ply-12", BM.SheetMaterial, "Marine Plywood 12mm", "SHT-MPL-12", "Sheet materials",
        [(46.00, "sheet")], thicknessMm=12.0, sheetSize="2440 x 1220mm")
product("plasterboard-12", BM.SheetMaterial, "Standard Plasterboard 12.5mm", "SHT-PLB-125", "Sheet materials",
        [(9.85, "sheet")], thicknessMm=12.5, sheetSize="2400 x 1200mm")
product("mdf-mr-18", BM.SheetMaterial, "Moisture Resistant MDF 18mm", "SHT-MDF-18MR", "Sheet materials",
        [(32.40, "sheet")], thicknessMm=18.0, sheetSize="2440 x 1220mm")
product("pir-100", BM.SheetMaterial, "PIR Insulation Board 100mm", "INS-PIR-100", "Insulation",
        [(46.50, "sheet")], thicknessMm=100.0, sheetSize="2400 x 1200mm")

# bricks and blocks
product("facing-brick", BM.BrickOrBlock, "Ibstock Tradesman Red Multi Facing Brick", "BRK-IBS-RM",
        "Bricks and blocks", [(0.98, "each"), (372.00, "pack")], packSize=400, perSquareMetre=60,
        compressiveStrength="35 N/mm2")
product("engineering-brick", BM.BrickOrBlock, "Class B Engineering Brick", "BRK-ENG-B",
        "Bricks and blocks", [(0.89, "each"), (340.00, "pack")], packSize=400, perSquareMetre=60,
        compressiveStrength="75 N/mm2")
product("dense-block", BM.BrickOrBlock, "Dense Concrete Block 7N 100mm", "BLK-7N-100", "Bricks and blocks",
        [(1.85, "each")], kg=19.5, packSize=72, perSquareMetre=10, compressiveStrength="7.3 N/mm2")
product("aerated-block", BM.BrickOrBlock, "Aerated Block 3.6N 100mm", "BLK-AER-100", "Bricks and blocks",
        [(2.60, "each")], kg=8.5, packSize=100, perSquareMetre=10, compressiveStrength="3.6 N/mm2")

# cement, mortar and additives, sold per bag
product("gp-cement", BM.CementProduct, "Blue Circle General Purpose Cement 25kg", "CEM-BC-25",
        "Cement and mortar", [(7.95, "bag")], kg=25, bagsPerPallet=56)
product("mastercrete", BM.CementProduct, "Blue Circle Mastercrete 25kg", "CEM-MC-25",
        "Cement and mortar", [(8.45, "bag")], kg=25, bagsPerPallet=56)
product("postcrete", BM.CementProduct, "Postcrete 20kg", "CEM-PC-20", "Cement and mortar",
        [(7.20, "bag")], kg=20, bagsPerPallet=64)
product("mortar-mix", BM.CementProduct, "Hartwell Mortar Mix 20kg", "CEM-RMM-20", "Cement and mortar",
        [(5.60, "bag")], kg=20, bagsPerPallet=64)

# aggregates: bulk bags (about 850 kg), 25 kg mini bags, and loose per tonne at two branches
product("sharp-sand", BM.Aggregate, "Sharp Sand", "AGG-SHS", "Aggregates",
        [(58.00, "bulk bag"), (3.95, "bag")], bulkBagWeight=850.0)
product("building-sand", BM.Aggregate, "Building Sand", "AGG-BLS", "Aggregates",
        [(55.00, "bulk bag"), (3.80, "bag")], bulkBagWeight=850.0)
product("ballast", BM.Aggregate, "20mm Ballast", "AGG-BAL-20", "Aggregates",
        [(56.00, "bulk bag"), (3.90, "bag")], bulkBagWeight=850.0)
product("mot-type-1", BM.Aggregate, "MOT Type 1 Sub-base", "AGG-MOT1", "Aggregates",
        [(49.00, "bulk bag"), (32.00, "tonne")], bulkBagWeight=850.0, minimumLooseOrder=8.0)
product("pea-gravel", BM.Aggregate, "10mm Pea Gravel", "AGG-PEA-10", "Aggregates",
        [(72.00, "bulk bag")], bulkBagWeight=850.0)
product("limestone-chippings", BM.Aggregate, "20mm Limestone Chippings", "AGG-LIM-20", "Aggregates",
        [(68.00, "bulk bag"), (38.50, "tonne")], bulkBagWeight=850.0, minimumLooseOrder=8.0)

# building sundries
product("lintel-1200", BM.BuildingSundry, "Catnic Steel Lintel 1200mm", "LIN-CAT-1200", "Lintels",
        [(38.00, "each")], availableLength=[1.2])

# ------------------------------------------------------------------ tool hire
def hire(key, name, day, week, deposit, power, at, **extra):
    s = BM[key]
    add(s, RDF.type, BM.HireItem)
    add(s, SCHEMA.name, name)
    for price, code, text in ((day, "DAY", "per day"), (week, "WEE", "per week")):
        o = BNode()
        add(s, SCHEMA.offers, o)
        ps = BNode()
        add(o, SCHEMA.priceSpecification, ps)
        add(ps, SCHEMA.price, lit(f"{price:.2f}", XSD.decimal))
        add(ps, SCHEMA.priceCurrency, "GBP")
        add(ps, SCHEMA.unitCode, code)
        add(ps, SCHEMA.unitText, text)
    add(s, BM.hireDeposit, lit(f"{deposit:.2f}", XSD.decimal))
    add(s, BM.powerSource, power)
    for b in at:
        add(s, BM.hireAvailableAt, BM[b])
    if "kg" in extra:
        weight_kg(s, extra.pop("kg"))
    for k, v in extra.items():
        add(s, BM[k], lit(str(v), XSD.decimal))


ALL_HIRE = ["kirkstall", "crossgreen", "salford"]
hire("cement-mixer", "Belle Minimix 150 Cement Mixer", 22, 44, 50, "petrol", ALL_HIRE, kg=63)
hire("sds-breaker", "Makita SDS Max Breaker", 28, 56, 75, "110V", ALL_HIRE, kg=11)
hire("heavy-breaker", "Hilti TE 1000 Heavy Breaker", 32, 64, 75, "110V", ["kirkstall", "crossgreen"], kg=32)
hire("disc-cutter", "Stihl TS410 Disc Cutter", 30, 60, 100, "petrol", ALL_HIRE, kg=10)
hire("plate-compactor", "Wacker Neuson Plate Compactor", 35, 70, 100, "petrol", ALL_HIRE, kg=82)
hire("tower-scaffold", "Tower Scaffold 5.2m", 40, 80, 150, "none", ["kirkstall", "salford"], workingHeight=5.2)
hire("mini-digger", "Mini Digger 1.5 Tonne", 140, 420, 250, "diesel", ["crossgreen"], digDepth=2.2)
hire("transformer", "110V Transformer 3kVA", 6, 12, 20, "240V mains", ALL_HIRE)
hire("dehumidifier", "Industrial Dehumidifier", 18, 36, 50, "240V mains", ["kirkstall", "salford"])
hire("block-splitter", "Block Splitter", 25, 50, 50, "manual", ["crossgreen", "salford"])

# ------------------------------------------------------------------ delivery zones and vehicles
zones = {"zone-1": ("Zone 1", 0, 5), "zone-2": ("Zone 2", 5, 15), "zone-3": ("Zone 3", 15, 30)}
for key, (name, lo, hi) in zones.items():
    s = BM[key]
    add(s, RDF.type, BM.DeliveryZone)
    add(s, SCHEMA.name, name)
    add(s, BM.minDistance, lit(str(lo), XSD.decimal))
    add(s, BM.maxDistance, lit(str(hi), XSD.decimal))

vehicles = {
    "van": dict(name="Van", payload=1200, bags=1, length=3.0, crane=False),
    "dropside": dict(name="Dropside Truck", payload=3000, bags=3, length=4.8, crane=False),
    "crane-lorry": dict(name="Crane Lorry", payload=8000, bags=8, length=6.0, crane=True, reach=12),
    "grab-lorry": dict(name="Grab Lorry", payload=16000, bags=0, length=None, crane=False),
}
for key, v in vehicles.items():
    s = BM[key]
    add(s, RDF.type, BM.VehicleType)
    add(s, SCHEMA.name, v["name"])
    add(s, BM.payload, lit(str(v["payload"]), XSD.decimal))
    add(s, BM.maxBulkBags, v["bags"])
    if v["length"]:
        add(s, BM.maxLoadLength, lit(str(v["length"]), XSD.decimal))
    add(s, BM.hasCrane, v["crane"])
    if v.get("reach"):
        add(s, BM.craneReach, lit(str(v["reach"]), XSD.decimal))

charges = {
    "van": (15, 25, 40),
    "dropside": (30, 45, 65),
    "crane-lorry": (55, 75, 95),
    "grab-lorry": (60, 80, 110),
}
for vkey, fees in charges.items():
    for zi, fee in enumerate(fees, start=1):
        s = BM[f"charge-{vkey}-zone-{zi}"]
        add(s, RDF.type, BM.DeliveryCharge)
        add(s, BM.chargeVehicle, BM[vkey])
        add(s, BM.chargeZone, BM[f"zone-{zi}"])
        add(s, BM.charge, lit(f"{fee:.2f}", XSD.decimal))

# ------------------------------------------------------------------ trade tiers
tiers = {
    "tier-trade": ("Trade Account", 5, 0, 2500),
    "tier-plus": ("Trade Plus", 10, 10000, 10000),
    "tier-pro": ("Trade Pro", 15, 40000, 25000),
}
for key, (name, disc, spend, credit) in tiers.items():
    s = BM[key]
    add(s, RDF.type, BM.TradeTier)
    add(s, SCHEMA.name, name)
    add(s, BM.discountPercent, lit(str(disc), XSD.decimal))
    add(s, BM.minAnnualSpend, lit(f"{spend:.2f}", XSD.decimal))
    add(s, BM.maxCreditLimit, lit(f"{credit:.2f}", XSD.decimal))

out = Path(__file__).resolve().parent.parent / "kb.ttl"
g.serialize(out, format="turtle")
print(f"{len(g)} triples -> {out}")
