import json

def U(t): return {"role": "user", "text": t}
def A(t): return {"role": "assistant", "text": t}
def TOOL(name, args, result): return {"role": "tool", "name": name, "arguments": args, "result": result}

cases = []
def T(cid, hist, reply, kind):
    cases.append({"id": cid, "history": hist, "reply": reply, "truth": True, "kind": kind})
def F(cid, hist, reply, wrong, right, kind):
    assert reply.count(wrong) == 1, (cid, wrong)
    cases.append({"id": cid, "history": hist, "reply": reply, "truth": False, "wrong": wrong, "right": right, "kind": kind})

# ------------------------------------------------------------------ KB-only cases
T("V001", [U("How much is the MacBook Air 13 at the moment?")],
  "The MacBook Air 13 (M3) is £1,099 with us and it's in stock – you can choose Midnight, Starlight or Silver.", "price")
F("V002", [U("What's the price of the Dell XPS 14?")],
  "The Dell XPS 14 is currently £1,349 and it comes with 16GB of RAM and a 512GB SSD.", "£1,349", "£1,449", "price")
T("V003", [U("Does the ThinkPad X1 Carbon have much storage?")],
  "It does – the Lenovo ThinkPad X1 Carbon Gen 12 comes with a 1TB SSD and 32GB of RAM, and it weighs just 1.09 kg.", "spec")
F("V004", [U("How heavy is the MacBook Pro 16?")],
  "The MacBook Pro 16 (M4 Pro) weighs 1.86 kg, so it's a bit heavier than the Air.", "1.86 kg", "2.14 kg", "spec")
T("V005", [U("How long does the battery last on the Zenbook 14?")],
  "The ASUS Zenbook 14 OLED is rated for up to 15 hours of battery life, and it only weighs 1.2 kg.", "spec")
F("V006", [U("What's the battery like on the HP Victus 15?")],
  "The HP Victus 15 gets around 11 hours on a charge – not bad for a gaming laptop with a 15.6-inch screen.", "11 hours", "7 hours", "spec")
F("V007", [U("What size is the screen on the Acer Swift Go 14?")],
  "The Acer Swift Go 14 has a 15.6-inch display and costs £649.", "15.6-inch", "14-inch", "spec")
T("V008", [U("Is the HP Victus 15 available?")],
  "Sorry, the HP Victus 15 is out of stock at the moment. The Acer Swift Go 14 is in stock if you'd like an alternative at £649.", "stock")
F("V009", [U("Can I get the Pixel 9a now?")],
  "Good news – the Google Pixel 9a is in stock and costs £399 for the 128GB model.", "in stock", "available to pre-order", "stock")
T("V010", [U("How much is the 256GB iPhone 16?")],
  "The iPhone 16 with 256GB of storage is £899, or £799 if 128GB is enough for you.", "price")
F("V011", [U("What does the Galaxy S25 Ultra cost with 512GB?")],
  "The Samsung Galaxy S25 Ultra in 512GB is £1,449 and it comes in Titanium Silverblue, Titanium Black and Titanium Gray.", "£1,449", "£1,349", "price")
F("V012", [U("What colours does the iPhone 16 Pro Max come in?")],
  "The iPhone 16 Pro Max comes in Desert Titanium, Black Titanium, Natural Titanium and Rose Titanium.", "Rose Titanium", "White Titanium", "spec")
T("V013", [U("Which colours can I get the Sony XM5 in?")],
  "You can get the Sony WH-1000XM5 in Black, Silver or Midnight Blue – all three are £299.", "spec")
F("V014", [U("Does the Nothing Phone (3a) come with more storage?")],
  "The Nothing Phone (3a) comes in 128GB for £329 and 256GB for £379.", "£379", "£349", "price")
T("V015", [U("Which is lighter, the Galaxy S25 or the Pixel 9?")],
  "The Galaxy S25 is the lighter of the two at 162 g, while the Pixel 9 weighs 198 g.", "spec")
F("V016", [U("How big is the screen on the Galaxy S25?")],
  "The Samsung Galaxy S25 has a 6.7-inch screen and around 29 hours of battery life.", "6.7-inch", "6.2-inch", "spec")
