"""Writes cases.jsonl for the Tidewater Playhouse blind trial.

Reference time (meta.json, kgcheck.yaml): Wednesday 11 March 2026, 10:00 +00:00.
  today = Wed 11 March, tonight = the 7:30pm Lighthouse performance, tomorrow = Thu 12 March,
  Friday = 13 March, this Saturday = 14 March, this Sunday = 15 March, next week = 16-22 March.

Each case: id, history (user / assistant turns and tool lines), reply, truth, kind, and for a
false reply the one false stretch (`wrong`, occurring exactly once in the reply) and what the KB
or the tool result holds (`right`).
"""
from __future__ import annotations

import json
import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "cases.jsonl"

CASES: list[dict] = []


def U(text: str) -> dict:
    return {"role": "user", "text": text}


def A(text: str) -> dict:
    return {"role": "assistant", "text": text}


def T(name: str, arguments: dict, result, schema=None) -> dict:
    line = {"role": "tool", "name": name, "arguments": arguments, "result": result}
    if schema is not None:
        line["schema"] = schema
    return line


def case(kind: str, history: list[dict], reply: str, wrong: str | None = None,
         right: str | None = None) -> None:
    c = {"id": f"t{len(CASES) + 1:03d}", "history": history, "reply": reply,
         "truth": wrong is None, "kind": kind}
    if wrong is not None:
        c["wrong"] = wrong
        c["right"] = right
    CASES.append(c)


LKD = "The Lighthouse Keeper's Daughter"

# =====================================================================================
# Part 1: replies answered from the knowledge base
# =====================================================================================

# ---- prices --------------------------------------------------------------------------
case("price", [U("How much is a Stalls ticket for The Lighthouse Keeper's Daughter?")],
     "A full-price seat in the Stalls for The Lighthouse Keeper's Daughter is £38. If you'd "
     "like something a bit cheaper, the Balcony is £22.")
case("price", [U("What do Dress Circle seats cost for Much Ado About Nothing?")],
     "Dress Circle seats for Much Ado About Nothing are £38 each at full price, and under-16s "
     "pay £17.50 there.",
     wrong="£38", right="£35")
case("price", [U("I'm 67 - do I get anything off for the Lighthouse play?")],
     "You do! Over-65s pay £34 in the Stalls, £28 in the Dress Circle and £19 in the Balcony "
     "for The Lighthouse Keeper's Daughter.")
case("price", [U("My mum is 70, what would she pay in the Balcony for Much Ado?")],
     "Lovely! As an over-65 she'd pay £19 in the Balcony for Much Ado About Nothing, rather "
     "than the full £24.",
     wrong="£19", right="£21")
case("price", [U("I've got two kids, 8 and 11. How much is Pip and the Paper Moon?")],
     "Pip and the Paper Moon is £9 for each child and £12 for adults, so the two children "
     "would be £18, plus £12 for any grown-up coming along.")
case("price", [U("What are the cheapest seats for the Sibelius concert?")],
     "The cheapest seats for Sibelius Symphony No. 2 are the Choir Seats at £18, and under-16s "
     "can come for £10 in any part of the hall.",
     wrong="£10", right="£8")
case("price", [U("How much is the Circle for Mara Quinlan?")],
     "Circle seats for Mara Quinlan: Salt Roads are £26.50, which is actually a little cheaper "
     "than the Stalls at £29.50.")
case("price", [U("What does the brass band concert on Sunday cost?")],
     "Tickets for the Spring Brass Gala this Sunday are £15 for adults and £7 for children.",
     wrong="£7", right="£5")
case("price", [U("Is there a student price for the jazz night?")],
     "There is - students get into Jazz at the Loft for £12, compared with £16 at full price. "
     "Seating in the Loft Studio is unreserved, so it's worth arriving a little early.")
case("price", [U("Do students get a reduction for the Lighthouse?")],
     "Yes, student tickets for The Lighthouse Keeper's Daughter are £25 in the Stalls, £23 in "
     "the Dress Circle and £15 in the Balcony.",
     wrong="£23", right="£21")
case("price", [U("I want 3 tickets in the balcony for the Lighthouse on Friday, what's the total?")],
     "Three full-price Balcony tickets at £22 each come to £66, plus the £2.50 booking fee if "
     "you book online.")
case("price", [U("Two adults and one child in the Stalls for the Lighthouse - how much?")],
     "For two adults and one child in the Stalls, that's £38 each for the adults and £19 for "
     "the child, so £95 altogether before any booking fee.")
case("price", [U("How much are Stalls seats for Much Ado for a child?")],
     "A child's ticket in the Stalls for Much Ado About Nothing is £21, half the adult price of "
     "£42.")
case("price", [U("What's the price of a Harbour Hall Stalls seat for the Sibelius?")],
     "Stalls seats for the Sibelius Symphony No. 2 concert are £33 each; the Circle is £36.",
     wrong="£33", right="£30")
case("price", [U("cheapest way to see Much Ado as a student?")],
     "As a student, your cheapest option for Much Ado About Nothing is the Balcony at sixteen "
     "pounds.")
case("price", [U("How much is it to see Mara Quinlan from the choir seats?")],
     "Choir Seats for Mara Quinlan's Salt Roads show are £21.50 each.",
     wrong="£21.50", right="£19.50")

# ---- times and dates -----------------------------------------------------------------
case("time", [U("What time does tonight's show start?")],
     "Tonight's performance of The Lighthouse Keeper's Daughter starts at 7:30pm in the Main "
     "House. Enjoy!")
case("time", [U("Is there a matinee tomorrow?")],
     "Yes - tomorrow, Thursday 12 March, there's a matinee of The Lighthouse Keeper's Daughter "
     "at 2pm, and the evening performance is captioned.",
     wrong="2pm", right="2:30pm")
case("date", [U("When is the captioned performance of the Lighthouse play?")],
     "The captioned performance of The Lighthouse Keeper's Daughter is tomorrow evening, "
     "Thursday 12 March, at 7.30pm.")
case("date", [U("When's the audio-described show of Much Ado?")],
     "The audio-described performance of Much Ado About Nothing is the matinee on Saturday 11 "
     "April at 2:30pm.",
     wrong="Saturday 11 April", right="Saturday 18 April")
case("time", [U("Is there a relaxed performance of the Lighthouse?")],
     "There is: the relaxed performance of The Lighthouse Keeper's Daughter is on Wednesday 18 "
     "March at 7:30pm.",
     wrong="7:30pm", right="2:30pm")
case("date", [U("Is there a relaxed performance of Pip and the Paper Moon?")],
     "There is! The 11am show on Sunday 22 March is a relaxed performance. It runs for 55 "
     "minutes with no interval, so it's ideal for little ones.")
case("date", [U("How long is Much Ado on for?")],
     "Much Ado About Nothing opens on Thursday 2 April and runs until Saturday 25 April, so "
     "you've got over three weeks to catch it.")
