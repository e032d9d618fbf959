"""Write cases.jsonl for the Alpenglow trial.

Every case is judged only against kb.ttl, the tool results in its history and
now = 2027-02-12T09:15:00+01:00 (a Friday).  A false case carries exactly one
false stretch (`wrong`), which must occur exactly once in its reply.
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "cases.jsonl"

CASES = []


def U(text):
    return {"role": "user", "text": text}


def A(text):
    return {"role": "assistant", "text": text}


def T(name, arguments, result):
    return {"role": "tool", "name": name, "arguments": arguments, "result": result}


def case(id_, kind, history, reply, wrong=None, right=None):
    c = {"id": id_, "history": history, "reply": reply, "truth": wrong is None, "kind": kind}
    if wrong is not None:
        c["wrong"] = wrong
        c["right"] = right
    CASES.append(c)


# ---------------------------------------------------------------------------
# Shared tool results
# ---------------------------------------------------------------------------

LIFT_STATUS = T(
    "lift_status",
    {"date": "2027-02-12"},
    [
        {"lift_name": "Alpenglow Gondola", "status": "open", "wait_minutes": 5},
        {"lift_name": "Hoher Stein Express", "status": "open", "wait_minutes": 10},
        {"lift_name": "Gletscherblick Chair", "status": "on hold", "reason": "wind", "expected_reopening": "11:00"},
        {"lift_name": "Sonnenwiese Chair", "status": "open", "wait_minutes": 0},
        {"lift_name": "Oberried Gondola", "status": "open", "wait_minutes": 15},
        {"lift_name": "Waldrand T-Bar", "status": "open", "wait_minutes": 0},
        {"lift_name": "Zwergerl Carpet", "status": "open", "wait_minutes": 0},
        {"lift_name": "Kathrein Chair", "status": "closed", "reason": "technical fault"},
    ],
)

SNOW_REPORT = T(
    "snow_report",
    {"date": "2027-02-12"},
    {
        "date": "2027-02-12",
        "last_updated": "07:30",
        "summit_snow_depth_cm": 195,
        "valley_snow_depth_cm": 65,
        "new_snow_24h_cm": 10,
        "open_lifts": 6,
        "total_lifts": 9,
        "open_slopes": 10,
        "open_piste_km": 71.5,
        "avalanche_danger_level": 3,
    },
)

BEGINNER_AVAIL = T(
    "lesson_availability",
    {"lesson": "Adult Beginner Group", "from_date": "2027-02-14", "to_date": "2027-02-16"},
    [
        {"lesson_name": "Adult Beginner Group", "date": "2027-02-14", "start_time": "10:00", "places_left": 2, "instructor": "Lena Hofer"},
        {"lesson_name": "Adult Beginner Group", "date": "2027-02-15", "start_time": "10:00", "places_left": 5, "instructor": "Jakob Strasser"},
        {"lesson_name": "Adult Beginner Group", "date": "2027-02-16", "start_time": "10:00", "places_left": 0, "instructor": "Jakob Strasser"},
    ],
)

KIDS_BOOKING = T(
    "book_lesson",
    {"lesson": "Kids Group Lessons", "start_date": "2027-02-14", "days": 5, "participants": 2},
    {
        "booking_reference": "ASS-48213",
        "lesson_name": "Kids Group Lessons",
        "start_date": "2027-02-14",
        "end_date": "2027-02-18",
        "days": 5,
        "participants": 2,
        "start_time": "10:00",
        "meeting_point": "Sonnenwiese Sun Terrace",
        "total_price": 758.00,
        "currency": "EUR",
        "status": "confirmed",
    },
)

PREMIUM_QUOTE = T(
    "rental_quote",
    {"shop": "Gipfel Sport Rental", "package": "Premium Ski Package", "days": 6, "people": 2},
    {
        "shop_name": "Gipfel Sport Rental",
        "package": "Premium Ski Package",
        "days": 6,
        "people": 2,
        "price_per_day": 54.00,
        "charged_days": 5,
        "total": 540.00,
        "currency": "EUR",
    },
)

FAMILY_PASS_QUOTE = T(
    "pass_quote",
    {"pass": "6-Day Pass", "start_date": "2027-02-14", "guests": [{"age": 42}, {"age": 40}, {"age": 11}], "insurance": True},
    {
        "line_items": [
            {"description": "6-Day Pass, adult", "quantity": 2, "unit_price": 312.00, "amount": 624.00},
            {"description": "6-Day Pass, child", "quantity": 1, "unit_price": 186.00, "amount": 186.00},
            {"description": "SnowCare insurance, 6 days", "quantity": 3, "unit_price": 23.40, "amount": 70.20},
            {"description": "KeyCard deposit", "quantity": 3, "unit_price": 5.00, "amount": 15.00},
        ],
        "valid_from": "2027-02-14",
        "valid_until": "2027-02-19",
        "total": 895.20,
        "currency": "EUR",
    },
)

DAY_PASS_QUOTE = T(
    "pass_quote",
    {"pass": "1-Day Pass", "start_date": "2027-02-13", "guests": [{"age": 17}, {"age": 45}], "insurance": False},
    {
        "line_items": [
            {"description": "1-Day Pass, youth", "quantity": 1, "unit_price": 50.00, "amount": 50.00},
            {"description": "1-Day Pass, adult", "quantity": 1, "unit_price": 62.00, "amount": 62.00},
            {"description": "KeyCard deposit", "quantity": 2, "unit_price": 5.00, "amount": 10.00},
        ],
        "valid_from": "2027-02-13",
        "total": 122.00,
        "currency": "EUR",
    },
)

BUS1_TIMES = T(
    "shuttle_times",
    {"line": "1", "from": "Alpenglow Dorf", "date": "2027-02-12", "after": "16:00"},
    [
        {"line": "1", "departure": "16:10", "arrival_oberried": "16:25"},
        {"line": "1", "departure": "16:30", "arrival_oberried": "16:45"},
        {"line": "1", "departure": "16:50", "arrival_oberried": "17:05"},
    ],
)

BUS2_TIMES = T(
    "shuttle_times",
    {"line": "2", "from": "Alpenglow Dorf", "date": "2027-02-13", "after": "08:00"},
    [
        {"line": "2", "departure": "08:20", "arrival_unterau": "08:32"},
        {"line": "2", "departure": "08:50", "arrival_unterau": "09:02"},
    ],
)

TABLE_BOOKING = T(
    "reserve_table",
    {"restaurant": "Zirbenhütte", "date": "2027-02-13", "time": "12:30", "party_size": 4},
    {
        "confirmation_number": "ZH-2291",
        "restaurant_name": "Zirbenhütte",
        "date": "2027-02-13",
        "time": "12:30",
        "party_size": 4,
        "status": "confirmed",
    },
)

FORECAST = T(
    "weather_forecast",
    {"location": "Alpenglow village", "days": 5},
    [
        {"date": "2027-02-13", "condition": "partly cloudy", "high_c": 3, "low_c": -6, "fresh_snow_cm": 0},
        {"date": "2027-02-14", "condition": "snow", "high_c": 0, "low_c": -4, "fresh_snow_cm": 6},
        {"date": "2027-02-15", "condition": "snow", "high_c": -1, "low_c": -7, "fresh_snow_cm": 12},
        {"date": "2027-02-16", "condition": "sunny", "high_c": -2, "low_c": -11, "fresh_snow_cm": 0},
        {"date": "2027-02-17", "condition": "sunny", "high_c": 1, "low_c": -9, "fresh_snow_cm": 0},
    ],
)

PASS_LOOKUP = T(
    "pass_lookup",
    {"keycard_number": "01-1614-7789-2203"},
    {
        "pass_type": "3-Day Pass",
        "age_band": "adult",
        "holder_name": "Marta Kowalski",
        "valid_from": "2027-02-11",
        "valid_until": "2027-02-13",
        "days_used": 2,
        "snowcare": False,
    },
)

OFFPISTE_AVAIL = T(
    "lesson_availability",
    {"lesson": "Off-Piste Clinic", "from_date": "2027-02-13", "to_date": "2027-02-13"},
    [{"lesson_name": "Off-Piste Clinic", "date": "2027-02-13", "start_time": "09:00", "places_left": 3, "guide": "Toni Wieser"}],
)

SNOWBOARD_AVAIL = T(
    "rental_availability",
    {"shop": "Bergwerk Ski Hire", "package": "Snowboard Package", "date": "2027-02-13"},
    [{"shop_name": "Bergwerk Ski Hire", "package": "Snowboard Package", "date": "2027-02-13", "available_units": 4, "price_per_day": 37.00, "currency": "EUR"}],
)

PRIVATE_BOOKING = T(
    "book_lesson",
    {"lesson": "Private Lesson", "date": "2027-02-13", "time": "13:00", "participants": 3},
    {
        "booking_reference": "ASS-48377",
        "lesson_name": "Private Lesson",
        "date": "2027-02-13",
        "start_time": "13:00",
        "end_time": "15:00",
        "participants": 3,
        "instructor": "Sophie Rainer",
        "meeting_point": "School Office",
        "total_price": 220.00,
        "currency": "EUR",
        "status": "confirmed",
    },
)

KIDS_RENTAL_QUOTE = T(
    "rental_quote",
    {"shop": "Bergwerk Ski Hire", "package": "Kids Ski Package", "days": 3, "people": 1},
    {
        "shop_name": "Bergwerk Ski Hire",
        "package": "Kids Ski Package",
        "days": 3,
        "people": 1,
        "price_per_day": 20.00,
        "charged_days": 3,
        "total": 60.00,
        "currency": "EUR",
    },
)

IMPROVER_BOOKING = T(
    "book_lesson",
    {"lesson": "Adult Improver Group", "date": "2027-02-14", "participants": 1},
    {
        "booking_reference": "ASS-48502",
        "lesson_name": "Adult Improver Group",
        "date": "2027-02-14",
        "start_time": "13:30",
        "end_time": "16:00",
        "participants": 1,
        "meeting_point": "Hoher Stein Mid-Station",
        "total_price": 75.00,
        "currency": "EUR",
        "status": "confirmed",
    },
)

EXPRESS_STATUS = T(
    "lift_status",
    {"date": "2027-02-12", "lift": "Hoher Stein Express"},
    [{"lift_name": "Hoher Stein Express", "status": "open", "wait_minutes": 10}],
)

# ---------------------------------------------------------------------------
# Cases answered from the knowledge base alone
# ---------------------------------------------------------------------------

case("s001", "price", [U("How much is a day pass for an adult?")],
     "An adult 1-Day Pass is €62. If you're only planning to ski in the afternoon, the Half-Day Pass is valid from 12:00 and costs €47 for adults.")

case("s002", "price", [U("What does a 3-day pass cost for my 12-year-old?")],
     "For a 12-year-old you'd pay the child rate, which covers ages 6 to 15. The 3-Day Pass for a child is €112.",
     "€112", "€102")

case("s003", "price", [U("I'm 67 - is there a senior discount on the week pass?")],
     "Yes! From 65 you get the senior rate, so the 6-Day Pass costs you €279 instead of the €312 adults pay. Just bring a photo along, since the 6-Day Pass needs one.")

case("s004", "price", [U("My son is 17. What would his day pass be?")],
     "At 17 he's in the youth band (16 to 19), so his 1-Day Pass is €55.",
     "€55", "€50")

case("s005", "policy", [U("Do kids under 6 need a lift pass?")],
     "Good news: children under 6 ski free at Alpenglow, as long as they're with a paying adult. They still need a KeyCard, which has a €5 deposit that you get back at any ticket office or KeyCard return machine.")

case("s006", "policy", [U("Is the deposit on the ski pass card refundable?")],
     "Yes, the KeyCard deposit is €10 and you get it back in full when you hand the card in at a ticket office or one of the KeyCard return machines.",
     "€10", "€5")

case("s007", "hours", [U("When does the main gondola open today?")],
     "The Alpenglow Gondola runs from 8:30 until 4:30 pm today. From the 1st of March it stays open a little longer, until 5 pm.")

case("s008", "hours", [U("What time does the Gletscherblick chair close?")],
     "The Gletscherblick Chair closes at 4:30 pm, so make sure you're on your last ride up before then. It opens at 9:00 in the morning.",
     "4:30 pm", "4 pm")

case("s009", "hours", [U("Is there any night skiing tonight?")],
     "Yes, tonight's a floodlit evening! The Waldrand T-Bar runs from 7 pm to 9:30 pm on Wednesdays and Fridays, so you can ski the Waldweg under the lights.")

case("s010", "hours", [U("What are the hours of the Kathrein Chair?")],
     "The Kathrein Chair runs from 9:30 am to 3:45 pm, so it closes a bit earlier than our other lifts.",
     "9:30 am", "9 am")

case("s011", "lift", [U("How long is the ride on the Oberried Gondola?")],
     "The Oberried Gondola takes about 11 minutes from Oberried up to Sonnenwiese. The cabins seat 8 people each.")

case("s012", "lift", [U("Is the Hoher Stein Express a big chair?")],
     "It is! The Hoher Stein Express is a 6-seater chairlift that carries up to 3,000 people per hour, and the ride up to Steinkamm only takes 8 minutes.",
     "8 minutes", "6 minutes")

case("s013", "status", [U("Is the Edelweiss lift running this week?")],
     "I'm sorry, the Edelweiss Drag Lift is closed for the season while its rope is replaced, so the Edelweiss run can't be reached this winter. If you want to get up to Sonnenkopf, the Sonnenwiese Chair goes there too.")

case("s014", "name", [U("Which lift takes me to the summit?")],
     "The Gletscherblick Chair goes all the way up to the Hoher Stein summit at 2,940 m. You catch it at Steinkamm, which you reach with the Sonnenwiese Chair from the mid-station.",
     "Sonnenwiese Chair", "Hoher Stein Express")

case("s015", "slope", [U("What's your longest run?")],
     "The longest is the Oberrieder Talabfahrt, a red run of 5.6 km that takes you all the way down to Oberried. The Dorfabfahrt home run is a close second at 4.8 km.")

case("s016", "slope", [U("How hard is the Teufelsrinne?")],
     "The Teufelsrinne is a black run, 1.2 km long with a 620 m vertical drop, off the Gletscherblick Chair. It's one for confident skiers!",
     "620 m", "520 m")

case("s017", "slope", [U("I'm a nervous intermediate. Is there a nice blue run higher up?")],
     "Panorama would be a lovely choice: it's a 3.4 km blue run served by the Hoher Stein Express, and it brings you back down to the Hoher Stein mid-station.")

case("s018", "slope", [U("What kind of run is Gamsrinne?")],
     "Gamsrinne is a ski route, 2.2 km long with 650 m of vertical, and it finishes at the Hoher Stein mid-station.",
     "the Hoher Stein mid-station", "Steinkamm")

case("s019", "slope", [U("How long is the nursery slope?")],
     "The Zwergerlwiese is our green beginner slope. It's just 0.3 km long and served by the Zwergerl Carpet, so it's perfect for first turns.")

case("s020", "slope", [U("Is Sonnenhang a red?")],
     "No, Sonnenhang is a blue run: 2.1 km from the top of the Kathrein Chair down to Sonnenwiese.",
     "Kathrein Chair", "Sonnenwiese Chair")

case("s021", "count", [U("How big is the ski area? How many lifts do you have?")],
     "Alpenglow has 9 lifts in total and 86 km of pistes, and the highest point is the Hoher Stein summit at 2,940 m.")

case("s022", "count", [U("How many of your lifts are running this season?")],
     "Of our 9 lifts, 7 are running this season. Only the Edelweiss Drag Lift is closed for the season.",
     "7", "8")

case("s023", "lesson", [U("My 4-year-old wants to learn to ski. What do you have for her?")],
     "The Snow Rabbits Kids Club is made for 3 to 5 year olds. It runs from 9:30 to 12:00 at Zwergerl Park, with at most 6 children per group, and costs €69 a day or €295 for five days.")

case("s024", "lesson", [U("When do the adult beginner lessons start and finish?")],
     "The Adult Beginner Group meets at Zwergerl Park at 10:00 and finishes at 1 pm, Sunday through Friday.",
     "1 pm", "12:30 pm")

case("s025", "lesson", [U("Where do the kids' group lessons meet?")],
     "Kids Group Lessons meet at the Sonnenwiese Sun Terrace, at the top of the Oberried Gondola. They run from 10 am to 3 pm and are for children aged 6 to 14.")

case("s026", "lesson", [U("How much is the off-piste clinic and when does it run?")],
     "The Off-Piste Clinic costs €145 and runs on Tuesdays, Thursdays and Sundays from 9 am to 1 pm, starting at the School Office.",
     "Sundays", "Saturdays")

case("s027", "lesson", [U("How much would a private lesson be for the three of us?")],
     "A Private Lesson lasts 2 hours and costs €190 for one or two people. Each extra person is €30, so for the three of you it comes to €220.")

case("s028", "lesson", [U("Can my 9-year-old join the snowboard group?")],
     "Unfortunately not yet: the Snowboard Beginner Group is from age 12, and it meets at the Sonnenwiese Sun Terrace at 10:00.",
     "age 12", "age 10")

case("s029", "lesson", [U("I can do blue runs but want to get better. Which lesson?")],
     "The Adult Improver Group would suit you. It's for intermediate skiers and runs in the afternoon, from 1:30 to 4 pm, meeting at the Hoher Stein Mid-Station. It's €75 per day or €325 for five days.")

case("s030", "lesson", [U("How big are the snowboard groups?")],
     "The Snowboard Beginner Group has a maximum of 8 riders, so your teenager will get plenty of attention. It runs from 10:00 to 12:30.",
     "8 riders", "7 riders")

case("s031", "policy", [U("If we cancel a lesson, do we get our money back?")],
     "If you cancel at least 24 hours before the lesson starts, you get a full refund. Later cancellations and missed lessons aren't refunded, unless you have SnowCare insurance and a doctor's certificate.")

case("s032", "policy", [U("What does SnowCare cost and what does it cover?")],
     "SnowCare is €4.90 per person per day. It covers piste and helicopter rescue, and it refunds unused lift pass days if you're injured or ill.",
     "€4.90", "€3.90")

case("s033", "rental", [U("How much are skis at Bergwerk?")],
     "At Bergwerk Ski Hire in Oberried, the Standard Ski Package (skis, boots and poles) is €35 a day, and the Premium Ski Package is €50 a day.")

case("s034", "rental", [U("Can I rent touring gear at Stein Rent?")],
     "Touring gear is only available at Gipfel Sport Rental: the Ski Touring Package is €59 a day and includes touring skis, skins, touring boots and poles. Gipfel is at Dorfstrasse 21, by the gondola base.",
     "Dorfstrasse 21", "Dorfstrasse 12")

case("s035", "hours", [U("When does Gipfel Sport open on Saturday?")],
     "On Saturdays and Sundays Gipfel Sport Rental opens early, at 7:30, and stays open until 6:30 pm. On weekdays it's 8:00 to 6:00 pm.")

case("s036", "rental", [U("How much are kids' skis at Gipfel?")],
     "The Kids Ski Package at Gipfel Sport Rental is €24 a day, and it includes skis, boots, poles and a helmet.",
     "€24", "€22")

case("s037", "rental", [U("We're here for 6 days. Is there any deal on rental?")],
     "Yes! At every Alpenglow rental shop you rent for 6 days and pay for 5. You can also swap your equipment between shops free of charge.")

case("s038", "rental", [U("I forgot my helmet. Can I get one up at the mid-station?")],
     "Yes, Stein Rent at the Hoher Stein Mid-Station rents helmets for €8 a day. They're open from 9:00 to 16:00.",
     "€8", "€9")

case("s039", "restaurant", [U("Where can we have a proper sit-down lunch near the top of the gondola?")],
     "The Zirbenhütte, near the top of the Alpenglow Gondola, serves Tyrolean food and takes reservations. It has 180 seats and is open from 9:00 to 16:30. You can call them on +43 5413 8841.")

case("s040", "hours", [U("Is the Waldrast open on Monday?")],
     "I'm afraid the Waldrast is closed on Mondays. From Tuesday to Sunday it's open from 9:30 am to 5:30 pm.",
     "5:30 pm", "4:30 pm")

case("s041", "restaurant", [U("Is there anywhere to eat at the very top?")],
     "At the summit you'll find the Gipfelstube 2940, at 2,940 m. It's small, with 60 seats, serves snacks and soups, and is open from 10:00 to 15:30.")

case("s042", "restaurant", [U("Can I book a table at Panoramarestaurant Steinkamm?")],
     "The Panoramarestaurant Steinkamm doesn't take reservations, but with 230 seats there's usually room. It's open from 9 am to 4 pm.",
     "230 seats", "320 seats")

case("s043", "hours", [U("How late is the Kuhstall open tonight?")],
     "It's Friday, so the Kuhstall Après-Ski Bar is open until 11 pm tonight. From Sunday to Thursday it closes at 8 pm.")

case("s044", "restaurant", [U("Is there a hut near the Kathrein Chair?")],
     "Yes, the Almstüberl Kathrein is right by the Kathrein Chair at 1,960 m. It's open from 10 am to 4 pm and serves Italian food.",
     "Italian", "Tyrolean")

case("s045", "shuttle", [U("How do I get from Alpenglow to Oberried without a car?")],
     "Take Ski Bus Line 1 from Alpenglow Dorf. The first bus is at 7:40 and the last one at 18:10, running every 20 minutes, and the ride takes about 15 minutes.")

case("s046", "shuttle", [U("How often is the bus to Unterau?")],
     "Line 2 to Unterau runs every 20 minutes from 7:50 until 17:50, and the trip takes 12 minutes.",
     "every 20 minutes", "every 30 minutes")

case("s047", "shuttle", [U("Is there a bus back to Oberried after après-ski tonight?")],
     "Tonight, yes: the Night Shuttle runs from Alpenglow Dorf to Oberried on Fridays and Saturdays, every 30 minutes from 21:00 until 23:30. A single ticket is €5.")

case("s048", "shuttle", [U("How much is the bus to Sankt Kathrein if I don't have a pass?")],
     "Line 3 from Oberried to Sankt Kathrein costs €3.50 for a single trip, and it runs hourly from 8:15 to 17:15.",
     "€3.50", "€4.50")

case("s049", "weather", [U("How much snow fell overnight?")],
     "We've had 10 cm of fresh snow at the summit in the last 24 hours, and 3 cm down in the village. The summit now has 195 cm of snow.")

case("s050", "weather", [U("What's the weather doing tomorrow?")],
     "Tomorrow looks partly cloudy, with a high of 3°C in the village and -5°C at the summit. The avalanche danger eases to level 1.",
     "level 1", "level 2")

case("s051", "weather", [U("Any snow coming this weekend?")],
     "Saturday should be partly cloudy, but Sunday brings snow: around 15 cm of fresh snow is forecast at the summit and about 6 cm in the village.")

case("s052", "weather", [U("How cold is it up top today?")],
     "It's a sunny day, but cold at the top: between -13°C and -8°C at the Hoher Stein summit.",
     "-8°C", "-6°C")

case("s053", "season", [U("When does the season end?")],
     "The season runs until Sunday 11 April 2027, so there's plenty of time left. From 1 March the Alpenglow Gondola stays open until 5 pm, too.")

case("s054", "season", [U("When did you open this season?")],
     "We opened for the season on Sunday 13 December 2026, and we'll close on 11 April.",
     "Sunday 13 December 2026", "Saturday 12 December 2026")

case("s055", "policy", [U("Does my 14-year-old need a helmet?")],
     "Yes, helmets are compulsory for children under 15 on the slopes. If you need one, Gipfel Sport Rental rents helmets for €8 a day.")

case("s056", "policy", [U("If the lifts close for wind, do I get a refund?")],
     "Closures for weather don't give a refund, I'm afraid. If you bought SnowCare with your pass, though, unused days are refunded after an accident or illness with a doctor's certificate, and it also covers piste and helicopter rescue.")

case("s057", "slope",
     [U("Which run goes back down to the village?"),
      A("That's the Dorfabfahrt, our home run down to Alpenglow village."),
      U("How long is it and which lift do I take to get to it?")],
     "It's 4.8 km long with 790 m of vertical, and it's served by the Alpenglow Gondola, so you can ride straight back up from the village.")

case("s058", "slope",
     [U("Tell me about the Steinbock."),
      A("The Steinbock is one of our two black runs, off the Hoher Stein Express."),
      U("How long is it?")],
     "It's 1.9 km long and drops 480 m, ending at the Hoher Stein mid-station.",
     "1.9 km", "1.6 km")

case("s059", "restaurant",
     [U("Can we reserve at the Zirbenhütte?"),
      A("Yes, the Zirbenhütte takes table reservations."),
      U("Great. What's their number, and until when are they open?")],
     "You can reach them on +43 5413 8841. They're open until 4:30 pm, so there's plenty of time for a late lunch.")

case("s060", "lesson",
     [U("What lessons do you have for my 8 and 10 year olds?"),
      A("Kids Group Lessons are for ages 6 to 14. They run from 10 am to 3 pm and meet at the Sonnenwiese Sun Terrace."),
      U("And how much is it for the whole week?")],
     "The five-day course is €397 per child, or €89 if they just want a single day.",
     "€397", "€379")

case("s061", "lift",
     [U("We're staying in Oberried."),
      A("Great, Oberried has its own gondola up to Sonnenwiese."),
      U("When does it open, and is there a rental shop nearby?")],
     "It runs from 8:30 am to 4:30 pm. Bergwerk Ski Hire is right by it at Talweg 3, and it's open from 8:30 to 17:30.")

case("s062", "hours",
     [U("Is there any food at the summit?"),
      A("Yes, the Gipfelstube 2940 is right at the top of the Gletscherblick Chair."),
      U("When does it close?")],
     "It closes at 4:30 pm, so it's best for an early lunch or a quick soup.",
     "4:30 pm", "3:30 pm")

case("s063", "lift", [U("What kind of lift is Waldrand?")],
     "The Waldrand T-Bar is a chairlift serving the Waldweg, a blue run of 1.4 km.",
     "chairlift", "drag lift")

case("s064", "lift", [U("Which lifts go up from Oberried and from Sankt Kathrein?")],
     "From Oberried, the Oberried Gondola goes up to Sonnenwiese. In Sankt Kathrein, the Kathrein Chair, a 2-seater, takes you up to Kathreinalm in about 10 minutes.")

case("s065", "contact", [U("What's the ski school's phone number?")],
     "You can call the Alpenglow Snowsports School on +43 5413 8803. The office at Dorfstrasse 10 is open from 8:00 to 17:30.",
     "+43 5413 8803", "+43 5413 8830")

case("s066", "price", [U("What does the 3-day pass cost for two adults?")],
     "The 3-Day Pass is €171 per adult, so €342 for the two of you, plus a €5 KeyCard deposit each.")

case("s067", "rental", [U("What's in the snowboard package and how much is it?")],
     "The Snowboard Package includes a snowboard and boots. It's €39 a day at Gipfel Sport Rental or €35 a day at Bergwerk Ski Hire.",
     "€35", "€37")

case("s068", "price", [U("My wife is a complete beginner. Does she need a full lift pass?")],
     "Not for the first days. The Zwergerl Beginner Pass is €24 a day and covers the Zwergerl Carpet only, which serves the Zwergerlwiese, our green nursery slope. The Adult Beginner Group also meets right there at Zwergerl Park at 10:00.")

case("s069", "price", [U("When does the half-day pass start?")],
     "The Half-Day Pass is valid from 11:00 and costs €47 for an adult or €29 for a child.",
     "11:00", "12:00")

case("s070", "policy", [U("My daughter is 15 and turns 16 next month. Which price does she pay now?")],
     "At 15 she still pays the child price, which applies from 6 to 15. From 16 to 19 it's the youth price.")

case("s071", "lift", [U("How big is the Alpenglow Gondola?")],
     "The Alpenglow Gondola has 8-seater cabins and carries 2,800 people an hour up to the Hoher Stein mid-station at 2,210 m.",
     "8-seater", "10-seater")

case("s072", "name", [U("Which lift goes from the mid-station up to Steinkamm?")],
     "From the Hoher Stein mid-station, take the Adlerhorst Express up to Steinkamm. It's a 6-seater chairlift and the ride takes about 6 minutes.",
     "Adlerhorst Express", "Hoher Stein Express")

case("s073", "name", [U("Do you have lessons for teenagers who already ski well?")],
     "For teenagers who already ski, the Freestyle Park Camp is a great fit. Otherwise a Private Lesson (2 hours, €190 for one or two people) can focus on whatever they want to learn.",
     "Freestyle Park Camp",
     "no such lesson (the school offers Snow Rabbits Kids Club, Kids Group Lessons, Adult Beginner Group, Adult Improver Group, Off-Piste Clinic, Private Lesson and Snowboard Beginner Group)")

case("s074", "restaurant", [U("Do your mountain restaurants take bookings?")],
     "Some do: the Zirbenhütte, the Waldrast and the Almstüberl Kathrein take table reservations, while the Panoramarestaurant Steinkamm, the Gipfelstube 2940 and the Kuhstall are walk-in only.")

case("s075", "policy", [U("I bought a 3-day pass but I'll only use two days. Can I get a refund for the last one?")],
     "Unused days on a multi-day pass can be refunded at any ticket office, as long as the card hasn't been scanned that day. The ticket office team will be happy to help.",
     "Unused days on a multi-day pass can be refunded at any ticket office, as long as the card hasn't been scanned that day",
     "Lift passes are not refundable or exchangeable; unused days are refunded only with SnowCare insurance after an accident or illness with a doctor's certificate")

case("s076", "weather", [U("Did it snow yesterday?")],
     "Yes, yesterday was a proper snow day: 22 cm of fresh snow fell at the summit and 9 cm in the village.")

case("s077", "weather", [U("How deep is the snow today?")],
     "There's 65 cm in the village and 159 cm at the summit today, after 3 cm of fresh snow down low overnight.",
     "159 cm", "195 cm")

case("s078", "policy", [U("Do I need a photo for the 3-day pass?")],
     "No photo is needed for the 3-Day Pass. You'd only need one for the 6-Day Pass.")

case("s079", "lift", [U("How high does the Sonnenwiese Chair go?")],
     "The Sonnenwiese Chair takes you up to Sonnenkopf at 2,180 m in about 7 minutes.",
     "2,180 m", "2,080 m")

case("s080", "slope", [U("Which runs can I do from the Gletscherblick Chair?")],
     "Three runs start from the Gletscherblick Chair: the red Gletscherblick (2.7 km), the black Teufelsrinne (1.2 km) and the Gamsrinne ski route (2.2 km). All of them bring you back down to Steinkamm.")

case("s081", "slope", [U("Is there an easy run at Sankt Kathrein?")],
     "Yes, the Kathreiner is a blue run of 2.4 km with 540 m of vertical, and it ends right in Sankt Kathrein.",
     "540 m", "450 m")

case("s082", "shuttle", [U("How long does the bus from Oberried to Sankt Kathrein take?")],
     "Line 3 takes about 35 minutes from Oberried to Sankt Kathrein, and it runs once an hour.",
     "35 minutes", "25 minutes")

case("s083", "contact", [U("What's the address and phone number of the resort?")],
     "Alpenglow is at Dorfstrasse 1, 6481 Alpenglow, and you can reach us on +43 5413 8800.")

case("s084", "lesson", [U("How much is Snow Rabbits for just one day?")],
     "A single day of the Snow Rabbits Kids Club costs €79, and the five-day option is €295.",
     "€79", "€69")

case("s085", "slope",
     [U("What's the Panorama run like?"),
      A("Panorama is a blue run off the Hoher Stein Express."),
      U("How long is it, and where does it end?")],
     "It's 3.4 km long with 480 m of vertical, and it finishes at the Hoher Stein mid-station, where you can hop straight back on the Express.")

case("s086", "lift",
     [U("Tell me about the Oberried Gondola."),
      A("The Oberried Gondola links Oberried with Sonnenwiese."),
      U("How many people can it carry?")],
     "It carries 2,800 people per hour in 8-seat cabins.",
     "2,800", "2,400")

case("s087", "rental", [U("What does the ski touring package include?")],
     "The Ski Touring Package includes touring skis, skins, touring boots and poles. It's only available at Gipfel Sport Rental, for €59 a day.")

case("s088", "hours", [U("We're coming in March. How late does the gondola run then?")],
     "From 1 March the Alpenglow Gondola runs from 8:30 until 5:30 pm.",
     "5:30 pm", "5 pm")

# ---------------------------------------------------------------------------
# Cases restating tool results (with the KB beside them)
# ---------------------------------------------------------------------------

case("t01", "status", [U("Which lifts are running right now?"), LIFT_STATUS],
     "Most of the mountain is open this morning. The Alpenglow Gondola has about a 5-minute wait, the Hoher Stein Express around 10 minutes, and the Oberried Gondola is the busiest at 15 minutes. The Gletscherblick Chair is on hold because of wind and should reopen around 11:00, and the Kathrein Chair is closed with a technical fault.")

case("t02", "status", [U("Is the Gletscherblick open? I want to go to the summit."), LIFT_STATUS],
     "Not at the moment, I'm afraid. The Gletscherblick Chair is on hold due to wind, with reopening expected around 11:30. In the meantime the Hoher Stein Express is open with a 10-minute wait.",
     "11:30", "11:00")

case("t03", "status", [U("How long is the queue at the Oberried Gondola?"), LIFT_STATUS],
     "The Oberried Gondola is open, with a wait of about 5 minutes right now.",
     "5 minutes", "15 minutes")

case("t04", "count", [U("How many lifts are open at the moment?"), LIFT_STATUS],
     "Right now 7 lifts are open. The Gletscherblick Chair is on hold for wind and the Kathrein Chair is closed because of a technical fault.",
     "7 lifts", "6 lifts")

case("t05", "status", [U("Is the Kathrein Chair running?"), LIFT_STATUS],
     "Sorry, the Kathrein Chair is closed today because of a technical fault. The Oberried Gondola is running, though, with a wait of about 15 minutes.")

case("t06", "status", [U("Is the Sonnenwiese Chair open?"), LIFT_STATUS],
     "The Sonnenwiese Chair is closed right now, but the Waldrand T-Bar is open with no queue.",
     "closed", "open")

case("t07", "weather", [U("What's today's snow report?"), SNOW_REPORT],
     "Here's this morning's snow report: 195 cm at the summit and 65 cm in the valley, with 10 cm of new snow in the last 24 hours. 10 slopes are open, 71.5 km of pistes in total, and the avalanche danger is at level 3, so please stick to the marked runs.")

case("t08", "weather", [U("How much of the mountain is open today?"), SNOW_REPORT],
     "As of 7:30 this morning, 10 slopes are open, 78.5 km of pistes, with 6 of our 9 lifts running.",
     "78.5 km", "71.5 km")

case("t09", "weather", [U("What's the snow depth?"), SNOW_REPORT],
     "This morning's report shows 195 cm at the summit and 56 cm in the valley.",
     "56 cm", "65 cm")

case("t10", "lesson", [U("Are there spaces in the adult beginner group from Sunday to Tuesday?"), BEGINNER_AVAIL],
     "This Sunday there are 2 places left with Lena Hofer, and Monday has 5 places with Jakob Strasser. Tuesday is fully booked, I'm afraid. All three days start at 10:00 at Zwergerl Park.")

case("t11", "lesson", [U("Who's teaching the beginner group this Sunday and Monday?"), BEGINNER_AVAIL],
     "On Sunday Jakob Strasser's group has 2 places left, and on Monday there are 5 places with him as well. Tuesday is already full.",
     "Jakob Strasser", "Lena Hofer")

case("t12", "lesson", [U("Any space in the adult beginner group Sunday to Tuesday?"), BEGINNER_AVAIL],
     "There are 3 places left on Sunday and 5 on Monday, but Tuesday's group is full. Each session starts at 10:00.",
     "3 places", "2 places")

case("t13", "booking", [U("Please book the kids' group lessons for my two for the week starting Sunday."), KIDS_BOOKING],
     "You're all booked! Booking reference ASS-48213: Kids Group Lessons for 2 children, five days from Sunday 14 February to Thursday 18 February. They start at 10:00 each day at the Sonnenwiese Sun Terrace, and the total comes to €758.")

case("t14", "booking", [U("Please book the kids' group lessons for my two for the week starting Sunday."), KIDS_BOOKING],
     "All set! Your reference is ASS-48231. Both kids are booked into Kids Group Lessons from Sunday 14 to Thursday 18 February, meeting at 10:00 at the Sonnenwiese Sun Terrace, €758 in total.",
     "ASS-48231", "ASS-48213")

case("t15", "booking", [U("Can you book group lessons for both my kids, Sunday to Thursday?"), KIDS_BOOKING],
     "Done, your booking ASS-48213 is confirmed for 5 days starting this Sunday. The total is €785 for both children.",
     "€785", "€758")

case("t16", "booking", [U("Book the kids' group for my two from Sunday, please."), KIDS_BOOKING],
     "Your booking is confirmed (ASS-48213). The kids will meet their group each morning at 10:00 at Zwergerl Park, from Sunday 14 to Thursday 18 February.",
     "Zwergerl Park", "Sonnenwiese Sun Terrace")

case("t17", "rental", [U("What would premium skis cost for two of us for six days at Gipfel?"), PREMIUM_QUOTE],
     "For two Premium Ski Packages at Gipfel Sport Rental over 6 days, you only pay for 5 days thanks to our 6-for-5 offer. At €54 a day that comes to €540 in total.")

case("t18", "rental", [U("Quote me premium skis for two people, six days, at Gipfel."), PREMIUM_QUOTE],
     "Gipfel Sport Rental charges €54 a day for the Premium Ski Package. For two of you over six days, that comes to €648 altogether.",
     "€648", "€540")

case("t19", "rental",
     [U("Quote me premium skis for two people, six days, at Gipfel."), PREMIUM_QUOTE,
      A("Two Premium Ski Packages at Gipfel Sport Rental for 6 days come to €540, since you only pay for 5 days."),
      U("Do we need to pay extra for helmets?")],
     "Helmets aren't part of the Premium Ski Package, so they're extra: Gipfel rents them for €9 a day. Your skis stay at €540 for the week.",
     "€9", "€8")

case("t20", "price", [U("What would 6-day passes cost for me, my husband and our 11-year-old from Sunday, with insurance?"), FAMILY_PASS_QUOTE],
     "Here's your quote for 6-Day Passes from Sunday 14 to Friday 19 February: two adult passes at €312 each (€624), one child pass at €186, SnowCare insurance for all three at €70.20, and €15 in KeyCard deposits. The total is €895.20.")

case("t21", "price", [U("Price up 6-day passes for two adults and an 11-year-old from Sunday, with SnowCare."), FAMILY_PASS_QUOTE],
     "Two adult 6-Day Passes are €624 and the child pass is €186. With SnowCare for everyone (€70.20) and the KeyCard deposits, the total comes to €859.20.",
     "€859.20", "€895.20")

case("t22", "price", [U("How long would the 6-day passes from Sunday be valid?"), FAMILY_PASS_QUOTE],
     "The passes would start on Sunday 14 February and be valid until Saturday 20 February. The total for the three of you, with SnowCare, is €895.20.",
     "Saturday 20 February", "Friday 19 February")

case("t23", "price", [U("Break down the 6-day pass quote for us, please."), FAMILY_PASS_QUOTE],
     "Sure: the two adult passes are €312 each, the child pass is €168, SnowCare comes to €70.20 and the KeyCard deposits to €15, for €895.20 in total.",
     "€168", "€186")

case("t24", "shuttle", [U("When's the next bus to Oberried after 4 this afternoon?"), BUS1_TIMES],
     "After 4 pm, Line 1 leaves Alpenglow Dorf at 16:10, 16:30 and 16:50, arriving in Oberried 15 minutes later, so the 16:10 gets you there at 16:25.")

case("t25", "shuttle", [U("Buses to Oberried after 4 pm?"), BUS1_TIMES],
     "The next buses to Oberried leave at 16:10, 16:30 and 16:50. The 16:30 arrives in Oberried at 16:55.",
     "16:55", "16:45")

case("t26", "shuttle", [U("What buses are there to Oberried late this afternoon?"), BUS1_TIMES],
     "There are buses at 16:10, 16:30 and 16:50, and Line 1 keeps running every 20 minutes until the last bus at 18:30.",
     "18:30", "18:10")

case("t27", "booking", [U("Can you book the Zirbenhütte for four tomorrow at half twelve?"), TABLE_BOOKING],
     "Your table at the Zirbenhütte is confirmed for 4 people tomorrow, Saturday 13 February, at 12:30. Your confirmation number is ZH-2291. The hut is near the top of the Alpenglow Gondola.")

case("t28", "booking", [U("Book us a table for four at the Zirbenhütte tomorrow, 12:30."), TABLE_BOOKING],
     "Done! A table for 4 at the Zirbenhütte tomorrow at 1:30 pm, confirmation ZH-2291.",
     "1:30 pm", "12:30 pm")

case("t29", "booking", [U("Please reserve the Zirbenhütte for four people tomorrow at 12:30."), TABLE_BOOKING],
     "Your table for six at the Zirbenhütte is confirmed for tomorrow at 12:30. The confirmation number is ZH-2291.",
     "six", "four")

case("t30", "weather", [U("What's the forecast for the next few days down in the village?"), FORECAST],
     "Tomorrow will be partly cloudy with a high of 3°C. Snow arrives on Sunday and continues on Monday, with about 12 cm expected on Monday alone. Tuesday and Wednesday look sunny, with a crisp low of -11°C on Tuesday morning.")

case("t31", "weather", [U("When's the best fresh snow coming?"), FORECAST],
     "Sunday brings the first snow, about 6 cm, but Monday is the big one with around 21 cm in the village. After that it clears up and Tuesday looks sunny.",
     "21 cm", "12 cm")

case("t32", "weather", [U("What will the weather be like on Wednesday?"), FORECAST],
     "Wednesday looks cloudy, with a high of 1°C and a low of -9°C in the village.",
     "cloudy", "sunny")

case("t33", "pass", [U("Can you check my pass? The number is 01-1614-7789-2203."), PASS_LOOKUP],
     "Thanks, Marta! Your card holds an adult 3-Day Pass, valid from Thursday 11 to Saturday 13 February, so you still have tomorrow. It doesn't include SnowCare insurance.")

case("t34", "pass", [U("How long is my pass valid? Card 01-1614-7789-2203."), PASS_LOOKUP],
     "Your adult 3-Day Pass started on Thursday and is valid until Sunday 14 February. You've used 2 days so far.",
     "Sunday 14 February", "Saturday 13 February")

case("t35", "pass", [U("What's on my KeyCard? 01-1614-7789-2203"), PASS_LOOKUP],
     "I can see a 6-Day Pass for an adult in the name of Marta Kowalski, valid until Saturday 13 February.",
     "6-Day Pass", "3-Day Pass")

case("t36", "lesson", [U("Is there any room on tomorrow's off-piste clinic?"), OFFPISTE_AVAIL],
     "Yes, tomorrow's Off-Piste Clinic has 3 places left with Toni Wieser. It starts at 9:00 at the School Office and runs until 13:00, and it costs €145.")

case("t37", "lesson", [U("Can I still join the off-piste clinic tomorrow?"), OFFPISTE_AVAIL],
     "You can! There are 3 places left with Toni Wieser, and the group starts at 9:30 from the School Office.",
     "9:30", "9:00")

case("t38", "lift",
     [U("Is the Hoher Stein Express busy?"), EXPRESS_STATUS,
      A("It's open, with about a 10-minute wait at the moment."),
      U("And how long is the ride itself?")],
     "Once you're on, it takes 6 minutes to get up to Steinkamm.")

case("t39", "rental", [U("Does Bergwerk have a snowboard for me tomorrow?"), SNOWBOARD_AVAIL],
     "Yes, Bergwerk Ski Hire has 4 Snowboard Packages available for tomorrow at €37 a day. They open at 8:30 in the morning.")

case("t40", "rental", [U("Can I get a snowboard at Bergwerk tomorrow?"), SNOWBOARD_AVAIL],
     "Bergwerk Ski Hire has 4 Snowboard Packages free tomorrow, at €39 a day including boots.",
     "€39", "€37")

case("t41", "booking", [U("Book a private lesson for the three of us tomorrow at 1 pm."), PRIVATE_BOOKING],
     "Booked! Your Private Lesson with Sophie Rainer is tomorrow from 13:00 to 15:00 for the three of you, meeting at the School Office. It's €220 in total, and your reference is ASS-48377.")

case("t42", "booking", [U("Please book a private lesson for three tomorrow afternoon, 1 pm."), PRIVATE_BOOKING],
     "Sophie Rainer will meet you at the School Office tomorrow at 13:00 for two hours. The total is €250 for the three of you, reference ASS-48377.",
     "€250", "€220")

case("t43", "status", [U("Where's the shortest queue right now?"), LIFT_STATUS],
     "Right now the Sonnenwiese Chair, the Waldrand T-Bar and the Zwergerl Carpet have no wait at all. The Oberried Gondola is the busiest, at around 15 minutes.")

case("t44", "weather", [U("Is it a good day to head up?"), SNOW_REPORT],
     "It's a beautiful one: sunny after 10 cm of new snow at the summit. 6 of our 9 lifts are running and 10 slopes are open. The avalanche danger is level 3, so stay on the marked runs unless you're with a guide.")

case("t45", "price", [U("Two day passes for tomorrow, for me and my 17-year-old. How much?"), DAY_PASS_QUOTE],
     "For tomorrow, a youth 1-Day Pass for your 17-year-old is €50 and yours is €62. With €10 in KeyCard deposits the total is €122, and you get the deposits back when you return the cards.")

case("t46", "shuttle", [U("I need the bus to Unterau tomorrow morning, after 8."), BUS2_TIMES],
     "Tomorrow morning Line 2 leaves Alpenglow Dorf at 8:20 and 8:50, reaching Unterau at 8:32 and 9:02.")

case("t47", "weather", [U("Will Tuesday be sunny?"), FORECAST],
     "Yes, Tuesday looks sunny in the village, though cold: a high of -2°C and a low of -11°C.")

case("t48", "rental", [U("How much for kids' skis at Bergwerk for 3 days?"), KIDS_RENTAL_QUOTE],
     "For 3 days at Bergwerk Ski Hire, the Kids Ski Package comes to €60 (€20 a day), and it includes a helmet along with the skis, boots and poles.")

case("t49", "booking", [U("Book me into the improver group on Sunday."), IMPROVER_BOOKING],
     "You're booked into the Adult Improver Group this Sunday, 14 February, from 1:30 to 4 pm. Meet your group at the Hoher Stein Mid-Station; the price is €75 and your reference is ASS-48502.")

case("t50", "status",
     [U("Which lifts are running right now?"), LIFT_STATUS,
      A("Most lifts are open. The Gletscherblick Chair is on hold for wind and the Kathrein Chair is closed."),
      U("And the gondola from the village?")],
     "The Alpenglow Gondola is open, with about a 5-minute wait.")

# A few more replies mixing tool rows with KB facts
case("t51", "status",
     [U("Which lifts are running right now?"), LIFT_STATUS,
      A("Most of the mountain is open. The Gletscherblick Chair is on hold because of wind, expected back around 11:00."),
      U("Can I still get to the summit restaurant once it reopens?")],
     "Yes: once the Gletscherblick Chair reopens you can ride it up to the Gipfelstube 2940, which is open until 15:30 today.")

case("t52", "status",
     [U("Which lifts are running right now?"), LIFT_STATUS,
      A("Most of the mountain is open. The Kathrein Chair is closed today because of a technical fault."),
      U("What about the run down to Sankt Kathrein then?")],
     "The Kathreiner is served by the Kathrein Chair, so with it closed you can't get up to the top of that 3.4 km blue run today.",
     "3.4 km", "2.4 km")

case("t53", "booking",
     [U("Book me into the improver group on Sunday."), IMPROVER_BOOKING,
      A("You're booked into the Adult Improver Group on Sunday 14 February, reference ASS-48502."),
      U("How do I get to the meeting point?")],
     "Your group meets at the Hoher Stein Mid-Station, at the top of the Alpenglow Gondola. The gondola ride takes about 9 minutes, so leave yourself time before 13:30.")

case("t54", "booking",
     [U("Book me into the improver group on Sunday."), IMPROVER_BOOKING,
      A("You're booked into the Adult Improver Group on Sunday 14 February, reference ASS-48502."),
      U("What time does it finish?")],
     "It finishes at 4:30 pm, just in time to ski the Dorfabfahrt back down to the village.",
     "4:30 pm", "4 pm")


def main():
    ids = set()
    for c in CASES:
        assert c["id"] not in ids, c["id"]
        ids.add(c["id"])
        if not c["truth"]:
            n = c["reply"].count(c["wrong"])
            assert n == 1, (c["id"], c["wrong"], n)
            assert c["right"], c["id"]
            assert c["wrong"] != c["right"], c["id"]
        for turn in c["history"]:
            assert turn["role"] in ("user", "assistant", "tool")
            if turn["role"] == "tool":
                assert turn["name"] and isinstance(turn["arguments"], dict) and "result" in turn
    with OUT.open("w", encoding="utf-8") as f:
        for c in CASES:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    n_true = sum(c["truth"] for c in CASES)
    n_tool = sum(any(t["role"] == "tool" for t in c["history"]) for c in CASES)
    n_multi = sum(sum(t["role"] in ("user", "assistant") for t in c["history"]) > 1 for c in CASES)
    print(f"{len(CASES)} cases: {n_true} true, {len(CASES) - n_true} false, "
          f"{n_tool} with tool results, {n_multi} multi-turn")
    kinds = {}
    for c in CASES:
        kinds.setdefault(c["kind"], [0, 0])[0 if c["truth"] else 1] += 1
    print("per kind (true, false):", dict(sorted(kinds.items())))


if __name__ == "__main__":
    main()
