"""Litigation Attorney: an AI litigation co-pilot working for a commercial and IP litigation partner.

Helena Marchetti is a trial partner at Ashgrove Pell LLP, a mid-size firm. Her matters span a robotics
patent case (Norvale Robotics), a produce supply-contract defense (Brightwater Foods), a trade secret
injunction fight (Kestrel Analytics), a yacht-coatings jury trial (Halvorsen Marine), a software
copyright suit (Copperline Software), a licensing arbitration (Greyfield Therapeutics) and a pro bono
appeal. Client channels are privileged and isolated from each other and from the rest of the log.
All people, firms, courts' judges and companies are invented.
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

PRINCIPAL = Person("Helena Marchetti", "litigation partner, commercial and IP litigation")

CAST = (
    Person("Tobias Wren", "senior associate, IP litigation"),
    Person("Priya Raghunathan", "litigation associate, commercial disputes"),
    Person("Daniel Osei", "third-year litigation associate"),
    Person("Yusuf Karimi", "first-year litigation associate"),
    Person("Lucia Ferreira", "senior litigation paralegal"),
    Person("Marcus Beaulieu", "trial paralegal"),
    Person("Grace Nakamura", "e-discovery and litigation support manager"),
    Person("Farid Haddad", "docketing manager"),
    Person("Joanne Petrakis", "legal assistant to Helena Marchetti"),
    Person("Walter Kingsley", "managing partner"),
    Person("Ines Albrecht", "IP litigation partner"),
    Person("Rosalind Mbeki", "commercial litigation partner"),
    Person("Kenji Sato", "appellate partner"),
    Person("Samuel Achterberg", "firm general counsel and conflicts partner"),
    Person("Nadia Ivanova", "litigation practice manager, finance and staffing"),
    Person("Rhys Calloway", "research librarian"),
    Person("Alana Whitcombe", "retained technical expert, robotics"),
    Person("Victor Lindqvist", "retained damages expert, economist"),
    Person("Camille Durand", "general counsel, Norvale Robotics"),
    Person("Bram Okafor", "vice president of engineering, Norvale Robotics"),
    Person("Hugo Castellanos", "vice president, legal, Brightwater Foods"),
    Person("Delphine Moreau", "supply chain director, Brightwater Foods"),
    Person("Aisha Bello", "co-founder and CEO, Kestrel Analytics"),
    Person("Theo Marsh", "chief technology officer, Kestrel Analytics"),
    Person("Oliver Stroud", "Delaware local counsel"),
    Person("Mei-Lin Zhou", "trial graphics consultant"),
    Person("Patrick Ndlovu", "jury consultant"),
)

SESSIONS = (
    Session(
        "principal",
        "1to1",
        "my direct thread with Helena",
        "Helena's working line to her co-pilot: the docket, drafts, research, scheduling and the "
        "non-privileged side of every matter.",
        participants=("Helena Marchetti",),
        cadence=1.0,
        weekend=0.5,
    ),
    Session(
        "client-norvale",
        "group",
        "the privileged Norvale Robotics client channel",
        "Attorney-client privileged channel with Norvale Robotics about its patent suit against "
        "Sablecrest Automation over the '417 gripper patent: claim construction, damages, mediation.",
        participants=(
            "Helena Marchetti",
            "Camille Durand",
            "Bram Okafor",
            "Ines Albrecht",
            "Tobias Wren",
        ),
        isolated=True,
        sensitive_topics=(
            "Norvale's settlement authority",
            "the royalty model and damages figures",
            "claim construction strategy",
            "privileged communications with Norvale's in-house team",
        ),
        cadence=0.35,
        weekend=0.05,
    ),
    Session(
        "client-brightwater",
        "group",
        "the privileged Brightwater Foods client channel",
        "Attorney-client privileged channel with Brightwater Foods about Tamsin Farms Cooperative's "
        "breach-of-supply-agreement suit: the force majeure defense, discovery and mediation.",
        participants=(
            "Helena Marchetti",
            "Hugo Castellanos",
            "Delphine Moreau",
            "Rosalind Mbeki",
            "Priya Raghunathan",
        ),
        isolated=True,
        sensitive_topics=(
            "Brightwater's walk-away number",
            "internal emails about the supply shortfall",
            "mediation strategy",
            "the counterclaim decision",
        ),
        cadence=0.3,
        weekend=0.05,
        span=(0.2, 0.9),
    ),
    Session(
        "client-kestrel",
        "group",
        "the privileged Kestrel Analytics client channel",
        "Attorney-client privileged channel with Kestrel Analytics about its trade secret case "
        "against former executive Dorian Vale and Lumora Data: forensics, the injunction, the bond.",
        participants=(
            "Helena Marchetti",
            "Aisha Bello",
            "Theo Marsh",
            "Daniel Osei",
            "Grace Nakamura",
        ),
        isolated=True,
        sensitive_topics=(
            "the forensic findings on Dorian Vale's devices",
            "the trade secret identification",
            "bond and injunction strategy",
            "Kestrel's revenue projections",
        ),
        cadence=0.35,
        weekend=0.1,
        span=(0.05, 0.75),
    ),
    Session(
        "trial-team",
        "group",
        "the Halvorsen trial team room",
        "Working channel for the Halvorsen Marine v. Pellucid Coatings jury trial team: exhibits, "
        "witnesses, designations, graphics and jury research.",
        participants=(
            "Helena Marchetti",
            "Tobias Wren",
            "Priya Raghunathan",
            "Daniel Osei",
            "Lucia Ferreira",
            "Marcus Beaulieu",
            "Mei-Lin Zhou",
            "Patrick Ndlovu",
        ),
        cadence=0.5,
        weekend=0.15,
    ),
    Session(
        "firm-partners",
        "group",
        "the litigation partners' thread",
        "The litigation group's partners and practice manager on budgets, staffing, rates, "
        "technology and firm policy.",
        participants=(
            "Helena Marchetti",
            "Walter Kingsley",
            "Rosalind Mbeki",
            "Ines Albrecht",
            "Kenji Sato",
            "Samuel Achterberg",
            "Nadia Ivanova",
        ),
        cadence=0.25,
        weekend=0.0,
    ),
)

PROJECTS = (
    Project(
        name="Norvale Markman Campaign",
        ask="the claim-construction fight over the robotic gripper patent",
        goal="lock in constructions of the disputed '417 patent terms that keep Sablecrest's gripper inside the claims",
        metric=Phrase(
            "unbriefed claim-term count",
            "number of contested patent terms still lacking a written position",
            "unbriefed claim-term count",
        ),
        quantity=Quantity(1, 11, 1, "{}"),
        milestones=(
            "joint claim construction chart",
            "opening Markman brief",
            "technology tutorial",
            "Markman hearing",
        ),
        tasks=(
            "mapped every disputed term against the '417 prosecution history",
            "pulled the examiner interview summaries that narrowed 'compliant finger assembly'",
            "drafted the plain-meaning section for 'force-feedback loop'",
            "built the side-by-side chart of both parties' proposed constructions",
            "cut the tutorial script down to twelve minutes to fit Judge Brandt's limit",
            "checked every intrinsic-evidence cite in the reply brief against the file wrapper",
            "prepared the demonstrative showing the accused gripper's sensor layout",
        ),
        risks=(
            Phrase(
                "Sablecrest served a late invalidity contention built on a 2009 Japanese reference",
                "a belated new prior-art citation from the defendant",
                "Japanese reference",
            ),
            Phrase(
                "Judge Brandt cut the hearing to ninety minutes for both sides combined",
                "a court-imposed squeeze on argument time",
                "ninety minutes",
            ),
        ),
        artifacts=(
            "joint-claim-construction-chart.docx",
            "markman-opening-brief-v5.docx",
            "tech-tutorial-script.docx",
        ),
        session="client-norvale",
    ),
    Project(
        name="Norvale Damages Model",
        ask="the royalty analysis behind the gripper infringement claim",
        goal="build a reasonable-royalty model for the gripper patent that survives a Daubert challenge",
        metric=Phrase(
            "modeled royalty base",
            "revenue pool the royalty figure is computed from",
            "royalty base",
        ),
        quantity=Quantity(40, 190, 5, "${} million", 10),
        milestones=(
            "sales data production",
            "comparable-license analysis",
            "opening damages report",
            "rebuttal damages report",
        ),
        tasks=(
            "collected Sablecrest's unit sales by gripper model from the produced ledgers",
            "walked the damages expert through Norvale's three prior cross-licenses",
            "flagged the 2019 license that bundled software support into the royalty",
            "reconciled the accused unit counts with the distributor shipment reports",
            "drafted interrogatories aimed at Sablecrest's per-unit margins",
            "outlined the apportionment section separating the gripper from the arm controller",
        ),
        risks=(
            Phrase(
                "Sablecrest produced its European sales only in summary form",
                "incomplete overseas revenue data from the defendant",
                "European sales",
            ),
            Phrase(
                "one comparable license turned out to include a release of past damages",
                "a settlement element hidden inside a benchmark agreement",
                "release of past damages",
            ),
        ),
        artifacts=(
            "royalty-model-v3.xlsx",
            "comparable-licenses-memo.docx",
            "lindqvist-opening-report.pdf",
        ),
        session="client-norvale",
    ),
    Project(
        name="Brightwater Force Majeure Defense",
        ask="the defense built on the supply disruption in the produce contract case",
        goal="prove that the Tamsin supply shortfall fell within the contract's force majeure clause",
        metric=Phrase(
            "unmatched shipment records",
            "count of deliveries not yet tied to a purchase order",
            "unmatched shipment records",
        ),
        quantity=Quantity(40, 900, 10, "{}"),
        milestones=(
            "shipment reconciliation",
            "weather and crop data subpoenas",
            "supply director's declaration",
            "summary judgment motion",
        ),
        tasks=(
            "matched the 2022 purchase orders to Tamsin's bills of lading",
            "subpoenaed the county crop reports for the drought months",
            "drafted the supply director's declaration on the rerouted orders",
            "charted every notice letter Brightwater sent under the force majeure clause",
            "pulled the cold-storage logs from the Fresno distribution center",
            "researched how the state's appellate courts read 'act of God' in supply contracts",
        ),
        risks=(
            Phrase(
                "a Brightwater buyer had emailed that the cutback was 'really about price'",
                "an unhelpful internal message about the true reason for reducing orders",
                "really about price",
            ),
            Phrase(
                "the notice letter went out eleven days after the contract's ten-day window",
                "a contractual notice sent past its deadline",
                "eleven days",
            ),
        ),
        artifacts=(
            "shipment-reconciliation.xlsx",
            "force-majeure-notice-chart.docx",
            "moreau-declaration-draft.docx",
        ),
        session="client-brightwater",
    ),
    Project(
        name="Brightwater Mediation Prep",
        ask="the run-up to settlement talks in the supply contract dispute",
        goal="go into mediation with a defensible walk-away number and a mediator who trusts our damages math",
        metric=Phrase(
            "spread between the two sides' demands",
            "gap separating the parties' settlement positions",
            "spread",
        ),
        quantity=Quantity(5, 40, 1, "${} million", 10),
        milestones=(
            "mediation statement",
            "confidential brief to the mediator",
            "opening joint session",
            "signed term sheet",
        ),
        tasks=(
            "drafted the confidential mediation statement for retired Judge Amos Kettering",
            "priced Tamsin's lost-profit claim with and without the drought months",
            "prepared a decision tree comparing trial and settlement outcomes",
            "summarized the three strongest documents Tamsin would show a jury",
            "drafted a one-page term sheet with a mutual release and a two-year supply option",
            "reserved a separate caucus room for each side at the mediator's office",
        ),
        risks=(
            Phrase(
                "Tamsin replaced its lead counsel two weeks before the session",
                "a change of trial lawyer on the other side right before talks",
                "replaced its lead counsel",
            ),
        ),
        artifacts=(
            "mediation-statement-confidential.docx",
            "decision-tree-brightwater.xlsx",
            "draft-term-sheet.docx",
        ),
        session="client-brightwater",
    ),
    Project(
        name="Kestrel Injunction Push",
        ask="the effort to stop the departed executive's new employer from using the scoring models",
        goal="win a preliminary injunction barring Lumora Data from using Kestrel's model-scoring code",
        metric=Phrase(
            "hearing exhibits ready",
            "share of the injunction exhibits that were finalized",
            "hearing exhibits ready",
        ),
        quantity=Quantity(10, 100, 5, "{}%"),
        milestones=(
            "TRO hearing",
            "expedited discovery",
            "CTO declaration",
            "preliminary injunction hearing",
        ),
        tasks=(
            "drafted the trade secret identification listing the model features file by file",
            "prepared the CTO to explain the scoring pipeline without jargon",
            "served expedited document requests on Lumora Data",
            "built the timeline of Dorian Vale's last thirty days at Kestrel",
            "proposed a bond figure supported by Kestrel's revenue projections",
            "drafted the proposed order with a carve-out for Lumora's pre-existing products",
        ),
        risks=(
            Phrase(
                "Lumora argued the features had been published in a 2021 conference paper",
                "a claim that the secrets were already public through an academic talk",
                "conference paper",
            ),
            Phrase(
                "Judge Tibbs moved the hearing up by a week",
                "an accelerated hearing date",
                "moved the hearing up",
            ),
        ),
        artifacts=(
            "trade-secret-identification-sealed.pdf",
            "vale-timeline.xlsx",
            "pi-proposed-order.docx",
        ),
        session="client-kestrel",
    ),
    Project(
        name="Kestrel Forensic Review",
        ask="the tracing of what the former vice president took with him",
        goal="trace every Kestrel file that left the company on Dorian Vale's devices and accounts",
        metric=Phrase(
            "files traced to the exfiltration",
            "count of documents shown to have gone out with the former executive",
            "files traced",
        ),
        quantity=Quantity(20, 600, 10, "{}"),
        milestones=(
            "device imaging",
            "cloud account subpoena",
            "forensic examiner's report",
            "examiner deposition",
        ),
        tasks=(
            "arranged imaging of Vale's returned laptop and phone",
            "compared the USB device logs with the badge-in records",
            "drafted the subpoena to the cloud storage provider",
            "reviewed the examiner's hash-match report against the model repository",
            "prepared the chain-of-custody declaration for the forensic vendor",
            "flagged the 2 a.m. sync session for the injunction brief",
        ),
        risks=(
            Phrase(
                "the cloud provider's compliance desk asked for a court order before producing anything",
                "a storage company demanding judicial sign-off",
                "compliance desk",
            ),
        ),
        artifacts=(
            "forensic-imaging-log.xlsx",
            "hash-match-report.pdf",
            "chain-of-custody-declaration.docx",
        ),
        session="client-kestrel",
    ),
    Project(
        name="Halvorsen Trial Readiness",
        ask="the preparation for the yacht coatings jury trial",
        goal="put the hull coatings case in front of a jury with every exhibit authenticated and every witness prepared",
        metric=Phrase(
            "exhibits lacking a sponsoring witness",
            "number of trial exhibits with nobody lined up to lay foundation",
            "sponsoring witness",
        ),
        quantity=Quantity(0, 120, 4, "{}"),
        milestones=(
            "final pretrial order",
            "motions in limine",
            "witness prep sessions",
            "jury selection",
            "opening statement",
        ),
        tasks=(
            "drafted the motion in limine on Pellucid's undisclosed lab tests",
            "assigned a sponsoring witness to every plaintiff's exhibit",
            "ran the first prep session with Halvorsen's yard foreman",
            "cut the opening to thirty-five minutes around the new graphics",
            "negotiated the authenticity stipulation for the business records",
            "built the witness order grid for the first week of trial",
            "drafted proposed jury instructions on express warranty",
        ),
        risks=(
            Phrase(
                "Pellucid disclosed a new rebuttal witness after the cutoff",
                "an extra defense testifier named past the deadline",
                "rebuttal witness",
            ),
            Phrase(
                "Judge Okonkwo put a criminal trial ahead of ours on the calendar",
                "a criminal matter bumping the trial date",
                "criminal trial",
            ),
        ),
        artifacts=(
            "final-exhibit-list.xlsx",
            "witness-order-grid.xlsx",
            "opening-outline-v7.docx",
            "mil-brief-lab-tests.docx",
        ),
        session="trial-team",
    ),
    Project(
        name="Halvorsen Designations Sprint",
        ask="the work on which deposition excerpts get played to the jury in the coatings case",
        goal="finish deposition designations, counter-designations and objections for the absent Pellucid witnesses",
        metric=Phrase(
            "designated deposition pages",
            "amount of transcript marked for playing at trial",
            "designated deposition pages",
        ),
        quantity=Quantity(60, 600, 10, "{}"),
        milestones=(
            "affirmative designations",
            "counter-designations",
            "objection meet-and-confer",
            "video clip edits",
        ),
        tasks=(
            "designated the Pellucid sales manager's admissions on the blistering complaints",
            "trimmed the former chemist's testimony down to the adhesion tests",
            "logged hearsay objections to Pellucid's counter-designations",
            "synced the video clips to the certified transcripts",
            "built the run-time chart for each designated witness",
            "met and conferred with Baird Sorensen over the completeness objections",
        ),
        risks=(
            Phrase(
                "the videographer's files for one deposition had no timecode",
                "missing time stamps on one witness's recording",
                "no timecode",
            ),
        ),
        artifacts=(
            "designation-chart.xlsx",
            "clip-runtime-report.pdf",
            "objections-log.docx",
        ),
        session="trial-team",
    ),
    Project(
        name="Phase Budget Rollout",
        ask="the move to task-based budgets across the litigation group",
        goal="put every active litigation matter on a phase-by-phase budget the client has approved",
        metric=Phrase(
            "matters without an approved phase budget",
            "count of open cases still lacking a client-signed budget",
            "approved phase budget",
        ),
        quantity=Quantity(4, 80, 2, "{}"),
        milestones=(
            "budget template",
            "pilot on six matters",
            "group-wide rollout",
            "quarterly variance review",
        ),
        tasks=(
            "drafted the phase budget template with pleading, discovery, motions and trial phases",
            "pulled three years of actual fees by phase from the billing system",
            "walked the practice manager through the variance report layout",
            "converted the pilot matters' budgets into the new template",
            "wrote the partner guidance on when to send a budget revision",
            "flagged the matters running more than twenty percent over their discovery phase",
        ),
        risks=(
            Phrase(
                "two partners refused to send budgets on contingency matters",
                "pushback from partners on fee-at-risk cases",
                "contingency matters",
            ),
        ),
        artifacts=(
            "phase-budget-template.xlsx",
            "budget-guidance-memo.docx",
            "variance-report-q3.xlsx",
        ),
        session="firm-partners",
    ),
    Project(
        name="Courtroom Reps Initiative",
        ask="the program to get younger lawyers speaking in court",
        goal="give every associate from the fourth year up a real speaking role in court this year",
        metric=Phrase(
            "associates with a stand-up role",
            "number of mid-level lawyers who had argued or examined a witness",
            "stand-up role",
        ),
        quantity=Quantity(2, 30, 1, "{}"),
        milestones=(
            "inventory of upcoming hearings",
            "partner pairing list",
            "moot program",
            "year-end tally",
        ),
        tasks=(
            "inventoried every hearing on the group's calendar for the next two quarters",
            "paired each eligible associate with a partner and a hearing",
            "set up a moot schedule in the 32nd-floor training room",
            "drafted the client consent letter for associate arguments",
            "tracked which judges' standing orders encourage argument by junior lawyers",
            "collected feedback forms after each associate's hearing",
        ),
        risks=(
            Phrase(
                "a client objected to an associate arguing its summary judgment motion",
                "a client's refusal to let a junior lawyer argue",
                "client objected",
            ),
        ),
        artifacts=(
            "hearing-inventory.xlsx",
            "associate-pairings.docx",
            "client-consent-letter.docx",
        ),
        session="firm-partners",
    ),
    Project(
        name="Greyfield Royalty Arbitration",
        ask="the licensing dispute over unpaid fees on the biologics manufacturing process",
        goal="recover the royalties Aurelian Biologics withheld under the Greyfield process license",
        metric=Phrase(
            "royalty claim",
            "amount of unpaid license fees we were seeking",
            "royalty claim",
        ),
        quantity=Quantity(80, 260, 5, "${} million", 10),
        milestones=(
            "statement of claim",
            "document exchange",
            "witness statements",
            "evidentiary hearing",
            "post-hearing brief",
        ),
        tasks=(
            "drafted the statement of claim around the 'net sales' definition in section 4.2",
            "collected Aurelian's quarterly royalty reports going back to 2019",
            "drafted the witness statement of Greyfield's licensing director",
            "built the chart of deductions Aurelian took from gross sales",
            "prepared the cross outline for Aurelian's finance controller",
            "drafted proposals for the procedural order on document production",
        ),
        risks=(
            Phrase(
                "Aurelian argued that section 4.2 excluded sales made through its contract manufacturer",
                "an argument that third-party manufactured product falls outside the fee clause",
                "contract manufacturer",
            ),
            Phrase(
                "the panel chair Harriet Lowe was out for surgery for three weeks",
                "the presiding arbitrator's medical absence",
                "surgery",
            ),
        ),
        artifacts=(
            "statement-of-claim.docx",
            "deductions-chart.xlsx",
            "licensing-director-witness-statement.docx",
        ),
    ),
    Project(
        name="Copperline Code Case",
        ask="the copyright lawsuit over the copied rendering engine",
        goal="prove Junebug Games copied Copperline's rendering engine code through two former engineers",
        metric=Phrase(
            "source files compared",
            "number of code files run through the similarity comparison",
            "source files compared",
        ),
        quantity=Quantity(50, 4000, 50, "{}"),
        milestones=(
            "source code protective order",
            "code review sessions",
            "expert similarity report",
            "summary judgment briefing",
        ),
        tasks=(
            "negotiated the source code review room terms in the protective order",
            "logged every review session on the standalone machine at Junebug's counsel",
            "traced the two engineers' commit histories at Copperline",
            "assembled the copyright registration exhibits for the 2018 and 2020 engine versions",
            "prepared the deposition outline for Junebug's chief technology officer",
            "catalogued the identical comment typos found in both code bases",
        ),
        risks=(
            Phrase(
                "Junebug claimed the shared routines came from an open-source shader library",
                "an argument that the overlapping code was freely licensed",
                "open-source shader library",
            ),
        ),
        artifacts=(
            "code-review-log.xlsx",
            "similarity-exhibits.pdf",
            "cto-depo-outline.docx",
        ),
    ),
    Project(
        name="Deposition Outline Library",
        ask="the reusable bank of examination outlines",
        goal="turn the group's best deposition outlines into a searchable, tagged library",
        metric=Phrase(
            "outlines indexed",
            "number of examination outlines catalogued so far",
            "outlines indexed",
        ),
        quantity=Quantity(10, 400, 10, "{}"),
        milestones=(
            "collection sweep",
            "tagging scheme",
            "scrub of client names",
            "launch to associates",
        ),
        tasks=(
            "collected deposition outlines from the group's last eight trials",
            "tagged each outline by witness type, from corporate designees to experts",
            "scrubbed client names and Bates references from the shared copies",
            "wrote a short usage note for first-year associates",
            "set up the library's search fields with the research librarian",
            "merged the duplicate damages-expert outlines into one master",
        ),
        risks=(
            Phrase(
                "several outlines quoted protective-order material verbatim",
                "confidential produced material embedded in the templates",
                "protective-order material",
            ),
        ),
        artifacts=(
            "outline-library-index.xlsx",
            "tagging-scheme.md",
            "usage-note-for-associates.docx",
        ),
    ),
    Project(
        name="Larchmont Tenants Appeal",
        ask="the pro bono appeal for the tenants' association",
        goal="reverse the trial court's dismissal of the Larchmont Court tenants' repair claims",
        metric=Phrase(
            "record pages cited",
            "count of appendix pages the brief relies on",
            "record pages cited",
        ),
        quantity=Quantity(20, 400, 10, "{}"),
        milestones=(
            "record designation",
            "opening brief",
            "reply brief",
            "oral argument",
        ),
        tasks=(
            "designated the record on appeal with the tenants' repair logs",
            "drafted the standard-of-review section and sent it for appellate edits",
            "checked every appendix cite against the trial court transcript",
            "met the association's board to explain the appeal timeline",
            "ran a moot argument with two appellate partners",
            "drafted the statement of the case around the building inspector's testimony",
        ),
        risks=(
            Phrase(
                "the transcript of the motion hearing below was missing twenty pages",
                "a gap in the record of the lower-court hearing",
                "missing twenty pages",
            ),
        ),
        artifacts=(
            "opening-brief-larchmont.docx",
            "appendix-index.pdf",
            "moot-questions.docx",
        ),
    ),
    Project(
        name="Motion Template Refresh",
        ask="the update of the group's standard motion forms",
        goal="bring the group's standard motion and brief templates in line with this year's local rule changes",
        metric=Phrase(
            "templates on the old caption format",
            "number of forms still using the outdated heading style",
            "old caption format",
        ),
        quantity=Quantity(2, 60, 2, "{}"),
        milestones=(
            "template inventory",
            "rule change memo",
            "rebuilt templates",
            "training session",
        ),
        tasks=(
            "inventoried every motion template on the shared drive",
            "summarized the new word-count certification rule",
            "rebuilt the summary judgment template with the new statement-of-facts format",
            "added a standing-order checklist to each judge-specific template",
            "tested the table-of-authorities macro on the new styles",
            "retired the templates still citing superseded rules",
        ),
        risks=(
            Phrase(
                "the court issued a second rules amendment mid-project",
                "another round of rule changes partway through",
                "second rules amendment",
            ),
        ),
        artifacts=(
            "template-inventory.xlsx",
            "local-rules-changes-memo.docx",
            "msj-template-current.dotx",
        ),
    ),
)

INCIDENTS = (
    Incident(
        name="Sablecrest Clawback Scramble",
        ask="the inadvertent production of privileged prosecution-counsel emails in the robotics patent case",
        system="the Norvale rolling document production",
        symptom="Sablecrest's counsel quoted a privileged email from Norvale's patent prosecution counsel in a deficiency letter",
        cause=Phrase(
            "a privilege tag was dropped when the review platform re-threaded the email families",
            "a privilege label lost while email conversations were regrouped",
            "re-threaded",
        ),
        fix=Phrase(
            "sent a clawback notice under the protective order and re-ran the privilege screen over every family",
            "demanded return of the documents and rescreened the whole set",
            "clawback notice",
        ),
        impact="{value} privileged documents produced by mistake",
        quantity=Quantity(6, 140, 1, "{}"),
        followup="add a second-level privilege check before every rolling production",
        session="client-norvale",
    ),
    Incident(
        name="Whitcombe Teardown Crunch",
        ask="the near miss on the technical expert's opening report",
        system="the technical expert's teardown image set",
        symptom="the teardown photos of the accused gripper would not open three days before the opening expert report deadline",
        cause=Phrase(
            "the lab's imaging server had written the raw files in a format the export tool truncated",
            "a conversion step at the laboratory that chopped the picture files",
            "imaging server",
        ),
        fix=Phrase(
            "re-exported the images from the original camera cards and got a stipulated two-day extension",
            "recovered the pictures from source media and agreed a short extension",
            "camera cards",
        ),
        impact="{value} teardown images that had to be re-exported",
        quantity=Quantity(30, 400, 10, "{}"),
        followup="have every expert's lab deliver a checksum manifest with each image batch",
        session="client-norvale",
    ),
    Incident(
        name="Carrier Subpoena Misfire",
        ask="the third-party records request that went to the wrong company in the produce case",
        system="the third-party subpoena to Brightwater's trucking carrier",
        symptom="the records subpoena to the trucking carrier came back unanswered after the return date",
        cause=Phrase(
            "it had been served on a dissolved subsidiary with a nearly identical name",
            "delivery to a defunct affiliate with a similar corporate name",
            "dissolved subsidiary",
        ),
        fix=Phrase(
            "re-served the subpoena on the carrier's registered agent and moved the return date",
            "served it again on the right entity's statutory representative",
            "registered agent",
        ),
        impact="{value} days lost on third-party discovery",
        quantity=Quantity(6, 45, 1, "{}"),
        followup="run a secretary-of-state entity search before any third-party subpoena goes out",
        session="client-brightwater",
    ),
    Incident(
        name="Vale Laptop Wipe",
        ask="the discovery that the departed executive's returned computer had been erased",
        system="Dorian Vale's returned company laptop",
        symptom="the forensic examiner found the returned laptop had been factory reset the night before Dorian Vale left",
        cause=Phrase(
            "Vale had run the reset right after syncing a personal cloud folder",
            "an erase performed just after copying to private online storage",
            "personal cloud folder",
        ),
        fix=Phrase(
            "moved for expedited discovery of the cloud account and a preservation order",
            "asked the court for fast access to the online account and an order freezing it",
            "preservation order",
        ),
        impact="{value} gigabytes synced out before the reset",
        quantity=Quantity(2, 90, 1, "{}"),
        followup="image every departing engineer's laptop before it is reissued",
        session="client-kestrel",
    ),
    Incident(
        name="Lumora Sealing Slip",
        ask="the public filing of the client's scoring code by the other side",
        system="the public court docket in the Kestrel case",
        symptom="Lumora's opposition brief appeared on the public docket with Kestrel's model-scoring code pasted into an exhibit",
        cause=Phrase(
            "Lumora's paralegal filed the unredacted version in the public slot",
            "the wrong, unmasked copy being lodged openly by opposing staff",
            "unredacted version",
        ),
        fix=Phrase(
            "called chambers, got the exhibit locked within the hour and filed an emergency motion to seal",
            "had the clerk restrict access and sought urgent sealing",
            "emergency motion to seal",
        ),
        impact="{value} minutes the exhibit was publicly viewable",
        quantity=Quantity(20, 240, 5, "{}"),
        followup="require opposing counsel to send sealed exhibits to us for a check before filing",
        session="client-kestrel",
    ),
    Incident(
        name="Courtroom Display Blackout",
        ask="the loss of the evidence screens during trial",
        system="the courtroom evidence presentation setup",
        symptom="the presentation laptop lost the courtroom display feed at the start of the cross of Pellucid's coatings chemist",
        cause=Phrase(
            "a firmware update on the courtroom's HDMI switcher dropped the resolution our laptop was sending",
            "a court equipment update that stopped accepting our video signal",
            "HDMI switcher",
        ),
        fix=Phrase(
            "switched to the backup laptop at a lower resolution and handed the jury paper binders",
            "moved to the spare machine and gave jurors printed copies",
            "backup laptop",
        ),
        impact="{value} minutes of lost trial time",
        quantity=Quantity(10, 95, 5, "{}"),
        followup="test the courtroom feed every morning at 8 a.m. with the clerk before the jury comes in",
        session="trial-team",
    ),
    Incident(
        name="Duplicate Exhibit Numbers",
        ask="the numbering clash in the coatings trial exhibits",
        system="the Halvorsen trial exhibit list",
        symptom="two exhibits in the corrosion expert's prep binders carried the same exhibit number",
        cause=Phrase(
            "the exhibit numbering spreadsheet had been sorted on one column only",
            "a partial sort that scrambled the numbering sheet",
            "sorted on one column",
        ),
        fix=Phrase(
            "renumbered the exhibit list from PX-400 upward and swapped the stickers",
            "reassigned the numbers in a fresh block and relabeled",
            "renumbered the exhibit list",
        ),
        impact="{value} exhibits that had to be re-stickered",
        quantity=Quantity(8, 160, 4, "{}"),
        followup="lock the numbering column in the exhibit spreadsheet and let only the trial paralegal edit it",
        session="trial-team",
    ),
    Incident(
        name="Settlement Wire Spoof",
        ask="the fraud attempt on a settlement payout",
        system="the firm's client trust account",
        symptom="accounting got an email, supposedly from opposing counsel, changing the wiring instructions for a settlement payment",
        cause=Phrase(
            "a lookalike domain with one letter swapped had been registered the week before",
            "an impostor web address one character off from the real one",
            "lookalike domain",
        ),
        fix=Phrase(
            "froze the wire and confirmed instructions by phone against the number in the signed agreement",
            "halted the transfer and verified the bank details by a call-back",
            "confirmed instructions by phone",
        ),
        impact="{value} in settlement funds that nearly went to the wrong account",
        quantity=Quantity(150, 900, 25, "${},000"),
        followup="require a call-back on a known number for every change to wiring instructions",
        session="firm-partners",
    ),
    Incident(
        name="Midnight Filing Portal Outage",
        ask="the night the court's e-filing system went down before a deadline",
        system="the district court's electronic filing portal",
        symptom="the filing portal returned errors at 11:40 p.m. on the night the Copperline opposition was due",
        cause=Phrase(
            "the court had scheduled maintenance that was posted only on the clerk's notice page",
            "planned downtime announced in an obscure spot on the court website",
            "scheduled maintenance",
        ),
        fix=Phrase(
            "emailed the brief to the clerk under the technical-failure rule and filed a declaration the next morning",
            "used the court's backup procedure for system failures and documented it",
            "technical-failure rule",
        ),
        impact="{value} minutes past the deadline before the filing was accepted",
        quantity=Quantity(5, 120, 5, "{}"),
        followup="file anything due at midnight by 9 p.m. and check the clerk's notice page that afternoon",
    ),
    Incident(
        name="Arbitration Deadline Miscalc",
        ask="the wrong due date in the calendar for the licensing arbitration",
        system="the firm docketing calendar",
        symptom="the docket showed the Greyfield reply brief due a week later than the panel's scheduling order",
        cause=Phrase(
            "the rules engine applied court rules instead of the arbitration panel's procedural order",
            "the software using litigation defaults rather than the tribunal's own timetable",
            "rules engine",
        ),
        fix=Phrase(
            "re-docketed every Greyfield date by hand from the procedural order",
            "entered each arbitration date manually from the tribunal's order",
            "re-docketed",
        ),
        impact="{value} deadlines that had to be re-entered",
        quantity=Quantity(3, 30, 1, "{}"),
        followup="flag every arbitration matter in the docketing system so the court rules are switched off",
    ),
    Incident(
        name="Hidden Text Redaction Failure",
        ask="the exhibit whose blacked-out passages could still be copied",
        system="the redacted exhibits in the Copperline case",
        symptom="a redacted exhibit still let anyone copy the hidden text from under the black boxes",
        cause=Phrase(
            "the exhibit had been redacted with drawn rectangles instead of true redaction",
            "shapes laid over the text rather than real removal",
            "drawn rectangles",
        ),
        fix=Phrase(
            "replaced the exhibit with a flattened, properly redacted version and notified opposing counsel",
            "swapped in a correctly processed copy and told the other side",
            "flattened",
        ),
        impact="{value} pages with recoverable text",
        quantity=Quantity(2, 60, 1, "{}"),
        followup="run the redaction verification tool on every exhibit before it is filed",
    ),
    Incident(
        name="Reporter Audio Loss",
        ask="the missing audio backup for a deposition in the game engine case",
        system="the court reporter's audio backup",
        symptom="the court reporter told us the audio backup of the Junebug CTO deposition was missing",
        cause=Phrase(
            "the reporter's recorder had been set to overwrite when its card filled",
            "a recorder configured to record over itself when full",
            "overwrite",
        ),
        fix=Phrase(
            "reconstructed the rough draft from the realtime feed and had the witness review the certified transcript",
            "rebuilt the draft from the live text stream",
            "realtime feed",
        ),
        impact="{value} minutes of testimony without audio backup",
        quantity=Quantity(20, 300, 10, "{}"),
        followup="ask every reporting agency to confirm a second recorder for long depositions",
    ),
    Incident(
        name="Stranded Witness Flight",
        ask="the cancelled trip that nearly derailed a deposition in the licensing arbitration",
        system="the travel plan for the Greyfield licensing director's deposition",
        symptom="the Greyfield licensing director's flight to the deposition was cancelled the evening before",
        cause=Phrase(
            "a regional ground stop from a snowstorm grounded every departure",
            "weather that halted all flights in the region",
            "ground stop",
        ),
        fix=Phrase(
            "converted the deposition to remote video by stipulation with opposing counsel",
            "moved the session online with the other side's agreement",
            "remote video",
        ),
        impact="{value} hours the deposition was delayed",
        quantity=Quantity(2, 30, 1, "{}"),
        followup="build a remote fallback into every deposition notice in winter",
    ),
    Incident(
        name="Lateral Conflict Surprise",
        ask="the discovery that a new hire had worked for the other side",
        system="the lateral hiring conflicts check",
        symptom="a newly hired associate on the Copperline team turned out to have billed time for Junebug Games at her prior firm",
        cause=Phrase(
            "the lateral conflicts questionnaire asked only about matters from the last two years",
            "a new-hire conflicts form with too short a look-back period",
            "last two years",
        ),
        fix=Phrase(
            "screened her off the matter with an ethical wall and notified the client in writing",
            "isolated her from the case and disclosed it to the client",
            "ethical wall",
        ),
        impact="{value} hours she had billed to Copperline before the screen",
        quantity=Quantity(2, 60, 1, "{}"),
        followup="extend the lateral conflicts questionnaire to cover the full prior career",
    ),
)

DECISIONS = (
    Decision(
        name="Norvale Settlement Posture",
        topic=Phrase(
            "what license structure Norvale should offer Sablecrest at mediation",
            "the shape of the licensing deal to put on the table in settlement talks",
            "license structure",
        ),
        options=("lump-sum paid-up license", "running royalty per gripper"),
        arguments=(
            "A paid-up lump sum puts cash in Norvale's hands this fiscal year and ends any fight about auditing their sales.",
            "A per-unit royalty grows with Sablecrest's volume, and their gripper line is about to take off.",
        ),
        objections=(
            Phrase(
                "A lump sum freezes us at today's volume, and Sablecrest's own forecast shows the line doubling by next year.",
                "leaving future sales growth on the table",
                "doubling",
            ),
            Phrase(
                "Any lump sum they will pay is discounted so hard that it comes in under what we could prove at trial.",
                "a discounted payment undercutting the trial value",
                "discounted",
            ),
        ),
        rationale=(
            "Sablecrest's forecast showed gripper volume doubling",
            "Norvale's board preferred upside over a discounted check",
            "an audit right could be written into the running royalty",
        ),
        session="client-norvale",
    ),
    Decision(
        name="Norvale Jury Question",
        topic=Phrase(
            "whether Norvale should keep its jury demand or try the patent case to Judge Brandt",
            "a judge-only trial versus twelve citizens for the gripper dispute",
            "jury demand",
        ),
        options=("bench trial", "jury trial"),
        arguments=(
            "Judge Brandt learned the technology in the Markman round and will follow the sensor-layout evidence better than anyone.",
            "A jury will see an inventor-founded company against a copier, and that story is worth more than a technical judge.",
        ),
        objections=(
            Phrase(
                "A bench trial throws away our David-and-Goliath story, and damages awards from judges in that district run lower.",
                "giving up the underdog narrative",
                "David-and-Goliath",
            ),
        ),
        rationale=(
            "mock jurors found the copying evidence persuasive",
            "bench awards in that district ran lower on the damages data",
            "Sablecrest itself was pushing for a bench trial",
        ),
        session="client-norvale",
    ),
    Decision(
        name="Brightwater Counterclaim Call",
        topic=Phrase(
            "whether Brightwater should counterclaim for the bruised produce deliveries",
            "suing back over the damaged fruit shipments",
            "bruised produce",
        ),
        options=("standalone counterclaim", "setoff defense only"),
        arguments=(
            "A counterclaim puts Tamsin on defense and gives the mediator a number of ours to trade against theirs.",
            "Pleading it as setoff keeps the case small and stops Tamsin from digging through Brightwater's own quality records.",
        ),
        objections=(
            Phrase(
                "A counterclaim opens our quality-control files to discovery, and those files are not pretty.",
                "exposing Brightwater's internal inspection records",
                "quality-control files",
            ),
        ),
        rationale=(
            "the setoff still reduced any award dollar for dollar",
            "discovery into Brightwater's quality records stayed closed",
            "the client wanted the case resolved before its fiscal year-end",
        ),
        session="client-brightwater",
    ),
    Decision(
        name="Kestrel Relief Timing",
        topic=Phrase(
            "how fast Kestrel should go to court against Lumora Data",
            "the speed and form of emergency relief against the competitor",
            "go to court",
        ),
        options=("ex parte TRO", "noticed preliminary injunction motion"),
        arguments=(
            "Every day Lumora runs our scoring code on customer data the harm gets harder to undo, so we go in tomorrow without notice.",
            "A noticed motion with the forensic report attached lets Judge Tibbs see the 2 a.m. sync himself, and we only get one first impression.",
        ),
        objections=(
            Phrase(
                "Judge Tibbs has denied three ex parte TROs this year for lack of notice, and a denial would poison the injunction hearing.",
                "the judge's record of rejecting no-notice orders",
                "denied three ex parte TROs",
            ),
        ),
        rationale=(
            "the forensic report would be ready in nine days",
            "Lumora's counsel agreed to a standstill until the hearing",
            "a denial without notice would have colored everything that came after",
        ),
        session="client-kestrel",
    ),
    Decision(
        name="Halvorsen Witness Sequence",
        topic=Phrase(
            "which witness Halvorsen should put on first at trial",
            "the order in which the plaintiff's case is presented to the jury",
            "put on first",
        ),
        options=("coatings chemist first", "yard foreman first"),
        arguments=(
            "Lead with Dr. Groves so the jury understands osmotic blistering before they see a single boat.",
            "Open with the yard foreman and the hull photos; the science lands better once the jury has seen the damage.",
        ),
        objections=(
            Phrase(
                "If we lead with chemistry we lose the jury in the first hour and never get them back.",
                "jurors tuning out early during technical testimony",
                "first hour",
            ),
        ),
        rationale=(
            "the mock jurors remembered the hull photos best",
            "the foreman could set up the chemist's explanations",
            "Dr. Groves was only available from the second Tuesday anyway",
        ),
        session="trial-team",
    ),
    Decision(
        name="Jury Research Scope",
        topic=Phrase(
            "how much jury research the Halvorsen budget should buy",
            "the scale of pre-trial juror testing for the coatings case",
            "jury research",
        ),
        options=("full mock trial", "two focus groups"),
        arguments=(
            "A full mock trial with deliberations tells us how the damages number plays, and that is the whole case.",
            "Two focus groups cost a third as much and still tell us whether the fraud theme works.",
        ),
        objections=(
            Phrase(
                "A full mock trial eats most of the remaining expert budget, and the client already balked at the last invoice.",
                "the cost against the client's spending tolerance",
                "remaining expert budget",
            ),
        ),
        rationale=(
            "the client had capped pretrial spending",
            "the focus groups could test two fraud themes side by side",
            "both groups could be run in a single weekend",
        ),
        session="trial-team",
    ),
    Decision(
        name="Review Platform Selection",
        topic=Phrase(
            "which document review platform the litigation group should standardize on",
            "the choice of e-discovery software for the whole practice",
            "review platform",
        ),
        options=("Quillstone", "DocuLynx"),
        arguments=(
            "Quillstone's continuous active learning cut review hours by a third in the pilot.",
            "DocuLynx charges a flat per-gigabyte price, and our clients can log in without any training.",
        ),
        objections=(
            Phrase(
                "Quillstone bills per user seat, and contract reviewers would triple the license cost on any big production.",
                "seat-based licensing costs once temporary reviewers are added",
                "per user seat",
            ),
        ),
        rationale=(
            "flat per-gigabyte pricing let us quote review budgets up front",
            "clients could look at hot documents without training",
            "DocuLynx matched Quillstone's coding accuracy in the pilot",
        ),
        session="firm-partners",
    ),
    Decision(
        name="Generative Drafting Policy",
        topic=Phrase(
            "what the firm's rule should be for AI-drafted text in court filings",
            "the firm's stance on machine-generated language in briefs",
            "AI-drafted text",
        ),
        options=("blanket ban in filings", "allowed with a mandatory cite-check"),
        arguments=(
            "A flat ban is the only rule nobody can misread, and one fake citation would cost us more than the time it saves.",
            "Let people use it, but nothing gets filed until a paralegal has pulled and checked every authority it cites.",
        ),
        objections=(
            Phrase(
                "A blanket ban is unenforceable; associates already use it for first drafts of meet-and-confer letters.",
                "a prohibition nobody would actually follow",
                "unenforceable",
            ),
        ),
        rationale=(
            "two judges in the district now require a certification rather than forbidding it",
            "the cite-check log gives the firm an audit trail",
            "paralegals were already cite-checking the co-pilot's drafts",
        ),
        session="firm-partners",
    ),
    Decision(
        name="Greyfield Lead Witness",
        topic=Phrase(
            "who should open Greyfield's case at the arbitration hearing",
            "the first witness for the licensor in front of the panel",
            "open Greyfield's case",
        ),
        options=("the chief financial officer", "the licensing director"),
        arguments=(
            "The CFO can walk the panel through the royalty shortfall in twenty minutes with numbers she signed off on.",
            "The licensing director negotiated section 4.2 and can tell the panel what 'net sales' meant at the table.",
        ),
        objections=(
            Phrase(
                "The CFO joined after the license was signed, so Aurelian will cross her on everything she never saw.",
                "her lack of first-hand knowledge of the negotiation",
                "joined after the license was signed",
            ),
        ),
        rationale=(
            "the case turned on what section 4.2 meant",
            "the licensing director had been in the room for the negotiation",
            "the CFO could follow with the numbers",
        ),
    ),
    Decision(
        name="Copperline Expert Retention",
        topic=Phrase(
            "which source code expert Copperline should retain",
            "the pick of a software forensics witness for the copyright suit",
            "source code expert",
        ),
        options=("Dr. Imre Halasz", "Rowena Tate"),
        arguments=(
            "Dr. Halasz wrote the textbook on code similarity and has testified in eleven copyright cases.",
            "Rowena Tate built game engines for fifteen years and can explain a shader pipeline to a jury without slides.",
        ),
        objections=(
            Phrase(
                "Halasz was excluded last year for running his similarity tool without filtering out library code.",
                "an earlier ruling throwing out his method",
                "excluded last year",
            ),
        ),
        rationale=(
            "an exclusion on his record would be the first exhibit in any challenge",
            "Tate's industry experience fit a game engine dispute",
            "Tate agreed to run the filtration step by hand",
        ),
    ),
    Decision(
        name="Copperline Dispositive Timing",
        topic=Phrase(
            "when to move for summary judgment on copying in the Copperline case",
            "the timing of a dispositive motion on the copying question",
            "summary judgment on copying",
        ),
        options=("move now on access and copying", "wait until after expert discovery"),
        arguments=(
            "The commit logs alone prove access, and an early win on copying takes away Junebug's settlement leverage.",
            "Without our expert's filtration analysis, Judge Farrow will find a fact dispute on protectable expression.",
        ),
        objections=(
            Phrase(
                "Moving now previews our whole theory, and Judge Farrow allows only one summary judgment motion per side.",
                "the single-motion limit and tipping our hand early",
                "one summary judgment motion per side",
            ),
        ),
        rationale=(
            "the court allowed only one motion per side",
            "the filtration analysis would close the fact dispute",
            "waiting cost only about ten weeks",
        ),
    ),
    Decision(
        name="Remote Deposition Policy",
        topic=Phrase(
            "whether Helena's key depositions should be taken in person or by video",
            "the in-the-room versus on-screen question for major witnesses",
            "in person or by video",
        ),
        options=("video by default", "in person for all party witnesses"),
        arguments=(
            "Video saves two travel days per witness and the recordings look the same to a jury.",
            "You cannot read a witness through a laptop camera, and the big admissions come after lunch when they are tired.",
        ),
        objections=(
            Phrase(
                "On video the witness's lawyer can coach off-camera and we would never know.",
                "the risk of unseen coaching during remote testimony",
                "coach off-camera",
            ),
        ),
        rationale=(
            "party witnesses are where the admissions come from",
            "off-camera coaching is impossible to police on video",
            "third-party witnesses could still go remote to save cost",
        ),
    ),
)

LEARNINGS = (
    Learning(
        skill=Phrase(
            "patent damages apportionment",
            "how to isolate the value a patented feature adds to a whole product",
            "apportionment",
        ),
        resource=Phrase(
            "the Brenner Institute seminar on patent remedies",
            "the remedies course she signed up for",
            "Brenner Institute",
        ),
        insights=(
            Phrase(
                "the smallest salable unit is a starting point, not the end of apportionment",
                "why the minimum sellable component does not finish the analysis",
                "smallest salable unit",
            ),
            Phrase(
                "comparable licenses must be adjusted for any bundled technology before they prove a rate",
                "correcting benchmark agreements for extra licensed material",
                "bundled technology",
            ),
            Phrase(
                "a conjoint survey can carry apportionment if the attribute list is tight",
                "using consumer preference research to allocate value",
                "conjoint survey",
            ),
            Phrase(
                "the Georgia-Pacific factors are a checklist for the jury, not a formula",
                "how the fifteen-factor royalty test ought to be used",
                "Georgia-Pacific factors",
            ),
        ),
        exercise="a mock cross of an opposing damages expert on apportionment",
        assessment="the practice group's damages moot",
        score=Quantity(60, 98, 1, "{}/100"),
    ),
    Learning(
        skill=Phrase(
            "technology-assisted review statistics",
            "the math behind machine-prioritized document review",
            "technology-assisted review",
        ),
        resource=Phrase(
            "the Larkspur eDiscovery Academy workshop",
            "the two-day e-discovery training",
            "Larkspur",
        ),
        insights=(
            Phrase(
                "recall can only be estimated from a random sample of the documents coded not relevant",
                "how to measure what a review has missed",
                "random sample",
            ),
            Phrase(
                "richness below two percent makes precision figures look worse than the review really is",
                "how low prevalence distorts accuracy numbers",
                "richness",
            ),
            Phrase(
                "a validation protocol agreed up front avoids a fight over the elusion rate later",
                "settling the testing method before review begins",
                "elusion rate",
            ),
        ),
        exercise="a validation protocol for a mock 400,000-document collection",
        assessment="the Larkspur certification exam",
        score=Quantity(70, 100, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "jury storytelling in technical trials",
            "how to turn engineering evidence into a narrative lay jurors follow",
            "jury storytelling",
        ),
        resource=Phrase(
            "the book Plain Verdicts by a retired trial judge",
            "the book she read on persuading jurors",
            "Plain Verdicts",
        ),
        insights=(
            Phrase(
                "jurors settle on a story during opening and sort the evidence into it afterward",
                "when a panel forms its view of the case",
                "sort the evidence",
            ),
            Phrase(
                "one memorable physical exhibit beats ten slides of data",
                "the value of a tangible object over charts",
                "physical exhibit",
            ),
            Phrase(
                "an expert should teach before opining, in that order",
                "sequencing explanation ahead of conclusions for expert witnesses",
                "teach before opining",
            ),
        ),
        exercise="a twelve-minute opening rebuilt around a single blistered hull sample",
        assessment="a mock panel's ratings of the rebuilt opening",
        score=Quantity(50, 95, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "source code review in software copyright cases",
            "reading and comparing program code for infringement suits",
            "source code review",
        ),
        resource=Phrase(
            "a mentoring series with the forensic examiner Dagny Holt",
            "the sessions with a software forensics mentor",
            "Dagny Holt",
        ),
        insights=(
            Phrase(
                "abstraction-filtration-comparison strips out unprotectable elements before any similarity count",
                "the three-step method for separating protectable code",
                "abstraction-filtration-comparison",
            ),
            Phrase(
                "identical bugs and typos are stronger proof of copying than identical logic",
                "why shared mistakes matter more than shared functions",
                "identical bugs",
            ),
            Phrase(
                "commit timestamps can be forged, but server-side push logs usually cannot",
                "which version-control records are trustworthy",
                "push logs",
            ),
        ),
        exercise="a filtration chart for one Copperline rendering module",
        assessment="the mentor's review of her expert outline",
        score=Quantity(5, 10, 1, "{}/10"),
    ),
    Learning(
        skill=Phrase(
            "appellate brief writing",
            "crafting briefs for a reviewing court",
            "appellate brief writing",
        ),
        resource=Phrase(
            "Kenji Sato's appellate writing clinic",
            "the in-house workshop on writing for appeals",
            "appellate writing clinic",
        ),
        insights=(
            Phrase(
                "the standard of review decides half the appeal before anyone argues",
                "why the level of deference matters so much on appeal",
                "standard of review",
            ),
            Phrase(
                "a statement of the case should make the error feel inevitable without arguing",
                "the job of the fact section in an appeal",
                "feel inevitable",
            ),
            Phrase(
                "appellate judges read the summary of argument first and sometimes only",
                "which part of a brief gets the most attention from the bench",
                "summary of argument",
            ),
        ),
        exercise="a rewrite of the Larchmont statement of the case",
        assessment="the clinic's blind brief grading",
        score=Quantity(60, 98, 1, "{}/100"),
    ),
    Learning(
        skill=Phrase(
            "machine learning basics for trade secret cases",
            "how statistical prediction models are built, for misappropriation disputes",
            "machine learning basics",
        ),
        resource=Phrase(
            "the Corbel University online course on applied machine learning",
            "the online class on building predictive models",
            "Corbel University",
        ),
        insights=(
            Phrase(
                "trained model weights can be a trade secret even when the architecture is public",
                "protecting learned parameters when the design itself is known",
                "model weights",
            ),
            Phrase(
                "feature engineering choices are often the real know-how in a scoring model",
                "where the valuable expertise in a prediction system tends to sit",
                "feature engineering",
            ),
            Phrase(
                "a retrained model can still betray its origins through near-identical outputs",
                "how copying can show through matching predictions",
                "near-identical outputs",
            ),
        ),
        exercise="a plain-language glossary of twenty modeling terms written for a judge",
        assessment="the course's final quiz",
        score=Quantity(60, 100, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "produce supply chain economics",
            "how fresh fruit and vegetable sourcing deals work commercially",
            "produce supply chain",
        ),
        resource=Phrase(
            "a briefing series from the agricultural economist Rafael Ibarra",
            "the tutorials from a farm economics consultant",
            "Rafael Ibarra",
        ),
        insights=(
            Phrase(
                "spot prices for stone fruit can triple in a drought year while contract prices stay flat",
                "how market and fixed prices diverge during crop shortages",
                "stone fruit",
            ),
            Phrase(
                "growers' cooperatives allocate shortfalls by member seniority, not by customer",
                "how co-ops divide a scarce harvest",
                "member seniority",
            ),
            Phrase(
                "cold-chain breaks show up in temperature logs days before buyers complain",
                "early evidence that refrigeration failed",
                "temperature logs",
            ),
        ),
        exercise="a one-page primer on take-or-pay clauses for the litigation group",
        assessment="the economist's quiz after the final session",
        score=Quantity(5, 10, 1, "{}/10"),
    ),
)

RELATIONSHIPS = (
    Relationship(
        person="Tobias Wren",
        traits=(
            Fact(
                "{name} blocks 6 to 9 a.m. on his calendar as 'brief hours' and drafts best then.",
                "When does {name} do his most productive writing?",
                "Early mornings, roughly 6 to 9 a.m., which he blocks as 'brief hours'.",
                ("brief hours",),
            ),
            Fact(
                "{name} wants comments on his drafts as tracked changes, never on a call.",
                "How does {name} prefer to receive feedback on a draft?",
                "In writing, as tracked changes.",
                ("tracked changes",),
            ),
            Fact(
                "{name} has a mechanical engineering degree and passed the patent bar in his first year.",
                "What technical background does {name} bring to patent work?",
                "A mechanical engineering degree; he is registered to practice before the patent office.",
                ("mechanical engineering", "patent bar"),
            ),
        ),
        events=(
            Fact(
                "{name} took his first expert deposition, of Pellucid's coatings chemist, and used the full seven hours.",
                "Whom did {name} depose as his first expert witness?",
                "Pellucid's coatings chemist.",
                ("coatings chemist",),
            ),
            Fact(
                "{name} was put up for partnership at the spring partners' meeting.",
                "At which meeting was {name} nominated for partner?",
                "The spring partners' meeting.",
                ("spring partners",),
            ),
        ),
        friction=Phrase(
            "I sent his draft opposition to Helena before he had finished the fact section",
            "forwarding his half-done brief to the partner",
            "before he had finished",
        ),
        repair="we agreed I route his drafts to Helena only once he marks them ready",
    ),
    Relationship(
        person="Priya Raghunathan",
        traits=(
            Fact(
                "{name} keeps one 'hot documents' spreadsheet per matter and updates it every evening.",
                "How does {name} track the key documents in a case?",
                "A single hot-documents spreadsheet per matter, updated nightly.",
                ("hot documents",),
            ),
            Fact(
                "{name} speaks Tamil and Spanish and checks the interpreters at foreign-language depositions.",
                "Which languages besides English does {name} speak?",
                "Tamil and Spanish.",
                ("Tamil", "Spanish"),
            ),
            Fact(
                "{name} runs the firm's half-marathon team and trains on Tuesday and Thursday evenings.",
                "Which evenings does {name} keep free for running?",
                "Tuesdays and Thursdays.",
                ("Tuesday and Thursday",),
            ),
        ),
        events=(
            Fact(
                "{name} argued her first motion to compel before Magistrate Judge Ashby and won most of it.",
                "Before which judicial officer did {name} win most of her debut discovery motion?",
                "Magistrate Judge Ashby.",
                ("Magistrate Judge Ashby",),
            ),
            Fact(
                "{name} moved to the firm's Wilmington office to be closer to the Delaware docket.",
                "To which city did {name} transfer?",
                "The Wilmington office.",
                ("Wilmington",),
            ),
        ),
        friction=Phrase(
            "I double-booked her for a meet-and-confer on her training night",
            "scheduling a call over her running evening",
            "training night",
        ),
        repair="we agreed her Tuesday and Thursday evenings stay blocked unless a court deadline demands otherwise",
    ),
    Relationship(
        person="Lucia Ferreira",
        traits=(
            Fact(
                "{name} will not certify an exhibit list until she has handled every physical exhibit herself.",
                "What does {name} insist on before signing off on an exhibit list?",
                "Handling every physical exhibit herself.",
                ("every physical exhibit",),
            ),
            Fact(
                "{name} has worked with Helena for fourteen years, since Helena's first trial as a partner.",
                "For how many years has {name} been on Helena's team?",
                "Fourteen years.",
                ("fourteen years",),
            ),
            Fact(
                "{name} numbers exhibits in blocks of one hundred per witness.",
                "How does {name} like exhibit numbers allocated?",
                "In blocks of one hundred per witness.",
                ("blocks of one hundred",),
            ),
        ),
        events=(
            Fact(
                "{name} started training Marcus Beaulieu to run the trial war room.",
                "Who is {name} grooming to manage the trial headquarters?",
                "Marcus Beaulieu.",
                ("Marcus Beaulieu",),
            ),
            Fact(
                "{name} was named the firm's trial paralegal of the year at the holiday party.",
                "What award did {name} receive?",
                "Trial paralegal of the year.",
                ("paralegal of the year",),
            ),
        ),
        friction=Phrase(
            "I renumbered an exhibit list without telling her",
            "changing her numbering behind her back",
            "renumbered an exhibit list",
        ),
        repair="I now send her any numbering change as a proposal and she applies it herself",
    ),
    Relationship(
        person="Walter Kingsley",
        traits=(
            Fact(
                "{name} reads everything on paper and wants memos under two pages.",
                "What length of memo does {name} expect?",
                "Under two pages, printed.",
                ("under two pages",),
            ),
            Fact(
                "{name} judges partners on realization and quotes the group's rate at every meeting.",
                "Which financial measure does {name} watch most closely?",
                "Realization.",
                ("realization",),
            ),
            Fact(
                "{name} coached a high school debate team for twenty years.",
                "What did {name} coach for two decades?",
                "A high school debate team.",
                ("debate team",),
            ),
        ),
        events=(
            Fact(
                "{name} asked Helena to chair the litigation group's hiring committee.",
                "What group did {name} invite the partner to chair?",
                "The litigation group's hiring committee.",
                ("hiring committee",),
            ),
            Fact(
                "{name} announced he will step down as managing partner at the end of the next fiscal year.",
                "When does {name} plan to leave the managing partner role?",
                "At the end of the next fiscal year.",
                ("step down",),
            ),
        ),
        friction=Phrase(
            "my summary of the group's realization used the wrong quarter's numbers",
            "reporting stale collection figures to the head of the firm",
            "wrong quarter",
        ),
        repair="I now pull realization figures straight from the monthly close and cite the close date",
    ),
    Relationship(
        person="Ines Albrecht",
        traits=(
            Fact(
                "{name} trained as a chemist and reads lab notebooks before anything else in a file.",
                "What was {name}'s first profession?",
                "Chemist.",
                ("chemist",),
            ),
            Fact(
                "{name} insists on a claim chart for every asserted claim before a complaint goes out.",
                "What must exist before {name} lets a patent complaint be filed?",
                "A claim chart for every asserted claim.",
                ("claim chart",),
            ),
            Fact(
                "{name} speaks German with her clients in Munich and Zurich.",
                "In what language does {name} work with some of her clients?",
                "German.",
                ("German",),
            ),
        ),
        events=(
            Fact(
                "{name} and Helena co-presented at the bar association's patent litigation day.",
                "Where did {name} and Helena give a joint presentation?",
                "At the bar association's patent litigation day.",
                ("patent litigation day",),
            ),
            Fact(
                "{name} became co-chair of the firm's IP practice.",
                "What leadership role did {name} take on?",
                "Co-chair of the firm's IP practice.",
                ("co-chair",),
            ),
        ),
        friction=Phrase(
            "I gave her team's research request a lower priority than Helena's motion",
            "pushing her associates' work down the queue",
            "lower priority",
        ),
        repair="we set up a shared queue that both partners rank every Monday",
    ),
    Relationship(
        person="Alana Whitcombe",
        traits=(
            Fact(
                "{name} bills in six-minute increments and itemizes every phone call.",
                "How does {name} record her time?",
                "In six-minute increments, itemizing every call.",
                ("six-minute increments",),
            ),
            Fact(
                "{name} will not sign a report unless she typed the final version herself.",
                "What is {name}'s rule about the reports she signs?",
                "She must have typed the final version herself.",
                ("typed the final version",),
            ),
            Fact(
                "{name} teaches robotics at a state university and takes calls only after 4 p.m.",
                "When is {name} available for calls?",
                "After 4 p.m.",
                ("after 4 p.m",),
            ),
        ),
        events=(
            Fact(
                "{name} was retained by the firm on a second matter, a warehouse automation dispute.",
                "What other matter did the firm hire {name} for?",
                "A warehouse automation dispute.",
                ("warehouse automation",),
            ),
            Fact(
                "{name} got through a seven-hour deposition without a single errata change.",
                "How did {name}'s long deposition go?",
                "Seven hours without a single errata change.",
                ("errata",),
            ),
        ),
        friction=Phrase(
            "I sent her a section of her own report that an associate had written",
            "handing her lawyer-drafted prose for her report",
            "an associate had written",
        ),
        repair="we agreed the lawyers send her only questions and documents, never draft text",
    ),
    Relationship(
        person="Farid Haddad",
        traits=(
            Fact(
                "{name} checks every rules-based deadline against the judge's standing order.",
                "What does {name} compare each computed deadline with?",
                "The judge's standing order.",
                ("standing order",),
            ),
            Fact(
                "{name} keeps a paper wall calendar of every trial date in his office.",
                "How does {name} track trial dates besides the software?",
                "A paper wall calendar in his office.",
                ("wall calendar",),
            ),
            Fact(
                "{name} plays cricket in a weekend league in the suburbs.",
                "What sport does {name} play on weekends?",
                "Cricket.",
                ("cricket",),
            ),
        ),
        events=(
            Fact(
                "{name} caught that a court holiday shifted the reply deadline in the Copperline case.",
                "What did {name} catch about the Copperline reply date?",
                "That a court holiday shifted it.",
                ("court holiday",),
            ),
            Fact(
                "{name} rolled out the new docketing rules engine to the whole firm.",
                "What system did {name} introduce firm-wide?",
                "The new docketing rules engine.",
                ("docketing rules engine",),
            ),
        ),
        friction=Phrase(
            "I entered a hearing date straight onto Helena's calendar without going through docketing",
            "bypassing the calendaring team with a court date",
            "without going through docketing",
        ),
        repair="every date I see goes to his team first and reaches Helena's calendar only after they docket it",
    ),
    Relationship(
        person="Joanne Petrakis",
        traits=(
            Fact(
                "{name} keeps Helena's travel rules in a binder: aisle seat, no red-eyes, hotel within walking distance of the courthouse.",
                "What travel preferences does {name} keep on file for Helena?",
                "Aisle seat, no red-eyes, a hotel within walking distance of the courthouse.",
                ("aisle seat", "no red-eyes"),
            ),
            Fact(
                "{name} has been Helena's assistant for nine years.",
                "For how many years has {name} assisted the partner?",
                "Nine years.",
                ("nine years",),
            ),
            Fact(
                "{name} is learning Italian before a family trip.",
                "Which language is {name} studying?",
                "Italian.",
                ("Italian",),
            ),
        ),
        events=(
            Fact(
                "{name} moved her desk to the 31st floor when the group reorganized.",
                "Where did {name} relocate her workstation?",
                "To the 31st floor.",
                ("31st floor",),
            ),
            Fact(
                "{name} trained the new assistants on the firm's expense system.",
                "What did {name} teach the newly hired assistants?",
                "The firm's expense system.",
                ("expense system",),
            ),
        ),
        friction=Phrase(
            "I booked Helena on a red-eye without checking with her",
            "putting the partner on an overnight flight against her rules",
            "red-eye",
        ),
        repair="I run every travel booking past her before confirming it",
    ),
)

CORRECTIONS = (
    Correction(
        subject="the Markman hearing date in the Norvale case",
        ask="When is the claim construction hearing for the gripper patent?",
        wrong="June 12",
        right="June 19",
        later="July 8",
        cause="I had read it from the proposed scheduling order instead of the one Judge Brandt signed",
        session="client-norvale",
    ),
    Correction(
        subject="Norvale's settlement authority for the mediation",
        ask="How much is Norvale prepared to accept to settle with Sablecrest?",
        wrong="$9 million",
        right="$7.5 million",
        later="$6.8 million",
        cause="I had taken the figure from a draft board resolution that was never adopted",
        session="client-norvale",
    ),
    Correction(
        subject="the deadline for Brightwater's expert disclosures",
        ask="By when must Brightwater disclose its experts?",
        wrong="October 3",
        right="October 17",
        cause="the amended case management order added two weeks that I had missed",
        session="client-brightwater",
    ),
    Correction(
        subject="the bond Kestrel must post for the injunction",
        ask="How large a security bond does Kestrel need for the injunction?",
        wrong="$250,000",
        right="$500,000",
        later="$350,000",
        cause="I had used the figure from our proposed order rather than the one the judge entered",
        session="client-kestrel",
    ),
    Correction(
        subject="the courtroom assigned for the Halvorsen trial",
        ask="In which courtroom will the coatings trial be held?",
        wrong="Courtroom 14B",
        right="Courtroom 21A",
        later="Courtroom 19C",
        cause="the clerk's first notice listed Judge Okonkwo's motion-day courtroom",
        session="trial-team",
    ),
    Correction(
        subject="the trial time each side gets in the Halvorsen case",
        ask="How many hours does each party have to present its case at the coatings trial?",
        wrong="18 hours",
        right="15 hours",
        cause="I had counted jury selection inside the time allotment when the judge excluded it",
        session="trial-team",
    ),
    Correction(
        subject="the retreat date for the litigation partners",
        ask="When is the litigation partners' retreat?",
        wrong="September 18",
        right="September 25",
        later="October 2",
        cause="the venue's first confirmation had the wrong week",
        session="firm-partners",
    ),
    Correction(
        subject="the blended rate cap for the Greyfield arbitration",
        ask="What is the maximum average hourly rate agreed with Greyfield?",
        wrong="$640",
        right="$595",
        cause="I had used the rate from the original engagement letter, not the amended one",
    ),
    Correction(
        subject="the page limit for the Copperline summary judgment brief",
        ask="How long may the Copperline summary judgment brief be?",
        wrong="35 pages",
        right="25 pages",
        cause="Judge Farrow's standing order is stricter than the local rule I applied",
    ),
    Correction(
        subject="the CLE hours Helena still needs this reporting period",
        ask="How many continuing legal education hours does Helena have left to complete?",
        wrong="9 hours",
        right="14 hours",
        later="6 hours",
        cause="two of her courses had been reported under the previous period",
    ),
    Correction(
        subject="the name of Junebug Games' lead trial counsel",
        ask="Who is leading the trial team for Junebug Games?",
        wrong="Ellis Marrow",
        right="Ellis Marlow",
        cause="I had copied it from a misspelled signature block on an early letter",
    ),
    Correction(
        subject="the venue for the Greyfield evidentiary hearing",
        ask="Where will the licensing arbitration hearing take place?",
        wrong="Boston",
        right="Hartford",
        later="a virtual hearing room",
        cause="the panel's first procedural order used the chair's home office as a placeholder",
    ),
)

ERRANDS = (
    Errand(
        topic="court reporter booking",
        things=(
            "the Junebug CTO deposition",
            "the Aurelian controller deposition",
            "the Copperline engineer depositions",
            "the Larchmont building inspector's deposition",
            "the Greyfield licensing director's deposition",
        ),
        log="I booked {value} to cover {thing}, realtime feed included.",
        ask="Which reporting agency is handling {thing}?",
        answer="{value}.",
        values=(
            "Meridian Reporting",
            "Clearwater Court Reporters",
            "Stenotrack",
            "Halcyon Legal Transcripts",
            "Bayline Reporting",
            "Northgate Depositions",
        ),
    ),
    Errand(
        topic="conference room",
        things=(
            "the Aurelian controller prep session",
            "the Larchmont board meeting",
            "the template training",
            "the outline library demo",
            "the Copperline founders' interview",
        ),
        log="I put {thing} in conference room {value} and added the dial-in to the invite.",
        ask="Which room is {thing} held in?",
        answer="Conference room {value}.",
        quantity=Quantity(3002, 3228, 2, "{}"),
    ),
    Errand(
        topic="pro hac vice fee",
        things=(
            "the Massachusetts filing",
            "the Texas filing",
            "the New Jersey filing",
            "the Colorado filing",
        ),
        log="Admission pro hac vice for {thing} cost {value}, and I sent the check request to accounting.",
        ask="What was the fee for Helena's temporary admission in {thing}?",
        answer="{value}.",
        quantity=Quantity(100, 500, 25, "${}"),
    ),
    Errand(
        topic="expert hourly rate",
        things=("Dr. Imre Halasz", "Rowena Tate", "Dr. Noor Qureshi", "Dr. Ansel Groves"),
        log="The engagement letter for {thing} sets the hourly rate at {value}.",
        ask="How much does {thing} charge per hour?",
        answer="{value} an hour.",
        quantity=Quantity(350, 1200, 25, "${}"),
    ),
    Errand(
        topic="Bates range",
        things=(
            "Copperline's third production",
            "Aurelian's royalty workpapers",
            "Greyfield's negotiation file",
            "Junebug's personnel records",
        ),
        log="The last page of {thing} is stamped Bates number {value}.",
        ask="What was the final Bates number in {thing}?",
        answer="{value}.",
        quantity=Quantity(10007, 98999, 13, "{}"),
    ),
    Errand(
        topic="hearing time",
        things=(
            "the Copperline scheduling conference",
            "the Greyfield procedural call",
            "the Larchmont oral argument",
            "the Copperline discovery hearing",
        ),
        log="Chambers set {thing} for {value}.",
        ask="At what time does {thing} start?",
        answer="{value}.",
        values=(
            "9:00 a.m.",
            "9:30 a.m.",
            "10:15 a.m.",
            "11:00 a.m.",
            "1:30 p.m.",
            "2:45 p.m.",
            "3:30 p.m.",
        ),
    ),
    Errand(
        topic="flight booking",
        things=(
            "the Hartford hearing trip",
            "the San Jose code review",
            "the Wilmington status conference",
            "the Denver witness interview",
        ),
        log="For {thing} I booked {principal} on {value}, aisle seat as always.",
        ask="Which flight was reserved for {thing}?",
        answer="{value}.",
        values=(
            "the 6:05 a.m. nonstop",
            "the 7:40 a.m. nonstop",
            "the 8:15 a.m. connection",
            "the 11:20 a.m. nonstop",
            "the 1:55 p.m. nonstop",
            "the 4:30 p.m. connection",
        ),
    ),
    Errand(
        topic="courier",
        things=(
            "the courtesy copies for Judge Farrow",
            "the Larchmont appendix volumes",
            "the Greyfield hearing bundles",
            "the signed Copperline declarations",
        ),
        log="This afternoon {value} picked up {thing}; I saved the tracking slip.",
        ask="Which delivery service carried {thing}?",
        answer="{value}.",
        values=(
            "Metro Dash Legal",
            "Ironside Express",
            "Parcelwise",
            "Lakefront Messengers",
            "Swiftline Couriers",
            "Harborline Delivery",
        ),
    ),
    Errand(
        topic="transcript invoice",
        things=(
            "the Junebug CTO transcript",
            "the Copperline engineer transcripts",
            "the Aurelian controller transcript",
            "the Larchmont hearing transcript",
        ),
        log="The bill for {thing} came in at {value}, expedited delivery included.",
        ask="How much were we charged for {thing}?",
        answer="{value}.",
        quantity=Quantity(400, 3800, 50, "${}"),
    ),
    Errand(
        topic="brief length",
        things=(
            "the Copperline opposition",
            "the Greyfield post-hearing brief",
            "the Larchmont reply brief",
            "the Copperline motion to compel",
        ),
        log="After Helena's cuts, {thing} stands at {value} pages.",
        ask="How many pages long was {thing} once the partner trimmed it?",
        answer="{value} pages.",
        quantity=Quantity(8, 48, 1, "{}"),
    ),
    Errand(
        topic="CLE registration",
        things=(
            "the ethics hour",
            "the implicit bias credit",
            "the patent law update",
            "the evidence refresher",
        ),
        log="I signed {principal} up for {thing} through {value}.",
        ask="Which provider is running {thing} that Helena registered for?",
        answer="{value}.",
        values=(
            "the Lakeshore Bar Institute",
            "the Midwest Trial Lawyers Forum",
            "Counselor Academy Online",
            "the Prairie State CLE Consortium",
            "the Ashgrove Pell in-house program",
            "the Intellectual Property Law Circle",
        ),
    ),
    Errand(
        topic="dinner reservation",
        things=(
            "the Greyfield team dinner",
            "the Copperline founders' dinner",
            "the associates' thank-you dinner",
            "the Larchmont board lunch",
        ),
        log="I reserved a table for {thing} at {value}.",
        ask="Which restaurant is hosting {thing}?",
        answer="{value}.",
        values=(
            "Osteria Calvino",
            "the Blue Heron Grill",
            "Maison Rouvier",
            "Ferro and Vine",
            "the Lantern Room",
            "Sakura Terrace",
        ),
    ),
    Errand(
        topic="offsite storage box",
        things=(
            "the closed Pemberton arbitration files",
            "the old Dunmore trial exhibits",
            "the Halloran appeal record volumes",
            "the 2015 Whitlow jury binders",
        ),
        log="According to the records center index, {thing} sit in box {value} offsite.",
        ask="Which storage box holds {thing}?",
        answer="Box {value}.",
        quantity=Quantity(1003, 9999, 17, "{}"),
    ),
    Errand(
        topic="bar registration renewal",
        things=(
            "the Illinois registration",
            "the New York registration",
            "the Delaware registration",
            "the California registration",
        ),
        log="I paid {thing}, which now runs through {value}; the receipt is in the admissions folder.",
        ask="Until when is {thing} current?",
        answer="{value}.",
        values=("January 31", "March 31", "April 30", "June 30", "September 30", "December 31"),
    ),
    Errand(
        topic="speaking engagement",
        things=(
            "the bar association's IP day",
            "the law school's trial advocacy class",
            "the in-house counsel breakfast",
            "the women in litigation panel",
        ),
        log="{principal} agreed to speak at {thing} for {value} minutes.",
        ask="How long is Helena's talk at {thing}?",
        answer="{value} minutes.",
        quantity=Quantity(15, 60, 5, "{}"),
    ),
    Errand(
        topic="invoice write-down",
        things=(
            "the Copperline September invoice",
            "the Greyfield August invoice",
            "the Copperline October invoice",
            "the Greyfield hearing-month invoice",
        ),
        log="Helena approved a write-down of {value} on {thing}.",
        ask="How much was knocked off {thing}?",
        answer="{value}.",
        quantity=Quantity(500, 12000, 250, "${}"),
    ),
    Errand(
        topic="deposition length",
        things=(
            "the Junebug CTO",
            "Aurelian's finance controller",
            "Copperline's former lead engineer",
            "Greyfield's licensing director",
        ),
        log="The deposition of {thing} ran {value} hours on the record.",
        ask="How long was {thing} questioned under oath?",
        answer="{value} hours.",
        quantity=Quantity(20, 70, 5, "{}", 10),
    ),
    Errand(
        topic="copyright registration number",
        things=(
            "the 2018 engine version",
            "the 2020 engine version",
            "the shader toolkit",
            "the level editor",
        ),
        log="Copperline's registration certificate for {thing} is number {value}.",
        ask="What is the copyright registration number for {thing}?",
        answer="{value}.",
        quantity=Quantity(1100001, 2999999, 7919, "TX {}"),
    ),
    Errand(
        topic="jury instruction count",
        things=(
            "the express warranty set",
            "the fraud set",
            "the damages set",
            "the preliminary set",
        ),
        log="After the team's edits, {thing} holds {value} proposed instructions.",
        ask="How many instructions are proposed in {thing}?",
        answer="{value}.",
        quantity=Quantity(3, 24, 1, "{}"),
        session="trial-team",
    ),
    Errand(
        topic="trial hotel",
        things=(
            "the trial team",
            "the Halvorsen witnesses",
            "the graphics crew",
            "the jury consultant's staff",
        ),
        log="I held rooms for {thing} at {value}, four blocks from the courthouse.",
        ask="Where is {thing} staying during trial?",
        answer="{value}.",
        values=(
            "the Alcott Hotel",
            "the Rookery Inn",
            "the Halsted Suites",
            "the Carrow House",
            "the Bellweather Hotel",
            "the Stanton Residence Inn",
        ),
        session="trial-team",
    ),
    Errand(
        topic="binder sets",
        things=(
            "the jury binders",
            "the Dr. Groves witness binders",
            "the bench binders",
            "the cross binders for Pellucid's chemist",
        ),
        log="{person} printed {value} sets of {thing}.",
        ask="How many copies of {thing} were made?",
        answer="{value} sets.",
        quantity=Quantity(2, 14, 1, "{}"),
        session="trial-team",
    ),
    Errand(
        topic="graphics hours",
        things=(
            "the opening slides",
            "the closing slides",
            "the hull timeline animation",
            "the damages chart boards",
        ),
        log="{person} estimated {value} hours of design work for {thing}.",
        ask="How much design time was budgeted for {thing}?",
        answer="{value} hours.",
        quantity=Quantity(4, 60, 1, "{}"),
        session="trial-team",
    ),
    Errand(
        topic="mediator fees",
        things=(
            "the half-day session",
            "the full-day session",
            "the preparation call",
            "the follow-up session",
        ),
        log="Judge Kettering's office quoted {value} for {thing}, split evenly between the sides.",
        ask="What did the mediator's office charge for {thing}?",
        answer="{value}.",
        quantity=Quantity(2500, 15000, 250, "${}"),
        session="client-brightwater",
    ),
    Errand(
        topic="subpoena return date",
        things=(
            "the county agricultural office",
            "the trucking carrier",
            "the cold-storage operator",
            "the state weather service",
        ),
        log="The subpoena to {thing} is returnable on {value}.",
        ask="When are the records from {thing} due back?",
        answer="{value}.",
        values=("February 4", "February 18", "March 3", "March 24", "April 7", "April 21"),
        session="client-brightwater",
    ),
    Errand(
        topic="site visit",
        things=(
            "the Fresno distribution center",
            "the Salinas packing house",
            "the Yakima cold store",
            "the Tamsin grading shed",
        ),
        log="{person} fixed the site visit to {thing} for {value}.",
        ask="When is the walk-through of {thing} scheduled?",
        answer="{value}.",
        values=("May 6", "May 13", "May 20", "June 3", "June 10", "June 17"),
        session="client-brightwater",
    ),
    Errand(
        topic="translation quote",
        things=(
            "the 2009 Japanese reference",
            "the Japanese prosecution file",
            "the German counterpart patent",
            "the Korean distributor agreement",
        ),
        log="The certified translation of {thing} was quoted at {value}.",
        ask="What price did the translators give for {thing}?",
        answer="{value}.",
        quantity=Quantity(800, 9000, 100, "${}"),
        session="client-norvale",
    ),
    Errand(
        topic="expert invoice",
        things=(
            "Dr. Whitcombe's March invoice",
            "Dr. Whitcombe's teardown invoice",
            "the damages expert's first invoice",
            "the damages expert's rebuttal invoice",
        ),
        log="Camille approved {thing} for payment; the total was {value}.",
        ask="What was the total on {thing}?",
        answer="{value}.",
        quantity=Quantity(8000, 95000, 500, "${}"),
        session="client-norvale",
    ),
    Errand(
        topic="production size",
        things=(
            "the first Sablecrest production",
            "the Sablecrest source code printouts",
            "the Sablecrest sales ledgers",
            "the Sablecrest engineering drawings",
        ),
        log="Once litigation support processed {thing}, the page count came to {value}.",
        ask="How many pages were in {thing}?",
        answer="{value} pages.",
        quantity=Quantity(300, 90000, 100, "{}"),
        session="client-norvale",
    ),
    Errand(
        topic="forensic vendor quote",
        things=(
            "imaging Vale's laptop",
            "imaging Vale's phone",
            "collecting the cloud folder",
            "the supplemental hash analysis",
        ),
        log="The forensic vendor quoted {value} for {thing}.",
        ask="What was the forensic examiner's price for {thing}?",
        answer="{value}.",
        quantity=Quantity(1500, 24000, 250, "${}"),
        session="client-kestrel",
    ),
    Errand(
        topic="Kestrel courtroom",
        things=(
            "the TRO hearing",
            "the injunction hearing",
            "the status conference",
            "the bond hearing",
        ),
        log="The clerk put {thing} in Courtroom {value}.",
        ask="Where in the courthouse is {thing}?",
        answer="Courtroom {value}.",
        values=("4A", "4B", "4C", "6D", "6E", "7F"),
        session="client-kestrel",
    ),
    Errand(
        topic="hold notices",
        things=(
            "Kestrel's engineering team",
            "Kestrel's sales team",
            "Kestrel's executive team",
            "Kestrel's data science group",
        ),
        log="{person} sent litigation hold notices to {value} people in {thing}.",
        ask="How many members of {thing} received a preservation notice?",
        answer="{value}.",
        quantity=Quantity(3, 40, 1, "{}"),
        session="client-kestrel",
    ),
    Errand(
        topic="retreat venue",
        things=(
            "the partner retreat",
            "the associate retreat",
            "the litigation group offsite",
            "the summer associate closing dinner",
        ),
        log="Nadia confirmed {value} as the venue for {thing}.",
        ask="Where will {thing} be held?",
        answer="{value}.",
        values=(
            "the Birchwood Lodge",
            "the Lakeview Conference Center",
            "Hollis Farm",
            "the Granary Hall",
            "the Driftwood Inn",
            "the Cartwright Club",
        ),
        session="firm-partners",
    ),
    Errand(
        topic="standard rates",
        things=("first-year associates", "senior associates", "paralegals", "junior partners"),
        log="The rate committee set next year's standard rate for {thing} at {value} an hour.",
        ask="What hourly rate was approved for {thing}?",
        answer="{value} an hour.",
        quantity=Quantity(180, 1100, 10, "${}"),
        session="firm-partners",
    ),
    Errand(
        topic="recruiting offers",
        things=(
            "the fall on-campus interviews",
            "the lateral associate search",
            "the paralegal search",
            "the summer program",
        ),
        log="By the time {thing} wrapped up, the firm had extended {value} offers.",
        ask="How many offers came out of {thing}?",
        answer="{value}.",
        quantity=Quantity(1, 18, 1, "{}"),
        session="firm-partners",
    ),
)

MEETINGS = (
    # client-norvale
    Meeting(
        "Markman term priorities",
        "client-norvale",
        (
            Stance(
                "'Compliant finger assembly' is the term that decides infringement; everything else is noise.",
                "said one disputed term would decide the whole infringement case",
            ),
            Stance(
                "If we lose 'force-feedback loop' their new model walks out of the case, so it gets equal pages.",
                "insisted the feedback-loop term deserved equal briefing",
            ),
            Stance(
                "Our engineers never used the word 'compliant' the way Sablecrest's brief does, and I can show that from our lab notes.",
                "offered the company's laboratory notes to rebut the other side's reading",
            ),
        ),
        Phrase(
            "we will split the opening brief evenly between the two lead terms and attach the lab notes",
            "how the brief's pages were divided between the main contested terms",
            "split the opening brief evenly",
        ),
    ),
    Meeting(
        "Prior art response",
        "client-norvale",
        (
            Stance(
                "The Japanese reference uses a spring, not a sensor, so it never discloses the feedback loop.",
                "argued the foreign prior art lacked the claimed sensing element",
            ),
            Stance(
                "We should still move to strike it as untimely before we spend a dollar on the merits.",
                "wanted the late reference thrown out on timing grounds first",
            ),
            Stance(
                "I can have our original 2011 prototype photographed this week if that helps prove conception.",
                "volunteered to document the company's early prototype",
            ),
        ),
        Phrase(
            "we will file the motion to strike and prepare a merits rebuttal in parallel",
            "the two-track response to the late prior art",
            "motion to strike",
        ),
    ),
    Meeting(
        "Damages report review",
        "client-norvale",
        (
            Stance(
                "The 2019 cross-license is our best comparable, but only after we strip out the software support fee.",
                "said the best benchmark license needed the support fee removed",
            ),
            Stance(
                "Our board will read a royalty under four percent as a loss, whatever the math says.",
                "warned that the directors would see a low rate as a defeat",
            ),
            Stance(
                "The apportionment section still reads like the gripper is the whole arm; it needs a cleaner split.",
                "criticized the report for overstating the gripper's share of the product",
            ),
        ),
        Phrase(
            "the damages expert will rerun the model with the support fee removed and a tighter apportionment",
            "the revision ordered to the royalty analysis",
            "rerun the model",
        ),
    ),
    Meeting(
        "Mediation authority call",
        "client-norvale",
        (
            Stance(
                "I need a number I can defend to the board, and that means a floor we do not go below on the day.",
                "asked for a firm minimum before the mediation",
            ),
            Stance(
                "Give me room to move in the afternoon; mediators punish anyone who opens at their floor.",
                "asked for negotiating flexibility rather than a rigid floor",
            ),
            Stance(
                "Whatever we take, the license has to exclude their next-generation gripper.",
                "demanded that any license leave out the defendant's upcoming product",
            ),
        ),
        Phrase(
            "the board will approve a floor with a separate cushion Helena can use only by phone with Camille",
            "the arrangement for settlement authority on mediation day",
            "separate cushion",
        ),
    ),
    Meeting(
        "Technology tutorial dry run",
        "client-norvale",
        (
            Stance(
                "The animation of the fingers closing on the egg is the one thing the judge will remember.",
                "singled out the gripping animation as the memorable moment",
            ),
            Stance(
                "Twelve minutes is tight; drop the history of the company and start with the problem.",
                "wanted the company background cut from the tutorial",
            ),
        ),
        Phrase(
            "we will open the tutorial with the egg animation and cut the company history slide",
            "how the court tutorial was restructured",
            "egg animation",
        ),
    ),
    Meeting(
        "Privilege clawback follow-up",
        "client-norvale",
        (
            Stance(
                "I want to know how many of our prosecution emails they read before the clawback landed.",
                "demanded an accounting of how much privileged material the other side saw",
            ),
            Stance(
                "Under the protective order they had to stop reading and sequester, and their letter says they did.",
                "pointed to the protective order's sequestration duty",
            ),
            Stance(
                "We should ask for a certification of destruction signed by a partner, not a paralegal.",
                "wanted a partner-signed certificate that the documents were destroyed",
            ),
        ),
        Phrase(
            "we will demand a partner-signed certification of destruction within ten days",
            "what the company asked opposing counsel to confirm after the clawback",
            "certification of destruction",
        ),
    ),
    Meeting(
        "Witness prep for the inventor",
        "client-norvale",
        (
            Stance(
                "Bram gets nervous on dates; let him say 'I don't recall' rather than guess.",
                "advised that the engineer avoid guessing at dates",
            ),
            Stance(
                "I'd rather bring my notebooks and read from them than answer from memory.",
                "preferred to testify from his own notebooks",
            ),
            Stance(
                "If he brings the notebooks, they come into evidence; we review every page first.",
                "cautioned that anything brought to the deposition becomes discoverable",
            ),
        ),
        Phrase(
            "the notebooks stay in the office and we will run two mock sessions on the timeline",
            "how the engineer's deposition preparation was settled",
            "two mock sessions",
        ),
    ),
    Meeting(
        "Trial venue and jury thinking",
        "client-norvale",
        (
            Stance(
                "Delaware juries have seen a hundred patent cases; they will not be impressed by a robot.",
                "doubted that local jurors would be wowed by the technology",
            ),
            Stance(
                "Then we make it about the founder who built it in a garage and the company that copied it.",
                "wanted the trial story to center on the founder and the copying",
            ),
        ),
        Phrase(
            "the trial theme will be the founder's garage prototype against the copied gripper",
            "the story chosen for the patent trial",
            "garage prototype",
        ),
    ),
    # client-brightwater
    Meeting(
        "Force majeure theory check",
        "client-brightwater",
        (
            Stance(
                "The clause lists 'drought' by name, so we do not need to win on 'act of God' at all.",
                "noted the contract named drought expressly",
            ),
            Stance(
                "The late notice is the weak point; Tamsin will argue the eleven days forfeits the defense.",
                "flagged the late notice as the defense's weak spot",
            ),
            Stance(
                "Our buyers called Tamsin the same week the crop failed, and I have the call logs.",
                "offered phone records showing prompt informal notice",
            ),
        ),
        Phrase(
            "we will argue actual notice through the call logs and treat the letter as confirmation",
            "how the team planned to answer the late-notice problem",
            "actual notice",
        ),
    ),
    Meeting(
        "Internal email damage control",
        "client-brightwater",
        (
            Stance(
                "The 'really about price' email is going to be exhibit one at any trial, so we explain it before they do.",
                "wanted to get ahead of the damaging internal email",
            ),
            Stance(
                "The buyer who wrote it was two months into the job and had no view of the crop data.",
                "said the email's author lacked the knowledge to judge the shortfall",
            ),
            Stance(
                "I can have the head buyer testify about what the team actually knew that week.",
                "proposed a senior buyer as a witness on what was known at the time",
            ),
        ),
        Phrase(
            "the head buyer will give a declaration putting the email in context",
            "the plan for neutralizing the unhelpful internal email",
            "head buyer",
        ),
    ),
    Meeting(
        "Counterclaim debate",
        "client-brightwater",
        (
            Stance(
                "The bruised loads cost us real money and I want Tamsin to feel that.",
                "wanted the other side to pay for the damaged shipments",
            ),
            Stance(
                "A counterclaim reopens discovery into our own quality records and delays trial by six months.",
                "warned that suing back would expose internal records and delay trial",
            ),
        ),
        Phrase(
            "the bruised-produce losses will be pleaded as a setoff rather than a counterclaim",
            "how the damaged-shipment losses were folded into the defense",
            "pleaded as a setoff",
        ),
    ),
    Meeting(
        "Mediation walk-away number",
        "client-brightwater",
        (
            Stance(
                "Anything over a million is more than defense costs through trial, so that is my ceiling.",
                "set the ceiling at roughly projected defense costs",
            ),
            Stance(
                "Offer a two-year supply option instead of cash; Tamsin needs a buyer more than a check.",
                "proposed a future supply deal in place of money",
            ),
            Stance(
                "Kettering will push both sides to the middle, so our opening has to leave room to get there.",
                "cautioned that the mediator would drive both sides toward the midpoint",
            ),
        ),
        Phrase(
            "we will open low and hold the supply option back until the afternoon",
            "the sequencing of offers planned for mediation day",
            "supply option",
        ),
    ),
    Meeting(
        "Discovery cost review",
        "client-brightwater",
        (
            Stance(
                "We have spent more on reconciling shipments than on depositions, and I need that explained to my CFO.",
                "asked for an explanation of the heavy reconciliation spend",
            ),
            Stance(
                "The reconciliation is the whole defense; without matched records the drought argument is just a story.",
                "defended the reconciliation work as the core of the case",
            ),
            Stance(
                "We can move the remaining matching to two paralegals and drop the blended rate.",
                "suggested shifting the remaining matching to lower-cost staff",
            ),
        ),
        Phrase(
            "paralegals will finish the shipment matching and the budget will be reissued",
            "the staffing change agreed for the remaining reconciliation",
            "paralegals will finish",
        ),
    ),
    Meeting(
        "Supply director declaration",
        "client-brightwater",
        (
            Stance(
                "I would rather say less and be sure of every number than say more and get crossed on it.",
                "preferred a shorter declaration she could fully stand behind",
            ),
            Stance(
                "Keep the rerouting chart in; it shows we tried to fill orders from other growers.",
                "wanted the chart of attempts to source from other growers kept",
            ),
        ),
        Phrase(
            "the declaration will be cut to nine paragraphs with the rerouting chart as an exhibit",
            "the final shape of the supply director's sworn statement",
            "nine paragraphs",
        ),
    ),
    Meeting(
        "Expert choice for crop data",
        "client-brightwater",
        (
            Stance(
                "We need an agronomist who can tie the county yield drop to Tamsin's own orchards.",
                "wanted a crop scientist linking regional yields to the plaintiff's orchards",
            ),
            Stance(
                "An economist is cheaper and can show the market price spike, which tells the same story.",
                "preferred a lower-cost market analyst to show prices jumping",
            ),
            Stance(
                "The judge will want one expert, not two; pick whoever survives cross best.",
                "predicted the court would tolerate only a single expert",
            ),
        ),
        Phrase(
            "we will retain one agronomist and use the price data through the supply director",
            "which kind of expert the produce defense hired",
            "one agronomist",
        ),
    ),
    Meeting(
        "Post-mediation next steps",
        "client-brightwater",
        (
            Stance(
                "We got within three hundred thousand; I want one more call with Kettering before we spend on experts.",
                "pressed for another call with the mediator before expert spending",
            ),
            Stance(
                "Set a deadline on the mediator's proposal, or Tamsin will use the delay to file their expert report.",
                "pushed for a time limit on accepting the neutral's recommendation",
            ),
        ),
        Phrase(
            "we will ask the mediator for a proposal with a seven-day acceptance window",
            "what the client decided after mediation day",
            "seven-day acceptance window",
        ),
    ),
    # client-kestrel
    Meeting(
        "Trade secret identification scope",
        "client-kestrel",
        (
            Stance(
                "List every feature Vale touched; if we leave one out, Lumora will say it was never secret.",
                "argued for naming each model input the departed manager had worked on",
            ),
            Stance(
                "A long list invites a fight over each item; pick the twelve features that actually drive the scores.",
                "argued for a short list of the most valuable features",
            ),
            Stance(
                "I can rank the features by their contribution to model accuracy by Friday.",
                "volunteered to order the model inputs by how much they improve predictions",
            ),
        ),
        Phrase(
            "the identification will list the top twelve features ranked by their accuracy contribution",
            "how many secrets were named in the identification and how they were chosen",
            "top twelve features",
        ),
    ),
    Meeting(
        "Forensic findings readout",
        "client-kestrel",
        (
            Stance(
                "The sync at 2 a.m. moved the whole model repository, and the reset came forty minutes later.",
                "reported that the repository was synced shortly before the wipe",
            ),
            Stance(
                "That sequence is the heart of the injunction brief; it goes on page one.",
                "wanted the sync-then-wipe sequence to lead the brief",
            ),
            Stance(
                "I want to know whether anyone else on his team had access to that folder.",
                "asked whether other employees could reach the same folder",
            ),
        ),
        Phrase(
            "the brief will open with the sync-and-reset timeline and the examiner will check other users' access",
            "how the forensic results were used and what follow-up was ordered",
            "sync-and-reset timeline",
        ),
    ),
    Meeting(
        "Bond exposure",
        "client-kestrel",
        (
            Stance(
                "Half a million in bond money ties up cash we need for the next hiring round.",
                "worried the bond would drain funds needed for hiring",
            ),
            Stance(
                "A surety bond costs a fraction of that in premium, and the cash stays in the bank.",
                "suggested a surety bond to avoid tying up cash",
            ),
        ),
        Phrase(
            "Kestrel will post the bond through a surety rather than cash",
            "how the injunction security was funded",
            "through a surety",
        ),
    ),
    Meeting(
        "CTO declaration rehearsal",
        "client-kestrel",
        (
            Stance(
                "I keep saying 'embeddings' and the judge is going to glaze over.",
                "worried his technical vocabulary would lose the judge",
            ),
            Stance(
                "Call them 'fingerprints of each customer'; it is close enough and a judge can hold on to it.",
                "proposed a plain-language metaphor for the technical term",
            ),
            Stance(
                "Every analogy in the declaration has to survive a cross by their expert, so I will stress-test them.",
                "offered to test each analogy against likely cross-examination",
            ),
        ),
        Phrase(
            "the declaration will use the customer-fingerprint analogy with a footnote giving the technical term",
            "the wording choice settled for the CTO's sworn statement",
            "customer-fingerprint analogy",
        ),
    ),
    Meeting(
        "Customer notification question",
        "client-kestrel",
        (
            Stance(
                "Three customers asked whether their data went to Lumora, and I owe them an answer this week.",
                "had clients waiting to hear if their information had been taken",
            ),
            Stance(
                "Anything we tell customers can end up as an exhibit, so every letter goes through us first.",
                "insisted all customer letters be reviewed by counsel",
            ),
        ),
        Phrase(
            "customers will get a short counsel-reviewed letter that confirms the investigation without details",
            "what the affected customers were told",
            "counsel-reviewed letter",
        ),
    ),
    Meeting(
        "Lumora standstill offer",
        "client-kestrel",
        (
            Stance(
                "A standstill without an audit right is worthless; they could keep running the model on a side server.",
                "said a standstill was meaningless without an inspection right",
            ),
            Stance(
                "Take the standstill; it gets us to the hearing and the judge will like that we were reasonable.",
                "urged accepting the standstill to look reasonable to the court",
            ),
            Stance(
                "I can specify exactly which server logs would prove compliance.",
                "offered to define the logs that would show compliance",
            ),
        ),
        Phrase(
            "we will accept the standstill only with a neutral examiner checking Lumora's server logs",
            "the condition attached to the interim agreement with the competitor",
            "neutral examiner",
        ),
    ),
    Meeting(
        "Hiring freeze on Lumora recruits",
        "client-kestrel",
        (
            Stance(
                "Two more of my engineers have interviews at Lumora next week.",
                "revealed that more engineers were interviewing with the competitor",
            ),
            Stance(
                "Remind them in writing of their confidentiality agreements, but do not threaten them.",
                "advised a written but non-threatening reminder of confidentiality duties",
            ),
            Stance(
                "I will set up exit interviews with a forensic image of every laptop before anyone leaves.",
                "committed to imaging devices at every departure",
            ),
        ),
        Phrase(
            "every departing engineer will get a confidentiality reminder and a laptop image at exit",
            "the exit procedure adopted for engineers leaving the company",
            "laptop image at exit",
        ),
    ),
    Meeting(
        "Post-hearing settlement feelers",
        "client-kestrel",
        (
            Stance(
                "If Lumora will destroy the code under supervision and pay our fees, I would rather get back to building.",
                "said she would settle for supervised destruction and fees",
            ),
            Stance(
                "Fees alone undersell it; they should also accept a two-year ban on scoring products.",
                "wanted a two-year restriction on the competitor's scoring products",
            ),
        ),
        Phrase(
            "our first offer will be supervised destruction, full fees and an eighteen-month product restriction",
            "the terms of the first settlement proposal to the competitor",
            "eighteen-month product restriction",
        ),
    ),
    # trial-team
    Meeting(
        "Exhibit list lockdown",
        "trial-team",
        (
            Stance(
                "Nothing goes on the final list unless it has a sponsoring witness and a sticker.",
                "required a witness and a sticker for every listed exhibit",
            ),
            Stance(
                "We have forty documents that only Pellucid's people can authenticate; we need the stipulation.",
                "pressed for the authenticity stipulation covering the other side's documents",
            ),
            Stance(
                "I can print the whole set tonight if the list is frozen by six.",
                "offered to print overnight if the list froze by evening",
            ),
        ),
        Phrase(
            "the exhibit list freezes at 6 p.m. Thursday and any later addition needs Helena's sign-off",
            "the cutoff set for changes to the exhibit list",
            "freezes at 6 p.m. Thursday",
        ),
    ),
    Meeting(
        "Opening statement graphics",
        "trial-team",
        (
            Stance(
                "One photo of a blistered hull, full screen, no words, held for five seconds.",
                "wanted a single wordless photo of the damage",
            ),
            Stance(
                "The jury also needs the timeline; otherwise the fraud count makes no sense.",
                "argued the timeline was necessary to explain the fraud claim",
            ),
            Stance(
                "I can build the timeline as a slow reveal so it never shows more than three dates at once.",
                "offered a gradual timeline that limits dates on screen",
            ),
        ),
        Phrase(
            "the opening will start on the hull photo and use a three-date rolling timeline",
            "the visual plan for the opening statement",
            "rolling timeline",
        ),
    ),
    Meeting(
        "Focus group readout",
        "trial-team",
        (
            Stance(
                "Both groups hated the word 'osmotic'; say 'water got under the paint'.",
                "recommended dropping the technical term for plain language",
            ),
            Stance(
                "The fraud theme only worked when they saw Pellucid's own internal test failing.",
                "said the deception story only landed with the defendant's own botched lab result",
            ),
            Stance(
                "Then that test report needs a witness who can get it in, and right now we do not have one.",
                "warned the key test report lacked a foundation witness",
            ),
        ),
        Phrase(
            "we will subpoena Pellucid's former lab technician to lay foundation for the failed test",
            "how the team planned to get the internal test report into evidence",
            "former lab technician",
        ),
    ),
    Meeting(
        "Motions in limine triage",
        "trial-team",
        (
            Stance(
                "Their motion to exclude the other boat owners' complaints is their best one; we may lose it.",
                "predicted losing the fight over other customers' complaints",
            ),
            Stance(
                "Offer to limit it to complaints about the same product batch; that is a compromise the judge can take.",
                "proposed narrowing the complaints to the same production batch",
            ),
            Stance(
                "Our motion on their undisclosed lab tests is a clean win if we file it with the disclosure timeline.",
                "predicted an easy victory on the hidden laboratory results",
            ),
        ),
        Phrase(
            "we will offer the same-batch limitation and file our lab-test motion with the disclosure chart",
            "the approach taken on the pretrial evidence motions",
            "same-batch limitation",
        ),
    ),
    Meeting(
        "Voir dire plan",
        "trial-team",
        (
            Stance(
                "Boat owners are a problem both ways; I want to ask about anyone who has painted a hull.",
                "wanted questions about jurors who had painted a hull",
            ),
            Stance(
                "Judge Okonkwo allows only fifteen minutes of attorney questions, so the questionnaire does the heavy lifting.",
                "relied on the written questionnaire given the time limit on questioning",
            ),
            Stance(
                "I'll add a question on warranty experiences; people who were refused a warranty claim lean our way.",
                "proposed a question on prior warranty disputes",
            ),
        ),
        Phrase(
            "the questionnaire will carry the boat and warranty questions and live voir dire will follow up only on flags",
            "how juror questioning was split between paper and live questions",
            "live voir dire",
        ),
    ),
    Meeting(
        "Designation fights",
        "trial-team",
        (
            Stance(
                "Their counters add forty minutes of the sales manager saying nothing useful.",
                "complained the counter-designations padded the testimony",
            ),
            Stance(
                "Completeness objections are a loser with this judge; pick the three worst counters and fight only those.",
                "advised contesting only the worst few counter-designations",
            ),
            Stance(
                "I'll have the run-time report updated by morning so we know the real minutes.",
                "promised updated run times by the next morning",
            ),
        ),
        Phrase(
            "we will object to three counter-designations and accept the rest",
            "how many of the other side's counter-designations were contested",
            "three counter-designations",
        ),
    ),
    Meeting(
        "Damages presentation",
        "trial-team",
        (
            Stance(
                "Forty-one boats times the refit cost is simple, and simple wins.",
                "wanted a plain per-vessel repair total as the damages ask",
            ),
            Stance(
                "The lost-charter income is real money; leaving it out gives away a third of the case.",
                "argued the lost charter income must be included",
            ),
            Stance(
                "Mock jurors trusted the refit number and discounted the charter losses by half.",
                "relayed that the practice panel halved the lost rental income",
            ),
        ),
        Phrase(
            "we will lead with the refit cost and present charter losses as a separate line",
            "how the damages ask was structured for the jury",
            "separate line",
        ),
    ),
    Meeting(
        "War room logistics",
        "trial-team",
        (
            Stance(
                "The war room needs two printers and a shredder, and the hotel's business center is not an option.",
                "insisted the team headquarters get its own printing and shredding equipment",
            ),
            Stance(
                "I'll run the nightly exhibit check from eight to ten so the morning is clean.",
                "took on the nightly verification of trial documents",
            ),
            Stance(
                "Graphics changes after 9 p.m. go to the next day unless Helena asks for them.",
                "set a nightly cutoff for graphics changes",
            ),
        ),
        Phrase(
            "the war room will have its own printers and a 9 p.m. cutoff for graphics changes",
            "the ground rules set for the trial war room",
            "9 p.m. cutoff",
        ),
    ),
    # firm-partners
    Meeting(
        "Rate increase round",
        "firm-partners",
        (
            Stance(
                "Our rates are ten percent under the firms we compete with on every pitch.",
                "said the group's rates trailed competitors by about ten percent",
            ),
            Stance(
                "Half our clients are on rate freezes through next year; an increase just becomes a write-down.",
                "warned that frozen-rate clients would turn increases into write-downs",
            ),
            Stance(
                "Raise standard rates six percent and honor the freezes; realization will tell us if it worked.",
                "proposed a moderate rise while respecting existing freezes",
            ),
        ),
        Phrase(
            "standard rates will rise six percent with existing freezes honored",
            "the rate change the partners approved",
            "rise six percent",
        ),
    ),
    Meeting(
        "Associate staffing crunch",
        "firm-partners",
        (
            Stance(
                "The trial and two injunction matters landed in the same quarter; I need three more associates.",
                "requested extra junior lawyers because several big matters collided",
            ),
            Stance(
                "The corporate group has two litigators on loan who have been idle for a month.",
                "pointed out idle lawyers available in another group",
            ),
            Stance(
                "Contract attorneys for document review, firm associates for depositions; do not mix the two.",
                "insisted on keeping contract lawyers to review work",
            ),
        ),
        Phrase(
            "two borrowed associates will join litigation and contract attorneys will handle first-level review",
            "how the staffing shortfall was covered",
            "borrowed associates",
        ),
    ),
    Meeting(
        "Conflicts process tightening",
        "firm-partners",
        (
            Stance(
                "The lateral questionnaire's two-year look-back nearly cost us a client.",
                "blamed the short look-back period for a near miss",
            ),
            Stance(
                "Ask for the full career and run every former client through the database, whatever it takes.",
                "wanted every prior client of a lateral checked",
            ),
            Stance(
                "Full-career checks add a week to lateral onboarding; we will lose candidates.",
                "worried longer checks would lose recruits",
            ),
        ),
        Phrase(
            "lateral checks will cover the full career, run in parallel with the offer so hiring is not delayed",
            "the change made to new-hire conflicts screening",
            "run in parallel with the offer",
        ),
    ),
    Meeting(
        "Litigation finance inquiry",
        "firm-partners",
        (
            Stance(
                "A fund approached me about backing our contingency patent cases for a share of the recovery.",
                "reported an outside funder's approach",
            ),
            Stance(
                "Any funder's say over settlement is an ethics problem I will not sign off on.",
                "refused to let an investor influence when cases resolve",
            ),
            Stance(
                "Then we hear them out on a portfolio basis with no control rights and decide after the numbers.",
                "suggested exploring a no-control portfolio deal",
            ),
        ),
        Phrase(
            "we will take one meeting on a portfolio deal with no settlement control and report back",
            "how the partners responded to the outside funding approach",
            "no settlement control",
        ),
    ),
    Meeting(
        "Knowledge management budget",
        "firm-partners",
        (
            Stance(
                "The outline library already saved a week of associate time on the last trial.",
                "said the examination-outline collection had already paid for itself",
            ),
            Stance(
                "I will fund it if it has a named owner and usage numbers every quarter.",
                "conditioned funding on an owner and quarterly usage figures",
            ),
        ),
        Phrase(
            "the library gets a year of funding with the research librarian as owner and quarterly usage reports",
            "the terms on which the knowledge project was funded",
            "quarterly usage reports",
        ),
    ),
    Meeting(
        "Client technology audits",
        "firm-partners",
        (
            Stance(
                "Two clients sent security questionnaires asking where our AI tools send their data.",
                "raised clients' security surveys about machine-learning software",
            ),
            Stance(
                "We answer once, centrally, and every partner points clients to the same document.",
                "wanted a single central answer for all clients",
            ),
            Stance(
                "The answer has to say nothing client-confidential leaves our tenancy, and IT has to confirm that in writing.",
                "required written confirmation that client data stays in the firm's environment",
            ),
        ),
        Phrase(
            "the general counsel's office will publish one standard security response confirmed in writing by IT",
            "how the firm handled client questionnaires about its technology",
            "one standard security response",
        ),
    ),
    Meeting(
        "Partner retreat agenda",
        "firm-partners",
        (
            Stance(
                "The retreat should spend a full morning on succession; my term ends next year.",
                "wanted a morning devoted to leadership succession",
            ),
            Stance(
                "Put the budget rollout results on the agenda; the partners who resisted need to see the numbers.",
                "wanted the budget results presented to skeptical partners",
            ),
            Stance(
                "Keep the afternoon free of slides; the useful conversations happen over the walk.",
                "argued for an unstructured afternoon",
            ),
        ),
        Phrase(
            "succession takes the first morning, budget results follow, and the afternoon stays unscheduled",
            "the shape of the retreat program",
            "succession takes the first morning",
        ),
    ),
    Meeting(
        "Pro bono hours target",
        "firm-partners",
        (
            Stance(
                "We fell short of fifty pro bono hours per lawyer again, and the associates noticed.",
                "noted the group missed its pro bono target",
            ),
            Stance(
                "Count pro bono as billable up to a hundred hours and the number will fix itself.",
                "proposed crediting pro bono toward billable targets",
            ),
            Stance(
                "Fine, but every pro bono matter needs a partner supervising, like the tenants' appeal.",
                "insisted a senior lawyer oversee each free-of-charge case",
            ),
        ),
        Phrase(
            "pro bono will count toward billable targets up to a hundred hours with partner supervision required",
            "the new pro bono credit rule",
            "up to a hundred hours",
        ),
    ),
)

FILLERS = (
    FillerTopic(
        "Inbox triage",
        (
            "I cleared the overnight inbox down to {n} items that actually need {principal}.",
            "Most of this morning's mail was court notices we already had from docketing.",
            "Three vendor newsletters went straight to the archive folder.",
            "A document I sent yesterday had already sunk in {person}'s inbox, so I resent it with the link pinned.",
            "I flagged the two messages from opposing counsel and left the rest for the afternoon pass.",
            "A reply-all storm about the holiday party filled the inbox; I muted the thread.",
            "Every message that came in today could wait until tomorrow.",
            "I turned {n} long email chains into one-paragraph summaries for {principal}'s evening read.",
            "The spam filter had caught a genuine clerk's notice, which I rescued and filed.",
            "By noon the inbox was at zero, which lasted about ten minutes.",
            "I sorted the backlog by matter number so {principal} could skim one case at a time.",
        ),
    ),
    FillerTopic(
        "Docket sweep",
        (
            "I ran the morning docket sweep across all of {principal}'s matters and nothing new had been entered.",
            "The clerk's office posted {n} minute entries overnight, all routine.",
            "I compared the firm calendar with the court dockets and they matched line for line.",
            "{person} confirmed that yesterday's notices were docketed with reminders.",
            "One docket showed a sealed entry; I noted it and left it for the team that can see it.",
            "Each date due this week was already on the calendar with two reminders.",
            "A notice of appearance from a new lawyer on the other side came through on {thing}; I updated the service list.",
            "The docket alerts arrived late today, so I refreshed the dockets by hand.",
            "I re-read the scheduling orders on {thing} to make sure no interim date was missing.",
            "The weekly docket report went to {principal} with no red items.",
        ),
        things=(
            "the Copperline case",
            "the Larchmont appeal",
            "the Greyfield arbitration",
            "a closed matter",
        ),
    ),
    FillerTopic(
        "Time entry cleanup",
        (
            "I reminded {principal} that yesterday's time was still unentered.",
            "I split {n} block-billed entries into separate tasks.",
            "I matched the calendar against the timesheet and found a call that had not been recorded.",
            "Two entries landed on the wrong matter number, and I moved them before the bills went out.",
            "At the request of {person}, I scanned a week of entries for vague phrases like 'attention to file'.",
            "The week's time was in by Friday noon for once.",
            "I drafted time narratives from {principal}'s sent mail for her to approve.",
            "Travel time was logged at the full rate on one entry; I flagged it for the half-rate policy.",
            "I rounded nothing; the entries stay in tenths as the billing guidelines require.",
            "One client's outside counsel guidelines ban conference entries between firm lawyers, so I marked those no-charge.",
        ),
    ),
    FillerTopic(
        "Billing narratives",
        (
            "I went through the pre-bills for {thing} and tightened the narratives.",
            "Several entries just said 'research'; I added what the research was about.",
            "The pre-bill summary is now sorted by matter phase, the way {person} prefers it.",
            "I caught a duplicated expense line for a courier run and struck it.",
            "The pre-bill for {thing} is clean and back with billing.",
            "{principal} asked for the narratives to read less like a diary; I rewrote {n} of them.",
            "A client's e-billing portal rejected a task code, so I remapped it.",
            "Rates on the pre-bill agree with the engagement letter.",
            "Billing asked whether a paralegal's overtime could be charged; I pointed them to the engagement terms.",
            "I left a note on two entries that the client may push back on.",
        ),
        things=(
            "the Copperline matter",
            "the Greyfield matter",
            "a small contract dispute",
            "the monthly statements",
        ),
    ),
    FillerTopic(
        "Case law alerts",
        (
            "The daily case alerts brought {n} new opinions; none touched our issues directly.",
            "I read a new appellate decision on contract notice clauses and saved it to the research file.",
            "One alert was a false positive about a different company with a similar name.",
            "I summarized a district court ruling on expert fees in three sentences for {principal}.",
            "The trade secret alert has one more search term now, suggested by {person}.",
            "The patent alerts were quiet today.",
            "I pruned the alert list of searches for matters that have closed.",
            "A law review article on deposition practice came through; I filed it for a slow afternoon.",
            "Two circuit opinions disagreed on a procedural point; I noted the split in the research log.",
            "This week's alerts were interesting reading but changed none of our positions.",
        ),
    ),
    FillerTopic(
        "Conflicts checks",
        (
            "I submitted a new-matter conflicts request for a prospective client {principal} met last week.",
            "The conflicts search came back with {n} hits, all former adverse parties in closed matters.",
            "{person} asked for the list of related entities to run with the new-matter search.",
            "I added the parent company and two subsidiaries to the search terms.",
            "The conflicts team cleared the new matter this afternoon.",
            "A prospective client's name turned up as a former witness; I noted it for the conflicts partner.",
            "I drafted the short waiver letter for a routine positional question.",
            "One search needed the spelling variant of a foreign subsidiary, so I re-ran it.",
            "Today's conflicts results were clean enough that {principal} never had to look.",
            "I updated the adverse-party list after the other side added a new defendant.",
        ),
    ),
    FillerTopic(
        "CLE tracking",
        (
            "I logged {principal}'s latest webinar credits in the CLE tracker.",
            "The certificate for last month's program finally arrived, and I filed it.",
            "I sent {person} the list of programs that count toward the ethics requirement.",
            "The state bar's site confirms the reporting period dates we have.",
            "Two upcoming programs conflict with hearings, so I found recorded versions.",
            "The tracker now has every certificate from this period in one folder.",
            "I set a reminder for the reporting deadline {n} weeks out.",
            "A free in-house session qualifies for credit, so I added it to {principal}'s calendar.",
            "One provider's certificate had the wrong bar number; I asked them to reissue it.",
            "The CLE spreadsheet was tidied and sorted by credit type.",
        ),
    ),
    FillerTopic(
        "Calendar juggling",
        (
            "I moved {principal}'s Thursday client call to make room for a hearing prep block.",
            "{person} asked for thirty minutes this week; I found a slot on Wednesday afternoon.",
            "Two internal meetings overlapped, so I merged them into one.",
            "I protected Friday morning as writing time again.",
            "A vendor demo kept creeping back onto the calendar; I declined it for good.",
            "I added travel buffers around the out-of-town deposition.",
            "A month without an agenda left {n} recurring meetings looking pointless, so I asked the organizers whether they still need to happen.",
            "The week has only one free afternoon, and I kept it that way.",
            "I sent {principal} a one-line summary of tomorrow's schedule at six p.m.",
            "A partner lunch moved twice; the third time it stuck.",
        ),
    ),
    FillerTopic(
        "Expense reports",
        (
            "I assembled {principal}'s expense report from the last trip's receipts.",
            "One taxi receipt was missing, so I used the card statement instead.",
            "Accounting could not place a hotel charge, so I matched it to its matter from the calendar.",
            "I split a shared dinner bill across {n} matters by attendee.",
            "The expense system rejected a receipt image as too blurry; I rescanned it.",
            "Mileage for the courthouse trip went in at the standard rate.",
            "I coded the court filing fees as client disbursements.",
            "The report was submitted and approved the same afternoon.",
            "A parking charge had no receipt, so I wrote the short explanation the policy requires.",
            "I reminded {principal} that personal charges on the firm card need repaying within the month.",
        ),
    ),
    FillerTopic(
        "Document review quality checks",
        (
            "I pulled a random sample of {n} hundred coded documents for a second-level check.",
            "The contract reviewers' relevance calls held up well in today's sample.",
            "{person} flagged a batch where the privilege calls looked too aggressive.",
            "I wrote up three coding examples for the reviewers' next training huddle.",
            "A reviewer had coded duplicates inconsistently, so I sent a short reminder about family coding.",
            "The review pace was steady today with no escalations.",
            "Hot documents are carrying the right issue codes, judging by a quick pass.",
            "The overturn rate on second-level review dropped again this week.",
            "I added two terms to the review protocol's glossary after questions came in.",
            "Today's batches went through without a single escalation to a lawyer.",
        ),
    ),
    FillerTopic(
        "Privilege log upkeep",
        (
            "I added this week's withheld documents to the running privilege log.",
            "Where {n} log entries had generic descriptions, I made them specific enough to survive a challenge.",
            "A forwarded email chain raised the one-entry-or-several question again; I logged each privileged message separately.",
            "I checked that every attorney named on the log is marked with an asterisk.",
            "The log's date column had mixed formats, so I normalized it.",
            "I cross-checked the log against the production to confirm nothing logged was also produced.",
            "A few redacted documents belonged on the redaction log rather than the privilege log; I moved them.",
            "The updated log went to {principal} for a spot check.",
            "I kept a separate list of judgment calls for the partner to decide.",
            "The privilege log is current through yesterday's batch.",
        ),
    ),
    FillerTopic(
        "Cite-checking",
        (
            "I cite-checked the draft brief and found {n} pin cites off by a page.",
            "Every case in the draft is still good law as of this morning.",
            "{person} asked me to confirm a quotation's wording against the reporter.",
            "One parenthetical overstated the holding; I suggested softer wording.",
            "I standardized the short-form citations after the first full cite.",
            "The record cites all point to the right exhibit pages.",
            "Two statutes had been amended since the draft was written; I noted the current text.",
            "I caught a case cited for a proposition that only appears in the dissent.",
            "The cite-check memo went back to the drafting associate with tracked comments.",
            "Signals were inconsistent in the second section, so I marked each one.",
        ),
    ),
    FillerTopic(
        "Tables and formatting",
        (
            "I generated the table of authorities and fixed {n} entries the macro missed.",
            "The brief's headings were out of sync with the table of contents; I regenerated it.",
            "Footnote spacing came up in a question from {person}, and the local rules answered it.",
            "I converted the draft to the court's required font and margins.",
            "The word count certificate now matches the final count.",
            "A stray tracked change was hiding in a footnote; I accepted it after checking.",
            "I bookmarked the PDF so each exhibit opens from the index.",
            "Page numbers restarted after the appendix; I fixed the section break.",
            "The filing version is text-searchable and under the size limit.",
            "I saved a clean copy and a redline in the matter folder.",
        ),
    ),
    FillerTopic(
        "Exhibit housekeeping",
        (
            "I updated the working exhibit list with {n} new documents from yesterday's production.",
            "{person} asked for the exhibit index sorted by date instead of number.",
            "Two exhibits had blurry scans; I asked for clean copies from the originals.",
            "I renamed the exhibit files so the numbers sort correctly.",
            "The exhibit binder tabs were reprinted after a late addition.",
            "Every deposition exhibit number lines up with the transcript index.",
            "A document appeared under two exhibit numbers in different depositions; I noted the cross-reference.",
            "The exhibit folder now mirrors the list exactly.",
            "I added descriptions to the exhibits that only had Bates numbers.",
            "Apart from fonts and spacing, the exhibit list is exactly as it was yesterday.",
        ),
    ),
    FillerTopic(
        "Local rules watch",
        (
            "The district posted proposed amendments to its local rules; I summarized them in a paragraph.",
            "The comment period on the amendments is still open for a few weeks.",
            "{person} asked whether the new electronic exhibit rule applies to pending cases.",
            "A judge updated her standing order on courtesy copies, and I saved the new version.",
            "I compared the new standing order with the old one and found {n} small changes.",
            "The state court announced new e-filing hours; I told the paralegals.",
            "This month's rule changes leave {principal}'s current filings untouched.",
            "I updated the judge-specific checklist with the new page-limit language.",
            "The clerk's office changed its sealed-filing procedure, so I rewrote our internal note.",
            "I filed the rule change notices in the practice group's rules folder.",
        ),
    ),
    FillerTopic(
        "Business development",
        (
            "I updated {principal}'s pitch deck with two recent wins that are already public.",
            "Marketing needed a short paragraph on the trial practice for a proposal, and I wrote it.",
            "I pulled together a list of {n} in-house lawyers {principal} has not spoken to in a year.",
            "A client alert draft on contract notice clauses went to marketing for formatting.",
            "I researched the litigation history of a prospective client from public dockets.",
            "The proposal response was due Friday, and it went out Thursday night.",
            "I drafted a thank-you note for the panel organizers after {principal}'s talk.",
            "A directory submission needed matter descriptions with client names removed; I wrote them generically.",
            "I set a reminder to follow up with a general counsel {principal} met at a conference.",
            "The pitch materials are saved in the marketing folder under this quarter.",
        ),
    ),
    FillerTopic(
        "Client status notes",
        (
            "I drafted the monthly status note on {thing} for {principal}'s review.",
            "Following a suggestion from {person}, the status notes are now half a page.",
            "The note for {thing} had nothing new except two scheduled depositions.",
            "I attached the updated budget-to-actual chart to the status note.",
            "The status notes went out Monday morning as usual.",
            "I kept the privileged notes in each client's own folder and nowhere else.",
            "A client asked for the note in bullet points from now on, and I saved that preference.",
            "I wrote a plain-English summary of the latest order for a client without a legal department.",
            "Email was enough for every update this week; no client needed a call.",
            "I filed the sent versions in the correspondence folders.",
        ),
        things=(
            "the Copperline matter",
            "the Greyfield matter",
            "the pro bono appeal",
            "a small lease dispute",
            "a dormant contract case",
        ),
    ),
    FillerTopic(
        "Travel logistics",
        (
            "I confirmed {principal}'s hotel near the courthouse for next week.",
            "The car service for the early flight is booked for 5:15 a.m.",
            "One car will take the whole team to the deposition, at the suggestion of {person}.",
            "I printed the boarding passes and the hearing notice into one travel packet.",
            "The return flight moved an hour earlier; I updated the calendar.",
            "The courthouse allows laptops but not extension cords, so I packed accordingly.",
            "Rail was faster than flying for this trip, so I switched the booking.",
            "I shipped the witness binders ahead to the hotel.",
            "The travel folder has the itinerary, confirmations and local counsel's phone number.",
            "I found a quiet room at the hotel for the night-before prep session.",
        ),
    ),
    FillerTopic(
        "Associate assignments",
        (
            "Each open research question now has a named owner in the tracker.",
            "{person} finished a research memo early and asked for the next task.",
            "This week brings {n} assignment deadlines, all on track.",
            "I matched a new research question to the associate who wrote the last memo on that issue.",
            "A first-year asked for a sample outline; I sent two from the library.",
            "I reminded the team that first drafts come to {principal} through me.",
            "One associate is at capacity, so I moved a small task to someone lighter.",
            "The tracker's due dates were checked against the court calendar.",
            "I asked {person} for a status update on the long-running research project.",
            "The assignment board is all green.",
        ),
    ),
    FillerTopic(
        "Recruiting interviews",
        (
            "I scheduled {principal}'s callback interviews for the fall recruiting season.",
            "Recruiting sent {n} resumes that need a look before Friday.",
            "I summarized each candidate's writing sample in two lines.",
            "The interview feedback form was submitted within the hour, as recruiting asks.",
            "I booked the small conference room for the lunch interviews.",
            "A candidate asked about the trial practice, so I sent a public overview.",
            "I moved an interview to accommodate a candidate's exam schedule.",
            "The recruiting committee's calendar is now on {principal}'s calendar too.",
            "I checked the candidates against the conflicts list for summer work.",
            "Recruiting can run without {principal} for the rest of the week.",
        ),
    ),
    FillerTopic(
        "Pro bono intake",
        (
            "The pro bono coordinator circulated {n} new matters looking for volunteers.",
            "{person} asked whether {principal} could supervise an associate on a small-claims appeal.",
            "I ran conflicts on a housing matter before anyone looked at the file.",
            "A legal aid clinic asked for a one-hour training on deposition basics.",
            "I logged last month's pro bono hours for the firm's report.",
            "One intake needed a Spanish speaker, so I forwarded it to the coordinator.",
            "The pro bono engagement letter template was updated with the new scope language.",
            "I filed the clinic's referral forms in the intake folder.",
            "The new pro bono matters were family law and immigration, outside {principal}'s practice.",
            "I drafted a short reply thanking the clinic and declining a matter outside our area.",
        ),
    ),
    FillerTopic(
        "Knowledge management",
        (
            "I added {n} final briefs to the brief bank with their outcomes noted.",
            "When {person} went looking for a sample motion to compel, I pointed to the two that won.",
            "I tagged new briefs by judge so associates can find what worked before each one.",
            "The research memos from last quarter were scrubbed and indexed.",
            "I merged two overlapping checklists on expert disclosures into one.",
            "A dead link in the practice group's wiki pointed to an old drive; I fixed it.",
            "I wrote short abstracts for the memos that had none.",
            "The form bank's search results improved after I cleaned up duplicate titles.",
            "I archived the superseded versions of the discovery templates.",
            "The library got its routine additions and nothing more.",
        ),
    ),
    FillerTopic(
        "File closing",
        (
            "I started the closing checklist on a matter that settled last quarter.",
            "{person} confirmed the final invoice on the closed matter was paid.",
            "I sent the client the standard letter about returning original documents.",
            "I scheduled {n} boxes from a closed case for offsite storage.",
            "The retention period for the closed file was entered in the records system.",
            "I removed the closed matter from {principal}'s active list.",
            "The electronic file was locked after the final documents were filed.",
            "I canceled the docket alerts for the closed case.",
            "The disengagement letter went out with a thank-you note.",
            "A closed matter's review database was queued for deletion under the vendor contract.",
        ),
    ),
    FillerTopic(
        "Engagement letters",
        (
            "I drafted an engagement letter from the standard template for a new consulting matter.",
            "Whether the new letter needs the arbitration clause is a firm policy question, and the policy says no.",
            "The client returned the signed engagement letter, and I filed it with the matter opening.",
            "I updated the rate schedule attached to an engagement letter after the annual increase.",
            "One client's outside counsel guidelines conflicted with our letter, so I listed the differences.",
            "The scope section of a draft letter was too broad; I narrowed it for {principal}.",
            "I reminded a client that the signed letter was still outstanding after {n} weeks.",
            "The conflicts waiver language went into the letter verbatim.",
            "I logged the engagement terms in the billing system.",
            "The engagement paperwork this week was entirely standard.",
        ),
    ),
    FillerTopic(
        "Litigation hold reminders",
        (
            "I sent the quarterly hold reminders on every active matter.",
            "{person} asked whether a departed employee's mailbox is still preserved; IT confirmed it is.",
            "I chased the {n} custodians who had not acknowledged the latest reminder.",
            "Two new custodians went into the hold tracker.",
            "A client asked whether they can release a hold on a closed matter; I drafted the release notice.",
            "The hold acknowledgments are filed by matter and date.",
            "I checked that the automatic deletion settings stay off for held mailboxes.",
            "A custodian changed roles, so I resent the hold notice to the new manager.",
            "Every acknowledgment in the hold tracker is current.",
            "I drafted the plain-language summary of what 'preserve' means for a client's staff.",
        ),
    ),
    FillerTopic(
        "Transcript errata",
        (
            "I reviewed the rough transcript against {principal}'s notes and listed {n} errors.",
            "I reminded {person} that the errata sheet has a deadline.",
            "The reporter misspelled a technical term throughout; I added one errata line covering it.",
            "The witness's errata changes were substantive in two places, and I flagged them.",
            "Exhibit references are now in the transcript index.",
            "The certified transcript arrived and matched the rough except for formatting.",
            "I sent the witness the signature page with a cover note.",
            "Errata for the last deposition went out on time.",
            "I noted the page and line of each key admission in the summary.",
            "The transcript summary is saved next to the full transcript.",
        ),
    ),
    FillerTopic(
        "Vendor invoices",
        (
            "Court reporting invoices reconcile with the deposition calendar.",
            "A hosting invoice that looked unpaid turned out to have been settled last month.",
            "A copy vendor billed for color printing we did not order; I disputed the line.",
            "I matched {n} vendor invoices to matters and sent them to accounting.",
            "The translation agency's invoice was within its quote.",
            "A courier invoice listed a delivery to the wrong address; I asked for proof of delivery.",
            "I coded each invoice as a pass-through cost to the client.",
            "The monthly vendor invoices are all approved.",
            "One vendor changed its payment address; I verified the change by phone before updating it.",
            "The invoice pile was ordinary from top to bottom.",
        ),
    ),
    FillerTopic(
        "Research memo edits",
        (
            "I edited an associate's research memo for length and clarity.",
            "The memo's conclusion was buried on page four, so I moved it to the top.",
            "{person} asked whether the memo should address the minority view; I suggested a footnote.",
            "I checked that every case in the memo had been read in full, not just headnotes.",
            "The memo now answers the question {principal} actually asked.",
            "I trimmed {n} paragraphs of background the partner already knows.",
            "A string cite of twelve cases became three strong ones.",
            "I added a short 'open questions' section at the end.",
            "The revised memo went back to the associate with tracked changes.",
            "I saved the final memo in the research library with a one-line abstract.",
        ),
    ),
    FillerTopic(
        "Filing confirmations",
        (
            "The notice of electronic filing came through for this afternoon's filing.",
            "I saved the file-stamped copy to the matter folder.",
            "Billing got the filing receipt it needs for the disbursement.",
            "I confirmed service on all counsel of record through the court's system.",
            "The courtesy copy requirement applied, so I arranged delivery to chambers.",
            "Two exhibits were filed as separate attachments as the clerk prefers.",
            "On the docket, the entry text matches what we filed.",
            "A filing error notice came back for a missing certificate; I refiled within the hour.",
            "Everything filed today is docketed and saved.",
            "I emailed {principal} the stamped copies with the docket numbers.",
        ),
    ),
    FillerTopic(
        "Bar association work",
        (
            "I drafted the agenda for the bar committee meeting {principal} chairs.",
            "I dug out the committee's last minutes for {person}.",
            "The committee's newsletter needed a short column, and I drafted a first pass.",
            "I collected RSVPs for the section's evening program.",
            "The bar dues reminder came in; I logged it.",
            "The committee welcomed {n} new members, and the roster reflects it.",
            "A speaker canceled, so I sent {principal} three possible replacements.",
            "The committee's comment letter on a proposed rule went out for signatures.",
            "I booked the meeting room at the bar's office for next month.",
            "The bar association can sit in the 'later' folder this week.",
        ),
    ),
    FillerTopic(
        "IT and security housekeeping",
        (
            "I reminded {principal} that her password expires in {n} days.",
            "The document management system was slow this morning; IT said it was a backup job.",
            "IT needed confirmation that {principal}'s new phone was enrolled, which I gave.",
            "I reported a phishing email to the security team without clicking anything.",
            "The secure file transfer link for a client expired, so I issued a new one.",
            "The laptop encryption update installed without a restart.",
            "A shared folder had broader access than it needed; I asked IT to narrow it.",
            "The video conference software updated overnight, and I tested it before the client call.",
            "I cleared old downloads containing client documents from the shared laptop.",
            "Apart from the routine patches, IT had no reason to hear from us.",
        ),
    ),
    FillerTopic(
        "Jury instruction bank",
        (
            "I added the latest pattern instruction updates to the firm's instruction bank.",
            "{person} asked for the best version of a breach-of-warranty instruction we have used.",
            "I annotated {n} instructions with the cases that support them.",
            "A pattern instruction was revised by the committee, so I replaced the old one.",
            "I grouped the instructions by claim type for faster drafting.",
            "The special verdict forms from past trials went into their own folder.",
            "I noted which judges modified the standard burden-of-proof instruction.",
            "An instruction on expert testimony had been edited inconsistently in two trials; I kept both versions with notes.",
            "The bank index was regenerated after today's changes.",
            "The instruction bank had a slow week.",
        ),
    ),
    FillerTopic(
        "Bio and directory updates",
        (
            "I updated {principal}'s website bio with two recent public rulings.",
            "A conference program wanted a hundred-word bio, so I wrote a shorter one.",
            "I rewrote the bio's first sentence so it leads with trial experience.",
            "The directory questionnaire asked for {n} representative matters; I drafted them without confidential details.",
            "I replaced an outdated headshot link in the speaker materials.",
            "The bar admissions list on the bio was missing one court, so I added it.",
            "I checked that nothing in the bio names a client who has not consented.",
            "The updated bio went live after marketing's review.",
            "A publication list was added to the bio's bottom section.",
            "I saved the short, medium and long bios in one document for future requests.",
        ),
    ),
    FillerTopic(
        "Meet-and-confer correspondence",
        (
            "I drafted a short meet-and-confer letter on a routine discovery deficiency for {principal}'s review.",
            "{person} asked me to summarize the last three letters before a call with opposing counsel.",
            "The other side proposed {n} dates for a call, and I accepted the earliest.",
            "I kept the letter's tone neutral and the requests numbered.",
            "A reply came in that agreed to most of our requests, which I noted in the tracker.",
            "The meet-and-confer log was updated with today's call.",
            "I added a footnote citing the protective order paragraph the other side overlooked.",
            "Opposing counsel asked for an extension on a routine response, and {principal} agreed.",
            "I confirmed the agreement from the call in a one-paragraph email.",
            "None of today's letters is heading toward a motion.",
        ),
    ),
)

NEGATIVES = (
    NegativeProbe("anti-SLAPP", "Did we ever bring or defend an anti-SLAPP motion?"),
    NegativeProbe("Lanham Act", "Was a Lanham Act claim ever part of any of our cases?"),
    NegativeProbe("qui tam", "Did Helena ever take on a qui tam case?"),
    NegativeProbe(
        "Hague Evidence Convention",
        "Did we ever have to take evidence abroad under the Hague Evidence Convention?",
    ),
    NegativeProbe(
        "exclusion order", "Did any client ever pursue an exclusion order at the trade commission?"
    ),
    NegativeProbe(
        "multidistrict litigation",
        "Was any of our matters ever transferred into multidistrict litigation?",
    ),
    NegativeProbe("class certification", "Did we ever brief class certification?"),
    NegativeProbe("offer of judgment", "Did anyone ever serve a Rule 68 offer of judgment on us?"),
    NegativeProbe("forum non conveniens", "Did we ever move to dismiss for forum non conveniens?"),
    NegativeProbe("TTAB", "Did we ever handle a trademark proceeding before the TTAB?"),
    NegativeProbe(
        "exceptional case",
        "Did any court ever find one of our patent cases to be an exceptional case?",
    ),
    NegativeProbe("writ of mandamus", "Did we ever petition for a writ of mandamus?"),
    NegativeProbe(
        "Singapore International Arbitration Centre",
        "Was any arbitration of ours seated at the Singapore International Arbitration Centre?",
    ),
    NegativeProbe("GDPR", "Did GDPR issues ever come up in our discovery?"),
    NegativeProbe("Chapter 11", "Did any opposing party ever file for Chapter 11?"),
    NegativeProbe("derivative suit", "Did Helena ever handle a shareholder derivative suit?"),
    NegativeProbe("FRAND", "Did we ever litigate a FRAND royalty?"),
    NegativeProbe("design patent", "Was a design patent ever asserted in any of our cases?"),
    NegativeProbe(
        "plant variety", "Did a plant variety certificate ever figure in the produce work?"
    ),
    NegativeProbe("Madrid Protocol", "Did we ever file anything under the Madrid Protocol?"),
    NegativeProbe("shadow jury", "Did the trial team ever use a shadow jury?"),
    NegativeProbe(
        "reexamination", "Did anyone ever request ex parte reexamination of a patent in our cases?"
    ),
    NegativeProbe(
        "covenant not to sue", "Did any settlement we negotiated include a covenant not to sue?"
    ),
    NegativeProbe("cy pres", "Was a cy pres distribution ever discussed?"),
    NegativeProbe("trade dress", "Did we ever bring a trade dress claim?"),
    NegativeProbe(
        "special master", "Did a court ever appoint a special master in one of our matters?"
    ),
    NegativeProbe("receivership", "Did we ever seek a receivership over a defendant's assets?"),
    NegativeProbe("Hatch-Waxman", "Did Helena ever work on a Hatch-Waxman case?"),
    NegativeProbe("cryptocurrency", "Was cryptocurrency ever at issue in any matter?"),
    NegativeProbe("defamation", "Did we ever handle a defamation claim?"),
    NegativeProbe(
        "vacatur", "Did anyone ever seek vacatur of an arbitration award we were involved in?"
    ),
    NegativeProbe(
        "inter partes review",
        "Did any defendant ever file an inter partes review petition against our client's patent?",
    ),
    NegativeProbe("Section 1983", "Did we ever take a Section 1983 case?"),
    NegativeProbe("RICO", "Was a RICO claim ever pleaded in our matters?"),
    NegativeProbe("letters rogatory", "Did we ever have to issue letters rogatory?"),
    NegativeProbe("Noerr-Pennington", "Did anyone ever raise Noerr-Pennington immunity?"),
    NegativeProbe("laches", "Did we ever argue a laches defense?"),
    NegativeProbe("Kessler doctrine", "Did the Kessler doctrine ever come up?"),
    NegativeProbe("Twombly", "Did we ever move to dismiss under Twombly?"),
    NegativeProbe("ERISA", "Did Helena ever handle an ERISA dispute?"),
    NegativeProbe(
        "Sherman Act", "Was a Sherman Act counterclaim ever filed against one of our clients?"
    ),
    NegativeProbe(
        "Tokyo District Court", "Did we ever coordinate with a case in the Tokyo District Court?"
    ),
    NegativeProbe("Reykjavik", "Did Helena ever travel to Reykjavik for work or leave?"),
    NegativeProbe("Eastlake Capital", "Did the firm ever represent Eastlake Capital?"),
    NegativeProbe("Marbury Textiles", "Did we ever do any work for Marbury Textiles?"),
    NegativeProbe("Mandarin", "Did any deposition ever need a Mandarin interpreter?"),
    NegativeProbe(
        "Brazilian subsidiary", "Did discovery ever reach a client's Brazilian subsidiary?"
    ),
    NegativeProbe(
        "sanctions under Rule 11", "Did anyone ever move for sanctions under Rule 11 against us?"
    ),
    NegativeProbe(
        "Stockholm Chamber of Commerce",
        "Was any arbitration of ours run under the Stockholm Chamber of Commerce rules?",
    ),
    NegativeProbe("Quarrywood Consulting", "Did we ever hire Quarrywood Consulting?"),
    NegativeProbe("amicus brief", "Did Helena ever file an amicus brief?"),
)

LINKS = (
    Link(
        "the Tessellate Data hosting contract",
        "The review database for {arc} is billed under the Tessellate Data hosting contract, which charges by the gigabyte each month.",
        "I found that {arc} had quietly been added to the Tessellate Data hosting contract at the old per-gigabyte rate.",
        "Which two pieces of work ended up billed under the same outside document-hosting agreement?",
    ),
    Link(
        "the stenographer Odette Faraday",
        "For {arc}, the agency sent the stenographer Odette Faraday, who asked for a spelling list in advance.",
        "The reporting agency assigned the stenographer Odette Faraday to {arc}, and her rough draft arrived the same evening.",
        "Which two efforts used the same court reporter?",
    ),
    Link(
        "the 30th-floor war room",
        "{arc} took over the 30th-floor war room for the week, so I moved the other bookings out.",
        "For {arc} we needed the 30th-floor war room, and I had to negotiate it away from another team.",
        "Which two pieces of work competed for the same team workroom?",
    ),
    Link(
        "contract reviewers from Corvid Staffing",
        "First-level review for {arc} was staffed with contract reviewers from Corvid Staffing.",
        "Nadia approved contract reviewers from Corvid Staffing to clear the backlog on {arc}.",
        "Which two matters drew on the same temporary review staffing agency?",
    ),
    Link(
        "the superseded 2019 protective order form",
        "The draft stipulation for {arc} turned out to be built on the superseded 2019 protective order form.",
        "Someone had started {arc} from the superseded 2019 protective order form, and I swapped in the current one.",
        "Which two pieces of work started from the same outdated confidentiality-order template?",
    ),
    Link(
        "box 4471 at the Ironbridge records facility",
        "The original signed documents for {arc} are stored in box 4471 at the Ironbridge records facility.",
        "I retrieved the hard-copy file for {arc} from box 4471 at the Ironbridge records facility.",
        "Which two efforts had paper files in the same offsite storage box?",
    ),
    Link(
        "billing code LS-2290",
        "Litigation support time on {arc} was charged to billing code LS-2290 by mistake.",
        "Nadia found that {arc} also had hours parked under billing code LS-2290.",
        "Which two pieces of work had time charged to the same stray internal billing code?",
    ),
    Link(
        "the Harrow translation agency",
        "The foreign-language documents in {arc} went to the Harrow translation agency for certified translations.",
        "I used the Harrow translation agency for the one foreign-language exhibit in {arc}.",
        "Which two matters used the same translation vendor?",
    ),
    Link(
        "the duplicated Bates prefix ASHP",
        "The production for {arc} went out under the duplicated Bates prefix ASHP, which another matter was already using.",
        "I discovered {arc} shared the duplicated Bates prefix ASHP with an unrelated production and asked litigation support to re-stamp it.",
        "Which two pieces of work were stamped with the same clashing document-number prefix?",
    ),
    Link(
        "the loaner laptop tagged AP-117",
        "The presentation files for {arc} were built on the loaner laptop tagged AP-117.",
        "IT traced a missing draft for {arc} to the loaner laptop tagged AP-117, which had never synced.",
        "Which two efforts relied on the same borrowed firm computer?",
    ),
)

LEAVES = (
    Leave(
        kind="vacation",
        places=("Lisbon", "the Dolomites", "Kyoto", "the Scottish Highlands", "Sardinia"),
        log="{principal} is on vacation in {place} until {date}; {person} is covering her docket and any calls from chambers.",
        ask_place="Where did {principal} spend the vacation that ended on {date}?",
        ask_cover="Who handled {principal}'s matters while she was away until {date}?",
        quiet_lines=(
            "Quiet day; nothing needed a decision.",
            "I forwarded one clerk's notice to the covering partner.",
            "The docket sweep turned up nothing new.",
            "I filed {n} newsletters without reading them.",
            "No court deadlines this week; the calendar stayed empty.",
            "I answered two scheduling emails with the out-of-office dates.",
            "The inbox stayed light and I kept it at zero.",
            "Nothing from any client today.",
            "I tidied the matter folders while it was slow.",
            "One vendor invoice came in and went to accounting.",
            "A reminder about time entries went unanswered, as expected.",
        ),
    ),
    Leave(
        kind="conference trip",
        places=("San Diego", "Austin", "Washington", "Denver", "Nashville"),
        log="{principal} is at the national litigation section meeting in {place} through {date}, speaking on one panel; {person} has the docket meanwhile.",
        ask_place="In which city was the litigation conference {principal} attended that ended on {date}?",
        ask_cover="Who minded the docket while {principal} was at the conference that ended on {date}?",
        quiet_lines=(
            "Conference week; I only logged incoming notices.",
            "I sent {principal} the panel slides one more time at her request.",
            "The docket was quiet.",
            "Two routine filings were confirmed and saved.",
            "I held all non-urgent email for her return.",
            "Nothing from opposing counsel today.",
            "I rescheduled a weekly check-in to the week after.",
            "The calendar for next week is clear of surprises.",
            "I caught up on tagging in the outline library.",
            "A short day with nothing to report.",
        ),
    ),
    Leave(
        kind="teaching week",
        places=("Boulder", "Ann Arbor", "Charlottesville", "Madison"),
        log="{principal} is on the faculty of a trial advocacy program in {place} until {date}; {person} is covering anything urgent.",
        ask_place="Where was {principal} teaching during the week that ended on {date}?",
        ask_cover="Who covered urgent matters while {principal} was teaching until {date}?",
        quiet_lines=(
            "Teaching week; the docket was quiet.",
            "I printed the program's demonstration materials and sent them ahead.",
            "Nothing came in that could not wait.",
            "I logged two court notices and left them for the covering partner.",
            "The inbox was slow all day.",
            "I used the lull to clean up old research folders.",
            "No client calls today.",
            "A scheduling request was answered with her return date.",
            "I confirmed next week's calendar and left it at that.",
            "Another quiet day; {n} routine emails filed.",
        ),
    ),
)

DOMAIN = Domain(
    id="litigation-attorney",
    agent="Arden",
    role="AI litigation co-pilot",
    domain="commercial and intellectual property litigation",
    organisation_key="firm",
    organisation="Ashgrove Pell LLP",
    team_size=12,
    profile=(
        "Arden is the AI litigation co-pilot for a commercial and IP litigation partner at Ashgrove Pell "
        "LLP, a 160-lawyer firm with offices in Chicago and Wilmington. It keeps the docket, drafts and "
        "cite-checks, preps depositions and experts, tracks judges' standing orders and deadlines, and "
        "keeps each client's privileged material inside that client's own channel."
    ),
    communication_style=(
        "Terse, docket-first entries: matter, deadline, who owns it, what the judge or the other side did. "
        "Dates and dollar figures are exact; privileged client material is never repeated outside its "
        "client channel."
    ),
    principal=PRINCIPAL,
    principal_profile=(
        "Helena Marchetti is a commercial and IP litigation partner with twenty-two years at the bar and "
        "a former federal clerk. She first-chairs jury trials, writes her own openings, reads every "
        "expert report twice, prefers the phone to email with clients and hates surprises on the docket."
    ),
    shared_knowledge=(
        "Ashgrove Pell's litigation group sits on floors 30 through 32 of the Wexford Tower in Chicago.",
        "Every court date goes through Farid Haddad's docketing team before it reaches a calendar.",
        "Time entries are due by 10 a.m. the next business day.",
        "Norvale Robotics, Brightwater Foods and Kestrel Analytics each have their own privileged channel.",
        "Judge Constance Brandt has the Norvale patent case; Judge Raymond Okonkwo has the Halvorsen trial.",
        "Judge Gideon Farrow presides over the Copperline copyright case.",
        "The Greyfield arbitration panel is chaired by Harriet Lowe.",
        "Lucia Ferreira owns exhibit numbering on every trial team.",
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
    ("Tobias Wren", "the senior IP associate"),
    ("Priya Raghunathan", "the commercial disputes associate"),
    ("Daniel Osei", "the third-year associate"),
    ("Yusuf Karimi", "the first-year associate"),
    ("Lucia Ferreira", "the senior paralegal"),
    ("Marcus Beaulieu", "the trial paralegal"),
    ("Grace Nakamura", "the e-discovery manager"),
    ("Farid Haddad", "the docketing manager"),
    ("Joanne Petrakis", "Helena's legal assistant"),
    ("Walter Kingsley", "the managing partner"),
    ("Ines Albrecht", "the IP litigation partner"),
    ("Rosalind Mbeki", "the commercial litigation partner"),
    ("Kenji Sato", "the appellate partner"),
    ("Samuel Achterberg", "the firm's general counsel"),
    ("Nadia Ivanova", "the practice manager"),
    ("Rhys Calloway", "the research librarian"),
    ("Alana Whitcombe", "the robotics expert"),
    ("Victor Lindqvist", "the damages economist"),
    ("Camille Durand", "Norvale's general counsel"),
    ("Bram Okafor", "Norvale's engineering vice president"),
    ("Hugo Castellanos", "Brightwater's head of legal"),
    ("Delphine Moreau", "Brightwater's supply chain director"),
    ("Aisha Bello", "Kestrel's chief executive"),
    ("Theo Marsh", "Kestrel's technology chief"),
    ("Oliver Stroud", "Delaware local counsel"),
    ("Mei-Lin Zhou", "the trial graphics consultant"),
    ("Patrick Ndlovu", "the jury consultant"),
)

THING_ASKS = (
    # court reporters
    ("the Junebug CTO deposition", "the sworn questioning of the app maker's technology chief"),
    (
        "the Aurelian controller deposition",
        "the sworn questioning of the licensee's finance controller",
    ),
    (
        "the Copperline engineer depositions",
        "the sworn questioning of the game studio's developers",
    ),
    (
        "the Larchmont building inspector's deposition",
        "the sworn questioning of the town's code inspector",
    ),
    (
        "the Greyfield licensing director's deposition",
        "the sworn questioning of the licensor's deals head",
    ),
    # conference rooms
    ("the Aurelian controller prep session", "getting the licensee's finance witness ready"),
    ("the Larchmont board meeting", "the session with the condominium association's directors"),
    ("the template training", "teaching staff the new document forms"),
    ("the outline library demo", "the showcase of the shared argument outlines"),
    ("the Copperline founders' interview", "the session with the game studio's creators"),
    # pro hac vice
    ("the Massachusetts filing", "the Boston-area court admission"),
    ("the Texas filing", "the Lone Star court admission"),
    ("the New Jersey filing", "the Garden State court admission"),
    ("the Colorado filing", "the Denver-area court admission"),
    # experts
    ("Dr. Imre Halasz", "the Hungarian-born software expert"),
    ("Rowena Tate", "the forensic accountant"),
    ("Dr. Noor Qureshi", "the survey methodology expert"),
    ("Dr. Ansel Groves", "the food-safety scientist"),
    # Bates
    ("Copperline's third production", "the game studio's latest document handover"),
    ("Aurelian's royalty workpapers", "the licensee's payment calculations"),
    ("Greyfield's negotiation file", "the licensor's deal-talks records"),
    ("Junebug's personnel records", "the app maker's staff files"),
    # hearings
    (
        "the Copperline scheduling conference",
        "the calendar-setting session in the game studio case",
    ),
    ("the Greyfield procedural call", "the housekeeping call in the licensing dispute"),
    ("the Larchmont oral argument", "the spoken appeal in the condominium matter"),
    ("the Copperline discovery hearing", "the session on document fights in the game studio case"),
    # flights
    ("the Hartford hearing trip", "the journey to Connecticut for court"),
    ("the San Jose code review", "the journey to Silicon Valley to inspect source"),
    ("the Wilmington status conference", "the journey to Delaware for a check-in with the judge"),
    ("the Denver witness interview", "the journey to Colorado to meet a witness"),
    # couriers
    ("the courtesy copies for Judge Farrow", "the paper set for the presiding judge's chambers"),
    ("the Larchmont appendix volumes", "the bound record for the condominium appeal"),
    ("the Greyfield hearing bundles", "the packets for the licensing dispute session"),
    ("the signed Copperline declarations", "the executed sworn statements in the game studio case"),
    # transcripts
    ("the Junebug CTO transcript", "the written record of the app maker's tech chief testimony"),
    ("the Copperline engineer transcripts", "the written record of the game developers' testimony"),
    ("the Aurelian controller transcript", "the written record of the licensee finance witness"),
    ("the Larchmont hearing transcript", "the written record of the condominium court session"),
    # briefs
    ("the Copperline opposition", "the response resisting the game studio's motion"),
    (
        "the Greyfield post-hearing brief",
        "the licensing dispute's written argument after the session",
    ),
    ("the Larchmont reply brief", "the last word in the condominium appeal"),
    (
        "the Copperline motion to compel",
        "the request to force the game studio to produce documents",
    ),
    # CLE
    ("the ethics hour", "the professional responsibility credit"),
    ("the implicit bias credit", "the unconscious prejudice course"),
    ("the patent law update", "the inventions law refresher"),
    ("the evidence refresher", "the rules-of-proof course"),
    # dinners
    ("the Greyfield team dinner", "the evening meal for the licensing dispute team"),
    ("the Copperline founders' dinner", "the evening meal with the game studio's creators"),
    ("the associates' thank-you dinner", "the meal thanking the junior lawyers"),
    ("the Larchmont board lunch", "the midday meal with the condominium directors"),
    # storage boxes
    ("the closed Pemberton arbitration files", "the finished private-tribunal records"),
    ("the old Dunmore trial exhibits", "the evidence from a long-ago courtroom fight"),
    ("the Halloran appeal record volumes", "the bound record of an earlier appeal"),
    ("the 2015 Whitlow jury binders", "the decade-old panel notebooks"),
    # bar registrations
    ("the Illinois registration", "the Chicago-state licence"),
    ("the New York registration", "the Empire State licence"),
    ("the Delaware registration", "the First State licence"),
    ("the California registration", "the Golden State licence"),
    # speaking
    ("the bar association's IP day", "the lawyers' society day on patents and copyrights"),
    ("the law school's trial advocacy class", "the courtroom skills seminar for students"),
    ("the in-house counsel breakfast", "the morning event for company lawyers"),
    ("the women in litigation panel", "the discussion on female trial lawyers"),
    # write-downs
    ("the Copperline September invoice", "the game studio's bill for month nine"),
    ("the Greyfield August invoice", "the licensing dispute's bill for month eight"),
    ("the Copperline October invoice", "the game studio's bill for month ten"),
    (
        "the Greyfield hearing-month invoice",
        "the licensing dispute's bill in the month of the session",
    ),
    # deposition length
    ("the Junebug CTO", "the app maker's technology chief"),
    ("Aurelian's finance controller", "the licensee's money person"),
    ("Copperline's former lead engineer", "the game studio's departed chief developer"),
    ("Greyfield's licensing director", "the licensor's deals head"),
    # copyrights
    ("the 2018 engine version", "the older game engine release"),
    ("the 2020 engine version", "the newer game engine release"),
    ("the shader toolkit", "the graphics rendering library"),
    ("the level editor", "the tool for building game maps"),
    # jury instructions
    ("the express warranty set", "the charges on explicit product promises"),
    ("the fraud set", "the charges on deception"),
    ("the damages set", "the charges on money awards"),
    ("the preliminary set", "the charges read before evidence"),
    # trial hotels
    ("the trial team", "our courtroom crew"),
    ("the Halvorsen witnesses", "the people testifying for the family company"),
    ("the graphics crew", "the visual designers"),
    ("the jury consultant's staff", "the panel adviser's people"),
    # binders
    ("the jury binders", "the notebooks for the panel"),
    ("the Dr. Groves witness binders", "the food-safety expert's notebooks"),
    ("the bench binders", "the judge's notebooks"),
    (
        "the cross binders for Pellucid's chemist",
        "the notebooks for confronting the other side's scientist",
    ),
    # graphics
    ("the opening slides", "the visuals for the first speech to the jury"),
    ("the closing slides", "the visuals for the final speech to the jury"),
    ("the hull timeline animation", "the moving chronology of the boat body"),
    ("the damages chart boards", "the printed money exhibits"),
    # mediator
    ("the half-day session", "the morning-only settlement meeting"),
    ("the full-day session", "the all-day settlement meeting"),
    ("the preparation call", "the phone call before settlement talks"),
    ("the follow-up session", "the later settlement meeting"),
    # subpoenas
    ("the county agricultural office", "the local farm authority"),
    ("the trucking carrier", "the haulage company"),
    ("the cold-storage operator", "the refrigerated warehouse company"),
    ("the state weather service", "the government climate office"),
    # site visits
    ("the Fresno distribution center", "the Central Valley warehouse"),
    ("the Salinas packing house", "the lettuce-country packing plant"),
    ("the Yakima cold store", "the Washington refrigerated warehouse"),
    ("the Tamsin grading shed", "the produce sorting building"),
    # translations
    ("the 2009 Japanese reference", "the old prior-art document from Japan"),
    ("the Japanese prosecution file", "the patent office history in Japan"),
    ("the German counterpart patent", "the matching patent in Germany"),
    ("the Korean distributor agreement", "the reseller contract in Korea"),
    # expert invoices
    ("Dr. Whitcombe's March invoice", "the robotics expert's bill for month three"),
    ("Dr. Whitcombe's teardown invoice", "the robotics expert's bill for taking the device apart"),
    ("the damages expert's first invoice", "the economist's opening bill"),
    ("the damages expert's rebuttal invoice", "the economist's bill for answering the other side"),
    # productions
    ("the first Sablecrest production", "the rival robot maker's opening document handover"),
    ("the Sablecrest source code printouts", "the rival robot maker's program listings on paper"),
    ("the Sablecrest sales ledgers", "the rival robot maker's revenue records"),
    ("the Sablecrest engineering drawings", "the rival robot maker's technical plans"),
    # forensics
    ("imaging Vale's laptop", "copying the departed engineer's computer"),
    ("imaging Vale's phone", "copying the departed engineer's handset"),
    ("collecting the cloud folder", "gathering the online file share"),
    ("the supplemental hash analysis", "the extra fingerprint comparison of files"),
    # courtrooms
    ("the TRO hearing", "the session on the emergency restraining order"),
    ("the injunction hearing", "the session on the longer court order"),
    ("the status conference", "the check-in with the judge"),
    ("the bond hearing", "the session on the security payment"),
    # hold notices
    ("Kestrel's engineering team", "the analytics start-up's developers"),
    ("Kestrel's sales team", "the analytics start-up's sellers"),
    ("Kestrel's executive team", "the analytics start-up's leaders"),
    ("Kestrel's data science group", "the analytics start-up's modellers"),
    # retreat venues
    ("the partner retreat", "the getaway for the firm's owners"),
    ("the associate retreat", "the getaway for the junior lawyers"),
    ("the litigation group offsite", "the trial practice's day away"),
    ("the summer associate closing dinner", "the farewell meal for the student interns"),
    # rates
    ("first-year associates", "brand-new lawyers"),
    ("senior associates", "experienced non-partner lawyers"),
    ("paralegals", "legal support staff"),
    ("junior partners", "newly made partners"),
    # recruiting
    ("the fall on-campus interviews", "the autumn law-school hiring round"),
    ("the lateral associate search", "hiring experienced lawyers from other firms"),
    ("the paralegal search", "hiring legal support staff"),
    ("the summer program", "the student internship scheme"),
)

SESSION_ASKS = (
    ("client-norvale", "the robot maker's privileged line"),
    ("client-brightwater", "the food company's privileged line"),
    ("client-kestrel", "the analytics start-up's privileged line"),
    ("trial-team", "the boat coating trial crew"),
    ("firm-partners", "the trial group's owners"),
)

LINK_ASKS = ()

DOMAIN = attrs.evolve(
    DOMAIN,
    person_asks=PERSON_ASKS,
    thing_asks=THING_ASKS,
    session_asks=SESSION_ASKS,
    link_asks=LINK_ASKS,
)