case("date", [U("When does the Lighthouse play close?")],
     "The Lighthouse Keeper's Daughter has its final performance on Saturday 28 March, so "
     "there's still time to see it.",
     wrong="Saturday 28 March", right="Saturday 21 March")
case("time", [U("When is press night for Much Ado?")],
     "Press night for Much Ado About Nothing is Thursday 2 April, and it starts a little "
     "earlier than usual, at 7pm.")
case("time", [U("When is the Sibelius concert?")],
     "The Tidewater Symphony Orchestra plays Sibelius Symphony No. 2 on Friday 20 March at 8pm "
     "in Harbour Hall.",
     wrong="8pm", right="7:30pm")
case("time", [U("Is there a talk before the Sibelius?")],
     "Yes, there's a free pre-concert talk at 6:30pm, an hour before Sibelius Symphony No. 2 "
     "begins at 7:30.")
case("time", [U("What time are doors for Mara Quinlan?")],
     "Doors open at 7pm on Saturday 28 March, and Mara Quinlan's show starts at 8pm, with The "
     "Gannets as her support act.")
case("name", [U("Who's supporting Mara Quinlan?")],
     "Doors are at 7pm for Salt Roads, and the support act is the Saltmouth Silver Band.",
     wrong="the Saltmouth Silver Band", right="The Gannets")
case("date", [U("Anything on this weekend for the whole family?")],
     "This Saturday Pip and the Paper Moon opens in the Loft Studio, with shows at 11am and 2pm, "
     "and on Sunday at 3pm the Saltmouth Silver Band plays the Spring Brass Gala in Harbour "
     "Hall.")
case("time", [U("When is the jazz trio playing?")],
     "The Ellie Brennan Trio plays Jazz at the Loft on Thursday 26 March, starting at 7:30pm.",
     wrong="7:30pm", right="8pm")
case("date", [U("Are there any captioned shows of Much Ado?")],
     "Yes, the captioned performance of Much Ado About Nothing is on Tuesday 14 April at "
     "7:30pm.")
case("date", [U("Which days are the Lighthouse matinees?")],
     "Matinees of The Lighthouse Keeper's Daughter are on Tuesdays and Saturdays at 2:30pm.",
     wrong="Tuesdays", right="Thursdays")
case("date", [U("Are there shows on Mondays?")],
     "No, there are no Monday performances of The Lighthouse Keeper's Daughter - evening shows "
     "run Tuesday to Saturday at 7:30pm.")
case("time", [U("What time is the brass gala on Sunday?")],
     "The Spring Brass Gala kicks off at three in the afternoon on Sunday, in Harbour Hall.")
case("date", [U("When is the Mara Quinlan gig?")],
     "Mara Quinlan brings her Salt Roads tour to Harbour Hall on Saturday 21 March, with doors "
     "at 7pm.",
     wrong="Saturday 21 March", right="Saturday 28 March")
case("date", [U("When does Pip and the Paper Moon open?")],
     "Pip and the Paper Moon opens this Saturday, 14 March, and runs until Sunday 5 April.")
case("time", [U("What time are the Pip shows at the weekend?")],
     "Pip and the Paper Moon plays at 11am and 3pm on Saturdays and Sundays in the Loft Studio.",
     wrong="3pm", right="2pm")
case("date", [U("Is the Lighthouse on this Friday evening?")],
     "It is - The Lighthouse Keeper's Daughter plays this Friday, 13 March, at half past seven.")

# ---- durations and intervals ---------------------------------------------------------
case("duration", [U("How long is the Lighthouse Keeper's Daughter?")],
     "The Lighthouse Keeper's Daughter runs for about 2 hrs 40 mins, including one interval.")
case("duration", [U("How long is Much Ado?")],
     "Much Ado About Nothing has a running time of 2 hours 30 minutes, including one interval.",
     wrong="2 hours 30 minutes", right="2 hours 50 minutes")
case("duration", [U("How long does Pip last?")],
     "Pip and the Paper Moon lasts 55 minutes and there's no interval.")
case("duration", [U("How long is the Sibelius concert?")],
     "Sibelius Symphony No. 2 lasts about 1 hour 35 minutes, with one interval.",
     wrong="1 hour 35 minutes", right="1 hour 55 minutes")
case("duration", [U("How long is Mara Quinlan's gig?")],
     "Including the interval, Salt Roads runs to 130 minutes, so with an 8pm start you'd be out "
     "at about 10:10pm.")
case("count", [U("Is there an interval in the jazz?")],
     "Jazz at the Loft has one interval, and the whole evening is 90 minutes.",
     wrong="one interval", right="no interval")
case("duration", [U("How long is the brass gala?")],
     "The Spring Brass Gala is three hours long, with one interval.",
     wrong="three hours", right="two hours")
case("duration", [U("How long is the Lighthouse? I need to book a taxi.")],
     "Allow a hundred and sixty minutes for The Lighthouse Keeper's Daughter - that's the full "
     "running time, with one interval.")
case("duration", [U("Tell me about Much Ado."),
                  A("Much Ado About Nothing is our spring Shakespeare, in the Main House from 2 "
                    "April to 25 April."),
                  U("How long is it, and is there an interval?")],
     "It runs 2 hours 50 minutes with one interval.")
case("count", [U("Tell me about the Lighthouse play."),
               A("The Lighthouse Keeper's Daughter is a new drama by Ruth Penhallow in the Main "
                 "House until 21 March."),
               U("Who directs it and how long is it?")],
     "It's directed by Nell Achterberg and runs 2 hours 40 minutes with two intervals.",
     wrong="two intervals", right="one interval")
case("duration", [U("How long is the jazz gig?")],
     "Jazz at the Loft with the Ellie Brennan Trio is an hour and a half, straight through "
     "with no interval.")

# ---- age guidance --------------------------------------------------------------------
case("age", [U("Can I bring my 11-year-old to the Lighthouse play?")],
     "The age guidance for The Lighthouse Keeper's Daughter is 12+. Much Ado About Nothing in "
     "April is suitable for ages 10 and over, which might be a better fit.")
case("age", [U("Is Much Ado OK for my 9 year old?")],
     "Much Ado About Nothing is recommended for ages 8 and over. It's a Shakespeare comedy "
     "directed by Callum Fairweather.",
     wrong="ages 8", right="ages 10")
case("age", [U("Can my 15-year-old come to the jazz night?")],
     "Jazz at the Loft is for ages 16 and over, I'm afraid.")
case("age", [U("What ages is Pip for?")],
     "Pip and the Paper Moon is suitable for ages 5 and up, and it's by Paper Boat Theatre.",
     wrong="ages 5", right="ages 3")

# ---- capacities ----------------------------------------------------------------------
case("capacity", [U("How big is the Main House?")],
     "The Main House seats 780: 410 in the Stalls, 230 in the Dress Circle and 140 in the "
     "Balcony.")
