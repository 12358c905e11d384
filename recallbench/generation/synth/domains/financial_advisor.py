"""Persona: an AI wealth-management co-pilot working for a senior financial advisor.

The principal is Helena Brightwater, a senior advisor at Alder Crossing Wealth Partners, a fee-only
firm serving high-net-worth households. The agent (Sextant) stages review packets, tax-lot and
rebalancing work, compliance files and estate-planning paperwork; humans place trades and sign
client communications. Three client households each have their own isolated channel, and the
investment committee has a group room of its own.
"""

from __future__ import annotations

import attrs

from ..domain import (
    Correction,
    Decision,
    Domain,
    Errand,
    Fact,
    FillerTopic,
    Incident,
    Learning,
    Leave,
    Link,
    Meeting,
    NegativeProbe,
    Person,
    Phrase,
    Project,
    Quantity,
    Relationship,
    Session,
    Stance,
)

PRINCIPAL = "Helena Brightwater"

# ---------------------------------------------------------------------------------------------
# Cast
# ---------------------------------------------------------------------------------------------

CAST = (
    Person(
        "Tobias Achterberg",
        "Senior portfolio analyst - Monte Carlo runs, backtests and rebalancing proposals",
    ),
    Person(
        "Nkechi Obiora", "Associate advisor - supports Helena across the book and preps meetings"
    ),
    Person(
        "Rafael Quintero-Silva",
        "Operations lead - custodian liaison, account paperwork and money movement",
    ),
    Person("Ingrid Solberg", "Chief compliance officer"),
    Person("Wendell Park", "Chief investment officer - chairs the investment committee"),
    Person("Yusuf Karaman", "Fixed income strategist - investment committee member"),
    Person("Mei-Lin Zhou", "Alternative investments analyst - investment committee member"),
    Person("Sunita Raghavan", "Tax director, CPA - runs the firm's in-house tax projections"),
    Person("Marcus Oyelaran", "Outside estate-planning attorney at a boutique trusts practice"),
    Person("Priscilla Dunmore", "Client service associate - scheduling, forms and statements"),
    Person("Oliver Brandt", "Managing partner of Alder Crossing Wealth Partners"),
    Person("Amara Nwosu", "Technology and CRM administrator"),
    Person("Gideon Falk", "Relationship manager at Northfield Custody, the primary custodian"),
    Person("Hiroshi Tanabe", "Trust officer at Greywater Trust Company"),
    Person("Saoirse Kavanagh", "Insurance and risk specialist"),
    Person(
        "Gordon Whitcombe",
        "Client - retired founder of Whitcombe Fasteners and patriarch of the Whitcombe household",
    ),
    Person("Celeste Whitcombe", "Client - Gordon's wife and co-grantor of the family trusts"),
    Person("Julian Whitcombe", "Client - Gordon and Celeste's son and trustee-in-waiting"),
    Person("Folake Adeyemi", "Client - anesthesiologist planning an early retirement"),
    Person("Babatunde Adeyemi", "Client - Folake's husband, a partner at Kestrel Row Architects"),
    Person(
        "Beatriz Ferreira",
        "Client - co-founder of the listed biotech Corvina Therapeutics, holding a concentrated "
        "position",
    ),
    Person("Declan Moriarty", "Beatriz Ferreira's outside CPA"),
    Person(
        "@tax-lot-agent",
        "Specialist agent - tax-lot selection, harvest candidates and wash-sale checks",
        "agent",
    ),
    Person(
        "@market-data-agent",
        "Specialist agent - prices, benchmarks and factor data from market vendors",
        "agent",
    ),
)

# ---------------------------------------------------------------------------------------------
# Sessions
# ---------------------------------------------------------------------------------------------

SESSIONS = (
    Session(
        "principal",
        "1to1",
        "my 1:1 thread with Helena",
        "Helena's working channel with Sextant: the book of business, firm projects, compliance, "
        "operations and her own calendar.",
        participants=(PRINCIPAL,),
        cadence=1.0,
        weekend=0.5,
    ),
    Session(
        "client-whitcombe",
        "group",
        "the Whitcombe family group",
        "Reviews and family meetings with Gordon, Celeste and Julian Whitcombe about the proceeds "
        "of the family business sale, their trusts and the next generation.",
        participants=(PRINCIPAL, "Gordon Whitcombe", "Celeste Whitcombe", "Julian Whitcombe"),
        isolated=True,
        sensitive_topics=(
            "the size of the Whitcombe Fasteners sale proceeds and how they are being invested",
            "the Whitcombe trust structure, GRAT terms and the insurance trust",
            "trustee succession and distributions to Julian and the grandchildren",
            "the family's projected estate-tax exposure",
        ),
        cadence=0.3,
        weekend=0.05,
    ),
    Session(
        "client-adeyemi",
        "group",
        "the Adeyemi family group",
        "Planning sessions with Folake and Babatunde Adeyemi about Folake's early retirement, "
        "the sale of Babatunde's studio stake, college savings and their estate documents.",
        participants=(PRINCIPAL, "Folake Adeyemi", "Babatunde Adeyemi"),
        isolated=True,
        sensitive_topics=(
            "Folake's retirement date and the bridge-funding plan",
            "the Adeyemis' Roth conversion amounts and tax brackets",
            "the terms of Babatunde's buyout from Kestrel Row Architects",
            "the family's health coverage and care-reserve decisions",
        ),
        cadence=0.25,
        weekend=0.1,
    ),
    Session(
        "client-ferreira",
        "group",
        "the Ferreira planning group",
        "Working sessions with Beatriz Ferreira and her CPA Declan Moriarty on diversifying her "
        "Corvina Therapeutics stock, her equity compensation and her tax payments.",
        participants=(PRINCIPAL, "Beatriz Ferreira", "Declan Moriarty"),
        isolated=True,
        sensitive_topics=(
            "Beatriz's Corvina share count, 10b5-1 sales grid and blackout dates",
            "her option exercises, RSU vests and estimated tax payments",
            "the attempted wire fraud on her brokerage account",
            "her gifts and the trust for her nieces",
        ),
        cadence=0.3,
        weekend=0.05,
        span=(0.2, 0.85),
    ),
    Session(
        "investment-committee",
        "group",
        "the investment committee",
        "The firm's investment committee, with the associate advisor and the tax director sitting "
        "in: model portfolios, bond ladders, alternatives, capital market assumptions and manager "
        "reviews.",
        participants=(
            PRINCIPAL,
            "Wendell Park",
            "Tobias Achterberg",
            "Yusuf Karaman",
            "Mei-Lin Zhou",
            "Nkechi Obiora",
            "Sunita Raghavan",
        ),
        cadence=0.3,
        weekend=0.0,
    ),
)

# ---------------------------------------------------------------------------------------------
# Projects
# ---------------------------------------------------------------------------------------------

PROJECTS = (
    Project(
        name="Keystone Model Rebuild",
        ask="the overhaul of the firm's house model portfolios",
        goal="rebuild the five house model portfolios on a core-satellite design with cheaper "
        "index cores",
        metric=Phrase(
            "weighted expense ratio of the Growth model",
            "Growth portfolio fund cost",
            "weighted expense ratio",
        ),
        quantity=Quantity(9, 34, 1, "{} bps"),
        milestones=(
            "backtest pack",
            "committee sign-off",
            "twelve-household pilot",
            "firm-wide transition",
        ),
        tasks=(
            "reran the 2008 and 2022 drawdown backtests on the proposed Growth and Balanced models",
            "mapped every legacy active fund to its index replacement and flagged positions with "
            "embedded gains above 20 percent",
            "drafted the client letter explaining why the bond sleeve moves from active funds to a "
            "Treasury ladder",
            "priced the transition trades for the pilot households with the Northfield Custody "
            "block desk",
            "compared the factor tilts of the new Balanced model with the old one and wrote up the "
            "value and quality gaps",
            "built a swap schedule that spreads realised gains across two tax years for the "
            "largest "
            "taxable accounts",
            "rewrote the model factsheets so each sleeve shows its target weight, its fund and its "
            "expense ratio",
        ),
        risks=(
            Phrase(
                "two of the replacement index funds announced share-class mergers halfway through "
                "the pilot",
                "a pair of substitute funds consolidating their share classes mid-pilot",
                "share-class mergers",
            ),
            Phrase(
                "the committee asked for one more backtest covering the 1970s inflation decade",
                "an extra stress window from the stagflation era that the committee wanted",
                "1970s inflation decade",
            ),
        ),
        artifacts=(
            "keystone-backtest-pack-v3.xlsx",
            "keystone-transition-schedule.csv",
            "growth-model-factsheet.pdf",
        ),
        session="investment-committee",
    ),
    Project(
        name="Ballast Ladder Build",
        ask="the switch from bond funds to individually held bond ladders",
        goal="replace the core bond funds in taxable accounts with individually held Treasury and "
        "municipal ladders",
        metric=Phrase(
            "average yield to worst of the ladder sleeve",
            "ladder worst-case yield",
            "yield to worst",
        ),
        quantity=Quantity(28, 54, 1, "{}%", 10),
        milestones=(
            "ladder design",
            "muni credit screen",
            "first wave of purchases",
            "annual roll procedure",
        ),
        tasks=(
            "screened state-specific municipal issuers for the New York and Pennsylvania "
            "households",
            "set rung sizes so that no single maturity year holds more than 12 percent of a ladder",
            "collected dealer quotes from three desks for the first wave of ten-year munis",
            "wrote the roll procedure that reinvests each maturing rung at the long end",
            "tagged every pre-refunded bond on the candidate list so the pricing checks treat it "
            "separately",
            "reconciled the ladder cash flows against each household's planned withdrawals",
        ),
        risks=(
            Phrase(
                "muni dealer inventory dried up after a wave of year-end selling",
                "thin supply of tax-exempt paper at the desks around December",
                "dealer inventory",
            ),
            Phrase(
                "the pricing vendor changed its evaluated-price methodology mid-quarter",
                "a switch in how the bond valuation service computes its marks",
                "evaluated-price methodology",
            ),
        ),
        artifacts=(
            "ballast-ladder-design.md",
            "ballast-rung-schedule.xlsx",
            "muni-credit-screen.csv",
        ),
        session="investment-committee",
    ),
    Project(
        name="Lantern Harvest Program",
        ask="the systematic effort to realise tax losses across taxable accounts",
        goal="run tax-loss harvesting as a weekly, rules-based sweep across every taxable "
        "household",
        metric=Phrase(
            "harvested losses year to date",
            "year-to-date realised tax losses",
            "harvested losses",
        ),
        quantity=Quantity(40000, 960000, 10000, "${:,}"),
        milestones=(
            "harvest rules",
            "wash-sale guardrails",
            "first weekly sweep",
            "year-end review",
        ),
        tasks=(
            "set the harvest trigger at a loss of 8 percent and at least $5,000 per lot",
            "paired every core fund with two replacement funds that track different indexes",
            "linked spouse and IRA accounts in the tax-lot model so wash sales are caught across "
            "the "
            "whole household",
            "ran the first weekly sweep with @tax-lot-agent and reviewed each proposed lot by hand",
            "wrote the client explainer on why a harvested fund comes back after 31 days",
            "tallied carried-forward losses per household for Sunita's year-end letters",
        ),
        risks=(
            Phrase(
                "a sharp rally in November erased most of the open losses before the second sweep",
                "a late-autumn rebound that wiped out the lots worth harvesting",
                "rally in November",
            ),
            Phrase(
                "dividend reinvestment was still switched on in several household IRAs",
                "automatic buying with distributions left active inside retirement accounts",
                "dividend reinvestment",
            ),
        ),
        artifacts=(
            "lantern-harvest-rules.md",
            "lantern-weekly-sweep.xlsx",
            "harvest-client-explainer.pdf",
        ),
    ),
    Project(
        name="Quarry CRM Migration",
        ask="the move off the old client-relationship database",
        goal="move every household record, note and task from Redwing CRM into Meridian Advisor "
        "Cloud",
        metric=Phrase(
            "household records with unresolved mapping errors",
            "client-file translation failure count",
            "unresolved mapping errors",
        ),
        quantity=Quantity(0, 240, 4, "{} records"),
        milestones=("field map", "test load", "parallel run", "Redwing shutdown"),
        tasks=(
            "mapped the 212 Redwing custom fields onto Meridian objects and retired the 40 nobody "
            "had "
            "touched since 2019",
            "exported ten years of meeting notes and checked that attachments survived the test "
            "load",
            "rebuilt the annual-review workflow as a Meridian task template",
            "trained Priscilla and Nkechi on the new household view over two lunch sessions",
            "reconciled relationship links so trusts, entities and heirs hang off the right "
            "household",
            "archived the Redwing database to read-only storage for the seven-year retention "
            "period",
        ),
        risks=(
            Phrase(
                "the Redwing export tool truncated notes longer than 32,000 characters",
                "long meeting notes being clipped by the old system's export",
                "32,000 characters",
            ),
            Phrase(
                "Amara was pulled onto the single sign-on work for three weeks",
                "the CRM administrator being borrowed by another effort",
                "single sign-on work",
            ),
        ),
        artifacts=(
            "quarry-field-map.xlsx",
            "quarry-cutover-runbook.md",
            "meridian-review-template.json",
        ),
    ),
    Project(
        name="Parapet Disclosure Overhaul",
        ask="the rework of the firm's best-interest documentation",
        goal="attach a written best-interest rationale to every recommendation and refresh Form "
        "CRS "
        "delivery",
        metric=Phrase(
            "recommendations missing a best-interest memo",
            "undocumented-recommendation count",
            "best-interest memo",
        ),
        quantity=Quantity(0, 130, 2, "{} recommendations"),
        milestones=(
            "memo template",
            "back-file of open recommendations",
            "Form CRS redelivery",
            "compliance spot check",
        ),
        tasks=(
            "drafted the one-page best-interest memo template with Ingrid's required fields",
            "back-filled memos for every rollover recommendation made in the prior eighteen months",
            "logged Form CRS redelivery dates for each household in Meridian",
            "tagged recommendations that raised a client's costs so they get a second review",
            "ran @tax-lot-agent's cost comparison over the rollover files to fill in missing fee "
            "data",
            "built the quarterly exception report that Ingrid now signs off",
        ),
        risks=(
            Phrase(
                "the SEC published new rollover guidance that changed what each memo must cover",
                "fresh regulator guidance on moving money out of workplace plans",
                "rollover guidance",
            ),
            Phrase(
                "half the 2022 rollover files had no record of the plan's own fund costs",
                "missing fee data from employer plans in older files",
                "plan's own fund costs",
            ),
        ),
        artifacts=(
            "best-interest-memo-template.docx",
            "parapet-exception-report.xlsx",
            "form-crs-delivery-log.csv",
        ),
    ),
    Project(
        name="Glasshouse Portal Launch",
        ask="the new online reporting site for clients",
        goal="launch a client reporting portal that shows held-away accounts next to custodied "
        "ones",
        metric=Phrase(
            "households live on the portal",
            "reporting-site onboarding count",
            "live on the portal",
        ),
        quantity=Quantity(4, 164, 4, "{} households"),
        milestones=(
            "aggregation vendor contract",
            "pilot with ten families",
            "single sign-on",
            "book-wide rollout",
        ),
        tasks=(
            "connected aggregation feeds for 401(k)s, bank accounts and private fund capital "
            "statements",
            "wrote the plain-English glossary that sits beside every performance chart",
            "ran the ten-family pilot and collected feedback on the net-worth page",
            "set the default performance view to since-inception, net of fees",
            "configured single sign-on with the firm's identity provider",
            "recorded a three-minute walkthrough video for older clients",
        ),
        risks=(
            Phrase(
                "the aggregation vendor lost its connection to two large 401(k) recordkeepers",
                "broken data feeds from a couple of major workplace-plan administrators",
                "recordkeepers",
            ),
            Phrase(
                "pilot families found the since-inception returns confusing next to their "
                "statements",
                "client confusion over long-horizon performance figures",
                "since-inception returns",
            ),
        ),
        artifacts=(
            "glasshouse-pilot-feedback.md",
            "glasshouse-glossary.pdf",
            "sso-config-notes.md",
        ),
    ),
    Project(
        name="Riverbend Custody Consolidation",
        ask="the transfer of accounts from the secondary custodian to the main one",
        goal="consolidate every account still held at Pellham Clearing onto Northfield Custody",
        metric=Phrase(
            "accounts still held at Pellham Clearing",
            "secondary-custodian account count",
            "still held at Pellham Clearing",
        ),
        quantity=Quantity(0, 180, 3, "{} accounts"),
        milestones=(
            "paperwork packets",
            "first transfer wave",
            "cost-basis verification",
            "Pellham account closures",
        ),
        tasks=(
            "prepared e-signature transfer packets for each household with Pellham accounts",
            "sequenced the transfers so no household had money in flight on a quarterly billing "
            "date",
            "verified that cost basis arrived intact for every transferred lot",
            "re-papered the standing letters of authorisation that had lived at Pellham",
            "closed the emptied Pellham accounts and confirmed zero balances in writing",
            "moved the trust accounts last, after Hiroshi confirmed the trustee signatures",
        ),
        risks=(
            Phrase(
                "Pellham rejected a batch of transfers over a signature-date mismatch",
                "a pile of transfer forms bounced because of how signatures were dated",
                "signature-date mismatch",
            ),
            Phrase(
                "several annuity sub-accounts could not move in kind",
                "insurance-wrapped holdings that were not transferable as they stood",
                "annuity sub-accounts",
            ),
        ),
        artifacts=(
            "riverbend-transfer-tracker.xlsx",
            "pellham-closure-letters.docx",
            "basis-verification-log.csv",
        ),
    ),
    Project(
        name="Orchard Giving Review",
        ask="the review of charitable gifting through donor-advised funds",
        goal="bunch charitable gifts into donor-advised funds using the most appreciated shares "
        "each "
        "household holds",
        metric=Phrase(
            "appreciated shares gifted into donor-advised funds",
            "low-basis stock donated so far",
            "appreciated shares",
        ),
        quantity=Quantity(50000, 1400000, 25000, "${:,}"),
        milestones=(
            "giving inventory",
            "lot selection",
            "year-end transfers",
            "acknowledgement letters",
        ),
        tasks=(
            "listed each household's charitable pledges for the next three years",
            "picked the lowest-basis lots for every gift so the embedded gains leave the portfolio",
            "opened donor-advised fund accounts for the four families that had none",
            "confirmed the year-end transfer deadlines with each sponsoring charity",
            "collected the written acknowledgement letters for the tax files",
            "modelled whether bunching two years of gifts clears the standard deduction for each "
            "family",
        ),
        risks=(
            Phrase(
                "one donor-advised fund sponsor imposed a December 15 cutoff for stock gifts",
                "an early-December deadline at one giving-account sponsor",
                "December 15 cutoff",
            ),
            Phrase(
                "a household's largest low-basis position turned out to be pledged as loan "
                "collateral",
                "the best donation candidate being tied up as security for borrowing",
                "loan collateral",
            ),
        ),
        artifacts=(
            "orchard-giving-inventory.xlsx",
            "daf-lot-selection.csv",
            "acknowledgement-letters-index.md",
        ),
    ),
    Project(
        name="Almanac Succession Plan",
        ask="the continuity plan for the advisor's client book",
        goal="put a written continuity plan in place so every household has a named second advisor",
        metric=Phrase(
            "households with a named backup advisor",
            "second-contact coverage count",
            "backup advisor",
        ),
        quantity=Quantity(0, 52, 1, "{} households"),
        milestones=("book segmentation", "introductions", "buy-sell agreement", "client notices"),
        tasks=(
            "sorted the book into three tiers by complexity and assigned Nkechi the first tier",
            "scheduled joint introduction meetings for the households Nkechi will back up",
            "drafted the continuity letter clients receive when a backup advisor is named",
            "worked with Oliver on the valuation formula in the buy-sell agreement",
            "recorded each household's wishes about who may speak for them if Helena is "
            "unavailable",
            "ran a tabletop drill in which Nkechi handled a week of Helena's calls",
        ),
        risks=(
            Phrase(
                "two families asked to stay with Helena alone and refused an introduction",
                "a couple of households declining any second advisor",
                "refused an introduction",
            ),
            Phrase(
                "the buy-sell valuation stalled while Oliver's attorney was on trial",
                "the partnership lawyer being tied up in court",
                "on trial",
            ),
        ),
        artifacts=(
            "almanac-book-tiers.xlsx",
            "continuity-letter.docx",
            "buy-sell-valuation-notes.md",
        ),
    ),
    Project(
        name="Cornerstone Cash Review",
        ask="the clean-up of uninvested money sitting in client accounts",
        goal="cut idle cash across the book by moving excess balances into Treasury money market "
        "funds",
        metric=Phrase(
            "average idle cash across the book",
            "average uninvested balance share",
            "idle cash",
        ),
        quantity=Quantity(6, 48, 1, "{}%", 10),
        milestones=(
            "cash census",
            "household cash targets",
            "sweep changes",
            "quarterly cash check",
        ),
        tasks=(
            "pulled a census of every account holding more than two percent in the bank sweep",
            "set a written cash target for each household, usually six months of withdrawals",
            "switched the sweep vehicle on accounts where clients approved the change",
            "added idle cash as a line item in the quarterly review packet",
            "checked that money market yields net of fees beat the sweep rate in every tier",
            "documented the conflict disclosure for the custodian's sweep revenue",
        ),
        risks=(
            Phrase(
                "the custodian changed its sweep rate tiers without notice",
                "an unannounced revision to the bank-deposit interest brackets",
                "sweep rate tiers",
            ),
            Phrase(
                "several clients wanted the cash left alone until after tax day",
                "households asking to hold uninvested money until April",
                "after tax day",
            ),
        ),
        artifacts=(
            "cornerstone-cash-census.xlsx",
            "cash-target-policy.md",
            "sweep-conflict-disclosure.pdf",
        ),
    ),
    Project(
        name="Foundry Proceeds Plan",
        ask="the plan for investing the money from selling the family manufacturing business",
        goal="move the Whitcombe Fasteners sale proceeds from Treasury bills into the long-term "
        "allocation over eighteen months",
        metric=Phrase(
            "share of the sale proceeds still parked in Treasury bills",
            "uninvested share of the business-sale cash",
            "still parked in Treasury bills",
        ),
        quantity=Quantity(4, 96, 2, "{}%"),
        milestones=(
            "liquidity reserve",
            "first tranche",
            "private markets commitment",
            "final tranche",
        ),
        tasks=(
            "carved out a three-year liquidity reserve of $4.5 million before any tranche was "
            "invested",
            "set the tranche calendar at one purchase every six weeks regardless of market level",
            "drafted the investment policy statement addendum covering the proceeds",
            "compared two private equity fund-of-funds for the family's illiquid allocation",
            "modelled the Ohio and federal tax on the earn-out payments still due from Ostrander "
            "Industrial",
            "walked Julian through the tranche schedule line by line before the family session",
        ),
        risks=(
            Phrase(
                "the earn-out payment from Ostrander Industrial slipped by two quarters",
                "a delay in the buyer's contingent payment",
                "earn-out payment",
            ),
            Phrase(
                "Gordon asked to pause the tranches during a market sell-off",
                "the patriarch wanting to halt purchases when markets fell",
                "pause the tranches",
            ),
        ),
        artifacts=(
            "whitcombe/proceeds-tranche-calendar.xlsx",
            "whitcombe/IPS-addendum-proceeds.md",
            "whitcombe/earnout-tax-model.xlsx",
        ),
        session="client-whitcombe",
    ),
    Project(
        name="Heirloom Trust Restructure",
        ask="the reorganisation of the Whitcombe family trusts",
        goal="shrink the Whitcombe taxable estate with a series of GRATs and a new irrevocable "
        "life "
        "insurance trust",
        metric=Phrase(
            "projected federal estate-tax exposure",
            "heirs' projected estate tax bill",
            "estate-tax exposure",
        ),
        quantity=Quantity(28, 142, 2, "${} million", 10),
        milestones=(
            "trust inventory",
            "first GRAT funding",
            "insurance trust",
            "trustee succession",
        ),
        tasks=(
            "inventoried the four existing Whitcombe trusts with their trustees, situs and "
            "distribution terms",
            "modelled rolling two-year GRATs funded with the family's growth stock sleeve",
            "sent Marcus the term sheet for the irrevocable life insurance trust",
            "coordinated Crummey notices for Julian and his sister Rosalind each time a premium "
            "gift "
            "was made",
            "updated the beneficiary designations on Celeste's IRA to match the new trust plan",
            "wrote the trustee succession memo naming Greywater Trust Company as backup to Julian",
        ),
        risks=(
            Phrase(
                "the Section 7520 rate jumped between drafting and funding the first GRAT",
                "a rise in the IRS hurdle rate before the annuity trust was funded",
                "7520 rate",
            ),
            Phrase(
                "the insurance underwriting for Gordon came back two rating classes lower than "
                "quoted",
                "a worse-than-expected medical classification on the patriarch's policy",
                "two rating classes",
            ),
        ),
        artifacts=(
            "whitcombe/trust-inventory.md",
            "whitcombe/grat-ladder-model.xlsx",
            "whitcombe/ilit-term-sheet.pdf",
        ),
        session="client-whitcombe",
    ),
    Project(
        name="Sabbatical Bridge Plan",
        ask="the plan to fund the years between early retirement and penalty-free account access",
        goal="fund Folake's early retirement from age 56 until she can draw on her retirement "
        "accounts without penalty",
        metric=Phrase(
            "Monte Carlo success rate of the retire-at-56 plan",
            "plan survival probability",
            "success rate",
        ),
        quantity=Quantity(61, 95, 1, "{}%"),
        milestones=(
            "spending baseline",
            "bridge account",
            "Roth conversion ladder",
            "health coverage plan",
        ),
        tasks=(
            "built a spending baseline from eighteen months of the Adeyemis' card and bank data",
            "sized the taxable bridge account to cover four years of spending plus health premiums",
            "modelled Roth conversions that fill the 22 percent bracket in each bridge year",
            "priced marketplace health coverage against the COBRA quote from Lakeshore Anesthesia "
            "Partners",
            "ran Tobias's Monte Carlo with a 30 percent drop in the first year of retirement",
            "documented the Rule of 55 option on Folake's 403(b) and why the plan does not lean "
            "on it",
        ),
        risks=(
            Phrase(
                "Lakeshore Anesthesia Partners changed its partner buyout formula",
                "a revised payout formula at the physician group",
                "buyout formula",
            ),
            Phrase(
                "Babatunde's studio income dropped by a third after a major client left",
                "a fall in the architecture practice's earnings",
                "dropped by a third",
            ),
        ),
        artifacts=(
            "adeyemi/bridge-cashflow.xlsx",
            "adeyemi/roth-ladder-model.xlsx",
            "adeyemi/health-coverage-compare.md",
        ),
        session="client-adeyemi",
    ),
    Project(
        name="Kestrel Studio Buyout",
        ask="the sale of Babatunde's stake in his architecture firm",
        goal="turn Babatunde's partnership stake in Kestrel Row Architects into a tax-efficient "
        "installment sale",
        metric=Phrase(
            "after-tax value of the partnership stake",
            "post-tax studio proceeds",
            "after-tax value",
        ),
        quantity=Quantity(850000, 2400000, 25000, "${:,}"),
        milestones=("valuation", "buyout terms", "installment note", "reinvestment"),
        tasks=(
            "collected five years of Kestrel Row financials for the valuation analyst",
            "compared a lump-sum buyout with a five-year installment note at the applicable "
            "federal rate",
            "asked Sunita to model how the installment payments interact with Folake's Roth "
            "conversions",
            "reviewed the non-compete clause with the family's attorney",
            "set up a separate account to receive the installment payments",
            "added the note payments to the bridge cash-flow model as a second income stream",
        ),
        risks=(
            Phrase(
                "the two remaining partners could not agree on who would finance the buyout",
                "disagreement among the other owners over funding the purchase",
                "finance the buyout",
            ),
            Phrase(
                "the valuation analyst applied a steeper key-person discount than expected",
                "a larger-than-anticipated markdown for reliance on one partner",
                "key-person discount",
            ),
        ),
        artifacts=(
            "adeyemi/kestrel-valuation-summary.pdf",
            "adeyemi/installment-vs-lump.xlsx",
            "adeyemi/buyout-term-sheet.md",
        ),
        session="client-adeyemi",
    ),
    Project(
        name="Helix Diversification Program",
        ask="the unwinding of Beatriz's concentrated position in her company's stock",
        goal="bring Corvina Therapeutics stock below a quarter of Beatriz's net worth without "
        "tripping insider-trading rules",
        metric=Phrase(
            "share of net worth held in Corvina stock",
            "single-stock concentration",
            "Corvina stock",
        ),
        quantity=Quantity(22, 81, 1, "{}%"),
        milestones=(
            "10b5-1 plan adoption",
            "cooling-off period",
            "first scheduled sales",
            "option exercise plan",
        ),
        tasks=(
            "drafted the 10b5-1 sales grid with Corvina's general counsel",
            "scheduled quarterly sales sized at 6 percent of the starting position",
            "mapped every restricted stock unit vest and its withholding rate for Declan",
            "priced a zero-cost collar on the shares that cannot be sold before the lockup ends",
            "modelled incentive stock option exercises against the alternative minimum tax",
            "set aside a reserve for the quarterly estimated taxes on each sale",
        ),
        risks=(
            Phrase(
                "a failed trial readout knocked Corvina shares down 41 percent in a day",
                "a one-day collapse in the stock after disappointing clinical results",
                "failed trial readout",
            ),
            Phrase(
                "the amended SEC rule lengthened the cooling-off period to 90 days",
                "longer mandatory waiting under the revised insider-selling regulation",
                "cooling-off period",
            ),
        ),
        artifacts=(
            "ferreira/10b5-1-grid.xlsx",
            "ferreira/iso-amt-model.xlsx",
            "ferreira/collar-quote.pdf",
        ),
        session="client-ferreira",
    ),
)