T("V017", [U("Which headphones have the best battery?")],
  "The Sennheiser Momentum 4 Wireless leads the pack with up to 60 hours per charge, and the JBL Tune 520BT isn't far behind at 57 hours.", "spec")
F("V018", [U("Does the JBL Tune 520BT have noise cancelling?")],
  "Yes, the JBL Tune 520BT has active noise cancelling, and at £39.99 it's great value.", "has active noise cancelling", "doesn't have active noise cancelling", "spec")
T("V019", [U("How long do the AirPods Pro 2 last?")],
  "AirPods Pro 2 give you about 6 hours of listening per charge and they do have active noise cancelling. They're £229.", "spec")
F("V020", [U("How much are the Bose QuietComfort Ultra Headphones?")],
  "They're £399, and stock is limited at the moment, so I'd order soon.", "£399", "£449", "price")
T("V021", [U("Tell me about the LG C4.")],
  "The LG OLED65C4 is a 65-inch 4K OLED with a 144Hz refresh rate, priced at £1,799.", "spec")
F("V022", [U("What refresh rate does the Sony Bravia 7 have?")],
  "The Sony Bravia 7 K-50XR70 runs at 144Hz and it's a 50-inch Mini LED panel.", "144Hz", "120Hz", "spec")
F("V023", [U("How heavy is the Hisense 75U7N? I need to wall-mount it.")],
  "The Hisense 75U7N weighs 24.5 kg, but just so you know it's currently out of stock.", "24.5 kg", "31.5 kg", "spec")
T("V024", [U("What's the cheapest TV you sell?")],
  "Our cheapest TV right now is the TCL 43P755 at £279 – a 43-inch 4K set.", "price")
F("V025", [U("How much are the Samsung QN90D and the Hisense 75U7N?")],
  "The Samsung QE55QN90D costs £1,299, and the Hisense 75U7N is £1,799.", "£1,799", "£1,199", "swap")
F("V026", [U("What's the product code for the Sennheiser Momentum 4?")],
  "The SKU for the Sennheiser Momentum 4 Wireless is VB-HP-63040 – quote that in store and they'll find it straight away.", "VB-HP-63040", "VB-HP-63004", "code")
T("V027", [U("Can you give me the product code for the Galaxy S25?")],
  "Sure! The Samsung Galaxy S25 is SKU VB-PH-51025.", "code")
F("V028", [U("What Google phones do you have?")],
  "We stock two Google phones: the Pixel 9 from £699 and the Pixel 9 Pro from £999.", "the Pixel 9 Pro from £999", "the Pixel 9a at £399", "made-up")
T("V029", [U("What warranty can I get on a laptop?")],
  "For laptops we offer Voltbay Care for two years at £149 or three years at £199, and both include accidental damage cover.", "warranty")
F("V030", [U("How much is the 2-year phone care plan?")],
  "Voltbay Care Phone 2-Year is £109 and it covers accidental damage, with a £75 excess per claim.", "£109", "£129", "warranty")
F("V031", [U("How long does the audio care plan last?")],
  "The Voltbay Care Audio plan covers your headphones for 12 months and costs £29.", "12 months", "18 months", "warranty")
T("V032", [U("Is there a longer warranty for TVs?")],
  "Yes – Voltbay Care TV 5-Year covers your TV for five years for £159. Just note it doesn't include accidental damage.", "warranty")
F("V033", [U("What's the excess on the laptop care plans?")],
  "There's a £75 excess per claim on both the 2-Year and 3-Year laptop plans.", "£75", "£50", "warranty")
T("V034", [U("How much is standard delivery?")],
  "Standard Delivery is £3.99 and takes 3-5 working days, but it's free on orders over £40.", "delivery")
F("V035", [U("What time do I need to order by for next-day delivery?")],
  "Just order by 9pm and we'll get it to you tomorrow – Next-Day Delivery is £6.99.", "9pm", "8pm", "delivery")
T("V036", [U("Is click and collect free?")],
  "Yes, Click & Collect is completely free and your order is usually ready within two hours if you order before 5pm.", "delivery")
F("V038", [U("If I order the Zenbook now with next-day delivery, when will it arrive?")],
  "If you order before 8pm today with Next-Day Delivery, your Zenbook 14 will arrive on Thursday.", "Thursday", "Wednesday", "delivery")
