"""Persona: an AI executive assistant working for the Chief Financial Officer of a large tech company.

The principal is Rosalie Devereux, CFO of Veridane Systems, a listed maker of networking silicon and
cloud security software. The agent (Marlow) runs her calendar, travel, board and earnings logistics,
expense and vendor paperwork, and keeps the running record of what was decided and what is still
open. Humans decide, sign and send; Marlow drafts, books, tracks and stages the next step. Three
isolated streams hold confidential material: the compensation committee, the Project Larkspur
acquisition deal room and the CFO's family logistics with her husband.
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

PRINCIPAL = "Rosalie Devereux"

# ---------------------------------------------------------------------------------------------
# Cast
# ---------------------------------------------------------------------------------------------

CAST = (
    # CFO organisation
    Person(
        "Ottilie Brennecke",
        "Corporate Controller - the close, consolidation and technical accounting",
    ),
    Person("Lorcan Fitzsimmons", "Treasurer - cash, banking, debt facilities and FX"),
    Person("Anjali Varadarajan", "VP of FP&A - forecasts, the annual plan and scenario models"),
    Person(
        "Bastien Leclair", "VP of Investor Relations - earnings, analysts and the shareholder base"
    ),
    Person("Marguerite Halloran", "VP of Tax - transfer pricing, provisions and statutory filings"),
    Person("Niamh Corrigan", "Chief of staff to the CFO - runs the finance leadership cadence"),
    Person("Ignatius Bell", "VP of Procurement - vendor contracts and software spend"),
    # Executive team
    Person("Leopold Starkweather", "Chief Executive Officer of Veridane Systems"),
    Person(
        "Henrietta Vasquez-Lowe",
        "Chief Operating Officer - supply chain, facilities and operations",
    ),
    Person(
        "Rohan Deshpande", "Chief Technology Officer - engineering and data-center infrastructure"
    ),
    Person("Cordelia Ashworth", "General Counsel and corporate secretary"),
    Person(
        "Saskia Verhoeven", "Chief People Officer - compensation, benefits and workforce planning"
    ),
    Person(
        "Ezra Nakashima", "VP of Corporate Development - acquisitions and strategic investments"
    ),
    # Board and outside advisers
    Person("Winifred Oakhurst", "Independent chair of the board of directors"),
    Person("Barnaby Pryce", "Independent director and chair of the audit committee"),
    Person("Evangeline Moss", "Independent director and chair of the compensation committee"),
    Person("Percival Njoroge", "Independent director and member of the compensation committee"),
    Person("Cyrus Farahani", "Independent compensation consultant at Pellworth Partners"),
    Person(
        "Lucan Whitlow", "Managing director at Harrowgate Capital, the buy-side banker on Larkspur"
    ),
    Person("Thaddeus Crane", "Outside M&A counsel at Brightwell & Sayer LLP, advising on Larkspur"),
    Person("Oona Bexley", "Director of Corporate Development - runs the Larkspur deal workstreams"),
    Person("Horatio Blythe", "Lead audit partner at Carrow & Denholm LLP, the external auditor"),
    # The assistants' network
    Person("Philippa Rourke", "Executive assistant to the CEO"),
    Person("Dominic Ferrante", "Executive assistant to the COO"),
    Person("Yara Qureshi", "Executive assistant to the CTO"),
    Person("Benedikt Sorensen", "Executive assistant to the General Counsel"),
    Person("Magdalena Szabo", "Workplace and events lead for the headquarters campus"),
    # Family
    Person(
        "Anselm Devereux",
        "Rosalie's husband - directs the Westbrook High School orchestra; runs the family calendar",
    ),
)

# ---------------------------------------------------------------------------------------------
# Sessions
# ---------------------------------------------------------------------------------------------

SESSIONS = (
    Session(
        "principal",
        "1to1",
        "my 1:1 thread with Rosalie",
        "Rosalie's working channel with Marlow: her calendar and travel, the close and earnings "
        "cadence, treasury and tax items, vendors, expenses and the finance projects she sponsors.",
        participants=(PRINCIPAL,),
        cadence=1.0,
        weekend=0.5,
    ),
    Session(
        "executive-team",
        "group",
        "the executive team channel",
        "The CEO's staff: operating reviews, hiring and spend controls, pricing, policy and the "
        "decisions that need the whole executive team.",
        participants=(
            PRINCIPAL,
            "Leopold Starkweather",
            "Henrietta Vasquez-Lowe",
            "Rohan Deshpande",
            "Cordelia Ashworth",
            "Saskia Verhoeven",
        ),
        cadence=0.5,
        weekend=0.05,
    ),
    Session(
        "board-prep",
        "group",
        "the board-prep working group",
        "Management's preparation for board and audit committee meetings: agendas, pre-reads, "
        "the board portal, director logistics and governance questions for the chair.",
        participants=(
            PRINCIPAL,
            "Cordelia Ashworth",
            "Niamh Corrigan",
            "Bastien Leclair",
            "Ottilie Brennecke",
            "Lorcan Fitzsimmons",
        ),
        cadence=0.3,
        weekend=0.0,
    ),
    Session(
        "ea-network",
        "group",
        "the EA network channel",
        "The other executives' assistants: shared calendars, offsites, room and travel logistics, "
        "coverage over holidays and the small conventions that keep six calendars consistent.",
        participants=(
            "Philippa Rourke",
            "Dominic Ferrante",
            "Yara Qureshi",
            "Benedikt Sorensen",
        ),
        cadence=0.5,
        weekend=0.1,
    ),
    Session(
        "comp-committee",
        "group",
        "the compensation committee room",
        "The board's compensation committee: executive pay, equity design, the peer group, "
        "severance and the pay disclosures in the proxy statement.",
        participants=(
            PRINCIPAL,
            "Evangeline Moss",
            "Percival Njoroge",
            "Cyrus Farahani",
            "Winifred Oakhurst",
        ),
        isolated=True,
        sensitive_topics=(
            "individual executive salaries, bonus targets and equity grants",
            "severance estimates for departing executives",
            "the draft summary compensation table before the proxy is filed",
            "the committee's deliberations on the CEO's pay",
        ),
        cadence=0.15,
        weekend=0.0,
    ),
    Session(
        "project-larkspur",
        "group",
        "the Project Larkspur deal room",
        "The confidential working group on the proposed acquisition of Tidewell Analytics, a "
        "data-observability company: valuation, diligence, deal terms and integration planning.",
        participants=(
            PRINCIPAL,
            "Ezra Nakashima",
            "Lucan Whitlow",
            "Thaddeus Crane",
            "Oona Bexley",
        ),
        isolated=True,
        sensitive_topics=(
            "the identity of the acquisition target and its founders",
            "the purchase price, consideration mix and walk-away number",
            "diligence findings on the target's revenue and headcount",
            "retention pools and key-employee lists",
            "the announcement and signing timetable",
        ),
        cadence=0.6,
        weekend=0.1,
        span=(0.1, 0.45),
    ),
    Session(
        "family",
        "1to1",
        "the Devereux family thread",
        "Rosalie's husband Anselm and Marlow coordinating the household: the children's school "
        "events, appointments, camps, home services and family trips around Rosalie's calendar.",
        participants=(PRINCIPAL, "Anselm Devereux"),
        isolated=True,
        sensitive_topics=(
            "the children's medical and school appointments",
            "family travel plans and the home address logistics",
            "household payments and private family events",
        ),
        cadence=0.4,
        weekend=0.6,
    ),
)

_EX = "executive-team"
_BP = "board-prep"
_EA = "ea-network"
_CC = "comp-committee"
_LS = "project-larkspur"
_FA = "family"

# ---------------------------------------------------------------------------------------------
# Projects
# ---------------------------------------------------------------------------------------------

PROJECTS = (
    Project(
        name="Swiftclose Initiative",
        ask="the push to shorten the quarter-end books",
        goal="cut the quarterly close from eleven business days to six without adding headcount",
        metric=Phrase(
            "business days to quarterly close",
            "number of working days the accountants need to finish each quarter's books",
            "business days to quarterly close",
        ),
        quantity=Quantity(5, 12, 1, "{} business days"),
        milestones=(
            "close calendar redesign",
            "reconciliation automation",
            "dry-run close",
            "first six-day close",
        ),
        tasks=(
            "mapped every close task to an owner and a day on the new close calendar",
            "moved the intercompany eliminations from day five to day two of the close",
            "sat in on the controller's day-three flux review and logged every late input",
            "set up a close dashboard that shows open reconciliations by entity each morning",
            "retired four manual accrual spreadsheets that the new ledger rules replaced",
            "drafted the close-readiness checklist that every entity controller signs on day zero",
            "collected the late-adjustment log from the last three quarters to find repeat offenders",
        ),
        risks=(
            Phrase(
                "the Singapore entity could not deliver its trial balance before day three",
                "a late trial balance from the Asian subsidiary",
                "Singapore entity",
            ),
            Phrase(
                "the reconciliation tool's matching rules failed on multi-currency bank lines",
                "automatic matching breaking on foreign-currency bank entries",
                "multi-currency bank lines",
            ),
        ),
        artifacts=("close-calendar-v3.xlsx", "swiftclose-retro.md"),
    ),
    Project(
        name="Keel Ledger Consolidation",
        ask="the merger of the regional general ledgers",
        goal="fold the three regional general ledgers into one chart of accounts on the Corbel "
        "ledger platform",
        metric=Phrase(
            "share of journal entries posted in the consolidated ledger",
            "portion of bookkeeping entries that land in the single combined system",
            "consolidated ledger",
        ),
        quantity=Quantity(10, 100, 5, "{}%"),
        milestones=(
            "chart-of-accounts mapping",
            "Americas cutover",
            "EMEA cutover",
            "APAC cutover",
        ),
        tasks=(
            "signed off the 1,900-line chart-of-accounts mapping with the three regional controllers",
            "ran a parallel month in the Americas with both ledgers posting side by side",
            "collected sign-offs on the opening balances for each legal entity",
            "scheduled the training sessions for the EMEA accounts payable team",
            "logged the twelve custom reports the regions insisted on keeping",
            "booked the cutover weekend war room and the vendor's support engineers",
            "decommissioned the old APAC ledger's user accounts after the last posting",
        ),
        risks=(
            Phrase(
                "the EMEA entities still carried statutory account codes the new chart could not hold",
                "local legal bookkeeping codes that did not fit the new structure",
                "statutory account codes",
            ),
            Phrase(
                "the Corbel vendor pulled two of its implementation consultants onto another client",
                "the software supplier reassigning its project staff",
                "implementation consultants",
            ),
        ),
        artifacts=("keel-coa-mapping.xlsx", "keel-cutover-runbook.md", "keel-lessons.md"),
    ),
    Project(
        name="Lantern Capital Markets Day",
        ask="the first big investor event in four years",
        goal="stage the first capital markets day in four years and launch a three-year financial "
        "framework",
        metric=Phrase(
            "confirmed institutional investor RSVPs",
            "number of buy-side firms that had accepted the invitation",
            "investor RSVPs",
        ),
        quantity=Quantity(40, 160, 5, "{} RSVPs"),
        milestones=(
            "framework draft",
            "venue and date lock",
            "rehearsal week",
            "event day",
        ),
        tasks=(
            "built the run-of-show minute by minute with the production crew",
            "drafted the invitation list with Bastien from the top 150 holders",
            "booked two full rehearsals on the ballroom stage with the teleprompter",
            "collected the eight business-unit presentations and sent them back with formatting notes",
            "set up the webcast registration page and tested it from three networks",
            "arranged the product demo stations in the foyer with Rohan's engineers",
            "drafted the speaker notes for the three-year margin bridge",
        ),
        risks=(
            Phrase(
                "the hotel ballroom was double-booked for a pharmaceutical sales meeting",
                "a clash at the event venue with another company's gathering",
                "pharmaceutical sales meeting",
            ),
            Phrase(
                "the framework slides waited on the board's approval of the long-range plan",
                "directors still reviewing the multi-year plan behind the targets",
                "long-range plan",
            ),
        ),
        artifacts=("lantern-run-of-show.xlsx", "lantern-framework-deck.pptx", "lantern-wrap.md"),
    ),
    Project(
        name="Tidemark Annual Plan",
        ask="next year's operating budget cycle",
        goal="build next year's operating plan with every function's spend tied to a revenue driver",
        metric=Phrase(
            "gap between bottom-up spend requests and the top-down envelope",
            "distance between what the functions asked for and the permitted total",
            "gap between bottom-up spend requests",
        ),
        quantity=Quantity(20, 410, 10, "${}M"),
        milestones=(
            "top-down envelope",
            "functional submissions",
            "executive challenge sessions",
            "board approval",
        ),
        tasks=(
            "sent every function leader the planning template with the driver tabs locked",
            "scheduled the nine challenge sessions in back-to-back ninety-minute blocks",
            "consolidated the headcount requests into a single roster by cost center",
            "compared marketing's request against last year's pipeline conversion",
            "drafted the board memo summarising the plan's three scenarios",
            "logged every change the CEO asked for during the challenge sessions",
            "reconciled the capital requests against the data-center build schedule",
        ),
        risks=(
            Phrase(
                "engineering resubmitted its plan after the data-center lease costs doubled",
                "a late revision from engineering because of higher facility rents",
                "data-center lease costs",
            ),
            Phrase(
                "sales leadership changed the quota model halfway through submissions",
                "a mid-cycle rewrite of how sales targets are set",
                "quota model",
            ),
        ),
        artifacts=("tidemark-template.xlsx", "tidemark-board-memo.docx"),
        session=_EX,
    ),
    Project(
        name="Compass Expense Policy Rewrite",
        ask="the replacement of the travel and spending rules",
        goal="replace the 2017 travel and expense policy with a shorter one that pre-approves "
        "routine spend",
        metric=Phrase(
            "expense reports kicked back for policy exceptions each month",
            "monthly count of reimbursement claims returned for breaking the rules",
            "kicked back for policy exceptions",
        ),
        quantity=Quantity(40, 620, 10, "{} reports"),
        milestones=(
            "exception analysis",
            "policy draft",
            "legal review",
            "company-wide launch",
        ),
        tasks=(
            "pulled twelve months of rejected expense reports and sorted them by rule",
            "cut the policy from nineteen pages to six and moved the examples to an appendix",
            "benchmarked the hotel caps against the travel agency's city rate tables",
            "drafted the manager FAQ on what no longer needs pre-approval",
            "ran the draft past three frequent travellers in sales for a sanity check",
            "set up the new per-diem table in the expense system's test tenant",
            "recorded a four-minute walkthrough of the new rules for the intranet",
        ),
        risks=(
            Phrase(
                "the works councils in Germany and France asked to review the per-diem changes",
                "employee representative bodies in Europe wanting a say on daily allowances",
                "works councils",
            ),
            Phrase(
                "the expense system vendor could not configure city-based hotel caps until its next "
                "release",
                "a software limitation on location-specific lodging limits",
                "city-based hotel caps",
            ),
        ),
        artifacts=("compass-policy-draft.docx", "compass-manager-faq.md"),
    ),
    Project(
        name="Folio Board Portal Migration",
        ask="the move of the directors to a new board website",
        goal="move every director, committee book and archive from the old board portal to the "
        "Folio platform before the spring meeting",
        metric=Phrase(
            "directors fully onboarded to the new portal",
            "count of board members set up and trained on the replacement site",
            "onboarded to the new portal",
        ),
        quantity=Quantity(2, 11, 1, "{} of 11 directors"),
        milestones=(
            "archive export",
            "security review",
            "director training",
            "old portal shutdown",
        ),
        tasks=(
            "exported seven years of board books and checked the page counts against the index",
            "set up the committee workspaces with Cordelia's permission matrix",
            "walked two directors through the tablet app on video calls",
            "tested annotation sync between the tablet app and the desktop viewer",
            "mailed loaner tablets to the two directors who did not want the app on personal devices",
            "wrote the one-page quick-start guide for the directors",
            "confirmed with the old vendor the date their copy of the archive is destroyed",
        ),
        risks=(
            Phrase(
                "the security review found the portal's single sign-on did not enforce hardware keys",
                "a gap in the new site's login protections",
                "hardware keys",
            ),
            Phrase(
                "two directors were travelling for most of the training window",
                "board members away during the onboarding period",
                "training window",
            ),
        ),
        artifacts=("folio-migration-plan.md", "folio-quick-start.pdf"),
        session=_BP,
    ),
    Project(
        name="Sentinel Risk Register Refresh",
        ask="the rebuild of the company-wide list of top risks",
        goal="rebuild the enterprise risk register around twelve top risks with named owners and a "
        "board-level heat map",
        metric=Phrase(
            "risks with a named executive owner and tested controls",
            "count of top-level exposures with an accountable leader and checked safeguards",
            "named executive owner",
        ),
        quantity=Quantity(3, 12, 1, "{} of 12 risks"),
        milestones=(
            "risk interviews",
            "heat map draft",
            "control testing",
            "audit committee review",
        ),
        tasks=(
            "scheduled forty-minute risk interviews with each member of the executive team",
            "merged the old register's forty-one risks into twelve themes",
            "drafted the heat map with likelihood and impact on five-point scales",
            "asked internal audit to test the controls behind the supply-concentration risk",
            "wrote the one-paragraph risk statements in plain language for the directors",
            "collected the risk owners' signatures on their mitigation plans",
            "lined up the register against the risk factors in the last annual report",
        ),
        risks=(
            Phrase(
                "the CTO would not sign as owner of the cyber risk until the new CISO started",
                "the technology chief declining to own security exposure before a new hire",
                "new CISO",
            ),
            Phrase(
                "internal audit's testing calendar was full through the quarter-end",
                "no free capacity in the audit team's schedule",
                "testing calendar",
            ),
        ),
        artifacts=("sentinel-heat-map.pptx", "sentinel-register.xlsx"),
        session=_BP,
    ),
    Project(
        name="Threshold Vendor Consolidation",
        ask="the effort to shrink the list of software suppliers",
        goal="cut the software vendor list by a third and move the survivors onto enterprise "
        "agreements",
        metric=Phrase(
            "active software vendors under contract",
            "number of subscription software suppliers we still pay",
            "active software vendors",
        ),
        quantity=Quantity(180, 420, 5, "{} vendors"),
        milestones=(
            "spend inventory",
            "overlap review",
            "renegotiation wave",
            "contract exits",
        ),
        tasks=(
            "pulled every software invoice from the last eighteen months into one spend cube",
            "grouped the vendors by capability and flagged nine overlapping analytics tools",
            "drafted the termination notices for the first wave of thirty contracts",
            "sat in on Ignatius's negotiation with the collaboration suite vendor",
            "logged the auto-renewal dates that fall inside the next ninety days",
            "built the savings tracker the executive team reviews each month",
            "asked each function head to name a single owner for every remaining tool",
        ),
        risks=(
            Phrase(
                "engineering refused to drop its own monitoring tools until the migration was proven",
                "engineers holding on to duplicate observability software",
                "monitoring tools",
            ),
            Phrase(
                "several contracts had early-termination penalties larger than a year of fees",
                "exit costs bigger than the savings",
                "early-termination penalties",
            ),
        ),
        artifacts=("threshold-spend-cube.xlsx", "threshold-savings-tracker.xlsx"),
        session=_EX,
    ),
    Project(
        name="Harbor Cash Pooling",
        ask="the sweep of idle subsidiary cash into one pool",
        goal="sweep idle cash from fourteen subsidiaries into a notional pool run from the Dublin "
        "treasury center",
        metric=Phrase(
            "cash trapped outside the pool",
            "money still sitting in subsidiary bank accounts beyond the sweep",
            "trapped outside the pool",
        ),
        quantity=Quantity(40, 620, 10, "${}M"),
        milestones=(
            "bank selection",
            "account opening",
            "first sweep",
            "all fourteen entities live",
        ),
        tasks=(
            "collected the know-your-customer packs for each of the fourteen entities",
            "scheduled the board resolutions for the Irish and Dutch subsidiaries",
            "compared the pooling fee schedules from the three shortlisted banks",
            "mapped which subsidiaries face exchange controls that block a daily sweep",
            "drafted the intercompany loan agreements with Marguerite's tax team",
            "set up the daily cash position report for Lorcan",
            "closed nine dormant accounts that the pool made redundant",
        ),
        risks=(
            Phrase(
                "the bank's onboarding team lost the signed mandate for the Dutch entity",
                "paperwork misplaced during the bank's account setup",
                "signed mandate",
            ),
            Phrase(
                "the Brazilian subsidiary could not join because of local exchange controls",
                "currency rules in one Latin American country",
                "Brazilian subsidiary",
            ),
        ),
        artifacts=("harbor-bank-comparison.xlsx", "harbor-pool-structure.pdf"),
    ),
    Project(
        name="Clearwater Calendar Reset",
        ask="the cleanup of the CFO's standing meetings",
        goal="strip the CFO's recurring meetings back to what she needs and protect two focus "
        "mornings a week",
        metric=Phrase(
            "hours of recurring meetings per week",
            "weekly load of standing calendar commitments",
            "hours of recurring meetings",
        ),
        quantity=Quantity(9, 31, 1, "{} hours"),
        milestones=(
            "meeting audit",
            "owner conversations",
            "new cadence live",
            "thirty-day review",
        ),
        tasks=(
            "listed all forty-three recurring series on her calendar with their owners",
            "asked every meeting owner whether the series still needed the CFO in the room",
            "merged the three treasury check-ins into one fortnightly slot",
            "moved the FP&A weekly to a written update with a monthly live review",
            "blocked Tuesday and Thursday mornings as focus time with a do-not-book note",
            "sent the new cadence to the finance leadership team with the reasons for each change",
            "tracked how often the focus blocks were broken in the first month",
        ),
        risks=(
            Phrase(
                "the CEO's office added a weekly strategy forum straight into a focus block",
                "a new standing session from the chief executive landing on protected time",
                "weekly strategy forum",
            ),
            Phrase(
                "quarter-end fell in the middle of the trial month",
                "the books closing during the trial period",
                "trial month",
            ),
        ),
        artifacts=("clearwater-meeting-audit.xlsx", "clearwater-cadence.md"),
    ),
    Project(
        name="Ridgeline Leadership Offsite",
        ask="the three-day retreat for the top sixty leaders",
        goal="run a three-day leadership offsite for the top sixty executives within the budget "
        "the COO approved",
        metric=Phrase(
            "confirmed attendees with travel booked",
            "number of invitees with flights and rooms locked in",
            "travel booked",
        ),
        quantity=Quantity(12, 60, 2, "{} attendees"),
        milestones=(
            "venue contract",
            "agenda lock",
            "travel booking wave",
            "arrival day",
        ),
        tasks=(
            "split the attendee list between the four assistants by executive reporting line",
            "collected dietary requirements and accessibility needs from every attendee",
            "booked coaches from the airport for the three arrival waves",
            "built the breakout room plan with the venue's events manager",
            "tracked the travel bookings in a shared sheet with a column per assistant",
            "arranged the printed name cards and the seating plan for the closing dinner",
            "confirmed the audiovisual rider with the venue's technical team",
        ),
        risks=(
            Phrase(
                "the regional airport cut its evening flights for the season",
                "fewer late flights into the nearest airport",
                "evening flights",
            ),
            Phrase(
                "the COO moved the dates by a week to avoid the sales kickoff",
                "the operations chief shifting the schedule around another company event",
                "sales kickoff",
            ),
        ),
        artifacts=("ridgeline-attendees.xlsx", "ridgeline-run-sheet.md"),
        session=_EA,
    ),
    Project(
        name="Tidewell Revenue Diligence",
        ask="the verification of the target's subscription revenue",
        goal="reconcile Tidewell Analytics' reported recurring revenue to its billing and cash "
        "records before the board vote",
        metric=Phrase(
            "unexplained gap in Tidewell's annual recurring revenue",
            "portion of the target's subscription income nobody could tie to invoices",
            "unexplained gap",
        ),
        quantity=Quantity(2, 38, 1, "${}M"),
        milestones=(
            "data request list",
            "top-fifty customer tie-out",
            "cash proof",
            "quality-of-earnings report",
        ),
        tasks=(
            "sent Tidewell's finance lead the 212-item diligence request list",
            "tied the top fifty Tidewell customer contracts to invoices and bank receipts",
            "flagged the Tidewell contracts with unusual termination-for-convenience clauses",
            "compared Tidewell's churn cohorts with the numbers in its management deck",
            "drafted the summary of Tidewell's deferred revenue roll-forward for Ottilie",
            "logged every Tidewell answer that arrived after the agreed deadline",
            "checked Tidewell's multi-year prepaid deals against the revenue schedule",
        ),
        risks=(
            Phrase(
                "Tidewell's billing system export dropped every contract amended after signature",
                "a data extract from the target that omitted modified agreements",
                "amended after signature",
            ),
            Phrase(
                "Tidewell's controller resigned in the middle of diligence",
                "the departure of the target's chief accountant",
                "controller resigned",
            ),
        ),
        artifacts=("larkspur-request-list.xlsx", "larkspur-qoe-summary.docx"),
        session=_LS,
    ),
    Project(
        name="Day-One Integration Blueprint",
        ask="the plan for the first day after closing the acquisition",
        goal="have payroll, banking, systems access and customer notices ready for the first day "
        "after Tidewell joins",
        metric=Phrase(
            "day-one readiness items signed off",
            "count of integration checklist entries approved by their owners",
            "day-one readiness items",
        ),
        quantity=Quantity(20, 140, 5, "{} of 140 items"),
        milestones=(
            "workstream charters",
            "clean-team planning",
            "day-one rehearsal",
            "close-ready sign-off",
        ),
        tasks=(
            "drafted the charters for the eleven integration workstreams",
            "set up the clean-team room where only outside counsel sees Tidewell's customer pricing",
            "mapped Tidewell's payroll calendar against ours to avoid a missed pay run",
            "drafted the customer letter Tidewell's account managers send on day one",
            "listed the Tidewell bank accounts that need new signatories at close",
            "ran a tabletop of the first seventy-two hours with every workstream lead",
            "built the day-one org chart for Tidewell's engineering group",
        ),
        risks=(
            Phrase(
                "antitrust counsel said the clean team could not see Tidewell's pricing until filing",
                "competition lawyers limiting access to the target's price lists",
                "clean team",
            ),
            Phrase(
                "Tidewell's payroll provider needed ninety days' notice to change the employer record",
                "a long notice period at the target's salary processor",
                "payroll provider",
            ),
        ),
        artifacts=("larkspur-day-one-checklist.xlsx", "larkspur-workstream-charters.md"),
        session=_LS,
    ),
    Project(
        name="Executive Peer Group Rebuild",
        ask="the refresh of the companies we compare executive pay against",
        goal="replace the stale compensation peer group with sixteen companies that match our "
        "size and talent market",
        metric=Phrase(
            "peer companies approved by the committee",
            "number of firms the committee accepted as pay comparators",
            "peer companies approved",
        ),
        quantity=Quantity(4, 16, 1, "{} companies"),
        milestones=(
            "screening criteria",
            "candidate long list",
            "committee vote",
            "proxy disclosure",
        ),
        tasks=(
            "pulled revenue and market value for the thirty-four candidate peers",
            "marked which candidates compete with us for chip-design engineers",
            "drafted the criteria memo with the revenue band of half to twice our size",
            "compared the old peer group's median CEO pay with the proposed group's",
            "collected the proxy advisors' own peer lists for comparison",
            "drafted the peer-group paragraph for the compensation discussion and analysis",
            "logged each committee member's objections to individual candidates",
        ),
        risks=(
            Phrase(
                "two candidate peers announced a merger with each other",
                "a combination between two of the comparison companies",
                "merger with each other",
            ),
            Phrase(
                "a proxy advisor published a different peer list that the committee wanted to match",
                "an outside shareholder adviser's competing comparator set",
                "different peer list",
            ),
        ),
        artifacts=("peer-group-criteria.docx", "peer-group-screen.xlsx"),
        session=_CC,
    ),
    Project(
        name="Verdant Disclosure Readiness",
        ask="the preparation for the first mandatory climate report",
        goal="get scope 1 and 2 emissions data to audit grade ahead of the first mandatory "
        "climate disclosure",
        metric=Phrase(
            "facilities with assured emissions data",
            "number of sites whose carbon figures passed limited assurance",
            "assured emissions data",
        ),
        quantity=Quantity(10, 85, 5, "{} of 85 facilities"),
        milestones=(
            "data inventory",
            "controls design",
            "assurance dry run",
            "disclosure filing",
        ),
        tasks=(
            "listed every utility account behind the eighty-five facilities",
            "set up the quarterly meter-reading certification for facility managers",
            "arranged the assurance walkthrough with Horatio's sustainability team",
            "drafted the controls narrative for the emissions data flow",
            "chased the data-center landlords for their electricity invoices",
            "compared the emission factors used in Europe with the ones used in Asia",
            "drafted the governance paragraph describing board oversight of climate risk",
        ),
        risks=(
            Phrase(
                "colocation landlords in three cities would not share metered electricity data",
                "data-center hosts refusing to hand over power usage records",
                "metered electricity data",
            ),
            Phrase(
                "the assurance team found the refrigerant leak records incomplete",
                "gaps in the cooling-gas loss logs",
                "refrigerant leak records",
            ),
        ),
        artifacts=("verdant-data-inventory.xlsx", "verdant-controls-narrative.docx"),
    ),
)

# ---------------------------------------------------------------------------------------------
# Incidents
# ---------------------------------------------------------------------------------------------

INCIDENTS = (
    Incident(
        name="Webcast Deck Mix-up",
        ask="the wrong slides going out on the quarterly results broadcast",
        system="the earnings webcast platform",
        symptom="the webcast showed a draft deck with last quarter's gross-margin bridge for the "
        "first six minutes of the call",
        cause=Phrase(
            "the IR agency uploaded version 14 of the deck after the lock and overwrote the "
            "approved version 16",
            "a late re-upload by the outside agency that replaced the signed-off file",
            "version 14",
        ),
        fix=Phrase(
            "swapped the live deck for the locked PDF and had the operator re-read the margin "
            "commentary",
            "the signed-off file put back on air and the margin remarks repeated",
            "swapped the live deck",
        ),
        impact="{value} who saw the draft slides",
        quantity=Quantity(300, 2400, 50, "{:,} webcast listeners"),
        followup="lock the webcast deck with a checksum and a single named uploader the night before",
    ),
    Incident(
        name="Treasury Token Lockout",
        ask="the day the CFO could not approve an outgoing bank payment",
        system="the bank's treasury approval portal",
        symptom="the CFO's hardware token was rejected three times and the portal locked her out "
        "during the same-day wire window",
        cause=Phrase(
            "the bank had quietly moved every approver to soft tokens and retired her old fob",
            "a change to the bank's second-factor devices nobody announced",
            "soft tokens",
        ),
        fix=Phrase(
            "had the deputy treasurer release the wire as secondary approver and re-enrolled the "
            "CFO on the mobile token",
            "another signatory releasing the payment and a new phone-based credential for her",
            "re-enrolled the CFO on the mobile token",
        ),
        impact="a {value} supplier payment held past the cutoff",
        quantity=Quantity(2, 48, 1, "${}M"),
        followup="keep two enrolled approvers on every wire tier and test each token monthly",
    ),
    Incident(
        name="Board Book Misdelivery",
        ask="the board material that went to someone no longer on the board",
        system="the board distribution list",
        symptom="the audit committee pre-read went by email to a director who had rotated off the "
        "board in the spring",
        cause=Phrase(
            "the mail group had been built from the 2023 proxy roster and never pruned",
            "an outdated list of directors behind the mailing group",
            "2023 proxy roster",
        ),
        fix=Phrase(
            "recalled the message, obtained written confirmation of deletion and rebuilt the list "
            "from the current director register",
            "a recall plus a signed statement that the copy was destroyed",
            "written confirmation of deletion",
        ),
        impact="{value} of committee material sent to the wrong inbox",
        quantity=Quantity(40, 220, 10, "{} pages"),
        followup="send board material only through the portal and never as email attachments",
        session=_BP,
    ),
    Incident(
        name="Singapore Rebooking Scramble",
        ask="the cancelled flight ahead of the Asian investor roadshow",
        system="the roadshow travel plan",
        symptom="the overnight flight to Singapore was cancelled four hours before departure, with "
        "the first investor meeting set for 8:30 the next morning",
        cause=Phrase(
            "a crew-rest limit grounded the aircraft after a maintenance delay",
            "regulations on how long pilots must rest between duties",
            "crew-rest limit",
        ),
        fix=Phrase(
            "rebooked the CFO through Tokyo and moved the first two investor meetings to video",
            "a new routing via Japan and the opening meetings shifted online",
            "rebooked the CFO through Tokyo",
        ),
        impact="{value} that had to be moved",
        quantity=Quantity(2, 9, 1, "{} investor meetings"),
        followup="hold a refundable backup seat on any trip with an investor meeting the next morning",
    ),
    Incident(
        name="Mobile Calendar Sync Failure",
        ask="the phone calendar that stopped showing changes",
        system="the CFO's mobile calendar",
        symptom="meeting changes stopped reaching the CFO's phone, and she dialled into a moved "
        "call forty minutes late",
        cause=Phrase(
            "a device-management policy push revoked the mail app's calendar permission",
            "a security setting sent to the phone by the IT team",
            "device-management policy",
        ),
        fix=Phrase(
            "had IT exempt the executive device group and re-provisioned her phone profile",
            "an exception for leadership handsets and a fresh setup of her handset",
            "re-provisioned her phone profile",
        ),
        impact="{value} that never reached her phone",
        quantity=Quantity(6, 60, 1, "{} meeting updates"),
        followup="get two days' notice of any device-policy push to the executive group",
    ),
    Incident(
        name="Spoofed Supplier Invoice",
        ask="the fake request to redirect a supplier's payments",
        system="accounts payable",
        symptom="an email that appeared to come from our contract manufacturer asked accounts "
        "payable to send the next invoice payment to a new bank account",
        cause=Phrase(
            "the supplier's sales director had a compromised mailbox and the attacker replied "
            "inside a genuine thread",
            "a hacked email account on the manufacturer's side",
            "compromised mailbox",
        ),
        fix=Phrase(
            "froze the vendor master record and confirmed the real bank details by phone on a "
            "known number",
            "a lock on the supplier's payment record and a call-back check",
            "froze the vendor master record",
        ),
        impact="a {value} payment that nearly went to the fraudsters",
        quantity=Quantity(12, 95, 1, "${}M", 10),
        followup="call back on a verified number before any change to a supplier's bank details",
    ),
    Incident(
        name="Billing Subledger Feed Failure",
        ask="the revenue data that stopped arriving during the quarter-end close",
        system="the billing-to-ledger interface",
        symptom="the nightly billing feed into the general ledger failed on day two of the "
        "quarter-end close",
        cause=Phrase(
            "a field-length change in the billing system truncated contract IDs and the interface "
            "rejected every batch",
            "an upstream format change that cut off the identifiers",
            "truncated contract IDs",
        ),
        fix=Phrase(
            "had the billing team restore the field length and replayed three days of batches",
            "the old field size put back and the missed loads re-run",
            "replayed three days of batches",
        ),
        impact="{value} missing from the ledger",
        quantity=Quantity(1200, 48000, 400, "{:,} invoices"),
        followup="add a record-count check between billing and the ledger before every close",
    ),
    Incident(
        name="Analyst Call Audio Dropout",
        ask="the results call where the line went silent",
        system="the earnings conference bridge",
        symptom="the audio dropped for ninety seconds while the CEO was answering the first "
        "analyst question",
        cause=Phrase(
            "the backup bridge line had been provisioned on the same carrier trunk as the primary",
            "both phone lines sharing one telecom path",
            "same carrier trunk",
        ),
        fix=Phrase(
            "moved the speakers to the backup studio line and had the operator replay the answer",
            "a switch to the reserve studio connection and a replay of the reply",
            "backup studio line",
        ),
        impact="{value} dropped from the call",
        quantity=Quantity(80, 900, 10, "{} participants"),
        followup="put the backup bridge on a different carrier before the next earnings call",
        session=_EX,
    ),
    Incident(
        name="Corporate Card Freeze",
        ask="the blocked company card on a trip abroad",
        system="the CFO's corporate card",
        symptom="the CFO's corporate card was declined at the hotel desk in Munich at check-in",
        cause=Phrase(
            "the card issuer's fraud model flagged three foreign transactions within an hour",
            "an automated suspicious-activity rule at the card company",
            "fraud model",
        ),
        fix=Phrase(
            "had the card program manager lift the block and filed a travel notice for the rest "
            "of the trip",
            "the hold removed and the issuer told about the itinerary",
            "filed a travel notice",
        ),
        impact="{value} at the hotel and the airport",
        quantity=Quantity(2, 9, 1, "{} declined charges"),
        followup="file travel notices with the card issuer before every international executive trip",
    ),
    Incident(
        name="Offsite Venue Double Booking",
        ask="the clash over the leadership retreat location",
        system="the offsite venue contract",
        symptom="the lodge booked for the leadership offsite confirmed the same ballroom to a "
        "wedding party",
        cause=Phrase(
            "the venue's sales manager left and our hold was never converted to a signed contract",
            "a reservation that was never turned into a binding agreement",
            "never converted to a signed contract",
        ),
        fix=Phrase(
            "signed with the backup venue on the lake and reissued the invitations",
            "a contract with the reserve location and new invites",
            "backup venue on the lake",
        ),
        impact="{value} that had to be reissued",
        quantity=Quantity(40, 80, 2, "{} invitations"),
        followup="convert every venue hold to a signed contract within five business days",
        session=_EA,
    ),
    Incident(
        name="Headcount File Exposure",
        ask="the confidential workforce plan that too many people could open",
        system="the finance shared drive",
        symptom="the draft workforce-reduction headcount file was visible to everyone in the "
        "finance department",
        cause=Phrase(
            "the file was saved into a folder that inherited department-wide sharing",
            "permissions passed down from the parent directory",
            "inherited department-wide sharing",
        ),
        fix=Phrase(
            "moved the file to a restricted site and pulled the access log to see who opened it",
            "relocation to a locked-down site plus a review of who had viewed it",
            "pulled the access log",
        ),
        impact="{value} who opened the file before it was locked down",
        quantity=Quantity(2, 40, 1, "{} people"),
        followup="store people-sensitive files only on restricted sites with named access",
        session=_EX,
    ),
    Incident(
        name="Data Room Access Lapse",
        ask="the night the deal advisers were shut out of the document repository",
        system="the virtual data room",
        symptom="the bank's diligence team lost access to the virtual data room the night before "
        "comments on Tidewell's revenue schedules were due",
        cause=Phrase(
            "the data room licence was set to lapse on the original signing date, which had "
            "since slipped",
            "a subscription end date tied to an outdated deal timetable",
            "original signing date",
        ),
        fix=Phrase(
            "had the provider extend the licence by sixty days and restored the group permissions",
            "a two-month extension from the vendor and permissions put back",
            "extend the licence by sixty days",
        ),
        impact="{value} locked out",
        quantity=Quantity(6, 40, 1, "{} advisers"),
        followup="tie the data room expiry to the deal calendar instead of a fixed date",
        session=_LS,
    ),
    Incident(
        name="Summary Compensation Table Error",
        ask="the mistake in the draft pay disclosure for the proxy",
        system="the draft proxy statement",
        symptom="the draft summary compensation table showed the CEO's stock award at another "
        "year's grant-date value",
        cause=Phrase(
            "the consultant's data pull used the prior-year fair value per share",
            "a stale per-share valuation feeding the table",
            "prior-year fair value",
        ),
        fix=Phrase(
            "rebuilt the table from the equity plan administrator's grant report and had outside "
            "counsel re-check it",
            "a rebuild from the stock plan record-keeper's data and a legal re-review",
            "equity plan administrator's grant report",
        ),
        impact="a {value} overstatement in the stock award column",
        quantity=Quantity(312000, 4870000, 1000, "${:,}"),
        followup="tie every proxy pay figure to a source report before counsel sees the draft",
        session=_CC,
    ),
    Incident(
        name="Business Visa Delay",
        ask="the travel document that nearly blocked the India trip",
        system="the CFO's visa application",
        symptom="the CFO's business visa for the Bengaluru site visit was still pending five days "
        "before departure",
        cause=Phrase(
            "the application listed her old passport number after the passport renewal",
            "a superseded identification number on the form",
            "old passport number",
        ),
        fix=Phrase(
            "filed a corrected application through the expedite service and moved the flight by "
            "two days",
            "a fast-tracked resubmission and a later departure",
            "expedite service",
        ),
        impact="{value} dropped from the agenda",
        quantity=Quantity(2, 8, 1, "{} site-visit meetings"),
        followup="check passport details on every open visa file after any passport renewal",
    ),
)

# ---------------------------------------------------------------------------------------------
# Decisions (options[1] is the counter-proposal that wins; rationales argue for it)
# ---------------------------------------------------------------------------------------------

DECISIONS = (
    Decision(
        name="Earnings Call Format",
        topic=Phrase(
            "whether the prepared remarks on the earnings call are read live or pre-recorded",
            "how the scripted opening of the quarterly results call should be delivered",
        ),
        options=("pre-recorded remarks", "live remarks"),
        arguments=(
            "Recording the script takes out the stumbles and leaves every live minute for "
            "questions.",
            "Investors can hear a recording, and they notice. Reading it live shows we own the "
            "numbers.",
        ),
        objections=(
            Phrase(
                "A canned opening sounds evasive in the quarter we miss on gross margin.",
                "seeming to dodge a weak quarter",
                "sounds evasive",
            ),
            Phrase(
                "If the numbers move after the recording, we are stuck re-cutting audio at midnight.",
                "last-minute edits to audio once figures change",
                "re-cutting audio",
            ),
        ),
        rationale=(
            "the two largest holders said they judge management's tone from the live delivery",
            "the investor perception study ranked live remarks higher on credibility",
            "the webcast vendor could not guarantee a clean hand-off from tape to the live Q&A",
        ),
        session=_EX,
    ),
    Decision(
        name="Spring Board Venue",
        topic=Phrase(
            "where the spring board meeting is held",
            "the location chosen for the directors' spring session",
        ),
        options=("the Austin headquarters", "the Dublin campus"),
        arguments=(
            "Headquarters has the boardroom, the security team and no jet lag for anyone.",
            "The board has never walked the Dublin floor, and half our cash now sits in the "
            "treasury center there.",
        ),
        objections=(
            Phrase(
                "We have met at headquarters four times running, and the directors have never seen "
                "the European operation.",
                "the board's lack of exposure to the overseas business",
                "never seen the European operation",
            ),
        ),
        rationale=(
            "the directors wanted to see the new treasury center in person",
            "two directors were already in Europe that week for other boards",
        ),
        session=_BP,
    ),
    Decision(
        name="Guidance Policy Choice",
        topic=Phrase(
            "how far ahead we give investors financial guidance",
            "the horizon of the outlook the company publishes to shareholders",
        ),
        options=("quarterly guidance", "annual guidance only"),
        arguments=(
            "Analysts model us quarter by quarter anyway; if we go quiet they will fill the gap "
            "with worse numbers.",
            "An annual range lets us run the business for the year, and our peers moved that way "
            "two years ago.",
        ),
        objections=(
            Phrase(
                "Quarterly ranges make us manage to ninety days, and the supply shortage burned us "
                "on exactly that last year.",
                "short-term management driven by three-month targets",
                "manage to ninety days",
            ),
            Phrase(
                "Every quarterly miss by a cent becomes a headline, even when the year is on track.",
                "tiny misses turning into news stories",
                "miss by a cent",
            ),
        ),
        rationale=(
            "it stops us steering the business to ninety-day targets",
            "six of the eight closest peers already give only annual guidance",
        ),
        session=_EX,
    ),
    Decision(
        name="Travel Agency Selection",
        topic=Phrase(
            "which agency books corporate travel from next year",
            "the travel management firm the company signs with",
        ),
        options=("Meridale Travel Partners", "Skyloft Business Travel"),
        arguments=(
            "Meridale already holds our negotiated hotel rates and knows the executive travellers.",
            "Skyloft tracks every traveller in real time and its app handles rebooking without a "
            "phone call.",
        ),
        objections=(
            Phrase(
                "Meridale took six hours to rebook the Singapore trip, and that was with the CFO "
                "stranded.",
                "slow rebooking during a disruption",
                "six hours to rebook",
            ),
        ),
        rationale=(
            "its duty-of-care tracking covers every traveller in real time",
            "it waived transaction fees for the first year of the contract",
        ),
    ),
    Decision(
        name="Expense Tool Choice",
        topic=Phrase(
            "which system employees use to file expense reports",
            "the software staff will use to claim back what they spend",
        ),
        options=("the ERP expense module", "Clearvoucher"),
        arguments=(
            "The ERP module is already paid for and posts straight to the ledger.",
            "Clearvoucher reads receipts from a phone photo and applies the new policy rules "
            "before a report is submitted.",
        ),
        objections=(
            Phrase(
                "Nobody can file from a phone in the ERP module, so receipts pile up for weeks.",
                "the lack of a usable mobile option",
                "file from a phone",
            ),
            Phrase(
                "The ERP module cannot hold city-level hotel caps, which the new policy depends on.",
                "no support for location-specific lodging limits",
                "city-level hotel caps",
            ),
        ),
        rationale=(
            "it enforces the new policy before submission instead of after",
            "the pilot group cut their filing time by more than half",
        ),
    ),
    Decision(
        name="Audit Partner Transition Timing",
        topic=Phrase(
            "when the new lead audit partner takes over from Horatio Blythe",
            "the handover date for the outside auditors' engagement lead",
        ),
        options=("after the year-end audit", "before the third-quarter review"),
        arguments=(
            "Keep Horatio through the annual audit so nobody new is learning us during the "
            "busiest season.",
            "Bring the new partner in for the third-quarter review so the year-end is not their "
            "first look at us.",
        ),
        objections=(
            Phrase(
                "A new partner whose first job is the year-end opinion will ask every question "
                "twice in January.",
                "a first-time partner slowing the annual audit",
                "ask every question twice",
            ),
        ),
        rationale=(
            "a mid-year handover gives the new partner a full quarter before the annual opinion",
            "the rotation rules would otherwise force the change during the busiest quarter",
        ),
        session=_BP,
    ),
    Decision(
        name="Deal Consideration Mix",
        topic=Phrase(
            "how the Tidewell purchase price is paid",
            "the form of payment offered to the target's owners",
        ),
        options=("all stock", "seventy percent cash and thirty percent stock"),
        arguments=(
            "Paying in stock keeps our cash for the buyback and lets the founders share the "
            "upside.",
            "A mostly cash deal is cleaner for Tidewell's investors, and thirty percent in stock "
            "still ties the founders to the combined company.",
        ),
        objections=(
            Phrase(
                "Issuing that many shares dilutes holders by almost three percent right before the "
                "capital markets day.",
                "dilution of existing shareholders ahead of the investor event",
                "dilutes holders",
            ),
        ),
        rationale=(
            "Tidewell's venture investors wanted certainty of value at close",
            "the stock portion keeps the founders invested while leverage stays under two times",
        ),
        session=_LS,
    ),
    Decision(
        name="Retention Pool Sizing",
        topic=Phrase(
            "how much to set aside to keep Tidewell's key engineers after closing",
            "the size of the stay bonus fund for the target's technical staff",
        ),
        options=("a $40 million pool", "a $65 million pool"),
        arguments=(
            "Forty million covers the top thirty people at two years of vesting, which is market.",
            "Sixty-five million lets us cover the top forty engineers and match what a rival "
            "bidder put on the table.",
        ),
        objections=(
            Phrase(
                "Forty million leaves the machine-learning group uncovered, and that team is the "
                "reason we are buying.",
                "leaving the most valuable engineering team without incentives",
                "machine-learning group uncovered",
            ),
        ),
        rationale=(
            "the top forty engineers hold most of Tidewell's product roadmap",
            "a rival bid had offered richer retention terms",
        ),
        session=_LS,
    ),
    Decision(
        name="Equity Refresh Design",
        topic=Phrase(
            "what form next year's executive equity grants take",
            "the structure of the coming long-term incentive awards for senior leaders",
        ),
        options=("all restricted stock units", "half performance share units"),
        arguments=(
            "Plain restricted units are simple to explain and keep people through a soft market.",
            "Putting half the grant in performance units ties pay to relative shareholder return, "
            "which the big holders keep asking for.",
        ),
        objections=(
            Phrase(
                "Time-vested units alone will draw a negative say-on-pay recommendation from the "
                "proxy advisors.",
                "an unfavourable shareholder-vote recommendation",
                "say-on-pay recommendation",
            ),
        ),
        rationale=(
            "the three largest holders asked for a performance-based majority within two years",
            "relative shareholder return measures us against the peer group we just rebuilt",
        ),
        session=_CC,
    ),
    Decision(
        name="Hold-Naming Convention",
        topic=Phrase(
            "how confidential holds are titled on the executive calendars",
            "the naming rule for private blocks across the leaders' schedules",
        ),
        options=("project code names in the title", "a generic Hold - Confidential title"),
        arguments=(
            "Code names let each assistant see at a glance which holds belong together.",
            "A generic title gives nothing away if a calendar is shared, printed or shown on a "
            "screen.",
        ),
        objections=(
            Phrase(
                "Code names still leak when a calendar is shared with a delegate outside the "
                "project.",
                "code names being exposed to people outside the deal",
                "shared with a delegate",
            ),
        ),
        rationale=(
            "a calendar shown on a conference-room screen once exposed a code name to a vendor",
            "the General Counsel asked for one rule across every executive calendar",
        ),
        session=_EA,
    ),
    Decision(
        name="Holiday Coverage Rotation",
        topic=Phrase(
            "who covers which executive calendar over the winter holidays",
            "the arrangement for minding the leaders' diaries during the year-end break",
        ),
        options=("fixed buddy pairs", "a rotating on-call assistant"),
        arguments=(
            "Fixed pairs mean each of us knows one other executive's habits well.",
            "One on-call assistant a day means a single number to call and everyone else fully "
            "off.",
        ),
        objections=(
            Phrase(
                "Fixed pairs break the moment both people in a pair are away the same week.",
                "both partners in a pair being off at once",
                "both people in a pair",
            ),
        ),
        rationale=(
            "everyone else gets days that are fully off",
            "the executives only need to remember a single on-call number",
        ),
        session=_EA,
    ),
    Decision(
        name="Revolver Refinancing Route",
        topic=Phrase(
            "how we replace the credit facility that matures next year",
            "the way the company renews its committed bank line",
        ),
        options=("an amend-and-extend of the current revolver", "a new syndicated facility"),
        arguments=(
            "Amend-and-extend is fast, cheap on legal fees and keeps the banks we know.",
            "A fresh syndication lets us bring in the two banks that run the cash pool and reset "
            "the covenants.",
        ),
        objections=(
            Phrase(
                "Extending the old revolver keeps the leverage covenant we nearly tripped two years "
                "ago.",
                "an outdated borrowing limit tied to debt levels",
                "leverage covenant",
            ),
        ),
        rationale=(
            "the cash-pool banks wanted a lending role before they would cut pooling fees",
            "a new facility removed the leverage covenant the old one carried",
        ),
    ),
    Decision(
        name="Board Dinner Format",
        topic=Phrase(
            "what the evening before the board meeting looks like",
            "the arrangement for the night ahead of the directors' session",
        ),
        options=(
            "a formal dinner with management",
            "a directors-only dinner and an executive reception",
        ),
        arguments=(
            "A dinner with management gives the directors time with the leaders behind the "
            "numbers.",
            "The directors need an hour alone first; the reception still gives them the "
            "executives afterwards.",
        ),
        objections=(
            Phrase(
                "Directors never get to talk freely among themselves when management sits at every "
                "table.",
                "no private conversation time for the board",
                "talk freely among themselves",
            ),
        ),
        rationale=(
            "the chair wanted unstructured time among directors before the executive session",
            "the board evaluation asked for more time without management present",
        ),
        session=_BP,
    ),
)

# ---------------------------------------------------------------------------------------------
# Learnings (the CFO's own study tracks)
# ---------------------------------------------------------------------------------------------

LEARNINGS = (
    Learning(
        skill=Phrase(
            "business Japanese for the Osaka supplier visits",
            "conversational Japanese for her trips to the Kansai suppliers",
        ),
        resource=Phrase(
            "weekly sessions with a tutor from the Kinokawa Language School",
            "the language tutor she met every week",
            "Kinokawa Language School",
        ),
        insights=(
            Phrase(
                "the humble keigo forms matter more in a supplier meeting than a big vocabulary",
                "why honorific speech outranks word count",
                "humble keigo",
            ),
            Phrase(
                "business cards are offered with both hands and read before anyone sits down",
                "the etiquette of handing over contact cards",
                "both hands",
            ),
            Phrase(
                "a long silence after a proposal usually signals consideration, not refusal",
                "what a pause after an offer means",
                "consideration, not refusal",
            ),
        ),
        exercise="a five-minute self-introduction at the Osaka supplier dinner",
        assessment="the tutor's spoken proficiency check",
        score=Quantity(55, 95, 1, "{} of 100"),
    ),
    Learning(
        skill=Phrase(
            "the economics of AI accelerator capacity",
            "what drives the cost of owning versus renting GPU clusters",
        ),
        resource=Phrase(
            "Rohan's infrastructure cost teach-ins",
            "the technology chief's sessions on compute spending",
            "infrastructure cost teach-ins",
        ),
        insights=(
            Phrase(
                "below sixty percent utilisation an owned cluster costs more than renting",
                "the usage level where buying stops beating leasing",
                "sixty percent utilisation",
            ),
            Phrase(
                "useful lives for accelerators are shorter than for servers because models churn",
                "why chip depreciation runs faster than ordinary hardware",
                "useful lives for accelerators",
            ),
            Phrase(
                "power and cooling make up about a third of the lifetime cost",
                "the share of total cost taken by electricity and heat removal",
                "power and cooling",
            ),
        ),
        exercise="a buy-versus-rent model for the next inference cluster",
        assessment="the capital committee's review of her cluster model",
        score=Quantity(60, 98, 1, "{}/100"),
    ),
    Learning(
        skill=Phrase(
            "board-level cyber risk oversight",
            "how directors should supervise information-security exposure",
        ),
        resource=Phrase(
            "the Boardwise cyber oversight program",
            "the governance course on digital threats",
            "Boardwise",
        ),
        insights=(
            Phrase(
                "the materiality call on a breach runs against a four-business-day disclosure clock",
                "the deadline for announcing a significant intrusion",
                "four-business-day disclosure clock",
            ),
            Phrase(
                "tabletop exercises expose gaps between legal and security faster than audits do",
                "why simulated attack drills beat reviews",
                "tabletop exercises",
            ),
            Phrase(
                "ransomware insurance sublimits often sit below the real recovery cost",
                "caps inside extortion cover being too low",
                "sublimits",
            ),
        ),
        exercise="a ransomware tabletop run for the executive team",
        assessment="the program's certification exam",
        score=Quantity(70, 100, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "live television interviews",
            "handling on-air questions from business broadcasters",
        ),
        resource=Phrase(
            "coaching from the former anchor Imelda Fairweather",
            "the ex-newsreader who trained her",
            "Imelda Fairweather",
        ),
        insights=(
            Phrase(
                "the first sentence has to carry the headline because the clip gets cut there",
                "why the opening line must hold the main message",
                "first sentence",
            ),
            Phrase(
                "you bridge back from a hostile question in one clause rather than a paragraph",
                "returning to your message after an aggressive question",
                "bridge back",
            ),
            Phrase(
                "figures land better on air rounded to one decimal",
                "how precise numbers should be when spoken on camera",
                "one decimal",
            ),
        ),
        exercise="a mock five-minute interview about a guidance cut",
        assessment="the coach's on-camera scorecard",
        score=Quantity(5, 10, 1, "{} out of 10"),
    ),
    Learning(
        skill=Phrase(
            "advanced transfer pricing",
            "how prices between the company's own entities are set and defended",
        ),
        resource=Phrase(
            "Marguerite's tax team workshop series",
            "the in-house sessions run by the tax department",
            "tax team workshop series",
        ),
        insights=(
            Phrase(
                "intercompany royalty rates need a fresh benchmarking study every three years",
                "how often licence fees between affiliates must be re-tested",
                "benchmarking study",
            ),
            Phrase(
                "cost-plus markups for shared-service centers sit near five percent in most "
                "countries",
                "the usual margin on internal service hubs",
                "cost-plus markups",
            ),
            Phrase(
                "the global minimum tax changes where intellectual property is worth holding",
                "how the fifteen-percent floor affects the location of patents",
                "global minimum tax",
            ),
        ),
        exercise="a walkthrough of the Irish IP licence",
        assessment="Marguerite's case quiz",
        score=Quantity(12, 20, 1, "{} of 20"),
    ),
    Learning(
        skill=Phrase(
            "foundry capacity agreements",
            "how chip manufacturing reservations are contracted",
        ),
        resource=Phrase(
            "a foundry contracts seminar at the state university business school",
            "the executive-education class on semiconductor supply deals",
            "foundry contracts seminar",
        ),
        insights=(
            Phrase(
                "take-or-pay clauses push inventory risk onto the buyer",
                "which side carries the stock risk in minimum-purchase terms",
                "take-or-pay",
            ),
            Phrase(
                "prepayments for wafer capacity are booked as a supplier advance rather than "
                "inventory",
                "the accounting for money paid up front to reserve production",
                "supplier advance",
            ),
            Phrase(
                "allocation clauses decide who gets cut first in a shortage",
                "the contract terms that ration supply when demand exceeds output",
                "allocation clauses",
            ),
        ),
        exercise="a redline of the renewal terms with the main foundry",
        assessment="the seminar's closing case exam",
        score=Quantity(60, 100, 2, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "Python scripting for finance data",
            "writing small programs to work through accounting extracts",
        ),
        resource=Phrase(
            "the Thursday evening Python clinic run by the data platform team",
            "the weekly after-hours coding class",
            "Thursday evening Python clinic",
        ),
        insights=(
            Phrase(
                "a merge silently duplicates rows when the join key is not unique",
                "how combining tables can multiply records without warning",
                "join key is not unique",
            ),
            Phrase(
                "reading a large ledger extract in chunks keeps a laptop from running out of memory",
                "processing a big file piece by piece",
                "in chunks",
            ),
            Phrase(
                "notebooks should pin package versions or the results drift",
                "fixing library releases so outputs stay reproducible",
                "pin package versions",
            ),
        ),
        exercise="a script that matches intercompany balances across entities",
        assessment="the clinic's take-home project review",
        score=Quantity(5, 10, 1, "{}/10"),
    ),
)

# ---------------------------------------------------------------------------------------------
# Relationships
# ---------------------------------------------------------------------------------------------

RELATIONSHIPS = (
    Relationship(
        person="Leopold Starkweather",
        traits=(
            Fact(
                "{name} reads board memos only on paper and marks them up in green ink.",
                "How does {name} prefer to review memos for the directors?",
                "On paper, marked up in green ink.",
                ("green ink",),
            ),
            Fact(
                "{name} keeps Friday afternoons for customer calls and will not give them up for "
                "internal meetings.",
                "Which part of the week does {name} reserve for clients?",
                "Friday afternoons.",
                ("Friday afternoons",),
            ),
            Fact(
                "{name} wants bad news in the subject line of an email, never buried in the body.",
                "Where in a message does {name} expect to see problems flagged?",
                "In the subject line.",
                ("subject line",),
            ),
            Fact(
                "{name} drinks only sparkling water in meetings and asks for it without ice.",
                "What should be set out for {name} at a meeting?",
                "Sparkling water, no ice.",
                ("sparkling water",),
            ),
        ),
        events=(
            Fact(
                "{name} asked {principal} to co-present the three-year framework at the investor "
                "event.",
                "What did {name} invite {principal} to do at the capital markets day?",
                "Co-present the three-year financial framework.",
                ("three-year framework",),
            ),
            Fact(
                "{name} named {principal} chair of the new capital allocation committee.",
                "Which committee did {name} put {principal} in charge of?",
                "The new capital allocation committee.",
                ("capital allocation committee",),
            ),
        ),
        friction=Phrase(
            "I moved his Friday customer block to fit an audit committee call without asking him",
            "shifting the chief executive's protected client time without his consent",
            "Friday customer block",
        ),
        repair="we agreed his Friday afternoons only move with his own yes",
    ),
    Relationship(
        person="Ottilie Brennecke",
        traits=(
            Fact(
                "{name} wants close-week questions batched into one list at 4 pm rather than sent "
                "one by one.",
                "How does {name} like to receive questions during the close?",
                "In a single batched list at 4 pm.",
                ("4 pm",),
            ),
            Fact(
                "{name} keeps a handwritten close checklist taped inside her office door.",
                "Where does {name} keep her paper checklist for the close?",
                "Taped inside her office door.",
                ("taped inside her office door",),
            ),
            Fact(
                "{name} takes her one-on-ones walking the river trail at lunchtime.",
                "Where does {name} prefer to hold her one-on-ones?",
                "On a lunchtime walk along the river trail.",
                ("river trail",),
            ),
        ),
        events=(
            Fact(
                "{name} was promoted to Chief Accounting Officer while keeping the controller role.",
                "What promotion did {name} receive?",
                "Chief Accounting Officer.",
                ("Chief Accounting Officer",),
            ),
            Fact(
                "{name} took on the Dublin shared-services center as a second reporting line.",
                "What extra team was added to {name}'s remit?",
                "The Dublin shared-services center.",
                ("Dublin shared-services center",),
            ),
        ),
        friction=Phrase(
            "I sent her the close-day question list at 7 pm, long after she had left",
            "the controller's batch of queries arriving after hours",
            "7 pm",
        ),
        repair="I now send the batch at 4 pm even when it is short",
    ),
    Relationship(
        person="Philippa Rourke",
        traits=(
            Fact(
                "{name} runs the CEO's calendar from a color-coded master spreadsheet rather than "
                "the calendar app.",
                "What tool does {name} actually manage the chief executive's diary in?",
                "A color-coded master spreadsheet.",
                ("color-coded master spreadsheet",),
            ),
            Fact(
                "{name} answers messages in two batches, at 10 and at 3, and ignores pings in "
                "between.",
                "When during the day does {name} reply to messages?",
                "In two batches, at 10 and at 3.",
                ("at 10 and at 3",),
            ),
            Fact(
                "{name} is training for the Austin marathon and blocks her mornings until 7:30.",
                "What is {name} training for?",
                "The Austin marathon.",
                ("Austin marathon",),
            ),
        ),
        events=(
            Fact(
                "{name} and I set up a standing Tuesday sync to line up the CEO's and the CFO's "
                "calendars.",
                "What recurring check-in did {name} and I create?",
                "A standing Tuesday sync to align the CEO and CFO calendars.",
                ("Tuesday sync",),
            ),
            Fact(
                "{name} was promoted to head of the CEO's office and now manages two assistants.",
                "What new role did {name} move into?",
                "Head of the CEO's office, managing two assistants.",
                ("head of the CEO's office",),
            ),
        ),
        friction=Phrase(
            "I released a placeholder she had set on the CEO's calendar for a private call",
            "dropping a reserved slot the other assistant had guarded",
            "released a placeholder",
        ),
        repair="neither of us touches a hold the other created without a message first",
        session=_EA,
    ),
    Relationship(
        person="Winifred Oakhurst",
        traits=(
            Fact(
                "{name} wants the board pre-read a full seven days before every meeting.",
                "How far ahead does {name} expect the directors' reading material?",
                "Seven days before the meeting.",
                ("seven days",),
            ),
            Fact(
                "{name} asks for a single page of asks on top of any deck she receives.",
                "What does {name} want placed at the front of every presentation?",
                "A single page of asks.",
                ("single page of asks",),
            ),
            Fact(
                "{name} joins calls from her ranch in the Hill Country, where the video is "
                "unreliable.",
                "Why are video calls with {name} often shaky?",
                "She dials in from her ranch in the Hill Country with poor connectivity.",
                ("Hill Country",),
            ),
        ),
        events=(
            Fact(
                "{name} asked {principal} to lead the board's annual strategy day on capital "
                "allocation.",
                "What did {name} ask {principal} to lead for the board?",
                "The annual strategy day on capital allocation.",
                ("annual strategy day",),
            ),
            Fact(
                "{name} told the working group she will step down as chair after the next annual "
                "meeting.",
                "What did {name} announce about her role?",
                "She will step down as chair after the next annual meeting.",
                ("step down as chair",),
            ),
        ),
        friction=Phrase(
            "a pre-read reached her two days late because of the portal move",
            "late delivery of board papers during the systems change",
            "two days late",
        ),
        repair="I send her a PDF fallback whenever the portal is in any doubt",
        session=_BP,
    ),
    Relationship(
        person="Anselm Devereux",
        traits=(
            Fact(
                "{name} has orchestra rehearsals every Tuesday and Thursday until 6:30, so those "
                "evenings are his.",
                "Which evenings is {name} tied up with rehearsals?",
                "Tuesdays and Thursdays until 6:30.",
                ("Tuesday and Thursday until 6:30",),
            ),
            Fact(
                "{name} does the school drop-off on Mondays, Wednesdays and Fridays.",
                "On which days does {name} take the children to school?",
                "Mondays, Wednesdays and Fridays.",
                ("Mondays, Wednesdays and Fridays",),
            ),
            Fact(
                "{name} is allergic to shellfish, which rules out half the anniversary restaurants.",
                "What food allergy does {name} have?",
                "Shellfish.",
                ("allergic to shellfish",),
            ),
        ),
        events=(
            Fact(
                "{name} asked me to plan a surprise fiftieth birthday weekend for {principal} in "
                "Marfa.",
                "What surprise did {name} ask me to organise for {principal}?",
                "A fiftieth birthday weekend in Marfa.",
                ("fiftieth birthday weekend",),
            ),
            Fact(
                "{name} started a sabbatical term to finish his choral composition.",
                "What did {name} take time off work to do?",
                "A sabbatical term to finish his choral composition.",
                ("choral composition",),
            ),
        ),
        friction=Phrase(
            "I booked the anniversary dinner on the night of his spring concert",
            "a celebration reservation colliding with his school performance",
            "spring concert",
        ),
        repair="I check the school performance calendar before booking any family plans",
        session=_FA,
    ),
    Relationship(
        person="Bastien Leclair",
        traits=(
            Fact(
                "{name} keeps a tally of every analyst question by theme going back twelve quarters.",
                "How far back does {name}'s log of analyst questions go?",
                "Twelve quarters, sorted by theme.",
                ("twelve quarters",),
            ),
            Fact(
                "{name} insists the CFO rehearse the Q&A standing up, as she will on the day.",
                "In what posture does {name} have the CFO practise answers?",
                "Standing up.",
                ("standing up",),
            ),
            Fact(
                "{name} will not take calls during the market's opening half-hour.",
                "When is {name} unavailable for calls each trading day?",
                "During the market's opening half-hour.",
                ("opening half-hour",),
            ),
        ),
        events=(
            Fact(
                "{name} brought in the perception study from the investor survey firm.",
                "What research did {name} commission about shareholders?",
                "A perception study from an investor survey firm.",
                ("perception study",),
            ),
            Fact(
                "{name} took over corporate communications alongside investor relations.",
                "What additional function did {name} take on?",
                "Corporate communications.",
                ("corporate communications",),
            ),
        ),
        friction=Phrase(
            "I shared a draft Q&A document with the wider finance team before he had cleared it",
            "circulating investor material ahead of the IR head's approval",
            "before he had cleared it",
        ),
        repair="anything investor-facing goes to him first, even internal drafts",
    ),
    Relationship(
        person="Ezra Nakashima",
        traits=(
            Fact(
                "{name} prefixes every deal file name with the date in year-month-day order.",
                "How does {name} name the deal documents?",
                "With a year-month-day date prefix so they sort chronologically.",
                ("year-month-day order",),
            ),
            Fact(
                "{name} keeps the Tidewell founders' concerns on one whiteboard in the war room on "
                "the ninth floor.",
                "Where does {name} track the target founders' worries?",
                "On a whiteboard in the ninth-floor war room.",
                ("war room on the ninth floor",),
            ),
            Fact(
                "{name} will not discuss Tidewell on his mobile and only uses the conference line "
                "with a PIN.",
                "What phone arrangement does {name} insist on for deal calls?",
                "Only the PIN-protected conference line, never his mobile.",
                ("conference line with a PIN",),
            ),
        ),
        events=(
            Fact(
                "{name} walked the Tidewell founders through our integration philosophy over "
                "dinner in Raleigh.",
                "Where did {name} meet the target's founders to talk about integration?",
                "Over dinner in Raleigh.",
                ("dinner in Raleigh",),
            ),
            Fact(
                "{name} won approval for a second bid round after the Tidewell founders balked at "
                "the first offer.",
                "What did {name} get approved after the founders resisted the initial offer?",
                "A second bid round.",
                ("second bid round",),
            ),
        ),
        friction=Phrase(
            "I put the Tidewell founders' names into a calendar invite that went to his whole team",
            "exposing the target's leaders in a widely shared meeting request",
            "founders' names",
        ),
        repair="deal invites carry only the neutral title and names go in the private notes",
        session=_LS,
    ),
    Relationship(
        person="Cyrus Farahani",
        traits=(
            Fact(
                "{name} sends every analysis with a version number in the footer and refuses to "
                "discuss unnumbered drafts.",
                "How does {name} label his pay analyses?",
                "With a version number in the footer.",
                ("version number in the footer",),
            ),
            Fact(
                "{name} bills in six-minute increments and logs every call with the committee chair.",
                "In what increments does {name} bill?",
                "Six-minute increments.",
                ("six-minute increments",),
            ),
            Fact(
                "{name} flies in from Minneapolis the night before every committee meeting.",
                "Where does {name} travel from for committee meetings?",
                "Minneapolis, the night before.",
                ("Minneapolis",),
            ),
        ),
        events=(
            Fact(
                "{name} presented the peer-group recommendation at the committee's October "
                "session.",
                "At which meeting did {name} present his peer-group recommendation?",
                "The committee's October session.",
                ("October session",),
            ),
            Fact(
                "{name}'s firm, Pellworth Partners, was reappointed for a three-year term.",
                "For how long was {name}'s firm kept on as adviser?",
                "A three-year term.",
                ("three-year term",),
            ),
        ),
        friction=Phrase(
            "I forwarded his draft pay analysis to Saskia's deputy, who is not cleared for "
            "committee material",
            "sending the consultant's work to someone outside the approved circle",
            "Saskia's deputy",
        ),
        repair="committee material goes only to the named distribution list he maintains",
        session=_CC,
    ),
)

# ---------------------------------------------------------------------------------------------
# Corrections
# ---------------------------------------------------------------------------------------------

CORRECTIONS = (
    Correction(
        subject="the date of the third-quarter earnings call",
        ask="On what day is the Q3 results call scheduled?",
        wrong="October 22",
        right="October 29",
        later="November 5",
        cause="I had copied it from the tentative IR calendar before the audit committee date moved",
    ),
    Correction(
        subject="the room for the audit committee meeting",
        ask="Where will the audit committee convene?",
        wrong="the Pecan room on 12",
        right="the Limestone boardroom on 14",
        cause="Magdalena swapped the rooms so the committee could use the video wall",
        session=_BP,
    ),
    Correction(
        subject="the CFO's seat on the Singapore flight",
        ask="Which seat is the CFO assigned for the flight to Singapore?",
        wrong="2A",
        right="4K",
        cause="the airline swapped the aircraft type and reseated the whole cabin",
    ),
    Correction(
        subject="the deadline for the audit committee pre-read",
        ask="By what date must the audit committee reading pack be final?",
        wrong="May 2",
        right="April 28",
        later="April 24",
        cause="Barnaby asked for an extra weekend to read it before the meeting",
        session=_BP,
    ),
    Correction(
        subject="the approved budget for the leadership offsite",
        ask="How much did the COO sign off for the leadership retreat?",
        wrong="$420,000",
        right="$385,000",
        later="$440,000",
        cause="Dominic had passed on the draft figure before the COO's cut",
        session=_EA,
    ),
    Correction(
        subject="Tidewell's employee headcount",
        ask="How many people work at Tidewell?",
        wrong="412",
        right="386",
        cause="the data room census double-counted contractors on two payrolls",
        session=_LS,
    ),
    Correction(
        subject="the headline price for Tidewell",
        ask="What is the headline purchase price for the acquisition target?",
        wrong="$1.15 billion",
        right="$1.08 billion",
        later="$1.12 billion",
        cause="Lucan's first model included a working-capital adjustment that was later dropped",
        session=_LS,
    ),
    Correction(
        subject="the CEO's target bonus for next year",
        ask="What is the chief executive's target bonus as a share of salary?",
        wrong="150 percent",
        right="125 percent",
        cause="I had read the consultant's high-case scenario instead of his recommendation",
        session=_CC,
    ),
    Correction(
        subject="Clementine's orthodontist appointment",
        ask="When is Clementine due at the orthodontist?",
        wrong="Thursday the 14th at 3:40",
        right="Tuesday the 12th at 4:15",
        later="Friday the 15th at 8:05",
        cause="Anselm had read me the hygienist's slot instead of the orthodontist's",
        session=_FA,
    ),
    Correction(
        subject="the first day of Teodor's spring break",
        ask="When does Teodor's school holiday start in the spring?",
        wrong="March 16",
        right="March 9",
        cause="I had used the high school's calendar, which runs a week behind the elementary school",
        session=_FA,
    ),
    Correction(
        subject="the interest margin on the new revolver",
        ask="What spread over SOFR does the new credit facility carry?",
        wrong="SOFR plus 110 basis points",
        right="SOFR plus 95 basis points",
        cause="Lorcan's term-sheet summary predated the final pricing flex",
    ),
    Correction(
        subject="the fee quote for this year's external audit",
        ask="How much did the outside auditors quote for this year's audit?",
        wrong="$9.2 million",
        right="$8.7 million",
        cause="the first number included the climate assurance work, which is billed separately",
    ),
    Correction(
        subject="the cutoff for fourth-quarter expense submissions",
        ask="What is the last day to file expenses for the fourth quarter?",
        wrong="January 10",
        right="January 6",
        later="January 8",
        cause="the controller moved the accrual cutoff to speed up the close",
    ),
)

# ---------------------------------------------------------------------------------------------
# Errands
# ---------------------------------------------------------------------------------------------

_TRIPS = (
    "the New York roadshow leg",
    "the Dublin treasury center visit",
    "the Bengaluru site visit",
    "the Boston investor conference",
    "the Toronto customer dinner",
)

ERRANDS = (
    Errand(
        topic="Meeting room booking",
        things=(
            "the second-quarter forecast review",
            "the treasury pre-brief",
            "the tax planning session",
            "the intercompany pricing workshop",
            "the quarterly review with the cloud provider",
        ),
        log="I booked {value} for {thing} and attached the dial-in to the invite.",
        ask="Which room did I reserve for {thing}?",
        answer="{value}.",
        values=(
            "the Bluebonnet room on 9",
            "the Cypress huddle room on 14",
            "the Mesquite room on 11",
            "the Caliche room on 3",
            "the Agave room on 12",
            "the Sotol room on 10",
        ),
    ),
    Errand(
        topic="Flight confirmation",
        things=_TRIPS,
        log="The airline issued record locator {value} for {thing}, and the itinerary is in "
        "{principal}'s travel folder.",
        ask="What booking reference came back for {thing}?",
        answer="{value}.",
        values=("QX7TRM", "LHB4ZP", "MW9KDA", "RT2VNC", "JY6PEX", "FD3SGU"),
    ),
    Errand(
        topic="Hotel booking",
        things=_TRIPS,
        log="{person} confirmed the hotel for {thing}: {value}, with late checkout on the last "
        "night.",
        ask="Where is {principal} staying for {thing}?",
        answer="{value}.",
        values=(
            "the Carrick House in Midtown",
            "the Fenwick Grand by the river",
            "the Halden Suites near the station",
            "the Orchard Court Hotel",
            "the Blackwater Inn on the harbour",
            "the Larchmont Tower",
        ),
    ),
    Errand(
        topic="Delegated expense approvals",
        things=(
            "the FP&A team",
            "the treasury desk",
            "the investor relations group",
            "the tax department",
        ),
        log="Under my delegated limit I approved {value} expense reports for {thing} this week.",
        ask="How many reimbursement claims did I sign off for {thing}?",
        answer="{value} reports.",
        quantity=Quantity(4, 37, 1),
    ),
    Errand(
        topic="Vendor quote",
        things=(
            "the board dinner catering",
            "the annual report printing",
            "the investor event production crew",
            "the translation of the sustainability report",
        ),
        log="The vendor quoted {value} for {thing}; I sent the quote to Niamh for sign-off.",
        ask="What price did the supplier give for {thing}?",
        answer="{value}.",
        quantity=Quantity(4200, 96000, 200, "${:,}"),
    ),
    Errand(
        topic="Conference speaking slot",
        things=(
            "the Hartwell technology conference",
            "the Bayshore growth summit",
            "the Graniteview hardware forum",
            "the Northgate semiconductor day",
        ),
        log="The organisers of {thing} gave {principal} the fireside slot at {value}.",
        ask="At what time does {principal} speak at {thing}?",
        answer="{value}.",
        values=("9:10 am", "10:40 am", "11:25 am", "1:15 pm", "2:50 pm", "4:05 pm"),
    ),
    Errand(
        topic="Gift order",
        things=(
            "the departing Dublin treasury lead",
            "the auditors' engagement team",
            "Bastien's new baby",
            "the tax team's settlement win",
        ),
        log="I ordered {value} for {thing} and charged it to the CFO's office budget.",
        ask="What present did I choose for {thing}?",
        answer="{value}.",
        values=(
            "a framed print of the Austin skyline",
            "a hamper from the Hill Country creamery",
            "an engraved brass desk clock",
            "a set of hand-thrown coffee mugs",
            "a leather-bound notebook set",
            "a case of local craft sodas",
        ),
    ),
    Errand(
        topic="Document draft circulation",
        things=(
            "the 10-Q narrative",
            "the earnings script",
            "the risk factor update",
            "the shareholder letter",
        ),
        log="{person} circulated {value} of {thing} for the CFO's comments by end of day.",
        ask="Which numbered version of {thing} went out for the CFO's review?",
        answer="{value}.",
        quantity=Quantity(3, 27, 1, "draft {}"),
    ),
    Errand(
        topic="Badge access",
        things=(
            "the Dublin office",
            "the Bengaluru campus",
            "the Singapore office",
            "the New York sales office",
        ),
        log="Security issued {principal} badge number {value} for {thing}.",
        ask="What is the CFO's access card number at {thing}?",
        answer="Badge {value}.",
        quantity=Quantity(10400, 98800, 7),
    ),
    Errand(
        topic="Car service",
        things=(
            "the early airport run",
            "the bank dinner downtown",
            "the analyst breakfast",
            "the return from the board dinner",
        ),
        log="The car for {thing} is booked to collect {principal} at {value}.",
        ask="What pickup time did I arrange for {thing}?",
        answer="{value}.",
        values=("5:15 am", "6:40 am", "7:05 am", "6:20 pm", "9:45 pm", "10:30 pm"),
    ),
    Errand(
        topic="Wire cutoff",
        things=(
            "the euro payroll funding",
            "the bond coupon payment",
            "the dividend transfer to the paying agent",
            "the Singapore tax remittance",
        ),
        log="Lorcan's team says the bank cutoff for {thing} is {value} Central.",
        ask="By what time must {thing} be released?",
        answer="{value} Central.",
        values=("9:30 am", "10:00 am", "11:15 am", "12:45 pm", "1:30 pm", "2:00 pm"),
    ),
    Errand(
        topic="Restaurant reservation",
        things=(
            "the dinner with the audit partner",
            "the lunch with the Dublin entity's finance director",
            "the IR team's thank-you dinner",
            "the coffee with the incoming director",
        ),
        log="I reserved a table at {value} for {thing} and noted the dietary needs.",
        ask="Where did I book {thing}?",
        answer="{value}.",
        values=(
            "Juniper and Salt",
            "the Copper Wren",
            "Osteria Lantana",
            "the Pale Horse Grill",
            "Kiln and Cask",
            "the Little Quarry",
        ),
    ),
    Errand(
        topic="Subscription renewal",
        things=(
            "the CFO's equity research platform seat",
            "the board-governance newsletter",
            "the industry benchmark database",
            "the FX data terminal",
        ),
        log="{thing} renews on {value}; I set a reminder two weeks ahead.",
        ask="On what date does {thing} come up for renewal?",
        answer="{value}.",
        values=("February 3", "March 19", "May 27", "July 8", "September 14", "November 22"),
    ),
    Errand(
        topic="Team headcount",
        things=(
            "the Dublin finance team",
            "the Bengaluru shared-services center",
            "the treasury operations desk",
            "the internal audit group",
        ),
        log="{person} confirmed that {thing} stands at {value} people this month.",
        ask="How many staff does {thing} have?",
        answer="{value}.",
        quantity=Quantity(6, 240, 2),
    ),
    Errand(
        topic="Interpreter booking",
        things=(
            "the Osaka supplier dinner",
            "the Seoul customer meeting",
            "the Sao Paulo town hall",
            "the Frankfurt works-council session",
        ),
        log="I booked {value} to interpret at {thing}.",
        ask="Who is interpreting at {thing}?",
        answer="{value}.",
        values=(
            "Haruka Minegishi",
            "Seo-yeon Baek",
            "Ricardo Tavares",
            "Annelie Vogt",
            "Daisuke Omura",
            "Ji-ho Ryu",
        ),
    ),
    Errand(
        topic="Print run",
        things=(
            "the annual meeting proxy cards",
            "the town hall handouts",
            "the investor fact sheet",
            "the budget briefing books",
        ),
        log="The print shop needs the final file by Thursday to produce {value} copies of {thing}.",
        ask="How many copies of {thing} are being printed?",
        answer="{value}.",
        quantity=Quantity(40, 2400, 20, "{:,}"),
    ),
    Errand(
        topic="Tax filing deadline",
        things=(
            "the transfer pricing study",
            "the Irish entity's statutory accounts",
            "the research credit claim",
            "the sales-tax nexus review",
        ),
        log="Marguerite set {value} as the internal deadline for {thing}.",
        ask="What internal due date did the tax lead give for {thing}?",
        answer="{value}.",
        values=("April 11", "June 6", "July 25", "August 29", "October 3", "December 12"),
    ),
    Errand(
        topic="Charity pledge",
        things=(
            "the children's hospital gala",
            "the food bank benefit",
            "the university scholarship dinner",
            "the arts council auction",
        ),
        log="{principal} pledged {value} at {thing}, and I sent the paperwork to the foundation "
        "team.",
        ask="How much did {principal} commit at {thing}?",
        answer="{value}.",
        quantity=Quantity(1000, 50000, 500, "${:,}"),
    ),
    Errand(
        topic="Software seat count",
        things=(
            "the planning tool",
            "the consolidation software",
            "the board portal",
            "the expense system",
        ),
        log="{person} confirmed we pay for {value} seats on {thing}.",
        ask="How many licences do we hold for {thing}?",
        answer="{value} seats.",
        quantity=Quantity(12, 1800, 4),
    ),
    Errand(
        topic="Opening budget envelope",
        things=(
            "the marketing function",
            "the sales organization",
            "the people team",
            "corporate IT",
        ),
        log="{person} agreed to an opening envelope of {value} for {thing} before the challenge "
        "sessions.",
        ask="What starting budget was set for {thing}?",
        answer="{value}.",
        quantity=Quantity(12, 480, 4, "${}M"),
        session=_EX,
    ),
    Errand(
        topic="Staff meeting deep-dive",
        things=(
            "the January staff meeting",
            "the April staff meeting",
            "the July staff meeting",
            "the October staff meeting",
        ),
        log="The deep-dive slot at {thing} went to {value}.",
        ask="What topic got the featured slot at {thing}?",
        answer="{value}.",
        values=(
            "churn in the mid-market segment",
            "the data-center power budget",
            "the new channel partner program",
            "warranty returns on the edge switches",
            "engineering attrition in Bengaluru",
            "the pricing of the security bundle",
        ),
        session=_EX,
    ),
    Errand(
        topic="Director arrival",
        things=(
            "the audit chair's arrival",
            "the board chair's arrival",
            "the newest director's arrival",
            "the compensation chair's arrival",
        ),
        log="{thing} is set for {value} on the day before the board meeting, with a car waiting.",
        ask="When does {thing} land before the board meeting?",
        answer="{value} the day before.",
        values=("11:20 am", "1:05 pm", "2:35 pm", "3:50 pm", "5:10 pm", "7:25 pm"),
        session=_BP,
    ),
    Errand(
        topic="Board book length",
        things=(
            "the spring board book",
            "the summer board book",
            "the fall board book",
            "the winter board book",
        ),
        log="{thing} came to {value} pages once the committee reports were merged in.",
        ask="How long was {thing} in the end?",
        answer="{value} pages.",
        quantity=Quantity(140, 420, 2),
        session=_BP,
    ),
    Errand(
        topic="Assistants' collection",
        things=(
            "the farewell gift for the retiring facilities manager",
            "the COO's birthday card",
            "the holiday gift for the security desk",
            "the flowers for the CTO's family",
        ),
        log="The assistants' collection for {thing} reached {value}.",
        ask="How much did the assistants pool for {thing}?",
        answer="{value}.",
        quantity=Quantity(60, 900, 5, "${}"),
        session=_EA,
    ),
    Errand(
        topic="Hotel room block",
        things=(
            "the leadership offsite",
            "the sales kickoff",
            "the customer advisory board",
            "the engineering summit",
        ),
        log="{person} is holding a block of {value} rooms for {thing} until the release date.",
        ask="How many rooms are reserved in the block for {thing}?",
        answer="{value} rooms.",
        quantity=Quantity(12, 220, 2),
        session=_EA,
    ),
    Errand(
        topic="Committee paper revision",
        things=(
            "the CEO pay recommendation",
            "the CFO pay recommendation",
            "the long-term incentive design memo",
            "the clawback policy update",
        ),
        log="Cyrus placed {value} of {thing} in the committee's secure folder.",
        ask="Which revision of {thing} went into the committee folder?",
        answer="{value}.",
        values=(
            "revision C",
            "revision D",
            "revision F",
            "revision G",
            "revision J",
            "revision K",
        ),
        session=_CC,
    ),
    Errand(
        topic="Severance estimate",
        things=(
            "the departing chief revenue officer",
            "the head of the storage business unit",
            "the retiring chief information officer",
            "the departing head of EMEA sales",
        ),
        log="Saskia estimated the severance package for {thing} at {value}, including the "
        "accelerated equity.",
        ask="What severance cost was estimated for {thing}?",
        answer="{value}.",
        quantity=Quantity(85, 640, 5, "${} million", 100),
        session=_CC,
    ),
    Errand(
        topic="Data room document count",
        things=(
            "Tidewell's customer contracts",
            "Tidewell's employee census",
            "Tidewell's IP assignments",
            "Tidewell's tax returns",
        ),
        log="The data room index now shows {value} under {thing}.",
        ask="How many files sit in the data room folder for {thing}?",
        answer="{value}.",
        quantity=Quantity(18, 1600, 2, "{:,} documents"),
        session=_LS,
    ),
    Errand(
        topic="Discreet venue booking",
        things=(
            "the founders' management presentation",
            "the price negotiation session",
            "the integration workshop",
            "the signing dinner",
        ),
        log="I booked {value} under a neutral company name for {thing}.",
        ask="Where is {thing} taking place?",
        answer="{value}.",
        values=(
            "the garden suite at the Wexley Hotel",
            "a conference room at Harrowgate's Dallas office",
            "the library room at the Aldbury Club",
            "a private dining room at Finch and Fennel",
            "the top-floor suite at the Corrander Hotel",
            "a meeting room at the law firm's Houston office",
        ),
        session=_LS,
    ),
    Errand(
        topic="Must-retain list",
        things=(
            "Tidewell's data platform team",
            "Tidewell's sales engineering team",
            "Tidewell's founders' office",
            "Tidewell's machine-learning group",
        ),
        log="Ezra's must-retain list for {thing} runs to {value} for the offer letters.",
        ask="How many employees in {thing} were marked as essential to keep?",
        answer="{value}.",
        quantity=Quantity(3, 48, 1, "{} names"),
        session=_LS,
    ),
    Errand(
        topic="School event",
        things=(
            "Clementine's debate tournament",
            "Teodor's science fair",
            "Teodor's piano recital",
            "Clementine's volleyball final",
        ),
        log="{thing} is on {value}, and I kept {principal}'s evening clear for it.",
        ask="When is {thing}?",
        answer="{value}.",
        values=(
            "Saturday the 4th at 9:00",
            "Tuesday the 7th at 6:30",
            "Thursday the 16th at 7:00",
            "Friday the 17th at 5:45",
            "Wednesday the 22nd at 6:15",
            "Saturday the 25th at 10:30",
        ),
        session=_FA,
    ),
    Errand(
        topic="Summer camp deposit",
        things=(
            "Teodor's robotics camp",
            "Clementine's sailing camp",
            "Teodor's theater camp",
            "Clementine's wilderness camp",
        ),
        log="I paid the {value} deposit for {thing} from the household account.",
        ask="How big was the deposit for {thing}?",
        answer="{value}.",
        quantity=Quantity(1137, 2987, 25, "${:,}"),
        session=_FA,
    ),
    Errand(
        topic="Home service visit",
        things=(
            "the roof inspection",
            "the pool service",
            "the air-conditioning tune-up",
            "the piano tuning",
        ),
        log="{thing} is booked for {value}; Anselm will be home to let them in.",
        ask="When is {thing} scheduled at the house?",
        answer="{value}.",
        values=(
            "Monday at 8:30",
            "Tuesday at 1:00",
            "Wednesday at 10:15",
            "Thursday at 3:30",
            "Friday at 9:45",
            "Saturday at 11:00",
        ),
        session=_FA,
    ),
    Errand(
        topic="Passport renewal",
        things=(
            "Clementine's passport",
            "Teodor's passport",
            "Anselm's passport",
            "the family's trusted-traveller renewals",
        ),
        log="The application for {thing} went in under tracking number {value}.",
        ask="What tracking number does the application for {thing} have?",
        answer="{value}.",
        quantity=Quantity(410200, 987600, 100, "PX-{}"),
        session=_FA,
    ),
)

# ---------------------------------------------------------------------------------------------
# Meetings
# ---------------------------------------------------------------------------------------------

MEETINGS = (
    # -- executive team ------------------------------------------------------------------------
    Meeting(
        title="Hiring freeze scope",
        session=_EX,
        stances=(
            Stance(
                "Freeze everything outside quota-carrying sales until we see second-quarter "
                "bookings.",
                "wanted to stop all hiring except quota-carrying sellers",
            ),
            Stance(
                "If we stop backfilling engineers, the inference roadmap slips a full quarter.",
                "warned that halting engineering replacements would delay the inference roadmap",
            ),
            Stance(
                "Whatever we decide, managers need the rules in writing by Friday, not a rumor.",
                "insisted managers get written rules by the end of the week",
            ),
        ),
        outcome=Phrase(
            "net-new roles are frozen but backfills continue for engineering and sales",
            "which kinds of hiring were still permitted",
            "backfills continue for engineering and sales",
        ),
    ),
    Meeting(
        title="Return-to-office expectations",
        session=_EX,
        stances=(
            Stance(
                "Three anchor days a week is what the product teams asked for in the survey.",
                "cited the employee survey in favour of three fixed office days",
            ),
            Stance(
                "Mandating days while we are cutting budgets will cost us the engineers we most "
                "want to keep.",
                "argued that forced office days during cost cuts would drive away top engineers",
            ),
            Stance(
                "Let each function set its own days, but publish them so facilities can plan "
                "catering and desks.",
                "proposed letting each function choose its days as long as they are published",
            ),
        ),
        outcome=Phrase(
            "each function picks two anchor days and publishes them to facilities",
            "the rule for office attendance",
            "two anchor days",
        ),
    ),
    Meeting(
        title="Data-center power contract",
        session=_EX,
        stances=(
            Stance(
                "Lock a ten-year fixed price now; power is the one cost we can take off the table.",
                "pushed to lock in a ten-year fixed power price",
            ),
            Stance(
                "A ten-year fixed price on our whole load is a bet on rates that we cannot unwind.",
                "objected that a decade-long fixed rate was an irreversible bet",
            ),
            Stance(
                "Fix half the load and float the rest; that hedges without betting the farm.",
                "suggested fixing half of the electricity load and floating the remainder",
            ),
        ),
        outcome=Phrase(
            "we fix sixty percent of the load for seven years and float the rest",
            "the share of electricity locked in and for how long",
            "sixty percent of the load for seven years",
        ),
    ),
    Meeting(
        title="List price increase timing",
        session=_EX,
        stances=(
            Stance(
                "Raise prices on the first of the quarter so the sales team can pull deals forward.",
                "wanted the price rise at the start of the quarter to pull deals in",
            ),
            Stance(
                "A rise before renewal season will hand the competition our top accounts.",
                "feared a price rise before renewals would lose major accounts to rivals",
            ),
            Stance(
                "Whatever the date, the contracts team needs sixty days to update the paper.",
                "reminded everyone that contracts need sixty days to change",
            ),
        ),
        outcome=Phrase(
            "list prices rise six percent after renewal season, with existing customers grandfathered "
            "for a year",
            "when and how the price change lands for current customers",
            "grandfathered for a year",
        ),
    ),
    Meeting(
        title="Customer concentration response",
        session=_EX,
        stances=(
            Stance(
                "One hyperscaler is now nineteen percent of revenue; we need a second and third "
                "anchor customer inside a year.",
                "raised the alarm about one cloud customer making up nearly a fifth of revenue",
            ),
            Stance(
                "That customer is also our best reference; treating it as a risk could sour the "
                "relationship.",
                "cautioned that treating the big customer as a risk could damage the relationship",
            ),
            Stance(
                "The risk factor language in the annual report has to change this year either way.",
                "said the risk factor wording had to be updated regardless",
            ),
        ),
        outcome=Phrase(
            "sales will fund two named anchor-account pursuits and legal updates the risk factor",
            "the response to relying on one big client",
            "anchor-account pursuits",
        ),
    ),
    Meeting(
        title="Bonus pool funding",
        session=_EX,
        stances=(
            Stance(
                "Fund the pool at ninety percent of target; we missed bookings but hit margin.",
                "argued for funding bonuses at ninety percent of target",
            ),
            Stance(
                "If we pay ninety percent in a year we cut heads, the town hall will not forgive us.",
                "warned that a generous pool after layoffs would anger employees",
            ),
            Stance(
                "Differentiate harder: fund at eighty and let the top performers get more than "
                "target.",
                "proposed a lower pool with larger awards for top performers",
            ),
        ),
        outcome=Phrase(
            "the pool is funded at eighty-two percent with wider differentiation for top performers",
            "the funding level for this year's bonuses",
            "eighty-two percent",
        ),
    ),
    Meeting(
        title="Storage unit restructuring",
        session=_EX,
        stances=(
            Stance(
                "The storage unit has lost money for eleven quarters; we should explore a sale.",
                "proposed exploring a sale of the loss-making storage unit",
            ),
            Stance(
                "Half our security customers buy storage in the same bundle; selling it breaks the "
                "bundle.",
                "argued that selling storage would break the security bundle",
            ),
            Stance(
                "Give it two quarters under a new general manager with a hard margin target.",
                "wanted two more quarters under new leadership and a margin target",
            ),
            Stance(
                "Any sale process leaks within a week, and the engineers will leave before a "
                "buyer shows up.",
                "worried that a sale process would leak and trigger engineering departures",
            ),
        ),
        outcome=Phrase(
            "the storage unit gets two quarters and a break-even target before any sale is "
            "discussed",
            "the probation period and goal set for the storage business",
            "break-even target",
        ),
    ),
    Meeting(
        title="AI tooling spend governance",
        session=_EX,
        stances=(
            Stance(
                "Every team is buying its own AI assistant licences; route them all through one "
                "contract.",
                "wanted all AI assistant licences consolidated into one contract",
            ),
            Stance(
                "A central gate will slow the teams that are getting real productivity out of these "
                "tools.",
                "feared a central approval gate would slow the productive teams",
            ),
            Stance(
                "Whatever we buy, nobody pastes customer data into a tool legal has not reviewed.",
                "drew a line at customer data going into unreviewed tools",
            ),
        ),
        outcome=Phrase(
            "procurement runs one enterprise agreement and teams get a pre-approved list of tools",
            "how AI software purchases will be handled from now on",
            "pre-approved list of tools",
        ),
    ),
    # -- board prep ----------------------------------------------------------------------------
    Meeting(
        title="Audit committee agenda order",
        session=_BP,
        stances=(
            Stance(
                "Put the auditors' private session first, while everyone is fresh.",
                "wanted the auditors' private session at the start of the agenda",
            ),
            Stance(
                "The private session belongs at the end, after the auditors have heard "
                "management's answers.",
                "argued the auditors' private session should come last",
            ),
            Stance(
                "Either way, the cyber update needs forty minutes, not fifteen.",
                "asked for forty minutes for the cyber update",
            ),
        ),
        outcome=Phrase(
            "the private session with the auditors closes the agenda and cyber gets forty minutes",
            "where the auditors' closed session sits and how long the security item runs",
            "closes the agenda",
        ),
    ),
    Meeting(
        title="Director education topic",
        session=_BP,
        stances=(
            Stance(
                "The directors keep asking how our AI spend turns into revenue; teach that.",
                "proposed an education session on how AI spending becomes revenue",
            ),
            Stance(
                "The new climate disclosure rules land on the board's desk next year; start there.",
                "pushed for an education session on the upcoming climate disclosure rules",
            ),
            Stance(
                "Keep it to ninety minutes and have an outside speaker, not our own executives.",
                "wanted a ninety-minute session led by an outside speaker",
            ),
        ),
        outcome=Phrase(
            "the next session covers climate disclosure with an outside speaker, and AI economics "
            "follows in the fall",
            "the order of the next two director training topics",
            "AI economics follows in the fall",
        ),
    ),
    Meeting(
        title="Buyback authorization size",
        session=_BP,
        stances=(
            Stance(
                "Ask for two billion over three years; it signals confidence ahead of the investor "
                "day.",
                "favoured a two-billion, three-year buyback authorization",
            ),
            Stance(
                "With an acquisition possible, I would not tie up more than a billion.",
                "wanted to cap the buyback at a billion because of possible acquisitions",
            ),
            Stance(
                "The size matters less than a clear rule for when we actually buy.",
                "argued for a clear purchase rule over the headline size",
            ),
        ),
        outcome=Phrase(
            "management asks for a $1.5 billion authorization with a price-based purchase grid",
            "the buyback size and purchase rule to request",
            "$1.5 billion authorization",
        ),
    ),
    Meeting(
        title="Board self-evaluation method",
        session=_BP,
        stances=(
            Stance(
                "The written survey has gone stale; everyone gives the same fours.",
                "complained the written board survey had become meaningless",
            ),
            Stance(
                "Bring in an outside facilitator for one-on-one interviews every third year.",
                "suggested an outside facilitator interviewing directors every third year",
            ),
            Stance(
                "Interviews take the corporate secretary's office weeks to schedule; keep it "
                "simple.",
                "worried about the scheduling burden of interviews",
            ),
        ),
        outcome=Phrase(
            "an outside facilitator interviews each director this year and the survey returns "
            "next year",
            "how the board will assess itself this cycle",
            "outside facilitator interviews each director",
        ),
    ),
    Meeting(
        title="Cyber briefing depth",
        session=_BP,
        stances=(
            Stance(
                "The directors want a real incident scenario, not a dashboard of green lights.",
                "asked for a real incident scenario instead of a status dashboard",
            ),
            Stance(
                "Walking through a live scenario in the boardroom tells anyone in the minutes how we "
                "would respond.",
                "worried that a detailed scenario in the minutes could expose the response plan",
            ),
            Stance(
                "Do the scenario in executive session and keep it out of the formal minutes.",
                "proposed running the scenario in executive session without minutes",
            ),
        ),
        outcome=Phrase(
            "the ransomware scenario runs in executive session and only a summary goes in the "
            "minutes",
            "how the security walkthrough will be recorded",
            "only a summary goes in the minutes",
        ),
    ),
    Meeting(
        title="Dividend initiation question",
        session=_BP,
        stances=(
            Stance(
                "A small dividend widens the shareholder base to income funds that cannot own us "
                "today.",
                "argued a small dividend would open the stock to income funds",
            ),
            Stance(
                "Once we start a dividend we can never cut it; buybacks give us flexibility.",
                "preferred buybacks because a dividend could never be cut",
            ),
            Stance(
                "Survey the top twenty holders before we bring it to the full board.",
                "wanted the top twenty shareholders surveyed first",
            ),
        ),
        outcome=Phrase(
            "investor relations surveys the top twenty holders and the question returns in the "
            "fall",
            "the next step before any vote on paying a dividend",
            "surveys the top twenty holders",
        ),
    ),
    Meeting(
        title="Pre-read length limit",
        session=_BP,
        stances=(
            Stance(
                "No committee memo over eight pages, with the asks on page one.",
                "proposed an eight-page cap with the asks on the first page",
            ),
            Stance(
                "Some topics genuinely need the detail; put it in appendices instead of cutting it.",
                "argued for moving detail into appendices rather than cutting it",
            ),
            Stance(
                "The portal can flag any memo that runs long before it reaches the directors.",
                "offered to have the portal flag overlong memos",
            ),
        ),
        outcome=Phrase(
            "memos are capped at eight pages plus appendices and the portal flags anything longer",
            "the length rule for board papers",
            "capped at eight pages",
        ),
    ),
    Meeting(
        title="Lead independent director succession",
        session=_BP,
        stances=(
            Stance(
                "The audit chair should not also be lead independent director; it concentrates too "
                "much.",
                "objected to the audit chair also serving as lead independent director",
            ),
            Stance(
                "Continuity matters in the year the chair steps down; keep experience in the role.",
                "stressed continuity in the year the chair leaves",
            ),
            Stance(
                "Let the governance committee run a proper process and report in September.",
                "wanted the governance committee to run a process and report in September",
            ),
        ),
        outcome=Phrase(
            "the governance committee runs the selection and reports back in September",
            "who handles choosing the next lead independent director and when",
            "reports back in September",
        ),
    ),
    # -- EA network ----------------------------------------------------------------------------
    Meeting(
        title="Holiday party seating",
        session=_EA,
        stances=(
            Stance(
                "Seat the executives with their own teams; that is what people remember.",
                "wanted each executive seated with their own team",
            ),
            Stance(
                "Mix them across tables, or every table becomes a staff meeting with wine.",
                "argued for mixing executives across other teams' tables",
            ),
            Stance(
                "Whatever the plan, the CEO needs an aisle seat near the stage for the toast.",
                "reminded everyone the CEO needs an aisle seat near the stage",
            ),
        ),
        outcome=Phrase(
            "each executive hosts a table drawn from a different department by lottery",
            "the seating approach for the year-end party",
            "different department by lottery",
        ),
    ),
    Meeting(
        title="Travel desk escalation path",
        session=_EA,
        stances=(
            Stance(
                "When a flight cancels after hours, we should call the agency's VIP line before "
                "anything else.",
                "wanted the agency's VIP line as the first call after a late cancellation",
            ),
            Stance(
                "The VIP line put me on hold for forty minutes last month; book direct with the "
                "airline first.",
                "preferred booking directly with the airline after a long hold on the VIP line",
            ),
            Stance(
                "Let us keep a shared note of which airline desks actually answer at night.",
                "suggested a shared list of airline desks that answer at night",
            ),
        ),
        outcome=Phrase(
            "we rebook direct with the airline first and log it with the agency within an hour",
            "the steps to follow for overnight travel disruptions",
            "log it with the agency within an hour",
        ),
    ),
    Meeting(
        title="Executive floor visitor policy",
        session=_EA,
        stances=(
            Stance(
                "Visitors to the executive floor should be met at reception, not sent up alone.",
                "wanted all executive-floor visitors escorted from reception",
            ),
            Stance(
                "Escorting every visitor will eat an hour of each assistant's day.",
                "objected that escorting everyone would cost each assistant an hour a day",
            ),
            Stance(
                "Only external visitors need an escort; employees can badge up.",
                "proposed escorting only external visitors",
            ),
        ),
        outcome=Phrase(
            "external visitors are escorted from reception while employees badge up on their own",
            "the rule for guests arriving at the leadership floor",
            "employees badge up on their own",
        ),
    ),
    Meeting(
        title="Meeting-free Friday pilot",
        session=_EA,
        stances=(
            Stance(
                "Block Friday mornings across all six calendars and see if anyone notices.",
                "proposed blocking Friday mornings across every executive calendar",
            ),
            Stance(
                "My executive does customer calls on Friday mornings in Asia; it will not work for "
                "him.",
                "said Friday mornings were needed for Asia customer calls",
            ),
            Stance(
                "Make it Wednesday afternoons instead; nothing recurring lives there today.",
                "suggested Wednesday afternoons since nothing recurring sits there",
            ),
        ),
        outcome=Phrase(
            "we pilot meeting-free Wednesday afternoons for one quarter",
            "the protected calendar slot to trial",
            "meeting-free Wednesday afternoons",
        ),
    ),
    Meeting(
        title="Offsite ground transport",
        session=_EA,
        stances=(
            Stance(
                "Coaches from the airport in three waves keep everyone together and cost less.",
                "favoured airport coaches in three waves",
            ),
            Stance(
                "Executives will not wait ninety minutes for a coach; book cars for the top table.",
                "wanted private cars for the most senior attendees",
            ),
            Stance(
                "Cars for anyone landing outside the coach windows, coaches for everyone else.",
                "proposed cars only for people arriving outside the coach windows",
            ),
        ),
        outcome=Phrase(
            "coaches run three waves and cars cover only arrivals outside those windows",
            "how attendees get from the airport to the retreat",
            "cars cover only arrivals outside those windows",
        ),
    ),
    Meeting(
        title="Board week logistics split",
        session=_EA,
        stances=(
            Stance(
                "One of us should own board week end to end instead of four people owning pieces.",
                "argued for a single assistant owning all board-week logistics",
            ),
            Stance(
                "The corporate secretary's office owns the directors; we only own our executives.",
                "insisted the assistants only handle their own executives during board week",
            ),
            Stance(
                "Split it by function: one of us on meals, one on cars, one on rooms.",
                "proposed splitting board week by function across the assistants",
            ),
        ),
        outcome=Phrase(
            "the assistants split board week by function and the secretary's office keeps the "
            "directors",
            "how board-week tasks are divided among the assistants",
            "split board week by function",
        ),
    ),
    Meeting(
        title="Delegate access audit",
        session=_EA,
        stances=(
            Stance(
                "Half the delegate permissions on the executive mailboxes belong to people who left "
                "or changed roles.",
                "reported that many mailbox delegate permissions were stale",
            ),
            Stance(
                "Pull them all and make every delegate re-request; it is the only way to be sure.",
                "wanted every delegate permission removed and re-requested",
            ),
            Stance(
                "Pulling access during quarter-end will break the close for the CFO's team.",
                "warned against removing access during the quarter-end close",
            ),
        ),
        outcome=Phrase(
            "every delegate grant is reviewed in the week after the close and anything unconfirmed "
            "is removed",
            "when and how the mailbox permission cleanup will run",
            "week after the close",
        ),
    ),
    Meeting(
        title="New assistant onboarding buddy",
        session=_EA,
        stances=(
            Stance(
                "Every new assistant gets a buddy for their first sixty days, not just a wiki link.",
                "proposed a sixty-day buddy for every new assistant",
            ),
            Stance(
                "We are all stretched; a buddy for the first two weeks is what we can actually give.",
                "argued the buddy period should be two weeks because everyone is stretched",
            ),
            Stance(
                "Record the twenty most common questions once and save everyone the repetition.",
                "suggested recording answers to the twenty most common questions",
            ),
        ),
        outcome=Phrase(
            "new assistants get a thirty-day buddy and a recorded FAQ",
            "onboarding support for incoming assistants",
            "thirty-day buddy",
        ),
    ),
    # -- compensation committee ----------------------------------------------------------------
    Meeting(
        title="CEO salary increase",
        session=_CC,
        stances=(
            Stance(
                "His base is at the twenty-fifth percentile of the new peer group; four percent is "
                "the minimum.",
                "argued for at least a four percent raise for the CEO",
            ),
            Stance(
                "In a year with layoffs, any raise for the CEO will headline the proxy coverage.",
                "warned that any CEO raise would dominate coverage of the proxy in a layoff year",
            ),
            Stance(
                "Hold the base flat and move the adjustment into performance units.",
                "suggested keeping salary flat and shifting the increase into performance units",
            ),
        ),
        outcome=Phrase(
            "the CEO's base stays flat at $1.1 million and his performance units rise by fifteen "
            "percent",
            "the chief executive's salary and equity",
            "stays flat at $1.1 million",
        ),
    ),
    Meeting(
        title="Annual bonus metric mix",
        session=_CC,
        stances=(
            Stance(
                "Revenue and operating margin at fifty-fifty is what shareholders understand.",
                "wanted bonus metrics split evenly between revenue and operating margin",
            ),
            Stance(
                "Free cash flow should be in there; it is the number we keep promising investors.",
                "pushed to add free cash flow to the bonus scorecard",
            ),
            Stance(
                "Add too many metrics and nobody remembers what they are paid for.",
                "cautioned against too many bonus metrics",
            ),
        ),
        outcome=Phrase(
            "the bonus scorecard is forty percent revenue, forty percent operating margin and "
            "twenty percent free cash flow",
            "the weighting of measures in the annual bonus",
            "twenty percent free cash flow",
        ),
    ),
    Meeting(
        title="Clawback policy scope",
        session=_CC,
        stances=(
            Stance(
                "The listing rule only requires restatement clawbacks; we should not go further.",
                "wanted the clawback limited to what the listing rule requires",
            ),
            Stance(
                "Misconduct should trigger a clawback too, restatement or not.",
                "argued misconduct alone should trigger a clawback",
            ),
            Stance(
                "If we add misconduct, define it tightly or every dispute ends up in court.",
                "insisted any misconduct trigger be tightly defined",
            ),
        ),
        outcome=Phrase(
            "the policy covers restatements plus misconduct defined as a finding by the audit "
            "committee",
            "the events that can trigger recovery of executive pay",
            "finding by the audit committee",
        ),
    ),
    Meeting(
        title="Say-on-pay outreach",
        session=_CC,
        stances=(
            Stance(
                "Last year's vote was seventy-one percent; we need to meet the top fifteen holders "
                "before the proxy, not after.",
                "wanted pre-proxy meetings with the top fifteen holders after a weak vote",
            ),
            Stance(
                "A committee member should be in those meetings, not just management.",
                "insisted a committee member attend the shareholder meetings",
            ),
            Stance(
                "Write up what each holder said and show the changes we made in the proxy.",
                "asked for a record of holder feedback and the resulting changes in the proxy",
            ),
        ),
        outcome=Phrase(
            "the committee chair joins meetings with the top fifteen holders before the proxy is "
            "filed",
            "who meets the big shareholders about pay and when",
            "top fifteen holders",
        ),
    ),
    Meeting(
        title="CTO retention grant",
        session=_CC,
        stances=(
            Stance(
                "Two competitors have approached the CTO; a retention grant now is cheaper than a "
                "search.",
                "argued a retention grant for the CTO was cheaper than replacing him",
            ),
            Stance(
                "One-off grants outside the cycle are exactly what the proxy advisors punish.",
                "warned that off-cycle grants draw criticism from proxy advisors",
            ),
            Stance(
                "Make it cliff-vest in three years with nothing before, so it actually retains.",
                "proposed a three-year cliff vest for any retention grant",
            ),
        ),
        outcome=Phrase(
            "the CTO receives a $6 million retention grant that cliff-vests after three years",
            "the size and vesting of the technology chief's special award",
            "$6 million retention grant",
        ),
    ),
    Meeting(
        title="Executive severance multiple",
        session=_CC,
        stances=(
            Stance(
                "Two times salary and bonus for the CEO and one and a half for the rest is market.",
                "supported two times pay for the CEO and one and a half for others",
            ),
            Stance(
                "Anything above one times for non-CEO executives will look rich against the layoff "
                "packages.",
                "argued other executives should get no more than one times pay",
            ),
            Stance(
                "Tie any severance above one times to signing a two-year non-solicit.",
                "proposed tying higher severance to a two-year non-solicitation agreement",
            ),
        ),
        outcome=Phrase(
            "other executives get one and a quarter times pay, conditional on a two-year "
            "non-solicit",
            "the severance multiple for executives below the CEO",
            "one and a quarter times",
        ),
    ),
    Meeting(
        title="Stock ownership guidelines",
        session=_CC,
        stances=(
            Stance(
                "Six times salary for the CEO is standard; we are at four.",
                "wanted the CEO's ownership requirement raised to six times salary",
            ),
            Stance(
                "Raise it, but give five years to comply so nobody is forced to buy in the open "
                "market.",
                "asked for a five-year compliance window",
            ),
            Stance(
                "Count unvested performance units and every executive is already compliant.",
                "pointed out counting unvested performance units would make everyone compliant",
            ),
        ),
        outcome=Phrase(
            "the CEO requirement rises to six times salary with five years to comply and "
            "performance units excluded",
            "the new shareholding rule for the chief executive",
            "performance units excluded",
        ),
    ),
    # -- Project Larkspur ----------------------------------------------------------------------
    Meeting(
        title="Opening bid level",
        session=_LS,
        stances=(
            Stance(
                "Open at nine times forward revenue; the founders will expect us to move up once.",
                "wanted to open at nine times forward revenue",
            ),
            Stance(
                "Tidewell's last round was priced at eleven times; open below that and the "
                "founders walk.",
                "warned that bidding under the last round's eleven times would lose the founders",
            ),
            Stance(
                "Whatever the multiple, the letter has to say the price assumes normal working "
                "capital.",
                "insisted the offer letter assume normal working capital",
            ),
        ),
        outcome=Phrase(
            "the first letter goes out at ten times forward revenue with a normal working-capital "
            "peg",
            "the multiple in the initial offer to the target",
            "ten times forward revenue",
        ),
    ),
    Meeting(
        title="Exclusivity period length",
        session=_LS,
        stances=(
            Stance(
                "Ask for sixty days of exclusivity; diligence on their revenue will take that long.",
                "asked for sixty days of exclusivity to finish revenue diligence",
            ),
            Stance(
                "They will not give more than thirty days with another bidder circling.",
                "predicted the target would allow only thirty days with a rival bidder around",
            ),
            Stance(
                "Take forty-five with an automatic extension if we are still on schedule.",
                "proposed forty-five days with an automatic extension",
            ),
        ),
        outcome=Phrase(
            "Tidewell agreed to forty-five days of exclusivity with one fifteen-day extension",
            "how long the exclusive negotiating window runs",
            "one fifteen-day extension",
        ),
    ),
    Meeting(
        title="Founder earnout terms",
        session=_LS,
        stances=(
            Stance(
                "An earnout on revenue keeps the founders selling through year two.",
                "favoured a revenue-based earnout to keep the founders selling",
            ),
            Stance(
                "Earnouts turn every integration decision into an argument about the payout.",
                "objected that earnouts make every integration decision contentious",
            ),
            Stance(
                "If we do one, keep it under ten percent of the price and measure bookings, not "
                "revenue.",
                "wanted any earnout capped at ten percent and measured on bookings",
            ),
        ),
        outcome=Phrase(
            "there is no earnout; the founders get larger retention grants instead",
            "the founders' incentive after closing",
            "no earnout",
        ),
    ),
    Meeting(
        title="Antitrust filing approach",
        session=_LS,
        stances=(
            Stance(
                "File early and pull-and-refile if the agency asks questions; it buys us thirty "
                "days.",
                "suggested filing early with the option to pull and refile",
            ),
            Stance(
                "Tidewell's overlap with our monitoring product is small; I do not expect a second "
                "request.",
                "judged the product overlap too small to draw a second request",
            ),
            Stance(
                "Prepare the customer declarations anyway; they take weeks if we need them.",
                "wanted customer declarations prepared in case they were needed",
            ),
        ),
        outcome=Phrase(
            "we file within ten business days of signing and draft customer declarations in "
            "parallel",
            "the timetable for the competition filing",
            "within ten business days of signing",
        ),
    ),
    Meeting(
        title="Announcement timing",
        session=_LS,
        stances=(
            Stance(
                "Announce with the quarterly results so it is one story, not two.",
                "wanted the deal announced alongside quarterly results",
            ),
            Stance(
                "Bundling it with earnings lets the deal bury a soft quarter, and analysts will say "
                "so.",
                "warned that pairing the deal with earnings would look like hiding a weak quarter",
            ),
            Stance(
                "Announce on a Monday morning before the open with a separate investor call.",
                "proposed a Monday pre-market announcement with its own investor call",
            ),
        ),
        outcome=Phrase(
            "the deal is announced on a Monday before the open with a standalone investor call",
            "when and how the acquisition becomes public",
            "standalone investor call",
        ),
    ),
    Meeting(
        title="Change-of-control contract review",
        session=_LS,
        stances=(
            Stance(
                "Fourteen of Tidewell's top fifty contracts let the customer walk on a change of "
                "control.",
                "reported that fourteen top contracts allow termination on a change of control",
            ),
            Stance(
                "Make consent from the top five of those customers a closing condition.",
                "wanted consent from the top five such customers as a closing condition",
            ),
            Stance(
                "A closing condition tells the founders we do not trust their customers; use a "
                "price holdback instead.",
                "preferred a price holdback over a closing condition",
            ),
        ),
        outcome=Phrase(
            "a $30 million holdback is released as the top five customers consent",
            "protection against customers leaving at closing",
            "$30 million holdback",
        ),
    ),
    Meeting(
        title="Target revenue recognition gaps",
        session=_LS,
        stances=(
            Stance(
                "Tidewell books multi-year prepaid deals up front; under our policy that is ratable.",
                "flagged that the target recognises multi-year prepaid deals up front",
            ),
            Stance(
                "That is a presentation issue, not a value issue; the cash is real.",
                "argued the revenue timing issue did not change the deal's value",
            ),
            Stance(
                "It changes the first-year revenue we tell investors, so it goes in the model now.",
                "insisted the timing difference be reflected in the model immediately",
            ),
        ),
        outcome=Phrase(
            "the model restates Tidewell's revenue on a ratable basis and the deck shows both views",
            "how the target's revenue is presented in the deal model",
            "ratable basis",
        ),
    ),
    Meeting(
        title="Walk-away price",
        session=_LS,
        stances=(
            Stance(
                "Above twelve times forward revenue the deal does not clear our cost of capital.",
                "set twelve times forward revenue as the ceiling",
            ),
            Stance(
                "The strategic value to the security bundle justifies stretching a little past that.",
                "argued strategic value justified paying a bit above the ceiling",
            ),
            Stance(
                "Write the number down today so nobody negotiates against themselves at midnight.",
                "wanted the walk-away number written down in advance",
            ),
        ),
        outcome=Phrase(
            "the walk-away price is fixed at $1.2 billion and recorded in the deal memo",
            "the maximum the company will pay for the target",
            "$1.2 billion",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# Filler topics (routine hay: no facts worth a question)
# ---------------------------------------------------------------------------------------------

_FILLERS_A = (
    FillerTopic(
        "Inbox triage",
        (
            "Sorted the overnight mail into act, read and file; {n} items landed in act.",
            "Most of what came in before seven was newsletters and meeting acceptances.",
            "{person} sent a thread that only needed an acknowledgement, so I sent one.",
            "I unsubscribed {principal} from another vendor webinar series she never opens.",
            "Three reply-all chains were muted before they could grow.",
            "The act folder was empty by mid-morning, which is rare for a Monday.",
            "A cold pitch from a consulting firm went to the decline template.",
            "Flagged two messages for {principal} to read on her phone between meetings.",
            "Nothing in the inbox today was time-critical.",
            "I rewrote a subject line so the thread is findable later.",
            "Calendar invites without agendas got a polite request for one.",
            "An out-of-office from {person} explained the silence on an open thread.",
        ),
    ),
    FillerTopic(
        "Morning briefing",
        (
            "The daily brief went out at 6:30 with the day's meetings and their prep links.",
            "Today's briefing was short: {n} meetings, no travel, no board items.",
            "I moved the market snapshot to the top of the brief at {principal}'s request.",
            "{person}'s note about a customer visit made it into the brief's watch list.",
            "Nothing overnight changed the day's plan.",
            "The brief flagged one meeting where the pre-read had not arrived yet.",
            "I trimmed the news section to three links so it fits on one phone screen.",
            "She replied to the brief with a thumbs-up and no changes.",
            "Weather in the two cities on today's calendar went in as a single line.",
            "The prep links for the afternoon meetings all opened without access errors.",
            "A late-night calendar change made me reissue the brief at 7:10.",
            "Tomorrow's brief is drafted and waiting for the overnight updates.",
        ),
    ),
    FillerTopic(
        "Calendar housekeeping",
        (
            "Declined {n} invitations that overlapped protected focus time.",
            "{person} asked for thirty minutes next week; I offered two slots.",
            "Added travel buffers around the off-site meetings on Thursday.",
            "A recurring series with no owner left in the company was deleted.",
            "Moved a one-on-one by a day so {principal} gets lunch on Wednesday.",
            "Every meeting next week now has a location or a dial-in.",
            "I checked time zones on the invites with overseas attendees.",
            "The prep blocks before each external meeting are back in place.",
            "Two tentative holds were confirmed and the rest released.",
            "Renamed a vague hold so {principal} can tell what it is at a glance.",
            "I traded a slot with {person} to avoid a clash.",
            "The calendar for the coming fortnight looks balanced.",
        ),
    ),
    FillerTopic(
        "Expense reports",
        (
            "Filed {principal}'s receipts from the week and submitted the report.",
            "A missing taxi receipt was replaced with the app's trip summary.",
            "{person} asked about a per-diem rule and I pointed to the right section.",
            "Matched {n} card transactions to receipts without any gaps.",
            "One hotel folio had the minibar split out, so I itemised it.",
            "The report cleared approval the same afternoon.",
            "I coded the dinner with the bank team to client entertainment.",
            "Currency conversions on the foreign receipts used the card's own rates.",
            "Nothing on this month's card needed an explanation note.",
            "Chased the airline for an invoice with the company's billing address on it.",
            "Receipts photographed at the airport were legible after a second try.",
            "The expense backlog is clear heading into the weekend.",
        ),
    ),
    FillerTopic(
        "Travel logistics",
        (
            "Checked {principal} in for tomorrow's flight and saved the boarding pass.",
            "{person} sent the visitor badge instructions for the customer site.",
            "Updated the trip sheet with the driver's number and the hotel address.",
            "Seat changes on the return leg got her an aisle closer to the front.",
            "Loyalty numbers were added to the bookings that were missing them.",
            "I confirmed the hotel has the early check-in she asked for.",
            "The trip sheet now lists {n} meetings across two days.",
            "Ground transport for the airport run is booked with a buffer for traffic.",
            "A schedule change from the airline moved departure by twenty minutes; nothing else shifted.",
            "I downloaded the offline maps for the city she is visiting.",
            "The travel folder for next month is set up with placeholder bookings.",
            "No travel this week, so I tidied the frequent-traveller profiles.",
        ),
    ),
    FillerTopic(
        "Board portal upkeep",
        (
            "Archived last quarter's committee books into the correct folders.",
            "{person} could not open an annotation, so I re-shared the document.",
            "Two directors' devices had not synced since the last meeting; I sent reminders.",
            "The portal's access report shows no unexpected viewers this month.",
            "I renamed {n} files to match the portal's naming convention.",
            "The resource library now has the current committee charters.",
            "A placeholder book for the next meeting is set up with the standing agenda.",
            "The portal vendor's maintenance window falls on a quiet weekend.",
            "Old draft versions were purged from the working area.",
            "I tested the read receipts on a dummy document.",
            "Nothing in the portal needed the corporate secretary's attention.",
            "Director contact details in the portal match the register again.",
        ),
    ),
    FillerTopic(
        "Earnings calendar watch",
        (
            "Logged the results dates that peers announced this week.",
            "The quiet-period reminder went to the finance leadership list.",
            "{person} asked when the next trading window opens, and I sent the policy link.",
            "I blocked prep time three weeks before the next results call.",
            "Analyst conference invitations for next quarter are in a holding list.",
            "The IR calendar and {principal}'s calendar agree on every date.",
            "I noted which sell-side analysts changed firms this month.",
            "No earnings dates moved since last week's check.",
            "The script-review holds for the next call are placed.",
            "{n} peers report in the same week we do; I flagged the overlap for Bastien.",
            "The conference-call vendor confirmed the standing reservation.",
            "The earnings calendar view is refreshed for the coming quarter.",
        ),
    ),
    FillerTopic(
        "Vendor invoices",
        (
            "Routed {n} invoices for the CFO's office to accounts payable with cost centers.",
            "An invoice from the catering firm lacked a purchase order number; I asked for it.",
            "{person} confirmed that a disputed charge was credited.",
            "Nothing in the invoice queue is past its payment terms.",
            "I matched the print shop's invoice to the quote before approving it.",
            "A duplicate invoice was caught and returned to the vendor.",
            "The subscription invoices this month all matched the contracted amounts.",
            "A vendor asked for remittance details, and I pointed them to the portal.",
            "Coding on two invoices was corrected from travel to events.",
            "I logged the invoices awaiting {principal}'s approval above my limit.",
            "The office budget tracker is updated with this week's spend.",
            "Payables confirmed last week's batch went out on schedule.",
        ),
    ),
    FillerTopic(
        "Signature routing",
        (
            "Queued {n} documents in the e-signature tool for {principal}'s review.",
            "A bank resolution needed a wet signature, so I printed it for her desk.",
            "{person} asked for a signed copy of the engagement letter; I sent the executed version.",
            "The signing order on a contract was fixed so legal signs first.",
            "Every document in the queue has a cover note saying what it is and why.",
            "She signed everything in one sitting before her first meeting.",
            "A vendor sent the unsigned draft again; I replied with the executed copy.",
            "Signed agreements are filed in the contracts folder with their dates.",
            "I checked the delegation of authority before routing a purchase order.",
            "Nothing was waiting on her signature by the end of the day.",
            "A notary appointment was not needed after all; the bank accepted e-signature.",
            "The signature log is reconciled for the month.",
        ),
    ),
    FillerTopic(
        "Document filing",
        (
            "Filed the week's meeting notes into the finance leadership folder.",
            "{person} could not find a board memo from last year; I sent the link.",
            "I cleaned up the duplicates in the CFO's shared drive.",
            "Folder names now follow the year-quarter-topic pattern.",
            "{n} attachments from email were saved to the right project folders.",
            "The archive of signed contracts is in date order again.",
            "Drafts older than a year were moved to the archive area.",
            "A broken shortcut on the team site was repointed.",
            "I added a readme to the treasury folder explaining its layout.",
            "Nothing was lost; the file {person} wanted was in the wrong subfolder.",
            "Retention labels were applied to the finance folders as policy requires.",
            "The shared drive is tidy enough to leave alone for a while.",
        ),
    ),
    FillerTopic(
        "Meeting notes",
        (
            "Wrote up the notes from the finance staff meeting and sent them within the hour.",
            "{person} asked for the action items only, so I sent a three-line version.",
            "The notes list {n} actions, each with an owner and a date.",
            "I recorded decisions separately from discussion so they are easy to find.",
            "Two actions from last week were closed and struck through.",
            "{principal} corrected one owner in the notes, and I reissued them.",
            "The recording was deleted after the notes were approved, as agreed.",
            "I flagged an action that had slipped twice in a row.",
            "Notes from the vendor call were short; nothing was decided.",
            "The action tracker and the notes agree on every open item.",
            "Attendees who missed the meeting got the summary directly.",
            "Nothing from today's meetings needed escalation.",
        ),
    ),
    FillerTopic(
        "Investor relations inbox",
        (
            "Forwarded {n} investor meeting requests to Bastien's team for triage.",
            "A retail shareholder's question went to the IR mailbox template reply.",
            "{person} asked whether {principal} could join a conference panel; I said I would check.",
            "An analyst's model update was saved to the sell-side folder.",
            "The IR team confirmed which investor requests she should take personally.",
            "Declined a request that fell inside the quiet period.",
            "I logged the investor meetings from the month in the contact tracker.",
            "A fund that had sold out of the stock asked for a catch-up; IR will handle it.",
            "The shareholder list update arrived and went to Bastien.",
            "No investor request needed a reply from the CFO today.",
            "I checked that every meeting request mentioned the fund's current position.",
            "The IR inbox is caught up.",
        ),
    ),
)

_FILLERS_B = (
    FillerTopic(
        "Facilities requests",
        (
            "Asked facilities to fix the flickering light over {principal}'s desk.",
            "{person} booked the small conference room for a recurring slot; I confirmed it.",
            "The thermostat on the executive floor was reset after two complaints.",
            "A new whiteboard arrived for the finance war room.",
            "I reported a broken chair in the Pecan room.",
            "Catering for Thursday's lunch meeting is ordered for {n} people.",
            "The mail room will hold packages for {principal} while she travels.",
            "Facilities confirmed the weekend power test will not affect the executive floor.",
            "I requested a second monitor for the visiting auditor's desk.",
            "The coffee machine on the fourteenth floor is working again.",
            "Parking passes for Monday's visitors are waiting at the front desk.",
            "Nothing from facilities needs chasing this week.",
        ),
    ),
    FillerTopic(
        "Device and IT upkeep",
        (
            "Installed the pending updates on {principal}'s laptop while she was at lunch.",
            "The help desk reset the conference-room display after {person} reported it.",
            "The phone's storage was nearly full; I cleared old downloads.",
            "Renewed the VPN certificate before it expired.",
            "Her headset battery was swapped for a fresh one.",
            "The help desk closed {n} of my tickets this week.",
            "I tested the video setup in the home office ahead of tomorrow's early call.",
            "Password rotation for the shared mailbox is done.",
            "The printer on the executive floor is back online.",
            "A new charger for the travel bag arrived.",
            "No device issues came up today.",
            "I confirmed the backup of the CFO's laptop completed overnight.",
        ),
    ),
    FillerTopic(
        "Weekly open-loop sweep",
        (
            "Friday sweep: {n} open loops closed, the rest carried to next week.",
            "I went through email, chat and meeting notes for anything promised and not yet done.",
            "{person} still owes a reply on a vendor question; I nudged once.",
            "Two commitments {principal} made in meetings are now on her task list.",
            "Nothing in the sweep was older than two weeks.",
            "I closed items that had quietly resolved themselves.",
            "The open-loop list went to {principal} as a short table.",
            "One loop was reassigned after its owner went on leave.",
            "The sweep took less time than usual because the week was calm.",
            "Loops waiting on outside parties are tagged with the date I last asked.",
            "No item on the list needs her personally before Monday.",
            "The tracker is clean heading into the weekend.",
        ),
    ),
    FillerTopic(
        "Audit requests",
        (
            "Sent the auditors {n} items from the prepared-by-client list.",
            "The auditors asked {person} for a walkthrough slot, and I found one.",
            "The request tracker shows nothing overdue on our side.",
            "I scheduled the walkthrough the auditors wanted with treasury.",
            "A sample selection arrived and went to the controller's team.",
            "The auditors' site badges are ready at reception.",
            "One request duplicated an earlier one, so I pointed them to it.",
            "The audit status call was short; everything is on schedule.",
            "Documents for the auditors go through the secure share, never email.",
            "{principal} did not need to join today's audit call.",
            "I logged when each request was fulfilled for the status report.",
            "The list of open audit requests is shorter than last quarter's at this point.",
        ),
    ),
    FillerTopic(
        "Treasury reports",
        (
            "The daily cash report arrived from treasury and went into the morning brief.",
            "The weekly FX exposure summary arrived; {person} asked for a copy.",
            "I filed the bank statements for the month in the treasury archive.",
            "The investment portfolio report shows no holdings outside policy.",
            "Bank fee analysis for the quarter is saved for the next treasury review.",
            "The debt covenant certificate draft is in the folder for her review.",
            "{n} bank confirmations for the auditors were signed and returned.",
            "The intercompany funding requests for the month were approved by the treasurer.",
            "Nothing in the treasury pack was flagged red.",
            "I updated the bank contact list after a relationship manager changed.",
            "Cash forecasts were posted on time this week.",
            "The monthly liquidity slide is ready for the staff meeting.",
        ),
    ),
    FillerTopic(
        "Forecast pack assembly",
        (
            "Assembled the monthly forecast pack from the FP&A outputs.",
            "FP&A sent the revised revenue bridge, and {person} asked for the one-page version.",
            "The pack came in {n} pages shorter than last month's.",
            "I checked that every chart uses the same scale and colors.",
            "Page numbers and the table of contents were regenerated after edits.",
            "{principal} asked for the variance commentary to lead, so I moved it up.",
            "The pack went to the executive team with the usual cover note.",
            "Last month's pack was archived with its final numbers.",
            "A formula error in a summary table was caught before distribution.",
            "The forecast call is booked for the usual Thursday slot.",
            "I converted the pack to PDF for the directors who prefer it.",
            "No late changes came in after distribution.",
        ),
    ),
    FillerTopic(
        "Headcount reports",
        (
            "The monthly headcount report for finance arrived from the people team.",
            "{person} asked why a contractor appeared twice; it was a data entry slip.",
            "Open requisitions for the CFO's organisation are listed with their ages.",
            "I reconciled the report with the org chart and found no gaps.",
            "{n} new joiners start next month across treasury and tax.",
            "The attrition figures went into the staff meeting pack unchanged.",
            "I updated the finance org chart with this month's moves.",
            "A manager's name was corrected in the system after a reorganisation.",
            "The report is filed in the restricted people folder.",
            "Nothing in the report needs {principal}'s attention this month.",
            "Welcome notes for the new joiners are drafted for her to sign.",
            "Interns' end dates were added to the calendar.",
        ),
    ),
    FillerTopic(
        "Procurement approvals",
        (
            "Approved {n} low-value purchase requests under my delegation.",
            "{person} asked for a sole-source justification template, and I sent it.",
            "A request above my limit went to {principal} with a one-line summary.",
            "The procurement queue for the CFO's office is empty.",
            "A vendor onboarding form was missing a tax certificate; I asked for it.",
            "I checked that the catering vendor is on the approved supplier list.",
            "A renewal notice went to procurement for negotiation.",
            "Purchase orders for the event agency were raised in time.",
            "I declined a request that belonged to another cost center.",
            "The approval log matches the budget tracker.",
            "Nothing unusual came through procurement today.",
            "Procurement confirmed the updated approval thresholds are live.",
        ),
    ),
    FillerTopic(
        "Conference invitations",
        (
            "Logged {n} new conference invitations for {principal} to consider.",
            "{person} forwarded a keynote request from an industry group; I asked for details.",
            "Declined a panel that clashed with the quarter-end close.",
            "I compared two invitations by audience and travel time.",
            "A podcast request went to investor relations for a view.",
            "The speaking calendar for the next six months is updated.",
            "I asked an organiser for the expected audience before committing.",
            "Travel holds for a likely conference are placed but not booked.",
            "The invitation tracker shows which requests are still pending a reply.",
            "Nothing on the conference list needs a decision this week.",
            "A university asked her to guest lecture; it is parked for the fall.",
            "I sent a polite decline to a sponsor-heavy summit.",
        ),
    ),
    FillerTopic(
        "Compliance training",
        (
            "Reminded {principal} that two compliance modules are due this month.",
            "She finished the insider trading refresher between meetings.",
            "{person} asked whether her compliance certifications were current; they are.",
            "The annual code-of-conduct attestation is signed.",
            "I logged the completion dates in the training tracker.",
            "{n} people in the CFO's office still owe the privacy module.",
            "The anti-bribery module took her twenty minutes.",
            "I blocked thirty minutes on Friday for the security awareness course.",
            "Compliance sent the new gifts-and-entertainment thresholds; I noted them.",
            "Nothing in compliance is overdue.",
            "Training reminders for her direct reports went out under her name.",
            "The conflict-of-interest questionnaire is filed.",
        ),
    ),
    FillerTopic(
        "Mail and couriers",
        (
            "Scanned today's physical mail and shredded what was junk.",
            "A courier package from the bank was signed for and logged.",
            "{person} sent original documents that needed to be kept in the safe.",
            "Outgoing overnight envelopes to {n} directors were dropped off before the cutoff.",
            "A magazine subscription she never reads was cancelled.",
            "I forwarded a letter for the previous CFO to the corporate secretary.",
            "The tracking numbers for the board packages are in the logistics sheet.",
            "Nothing in today's post needed her attention.",
            "A return label was printed for a faulty headset.",
            "Holiday card addresses were checked against the contact list.",
            "The mail room confirmed a delivery that had been misrouted.",
            "I collected the signed originals from her desk for the courier.",
        ),
    ),
    FillerTopic(
        "Thank-you notes",
        (
            "Drafted thank-you notes for the team that ran the close.",
            "{principal} signed {n} handwritten cards I had prepared.",
            "A note of thanks went to {person} for covering a meeting at short notice.",
            "I kept the notes short and specific, which is how she likes them.",
            "The cards went out in the afternoon internal mail.",
            "A thank-you email to the auditors' team was sent under her name.",
            "I logged who received notes so nobody gets two.",
            "The stationery supply is running low; I reordered.",
            "An external speaker at the finance town hall got a personal note.",
            "Nothing else is pending on the gratitude list.",
            "The notes for the tax team will go out after their filing.",
            "She added a line of her own to two of the cards.",
        ),
    ),
)

_FILLERS_C = (
    FillerTopic(
        "Staff meeting prep",
        (
            "Built the agenda for the finance leadership meeting from last week's open actions.",
            "{person} asked for ten minutes on the agenda, which I added near the top.",
            "Pre-reads went out a day early for once.",
            "I cut the agenda to {n} items so it fits the hour.",
            "The standing metrics page was refreshed with this month's numbers.",
            "{principal} wanted the people topics first, so I reordered the list.",
            "The room is set for hybrid, with the camera facing the whole table.",
            "Guests from outside finance received the dial-in separately.",
            "I reminded presenters that slides are due by noon the day before.",
            "Last week's actions are pasted at the bottom for a quick status pass.",
            "Nothing controversial is on this week's agenda.",
        ),
    ),
    FillerTopic(
        "One-on-one prep",
        (
            "{person} sent two topics for a one-on-one with {principal}, and I added them to the prep page.",
            "Pulled the last three sets of notes so she can see what was promised.",
            "The prep page lists {n} items, with the open ones in bold.",
            "I added a reminder about a work anniversary to the top of the page.",
            "She asked to skip the status portion and go straight to development topics.",
            "A one-on-one moved to a walking meeting at the direct report's request.",
            "Notes from today's one-on-ones are filed in the private folder.",
            "Two actions from the one-on-ones landed on my list.",
            "The prep pages for next week are drafted.",
            "Nothing from the one-on-ones needs to go to HR.",
            "A skipped one-on-one was rebooked within the same week.",
        ),
    ),
    FillerTopic(
        "Delegation and access",
        (
            "Reviewed who has delegate access to {principal}'s mailbox and calendar.",
            "{person}'s read-only access to the calendar was renewed for another quarter.",
            "A former contractor's access to the shared folder was removed.",
            "I logged today's access changes in the permissions register.",
            "The help desk confirmed my send-on-behalf rights are unchanged.",
            "{n} stale sharing links on the CFO's drive were expired.",
            "She approved a temporary access request for the audit season.",
            "Access to the restricted budget folder is limited to the named group again.",
            "The quarterly access attestation is signed.",
            "No unexpected sign-ins appeared in the mailbox audit log.",
            "I asked IT to confirm the backup delegate for holiday coverage.",
        ),
    ),
    FillerTopic(
        "KPI dashboard check",
        (
            "Skimmed the finance dashboard before the morning brief; nothing moved sharply.",
            "A broken tile on the bookings dashboard was fixed after {person} pointed it out.",
            "The dashboard refreshed on schedule overnight.",
            "I added a link to the cash dashboard in {principal}'s favourites.",
            "A chart axis that started above zero was corrected.",
            "{n} dashboard tiles were retired because nobody looked at them.",
            "The definitions page for the dashboard is now linked from every tile.",
            "The data team confirmed this week's load finished without errors.",
            "She asked for the margin tile to show the trailing four quarters.",
            "Dashboard usage stats show the cash page is the most visited.",
            "No dashboard anomalies to report today.",
        ),
    ),
    FillerTopic(
        "Community and charity requests",
        (
            "Logged {n} charity sponsorship requests for the giving committee.",
            "{person} asked whether {principal} would judge a student business competition.",
            "A nonprofit board invitation was politely parked for later.",
            "I sent the matching-gift form link to a colleague who asked.",
            "The volunteer day sign-up for the finance team is open.",
            "A school fundraiser request went to the community relations team.",
            "I checked a charity's registration before passing its request on.",
            "The giving tracker is updated with the quarter's commitments.",
            "Nothing in the charity inbox needed her personally.",
            "The food drive collection box is on the executive floor again.",
            "A thank-you letter from a nonprofit was filed.",
        ),
    ),
    FillerTopic(
        "Time-zone coordination",
        (
            "Found a slot that works for Austin, Dublin and Singapore at once.",
            "For {person}'s calls with Bengaluru, I kept to slots before the team's evening.",
            "Daylight saving changes shifted {n} recurring meetings; I fixed each one.",
            "I showed both local times in every cross-region invite.",
            "An early call was moved so {principal} does not dial in at six.",
            "The world-clock view on her calendar now includes the Asian offices.",
            "A regional holiday in Ireland pushed a meeting by a day.",
            "I kept the APAC review on the late slot that suits the region.",
            "No one had to join at midnight this week.",
            "A calendar invite with the wrong time zone was corrected before it went out.",
            "The cross-region meeting list is up to date.",
        ),
    ),
    FillerTopic(
        "Office supplies and printing",
        (
            "Ordered printer toner and a box of binder clips for the finance suite.",
            "{person} needed name tents for a workshop, so I printed them.",
            "Printed {n} copies of the agenda for the in-person attendees.",
            "The color printer ran out mid-job; I finished on the backup.",
            "Confidential printouts were collected straight from the secure tray.",
            "The shredding bin was emptied by the service this morning.",
            "Notebooks in the supply cupboard are restocked.",
            "I bound the long memo so it survives being carried around.",
            "Nothing urgent on the supply list this week.",
            "A spare set of pens went into the board room drawer.",
            "The laminator finally has a home in the supply room.",
        ),
    ),
    FillerTopic(
        "Recognition and milestones",
        (
            "Flagged {n} work anniversaries in the finance organisation this month.",
            "{principal} recorded a short video for a retiring accounts payable lead.",
            "{person} asked me to draft a promotion announcement for someone on their team.",
            "A cake for the tax team's celebration is ordered for Friday.",
            "I added the anniversaries to the staff meeting shout-outs.",
            "The recognition budget has room for the rest of the quarter.",
            "Nominations for the finance excellence award are collected.",
            "A congratulations note went out after a team member passed a certification.",
            "I kept the milestone list private until the announcements went out.",
            "Nobody's anniversary slipped past unnoticed this month.",
            "The spot-award request went to HR with her approval.",
        ),
    ),
    FillerTopic(
        "Quiet-hour catch-up",
        (
            "A lull after lunch went to preparing tomorrow's brief.",
            "{principal} sent one question from her phone, which I answered with a link.",
            "The inbox held only newsletters and automated reports for a stretch.",
            "I pre-built next week's meeting prep pages while things were still.",
            "A travel alert for an upcoming flight turned out to be nothing.",
            "Nothing in the slow hour needed more than a line of reply.",
            "I tidied the task list and archived {n} completed items.",
            "No one on the executive team wrote for most of the afternoon.",
            "The week-ahead summary got its first draft during a gap in the calendar.",
            "An invite that arrived late in the evening will get its reply in the morning.",
            "I confirmed that no out-of-hours wire approvals were pending.",
        ),
    ),
    FillerTopic(
        "Budget tracking for the CFO's office",
        (
            "Updated the CFO office budget tracker with this week's commitments.",
            "FP&A sent the monthly actuals for the office cost center, copied to {person}.",
            "Travel spend is running under plan for the quarter.",
            "I moved an accrual for the event agency into the right month.",
            "The consulting line has {n} open purchase orders.",
            "No line in the office budget is over plan.",
            "I tagged spend that belongs to the board budget instead.",
            "The monthly variance note is two sentences long this time.",
            "A refund from a cancelled conference came back to the right line.",
            "She did not need to see the office budget this week.",
            "The forecast for the office cost center is unchanged.",
        ),
    ),
)

FILLERS = _FILLERS_A + _FILLERS_B + _FILLERS_C

# ---------------------------------------------------------------------------------------------
# Negative probes (never mentioned anywhere else)
# ---------------------------------------------------------------------------------------------

NEGATIVES = (
    NegativeProbe("Anaplan", "Did the FP&A team ever pilot Anaplan for the annual plan?"),
    NegativeProbe("Coupa", "Did procurement ever evaluate Coupa as its purchasing system?"),
    NegativeProbe("bitcoin", "Did the CFO ever consider holding bitcoin on the balance sheet?"),
    NegativeProbe(
        "Dutch auction tender offer",
        "Was a Dutch auction tender offer ever discussed as a way to return cash?",
    ),
    NegativeProbe("Reykjavik", "Did I ever arrange travel for the CFO to Reykjavik?"),
    NegativeProbe("reverse stock split", "Did the board ever discuss a reverse stock split?"),
    NegativeProbe("green bonds", "Did treasury ever look at issuing green bonds?"),
    NegativeProbe("Lufthansa", "Did I ever book the CFO on a Lufthansa flight?"),
    NegativeProbe("Marrakech", "Was Marrakech ever considered for the leadership offsite?"),
    NegativeProbe("sale-leaseback", "Did anyone propose a sale-leaseback of the headquarters?"),
    NegativeProbe(
        "whistleblower hotline",
        "Did the audit committee ever review a report from the whistleblower hotline?",
    ),
    NegativeProbe("poison pill", "Did the board ever discuss adopting a poison pill?"),
    NegativeProbe("pickleball", "Did I ever book a pickleball outing for the executive team?"),
    NegativeProbe("convertible notes", "Did treasury ever propose issuing convertible notes?"),
    NegativeProbe("S/4HANA", "Was S/4HANA ever considered for the ledger consolidation?"),
    NegativeProbe(
        "golden parachute",
        "Did the compensation committee ever debate a golden parachute for the CEO?",
    ),
    NegativeProbe(
        "tuition reimbursement",
        "Did the executive team ever discuss cutting tuition reimbursement?",
    ),
    NegativeProbe("Monaco Grand Prix", "Did the CFO ever attend the Monaco Grand Prix?"),
    NegativeProbe("dog walker", "Did I ever arrange a dog walker for the Devereux household?"),
    NegativeProbe("Kilimanjaro", "Did the CFO ever plan a trip to climb Kilimanjaro?"),
    NegativeProbe("yacht charter", "Did I ever look into a yacht charter for a family holiday?"),
    NegativeProbe("Zoom", "Did the earnings call ever run on Zoom?"),
    NegativeProbe("invoice factoring", "Did treasury ever consider invoice factoring for cash?"),
    NegativeProbe("Patagonia", "Did the CFO ever take a vacation in Patagonia?"),
    NegativeProbe("spin-off", "Did anyone ever propose a spin-off of the storage business?"),
    NegativeProbe("Puerto Rico", "Did the tax team ever look at an entity in Puerto Rico?"),
    NegativeProbe("KPMG", "Did KPMG ever bid for the external audit?"),
    NegativeProbe("interest rate swap", "Did treasury ever put an interest rate swap in place?"),
    NegativeProbe("commercial paper", "Did the company ever set up a commercial paper program?"),
    NegativeProbe("private jet", "Did the CFO ever fly on a private jet for a roadshow?"),
    NegativeProbe("Montessori", "Did either child ever attend a Montessori school?"),
    NegativeProbe("sommelier", "Did I ever hire a sommelier for the board dinner?"),
    NegativeProbe("Hong Kong", "Did the CFO ever travel to Hong Kong for investor meetings?"),
    NegativeProbe("hostile takeover", "Was a hostile takeover ever discussed in any deal work?"),
    NegativeProbe("Six Sigma", "Did the close team ever use Six Sigma methods?"),
    NegativeProbe("blockchain", "Did finance ever pilot blockchain for intercompany invoices?"),
    NegativeProbe("Pebble Beach", "Did I ever organise a golf outing at Pebble Beach?"),
    NegativeProbe("ikebana", "Did the CFO ever take an ikebana class?"),
    NegativeProbe("wine auction", "Did the CFO ever bid at a wine auction?"),
    NegativeProbe(
        "employee stock purchase plan",
        "Did the compensation committee ever review the employee stock purchase plan?",
    ),
    NegativeProbe("Pilates", "Did I ever book Pilates sessions for the CFO?"),
    NegativeProbe("ghostwriter", "Did the CFO ever use a ghostwriter for her shareholder letter?"),
    NegativeProbe(
        "Cayman Islands", "Did the tax team ever set up an entity in the Cayman Islands?"
    ),
    NegativeProbe("Oktoberfest", "Did the EA network ever plan an Oktoberfest party?"),
    NegativeProbe("Gantt chart", "Did the integration plan ever use a Gantt chart?"),
    NegativeProbe("Mandarin", "Did the CFO ever study Mandarin?"),
    NegativeProbe("Lake Como", "Did the family ever vacation at Lake Como?"),
    NegativeProbe("Nairobi", "Did the CFO ever visit an office in Nairobi?"),
    NegativeProbe("NetSuite", "Did any subsidiary ever run its books on NetSuite?"),
    NegativeProbe("Juneteenth", "Did the EA network plan anything for Juneteenth?"),
)

# ---------------------------------------------------------------------------------------------
# Links (one detail shared by two unrelated arcs)
# ---------------------------------------------------------------------------------------------

LINKS = (
    Link(
        "the 2019 intercompany netting spreadsheet",
        "For {arc} I dug out the 2019 intercompany netting spreadsheet to check old balances.",
        "{arc} turned up a reference to the 2019 intercompany netting spreadsheet in an old email "
        "chain.",
        "Which two pieces of work both relied on the 2019 intercompany netting spreadsheet?",
    ),
    Link(
        "Horatio Blythe's rollforward template",
        "{arc} borrowed Horatio Blythe's rollforward template for its schedules.",
        "The numbers behind {arc} were laid out in Horatio Blythe's rollforward template.",
        "Which two efforts both used Horatio Blythe's rollforward template?",
    ),
    Link(
        "the stale FY22 cost-center mapping",
        "Part of the delay in {arc} came from the stale FY22 cost-center mapping.",
        "While working on {arc} I found the stale FY22 cost-center mapping still feeding a report.",
        "Which two pieces of work both ran into the stale FY22 cost-center mapping?",
    ),
    Link(
        "the delegated signing authority matrix",
        "{arc} needed a check against the delegated signing authority matrix before anything went "
        "out.",
        "A question during {arc} sent me back to the delegated signing authority matrix.",
        "Which two efforts both had to consult the delegated signing authority matrix?",
    ),
    Link(
        "the spare video-conference cart from the eleventh floor",
        "For {arc} we wheeled in the spare video-conference cart from the eleventh floor.",
        "{arc} only worked because the spare video-conference cart from the eleventh floor was "
        "free.",
        "Which two pieces of work both borrowed the spare video-conference cart from the "
        "eleventh floor?",
    ),
    Link(
        "the legacy vendor master export from 2021",
        "{arc} started from the legacy vendor master export from 2021.",
        "One surprise in {arc} was a record sitting in the legacy vendor master export from 2021.",
        "Which two efforts both dealt with the legacy vendor master export from 2021?",
    ),
    Link(
        "Anjali's driver-based revenue model",
        "The targets in {arc} were sized with Anjali's driver-based revenue model.",
        "I only noticed later that {arc} also leaned on Anjali's driver-based revenue model.",
        "Which two pieces of work were both sized with Anjali's driver-based revenue model?",
    ),
    Link(
        "the old e-signature template with the former controller's name",
        "{arc} briefly went out on the old e-signature template with the former controller's name.",
        "During {arc} someone pulled up the old e-signature template with the former controller's "
        "name again.",
        "Which two efforts both tripped over the old e-signature template with the former "
        "controller's name?",
    ),
    Link(
        "the Dublin entity's unreconciled suspense account",
        "{arc} had to explain a balance in the Dublin entity's unreconciled suspense account.",
        "A loose end in {arc} traced back to the Dublin entity's unreconciled suspense account.",
        "Which two pieces of work both led to the Dublin entity's unreconciled suspense account?",
    ),
    Link(
        "the shared calendar resource named Fin-Ops-Overflow",
        "{arc} kept its working sessions on the shared calendar resource named Fin-Ops-Overflow.",
        "Holds for {arc} ended up on the shared calendar resource named Fin-Ops-Overflow by "
        "mistake.",
        "Which two efforts both used the shared calendar resource named Fin-Ops-Overflow?",
    ),
)

# ---------------------------------------------------------------------------------------------
# Leaves
# ---------------------------------------------------------------------------------------------

LEAVES = (
    Leave(
        kind="vacation",
        places=("Kauai", "the Amalfi coast", "Banff", "Queenstown", "Cape Cod", "the Azores"),
        log="{principal} is on vacation in {place} until {date}; {person} is covering anything "
        "that cannot wait for her.",
        ask_place="Where did {principal} spend the vacation that ended on {date}?",
        ask_cover="Who stood in for {principal} on urgent matters during the holiday that ended on "
        "{date}?",
        quiet_lines=(
            "Nothing needed {principal} today; I filed {n} newsletters unread.",
            "Quiet day. The out-of-office reply handled most of the inbox.",
            "I declined {n} meeting invitations with a note about her return date.",
            "A routine question went to {person}, who answered it.",
            "No decisions, no escalations.",
            "I kept her calendar clear and moved nothing.",
            "The welcome-back summary grew by two lines.",
            "Only automated reports arrived.",
            "The finance team carried on without needing her.",
            "I archived notifications and left everything else for her return.",
            "Another calm day on every workstream.",
        ),
    ),
    Leave(
        kind="conference trip",
        places=("Zurich", "Scottsdale", "Vancouver", "Edinburgh", "Sydney"),
        log="{principal} is at a finance leadership conference in {place} until {date}, with "
        "{person} handling anything urgent at the office.",
        ask_place="Which city hosted the conference {principal} attended until {date}?",
        ask_cover="Who handled urgent office matters while {principal} was at the conference that "
        "ended on {date}?",
        quiet_lines=(
            "{principal} is in sessions all day; I only forwarded schedule changes.",
            "I saved {n} session recordings she marked as worth watching.",
            "A question from the controller's team went to {person}.",
            "Nothing urgent came up at the office.",
            "Her dinner reservation for the conference evening is confirmed.",
            "I gathered her notes from the day into one document.",
            "The office was quiet while she was away.",
            "No approvals were waiting for her today.",
            "I kept her inbox sorted and left it at that.",
            "She asked for the slides from one keynote, which I found.",
        ),
    ),
    Leave(
        kind="family week",
        places=(
            "the family lake house on Inks Lake",
            "her mother's home in Savannah",
            "the ranch near Fredericksburg",
            "her brother's place in Asheville",
        ),
        log="{principal} is taking a family week at {place} until {date}; {person} is the contact "
        "for anything time-sensitive.",
        ask_place="Where was {principal} during the family week that ended on {date}?",
        ask_cover="Who was the contact for time-sensitive items during {principal}'s family week "
        "ending on {date}?",
        quiet_lines=(
            "Nothing needed her attention; the log stays short.",
            "I redirected {n} requests to {person}.",
            "Her calendar is empty, as planned.",
            "No wires needed her approval today.",
            "The team handled the day without her.",
            "I noted what changed while she was away for Monday's catch-up.",
            "A quiet day with nothing to escalate.",
            "Routine only; I did not message her.",
            "I confirmed the out-of-office reply was still on.",
            "{person} closed one of her open threads, and I logged it.",
        ),
    ),
)

# ---------------------------------------------------------------------------------------------
# The domain
# ---------------------------------------------------------------------------------------------

DOMAIN = Domain(
    id="executive-assistant",
    agent="Marlow",
    role="AI executive assistant to the Chief Financial Officer",
    domain="Corporate finance at a large listed technology company (networking silicon and cloud "
    "security software)",
    organisation_key="company",
    organisation="Veridane Systems",
    team_size=9,
    profile=(
        "Marlow is the AI executive assistant to Rosalie Devereux, CFO of Veridane Systems. It runs "
        "her calendar, travel and expenses, prepares her daily brief and meeting prep, tracks the "
        "earnings and board cadence, routes documents for signature, chases vendors and keeps the "
        "running record of decisions and open loops across her finance organisation. Marlow does "
        "not sign, approve payments above its delegated limit, send board, compensation or deal "
        "material outside the approved circles, or speak for Rosalie externally: she decides, and "
        "Marlow books, drafts, tracks and stages the next step."
    ),
    communication_style=(
        "First-person, concise and specific. Entries name meetings, documents, rooms, systems, "
        "dates and amounts, say who asked for what and what is still open, quote people when their "
        "words matter, and keep routine work to a line or two. Confidential material stays in its "
        "own thread; calendar holds for sensitive topics use neutral titles."
    ),
    principal=Person(PRINCIPAL, "Chief Financial Officer"),
    principal_profile=(
        "Rosalie has been CFO of Veridane Systems for five years, after running FP&A and treasury "
        "at two semiconductor companies. She reports to the CEO, Leopold Starkweather, and leads a "
        "finance organisation of about 600 people covering the controller, treasury, FP&A, investor "
        "relations, tax and procurement. She is direct, prefers written pre-reads to long meetings, "
        "protects Tuesday and Thursday mornings for focus work, and wants bad news early. She lives "
        "in Austin with her husband Anselm and their children Clementine and Teodor."
    ),
    shared_knowledge=(
        "Veridane Systems sells networking silicon and cloud security software, with about $11 "
        "billion in annual revenue and roughly 28,000 employees.",
        "Headquarters is in Austin; the main international sites are the Dublin treasury and "
        "shared-services center, the Bengaluru engineering campus and the Singapore office.",
        "The company reports quarterly, runs a calendar fiscal year and holds four regular board "
        "meetings a year, each preceded by an audit committee meeting.",
        "Sensitive calendar holds use neutral titles, and board, compensation and deal material "
        "travels only through the board portal or the deal data room.",
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
    ("Ottilie Brennecke", "the corporate controller"),
    ("Lorcan Fitzsimmons", "the treasurer"),
    ("Anjali Varadarajan", "the head of planning and analysis"),
    ("Bastien Leclair", "the head of investor relations"),
    ("Marguerite Halloran", "the head of tax"),
    ("Niamh Corrigan", "the CFO's chief of staff"),
    ("Ignatius Bell", "the head of procurement"),
    ("Leopold Starkweather", "the chief executive"),
    ("Henrietta Vasquez-Lowe", "the chief operating officer"),
    ("Rohan Deshpande", "the chief technology officer"),
    ("Cordelia Ashworth", "the general counsel"),
    ("Saskia Verhoeven", "the chief people officer"),
    ("Ezra Nakashima", "the head of corporate development"),
    ("Winifred Oakhurst", "the chair of the board"),
    ("Barnaby Pryce", "the audit committee chair"),
    ("Evangeline Moss", "the compensation committee chair"),
    ("Percival Njoroge", "the second director on the pay committee"),
    ("Cyrus Farahani", "the outside pay consultant"),
    ("Lucan Whitlow", "the deal's investment banker"),
    ("Thaddeus Crane", "the outside M&A lawyer"),
    ("Oona Bexley", "the deal team's workstream lead"),
    ("Horatio Blythe", "the lead external audit partner"),
    ("Philippa Rourke", "the chief executive's assistant"),
    ("Dominic Ferrante", "the operations chief's assistant"),
    ("Yara Qureshi", "the technology chief's assistant"),
    ("Benedikt Sorensen", "the general counsel's assistant"),
    ("Magdalena Szabo", "the campus workplace lead"),
    ("Anselm Devereux", "Rosalie's husband"),
)

THING_ASKS = (
    # rooms
    ("the second-quarter forecast review", "the mid-year look at where the numbers are heading"),
    ("the treasury pre-brief", "the short cash session that readies Rosalie beforehand"),
    (
        "the tax planning session",
        "the meeting with Marguerite's people about next year's liabilities",
    ),
    ("the intercompany pricing workshop", "the working day on how subsidiaries charge each other"),
    (
        "the quarterly review with the cloud provider",
        "the check-in every three months with our hosting supplier",
    ),
    # trips
    ("the New York roadshow leg", "the Manhattan stop of the investor tour"),
    ("the Dublin treasury center visit", "the trip to the Irish cash-management hub"),
    ("the Bengaluru site visit", "the trip to the Indian engineering campus"),
    ("the Boston investor conference", "the Massachusetts gathering of fund managers"),
    ("the Toronto customer dinner", "the Canadian client evening"),
    # approvals
    ("the FP&A team", "Anjali's forecasting people"),
    ("the treasury desk", "Lorcan's cash and banking staff"),
    ("the investor relations group", "Bastien's shareholder-facing team"),
    ("the tax department", "Marguerite's people"),
    # vendor quotes
    ("the board dinner catering", "the food for the directors' evening meal"),
    ("the annual report printing", "producing paper copies of the yearly shareholder document"),
    ("the investor event production crew", "the stage and video team for the shareholder day"),
    (
        "the translation of the sustainability report",
        "putting the climate and ESG document into other languages",
    ),
    # conferences
    ("the Hartwell technology conference", "the Hartwell tech gathering"),
    ("the Bayshore growth summit", "the Bayshore event on expansion"),
    ("the Graniteview hardware forum", "the Graniteview equipment meeting"),
    ("the Northgate semiconductor day", "the Northgate chip-industry event"),
    # gifts
    ("the departing Dublin treasury lead", "the Irish cash manager who was leaving"),
    ("the auditors' engagement team", "the outside accountants who worked on our books"),
    ("Bastien's new baby", "the IR head's newborn"),
    (
        "the tax team's settlement win",
        "Marguerite's people closing their dispute with the authorities",
    ),
    # drafts
    ("the 10-Q narrative", "the prose of the quarterly filing to regulators"),
    ("the earnings script", "what Rosalie and the chief executive read out on the results call"),
    ("the risk factor update", "the refreshed list of dangers in the securities filing"),
    ("the shareholder letter", "the yearly note to owners of the stock"),
    # badges
    ("the Dublin office", "the Irish site"),
    ("the Bengaluru campus", "the Indian engineering site"),
    ("the Singapore office", "the Southeast Asian site"),
    ("the New York sales office", "the Manhattan sellers' floor"),
    # cars
    ("the early airport run", "the pre-dawn drive to catch a flight"),
    ("the bank dinner downtown", "the evening meal with the lenders in the city centre"),
    ("the analyst breakfast", "the morning meal with the sell-side researchers"),
    ("the return from the board dinner", "the ride home after the directors' evening meal"),
    # wires
    ("the euro payroll funding", "paying European staff their salaries"),
    ("the bond coupon payment", "the interest owed to our debt holders"),
    (
        "the dividend transfer to the paying agent",
        "the money that lets shareholders receive their payout",
    ),
    ("the Singapore tax remittance", "the money owed to the Southeast Asian revenue authority"),
    # restaurants
    ("the dinner with the audit partner", "the evening meal with Horatio"),
    (
        "the lunch with the Dublin entity's finance director",
        "the midday meal with the Irish subsidiary's money person",
    ),
    ("the IR team's thank-you dinner", "the evening out to thank Bastien's people"),
    ("the coffee with the incoming director", "the informal chat with the newest board member"),
    # subscriptions
    ("the CFO's equity research platform seat", "Rosalie's login to the stock analysts' reports"),
    ("the board-governance newsletter", "the bulletin on how directors should run companies"),
    ("the industry benchmark database", "the peer comparison data service"),
    ("the FX data terminal", "the screen for currency prices"),
    # headcount
    ("the Dublin finance team", "the Irish accountants"),
    ("the Bengaluru shared-services center", "the Indian back-office hub"),
    ("the treasury operations desk", "Lorcan's payments staff"),
    ("the internal audit group", "the in-house control testers"),
    # interpreters
    ("the Osaka supplier dinner", "the evening meal with the Japanese vendor"),
    ("the Seoul customer meeting", "the session with the Korean client"),
    ("the Sao Paulo town hall", "the all-hands in Brazil"),
    ("the Frankfurt works-council session", "the meeting with German employee representatives"),
    # print runs
    ("the annual meeting proxy cards", "the ballots shareholders return by mail"),
    ("the town hall handouts", "the papers given out at the all-hands"),
    ("the investor fact sheet", "the one-page summary for fund managers"),
    ("the budget briefing books", "the binders about next year's spending"),
    # tax deadlines
    ("the transfer pricing study", "the analysis of what subsidiaries charge each other"),
    ("the Irish entity's statutory accounts", "the legally required books of our Ireland company"),
    ("the research credit claim", "the request for the R&D tax break"),
    ("the sales-tax nexus review", "the check of which states can charge us indirect levies"),
    # charity
    ("the children's hospital gala", "the black-tie fundraiser for young patients"),
    ("the food bank benefit", "the fundraiser for hunger relief"),
    ("the university scholarship dinner", "the evening raising money for student aid"),
    ("the arts council auction", "the bidding event for the cultural board"),
    # software seats
    ("the planning tool", "Anjali's forecasting software"),
    ("the consolidation software", "the system that rolls up the subsidiaries' books"),
    ("the board portal", "the directors' document website"),
    ("the expense system", "where staff file reimbursement claims"),
    # budget envelopes
    ("the marketing function", "the brand and demand-generation organisation"),
    ("the sales organization", "the people who sell our products"),
    ("the people team", "HR"),
    ("corporate IT", "internal technology support"),
    # staff meetings
    ("the January staff meeting", "the first staff meeting of the year"),
    ("the April staff meeting", "the second-quarter staff meeting"),
    ("the July staff meeting", "the midsummer staff meeting"),
    ("the October staff meeting", "the autumn staff meeting"),
    # director arrivals
    ("the audit chair's arrival", "when Barnaby flies in"),
    ("the board chair's arrival", "when Winifred flies in"),
    ("the newest director's arrival", "when the most recently appointed board member flies in"),
    ("the compensation chair's arrival", "when Evangeline flies in"),
    # board books
    ("the spring board book", "the directors' pack for the March-to-May meeting"),
    ("the summer board book", "the directors' pack for the mid-year meeting"),
    ("the fall board book", "the directors' pack for the autumn meeting"),
    ("the winter board book", "the directors' pack for the year-end meeting"),
    # assistants' collection
    (
        "the farewell gift for the retiring facilities manager",
        "the leaving present for the buildings chief",
    ),
    ("the COO's birthday card", "Henrietta's birthday"),
    ("the holiday gift for the security desk", "the year-end present for the lobby guards"),
    ("the flowers for the CTO's family", "Rohan's family's bouquet"),
    # room blocks
    ("the leadership offsite", "the retreat for the top sixty managers"),
    ("the sales kickoff", "the yearly launch event for the sellers"),
    ("the customer advisory board", "the panel of clients who counsel us"),
    ("the engineering summit", "the gathering of our developers"),
    # committee papers
    ("the CEO pay recommendation", "the proposal on Leopold's compensation"),
    ("the CFO pay recommendation", "the proposal on Rosalie's compensation"),
    (
        "the long-term incentive design memo",
        "the paper on how multi-year equity awards should work",
    ),
    ("the clawback policy update", "the revised rules for recovering paid bonuses"),
    # severance
    ("the departing chief revenue officer", "the outgoing top sales executive"),
    ("the head of the storage business unit", "the leader of the data-storage division"),
    ("the retiring chief information officer", "the IT chief who was stepping down"),
    ("the departing head of EMEA sales", "the outgoing leader of European selling"),
    # data room
    ("Tidewell's customer contracts", "the target's client agreements"),
    ("Tidewell's employee census", "the target's staff roster"),
    ("Tidewell's IP assignments", "the target's patent and invention transfers"),
    ("Tidewell's tax returns", "the target's filings with revenue authorities"),
    # venues
    ("the founders' management presentation", "the pitch by the target's creators"),
    ("the price negotiation session", "the haggling over what we pay"),
    ("the integration workshop", "the day planning how the two companies combine"),
    ("the signing dinner", "the meal to celebrate putting pen to the deal"),
    # must-retain
    ("Tidewell's data platform team", "the target's infrastructure engineers"),
    ("Tidewell's sales engineering team", "the target's pre-sales technical staff"),
    ("Tidewell's founders' office", "the target's leadership support group"),
    ("Tidewell's machine-learning group", "the target's AI researchers"),
    # school events
    ("Clementine's debate tournament", "the daughter's argument competition"),
    ("Teodor's science fair", "the son's experiment exhibition"),
    ("Teodor's piano recital", "the son's keyboard performance"),
    ("Clementine's volleyball final", "the daughter's championship match"),
    # camps
    ("Teodor's robotics camp", "the son's holiday programme building machines"),
    ("Clementine's sailing camp", "the daughter's holiday programme on boats"),
    ("Teodor's theater camp", "the son's holiday drama programme"),
    ("Clementine's wilderness camp", "the daughter's outdoor holiday programme"),
    # home services
    ("the roof inspection", "the check of the house's shingles"),
    ("the pool service", "the swimming-water maintenance visit"),
    ("the air-conditioning tune-up", "the cooling-system servicing"),
    ("the piano tuning", "the visit to adjust the instrument at home"),
    # passports
    ("Clementine's passport", "the daughter's travel document"),
    ("Teodor's passport", "the son's travel document"),
    ("Anselm's passport", "Rosalie's husband's travel document"),
    (
        "the family's trusted-traveller renewals",
        "the household's fast-track border programme applications",
    ),
)

SESSION_ASKS = (
    ("executive-team", "the CEO's staff"),
    ("board-prep", "the group readying material for the directors"),
    ("ea-network", "the other executives' assistants"),
    ("comp-committee", "the directors who set executive pay"),
    ("project-larkspur", "the confidential acquisition team"),
    ("family", "the household thread with Rosalie's husband"),
)

LINK_ASKS = (
    (
        "the 2019 intercompany netting spreadsheet",
        "an old workbook for offsetting balances between subsidiaries",
    ),
    ("Horatio Blythe's rollforward template", "the audit partner's carry-forward schedule"),
    (
        "the stale FY22 cost-center mapping",
        "an out-of-date assignment of departments to budget codes",
    ),
    ("the delegated signing authority matrix", "the table of who may approve what"),
    (
        "the spare video-conference cart from the eleventh floor",
        "the extra wheeled camera setup from upstairs",
    ),
    ("the legacy vendor master export from 2021", "an old dump of the supplier list"),
    (
        "Anjali's driver-based revenue model",
        "the planning head's forecast built on business drivers",
    ),
    (
        "the old e-signature template with the former controller's name",
        "an outdated signing form naming a departed accountant",
    ),
    (
        "the Dublin entity's unreconciled suspense account",
        "the Irish subsidiary's unexplained holding balance",
    ),
    ("the shared calendar resource named Fin-Ops-Overflow", "the spare bookable finance calendar"),
)

DOMAIN = attrs.evolve(
    DOMAIN,
    person_asks=PERSON_ASKS,
    thing_asks=THING_ASKS,
    session_asks=SESSION_ASKS,
    link_asks=LINK_ASKS,
)