# ---------------------------------------------------------------------------------------------
# Incidents
# ---------------------------------------------------------------------------------------------

INCIDENTS = (
    Incident(
        name="Duplicate Block Order",
        ask="the morning the same rebalance trades reached the custodian twice",
        system="the rebalance order upload to Northfield Custody",
        symptom="the custodian's blotter showed every rebalance order from the morning file twice",
        cause=Phrase(
            "the upload script retried after a timeout and the custodian accepted the second file "
            "as new",
            "a resubmission that the custodian treated as a fresh batch",
            "retried after a timeout",
        ),
        fix=Phrase(
            "cancelled the duplicate orders before the open and re-sent a single clean file",
            "killing the doubled tickets pre-market and submitting one batch",
            "cancelled the duplicate orders",
        ),
        impact="{value} duplicate orders",
        quantity=Quantity(12, 96, 2),
        followup="require a unique batch identifier on every order file sent to the custodian",
    ),
    Incident(
        name="Spousal IRA Wash Sale",
        ask="the harvested loss that was disallowed because of a purchase in a retirement account",
        system="the weekly harvest sweep",
        symptom="a harvested loss in a joint account was flagged as a wash sale on the year-end "
        "tax report",
        cause=Phrase(
            "a dividend reinvested into the same fund inside the spouse's IRA nine days after the "
            "sale",
            "an automatic distribution purchase in the partner's retirement account",
            "spouse's IRA",
        ),
        fix=Phrase(
            "switched off reinvestment on the spouse's IRA and rolled the disallowed loss into the "
            "replacement lot's basis",
            "turning off the automatic buying and shifting the lost deduction into the new lot",
            "switched off reinvestment",
        ),
        impact="{value} of disallowed losses",
        quantity=Quantity(1200, 18600, 200, "${:,}"),
        followup="add every linked retirement account to the wash-sale check before a harvest "
        "trade "
        "goes out",
    ),
    Incident(
        name="Stale Mailing Addresses",
        ask="the quarterly statements sent to homes clients had already left",
        system="the statement mailing list in Meridian Advisor Cloud",
        symptom="clients called to say their quarterly statements had gone to houses they sold "
        "years ago",
        cause=Phrase(
            "the CRM test load overwrote current mailing addresses with old ones from Redwing",
            "an import that replaced fresh contact details with outdated legacy data",
            "overwrote current mailing addresses",
        ),
        fix=Phrase(
            "restored addresses from the pre-load backup and reissued the statements by secure "
            "email",
            "recovering contact data from the backup and resending statements electronically",
            "restored addresses from the pre-load backup",
        ),
        impact="{value} households sent statements at an old address",
        quantity=Quantity(6, 58, 1),
        followup="lock the address fields during any future data load",
    ),
    Incident(
        name="Lookalike Domain Wire Request",
        ask="the fake email that tried to move money out of Beatriz's brokerage account",
        system="Beatriz Ferreira's brokerage account at Northfield Custody",
        symptom="an urgent email in Beatriz's name asked us to wire money to a new title company "
        "account",
        cause=Phrase(
            "a spoofed domain that swapped one letter in Beatriz's company address",
            "an impostor web address differing by a single character",
            "swapped one letter",
        ),
        fix=Phrase(
            "called Beatriz on her number of record, refused the wire and froze outgoing transfers "
            "for a week",
            "phoning her on the verified line, declining the request and pausing outbound money",
            "refused the wire",
        ),
        impact="{value} in requested wires that never left the account",
        quantity=Quantity(85000, 640000, 5000, "${:,}"),
        followup="add a spoken code word to Beatriz's account for any money movement request",
        session="client-ferreira",
    ),
    Incident(
        name="Inherited IRA Distribution Gap",
        ask="the near-miss on a required withdrawal from an inherited retirement account",
        system="the required minimum distribution calendar",
        symptom="the December distribution report showed no scheduled withdrawal for an inherited "
        "IRA",
        cause=Phrase(
            "the account was tagged in the CRM as a spousal rollover instead of a beneficiary IRA",
            "a wrong account-type label that treated it as the survivor's own plan",
            "spousal rollover",
        ),
        fix=Phrase(
            "processed the missed distribution before December 31 and corrected the account type",
            "pushing the withdrawal through ahead of the year-end deadline and relabelling the "
            "account",
            "processed the missed distribution",
        ),
        impact="{value} inherited accounts without a distribution schedule",
        quantity=Quantity(2, 14),
        followup="reconcile every beneficiary IRA against the distribution calendar each September",
    ),
    Incident(
        name="Phantom Drift Alerts",
        ask="the flood of false rebalancing warnings after a market holiday",
        system="the @market-data-agent price feed behind the drift monitor",
        symptom="drift alerts fired for nearly every household the morning after a European "
        "market holiday",
        cause=Phrase(
            "the feed served prior-day closes for international ETFs that had traded through the "
            "holiday",
            "out-of-date overseas fund prices carried over from the previous session",
            "prior-day closes",
        ),
        fix=Phrase(
            "re-pulled closing prices from the backup vendor and suppressed alerts for the "
            "affected day",
            "fetching fresh closes from the secondary source and muting that day's warnings",
            "re-pulled closing prices",
        ),
        impact="{value} false drift alerts",
        quantity=Quantity(60, 420, 10),
        followup="compare feed timestamps with the exchange calendar before drift alerts are sent",
    ),
    Incident(
        name="Portal Sign-On Outage",
        ask="the day clients could not log in to the reporting website",
        system="single sign-on for the Glasshouse portal",
        symptom="clients opening the Glasshouse portal got an authentication error page",
        cause=Phrase(
            "the SAML signing certificate at the identity provider expired overnight",
            "a lapsed signing credential on the login service",
            "SAML signing certificate",
        ),
        fix=Phrase(
            "rotated the signing certificate and re-uploaded the metadata to the portal vendor",
            "swapping in a fresh credential and resending the login configuration",
            "rotated the signing certificate",
        ),
        impact="{value} clients locked out",
        quantity=Quantity(20, 140, 5),
        followup="put every portal certificate on the compliance calendar with a thirty-day "
        "warning",
    ),
    Incident(
        name="Transferred Basis Gap",
        ask="the missing cost basis on accounts moved in from another firm",
        system="tax lots for accounts transferred in from other firms",
        symptom="the tax-lot report showed zero cost basis on lots that had arrived by ACAT "
        "transfer",
        cause=Phrase(
            "the delivering firm sent basis records with acquisition dates set to the transfer "
            "date",
            "wrong purchase dates supplied by the sending broker",
            "acquisition dates",
        ),
        fix=Phrase(
            "rebuilt the lots from the clients' old statements and filed basis corrections with "
            "Northfield",
            "reconstructing purchase history from prior statements and submitting fixes to the "
            "custodian",
            "rebuilt the lots",
        ),
        impact="{value} tax lots without reliable basis",
        quantity=Quantity(40, 380, 10),
        followup="check basis completeness within five days of every incoming transfer",
    ),
    Incident(
        name="Misdirected Trust Distribution",
        ask="the payment that came out of the wrong family trust",
        system="the Whitcombe trust accounts at Greywater Trust Company",
        symptom="Julian's quarterly distribution was paid from the 2012 Gift Trust instead of the "
        "Marital Trust",
        cause=Phrase(
            "the two trust accounts carry nearly identical titles on the trustee's screen",
            "near-duplicate account names in the trust company's system",
            "nearly identical titles",
        ),
        fix=Phrase(
            "reversed the journal and reissued the payment from the Marital Trust with Hiroshi's "
            "sign-off",
            "unwinding the entry and paying again from the correct trust once the trust officer "
            "approved",
            "reversed the journal",
        ),
        impact="{value} paid from the wrong trust",
        quantity=Quantity(15000, 90000, 2500, "${:,}"),
        followup="add the trust tax ID to every distribution instruction",
        session="client-whitcombe",
    ),
    Incident(
        name="Pro-Rata Conversion Snag",
        ask="the backdoor Roth contribution that turned out partly taxable",
        system="Babatunde's backdoor Roth contribution",
        symptom="the tax software showed most of Babatunde's backdoor Roth conversion as taxable "
        "income",
        cause=Phrase(
            "an old SEP IRA from Babatunde's consulting years still held a balance on December 31",
            "a forgotten self-employed retirement account that still had money in it at year-end",
            "SEP IRA",
        ),
        fix=Phrase(
            "rolled the SEP balance into his Kestrel Row 401(k) before the next year-end and filed "
            "Form 8606 correctly",
            "moving the old account into the workplace plan and correcting the "
            "nondeductible-basis form",
            "rolled the SEP balance",
        ),
        impact="{value} of the conversion exposed to income tax",
        quantity=Quantity(3500, 7000, 250, "${:,}"),
        followup="check every household's pre-tax IRA balances before any backdoor Roth",
        session="client-adeyemi",
    ),
    Incident(
        name="Blackout Calendar Slip",
        ask="the share sale that nearly went through during a trading blackout",
        system="the 10b5-1 sales calendar for Corvina shares",
        symptom="a discretionary sell order for Corvina shares was staged two days before earnings",
        cause=Phrase(
            "the blackout calendar still carried last year's earnings dates",
            "an outdated schedule of quiet periods copied from the prior year",
            "last year's earnings dates",
        ),
        fix=Phrase(
            "cancelled the order before it routed and loaded the new blackout dates from Corvina's "
            "general counsel",
            "pulling the ticket pre-routing and refreshing the quiet windows from the company's "
            "lawyer",
            "cancelled the order before it routed",
        ),
        impact="{value} shares nearly sold inside the blackout",
        quantity=Quantity(4000, 30000, 500, "{:,}"),
        followup="get the blackout calendar confirmed by Corvina's general counsel every January",
        session="client-ferreira",
    ),
    Incident(
        name="Held-Away Fee Overbilling",
        ask="the advisory fees charged on assets the firm does not manage",
        system="quarterly advisory fee billing",
        symptom="a client noticed her fee invoice had grown although her managed accounts had not",
        cause=Phrase(
            "the billing system pulled in held-away assets flagged as reporting only",
            "holdings shown for information being treated as billable",
            "reporting only",
        ),
        fix=Phrase(
            "refunded the overcharged fees and excluded the reporting-only flag from the billing "
            "feed",
            "paying back the excess and filtering information-only holdings out of billing",
            "refunded the overcharged fees",
        ),
        impact="{value} refunded across households",
        quantity=Quantity(4200, 61000, 200, "${:,}"),
        followup="reconcile billable assets with the custodian's totals before every fee run",
    ),
    Incident(
        name="Unrecorded Committee Vote",
        ask="the committee decision that had no minutes behind it",
        system="the investment committee's minutes",
        symptom="the quarterly minutes pack had no record of the vote that approved the private "
        "credit "
        "allocation",
        cause=Phrase(
            "the transcription bot had joined the wrong video room",
            "a note-taking tool connected to a different call",
            "wrong video room",
        ),
        fix=Phrase(
            "reconstructed the minutes from attendee notes and had each voting member sign them",
            "rebuilding the record from participants' notes and collecting signatures",
            "reconstructed the minutes",
        ),
        impact="{value} votes without contemporaneous minutes",
        quantity=Quantity(2, 9),
        followup="have a named human minute-taker for every committee vote",
        session="investment-committee",
    ),
    Incident(
        name="Pre-Refunded Muni Mispricing",
        ask="the ladder bonds that were carried at the wrong valuation",
        system="evaluated pricing for the ladder municipal bonds",
        symptom="several ladder bonds showed prices eight points above the dealer bids",
        cause=Phrase(
            "the pricing vendor mapped the CUSIPs to an escrowed pre-refunded issue",
            "identifiers matched to an already-refinanced bond series",
            "pre-refunded issue",
        ),
        fix=Phrase(
            "replaced the vendor prices with dealer quotes and opened a challenge with Calloway "
            "Pricing",
            "substituting broker quotes and disputing the marks with the vendor",
            "replaced the vendor prices with dealer quotes",
        ),
        impact="{value} bonds carried at stale prices",
        quantity=Quantity(5, 48),
        followup="run a monthly comparison of vendor prices against dealer bids",
        session="investment-committee",
    ),
)

# ---------------------------------------------------------------------------------------------
# Decisions (options[1] is the option the arc is written to land on)
# ---------------------------------------------------------------------------------------------