case("capacity", [U("How many people does Harbour Hall hold?")],
     "Harbour Hall holds 1,250 people, which makes it our largest space.",
     wrong="1,250", right="1,150")
case("capacity", [U("How many seats are in the Loft?")],
     "The Loft Studio has 120 seats, and all of them are unreserved.")
case("capacity", [U("How many wheelchair spaces are there in the Main House?")],
     "There are 8 wheelchair spaces in the Main House, and every auditorium has a hearing loop.",
     wrong="8", right="6")
case("capacity", [U("Wheelchair spaces in Harbour Hall?")],
     "Harbour Hall has ten wheelchair spaces. To book one, call our access line on 01632 "
     "960433.")
case("capacity", [U("How many seats in the Circle at Harbour Hall?")],
     "The Circle in Harbour Hall has 330 seats, and the Choir Seats add another 150.",
     wrong="330", right="380")
case("capacity", [U("Is the café big enough for a group of 20 before the show?")],
     "The Slipway Café-Bar seats 90, so a group of 20 should be fine.")
case("capacity", [U("How many seats does the Dress Circle have in the Main House?")],
     "The Main House Dress Circle has 320 seats.",
     wrong="320", right="230")

# ---- address, phone, email -----------------------------------------------------------
case("address", [U("What's your address?")],
     "We're at 14 Quayside Parade, Saltmouth, SM3 7QP. See you soon!")
case("address", [U("What postcode should I put in the satnav?")],
     "The Playhouse's postcode is SM3 7QT - the full address is 14 Quayside Parade, Saltmouth.",
     wrong="SM3 7QT", right="SM3 7QP")
case("phone", [U("What's the box office number?")],
     "You can call the Box Office on 01632 960451, Monday to Friday from 10am to 6pm.",
     wrong="01632 960451", right="01632 960415")
case("phone", [U("I need to book a wheelchair space, who do I call?")],
     "For access bookings, please ring 01632 960433 or email access@tidewaterplayhouse.co.uk.")
case("phone", [U("Is there a number for group bookings?")],
     "Group bookings have their own line: 01632 960433.",
     wrong="01632 960433", right="01632 960427")
case("email", [U("What's the box office email?")],
     "Sure - it's boxoffice@tidewaterplayhouse.co.uk, and the phone number is 01632 960415.")
case("address", [U("Where's the multi-storey?")],
     "The Quayside Multi-Storey is on Station Approach, about 250 metres from us.",
     wrong="Station Approach", right="Ferry Lane")
case("address", [U("Where is Playhouse Yard?")],
     "Playhouse Yard Car Park is at 2 Chandler's Row, just 40 metres from the main entrance.")
case("phone", [U("What's the main switchboard number for the theatre?")],
     "The Tidewater Playhouse's main number is 01632 960400.")
case("email", [U("How do I email the group bookings team?")],
     "You can email groups@tidewaterplayhouse.co.uk or call them on 01632 960427.")

# ---- opening hours -------------------------------------------------------------------
case("time", [U("When is the box office open on Saturday?")],
     "On Saturdays the Box Office is open from 10am until 7:30pm.")
case("time", [U("What are the box office hours?")],
     "The Box Office is open Monday to Friday, 10am to 5pm, and on Saturdays until 7:30pm.",
     wrong="5pm", right="6pm")
case("time", [U("Can I pick tickets up from the box office on Sunday?")],
     "I'm afraid the Box Office is closed on Sundays. It's open 10am-6pm Monday to Friday and "
     "10am-7.30pm on Saturday.")
case("time", [U("What time does the café close tonight?")],
     "The Slipway Café-Bar is open until 10:30pm tonight.")
case("time", [U("What are the café hours on Friday?")],
     "On Fridays the Slipway is open from 10am to 11pm.",
     wrong="11pm", right="11:30pm")
case("time", [U("Is the café open this Sunday?")],
     "Yes, on Sunday the Slipway Café-Bar is open 11am-5pm, so you can grab lunch before the "
     "3pm brass gala.")
case("time", [U("When does the Slipway open on Sunday?")],
     "On Sundays the Slipway opens at 10am and closes at 5pm.",
     wrong="10am", right="11am")
case("time", [U("When does the Circle Bar open?")],
     "The Circle Bar opens an hour before each performance in the Main House.")
case("duration", [U("How early does the Circle Bar open before the show?")],
     "The Circle Bar opens 45 minutes before the performance - you'll find it on the Dress "
     "Circle level of the Main House.",
     wrong="45 minutes", right="1 hour")
case("time", [U("Is the café open late on Saturday after the evening show?")],
     "On Saturdays the Slipway Café-Bar stays open until 11.30pm, so there's time for a drink "
     "after the show.")

# ---- parking -------------------------------------------------------------------------
case("price", [U("Where can I park?")],
     "The nearest option is Playhouse Yard Car Park, 40 metres away, at £2.50 an hour. The "
     "Quayside Multi-Storey is a bit further at 250m but cheaper, at £1.80 per hour.")
case("price", [U("What does the multi-storey charge in the evening?")],
     "After 6pm the Quayside Multi-Storey charges a flat £5 for the evening.",
     wrong="£5", right="£4")
case("count", [U("How many spaces are in the multi-storey?")],
     "The Quayside Multi-Storey has 420 spaces, including 16 blue badge spaces.")
case("count", [U("Is there disabled parking at Playhouse Yard?")],
     "Yes, Playhouse Yard has 32 spaces, 6 of them blue badge spaces.",
     wrong="6", right="8")
case("distance", [U("Is the station car park far?")],
     "Saltmouth Station Car Park is about 0.9 km from us and costs £1.20 an hour; it's run by "
     "Coastline Rail.")
case("price", [U("How much is the station car park per hour?")],
     "Saltmouth Station Car Park charges £1.50 an hour and has 180 spaces.",
     wrong="£1.50", right="£1.20")
case("distance", [U("How far is the multi-storey from the theatre?")],
     "The Quayside Multi-Storey is about 400 metres from the Playhouse.",
     wrong="400 metres", right="250 metres")
case("price", [U("Is there parking right by the theatre?")],
     "There's a small one right next door: Playhouse Yard, with thirty-two spaces at two pounds "
     "fifty per hour.")
case("name", [U("Who runs the Quayside car park?")],
     "The Quayside Multi-Storey is operated by Coastline Rail.",
     wrong="Coastline Rail", right="Saltmouth Borough Council")
case("price", [U("Evening rate at Playhouse Yard?")],
     "Playhouse Yard has an evening flat rate of £6, or £2.50 per hour during the day.")

# ---- membership ----------------------------------------------------------------------
case("price", [U("What does Friend membership cost?")],
     "Friend membership is £40 a year and gives you 7 days' priority booking plus 10% off "
     "tickets.")
