#!/usr/bin/env python3
"""Writes cases.jsonl for the Northbound Removals & Storage blind trial.

Reference time: Wednesday 11 March 2026, 10:30 GMT (see ../meta.json).
  tomorrow = Thu 12 March, this Friday = 13 March, this Saturday = 14 March,
  next Monday = 16 March, next Wednesday = 18 March.
Every true reply is true against kb.ttl and/or the tool results in its history;
every false reply holds exactly one false stretch (`wrong`), with `right` the value
the KB or the tool result holds.
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "cases.jsonl"
CASES = []


def U(text):
    return {"role": "user", "text": text}


def A(text):
    return {"role": "assistant", "text": text}


def T(name, arguments, result, schema=None):
    line = {"role": "tool", "name": name, "arguments": arguments, "result": result}
    if schema is not None:
        line["schema"] = schema
    return line


def add(history, reply, truth, kind, wrong=None, right=None):
    cid = "n%03d" % (len(CASES) + 1)
    case = {"id": cid, "history": history, "reply": reply, "truth": truth, "kind": kind}
    if not truth:
        case["wrong"] = wrong
        case["right"] = right
    CASES.append(case)


def true(history, reply, kind):
    add(history, reply, True, kind)


def false(history, reply, kind, wrong, right):
    add(history, reply, False, kind, wrong, right)


# ===========================================================================
# Knowledge-base cases (n001-n090)
# ===========================================================================

# --- depots: addresses, phones, hours, managers, towns, radius -------------
true([U("Hi, where exactly is your Sheffield depot? I need to drop some boxes off.")],
     "Hi there! Our Sheffield depot is at 150 Attercliffe Road, Sheffield S4 7WZ. If you're coming today, the office is open until 5:30pm.",
     "address")
false([U("What's the address for the York branch?")],
      "Of course — Northbound York is at 9 Hospital Fields Road, York YO10 4DZ. Tomasz Nowak and his team will be happy to help when you get there.",
      "address", "9 Hospital Fields Road", "7 Hospital Fields Road")
true([U("Can I phone the Manchester team directly?")],
     "Yes, you can. The Manchester depot's number is 0161 496 0527, and the lines open at 7:30am on weekdays.",
     "phone")
false([U("I'd like to speak to someone at Leeds about my move.")],
      "No problem! You can reach our Leeds depot on 0113 496 0721. Priya Raman manages the branch, so ask for her if it's about anything unusual.",
      "phone", "0113 496 0721", "0113 496 0712")
true([U("Is Sheffield open this Saturday?")],
     "It is! On Saturdays the Sheffield office opens at 9 in the morning and shuts at 1 in the afternoon, so you'd have the morning to pop in.",
     "time")
false([U("What time does the Leeds office close on weekdays?")],
      "On weekdays the Leeds office closes at 5:30pm, and on Saturdays it's open 9am to 4pm.",
      "time", "5:30pm", "6pm")
true([U("Is anywhere open on a Sunday? I can only come then.")],
     "Our Manchester depot is the only one open on Sundays — you can visit between 10am and 2pm. Leeds, Sheffield and York are all closed on Sundays.",
     "time")
false([U("Until when is the York depot open on Saturday?")],
      "The York depot opens at 9am on Saturdays and stays open until 1pm, so there's plenty of time to collect your keys.",
      "time", "1pm", "12:30pm")
true([U("I want to visit the Leeds depot tomorrow morning, what time do you open?")],
     "Tomorrow's Thursday, so the Leeds depot opens at 8am and closes at 6pm. See you then!",
     "time")
false([U("Is the Sheffield depot open today?")],
      "Yes — today it's open from 8:30am until 6:30pm, so you've got the whole day.",
      "time", "6:30pm", "5:30pm")
true([U("Can I come to York on Sunday?")],
     "I'm sorry, the York depot is closed on Sundays. It reopens on Monday at 8am, and you'd be welcome any time until 5pm that day.",
     "time")
false([U("Who's the branch manager in Sheffield?")],
      "The Sheffield branch manager is Tomasz Nowak. I can ask him to give you a call if you'd like.",
      "name", "Tomasz Nowak", "Callum Hewitt")
true([U("Who runs the Leeds depot?")],
     "Priya Raman manages our Leeds depot. She's lovely — I can pass a message to her if you want.",
     "name")
false([U("Who's in charge at the York depot? I want to make a complaint.")],
      "I'm sorry to hear that. The York depot is managed by Joanna Mbeki, and I'll make sure your complaint reaches her today.",
      "name", "Joanna Mbeki", "Tomasz Nowak")
true([U("Do you cover Otley?")],
     "We do! Otley is covered by our Leeds depot, along with Horsforth, Pudsey and Morley.",
     "place")
false([U("I'm in Harrogate. Which depot would handle my move?")],
      "Harrogate comes under our Leeds depot, and that team would look after your move from start to finish.",
      "place", "Leeds", "York")
true([U("How far out does the Manchester depot go?")],
     "The Manchester depot has a 30-mile delivery radius. Beyond that we add a mileage charge of £1.90 per mile.",
     "distance")
false([U("Will York deliver out to the coast?")],
      "The York depot delivers within 25 miles at no extra charge; anything further is charged per mile.",
      "distance", "25 miles", "35 miles")
true([U("What's the Sheffield delivery radius in kilometres?")],
     "Sheffield's delivery radius is 20 miles, which is roughly 32 km.",
     "distance")
false([U("How early can I get into my storage unit in Manchester?")],
      "Storage access at our Manchester depot starts at 6am and runs until 11pm, every day of the week.",
      "time", "6am", "5am")

# --- storage units ---------------------------------------------------------
true([U("Tell me about the Medium Unit.")],
     "The Medium Unit is 75 sq ft — roughly 17 cubic metres of space — and it costs £119 a month. It usually fits the contents of a one-bedroom flat.",
     "area")
false([U("How much is a Large Unit per month?")],
      "A Large Unit is £189 per month, with a minimum term of two months.",
      "price", "£189", "£199")
true([U("I just need somewhere for a few boxes. What's the smallest thing you have?")],
     "Our Locker would be perfect: it's 15 sq ft, costs £39 a month, and the deposit is also £39. You only need to commit to one month.",
     "price")
false([U("What's the minimum term on an Extra Large Unit?")],
      "The Extra Large Unit has a minimum term of two months and is £299 a month.",
      "duration", "two months", "three months")
true([U("We're clearing out our 3-bedroom house for a few months. Which unit would we need?")],
     "For a 3-bedroom house I'd suggest the Large Unit. It's 150 square feet with about 34 m³ of space, which is designed for a two- or three-bedroom home. It's £199 a month, with a two-month minimum.",
     "area")
false([U("How big is the Small Unit?")],
      "The Small Unit is 45 sq ft, around 8 cubic metres, which is usually enough for a studio flat.",
      "area", "45 sq ft", "35 sq ft")
true([U("If I take a Medium Unit, what do I pay up front?")],
     "Up front you'd pay the first month's rent of £119 plus the £100 security deposit, so £219 in total. After that it's just £119 each month.",
     "price")
false([U("How much can you fit in the Extra Large Unit?")],
      "The Extra Large Unit gives you 250 sq ft of floor space and about 47 m³ of storage volume, enough for a four-bedroom house.",
      "volume", "47 m³", "57 m³")
true([U("What are the dimensions of a locker in cubic metres?")],
     "A locker holds three and a half cubic metres — it's 15 square feet of floor space.",
     "volume")
false([U("Is there a deposit on the Medium Unit?")],
      "Yes, the Medium Unit needs a security deposit of £119, paid when you move in.",
      "price", "£119", "£100")

# --- vans ------------------------------------------------------------------
true([U("Tell me about the Luton Van.")],
     "The Luton Van has 18 m³ of load space and can carry up to 1,000 kg. It's £55 an hour including the driver, with a minimum hire of 3 hours, and it comes with a tail lift.",
     "volume")
false([U("What's the payload of a Luton?")],
      "A Luton Van takes a payload of up to 1,200 kg, which is plenty for most flat moves.",
      "weight", "1,200 kg", "1,000 kg")
true([U("What's the biggest vehicle you have?")],
     "That's our Box Lorry: 35 cubic metres of load space and a 2.5-tonne payload. It's £85 per hour and needs a minimum booking of 4 hours.",
     "weight")
false([U("How much is the LWB Van per hour?")],
      "The LWB Van is £40 per hour with a driver, and you need to book it for at least 2 hours.",
      "price", "£40", "£45")
true([U("What's the least I could spend on a van?")],
     "The cheapest option is the SWB Van at £35 an hour. It has a 2-hour minimum, so the lowest van charge is £70.",
     "price")
false([U("Can I book the Box Lorry for just a couple of hours?")],
      "I'm afraid not — the Box Lorry has a minimum hire of 3 hours, because it's usually used for bigger house moves.",
      "duration", "3 hours", "4 hours")
true([U("What's the difference between the SWB and LWB vans?")],
     "The SWB Van has 6 m³ of load space and costs £35 an hour, while the LWB Van has 11 m³ and costs £45 an hour. Both have a 2-hour minimum.",
     "volume")
false([U("How much fits in the short wheelbase van?")],
      "The short wheelbase van has 8 cubic metres of load space — ideal for a student move or a few pieces of furniture.",
      "volume", "8 cubic metres", "6 cubic metres")
true([U("My washing machine is heavy. Does any van have a tail lift?")],
     "Yes — both the Luton Van and the Box Lorry come with a tail lift, which makes heavy appliances much easier to load.",
     "feature")
false([U("Does the LWB Van have a tail lift?")],
      "Yes, the LWB Van has a tail lift, so loading heavy items is easy.",
      "feature", "has a tail lift", "has no tail lift")

# --- crew rates and surcharges ---------------------------------------------
true([U("What do your movers charge?")],
     "Each mover is £28 per hour, a crew leader is £32 per hour, and if you'd like us to pack for you, packers are £25 an hour.",
     "price")
false([U("How much for someone to pack my kitchen?")],
      "Our packers charge £28 an hour each, and you can add them to any removal booking.",
      "price", "£28", "£25")
true([U("Is it more expensive to move on a Saturday?")],
     "A little — weekend moves carry a 15% surcharge on the labour and van price. Weekdays are the cheapest option.",
     "percentage")
false([U("What if I move on Easter Monday?")],
      "Easter Monday is a bank holiday, so a 20% bank holiday surcharge would be added to your quote.",
      "percentage", "20%", "25%")
true([U("I'm on the third floor and there's no lift. Is there an extra charge?")],
     "There is a stairs fee of £20 per floor above the ground floor when there's no lift, so for a third-floor flat that would be £60.",
     "price")
false([U("The van can't park right outside my house. Will that cost more?")],
      "If the van has to park more than 20 metres from your door, we add a long carry fee of £30.",
      "distance", "20 metres", "25 metres")
true([U("What's the long carry fee?")],
     "The long carry fee is a flat £30, and it only applies when the crew has to carry things further than 25 m from the van to your door.",
     "price")
false([U("I'm moving to Scarborough from Leeds. Is there a charge for the distance?")],
      "Scarborough is outside the Leeds depot's 25-mile radius, so we'd add our out-of-area mileage charge of £1.50 per mile beyond that radius.",
      "price", "£1.50", "£1.90")
true([U("We've got an upright piano. Can you move it?")],
     "We can! There's a piano handling fee of £120 on top of the normal move price.",
     "price")
false([U("How much extra for a Sunday move?")],
      "Sunday counts as a weekend move, so there's a 10% surcharge on top of the standard rates.",
      "percentage", "10%", "15%")

# --- packing materials -----------------------------------------------------
true([U("How much are your medium boxes?")],
     "Medium Boxes come in packs of 10 for £18.00, which works out at £1.80 a box.",
     "price")
false([U("And the large boxes?")],
      "Large Boxes are £24.50 for a pack of 10. Each one takes up to 25 kg.",
      "price", "£24.50", "£22.50")
true([U("What can I put in a small box?")],
     "A Small Box holds 35 litres and is rated for 15 kg, so it's ideal for books and heavy kitchen items.",
     "weight")
false([U("Do you sell wardrobe boxes?")],
      "We do — Wardrobe Boxes come in packs of 3 for £19.00, and each one takes up to 20 kg.",
      "count", "packs of 3", "packs of 2")
true([U("How long is a roll of bubble wrap?")],
     "Each Bubble Wrap Roll is 50 metres long and 750 mm wide, and costs £16.50.",
     "distance")
false([U("How much is packing tape?")],
      "Packing Tape comes in packs of 6 rolls for £7.50.",
      "price", "£7.50", "£9.00")
true([U("Is there a bundle for a small flat?")],
     "Our Moving Starter Kit is £49. It includes 10 small boxes, 10 medium boxes, 2 rolls of tape and 10 m of bubble wrap.",
     "price")
false([U("How heavy can a medium box be?")],
      "A Medium Box is rated for up to 25 kg — please don't overfill it, as the crew needs to carry it safely.",
      "weight", "25 kg", "20 kg")

# --- insurance -------------------------------------------------------------
true([U("What does Standard Cover give me?")],
     "Standard Cover protects goods worth up to £15,000 and costs £12 a month, with a £100 excess on each claim.",
     "price")
false([U("What's the limit on Premium Cover?")],
      "Premium Cover has a cover limit of £50,000, and it's £24 a month.",
      "price", "£50,000", "£40,000")
true([U("Is there an excess on Basic Cover?")],
     "Yes, Basic Cover carries a £150 excess per claim. It covers goods up to £5,000 and costs just £6 a month.",
     "price")
false([U("How much is Standard Cover each month?")],
      "Standard Cover costs £10 a month and covers up to £15,000 worth of belongings.",
      "price", "£10", "£12")
true([U("Do I have to take insurance for storage?")],
     "Yes, every storage customer needs at least Basic Cover, which is £6 a month. You can upgrade to Standard or Premium Cover if your things are worth more than £5,000.",
     "policy")
false([U("What's the excess with Premium Cover?")],
      "With Premium Cover the excess is only £100 per claim.",
      "price", "£100", "£50")

# --- policies --------------------------------------------------------------
true([U("Can I cancel my move for free?")],
     "Yes, as long as you give us at least 7 days' notice, cancelling is completely free. With less notice than that, we keep the £95 booking deposit.",
     "policy")
false([U("What happens if I need to change the date of my move at short notice?")],
      "If you reschedule with less than 72 hours' notice, there's a £40 rescheduling fee. With more notice, it's free.",
      "price", "£40", "£45")
true([U("How much notice do I need to give to change my moving date?")],
     "You can move your booking to another date free of charge if you tell us at least three days (72 hours) beforehand.",
     "duration")
false([U("How much notice do I need to give before I leave my storage unit?")],
      "We need 28 days' notice to vacate your unit.",
      "duration", "28 days", "14 days")
true([U("How much is the deposit to book a removal?")],
     "We take a £95 booking deposit to secure your removal date.",
     "price")
false([U("What if I cancel right before the move?")],
      "If you cancel within 24 hours of the move, we charge 50% of the quoted price.",
      "duration", "24 hours", "48 hours")
true([U("My move is next Monday. If I cancel today, will I lose anything?")],
     "Your move next Monday is only five days away, which is less than the 7 days' notice needed for a free cancellation, so we'd keep the £95 booking deposit. You wouldn't pay the 50% charge, though — that only applies within 48 hours of the move.",
     "policy")
true([U("Can I store a couple of gas bottles and some old paint thinners?")],
     "I'm sorry, but we can't accept gas cylinders or paint thinners — they're on our restricted items list, along with petrol and fireworks.",
     "policy")
false([U("What things can't you take?")],
      "We don't accept fireworks, petrol or ammunition, but live plants are fine to bring along.",
      "policy", "live plants are fine", "live plants are a restricted item")

# --- company and staff -----------------------------------------------------
false([U("What's your customer care number?")],
      "You can call our customer care team on 0333 014 7270, or email hello@northbound-removals.co.uk.",
      "phone", "0333 014 7270", "0333 014 7720")
true([U("How can I get in touch with Northbound generally?")],
     "The easiest ways are email — hello@northbound-removals.co.uk — or phone on 0333 014 7720.",
     "phone")
false([U("How long have you been in business?")],
      "Northbound has been moving people across the North since 2011, and our head office is in Leeds.",
      "date", "2011", "2009")
true([U("Who's in charge of customer care?")],
     "Fiona Galloway is our Head of Customer Care. She's based at our Leeds head office.",
     "name")
false([U("Who's Dev Anand? He left me a voicemail.")],
      "Dev Anand is the Storage Supervisor at our Sheffield depot, so he'll be calling about your unit there.",
      "name", "Sheffield", "Manchester")
true([U("Can you give me a quick rundown of your vans?")],
     "Sure! Here's the line-up:\n- SWB Van: 6 m³, £35/hr\n- LWB Van: 11 m³, £45/hr\n- Luton Van: 18 m³, £55/hr\n- Box Lorry: 35 m³, £85/hr\nAll prices include the driver.",
     "price")
false([U("And the storage units, what do they cost?")],
      "Here's our storage pricing per month:\n• Locker – £39\n• Small Unit – £69\n• Medium Unit – £119\n• Large Unit – £199\n• Extra Large Unit – £329",
      "price", "£329", "£299")
true([U("Does the Sheffield depot cover Chesterfield and Dronfield?")],
     "Yes to both — Chesterfield and Dronfield are part of the Sheffield depot's area, and so are Rotherham and Barnsley.",
     "place")
false([U("Which depot covers Bolton?")],
      "Bolton comes under our Manchester depot. The team there is managed by Priya Raman.",
      "name", "Priya Raman", "Joanna Mbeki")
true([U("Where's your head office?")],
     "Our head office is the Leeds depot at 42 Kirkstall Road, Leeds LS4 2AZ. You can call it on 0113 496 0712.",
     "address")
false([U("What's the postcode for the York depot? My satnav needs it.")],
      "Pop YO10 4DX into your satnav and it'll take you straight to 7 Hospital Fields Road.",
      "address", "YO10 4DX", "YO10 4DZ")
true([U("Can I get to my unit in York in the evening?")],
     "Yes, storage access at the York depot runs from 6am to 8pm every day, including weekends, even though the office itself closes earlier.",
     "time")
false([U("I finish work at 6. Can I still get to the Manchester office?")],
      "You should be fine — on weekdays the Manchester office stays open until 8pm.",
      "time", "8pm", "7pm")
true([U("What are the Manchester hours this Saturday, the 14th?")],
     "On Saturday 14 March the Manchester depot is open from 8am to 5pm.",
     "time")
false([U("When does the Leeds office open on Saturday?")],
      "On Saturdays the Leeds office opens at 8am and closes at 4pm.",
      "time", "8am", "9am")
true([U("How much weight can the small van carry?")],
     "The SWB Van can take just over a tonne — 1,050 kg to be exact — for £35 an hour.",
     "weight")
false([U("What's the LWB payload?")],
      "The LWB Van's payload is 1,500 kg, and it has 11 cubic metres of space.",
      "weight", "1,500 kg", "1,300 kg")

assert len(CASES) == 90, len(CASES)

# ===========================================================================
# Tool-result cases (n091-)
# ===========================================================================

# --- get_quote --------------------------------------------------------------
quote_schema = {
    "type": "object",
    "properties": {
        "quote_ref": {"type": "string", "description": "Quote reference"},
        "depot": {"type": "string", "description": "Depot that would carry out the move"},
        "move_date": {"type": "string", "format": "date", "description": "Date of the move"},
        "van": {"type": "string", "enum": ["SWB Van", "LWB Van", "Luton Van", "Box Lorry"],
                "description": "Vehicle sent for the move"},
        "crew_size": {"type": "integer", "description": "Number of movers in the crew"},
        "estimated_hours": {"type": "number", "description": "Estimated length of the job in hours"},
        "hourly_rate": {"type": "number", "description": "Price per hour for van and crew"},
        "stairs_fee": {"type": "number", "description": "Stairs fee in pounds"},
        "weekend_surcharge": {"type": "number", "description": "Weekend surcharge in pounds"},
        "mileage_charge": {"type": "number", "description": "Out-of-area mileage charge in pounds"},
        "total": {"type": "number", "description": "Total price of the move"},
        "currency": {"type": "string"},
    },
}
q1 = T("get_quote",
       {"from_postcode": "LS6 3HN", "to_postcode": "LS18 5AB", "move_date": "2026-03-21", "bedrooms": 2},
       {"quote_ref": "NBQ-58213", "depot": "Northbound Leeds", "move_date": "2026-03-21", "van": "Luton Van",
        "crew_size": 3, "estimated_hours": 6, "hourly_rate": 143.00, "stairs_fee": 40.00,
        "weekend_surcharge": 128.70, "total": 1026.70, "currency": "GBP"},
       quote_schema)
h_q1 = [U("Could I get a quote to move my 2-bed flat from LS6 3HN to Horsforth on Saturday 21 March? It's on the second floor, no lift."), q1]
true(h_q1,
     "Here's your quote (NBQ-58213). For Saturday 21 March we'd send a Luton Van with a crew of three, and we estimate about 6 hours. The total comes to £1,026.70, which includes the £40 stairs fee and the £128.70 weekend surcharge.",
     "price")
false(h_q1,
      "Your quote NBQ-58213 is ready: a Luton Van and a crew of 4, around 6 hours on the 21st, for £1,026.70 all in.",
      "count", "crew of 4", "crew of 3")

q2 = T("get_quote",
       {"from_postcode": "YO24 1AB", "to_postcode": "HG1 2RQ", "move_date": "2026-03-18", "bedrooms": 1},
       {"quote_ref": "NBQ-60147", "depot": "Northbound York", "move_date": "2026-03-18", "van": "LWB Van",
        "crew_size": 2, "estimated_hours": 4, "hourly_rate": 101.00, "mileage_charge": 0.00,
        "total": 404.00, "currency": "GBP"},
       quote_schema)
h_q2 = [U("How much to move a one-bedroom flat from York (YO24 1AB) to Harrogate, HG1 2RQ, on the 18th?"), q2]
true(h_q2,
     "Good news — moving your one-bed from York to Harrogate next Wednesday (the 18th) would be £404.00 in total. That's an LWB Van with two movers for roughly four hours, at £101 an hour, and there's no mileage charge because Harrogate is inside the York depot's radius.",
     "price")
false(h_q2,
      "The estimate for the 18th is £440.00 for an LWB Van and two movers, about 4 hours.",
      "price", "£440.00", "£404.00")

q3 = T("get_quote",
       {"from_postcode": "M14 5RT", "to_postcode": "SK4 2LP", "move_date": "2026-03-28", "bedrooms": 3, "piano": True},
       {"quote_ref": "NBQ-61892", "move_date": "2026-03-28", "currency": "GBP",
        "line_items": [
            {"description": "Box Lorry (7 hours)", "amount": 595.00},
            {"description": "Crew Leader (7 hours)", "amount": 224.00},
            {"description": "3 Movers (7 hours)", "amount": 588.00},
            {"description": "Weekend surcharge 15%", "amount": 211.05},
            {"description": "Piano handling", "amount": 120.00}],
        "total": 1738.05, "deposit_due": 95.00})
h_q3 = [U("We're a 3-bed house in Fallowfield moving to Stockport on Saturday 28 March, and we have a piano. What would it cost?"), q3]
true(h_q3,
     "Your quote NBQ-61892 for Saturday 28 March comes to £1,738.05. The biggest items are the Box Lorry at £595.00 and the three movers at £588.00; the weekend surcharge adds £211.05 and the piano handling is £120.00. To confirm the booking we'd just need the £95 deposit.",
     "price")
false(h_q3,
      "The total for the 28th is £1,738.05. That includes the crew leader at £224.00, a weekend surcharge of £221.05 and £120 for handling your piano.",
      "price", "£221.05", "£211.05")

q4 = T("get_quote",
       {"from_postcode": "S10 2TN", "to_postcode": "S11 8YA", "move_date": "2026-03-13", "bedrooms": 0, "notes": "student room"},
       {"quote_ref": "NBQ-59930", "depot": "Northbound Sheffield", "move_date": "2026-03-13", "van": "SWB Van",
        "crew_size": 1, "estimated_hours": 2, "total": 126.00, "currency": "GBP"},
       quote_schema)
h_q4 = [U("I'm a student moving rooms in Sheffield this Friday, just a room's worth of stuff. S10 2TN to S11 8YA. Price?"), q4]
true(h_q4,
     "For your student room move this Friday, the 13th, we'd send an SWB Van with one mover. It's the 2-hour minimum, so the total is £126.00.",
     "price")
false(h_q4,
      "That move on Friday would be £126.00 with a crew of one and an SWB Van, and we've allowed 3 hours.",
      "duration", "3 hours", "2 hours")

# --- find_move_slots --------------------------------------------------------
slot_schema = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "date": {"type": "string", "format": "date", "description": "Move date"},
            "start_time": {"type": "string", "description": "Time the crew starts"},
            "crew_size": {"type": "integer", "description": "Number of movers in the crew"},
            "van": {"type": "string", "enum": ["SWB Van", "LWB Van", "Luton Van", "Box Lorry"]},
            "weekend_surcharge_applies": {"type": "boolean"},
        },
    },
}
s1 = T("find_move_slots",
       {"depot": "Northbound York", "from_date": "2026-03-16", "to_date": "2026-03-20"},
       [{"date": "2026-03-16", "start_time": "08:00", "crew_size": 2, "van": "LWB Van"},
        {"date": "2026-03-17", "start_time": "13:00", "crew_size": 3, "van": "Luton Van"},
        {"date": "2026-03-19", "start_time": "08:00", "crew_size": 2, "van": "Luton Van"}],
       slot_schema)
h_s1 = [U("What move slots have you got at York next week?"), s1]
true(h_s1,
     "I found 3 slots at York next week: Monday the 16th at 8am with two movers and an LWB Van, Tuesday the 17th at 1pm with a crew of three and a Luton, and Thursday the 19th at 8am with two movers and a Luton Van.",
     "count")
false(h_s1,
      "There are 4 slots available next week. The earliest is Monday 16 March at 8am.",
      "count", "4 slots", "3 slots")
true([U("What move slots have you got at York next week?"), s1,
      A("I've found a few options at York next week. Do you have a preferred day?"),
      U("Anything on Tuesday?")],
     "Yes — next Tuesday, 17 March, we can start at 1 pm with a three-person crew and a Luton Van.",
     "time")
false([U("What move slots have you got at York next week?"), s1,
       A("There are three slots next week, on Monday, Tuesday and Thursday."),
       U("Tell me about Thursday.")],
      "On Thursday the 19th the crew could start at 9am, and they'd bring the Luton Van.",
      "time", "9am", "8am")

s2 = T("find_move_slots",
       {"depot": "Northbound Manchester", "from_date": "2026-03-14", "to_date": "2026-03-15"},
       [{"date": "2026-03-14", "start_time": "07:30", "crew_size": 2, "van": "Luton Van", "weekend_surcharge_applies": True},
        {"date": "2026-03-14", "start_time": "12:30", "crew_size": 3, "van": "Box Lorry", "weekend_surcharge_applies": True},
        {"date": "2026-03-15", "start_time": "09:00", "crew_size": 2, "van": "LWB Van", "weekend_surcharge_applies": True}],
       slot_schema)
h_s2 = [U("Can you move me in Manchester this weekend?"), s2]
true(h_s2,
     "This weekend there are three options in Manchester. On Saturday you could have a Luton Van with two movers at 7:30am, or a Box Lorry with three movers at 12:30pm. On Sunday there's an LWB Van with two movers at 9am. The weekend surcharge applies to all of them.",
     "time")
false(h_s2 + [A("There are three slots this weekend, two on Saturday and one on Sunday."), U("What's on Sunday?")],
      "The Sunday slot starts at 9am with a crew of two and a Luton Van.",
      "name", "Luton Van", "LWB Van")
false(h_s2,
      "On Saturday the 14th there's a Box Lorry slot at 12:30pm with two movers.",
      "count", "two movers", "three movers")

# --- check_storage_availability --------------------------------------------
a1 = T("check_storage_availability",
       {"depot": "Northbound Leeds"},
       {"depot": "Northbound Leeds", "currency": "GBP", "results": [
           {"unit_size": "Locker", "available_units": 6, "monthly_price": 39.00},
           {"unit_size": "Small Unit", "available_units": 0, "monthly_price": 69.00},
           {"unit_size": "Medium Unit", "available_units": 3, "monthly_price": 119.00},
           {"unit_size": "Large Unit", "available_units": 1, "monthly_price": 199.00},
           {"unit_size": "Extra Large Unit", "available_units": 2, "monthly_price": 299.00}]})
true([U("What storage is free in Leeds right now?"), a1],
     "At the moment Leeds has 6 Lockers, 3 Medium Units, 1 Large Unit and 2 Extra Large Units available. Unfortunately the Small Units are all taken.",
     "count")
false([U("Do you have a Large Unit in Leeds?"), a1],
      "Yes, there are 2 Large Units free in Leeds at £199 a month.",
      "count", "2 Large Units", "1 Large Unit")
true([U("I need a Small Unit in Leeds."), a1],
     "I'm sorry, Leeds has no Small Units free right now. The nearest size up, a Medium Unit at £119 a month, has 3 available.",
     "count")

a2_schema = {
    "type": "array",
    "items": {"type": "object", "properties": {
        "unit_number": {"type": "string", "description": "Unit number"},
        "unit_size": {"type": "string", "enum": ["Locker", "Small Unit", "Medium Unit", "Large Unit", "Extra Large Unit"]},
        "floor": {"type": "string", "enum": ["Ground", "First", "Second"], "description": "Floor the unit is on"},
        "drive_up": {"type": "boolean", "description": "Whether a car can be parked at the unit door"},
        "monthly_price": {"type": "number", "description": "Monthly rent in pounds"},
        "available_from": {"type": "string", "format": "date", "description": "First day the unit can be rented"}}},
}
a2 = T("check_storage_availability",
       {"depot": "Northbound Sheffield", "unit_size": "Medium Unit"},
       [{"unit_number": "M-204", "unit_size": "Medium Unit", "floor": "Ground", "drive_up": True,
         "monthly_price": 119.00, "available_from": "2026-03-12"},
        {"unit_number": "M-311", "unit_size": "Medium Unit", "floor": "First", "drive_up": False,
         "monthly_price": 119.00, "available_from": "2026-03-16"}],
       a2_schema)
h_a2 = [U("Any Medium Units going at the Sheffield depot?"), a2]
true(h_a2,
     "There are two Medium Units free in Sheffield. M-204 is on the ground floor with drive-up access and is ready from tomorrow; M-311 is on the first floor and becomes available next Monday. Both are £119 a month.",
     "date")
false(h_a2,
      "Unit M-311 is on the first floor and is available from Thursday 12 March.",
      "date", "Thursday 12 March", "Monday 16 March")
false(h_a2,
      "M-204 is a ground-floor unit with drive-up access, ready from tomorrow at £129 a month.",
      "price", "£129", "£119")

# --- create_booking ---------------------------------------------------------
b1 = T("create_booking",
       {"quote_ref": "NBQ-58213", "move_date": "2026-03-21", "start_time": "08:00", "customer": "Ella Hughes"},
       {"booking_reference": "NB-240317", "status": "confirmed", "move_date": "2026-03-21", "start_time": "08:00",
        "arrival_window": "08:00-08:30", "van": "Luton Van", "crew_size": 3, "total": 1026.70,
        "deposit_paid": 95.00, "balance_due": 931.70, "currency": "GBP"})
h_b1 = [U("Hi, it's Ella Hughes. I'd like to go ahead with quote NBQ-58213, starting at 8am please."), b1]
true(h_b1,
     "You're all booked, Ella! Your reference is NB-240317. The crew of three will arrive with the Luton Van between 8:00 and 8:30am on Saturday 21 March. We've taken the £95 deposit, leaving £931.70 to pay.",
     "reference")
false(h_b1,
      "Booking confirmed — reference NB-240371. We'll see you on Saturday 21 March at 8am.",
      "reference", "NB-240371", "NB-240317")
false(h_b1,
      "All done! Your move on Saturday the 21st is confirmed (ref NB-240317). With the £95 deposit paid, the balance due is £913.70.",
      "price", "£913.70", "£931.70")

b2 = T("create_booking",
       {"quote_ref": "NBQ-60147", "move_date": "2026-03-18", "start_time": "09:00"},
       {"booking_reference": "NB-240402", "status": "confirmed", "move_date": "2026-03-18", "start_time": "09:00",
        "van": "LWB Van", "crew_size": 2, "crew_leader": "Marek Zielinski", "total": 404.00,
        "deposit_paid": 95.00, "currency": "GBP"})
h_b2 = [U("Please book the York to Harrogate move, quote NBQ-60147, for a 9am start."), b2]
true(h_b2,
     "Great, that's confirmed. Marek Zielinski will lead your two-person crew on Wednesday the 18th at 9am, and your booking reference is NB-240402. The total is £404.00, of which you've paid the £95 deposit.",
     "name")
false(h_b2,
      "Your crew leader will be Marek Zielinski, and they'll arrive at 10am on Wednesday 18 March.",
      "time", "10am", "9am")
false(h_b2,
      "Booking NB-240402 is confirmed for Thursday 18 March at 9am.",
      "date", "Thursday", "Wednesday")

# --- get_booking ------------------------------------------------------------
g1 = T("get_booking",
       {"booking_reference": "NB-239876"},
       {"booking_reference": "NB-239876", "status": "confirmed", "move_date": "2026-03-12",
        "arrival_window_start": "07:30", "arrival_window_end": "08:30", "crew_leader": "Aisha Khan",
        "crew_size": 2, "van": "SWB Van", "from_address": "14 Grove Lane, Leeds LS6 4BQ",
        "to_address": "3 Mill Street, Otley LS21 1AN", "balance_due": 189.00, "currency": "GBP"})
h_g1 = [U("My booking is NB-239876. When are you coming tomorrow?"), g1]
true(h_g1,
     "Your move is tomorrow, Thursday 12 March. Aisha Khan and one other mover will arrive between 7:30 and 8:30am with an SWB Van, and the balance left to pay is £189.00.",
     "time")
false(h_g1,
      "They'll be with you tomorrow from 7:30am, and the window closes at 9:30am.",
      "time", "9:30am", "8:30am")
false(h_g1,
      "Your crew leader tomorrow is Aisha Khan, and she'll have a Luton Van.",
      "name", "Luton Van", "SWB Van")
true([U("Booking NB-239876 — can you confirm the addresses?"), g1],
     "Of course. We'll collect from 14 Grove Lane, Leeds LS6 4BQ and deliver to 3 Mill Street, Otley LS21 1AN.",
     "address")
false([U("Booking NB-239876 — can you confirm the addresses?"), g1],
      "We'll be collecting from 14 Grove Lane and delivering to 5 Mill Street, Otley.",
      "address", "5 Mill Street", "3 Mill Street")

g2 = T("get_booking",
       {"booking_reference": "NB-238810"},
       {"booking_reference": "NB-238810", "status": "awaiting deposit", "move_date": "2026-04-04",
        "start_time": "08:00", "crew_size": 4, "van": "Box Lorry", "total": 1890.45,
        "deposit_due_by": "2026-03-14", "currency": "GBP"})
h_g2 = [U("Can you check booking NB-238810 for me?"), g2]
true(h_g2,
     "Your booking NB-238810 is for Saturday 4 April at 8am with a Box Lorry and four movers. It's still awaiting the deposit, which we need by this Saturday, 14 March.",
     "date")
false(h_g2,
      "The move on 4 April comes to £1,980.45 in total.",
      "price", "£1,980.45", "£1,890.45")
false(h_g2,
      "We need your deposit by Friday 13 March to hold the date.",
      "date", "Friday 13 March", "Saturday 14 March")

# --- order_packing_materials -----------------------------------------------
o1 = T("order_packing_materials",
       {"items": [{"product": "Medium Box", "packs": 2}, {"product": "Packing Tape", "packs": 1},
                  {"product": "Bubble Wrap Roll", "packs": 1}], "delivery_postcode": "LS6 4BQ"},
       {"order_id": "PK-88412", "line_items": [
           {"product": "Medium Box", "packs": 2, "line_total": 36.00},
           {"product": "Packing Tape", "packs": 1, "line_total": 9.00},
           {"product": "Bubble Wrap Roll", "packs": 1, "line_total": 16.50}],
        "delivery_fee": 4.95, "total": 66.45, "delivery_date": "2026-03-13", "currency": "GBP"})
h_o1 = [U("Please order 2 packs of medium boxes, a pack of tape and a roll of bubble wrap to LS6 4BQ."), o1]
true(h_o1,
     "Your packing order PK-88412 is in: two packs of Medium Boxes (£36.00), one pack of Packing Tape (£9.00) and a Bubble Wrap Roll (£16.50). With £4.95 delivery, the total is £66.45, and it'll arrive this Friday.",
     "price")
false(h_o1,
      "Order PK-88412 is confirmed and will be delivered on Friday. The total, including delivery, is £64.65.",
      "price", "£64.65", "£66.45")
false(h_o1,
      "Your order will be delivered on Saturday, and the delivery fee is £4.95.",
      "date", "Saturday", "Friday")

# --- find_nearest_depot -----------------------------------------------------
d1 = T("find_nearest_depot",
       {"postcode": "WF1 2DS"},
       [{"name": "Northbound Leeds", "distance_miles": 10.2, "drive_minutes": 24, "covers_postcode": True},
        {"name": "Northbound Sheffield", "distance_miles": 29.5, "drive_minutes": 41, "covers_postcode": False},
        {"name": "Northbound York", "distance_miles": 31.8, "drive_minutes": 47, "covers_postcode": False}],
       {"type": "array", "items": {"type": "object", "properties": {
           "name": {"type": "string", "description": "Depot name"},
           "distance_miles": {"type": "number", "description": "Driving distance in miles"},
           "drive_minutes": {"type": "integer", "description": "Driving time in minutes"},
           "covers_postcode": {"type": "boolean", "description": "Whether the depot serves the postcode"}}}})
h_d1 = [U("Which depot is nearest to WF1 2DS?"), d1]
true(h_d1,
     "The nearest depot to WF1 2DS is Northbound Leeds, 10.2 miles away — about 24 minutes by car — and it covers your postcode. Sheffield is 29.5 miles away and York 31.8 miles.",
     "distance")
false(h_d1,
      "Northbound Sheffield is the next closest at 29.5 miles, roughly 47 minutes' drive.",
      "duration", "47 minutes", "41 minutes")
false(h_d1,
      "I found 2 depots near you; Leeds is the closest at 10.2 miles.",
      "count", "2 depots", "3 depots")
true(h_d1,
     "Leeds is only about 16 km from you (10.2 miles), roughly a 24-minute drive.",
     "distance")

# --- reschedule_booking -----------------------------------------------------
r1 = T("reschedule_booking",
       {"booking_reference": "NB-239876", "new_date": "2026-03-20"},
       {"booking_reference": "NB-239876", "old_date": "2026-03-12", "new_date": "2026-03-20",
        "new_arrival_window": "07:30-08:30", "reschedule_fee": 45.00, "currency": "GBP",
        "fee_reason": "less than 72 hours' notice"})
h_r1 = [U("Something's come up — can I move booking NB-239876 to Friday 20 March?"), r1]
true(h_r1,
     "Done — your move has been moved from tomorrow to Friday 20 March, still with a 7:30 to 8:30am arrival window. Because the change was made with less than 72 hours' notice, there's a £45 rescheduling fee.",
     "date")
false(h_r1,
      "Your move is now on Friday 20 March. As it's inside 72 hours, a rescheduling fee of £40 applies.",
      "price", "£40", "£45")
false(h_r1,
      "I've moved your booking to the 21st, with the same arrival window.",
      "date", "the 21st", "the 20th")

# --- cancel_booking ---------------------------------------------------------
c1 = T("cancel_booking",
       {"booking_reference": "NB-240317"},
       {"booking_reference": "NB-240317", "status": "cancelled", "cancellation_fee": 0.00,
        "refund_amount": 95.00, "refund_method": "original card", "refund_working_days": 5, "currency": "GBP"})
h_c1 = [U("I'm afraid I need to cancel booking NB-240317."), c1]
true(h_c1,
     "Your booking NB-240317 has been cancelled. Because you gave more than 7 days' notice there's no fee, and your £95 deposit will go back to your original card within 5 working days.",
     "price")
false(h_c1,
      "I've cancelled NB-240317. The refund of £95 should reach your card within 3 working days.",
      "duration", "3 working days", "5 working days")

c2 = T("cancel_booking",
       {"booking_reference": "NB-239544"},
       {"booking_reference": "NB-239544", "status": "cancelled", "move_date": "2026-03-12",
        "cancellation_charge": 260.00, "deposit_applied": 95.00, "amount_due": 165.00, "currency": "GBP"})
h_c2 = [U("Please cancel NB-239544, the buyer has pulled out."), c2]
true(h_c2,
     "I've cancelled your move for tomorrow (NB-239544). As it's within 48 hours, the cancellation charge is 50% of the quote, £260.00. Your £95 deposit goes towards that, so £165.00 is left to pay.",
     "price")
false(h_c2,
      "Since you're cancelling less than 48 hours before the move, there's a charge of £260.00; after your deposit, £175.00 remains.",
      "price", "£175.00", "£165.00")

# --- get_storage_account ----------------------------------------------------
sa = T("get_storage_account",
       {"account_id": "ST-55019"},
       {"account_id": "ST-55019", "customer": "Daniel Price", "depot": "Northbound Leeds", "unit_number": "M-114",
        "unit_size": "Medium Unit", "monthly_rent": 119.00, "insurance": "Standard Cover", "insurance_monthly": 12.00,
        "next_payment_date": "2026-04-01", "balance": 0.00, "currency": "GBP", "contract_start": "2025-09-01"})
h_sa = [U("Hi, Daniel Price here, account ST-55019. Can you tell me where I stand?"), sa]
true(h_sa,
     "Hi Daniel — your Medium Unit, M-114 at our Leeds depot, is £119 a month plus £12 for Standard Cover. Your account is fully paid up, and the next payment is due on 1 April.",
     "price")
false(h_sa,
      "Your next payment, £131 for rent and cover together, is due on 1 March.",
      "date", "1 March", "1 April")
false(h_sa,
      "You're renting unit M-141, a Medium Unit at Leeds.",
      "reference", "M-141", "M-114")
true(h_sa,
     "You've had unit M-114 since 1 September last year, and your balance is £0.00.",
     "date")

# --- check_van_availability -------------------------------------------------
v1 = T("check_van_availability",
       {"depot": "Northbound Sheffield", "date": "2026-03-12"},
       [{"van": "SWB Van", "available": True, "hourly_rate": 35.00, "min_hours": 2},
        {"van": "LWB Van", "available": False, "hourly_rate": 45.00, "min_hours": 2},
        {"van": "Luton Van", "available": True, "hourly_rate": 55.00, "min_hours": 3}],
       {"type": "array", "items": {"type": "object", "properties": {
           "van": {"type": "string", "enum": ["SWB Van", "LWB Van", "Luton Van", "Box Lorry"]},
           "available": {"type": "boolean", "description": "Whether the van is free that day"},
           "hourly_rate": {"type": "number", "description": "Price per hour in pounds, driver included"},
           "min_hours": {"type": "integer", "description": "Minimum hire in hours"}}}})
h_v1 = [U("Which vans can I get from Sheffield tomorrow?"), v1]
true(h_v1,
     "Tomorrow in Sheffield the SWB Van and the Luton Van are both free; the LWB Van is already booked. The Luton would be £55 an hour with a 3-hour minimum.",
     "price")
false(h_v1,
      "Good news, the LWB Van is available tomorrow at £45 an hour, minimum 2 hours.",
      "availability", "available", "not available (already booked)")
false(h_v1,
      "The Luton Van is free tomorrow; it's £55 per hour and the minimum is 2 hours.",
      "duration", "2 hours", "3 hours")

# --- storage_quote ----------------------------------------------------------
sq = T("storage_quote",
       {"unit_size": "Large Unit", "months": 4, "insurance": "Premium Cover", "depot": "Northbound York"},
       {"unit_size": "Large Unit", "months": 4, "monthly_rent": 199.00, "insurance_monthly": 24.00,
        "deposit": 150.00, "first_payment": 373.00, "total_for_term": 892.00, "currency": "GBP"})
h_sq = [U("What would a Large Unit in York cost for 4 months with Premium Cover?"), sq]
true(h_sq,
     "For a Large Unit in York for 4 months with Premium Cover, your first payment would be £373.00 — that's £199 rent, £24 cover and the £150 deposit. Over the four months, rent and cover come to £892.00.",
     "price")
false(h_sq,
      "The first payment would be £373.00, and the total for the 4-month term is £829.00.",
      "price", "£829.00", "£892.00")

# --- track_crew -------------------------------------------------------------
tc = T("track_crew",
       {"booking_reference": "NB-239990"},
       {"booking_reference": "NB-239990", "crew_leader": "Tom Birch", "status": "en route", "eta": "10:55",
        "vehicle_registration": "YK24 NBR", "miles_away": 3.4})
h_tc = [U("Where's my crew? Booking NB-239990, they were due at half ten."), tc]
true(h_tc,
     "Tom Birch and the crew are on their way — they're 3.4 miles away and should be with you at about 10:55. Look out for the van with registration YK24 NBR.",
     "time")
false(h_tc,
      "The crew is about 3.4 miles away in van YK24 NRB and should arrive around 10:55.",
      "reference", "YK24 NRB", "YK24 NBR")
false(h_tc,
      "Tom Birch is 4.3 miles away and expects to arrive at 10:55.",
      "distance", "4.3 miles", "3.4 miles")

# --- a few more true restatements ------------------------------------------
true([U("What move slots have you got at York next week?"), s1, U("Which of those is the earliest?")],
     "The earliest is Monday 16 March at 8:00, with an LWB Van and a crew of 2.",
     "date")
true([U("How many Lockers do you have in Leeds?"), a1],
     "We've got six Lockers free in Leeds at the moment, each £39 per month.",
     "count")
true(h_d1,
     "York is the furthest of the three at 31.8 miles, around 47 minutes away, and it doesn't cover your postcode.",
     "distance")
true(h_g2,
     "The total for that booking is £1,890.45, and the crew will be four movers.",
     "price")
true(h_sa,
     "Your Standard Cover costs £12 each month on top of the £119 rent.",
     "price")


# ===========================================================================
# checks and output
# ===========================================================================
def check(cases):
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for c in cases:
        assert set(c) <= {"id", "history", "reply", "truth", "kind", "wrong", "right"}, c["id"]
        assert isinstance(c["reply"], str) and c["reply"].strip(), c["id"]
        assert isinstance(c["truth"], bool), c["id"]
        assert isinstance(c["kind"], str) and c["kind"], c["id"]
        assert c["history"] and c["history"][-1]["role"] in ("user", "tool"), c["id"]
        for line in c["history"]:
            role = line["role"]
            if role == "tool":
                assert set(line) <= {"role", "name", "arguments", "result", "schema"}, c["id"]
                assert isinstance(line["name"], str) and line["name"], c["id"]
                assert isinstance(line["arguments"], dict), c["id"]
                assert isinstance(line["result"], (dict, list)), c["id"]
                if isinstance(line["result"], list):
                    assert all(isinstance(r, dict) for r in line["result"]), c["id"]
                if "schema" in line:
                    assert isinstance(line["schema"], dict), c["id"]
                json.dumps(line, allow_nan=False)
            else:
                assert role in ("user", "assistant", "system"), c["id"]
                assert set(line) == {"role", "text"} and line["text"].strip(), c["id"]
        if c["truth"]:
            assert "wrong" not in c and "right" not in c, c["id"]
        else:
            assert c["wrong"] and c["right"], c["id"]
            assert c["reply"].count(c["wrong"]) == 1, (c["id"], c["wrong"])
            assert c["wrong"] != c["right"], c["id"]


check(CASES)
with OUT.open("w", encoding="utf-8") as fh:
    for c in CASES:
        fh.write(json.dumps(c, ensure_ascii=False) + "\n")

n_true = sum(c["truth"] for c in CASES)
n_tool = sum(any(l["role"] == "tool" for l in c["history"]) for c in CASES)
print(f"{len(CASES)} cases: {n_true} true, {len(CASES) - n_true} false, {n_tool} with tool results -> {OUT}")
