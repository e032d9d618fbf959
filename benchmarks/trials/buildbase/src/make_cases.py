"""Write cases.jsonl for the Hartwell Building Supplies trial.

Run from anywhere:  python src/make_cases.py
Reference time: Wednesday 11 March 2026, 10:30 (UK, GMT) -- see NOTES.md.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
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


def case(cid, kind, history, reply, wrong=None, right=None):
    c = {"id": cid, "history": history, "reply": reply, "truth": wrong is None, "kind": kind}
    if wrong is not None:
        c["wrong"] = wrong
        c["right"] = right
    CASES.append(c)


# ======================================================================================
# Replies answered from the knowledge base
# ======================================================================================

case("k001", "price", [U("How much is a bag of general purpose cement?")],
     "Hi! Blue Circle General Purpose Cement in the 25kg bag is £7.95 per bag, excluding VAT. "
     "If you're after a full pallet, just let me know which branch you use and I can check stock for you.")

case("k002", "price", [U("What's the price of 18mm OSB?")],
     "Our OSB3 Board 18mm (2440 x 1220mm) is £23.50 per sheet plus VAT. It's a popular choice for "
     "flooring and roof decking.",
     wrong="£23.50", right="£21.50")

case("k003", "address", [U("Where's your Sheffield branch?")],
     "Our Sheffield branch is Hartwell Attercliffe, and you'll find it at 45 Attercliffe Common, "
     "Sheffield S9 2AE. Give them a ring on 0114 496 0725 if you want to check something's in before "
     "you head over.")

case("k004", "phone", [U("What's the number for the Cross Green branch?")],
     "You can reach Hartwell Cross Green on 0113 496 0384. The team on the trade counter will be happy "
     "to help with anything you need.",
     wrong="0113 496 0384", right="0113 496 0348")

case("k005", "hours", [U("What time does Kirkstall open on a Saturday?")],
     "On Saturdays Hartwell Kirkstall opens at 8am and closes at 1pm. It's closed on Sundays, so "
     "Saturday morning is your last chance before Monday.")

case("k006", "hours", [U("Is Salford open on Sundays?")],
     "Yes, Hartwell Salford is open on Sundays from 10am until 3pm, so you can pop in then.",
     wrong="3pm", right="2pm")

case("k007", "person", [U("Who manages the Harrogate branch?")],
     "Callum Reid is the branch manager at Hartwell Harrogate. If you'd like a word with him, just ask "
     "for him at the trade counter.")

case("k008", "person", [U("Who runs Cross Green? I want to talk to someone about a complaint.")],
     "I'm sorry to hear something's gone wrong. The branch manager at Cross Green is Bethany Cole, and "
     "she'll be able to look into it for you.",
     wrong="Bethany Cole", right="Nadia Khan")

case("k009", "weight", [U("How heavy is a bag of Postcrete and what does it cost?")],
     "Each bag of Postcrete is 20kg, and it's £7.20 a bag ex VAT. It's handy for setting fence posts "
     "quickly.")

case("k010", "weight", [U("How much does one of your bulk bags of sharp sand weigh?")],
     "A bulk bag of sharp sand weighs around 1,000kg, so bear that in mind if it's going on a drive or "
     "a pavement. It's £58.00 per bulk bag plus VAT.",
     wrong="1,000kg", right="850kg")

case("k011", "hours", [U("Is Cross Green open right now?")],
     "Yes, Cross Green is open right now. Today it's open until 5pm, and it opened at 6:30 this "
     "morning, so the trade counter's been going for a while!")

case("k012", "hours", [U("What are Harrogate's weekday hours?")],
     "Hartwell Harrogate opens at 7am Monday to Friday and closes at 5pm. On Saturdays it's open from "
     "8am until midday.",
     wrong="7am", right="7:30am")

case("k013", "price", [U("How much is 47 x 150 treated timber?")],
     "C24 Treated Timber 47 x 150mm is £4.95 per metre, ex VAT, and we stock it in 3.6m and 4.8m "
     "lengths. So a single 4.8m length works out at £23.76.")

case("k014", "price", [U("What do you charge for 4 by 2 treated? The 47 x 100.")],
     "Our C24 Treated Timber 47 x 100mm is £3.60 per metre plus VAT. It comes in 2.4m, 3.0m, 3.6m and "
     "4.8m lengths, so you can pick whatever suits your job.",
     wrong="£3.60", right="£3.40")

case("k015", "length", [U("What lengths does the 47 x 200 C24 come in?")],
     "The C24 Treated Timber 47 x 200mm comes in 3.6m, 4.8m and 5.4m lengths, and it's £6.60 a metre "
     "ex VAT.",
     wrong="5.4m", right="6.0m")

case("k016", "count", [U("Roughly how many bricks do I need for 10 square metres of wall?")],
     "You'll need about 60 bricks per square metre for a single-skin wall. For 10 square metres that's "
     "roughly 600 bricks, which is one and a half packs of our Ibstock Tradesman Red Multi, as they come "
     "in packs of 400. I'd order two packs to allow for cuts and breakages.")

case("k017", "count", [U("How many blocks come in a pack of your dense blocks?")],
     "Our 7N dense concrete blocks come in packs of 100 and cost £1.85 each plus VAT.",
     wrong="100", right="72")

case("k018", "person", [U("Who looks after tool hire at Salford?")],
     "At Hartwell Salford, Tomasz Zielinski is the Tool Hire Coordinator. He'll sort out your booking, "
     "the deposit and the ID checks when you collect.")

case("k019", "person", [U("Who should I speak to about opening a trade account in Leeds?")],
     "Rachel Dunn is our Trade Account Manager, and she's based at our Kirkstall branch. She can talk "
     "you through the tiers and credit limits.",
     wrong="Kirkstall", right="Cross Green")

case("k020", "discount", [U("What discount do I get on Trade Plus?")],
     "Trade Plus gives you 10% off list prices. To qualify you'd need an annual spend of £10,000 or more "
     "(ex VAT), and the credit limit on that tier goes up to £10,000.")

case("k021", "discount", [U("What's the top trade tier and what does it get me?")],
     "Our top tier is Trade Pro. Members get 20% off list prices once they're spending £40,000 a year "
     "with us, and the credit limit can go up to £25,000.",
     wrong="20%", right="15%")

case("k022", "amount", [U("What's the credit limit on a standard trade account?")],
     "On a standard Trade Account you can have a credit limit of up to £5,000, and you'll get 5% off "
     "list prices from day one.",
     wrong="£5,000", right="£2,500")

case("k023", "policy", [U("How long do I have to return something I didn't use?")],
     "You've got 28 days to return unused, resaleable stock, as long as you have your receipt. "
     "Special-order items carry a 10% restocking fee, so it's worth double-checking quantities on those.")

case("k024", "policy", [U("I over-ordered some plasterboard. Can I bring it back?")],
     "No problem at all! Returns are accepted within 30 days as long as the boards are unused and you "
     "have your receipt.",
     wrong="30 days", right="28 days")

case("k025", "delivery charge", [U("How much would it be to deliver one bulk bag of ballast about 10 miles from "
                                   "Cross Green?")],
     "At 10 miles you'd be in Zone 2, which covers 5 to 15 miles from the branch. A single bulk bag can "
     "go on our Van, and van delivery in Zone 2 is £25.00.")

case("k026", "delivery charge", [U("I need a crane offload, I'm only a couple of miles from the yard. "
                                   "What's the charge?")],
     "Being a couple of miles away puts you in Zone 1. For a crane offload we'd send the Crane Lorry, and "
     "the delivery charge for that in Zone 1 is £65.",
     wrong="£65", right="£55")

case("k027", "weight", [U("How much can your dropside truck carry?")],
     "Our Dropside Truck has a payload of 3,000kg, which is up to three bulk bags, and it'll take "
     "lengths up to 4.8m. It doesn't have a crane, so you'll need a hand unloading.")

case("k028", "weight", [U("Tell me about the crane lorry.")],
     "The Crane Lorry can carry up to 10,000kg and has a crane with a 12m reach, so it can lift bulk "
     "bags or packs of blocks over a wall or onto a driveway.",
     wrong="10,000kg", right="8,000kg")

case("k029", "time", [U("If I order this morning, when can you deliver?")],
     "If you get your order in by 2pm today, we can deliver tomorrow, Thursday, as long as everything's "
     "in stock at your branch.")

case("k030", "time", [U("What's the cut-off for next-day delivery?")],
     "You'll need to order before 4pm for next-day delivery. Anything after that will go out the "
     "following working day.",
     wrong="4pm", right="2pm")

case("k031", "hire rate", [U("How much is it to hire a cement mixer?")],
     "The Belle Minimix 150 Cement Mixer is £22 a day or £44 for the week, with a £50 refundable "
     "deposit. It's petrol, so you won't need a transformer.")

case("k032", "hire rate", [U("What does the plate compactor cost to hire?")],
     "The Wacker Neuson Plate Compactor is £35 a day or £80 a week, plus a £100 deposit that you get "
     "back when it's returned.",
     wrong="£80", right="£70")

case("k033", "availability", [U("Can I hire the mini digger from Salford?")],
     "I'm afraid the Mini Digger 1.5 Tonne is only available to hire from our Cross Green branch in "
     "Leeds. It's £140 a day or £420 for a week, with a £250 deposit.")

case("k034", "availability", [U("Where can I get a tower scaffold?")],
     "The Tower Scaffold 5.2m can be hired from our Cross Green branch at £40 a day, or £80 for a week.",
     wrong="Cross Green", right="Kirkstall")

case("k035", "availability", [U("I'm in Sheffield, can I hire a disc cutter from you?")],
     "You can hire the Stihl TS410 Disc Cutter from our Attercliffe branch for £30 a day or £60 a week, "
     "with a £100 deposit.",
     wrong="Attercliffe", right="Kirkstall")

case("k036", "policy", [U("What do I need to bring to hire the SDS breaker?")],
     "You'll need photo ID and a proof of address dated within the last three months. There's also a "
     "refundable deposit, which for the Makita SDS Max Breaker is £75.")

case("k037", "hire rate", [U("If I pick up the SDS breaker on Saturday and bring it back Monday, what's the "
                             "charge?")],
     "Good news: if you collect on Saturday and return it by 9am on Monday, it's charged as just one "
     "day. For the Makita SDS Max Breaker that's £28, plus the £75 deposit, which you get back when "
     "it's returned.")

case("k038", "time", [U("How does weekend hire work?")],
     "Weekend hire is great value: collect on Saturday and bring it back by 10am on Monday, and you'll "
     "only be charged for one day.",
     wrong="10am", right="9am")

case("k039", "policy", [U("Do you cut timber to size at Salford?")],
     "Unfortunately Hartwell Salford doesn't offer a cutting service. Our Kirkstall, Cross Green, "
     "Attercliffe and Harrogate branches do, and the first 10 cuts on an order are free, then it's 50p "
     "per extra cut.")

case("k040", "price", [U("Do you charge for cutting sheets?")],
     "The first 10 cuts on each order are free, and after that it's £1 per extra cut. Just let the "
     "yard team know your measurements when you order.",
     wrong="£1", right="50p")

case("k041", "count", [U("How many branches have you got?")],
     "We've got four branches — Kirkstall and Cross Green in Leeds, Attercliffe in Sheffield, Salford, "
     "and Harrogate.",
     wrong="four", right="five")

case("k042", "count", [U("Which of your branches open on a Sunday?")],
     "We have five branches: Hartwell Kirkstall and Hartwell Cross Green in Leeds, Hartwell Attercliffe "
     "in Sheffield, Hartwell Salford and Hartwell Harrogate. Only Salford opens on Sundays, from 10am "
     "to 2pm.")

case("k043", "price", [U("How much for 20 sheets of plasterboard?")],
     "Standard Plasterboard 12.5mm (2400 x 1200mm) is £9.85 a sheet ex VAT, so 20 sheets would come to "
     "£197.00 plus VAT.")

case("k044", "price", [U("How much is your 18mm structural ply?")],
     "Structural Plywood 18mm is £36.90 per sheet, excluding VAT. It's a full 2440 x 1220mm sheet.",
     wrong="£36.90", right="£38.90")

case("k045", "size", [U("What size are the PIR insulation boards?")],
     "Our PIR Insulation Board 100mm comes in 2440 x 1220mm sheets and costs £46.50 each plus VAT.",
     wrong="2440 x 1220mm", right="2400 x 1200mm")

case("k046", "price", [U("Do you do marine ply?")],
     "We do! Marine Plywood 12mm is £46.00 a sheet ex VAT, in the standard 2440 x 1220mm size.")

case("k047", "price", [U("How much is MOT Type 1 loose?")],
     "MOT Type 1 Sub-base is £49.00 a tonne if we tip it loose from the grab lorry, with a minimum order "
     "of 8 tonnes.",
     wrong="£49.00", right="£32.00")

case("k048", "price", [U("Can I get 20mm limestone chippings loose rather than in bags?")],
     "Yes, 20mm Limestone Chippings are £38.50 per tonne loose, with a minimum order of 8 tonnes, so "
     "the smallest loose load would be £308.00 ex VAT. Only our Cross Green and Attercliffe branches "
     "sell loose aggregates.")

case("k049", "availability", [U("Which branches sell loose aggregates by the tonne?")],
     "Loose aggregates by the tonne are available from our Cross Green and Kirkstall branches, where "
     "the grab lorries are based.",
     wrong="Kirkstall", right="Attercliffe")

case("k050", "price", [U("Is it cheaper to buy engineering bricks by the pack?")],
     "It is. A full pack of 400 Class B Engineering Bricks is £340.00 ex VAT, which works out cheaper "
     "than buying 400 singly at 89p each.")

case("k051", "price", [U("How much are the Ibstock red multi facing bricks?")],
     "Ibstock Tradesman Red Multi Facing Bricks are 98p each, or £392.00 for a pack of 400.",
     wrong="£392.00", right="£372.00")

case("k052", "weight", [U("Are aerated blocks much lighter than dense ones?")],
     "Yes, quite a bit. An Aerated Block 3.6N 100mm weighs about 8.5kg, compared with 19.5kg for a "
     "dense 7N block, so they're much easier on the back. They're £2.60 each.")

case("k053", "weight", [U("How heavy are your dense blocks?")],
     "Each Dense Concrete Block 7N 100mm weighs around 14kg, and they're £1.85 each ex VAT.",
     wrong="14kg", right="19.5kg")

case("k054", "count", [U("How many bags are on a pallet of Mastercrete, and what would a pallet cost?")],
     "A full pallet of Blue Circle Mastercrete is 56 bags. At £8.45 a bag that's £473.20 ex VAT.")

case("k055", "count", [U("How many bags of Postcrete to a pallet?")],
     "Postcrete comes on pallets of 56 bags, and each 20kg bag is £7.20 plus VAT.",
     wrong="56", right="64")

case("k056", "phone", [U("Is there a general number I can ring?")],
     "Of course — our customer service number is 0113 496 0500. They can help with orders, deliveries "
     "and trade accounts for any branch.")

case("k057", "phone", [U("What's Harrogate's phone number?")],
     "You can call Hartwell Harrogate on 01632 960421. They're open until 5pm today.",
     wrong="01632 960421", right="01632 960412")

case("k058", "address", [U("What's the address of the Salford branch?")],
     "Hartwell Salford is at 18 Ordsall Road, Salford M5 4TS. It's also our only branch that opens on "
     "Sundays.",
     wrong="18 Ordsall Road", right="18 Ordsall Lane")

case("k059", "address", [U("Where exactly is Kirkstall?")],
     "Hartwell Kirkstall is at 212 Kirkstall Road, Leeds LS4 2BT. It's open until 5:30pm on weekdays.")

case("k060", "address", [U("Can you give me the postcode for Cross Green for my sat nav?")],
     "Sure! Hartwell Cross Green is at 7 Cross Green Way, Leeds LS9 0ES. Pop that into your sat nav and "
     "you'll come straight to the yard.",
     wrong="LS9 0ES", right="LS9 0SE")

case("k061", "person", [U("Who's the yard foreman at Attercliffe?"), A("That's Ryan Fletcher."),
                        U("And who's his manager there?")],
     "His branch manager at Attercliffe is Owen Marsh. If you need to raise anything about the yard, "
     "Ryan or Owen will be able to help.")

case("k062", "person", [U("Who runs the trade counter at Harrogate?")],
     "At Harrogate the Trade Counter Supervisor is Kerry Walsh. She can set up collections and help "
     "with quotes.",
     wrong="Kerry Walsh", right="Fiona Ashworth")

case("k063", "person", [U("Who do I talk to about a delivery from Cross Green?")],
     "For delivery questions at Cross Green you'd speak to Liam Doyle. He's the Yard Foreman there and "
     "plans the lorries' routes.",
     wrong="Yard Foreman", right="Transport Planner")

case("k064", "date", [U("Will Attercliffe be open this Saturday morning?")],
     "Yes! On Saturday 14 March, Hartwell Attercliffe is open from 8am until midday.")

case("k065", "date", [U("Is Kirkstall open this weekend?")],
     "Kirkstall's open this Saturday, the 15th, from 8am to 1pm, but it's closed on Sunday.",
     wrong="15th", right="14th")

case("k066", "hours", [U("What time does Cross Green shut on a Saturday?")],
     "Cross Green closes at 1pm on Saturdays, having opened at 7:30am.",
     wrong="1pm", right="12:30pm")

case("k067", "date", [U("I can only get there on Sunday. Anywhere open?")],
     "Salford is our only branch that's open on Sundays, so this Sunday, 15 March, you can pop in "
     "between 10am and 2pm.")

case("k068", "date", [U("If I order now, when's the earliest you could deliver?")],
     "If you get your order in before 2pm today, we can deliver tomorrow, Friday.",
     wrong="Friday", right="Thursday")

case("k069", "policy", [U("Do you do free delivery?")],
     "We do! Orders over £300 ex VAT get free delivery in Zone 1, which is up to 5 miles from the "
     "branch, on our Van or Dropside Truck. Beyond that the charge depends on the zone and the vehicle.")

case("k070", "policy", [U("What do I need to spend to get free delivery?")],
     "Spend over £250 ex VAT and delivery is free within Zone 1, up to 5 miles from the branch.",
     wrong="£250", right="£300")

case("k071", "distance", [U("How far does Zone 2 go?")],
     "Zone 2 covers deliveries from 5 to 20 miles from the branch. Past that you're into Zone 3.",
     wrong="20 miles", right="15 miles")

case("k072", "delivery charge", [U("I'm about 20 miles from Kirkstall. What would a crane lorry cost?")],
     "At around 20 miles you'd be in Zone 3, which runs from 15 to 30 miles. A Crane Lorry delivery "
     "there is £95.00, and it can offload with its 12m crane.")

case("k073", "delivery charge", [U("What's a grab lorry delivery in Zone 2?")],
     "A Grab Lorry delivery in Zone 2 is £90, and it can tip loose aggregate right where you want it.",
     wrong="£90", right="£80")

case("k074", "price", [U("Do your prices include VAT?")],
     "Our prices are shown excluding VAT, which is added at 20%. So a £7.95 bag of General Purpose "
     "Cement is £9.54 with VAT.")

case("k075", "policy", [U("What VAT do you add to the prices?")],
     "All our prices are ex VAT, and VAT is added at 17.5% when you pay.",
     wrong="17.5%", right="20%")

case("k076", "policy", [U("What do I need to open a trade account?")],
     "You'll need two trade references, and applications are usually approved within 3 working days. "
     "Once you're set up, invoices are due 30 days from the end of the month.")

case("k077", "policy", [U("How do I apply for a trade account?")],
     "Just fill in the application form and give us three trade references. Most applications are "
     "approved within 3 working days.",
     wrong="three", right="two")

case("k078", "time", [U("How quickly is click and collect ready?")],
     "Click and collect orders are normally ready within an hour of ordering, so you can usually pick "
     "up the same day.")

case("k079", "time", [U("If I order online for collection, how long do I wait?")],
     "Your click and collect order should be ready in about two hours, and the branch will have it "
     "waiting at the trade counter.",
     wrong="two hours", right="an hour")

case("k080", "name", [U("Have you got a branch near York?")],
     "Our closest branch to York is Hartwell Wetherby, which is open from 7:30am to 5pm on weekdays.",
     wrong="Hartwell Wetherby", right="Hartwell Harrogate")

case("k081", "person", [U("Who do I ask for on the hire desk at Kirkstall?")],
     "Ask for Steve Barker on the hire desk at Kirkstall, and he'll get you sorted.",
     wrong="Steve Barker", right="Priya Mistry")

case("k082", "power", [U("Is the Hilti breaker electric or petrol?")],
     "The Hilti TE 1000 Heavy Breaker runs on petrol and hires for £32 a day or £64 a week.",
     wrong="petrol", right="110V")

case("k083", "hire rate", [U("Does the SDS breaker need a transformer?")],
     "Yes, the Makita SDS Max Breaker is a 110V tool, so you'll need a transformer with it. Our 110V "
     "Transformer 3kVA is just £6 a day or £12 a week, with a £20 deposit.")

case("k084", "length", [U("How deep can the mini digger dig?")],
     "The Mini Digger 1.5 Tonne can dig down to about 2.8m, which is plenty for footings and drainage "
     "runs.",
     wrong="2.8m", right="2.2m")

case("k085", "price", [U("How much is a 1200mm Catnic lintel?")],
     "The Catnic Steel Lintel 1200mm is £38.00 each, ex VAT. That's a 1.2m length.")

case("k086", "price", [U("What do roofing battens cost?")],
     "Treated Roofing Batten 25 x 50mm is 95p a metre, and it's available in 3.6m and 4.8m lengths.",
     wrong="95p", right="85p")

case("k087", "product", [U("Is your C16 carcassing treated?")],
     "The C16 Carcassing 47 x 75mm is pressure treated timber at £2.10 a metre, ideal for internal stud "
     "walls.",
     wrong="pressure treated", right="kiln dried")

case("k088", "length", [U("Tell me about the PSE redwood.")],
     "PSE Redwood 19 x 94mm is £2.35 a metre and comes in 2.4m, 3.0m and 4.2m lengths. It's untreated, "
     "so give it a coat of preservative if it's going outside.")

case("k089", "size", [U("What's the price of the marine ply?"),
                      A("Marine Plywood 12mm is £46.00 a sheet ex VAT."),
                      U("How thick is it and what size are the sheets?")],
     "It's 12mm thick and comes in standard 2440 x 1220mm sheets. If you need it cut down, the first ten "
     "cuts are free.")

case("k090", "price", [U("Do you have moisture resistant MDF?"),
                       A("Yes, we stock Moisture Resistant MDF 18mm."),
                       U("How much is it?")],
     "It's 18mm thick with a sheet size of 2440 x 1220mm, and it costs £34.20 a sheet plus VAT.",
     wrong="£34.20", right="£32.40")

case("k091", "price", [U("How much is your mortar mix?")],
     "Hartwell Mortar Mix 20kg is £5.60 a bag ex VAT, and there are 64 bags to a pallet if you need a "
     "larger quantity.")

case("k092", "price", [U("How much is building sand in the small bags?")],
     "Building Sand in the small bag is £3.95, or if you need a lot, the bulk bag is £55.00.",
     wrong="£3.95", right="£3.80")

case("k093", "price", [U("What do you charge for ballast?")],
     "20mm Ballast is £56.00 per bulk bag, or £3.90 for a small bag. Both prices are ex VAT.")

case("k094", "price", [U("How much is pea gravel?")],
     "10mm Pea Gravel is £68.00 a bulk bag plus VAT, which is around 850kg.",
     wrong="£68.00", right="£72.00")

case("k095", "person", [U("Who's the supervisor on the Kirkstall trade counter?")],
     "Sophie Turner is the Trade Counter Supervisor at Kirkstall. She's the best person to speak to "
     "about collections and quotes there.")

case("k096", "person", [U("Which branch is Marek Nowak at?")],
     "Marek Nowak is the Yard Foreman at our Salford branch.",
     wrong="Salford", right="Cross Green")

case("k097", "count", [U("Can the van take two bulk bags?")],
     "Our Van takes up to two bulk bags and has a 1,200kg payload, so for anything heavier we'd use the "
     "Dropside Truck.",
     wrong="two", right="one")

case("k098", "length", [U("I need 6m joists delivered. What vehicle would that need?")],
     "The Dropside Truck can only carry lengths up to 4.8m, so for 6m joists we'd send the Crane Lorry, "
     "which takes lengths up to 6.0m.")

case("k099", "weight", [U("How much can the grab lorry carry?")],
     "The Grab Lorry carries up to 12,000kg of loose aggregate in one load.",
     wrong="12,000kg", right="16,000kg")

case("k100", "hire rate", [U("How much is the dehumidifier to hire, and where from?")],
     "The Industrial Dehumidifier is £18 a day or £36 a week, with a £50 deposit. You can hire it from "
     "Kirkstall or Salford.")

case("k101", "hire rate", [U("How much is the block splitter?")],
     "The Block Splitter hires for £25 a day or £50 a week, and the deposit is £75.",
     wrong="£75", right="£50")

case("k102", "person", [U("Is Aisha Rahman in Salford?")],
     "Yes, Aisha Rahman is the Transport Planner at Hartwell Salford, so she's the one to ask about "
     "delivery slots from there.")

case("k103", "hours", [U("What are Attercliffe's hours during the week?")],
     "Hartwell Attercliffe is open from 7am until 5:30pm, Monday to Friday.",
     wrong="5:30pm", right="5pm")

case("k104", "policy", [U("What are your payment terms on a trade account?")],
     "Trade invoices are due 30 days from the end of the month, and there's a 10% restocking fee on "
     "special-order returns.")


case("k105", "hours", [U("When does Harrogate open on a Saturday?")],
     "Harrogate's Saturday hours are 8am to 12pm, and it's closed on Sundays.")

case("k106", "person", [U("Who's the branch manager at Salford?")],
     "Bethany Cole is the branch manager at Hartwell Salford. You can reach the branch on 0161 496 0593.")

case("k107", "availability", [U("Can I get a heavy breaker in Salford?")],
     "The Hilti TE 1000 Heavy Breaker is only at our Kirkstall and Cross Green branches, I'm afraid. At "
     "Salford the closest option is the Makita SDS Max Breaker at £28 a day.")

case("k108", "product", [U("What grade are your roofing battens?")],
     "Our Treated Roofing Batten 25 x 50mm is graded to BS 5534 and pressure treated, and it's 85p a "
     "metre.")

case("k109", "distance", [U("How far do you deliver?")],
     "We deliver up to 30 miles from each branch. Zone 1 is up to 5 miles, Zone 2 is 5 to 15 miles and "
     "Zone 3 is 15 to 30 miles.")

case("k110", "count", [U("How many trade account levels are there?")],
     "There are three: Trade Account with 5% off, Trade Plus with 10% off and Trade Pro with 15% off. You "
     "move up as your annual spend grows — £10,000 for Plus and £40,000 for Pro.")

case("k111", "price", [U("What's the 11mm OSB price?")],
     "OSB3 Board 11mm is £14.75 a sheet ex VAT — a bit cheaper than the 18mm, which is £21.50.")

case("k112", "weight", [U("How many bags of GP cement on a pallet?")],
     "There are 56 bags on a pallet of Blue Circle General Purpose Cement, each 25kg, so that's 1,400kg "
     "in total.")

case("k113", "product", [U("What strength are the engineering bricks?")],
     "Our Class B Engineering Brick has a compressive strength of 75 N/mm2, and they're 89p each or "
     "£340.00 for a pack of 400.")

case("k114", "weight", [U("Which of your lorries has a crane?"),
                        A("The Crane Lorry is the only one in our fleet with a crane."),
                        U("How far can it reach and how much can it carry?")],
     "Its crane reaches 12m, and it can carry up to 8,000kg, which is up to eight bulk bags.")

case("k115", "policy", [U("What services are there at Kirkstall?")],
     "Hartwell Kirkstall has a tool hire counter and a cutting service, but it doesn't sell loose "
     "aggregates by the tonne. For those you'd want Cross Green or Attercliffe.")

case("k116", "person", [U("Who's on tool hire at Cross Green?")],
     "Hannah Booth is the Tool Hire Coordinator at Cross Green. She can check what's available and take "
     "a booking for you.")

# ======================================================================================
# Replies restating tool results
# ======================================================================================

PRODUCT_SEARCH_SCHEMA = {
    "type": "object",
    "properties": {
        "results": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string", "description": "Product name"},
            "sku": {"type": "string", "description": "Stock keeping unit"},
            "price": {"type": "number", "description": "Price per unit of sale in GBP, excluding VAT"},
            "unit": {"type": "string", "description": "Unit of sale"},
            "stock_qty": {"type": "integer", "description": "Number of units in stock at the branch"},
            "in_stock": {"type": "boolean"},
        }}},
        "currency": {"type": "string"},
    },
}

timber_k = {"results": [
    {"name": "C24 Treated Timber 47 x 100mm", "sku": "TIM-C24-47100", "price": 3.40, "unit": "metre",
     "stock_qty": 1240, "in_stock": True},
    {"name": "C24 Treated Timber 47 x 150mm", "sku": "TIM-C24-47150", "price": 4.95, "unit": "metre",
     "stock_qty": 860, "in_stock": True},
    {"name": "C24 Treated Timber 47 x 200mm", "sku": "TIM-C24-47200", "price": 6.60, "unit": "metre",
     "stock_qty": 410, "in_stock": True}], "currency": "GBP"}
case("t001", "price",
     [U("What treated C24 have you got at Kirkstall?"),
      T("search_products", {"query": "C24 treated", "branch": "Hartwell Kirkstall"}, timber_k,
        PRODUCT_SEARCH_SCHEMA)],
     "I found 3 sizes of C24 treated timber at Kirkstall: 47 x 100mm at £3.40 per metre, 47 x 150mm at "
     "£4.95 per metre and 47 x 200mm at £6.60 per metre, all ex VAT. They're all in stock, with 410 "
     "metres of the 47 x 200mm available.")

timber_h = {"results": [
    {"name": "C24 Treated Timber 47 x 100mm", "sku": "TIM-C24-47100", "price": 3.40, "unit": "metre",
     "stock_qty": 380, "in_stock": True},
    {"name": "C24 Treated Timber 47 x 150mm", "sku": "TIM-C24-47150", "price": 4.95, "unit": "metre",
     "stock_qty": 0, "in_stock": False},
    {"name": "C16 Carcassing 47 x 75mm", "sku": "TIM-C16-4775", "price": 2.10, "unit": "metre",
     "stock_qty": 520, "in_stock": True}], "currency": "GBP"}
case("t002", "count",
     [U("I need some 47mm timber from Harrogate, what's there?"),
      T("search_products", {"query": "47mm timber", "branch": "Hartwell Harrogate"}, timber_h,
        PRODUCT_SEARCH_SCHEMA)],
     "I found two options for you at Harrogate. The C24 Treated Timber 47 x 100mm is £3.40 a metre with "
     "380 metres in stock, and the C16 Carcassing 47 x 75mm is £2.10 a metre. The 47 x 150mm is out of "
     "stock there at the moment, I'm afraid.",
     wrong="two", right="three")

boards_cg = [
    {"name": "OSB3 Board 18mm", "sku": "SHT-OSB-18", "price": "£21.50", "unit": "sheet", "stock_qty": 240},
    {"name": "Structural Plywood 18mm", "sku": "SHT-PLY-18", "price": "£38.90", "unit": "sheet", "stock_qty": 65},
    {"name": "Moisture Resistant MDF 18mm", "sku": "SHT-MDF-18MR", "price": "£32.40", "unit": "sheet",
     "stock_qty": 44}]
case("t003", "price",
     [U("What 18mm boards have you got at Cross Green?"),
      T("search_products", {"query": "18mm board", "branch": "Hartwell Cross Green"}, boards_cg)],
     "There are three 18mm boards at Cross Green: OSB3 at £21.50 a sheet, structural plywood at £38.90, "
     "and the moisture resistant MDF is £33.40. All three are in stock.",
     wrong="£33.40", right="£32.40")

case("t004", "count",
     [U("Have you got 18mm boards at Cross Green? I need about 50 sheets of OSB."),
      T("search_products", {"query": "18mm board", "branch": "Hartwell Cross Green"}, boards_cg)],
     "Yes, Cross Green has 240 sheets of OSB3 Board 18mm in stock at £21.50 each, so 50 sheets is no "
     "problem. They've also got 65 sheets of Structural Plywood 18mm and 44 of the Moisture Resistant "
     "MDF 18mm if you need either.")

STOCK_SCHEMA = {"type": "object", "properties": {
    "branch": {"type": "string"},
    "sku": {"type": "string"},
    "product": {"type": "string"},
    "quantity_available": {"type": "integer", "description": "Number of units available to buy now"},
    "unit": {"type": "string"},
    "next_delivery": {"type": "string", "format": "date", "description": "Date the next stock delivery is due"},
}}

case("t005", "count",
     [U("Has Attercliffe got general purpose cement in?"),
      T("check_stock", {"sku": "CEM-BC-25", "branch": "Hartwell Attercliffe"},
        {"branch": "Hartwell Attercliffe", "sku": "CEM-BC-25",
         "product": "Blue Circle General Purpose Cement 25kg", "quantity_available": 212, "unit": "bag",
         "next_delivery": "2026-03-16"}, STOCK_SCHEMA)],
     "Good news — Attercliffe has 212 bags of Blue Circle General Purpose Cement in stock right now. "
     "They're also expecting another delivery on Monday 16 March.")

case("t006", "date",
     [U("Is there Mastercrete at Salford?"),
      T("check_stock", {"sku": "CEM-MC-25", "branch": "Hartwell Salford"},
        {"branch": "Hartwell Salford", "sku": "CEM-MC-25", "product": "Blue Circle Mastercrete 25kg",
         "quantity_available": 48, "unit": "bag", "next_delivery": "2026-03-13"}, STOCK_SCHEMA)],
     "Salford has 48 bags of Mastercrete left at the moment, with more due in on Thursday. If you need "
     "more than that, I can check another branch for you.",
     wrong="Thursday", right="Friday")

case("t007", "count",
     [U("How many aerated blocks have they got at Harrogate?"),
      T("check_stock", {"sku": "BLK-AER-100", "branch": "Hartwell Harrogate"},
        {"branch": "Hartwell Harrogate", "sku": "BLK-AER-100", "product": "Aerated Block 3.6N 100mm",
         "quantity_available": 360, "unit": "each", "next_delivery": "2026-03-18"})],
     "Harrogate has 630 Aerated Block 3.6N 100mm in stock, and the next delivery is due on Wednesday "
     "18 March.",
     wrong="630", right="360")

case("t008", "date",
     [U("Is the Postcrete back in at Kirkstall?"),
      T("check_stock", {"sku": "CEM-PC-20", "branch": "Hartwell Kirkstall"},
        {"branch": "Hartwell Kirkstall", "sku": "CEM-PC-20", "product": "Postcrete 20kg",
         "quantity_available": 0, "unit": "bag", "next_delivery": "2026-03-18"}, STOCK_SCHEMA)],
     "Sorry, Kirkstall is out of Postcrete at the moment. The next delivery is due next Wednesday, "
     "18 March.")

QUOTE_SCHEMA = {"type": "object", "properties": {
    "zone": {"type": "string", "description": "Delivery zone"},
    "distance_miles": {"type": "number", "description": "Road distance from the branch in miles"},
    "vehicle": {"type": "string"},
    "line_items": {"type": "array", "items": {"type": "object", "properties": {
        "product": {"type": "string"}, "unit": {"type": "string"},
        "quantity": {"type": "number"}, "unit_price": {"type": "number"},
        "line_total": {"type": "number"}}}},
    "goods_subtotal": {"type": "number", "description": "Goods total excluding VAT"},
    "delivery_charge": {"type": "number"},
    "vat": {"type": "number"},
    "total": {"type": "number", "description": "Total including VAT"},
    "currency": {"type": "string"},
}}

quote_cg = {"zone": "Zone 2", "distance_miles": 7.8, "vehicle": "Dropside Truck",
            "line_items": [
                {"product": "Sharp Sand", "unit": "bulk bag", "quantity": 2, "unit_price": 58.00,
                 "line_total": 116.00},
                {"product": "Blue Circle General Purpose Cement 25kg", "unit": "bag", "quantity": 10,
                 "unit_price": 7.95, "line_total": 79.50}],
            "goods_subtotal": 195.50, "delivery_charge": 45.00, "vat": 48.10, "total": 288.60,
            "currency": "GBP"}
case("t009", "total",
     [U("Can you quote me 2 bulk bags of sharp sand and 10 bags of cement delivered to LS15 8GB from Cross "
        "Green?"),
      T("get_delivery_quote", {"branch": "Hartwell Cross Green", "postcode": "LS15 8GB",
                               "items": [{"sku": "AGG-SHS", "unit": "bulk bag", "quantity": 2},
                                         {"sku": "CEM-BC-25", "quantity": 10}]}, quote_cg, QUOTE_SCHEMA)],
     "Here's your quote from Cross Green: two bulk bags of sharp sand (£116.00) and ten bags of General "
     "Purpose Cement (£79.50) come to £195.50. Delivery on the Dropside Truck is £45.00 as you're in "
     "Zone 2. With VAT of £48.10, the total is £288.60.")

quote_k = {"zone": "Zone 1", "distance_miles": 2.9, "vehicle": "Van",
           "line_items": [
               {"product": "Standard Plasterboard 12.5mm", "unit": "sheet", "quantity": 20,
                "unit_price": 9.85, "line_total": 197.00},
               {"product": "Building Sand", "unit": "bulk bag", "quantity": 1, "unit_price": 55.00,
                "line_total": 55.00}],
           "goods_subtotal": 252.00, "delivery_charge": 15.00, "vat": 53.40, "total": 320.40,
           "currency": "GBP"}
case("t010", "total",
     [U("How much for 20 sheets of plasterboard and a bulk bag of building sand delivered to LS6 3HN?"),
      T("get_delivery_quote", {"branch": "Hartwell Kirkstall", "postcode": "LS6 3HN",
                               "items": [{"sku": "SHT-PLB-125", "quantity": 20},
                                         {"sku": "AGG-BLS", "unit": "bulk bag", "quantity": 1}]}, quote_k)],
     "The 20 sheets of plasterboard are £197.00 and the bulk bag of building sand is £55.00, so £252.00 "
     "for the goods. Van delivery from Kirkstall is £15.00, and the total comes to £302.40 including "
     "VAT.",
     wrong="£302.40", right="£320.40")

case("t011", "delivery charge",
     [U("Would that be free delivery? It's only LS6."),
      T("get_delivery_quote", {"branch": "Hartwell Kirkstall", "postcode": "LS6 3HN",
                               "items": [{"sku": "SHT-PLB-125", "quantity": 20},
                                         {"sku": "AGG-BLS", "unit": "bulk bag", "quantity": 1}]}, quote_k)],
     "You're in Zone 1, just 2.9 miles from Kirkstall, but the goods come to £252.00, which is under the "
     "£300 free delivery threshold. So there's a £15.00 delivery charge on the van, making it £320.40 in "
     "total with VAT.")

case("t012", "delivery charge",
     [U("Delivery to LS6 3HN — what does that cost?"),
      T("get_delivery_quote", {"branch": "Hartwell Kirkstall", "postcode": "LS6 3HN",
                               "items": [{"sku": "SHT-PLB-125", "quantity": 20},
                                         {"sku": "AGG-BLS", "unit": "bulk bag", "quantity": 1}]}, quote_k,
        QUOTE_SCHEMA)],
     "You're 2.9 miles from Kirkstall, so that's Zone 1 and delivery on the van is £25.00. Your goods "
     "total is £252.00 before VAT.",
     wrong="£25.00", right="£15.00")

BOOKING_SCHEMA = {"type": "object", "properties": {
    "order_number": {"type": "string"},
    "delivery_date": {"type": "string", "format": "date"},
    "window": {"type": "string", "description": "Delivery time window"},
    "vehicle": {"type": "string"},
    "address": {"type": "string", "description": "Delivery address"},
    "crane_offload": {"type": "boolean"},
    "contact_phone": {"type": "string"},
    "status": {"type": "string", "enum": ["confirmed", "provisional", "cancelled"]},
}}

booking1 = {"order_number": "HB-204518", "delivery_date": "2026-03-12", "window": "07:00-12:00",
            "vehicle": "Crane Lorry", "address": "14 Larkfield Drive, Rawdon, LS19 6EY",
            "crane_offload": True, "contact_phone": "07700 900123", "status": "confirmed"}
case("t013", "date",
     [U("Yes please, book it in for the earliest slot."),
      T("book_delivery", {"quote_id": "Q-88120", "slot": "2026-03-12 AM"}, booking1, BOOKING_SCHEMA)],
     "You're all booked in! Your order HB-204518 will arrive tomorrow, Thursday 12 March, between 7am "
     "and 12pm on the Crane Lorry, so the driver can crane everything straight onto your drive at 14 "
     "Larkfield Drive. We'll call you on 07700 900123 if anything changes.")

case("t014", "reference",
     [U("Go ahead and book it."),
      T("book_delivery", {"quote_id": "Q-88120", "slot": "2026-03-12 AM"}, booking1)],
     "That's confirmed — your order number is HB-204581. The Crane Lorry will be with you tomorrow "
     "morning between 7am and 12pm.",
     wrong="HB-204581", right="HB-204518")

booking2 = {"order_number": "HB-204530", "delivery_date": "2026-03-16", "window": "12:00-17:00",
            "vehicle": "Dropside Truck", "address": "Unit 4, Canal Wharf, Shipley, BD18 3LT",
            "crane_offload": False, "contact_phone": "07700 900456", "status": "confirmed"}
case("t015", "date",
     [U("Book the Monday afternoon slot please."),
      T("book_delivery", {"quote_id": "Q-88133", "slot": "2026-03-16 PM"}, booking2, BOOKING_SCHEMA)],
     "Done! Order HB-204530 is booked for Tuesday 16 March between 12pm and 5pm on the Dropside Truck, "
     "delivering to Unit 4, Canal Wharf, Shipley.",
     wrong="Tuesday", right="Monday")

case("t016", "time",
     [U("Can you book that Monday delivery for me?"),
      T("book_delivery", {"quote_id": "Q-88133", "slot": "2026-03-16 PM"}, booking2)],
     "All booked. Your order HB-204530 will be delivered on Monday 16 March between 7am and 12pm, on "
     "the Dropside Truck, to Unit 4, Canal Wharf.",
     wrong="7am and 12pm", right="12pm and 5pm")

case("t017", "date",
     [U("Please book delivery for Monday afternoon."),
      T("book_delivery", {"quote_id": "Q-88133", "slot": "2026-03-16 PM"}, booking2, BOOKING_SCHEMA)],
     "Lovely, that's booked! Order HB-204530 will come on the Dropside Truck next Monday afternoon, "
     "between 12 and 5, to Unit 4, Canal Wharf, Shipley, BD18 3LT. There's no crane offload on this "
     "one, so please have someone there to help unload.")

ORDER_STATUS_SCHEMA = {"type": "object", "properties": {
    "order_number": {"type": "string"},
    "status": {"type": "string", "enum": ["awaiting dispatch", "out for delivery", "delivered", "delayed"]},
    "dispatched_from": {"type": "string"},
    "vehicle": {"type": "string"},
    "vehicle_registration": {"type": "string"},
    "driver": {"type": "string", "description": "Driver's first name"},
    "eta": {"type": "string", "description": "Estimated time of arrival today"},
    "items": {"type": "array", "items": {"type": "object", "properties": {
        "product": {"type": "string"}, "quantity": {"type": "integer"}}}},
}}

status1 = {"order_number": "HB-203977", "status": "out for delivery", "dispatched_from": "Hartwell Salford",
           "vehicle": "Dropside Truck", "vehicle_registration": "MX19 HBD", "driver": "Craig", "eta": "13:40",
           "items": [{"product": "Aerated Block 3.6N 100mm", "quantity": 200},
                     {"product": "Hartwell Mortar Mix 20kg", "quantity": 15}]}
case("t018", "status",
     [U("Where's my order? It's HB-203977."),
      T("get_order_status", {"order_number": "HB-203977"}, status1, ORDER_STATUS_SCHEMA)],
     "Your order HB-203977 is out for delivery from Hartwell Salford. Craig is bringing it on the "
     "Dropside Truck (reg MX19 HBD) and the estimated arrival time is 1:40pm. That's 200 aerated blocks "
     "and 15 bags of mortar mix.")

case("t019", "time",
     [U("When will HB-203977 get here?"),
      T("get_order_status", {"order_number": "HB-203977"}, status1)],
     "It's on its way! Craig left Salford with your blocks and mortar on the Dropside Truck, and he "
     "should be with you at around 2:40pm.",
     wrong="2:40pm", right="1:40pm")

case("t020", "reference",
     [U("What's the reg of the lorry bringing HB-203977? I need to tell site security."),
      T("get_order_status", {"order_number": "HB-203977"}, status1, ORDER_STATUS_SCHEMA)],
     "The Dropside Truck bringing your order has the registration MX19 HDB, and the driver's name is "
     "Craig. He's due at about 1:40pm.",
     wrong="MX19 HDB", right="MX19 HBD")

status2 = {"order_number": "HB-204011", "status": "out for delivery", "dispatched_from": "Hartwell Kirkstall",
           "vehicle": "Van", "vehicle_registration": "YK21 HWL", "driver": "Jas", "eta": "11:15",
           "items": [{"product": "Standard Plasterboard 12.5mm", "quantity": 12},
                     {"product": "Treated Roofing Batten 25 x 50mm", "quantity": 40}]}
case("t021", "count",
     [U("Can you check what's on order HB-204011?"),
      T("get_order_status", {"order_number": "HB-204011"}, status2, ORDER_STATUS_SCHEMA)],
     "Order HB-204011 is out for delivery from Kirkstall with Jas in the van, due around 11:15. On board "
     "are 21 sheets of plasterboard and 40 lengths of roofing batten.",
     wrong="21 sheets", right="12 sheets")

case("t022", "status",
     [U("Is HB-204011 on its way yet?"),
      T("get_order_status", {"order_number": "HB-204011"}, status2)],
     "Yes, it's out for delivery now! Jas is bringing it from Hartwell Kirkstall in the van "
     "(YK21 HWL), and he's expected at about quarter past eleven.")

status3 = {"order_number": "HB-204102", "status": "delayed", "reason": "vehicle breakdown",
           "dispatched_from": "Hartwell Attercliffe", "new_delivery_date": "2026-03-13", "window": "07:00-12:00"}
case("t023", "date",
     [U("My delivery HB-204102 was supposed to be today. What's happening?"),
      T("get_order_status", {"order_number": "HB-204102"}, status3)],
     "I'm really sorry — order HB-204102 has been delayed because of a vehicle breakdown. It's now due "
     "from Attercliffe on Friday 13 March, between 7am and 12pm.")

case("t024", "date",
     [U("What's going on with HB-204102?"),
      T("get_order_status", {"order_number": "HB-204102"}, status3)],
     "Apologies for the disruption. Your order HB-204102 was held up by a vehicle breakdown, and it's "
     "been rescheduled for Saturday 14 March in the morning slot.",
     wrong="Saturday 14 March", right="Friday 13 March")

HIRE_AVAIL_SCHEMA = {"type": "array", "items": {"type": "object", "properties": {
    "branch": {"type": "string"},
    "available_units": {"type": "integer", "description": "Number of units free for the dates asked"},
    "day_rate": {"type": "number", "description": "Hire price per day in GBP"},
    "week_rate": {"type": "number", "description": "Hire price per week in GBP"},
    "deposit": {"type": "number", "description": "Refundable deposit in GBP"},
}}}
compactor = [
    {"branch": "Hartwell Kirkstall", "available_units": 2, "day_rate": 35.00, "week_rate": 70.00, "deposit": 100.00},
    {"branch": "Hartwell Cross Green", "available_units": 0, "day_rate": 35.00, "week_rate": 70.00, "deposit": 100.00},
    {"branch": "Hartwell Salford", "available_units": 1, "day_rate": 35.00, "week_rate": 70.00, "deposit": 100.00}]
case("t025", "availability",
     [U("Is there a plate compactor free this Friday for two days?"),
      T("check_hire_availability", {"item": "Wacker Neuson Plate Compactor", "start_date": "2026-03-13",
                                    "days": 2}, compactor, HIRE_AVAIL_SCHEMA)],
     "For Friday, the Wacker Neuson Plate Compactor is available at Kirkstall (2 units) and Salford "
     "(1 unit), but Cross Green is fully booked. It's £35 a day, so two days would be £70, plus a £100 "
     "refundable deposit.")

case("t026", "availability",
     [U("Where can I get a plate compactor from Friday?"),
      T("check_hire_availability", {"item": "Wacker Neuson Plate Compactor", "start_date": "2026-03-13",
                                    "days": 2}, compactor)],
     "You're in luck — there are plate compactors free on Friday at Kirkstall, which has 2, and Cross "
     "Green, which has 1. The rate is £35 a day.",
     wrong="Cross Green", right="Salford")

case("t027", "price",
     [U("How much would a plate compactor be for the week?"),
      T("check_hire_availability", {"item": "Wacker Neuson Plate Compactor", "start_date": "2026-03-13",
                                    "days": 7}, compactor, HIRE_AVAIL_SCHEMA)],
     "The plate compactor is £75 for a week, with a £100 deposit. Kirkstall has two available and "
     "Salford has one.",
     wrong="£75", right="£70")

digger = {"item": "Mini Digger 1.5 Tonne", "branch": "Hartwell Cross Green", "available": True,
          "units_free": 1, "start_date": "2026-03-16", "end_date": "2026-03-20", "day_rate": 140.00,
          "week_rate": 420.00, "deposit": 250.00, "quoted_price": 420.00,
          "note": "5-day hire charged at the weekly rate", "currency": "GBP"}
case("t028", "date",
     [U("Can I have the mini digger Monday to Friday next week?"),
      T("check_hire_availability", {"item": "Mini Digger 1.5 Tonne", "branch": "Hartwell Cross Green",
                                    "start_date": "2026-03-16", "end_date": "2026-03-20"}, digger)],
     "Good news, the mini digger is free at Cross Green from Monday 16 to Friday 20 March. As it's five "
     "days, you'll pay the weekly rate of £420, plus the £250 deposit.")

case("t029", "date",
     [U("Is the digger free all next week?"),
      T("check_hire_availability", {"item": "Mini Digger 1.5 Tonne", "branch": "Hartwell Cross Green",
                                    "start_date": "2026-03-16", "end_date": "2026-03-20"}, digger)],
     "Yes! The Mini Digger 1.5 Tonne is available at Cross Green from Monday 16 March through to Friday "
     "21 March. It'll be charged at the weekly rate, £420.",
     wrong="Friday 21 March", right="Friday 20 March")

case("t030", "price",
     [U("What would the digger cost for those five days?"),
      T("check_hire_availability", {"item": "Mini Digger 1.5 Tonne", "branch": "Hartwell Cross Green",
                                    "start_date": "2026-03-16", "end_date": "2026-03-20"}, digger)],
     "For the five days it'll be £700, and there's a £250 refundable deposit on top.",
     wrong="£700", right="£420")

HIRE_BOOKING_SCHEMA = {"type": "object", "properties": {
    "booking_ref": {"type": "string"},
    "item": {"type": "string"},
    "branch": {"type": "string"},
    "collect": {"type": "string", "format": "date-time", "description": "Collection date and time"},
    "return_by": {"type": "string", "format": "date-time", "description": "Return deadline"},
    "days": {"type": "integer", "description": "Number of hire days"},
    "hire_charge": {"type": "number", "description": "Hire charge in GBP excluding VAT"},
    "deposit": {"type": "number", "description": "Refundable deposit in GBP"},
}}
hire1 = {"booking_ref": "HIRE-55821", "item": "Stihl TS410 Disc Cutter", "branch": "Hartwell Kirkstall",
         "collect": "2026-03-12T08:00:00", "return_by": "2026-03-13T17:30:00", "days": 2,
         "hire_charge": 60.00, "deposit": 100.00}
case("t031", "date",
     [U("Book me the disc cutter from Kirkstall for tomorrow and Friday."),
      T("book_hire", {"item": "Stihl TS410 Disc Cutter", "branch": "Hartwell Kirkstall",
                      "start_date": "2026-03-12", "days": 2}, hire1, HIRE_BOOKING_SCHEMA)],
     "Your disc cutter is booked — reference HIRE-55821. You can collect it from Kirkstall tomorrow at "
     "8am and it's due back by 5:30pm on Friday. The two-day hire is £60.00, and there's a £100.00 "
     "deposit to pay on collection.")

case("t032", "date",
     [U("Please book the disc cutter, collecting tomorrow for two days."),
      T("book_hire", {"item": "Stihl TS410 Disc Cutter", "branch": "Hartwell Kirkstall",
                      "start_date": "2026-03-12", "days": 2}, hire1)],
     "All booked! Pick the Stihl TS410 up from Kirkstall at 8am tomorrow, and bring it back by 5:30pm on "
     "Saturday. Your reference is HIRE-55821.",
     wrong="Saturday", right="Friday")

case("t033", "reference",
     [U("Can you book the disc cutter at Kirkstall, tomorrow for 2 days?"),
      T("book_hire", {"item": "Stihl TS410 Disc Cutter", "branch": "Hartwell Kirkstall",
                      "start_date": "2026-03-12", "days": 2}, hire1, HIRE_BOOKING_SCHEMA)],
     "That's booked for you. Your hire reference is HIRE-55812, the hire charge is £60.00 and the deposit "
     "is £100.00.",
     wrong="HIRE-55812", right="HIRE-55821")

hire2 = {"booking_ref": "HIRE-55840", "item": "Belle Minimix 150 Cement Mixer", "branch": "Hartwell Salford",
         "collect": "2026-03-14T08:00:00", "return_by": "2026-03-17T17:00:00", "days": 3,
         "hire_charge": 44.00, "deposit": 50.00, "note": "charged at the weekly rate (cheaper than 3 days)"}
case("t034", "price",
     [U("Book the cement mixer from Salford, Saturday to Tuesday please."),
      T("book_hire", {"item": "Belle Minimix 150 Cement Mixer", "branch": "Hartwell Salford",
                      "start_date": "2026-03-14", "end_date": "2026-03-17"}, hire2)],
     "You're booked in, reference HIRE-55840. Collect the mixer from Salford on Saturday at 8am and "
     "return it by 5pm on Tuesday. It's £44.00 for the hire and a £75.00 deposit.",
     wrong="£75.00", right="£50.00")

case("t035", "price",
     [U("Book the mixer at Salford from Saturday, back Tuesday."),
      T("book_hire", {"item": "Belle Minimix 150 Cement Mixer", "branch": "Hartwell Salford",
                      "start_date": "2026-03-14", "end_date": "2026-03-17"}, hire2, HIRE_BOOKING_SCHEMA)],
     "Done — booking HIRE-55840. As three days would cost more than a week, you're being charged the "
     "weekly rate of £44.00, and the deposit is £50.00. You can collect from 8am this Saturday, the "
     "14th, and it's due back by 5pm on Tuesday 17 March.")

ACCOUNT_SCHEMA = {"type": "object", "properties": {
    "account_number": {"type": "string"},
    "company_name": {"type": "string"},
    "tier": {"type": "string", "enum": ["Trade Account", "Trade Plus", "Trade Pro"]},
    "discount_percent": {"type": "number"},
    "credit_limit": {"type": "number"},
    "balance": {"type": "number", "description": "Amount currently owed"},
    "available_credit": {"type": "number"},
    "payment_terms_days": {"type": "integer"},
    "account_manager": {"type": "string"},
    "home_branch": {"type": "string"},
    "currency": {"type": "string"},
}}
acct1 = {"account_number": "HT-40913", "company_name": "Brightwater Building Ltd", "tier": "Trade Plus",
         "discount_percent": 10, "credit_limit": 8000.00, "balance": 3245.60, "available_credit": 4754.40,
         "payment_terms_days": 30, "account_manager": "Rachel Dunn", "home_branch": "Hartwell Cross Green",
         "currency": "GBP"}
case("t036", "amount",
     [U("Can you check my account? HT-40913."),
      T("get_trade_account", {"account_number": "HT-40913"}, acct1, ACCOUNT_SCHEMA)],
     "Your account HT-40913 for Brightwater Building Ltd is on Trade Plus, so you get 10% off list "
     "prices. Your balance is £3,245.60 against an £8,000 credit limit, which leaves £4,754.40 "
     "available. Your account manager is Rachel Dunn at Cross Green.")

case("t037", "amount",
     [U("How much credit have I got left? Account HT-40913."),
      T("get_trade_account", {"account_number": "HT-40913"}, acct1)],
     "You've currently got a balance of £3,245.60, which leaves £4,574.40 of your £8,000.00 credit "
     "limit available to spend.",
     wrong="£4,574.40", right="£4,754.40")

acct2 = {"account_number": "HT-38770", "company_name": "Pennine Roofing & Joinery", "tier": "Trade Pro",
         "discount_percent": 15, "credit_limit": 20000.00, "balance": 12880.00, "available_credit": 7120.00,
         "payment_terms_days": 30, "account_manager": "Simon Ellery", "home_branch": "Hartwell Salford",
         "currency": "GBP"}
case("t038", "person",
     [U("Who's my account manager? We're HT-38770."),
      T("get_trade_account", {"account_number": "HT-38770"}, acct2, ACCOUNT_SCHEMA)],
     "Your account manager for Pennine Roofing & Joinery is Rachel Dunn, based at Hartwell Salford. "
     "She can help with pricing and your credit limit.",
     wrong="Rachel Dunn", right="Simon Ellery")

case("t039", "name",
     [U("What tier are we on? Account HT-38770."),
      T("get_trade_account", {"account_number": "HT-38770"}, acct2)],
     "You're on Trade Plus, which gets you 15% off list prices, and your credit limit is £20,000.",
     wrong="Trade Plus", right="Trade Pro")

case("t040", "amount",
     [U("What's our balance? HT-38770."),
      T("get_trade_account", {"account_number": "HT-38770"}, acct2, ACCOUNT_SCHEMA)],
     "Pennine Roofing & Joinery currently owes £12,880.00, so you've got £7,120.00 of your £20,000 "
     "limit left. As a Trade Pro account you get 15% off list prices, and Simon Ellery at Salford is "
     "your account manager.")

BRANCH_FINDER_SCHEMA = {"type": "array", "items": {"type": "object", "properties": {
    "name": {"type": "string"},
    "distance_miles": {"type": "number", "description": "Distance from the postcode in miles"},
    "phone": {"type": "string"},
    "open_now": {"type": "boolean"},
    "closes_today": {"type": "string", "description": "Closing time today"},
}}}
near_ls12 = [
    {"name": "Hartwell Kirkstall", "distance_miles": 2.1, "phone": "0113 496 0211", "open_now": True,
     "closes_today": "17:30"},
    {"name": "Hartwell Cross Green", "distance_miles": 4.6, "phone": "0113 496 0348", "open_now": True,
     "closes_today": "17:00"},
    {"name": "Hartwell Harrogate", "distance_miles": 17.9, "phone": "01632 960412", "open_now": True,
     "closes_today": "17:00"}]
case("t041", "distance",
     [U("What's the nearest branch to LS12 4PJ?"),
      T("find_branches", {"postcode": "LS12 4PJ"}, near_ls12, BRANCH_FINDER_SCHEMA)],
     "I found 3 branches near LS12 4PJ. The closest is Hartwell Kirkstall, 2.1 miles away, open until "
     "5:30pm today. Cross Green is 4.6 miles away and closes at 5pm, and Harrogate is about 18 miles "
     "away.")

case("t042", "distance",
     [U("Which branches are near LS12 4PJ?"),
      T("find_branches", {"postcode": "LS12 4PJ"}, near_ls12)],
     "Your nearest is Hartwell Kirkstall at 2.1 miles, and Hartwell Cross Green is 6.4 miles away. Both "
     "are open now.",
     wrong="6.4 miles", right="4.6 miles")

case("t043", "count",
     [U("Any branches near me? I'm at LS12 4PJ."),
      T("find_branches", {"postcode": "LS12 4PJ"}, near_ls12, BRANCH_FINDER_SCHEMA)],
     "I found 4 branches within reach of LS12 4PJ. Kirkstall is the closest at 2.1 miles and it's open "
     "until 5:30pm today.",
     wrong="4 branches", right="3 branches")

case("t044", "phone",
     [U("What's the closest branch to LS12 4PJ and how do I call them?"),
      T("find_branches", {"postcode": "LS12 4PJ"}, near_ls12)],
     "The closest is Hartwell Kirkstall, just 2.1 miles away. You can call them on 0113 496 0348, and "
     "they're open until 5:30pm today.",
     wrong="0113 496 0348", right="0113 496 0211")

slots_att = [
    {"date": "2026-03-12", "window": "12:00-17:00", "vehicle": "Van", "available": True},
    {"date": "2026-03-13", "window": "07:00-12:00", "vehicle": "Dropside Truck", "available": True},
    {"date": "2026-03-13", "window": "12:00-17:00", "vehicle": "Dropside Truck", "available": True},
    {"date": "2026-03-16", "window": "07:00-12:00", "vehicle": "Crane Lorry", "available": True}]
case("t045", "date",
     [U("What delivery slots have you got from Attercliffe to S11 8YB?"),
      T("delivery_slots", {"branch": "Hartwell Attercliffe", "postcode": "S11 8YB", "from": "2026-03-12"},
        slots_att)],
     "There are 4 slots available: tomorrow afternoon (12pm to 5pm) on the van, Friday morning or Friday "
     "afternoon on the dropside truck, and Monday 16 March in the morning on the crane lorry.")

case("t046", "date",
     [U("When could the crane lorry come from Attercliffe? Postcode S11 8YB."),
      T("delivery_slots", {"branch": "Hartwell Attercliffe", "postcode": "S11 8YB", "from": "2026-03-12"},
        slots_att)],
     "The first crane lorry slot is on Tuesday 16 March, in the morning between 7am and 12pm. Would you "
     "like me to book it?",
     wrong="Tuesday", right="Monday")

case("t047", "date",
     [U("When's the earliest dropside truck slot to S11 8YB?"),
      T("delivery_slots", {"branch": "Hartwell Attercliffe", "postcode": "S11 8YB", "from": "2026-03-12"},
        slots_att, {"type": "array", "items": {"type": "object", "properties": {
            "date": {"type": "string", "format": "date"},
            "window": {"type": "string", "description": "Delivery window"},
            "vehicle": {"type": "string", "enum": ["Van", "Dropside Truck", "Crane Lorry", "Grab Lorry"]},
            "available": {"type": "boolean"}}}})],
     "The earliest dropside truck slot is tomorrow afternoon. Shall I reserve it for you?",
     wrong="tomorrow afternoon", right="Friday morning")

calc_bricks = {"product": "Ibstock Tradesman Red Multi Facing Brick", "area_m2": 12.5, "bricks_needed": 750,
               "wastage_percent": 5, "bricks_with_wastage": 788, "packs_needed": 2,
               "mortar_mix_bags": 19}
case("t048", "count",
     [U("How many bricks for a 12.5 square metre single skin wall in the Ibstock red multi?"),
      T("calculate_materials", {"job": "single skin brick wall", "area_m2": 12.5, "sku": "BRK-IBS-RM"},
        calc_bricks)],
     "For a 12.5 square metre single-skin wall you'll need 750 Ibstock Tradesman Red Multi facing bricks, "
     "or 788 allowing 5% for cuts and breakages — so two packs of 400. You'll also want about 19 bags of "
     "Hartwell Mortar Mix.")

calc_blocks = {"product": "Dense Concrete Block 7N 100mm", "area_m2": 24, "blocks_needed": 240,
               "wastage_percent": 5, "blocks_with_wastage": 252, "packs_needed": 4, "mortar_mix_bags": 12}
case("t049", "count",
     [U("I'm building a 24 square metre block wall with dense blocks. How many packs?"),
      T("calculate_materials", {"job": "block wall", "area_m2": 24, "sku": "BLK-7N-100"}, calc_blocks)],
     "For 24 square metres you'll need 240 dense blocks, or 252 with 5% wastage. That's three packs, and "
     "you'll need around 12 bags of mortar mix as well.",
     wrong="three packs", right="four packs")

case("t050", "count",
     [U("And how much mortar for that 24 square metre block wall?"),
      T("calculate_materials", {"job": "block wall", "area_m2": 24, "sku": "BLK-7N-100"}, calc_blocks)],
     "You'll need about 17 bags of Hartwell Mortar Mix for the 252 blocks, which includes 5% extra for "
     "wastage.",
     wrong="17 bags", right="12 bags")

cutting = {"product": "Structural Plywood 18mm", "sheets": 4, "cuts": 14, "free_cuts": 10,
           "chargeable_cuts": 4, "cutting_charge": 2.00, "currency": "GBP", "ready_by": "2026-03-11T14:00:00",
           "branch": "Hartwell Kirkstall"}
case("t051", "price",
     [U("I need 4 sheets of 18mm ply cut into 14 pieces at Kirkstall. What's the cutting charge?"),
      T("quote_cutting", {"sku": "SHT-PLY-18", "sheets": 4, "cuts": 14, "branch": "Hartwell Kirkstall"},
        cutting)],
     "Fourteen cuts across your four sheets: the first 10 are free, so you'll pay for 4 at 50p each — "
     "£2.00 in total. They'll be ready to collect from 2pm today.")

case("t052", "date",
     [U("When will my cut ply be ready at Kirkstall?"),
      T("quote_cutting", {"sku": "SHT-PLY-18", "sheets": 4, "cuts": 14, "branch": "Hartwell Kirkstall"},
        cutting)],
     "Your four sheets of structural ply will be cut and ready to collect from 2pm tomorrow. The cutting "
     "charge is £2.00 for the 4 extra cuts.",
     wrong="tomorrow", right="today")

INVOICE_SCHEMA = {"type": "object", "properties": {
    "invoice_number": {"type": "string"},
    "date": {"type": "string", "format": "date", "description": "Invoice date"},
    "net": {"type": "number", "description": "Amount excluding VAT, GBP"},
    "vat": {"type": "number", "description": "VAT amount, GBP"},
    "gross": {"type": "number", "description": "Amount including VAT, GBP"},
    "due_date": {"type": "string", "format": "date"},
    "status": {"type": "string", "enum": ["paid", "unpaid", "overdue"]},
}}
invoice = {"invoice_number": "INV-771204", "date": "2026-02-19", "net": 1240.00, "vat": 248.00,
           "gross": 1488.00, "due_date": "2026-03-30", "status": "unpaid"}
case("t053", "date",
     [U("When is invoice INV-771204 due?"),
      T("get_invoice", {"invoice_number": "INV-771204"}, invoice, INVOICE_SCHEMA)],
     "Invoice INV-771204 from 19 February is for £1,240.00 plus £248.00 VAT, so £1,488.00 in total. "
     "It's still unpaid and falls due on Monday 30 March.")

case("t054", "date",
     [U("What's the due date on INV-771204?"),
      T("get_invoice", {"invoice_number": "INV-771204"}, invoice)],
     "That invoice is due on Tuesday 31 March. It's £1,488.00 including VAT and hasn't been paid yet.",
     wrong="Tuesday 31 March", right="Monday 30 March")

case("t055", "amount",
     [U("How much VAT is on INV-771204?"),
      T("get_invoice", {"invoice_number": "INV-771204"}, invoice, INVOICE_SCHEMA)],
     "The VAT on that invoice is £284.00, on a net amount of £1,240.00.",
     wrong="£284.00", right="£248.00")

hire_list_salford = [
    {"name": "Makita SDS Max Breaker", "day_rate": 28.00, "week_rate": 56.00, "deposit": 75.00, "power": "110V"},
    {"name": "Stihl TS410 Disc Cutter", "day_rate": 30.00, "week_rate": 60.00, "deposit": 100.00, "power": "petrol"},
    {"name": "Block Splitter", "day_rate": 25.00, "week_rate": 50.00, "deposit": 50.00, "power": "manual"}]
case("t056", "hire rate",
     [U("What breaking and cutting tools can I hire at Salford?"),
      T("list_hire_items", {"branch": "Hartwell Salford", "category": "breaking and cutting"},
        hire_list_salford)],
     "At Salford you can hire the Makita SDS Max Breaker (£28 a day), the Stihl TS410 Disc Cutter (£30 a "
     "day) and the Block Splitter (£25 a day). The weekly rates are double the daily ones.")

case("t057", "hire rate",
     [U("How much is the disc cutter for a week at Salford?"),
      T("list_hire_items", {"branch": "Hartwell Salford", "category": "breaking and cutting"},
        hire_list_salford)],
     "The Stihl TS410 Disc Cutter is £30 a day or £65 for a week at Salford, with a £100 deposit. It "
     "runs on petrol.",
     wrong="£65", right="£60")

case("t058", "hire rate",
     [U("What's the deposit on the SDS breaker at Salford?"),
      T("list_hire_items", {"branch": "Hartwell Salford", "category": "breaking and cutting"},
        hire_list_salford)],
     "The deposit on the Makita SDS Max Breaker is £100, and it's £28 a day to hire.",
     wrong="£100", right="£75")

track = {"order_number": "HB-204233", "status": "arriving", "stops_before_you": 2,
         "eta_window": "10:50-11:20", "driver": "Mo", "vehicle": "Van"}
case("t059", "time",
     [U("Where's my van delivery? HB-204233."),
      T("track_delivery", {"order_number": "HB-204233"}, track)],
     "Mo is on his way in the van — there are 2 drops before yours, and he should be with you between "
     "10:50 and 11:20 this morning.")

case("t060", "count",
     [U("How long till HB-204233 arrives?"),
      T("track_delivery", {"order_number": "HB-204233"}, track)],
     "Not long now! Mo has 3 drops to make before yours, so expect him between 10:50 and 11:20.",
     wrong="3 drops", right="2 drops")

PRICE_CHECK_SCHEMA = {"type": "object", "properties": {
    "product": {"type": "string"},
    "list_price": {"type": "number", "description": "List price per unit in GBP excluding VAT"},
    "discount_percent": {"type": "number"},
    "your_price": {"type": "number", "description": "Discounted price per unit in GBP excluding VAT"},
    "quantity": {"type": "integer"},
    "line_total": {"type": "number", "description": "Discounted price times quantity, GBP excluding VAT"},
    "currency": {"type": "string"},
}}
case("t061", "price",
     [U("What's my price on 30 sheets of 18mm OSB? Account HT-40913."),
      T("price_check", {"sku": "SHT-OSB-18", "account_number": "HT-40913", "quantity": 30},
        {"product": "OSB3 Board 18mm", "list_price": 21.50, "discount_percent": 10, "your_price": 19.35,
         "quantity": 30, "line_total": 580.50, "currency": "GBP"}, PRICE_CHECK_SCHEMA)],
     "With your 10% Trade Plus discount, OSB3 18mm comes down from £21.50 to £19.35 a sheet, so 30 sheets "
     "are £580.50 ex VAT.")

case("t062", "total",
     [U("And 8 sheets of marine ply on our account, HT-38770?"),
      T("price_check", {"sku": "SHT-MPL-12", "account_number": "HT-38770", "quantity": 8},
        {"product": "Marine Plywood 12mm", "list_price": 46.00, "discount_percent": 15, "your_price": 39.10,
         "quantity": 8, "line_total": 312.80, "currency": "GBP"}, PRICE_CHECK_SCHEMA)],
     "With your 15% discount, Marine Plywood 12mm is £39.10 a sheet instead of £46.00, so eight sheets "
     "come to £321.80 plus VAT.",
     wrong="£321.80", right="£312.80")

sand_cg = {"results": [
    {"name": "Sharp Sand", "unit": "bulk bag", "price": 58.00, "in_stock": True},
    {"name": "Sharp Sand", "unit": "25kg bag", "price": 3.95, "in_stock": True},
    {"name": "Building Sand", "unit": "bulk bag", "price": 55.00, "in_stock": False},
    {"name": "Building Sand", "unit": "25kg bag", "price": 3.80, "in_stock": True}], "currency": "GBP"}
case("t063", "price",
     [U("What sand have you got at Cross Green?"),
      T("search_products", {"query": "sand", "branch": "Hartwell Cross Green"}, sand_cg)],
     "I found four sand products at Cross Green: sharp sand in bulk bags at £58.00 or 25kg bags at £3.95, "
     "and building sand in bulk bags at £55.00 or 25kg bags at £3.80. Everything's in stock apart from "
     "the building sand bulk bags.")

case("t064", "availability",
     [U("Can I get a bulk bag of building sand from Cross Green today?"),
      T("search_products", {"query": "sand", "branch": "Hartwell Cross Green"}, sand_cg)],
     "Yes, the building sand bulk bags are in stock at Cross Green at £55.00 each, so you can pick one "
     "up today.",
     wrong="in stock", right="out of stock")

gravel_att = {"results": [
    {"name": "10mm Pea Gravel", "unit": "bulk bag", "price": 72.00},
    {"name": "20mm Limestone Chippings", "unit": "bulk bag", "price": 68.00},
    {"name": "20mm Limestone Chippings", "unit": "tonne (loose)", "price": 38.50},
    {"name": "MOT Type 1 Sub-base", "unit": "tonne (loose)", "price": 32.00}], "currency": "GBP"}
case("t065", "price",
     [U("What gravel and sub-base can I get at Attercliffe?"),
      T("search_products", {"query": "gravel sub-base", "branch": "Hartwell Attercliffe"}, gravel_att,
        PRODUCT_SEARCH_SCHEMA)],
     "I found 4 options at Attercliffe: 10mm pea gravel at £72.00 a bulk bag, 20mm limestone chippings at "
     "£68.00 a bulk bag or loose by the tonne, and MOT Type 1 loose at £35.00 per tonne.",
     wrong="£35.00", right="£32.00")

plb_stock = [
    {"branch": "Hartwell Kirkstall", "quantity_available": 320},
    {"branch": "Hartwell Cross Green", "quantity_available": 0},
    {"branch": "Hartwell Attercliffe", "quantity_available": 145},
    {"branch": "Hartwell Salford", "quantity_available": 210},
    {"branch": "Hartwell Harrogate", "quantity_available": 60}]
case("t066", "count",
     [U("Which branches have 12.5mm plasterboard in stock?"),
      T("check_stock", {"sku": "SHT-PLB-125"}, plb_stock)],
     "Standard Plasterboard 12.5mm is in stock at four of our branches: Kirkstall has 320 sheets, Salford "
     "210, Attercliffe 145 and Harrogate 60. Cross Green has sold out for now.")

case("t067", "count",
     [U("How much plasterboard has Harrogate got?"),
      T("check_stock", {"sku": "SHT-PLB-125"}, plb_stock)],
     "Harrogate has 80 sheets of the 12.5mm plasterboard, while Kirkstall has the most with 320.",
     wrong="80", right="60")

ORDERS_SCHEMA = {"type": "array", "items": {"type": "object", "properties": {
    "order_number": {"type": "string"},
    "date": {"type": "string", "format": "date", "description": "Order date"},
    "total": {"type": "number", "description": "Order total in GBP including VAT"},
    "status": {"type": "string"},
}}}
orders = [
    {"order_number": "HB-203512", "date": "2026-02-24", "total": 612.40, "status": "delivered"},
    {"order_number": "HB-203890", "date": "2026-03-04", "total": 189.96, "status": "delivered"},
    {"order_number": "HB-204166", "date": "2026-03-10", "total": 1044.00, "status": "awaiting dispatch"}]
case("t068", "date",
     [U("Can you show me my last few orders?"),
      T("get_orders", {"account_number": "HT-40913", "limit": 3}, orders, ORDERS_SCHEMA)],
     "Here are your last 3 orders: HB-203512 on 24 February for £612.40 and HB-203890 on 4 March for "
     "£189.96 have both been delivered, and HB-204166 from yesterday, £1,044.00, is awaiting dispatch.")

case("t069", "date",
     [U("When did I place HB-203890?"),
      T("get_orders", {"account_number": "HT-40913", "limit": 3}, orders, ORDERS_SCHEMA)],
     "HB-203890 was placed last Tuesday, 4 March, and it came to £189.96. It's been delivered.",
     wrong="Tuesday", right="Wednesday")

case("t070", "status",
     [U("Has my order from yesterday gone out yet?"),
      T("get_orders", {"account_number": "HT-40913", "limit": 3}, orders)],
     "Your order from yesterday, HB-204166, has been delivered. It came to £1,044.00.",
     wrong="has been delivered", right="is awaiting dispatch")

collect = {"collection_ref": "CC-88214", "branch": "Hartwell Harrogate", "ready_at": "2026-03-11T11:30:00",
           "hold_until": "2026-03-13T17:00:00", "bay": "Bay 3"}
case("t071", "time",
     [U("Can I collect my order from Harrogate today?"),
      T("reserve_collection", {"branch": "Hartwell Harrogate", "basket_id": "B-55310"}, collect)],
     "All sorted — your click and collect order CC-88214 will be ready at Harrogate from 11:30 this "
     "morning. Head to Bay 3, and we'll hold it for you until 5pm on Friday.")

case("t072", "time",
     [U("What time will my Harrogate collection be ready?"),
      T("reserve_collection", {"branch": "Hartwell Harrogate", "basket_id": "B-55310"}, collect)],
     "Your order CC-88214 will be ready to collect from 11am today at Bay 3 in the Harrogate yard.",
     wrong="11am", right="11:30am")

grab_quote = {"zone": "Zone 3", "distance_miles": 22.4, "vehicle": "Grab Lorry",
              "line_items": [{"product": "MOT Type 1 Sub-base", "unit": "tonne", "quantity": 10,
                              "unit_price": 32.00, "line_total": 320.00}],
              "goods_subtotal": 320.00, "delivery_charge": 110.00, "vat": 86.00, "total": 516.00,
              "currency": "GBP"}
case("t073", "total",
     [U("Quote me 10 tonnes of loose MOT Type 1 to WF3 1QA from Cross Green."),
      T("get_delivery_quote", {"branch": "Hartwell Cross Green", "postcode": "WF3 1QA",
                               "items": [{"sku": "AGG-MOT1", "unit": "tonne", "quantity": 10}]}, grab_quote,
        QUOTE_SCHEMA)],
     "Ten tonnes of MOT Type 1 tipped loose comes to £320.00. As you're 22.4 miles from Cross Green "
     "you're in Zone 3, so the Grab Lorry delivery is £110.00. That's £430.00 plus £86.00 VAT, £516.00 "
     "all in.")

chip_quote = {"zone": "Zone 2", "distance_miles": 11.2, "vehicle": "Grab Lorry",
              "line_items": [{"product": "20mm Limestone Chippings", "unit": "tonne", "quantity": 12,
                              "unit_price": 38.50, "line_total": 462.00}],
              "goods_subtotal": 462.00, "delivery_charge": 80.00, "vat": 108.40, "total": 650.40,
              "currency": "GBP"}
case("t074", "name",
     [U("How much for 12 tonnes of limestone chippings delivered loose to S35 2PH?"),
      T("get_delivery_quote", {"branch": "Hartwell Attercliffe", "postcode": "S35 2PH",
                               "items": [{"sku": "AGG-LIM-20", "unit": "tonne", "quantity": 12}]}, chip_quote)],
     "Twelve tonnes of 20mm limestone chippings comes to £462.00, and because you're in Zone 3 the grab "
     "lorry delivery is £80.00. With VAT the total is £650.40.",
     wrong="Zone 3", right="Zone 2")

case("t075", "distance",
     [U("How far is S35 2PH from Attercliffe, for the delivery?"),
      T("get_delivery_quote", {"branch": "Hartwell Attercliffe", "postcode": "S35 2PH",
                               "items": [{"sku": "AGG-LIM-20", "unit": "tonne", "quantity": 12}]}, chip_quote,
        QUOTE_SCHEMA)],
     "It's 11.2 miles by road, which puts you in Zone 2, and the grab lorry charge for that is £80.00.")

# A few multi-turn ones with the tool result earlier in the conversation
case("t076", "price",
     [U("Search for fence posts at Salford please."),
      T("search_products", {"query": "fence post", "branch": "Hartwell Salford"},
        {"results": [{"name": "Treated Fence Post 100 x 100mm x 2.4m", "sku": "TIM-FP-100", "price": 14.50,
                      "unit": "each", "stock_qty": 86},
                     {"name": "Postcrete 20kg", "sku": "CEM-PC-20", "price": 7.20, "unit": "bag",
                      "stock_qty": 130}], "currency": "GBP"}, PRODUCT_SEARCH_SCHEMA),
      A("Salford has the Treated Fence Post 100 x 100mm x 2.4m in stock, and Postcrete to set them."),
      U("How much are they each, and how many have they got?")],
     "The posts are £14.50 each and Salford has 86 in stock. The Postcrete is £7.20 a bag, with 130 bags "
     "available.")

case("t077", "count",
     [U("Look up fence posts at Salford for me."),
      T("search_products", {"query": "fence post", "branch": "Hartwell Salford"},
        {"results": [{"name": "Treated Fence Post 100 x 100mm x 2.4m", "sku": "TIM-FP-100", "price": 14.50,
                      "unit": "each", "stock_qty": 86},
                     {"name": "Postcrete 20kg", "sku": "CEM-PC-20", "price": 7.20, "unit": "bag",
                      "stock_qty": 130}], "currency": "GBP"}),
      A("Salford has the treated 2.4m fence posts at £14.50 each."),
      U("Have they got enough for 90 posts?")],
     "Not quite, I'm afraid: Salford has 68 of the 2.4m fence posts in stock, so you'd be a few short. I "
     "can check Kirkstall for the rest if you like.",
     wrong="68", right="86")

case("t078", "date",
     [U("Book delivery for my order on Friday morning please."),
      T("book_delivery", {"quote_id": "Q-88190", "slot": "2026-03-13 AM"},
        {"order_number": "HB-204547", "delivery_date": "2026-03-13", "window": "07:00-12:00",
         "vehicle": "Van", "address": "22 Moor Lane, Harrogate, HG3 1RT", "crane_offload": False,
         "contact_phone": "07700 900789", "status": "confirmed"}, BOOKING_SCHEMA)],
     "You're booked! Order HB-204547 will be delivered this Friday, 13 March, between 7am and midday by "
     "van to 22 Moor Lane, Harrogate.")

case("t079", "address",
     [U("Can you confirm where the Friday delivery is going?"),
      T("book_delivery", {"quote_id": "Q-88190", "slot": "2026-03-13 AM"},
        {"order_number": "HB-204547", "delivery_date": "2026-03-13", "window": "07:00-12:00",
         "vehicle": "Van", "address": "22 Moor Lane, Harrogate, HG3 1RT", "crane_offload": False,
         "contact_phone": "07700 900789", "status": "confirmed"})],
     "Order HB-204547 is going to 22 Moor Road, Harrogate, HG3 1RT, on Friday morning between 7am and "
     "12pm.",
     wrong="22 Moor Road", right="22 Moor Lane")

case("t080", "status",
     [U("Is HB-204102 still coming today?"),
      T("get_order_status", {"order_number": "HB-204102"}, status3, ORDER_STATUS_SCHEMA)],
     "I've checked HB-204102 for you: it's out for delivery from Attercliffe.",
     wrong="out for delivery", right="delayed")



case("t081", "count",
     [U("Have they got 1200mm Catnic lintels at Attercliffe?"),
      T("check_stock", {"sku": "LIN-CAT-1200", "branch": "Hartwell Attercliffe"},
        {"branch": "Hartwell Attercliffe", "sku": "LIN-CAT-1200", "product": "Catnic Steel Lintel 1200mm",
         "quantity_available": 14, "unit": "each", "next_delivery": None}, STOCK_SCHEMA)],
     "Yes, Attercliffe has 14 of the Catnic Steel Lintel 1200mm in stock, at £38.00 each.")

crane_quote = {"zone": "Zone 2", "distance_miles": 8.3, "vehicle": "Crane Lorry",
               "line_items": [
                   {"product": "Ibstock Tradesman Red Multi Facing Brick", "unit": "pack of 400", "quantity": 2,
                    "unit_price": 372.00, "line_total": 744.00},
                   {"product": "Hartwell Mortar Mix 20kg", "unit": "bag", "quantity": 10, "unit_price": 5.60,
                    "line_total": 56.00}],
               "goods_subtotal": 800.00, "delivery_charge": 75.00, "vat": 175.00, "total": 1050.00,
               "currency": "GBP"}
case("t082", "total",
     [U("Price up two packs of the red multi bricks and 10 bags of mortar mix, crane offload to LS19 6EY."),
      T("get_delivery_quote", {"branch": "Hartwell Kirkstall", "postcode": "LS19 6EY", "crane_offload": True,
                               "items": [{"sku": "BRK-IBS-RM", "unit": "pack", "quantity": 2},
                                         {"sku": "CEM-RMM-20", "quantity": 10}]}, crane_quote, QUOTE_SCHEMA)],
     "Two packs of Ibstock Tradesman Red Multi at £372.00 a pack plus ten bags of mortar mix come to "
     "£800.00. With the Crane Lorry in Zone 2 at £75.00, that's £875.00 before VAT and £1,050.00 "
     "including it.")

case("t083", "date",
     [U("Book the tower scaffold at Kirkstall for a week from Monday."),
      T("book_hire", {"item": "Tower Scaffold 5.2m", "branch": "Hartwell Kirkstall", "start_date": "2026-03-16",
                      "days": 7},
        {"booking_ref": "HIRE-55877", "item": "Tower Scaffold 5.2m", "branch": "Hartwell Kirkstall",
         "collect": "2026-03-16T07:00:00", "return_by": "2026-03-23T09:00:00", "days": 7,
         "hire_charge": 80.00, "deposit": 150.00}, HIRE_BOOKING_SCHEMA)],
     "Your tower scaffold is booked, reference HIRE-55877. Collect it from Kirkstall at 7am next Monday, "
     "16 March, and return it by 9am the following Monday, 23 March. A week's hire is £80.00, with a "
     "£150.00 deposit.")

case("t084", "phone",
     [U("Nearest branch to M3 5FS?"),
      T("find_branches", {"postcode": "M3 5FS"},
        [{"name": "Hartwell Salford", "distance_miles": 1.4, "phone": "0161 496 0593", "open_now": True,
          "closes_today": "17:00"}], BRANCH_FINDER_SCHEMA)],
     "The nearest branch to you is Hartwell Salford, 1.4 miles away. It's open now until 5pm, and you can "
     "call them on 0161 496 0593.")

case("t085", "amount",
     [U("Can I check my account, HT-41502? Do I owe anything?"),
      T("get_trade_account", {"account_number": "HT-41502"},
        {"account_number": "HT-41502", "company_name": "J. Okafor Plumbing & Heating", "tier": "Trade Account",
         "discount_percent": 5, "credit_limit": 2500.00, "balance": 0.00, "available_credit": 2500.00,
         "payment_terms_days": 30, "account_manager": "Simon Ellery", "home_branch": "Hartwell Salford",
         "currency": "GBP"}, ACCOUNT_SCHEMA)],
     "Your account's all clear — there's nothing owing, so your full £2,500 credit limit is available. "
     "You're on our standard Trade Account, which gives you 5% off, and Simon Ellery is your account "
     "manager.")

case("t086", "time",
     [U("Can Harrogate deliver tomorrow morning to HG1 2RE?"),
      T("delivery_slots", {"branch": "Hartwell Harrogate", "postcode": "HG1 2RE", "from": "2026-03-12"},
        [{"date": "2026-03-12", "window": "07:00-12:00", "vehicle": "Dropside Truck", "available": False},
         {"date": "2026-03-12", "window": "12:00-17:00", "vehicle": "Dropside Truck", "available": True},
         {"date": "2026-03-13", "window": "07:00-12:00", "vehicle": "Dropside Truck", "available": True}])],
     "Tomorrow morning is already full, I'm afraid, but I can offer tomorrow afternoon between 12pm and "
     "5pm, or Friday morning between 7am and 12pm, both on the dropside truck.")

case("t087", "date",
     [U("Did HB-203655 actually get delivered? The site manager says he never saw it."),
      T("get_order_status", {"order_number": "HB-203655"},
        {"order_number": "HB-203655", "status": "delivered", "delivered_at": "2026-03-09T09:12:00",
         "signed_by": "K. Patel", "vehicle": "Crane Lorry", "dispatched_from": "Hartwell Cross Green"})],
     "Our records show order HB-203655 was delivered on Monday 9 March at 9:12am by the Crane Lorry from "
     "Cross Green, and it was signed for by K. Patel. It might be worth checking with them.")

case("t088", "availability",
     [U("Is there a dehumidifier I can hire from tomorrow?"),
      T("check_hire_availability", {"item": "Industrial Dehumidifier", "start_date": "2026-03-12", "days": 7},
        [{"branch": "Hartwell Kirkstall", "available_units": 3, "day_rate": 18.00, "week_rate": 36.00,
          "deposit": 50.00},
         {"branch": "Hartwell Salford", "available_units": 0, "day_rate": 18.00, "week_rate": 36.00,
          "deposit": 50.00}], HIRE_AVAIL_SCHEMA)],
     "There are 3 Industrial Dehumidifiers free at Kirkstall from tomorrow, but none at Salford. They're "
     "£18 a day or £36 for the week.")

case("t089", "total",
     [U("What would 40 bags of GP cement cost me on account HT-41502?"),
      T("price_check", {"sku": "CEM-BC-25", "account_number": "HT-41502", "quantity": 40},
        {"product": "Blue Circle General Purpose Cement 25kg", "list_price": 7.95, "discount_percent": 5,
         "your_price": 7.55, "quantity": 40, "line_total": 302.00, "currency": "GBP"})],
     "With your 5% discount, General Purpose Cement is £7.55 a bag, so 40 bags come to £302.00 ex VAT.")

case("t090", "amount",
     [U("Have I got anything overdue?"),
      T("get_invoice", {"account_number": "HT-41502", "status": "overdue"},
        {"invoice_number": "INV-769880", "date": "2026-01-28", "net": 560.00, "vat": 112.00, "gross": 672.00,
         "due_date": "2026-03-02", "status": "overdue"}, INVOICE_SCHEMA)],
     "Just the one: INV-769880 for £672.00 was due on 2 March and is now overdue, so it'd be great if you "
     "could settle that one soon.")

# ======================================================================================
# checks
# ======================================================================================

def check():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for c in CASES:
        assert isinstance(c["reply"], str) and c["reply"].strip()
        assert c["history"] and c["history"][0]["role"] == "user", c["id"]
        for turn in c["history"]:
            role = turn["role"]
            assert role in ("user", "assistant", "tool"), (c["id"], role)
            if role == "tool":
                assert set(turn) <= {"role", "name", "arguments", "result", "schema"}, c["id"]
                assert isinstance(turn["name"], str) and turn["name"], c["id"]
                assert isinstance(turn["arguments"], dict), c["id"]
                assert isinstance(turn["result"], (list, dict)), c["id"]
                if isinstance(turn["result"], list):
                    assert all(isinstance(r, dict) for r in turn["result"]), c["id"]
                if "schema" in turn:
                    assert isinstance(turn["schema"], dict), c["id"]
                json.dumps(turn)
            else:
                assert set(turn) == {"role", "text"} and isinstance(turn["text"], str), c["id"]
        if c["truth"]:
            assert "wrong" not in c and "right" not in c, c["id"]
        else:
            w, r = c["wrong"], c["right"]
            assert c["reply"].count(w) == 1, (c["id"], w, c["reply"].count(w))
            assert w != r and r, c["id"]
        tool_lines = [t for t in c["history"] if t["role"] == "tool"]
        if tool_lines:
            first_tool = c["history"].index(tool_lines[0])
            assert any(t["role"] == "user" for t in c["history"][:first_tool]), c["id"]


check()
out = HERE / "cases.jsonl"
with out.open("w", encoding="utf-8") as f:
    for c in CASES:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")

n = len(CASES)
n_true = sum(c["truth"] for c in CASES)
n_tool = sum(any(t["role"] == "tool" for t in c["history"]) for c in CASES)
n_tool_true = sum(c["truth"] and any(t["role"] == "tool" for t in c["history"]) for c in CASES)
n_schema = sum(any(t["role"] == "tool" and "schema" in t for t in c["history"]) for c in CASES)
tools = sorted({t["name"] for c in CASES for t in c["history"] if t["role"] == "tool"})
print(f"{n} cases: {n_true} true, {n - n_true} false; {n_tool} restate tool results "
      f"({n_tool_true} true, {n_schema} with a schema); tools: {', '.join(tools)}")
assert n >= 130 and n_tool >= 50
