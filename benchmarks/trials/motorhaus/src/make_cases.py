"""Write cases.jsonl for the Motorhaus blind trial.

Reference time: Wednesday 11 March 2026, 10:00 (see meta.json / kgcheck.yaml).
  tomorrow = Thursday 12 March; this Friday = 13 March; this Saturday = 14 March;
  next Monday = 16 March; next Tuesday = 17 March; next Wednesday = 18 March.

Each case: id, history (user / assistant / tool lines), reply, truth, kind, and for false
replies the one false stretch ("wrong", occurring exactly once in the reply) and what the
KB or the tool result holds ("right").
Run: python src/make_cases.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_kb import BRANCHES, CARS  # noqa: E402

OUT = HERE.parent / "cases.jsonl"

cases: list[dict] = []


def U(text: str) -> dict:
    return {"role": "user", "text": text}


def A(text: str) -> dict:
    return {"role": "assistant", "text": text}


def T(name: str, arguments: dict, result, schema: dict | None = None) -> dict:
    line = {"role": "tool", "name": name, "arguments": arguments, "result": result}
    if schema is not None:
        line["schema"] = schema
    return line


def add(kind: str, truth: bool, history: list[dict], reply: str, wrong: str | None = None,
        right: str | None = None) -> None:
    c = {"id": f"m{len(cases) + 1:03d}", "history": history, "reply": reply, "truth": truth, "kind": kind}
    if not truth:
        c["wrong"] = wrong
        c["right"] = right
    cases.append(c)


# ----------------------------------------------------------------------------- stock rows
CAR_BY_LABEL = {c[1]: c for c in CARS}


def row(label: str) -> dict:
    kind, label, model, year, reg, miles, price, engine, fuel, trans, colour, branch, rng = CAR_BY_LABEL[label]
    r: dict = {"title": label, "condition": kind}
    if year:
        r["year"] = year
        r["registration"] = reg
    r["mileage"] = miles
    r["price"] = price
    r["fuel_type"] = fuel.replace("-", " ")
    r["transmission"] = trans
    r["colour"] = colour
    r["branch"] = BRANCHES[branch]["label"]
    return r


def stock(*labels: str) -> dict:
    rows = [row(x) for x in labels]
    return {"results": rows, "count": len(rows), "currency": "GBP"}


def stock_list(*labels: str) -> list:
    return [row(x) for x in labels]


STOCK_SCHEMA = {
    "type": "object",
    "properties": {
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string", "description": "Make, model and trim of the vehicle"},
                    "condition": {"type": "string", "enum": ["new", "used"]},
                    "year": {"type": "integer", "description": "Year of first registration"},
                    "registration": {"type": "string", "description": "UK number plate"},
                    "mileage": {"type": "integer", "description": "Odometer reading in miles"},
                    "price": {"type": "number", "description": "Cash price in GBP"},
                    "fuel_type": {"type": "string", "enum": ["petrol", "diesel", "hybrid", "plug-in hybrid", "electric"]},
                    "transmission": {"type": "string", "enum": ["manual", "automatic"]},
                    "colour": {"type": "string", "description": "Exterior colour"},
                    "branch": {"type": "string", "description": "Branch where the car is on display"},
                },
            },
        },
        "count": {"type": "integer", "description": "Number of matching vehicles"},
        "currency": {"type": "string"},
    },
}

QUOTE_SCHEMA = {
    "type": "object",
    "properties": {
        "vehicle": {"type": "string"},
        "product": {"type": "string", "enum": ["PCP", "HP"], "description": "Finance product"},
        "cash_price": {"type": "number", "description": "Cash price of the vehicle in GBP"},
        "customer_deposit": {"type": "number", "description": "Deposit paid by the customer in GBP"},
        "deposit_contribution": {"type": "number", "description": "Deposit contribution from the manufacturer in GBP"},
        "amount_of_credit": {"type": "number", "description": "Amount borrowed in GBP"},
        "term_months": {"type": "integer", "description": "Length of the agreement in months"},
        "number_of_payments": {"type": "integer", "description": "Number of monthly payments"},
        "monthly_payment": {"type": "number", "description": "Monthly payment in GBP"},
        "optional_final_payment": {"type": "number", "description": "Optional final payment to own the car, in GBP"},
        "apr": {"type": "number", "description": "Representative APR as a percentage"},
        "total_amount_payable": {"type": "number", "description": "Total amount payable in GBP"},
        "annual_mileage": {"type": "integer", "description": "Agreed annual mileage in miles"},
        "currency": {"type": "string"},
    },
}

BOOKING_SCHEMA = {
    "type": "object",
    "properties": {
        "booking_reference": {"type": "string", "description": "Service booking reference"},
        "branch": {"type": "string"},
        "registration": {"type": "string", "description": "Customer's number plate"},
        "vehicle": {"type": "string"},
        "service": {"type": "string", "enum": ["Interim Service", "Full Service", "MOT"]},
        "date": {"type": "string", "format": "date", "description": "Date of the booking"},
        "drop_off_time": {"type": "string", "description": "Time to drop the car off"},
        "estimated_collection_time": {"type": "string", "description": "Time the car should be ready"},
        "price": {"type": "number", "description": "Price of the work in GBP"},
        "currency": {"type": "string"},
        "courtesy_car": {"type": "boolean", "description": "Whether a courtesy car is reserved"},
        "service_advisor": {"type": "string", "description": "Name of the service advisor"},
    },
}

COURTESY_SCHEMA = {
    "type": "object",
    "properties": {
        "branch": {"type": "string"},
        "date": {"type": "string", "format": "date"},
        "courtesy_cars_available": {"type": "integer", "description": "Number of courtesy cars free that day"},
        "model": {"type": "string", "description": "Model of the courtesy cars"},
    },
}

# =============================================================================== KB only
# ---------------------------------------------------------------- addresses, phones, hours
add("address", True, [U("Hi, where exactly is your Harrogate showroom?")],
    "Hi there! Our Harrogate showroom is at 14 Wetherby Road, Harrogate, HG2 7SA. Just pop the postcode "
    "into your sat nav and you'll find us easily.")
add("address", False, [U("What's the address for Motorhaus York?")],
    "Motorhaus York is at 5 Hospital Fields Road, York, YO10 4DZ. We look forward to seeing you!",
    "5 Hospital Fields Road", "3 Hospital Fields Road")
add("address", False, [U("I'm after the used car centre in Wakefield - what's the address?")],
    "Of course! Our Wakefield used car centre is at 212 Kirkstall Road, Wakefield, WF2 8DY.",
    "212 Kirkstall Road", "88 Denby Dale Road")
add("phone", True, [U("Can I have the number for the Leeds branch? I also want to ring about a service.")],
    "Sure — you can call Motorhaus Leeds on 0113 496 0212. For anything to do with servicing, the Leeds "
    "workshop has its own line: 0113 496 0213.")
add("phone", False, [U("What's the phone number for York?")],
    "You can reach our York showroom on 01904 496330. The team are there until 7pm on weekdays.",
    "01904 496330", "01904 496303")
add("phone", False, [U("I need to speak to the service department at Harrogate, what number should I ring?")],
    "The best number for the Harrogate workshop is 01423 496114 — they'll be able to help with anything "
    "service-related.",
    "01423 496114", "01423 496115")
add("hours", True, [U("Are you open on Sundays in Leeds?")],
    "Yes, we are! Motorhaus Leeds is open on Sundays from 10:30am to 4:30pm.")
add("hours", False, [U("What time does Harrogate close on a Saturday?")],
    "On Saturdays our Harrogate showroom closes at 5:30pm, so there's plenty of time to pop in after lunch.",
    "5:30pm", "5pm")
add("hours", True, [U("Can I come and look at a car in Harrogate on Sunday?")],
    "I'm sorry, our Harrogate showroom is closed on Sundays. We're open again on Monday from 9am, or you "
    "could visit on Saturday between 9am and 5pm.")
add("hours", True, [U("What time can I drop my car off at the York workshop?")],
    "The York workshop opens at 7:45am Monday to Friday and stays open until 5:45pm. Just so you know, "
    "it's closed at weekends.")
add("hours", False, [U("Is the Leeds workshop open on Saturday?")],
    "Yes — on Saturdays the Leeds workshop is open from 8am until 12:30pm.",
    "12:30pm", "1pm")
add("hours", True, [U("Is the Wakefield showroom open tomorrow?")],
    "Yes, it is! Tomorrow's Thursday, and our Wakefield showroom will be open from 9am until 6pm.")
add("date", False, [U("Can I come to York this Saturday afternoon?")],
    "Of course! This Saturday, 15 March, the York showroom is open from 9am until 5:30pm, so any time in "
    "the afternoon is fine.",
    "15 March", "14 March")
add("hours", True, [U("I can't get there until after work on Friday, about 6. Is York still open then?")],
    "Yes, you'll be fine — our York showroom stays open until 7pm on weekdays, including this Friday.")
add("hours", False, [U("What are Wakefield's Sunday hours?")],
    "On Sundays the Wakefield showroom opens at 10am and closes at 5pm.",
    "5pm", "4pm")
add("hours", True, [U("When does the Harrogate service centre open in the morning?")],
    "The Harrogate service centre opens at 8am on weekdays and at 8:30am on Saturdays.")
add("hours", False, [U("What time does the Wakefield workshop shut?")],
    "The Wakefield workshop is open until 5:30pm Monday to Friday.",
    "5:30pm", "5pm")
add("email", True, [U("What's the email for the Wakefield branch?")],
    "You can email the Wakefield team at wakefield@motorhaus.example, or call them on 01924 496088.")
add("address", False, [U("What's the postcode for Leeds? I need it for the sat nav.")],
    "The postcode for Motorhaus Leeds is LS4 2QA — we're at 212 Kirkstall Road.",
    "LS4 2QA", "LS4 2AQ")
add("phone", True, [U("Is there one general number I can call?")],
    "Yes — you can call our customer service line on 0113 496 0000.")

# ---------------------------------------------------------------- stock
add("price", True, [U("How much is the used Tiguan in Leeds?")],
    "The 2022 Volkswagen Tiguan Elegance 2.0 TDI at our Leeds branch is £27,995. It's a diesel automatic "
    "in Deep Black with 19,870 miles on the clock.")
add("price", False, [U("What's the price on the used Golf Life?")],
    "The 2021 Golf Life 1.5 TSI is priced at £16,945, and it's a really tidy example in Moonstone Grey.",
    "£16,945", "£16,495")
add("mileage", False, [U("How many miles has the Octavia estate done?")],
    "The Skoda Octavia Estate SE L has done 14,300 miles. It's a 2021 car with a 2.0 TDI engine and an "
    "automatic gearbox.",
    "14,300 miles", "41,300 miles")
add("colour", False, [U("What colour is the used Kodiaq?")],
    "The used Kodiaq SE Drive is finished in Race Blue. It's at our Harrogate branch if you'd like to see it.",
    "Race Blue", "Moon White")
add("fuel", False, [U("Is the Kuga at York a diesel or a petrol?")],
    "The 2021 Ford Kuga Titanium at York is a diesel with an automatic gearbox.",
    "diesel", "plug-in hybrid")
add("engine", True, [U("What engine does the used Puma have?")],
    "The used Ford Puma ST-Line has a 1.0-litre EcoBoost hybrid engine paired with a manual gearbox. "
    "It's done 16,200 miles.")
add("engine", False, [U("What size engine is in the Qashqai?")],
    "The Nissan Qashqai N-Connecta has a 1.5-litre petrol engine with a manual gearbox.",
    "1.5-litre", "1.3-litre")
add("year", False, [U("How old is the BMW you've got?")],
    "The BMW 118i M Sport was first registered in 2021, and it's done 38,600 miles.",
    "2021", "2020")
add("vehicle", True, [U("Tell me about the Yaris.")],
    "Happy to! The Toyota Yaris Icon is a 2021 car, registration YJ21 YRS, and it's a self-charging hybrid "
    "with an automatic gearbox. It's in Tokyo Red and is on at £15,250 at our Wakefield branch.")
add("registration", False, [U("What's the reg on the Audi A3?")],
    "The Audi A3 Sportback's registration is YN69 AST.",
    "YN69 AST", "YN69 ATS")
add("location", False, [U("Where can I see the Kia Sportage?")],
    "The Kia Sportage GT-Line is at our York branch — it's a 2023 hybrid with just 9,850 miles.",
    "York", "Wakefield")
add("transmission", False, [U("What gearbox does the Fabia Colour Edition have?")],
    "The Skoda Fabia Colour Edition has an automatic gearbox and a 1.0 TSI petrol engine.",
    "automatic", "manual")
add("price", True, [U("Do you have any new Enyaqs?")],
    "We do! There's a brand-new Skoda Enyaq 85 SE L in Race Blue at Harrogate for £44,310, with an "
    "official range of up to 357 miles.")
add("range", False, [U("What's the range on the new ID.3?")],
    "The new Volkswagen ID.3 Match has an official range of up to 284 miles on a full charge.",
    "284 miles", "264 miles")
add("price", True, [U("What's the cheapest used car you've got?")],
    "Our cheapest used car right now is the 2019 Ford Focus Titanium 1.0 EcoBoost at £11,495. It's in "
    "Frozen White, has 52,380 miles and it's at our York branch.")
add("count", False, [U("How many used cars are at Wakefield at the moment?")],
    "We've currently got six used cars at Wakefield, ranging from a Yaris to a Kia Sportage.",
    "six", "seven")
add("list", True, [U("Which electric cars do you have?")],
    "We've got three electric cars in stock at the moment:\n"
    "- a used 2022 Volkswagen ID.3 Pro Performance at Wakefield for £19,750\n"
    "- a new Volkswagen ID.3 Match at Leeds for £32,440\n"
    "- a new Skoda Enyaq 85 SE L at Harrogate for £44,310\n"
    "Would you like to book a test drive in any of them?")
add("list", False, [U("What EVs have you got in stock?")],
    "Here are the electric cars we have right now:\n"
    "- 2022 Volkswagen ID.3 Pro Performance (used) – £19,750 at Wakefield\n"
    "- Volkswagen ID.3 Match (new) – £32,440 at Leeds\n"
    "- Skoda Enyaq 85 SE L (new) – £43,310 at Harrogate\n"
    "Let me know if you'd like to see any of them.",
    "£43,310", "£44,310")
add("vehicle", True, [U("Is the Golf GTD still available?")],
    "Yes, it is! The 2020 Volkswagen Golf GTD 2.0 TDI is at our Wakefield branch for £19,495. It's an "
    "automatic in Pure Grey with 44,100 miles.")
add("colour", True, [U("What colour's the used Polo?")],
    "The 2020 Polo Match at Leeds is in Reflex Silver. It's a 1.0 TSI petrol manual with 34,120 miles.")
add("price", False, [U("Price of the new Tiguan Life?")],
    "The brand-new Tiguan Life 1.5 eTSI is £39,605, in Oryx White, at our Leeds showroom.",
    "£39,605", "£36,905")
add("price", True, [U("How much is the new Kodiaq SE L?")],
    "The new Skoda Kodiaq SE L 2.0 TDI is £43,990. It's in Moon White and it's at Harrogate.")
add("mileage", False, [U("How many miles on the used ID.3?")],
    "The 2022 ID.3 Pro Performance has done 23,100 miles, and it has a range of up to 260 miles.",
    "23,100 miles", "21,300 miles")
add("range", True, [U("How far can the used Kuga go on electric alone?")],
    "The 2021 Kuga Titanium PHEV can do up to 35 miles on electric power alone before the petrol engine "
    "kicks in.")
add("mileage", False, [U("Has the Sportage done many miles?")],
    "Not at all — the 2023 Kia Sportage has done just under nine thousand miles.",
    "just under nine thousand miles", "just under ten thousand miles")
add("vehicle", True, [U("Tell me about the Audi.")],
    "The Audi A3 Sportback Sport 30 TFSI is a 2019 car in Mythos Black. It has a 1.0-litre petrol engine, "
    "a manual gearbox and 47,200 miles, and it's priced at £15,995.")
add("name", False, [U("Which used Golfs do you have?")],
    "We've got two used Golfs: the 2021 Golf Life 1.5 TSI at Leeds and the 2020 Golf R 2.0 TSI at Wakefield.",
    "Golf R 2.0 TSI", "Golf GTD 2.0 TDI")
add("colour", False, [U("What colour is the new Octavia?")],
    "The new Octavia SE Technology is in Race Blue, and it's £28,385.",
    "Race Blue", "Graphite Grey")
add("vehicle", True, [U("Have you got a new Puma in black?")],
    "Yes — we've got a brand-new Ford Puma Titanium 1.0 EcoBoost Hybrid in Agate Black at York, priced at "
    "£26,345. It's a manual.")

# ---------------------------------------------------------------- servicing and MOT
add("price", True, [U("How much is a full service on a 1.5 Golf?")],
    "A Full Service on a Volkswagen Golf with the 1.5 petrol engine is £299, and it takes about three and a "
    "half hours.")
add("price", False, [U("How much is an interim service for a 2.0 TDI Octavia?")],
    "An Interim Service on a Skoda Octavia 2.0 TDI is £179.",
    "£179", "£199")
add("price", False, [U("Full service price for my Polo 1.0?")],
    "A Full Service for a Volkswagen Polo 1.0 costs £269, and you can either wait or leave the car with us.",
    "£269", "£249")
add("price", True, [U("What do you charge to service a Kodiaq 2.0 diesel?")],
    "For a Skoda Kodiaq 2.0 TDI, an Interim Service is £219 and a Full Service is £369.")
add("price", False, [U("I've got a Puma hybrid, how much for an interim service?")],
    "An Interim Service on a Ford Puma 1.0 hybrid is £196.",
    "£196", "£169")
add("price", True, [U("How much is a full service on a Kuga plug-in hybrid?")],
    "A Full Service on the Ford Kuga 2.5 plug-in hybrid is £329.")
add("price", True, [U("How much do you charge for an MOT?")],
    "An MOT is £45 with us, or just £30 if you book it in alongside a service.")
add("price", False, [U("Is the MOT cheaper if I book a service too?")],
    "It is! On its own an MOT is £45, but if you book it with a service it's only £35.",
    "£35", "£30")
add("duration", False, [U("How long does an MOT take?")],
    "An MOT takes around 90 minutes, so you're welcome to wait while it's done.",
    "90 minutes", "60 minutes")
add("policy", True, [U("Can I get an MOT done at York?")],
    "Unfortunately our York workshop doesn't do MOTs, but the Leeds, Harrogate and Wakefield workshops all do.")
add("location", False, [U("Which of your branches do MOTs?")],
    "You can get an MOT at our Leeds, York and Wakefield workshops.",
    "York", "Harrogate")
add("duration", True, [U("How long will an interim service take?")],
    "An Interim Service takes about two hours, so you could wait for it or pop into town.")
add("duration", False, [U("How long is a full service?")],
    "A Full Service takes around two hours, and we'll give you a call when it's ready.",
    "two hours", "three and a half hours")
add("price", True, [U("How much is it to service an ID.3?")],
    "Servicing an ID.3 is pretty affordable: an Interim Service is £99 and a Full Service is £179.")
add("price", False, [U("Full service on a Fabia 1.0?")],
    "A Full Service for a Skoda Fabia 1.0 TSI is £249.",
    "£249", "£239")
add("price", True, [U("How much for an interim service on my Focus 1.0 EcoBoost?")],
    "An Interim Service on a Ford Focus 1.0 EcoBoost is £159, and it takes roughly two hours.")
add("price", False, [U("What's a full service on a 2.0 TDI Tiguan?")],
    "A Full Service for a Tiguan 2.0 TDI is £319.",
    "£319", "£359")

# ---------------------------------------------------------------- finance offers
add("finance", True, [U("What finance deals are there on the Golf?")],
    "Right now we've got the Golf PCP Offer: 6.9% APR over 48 months at £329 a month, with a £1,500 "
    "deposit contribution. It runs until 31 March.")
add("apr", False, [U("What's the APR on the Tiguan offer?")],
    "The Tiguan PCP Offer is at 6.9% APR over 48 months.",
    "6.9%", "7.9%")
add("term", False, [U("Tell me about the ID.3 finance offer.")],
    "The ID.3 Electric Offer is a PCP at 4.9% APR with a £3,000 deposit contribution, and it runs over "
    "48 months at £319 a month.",
    "48 months", "36 months")
add("finance", True, [U("Is there hire purchase on the Octavia?")],
    "Yes — the Octavia Hire Purchase Offer is £509 a month over 60 months at 8.9% APR. You'd put down "
    "£2,850 and there's a £750 deposit contribution on top.")
add("date", False, [U("How long is the Puma offer on for?")],
    "The Puma PCP Offer runs until the end of March, so there's still a bit of time.",
    "the end of March", "the end of April")
add("date", True, [U("When does the ID.3 deal finish?")],
    "The ID.3 Electric Offer is valid until 30 June 2026, so you've got a few months yet.")
add("price", False, [U("What's the balloon payment on the Golf PCP?")],
    "On the Golf PCP Offer the optional final payment is £13,780 if you'd like to keep the car at the end.",
    "£13,780", "£13,870")
add("finance", True, [U("Can I get finance on a used car?")],
    "Absolutely. Approved Used Finance is hire purchase at 9.9% APR representative, with a minimum deposit "
    "of 10% and terms of up to 60 months.")
add("finance", False, [U("What deposit do I need for used car finance?")],
    "For Approved Used Finance you'll need a minimum deposit of 15% of the car's price.",
    "15%", "10%")
add("price", False, [U("What would the monthly be on the Puma offer?")],
    "The Puma PCP Offer works out at £298 a month over 42 months, at 5.9% APR.",
    "£298", "£289")
add("finance", True, [U("How much deposit would I need to put down on the Tiguan PCP?")],
    "In the Tiguan PCP example you'd put down £4,500 yourself, and there's a £2,000 deposit contribution "
    "on top. The monthly payment is then £399.")
add("date", False, [U("When does the Tiguan deal end?")],
    "The Tiguan PCP Offer ends on Friday 31 March, so I'd get in touch soon.",
    "Friday 31 March", "Tuesday 31 March")
add("date", True, [U("Is the Golf PCP offer still on?")],
    "It is — the Golf PCP Offer runs until 31 March, so you've got just under three weeks to take "
    "advantage of it.")

# ---------------------------------------------------------------- warranty
add("warranty", True, [U("What warranty comes with a used car?")],
    "All our used cars come with the Motorhaus Approved Used Warranty. It lasts 12 months, covers claims "
    "up to £3,000 with no excess, and includes breakdown cover.")
add("warranty", False, [U("What's the warranty on a new VW?")],
    "New Volkswagens come with a three-year warranty, covering up to 100,000 miles.",
    "100,000 miles", "60,000 miles")
add("warranty", True, [U("How long is the battery covered on an electric car?")],
    "The EV Battery Warranty lasts 8 years or 100,000 miles, whichever comes first.")
add("price", False, [U("How much is the extended warranty?")],
    "The Motorhaus Extended Warranty is £499 for 12 months of cover, with a claim limit of £5,000.",
    "£499", "£449")
add("warranty", False, [U("Is there an excess on the extended warranty?")],
    "There is — the Motorhaus Extended Warranty has a £25 excess per claim.",
    "£25", "£50")
add("warranty", True, [U("What warranty do new Skodas get?")],
    "Every new Skoda comes with the Skoda New Car Warranty: three years or 60,000 miles.")
add("warranty", False, [U("Is there a limit on claims with the used warranty?")],
    "Yes, the Approved Used Warranty covers claims up to £5,000.",
    "£5,000", "£3,000")
add("warranty", False, [U("How long is the used car warranty?")],
    "Our Approved Used Warranty runs for 6 months and includes breakdown cover.",
    "6 months", "12 months")

# ---------------------------------------------------------------- staff
add("person", True, [U("Who's the branch manager at Harrogate?")],
    "That's Helen Ashworth — she runs our Harrogate branch.")
add("person", False, [U("Who manages the Leeds branch?")],
    "Our Leeds branch is run by Marcus Reid. I can pass on a message if you'd like.",
    "Marcus Reid", "Daniel Whitaker")
add("person", False, [U("Who could I speak to about finance at York?")],
    "You'll want to speak to James Carter, our finance manager at York.",
    "James Carter", "Natalie Hughes")
add("email", True, [U("I was told to email Priya in Leeds about my service. What's her email?")],
    "Priya Sharma is one of our service advisors in Leeds. You can email her at priya.sharma@motorhaus.example.")
add("email", False, [U("How can I email Chloe at York?")],
    "You can email Chloe Bennett at chloe.benett@motorhaus.example.",
    "chloe.benett@motorhaus.example", "chloe.bennett@motorhaus.example")
add("role", False, [U("What does Sophie Turner do?")],
    "Sophie Turner is the workshop controller at our Harrogate branch.",
    "workshop controller", "sales executive")
add("person", True, [U("Who's in charge of the workshop at Harrogate?")],
    "Liam Foster is the workshop controller at Harrogate, and Jordan Blake is the service advisor there.")
add("location", False, [U("Is Aaron Patel a salesman?")],
    "Yes, Aaron Patel is one of our sales executives — he's based at our Wakefield branch.",
    "Wakefield", "York")
add("person", True, [U("Who's your master technician?")],
    "Gareth Owen is our master technician. He works at the Leeds branch.")
add("person", False, [U("Who's the service advisor at Wakefield?")],
    "The service advisor at Wakefield is Jordan Blake.",
    "Jordan Blake", "Ryan Shaw")
add("person", True, [U("Who handles finance in Leeds?")],
    "That would be Megan Clarke, our finance manager in Leeds. She can talk you through PCP and HP options, "
    "and you can email her at megan.clarke@motorhaus.example.")
add("person", True, [U("Who's the manager at Wakefield?")],
    "Craig Dobson manages Wakefield; you can email him at craig.dobson@motorhaus.example.")

# ---------------------------------------------------------------- group policies
add("policy", True, [U("Can I reserve a car before I come and see it?")],
    "Yes, you can! It's a £99 reservation deposit, which is fully refundable, and we'll hold the car for you "
    "for seven days.")
add("policy", False, [U("What if I change my mind after buying?")],
    "You're covered by our money-back guarantee — you can return the car within 30 days.",
    "30 days", "14 days")
add("policy", True, [U("Do you deliver?")],
    "We do! Delivery is free within 30 miles of the branch you buy from.")
add("policy", False, [U("How old do I need to be to drive a courtesy car?")],
    "Courtesy car drivers need to be at least 21 years old.",
    "21", "25")
add("policy", True, [U("Are there any limits with the courtesy car?")],
    "There are a couple: you can do up to 50 miles a day in a courtesy car, and there's a £500 insurance "
    "excess. Drivers also need to be 25 or over.")
add("policy", False, [U("What's the excess on the courtesy car insurance?")],
    "The courtesy car insurance excess is £250.",
    "£250", "£500")
add("policy", True, [U("If you value my car, how long is the price good for?")],
    "Our part-exchange valuations are valid for seven days, so you've got a week to decide.")
add("policy", False, [U("How long are test drives?")],
    "Our test drives last 45 minutes, which gives you a good feel for the car.",
    "45 minutes", "30 minutes")
add("name", False, [U("How many branches do you have?")],
    "We've got four branches: Leeds, Harrogate, York and Bradford.",
    "Bradford", "Wakefield")
add("count", True, [U("How many courtesy cars does Leeds have?")],
    "The Leeds workshop has six courtesy cars, and they're all Volkswagen Polos.")
add("count", False, [U("Do you have courtesy cars at Harrogate?")],
    "We do — Harrogate has three courtesy cars, all Skoda Fabias.",
    "three", "four")
add("vehicle", False, [U("What do you give as a courtesy car at York?")],
    "At York our courtesy cars are Ford Fiestas.",
    "Ford Fiestas", "Ford Pumas")
add("policy", True, [U("Do you sell new Skodas?")],
    "We do — Motorhaus Harrogate is our Skoda dealership, so that's the place to see the new Skoda range.")
add("location", False, [U("Which branch sells new Fords?")],
    "New Fords are sold at our Wakefield branch.",
    "Wakefield", "York")
add("policy", False, [U("How long will you hold a car if I reserve it?")],
    "Once you've paid the £99 reservation deposit we'll hold the car for 14 days.",
    "14 days", "seven days")

# ---------------------------------------------------------------- earlier turns
add("mileage", False,
    [U("Have you got anything German at Wakefield?"),
     A("We have the 2020 BMW 118i M Sport in Alpine White for £17,495."),
     U("How many miles has it done?")],
    "It's done 36,800 miles and it's an automatic.",
    "36,800 miles", "38,600 miles")
add("price", True,
    [U("Do you have any hybrids at York?"),
     A("Yes, there's a used Puma ST-Line hybrid and a new Puma Titanium hybrid."),
     U("How much is the used one?")],
    "The used Puma ST-Line is £17,995. It's a 2022 car in Desert Island Blue with 16,200 miles.")
add("colour", False,
    [U("Do you have any hybrids at York?"),
     A("Yes, there's a used Puma ST-Line hybrid and a new Puma Titanium hybrid."),
     U("And what colour's the new one?")],
    "The new Puma Titanium comes in Desert Island Blue.",
    "Desert Island Blue", "Agate Black")
add("email", True,
    [U("Who do I complain to at Harrogate?"),
     A("The branch manager at Harrogate is Helen Ashworth."),
     U("How do I get hold of her?")],
    "You can email her at helen.ashworth@motorhaus.example, or ring the Harrogate branch on 01423 496114 "
    "and ask for her.")
add("hours", True,
    [U("I'm thinking of popping into Leeds to look at the new ID.3."),
     A("Great choice! The new ID.3 Match is at our Leeds branch in Moonstone Grey."),
     U("What time do you open on Saturday?")],
    "On Saturdays Motorhaus Leeds opens at 9am and we're there until 5pm, so come whenever suits you.")
add("price", False,
    [U("I'm interested in the Octavia estate at Harrogate."),
     A("The 2021 Skoda Octavia Estate SE L is a great choice — it's a 2.0 TDI automatic in Race Blue."),
     U("What are you asking for it?")],
    "It's priced at £17,570, and it's done 41,300 miles.",
    "£17,570", "£17,750")

# =============================================================================== tool results
# ---------------------------------------------------------------- stock searches
GOLFS = ("Volkswagen Golf Life 1.5 TSI", "Volkswagen Golf GTD 2.0 TDI", "Volkswagen Golf Life 1.5 eTSI")
golf_search = T("search_stock", {"model": "Golf"}, stock(*GOLFS), STOCK_SCHEMA)
add("list", True, [U("Have you got any Golfs?"), golf_search],
    "Good news — I found 3 Golfs across our branches:\n"
    "- 2021 Golf Life 1.5 TSI at Leeds, £16,495, 28,450 miles\n"
    "- 2020 Golf GTD 2.0 TDI at Wakefield, £19,495, 44,100 miles\n"
    "- a brand-new Golf Life 1.5 eTSI, also at Leeds, £29,340\n"
    "Would you like more details on any of these?")
add("price", False, [U("Have you got any Golfs?"), golf_search],
    "I found three Golfs for you. The 2020 Golf GTD at Wakefield is £19,945 with 44,100 miles, the 2021 Golf "
    "Life at Leeds is £16,495, and there's a new Golf Life 1.5 eTSI at Leeds for £29,340.",
    "£19,945", "£19,495")
add("price", True, [U("Have you got any Golfs? Which is the cheapest?"), golf_search],
    "The cheapest Golf we have is the 2021 Golf Life 1.5 TSI at Leeds for £16,495 — it's a manual in "
    "Moonstone Grey with 28,450 miles.")

EVS = ("Volkswagen ID.3 Pro Performance", "Volkswagen ID.3 Match", "Skoda Enyaq 85 SE L")
ev_search = T("search_stock", {"fuel_type": "electric"}, stock(*EVS))
add("list", True, [U("I'm looking for something fully electric. What have you got?"), ev_search],
    "There are 3 electric cars available right now. The best value is the 2022 ID.3 Pro Performance at "
    "Wakefield for £19,750. If you'd prefer new, there's an ID.3 Match at Leeds for £32,440 or an Enyaq 85 "
    "SE L at Harrogate for £44,310.")
add("location", False, [U("I'm looking for something fully electric. What have you got?"), ev_search],
    "I found three electric cars. The used ID.3 Pro Performance is at our Leeds branch for £19,750, and it's "
    "done 21,300 miles. There's also a new ID.3 Match for £32,440 and a new Enyaq 85 SE L at Harrogate for "
    "£44,310.",
    "Leeds", "Wakefield")
add("vehicle", True, [U("Any electric cars? Ideally used."), ev_search],
    "The ID.3 Pro Performance at Wakefield is the only used one — it's a 2022 car in Kings Red with 21,300 "
    "miles, priced at £19,750. The other two electric cars we have are brand new.")

CHEAP = ("Ford Focus Titanium 1.0 EcoBoost", "Volkswagen Polo Match 1.0 TSI", "Skoda Fabia Colour Edition 1.0 TSI")
cheap_search = T("search_stock", {"condition": "used", "max_price": 15000}, stock_list(*CHEAP))
add("list", True, [U("My budget's £15k, what used cars can I get?"), cheap_search],
    "I've found three cars under £15,000: the 2019 Ford Focus Titanium at £11,495, the 2020 Polo Match at "
    "£12,250 and the 2022 Fabia Colour Edition at £13,995. The Fabia has the lowest mileage of the three, "
    "at 12,640 miles.")
add("count", False, [U("My budget's £15k, what used cars can I get?"), cheap_search],
    "I found four cars under £15,000. The cheapest is the 2019 Ford Focus Titanium at £11,495, and there's "
    "also a Polo Match at £12,250 and a Fabia Colour Edition at £13,995.",
    "four", "three")

WAKE_AUTO = ("Toyota Yaris Icon 1.5 Hybrid", "BMW 118i M Sport", "Volkswagen Golf GTD 2.0 TDI",
             "Volkswagen ID.3 Pro Performance", "Kia Sportage GT-Line 1.6 T-GDi Hybrid")
wake_search = T("search_stock", {"branch": "Wakefield", "transmission": "automatic"}, stock(*WAKE_AUTO))
add("count", False, [U("What automatics have you got at Wakefield?"), wake_search],
    "There are four automatics at Wakefield at the moment, including a Toyota Yaris hybrid at £15,250 and "
    "a Kia Sportage hybrid at £24,995.",
    "four", "five")
add("list", True, [U("What automatics have you got at Wakefield?"), wake_search],
    "I found 5 automatics at our Wakefield branch:\n"
    "1. Toyota Yaris Icon 1.5 Hybrid – £15,250\n"
    "2. BMW 118i M Sport – £17,495\n"
    "3. Volkswagen Golf GTD 2.0 TDI – £19,495\n"
    "4. Volkswagen ID.3 Pro Performance – £19,750\n"
    "5. Kia Sportage GT-Line 1.6 T-GDi Hybrid – £24,995\n"
    "The Sportage is the newest, a 2023 car with only 9,850 miles.")

SKODAS = ("Skoda Octavia Estate SE L 2.0 TDI", "Skoda Fabia Colour Edition 1.0 TSI", "Skoda Kodiaq SE Drive 1.5 TSI",
          "Skoda Octavia SE Technology 1.5 TSI", "Skoda Kodiaq SE L 2.0 TDI", "Skoda Enyaq 85 SE L")
skoda_search = T("search_stock", {"make": "Skoda"}, stock(*SKODAS), STOCK_SCHEMA)
add("mileage", False, [U("Show me your Skodas please."), skoda_search],
    "We have six Skodas at Harrogate. On the used side there's a 2021 Octavia Estate SE L with 41,300 "
    "miles, a 2022 Fabia Colour Edition with 12,640 miles and a 2020 Kodiaq SE Drive with 54,900 miles.",
    "54,900 miles", "45,900 miles")
add("list", True, [U("Show me your Skodas please."), skoda_search],
    "All six of our Skodas are at Harrogate — three used and three brand new. The new ones are an Octavia "
    "SE Technology at £28,385, a Kodiaq SE L at £43,990 and an Enyaq 85 SE L at £44,310.")

AUTO20 = ("Toyota Yaris Icon 1.5 Hybrid", "BMW 118i M Sport", "Skoda Octavia Estate SE L 2.0 TDI",
          "Volkswagen Golf GTD 2.0 TDI", "Volkswagen ID.3 Pro Performance")
auto_search = T("search_stock", {"transmission": "automatic", "max_price": 20000, "condition": "used"},
                stock(*AUTO20), STOCK_SCHEMA)
add("list", True, [U("I need an automatic, used, under £20,000."), auto_search],
    "There are 5 automatics under £20,000. The cheapest is the Toyota Yaris Icon hybrid at £15,250, then "
    "the BMW 118i M Sport at £17,495 and the Skoda Octavia Estate at £17,750. Towards the top of your budget "
    "there's the Golf GTD at £19,495 and the ID.3 Pro Performance at £19,750.")
add("price", False, [U("I need an automatic, used, under £20,000."), auto_search],
    "The Toyota Yaris at £15,250 and the BMW 118i M Sport at £17,750 are the two cheapest automatics under "
    "£20,000.",
    "£17,750", "£17,495")
add("fuel", False, [U("I need an automatic, used, under £20,000. Something economical."), auto_search],
    "Your best bet might be the diesel Toyota Yaris Icon at £15,250 — it's a 2021 car with 22,900 miles.",
    "diesel", "hybrid")

KUGAS = ("Ford Kuga Titanium 2.5 PHEV", "Ford Kuga ST-Line 2.5 PHEV")
kuga_search = T("search_stock", {"model": "Kuga"}, stock(*KUGAS))
add("vehicle", True, [U("Do you have any Kugas?"), kuga_search],
    "We've got two Kugas, both at York. The used one is a 2021 Titanium PHEV in Magnetic Grey with 31,750 "
    "miles for £22,750, and there's a brand-new ST-Line PHEV in Solar Silver for £38,765.")
add("mileage", False, [U("Do you have any Kugas?"), kuga_search],
    "There are two Kugas at York. The used 2021 Titanium PHEV has 13,750 miles and is £22,750.",
    "13,750 miles", "31,750 miles")

YORK = ("Ford Puma ST-Line 1.0 EcoBoost Hybrid", "Ford Kuga Titanium 2.5 PHEV", "Ford Focus Titanium 1.0 EcoBoost",
        "Ford Puma Titanium 1.0 EcoBoost Hybrid", "Ford Kuga ST-Line 2.5 PHEV")
york_search = T("search_stock", {"branch": "York"}, stock_list(*YORK))
add("count", False, [U("What's on the forecourt at York?"), york_search],
    "I found 4 cars at our York branch: two Pumas, two Kugas and a Focus.",
    "4", "5")
add("list", True, [U("What's on the forecourt at York?"), york_search],
    "I found 5 cars at York: a used Puma ST-Line, a used Kuga Titanium PHEV and a used Focus Titanium, plus "
    "a new Puma Titanium and a new Kuga ST-Line.")

WHITES = ("Skoda Kodiaq SE Drive 1.5 TSI", "Ford Focus Titanium 1.0 EcoBoost", "BMW 118i M Sport",
          "Volkswagen Tiguan Life 1.5 eTSI", "Skoda Kodiaq SE L 2.0 TDI")
white_search = T("search_stock", {"colour": "white"}, stock(*WHITES))
add("list", True, [U("My wife wants a white car. What have you got?"), white_search],
    "I found 5 white cars for you: a used Kodiaq SE Drive in Moon White (£21,495), a Ford Focus in Frozen "
    "White (£11,495) and a BMW 118i in Alpine White (£17,495), plus two new ones — a Tiguan Life in Oryx "
    "White (£36,905) and a Kodiaq SE L in Moon White (£43,990).")
add("location", False, [U("My wife wants a white car. What have you got?"), white_search],
    "There are five white cars in stock. If you'd like something compact, the BMW 118i M Sport in Alpine "
    "White is at our Harrogate branch for £17,495.",
    "Harrogate", "Wakefield")

# ---------------------------------------------------------------- finance quotes
golf_quote = T("get_finance_quote",
               {"vehicle": "Volkswagen Golf Life 1.5 eTSI", "product": "PCP", "deposit": 3500, "term_months": 48,
                "annual_mileage": 10000},
               {"vehicle": "Volkswagen Golf Life 1.5 eTSI", "product": "PCP", "cash_price": 29340.00,
                "customer_deposit": 3500.00, "deposit_contribution": 1500.00, "amount_of_credit": 24340.00,
                "term_months": 48, "number_of_payments": 47, "monthly_payment": 329.00,
                "optional_final_payment": 13870.00, "apr": 6.9, "total_amount_payable": 34333.00,
                "annual_mileage": 10000, "currency": "GBP"},
               QUOTE_SCHEMA)
golf_q_hist = [U("Can you give me a PCP quote on the new Golf? I can put £3,500 down and do about 10,000 miles "
                 "a year."), golf_quote]
add("finance", True, golf_q_hist,
    "Here's your quote for the Golf Life 1.5 eTSI on PCP. With your £3,500 deposit plus the £1,500 deposit "
    "contribution, you'd make 47 monthly payments of £329 at 6.9% APR. If you want to keep the car at the "
    "end, there's an optional final payment of £13,870, and the total amount payable is £34,333.")
add("price", False, golf_q_hist,
    "Based on a £3,500 deposit and 10,000 miles a year, the Golf Life would be £392 a month over 48 months "
    "at 6.9% APR.",
    "£392", "£329")
add("price", False, golf_q_hist,
    "The total amount payable comes to £34,433, including the optional final payment of £13,870.",
    "£34,433", "£34,333")

tig_quote = T("get_finance_quote",
              {"vehicle": "Volkswagen Tiguan Elegance 2.0 TDI", "registration": "YD22 TGN", "product": "HP",
               "deposit": 5000, "term_months": 48},
              {"vehicle": "Volkswagen Tiguan Elegance 2.0 TDI", "registration": "YD22 TGN", "product": "HP",
               "cash_price": 27995.00, "deposit": 5000.00, "amount_of_credit": 22995.00, "term_months": 48,
               "monthly_payment": 580.12, "apr": 9.9, "total_amount_payable": 32845.76, "currency": "GBP"})
tig_hist = [U("What would the used Tiguan cost me on HP over 4 years with £5,000 down?"), tig_quote]
add("finance", True, tig_hist,
    "On hire purchase with a £5,000 deposit, the Tiguan works out at £580.12 a month over four years at 9.9% "
    "APR. You'd be borrowing £22,995, and the total amount payable would be £32,845.76.")
add("term", False, tig_hist,
    "With £5,000 down, the Tiguan would be £580.12 a month over five years at 9.9% APR.",
    "five years", "four years")
add("apr", False, tig_hist,
    "That's £580.12 a month at 8.9% APR, with a total amount payable of £32,845.76.",
    "8.9%", "9.9%")
add("finance", True, tig_hist + [A("On hire purchase with a £5,000 deposit, the Tiguan works out at £580.12 a "
                                   "month over four years at 9.9% APR."),
                                 U("And what would I pay back in total?")],
    "Altogether you'd pay £32,845.76 — that's your £5,000 deposit plus 48 monthly payments of £580.12.")

puma_quote = T("get_finance_quote",
               {"vehicle": "Ford Puma Titanium 1.0 EcoBoost Hybrid", "product": "PCP", "deposit": 2000,
                "term_months": 42},
               {"vehicle": "Ford Puma Titanium 1.0 EcoBoost Hybrid", "product": "PCP", "cash_price": 26345.00,
                "customer_deposit": 2000.00, "deposit_contribution": 1250.00, "amount_of_credit": 23095.00,
                "term_months": 42, "monthly_payment": 312.45, "optional_final_payment": 11980.00, "apr": 5.9,
                "currency": "GBP"})
puma_hist = [U("How much a month would the new Puma be if I put £2,000 down?"), puma_quote]
add("finance", True, puma_hist,
    "With £2,000 down, the new Puma Titanium comes to £312.45 a month over 42 months at 5.9% APR. The £1,250 "
    "deposit contribution is already included, and the optional final payment is £11,980.")
add("price", False, puma_hist,
    "With your £2,000 deposit and the £1,250 contribution, the amount of credit would be £23,905, and you'd "
    "pay £312.45 a month.",
    "£23,905", "£23,095")

id3_quote = T("get_finance_quote",
              {"vehicle": "Volkswagen ID.3 Match", "product": "PCP", "deposit": 3000, "term_months": 36,
               "annual_mileage": 8000},
              {"vehicle": "Volkswagen ID.3 Match", "product": "PCP", "cash_price": 32440.00,
               "customer_deposit": 3000.00, "deposit_contribution": 3000.00, "amount_of_credit": 26440.00,
               "term_months": 36, "number_of_payments": 35, "monthly_payment": 319.00,
               "optional_final_payment": 15890.00, "apr": 4.9, "total_amount_payable": 33055.00,
               "annual_mileage": 8000, "currency": "GBP"},
              QUOTE_SCHEMA)
id3_hist = [U("Could you quote me for the new ID.3 on PCP, £3,000 deposit, 8,000 miles a year?"), id3_quote]
add("finance", True, id3_hist,
    "Here's the quote for the ID.3 Match: £319 a month over 36 months at 4.9% APR, with your £3,000 deposit "
    "matched by a £3,000 deposit contribution. The optional final payment is £15,890 and the total amount "
    "payable is £33,055.")
add("price", False, id3_hist,
    "For the ID.3 Match you'd pay £319 a month at 4.9% APR, and the optional final payment at the end would "
    "be £15,980.",
    "£15,980", "£15,890")

# ---------------------------------------------------------------- workshop availability
leeds_slots = T("check_service_availability",
                {"branch": "Leeds", "service": "Full Service", "from": "2026-03-12", "to": "2026-03-17"},
                [{"date": "2026-03-12", "drop_off_time": "08:00", "courtesy_car_available": False},
                 {"date": "2026-03-13", "drop_off_time": "07:30", "courtesy_car_available": True},
                 {"date": "2026-03-16", "drop_off_time": "08:30", "courtesy_car_available": True}])
slots_hist = [U("When can you fit my Golf in for a full service at Leeds? I'll need a courtesy car ideally."),
              leeds_slots]
add("time", True, slots_hist,
    "The earliest slot is tomorrow at 8am, but there isn't a courtesy car free that day. If you need one, "
    "Friday at 7:30am or next Monday at 8:30am both come with a courtesy car.")
add("time", False, slots_hist,
    "Tomorrow at 8am is the earliest, though without a courtesy car. Friday's slot is at 8:30am and does "
    "come with a courtesy car.",
    "8:30am", "7:30am")
add("date", False, slots_hist,
    "I can offer you tomorrow at 8am, Friday at 7:30am, or next Tuesday at 8:30am. The last two include a "
    "courtesy car.",
    "Tuesday", "Monday")
add("count", False, slots_hist,
    "I've found 4 available slots for a Full Service at Leeds. The first is tomorrow at 8am, but there's no "
    "courtesy car that day.",
    "4", "3")
add("date", True, slots_hist,
    "Friday 13 March at 7:30am is free and it comes with a courtesy car, so that one should suit you nicely.")

harro_mot = T("check_service_availability", {"branch": "Harrogate", "service": "MOT", "date": "2026-03-14"},
              [{"time": "08:30", "bay": "MOT bay 1"}, {"time": "10:00", "bay": "MOT bay 1"},
               {"time": "11:30", "bay": "MOT bay 2"}])
harro_hist = [U("Any MOT slots at Harrogate this Saturday?"), harro_mot]
add("time", True, harro_hist,
    "This Saturday I have three MOT slots at Harrogate: 8:30am, 10am and 11:30am. An MOT takes about an "
    "hour, so even the last one will be done by the time the workshop closes at 12:30pm.")
add("time", False, harro_hist,
    "Yes! The MOT slots at Harrogate this Saturday are 8:30am, 10am and 11am.",
    "11am", "11:30am")

# ---------------------------------------------------------------- service booking
octavia_booking = T("book_service",
                    {"branch": "Harrogate", "registration": "YC19 WNF", "service": "Full Service",
                     "date": "2026-03-17", "courtesy_car": True},
                    {"booking_reference": "MH-SV-40721", "branch": "Motorhaus Harrogate", "registration": "YC19 WNF",
                     "vehicle": "Skoda Octavia 2.0 TDI", "service": "Full Service", "date": "2026-03-17",
                     "drop_off_time": "08:15", "estimated_collection_time": "15:30", "price": 329.00,
                     "currency": "GBP", "courtesy_car": True, "service_advisor": "Jordan Blake"},
                    BOOKING_SCHEMA)
book_hist = [U("Please book my Octavia, YC19 WNF, in for a full service at Harrogate next Tuesday, with a "
               "courtesy car."), octavia_booking]
add("booking", True, book_hist,
    "You're all booked in! Your Octavia's Full Service is at Motorhaus Harrogate on Tuesday 17 March. Please "
    "drop it off at 8:15am — it should be ready to collect at around 3:30pm. The price is £329, a courtesy "
    "car is reserved for you, and Jordan Blake will be your service advisor. Your booking reference is "
    "MH-SV-40721.")
add("date", False, book_hist,
    "All sorted — your Full Service is booked at Harrogate for Wednesday 17 March with drop-off at 8:15am. "
    "Your reference is MH-SV-40721.",
    "Wednesday 17 March", "Tuesday 17 March")
add("reference", False, book_hist,
    "Your Octavia is booked in for a Full Service next Tuesday at 8:15am. Please keep your reference handy: "
    "MH-SV-40712.",
    "MH-SV-40712", "MH-SV-40721")
add("person", False, book_hist,
    "That's booked for Tuesday 17 March at 8:15am. Liam Foster will be your service advisor on the day, and "
    "a courtesy car will be waiting for you.",
    "Liam Foster", "Jordan Blake")
add("time", False, book_hist,
    "Great, you're booked in for next Tuesday. Drop-off is at 8:15am and the car should be ready around "
    "5:30pm.",
    "5:30pm", "3:30pm")
add("price", False, book_hist,
    "Booked! The Full Service on your Octavia 2.0 TDI comes to £289, and a courtesy car is reserved for you.",
    "£289", "£329")
add("booking", True, book_hist,
    "Perfect, that's all booked. We'll see you next Tuesday at 8:15am at our Harrogate workshop on Wetherby "
    "Road, and the car should be ready by about half past three. The workshop opens at 8am, so you can drop "
    "it off a little earlier if that's easier.")
add("booking", True, book_hist,
    "That's all confirmed for Tuesday the 17th. Drop-off's at quarter past eight, and the Full Service comes "
    "to three hundred and twenty-nine pounds.")

mot_booking = T("book_mot", {"branch": "Wakefield", "registration": "YD17 HBN", "date": "2026-03-13", "time": "09:00"},
                {"reference": "MH-MOT-11873", "branch": "Motorhaus Wakefield", "vehicle": "Ford Fiesta 1.25 Zetec",
                 "registration": "YD17 HBN", "date": "2026-03-13", "time": "09:00", "price": 45.00,
                 "currency": "GBP"})
mot_hist = [U("Can you book my Fiesta YD17 HBN in for an MOT at Wakefield on Friday morning?"), mot_booking]
add("booking", True, mot_hist,
    "Your Fiesta's MOT is booked at Wakefield for this Friday, 13 March, at 9am. It'll cost £45 and your "
    "reference is MH-MOT-11873.")
add("date", False, mot_hist,
    "You're booked in for an MOT at Wakefield tomorrow at 9am. The cost is £45.",
    "tomorrow", "this Friday")

# ---------------------------------------------------------------- part-exchange valuations
astra_val = T("value_part_exchange", {"registration": "YF68 KXR", "mileage": 61250},
              {"registration": "YF68 KXR", "vehicle": "Vauxhall Astra 1.4 Turbo SRi", "year": 2018,
               "mileage": 61250, "valuation": 6450, "valid_until": "2026-03-18", "currency": "GBP"})
astra_hist = [U("What would you give me for my Astra? It's YF68 KXR with 61,250 miles."), astra_val]
add("valuation", True, astra_hist,
    "Based on 61,250 miles, we can offer £6,450 for your 2018 Vauxhall Astra. The valuation is held for "
    "seven days, until Wednesday 18 March.")
add("price", False, astra_hist,
    "Good news — we can offer you £6,540 for your Astra, and that price is valid until 18 March.",
    "£6,540", "£6,450")
add("date", False, astra_hist,
    "We'd give you £6,450 for the Astra. That offer stands until Thursday 19 March.",
    "Thursday 19 March", "Wednesday 18 March")
add("year", False, astra_hist,
    "For your 2017 Astra SRi with 61,250 miles, the valuation is £6,450.",
    "2017", "2018")

juke_val = T("value_part_exchange", {"registration": "YB16 RZT", "mileage": 88400},
             {"registration": "YB16 RZT", "vehicle": "Nissan Juke 1.5 dCi Tekna", "year": 2016, "mileage": 88400,
              "valuation": 3275, "valid_until": "2026-03-18", "condition_grade": "C", "currency": "GBP"})
juke_hist = [U("Can you value my Juke? Reg YB16 RZT, 88,400 miles."), juke_val]
add("valuation", True, juke_hist,
    "Thanks for waiting! Your 2016 Nissan Juke with 88,400 miles has been valued at £3,275. We've graded it "
    "as condition C, and the price is guaranteed until Wednesday, 18 March.")
add("price", False, juke_hist,
    "Your Juke has been valued at £3,725, and that's held until 18 March.",
    "£3,725", "£3,275")

# ---------------------------------------------------------------- job status
polo_job = T("get_job_status", {"booking_reference": "MH-SV-39984"},
             {"booking_reference": "MH-SV-39984", "registration": "YK66 LMP", "vehicle": "Volkswagen Polo 1.0",
              "status": "in progress", "stage": "awaiting parts", "estimated_completion": "2026-03-12T16:00:00",
              "work_items": [{"description": "Interim Service", "price": 159.00},
                             {"description": "Front brake pads", "price": 138.50},
                             {"description": "Wiper blades", "price": 24.99}],
              "total": 322.49, "currency": "GBP"})
job_hist = [U("Hi, any update on my Polo? Booking MH-SV-39984."), polo_job]
add("job", True, job_hist,
    "Your Polo is still in the workshop — the team are waiting on a part, so it should be ready by 4pm "
    "tomorrow. The work so far comes to £322.49: the Interim Service at £159, front brake pads at £138.50 "
    "and new wiper blades at £24.99.")
add("price", False, job_hist,
    "Your Polo should be ready by 4pm tomorrow, and the total comes to £332.49.",
    "£332.49", "£322.49")
add("date", False, job_hist,
    "Your Polo is waiting on parts at the moment, so we expect it to be ready by 4pm on Friday.",
    "Friday", "tomorrow")
add("price", False, job_hist,
    "The extra work we found is front brake pads at £183.50 and wiper blades at £24.99, on top of the £159 "
    "Interim Service.",
    "£183.50", "£138.50")
add("job", True, job_hist,
    "It's just waiting on a part at the moment. We expect it to be finished by 4pm tomorrow, and the total "
    "so far is £322.49.")

karoq_job = T("get_job_status", {"registration": "YE20 DKW"},
              {"registration": "YE20 DKW", "vehicle": "Skoda Karoq 1.5 TSI", "status": "ready for collection",
               "completed_at": "2026-03-11T09:40:00", "branch": "Motorhaus Harrogate", "total": 289.00,
               "currency": "GBP"})
karoq_hist = [U("Is my Karoq ready yet? YE20 DKW."), karoq_job]
add("job", True, karoq_hist,
    "Good news — your Karoq is ready for collection at Harrogate! It was finished at 9:40 this morning and "
    "the total is £289. The workshop is open until 5:30pm today, so you can collect it any time before then.")
add("date", False, karoq_hist,
    "Your Karoq is ready to collect from Harrogate — it was finished at 9:40 yesterday, and the bill comes "
    "to £289.",
    "yesterday", "this morning")

# ---------------------------------------------------------------- test drives
kuga_td = T("book_test_drive", {"vehicle": "Ford Kuga ST-Line 2.5 PHEV", "branch": "York", "date": "2026-03-14",
                                "time": "11:00"},
            {"reference": "TD-5528", "vehicle": "Ford Kuga ST-Line 2.5 PHEV", "branch": "Motorhaus York",
             "date": "2026-03-14", "time": "11:00", "duration_minutes": 30, "sales_executive": "Aaron Patel"})
td_hist = [U("Can I test drive the new Kuga at York on Saturday at 11?"), kuga_td]
add("booking", True, td_hist,
    "Lovely — your test drive in the Kuga ST-Line PHEV is booked for this Saturday at 11am at our York "
    "branch. Aaron Patel will meet you there, and you'll have about half an hour behind the wheel. Your "
    "reference is TD-5528.")
add("date", False, td_hist,
    "You're all set for a test drive in the Kuga ST-Line this Sunday at 11am at York. Your reference is "
    "TD-5528.",
    "Sunday", "Saturday")
add("person", False, td_hist,
    "Your Kuga test drive is booked for Saturday at 11am, and Marcus Reid will be looking after you.",
    "Marcus Reid", "Aaron Patel")
add("duration", False, td_hist,
    "Booked! On Saturday at 11am you'll have 45 minutes in the Kuga ST-Line PHEV at our York branch.",
    "45 minutes", "30 minutes")

id3_td = T("book_test_drive", {"vehicle": "Volkswagen ID.3 Pro Performance", "branch": "Wakefield",
                               "date": "2026-03-12", "time": "14:30"},
           {"reference": "TD-5541", "vehicle": "Volkswagen ID.3 Pro Performance", "registration": "YP22 IDT",
            "branch": "Motorhaus Wakefield", "date": "2026-03-12", "time": "14:30", "duration_minutes": 30,
            "sales_executive": "Emma Lowe"})
id3_td_hist = [U("I'd like to try the used ID.3 tomorrow afternoon, 2:30 if possible."), id3_td]
add("booking", True, id3_td_hist,
    "You're booked in to test drive the ID.3 tomorrow, Thursday 12 March, at 2:30pm at Wakefield. Emma Lowe "
    "will meet you with the car. Please remember to bring your driving licence.")
add("time", False, id3_td_hist,
    "Done! Your ID.3 test drive at Wakefield is tomorrow at 3:30pm with Emma Lowe. Your reference is TD-5541.",
    "3:30pm", "2:30pm")

# ---------------------------------------------------------------- courtesy cars
cc_check = T("check_courtesy_car", {"branch": "Harrogate", "date": "2026-03-16"},
             {"branch": "Motorhaus Harrogate", "date": "2026-03-16", "courtesy_cars_available": 2,
              "model": "Skoda Fabia"},
             COURTESY_SCHEMA)
cc_hist = [U("Will there be a courtesy car at Harrogate next Monday?"), cc_check]
add("count", True, cc_hist,
    "Yes, we've got 2 courtesy cars free at Harrogate next Monday, and both are Skoda Fabias. Just remember "
    "drivers need to be 25 or over.")
add("count", False, cc_hist,
    "Good news: there are 3 courtesy cars available at Harrogate on Monday 16 March.",
    "3", "2")
add("vehicle", False, cc_hist,
    "There are two courtesy cars free at Harrogate next Monday — both Skoda Octavias.",
    "Skoda Octavias", "Skoda Fabias")
add("count", True, cc_hist,
    "There are two courtesy cars free at Harrogate on Monday 16 March, so I can reserve one with your "
    "booking if you like.")

# ---------------------------------------------------------------- vehicle look-up (nested result)
fiesta = T("lookup_vehicle", {"registration": "YD17 HBN"},
           {"vehicle": {"registration": "YD17 HBN", "make_model": "Ford Fiesta 1.25 Zetec"},
            "mot": {"expiry_date": "2026-04-02"},
            "service": {"last_service_date": "2025-04-10", "due": True}})
fiesta_hist = [U("When's my MOT due? Reg YD17 HBN."), fiesta]
add("date", True, fiesta_hist,
    "Your Fiesta's MOT runs out on 2 April, so it's worth getting it booked in soon. It was last serviced on "
    "10 April 2025, so it's due a service too — if we do both together, the MOT is just £30.")
add("date", False, fiesta_hist,
    "Your Fiesta's MOT runs out on Friday 2 April, so there's still a few weeks to get it booked.",
    "Friday 2 April", "Thursday 2 April")
add("date", False, fiesta_hist,
    "Your MOT expires on 2 April and the last service was on 10 April 2024, so it's due both.",
    "10 April 2024", "10 April 2025")

# ---------------------------------------------------------------- reservations
reservation = T("reserve_vehicle", {"registration": "YA22 FBC", "branch": "Harrogate"},
                {"reservation_id": "RSV-81127", "vehicle": "Skoda Fabia Colour Edition 1.0 TSI",
                 "registration": "YA22 FBC", "branch": "Motorhaus Harrogate", "deposit_paid": 99.00,
                 "reserved_until": "2026-03-18T17:00:00", "currency": "GBP"})
res_hist = [U("I'd like to reserve the orange Fabia please."), reservation]
add("booking", True, res_hist,
    "All done — the Fabia Colour Edition (YA22 FBC) is reserved for you at Harrogate until 5pm on Wednesday "
    "18 March. We've taken the £99 reservation deposit, which is fully refundable.")
add("date", False, res_hist,
    "The Fabia's now reserved in your name until 5pm on Tuesday 18 March. Your reservation number is "
    "RSV-81127.",
    "Tuesday 18 March", "Wednesday 18 March")
add("price", False, res_hist,
    "That's reserved for you — reservation number RSV-81127. We've taken a £199 deposit, which you'll get "
    "back if you change your mind.",
    "£199", "£99")

# ---------------------------------------------------------------- repair quote (line items)
repair_quote = T("get_repair_quote", {"registration": "YH15 OPC", "job": "rear brakes"},
                 {"quote_id": "Q-2231", "vehicle": "Vauxhall Corsa 1.2",
                  "line_items": [{"description": "Rear brake discs and pads", "price": 245.00},
                                 {"description": "Brake fluid change", "price": 59.00}],
                  "total": 304.00, "vat_included": True, "valid_days": 30, "currency": "GBP"})
rq_hist = [U("How much to do the rear brakes on my Corsa, YH15 OPC?"), repair_quote]
add("quote", True, rq_hist,
    "The quote for your Corsa's brakes comes to £304 including VAT: £245 for new rear discs and pads, plus "
    "£59 for a brake fluid change. It's valid for 30 days.")
add("price", False, rq_hist,
    "All in, the brake work comes to £314 including VAT — that's the rear discs and pads plus a brake fluid "
    "change.",
    "£314", "£304")
add("duration", False, rq_hist,
    "It's £304 in total for the discs, pads and brake fluid, and the quote is valid for 14 days.",
    "14 days", "30 days")
add("quote", True, rq_hist,
    "It'd be £304 in total, VAT included. Your quote number is Q-2231 if you want to go ahead.")

# ---------------------------------------------------------------- holiday hours
holiday = T("get_holiday_hours", {"branch": "Leeds", "date": "2026-04-03"},
            {"branch": "Motorhaus Leeds", "date": "2026-04-03", "occasion": "Good Friday", "showroom_opens": "10:00",
             "showroom_closes": "16:00", "workshop": "closed"})
hol_hist = [U("Are you open in Leeds over Easter? Specifically Good Friday."), holiday]
add("hours", True, hol_hist,
    "On Good Friday, 3 April, the Leeds showroom will be open from 10am to 4pm, but the workshop will be "
    "closed that day.")
add("hours", False, hol_hist,
    "Yes — on Good Friday the Leeds showroom is open from 10am to 5pm, although the workshop is closed.",
    "5pm", "4pm")

# ---------------------------------------------------------------- booking look-up
puma_booking = T("lookup_booking", {"booking_reference": "MH-SV-41102"},
                 {"booking_reference": "MH-SV-41102", "branch": "Motorhaus York", "date": "2026-03-20",
                  "drop_off_time": "08:00", "service": "Interim Service", "vehicle": "Ford Puma 1.0 EcoBoost Hybrid",
                  "price": 169.00, "courtesy_car": False, "currency": "GBP"})
lb_hist = [U("Can you check my booking? It's MH-SV-41102."), puma_booking]
add("booking", True, lb_hist,
    "I've found your booking: an Interim Service for your Puma at York on Friday 20 March, with drop-off at "
    "8am. It's £169, and there's no courtesy car on the booking at the moment — would you like me to add one?")
add("date", False, lb_hist,
    "Your Puma's Interim Service is booked at York for Thursday 20 March, drop-off at 8am.",
    "Thursday 20 March", "Friday 20 March")
add("time", False, lb_hist,
    "I can see your Interim Service at York on Friday 20 March, with drop-off at 9am.",
    "9am", "8am")
add("price", False, lb_hist,
    "Your Puma is booked in for an Interim Service at York on 20 March. It's £179.",
    "£179", "£169")
add("hours", True, lb_hist,
    "Drop-off is at 8am on Friday the 20th, though the York workshop opens at 7:45am if you'd like to come "
    "a little earlier.")

# ---------------------------------------------------------------- delivery
delivery = T("check_delivery", {"postcode": "S70 2AB", "branch": "Wakefield"},
             {"from_branch": "Motorhaus Wakefield", "postcode": "S70 2AB", "distance_miles": 27,
              "delivery_fee": 0.00, "earliest_delivery_date": "2026-03-19", "currency": "GBP"})
del_hist = [U("If I buy the Qashqai can you deliver it to S70 2AB?"), delivery]
add("delivery", True, del_hist,
    "You're 27 miles from our Wakefield branch, which is within our free delivery radius, so there's no "
    "charge. The earliest we could bring the car to you is Thursday 19 March.")
add("date", False, del_hist,
    "Delivery to S70 2AB is free, and the earliest date we can do is Friday, 19 March.",
    "Friday, 19 March", "Thursday, 19 March")
add("delivery", True, del_hist,
    "Good news: it's only 27 miles, so delivery's free. We could have it with you a week tomorrow, on the "
    "19th.")


# =============================================================================== more true replies
add("address", True, [U("Which one is your used car centre?")],
    "Our used car centre is Motorhaus Wakefield, at 88 Denby Dale Road, WF2 8DY. It's open Monday to "
    "Saturday from 9am to 6pm, and from 10am to 4pm on Sundays.")
add("phone", True, [U("What's the number for the York service department?")],
    "The York workshop's number is 01904 496304, and they're in from 7:45am on weekdays.")
add("price", True, [U("How much is the new Octavia?")],
    "The new Skoda Octavia SE Technology 1.5 TSI is £28,385. It's a manual in Graphite Grey at our "
    "Harrogate branch.")
add("vehicle", True, [U("What's the Qashqai like?")],
    "The Nissan Qashqai N-Connecta is a 2022 car with a 1.3-litre petrol engine and a manual gearbox. It's "
    "done 18,400 miles, it's in Magnetic Blue, and it's £19,995 at Wakefield.")
add("transmission", True, [U("Is the BMW a manual?")],
    "No, the BMW 118i M Sport is an automatic. It's a 2020 car in Alpine White, priced at £17,495.")
add("mileage", True, [U("Have you got any used cars with under 10,000 miles?")],
    "Just one at the moment: the 2023 Kia Sportage GT-Line hybrid at Wakefield, which has done 9,850 "
    "miles. It's £24,995.")
add("person", True, [U("Who's the sales exec at Leeds?")],
    "Tom Hollis is our sales executive at Leeds — he'd be happy to show you around.")
add("price", True, [U("How much is a service on an Octavia 1.5?")],
    "For a Skoda Octavia 1.5 TSI, a Full Service is £289 and an Interim Service is £179.")
add("price", True, [U("Interim service on a 1.5 petrol Tiguan?")],
    "An Interim Service on a Volkswagen Tiguan 1.5 petrol is £199, and it takes about two hours.")
add("warranty", True, [U("Do your warranties come with breakdown cover?")],
    "The Approved Used Warranty includes breakdown cover, but the Motorhaus Extended Warranty doesn't, so "
    "you may want separate cover if you extend.")
add("date", True, [U("When does the Octavia HP offer end?")],
    "It's valid until 30 April, so you've got until the end of next month.")
add("vehicle", True, [U("Do you have any Kugas?"), kuga_search],
    "Both of our Kugas are plug-in hybrids with automatic gearboxes, and you'll find them at our York "
    "branch.")
add("finance", True, golf_q_hist,
    "You'd be borrowing £24,340 in total, with 47 payments of £329 and then an optional £13,870 at the end "
    "if you want to keep the car.")
add("valuation", True, astra_hist,
    "We could offer £6,450 for the Astra — that's held for a week, until the 18th.")
add("job", True, job_hist,
    "The bill's currently £322.49, which includes £138.50 for the front brake pads.")
add("price", True, [U("My budget's £15k, what used cars can I get?"), cheap_search],
    "The Polo Match sits in the middle price-wise at £12,250 — it's a 2020 car with 34,120 miles.")


# =============================================================================== checks
def check() -> None:
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    n_tool = 0
    for c in cases:
        assert isinstance(c["truth"], bool), c["id"]
        assert c["kind"] and isinstance(c["kind"], str), c["id"]
        assert c["reply"].strip(), c["id"]
        assert c["history"] and c["history"][0]["role"] == "user", c["id"]
        has_tool = False
        for turn in c["history"]:
            role = turn["role"]
            assert role in {"user", "assistant", "tool"}, (c["id"], role)
            if role == "tool":
                has_tool = True
                assert set(turn) <= {"role", "name", "arguments", "result", "schema"}, (c["id"], turn.keys())
                assert isinstance(turn["name"], str) and turn["name"], c["id"]
                assert isinstance(turn["arguments"], dict), c["id"]
                assert isinstance(turn["result"], (list, dict)), c["id"]
                if isinstance(turn["result"], list):
                    assert all(isinstance(r, dict) for r in turn["result"]), c["id"]
                if "schema" in turn:
                    assert isinstance(turn["schema"], dict) and turn["schema"].get("type"), c["id"]
                json.dumps(turn)
            else:
                assert isinstance(turn["text"], str) and turn["text"].strip(), c["id"]
        n_tool += has_tool
        if c["truth"]:
            assert "wrong" not in c and "right" not in c, c["id"]
        else:
            w, r = c["wrong"], c["right"]
            assert w and r and w != r, c["id"]
            assert c["reply"].count(w) == 1, (c["id"], w, c["reply"].count(w))
    n_true = sum(c["truth"] for c in cases)
    assert len(cases) >= 130, len(cases)
    assert n_tool >= 50, n_tool
    print(f"{len(cases)} cases: {n_true} true, {len(cases) - n_true} false; {n_tool} with tool results "
          f"({sum(1 for c in cases if any(t['role'] == 'tool' for t in c['history']) and c['truth'])} true)")


def main() -> None:
    check()
    with OUT.open("w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