case("percentage", [U("What are the Best Friend benefits?")],
     "Best Friend membership costs £95 a year, and you get 14 days' priority booking and 20% "
     "off full-price tickets.",
     wrong="20%", right="15%")
case("policy", [U("What do Patrons get?")],
     "Patrons pay £250 annually and get three weeks of priority booking, 20% off up to 6 "
     "tickets per performance, and no booking fees.")
case("price", [U("How much is the Patron membership?")],
     "The Patron tier costs £200 per year.",
     wrong="£200", right="£250")
case("duration", [U("How far ahead can Friends book?")],
     "Friends can book 10 days before tickets go on general sale.",
     wrong="10 days", right="7 days")
case("policy", [U("Does the Friend tier waive booking fees?")],
     "Not at Friend level, I'm afraid - booking fees are waived for Best Friend and Patron "
     "members.")
case("count", [U("I'm a Best Friend. How many tickets does my discount cover?")],
     "As a Best Friend, your 15% discount applies to up to 6 tickets per performance.",
     wrong="6", right="4")
case("percentage", [U("What discount do Patrons get on tickets?")],
     "Patron members get twenty per cent off full-price tickets.")

# ---- booking fees and limits ---------------------------------------------------------
case("price", [U("Is there a booking fee?")],
     "Booking online costs £2.50 per transaction, by phone it's £3.00, and there's no fee if "
     "you book in person at the Box Office.")
case("price", [U("What's the phone booking fee?")],
     "If you book by phone there's a £2.50 booking fee per transaction.",
     wrong="£2.50", right="£3.00")
case("count", [U("How many tickets can I buy online at once?")],
     "You can buy up to 10 tickets in one online booking; for bigger groups, call group "
     "bookings on 01632 960427.")
case("count", [U("Do you do group discounts?")],
     "Groups of 8 or more get 15% off full-price tickets for plays in the Main House.",
     wrong="8", right="10")
case("percentage", [U("What's the group discount?")],
     "Groups of ten or more get 15 percent off full-price tickets for Main House plays.")

# ---- policies ------------------------------------------------------------------------
case("policy", [U("Can I swap my tickets to another night?")],
     "Yes, you can exchange them for another performance of the same show up to 48 hours "
     "before your performance. It's £2 per ticket, or free for Best Friend and Patron members.")
case("policy", [U("What's the deadline for exchanging tickets?")],
     "Exchanges are possible up to 24 hours before the performance, for £2 per ticket.",
     wrong="24 hours", right="48 hours")
case("price", [U("How much does it cost to exchange?")],
     "An exchange costs £3 per ticket, as long as it's at least 48 hours before the show.",
     wrong="£3", right="£2")
case("policy", [U("What happens if I can't come and return my tickets?")],
     "If you return tickets in time, we can give you a credit voucher instead, valid for a "
     "year.")
case("policy", [U("How long are credit vouchers valid?")],
     "Credit vouchers are valid for 6 months from the date they're issued.",
     wrong="6 months", right="12 months")
case("policy", [U("Can I get a refund?")],
     "We can only refund tickets if a performance is cancelled or substantially changed. In "
     "that case the money reaches your original card within 14 days.")
case("policy", [U("How long does a refund take?")],
     "Refunds for cancelled performances reach your card within 5 working days.",
     wrong="5 working days", right="14 days")
case("price", [U("Does my carer need to pay?")],
     "If you're a member of our Access Scheme, which is free to join, your essential "
     "companion's ticket is free.")
case("policy", [U("What if I'm running late?")],
     "Latecomers are admitted at a suitable break in the performance, which may be the "
     "interval.")

# ---- people, venues, names -----------------------------------------------------------
case("name", [U("Who's the artistic director?")],
     "Our Artistic Director is Callum Fairweather - he's also directing Much Ado About Nothing "
     "this April.")
case("name", [U("Who runs the box office?")],
     "The Box Office Manager is Priya Raman; you can reach the team on 01632 960415.",
     wrong="Priya Raman", right="Delphine Okoro")
case("name", [U("Who directed the Lighthouse play?")],
     "The Lighthouse Keeper's Daughter is written by Ruth Penhallow and directed by Callum "
     "Fairweather.",
     wrong="Callum Fairweather", right="Nell Achterberg")
case("name", [U("Who's conducting the Sibelius?")],
     "Henrik Saarinen, the orchestra's Principal Conductor, conducts the Tidewater Symphony "
     "Orchestra in Sibelius Symphony No. 2.")
case("name", [U("Who's the executive director?")],
     "Tomasz Wilk is our Executive Director.",
     wrong="Tomasz Wilk", right="Priya Raman")
case("name", [U("Who should I talk to about access needs?")],
     "Jonah Pryce is our Access Coordinator, and the access line is 01632 960433.")
case("name", [U("Which company makes Pip and the Paper Moon?")],
     "Pip and the Paper Moon is brought to us by Paper Lantern Theatre.",
     wrong="Paper Lantern Theatre", right="Paper Boat Theatre")
case("venue", [U("Where is Pip on?")],
     "Pip and the Paper Moon is in the Harbour Hall.",
     wrong="Harbour Hall", right="Loft Studio")
case("venue", [U("Which auditorium is Much Ado in?")],
     "Much Ado About Nothing is in the Main House, the same auditorium as The Lighthouse "
     "Keeper's Daughter.")
case("date", [U("How old is the theatre?")],
     "The Playhouse first opened on 21 September 1974.")
case("date", [U("When did the Playhouse open?")],
     "Tidewater Playhouse first opened its doors in 1978.",
     wrong="1978", right="1974")
case("name", [U("Who wrote the Lighthouse Keeper's Daughter?")],
     "It's a play by Ruth Penhallow, directed by Nell Achterberg.")
case("name", [U("Who's the head of front of house? I want to leave feedback.")],
     "Our Head of Front of House is Tomasz Wilk - I can pass your feedback on to him.")
case("venue", [U("Where's the jazz night?")],
     "Jazz at the Loft is, as the name suggests, in the Loft Studio on the top floor.")
case("name", [U("Which band is playing the Spring Brass Gala?")],
     "The Spring Brass Gala on Sunday is played by the Tidewater Symphony Orchestra.",
     wrong="the Tidewater Symphony Orchestra", right="the Saltmouth Silver Band")

# =====================================================================================
# Part 2: replies restating tool results
# =====================================================================================

