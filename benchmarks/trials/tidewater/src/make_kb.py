"""Writes kb.ttl for the Tidewater Playhouse trial.

The hand-written parts (the venue, people, policies, car parks, tiers) are kept as Turtle text;
the repetitive parts (dated performances, offers per seating area and concession) are generated
from the tables below so that they cannot drift apart.
"""
from __future__ import annotations

import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "kb.ttl"

HEAD = """@prefix rdf:    <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs:   <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd:    <http://www.w3.org/2001/XMLSchema#> .
@prefix skos:   <http://www.w3.org/2004/02/skos/core#> .
@prefix schema: <https://schema.org/> .
@prefix kgc:    <https://w3id.org/kgcheck#> .
@prefix tw:     <https://tidewaterplayhouse.example/ns#> .
@prefix twk:    <https://tidewaterplayhouse.example/id/> .

# ================================================================ the building

twk:tidewaterPlayhouse a tw:Theatre ;
    schema:name "Tidewater Playhouse" ;
    skos:altLabel "the Playhouse" , "Tidewater" ;
    schema:description "Regional theatre and concert hall on Saltmouth quayside, with three auditoriums." ;
    schema:address [ a schema:PostalAddress ;
        schema:streetAddress "14 Quayside Parade" ;
        schema:addressLocality "Saltmouth" ;
        schema:postalCode "SM3 7QP" ;
        schema:addressCountry "GB" ] ;
    schema:telephone "01632 960400" ;
    schema:email "hello@tidewaterplayhouse.co.uk" ;
    schema:url "https://www.tidewaterplayhouse.co.uk" ;
    schema:foundingDate "1974-09-21"^^xsd:date ;
    schema:contactPoint [ a schema:ContactPoint ;
        schema:contactType "access bookings" ;
        schema:telephone "01632 960433" ;
        schema:email "access@tidewaterplayhouse.co.uk" ] ,
      [ a schema:ContactPoint ;
        schema:contactType "group bookings" ;
        schema:telephone "01632 960427" ;
        schema:email "groups@tidewaterplayhouse.co.uk" ] ;
    tw:artisticDirector twk:callumFairweather ;
    tw:executiveDirector twk:priyaRaman ;
    tw:boxOfficeManager twk:delphineOkoro ;
    tw:headOfFrontOfHouse twk:tomaszWilk ;
    tw:accessCoordinator twk:jonahPryce .

twk:boxOffice a tw:BoxOffice ;
    schema:name "Box Office" ;
    schema:containedInPlace twk:tidewaterPlayhouse ;
    schema:telephone "01632 960415" ;
    schema:email "boxoffice@tidewaterplayhouse.co.uk" ;
    tw:manager twk:delphineOkoro ;
    schema:description "Ticket sales in person and by phone. Closed on Sundays." ;
    schema:openingHoursSpecification
      [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Monday , schema:Tuesday , schema:Wednesday , schema:Thursday , schema:Friday ;
        schema:opens "10:00:00"^^xsd:time ; schema:closes "18:00:00"^^xsd:time ] ,
      [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Saturday ;
        schema:opens "10:00:00"^^xsd:time ; schema:closes "19:30:00"^^xsd:time ] .

twk:slipway a tw:CafeBar ;
    schema:name "The Slipway Café-Bar" ;
    skos:altLabel "the Slipway" , "Slipway Cafe-Bar" , "Slipway Cafe" ;
    schema:containedInPlace twk:tidewaterPlayhouse ;
    schema:maximumAttendeeCapacity 90 ;
    schema:servesCuisine "light lunches, cakes and pre-show suppers" ;
    schema:openingHoursSpecification
      [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Monday , schema:Tuesday , schema:Wednesday , schema:Thursday ;
        schema:opens "10:00:00"^^xsd:time ; schema:closes "22:30:00"^^xsd:time ] ,
      [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Friday , schema:Saturday ;
        schema:opens "10:00:00"^^xsd:time ; schema:closes "23:30:00"^^xsd:time ] ,
      [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Sunday ;
        schema:opens "11:00:00"^^xsd:time ; schema:closes "17:00:00"^^xsd:time ] .

twk:circleBar a tw:CafeBar ;
    schema:name "Circle Bar" ;
    schema:containedInPlace twk:mainHouse ;
    tw:opensBeforePerformance "PT1H"^^xsd:duration ;
    schema:description "Bar on the Dress Circle level of the Main House; open only on performance days." .

# ================================================================ auditoriums and seating

twk:mainHouse a tw:Auditorium ;
    schema:name "Main House" ;
    schema:containedInPlace twk:tidewaterPlayhouse ;
    schema:maximumAttendeeCapacity 780 ;
    tw:wheelchairSpaces 6 ;
    tw:hasHearingLoop true ;
    tw:unreservedSeating false .

twk:harbourHall a tw:Auditorium ;
    schema:name "Harbour Hall" ;
    schema:description "The concert hall." ;
    schema:containedInPlace twk:tidewaterPlayhouse ;
    schema:maximumAttendeeCapacity 1150 ;
    tw:wheelchairSpaces 10 ;
    tw:hasHearingLoop true ;
    tw:unreservedSeating false .

twk:loftStudio a tw:Auditorium ;
    schema:name "Loft Studio" ;
    skos:altLabel "the Loft" ;
    schema:description "Studio space on the top floor; all seating unreserved." ;
    schema:containedInPlace twk:tidewaterPlayhouse ;
    schema:maximumAttendeeCapacity 120 ;
    tw:wheelchairSpaces 4 ;
    tw:hasHearingLoop true ;
    tw:unreservedSeating true .

twk:mhStalls a tw:SeatingArea ;
    schema:name "Main House Stalls" ; skos:altLabel "Stalls" ;
    schema:containedInPlace twk:mainHouse ;
    schema:maximumAttendeeCapacity 410 .

twk:mhDressCircle a tw:SeatingArea ;
    schema:name "Main House Dress Circle" ; skos:altLabel "Dress Circle" ;
    schema:containedInPlace twk:mainHouse ;
    schema:maximumAttendeeCapacity 230 .

twk:mhBalcony a tw:SeatingArea ;
    schema:name "Main House Balcony" ; skos:altLabel "Balcony" ;
    schema:containedInPlace twk:mainHouse ;
    schema:maximumAttendeeCapacity 140 .

twk:hhStalls a tw:SeatingArea ;
    schema:name "Harbour Hall Stalls" ; skos:altLabel "Stalls" ;
    schema:containedInPlace twk:harbourHall ;
    schema:maximumAttendeeCapacity 620 .

twk:hhCircle a tw:SeatingArea ;
    schema:name "Harbour Hall Circle" ; skos:altLabel "Circle" ;
    schema:containedInPlace twk:harbourHall ;
    schema:maximumAttendeeCapacity 380 .

twk:hhChoir a tw:SeatingArea ;
    schema:name "Harbour Hall Choir Seats" ; skos:altLabel "Choir Seats" ;
    schema:containedInPlace twk:harbourHall ;
    schema:maximumAttendeeCapacity 150 .

# ================================================================ closed sets

twk:captioned a tw:AccessFormat ; rdfs:label "captioned" ; skos:altLabel "captioned performance" .
twk:relaxed a tw:AccessFormat ; rdfs:label "relaxed" ; skos:altLabel "relaxed performance" .
twk:audioDescribed a tw:AccessFormat ; rdfs:label "audio-described" ;
    skos:altLabel "audio described" , "audio-described performance" .

twk:fullPrice a tw:ConcessionType ; rdfs:label "full price" ; skos:altLabel "adult" , "standard" .
twk:child a tw:ConcessionType ; rdfs:label "child" ; skos:altLabel "under-16" , "under 16" ;
    tw:upperAge 16 .
twk:student a tw:ConcessionType ; rdfs:label "student" .
twk:over65 a tw:ConcessionType ; rdfs:label "over-65" ; skos:altLabel "over 65" , "senior" ;
    tw:minimumAge 65 .

twk:online a tw:BookingChannel ; rdfs:label "online booking" ; skos:altLabel "online" ;
    tw:bookingFee 2.50 ; tw:maxTicketsPerBooking 10 .
twk:phone a tw:BookingChannel ; rdfs:label "phone booking" ; skos:altLabel "by phone" ;
    tw:bookingFee 3.00 ; tw:maxTicketsPerBooking 20 .
twk:inPerson a tw:BookingChannel ; rdfs:label "in-person booking" ;
    skos:altLabel "in person at the Box Office" ;
    tw:bookingFee 0.00 .

# ================================================================ people and companies

twk:callumFairweather a tw:StaffMember ; schema:name "Callum Fairweather" ;
    schema:jobTitle "Artistic Director" .
twk:priyaRaman a tw:StaffMember ; schema:name "Priya Raman" ;
    schema:jobTitle "Executive Director" .
twk:delphineOkoro a tw:StaffMember ; schema:name "Delphine Okoro" ;
    schema:jobTitle "Box Office Manager" .
twk:tomaszWilk a tw:StaffMember ; schema:name "Tomasz Wilk" ;
    schema:jobTitle "Head of Front of House" .
twk:jonahPryce a tw:StaffMember ; schema:name "Jonah Pryce" ;
    schema:jobTitle "Access Coordinator" .

twk:nellAchterberg a tw:Artist ; schema:name "Nell Achterberg" ; schema:jobTitle "director" .
twk:ruthPenhallow a tw:Artist ; schema:name "Ruth Penhallow" ; schema:jobTitle "playwright" .
twk:shakespeare a tw:Artist ; schema:name "William Shakespeare" ; skos:altLabel "Shakespeare" .
twk:henrikSaarinen a tw:Artist ; schema:name "Henrik Saarinen" ; schema:jobTitle "Principal Conductor" .
twk:maraQuinlan a tw:Artist ; schema:name "Mara Quinlan" ; schema:jobTitle "singer-songwriter" .
twk:ellieBrennan a tw:Artist ; schema:name "Ellie Brennan" ; schema:jobTitle "jazz pianist" .

twk:tso a tw:MusicGroup ; schema:name "Tidewater Symphony Orchestra" ;
    skos:altLabel "TSO" ; tw:conductor twk:henrikSaarinen .
twk:silverBand a tw:MusicGroup ; schema:name "Saltmouth Silver Band" .
twk:gannets a tw:MusicGroup ; schema:name "The Gannets" .
twk:brennanTrio a tw:MusicGroup ; schema:name "Ellie Brennan Trio" ;
    schema:member twk:ellieBrennan .
twk:paperBoat a tw:Ensemble ; schema:name "Paper Boat Theatre" .

# ================================================================ shows

twk:lighthouse a tw:Production ;
    schema:name "The Lighthouse Keeper's Daughter" ;
    skos:altLabel "Lighthouse Keeper's Daughter" ;
    schema:genre "drama" ;
    schema:location twk:mainHouse ;
    schema:startDate "2026-02-27"^^xsd:date ;
    schema:endDate "2026-03-21"^^xsd:date ;
    schema:duration "PT2H40M"^^xsd:duration ;
    tw:numberOfIntervals 1 ;
    tw:ageGuidance 12 ;
    schema:director twk:nellAchterberg ;
    schema:author twk:ruthPenhallow ;
    schema:eventSchedule
      [ a schema:Schedule ; schema:byDay schema:Tuesday , schema:Wednesday , schema:Thursday , schema:Friday , schema:Saturday ;
        schema:startTime "19:30:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-02-27"^^xsd:date ; schema:endDate "2026-03-21"^^xsd:date ] ,
      [ a schema:Schedule ; schema:byDay schema:Thursday , schema:Saturday ;
        schema:startTime "14:30:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-02-28"^^xsd:date ; schema:endDate "2026-03-21"^^xsd:date ] .

twk:muchAdo a tw:Production ;
    schema:name "Much Ado About Nothing" ;
    skos:altLabel "Much Ado" ;
    schema:genre "comedy" ;
    schema:location twk:mainHouse ;
    schema:startDate "2026-04-02"^^xsd:date ;
    schema:endDate "2026-04-25"^^xsd:date ;
    schema:duration "PT2H50M"^^xsd:duration ;
    tw:numberOfIntervals 1 ;
    tw:ageGuidance 10 ;
    schema:director twk:callumFairweather ;
    schema:author twk:shakespeare ;
    schema:eventSchedule
      [ a schema:Schedule ; schema:byDay schema:Tuesday , schema:Wednesday , schema:Thursday , schema:Friday , schema:Saturday ;
        schema:startTime "19:30:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-04-03"^^xsd:date ; schema:endDate "2026-04-25"^^xsd:date ] ,
      [ a schema:Schedule ; schema:byDay schema:Thursday , schema:Saturday ;
        schema:startTime "14:30:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-04-04"^^xsd:date ; schema:endDate "2026-04-25"^^xsd:date ] .

twk:paperMoon a tw:Production ;
    schema:name "Pip and the Paper Moon" ;
    schema:genre "family show" ;
    schema:location twk:loftStudio ;
    schema:startDate "2026-03-14"^^xsd:date ;
    schema:endDate "2026-04-05"^^xsd:date ;
    schema:duration "PT55M"^^xsd:duration ;
    tw:numberOfIntervals 0 ;
    tw:ageGuidance 3 ;
    tw:producedBy twk:paperBoat ;
    schema:eventSchedule
      [ a schema:Schedule ; schema:byDay schema:Saturday , schema:Sunday ;
        schema:startTime "11:00:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-03-14"^^xsd:date ; schema:endDate "2026-04-05"^^xsd:date ] ,
      [ a schema:Schedule ; schema:byDay schema:Saturday , schema:Sunday ;
        schema:startTime "14:00:00"^^xsd:time ; schema:repeatFrequency "P1W" ;
        schema:startDate "2026-03-14"^^xsd:date ; schema:endDate "2026-04-05"^^xsd:date ] .

twk:sibelius a tw:Concert ;
    schema:name "Sibelius Symphony No. 2" ;
    skos:altLabel "Sibelius 2" ;
    schema:genre "classical" ;
    schema:performer twk:tso ;
    tw:conductor twk:henrikSaarinen ;
    schema:location twk:harbourHall ;
    schema:startDate "2026-03-20T19:30:00+00:00"^^xsd:dateTime ;
    schema:duration "PT1H55M"^^xsd:duration ;
    tw:numberOfIntervals 1 ;
    tw:preConcertTalk "18:30:00"^^xsd:time .

twk:saltRoads a tw:Concert ;
    schema:name "Mara Quinlan: Salt Roads" ;
    skos:altLabel "Salt Roads" , "Salt Roads tour" ;
    schema:genre "folk" ;
    schema:performer twk:maraQuinlan ;
    tw:supportAct twk:gannets ;
    schema:location twk:harbourHall ;
    schema:doorTime "2026-03-28T19:00:00+00:00"^^xsd:dateTime ;
    schema:startDate "2026-03-28T20:00:00+00:00"^^xsd:dateTime ;
    schema:duration "PT2H10M"^^xsd:duration ;
    tw:numberOfIntervals 1 .

twk:brassGala a tw:Concert ;
    schema:name "Spring Brass Gala" ;
    schema:genre "brass band" ;
    schema:performer twk:silverBand ;
    schema:location twk:harbourHall ;
    schema:startDate "2026-03-15T15:00:00+00:00"^^xsd:dateTime ;
    schema:duration "PT2H"^^xsd:duration ;
    tw:numberOfIntervals 1 .

twk:jazzLoft a tw:Concert ;
    schema:name "Jazz at the Loft: Ellie Brennan Trio" ;
    skos:altLabel "Jazz at the Loft" ;
    schema:genre "jazz" ;
    schema:performer twk:brennanTrio ;
    schema:location twk:loftStudio ;
    schema:startDate "2026-03-26T20:00:00+00:00"^^xsd:dateTime ;
    schema:duration "PT1H30M"^^xsd:duration ;
    tw:numberOfIntervals 0 ;
    tw:ageGuidance 16 .

# ================================================================ membership, schemes, policies

twk:friend a tw:MembershipTier ;
    schema:name "Friend" ; skos:altLabel "Friend membership" , "Friends" ;
    tw:annualFee 40.00 ;
    tw:priorityBookingDays 7 ;
    tw:ticketDiscount 10 ;
    tw:maxDiscountedTickets 2 ;
    tw:bookingFeeWaived false .

twk:bestFriend a tw:MembershipTier ;
    schema:name "Best Friend" ; skos:altLabel "Best Friend membership" , "Best Friends" ;
    tw:annualFee 95.00 ;
    tw:priorityBookingDays 14 ;
    tw:ticketDiscount 15 ;
    tw:maxDiscountedTickets 4 ;
    tw:bookingFeeWaived true .

twk:patron a tw:MembershipTier ;
    schema:name "Patron" ; skos:altLabel "Patron membership" , "Patrons" ;
    tw:annualFee 250.00 ;
    tw:priorityBookingDays 21 ;
    tw:ticketDiscount 20 ;
    tw:maxDiscountedTickets 6 ;
    tw:bookingFeeWaived true .

twk:groupScheme a tw:TicketPolicy ;
    schema:name "Group booking scheme" ; skos:altLabel "group bookings" , "group discount" ;
    tw:minimumGroupSize 10 ;
    tw:ticketDiscount 15 ;
    tw:policyText "Groups of 10 or more get 15% off full-price tickets for plays in the Main House." .

twk:accessScheme a tw:TicketPolicy ;
    schema:name "Access Scheme" ;
    tw:joiningFee 0.00 ;
    tw:companionTicketPrice 0.00 ;
    tw:policyText "Free to join. Members who need an essential companion get the companion's ticket free; book on the access line." .

twk:exchangePolicy a tw:TicketPolicy ;
    schema:name "Ticket exchange policy" ; skos:altLabel "exchange policy" , "exchanges" ;
    tw:exchangeDeadlineHours 48 ;
    tw:exchangeFee 2.00 ;
    tw:creditVoucherValidity "P12M"^^xsd:duration ;
    tw:policyText "Tickets can be exchanged for another performance of the same show up to 48 hours before the performance, for a fee of £2 per ticket (free for Best Friend and Patron members). Tickets returned in time can instead be turned into a credit voucher valid for 12 months." .

twk:refundPolicy a tw:TicketPolicy ;
    schema:name "Refund policy" ; skos:altLabel "refunds" ;
    tw:refundProcessingDays 14 ;
    tw:policyText "Refunds are given only when a performance is cancelled or substantially changed; the money reaches the original payment card within 14 days." .

twk:latecomersPolicy a tw:TicketPolicy ;
    schema:name "Latecomers policy" ;
    tw:policyText "Latecomers are admitted at a suitable break in the performance, which may be the interval." .

# ================================================================ parking

twk:quaysideMsCp a tw:CarPark ;
    schema:name "Quayside Multi-Storey" ; skos:altLabel "Quayside Multi-Storey Car Park" , "the multi-storey" ;
    schema:address [ a schema:PostalAddress ;
        schema:streetAddress "Ferry Lane" ; schema:addressLocality "Saltmouth" ; schema:postalCode "SM3 7QT" ] ;
    tw:numberOfSpaces 420 ;
    tw:accessibleSpaces 16 ;
    tw:pricePerHour 1.80 ;
    tw:eveningFlatRate 4.00 ;
    tw:distanceFromTheatre 250 ;
    tw:operatedBy "Saltmouth Borough Council" .

twk:playhouseYard a tw:CarPark ;
    schema:name "Playhouse Yard Car Park" ; skos:altLabel "Playhouse Yard" ;
    schema:address [ a schema:PostalAddress ;
        schema:streetAddress "2 Chandler's Row" ; schema:addressLocality "Saltmouth" ; schema:postalCode "SM3 7QR" ] ;
    tw:numberOfSpaces 32 ;
    tw:accessibleSpaces 8 ;
    tw:pricePerHour 2.50 ;
    tw:eveningFlatRate 6.00 ;
    tw:distanceFromTheatre 40 ;
    tw:operatedBy "Tidewater Playhouse" .

twk:stationCarPark a tw:CarPark ;
    schema:name "Saltmouth Station Car Park" ; skos:altLabel "the station car park" ;
    schema:address [ a schema:PostalAddress ;
        schema:streetAddress "Station Approach" ; schema:addressLocality "Saltmouth" ; schema:postalCode "SM2 4AB" ] ;
    tw:numberOfSpaces 180 ;
    tw:accessibleSpaces 6 ;
    tw:pricePerHour 1.20 ;
    tw:distanceFromTheatre 900 ;
    tw:operatedBy "Coastline Rail" .
"""