DECISIONS = (
    Decision(
        name="Primary Custodian Choice",
        topic=Phrase(
            "which custodian should hold the firm's client assets going forward",
            "where client accounts ought to be kept for the long run",
            "which custodian",
        ),
        options=("Pellham Clearing", "Northfield Custody"),
        arguments=(
            "Pellham charges nothing to buy private funds, and its service desk picks up the phone "
            "in under a minute.",
            "Northfield already holds four-fifths of our assets, and its desk can block-trade "
            "across "
            "households in one ticket.",
        ),
        objections=(
            Phrase(
                "Pellham has no block-trading desk, so every household's rebalance would be a "
                "separate "
                "ticket.",
                "the lack of aggregated trading across households",
                "block-trading desk",
            ),
        ),
        rationale=(
            "block trading across households saves hours on every rebalance",
            "most assets already sit there, so far fewer accounts have to move",
            "its trust-account tooling already works with Greywater Trust Company",
        ),
    ),
    Decision(
        name="Private Credit Vehicle",
        topic=Phrase(
            "how the model portfolios should get their private credit exposure",
            "the wrapper for the non-traded lending allocation",
            "private credit exposure",
        ),
        options=("listed BDCs", "interval funds"),
        arguments=(
            "A basket of listed business development companies trades every day, so we can "
            "rebalance it and harvest losses like any stock.",
            "An interval fund holds senior secured loans at net asset value, without the price "
            "swings of a listed vehicle.",
        ),
        objections=(
            Phrase(
                "Listed BDCs trade like small-cap stocks, so in a sell-off the credit sleeve would "
                "fall right along with equities.",
                "the equity-like swings of exchange-traded lenders",
                "small-cap stocks",
            ),
        ),
        rationale=(
            "the households holding it rarely need that money within a year",
            "steadier pricing keeps the sleeve doing its job when equities sell off",
        ),
        session="investment-committee",
    ),
    Decision(
        name="Rebalancing Trigger Rule",
        topic=Phrase(
            "what should trigger a rebalance in the models",
            "the rule that decides when portfolios are brought back to target",
            "trigger a rebalance",
        ),
        options=("calendar rebalancing", "tolerance bands"),
        arguments=(
            "A fixed quarterly date is easy to explain to clients and easy to audit.",
            "Bands only trade when a sleeve has actually drifted, which cuts turnover and taxes.",
        ),
        objections=(
            Phrase(
                "Trading on a calendar date means selling winners in taxable accounts whether or "
                "not "
                "anything has really drifted.",
                "needless taxable trades on fixed dates",
                "calendar date",
            ),
        ),
        rationale=(
            "lower turnover saves real money in the taxable accounts",
            "the drift monitor already watches every household each morning",
        ),
        session="investment-committee",
    ),
    Decision(
        name="Cash Vehicle Selection",
        topic=Phrase(
            "where excess client cash should sit",
            "the home for uninvested balances",
            "excess client cash",
        ),
        options=("insured bank sweeps", "Treasury money funds"),
        arguments=(
            "The insured sweep spreads deposits across partner banks, so every dollar has FDIC "
            "cover.",
            "A government money fund pays close to the T-bill rate, and most of the yield is "
            "exempt "
            "from state tax.",
        ),
        objections=(
            Phrase(
                "The sweep pays about a third of the T-bill rate, and the custodian keeps the "
                "difference.",
                "the low payout and the custodian's cut",
                "third of the T-bill rate",
            ),
        ),
        rationale=(
            "the yield gap was more than a full percentage point",
            "withdrawals can be planned a day ahead for almost every household",
            "the sweep revenue conflict was hard to defend in a best-interest memo",
        ),
    ),
    Decision(
        name="Direct Indexing Adoption",
        topic=Phrase(
            "whether large taxable accounts should move to direct indexing",
            "holding the index's individual stocks instead of funds in big taxable portfolios",
            "direct indexing",
        ),
        options=("direct indexing", "ETF swap pairs"),
        arguments=(
            "Owning the individual stocks lets us harvest losses in single names even when the "
            "index is up.",
            "Swapping between two similar ETFs gets most of the harvesting benefit at a fraction "
            "of the cost and complexity.",
        ),
        objections=(
            Phrase(
                "Direct indexing adds 20 basis points and hundreds of positions the clients will "
                "never "
                "read.",
                "the extra cost and the clutter of holdings",
                "20 basis points",
            ),
            Phrase(
                "Once an account is full of single stocks, getting back into a fund means "
                "realising "
                "gains.",
                "being stuck once embedded profits pile up",
                "realising gains",
            ),
        ),
        rationale=(
            "swap pairs capture most of the harvesting benefit for a fraction of the fee",
            "the tax benefit of single-stock lots fades once the lots are all in profit",
        ),
    ),
    Decision(
        name="GRAT Term Length",
        topic=Phrase(
            "how long each Whitcombe GRAT should run",
            "the duration of the family's annuity trusts",
            "Whitcombe GRAT",
        ),
        options=("one ten-year GRAT", "rolling two-year GRATs"),
        arguments=(
            "One long trust locks in today's 7520 rate for a decade and needs a single set of "
            "paperwork.",
            "Short rolling trusts capture each strong year and limit the damage if one term fails.",
        ),
        objections=(
            Phrase(
                "If Gordon dies during a ten-year term, the whole trust falls back into his "
                "estate.",
                "the mortality risk of a long term",
                "falls back into his estate",
            ),
        ),
        rationale=(
            "mortality risk over a decade was too high at Gordon's age",
            "the growth sleeve is volatile enough that short terms catch more of the upside",
        ),
        session="client-whitcombe",
    ),
    Decision(
        name="Social Security Claiming Age",
        topic=Phrase(
            "when Folake should start her Social Security benefit",
            "the age at which she begins drawing federal retirement benefits",
            "Social Security benefit",
        ),
        options=("claiming at 62", "delaying to 70"),
        arguments=(
            "Claiming at 62 means the bridge account does not have to carry the whole gap on its "
            "own.",
            "Waiting to 70 buys the cheapest inflation-protected income there is, and the survivor "
            "keeps the bigger check.",
        ),
        objections=(
            Phrase(
                "Claiming at 62 locks in a benefit about thirty percent smaller for life, and it "
                "shrinks Babatunde's survivor benefit too.",
                "a permanently reduced check and a smaller survivor payment",
                "thirty percent smaller",
            ),
        ),
        rationale=(
            "both spouses come from long-lived families",
            "the bridge account already covers the early years",
            "the larger survivor benefit protects whoever lives longer",
        ),
        session="client-adeyemi",
    ),
    Decision(
        name="Concentrated Stock Exit Route",
        topic=Phrase(
            "how Beatriz should diversify the Corvina shares she cannot sell on the plan",
            "the vehicle for spreading out her locked-up biotech holding",
            "Corvina shares",
        ),
        options=("charitable remainder trusts", "exchange funds"),
        arguments=(
            "A charitable remainder trust sells the shares tax-free inside the trust and pays her "
            "an income for twenty years.",
            "An exchange fund swaps her shares for a diversified basket with no tax today, and she "
            "keeps the full value.",
        ),
        objections=(
            Phrase(
                "A remainder trust is irrevocable, and Beatriz is not ready to give a third of the "
                "value to charity.",
                "the permanent charitable giveaway it requires",
                "irrevocable",
            ),
        ),
        rationale=(
            "she keeps all of the economic value",
            "the seven-year hold fits her timeline",
            "the tax deferral is nearly as good as the trust's",
        ),
        session="client-ferreira",
    ),
    Decision(
        name="CRM Platform Choice",
        topic=Phrase(
            "which system should replace Redwing as the firm's CRM",
            "the successor to the old client database",
            "replace Redwing",
        ),
        options=("Stackwell CRM", "Meridian Advisor Cloud"),
        arguments=(
            "Stackwell is cheap, quick to set up, and most small firms we know already use it.",
            "Meridian models households, trusts and entities as linked records and plugs straight "
            "into Northfield.",
        ),
        objections=(
            Phrase(
                "Stackwell cannot link trusts and entities to a household, and half our book is "
                "trusts.",
                "weak support for trust and entity relationships",
                "link trusts and entities",
            ),
        ),
        rationale=(
            "a trust-heavy book needs linked household records",
            "the custodian integration removes a nightly manual import",
        ),
    ),
    Decision(
        name="Large Household Fee Schedule",
        topic=Phrase(
            "how to price advice for households above ten million dollars",
            "fees for the very largest client families",
            "above ten million dollars",
        ),
        options=("tiered asset fees", "flat annual retainers"),
        arguments=(
            "A tiered asset fee is what clients expect, and it scales with the work as portfolios "
            "grow.",
            "A flat retainer ties the fee to the planning work rather than to where markets happen "
            "to be.",
        ),
        objections=(
            Phrase(
                "An asset fee charges a family more for parking sale proceeds in T-bills, and one "
                "large "
                "household has already questioned it.",
                "charging a percentage on money sitting in cash",
                "parking sale proceeds",
            ),
        ),
        rationale=(
            "the fee follows the work rather than the market level",
            "large households were already negotiating their tiers down one by one",
        ),
    ),
    Decision(
        name="Portfolio Reporting Benchmark",
        topic=Phrase(
            "which benchmark the quarterly reports should compare each model against",
            "the yardstick for judging portfolio results in client statements",
            "which benchmark",
        ),
        options=("a single global 60/40 index", "blended custom benchmarks"),
        arguments=(
            "A single global 60/40 index is simple and public, and nobody can accuse us of picking "
            "an easy target.",
            "A blend built from each model's own targets shows whether our fund choices added "
            "anything.",
        ),
        objections=(
            Phrase(
                "A 60/40 index says nothing useful to a family whose target is 30 percent "
                "equities.",
                "its mismatch with conservative allocations",
                "30 percent equities",
            ),
        ),
        rationale=(
            "the models' target weights differ too much for one index",
            "the blend separates the value of fund selection from the allocation itself",
        ),
        session="investment-committee",
    ),
    Decision(
        name="Client Review Cadence",
        topic=Phrase(
            "how often households get a formal review meeting",
            "the frequency of scheduled client check-ins",
            "formal review meeting",
        ),
        options=("quarterly in-person reviews", "semiannual reviews with video check-ins"),
        arguments=(
            "Four face-to-face meetings a year is what the largest families have come to expect.",
            "Two deep reviews a year plus short video check-ins covers the same ground with far "
            "less "
            "travel for clients.",
        ),
        objections=(
            Phrase(
                "Quarterly in-person reviews eat two full weeks of every quarter, and most "
                "clients skip "
                "the summer one anyway.",
                "the time cost and poor summer attendance",
                "two full weeks",
            ),
        ),
        rationale=(
            "most clients skipped at least one quarterly slot last year",
            "short video check-ins catch life events between the big meetings",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# Learnings
# ---------------------------------------------------------------------------------------------

LEARNINGS = (
    Learning(
        skill=Phrase(
            "equity compensation taxation",
            "how stock-based pay gets taxed",
            "equity compensation",
        ),
        resource=Phrase(
            "the Stock Plan Taxation Intensive from the Aldous Institute",
            "the equity-pay course I worked through",
            "Stock Plan Taxation Intensive",
        ),
        insights=(
            Phrase(
                "an 83(b) election only helps with unvested restricted stock and never applies to "
                "RSUs",
                "which kind of grant the early-election move works for",
                "83(b) election",
            ),
            Phrase(
                "ISO exercises raise AMT income by the spread even when no shares are sold",
                "how exercising incentive options swells the alternative tax base without a sale",
                "by the spread",
            ),
            Phrase(
                "RSU withholding at the flat 22 percent supplemental rate under-withholds for "
                "high earners",
                "why the default tax held back on vesting units is too low for top-bracket clients",
                "supplemental rate",
            ),
            Phrase(
                "a disqualifying disposition turns ISO gains into ordinary income",
                "what happens to incentive-option profits when shares are sold too soon",
                "disqualifying disposition",
            ),
        ),
        exercise="a full tax projection for a sample founder with ISOs, RSUs and a 10b5-1 plan",
        assessment="the final case exam",
        score=Quantity(72, 98, 1, "{} out of 100"),
    ),
    Learning(
        skill=Phrase(
            "trust and estate administration",
            "how trusts are run and settled after a death",
            "estate administration",
        ),
        resource=Phrase(
            "weekly walkthroughs with Marcus Oyelaran",
            "the sessions with the outside estates lawyer",
            "walkthroughs with Marcus Oyelaran",
        ),
        insights=(
            Phrase(
                "Crummey withdrawal rights need a written notice every time a gift lands in the "
                "trust",
                "the paperwork owed to beneficiaries whenever a gift reaches the insurance trust",
                "written notice",
            ),
            Phrase(
                "trust situs decides which state taxes the income a trust accumulates",
                "what decides which jurisdiction levies tax on undistributed trust earnings",
                "trust situs",
            ),
            Phrase(
                "a decanting power lets a trustee pour assets into a new trust with better terms",
                "the trustee's ability to move holdings into a revised trust",
                "decanting power",
            ),
        ),
        exercise="a mock administration checklist for a fictional family with three trusts",
        assessment="the checklist review with Marcus",
        score=Quantity(6, 10, 1, "{} of 10 items right on the first pass"),
    ),
    Learning(
        skill=Phrase(
            "retirement income modelling with Monte Carlo",
            "simulating how long a retirement portfolio lasts",
            "retirement income modelling",
        ),
        resource=Phrase(
            "the book Sequence Risk in Practice by a retired pension actuary",
            "the actuarial book on withdrawal-order risk",
            "Sequence Risk in Practice",
        ),
        insights=(
            Phrase(
                "the first five years of returns explain most of the spread in retirement outcomes",
                "why the opening stretch of retirement dominates the results",
                "first five years",
            ),
            Phrase(
                "guardrail spending rules raise success rates more than a higher equity weight "
                "does",
                "why flexible withdrawal limits beat extra stock exposure",
                "guardrail spending rules",
            ),
            Phrase(
                "a 95 percent success rate usually means the client dies with far too much money",
                "the downside of chasing very high plan probabilities",
                "95 percent success rate",
            ),
        ),
        exercise="a guardrail withdrawal model for a sample couple retiring at 60",
        assessment="the model review with Tobias",
        score=Quantity(70, 96, 1, "{} percent agreement with Tobias's reference model"),
    ),
    Learning(
        skill=Phrase(
            "municipal bond credit analysis",
            "judging the creditworthiness of tax-exempt issuers",
            "municipal bond credit",
        ),
        resource=Phrase(
            "Yusuf Karaman's muni reading list and office hours",
            "the fixed-income strategist's coaching",
            "muni reading list",
        ),
        insights=(
            Phrase(
                "debt service coverage matters more than the rating for revenue bonds",
                "the ratio that outranks the letter grade for revenue-backed issues",
                "debt service coverage",
            ),
            Phrase(
                "pension funding ratios are the hidden leverage in general obligation bonds",
                "what quietly burdens tax-backed city debt",
                "pension funding ratios",
            ),
            Phrase(
                "pre-refunded bonds trade on their escrow rather than on the issuer's credit",
                "what really backs bonds that were refinanced in advance",
                "escrow",
            ),
        ),
        exercise="a credit memo on a fictional county hospital revenue bond",
        assessment="the credit-memo grading by Yusuf",
        score=Quantity(2, 5, 1, "grade {} of 5"),
        session="investment-committee",
    ),
    Learning(
        skill=Phrase(
            "coaching clients through market panic",
            "helping frightened clients stay invested",
            "market panic",
        ),
        resource=Phrase(
            "the Difficult Money Conversations workshop",
            "the client-psychology training",
            "Difficult Money Conversations",
        ),
        insights=(
            Phrase(
                "naming the client's fear out loud calms a call faster than any chart",
                "why acknowledging emotion beats data in a tense conversation",
                "naming the client's fear",
            ),
            Phrase(
                "clients remember a plan better when its goals are written in their own words",
                "how self-phrased objectives stick",
                "their own words",
            ),
            Phrase(
                "offering a small, reversible action stops most panic selling",
                "how a minor undoable step heads off capitulation",
                "reversible action",
            ),
        ),
        exercise="a role-play call with Nkechi playing a client who wants to sell everything",
        assessment="the recorded role-play assessment",
        score=Quantity(60, 95, 5, "{} out of 100"),
    ),
    Learning(
        skill=Phrase(
            "SEC examination readiness",
            "preparing for a regulator's inspection",
            "examination readiness",
        ),
        resource=Phrase(
            "Ingrid Solberg's exam-prep sessions",
            "the compliance chief's preparation meetings",
            "exam-prep sessions",
        ),
        insights=(
            Phrase(
                "examiners start from the Form ADV and test whether practice matches the "
                "disclosure",
                "where inspectors begin and what they compare it with",
                "Form ADV",
            ),
            Phrase(
                "the first document request usually comes with a ten-business-day deadline",
                "the usual turnaround on the regulator's opening data request",
                "ten-business-day",
            ),
            Phrase(
                "testimonials under the marketing rule need a written record of any compensation "
                "paid",
                "the paperwork that client endorsements require",
                "testimonials",
            ),
        ),
        exercise="a mock document-request response built from the best-interest memo library",
        assessment="the mock exam run by Ingrid",
        score=Quantity(55, 100, 5, "{} percent"),
    ),
    Learning(
        skill=Phrase(
            "Python for portfolio analytics",
            "writing code to analyse client holdings",
            "Python",
        ),
        resource=Phrase(
            "the pandas for Portfolio Analysts course",
            "the data-analysis programming class",
            "pandas for Portfolio Analysts",
        ),
        insights=(
            Phrase(
                "resampling daily returns to month-end before computing volatility avoids "
                "overstating risk",
                "why returns should be made monthly before measuring dispersion",
                "month-end",
            ),
            Phrase(
                "joining tax lots on CUSIP instead of ticker prevents mismatches after "
                "share-class changes",
                "which identifier lot data should be matched on",
                "CUSIP",
            ),
            Phrase(
                "vectorised drift calculations run across the whole book in under a second",
                "how fast array-based imbalance checks are",
                "under a second",
            ),
        ),
        exercise="a script that flags every household more than three points off its target",
        assessment="the capstone review",
        score=Quantity(75, 100, 1, "{} out of 100"),
    ),
)

# ---------------------------------------------------------------------------------------------
# Relationships
# ---------------------------------------------------------------------------------------------

RELATIONSHIPS = (
    Relationship(
        person="Tobias Achterberg",
        traits=(
            Fact(
                "{name} insists that every rebalancing proposal shows the tax cost in the first "
                "column.",
                "What must lead off any realignment plan that {name} reviews?",
                "The tax cost, in the first column.",
                ("tax cost", "first column"),
            ),
            Fact(
                "{name} runs every Monte Carlo with 10,000 paths and refuses to present fewer.",
                "How many simulation paths does {name} require before showing results?",
                "10,000 paths.",
                ("10,000 paths",),
            ),
            Fact(
                "{name} blocks out Friday mornings for model maintenance and takes no meetings "
                "then.",
                "When can nobody book time with {name}?",
                "Friday mornings.",
                ("Friday mornings",),
            ),
        ),
        events=(
            Fact(
                "{name} passed the CFA Level III exam, and the team took him to lunch to "
                "celebrate.",
                "What credential milestone did {name} clear?",
                "He passed CFA Level III, and the team took him to lunch.",
                ("CFA Level III",),
            ),
            Fact(
                "{name} was promoted to head of portfolio analytics.",
                "What promotion did {name} receive?",
                "He was promoted to head of portfolio analytics.",
                ("head of portfolio analytics",),
            ),
        ),
        friction=Phrase(
            "I sent his draft backtest to Helena before he had checked it",
            "forwarding his unreviewed analysis to the advisor",
            "draft backtest",
        ),
        repair="we agreed that nothing of his goes to Helena without a reviewed-by line",
    ),
    Relationship(
        person="Ingrid Solberg",
        traits=(
            Fact(
                "{name} wants every client email that mentions performance sent to her for "
                "pre-approval.",
                "Which client emails does {name} need to see before they go out?",
                "Any that mention performance.",
                ("mentions performance",),
            ),
            Fact(
                "{name} keeps the exception log in a paper binder as well as in Meridian.",
                "Apart from the CRM, where else does {name} track rule breaches?",
                "In a paper binder.",
                ("paper binder",),
            ),
            Fact(
                "{name} wants compliance questions put to her in writing, never in the hallway.",
                "How should a rules query be brought to {name}?",
                "In writing.",
                ("in writing",),
            ),
        ),
        events=(
            Fact(
                "{name} led the firm through its SEC examination, which closed with two minor "
                "deficiency findings.",
                "How did the regulatory inspection that {name} led conclude?",
                "She led the SEC examination, which closed with two minor deficiency findings.",
                ("two minor deficiency findings",),
            ),
            Fact(
                "{name} rolled out the new marketing-rule policy and had everyone re-certify.",
                "Which new rulebook did {name} require the whole staff to sign off on again?",
                "She rolled out the marketing-rule policy and had everyone re-certify.",
                ("marketing-rule policy",),
            ),
        ),
        friction=Phrase(
            "I drafted a client note quoting a one-year return without sending it to her first",
            "a performance figure going into a client message without her review",
            "one-year return",
        ),
        repair="we agreed that I tag any return figure in a draft for her review",
    ),
    Relationship(
        person="Wendell Park",
        traits=(
            Fact(
                "{name} opens every committee meeting with five minutes on what the last decision "
                "got "
                "wrong.",
                "What is the first agenda item at every session {name} chairs?",
                "With five minutes on what the last decision got wrong.",
                ("what the last decision got wrong",),
            ),
            Fact(
                "{name} will not vote on anything that arrives less than 48 hours before the "
                "meeting.",
                "What is {name}'s rule about late material?",
                "He will not vote on anything received less than 48 hours ahead.",
                ("48 hours",),
            ),
            Fact(
                "{name} distrusts any backtest that starts after 2009.",
                "Which backtests does {name} not trust?",
                "Any that start after 2009.",
                ("after 2009",),
            ),
        ),
        events=(
            Fact(
                "{name} cast the only vote against the private credit sleeve and asked for his "
                "dissent "
                "to be minuted.",
                "Which allocation did {name} alone oppose?",
                "He cast the only vote against the private credit sleeve.",
                ("private credit sleeve",),
            ),
            Fact(
                "{name} announced he will step down as chair at year-end and stay on as a voting "
                "member.",
                "What did {name} announce about his committee role?",
                "He announced he will step down as chair but remain a voting member.",
                ("step down as chair",),
            ),
        ),
        friction=Phrase(
            "I circulated the committee pack a day late",
            "a tardy distribution of the meeting materials",
            "a day late",
        ),
        repair="we agreed the pack goes out by Tuesday noon with or without the last chart",
        session="investment-committee",
    ),
    Relationship(
        person="Nkechi Obiora",
        traits=(
            Fact(
                "{name} preps client meetings from a printed one-page summary rather than the "
                "full packet.",
                "What does {name} bring to a household review instead of the full pack?",
                "From a printed one-page summary.",
                ("one-page summary",),
            ),
            Fact(
                "{name} speaks Yoruba and French and takes the clients who prefer either language.",
                "Which languages besides English does {name} speak?",
                "Yoruba and French.",
                ("Yoruba and French",),
            ),
            Fact(
                "{name} studies for the CFP exam on weekday evenings.",
                "What credential is {name} working toward?",
                "The CFP.",
                ("CFP exam",),
            ),
        ),
        events=(
            Fact(
                "{name} passed the CFP exam on her first attempt.",
                "What was the outcome of {name}'s planner certification attempt?",
                "She passed the CFP exam on her first attempt.",
                ("first attempt",),
            ),
            Fact(
                "{name} took over primary coverage of twelve smaller households under the "
                "continuity plan.",
                "How many households did {name} take on as primary advisor?",
                "She took over twelve smaller households as primary advisor.",
                ("twelve smaller households",),
            ),
        ),
        friction=Phrase(
            "I booked her into a client meeting on an evening she had set aside for exam study",
            "scheduling her during protected study time",
            "exam study",
        ),
        repair="we agreed her Tuesday and Thursday evenings stay blocked on the shared calendar",
    ),
    Relationship(
        person="Rafael Quintero-Silva",
        traits=(
            Fact(
                "{name} wants money-movement requests by 11 am so he can call the client back "
                "before "
                "the wire cutoff.",
                "What is {name}'s morning deadline for transfer instructions?",
                "By 11 am.",
                ("11 am",),
            ),
            Fact(
                "{name} keeps a laminated checklist for every account transfer on his desk.",
                "What does {name} rely on for each ACAT move?",
                "A laminated checklist.",
                ("laminated checklist",),
            ),
            Fact(
                "{name} coaches a youth football team and leaves at 4:30 on Wednesdays.",
                "What takes {name} out of the office early midweek?",
                "He coaches a youth football team.",
                ("youth football team",),
            ),
        ),
        events=(
            Fact(
                "{name} earned his Series 7 license.",
                "Which securities licensing exam did {name} clear?",
                "He earned his Series 7 license.",
                ("Series 7",),
            ),
            Fact(
                "{name} moved to a hybrid schedule, in the office Monday to Wednesday.",
                "What working pattern did {name} switch to?",
                "He moved to a hybrid schedule, in the office Monday to Wednesday.",
                ("Monday to Wednesday",),
            ),
        ),
        friction=Phrase(
            "I sent him a wire request at 1:45 with no call-back number",
            "a late transfer request missing its verification details",
            "call-back number",
        ),
        repair="we agreed every money-movement request I stage carries the call-back number and "
        "arrives before 11",
    ),
    Relationship(
        person="Sunita Raghavan",
        traits=(
            Fact(
                "{name} only accepts tax projections in her own template with the state tab "
                "filled in.",
                "What format does {name} insist on for any modelling of a client's taxes?",
                "In her own template, with the state tab filled in.",
                ("state tab",),
            ),
            Fact(
                "{name} goes dark from March 1 to April 15 except for emergencies.",
                "During which stretch of the year is {name} unreachable?",
                "From March 1 to April 15.",
                ("March 1 to April 15",),
            ),
            Fact(
                "{name} reads every harvest proposal for wash-sale risk before it reaches a "
                "client.",
                "What danger does {name} screen loss-realisation trades for?",
                "Wash-sale risk.",
                ("wash-sale risk",),
            ),
        ),
        events=(
            Fact(
                "{name} was named a partner in the firm's tax practice.",
                "What title was {name} given?",
                "She was named a partner in the tax practice.",
                ("named a partner",),
            ),
            Fact(
                "{name} hired a second tax associate so households get projections within a week.",
                "Whom did {name} add to her team?",
                "She hired a second tax associate.",
                ("second tax associate",),
            ),
        ),
        friction=Phrase(
            "I asked her for a Roth projection on April 10",
            "a modelling request in the thick of filing season",
            "April 10",
        ),
        repair="we agreed to front-load conversion modelling into the autumn",
    ),
    Relationship(
        person="Marcus Oyelaran",
        traits=(
            Fact(
                "{name} bills in six-minute increments, so I bundle questions into one weekly "
                "email.",
                "How do I keep {name}'s bills down?",
                "By bundling questions into one weekly email.",
                ("one weekly email",),
            ),
            Fact(
                "{name} puts a plain-language summary on the first page of every trust document.",
                "What does {name} put at the front of his trust documents?",
                "A plain-language summary.",
                ("plain-language summary",),
            ),
            Fact(
                "{name} will not discuss a client's estate plan until the engagement letter is on "
                "file.",
                "What paperwork does {name} require before talking about anyone's estate?",
                "The engagement letter.",
                ("engagement letter",),
            ),
        ),
        events=(
            Fact(
                "{name} opened a second office in the suburbs and moved his trust team there.",
                "Where did {name} relocate his trust staff?",
                "He opened a second office in the suburbs for his trust team.",
                ("second office",),
            ),
            Fact(
                "{name} spoke at the regional estate-planning council about insurance trusts.",
                "Before which professional body did {name} present on policy-holding trusts?",
                "He spoke at the regional estate-planning council.",
                ("estate-planning council",),
            ),
        ),
        friction=Phrase(
            "I sent him a client's account numbers over unencrypted email",
            "sharing client data over an insecure channel",
            "unencrypted email",
        ),
        repair="we agreed everything goes through the shared secure vault",
    ),
    Relationship(
        person="Gordon Whitcombe",
        traits=(
            Fact(
                "{name} wants every meeting to end with a one-line answer to 'are we all right?'.",
                "What question does {name} want answered before every review wraps up?",
                "A one-line answer to whether they are all right.",
                ("are we all right",),
            ),
            Fact(
                "{name} refuses to own any company that makes fasteners, out of loyalty to his old "
                "business.",
                "Which kind of company will {name} not hold?",
                "Any company that makes fasteners.",
                ("makes fasteners",),
            ),
            Fact(
                "{name} will not use the portal and asks for paper statements in a binder.",
                "How does {name} want to receive his statements?",
                "On paper, in a binder.",
                ("paper statements",),
            ),
        ),
        events=(
            Fact(
                "{name} had a knee replacement and asked to hold the spring review at home.",
                "What operation made {name} ask for the seasonal review in his own house?",
                "He had a knee replacement and asked for the spring review at home.",
                ("knee replacement",),
            ),
            Fact(
                "{name} handed Julian signing authority on the Marital Trust.",
                "What power did {name} pass to his son?",
                "He gave Julian signing authority on the Marital Trust.",
                ("signing authority",),
            ),
        ),
        friction=Phrase(
            "I put a chart in his pack that showed the proceeds losing money in their first month",
            "a discouraging early performance chart in his packet",
            "first month",
        ),
        repair="we agreed his packs show progress against the plan rather than month-by-month "
        "returns",
        session="client-whitcombe",
    ),
    Relationship(
        person="Beatriz Ferreira",
        traits=(
            Fact(
                "{name} only takes calls between 7 and 8 in the morning because her lab days run "
                "late.",
                "When can {name} be reached by phone?",
                "Between 7 and 8 in the morning.",
                ("7 and 8 in the morning",),
            ),
            Fact(
                "{name} wants numbers in a table, never buried in prose.",
                "How does {name} want figures presented?",
                "In a table.",
                ("in a table",),
            ),
            Fact(
                "{name} refuses to sell any Corvina shares in the week of a trial readout.",
                "During which period will {name} not trim her stake in the biotech?",
                "In the week of a trial readout.",
                ("week of a trial readout",),
            ),
        ),
        events=(
            Fact(
                "{name} pledged $2 million to her alma mater's chemistry department.",
                "What pledge did {name} make to her old university?",
                "She pledged $2 million to her alma mater's chemistry department.",
                ("chemistry department",),
            ),
            Fact(
                "{name} moved up from chief scientific officer to chief executive of Corvina.",
                "What role did {name} step into at her company?",
                "She moved up to chief executive of Corvina.",
                ("chief executive",),
            ),
        ),
        friction=Phrase(
            "I suggested trimming Corvina stock in the week of a board meeting",
            "proposing a share sale at a sensitive corporate moment",
            "board meeting",
        ),
        repair="we agreed I check Corvina's corporate calendar before proposing any sale",
        session="client-ferreira",
    ),
)

# ---------------------------------------------------------------------------------------------
# Corrections
# ---------------------------------------------------------------------------------------------

CORRECTIONS = (
    Correction(
        subject="the per-recipient annual exclusion used in the Whitcombe gifting memo",
        ask="How much can each Whitcombe grandchild receive per year under the gifting memo "
        "without "
        "touching the lifetime exemption?",
        wrong="$18,000",
        right="$19,000",
        cause="I had carried the figure over from the previous year's memo",
        session="client-whitcombe",
    ),
    Correction(
        subject="Folake's planned last day at Lakeshore Anesthesia Partners",
        ask="When does Folake intend to stop working at her anesthesia group?",
        wrong="June 30, 2031",
        right="December 31, 2030",
        later="March 31, 2031",
        cause="her partnership agreement only allows departures at a calendar year-end",
        session="client-adeyemi",
    ),
    Correction(
        subject="the rebalancing tolerance band in the house models",
        ask="How far may a model sleeve drift from target before it is rebalanced?",
        wrong="5 percentage points",
        right="3 percentage points",
        later="4 percentage points",
        cause="I had read the draft policy rather than the version the committee approved",
        session="investment-committee",
    ),
    Correction(
        subject="the custodian's cutoff for same-day outgoing wires",
        ask="What is the latest time a same-day wire can be sent through Northfield?",
        wrong="2:00 pm Eastern",
        right="1:30 pm Eastern",
        later="3:00 pm Eastern",
        cause="Northfield moved the cutoff in a service notice I had not filed",
    ),
    Correction(
        subject="the Section 7520 rate used for the first Whitcombe GRAT",
        ask="What hurdle rate did the family's first annuity trust use?",
        wrong="4.8%",
        right="5.2%",
        cause="I had used the prior month's published rate instead of the funding month's",
        session="client-whitcombe",
    ),
    Correction(
        subject="the Adeyemi household's state of residence for tax modelling",
        ask="Where do the Adeyemis count as living for the purpose of their tax projections?",
        wrong="New Jersey",
        right="Pennsylvania",
        cause="they closed on the Pennsylvania house before the tax year ended",
        session="client-adeyemi",
    ),
    Correction(
        subject="the net price the family received for Whitcombe Fasteners",
        ask="What did the Whitcombes actually take home at closing for the manufacturing business?",
        wrong="$41.5 million",
        right="$38.2 million",
        cause="the closing statement held back an escrow for indemnity claims",
        session="client-whitcombe",
    ),
    Correction(
        subject="the advisory fee on the $3 million to $5 million tier",
        ask="What fee rate applies to households between three and five million dollars?",
        wrong="0.75%",
        right="0.70%",
        later="0.65%",
        cause="the schedule in Meridian had not been updated after the last fee revision",
    ),
    Correction(
        subject="the lockup expiry for Beatriz's founder shares",
        ask="On what date can Beatriz first sell the stock she received as a founder?",
        wrong="August 14",
        right="September 2",
        cause="the follow-on offering restarted the lockup clock",
        session="client-ferreira",
    ),
    Correction(
        subject="the committee's cap on private credit in the models",
        ask="What is the most the house models may hold in private credit?",
        wrong="10%",
        right="7.5%",
        later="5%",
        cause="the approved minutes lowered the cap from the figure in the proposal",
        session="investment-committee",
    ),
    Correction(
        subject="the book-wide go-live date for the Glasshouse portal",
        ask="When does the reporting portal open to every household?",
        wrong="March 3",
        right="April 14",
        later="May 5",
        cause="the single sign-on work slipped behind the aggregation vendor's schedule",
    ),
    Correction(
        subject="Beatriz's Corvina share count at the start of the diversification program",
        ask="How many Corvina shares did Beatriz own when the selling program began?",
        wrong="412,000",
        right="386,500",
        cause="I had counted unvested units as owned shares",
        session="client-ferreira",
    ),
    Correction(
        subject="the ladder's maximum weight in any one maturity year",
        ask="How much of a bond ladder may come due in a single year?",
        wrong="15 percent",
        right="12 percent",
        cause="I had quoted the draft design rather than the final one",
        session="investment-committee",
    ),
    Correction(
        subject="the loss threshold that triggers a trade in the weekly harvest sweep",
        ask="How far must a lot fall before the weekly sweep realises the loss?",
        wrong="10 percent",
        right="8 percent",
        later="6 percent",
        cause="I had copied the figure from the vendor's default settings, not our written rules",
    ),
    Correction(
        subject="the retention period for the archived Redwing database",
        ask="How long does the firm have to keep the old CRM archive?",
        wrong="five years",
        right="seven years",
        cause="I had mixed it up with the shorter rule for routine correspondence",
    ),
)

# ---------------------------------------------------------------------------------------------
# Errands
# ---------------------------------------------------------------------------------------------

_OTHER_REVIEWS = (
    "the Marchetti household review",
    "the Lindqvist estate meeting",
    "the Okonkwo onboarding session",
    "the Castellanos Roth conversation",
    "the Pemberton beneficiary update",
)

ERRANDS = (
    Errand(
        topic="Meeting room booking",
        things=_OTHER_REVIEWS,
        log="I reserved {value} for {thing} and put the dial-in on the invite.",
        ask="Which room was booked for {thing}?",
        answer="{value}.",
        values=(
            "the Larch room on 14",
            "the Birch room on 14",
            "the boardroom on 15",
            "the small Cedar room",
            "the Willow room on 12",
            "the client lounge on 15",
        ),
    ),
    Errand(
        topic="Wire reference",
        things=(
            "the Marchetti property-tax payment",
            "the Castellanos tuition wire",
            "the Pemberton capital call payment",
            "the Lindqvist contractor payment",
        ),
        log="Rafael confirmed that {thing} went out under Fed reference {value}.",
        ask="What Fed reference number did {thing} carry?",
        answer="{value}.",
        quantity=Quantity(20240, 89990, 10, "FR-{}"),
    ),
    Errand(
        topic="Scheduled distribution",
        things=(
            "Harold Pemberton's IRA",
            "Agnes Marchetti's inherited IRA",
            "Dolores Castellanos's rollover IRA",
            "Walter Lindqvist's 403(b)",
        ),
        log="I set the next scheduled distribution from {thing} at {value} and sent it to Rafael "
        "to release.",
        ask="How large was the payout I lined up from {thing}?",
        answer="{value}.",
        quantity=Quantity(2400, 36000, 100, "${:,}"),
    ),
    Errand(
        topic="Vendor quote",
        things=(
            "the aggregation add-on for the portal",
            "the e-signature upgrade",
            "the secure client vault",
            "the CRM data-cleansing service",
            "the archive storage plan",
        ),
        log="The vendor quoted {value} a year for {thing}, and I filed the quote for Oliver.",
        ask="What yearly price did the vendor give for {thing}?",
        answer="{value} per year.",
        quantity=Quantity(2400, 38000, 200, "${:,}"),
    ),
    Errand(
        topic="Continuing education credit",
        things=(
            "this month's webinars",
            "the quarterly ethics session",
            "the estate-planning study group",
            "the custodian's product training",
        ),
        log="{principal}'s CE tracker now shows {value} credit hours for {thing}.",
        ask="How many continuing-education hours did {thing} earn {principal}?",
        answer="{value} hours.",
        quantity=Quantity(1, 8),
    ),
    Errand(
        topic="Conference hotel",
        things=(
            "the estate-planning summit in Chicago",
            "the custodian's advisor conference in Denver",
            "the wealth management forum in Boston",
            "the tax symposium in Phoenix",
        ),
        log="I booked {principal} into {value} for {thing}.",
        ask="Where is {principal} staying for {thing}?",
        answer="{value}.",
        values=(
            "the Harwell Hotel",
            "the Stanton Arms",
            "the Larkspur Inn",
            "the Greyfield Suites",
            "the Meridale Hotel",
            "the Corbin House",
        ),
    ),
    Errand(
        topic="Transfer turnaround",
        things=(
            "an incoming ACAT from a wirehouse",
            "an outgoing trust transfer",
            "a retirement plan rollover check",
            "a DTC transfer of single stocks",
        ),
        log="Rafael says {thing} is running at {value} right now.",
        ask="According to Rafael, how long is {thing} currently taking?",
        answer="{value}.",
        quantity=Quantity(2, 15, 1, "{} business days"),
    ),
    Errand(
        topic="Courier tracking",
        things=(
            "the trust certifications for Greywater",
            "a set of original stock certificates",
            "the medallion-guaranteed transfer forms",
            "the signed account applications",
        ),
        log="I sent {thing} by overnight courier under tracking number {value}.",
        ask="What number traces the delivery of {thing}?",
        answer="{value}.",
        quantity=Quantity(100003, 999997, 7, "7741-{}"),
    ),
    Errand(
        topic="Client gift",
        things=(
            "Agnes Marchetti's birthday",
            "the Castellanos wedding anniversary",
            "Walter Lindqvist's birthday",
            "the Okonkwo family's holiday gift",
        ),
        log="For {thing} I ordered {value} from the approved gift list, inside the firm's gift "
        "limit.",
        ask="What present went out for {thing}?",
        answer="{value}.",
        values=(
            "a hardcover atlas",
            "a box of single-estate teas",
            "an orchid in a ceramic pot",
            "a framed map of their city",
            "a pair of engraved bookends",
            "a fruit basket from Dalby's",
        ),
    ),
    Errand(
        topic="Notary appointment",
        things=(
            "the Pemberton paperwork",
            "the Lindqvist trust signing",
            "the Marchetti real estate documents",
            "the Castellanos account forms",
        ),
        log="The mobile notary is booked for {thing} at {value}.",
        ask="At what time is the notary coming for {thing}?",
        answer="{value}.",
        values=("9:30 am", "10:15 am", "11:00 am", "1:45 pm", "3:30 pm", "4:15 pm"),
    ),
    Errand(
        topic="Custodian service case",
        things=(
            "a missing dividend",
            "a duplicate tax form",
            "a stray margin flag",
            "a stuck address change",
        ),
        log="Gideon opened case {value} at Northfield for {thing}.",
        ask="Which case number is the custodian tracking {thing} under?",
        answer="{value}.",
        quantity=Quantity(40001, 49999, 3, "NC-{}"),
    ),
    Errand(
        topic="Money fund yield",
        things=(
            "the Treasury money fund",
            "the municipal money fund",
            "the bank sweep's top tier",
            "the government money fund at Pellham",
        ),
        log="I checked the seven-day yield on {thing}: {value}.",
        ask="What seven-day yield did {thing} show when I looked?",
        answer="{value}.",
        quantity=Quantity(310, 540, 1, "{:.2f}%", 100),
    ),
    Errand(
        topic="Tax document deadline",
        things=(
            "the Castellanos K-1 package",
            "the Pemberton estimated payment worksheet",
            "the Lindqvist gift tax return",
            "the Marchetti extension request",
        ),
        log="Sunita needs {thing} by {value} to stay on schedule.",
        ask="What is Sunita's deadline for {thing}?",
        answer="{value}.",
        values=("February 20", "March 6", "April 3", "June 9", "September 8", "October 2"),
    ),
    Errand(
        topic="Seminar headcount",
        things=(
            "the spring market outlook breakfast",
            "the estate planning lunch for surviving spouses",
            "the college funding evening",
            "the year-end tax seminar",
        ),
        log="RSVPs for {thing} closed at {value} guests, so I gave the caterer the final number.",
        ask="How many people signed up for {thing}?",
        answer="{value}.",
        quantity=Quantity(14, 86),
    ),
    Errand(
        topic="Software release",
        things=(
            "the PlanForge planning software",
            "the Meridian mobile app",
            "the rebalancing engine",
            "the portal's iPhone app",
        ),
        log="IT moved {thing} to version {value} overnight, and I checked that our templates "
        "still open.",
        ask="Which release of {thing} did IT install?",
        answer="Version {value}.",
        values=("4.12", "5.0.3", "2.8.1", "7.4", "3.16.2", "6.1"),
    ),
    Errand(
        topic="Visitor parking",
        things=(
            "Mr. Pemberton's visit",
            "the Castellanos family meeting",
            "the auditor's site visit",
            "the Lindqvist heirs' meeting",
        ),
        log="I reserved garage space {value} for {thing}.",
        ask="Which parking space was held for {thing}?",
        answer="{value}.",
        values=("P2-14", "P2-31", "P1-07", "P3-22", "P1-18", "P2-09"),
    ),
    Errand(
        topic="Insurance premium quote",
        things=(
            "a 20-year term policy for Mr. Okonkwo",
            "an umbrella liability policy for the Castellanos family",
            "disability cover for Dr. Lindqvist",
            "a second-to-die policy for the Pembertons",
        ),
        log="Saoirse came back with an annual premium of {value} for {thing}.",
        ask="What yearly premium did Saoirse quote for {thing}?",
        answer="{value}.",
        quantity=Quantity(900, 14800, 50, "${:,}"),
    ),
    Errand(
        topic="Capital call",
        things=(
            "the Pemberton buyout fund",
            "the Lindqvist real estate fund",
            "the Castellanos venture fund",
            "the Marchetti infrastructure fund",
        ),
        log="A capital call of {value} came in for {thing}, due in ten business days.",
        ask="How much money did {thing} request from the investor?",
        answer="{value}.",
        quantity=Quantity(25000, 400000, 5000, "${:,}"),
    ),
    Errand(
        topic="Donor-advised grant",
        things=(
            "the children's hospital",
            "the regional land trust",
            "the symphony endowment",
            "the county food bank",
            "the alumni scholarship fund",
        ),
        log="The donor-advised fund grant to {thing} was approved at {value}.",
        ask="How big was the gift to {thing} that the giving account signed off?",
        answer="{value}.",
        quantity=Quantity(1000, 50000, 500, "${:,}"),
    ),
    Errand(
        topic="Client dinner reservation",
        things=(
            "the Pemberton anniversary dinner",
            "the holiday dinner with the Lindqvists",
            "the thank-you dinner for the Castellanos family",
            "the dinner with Gideon from Northfield",
        ),
        log="I booked a table for {thing} at {value}.",
        ask="Which restaurant was chosen for {thing}?",
        answer="{value}.",
        values=(
            "Osteria Fennel",
            "The Copper Stag",
            "Mirabel",
            "Saltmarsh Grill",
            "Kinsey's",
            "Blue Heron Brasserie",
        ),
    ),
    Errand(
        topic="Conference flight",
        things=(
            "the Chicago estate summit",
            "the Denver custodian conference",
            "the Boston wealth forum",
            "the Phoenix tax symposium",
        ),
        log="{principal}'s outbound flight for {thing} is {value}.",
        ask="Which airline booking gets {principal} to {thing}?",
        answer="{value}.",
        values=("UA 1142", "DL 2287", "AA 516", "WN 3310", "B6 871", "AS 404"),
    ),
    Errand(
        topic="Compliance attestation",
        things=(
            "the quarterly personal trading attestation",
            "the annual code of ethics certification",
            "the gifts and entertainment log",
            "the outside business activity disclosure",
        ),
        log="Ingrid set the due date for {thing} at {value}.",
        ask="By when must {thing} reach Ingrid?",
        answer="{value}.",
        values=("January 12", "April 10", "July 14", "October 9", "February 2", "November 3"),
    ),
    Errand(
        topic="Client survey score",
        things=(
            "the spring client survey",
            "the portal satisfaction survey",
            "the seminar feedback form",
            "the onboarding survey",
        ),
        log="The responses to {thing} came back with an average score of {value} out of 10.",
        ask="What was the mean rating on {thing}?",
        answer="{value} out of 10.",
        quantity=Quantity(71, 98, 1, "{}", 10),
    ),
    Errand(
        topic="Records storage",
        things=(
            "expired client files",
            "Redwing printouts",
            "old account applications",
            "closed-account folders",
        ),
        log="The records vendor collected {value} boxes of {thing} for secure storage.",
        ask="How many boxes of {thing} went off to secure storage?",
        answer="{value} boxes.",
        quantity=Quantity(3, 40),
    ),
    Errand(
        topic="Custodian hold time",
        things=(
            "the alternatives desk",
            "the trust operations team",
            "the wire room",
            "the tax reporting group",
        ),
        log="Hold time for {thing} at Northfield was {value} when I called.",
        ask="How long was I kept waiting by {thing} at the custodian?",
        answer="{value}.",
        quantity=Quantity(2, 48, 1, "{} minutes"),
    ),
    Errand(
        topic="Held-away statement",
        things=(
            "the Pemberton 401(k)",
            "the Castellanos pension",
            "the Lindqvist annuity",
            "the Marchetti brokerage account at another firm",
        ),
        log="I requested the latest statement for {thing}, and it showed a balance of {value}.",
        ask="What balance did the most recent statement for {thing} report?",
        answer="{value}.",
        quantity=Quantity(45000, 2400000, 5000, "${:,}"),
    ),
    Errand(
        topic="Due-diligence call",
        things=(
            "the private credit manager",
            "the municipal ladder dealer",
            "the international small-cap manager",
            "the emerging markets debt manager",
        ),
        log="I set the due-diligence call with {thing} for {value}.",
        ask="What day and time were arranged to vet {thing}?",
        answer="{value}.",
        values=(
            "Tuesday at 10",
            "Wednesday at 2",
            "Thursday at 9",
            "Monday at 3",
            "Friday at 11",
            "Thursday at 4",
        ),
        session="investment-committee",
    ),
    Errand(
        topic="Model drift snapshot",
        things=(
            "the Conservative model",
            "the Balanced model",
            "the Growth model",
            "the All-Equity model",
            "the Income model",
        ),
        log="The committee snapshot shows {thing} sitting {value} away from its target equity "
        "weight.",
        ask="By how much had {thing} strayed from its stock allocation goal?",
        answer="{value}.",
        quantity=Quantity(2, 48, 1, "{} points", 10),
        session="investment-committee",
    ),
    Errand(
        topic="Manager performance check",
        things=(
            "the private credit interval fund",
            "the international value fund",
            "the small-cap value manager",
            "the emerging-markets equity fund",
        ),
        log="Mei-Lin's monthly check had {thing} at {value} against its benchmark.",
        ask="Relative to its benchmark, how was {thing} doing in Mei-Lin's review?",
        answer="{value} relative to its benchmark.",
        quantity=Quantity(-180, 240, 5, "{} bps"),
        session="investment-committee",
    ),
    Errand(
        topic="Trust distribution approval",
        things=(
            "Julian's quarterly distribution",
            "Rosalind's tuition distribution",
            "Celeste's household draw",
            "the charitable lead payment",
        ),
        log="Hiroshi approved {thing} at {value} from the Marital Trust.",
        ask="How much did the trust officer approve for {thing}?",
        answer="{value}.",
        quantity=Quantity(12000, 85000, 500, "${:,}"),
        session="client-whitcombe",
    ),
    Errand(
        topic="Family meeting venue",
        things=(
            "the spring family meeting",
            "the autumn trustee briefing",
            "the annual trustee review",
            "the year-end gifting session",
        ),
        log="Celeste asked to hold {thing} at {value}.",
        ask="Where did Celeste want {thing} to take place?",
        answer="{value}.",
        values=(
            "the lake house",
            "the Union Club library",
            "our boardroom",
            "their home in Shaker Heights",
            "Greywater's conference room",
            "a private room at the Tavern Club",
        ),
        session="client-whitcombe",
    ),
    Errand(
        topic="College savings contribution",
        things=(
            "Tolu's 529 plan",
            "Kemi's 529 plan",
            "their niece's custodial account",
            "Tolu's custodial brokerage account",
        ),
        log="The Adeyemis approved a {value} contribution to {thing}.",
        ask="How much did the Adeyemis agree to add to {thing}?",
        answer="{value}.",
        quantity=Quantity(2000, 38000, 500, "${:,}"),
        session="client-adeyemi",
    ),
    Errand(
        topic="Health premium quote",
        things=(
            "the marketplace silver plan",
            "the marketplace gold plan",
            "the COBRA continuation",
            "the medical society group plan",
        ),
        log="The monthly premium for {thing} came to {value} for the whole family.",
        ask="What would {thing} cost the Adeyemi family each month?",
        answer="{value} a month.",
        quantity=Quantity(1400, 3600, 25, "${:,}"),
        session="client-adeyemi",
    ),
    Errand(
        topic="RSU vest delivery",
        things=(
            "the March RSU vest",
            "the June RSU vest",
            "the September RSU vest",
            "the December RSU vest",
        ),
        log="By my count, {thing} will deliver {value} Corvina shares after withholding.",
        ask="Once taxes are held back, what net number of units lands from {thing}?",
        answer="{value} shares.",
        quantity=Quantity(1800, 9400, 50, "{:,}"),
        session="client-ferreira",
    ),
    Errand(
        topic="Estimated tax payment",
        things=(
            "the April estimate",
            "the June estimate",
            "the September estimate",
            "the January estimate",
        ),
        log="Declan set {thing} at {value} after the latest round of Corvina sales.",
        ask="How large is {thing} according to Declan?",
        answer="{value}.",
        quantity=Quantity(40000, 420000, 5000, "${:,}"),
        session="client-ferreira",
    ),
    Errand(
        topic="Trust ledger payment",
        things=(
            "the first GRAT's annuity payment",
            "the second GRAT's annuity payment",
            "the insurance trust premium",
            "the Marital Trust's quarterly tax estimate",
        ),
        log="The trust ledger shows {thing} settled at {value} this cycle.",
        ask="What amount did {thing} come to on the trust books?",
        answer="{value}.",
        quantity=Quantity(40000, 900000, 5000, "${:,}"),
        session="client-whitcombe",
    ),
    Errand(
        topic="Grandchild tuition payment",
        things=(
            "Harper's tuition at Ridgefield Academy",
            "Owen's tuition at Carleton Day School",
            "Maeve's university tuition",
            "Theo's summer program fees",
        ),
        log="Gordon and Celeste authorised a direct payment of {value} for {thing}.",
        ask="How much did the grandparents send straight to the school for {thing}?",
        answer="{value}.",
        quantity=Quantity(6000, 62000, 250, "${:,}"),
        session="client-whitcombe",
    ),
    Errand(
        topic="Roth conversion size",
        things=(
            "a conversion tranche from Folake's IRA",
            "a conversion tranche from Babatunde's IRA",
            "the year-end top-up conversion",
            "a mid-year conversion tranche",
        ),
        log="Sunita and I sized {thing} at {value} to stay under the bracket ceiling.",
        ask="What amount did we settle on for {thing}?",
        answer="{value}.",
        quantity=Quantity(18000, 96000, 500, "${:,}"),
        session="client-adeyemi",
    ),
    Errand(
        topic="Studio note payment",
        things=(
            "the first quarter",
            "the second quarter",
            "the third quarter",
            "the fourth quarter",
        ),
        log="The Kestrel Row installment for {thing} landed at {value}, interest included.",
        ask="How much arrived from the studio buyout note for {thing}?",
        answer="{value}.",
        quantity=Quantity(38000, 61000, 250, "${:,}"),
        session="client-adeyemi",
    ),
    Errand(
        topic="Selling plan fill",
        things=(
            "the first-quarter tranche",
            "the second-quarter tranche",
            "the third-quarter tranche",
            "the fourth-quarter tranche",
        ),
        log="The plan broker filled {thing} of Corvina shares at an average of {value}.",
        ask="What average price did {thing} of the selling plan achieve?",
        answer="{value} a share.",
        quantity=Quantity(1850, 7400, 5, "${:.2f}", 100),
        session="client-ferreira",
    ),
    Errand(
        topic="Exchange fund valuation",
        things=(
            "the March statement",
            "the June statement",
            "the September statement",
            "the December statement",
        ),
        log="According to {thing}, Beatriz's exchange fund units were worth {value}.",
        ask="What were Beatriz's exchange fund units valued at in {thing}?",
        answer="{value}.",
        quantity=Quantity(2100000, 6800000, 50000, "${:,}"),
        session="client-ferreira",
    ),
)

# ---------------------------------------------------------------------------------------------
# Meetings
# ---------------------------------------------------------------------------------------------

_IC = "investment-committee"
_WH = "client-whitcombe"
_AD = "client-adeyemi"
_FE = "client-ferreira"

MEETINGS = (
    # -- investment committee --------------------------------------------------------------
    Meeting(
        title="Duration positioning review",
        session=_IC,
        stances=(
            Stance(
                "With the curve this flat we are not being paid to go past seven years, so I would "
                "shorten the core bond sleeve.",
                "wanted to shorten the core bond sleeve",
            ),
            Stance(
                "If rates fall, short bonds leave us reinvesting at lower yields; keep duration "
                "near "
                "the benchmark.",
                "argued for keeping duration close to the benchmark",
            ),
            Stance(
                "Split the difference with a barbell: half the sleeve under two years and half "
                "around ten.",
                "proposed a barbell of very short and ten-year bonds",
            ),
        ),
        outcome=Phrase(
            "we will hold duration at 5.5 years and revisit after the next Fed meeting",
            "the agreed interest-rate sensitivity target and when it gets another look",
            "5.5 years",
        ),
    ),
    Meeting(
        title="International equity weight",
        session=_IC,
        stances=(
            Stance(
                "Non-US stocks trade at a deep discount and we are already underweight, so I "
                "would add "
                "three points.",
                "pushed to add three points to non-US stocks",
            ),
            Stance(
                "Our clients spend dollars, and currency swings have cost us for a decade; leave "
                "the "
                "weight alone.",
                "argued for leaving the overseas weight unchanged because of currency risk",
            ),
            Stance(
                "If we add, do it through the value tilt rather than the broad index.",
                "suggested adding through the value tilt instead of the broad index",
            ),
        ),
        outcome=Phrase(
            "the international sleeve goes up two points, funded from US large-cap",
            "the change to the foreign equity allocation and where the money came from",
            "up two points",
        ),
    ),
    Meeting(
        title="Private credit manager shortlist",
        session=_IC,
        stances=(
            Stance(
                "The senior-secured manager has never had a loss year, and its fees are the "
                "lowest of "
                "the three.",
                "championed the senior-secured manager for its record and its fees",
            ),
            Stance(
                "I do not trust a track record that has never been through a real default cycle.",
                "doubted a track record that had never seen a default cycle",
            ),
            Stance(
                "Before anyone votes, I want to see the look-through leverage for each fund.",
                "asked to see the look-through leverage first",
            ),
        ),
        outcome=Phrase(
            "Mei-Lin will make an on-site visit to the senior-secured manager before any vote",
            "the next diligence step required ahead of a vote",
            "on-site visit",
        ),
    ),
    Meeting(
        title="Cash sleeve and bill ladder",
        session=_IC,
        stances=(
            Stance(
                "Three-month bills are yielding more than the ten-year, so the cash sleeve should "
                "hold "
                "bills directly, not a fund.",
                "wanted Treasury bills held directly in the cash sleeve",
            ),
            Stance(
                "Individual bills in every small account mean odd lots and a lot of extra trading.",
                "worried about odd lots and extra trading in small accounts",
            ),
        ),
        outcome=Phrase(
            "accounts above $500,000 get a direct bill ladder and smaller ones keep the money fund",
            "the account-size threshold for holding bills directly",
            "$500,000",
        ),
    ),
    Meeting(
        title="Real assets sleeve debate",
        session=_IC,
        stances=(
            Stance(
                "Inflation caught us out once; a small REIT and infrastructure sleeve would have "
                "helped "
                "in 2022.",
                "made the case for a small REIT and infrastructure sleeve",
            ),
            Stance(
                "REITs behaved like equities in every sell-off we tested, so they are not a hedge.",
                "argued that REITs act like stocks in sell-offs",
            ),
            Stance(
                "If we do it, cap it at four percent and keep it out of the Conservative model.",
                "proposed a four-percent cap that leaves out the Conservative model",
            ),
        ),
        outcome=Phrase(
            "a four-percent infrastructure sleeve is added to the Growth and Balanced models only",
            "the new real-asset allocation and which portfolios receive it",
            "infrastructure sleeve",
        ),
    ),
    Meeting(
        title="Capital market assumptions",
        session=_IC,
        stances=(
            Stance(
                "Seven percent for equities is too rosy at today's valuations; I would use 5.8.",
                "argued for cutting the equity return assumption to 5.8 percent",
            ),
            Stance(
                "A lower number nudges clients to save more, which is hardly a bad outcome.",
                "welcomed a lower assumption because it encourages saving",
            ),
            Stance(
                "Whatever we pick, we should publish the source and hold it for a full year.",
                "asked that the assumption be sourced and kept for a year",
            ),
        ),
        outcome=Phrase(
            "the committee adopted 6.2 percent for equities and 4.1 percent for bonds",
            "the expected returns the committee settled on",
            "6.2 percent",
        ),
    ),
    Meeting(
        title="Emerging markets debt review",
        session=_IC,
        stances=(
            Stance(
                "Local-currency emerging debt pays a real yield we cannot find anywhere else.",
                "praised the real yield of local-currency emerging debt",
            ),
            Stance(
                "In half the years we looked at, the currency losses swamped that yield.",
                "said currency losses swamp the yield",
            ),
        ),
        outcome=Phrase(
            "emerging markets debt stays off the approved list for another year",
            "whether developing-country bonds made the approved list",
            "off the approved list",
        ),
    ),
    Meeting(
        title="Model naming and factsheets",
        session=_IC,
        stances=(
            Stance(
                "Clients do not know what Balanced means; name the models after goals, like "
                "Income and "
                "Legacy.",
                "wanted the models renamed after client goals",
            ),
            Stance(
                "Renaming means reissuing every investment policy statement, which is a compliance "
                "headache.",
                "warned that renaming would force reissuing the policy statements",
            ),
            Stance(
                "Keep the names and put a one-line goal under each one on the factsheet.",
                "suggested keeping the names but adding a goal line",
            ),
        ),
        outcome=Phrase(
            "the names stay and each factsheet gets a one-line goal statement",
            "what happened to the portfolio labels",
            "one-line goal statement",
        ),
    ),
    Meeting(
        title="Manager watchlist review",
        session=_IC,
        stances=(
            Stance(
                "The small-cap value manager has lagged for three years and replaced its lead "
                "portfolio manager; it belongs on watch.",
                "put the small-cap value manager forward for the watchlist",
            ),
            Stance(
                "Three years is noise for small-cap value, and firing now would lock in the "
                "underperformance.",
                "argued three years was too short a period to judge",
            ),
        ),
        outcome=Phrase(
            "the manager goes on a formal twelve-month watch with quarterly check-ins",
            "the status given to the lagging small-cap manager",
            "twelve-month watch",
        ),
    ),
    # -- Whitcombe household -----------------------------------------------------------------
    Meeting(
        title="Grandchildren gifting approach",
        session=_WH,
        stances=(
            Stance(
                "Paying the grandchildren's tuition straight to the schools keeps those dollars "
                "out of "
                "the gift tax math altogether.",
                "pointed out that paying tuition directly avoids gift tax",
            ),
            Stance(
                "Cash gifts teach them nothing; put the money in trust until they turn thirty.",
                "wanted gifts held in trust until age thirty",
            ),
            Stance(
                "Whatever we do has to be equal across all five grandchildren, down to the dollar.",
                "insisted the gifts be identical for all five grandchildren",
            ),
        ),
        outcome=Phrase(
            "tuition will be paid directly and annual gifts go into a single trust for all five "
            "grandchildren",
            "how the family settled on supporting the next generation",
            "single trust for all five grandchildren",
        ),
    ),
    Meeting(
        title="Lake house succession",
        session=_WH,
        stances=(
            Stance(
                "The lake house should go into a family LLC so nobody can ever force a sale.",
                "proposed putting the lake house into a family LLC",
            ),
            Stance(
                "An LLC means operating agreements and annual filings for a cabin we use two "
                "weeks a year.",
                "objected to the paperwork of an LLC for a rarely used cabin",
            ),
            Stance(
                "We should ask Rosalind first whether she even wants a share.",
                "wanted to ask Rosalind before anything was decided",
            ),
        ),
        outcome=Phrase(
            "Marcus will draft an LLC with a right of first refusal among the siblings",
            "the structure the attorney was asked to prepare for the cabin",
            "right of first refusal",
        ),
    ),
    Meeting(
        title="Tranche pause request",
        session=_WH,
        stances=(
            Stance(
                "Markets dropped eight percent this month, so hold the next tranche until things "
                "settle.",
                "wanted to hold back the next tranche after the drop",
            ),
            Stance(
                "The schedule exists precisely so that nobody tries to guess the bottom.",
                "defended sticking to the purchase schedule",
            ),
            Stance(
                "Could we invest half the tranche now and the other half in three weeks?",
                "suggested splitting the tranche in two",
            ),
        ),
        outcome=Phrase(
            "the tranche goes ahead on schedule with no change",
            "what happened to the scheduled purchase",
            "ahead on schedule",
        ),
    ),
    Meeting(
        title="Trustee succession talk",
        session=_WH,
        stances=(
            Stance(
                "Julian is ready to be co-trustee now, while Gordon can still coach him.",
                "argued Julian should become co-trustee right away",
            ),
            Stance(
                "A corporate trustee keeps family arguments out of the distribution decisions.",
                "favoured a corporate trustee to keep family disputes out",
            ),
        ),
        outcome=Phrase(
            "Julian joins as co-trustee with Greywater Trust Company as the independent trustee",
            "the trustee arrangement agreed for the family trusts",
            "co-trustee",
        ),
    ),
    Meeting(
        title="Family foundation idea",
        session=_WH,
        stances=(
            Stance(
                "A private foundation would give the grandchildren a reason to meet every year.",
                "wanted a private foundation to bring the grandchildren together",
            ),
            Stance(
                "A foundation has to pay out five percent and file public returns; a donor-advised "
                "fund does the job quietly.",
                "preferred a donor-advised fund to a foundation's rules",
            ),
            Stance(
                "Start with a donor-advised fund and revisit a foundation in five years.",
                "proposed starting with a donor-advised fund and revisiting later",
            ),
        ),
        outcome=Phrase(
            "the family opens a donor-advised fund named for Celeste's mother",
            "the giving vehicle the family picked and what it is called",
            "named for Celeste's mother",
        ),
    ),
    Meeting(
        title="Insurance trust premium funding",
        session=_WH,
        stances=(
            Stance(
                "Pay the premiums with annual exclusion gifts so the trust never touches "
                "principal.",
                "wanted the premiums funded by annual exclusion gifts",
            ),
            Stance(
                "One large gift now uses the exemption while it is still this high.",
                "argued for a single large gift while the exemption is high",
            ),
        ),
        outcome=Phrase(
            "Gordon and Celeste will make one lump gift of $3 million to the insurance trust this "
            "year",
            "how the policy premiums will be paid for",
            "lump gift of $3 million",
        ),
    ),
    Meeting(
        title="Risk tolerance after the sale",
        session=_WH,
        stances=(
            Stance(
                "Without the business there is no second engine, so the portfolio should be more "
                "conservative than before.",
                "argued for a more conservative portfolio now that the business is gone",
            ),
            Stance(
                "The grandchildren's share has a thirty-year horizon, which justifies keeping 70 "
                "percent "
                "in stocks.",
                "defended a 70 percent equity weight for the long horizon",
            ),
            Stance(
                "Split the money into buckets: a safe one for the two of them and a growth one "
                "for the "
                "heirs.",
                "proposed separate safe and growth buckets",
            ),
        ),
        outcome=Phrase(
            "two buckets: a 40 percent equity pool for Gordon and Celeste and an 80 percent pool "
            "for "
            "the heirs' trusts",
            "the bucket structure and equity weights that were agreed",
            "two buckets",
        ),
    ),
    Meeting(
        title="Family governance charter",
        session=_WH,
        stances=(
            Stance(
                "The family needs a written charter so the grandchildren know the rules before "
                "they "
                "inherit anything.",
                "wanted a written family charter",
            ),
            Stance(
                "A charter sounds corporate; a yearly dinner with the advisor does the same job.",
                "thought an annual dinner would do the job instead",
            ),
        ),
        outcome=Phrase(
            "Helena will facilitate a first charter draft at the autumn family meeting",
            "who leads the first version of the charter and when",
            "first charter draft",
        ),
    ),
    # -- Adeyemi household -------------------------------------------------------------------
    Meeting(
        title="Retirement timing debate",
        session=_AD,
        stances=(
            Stance(
                "Walking away at 56 is worth a somewhat thinner cushion.",
                "argued that leaving work at 56 was worth a thinner cushion",
            ),
            Stance(
                "Two more part-time years would push the plan's success rate over 90 percent.",
                "suggested two more part-time years to lift the success rate",
            ),
        ),
        outcome=Phrase(
            "Folake will drop to three days a week for her final year before stopping",
            "the phased exit agreed for her clinical career",
            "three days a week",
        ),
    ),
    Meeting(
        title="College funding split",
        session=_AD,
        stances=(
            Stance(
                "The 529s should cover in-state public tuition, and anything beyond that is up to "
                "the kids.",
                "wanted the 529s to cover only in-state public tuition",
            ),
            Stance(
                "If Tolu gets into a private university, the family should pay rather than saddle "
                "her with loans.",
                "wanted to pay private tuition so the children avoid loans",
            ),
        ),
        outcome=Phrase(
            "the 529 target is set at full private tuition for four years, funded over ten",
            "the college savings goal that was agreed",
            "full private tuition",
        ),
    ),
    Meeting(
        title="Home downsizing timing",
        session=_AD,
        stances=(
            Stance(
                "Selling the big house before retirement frees up equity for the bridge years.",
                "wanted to sell the house before retiring to fund the bridge",
            ),
            Stance(
                "The kids are still in school, and moving now would upend them.",
                "opposed moving while the children are still in school",
            ),
        ),
        outcome=Phrase(
            "the house stays until Kemi finishes high school",
            "when the family home will be put on the market",
            "Kemi finishes high school",
        ),
    ),
    Meeting(
        title="Sizing the yearly conversions",
        session=_AD,
        stances=(
            Stance(
                "Convert enough each year to fill the 24 percent bracket while income is low.",
                "wanted conversions to fill the 24 percent bracket",
            ),
            Stance(
                "Stay inside the 22 percent bracket so the health insurance subsidy survives.",
                "argued for staying in the 22 percent bracket to keep the insurance subsidy",
            ),
            Stance(
                "Do one bigger conversion only in the year before Medicare starts.",
                "proposed a large conversion only in the year before Medicare",
            ),
        ),
        outcome=Phrase(
            "conversions fill the 22 percent bracket until the subsidy years end, then the 24 "
            "percent "
            "bracket",
            "the conversion ceiling agreed for each phase",
            "22 percent bracket",
        ),
    ),
    Meeting(
        title="Studio buyout terms",
        session=_AD,
        stances=(
            Stance(
                "Take the lump sum; an installment note is a loan to partners who could hit hard "
                "times.",
                "preferred the lump sum to lending money to the partners",
            ),
            Stance(
                "The installment note spreads the gain over five years and keeps the brackets low.",
                "favoured the installment note for spreading the tax",
            ),
        ),
        outcome=Phrase(
            "they accepted a five-year note secured by the studio's receivables",
            "the form of the buyout and what backs it",
            "secured by the studio's receivables",
        ),
    ),
    Meeting(
        title="Care coverage question",
        session=_AD,
        stances=(
            Stance(
                "Hybrid care policies are expensive, but one long nursing-home stay could erase "
                "the "
                "children's inheritance.",
                "worried that a nursing-home stay could wipe out the inheritance",
            ),
            Stance(
                "With this much saved, the household can self-insure and keep the premiums.",
                "preferred to self-insure",
            ),
        ),
        outcome=Phrase(
            "they decline coverage and earmark $600,000 as a care reserve",
            "what the couple decided about insuring future care costs",
            "care reserve",
        ),
    ),
    Meeting(
        title="Emergency fund size",
        session=_AD,
        stances=(
            Stance(
                "Twelve months of expenses in cash is what lets this household sleep at night.",
                "wanted twelve months of expenses held in cash",
            ),
            Stance(
                "Six months is plenty when the bridge account holds four years of bonds.",
                "said six months was enough given the bridge account",
            ),
        ),
        outcome=Phrase(
            "the cash reserve is set at nine months of spending",
            "the size of the household's cash cushion",
            "nine months",
        ),
    ),
    Meeting(
        title="Estate documents refresh",
        session=_AD,
        stances=(
            Stance(
                "The wills still name guardians who have since moved to Lagos, and that has to "
                "change now.",
                "pushed to replace the guardians named in the wills",
            ),
            Stance(
                "While the documents are open, a revocable trust would keep the house out of "
                "probate.",
                "suggested a revocable trust to keep the house out of probate",
            ),
        ),
        outcome=Phrase(
            "Marcus will redraft the wills with new guardians and add a revocable trust",
            "the changes ordered to the family's estate documents",
            "new guardians",
        ),
    ),
    # -- Ferreira household ------------------------------------------------------------------
    Meeting(
        title="Sales grid pace",
        session=_FE,
        stances=(
            Stance(
                "Sell a quarter of the position in the first year and be done with the worst of "
                "the risk.",
                "wanted a quarter of the position sold in year one",
            ),
            Stance(
                "Selling that much in one tax year puts the whole gain in the top bracket plus the "
                "investment income surtax.",
                "warned that heavy first-year sales would maximise the tax bill",
            ),
            Stance(
                "Spread it over three tax years and pair the sales with charitable gifts.",
                "proposed three tax years of sales paired with gifts",
            ),
        ),
        outcome=Phrase(
            "the grid sells 6 percent a quarter over three tax years",
            "the pace of the scheduled share sales",
            "6 percent a quarter",
        ),
    ),
    Meeting(
        title="Timing of option exercises",
        session=_FE,
        stances=(
            Stance(
                "Exercise the ISOs in January so the one-year holding clock starts as early as "
                "possible.",
                "wanted the options exercised in January",
            ),
            Stance(
                "Exercising early piles up AMT if the stock drops afterwards, and it has done "
                "that before.",
                "warned about AMT exposure if the shares fell after exercise",
            ),
        ),
        outcome=Phrase(
            "each year only as many ISOs are exercised as fit under the AMT crossover point",
            "the yearly limit placed on option exercises",
            "AMT crossover",
        ),
    ),
    Meeting(
        title="Collar versus holding",
        session=_FE,
        stances=(
            Stance(
                "A zero-cost collar protects the locked-up shares with a 15 percent floor.",
                "wanted a zero-cost collar with a 15 percent floor",
            ),
            Stance(
                "The collar caps the upside right before a possible drug approval, which is a lot "
                "to "
                "give away.",
                "objected that the collar would cap the upside before an approval",
            ),
            Stance(
                "Collar half of the locked-up shares and leave the rest open.",
                "proposed hedging only half",
            ),
        ),
        outcome=Phrase(
            "half of the locked-up shares get a collar with a 15 percent floor",
            "how much of the restricted position was hedged",
            "half of the locked-up shares",
        ),
    ),
    Meeting(
        title="University pledge funding",
        session=_FE,
        stances=(
            Stance(
                "Give Corvina shares instead of cash so the gain is never taxed.",
                "suggested donating shares rather than cash",
            ),
            Stance(
                "Gifting insider shares needs general counsel's sign-off and has to respect the "
                "trading windows.",
                "noted that insider gifts need the company lawyer's approval",
            ),
        ),
        outcome=Phrase(
            "the pledge is paid in Corvina shares during open windows over two years",
            "how the university gift will be paid",
            "open windows",
        ),
    ),
    Meeting(
        title="Estimated tax method",
        session=_FE,
        stances=(
            Stance(
                "Pay the estimates on the safe harbor of 110 percent of last year's tax.",
                "favoured the 110 percent safe harbor",
            ),
            Stance(
                "The annualised method tracks lumpy sale income better and frees up cash early in "
                "the year.",
                "preferred the annualised method for uneven income",
            ),
        ),
        outcome=Phrase(
            "Declan will use the annualised income method this year",
            "which method governs this year's quarterly payments",
            "annualised income method",
        ),
    ),
    Meeting(
        title="Financing the new house",
        session=_FE,
        stances=(
            Stance(
                "Pay cash for the Carmel house; it is clean and fast.",
                "wanted to pay cash for the Carmel house",
            ),
            Stance(
                "A securities-backed credit line avoids selling stock at a taxable gain to buy a "
                "house.",
                "suggested borrowing against the portfolio instead of selling",
            ),
            Stance(
                "A fixed-rate mortgage keeps the portfolio intact, and some of the interest may be "
                "deductible.",
                "argued for a fixed-rate mortgage",
            ),
        ),
        outcome=Phrase(
            "she will take a thirty-year fixed mortgage for 60 percent of the price",
            "how the house purchase will be financed",
            "thirty-year fixed mortgage",
        ),
    ),
    Meeting(
        title="Post-lockup selling",
        session=_FE,
        stances=(
            Stance(
                "The moment the lockup ends, sell enough to cover the tax bill on the founder "
                "shares.",
                "wanted to sell right after the lockup to cover taxes",
            ),
            Stance(
                "Everyone sells on lockup day, so wait two weeks for the price to recover.",
                "advised waiting two weeks after the lockup",
            ),
        ),
        outcome=Phrase(
            "a limit order sits for ten trading days after the lockup, then the grid resumes",
            "the approach to selling once the lockup expires",
            "ten trading days",
        ),
    ),
    Meeting(
        title="Trust for the nieces",
        session=_FE,
        stances=(
            Stance(
                "A gift to the nieces' trust now, while Corvina is down, uses far less exemption.",
                "suggested gifting to the nieces' trust while the stock is down",
            ),
            Stance(
                "Gifted shares carry over the near-zero founder basis, so the nieces would face "
                "the "
                "whole gain.",
                "warned that the nieces would inherit the low basis",
            ),
        ),
        outcome=Phrase(
            "she gifts cash now and leaves Corvina shares to the nieces at death for the basis "
            "step-up",
            "what form the gift to the nieces will take",
            "basis step-up",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# Filler topics (routine hay: no facts worth a question)
# ---------------------------------------------------------------------------------------------

FILLERS = (
    FillerTopic(
        "Inbox triage",
        (
            "Cleared the overnight inbox down to {n} items that genuinely need {principal}'s eyes.",
            "Most of this morning's email was custodian notices, which I filed under their "
            "households.",
            "{person} forwarded a thread that turned out to duplicate one answered yesterday.",
            "I archived {n} vendor newsletters without reading past the subject line.",
            "Two client emails only needed an acknowledgement, so I drafted short replies for "
            "{principal} to send.",
            "None of the morning mail touched a trade, a transfer or a deadline.",
            "A calendar invite arrived with no agenda attached; I asked {person} what it was for.",
            "Flagged {n} messages as waiting on someone else and moved them out of the main view.",
            "The spam filter caught another round of fake invoice emails, which went to IT.",
            "By lunch the inbox was back to a state where nothing urgent could hide.",
            "Sorting the unread pile by household instead of by sender made the replies quicker.",
        ),
    ),
    FillerTopic(
        "Calendar upkeep",
        (
            "Moved {n} internal check-ins so they stop colliding with client review slots.",
            "{principal}'s Thursday afternoon was double-booked again; the client call stayed and "
            "{person} got a new time.",
            "Travel buffers now sit around both off-site meetings next week.",
            "Recurring holds for quarterly reviews run through the end of next quarter.",
            "I declined a webinar invitation on {principal}'s behalf because it overlapped a "
            "family "
            "meeting.",
            "A stale holiday entry was still on the shared calendar, so I removed it.",
            "There is now a quiet hour on Friday for {principal} to read committee material.",
            "A Wednesday gap after lunch gave {person} the fifteen minutes they wanted.",
            "Every invite for next week has a dial-in and a named agenda owner.",
            "Client meetings are colour-coded apart from internal ones, so the week reads at a "
            "glance.",
        ),
    ),
    FillerTopic(
        "Pre-market check",
        (
            "Pulled the usual pre-market snapshot for {principal}: futures, the dollar and the "
            "ten-year.",
            "The overnight session moved nothing enough to justify a client note.",
            "@market-data-agent returned the morning prices without a single gap.",
            "Of {n} research notes skimmed, only the one on bond supply went to {principal}.",
            "The opening bell came and went quietly on light volume.",
            "I refreshed the watchlist of model funds and saw no unusual spreads.",
            "European markets closed mixed, which made for a dull start here.",
            "A headline on rate expectations caught {person}'s eye, so I sent back a short "
            "summary.",
            "Yesterday's closing prices had posted to every household before the drift scan ran.",
            "A slow morning in markets let me get ahead on review packets.",
        ),
    ),
    FillerTopic(
        "Custodian notices",
        (
            "Worked through a batch of {thing} from Northfield and matched each to its household.",
            "{n} of today's {thing} needed no action beyond filing.",
            "Today's {thing} are logged in the tracker with nothing left open.",
            "{person} asked whether any {thing} required a client signature; none did.",
            "The custodian portal was slow, so downloading the {thing} took twice as long as "
            "usual.",
            "I grouped the {thing} by account type so {principal} could skim them faster.",
            "Half of the {thing} were the routine reminders that repeat every quarter.",
            "Routine proxy items were voted under the firm's standing policy and the "
            "confirmations filed.",
            "A few {thing} referred to closed accounts, so they went back to Gideon's team.",
            "The queue of {thing} was clear by mid-morning.",
        ),
        things=(
            "corporate action notices",
            "dividend postings",
            "proxy ballots",
            "margin notices",
            "address confirmation letters",
        ),
    ),
    FillerTopic(
        "Client database housekeeping",
        (
            "Merged {n} duplicate contact cards that had crept in from email imports.",
            "Phone numbers for three households changed after their data-verification forms came "
            "back.",
            "Every meeting note from this week now carries its household and topic tags.",
            "Fixing a trust name {person} spotted misspelled in the CRM took a minute.",
            "Closing out completed tasks left the open list showing only real work.",
            "The weekly report of contacts with no activity in six months went to {principal}.",
            "Several notes had been saved under the wrong household, and I moved them.",
            "Search in the CRM was indexing slowly, so I rebuilt my saved views.",
            "Missing birthdays got filled in from the onboarding forms for a handful of clients.",
            "It was tidying in the CRM today and nothing structural.",
        ),
    ),
    FillerTopic(
        "Review packet assembly",
        (
            "Assembled {thing} for {n} upcoming reviews and left them in the shared folder.",
            "{person} wanted the {thing} printed in colour, so I changed the print settings.",
            "Checking the {thing} against last quarter's layout showed nothing had shifted.",
            "A broken footer in the {thing} template got fixed before anything went out.",
            "I proofread the {thing} page by page for household names in the wrong place.",
            "Half of the prep time went into making the {thing} fit on single pages.",
            "The {thing} are saved as PDFs with the household code in each filename.",
            "{principal} asked for lighter {thing} this quarter, so the appendix got trimmed.",
            "Reordering the packet put the plan summary ahead of any returns.",
            "No surprises turned up in the numbers while this round came together.",
        ),
        things=(
            "performance summaries",
            "allocation charts",
            "fee statements",
            "agenda pages",
            "planning snapshots",
        ),
    ),
    FillerTopic(
        "Position reconciliation",
        (
            "Custodian positions tied out against our portfolio system for {n} households.",
            "A small cash difference on one account turned out to be a pending dividend.",
            "Month-end market values matched the custodian's totals without a break.",
            "{person} sent over the reconciliation exceptions; every one was a timing difference.",
            "Fractional shares from reinvested dividends caused the usual rounding noise.",
            "Accounts with pending transfers are noted so they do not look like breaks tomorrow.",
            "For the second day running the reconciliation was clean.",
            "Part of the afternoon went to chasing a position renamed after a fund merger.",
            "Every account in the trust group reconciled with zero exceptions.",
            "Overnight exceptions were cleared before {principal} logged on.",
        ),
    ),
    FillerTopic(
        "Compliance archiving",
        (
            "This week's client emails went to the compliance vault as usual.",
            "{n} text messages from the firm's business line were captured and filed.",
            "Each meeting note from the week carries the required disclosure tag.",
            "{person} needed a copy of a signed advisory agreement, which I pulled from the "
            "archive.",
            "The archive vendor's nightly job ran without errors.",
            "Signed privacy notices that came back by mail are now filed.",
            "{principal}'s monthly attestation of no gifts received is logged.",
            "A stray scanned form moved into the correct household folder in the vault.",
            "The weekly supervision sample went into Ingrid's queue.",
            "Today's archive sweep raised nothing for escalation.",
        ),
    ),
    FillerTopic(
        "Trade blotter review",
        (
            "Executed trades matched the approved orders line for line.",
            "{n} small trades were cash raises for scheduled withdrawals.",
            "Every block allocation landed in the right accounts.",
            "The partial fill {person} queried completed after the close.",
            "The blotter was mostly dividend reinvestments and a few rebalances.",
            "I checked the settlement calendar so no cash leaves before trades settle.",
            "One trade placed near the close was confirmed as intentional.",
            "Commissions on the day's trades were all zero, as expected.",
            "Trade confirmations reached clients by the end of the day.",
            "No order on the blotter touched a restricted list.",
        ),
    ),
    FillerTopic(
        "Billing preparation",
        (
            "Quarter-end values that feed the fee calculation are saved as a snapshot.",
            "I spot-checked {n} fee calculations by hand against the billing system.",
            "{person} asked why one household's fee moved; it simply tracked asset growth.",
            "Accounts that pay fees from an outside account are sorted into their own list.",
            "Billing notes changed for two households whose fee-paying account moved.",
            "The billing preview looked in line with last quarter, with no outliers.",
            "I drafted the cover note that goes with invoices to trust accounts.",
            "New households were prorated correctly for their partial first quarter.",
            "One billing address needed a second look, so I flagged it.",
            "Billing prep wrapped up before noon, leaving the run for tomorrow.",
        ),
    ),
    FillerTopic(
        "Document filing",
        (
            "Scanned and filed {n} {thing} from the morning mail.",
            "The scanned {thing} now start with the household code in their names.",
            "{person} dropped off a folder of {thing}, which I sorted by household.",
            "Some {thing} had pages out of order; they were fixed before filing.",
            "The shared-drive folder for {thing} had grown messy, so I reorganised it.",
            "Everything filed as {thing} this week also appears in the CRM.",
            "A blurry scan of {thing} had to be redone on the better scanner.",
            "Filing {thing} took most of an hour but emptied the tray.",
            "Paper copies of {thing} went to the shredder once the scans were verified.",
            "All of today's {thing} went straight into the vault.",
        ),
        things=(
            "beneficiary confirmations",
            "signed account forms",
            "trust certifications",
            "tax documents",
            "insurance declarations",
        ),
    ),
    FillerTopic(
        "Research reading",
        (
            "Read the custodian's weekly market commentary and saved two charts for {principal}.",
            "{person} shared a paper on withdrawal strategies, which I boiled down to five "
            "bullets.",
            "The Fed minutes got a skim for anything clients might ask about.",
            "A fund manager's quarterly letter went into the manager notes.",
            "Most of the research feed repeated last week's themes.",
            "A long article on estate tax proposals is saved for a quieter day.",
            "{principal}'s reading list for the quieter days came together from {n} pieces.",
            "A vendor white paper turned out to be mostly marketing, so I archived it.",
            "Our custodian's bond outlook was sensible and mercifully short.",
            "Nothing read today changes anything in the models.",
        ),
    ),
    FillerTopic(
        "Client newsletter",
        (
            "Drafted the opening paragraph of the quarterly client letter in plain language.",
            "{person} suggested a friendlier headline, and I took it.",
            "Cutting the letter by a third brought the reading time under three minutes.",
            "The draft went to compliance for the usual pre-review.",
            "A chart that needed a footnote was swapped for one that did not.",
            "{principal} wanted a paragraph on staying the course, so I wrote a short one.",
            "Every figure in the draft was checked against its source.",
            "The layout broke on phones, so the columns got simpler.",
            "The mailing list came from the CRM, minus households that opted out.",
            "Another pass tightened the tone without changing the message.",
        ),
    ),
    FillerTopic(
        "Client milestones",
        (
            "Sent {principal} the client birthdays coming up over the next two weeks.",
            "Drafted {n} cards for {principal} to sign.",
            "{person} reminded me about a client's retirement party, now on the calendar.",
            "A new grandchild went into one household's family tree in the CRM.",
            "Next month's anniversary reminders are complete.",
            "Condolence flowers went out through the approved florist after a client's loss.",
            "A child's college acceptance, shared by email, is now in the household notes.",
            "One client mentioned a move to a new city, which opened an address-change task.",
            "I noted which clients prefer a call to a card on their birthday.",
            "Only a single card was due from the milestone list.",
        ),
    ),
    FillerTopic(
        "Portal help requests",
        (
            "Handled {n} {thing} from clients this morning.",
            "{person} passed along two {thing}, and the standard guide answered both.",
            "Most {thing} this week came from clients on older devices.",
            "The help article on {thing} now has clearer screenshots.",
            "Today's {thing} are logged in the support tracker and closed.",
            "One client's trouble with {thing} turned out to be a browser cache problem.",
            "I walked one client through {thing} on a short call.",
            "The volume of {thing} has tapered off since the last update.",
            "One of the {thing} went to the vendor because it looked like a real bug.",
            "No {thing} were left open at close of business.",
        ),
        things=(
            "password resets",
            "document download issues",
            "two-factor setup questions",
            "display problems on tablets",
            "statement access requests",
        ),
    ),
    FillerTopic(
        "Access housekeeping",
        (
            "Service passwords due this month were rotated per the IT checklist.",
            "{person} needed access to a shared folder, so I raised a ticket for it.",
            "A departed intern's access came off the last two systems that still had it.",
            "Everyone on the team still has two-factor enabled on the custodian portal.",
            "The list of people with access to the client vault held no surprises.",
            "The firm's research portal seat was renewed.",
            "The quarterly access review went to Ingrid with no exceptions.",
            "A locked planning-software account was reset within the hour.",
            "I updated the office emergency contact list.",
            "The access log showed nothing out of the ordinary.",
        ),
    ),
    FillerTopic(
        "Meeting notes clean-up",
        (
            "Turned {principal}'s rough notes from {n} meetings into tidy summaries.",
            "Yesterday's action items went to {person} as a short list at their request.",
            "Names and dates replaced the places where the notes just said 'they' and 'next week'.",
            "Each summary is attached to its household record in the CRM.",
            "Some notes had figures without units, so I checked them against the source documents.",
            "Follow-up tasks went out with owners and due dates.",
            "Two sets of notes from the same meeting are now merged into one.",
            "The summaries are short enough now that {principal} reads them on her phone.",
            "One note left a client's wish unclear, so I flagged it for {principal} to confirm.",
            "The week's notes are filed and linked.",
        ),
    ),
    FillerTopic(
        "Prospect follow-up",
        (
            "A thank-you note went to a prospect referred by an existing client.",
            "According to {person}, one prospect is still gathering statements.",
            "I put together the standard introduction packet for a new prospect.",
            "{n} prospect calls are now logged in the pipeline view.",
            "A prospect asked for our Form CRS and had it the same day.",
            "A referral from an estate attorney now has a discovery meeting on the calendar.",
            "One prospect came off the pipeline after choosing another firm.",
            "The referral log is current, so the referring clients can be thanked.",
            "A prospect's questionnaire came back incomplete, and I asked for the missing pages.",
            "The pipeline review with {principal} was short, with nothing new to decide.",
        ),
    ),
    FillerTopic(
        "Beneficiary spot checks",
        (
            "Compared beneficiary designations on {n} accounts with the households' estate notes.",
            "{person} confirmed that a designation which looked outdated is in fact current.",
            "Accounts still lacking a contingent beneficiary are logged.",
            "Trust-named beneficiaries match each trust's exact legal title.",
            "I requested fresh confirmations for a few accounts from the custodian.",
            "One retirement account listed the estate as beneficiary, flagged for the next review.",
            "Most designations checked today were in order.",
            "A reminder now fires to revisit designations after any marriage or divorce.",
            "The spot check produced nothing that needs a client call this week.",
            "Designation confirmations are filed with each account's paperwork.",
        ),
    ),
    FillerTopic(
        "Money movement queue",
        (
            "Staged {n} routine distributions for Rafael to release.",
            "When {person} checked on a monthly transfer, I confirmed it left on schedule.",
            "Standing instructions were checked against each client's letter of authorisation.",
            "The outgoing queue was two recurring transfers and a fee payment.",
            "Every transfer had its call-back logged before it moved.",
            "One request arrived after the cutoff, so it moved to tomorrow.",
            "Incoming payroll deposits posted normally.",
            "Incoming checks were matched to their accounts and the images sent to the vault.",
            "The queue was empty by mid-afternoon.",
            "The transfer log now shows each approval for compliance.",
        ),
    ),
    FillerTopic(
        "Tax season chores",
        (
            "Downloaded {n} {thing} and sent them to the clients' CPAs.",
            "{person} asked when the {thing} would be ready, and I gave the custodian's published "
            "date.",
            "Households still waiting on {thing} are logged.",
            "I checked the {thing} for obvious errors before forwarding them.",
            "A few {thing} arrived late, as they do every year.",
            "The {thing} are sorted into each household's tax folder.",
            "Clients who have not shared their {thing} with us got a reminder.",
            "The tracker for {thing} is now mostly green.",
            "{principal} has a short status note on {thing} across the book.",
            "No new {thing} arrived today.",
        ),
        things=(
            "1099 composites",
            "K-1 packages",
            "corrected 1099s",
            "cost basis reports",
            "charitable receipts",
        ),
    ),
    FillerTopic(
        "Drift scan",
        (
            "The morning drift scan showed no household across its band.",
            "{n} accounts showed small drift that the next deposit will fix.",
            "{person} asked about an account flagged yesterday; today's prices brought it back in "
            "line.",
            "The drift report flagged only cash-heavy accounts waiting on planned withdrawals.",
            "The scan ran in its usual few minutes with no data gaps.",
            "New accounts were mapped to their models before the scan started.",
            "After a flat week, drift was muted across the book.",
            "Alerts are suppressed for an account in the middle of a transfer.",
            "The drift summary is saved to the committee folder.",
            "No trade came out of the scan.",
        ),
    ),
    FillerTopic(
        "Vendor correspondence",
        (
            "Replied to {n} vendor emails about renewal meetings, none of them urgent.",
            "{person} forwarded a sales pitch for a planning tool, which I filed for later.",
            "The e-signature vendor sent its routine service update.",
            "A vendor invoice matched the contract rate before it went to Oliver.",
            "I politely declined a demo request on {principal}'s behalf.",
            "A vendor asked for a reference, and the request went to {principal}.",
            "The vendor list has a new account manager's details.",
            "Two vendors sent holiday schedules, now posted on the team calendar.",
            "A vendor's security questionnaire is on file with compliance.",
            "The vendor queue is clear for the week.",
        ),
    ),
    FillerTopic(
        "Team stand-up",
        (
            "Morning stand-up took ten minutes, and everyone's work was on track.",
            "{person} mentioned a busy week of transfers, so I offered to prep their forms.",
            "I gave the stand-up a quick run-down of the client meetings on the calendar.",
            "Nobody raised a blocker at the huddle.",
            "{principal} missed stand-up for a client call, so I took notes for her.",
            "The huddle was spent on who covers the phones over the holiday.",
            "Stand-up moves fifteen minutes later on Mondays from now on.",
            "Stand-up notes were in the team channel within the hour.",
            "{n} people dialled in remotely, and the audio held up.",
            "Stand-up ended early, which gave everyone a head start.",
        ),
    ),
    FillerTopic(
        "Continuing education",
        (
            "Logged {principal}'s completed webinar in the CE tracker.",
            "For {person}, I listed which courses count toward ethics credit.",
            "{n} upcoming CE sessions fit {principal}'s calendar.",
            "The completion certificate is filed with the license records.",
            "Everyone on the team is on pace for the reporting period.",
            "{principal} is registered for a free tax webinar next month.",
            "A recorded session got a summary so {principal} can decide whether to watch it.",
            "The credit hours on one course matched the board's approval list.",
            "Reminder emails about expiring credits went out to the team.",
            "This month carries no CE deadlines.",
        ),
    ),
    FillerTopic(
        "Office logistics",
        (
            "Ordered more of the heavy envelopes used for trust documents.",
            "{person} reported the conference room screen flickering, so facilities has a ticket.",
            "The courier pickup moves later in the afternoon starting this week.",
            "The client lounge coffee order is restocked.",
            "Name cards for the next boardroom meeting are printed.",
            "The office closes early before the holiday, and the notice is posted.",
            "The cleaners are booked for a deep clean of the meeting rooms.",
            "{n} boxes of old brochures went to recycling.",
            "The visitor sign-in tablet was charged and working.",
            "The office itself needed nothing today.",
        ),
    ),
    FillerTopic(
        "Data quality checks",
        (
            "The weekly data quality report on household records turned up {n} minor gaps.",
            "{person} fixed the missing tax IDs flagged yesterday.",
            "The client list in the CRM lined up with the custodian's account list.",
            "A few accounts were missing model assignments, which I filled in.",
            "Every household has a primary advisor recorded.",
            "Birth dates on two records disagreed with the custodian, so I asked for "
            "documentation.",
            "The data checks came back cleaner than last month's.",
            "Trailing spaces in account titles were breaking a report until I cleaned them up.",
            "Closed accounts are flagged closed in every system.",
            "Each data issue today took only a quick fix.",
        ),
    ),
    FillerTopic(
        "Report formatting",
        (
            "The performance report's chart colours now print clearly in greyscale.",
            "{person} now has the landscape version of the holdings report they wanted.",
            "Decimal places line up across every table in the quarterly pack.",
            "Fonts in the report template had drifted, so I reset them.",
            "A one-page version of the summary now exists for clients who like brevity.",
            "Disclosures moved to the last page, where compliance wants them.",
            "{principal} prefers bar charts to pie charts, so {n} of them were switched.",
            "Page numbers in a long trust report were checked end to end.",
            "A blurry logo in the report header was replaced.",
            "The formatting work was cosmetic; no numbers changed.",
        ),
    ),
    FillerTopic(
        "Fund documents",
        (
            "Filed {n} {thing} for funds held in the models.",
            "{person} asked whether any {thing} affected our holdings; none did materially.",
            "I read the {thing} for anything touching fees or strategy.",
            "This week's {thing} were routine.",
            "The {thing} are in the committee folder with a one-line note each.",
            "The fund due-diligence log now includes the latest {thing}.",
            "Sorting the {thing} by model makes them easier for the analysts to find.",
            "No {thing} this week call for committee time.",
            "A few {thing} repeated last year's wording word for word.",
            "{principal} received a short digest of the {thing}.",
        ),
        things=(
            "prospectus supplements",
            "annual fund reports",
            "fee change notices",
            "shareholder letters",
            "index methodology updates",
        ),
    ),
    FillerTopic(
        "Insurance reviews",
        (
            "Gathered in-force illustrations for {n} policies ahead of reviews.",
            "{person} asked whether a term policy was near its conversion window, so I checked "
            "the dates.",
            "Premium due dates for the coming quarter are logged.",
            "Saoirse sent a routine note about a carrier's ratings, which I filed.",
            "Policy owners and beneficiaries match the clients' estate notes.",
            "Annual statements for policies held outside the firm are requested.",
            "This week's insurance reviews were routine.",
            "A policy's riders went to {principal} in a short table.",
            "The policy inventory carries the latest cash values.",
            "No insurance item needed a client conversation.",
        ),
    ),
    FillerTopic(
        "Charitable receipts",
        (
            "Filed gift receipts from {n} charities into household tax folders.",
            "The gift acknowledgement {person} was chasing had already arrived.",
            "Each receipt is matched to the transfer that funded it.",
            "A charity that had not yet acknowledged a gift got a reminder.",
            "Year-to-date giving totals are logged for each household.",
            "Receipts this week were all for small recurring gifts.",
            "I noted which charities only send receipts by mail.",
            "Donor-advised fund statements posted and agreed with our records.",
            "Clients' CPAs who asked for copies of receipts have them.",
            "Charitable paperwork needs nothing from {principal} today.",
        ),
    ),
    FillerTopic(
        "Workflow templates",
        (
            "The onboarding checklist now puts the privacy notice before the account forms.",
            "{person} suggested an extra step in the transfer workflow, which I added.",
            "The review workflow no longer creates duplicate tasks.",
            "Renamed {n} templates so they sort sensibly in the menu.",
            "The annual review task now has a default due date.",
            "A dummy household ran through the new-account workflow end to end.",
            "An old template nobody had used in a year is gone.",
            "The workflow change is documented in the team wiki.",
            "The workflow library is grouped by client life event.",
            "No template change reached clients today.",
        ),
    ),
    FillerTopic(
        "Quiet-hour catch-up",
        (
            "A lull between calls went to preparing tomorrow's agenda.",
            "A client emailed about a statement late, and a reply is queued for the morning.",
            "The quiet hour went to tidying the shared drive.",
            "The afternoon brought no market news worth a note.",
            "Upcoming review packets got pre-built while everything else was still.",
            "{principal} sent one question from her phone, answered with a link.",
            "Filing that piled up during the week is caught up.",
            "The overnight custodian files held nothing unusual.",
            "A short look-ahead note is drafted for {principal} to read first thing.",
            "Only newsletters reached the inbox after lunch.",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# Negative probes (never discussed anywhere)
# ---------------------------------------------------------------------------------------------

NEGATIVES = (
    NegativeProbe(
        "viatical settlement", "Did we ever recommend a viatical settlement to a client?"
    ),
    NegativeProbe(
        "Opportunity Zone fund",
        "Did any household roll capital gains into an Opportunity Zone fund?",
    ),
    NegativeProbe(
        "Bitcoin", "Did the investment committee ever consider adding Bitcoin to the models?"
    ),
    NegativeProbe(
        "Delaware statutory trust",
        "Did we ever use a Delaware statutory trust for a client's property exchange?",
    ),
    NegativeProbe(
        "charitable gift annuity",
        "Did any client set up a charitable gift annuity through us?",
    ),
    NegativeProbe(
        "Section 1202",
        "Did we ever analyse a Section 1202 exclusion on a founder's shares?",
    ),
    NegativeProbe(
        "intentionally defective grantor trust",
        "Did Marcus ever draft an intentionally defective grantor trust for one of our clients?",
    ),
    NegativeProbe(
        "private placement life insurance",
        "Did Saoirse ever quote private placement life insurance for anyone?",
    ),
    NegativeProbe(
        "covered call overlay",
        "Did the committee ever run a covered call overlay on any model?",
    ),
    NegativeProbe("managed futures", "Did we ever add managed futures to a client portfolio?"),
    NegativeProbe("farmland", "Was a farmland allocation ever proposed to the committee?"),
    NegativeProbe("reverse mortgage", "Did any client ask us about a reverse mortgage?"),
    NegativeProbe("ABLE account", "Did we open an ABLE account for any household?"),
    NegativeProbe("pet trust", "Did any client's estate plan include a pet trust?"),
    NegativeProbe("Act 60", "Did any client look into Puerto Rico's Act 60 incentives?"),
    NegativeProbe("Swiss franc", "Did we ever hedge a client's exposure to the Swiss franc?"),
    NegativeProbe("gold bullion", "Did any household hold gold bullion through the firm?"),
    NegativeProbe("timberland", "Did the committee ever look at a timberland investment?"),
    NegativeProbe("catastrophe bonds", "Were catastrophe bonds ever discussed for the models?"),
    NegativeProbe("variable annuity", "Did we ever recommend a variable annuity to a client?"),
    NegativeProbe("SPAC", "Did any client invest in a SPAC with our help?"),
    NegativeProbe("leveraged ETF", "Did any model or client account ever hold a leveraged ETF?"),
    NegativeProbe("HELOC", "Did any household draw on a HELOC that we tracked?"),
    NegativeProbe("Monaco", "Did any client consider moving their residence to Monaco?"),
    NegativeProbe(
        "Cayman feeder fund",
        "Did Mei-Lin ever evaluate a Cayman feeder fund for the alternatives sleeve?",
    ),
    NegativeProbe(
        "conservation easement",
        "Did any client donate a conservation easement for a deduction?",
    ),
    NegativeProbe(
        "family limited partnership",
        "Did Marcus ever set up a family limited partnership for one of our households?",
    ),
    NegativeProbe(
        "spousal lifetime access trust",
        "Did any married couple we advise create a spousal lifetime access trust?",
    ),
    NegativeProbe(
        "qualified personal residence trust",
        "Did any client move a home into a qualified personal residence trust?",
    ),
    NegativeProbe(
        "Series I savings bonds",
        "Did we ever buy Series I savings bonds for a household?",
    ),
    NegativeProbe("peer-to-peer lending", "Did any client put money into peer-to-peer lending?"),
    NegativeProbe("whole life policy", "Did Saoirse ever recommend a whole life policy?"),
    NegativeProbe("non-fungible tokens", "Did any client ask us about buying non-fungible tokens?"),
    NegativeProbe("tontine", "Did anyone ever propose a tontine arrangement for a family?"),
    NegativeProbe(
        "Lloyd's syndicate",
        "Did any client invest in a Lloyd's syndicate through the firm?",
    ),
    NegativeProbe("wine fund", "Did Mei-Lin ever evaluate a wine fund?"),
    NegativeProbe("RRSP", "Did we ever handle a Canadian RRSP for any client?"),
    NegativeProbe("sports franchise", "Did any client buy a stake in a sports franchise?"),
    NegativeProbe(
        "Dutch auction tender",
        "Did any client holding company stock take part in a Dutch auction tender?",
    ),
    NegativeProbe(
        "Medicaid annuity", "Did we ever set up a Medicaid annuity for an elderly client?"
    ),
    NegativeProbe("stretch IRA", "Did we plan around a stretch IRA for any heir?"),
    NegativeProbe("pooled income fund", "Did any client give to a pooled income fund?"),
    NegativeProbe(
        "in-plan Roth rollover",
        "Did any client do an in-plan Roth rollover inside a workplace plan?",
    ),
    NegativeProbe("Ethereum staking", "Did anyone ask about Ethereum staking?"),
    NegativeProbe("litigation finance", "Was litigation finance ever pitched to the committee?"),
    NegativeProbe("music royalties", "Did any household buy music royalties as an investment?"),
    NegativeProbe("cannabis REIT", "Did the committee ever screen a cannabis REIT?"),
    NegativeProbe("Malta pension", "Did any client ask about a Malta pension scheme?"),
    NegativeProbe("ESOP", "Did we ever model an ESOP sale for a business-owner client?"),
    NegativeProbe("130/30 fund", "Did the committee ever consider a 130/30 fund for the models?"),
    NegativeProbe("life settlement", "Did any client sell a policy in a life settlement?"),
    NegativeProbe("unit investment trust", "Did any account ever hold a unit investment trust?"),
    NegativeProbe("Medicare Advantage", "Did we compare Medicare Advantage plans for any client?"),
)

# ---------------------------------------------------------------------------------------------
# Links (one detail shared by two unrelated arcs)
# ---------------------------------------------------------------------------------------------

LINKS = (
    Link(
        value="the ops-transfers shared mailbox",
        log_a="Messages about {arc} kept landing in the ops-transfers shared mailbox, where nobody "
        "watches on Fridays.",
        log_b="I rescued a stuck reply about {arc} from the ops-transfers shared mailbox.",
        question="Which two pieces of work both had messages stranded in the same shared "
        "operations "
        "inbox?",
    ),
    Link(
        value="the Thursday 8:30 operations huddle",
        log_a="I raised {arc} at the Thursday 8:30 operations huddle and had an answer the same "
        "day.",
        log_b="The open item on {arc} went onto the agenda for the Thursday 8:30 operations "
        "huddle.",
        question="Which two pieces of work were both taken to the same standing weekly operations "
        "meeting?",
    ),
    Link(
        value="the retired e-signature template ESIG-14",
        log_a="The sign-off form for {arc} bounced because it went out on the retired e-signature "
        "template ESIG-14.",
        log_b="It turned out the approval paperwork for {arc} had been sent on the retired "
        "e-signature template ESIG-14, so it had to be redone.",
        question="Which two efforts were tripped up by the same outdated electronic signature "
        "template?",
    ),
    Link(
        value="the tracker tab named OLD-DO-NOT-USE",
        log_a="Someone had been logging progress on {arc} in the tracker tab named OLD-DO-NOT-USE, "
        "so I moved the entries back.",
        log_b="Half the status notes for {arc} turned up in the tracker tab named OLD-DO-NOT-USE.",
        question="Which two pieces of work had status notes misfiled in the same abandoned "
        "spreadsheet tab?",
    ),
    Link(
        value="the bridge line 4471 that drops calls at 55 minutes",
        log_a="The review call on {arc} cut off mid-sentence on the bridge line 4471 that drops "
        "calls "
        "at 55 minutes.",
        log_b="We lost the last five minutes of the {arc} discussion to the bridge line 4471 that "
        "drops calls at 55 minutes.",
        question="Which two discussions were cut short by the same faulty conference line?",
    ),
    Link(
        value="the draft watermark left on the firm letterhead template",
        log_a="The summary memo for {arc} went out with the draft watermark left on the firm "
        "letterhead template.",
        log_b="I reissued the write-up for {arc} because it carried the draft watermark left on "
        "the "
        "firm letterhead template.",
        question="Which two write-ups went out marred by the same leftover mark on the firm's "
        "stationery template?",
    ),
    Link(
        value="Amara's temporary admin account",
        log_a="Changes for {arc} were made under Amara's temporary admin account, which compliance "
        "later asked about.",
        log_b="The audit trail for {arc} shows edits from Amara's temporary admin account.",
        question="Which two pieces of work were both edited through the same stopgap administrator "
        "login?",
    ),
    Link(
        value="the Calloway Pricing overnight file",
        log_a="Figures quoted in {arc} came from the Calloway Pricing overnight file, which "
        "arrived "
        "late that week.",
        log_b="The numbers in the {arc} write-up were pulled from the Calloway Pricing overnight "
        "file.",
        question="Which two efforts drew their figures from the same overnight vendor pricing "
        "file?",
    ),
    Link(
        value="the 15th-floor printer that jams on duplex jobs",
        log_a="The printed pack for {arc} came out scrambled from the 15th-floor printer that jams "
        "on "
        "duplex jobs.",
        log_b="I reprinted the handouts for {arc} after the 15th-floor printer that jams on duplex "
        "jobs chewed the first set.",
        question="Which two pieces of work lost printed material to the same unreliable office "
        "printer?",
    ),
)

# ---------------------------------------------------------------------------------------------
# Leaves (quiet periods)
# ---------------------------------------------------------------------------------------------

LEAVES = (
    Leave(
        kind="vacation",
        places=("Amalfi", "Kyoto", "Banff", "Nags Head", "Lisbon", "Patagonia"),
        log="{principal} is on vacation in {place} until {date}; {person} is covering urgent "
        "client "
        "matters while she is away.",
        ask_place="Where did {principal} spend the vacation that ended on {date}?",
        ask_cover="Who looked after urgent client matters during {principal}'s vacation that ended "
        "on {date}?",
        quiet_lines=(
            "Quiet day; the custodian notices got filed and nothing needed {principal}.",
            "No client asked for anything that cannot wait for {principal}'s return.",
            "One urgent question went to the covering advisor and came back answered within the "
            "hour.",
            "Markets were calm and the drift scan flagged nothing.",
            "I spent the day pre-building review packets for the week {principal} comes back.",
            "Only routine distributions went out.",
            "The inbox held {n} items, all of which can wait.",
            "The out-of-office message is current and the phone log is checked.",
            "Nothing happened worth more than a line.",
            "Filed {n} statements and left the rest of the day clear.",
            "A client called to wish {principal} a good trip; I passed on the message.",
        ),
    ),
    Leave(
        kind="conference trip",
        places=(
            "the estate-planning institute in Orlando",
            "the advisor summit in San Diego",
            "the investment conference in Toronto",
            "the custodian forum in Nashville",
        ),
        log="{principal} is at {place} until {date}, and {person} is the point of contact for "
        "anything that cannot wait.",
        ask_place="Which event was {principal} attending on the trip that ended on {date}?",
        ask_cover="Who was the fallback contact while {principal} was travelling until {date}?",
        quiet_lines=(
            "{principal} sent a photo of a session slide and asked me to save it for later.",
            "Between sessions {principal} checked in once; nothing needed her.",
            "I held all non-urgent client calls until the end of the week.",
            "The conference app kept pushing schedule changes, which I forwarded to {principal}.",
            "A light day at the office: {n} routine emails and a clean reconciliation.",
            "I collected the session handouts {principal} flagged and filed them.",
            "The team ran stand-up without {principal}; nothing came up for her.",
            "Expense receipts from the trip are starting to arrive, so I opened a folder for them.",
            "No trades, no transfers, no client concerns today.",
            "{principal} asked for a one-line status; everything was steady.",
        ),
    ),
    Leave(
        kind="family leave",
        places=("Savannah", "Duluth", "Tucson", "Halifax", "Asheville"),
        log="{principal} is on family leave in {place} to help her parents until {date}; {person} "
        "is "
        "fielding client calls in the meantime.",
        ask_place="Where was {principal} during the family leave that ended on {date}?",
        ask_cover="Who fielded client calls while {principal} was on family leave until {date}?",
        quiet_lines=(
            "A very quiet day; I kept {principal}'s calendar clear as agreed.",
            "Nothing came in that the covering advisor could not handle.",
            "I answered {n} routine client emails with the agreed holding reply.",
            "Reconciliation ran clean and I left it there.",
            "I did not contact {principal} today; nothing warranted it.",
            "The week's review meetings stay postponed until she is back.",
            "Routine filing only.",
            "Market moves were small and no client called about them.",
            "The covering advisor and I compared notes for ten minutes; all calm.",
            "I kept a short list of items to brief {principal} on when she returns.",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# The domain
# ---------------------------------------------------------------------------------------------

DOMAIN = Domain(
    id="financial-advisor",
    agent="Sextant",
    role="AI wealth-management co-pilot for a senior financial advisor",
    domain="Wealth management for high-net-worth households",
    organisation_key="firm",
    organisation="Alder Crossing Wealth Partners",
    team_size=9,
    profile=(
        "Sextant is the AI co-pilot of Helena Brightwater, a senior advisor at Alder Crossing "
        "Wealth "
        "Partners. It stages client review packets, drafts investment policy statement updates and "
        "best-interest memos at Helena's direction, runs portfolio analytics through specialist "
        "agents (@tax-lot-agent, @market-data-agent), tracks estate-planning paperwork with "
        "outside "
        "counsel, keeps the client communication log and prepares material for the investment "
        "committee. Sextant does not place trades, sign client communications or send custodial "
        "instructions: humans do. Helena decides and acts; Sextant records, analyses and stages "
        "the "
        "next round of work."
    ),
    communication_style=(
        "Professional, precise first-person agent voice. Entries are organised by household and "
        "named interaction rather than by clock time. Quotes Helena's asks verbatim when they "
        "matter, names artifacts (lantern-weekly-sweep.xlsx, best-interest-memo-template.docx), "
        "basis points, dollar thresholds, tax brackets and handoffs to specialist agents. Careful "
        "with compliance language in anything client-facing, and careful never to carry one "
        "household's details into another household's channel."
    ),
    principal=Person(PRINCIPAL, "Senior Financial Advisor"),
    principal_profile=(
        "Helena is a CFP professional and CFA charterholder with fourteen years in wealth "
        "management. She looks after about sixty households with combined assets of roughly $520 "
        "million, specialising in retirement income, tax-aware investing, concentrated stock and "
        "intergenerational wealth transfer. She is disciplined about process, resists market "
        "timing, reviews every household at least twice a year and explains complex planning in "
        "plain language."
    ),
    shared_knowledge=(
        "Alder Crossing Wealth Partners is a fee-only registered investment adviser serving "
        "high-net-worth households.",
        "Northfield Custody is the firm's primary custodian; Pellham Clearing is a smaller "
        "secondary custodian.",
        "Every recommendation needs a written best-interest rationale on file before it is "
        "implemented.",
        "The investment committee owns the five house model portfolios and meets every other week.",
        "Client household details stay inside each household's own channel unless Helena "
        "authorises sharing them.",
    ),
    cast=CAST,
    sessions=SESSIONS,
    projects=PROJECTS,
    incidents=INCIDENTS,
    decisions=DECISIONS,
    learnings=LEARNINGS,
    relationships=RELATIONSHIPS,
    corrections=CORRECTIONS,
    errands=ERRANDS,
    meetings=MEETINGS,
    fillers=FILLERS,
    negatives=NEGATIVES,
    links=LINKS,
    leaves=LEAVES,
)

# ---------------------------------------------------------------------------------------------
# How questions ask (engine version 2): people by role, errand things in other words
# ---------------------------------------------------------------------------------------------

PERSON_ASKS = (
    ("Tobias Achterberg", "the senior portfolio analyst"),
    ("Nkechi Obiora", "the associate advisor"),
    ("Rafael Quintero-Silva", "the operations lead"),
    ("Ingrid Solberg", "the chief compliance officer"),
    ("Wendell Park", "the chief investment officer"),
    ("Yusuf Karaman", "the bond strategist"),
    ("Mei-Lin Zhou", "the alternatives analyst"),
    ("Sunita Raghavan", "the firm's tax director"),
    ("Marcus Oyelaran", "the outside estate lawyer"),
    ("Priscilla Dunmore", "the client service associate"),
    ("Oliver Brandt", "the managing partner"),
    ("Amara Nwosu", "the CRM administrator"),
    ("Gideon Falk", "the custodian's relationship manager"),
    ("Hiroshi Tanabe", "the trust officer"),
    ("Saoirse Kavanagh", "the insurance specialist"),
    ("Gordon Whitcombe", "the retired fastener-company founder"),
    ("Celeste Whitcombe", "the founder's wife"),
    ("Julian Whitcombe", "the founder's son"),
    ("Folake Adeyemi", "the anesthesiologist client"),
    ("Babatunde Adeyemi", "the anesthesiologist's architect husband"),
    ("Beatriz Ferreira", "the biotech co-founder client"),
    ("Declan Moriarty", "the biotech founder's outside accountant"),
    ("@tax-lot-agent", "the tax-lot agent"),
    ("@market-data-agent", "the market data agent"),
)

THING_ASKS = (
    # rooms
    ("the Marchetti household review", "the check-in with the widow Agnes's family"),
    ("the Lindqvist estate meeting", "the session on Walter's heirs and inheritance"),
    ("the Okonkwo onboarding session", "the welcome meeting for the new doctor's family"),
    (
        "the Castellanos Roth conversation",
        "the talk with Dolores about converting to after-tax savings",
    ),
    ("the Pemberton beneficiary update", "the session changing who inherits Harold's accounts"),
    # wires
    ("the Marchetti property-tax payment", "Agnes's house levy"),
    ("the Castellanos tuition wire", "Dolores's school fee transfer"),
    ("the Pemberton capital call payment", "Harold's private fund contribution"),
    ("the Lindqvist contractor payment", "Walter's builder bill"),
    # distributions
    ("Harold Pemberton's IRA", "Harold's individual retirement account"),
    (
        "Agnes Marchetti's inherited IRA",
        "the retirement account Agnes received from her late husband",
    ),
    ("Dolores Castellanos's rollover IRA", "Dolores's moved-over retirement savings"),
    ("Walter Lindqvist's 403(b)", "Walter's nonprofit-employer retirement plan"),
    # vendor quotes
    ("the aggregation add-on for the portal", "pulling outside accounts into the client website"),
    ("the e-signature upgrade", "the better digital signing package"),
    ("the secure client vault", "the encrypted document locker for clients"),
    ("the CRM data-cleansing service", "scrubbing the contact database"),
    ("the archive storage plan", "keeping old records long term"),
    # CE credits
    ("this month's webinars", "the recent online classes"),
    ("the quarterly ethics session", "the integrity course every three months"),
    ("the estate-planning study group", "the inheritance reading circle"),
    ("the custodian's product training", "Northfield's course on its offerings"),
    # conference hotels
    ("the estate-planning summit in Chicago", "the inheritance conference in Illinois"),
    ("the custodian's advisor conference in Denver", "Northfield's gathering in Colorado"),
    ("the wealth management forum in Boston", "the private-client meeting in Massachusetts"),
    ("the tax symposium in Phoenix", "the tax gathering in Arizona"),
    # transfer turnaround
    ("an incoming ACAT from a wirehouse", "moving an account in from a big brokerage"),
    ("an outgoing trust transfer", "sending a trust account elsewhere"),
    ("a retirement plan rollover check", "a mailed payout from an employer plan"),
    ("a DTC transfer of single stocks", "moving individual shares through the clearing system"),
    # courier
    ("the trust certifications for Greywater", "the trustee paperwork for the trust company"),
    ("a set of original stock certificates", "paper share documents"),
    ("the medallion-guaranteed transfer forms", "the specially stamped ownership-change papers"),
    ("the signed account applications", "the completed opening forms"),
    # gifts
    ("Agnes Marchetti's birthday", "the widow's birthday"),
    ("the Castellanos wedding anniversary", "Dolores's marriage milestone"),
    ("Walter Lindqvist's birthday", "the retired professor's birthday"),
    ("the Okonkwo family's holiday gift", "the new doctor's family's year-end present"),
    # notary
    ("the Pemberton paperwork", "Harold's documents"),
    ("the Lindqvist trust signing", "executing Walter's trust"),
    ("the Marchetti real estate documents", "Agnes's property papers"),
    ("the Castellanos account forms", "Dolores's opening papers"),
    # custodian cases
    ("a missing dividend", "a payout that never arrived"),
    ("a duplicate tax form", "a second copy of the same 1099"),
    ("a stray margin flag", "a borrowing marker that should not be there"),
    ("a stuck address change", "a new mailing address that would not go through"),
    # money funds
    ("the Treasury money fund", "the cash fund holding federal bills"),
    ("the municipal money fund", "the tax-free cash fund"),
    ("the bank sweep's top tier", "the best rate on parked cash"),
    ("the government money fund at Pellham", "the other firm's federal cash fund"),
    # tax deadlines
    ("the Castellanos K-1 package", "Dolores's partnership income statements"),
    ("the Pemberton estimated payment worksheet", "Harold's quarterly tax calculation"),
    ("the Lindqvist gift tax return", "Walter's filing for large presents"),
    ("the Marchetti extension request", "Agnes's filing for more time"),
    # seminars
    ("the spring market outlook breakfast", "the morning event on where markets are heading"),
    ("the estate planning lunch for surviving spouses", "the midday talk for widows and widowers"),
    ("the college funding evening", "the night talk on paying for university"),
    ("the year-end tax seminar", "the December session on taxes"),
    # software
    ("the PlanForge planning software", "the financial-plan modelling program"),
    ("the Meridian mobile app", "the phone app for clients"),
    ("the rebalancing engine", "the tool that trims drifting portfolios"),
    ("the portal's iPhone app", "the client website's Apple phone version"),
    # parking
    ("Mr. Pemberton's visit", "Harold coming in"),
    ("the Castellanos family meeting", "Dolores's family gathering"),
    ("the auditor's site visit", "the inspector coming to the office"),
    ("the Lindqvist heirs' meeting", "Walter's children coming in"),
    # insurance
    ("a 20-year term policy for Mr. Okonkwo", "two decades of life cover for the new doctor"),
    (
        "an umbrella liability policy for the Castellanos family",
        "excess lawsuit cover for Dolores's household",
    ),
    ("disability cover for Dr. Lindqvist", "income protection for Walter"),
    (
        "a second-to-die policy for the Pembertons",
        "survivorship life cover for Harold and his wife",
    ),
    # capital calls
    ("the Pemberton buyout fund", "Harold's private equity fund"),
    ("the Lindqvist real estate fund", "Walter's property fund"),
    ("the Castellanos venture fund", "Dolores's start-up fund"),
    ("the Marchetti infrastructure fund", "Agnes's roads-and-utilities fund"),
    # DAF grants
    ("the children's hospital", "the paediatric medical centre"),
    ("the regional land trust", "the local conservation group"),
    ("the symphony endowment", "the orchestra's permanent fund"),
    ("the county food bank", "the local hunger charity"),
    ("the alumni scholarship fund", "the former students' bursary"),
    # dinners
    ("the Pemberton anniversary dinner", "the evening marking Harold's marriage milestone"),
    ("the holiday dinner with the Lindqvists", "the year-end meal with Walter's family"),
    ("the thank-you dinner for the Castellanos family", "the evening thanking Dolores's household"),
    (
        "the dinner with Gideon from Northfield",
        "the meal with the custodian's relationship manager",
    ),
    # flights
    ("the Chicago estate summit", "the Illinois inheritance conference"),
    ("the Denver custodian conference", "the Colorado gathering of Northfield"),
    ("the Boston wealth forum", "the Massachusetts private-client meeting"),
    ("the Phoenix tax symposium", "the Arizona tax gathering"),
    # attestations
    ("the quarterly personal trading attestation", "the three-monthly sign-off on my own trades"),
    ("the annual code of ethics certification", "the yearly conduct-rules sign-off"),
    ("the gifts and entertainment log", "the record of presents and hospitality"),
    ("the outside business activity disclosure", "the declaration of side work"),
    # surveys
    ("the spring client survey", "the questionnaire to clients in spring"),
    ("the portal satisfaction survey", "the questionnaire about the client website"),
    ("the seminar feedback form", "the questionnaire after the talk"),
    ("the onboarding survey", "the questionnaire for new clients"),
    # records storage
    ("expired client files", "out-of-date customer folders"),
    ("Redwing printouts", "paper output from the old system"),
    ("old account applications", "past opening forms"),
    ("closed-account folders", "files for accounts that were shut"),
    # hold times
    ("the alternatives desk", "the private-investments team"),
    ("the trust operations team", "the trustee processing staff"),
    ("the wire room", "the money transfer staff"),
    ("the tax reporting group", "the 1099 staff"),
    # held-away statements
    ("the Pemberton 401(k)", "Harold's workplace retirement plan"),
    ("the Castellanos pension", "Dolores's defined-benefit plan"),
    ("the Lindqvist annuity", "Walter's insurance-company income contract"),
    ("the Marchetti brokerage account at another firm", "Agnes's outside investment account"),
    # due diligence
    ("the private credit manager", "the direct-lending firm"),
    ("the municipal ladder dealer", "the tax-free bond staircase seller"),
    ("the international small-cap manager", "the overseas smaller-company stock picker"),
    ("the emerging markets debt manager", "the developing-country bond firm"),
    # model drift
    ("the Conservative model", "the most cautious portfolio"),
    ("the Balanced model", "the middle-of-the-road portfolio"),
    ("the Growth model", "the stock-heavy portfolio"),
    ("the All-Equity model", "the portfolio with no bonds"),
    ("the Income model", "the portfolio built for yield"),
    # manager checks
    ("the private credit interval fund", "the periodically redeemable lending fund"),
    ("the international value fund", "the overseas bargain-stock fund"),
    ("the small-cap value manager", "the smaller cheap-company stock picker"),
    ("the emerging-markets equity fund", "the developing-country stock fund"),
    # trust distributions
    ("Julian's quarterly distribution", "the son's three-monthly trust payout"),
    ("Rosalind's tuition distribution", "the granddaughter's school fee payout"),
    ("Celeste's household draw", "the founder's wife's living-costs payout"),
    ("the charitable lead payment", "the trust's gift to charity"),
    # family meetings
    ("the spring family meeting", "the Whitcombes' gathering in spring"),
    ("the autumn trustee briefing", "the fall update for the trustees"),
    ("the annual trustee review", "the yearly trustee check"),
    ("the year-end gifting session", "the December meeting on presents to heirs"),
    # college savings
    ("Tolu's 529 plan", "the older Adeyemi child's education savings plan"),
    ("Kemi's 529 plan", "the younger Adeyemi child's education savings plan"),
    ("their niece's custodial account", "the account they hold for their brother's daughter"),
    ("Tolu's custodial brokerage account", "the investment account held for the older child"),
    # health premiums
    ("the marketplace silver plan", "the mid-tier exchange health plan"),
    ("the marketplace gold plan", "the upper-tier exchange health plan"),
    ("the COBRA continuation", "keeping the old employer's cover"),
    ("the medical society group plan", "the doctors' association health plan"),
    # RSUs
    ("the March RSU vest", "the first-quarter share release"),
    ("the June RSU vest", "the mid-year share release"),
    ("the September RSU vest", "the autumn share release"),
    ("the December RSU vest", "the year-end share release"),
    # estimated tax
    ("the April estimate", "the spring quarterly tax payment"),
    ("the June estimate", "the early-summer quarterly tax payment"),
    ("the September estimate", "the autumn quarterly tax payment"),
    ("the January estimate", "the new-year quarterly tax payment"),
    # trust ledger
    ("the first GRAT's annuity payment", "the payout from the earlier annuity trust"),
    ("the second GRAT's annuity payment", "the payout from the later annuity trust"),
    ("the insurance trust premium", "the policy payment inside the life-cover trust"),
    ("the Marital Trust's quarterly tax estimate", "the spousal trust's three-monthly tax payment"),
    # grandchild tuition
    ("Harper's tuition at Ridgefield Academy", "the eldest grandchild's private school fees"),
    ("Owen's tuition at Carleton Day School", "the grandson's day school fees"),
    ("Maeve's university tuition", "the granddaughter's college fees"),
    ("Theo's summer program fees", "the youngest grandchild's holiday course cost"),
    # Roth conversions
    (
        "a conversion tranche from Folake's IRA",
        "a slice moved from the anesthesiologist's retirement account",
    ),
    (
        "a conversion tranche from Babatunde's IRA",
        "a slice moved from the architect's retirement account",
    ),
    ("the year-end top-up conversion", "the December extra move to after-tax savings"),
    ("a mid-year conversion tranche", "a summer move to after-tax savings"),
    # studio note
    ("the first quarter", "January to March"),
    ("the second quarter", "April to June"),
    ("the third quarter", "July to September"),
    ("the fourth quarter", "October to December"),
    # selling plan
    ("the first-quarter tranche", "the January-to-March slice of sales"),
    ("the second-quarter tranche", "the April-to-June slice of sales"),
    ("the third-quarter tranche", "the July-to-September slice of sales"),
    ("the fourth-quarter tranche", "the October-to-December slice of sales"),
    # exchange fund
    ("the March statement", "the first-quarter report"),
    ("the June statement", "the mid-year report"),
    ("the September statement", "the autumn report"),
    ("the December statement", "the year-end report"),
)

SESSION_ASKS = (
    ("client-whitcombe", "the fastener founder's family"),
    ("client-adeyemi", "the anesthesiologist and her husband"),
    ("client-ferreira", "the biotech founder and her accountant"),
    ("investment-committee", "the panel that sets the firm's portfolios"),
)

LINK_ASKS = ()

DOMAIN = attrs.evolve(
    DOMAIN,
    person_asks=PERSON_ASKS,
    thing_asks=THING_ASKS,
    session_asks=SESSION_ASKS,
    link_asks=LINK_ASKS,
)