# ---- A: availability for this Saturday (two performances x three areas) ------------------
SAT_ROWS = [
    {"show": LKD, "date": "2026-03-14", "time": "14:30", "area": "Stalls", "seats_left": 6,
     "price": 38.00, "currency": "GBP"},
    {"show": LKD, "date": "2026-03-14", "time": "14:30", "area": "Dress Circle", "seats_left": 0,
     "price": 32.00, "currency": "GBP"},
    {"show": LKD, "date": "2026-03-14", "time": "14:30", "area": "Balcony", "seats_left": 23,
     "price": 22.00, "currency": "GBP"},
    {"show": LKD, "date": "2026-03-14", "time": "19:30", "area": "Stalls", "seats_left": 2,
     "price": 38.00, "currency": "GBP"},
    {"show": LKD, "date": "2026-03-14", "time": "19:30", "area": "Dress Circle", "seats_left": 11,
     "price": 32.00, "currency": "GBP"},
    {"show": LKD, "date": "2026-03-14", "time": "19:30", "area": "Balcony", "seats_left": 40,
     "price": 22.00, "currency": "GBP"},
]


def sat(user: str) -> list[dict]:
    return [U(user), T("search_performances", {"show": LKD, "date": "2026-03-14"}, SAT_ROWS)]


case("seats", sat("What's left for the Lighthouse this Saturday?"),
     "For Saturday's matinee there are 6 seats left in the Stalls at £38 and 23 in the Balcony "
     "at £22; the Dress Circle is sold out.")
case("seats", sat("Any Dress Circle seats on Saturday evening?"),
     "Yes, Saturday evening still has 12 seats left in the Dress Circle at £32 each.",
     wrong="12", right="11")
case("price", sat("How many Stalls seats are left for Saturday night?"),
     "The Saturday evening Stalls are nearly gone - just 2 left, at £36 each.",
     wrong="£36", right="£38")
case("seats", sat("Where's the most room on Saturday evening?"),
     "On Saturday evening the Balcony has the most room: 40 seats at £22.")
case("time", sat("What times are the performances on Saturday?"),
     "There are two performances on Saturday, at 2:30pm and 7:30pm.")
case("time", sat("I'd like the matinee on Saturday - what time is it, and what's left in the Stalls?"),
     "Saturday's matinee starts at 2pm, and there are 6 Stalls seats left.",
     wrong="2pm", right="2:30pm")

# ---- B: access performances of Much Ado (with a schema) ------------------------------
ACCESS_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "date": {"type": "string", "format": "date", "description": "Date of the performance"},
            "time": {"type": "string", "description": "Start time of the performance"},
            "format": {"type": "string", "enum": ["captioned", "audio-described", "relaxed"],
                       "description": "Access format of the performance"},
            "seats_available": {"type": "integer",
                                "description": "Number of seats still available"},
        },
    },
}
ACCESS_ROWS = [
    {"date": "2026-04-14", "time": "19:30", "format": "captioned", "seats_available": 54},
    {"date": "2026-04-18", "time": "14:30", "format": "audio-described", "seats_available": 31},
    {"date": "2026-04-23", "time": "14:30", "format": "relaxed", "seats_available": 88},
]


def access(user: str) -> list[dict]:
    return [U(user), T("search_access_performances", {"show": "Much Ado About Nothing"},
                       ACCESS_ROWS, schema=ACCESS_SCHEMA)]


case("date", access("What access performances are there for Much Ado?"),
     "There are three access performances of Much Ado About Nothing: captioned on Tuesday 14 "
     "April, audio-described on Saturday 18 April, and relaxed on Thursday 23 April.")
case("seats", access("Is there space at the relaxed Much Ado?"),
     "Yes - the relaxed performance on Thursday 23 April still has 58 seats available.",
     wrong="58", right="88")
case("count", access("How many access performances of Much Ado are there?"),
     "I found 4 access performances of Much Ado About Nothing in April.",
     wrong="4", right="3")
case("seats", access("My dad's partially sighted - any audio-described Much Ado seats?"),
     "Good news: the audio-described matinee on the 18th at 2:30pm has 31 seats left.")
case("date", access("When is the captioned one, and is there room?"),
     "The captioned performance is on Tuesday 14 April at 7:30pm, with 54 seats available.")
case("time", access("What time is the relaxed Much Ado?"),
     "The relaxed performance on Thursday 23 April starts at 7:30pm.",
     wrong="7:30pm", right="2:30pm")

# ---- C: a booking just made ----------------------------------------------------------
BOOKING_C = {"booking_reference": "TWP-583920", "show": LKD, "date": "2026-03-13",
             "time": "19:30", "area": "Dress Circle", "seats": "C14, C15", "tickets": 2,
             "ticket_total": 64.00, "booking_fee": 2.50, "total_paid": 66.50, "currency": "GBP",
             "confirmation_email": "sam.hardy@example.com"}


def booked(user: str = "Please book 2 Dress Circle seats for the Lighthouse on Friday evening.") -> list[dict]:
    return [U(user), T("create_booking", {"show": LKD, "date": "2026-03-13", "time": "19:30",
                                          "area": "Dress Circle", "tickets": 2}, BOOKING_C)]


case("booking", booked(),
     "You're all booked! Reference TWP-583920: two Dress Circle seats, C14 and C15, for Friday "
     "13 March at 7:30pm. You paid £66.50 including the £2.50 booking fee, and a confirmation is "
     "on its way to sam.hardy@example.com.")
case("reference", booked(),
     "Done! Your booking reference is TWP-583902, for seats C14 and C15 in the Dress Circle on "
     "Friday evening.",
     wrong="TWP-583902", right="TWP-583920")
case("price", booked(),
     "That's booked: two Dress Circle tickets on Friday 13 March, £68.50 in total including the "
     "booking fee.",
     wrong="£68.50", right="£66.50")
case("seats", booked(),
     "All set - you're in seats C14 and C16 in the Dress Circle, reference TWP-583920.",
     wrong="C16", right="C15")
case("date", booked(),
     "Booked! Reference TWP-583920 is for tomorrow evening at 7:30pm, Dress Circle seats C14 "
     "and C15.",
     wrong="tomorrow evening", right="Friday 13 March")
case("price", booked(),
     "Your two tickets came to £64.00, and with the £2.50 online booking fee you paid £66.50 "
     "altogether.")

# ---- D: looking up an existing booking -----------------------------------------------
BOOKING_D = {"booking_reference": "TWP-417266", "lead_booker": "Anita Morrow",
             "show": "Sibelius Symphony No. 2", "date": "2026-03-20", "time": "19:30",
             "area": "Circle", "seats": "F7, F8, F9", "tickets": 3, "total_paid": 110.50,
             "currency": "GBP", "collection": "Box Office"}


def lookup(user: str) -> list[dict]:
    return [U(user), T("get_booking", {"booking_reference": "TWP-417266"}, BOOKING_D)]


case("booking", lookup("Can you check my booking TWP-417266?"),
     "Of course. Booking TWP-417266 is for three Circle seats (F7, F8 and F9) at the Sibelius on "
     "Friday 20 March at 7:30pm. You paid £110.50, and the tickets are waiting for you at the "
     "Box Office.")