T("V039", [U("I'm ordering with standard delivery today, when will it come?")],
  "Standard Delivery takes 3-5 working days, so you should have it by next Tuesday at the latest.", "delivery")
F("V040", [U("How much is delivery for a 65-inch TV?")],
  "TVs of 55 inches and over go by our Two-Person Large Item Delivery, which is £19.99 and takes 2-5 working days.", "£19.99", "£24.99", "delivery")
T("V041", [U("Can I choose a delivery day?")],
  "You can! Nominated Day Delivery lets you pick any day up to 14 days ahead, including Sundays, for £9.99.", "delivery")
F("V042", [U("How far ahead can I book nominated day delivery?")],
  "Nominated Day Delivery can be booked up to 21 days in advance and costs £9.99.", "21 days", "14 days", "delivery")
T("V043", [U("How long do I have to return a laptop?")],
  "You've got 30 days to return a laptop. If it's been opened and works fine, there's a 10% restocking fee.", "return")
F("V044", [U("Can I return a phone I bought last week?")],
  "Phones can be returned within 30 days, though opened phones carry a 15% restocking fee.", "30 days", "14 days", "return")
F("V045", [U("Is there a restocking fee on TVs?")],
  "There is – opened TVs returned within the 30-day window have a 15% restocking fee.", "15%", "12%", "return")
T("V046", [U("If I return headphones, do I pay anything?")],
  "There's no restocking fee on headphones at all – you have 21 days to send them back.", "return")
T("V048", [U("What time does the Leeds store close on Saturday?")],
  "Voltbay Leeds Trinity is open 9am to 7pm on Saturdays.", "store")
F("V049", [U("When does the Manchester store open on Sunday?")],
  "On Sundays Voltbay Manchester Arndale opens at 10am and closes at 5pm.", "10am", "11am", "store")
F("V050", [U("Where's your Birmingham shop?")],
  "You'll find us at 8 Spiceal Street, Birmingham, B5 4BU – it's our Bullring store.", "B5 4BU", "B5 4BH", "store")
F("V051", [U("What's the number for the Bristol store?")],
  "You can reach Voltbay Bristol Cabot Circus on 0117 555 0192.", "0117 555 0192", "0117 555 0129", "store")
T("V052", [U("Phone number for Tottenham Court Road?")],
  "Our London Tottenham Court Road store is on 020 7946 0318 and it's open until 9pm Monday to Saturday.", "store")
F("V053", [U("What's the address of the Leeds store?")],
  "Voltbay Leeds Trinity is at 49 Market Street, Leeds, LS1 5AT.", "49 Market Street", "27 Boar Lane", "store")
T("V055", [U("Who's the manager at the Birmingham store?")],
  "Aisha Rahman manages Voltbay Birmingham Bullring – you can email her at aisha.rahman@voltbay.example.", "staff")
F("V056", [U("Who runs the Manchester store?")],
  "The Manchester Arndale store is managed by Tom Hargreaves.", "Tom Hargreaves", "Priya Nair", "staff")
T("V057", [U("Is there a tech specialist in London?")],
  "Yes, Marcus Chen is our Tech Specialist at Tottenham Court Road, and Sophie Laurent is the store manager there.", "staff")
F("V058", [U("Who's the tech specialist in Manchester?")],
  "That's Daniel Okafor – he's based at our Manchester Arndale store.", "Daniel Okafor", "Daniel Okoro", "staff")
T("V059", [U("How many points do I need for Surge?")],
  "You'll need 5,000 points to reach Surge, which gives you 8% off and free next-day delivery.", "loyalty")
F("V060", [U("What discount does Lightning give?")],
  "Lightning members get 15% off full-price items and earn 2 points per pound.", "15%", "12%", "loyalty")
F("V061", [U("When do I get to the Charge tier?")],
  "Charge starts at 2,000 points and gives you 5% off.", "2,000 points", "1,000 points", "loyalty")
T("V062", [U("How many tiers are there in Voltbay Rewards?")],
  "There are four tiers: Spark, Charge, Surge and Lightning.", "count")
F("V063", [U("Which tier gets free next-day delivery?")],
  "Free next-day delivery comes with the Charge tier and above.", "Charge", "Surge", "loyalty")
