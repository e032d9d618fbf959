"""Write cases.jsonl for the Harbour Mutual trial.

Reference time: Wednesday 11 March 2026, 10:30 (see meta.json). Truth is decided by kb.ttl,
ontology.ttl and the tool results in each case's history only.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "cases.jsonl")


def U(text):
    return {"role": "user", "text": text}


def A(text):
    return {"role": "assistant", "text": text}


def TOOL(name, arguments, result):
    return {"role": "tool", "name": name, "arguments": arguments, "result": result}


cases = []


def T(kind, history, reply):
    cases.append({"history": history, "reply": reply, "truth": True, "kind": kind})


def F(kind, history, reply, wrong, right):
    cases.append({"history": history, "reply": reply, "truth": False, "wrong": wrong,
                  "right": right, "kind": kind})


# ---------------------------------------------------------------- savings
T("rate", [U("Hi, what's the interest rate on the Easy Access Saver at the moment?")],
  "Hi there! The Easy Access Saver is currently paying 3.25% AER variable, and interest is paid "
  "once a year. You can open one with as little as £1 and hold up to £250,000 in it. Would you "
  "like me to go through how to apply?")
F("rate", [U("How much does your 60 day notice account pay?")],
  "Thanks for asking! Our 60 Day Notice Account pays 4.15% AER variable. You'll need at least "
  "£1,000 to open it, and you'd give us 60 days' notice before any withdrawal.",
  "4.15%", "4.05%")
T("notice", [U("If I go for the 120 day notice account, how long do I have to wait to get my money out?")],
  "With the 120 Day Notice Account you need to give us 120 days' notice before a withdrawal, so "
  "it's worth planning ahead. In return it pays 4.20% AER variable. The minimum to open it is £5,000.")
F("minimum", [U("Could I open the 120 day notice account with £2,000?")],
  "Unfortunately not — the 120 Day Notice Account needs a minimum opening deposit of £10,000. With "
  "£2,000 you could look at the 60 Day Notice Account instead, which you can open with £1,000 and "
  "which pays 4.05% AER.",
  "£10,000", "£5,000")
T("limit", [U("How many times can I take money out of the Limited Access Saver?")],
  "You get 3 penalty-free withdrawals a year with the Limited Access Saver. It's paying 3.80% AER "
  "variable at the moment, and you can open it with £500.")
F("limit", [U("I like the sound of the limited access one. What's the catch?")],
  "The main thing to know is that the Limited Access Saver allows 4 penalty-free withdrawals each "
  "year, so it's best for money you won't need often. It pays 3.80% AER variable and the minimum "
  "opening deposit is £500.",
  "4 penalty-free withdrawals", "3 penalty-free withdrawals")
T("rate", [U("Tell me about your fixed rate bond please")],
  "Of course! Our 1 Year Fixed Rate Bond pays a fixed 4.25% AER for 12 months. You can open it "
  "with £2,000 and put in up to £250,000. Just bear in mind that you can't make any withdrawals "
  "until the bond matures.")
F("minimum", [U("What's the least I can put into the 1 year bond?")],
  "The minimum deposit for the 1 Year Fixed Rate Bond is £1,000, and the most you can put in is "
  "£250,000. The rate is fixed at 4.25% AER for the full year.",
  "£1,000", "£2,000")
T("rate", [U("I want to build up some savings every month. What would you suggest?")],
  "Our Regular Saver could be a great fit. It pays a fixed 6.00% AER for 12 months, and you can "
  "pay in anywhere from £10 to £250 each month. If you'd like more flexibility, the Easy Access "
  "Saver pays 3.25% AER variable.")
F("limit", [U("How much can I put in the regular saver each month?")],
  "You can save between £10 and £300 a month in the Regular Saver, and it pays a fixed 6.00% AER "
  "over 12 months.",
  "£300", "£250")
T("rate", [U("What's the ISA rate, and how much can I put in this tax year?")],
  "Our Easy Access Cash ISA pays 3.60% AER variable, with interest paid monthly. You can pay in up "
  "to £20,000 this tax year, and the minimum to open it is £100.")
F("rate", [U("Does the cash ISA pay interest monthly or yearly?")],
  "Good question! The Easy Access Cash ISA pays interest annually, and the rate at the moment is "
  "3.60% AER variable. You can open it with £100.",
  "annually", "monthly")
T("product", [U("My daughter is 9. Have you got a savings account for her?")],
  "Yes, we do! The Little Anchors Saver is for children under 16 and pays 4.50% AER variable. You "
  "can open it with just £1, and it can hold up to £5,000. A parent or guardian opens it on her behalf.")
F("limit", [U("Is there a limit on how much my son can have in the Little Anchors Saver?")],
  "There is — the Little Anchors Saver can hold up to £10,000. It pays 4.50% AER variable and is "
  "open to children under 16.",
  "£10,000", "£5,000")

# ---------------------------------------------------------------- current accounts
T("fee", [U("What do I get for paying for the Plus account?")],
  "The Plus Current Account costs £8 a month. For that you get European travel insurance and "
  "mobile phone insurance, 2.00% AER on balances up to £2,500, and a £100 interest-free overdraft "
  "buffer. You also don't pay the non-sterling transaction fee when you use your card abroad.")
F("fee", [U("How much is the monthly fee on the Plus Current Account?")],
  "The Plus Current Account has a monthly fee of £10. It includes European travel insurance and "
  "mobile phone insurance.",
  "£10", "£8")
F("rate", [U("Does the Plus account pay any interest?")],
  "It does! The Plus Current Account pays 2.00% AER variable on balances up to £5,000. Anything "
  "above that doesn't earn interest.",
  "£5,000", "£2,500")
T("fee", [U("What's the overdraft rate on the Everyday account?")],
  "The arranged overdraft rate on the Everyday Current Account is 19.9% EAR variable. If you "
  "borrow beyond your arranged limit, it's charged at the same 19.9% EAR — we don't add daily fees on top.")
F("fee", [U("Is the overdraft any cheaper on the Plus account?")],
  "Yes, a little. The Plus Current Account's arranged overdraft rate is 18.9% EAR variable, and "
  "the first £100 is interest-free.",
  "18.9%", "17.9%")
T("product", [U("Can I get an overdraft on the Basic Account?")],
  "I'm afraid the Basic Account doesn't come with an overdraft. It has no monthly fee, though, and "
  "you still get a Harbour Visa Debit card with it.")
F("product", [U("What card comes with the Basic Account?")],
  "The Basic Account comes with a Harbour Cashcard, which you can use at cash machines. There's no "
  "monthly fee and no overdraft on this account.",
  "Harbour Cashcard", "Harbour Visa Debit card")

# ---------------------------------------------------------------- cards
T("limit", [U("How much cash can I take out in a day with my debit card?")],
  "With your Harbour Visa Debit card you can withdraw up to £500 a day from cash machines. For "
  "contactless, each payment can be up to £100.")
F("limit", [U("What's the daily ATM limit on the Visa Debit?")],
  "The daily cash withdrawal limit on the Visa Debit card is £300. Card payments have a separate "
  "daily spending limit of £5,000.",
  "£300", "£500")
T("limit", [U("Can I use my savings Cashcard to pay contactless?")],
  "No, the Harbour Cashcard only works at cash machines, so it can't be used for contactless or "
  "shop payments. You can withdraw up to £300 a day with it.")
F("limit", [U("What's the most I can pay by contactless?")],
  "On the Harbour Visa Debit card the contactless limit is £45 per payment. For anything above "
  "that, you'll just need to insert your card and enter your PIN.",
  "£45", "£100")
T("limit", [U("Is there a limit on how much I can spend on my card in one day?")],
  "Yes, there is. The Visa Debit card has a daily spending limit of £5,000 for card payments, and "
  "a separate limit of £500 a day for cash machine withdrawals.")

# ---------------------------------------------------------------- fees
T("fee", [U("I'm off to Spain next week. Will I be charged for using my card?")],
  "Have a lovely trip! If you pay in euros with your Visa Debit card, there's a non-sterling "
  "transaction fee of 2.99% of each payment. Taking cash out abroad costs 1.5% of the amount, with "
  "a minimum of £2. If you travel a lot, it might be worth looking at the Plus Current Account, "
  "which doesn't charge the transaction fee.")
F("fee", [U("What's your foreign transaction fee?")],
  "When you pay in a foreign currency with your Harbour Visa Debit card, we charge a non-sterling "
  "transaction fee of 2.75% of the transaction. Plus Current Account holders don't pay it.",
  "2.75%", "2.99%")
F("fee", [U("How much does it cost to use a cash machine abroad?")],
  "Withdrawing foreign currency from a cash machine costs 1.5% of the amount you take out, with a "
  "minimum fee of £3 per withdrawal.",
  "£3", "£2")
T("fee", [U("I've lost my card. How much does a new one cost?")],
  "Sorry to hear that! A replacement card costs £5, although there's no charge if your old card "
  "was faulty. It should arrive within 5 working days. If you think someone else might have your "
  "card, please call our Lost and Stolen Cards line on 0300 303 1855 straight away.")
F("fee", [U("How much do you charge for a replacement card?")],
  "A replacement card is £10, but we won't charge you if the card has stopped working because "
  "it's faulty. Once ordered, it'll reach you within 5 working days.",
  "£10", "£5")
T("process", [U("I need to send money to my solicitor today for a house completion. What's the best way?")],
  "For a same-day payment like a completion, CHAPS is the one to use. It costs £20, and as long as "
  "we get your instruction before 3pm on a working day, the money arrives the same day.")
F("process", [U("What's the cut-off for a CHAPS payment?")],
  "To make sure a CHAPS payment arrives today, we need your instruction before 4pm. There's a £20 "
  "fee for each CHAPS payment.",
  "4pm", "3pm")
T("fee", [U("What happens if a direct debit bounces because I don't have enough money?")],
  "If we have to return a payment unpaid because there isn't enough money in your account, "
  "there's an unpaid item fee of £10. We'll charge it no more than 3 times in a month. If you're "
  "finding things tight, our Financial Support Team on 0300 303 1895 can help.")
F("fee", [U("Is there a maximum on unpaid item fees?")],
  "Yes — the unpaid item fee is £10 per returned payment, and we cap it at 5 charges a month.",
  "5 charges", "3 charges")
T("fee", [U("How much is a banker's draft? And I'll need a copy statement too.")],
  "A banker's draft costs £10. A copy statement is £3 for each one you need.")
F("fee", [U("What do you charge for copy statements?")],
  "A copy statement costs £5 each. If you need a banker's draft for the same purchase, that's £10.",
  "£5", "£3")

# ---------------------------------------------------------------- mortgages
T("mortgage", [U("What's your 2 year fix?")],
  "Our 2 Year Fixed is 4.29% for borrowing up to 75% of the property's value. There's a £999 "
  "product fee, and you can spread the mortgage over up to 40 years. When the two years are up, "
  "it moves onto our Standard Variable Rate, currently 7.24%.")
F("mortgage", [U("Is there a fee on the 2 Year Fixed?")],
  "Yes, the 2 Year Fixed 75% LTV has a product fee of £499. The rate is 4.29% fixed for two years.",
  "£499", "£999")
T("mortgage", [U("What's the lowest mortgage rate you have?")],
  "Our lowest rate at the moment is 4.05%, on the 5 Year Fixed 60% LTV. It comes with a £999 "
  "product fee, so it suits people with at least a 40% deposit or equity.")
F("mortgage", [U("If I take the 5 year fix at 60% and sell in the first year, what would I pay?")],
  "On the 5 Year Fixed 60% LTV, the early repayment charge in the first year is 3% of the amount "
  "you repay. It then steps down by one percentage point each year.",
  "3%", "5%")
T("mortgage", [U("I'm a first-time buyer and I've only got a 5% deposit. Can you help?")],
  "We can! Our First Time Buyer 5 Year Fixed goes up to 95% LTV at 5.19%, fixed for five years. "
  "There's no product fee, and you'll get £500 cashback when your purchase completes. The most you "
  "can borrow on it is £400,000.")
F("mortgage", [U("Does the first time buyer mortgage come with cashback?")],
  "It does — the First Time Buyer 5 Year Fixed 95% LTV pays £1,000 cashback on completion, and "
  "there's no product fee to pay.",
  "£1,000", "£500")
F("mortgage", [U("What's the rate on the 5 year fix at 90%?")],
  "The 5 Year Fixed 90% LTV is currently 4.69%, with no product fee. That rate is fixed for the "
  "first five years.",
  "4.69%", "4.89%")
T("mortgage", [U("How does your tracker mortgage work?")],
  "The 2 Year Tracker follows Bank Rate plus 0.60%, so with Bank Rate at 3.75% you'd currently pay "
  "4.35%. If Bank Rate moves, your rate moves with it. It has a £499 product fee, no early "
  "repayment charges, and a maximum term of 35 years. It's available up to 75% LTV.")
F("mortgage", [U("What's the longest term on the tracker?")],
  "You can take the 2 Year Tracker over a maximum term of 40 years. The product fee is £499 and "
  "there are no early repayment charges.",
  "40 years", "35 years")
T("mortgage", [U("What happens when my fixed rate ends?")],
  "When your fixed rate comes to an end, your mortgage moves onto our Standard Variable Rate, which "
  "is currently 7.24%. You can call the Mortgage Helpline on 0300 303 1870 to talk about switching "
  "to a new deal.")
F("mortgage", [U("How much deposit do I need for the 2 year fix?")],
  "The 2 Year Fixed is available up to 80% LTV. The rate is 4.29% with a £999 product fee.",
  "80%", "75%")

# ---------------------------------------------------------------- branches
T("hours", [U("What time does the Truro branch open on Saturday?")],
  "Our Truro branch is open from 9am to 12:30pm on Saturdays. During the week it's open 9am to "
  "5pm, except on Wednesdays, when it opens at 9:30am.")
F("hours", [U("Is the Falmouth branch open this Saturday?")],
  "Yes, the Falmouth branch is open this Saturday from 9am until 12:30pm.",
  "12:30pm", "1pm")
T("hours", [U("Is the Penzance branch open tomorrow?")],
  "Yes, Penzance is open tomorrow from 9:30am until 4:30pm. Just so you know, it's closed on "
  "Saturdays, so if you can't make it in the week, our Truro branch is open on Saturday mornings.")
F("hours", [U("Can I pop into the St Ives branch tomorrow afternoon?")],
  "You can — St Ives is open tomorrow from 10am until 4pm, so there's plenty of time in the afternoon.",
  "4pm", "3pm")
T("hours", [U("When's the St Ives branch open? It never seems to be.")],
  "Sorry about that! St Ives is a part-time branch, so it's only open on Tuesdays, Thursdays and "
  "Fridays, from 10am to 3pm. Jago Nance is the manager there if you'd like to arrange something specific.")
F("hours", [U("Which days is St Ives open?")],
  "Our St Ives branch opens three days a week: Mondays, Thursdays and Fridays, from 10am to 3pm.",
  "Mondays", "Tuesdays")
T("branch", [U("Where's your Plymouth branch?")],
  "You'll find our Plymouth Barbican branch at 31 Southside Street, Plymouth PL1 2LE. You can call "
  "the branch on 01752 224610, and it's open 9am to 5pm on weekdays and 9am to 1pm on Saturdays.")
F("branch", [U("What's the address of the Truro branch?")],
  "Our Truro branch is at 5 Boscawen Street, Truro TR1 2QU. It has step-free access and a hearing loop.",
  "5 Boscawen Street", "3 Boscawen Street")
F("branch", [U("What's the postcode for the Falmouth branch? I want to put it in my satnav.")],
  "The Falmouth branch is at 14 Arwenack Street, Falmouth, TR11 3JB. See you soon!",
  "TR11 3JB", "TR11 3JA")
T("name", [U("Who's the manager at the Falmouth branch?")],
  "The Falmouth branch manager is Tamsin Rowe. Falmouth is also our head office, at 14 Arwenack "
  "Street, so if you'd like to speak to her, the branch number is 01326 312480.")
F("name", [U("Who runs the Truro branch?")],
  "The Truro branch is managed by Kerensa Hosking. You can reach the branch on 01872 270155.",
  "Kerensa Hosking", "Daniel Pascoe")
F("name", [U("I'd like to write to the manager of your Plymouth branch. What's their name?")],
  "Of course. The manager of our Plymouth Barbican branch is James Whitford, and letters can be "
  "sent to 31 Southside Street, Plymouth PL1 2LE.",
  "James Whitford", "Priya Natarajan")
T("service", [U("Which branches have safe deposit boxes?")],
  "Safe deposit boxes are only available at our Falmouth branch, 14 Arwenack Street. It's open "
  "until 5pm on weekdays and until 1pm on Saturdays if you'd like to pop in and ask about one.")
F("service", [U("Where can I order travel money in branch?")],
  "You can order foreign currency at our Falmouth, Truro, Penzance and St Ives branches.",
  "St Ives", "Plymouth Barbican")
T("service", [U("Does the Penzance branch have a cash machine?")],
  "I'm afraid the Penzance branch doesn't have a cash machine. It does offer foreign currency and "
  "coin deposits, and there's a hearing loop.")
F("service", [U("Can I pay in coins at the Plymouth branch?")],
  "Yes, you can pay in coins at our Plymouth Barbican branch on Southside Street. It's open 9am to "
  "5pm Monday to Friday.",
  "Yes, you can pay in coins", "No, coin deposits aren't offered there")
T("hours", [U("Who runs the Plymouth branch?"),
            A("That's Priya Natarajan — she manages our Plymouth Barbican branch on Southside Street."),
            U("Is her branch open on Saturdays?")],
  "Yes, her branch is open on Saturdays from 9am until 1pm.")
F("mortgage", [U("What's the rate on the 2 year fix?"),
               A("Our 2 Year Fixed 75% LTV is 4.29% fixed for two years, with a £999 product fee."),
               U("And how long can I take it over?")],
  "You can take it over a term of up to 35 years.",
  "35 years", "40 years")

# ---------------------------------------------------------------- phone lines
T("phone", [U("My purse has been stolen with my card in it! Who do I call?")],
  "I'm so sorry — please call our Lost and Stolen Cards line on 0300 303 1855 straight away. It's "
  "open 24 hours a day, 7 days a week, so you can ring it right now.")
F("phone", [U("What's the number for lost cards?")],
  "You can report a lost or stolen card any time, day or night, on 0300 303 1858.",
  "0300 303 1858", "0300 303 1855")
T("hours", [U("What time are your phone lines open?")],
  "Our General Enquiries line, 0300 303 1840, is open from 8am to 8pm Monday to Friday and from "
  "9am to 2pm on Saturdays. If your card's lost or stolen, the Lost and Stolen Cards line is open 24/7.")
F("hours", [U("When can I call about my mortgage?")],
  "The Mortgage Helpline is on 0300 303 1870. It's open from 8:30am to 8pm on weekdays and from "
  "9am to 12pm on Saturdays.",
  "8pm", "6pm")
T("phone", [U("I want to make a complaint. Is there a number?")],
  "I'm sorry you've had a reason to complain. You can call our Complaints Line on 0300 303 1888, "
  "Monday to Friday between 9am and 5pm. We'll aim to send you a final response within 8 weeks.")
F("phone", [U("I'm in Portugal. Which number should I ring?")],
  "From abroad, please call us on +44 1326 555100. The line's open 8am to 8pm UK time on weekdays "
  "and 9am to 2pm on Saturdays.",
  "+44 1326 555100", "+44 1326 555010")
T("phone", [U("I'm struggling to keep up with my payments. Can I talk to someone?")],
  "Thank you for reaching out — you're not alone, and we're here to help. Our Financial Support "
  "Team is on 0300 303 1895, Monday to Friday from 9am to 5:30pm.")
F("hours", [U("When's the Financial Support Team available?")],
  "You can call our Financial Support Team on 0300 303 1895 between 9am and 5pm, Monday to Friday.",
  "5pm", "5:30pm")

# ---------------------------------------------------------------- processes
T("process", [U("How long does a transfer to another bank take?")],
  "Payments you make online go by Faster Payments, so they usually arrive within 2 hours, and "
  "often much sooner. You can send up to £25,000 a day that way.")
F("limit", [U("Is there a limit on online transfers?")],
  "Yes, you can send up to £10,000 a day by Faster Payments. If you need to move more than that, a "
  "CHAPS payment might be better — it costs £20.",
  "£10,000", "£25,000")
T("process", [U("If I pay a cheque in at the branch today, when can I use the money?")],
  "If you pay it in at one of our branches today, the money will be available by 11:59pm tomorrow, "
  "as cheques paid in at a branch clear in 1 working day. If you post it to us instead, allow 3 "
  "working days.")
F("process", [U("How long does a cheque take if I post it to you?")],
  "Cheques sent to us by post take 5 working days to clear. Paying in at a branch is quicker — "
  "just 1 working day.",
  "5 working days", "3 working days")
T("process", [U("I want to move my ISA from another bank to you. How long will it take?")],
  "We'll complete a Cash ISA transfer in within 15 working days. Our Easy Access Cash ISA pays "
  "3.60% AER variable.")
F("process", [U("How long does it take to switch my current account to you?")],
  "With the Current Account Switch Service, your switch will be completed in 10 working days. "
  "Would you like to get started?",
  "10 working days", "7 working days")
T("process", [U("How long do you have to respond to my complaint?")],
  "We'll send you our final response within 8 weeks of receiving your complaint. If you'd like to "
  "talk it through in the meantime, the Complaints Line is on 0300 303 1888.")
F("process", [U("How long does a Bacs payment take?")],
  "A Bacs payment takes 2 working days to reach the other account, so it's worth setting it up in "
  "good time.",
  "2 working days", "3 working days")
T("process", [U("Once I've applied for a mortgage, how long until I get an offer?")],
  "Once we have your full application and all your documents, it usually takes around 3 weeks to "
  "issue your mortgage offer.")
F("process", [U("I've forgotten my PIN. How long will a reminder take?")],
  "No problem — we can post you a PIN reminder, and it should arrive within 2 working days.",
  "2 working days", "4 working days")

# ---------------------------------------------------------------- multi-turn, KB only
T("minimum", [U("Tell me about the 60 day notice account."),
              A("The 60 Day Notice Account pays 4.05% AER variable, and you give 60 days' notice before taking money out."),
              U("And what's its minimum?")],
  "You can open it with £1,000, and it can hold up to £500,000.")
F("product", [U("What do I get with the Plus account?"),
              A("The Plus Current Account costs £8 a month and comes with travel and mobile phone insurance."),
              U("Is the travel insurance worldwide?")],
  "Yes, it includes worldwide travel insurance, along with mobile phone insurance.",
  "worldwide", "European")
T("branch", [U("Where's your head office?")],
  "Our head office is the Falmouth branch, at 14 Arwenack Street, Falmouth TR11 3JA.")
F("name", [U("What's the Harbour Mutual sort code?")],
  "All Harbour Mutual accounts share the same sort code, 40-72-21. You'll find your account number "
  "on your statements.",
  "40-72-21", "40-71-22")
F("limit", [U("I'm thinking about the Easy Access Saver."),
            A("Great choice — it pays 3.25% AER variable and you can open it with £1."),
            U("Does it come with a card?")],
  "Yes, it comes with a Harbour Cashcard, so you can take out up to £500 a day at cash machines.",
  "£500", "£300")
T("hours", [U("Who's the manager at Penzance?"),
            A("That's Kerensa Hosking, our Penzance branch manager."),
            U("Can I see her on Saturday?")],
  "I'm afraid not on a Saturday — her branch is closed at weekends. Penzance is open Monday to "
  "Friday from 9:30am to 4:30pm, so you could pop in any weekday.")

# ---------------------------------------------------------------- tool results
BAL_ARGS = {"customer_id": "C-20417"}
BAL = [
    {"account_name": "Everyday Current Account", "account_number": "****4821", "balance": 1243.56,
     "available_balance": 1743.56, "overdraft_limit": 500.00, "currency": "GBP"},
    {"account_name": "Easy Access Saver", "account_number": "****7730", "balance": 8650.00,
     "available_balance": 8650.00, "currency": "GBP"},
]
T("balance", [U("Hi, can you tell me my balances please?"), TOOL("get_account_balances", BAL_ARGS, BAL)],
  "Of course! Your Everyday Current Account has a balance of £1,243.56, and with your £500 "
  "overdraft you've got £1,743.56 available. Your Easy Access Saver has £8,650.00 in it.")
F("balance", [U("How much is in my savings?"), TOOL("get_account_balances", BAL_ARGS, BAL)],
  "Here you go: your Everyday Current Account balance is £1,243.56, and your Easy Access Saver "
  "holds £8,560.00.",
  "£8,560.00", "£8,650.00")
F("count", [U("Can you look at my accounts?"),
            TOOL("get_account_balances", {"customer_id": "C-31188"}, [
                {"account_name": "Everyday Current Account", "account_number": "****2209", "balance": 312.40, "currency": "GBP"},
                {"account_name": "Easy Access Cash ISA", "account_number": "****6610", "balance": 15250.00, "currency": "GBP"},
                {"account_name": "Regular Saver", "account_number": "****0452", "balance": 900.00, "currency": "GBP"}])],
  "Happy to help! I can see four accounts in your name. Which one would you like me to look at?",
  "four", "three")
F("balance", [U("How much can I spend right now?"), TOOL("get_account_balances", BAL_ARGS, BAL)],
  "Your Everyday Current Account balance is £1,243.56, and you have £1,473.56 available including "
  "your overdraft.",
  "£1,473.56", "£1,743.56")

TX_ARGS = {"account_number": "****4821", "from": "2026-03-01", "to": "2026-03-11"}
TX = [
    {"date": "2026-03-10", "description": "TESCO STORES 2231 FALMOUTH", "amount": -42.17, "currency": "GBP", "type": "card payment"},
    {"date": "2026-03-09", "description": "CORNWALL COUNCIL", "amount": -168.00, "currency": "GBP", "type": "direct debit"},
    {"date": "2026-03-06", "description": "FALMOUTH DOCKS LTD SALARY", "amount": 2140.55, "currency": "GBP", "type": "credit"},
    {"date": "2026-03-05", "description": "NETFLIX.COM", "amount": -12.99, "currency": "GBP", "type": "card payment"},
    {"date": "2026-03-02", "description": "SOUTH WEST WATER", "amount": -38.40, "currency": "GBP", "type": "direct debit"},
]
T("transaction", [U("What's gone out of my current account this month?"), TOOL("get_transactions", TX_ARGS, TX)],
  "Here's what's gone out since 1 March: yesterday you spent £42.17 at Tesco in Falmouth, on "
  "Monday your council tax of £168.00 went to Cornwall Council, Netflix took £12.99 on 5 March, and "
  "South West Water collected £38.40 on 2 March. Your salary of £2,140.55 from Falmouth Docks also "
  "came in last Friday.")
F("transaction", [U("Has my salary been paid in yet?"), TOOL("get_transactions", TX_ARGS, TX)],
  "Good news — your salary of £2,410.55 from Falmouth Docks Ltd arrived on Friday 6 March.",
  "£2,410.55", "£2,140.55")
F("transaction", [U("When did Netflix take its payment?"), TOOL("get_transactions", TX_ARGS, TX)],
  "Netflix took £12.99 from your current account on 4 March. It was a card payment.",
  "4 March", "5 March")
F("transaction", [U("Has my council tax gone out yet?"), TOOL("get_transactions", TX_ARGS, TX)],
  "Yes, your council tax direct debit of £168.00 to Cornwall Council went out on Tuesday.",
  "Tuesday", "Monday")
F("count", [U("How many transactions have there been on my account since the 1st?"),
            TOOL("get_transactions", TX_ARGS, TX)],
  "I found 6 transactions on your current account since 1 March. The biggest was your salary of "
  "£2,140.55 on 6 March.",
  "6 transactions", "5 transactions")
T("count", [U("Has it been a busy month on my account?"), TOOL("get_transactions", TX_ARGS, TX)],
  "There have been 5 transactions since the start of the month. The largest payment out was your "
  "council tax of £168.00 to Cornwall Council on 9 March.")
T("transaction", [U("What was the payment on the 10th?"), TOOL("get_transactions", TX_ARGS, TX)],
  "On 10/03/2026 you paid £42.17 to Tesco Stores in Falmouth by card.")

SO_ARGS = {"account_number": "****4821"}
SO = [
    {"payee": "M PENGELLY", "amount": 450.00, "currency": "GBP", "frequency": "monthly",
     "next_payment_date": "2026-03-28", "reference": "RENT FLAT 2"},
    {"payee": "HARBOUR MUTUAL REGULAR SAVER", "amount": 100.00, "currency": "GBP", "frequency": "monthly",
     "next_payment_date": "2026-03-16", "reference": "REG SAVER"},
]
T("standing_order", [U("What standing orders do I have?"), TOOL("get_standing_orders", SO_ARGS, SO)],
  "You've got two standing orders. £450.00 goes to M Pengelly every month with the reference RENT "
  "FLAT 2, and the next one is due on 28 March. The other pays £100.00 a month into your Regular "
  "Saver, next going out on Monday.")
F("standing_order", [U("When's my next rent payment?"), TOOL("get_standing_orders", SO_ARGS, SO)],
  "Your next standing order to M Pengelly for £450.00 is due on 18 March.",
  "18 March", "28 March")
F("standing_order", [U("How much is my rent standing order for?"), TOOL("get_standing_orders", SO_ARGS, SO)],
  "Your monthly standing order to M Pengelly, reference RENT FLAT 2, is for £540.00.",
  "£540.00", "£450.00")
T("limit", [U("Can I increase what I pay into my Regular Saver?"), TOOL("get_standing_orders", SO_ARGS, SO)],
  "You're currently paying £100.00 a month into your Regular Saver. You can pay in up to £250 a "
  "month, so you could increase it by up to £150.")
F("limit", [U("Could I put more into my Regular Saver each month?"), TOOL("get_standing_orders", SO_ARGS, SO)],
  "You're paying £100.00 a month into your Regular Saver at the moment, and the maximum monthly "
  "deposit is £200, so there's room to increase it.",
  "£200", "£250")

CARD_ARGS = {"card_last4": "5512"}
CARD = {"card_last4": "5512", "card_type": "Visa Debit", "status": "frozen", "frozen_on": "2026-03-09",
        "expiry": "11/28"}
T("card", [U("Why isn't my card working?"), TOOL("get_card_status", CARD_ARGS, CARD)],
  "I've had a look, and your Visa Debit card ending 5512 is currently frozen. It was frozen on "
  "Monday 9 March, which would explain why payments aren't going through. Would you like me to "
  "unfreeze it for you?")
F("card", [U("Is my card ending 5512 okay to use?"), TOOL("get_card_status", CARD_ARGS, CARD)],
  "Yes, your Visa Debit card ending 5512 is active, so you should be able to use it as normal.",
  "active", "frozen")
F("card", [U("Can you check my card for me?"), TOOL("get_card_status", CARD_ARGS, CARD)],
  "Your card ending 5521 is currently frozen — it was frozen on 9 March. Shall I unfreeze it?",
  "5521", "5512")
F("card", [U("When was my card frozen?"), TOOL("get_card_status", CARD_ARGS, CARD)],
  "Your Visa Debit ending 5512 was frozen on Sunday 8 March, so it won't work for payments until "
  "it's unfrozen.",
  "Sunday 8 March", "Monday 9 March")

RC_ARGS = {"card_last4": "5512", "reason": "damaged"}
RC = {"order_reference": "RC-774310", "status": "ordered", "dispatch_date": "2026-03-12",
      "expected_delivery": "2026-03-17", "fee": 0.00, "currency": "GBP"}
RC_HIST = [U("My card's snapped in half. Can I get a new one?"), TOOL("order_replacement_card", RC_ARGS, RC)]
T("card", RC_HIST,
  "All sorted — I've ordered you a replacement card. It'll be sent out tomorrow and should arrive "
  "by Tuesday 17 March. As your card was damaged, there's no fee. Your order reference is RC-774310.")
F("card", RC_HIST,
  "Done! Your new card will be posted tomorrow and should be with you by Thursday 19 March. There's "
  "no charge for this one.",
  "Thursday 19 March", "Tuesday 17 March")
F("card", RC_HIST,
  "I've ordered your replacement card and there's nothing to pay. Your reference is RC-774130 if "
  "you need to chase it.",
  "RC-774130", "RC-774310")

CMP_ARGS = {"reference": "HMC-204817"}
CMP = {"reference": "HMC-204817", "status": "under investigation", "opened_on": "2026-02-23",
       "category": "card payment dispute", "handler": "Owen Carne", "final_response_due": "2026-04-20"}
T("complaint", [U("Can you update me on my complaint? Ref HMC-204817."), TOOL("get_complaint", CMP_ARGS, CMP)],
  "Thanks for your patience. Your complaint HMC-204817 about a card payment dispute is still under "
  "investigation, and Owen Carne is looking after it. We opened it on 23 February, and you'll have "
  "our final response by 20 April at the latest.")
F("complaint", [U("Who's dealing with my complaint HMC-204817?"), TOOL("get_complaint", CMP_ARGS, CMP)],
  "Your complaint is being handled by Owen Curnow, and it's currently under investigation.",
  "Owen Curnow", "Owen Carne")
F("complaint", [U("When did you log my complaint? It's HMC-204817."), TOOL("get_complaint", CMP_ARGS, CMP)],
  "We logged your complaint HMC-204817 on 25 February, and it's still under investigation. Our "
  "final response is due by 20 April.",
  "25 February", "23 February")

SAV_ARGS = {"account_number": "****9034"}
SAV = {"account_name": "60 Day Notice Account", "account_number": "****9034", "balance": 12400.00,
       "currency": "GBP", "aer": 4.05, "notice_given_on": "2026-02-20", "notice_amount": 3000.00,
       "funds_available_on": "2026-04-21"}
T("notice", [U("When will I be able to get the money I gave notice on?"), TOOL("get_savings_account", SAV_ARGS, SAV)],
  "You gave notice on 20 February to withdraw £3,000.00 from your 60 Day Notice Account, so the "
  "money will be available on Tuesday 21 April. The account currently holds £12,400.00 and is "
  "earning 4.05% AER.")
F("notice", [U("When can I have my £3,000?"), TOOL("get_savings_account", SAV_ARGS, SAV)],
  "Your £3,000.00 will be available on Wednesday 22 April, 60 days after you gave notice.",
  "Wednesday 22 April", "Tuesday 21 April")
F("rate", [U("What's my notice account earning?"), TOOL("get_savings_account", SAV_ARGS, SAV)],
  "Your 60 Day Notice Account holds £12,400.00 and is earning 4.20% AER.",
  "4.20%", "4.05%")

MTG_ARGS = {"mortgage_account": "M-0087712"}
MTG = {"product": "5 Year Fixed 60% LTV", "balance_outstanding": 184320.77, "monthly_payment": 1012.64,
       "interest_rate": 4.05, "fixed_until": "2029-06-30", "remaining_term_years": 22, "currency": "GBP"}
T("mortgage", [U("Can you give me a summary of my mortgage?"), TOOL("get_mortgage_account", MTG_ARGS, MTG)],
  "Of course. You're on our 5 Year Fixed 60% LTV at 4.05%, fixed until 30 June 2029. You currently "
  "owe £184,320.77, your monthly payment is £1,012.64, and there are 22 years left on your term.")
F("mortgage", [U("What's my monthly mortgage payment?"), TOOL("get_mortgage_account", MTG_ARGS, MTG)],
  "Your monthly mortgage payment is £1,021.64, and your rate of 4.05% is fixed until 30 June 2029.",
  "£1,021.64", "£1,012.64")
F("mortgage", [U("How long is my rate fixed for?"), TOOL("get_mortgage_account", MTG_ARGS, MTG)],
  "Your rate is fixed until 30 June 2028. After that, you'll move to our Standard Variable Rate of "
  "7.24% unless you switch.",
  "30 June 2028", "30 June 2029")
F("mortgage", [U("What happens after my fix ends?"), TOOL("get_mortgage_account", MTG_ARGS, MTG)],
  "Your fixed rate of 4.05% runs until 30 June 2029. After that you'd move onto our Standard "
  "Variable Rate, which is 6.99% at the moment.",
  "6.99%", "7.24%")

APPT_ARGS = {"branch": "Truro", "from": "2026-03-12"}
APPT = [
    {"adviser": "Helen Curnow", "branch": "Truro", "date": "2026-03-13", "time": "10:00"},
    {"adviser": "Helen Curnow", "branch": "Truro", "date": "2026-03-16", "time": "14:30"},
    {"adviser": "Helen Curnow", "branch": "Truro", "date": "2026-03-17", "time": "11:00"},
]
APPT_Q = U("I'd like to see a mortgage adviser at Truro. When's free?")
T("appointment", [APPT_Q, TOOL("find_mortgage_appointments", APPT_ARGS, APPT)],
  "Helen Curnow has three appointments free at our Truro branch: this Friday (13 March) at 10am, "
  "next Monday at 2:30pm, or Tuesday 17 March at 11am. Which would suit you best?")
F("appointment", [APPT_Q, TOOL("find_mortgage_appointments", APPT_ARGS, APPT)],
  "Helen Curnow can see you at Truro this Friday at 10am, or next Monday at 3:30pm.",
  "3:30pm", "2:30pm")
F("count", [APPT_Q, TOOL("find_mortgage_appointments", APPT_ARGS, APPT)],
  "Helen has four slots free at Truro, the first one being this Friday at 10am.",
  "four", "three")

BOOK = {"confirmation": "APT-55190", "adviser": "Helen Curnow", "branch": "Truro", "date": "2026-03-16",
        "time": "14:30", "duration_minutes": 60}
BOOK_HIST = [APPT_Q, TOOL("find_mortgage_appointments", APPT_ARGS, APPT),
             A("Helen Curnow has slots on Friday 13 March at 10am, Monday 16 March at 2:30pm and Tuesday 17 March at 11am."),
             U("Monday please."),
             TOOL("book_appointment", {"adviser": "Helen Curnow", "branch": "Truro", "date": "2026-03-16", "time": "14:30"}, BOOK)]
T("appointment", BOOK_HIST,
  "You're all booked in! Your mortgage appointment with Helen Curnow is on Monday 16 March at "
  "2:30pm at our Truro branch, 3 Boscawen Street. It'll last about an hour, and your confirmation "
  "number is APT-55190.")
F("branch", BOOK_HIST,
  "Lovely, that's booked. You'll be seeing Helen on Monday at 2:30pm at our Truro branch on 3 "
  "Lemon Street, TR1 2QU.",
  "3 Lemon Street", "3 Boscawen Street")
F("appointment", BOOK_HIST,
  "Booked! Your appointment with Helen Curnow on Monday 16 March at 2:30pm will last about 90 "
  "minutes. Your confirmation number is APT-55190.",
  "about 90 minutes", "about an hour")

DD_ARGS = {"account_number": "****4821"}
DD = [
    {"originator": "CORNWALL COUNCIL", "amount": 168.00, "currency": "GBP", "frequency": "monthly",
     "collection_day": 9, "last_collected": "2026-03-09"},
    {"originator": "SOUTH WEST WATER", "amount": 38.40, "currency": "GBP", "frequency": "monthly",
     "collection_day": 2, "last_collected": "2026-03-02"},
    {"originator": "VODAFONE", "amount": 27.00, "currency": "GBP", "frequency": "monthly",
     "collection_day": 18, "last_collected": "2026-02-18"},
]
T("direct_debit", [U("Which direct debits come out of my account?"), TOOL("get_direct_debits", DD_ARGS, DD)],
  "You have three direct debits set up: Cornwall Council takes £168.00 on the 9th of each month, "
  "South West Water takes £38.40 on the 2nd, and Vodafone takes £27.00 on the 18th.")
F("direct_debit", [U("How much is my phone bill direct debit?"), TOOL("get_direct_debits", DD_ARGS, DD)],
  "Your Vodafone direct debit is £29.00 a month, and it's collected on the 18th.",
  "£29.00", "£27.00")
F("direct_debit", [U("When does my water bill come out?"), TOOL("get_direct_debits", DD_ARGS, DD)],
  "South West Water collects £38.40 on the 3rd of every month.",
  "3rd", "2nd")

PAY = {"status": "sent", "payment_reference": "FP-30981274", "payee": "S TREGUNNA", "amount": 250.00,
       "currency": "GBP", "method": "Faster Payments", "estimated_arrival": "within 2 hours"}
PAY_HIST = [U("Please send £250 to S Tregunna from my current account."),
            TOOL("make_payment", {"to_name": "S TREGUNNA", "amount": 250.00, "from_account": "****4821"}, PAY)]
T("transaction", PAY_HIST,
  "That's gone through — £250.00 has been sent to S Tregunna by Faster Payments, so it should "
  "arrive within 2 hours. Your payment reference is FP-30981274.")
F("transaction", PAY_HIST,
  "Done! I've sent £205.00 to S Tregunna. It should land within 2 hours.",
  "£205.00", "£250.00")

ISA_ARGS = {"account_number": "****6610"}
ISA = {"account_name": "Easy Access Cash ISA", "balance": 15250.00, "currency": "GBP",
       "subscribed_this_tax_year": 6500.00, "remaining_allowance": 13500.00, "tax_year_end": "2026-04-05"}
T("balance", [U("How much more can I put in my ISA this year?"), TOOL("get_isa_summary", ISA_ARGS, ISA)],
  "You've paid £6,500.00 into your Cash ISA this tax year, so you can still add £13,500.00 before "
  "the tax year ends on 5 April. Your ISA balance is £15,250.00.")
F("balance", [U("What's left of my ISA allowance?"), TOOL("get_isa_summary", ISA_ARGS, ISA)],
  "You can still pay £14,500.00 into your Cash ISA before 5 April.",
  "£14,500.00", "£13,500.00")
F("date", [U("When's the deadline to use my ISA allowance?"), TOOL("get_isa_summary", ISA_ARGS, ISA)],
  "You've used £6,500.00 of your allowance so far, and the tax year ends on 6 April.",
  "6 April", "5 April")
T("rate", [U("Remind me how my ISA works?"), TOOL("get_isa_summary", ISA_ARGS, ISA)],
  "So far this tax year you've paid in £6,500.00 of your £20,000 allowance. The ISA is earning "
  "3.60% AER variable, with interest paid monthly.")

LAS_ARGS = {"account_number": "****3318"}
LAS = {"account_name": "Limited Access Saver", "account_number": "****3318", "balance": 4210.33,
       "currency": "GBP", "aer": 3.80, "withdrawals_used_this_year": 2}
T("count", [U("How many withdrawals have I got left this year?"), TOOL("get_savings_account", LAS_ARGS, LAS)],
  "You've used 2 of your 3 penalty-free withdrawals this year, so you've got 1 left. Your Limited "
  "Access Saver balance is £4,210.33.")
F("count", [U("How many times have I taken money out of my saver this year?"), TOOL("get_savings_account", LAS_ARGS, LAS)],
  "You've made 3 withdrawals from your Limited Access Saver so far this year, and the balance is £4,210.33.",
  "3 withdrawals", "2 withdrawals")

CC_ARGS = {"card_last4": "0917"}
CC = {"card_last4": "0917", "card_type": "Cashcard", "status": "active", "expiry": "04/27"}
T("card", [U("Is my savings card working? I want to take out £300 later."), TOOL("get_card_status", CC_ARGS, CC)],
  "Your Cashcard ending 0917 is active and valid until April 2027. You can withdraw up to £300 a "
  "day with it, so £300 later today is fine.")
F("limit", [U("Is my Cashcard okay? How much can I take out?"), TOOL("get_card_status", CC_ARGS, CC)],
  "Your Cashcard ending 0917 is active, and you can take out up to £500 a day with it.",
  "£500", "£300")

BAL_HIST = [U("Can you check my balance?"), TOOL("get_account_balances", BAL_ARGS, BAL),
            A("Your Everyday Current Account has £1,243.56 and your Easy Access Saver has £8,650.00."),
            U("What rate is the saver on?")]
T("rate", BAL_HIST,
  "It's earning 3.25% AER variable, so on £8,650.00 that's roughly £281 over a year if the rate "
  "stays the same.")
F("rate", BAL_HIST,
  "Your Easy Access Saver is earning 3.80% AER variable at the moment.",
  "3.80%", "3.25%")
T("fee", [U("How much overdraft have I got and what does it cost?"), TOOL("get_account_balances", BAL_ARGS, BAL)],
  "You have an arranged overdraft of £500 on your Everyday Current Account. Any of it you use is "
  "charged at 19.9% EAR variable.")
F("fee", [U("What's my overdraft limit and rate?"), TOOL("get_account_balances", BAL_ARGS, BAL)],
  "Your arranged overdraft limit is £500, charged at 17.9% EAR variable.",
  "17.9%", "19.9%")


# ---------------------------------------------------------------- more true replies
T("hours", [U("Is the Plymouth branch open today?")],
  "Yes, our Plymouth Barbican branch is open today until 5pm — it opened at 9am this morning.")
T("mortgage", [U("What's the 5 year fix at 90%?")],
  "The 5 Year Fixed 90% LTV is 4.89%, fixed for five years, and there's no product fee. You can "
  "borrow up to £500,000 on it over a term of up to 40 years.")
T("mortgage", [U("What are the early repayment charges on the 2 year fix?")],
  "On the 2 Year Fixed 75% LTV, the early repayment charge is 2% of the amount you repay in the "
  "first year and 1% in the second year.")
T("hours", [U("Can I ring about my mortgage on Saturday?")],
  "Yes, the Mortgage Helpline on 0300 303 1870 is open on Saturdays from 9am until 12pm.")
T("phone", [U("Who manages Truro?"),
            A("Daniel Pascoe is our Truro branch manager."),
            U("What's his number?")],
  "You can reach him at the branch on 01872 270155. The Truro branch is at 3 Boscawen Street.")
T("branch", [U("What's the address of the St Ives branch?")],
  "Our St Ives branch is at 7 Tregenna Place, St Ives TR26 1AD, and you can call it on 01736 796300.")
T("name", [U("Who's in charge at Penzance, and where is it exactly?")],
  "Kerensa Hosking manages our Penzance branch. You'll find it at 22 Market Jew Street, Penzance "
  "TR18 2HR.")
T("fee", [U("What if I go over my overdraft limit on the Plus account?")],
  "On the Plus Current Account, borrowing beyond your arranged limit is charged at 17.9% EAR, the "
  "same rate as your arranged overdraft. There are no extra daily fees.")
T("process", [U("How long will a new card take to arrive?")],
  "A replacement card usually arrives within 5 working days, so if we order it today you should "
  "have it by next Wednesday.")
T("transaction", [U("How much did I spend at Tesco?"), TOOL("get_transactions", TX_ARGS, TX)],
  "You spent £42.17 at Tesco Stores in Falmouth yesterday.")
T("complaint", [U("Is my complaint resolved yet?"), TOOL("get_complaint", CMP_ARGS, CMP)],
  "Not yet, I'm afraid — HMC-204817 is still under investigation. Owen Carne is handling it, and "
  "our final response is due by Monday 20 April.")
T("notice", [U("How much is in my notice account?"), TOOL("get_savings_account", SAV_ARGS, SAV)],
  "There's £12,400.00 in your 60 Day Notice Account. Remember that £3,000.00 of it is under notice "
  "and will be released on 21 April.")
T("direct_debit", [U("When does Vodafone take its money?"), TOOL("get_direct_debits", DD_ARGS, DD)],
  "Vodafone collects £27.00 on the 18th of each month, so the next one should be next Wednesday, 18 March.")
T("mortgage", [U("What's my outstanding mortgage balance?"), TOOL("get_mortgage_account", MTG_ARGS, MTG)],
  "You owe £184,320.77 on your mortgage, and your monthly payment is £1,012.64.")
T("transaction", [U("Did my payment to S Tregunna go?"), PAY_HIST[1]],
  "Yes, it's been sent. The reference is FP-30981274, and the £250.00 should reach them within 2 hours.")


def main():
    n_true = n_false = n_tool = 0
    with open(OUT, "w", encoding="utf-8") as fh:
        for i, case in enumerate(cases, 1):
            case = {"id": "b%03d" % i, **case}
            reply = case["reply"]
            if not case["truth"]:
                assert reply.count(case["wrong"]) == 1, (case["id"], case["wrong"])
                assert case["right"] and case["right"] != case["wrong"], case["id"]
                n_false += 1
            else:
                assert "wrong" not in case
                n_true += 1
            if any(t["role"] == "tool" for t in case["history"]):
                n_tool += 1
            for t in case["history"]:
                assert t["role"] in ("user", "assistant", "tool")
                if t["role"] == "tool":
                    assert set(t) == {"role", "name", "arguments", "result"}
                else:
                    assert set(t) == {"role", "text"}
            fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    print("cases=%d true=%d false=%d with_tool=%d" % (len(cases), n_true, n_false, n_tool))


if __name__ == "__main__":
    main()