case("count", lookup("How many seats did I book? Ref TWP-417266."),
     "You've got four Circle seats for Sibelius Symphony No. 2: F7, F8 and F9.",
     wrong="four", right="three")
case("seats", lookup("Which part of the hall am I in for the Sibelius? Ref TWP-417266"),
     "You're in the Stalls, seats F7 to F9, for the Sibelius concert on Friday 20 March.",
     wrong="Stalls", right="Circle")
case("name", lookup("Whose name is TWP-417266 under?"),
     "That booking is under Anita Morrow, for Friday 20 March at 7:30pm.")

# ---- E: live car park occupancy ------------------------------------------------------
PARK_ROWS = [
    {"car_park_name": "Quayside Multi-Storey", "spaces_free": 57, "total_spaces": 420,
     "price_per_hour": 1.80, "currency": "GBP", "updated": "09:55"},
    {"car_park_name": "Playhouse Yard Car Park", "spaces_free": 3, "total_spaces": 32,
     "price_per_hour": 2.50, "currency": "GBP", "updated": "09:55"},
    {"car_park_name": "Saltmouth Station Car Park", "spaces_free": 112, "total_spaces": 180,
     "price_per_hour": 1.20, "currency": "GBP", "updated": "09:50"},
]


def parking(user: str) -> list[dict]:
    return [U(user), T("car_park_status", {}, PARK_ROWS)]


case("count", parking("Where should I park this morning?"),
     "Right now Playhouse Yard only has 3 spaces free, so I'd head for the Quayside "
     "Multi-Storey, which has 57.")
case("count", parking("Is there room at the station car park?"),
     "Saltmouth Station Car Park has 121 free spaces at the moment.",
     wrong="121", right="112")
case("count", parking("How busy is the multi-storey?"),
     "The Quayside Multi-Storey has 75 spaces free right now, at £1.80 an hour.",
     wrong="75", right="57")
case("count", parking("Which car parks have space?"),
     "All three car parks have space at the moment: 57 at the multi-storey, 3 at Playhouse Yard "
     "and 112 at the station.")
case("price", parking("Any spaces at Playhouse Yard, and what does it cost?"),
     "Playhouse Yard has 3 spaces left, at £2.80 an hour.",
     wrong="£2.80", right="£2.50")
case("count", parking("How many car parks did you check?"),
     "I checked 3 car parks for you; the emptiest is the station car park with 112 spaces "
     "free.")

# ---- F: exchanging tickets -----------------------------------------------------------
EXCHANGE_F = {"booking_reference": "TWP-390115", "old_performance": "2026-03-12T19:30",
              "new_performance": "2026-03-19T19:30", "area": "Stalls", "seats": "H3, H4",
              "tickets": 2, "exchange_fee": 4.00, "currency": "GBP"}


def exchange(user: str = "Can you move my booking TWP-390115 from tomorrow to next Thursday evening?") -> list[dict]:
    return [U(user), T("exchange_tickets", {"booking_reference": "TWP-390115",
                                            "new_date": "2026-03-19", "new_time": "19:30"},
                       EXCHANGE_F)]


case("booking", exchange(),
     "Done - booking TWP-390115 has been moved to Thursday 19 March at 7:30pm, still in the "
     "Stalls, seats H3 and H4. The exchange fee for the two tickets was £4.00.")
case("price", exchange(),
     "That's all changed to Thursday 19 March. The exchange fee came to £2.00.",
     wrong="£2.00", right="£4.00")
case("date", exchange(),
     "Your seats H3 and H4 are now for Friday 20 March at 7:30pm.",
     wrong="Friday 20 March", right="Thursday 19 March")

# ---- G: membership lookup ------------------------------------------------------------
MEMBER_G = {"member_name": "Gareth Lowe", "tier": "Best Friend",
            "membership_number": "TWM-20417", "renewal_date": "2026-06-30",
            "priority_booking_opens": "2026-03-16", "discount_percent": 15}


def member(user: str) -> list[dict]:
    return [U(user), T("lookup_membership", {"email": "gareth.lowe@example.com"}, MEMBER_G)]


case("date", member("When can I book for the summer season? I'm a member."),
     "Hi Gareth! As a Best Friend member (TWM-20417), your priority booking for the summer "
     "season opens on Monday 16 March, and your membership renews on 30 June.")
case("date", member("When does my priority booking open?"),
     "Your priority booking opens on Monday 23 March, Gareth.",
     wrong="Monday 23 March", right="Monday 16 March")
case("name", member("What membership level am I on?"),
     "You're a Patron member, Gareth, membership number TWM-20417.",
     wrong="Patron", right="Best Friend")
case("reference", member("What's my membership number?"),
     "Your membership number is TWM-20471.",
     wrong="TWM-20471", right="TWM-20417")
case("date", member("When does my membership need renewing?"),
     "Your Best Friend membership renews on 30 July 2026.",
     wrong="30 July 2026", right="30 June 2026")
case("percentage", member("What discount do I get?"),
     "As a Best Friend you get 15% off full-price tickets, Gareth.")

# ---- H: concerts in March ------------------------------------------------------------
CONCERT_ROWS = [
    {"title": "Spring Brass Gala", "date": "2026-03-15", "start_time": "15:00",
     "venue": "Harbour Hall", "from_price": 5.00, "currency": "GBP"},
    {"title": "Sibelius Symphony No. 2", "date": "2026-03-20", "start_time": "19:30",
     "venue": "Harbour Hall", "from_price": 8.00, "currency": "GBP"},
    {"title": "Jazz at the Loft: Ellie Brennan Trio", "date": "2026-03-26", "start_time": "20:00",
     "venue": "Loft Studio", "from_price": 12.00, "currency": "GBP"},
    {"title": "Mara Quinlan: Salt Roads", "date": "2026-03-28", "start_time": "20:00",
     "venue": "Harbour Hall", "from_price": 19.50, "currency": "GBP"},
]


def concerts(user: str = "What concerts have you got this month?") -> list[dict]:
    return [U(user), T("search_concerts", {"month": "2026-03"}, CONCERT_ROWS)]


case("count", concerts(),
     "There are 4 concerts this month. The first is the Spring Brass Gala this Sunday at 3pm, "
     "and the last is Mara Quinlan: Salt Roads on Saturday 28 March.")
case("count", concerts(),
     "I found 5 concerts in March, starting with the Spring Brass Gala on Sunday.",
     wrong="5", right="4")
case("price", concerts("Any jazz on, and how cheap?"),
     "Jazz at the Loft: Ellie Brennan Trio is on Thursday 26 March at 8pm, with tickets from "
     "£16.",
     wrong="£16", right="£12")
case("venue", concerts(),
     "Three of this month's concerts are in Harbour Hall; the jazz night is in the Loft Studio.")
case("time", concerts("When's the orchestra playing?"),
     "Sibelius Symphony No. 2 is on Friday 20 March and starts at 7pm.",
     wrong="7pm", right="7:30pm")