T("V064", [U("Is there a code for headphones?")],
  "Yes! Use SPRING15 for 15% off headphones – the Spring Audio Sale runs until 22 March.", "promo")
F("V065", [U("What's the student discount code?")],
  "Students can use STUDENT15 for 10% off laptops until 30 April.", "STUDENT15", "STUDENT10", "promo")
F("V066", [U("When does the TV trade-in offer end?")],
  "The Big Screen Trade-In gives you £100 off TVs of 55 inches and over, and it ends on 28 March.", "28 March", "31 March", "promo")
T("V067", [U("Can I use EASTER25 now?")],
  "Not quite yet – the Easter Phone Bonus starts on Friday 27 March and takes £25 off phones when you spend over £300.", "promo")
F("V068", [U("When does the spring audio sale finish?")],
  "The Spring Audio Sale finishes on Saturday 22 March, so you've got under two weeks left.", "Saturday", "Sunday", "promo")
F("V069", [U("Any deals on laptops?")],
  "Right now you can get 10% off laptops with the Student Laptop Offer using STUDENT10, or £50 off any MacBook with code MAC50.",
  "or £50 off any MacBook with code MAC50", "(no such promotion: STUDENT10 is the only laptop offer)", "made-up")
F("V070", [U("How many stores do you have?")],
  "We have six Voltbay stores where you can click and collect: Manchester, Leeds, Birmingham, Bristol and London.", "six", "five", "count")
T("V071", [U("How many laptop brands do you carry?")],
  "We carry six laptop brands: Apple, Dell, Lenovo, ASUS, HP and Acer.", "count")
T("V072", [U("I'm looking at the Samsung Galaxy S25 Ultra."), A("Great choice! It starts at £1,249 for 256GB."),
           U("How heavy is it and what's the battery like?")],
  "It weighs 218 g and Samsung rate it at up to 31 hours of battery life.", "spec")
F("V073", [U("What about the Google Pixel 9?"), A("The Pixel 9 starts at £699 for 128GB."), U("And the screen size?")],
  "It's got a 6.1-inch screen and weighs 198 g.", "6.1-inch", "6.3-inch", "spec")
T("V074", [U("Who makes the Zenbook?")],
  "The Zenbook 14 OLED is made by ASUS.", "spec")
F("V075", [U("Is the Bravia made by Samsung?")],
  "No, the Bravia 7 is made by LG.", "LG", "Sony", "spec")
F("V076", [U("How much does HELLO5 take off?")],
  "HELLO5 takes £10 off your first order over £50.", "£10", "£5", "promo")
T("V077", [U("Tell me about the Samsung QN90D.")],
  "The Samsung QE55QN90D is a 55-inch Neo QLED TV weighing 17.3 kg, and it's £1,299.", "spec")
T("V078", [U("Is the MacBook Pro 16 easy to get hold of?")],
  "The MacBook Pro 16 is low on stock at the moment, so if you want it in Space Black I'd order soon.", "stock")
T("V079", [U("Is there a cheaper phone plan than the two-year one?")],
  "Yes, the Voltbay Care Phone 1-Year plan is £79 and it still covers accidental damage.", "warranty")
T("V080", [U("Is the Birmingham store open on Sunday?")],
  "It is – Voltbay Birmingham Bullring is open 11am to 5pm on Sundays.", "store")

T("V081", [U("What's the refresh rate on the TCL 43P755?")],
  "The TCL 43P755 is a 60Hz, 43-inch 4K LED TV – great value at £279.", "spec")
T("V082", [U("Where's the Manchester store and when's it open?")],
  "Voltbay Manchester Arndale is at 49 Market Street, Manchester, M1 1WR. It's open 9am to 8pm Monday to Saturday and 11am to 5pm on Sunday.", "store")