# ---------------------------------------------------------------- dated performances
# (show, date, time, offset, access format or None, press night)
PERFORMANCES = [
    # The Lighthouse Keeper's Daughter: the rest of the run from 11 March 2026
    ("lighthouse", "2026-03-11", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-12", "14:30", "+00:00", None, False),
    ("lighthouse", "2026-03-12", "19:30", "+00:00", "captioned", False),
    ("lighthouse", "2026-03-13", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-14", "14:30", "+00:00", "audioDescribed", False),
    ("lighthouse", "2026-03-14", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-17", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-18", "14:30", "+00:00", "relaxed", False),
    ("lighthouse", "2026-03-18", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-19", "14:30", "+00:00", None, False),
    ("lighthouse", "2026-03-19", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-20", "19:30", "+00:00", None, False),
    ("lighthouse", "2026-03-21", "14:30", "+00:00", None, False),
    ("lighthouse", "2026-03-21", "19:30", "+00:00", None, False),
    # Much Ado About Nothing: press night and the access performances
    ("muchAdo", "2026-04-02", "19:00", "+01:00", None, True),
    ("muchAdo", "2026-04-14", "19:30", "+01:00", "captioned", False),
    ("muchAdo", "2026-04-18", "14:30", "+01:00", "audioDescribed", False),
    ("muchAdo", "2026-04-23", "14:30", "+01:00", "relaxed", False),
]
# Pip and the Paper Moon: weekend performances are on schedules (in HEAD); only the relaxed one is listed
PERFORMANCES.append(("paperMoon", "2026-03-22", "11:00", "+00:00", "relaxed", False))

# ---------------------------------------------------------------- offers
# (show, seating area or None, concession, price)
OFFERS = []
for area, prices in {"mhStalls": (38, 19, 25, 34), "mhDressCircle": (32, 16, 21, 28),
                     "mhBalcony": (22, 11, 15, 19)}.items():
    for conc, p in zip(("fullPrice", "child", "student", "over65"), prices):
        OFFERS.append(("lighthouse", area, conc, p))
for area, prices in {"mhStalls": (42, 21, 28, 38), "mhDressCircle": (35, 17.50, 24, 31),
                     "mhBalcony": (24, 12, 16, 21)}.items():
    for conc, p in zip(("fullPrice", "child", "student", "over65"), prices):
        OFFERS.append(("muchAdo", area, conc, p))
OFFERS += [
    ("paperMoon", None, "fullPrice", 12), ("paperMoon", None, "child", 9),
    ("sibelius", "hhStalls", "fullPrice", 30), ("sibelius", "hhCircle", "fullPrice", 36),
    ("sibelius", "hhChoir", "fullPrice", 18), ("sibelius", None, "child", 8),
    ("saltRoads", "hhStalls", "fullPrice", 29.50), ("saltRoads", "hhCircle", "fullPrice", 26.50),
    ("saltRoads", "hhChoir", "fullPrice", 19.50),
    ("brassGala", None, "fullPrice", 15), ("brassGala", None, "child", 5),
    ("jazzLoft", None, "fullPrice", 16), ("jazzLoft", None, "student", 12),
]


def money(p: float) -> str:
    return f"{p:.2f}"


def main() -> None:
    out = [HEAD, "\n# ================================================================ performances (generated)\n"]
    for i, (show, d, t, off, access, press) in enumerate(PERFORMANCES, 1):
        lines = [f"twk:perf{i:03d} a tw:Performance ;",
                 f"    schema:superEvent twk:{show} ;",
                 f'    schema:startDate "{d}T{t}:00{off}"^^xsd:dateTime']
        if access:
            lines[-1] += " ;"
            lines.append(f"    tw:accessFormat twk:{access}")
        if press:
            lines[-1] += " ;"
            lines.append("    tw:isPressNight true")
        out.append("\n".join(lines) + " .\n")
    out.append("\n# ================================================================ offers (generated)\n")
    by_show: dict[str, list] = {}
    for show, area, conc, p in OFFERS:
        by_show.setdefault(show, []).append((area, conc, p))
    for show, offers in by_show.items():
        parts = []
        for area, conc, p in offers:
            body = ["a schema:Offer", f"schema:price {money(p)}", 'schema:priceCurrency "GBP"',
                    f"tw:concession twk:{conc}"]
            if area:
                body.append(f"tw:seatingArea twk:{area}")
            parts.append("    [ " + " ;\n      ".join(body) + " ]")
        out.append(f"twk:{show} schema:offers\n" + " ,\n".join(parts) + " .\n")
    OUT.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    main()