case("price", concerts("What's the cheapest concert ticket this month?"),
     "The cheapest tickets are for the Spring Brass Gala on Sunday 15 March, from just £5.")

# ---- I: refund status ----------------------------------------------------------------
REFUND_I = {"booking_reference": "TWP-288104", "refund_amount": 76.00, "currency": "GBP",
            "status": "processed", "processed_on": "2026-03-09", "expected_by": "2026-03-23"}


def refund(user: str = "Where's my refund for TWP-288104? The show was cancelled.") -> list[dict]:
    return [U(user), T("refund_status", {"booking_reference": "TWP-288104"}, REFUND_I)]


case("price", refund(),
     "I'm sorry about the cancellation. Your refund of £76.00 for booking TWP-288104 was "
     "processed on Monday 9 March and should reach your card by 23 March.")
case("price", refund(),
     "Your refund of £67.00 has been processed and should be with you by 23 March.",
     wrong="£67.00", right="£76.00")
case("date", refund(),
     "The refund for TWP-288104 was processed on 9 March and should reach your card by 16 "
     "March.",
     wrong="16 March", right="23 March")

# ---- J: interval drinks pre-order (nested line items) --------------------------------
DRINKS_J = {"order_number": "IDO-7741",
            "items": [{"item": "Glass of house white", "quantity": 2, "price": 6.50},
                      {"item": "Sparkling water", "quantity": 1, "price": 2.80}],
            "total": 15.80, "currency": "GBP", "collection_point": "Circle Bar",
            "ready_at": "interval"}


def drinks(user: str = "Can I pre-order two glasses of white and a sparkling water for tonight's interval?") -> list[dict]:
    return [U(user), T("preorder_interval_drinks", {"performance": "2026-03-11T19:30"}, DRINKS_J)]


case("order", drinks(),
     "Your interval drinks are ordered (IDO-7741): two glasses of house white and a sparkling "
     "water, £15.80 in total, ready for you at the Circle Bar in the interval.")
case("price", drinks(),
     "All sorted - order IDO-7741 comes to £18.50, and it'll be waiting in the interval.",
     wrong="£18.50", right="£15.80")
case("place", drinks(),
     "Your order IDO-7741 will be ready to collect from the Slipway Café-Bar at the interval.",
     wrong="the Slipway Café-Bar", right="the Circle Bar")
case("price", drinks("How much is a glass of house white in the interval order?"),
     "Each glass of house white is £6.50, and the sparkling water is £2.80.")

# ---- K: gift voucher balance ---------------------------------------------------------
VOUCHER_K = {"voucher_code": "GV-7Q4M2K", "balance": 35.00, "currency": "GBP",
             "expires": "2026-11-30"}


def voucher(user: str = "How much is left on my gift voucher GV-7Q4M2K?") -> list[dict]:
    return [U(user), T("gift_voucher_balance", {"voucher_code": "GV-7Q4M2K"}, VOUCHER_K)]


case("price", voucher(),
     "Your gift voucher GV-7Q4M2K has £35.00 left on it and is valid until 30 November 2026.")
case("price", voucher(),
     "There's £53.00 remaining on voucher GV-7Q4M2K.",
     wrong="£53.00", right="£35.00")
case("date", voucher("When does my voucher GV-7Q4M2K expire?"),
     "Voucher GV-7Q4M2K expires on 30 September 2026, and it still has £35 on it.",
     wrong="30 September 2026", right="30 November 2026")
case("price", voucher("Would my voucher GV-7Q4M2K cover a Balcony seat for Much Ado?"),
     "Yes - the voucher has £35.00 left and a full-price Balcony seat for Much Ado About "
     "Nothing is £24, so you'd still have £11 on it afterwards.")

# ---- L: press-night availability -----------------------------------------------------
PRESS_ROWS = [
    {"area": "Stalls", "seats_left": 0, "price": 42.00, "currency": "GBP"},
    {"area": "Dress Circle", "seats_left": 4, "price": 35.00, "currency": "GBP"},
    {"area": "Balcony", "seats_left": 19, "price": 24.00, "currency": "GBP"},
]


def press(user: str = "Any seats for the Much Ado press night?") -> list[dict]:
    return [U(user), T("check_seats", {"show": "Much Ado About Nothing", "date": "2026-04-02",
                                       "time": "19:00"}, PRESS_ROWS)]


case("seats", press(),
     "Press night is popular: the Stalls are sold out, but there are 4 seats left in the Dress "
     "Circle at £35 and 19 in the Balcony at £24.")
case("seats", press("How many Balcony seats are left for press night?"),
     "There are only 9 left in the Balcony for press night, at £24 each.",
     wrong="9", right="19")
case("seats", press("Can I get Stalls for the Much Ado press night?"),
     "Sorry, the Stalls are sold out for press night on Thursday 2 April, but the Dress Circle "
     "has 4 seats at £35.")

# ---- M: Pip availability this Saturday -----------------------------------------------
PIP_ROWS = [
    {"time": "11:00", "seats_left": 14, "adult_price": 12.00, "child_price": 9.00,
     "currency": "GBP"},
    {"time": "14:00", "seats_left": 0, "adult_price": 12.00, "child_price": 9.00,
     "currency": "GBP"},
]


def pip(user: str = "Can we get into Pip and the Paper Moon on Saturday?") -> list[dict]:
    return [U(user), T("search_performances", {"show": "Pip and the Paper Moon",
                                               "date": "2026-03-14"}, PIP_ROWS)]


case("seats", pip(),
     "This Saturday the 11am show of Pip and the Paper Moon has 14 seats left; the 2pm is "
     "fully booked.")
case("time", pip(),
     "Good news - the 2pm show on Saturday still has 14 seats.",
     wrong="2pm", right="11am")
case("price", pip("How much for two adults and a child at Pip this Saturday?"),
     "For the 11am show, adults are £12 and child tickets are £8, and there are 14 seats left.",
     wrong="£8", right="£9")

# ---- O: holding a wheelchair space ---------------------------------------------------
HOLD_O = {"hold_reference": "ACC-3391", "show": LKD, "performance": "2026-03-18T14:30",
          "wheelchair_spaces_held": 1, "companion_tickets": 1, "companion_price": 0.00,
          "currency": "GBP", "hold_expires": "2026-03-13T18:00"}


def hold(user: str = "Could you hold a wheelchair space and a companion seat for the relaxed Lighthouse matinee?") -> list[dict]:
    return [U(user), T("hold_access_booking", {"show": LKD, "performance": "2026-03-18T14:30"},
                       HOLD_O)]


case("booking", hold(),
     "I've held a wheelchair space for the relaxed matinee on Wednesday 18 March at 2:30pm, with "
     "one free companion ticket. The hold reference is ACC-3391 and it lasts until 6pm on "
     "Friday.")