# ------------------------------------------------------------------ tool-result cases
order_1 = {
    "order_id": "VB-4821375", "status": "dispatched", "placed_at": "2026-03-06T19:42:00+00:00",
    "customer_name": "Jamie Collins",
    "line_items": [
        {"product_name": "Sony WH-1000XM5", "sku": "VB-HP-60105", "colour": "Midnight Blue", "quantity": 1, "unit_price": 254.15},
        {"product_name": "Voltbay Care Audio 18-Month", "sku": "VB-WC-90018", "quantity": 1, "unit_price": 29.00}],
    "promo_code": "SPRING15", "subtotal": 283.15, "delivery_fee": 0.00, "total": 283.15, "currency": "GBP",
    "shipment": {"carrier": "DPD", "delivery_option": "Standard Delivery", "tracking_number": "15501234567890",
                 "estimated_delivery": "2026-03-11"}}
h1 = [U("Hi, where's my order? It's VB-4821375."), TOOL("get_order", {"order_id": "VB-4821375"}, order_1)]
T("V101", h1, "Your order VB-4821375 has been dispatched with DPD and should arrive tomorrow. The tracking number is 15501234567890.", "order")
F("V102", h1, "Your Sony WH-1000XM5 in Midnight Blue is on its way with DPD, arriving Thursday.", "Thursday", "Wednesday", "order")
F("V103", h1, "Your total came to £283.15 including the SPRING15 discount, and delivery was free. The Sony headphones were £264.15 after the discount.",
  "£264.15", "£254.15", "order")
T("V104", h1, "You ordered two things: the Sony WH-1000XM5 and the Voltbay Care Audio 18-Month plan, £283.15 in total.", "order")
F("V105", h1, "Here's your DPD tracking number: 15501234567809. You can follow it on their website.", "15501234567809", "15501234567890", "order")
T("V106", h1, "Your SPRING15 code took 15% off the headphones, and they're coming by Standard Delivery.", "order")

track = {"tracking_number": "JD0002241987GB", "carrier": "Royal Mail", "order_id": "VB-4829910",
         "status": "out for delivery", "last_scan_location": "Manchester Mail Centre",
         "last_scan_time": "2026-03-10T06:48:00+00:00", "estimated_delivery": "2026-03-10",
         "delivery_window": {"from": "11:00", "to": "15:00"}}
h2 = [U("Can you track JD0002241987GB for me?"), TOOL("track_shipment", {"tracking_number": "JD0002241987GB"}, track)]
T("V107", h2, "Good news – your parcel is out for delivery with Royal Mail today, between 11am and 3pm.", "order")
F("V108", h2, "It was last scanned at the Manchester Mail Centre at 6:48am and it's due between 11am and 5pm.", "5pm", "3pm", "order")
F("V109", h2, "Your parcel's been delivered – Royal Mail scanned it at the Manchester Mail Centre this morning.", "been delivered", "out for delivery", "order")
T("V157", h2, "Royal Mail last scanned it at the Manchester Mail Centre at 6:48 this morning, and it's due today.", "order")
T("V110", h2, "Your order VB-4829910 is out for delivery with Royal Mail – the tracking number is JD0002241987GB.", "order")

search_hp = {"results": [
    {"name": "Sony WH-1000XM5", "price": 299.00, "battery_hours": 30, "stock_status": "in stock", "rating": 4.7},
    {"name": "Sennheiser Momentum 4 Wireless", "price": 249.00, "battery_hours": 60, "stock_status": "in stock", "rating": 4.5},
    {"name": "AirPods Pro 2", "price": 229.00, "battery_hours": 6, "stock_status": "in stock", "rating": 4.6}],
    "currency": "GBP", "total_results": 3}
h3 = [U("I want noise-cancelling headphones, max £300. What have you got?"),
      TOOL("search_products", {"query": "noise cancelling headphones", "category": "headphones", "max_price": 300}, search_hp)]
T("V111", h3, "I found three noise-cancelling options under £300: the Sony WH-1000XM5 at £299, the Sennheiser Momentum 4 Wireless at £249 and the AirPods Pro 2 at £229.", "search")
F("V112", h3, "There are four great options under £300 – the Sony WH-1000XM5 is the top-rated at 4.7 stars.", "four", "three", "count")
F("V113", h3, "If battery matters most, the Sennheiser Momentum 4 Wireless gives you 60 hours for £249, while the Sony gets 40 hours.", "40 hours", "30 hours", "search")
T("V114", h3, "The Sony WH-1000XM5 has the best rating of the three at 4.7 stars, and all of them are in stock.", "search")
F("V115", h3, "The AirPods Pro 2 are rated 4.8 stars and cost £229.", "4.8", "4.6", "search")