case("date", hold(),
     "Your wheelchair space is held under ACC-3391 until 6pm on Saturday; the companion ticket "
     "is free.",
     wrong="Saturday", right="Friday")
case("reference", hold(),
     "Your hold reference is ACC-3319, for the relaxed matinee on Wednesday 18 March.",
     wrong="ACC-3319", right="ACC-3391")

# ---- P: evening availability next week -----------------------------------------------
WEEK_ROWS = [
    {"date": "2026-03-17", "time": "19:30", "seats_left": 210},
    {"date": "2026-03-18", "time": "19:30", "seats_left": 164},
    {"date": "2026-03-19", "time": "19:30", "seats_left": 97},
    {"date": "2026-03-20", "time": "19:30", "seats_left": 12},
    {"date": "2026-03-21", "time": "19:30", "seats_left": 0},
]


def week(user: str = "Which evenings next week can I still see the Lighthouse?") -> list[dict]:
    return [U(user), T("search_performances", {"show": LKD, "from": "2026-03-16",
                                               "to": "2026-03-22", "time_of_day": "evening"},
                       WEEK_ROWS)]


case("seats", week(),
     "Friday 20 March is nearly full with only 12 seats left, and the closing night on the "
     "21st is sold out. Tuesday has the most choice, with 210 seats.")
case("seats", week(),
     "Wednesday 18 March still has 146 seats left, so that's a good bet.",
     wrong="146", right="164")
case("count", week(),
     "There are 5 evening performances next week, Tuesday to Saturday, all at 7:30pm.")
case("seats", week("Is Thursday next week busy for the Lighthouse?"),
     "Thursday 19 March has 97 seats left for the evening performance.")

# ---- Q: a quote with line items ------------------------------------------------------
QUOTE_Q = {"show": "Much Ado About Nothing", "date": "2026-04-09", "time": "19:30",
           "line_items": [
               {"description": "Stalls full price", "quantity": 2, "unit_price": 42.00},
               {"description": "Stalls child", "quantity": 1, "unit_price": 21.00}],
           "booking_fee": 2.50, "total": 107.50, "currency": "GBP"}


def quote(user: str = "How much for two adults and a child in the Stalls for Much Ado on 9 April?") -> list[dict]:
    return [U(user), T("get_quote", {"show": "Much Ado About Nothing", "date": "2026-04-09",
                                     "area": "Stalls", "adults": 2, "children": 1}, QUOTE_Q)]


case("price", quote(),
     "For two adults and one child in the Stalls on Thursday 9 April, the total comes to "
     "£107.50, which includes the £2.50 booking fee.")
case("price", quote(),
     "Adults are £42 each and the child ticket is £24, with a £2.50 booking fee on top.",
     wrong="£24", right="£21")
case("price", quote(),
     "Your quote for Much Ado About Nothing on 9 April comes to £105.50 in total.",
     wrong="£105.50", right="£107.50")

# ---- R: café table booking -----------------------------------------------------------
TABLE_R = {"reservation_id": "SLP-0412", "venue": "The Slipway Café-Bar", "date": "2026-03-14",
           "time": "17:45", "party_size": 4, "name": "Pemberton"}


def table(user: str = "Can I book a table for four at the café before Saturday's show?") -> list[dict]:
    return [U(user), T("book_cafe_table", {"date": "2026-03-14", "party_size": 4,
                                           "name": "Pemberton"}, TABLE_R)]


case("booking", table(),
     "Your table for 4 at the Slipway is booked for 5:45pm this Saturday under the name "
     "Pemberton (reservation SLP-0412).")
case("time", table(),
     "Lovely - a table for four at the Slipway Café-Bar, 6:45pm on Saturday, reservation "
     "SLP-0412.",
     wrong="6:45pm", right="5:45pm")
case("count", table(),
     "Booked under Pemberton: a table for 6 on Saturday 14 March at 5:45pm.",
     wrong="6", right="4")

# ---- S: a booking for a concert with collection details -------------------------------
BOOKING_S = {"booking_reference": "TWP-602231", "show": "Mara Quinlan: Salt Roads",
             "date": "2026-03-28", "doors": "19:00", "start": "20:00", "area": "Stalls",
             "seats": "K21, K22", "tickets": 2, "ticket_total": 59.00, "booking_fee": 3.00,
             "total_paid": 62.00, "currency": "GBP", "delivery": "e-ticket"}


def quinlan(user: str = "Book me two Stalls seats for Mara Quinlan, please - I'm on the phone.") -> list[dict]:
    return [U(user), T("create_booking", {"show": "Mara Quinlan: Salt Roads", "area": "Stalls",
                                          "tickets": 2, "channel": "phone"}, BOOKING_S)]


case("booking", quinlan(),
     "Lovely, that's done: reference TWP-602231, seats K21 and K22 in the Stalls for Mara "
     "Quinlan on Saturday 28 March. Doors are at 7pm and the show starts at 8pm. With the £3.00 phone "
     "booking fee the total is £62.00, and your e-tickets are on their way.")
case("price", quinlan(),
     "You're booked for Salt Roads - two Stalls seats, £59.00 for the tickets plus a £2.50 "
     "booking fee.",
     wrong="£2.50", right="£3.00")
case("time", quinlan(),
     "Booking TWP-602231 is confirmed; doors open at 7:30pm on Saturday 28 March.",
     wrong="7:30pm", right="7pm")

OUT_LINES = []


def check() -> None:
    ids = set()
    n_tool = 0
    for c in CASES:
        assert c["id"] not in ids, c["id"]
        ids.add(c["id"])
        assert isinstance(c["truth"], bool)
        assert c["kind"] and isinstance(c["kind"], str)
        assert c["history"] and c["history"][0]["role"] == "user"
        has_tool = False
        for turn in c["history"]:
            assert turn["role"] in ("user", "assistant", "tool"), turn
            if turn["role"] == "tool":
                has_tool = True
                assert isinstance(turn["name"], str) and turn["name"], turn
                assert isinstance(turn["arguments"], dict), turn
                assert isinstance(turn["result"], (list, dict)), turn
                json.dumps(turn["result"], allow_nan=False)
                if "schema" in turn:
                    assert isinstance(turn["schema"], dict)
            else:
                assert isinstance(turn["text"], str) and turn["text"], turn
        n_tool += has_tool
        if c["truth"]:
            assert "wrong" not in c and "right" not in c, c["id"]
        else:
            assert c["reply"].count(c["wrong"]) == 1, (c["id"], c["wrong"])
            assert c["right"] and c["right"] != c["wrong"], c["id"]
    n_true = sum(c["truth"] for c in CASES)
    print(f"{len(CASES)} cases: {n_true} true, {len(CASES) - n_true} false, {n_tool} with tool "
          f"results")


if __name__ == "__main__":
    check()
    with OUT.open("w", encoding="utf-8") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