stock = {"product_name": "MacBook Air 13 (M3)", "sku": "VB-LT-40211", "stores": [
    {"store_name": "Voltbay Manchester Arndale", "quantity": 4, "colours": ["Midnight", "Silver"]},
    {"store_name": "Voltbay Leeds Trinity", "quantity": 0, "colours": []},
    {"store_name": "Voltbay Birmingham Bullring", "quantity": 2, "colours": ["Starlight"]}]}
h4 = [U("Which stores have the MacBook Air 13 in stock? I'd like to pick it up today."),
      TOOL("check_store_stock", {"sku": "VB-LT-40211", "region": "North & Midlands"}, stock)]
T("V116", h4, "The Manchester Arndale store has 4 MacBook Air 13s in stock, in Midnight and Silver. Leeds Trinity has none right now.", "stock")
T("V158", h4, "Leeds Trinity is out of the MacBook Air 13 for now, but Birmingham Bullring has 2 in Starlight.", "stock")
F("V117", h4, "Birmingham Bullring has 2 in stock, both in Midnight.", "Midnight", "Starlight", "stock")
F("V118", h4, "You can pick one up at Manchester Arndale, which has 6, or Birmingham Bullring, which has 2.", "6", "4", "stock")

loyalty = {"member_id": "VR-0093817", "member_name": "Aaliyah Brooks", "tier": "Charge", "points_balance": 3420,
           "next_tier": "Surge", "points_to_next_tier": 1580, "points_expiring": 210, "points_expiry_date": "2026-03-31"}
h5 = [U("How many Voltbay Rewards points have I got?"), TOOL("get_loyalty_account", {"member_id": "VR-0093817"}, loyalty)]
T("V119", h5, "You're in the Charge tier with 3,420 points, so you need another 1,580 to reach Surge.", "loyalty")
F("V120", h5, "You've got 3,240 points at the moment, and 210 of them expire on 31 March.", "3,240", "3,420", "loyalty")
F("V121", h5, "You have 3,420 points. Heads up: 210 of your points expire at the end of April.", "the end of April", "the end of March", "loyalty")
T("V122", h5, "Once you hit Surge you'll get 8% off and free next-day delivery – only 1,580 points to go!", "loyalty")
T("V123", h5, "Your member ID is VR-0093817 and you're currently in the Charge tier, Aaliyah.", "loyalty")

slots = {"delivery_option": "Two-Person Large Item Delivery", "postcode": "LS6 2AB", "fee": 24.99, "currency": "GBP",
         "slots": [{"date": "2026-03-12", "window_start": "07:00", "window_end": "12:00"},
                   {"date": "2026-03-13", "window_start": "12:00", "window_end": "18:00"},
                   {"date": "2026-03-16", "window_start": "07:00", "window_end": "12:00"}]}
h6 = [U("When can you deliver the LG C4 to LS6 2AB?"),
      TOOL("get_delivery_slots", {"sku": "VB-TV-70465", "postcode": "LS6 2AB"}, slots)]
T("V124", h6, "The earliest two-person delivery for your LG C4 is this Thursday, 12 March, between 7am and midday, for £24.99.", "delivery")
F("V125", h6, "I can offer Friday 13 March between 7am and 12pm, or Monday 16 March in the morning.", "between 7am and 12pm", "between 12pm and 6pm", "delivery")
F("V126", h6, "There are two slots available: Thursday morning, Friday afternoon or Monday morning.", "two", "three", "count")
F("V127", h6, "The next slot after Friday is Tuesday 16 March, 7am to 12pm.", "Tuesday", "Monday", "delivery")
T("V128", h6, "All three slots are with our two-person delivery team, and the fee is £24.99 whichever you pick.", "delivery")

ret = {"return_id": "RMA-771204", "order_id": "VB-4790112", "product_name": "Google Pixel 9", "status": "received",
       "received_date": "2026-03-09", "restocking_fee": 104.85, "refund_amount": 594.15, "currency": "GBP",
       "refund_method": "original payment card", "expected_refund_by": "2026-03-16"}
h7 = [U("Have you got my returned phone yet? Return number RMA-771204."), TOOL("get_return", {"return_id": "RMA-771204"}, ret)]
T("V129", h7, "We received your Google Pixel 9 yesterday. After the £104.85 restocking fee you'll get £594.15 back on your original card by Monday 16 March.", "return")
F("V130", h7, "Your refund of £549.15 will go back to your original payment card by 16 March.", "£549.15", "£594.15", "return")
F("V131", h7, "Return RMA-771204 is marked as in transit, and the refund should land by 16 March.", "in transit", "received", "return")
T("V132", h7, "That 15% restocking fee on opened phones comes to £104.85 on your Pixel 9.", "return")
T("V133", h7, "The refund will go back to your original payment card, and you should see it by 16 March.", "return")

promo = {"code": "TVSWAP100", "valid": True, "discount": 100.00, "basket_total_before": 1299.00,
         "basket_total_after": 1199.00, "currency": "GBP", "expires": "2026-03-31"}
h8 = [U("I've got the Samsung QN90D in my basket. Can you apply TVSWAP100?"),
      TOOL("apply_promo_code", {"code": "TVSWAP100", "basket_id": "BK-220917"}, promo)]
T("V134", h8, "TVSWAP100 has been applied – that's £100 off, so your basket is now £1,199.", "promo")
F("V135", h8, "Done! The code takes your basket down from £1,299 to £1,149.", "£1,149", "£1,199", "promo")
F("V136", h8, "The code is valid until 30 April, so there's no rush.", "30 April", "31 March", "promo")

stores = {"results": [
    {"store_name": "Voltbay Bristol Cabot Circus", "address": "112 Glass Walk, Bristol BS1 3BX", "distance_miles": 1.4,
     "open_now": True, "closes_today": "20:00"},
    {"store_name": "Voltbay Birmingham Bullring", "address": "8 Spiceal Street, Birmingham B5 4BH", "distance_miles": 81.2,
     "open_now": True, "closes_today": "20:00"}]}
h9 = [U("What's my nearest store? I'm at BS8 1TH."), TOOL("find_stores", {"postcode": "BS8 1TH", "limit": 2}, stores)]
T("V137", h9, "Your closest store is Voltbay Bristol Cabot Circus at 112 Glass Walk, just 1.4 miles away, and it's open until 8pm today.", "store")
F("V138", h9, "Voltbay Bristol Cabot Circus is 4.1 miles away and open until 8pm tonight.", "4.1 miles", "1.4 miles", "store")
F("V139", h9, "The Bristol store is at 121 Glass Walk, Bristol BS1 3BX.", "121 Glass Walk", "112 Glass Walk", "store")
T("V140", h9, "Both stores are open right now, but Birmingham Bullring is 81.2 miles away, so Bristol is much handier.", "store")

quote = {"product_name": "Dell XPS 14", "currency": "GBP", "plans": [
    {"plan_name": "Voltbay Care Laptop 2-Year", "price": 149.00, "term_years": 2, "accidental_damage": True, "excess": 50.00},
    {"plan_name": "Voltbay Care Laptop 3-Year", "price": 199.00, "term_years": 3, "accidental_damage": True, "excess": 50.00}]}
h10 = [U("What cover can I add to my XPS 14?"), TOOL("get_warranty_quote", {"sku": "VB-LT-41102"}, quote)]
T("V141", h10, "For your Dell XPS 14 you can add two years of cover for £149 or three years for £199 – both include accidental damage with a £50 excess.", "warranty")
F("V142", h10, "The 3-year plan for the XPS 14 is £189 and includes accidental damage.", "£189", "£199", "warranty")

trade = {"device": "Samsung Galaxy S21", "storage_gb": 128, "condition": "good", "trade_in_value": 145.00,
         "currency": "GBP", "quote_id": "TQ-58812", "valid_until": "2026-03-24"}
h11 = [U("What would you give me for my Galaxy S21 128GB? It's in good nick."),
       TOOL("check_trade_in", {"model": "Samsung Galaxy S21", "storage_gb": 128, "condition": "good"}, trade)]
T("V143", h11, "Your Galaxy S21 128GB in good condition is worth £145 in trade-in credit, and quote TQ-58812 is valid until 24 March.", "trade-in")
F("V144", h11, "We can give you £154 for your Galaxy S21 as trade-in credit.", "£154", "£145", "trade-in")
T("V145", h11, "That quote holds for two weeks, until Tuesday 24 March.", "trade-in")

order_2 = {"order_id": "VB-4833092", "status": "processing", "placed_at": "2026-03-10T09:15:00+00:00",
           "line_items": [
               {"product_name": "iPhone 16", "storage": "256GB", "colour": "Teal", "quantity": 1, "price": 899.00},
               {"product_name": "Voltbay Care Phone 2-Year", "quantity": 1, "price": 129.00},
               {"product_name": "AirPods Pro 2", "quantity": 1, "price": 229.00}],
           "subtotal": 1257.00, "delivery_option": "Click & Collect", "collection_store": "Voltbay Leeds Trinity",
           "delivery_fee": 0.00, "total": 1257.00, "currency": "GBP", "ready_for_collection": None}
h12 = [U("I ordered this morning, order VB-4833092. What's happening with it?"),
       TOOL("get_order", {"order_id": "VB-4833092"}, order_2)]
T("V146", h12, "Your order VB-4833092 is still processing. It's the iPhone 16 256GB in Teal, the two-year care plan and AirPods Pro 2, coming to £1,257 with free Click & Collect.", "order")
F("V147", h12, "You'll collect it from Voltbay Leeds Trinity, which is open until 7pm on weekdays. Your total is £1,275.", "£1,275", "£1,257", "order")
F("V148", h12, "Your iPhone 16 is the 128GB model in Teal, at £899.", "128GB", "256GB", "order")
F("V149", h12, "It's being collected from Voltbay Manchester Arndale once it's ready.", "Voltbay Manchester Arndale", "Voltbay Leeds Trinity", "order")
T("V150", h12, "The AirPods Pro 2 in that order are £229, and the two-year care plan for the iPhone is £129.", "order")

tvs = {"results": [
    {"name": "LG OLED65C4", "screen_inches": 65, "price": 1799.00, "in_stock": True},
    {"name": "Samsung QE55QN90D", "screen_inches": 55, "price": 1299.00, "in_stock": True},
    {"name": "Hisense 75U7N", "screen_inches": 75, "price": 1199.00, "in_stock": False}], "currency": "GBP"}
h13 = [U("Show me TVs that are 55 inches or bigger."),
       TOOL("search_products", {"category": "tvs", "min_screen_inches": 55}, tvs)]
T("V151", h13, "I found three TVs at 55 inches or more. The Hisense 75U7N is the cheapest at £1,199 but it's out of stock, so the Samsung QE55QN90D at £1,299 is your best in-stock pick.", "search")
F("V152", h13, "The Hisense 75U7N has an 85-inch screen and costs £1,199.", "85-inch", "75-inch", "search")
T("V153", h13, "With the TVSWAP100 trade-in code you'd get £100 off any of these, so the Samsung QE55QN90D would come to £1,199.", "promo")

order_3 = {"order_id": "VB-4768550", "status": "delivered", "delivered_at": "2026-02-27T13:05:00+00:00",
           "line_items": [{"product_name": "Dell XPS 14", "quantity": 1, "price": 1449.00}],
           "total": 1449.00, "currency": "GBP", "return_eligible_until": "2026-03-29"}
h14 = [U("Can I still return my XPS 14? Order VB-4768550."), TOOL("get_order", {"order_id": "VB-4768550"}, order_3)]
T("V154", h14, "Yes – your Dell XPS 14 was delivered on 27 February, so you can return it until 29 March. If it's been opened, a 10% restocking fee of £144.90 applies.", "return")
F("V155", h14, "Your XPS 14 was delivered on 27 February and you have until 27 March to send it back.", "27 March", "29 March", "return")
T("V156", h14, "It came to £1,449 and was delivered on Friday 27 February.", "order")

with open("/tmp/trial-voltbay/cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
nt = sum(c["truth"] for c in cases)
ntool = sum(any(h["role"] == "tool" for h in c["history"]) for c in cases)
print(len(cases), "true", nt, "false", len(cases) - nt, "tool", ntool)
ids = [c["id"] for c in cases]; assert len(ids) == len(set(ids))
