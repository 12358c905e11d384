"""Emergency physician persona: an AI clinical co-pilot for an attending at an urban Level I trauma center.

Patients are only ever described by bed, age and complaint; nobody treated in the department is named.
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

PRINCIPAL = Person("Imani Castellanos", "Attending Emergency Physician")

CAST = (
    Person("Tobias Reinholt", "ED medical director"),
    Person("Priya Venkataraman", "ED nurse manager"),
    Person("Dwayne Abernathy", "night charge nurse"),
    Person("Lucia Ferreira-Banks", "trauma surgery attending and trauma medical director"),
    Person("Hiroshi Tanabe", "chief resident, PGY-3 emergency medicine"),
    Person("Amara Ndiaye", "PGY-2 emergency medicine resident"),
    Person("Caleb Whitford", "PGY-1 emergency medicine intern"),
    Person("Rosalind Mbeki", "ED clinical pharmacist"),
    Person("Gustavo Albarran", "county EMS captain and hospital liaison"),
    Person("Ingrid Solheim", "transfer center coordinator"),
    Person("Yusuf Haddad", "admitting hospitalist"),
    Person("Beatrice Kowalczyk", "director of quality and patient safety"),
    Person("Felix Adeyemi", "attending emergency physician and scheduling lead"),
    Person("Maren Lindqvist", "attending emergency physician and ultrasound director"),
    Person("Tomasz Wieczorek", "radiology attending"),
    Person("Ximena Quiroga", "ED social worker"),
    Person("Desmond Achterberg", "EHR clinical informatics analyst"),
    Person("Shira Goldfarb", "risk management counsel"),
    Person("Kenji Moriwaki", "respiratory therapy lead"),
    Person("Oluwaseun Bakare", "medical ICU intensivist"),
    Person("Harriet Pemberton", "department administrator"),
    Person("Rafael Quintanilla", "flight paramedic"),
    Person("Nadia Petrosyan", "patient flow coordinator"),
    Person("Wendell Ashby", "medical toxicologist at the regional poison center"),
)

SESSIONS = (
    Session(
        "principal",
        "1to1",
        "the 1:1 thread with Imani",
        "The direct working thread between the co-pilot and Dr. Castellanos: shift prep, handoff "
        "packets, protocol drafts, quality data, teaching material and her schedule.",
        participants=("Imani Castellanos",),
        cadence=1.0,
        weekend=0.7,
    ),
    Session(
        "ed-huddle",
        "group",
        "the ED shift huddle",
        "The start-of-shift huddle at the charge nurse station: census, boarders, staffing, supplies "
        "and safety events for the coming shift.",
        participants=(
            "Imani Castellanos",
            "Priya Venkataraman",
            "Dwayne Abernathy",
            "Tobias Reinholt",
            "Nadia Petrosyan",
            "Rosalind Mbeki",
            "Felix Adeyemi",
            "Kenji Moriwaki",
        ),
        cadence=0.7,
        weekend=0.5,
    ),
    Session(
        "residents",
        "group",
        "the resident teaching session",
        "Teaching time with the emergency medicine residents: procedures, simulation debriefs, "
        "evaluations and curriculum questions.",
        participants=(
            "Imani Castellanos",
            "Hiroshi Tanabe",
            "Amara Ndiaye",
            "Caleb Whitford",
            "Maren Lindqvist",
        ),
        cadence=0.4,
        weekend=0.1,
    ),
    Session(
        "quality-review",
        "group",
        "the confidential peer review committee",
        "The privileged physician peer review and morbidity and mortality committee. Case findings, "
        "standard-of-care scores and clinician concerns discussed here stay here.",
        participants=(
            "Imani Castellanos",
            "Beatrice Kowalczyk",
            "Tobias Reinholt",
            "Shira Goldfarb",
            "Oluwaseun Bakare",
        ),
        isolated=True,
        sensitive_topics=(
            "peer review case findings",
            "standard-of-care scores",
            "morbidity and mortality case details",
            "concerns about individual clinicians",
        ),
        cadence=0.15,
        weekend=0.0,
    ),
    Session(
        "ems-liaison",
        "group",
        "the EMS and transfer coordination call",
        "The standing call with county EMS and the transfer center: offload times, radio reports, "
        "field protocols and interfacility transfers.",
        participants=(
            "Imani Castellanos",
            "Gustavo Albarran",
            "Ingrid Solheim",
            "Rafael Quintanilla",
            "Dwayne Abernathy",
        ),
        cadence=0.3,
        weekend=0.1,
    ),
)

PROJECTS = (
    Project(
        name="Sepsis Clock",
        ask="the push to get antibiotics into septic patients sooner after they arrive",
        goal="cut the wait between arrival and the first antibiotic dose for patients flagged as septic",
        metric=Phrase(
            "median door-to-antibiotic time",
            "typical wait from arrival to a septic patient's first antibiotic",
            "door-to-antibiotic",
        ),
        quantity=Quantity(38, 96, 1, "{} minutes"),
        milestones=(
            "triage lactate standing order",
            "pre-mixed antibiotic stock in the pods",
            "EMS sepsis pre-alert",
            "ninety-day audit",
        ),
        tasks=(
            "pulled three months of sepsis alerts out of the EHR audit log",
            "mapped every step between the triage sepsis flag and the first antibiotic scan",
            "drafted the nurse-initiated standing order for lactate and blood cultures",
            "reviewed the pre-mixed cefepime stocking plan with the ED pharmacist",
            "built a run chart of door-to-antibiotic times split by shift",
            "matched antibiotic scan times against blood culture draw times for the night shift",
            "rewrote the sepsis pocket card so the antibiotic choice comes before the fluid volume",
            "flagged every septic arrival whose first antibiotic took over three hours",
            "compared door-to-antibiotic times for ambulance and walk-in arrivals",
        ),
        risks=(
            Phrase(
                "the dispensing cabinet upgrade froze restocking in the pods for nine days",
                "a pause in medication restocking while the cabinets were replaced",
                "dispensing cabinet upgrade",
            ),
            Phrase(
                "the lab swapped its lactate analyzers and results stopped feeding the sepsis alert",
                "a broken result feed after new lab equipment arrived",
                "lactate analyzers",
            ),
        ),
        artifacts=(
            "sepsis-clock-charter.md",
            "triage-lactate-standing-order.docx",
            "door-to-abx-run-chart.xlsx",
        ),
    ),
    Project(
        name="Vertical Flow Pod",
        ask="the redesign that keeps low-acuity patients in chairs instead of beds",
        goal="move low-acuity patients into a recliner area where one physician assistant sees them "
        "without ever assigning a bed",
        metric=Phrase(
            "left-without-being-seen rate",
            "share of arrivals who walk out before any clinician evaluates them",
            "left-without-being-seen",
        ),
        quantity=Quantity(12, 78, 1, "{}%", 10),
        milestones=(
            "recliner layout",
            "physician assistant staffing pilot",
            "results-pending waiting area",
            "full-week rollout",
        ),
        tasks=(
            "counted the ESI 4 and 5 arrivals by hour across a month of tracking board data",
            "drafted the list of complaints that may stay vertical",
            "sketched the recliner layout for the old pod D footprint",
            "wrote the script triage nurses use to explain the results-pending chairs",
            "compared walkout times before and after the physician assistant pilot",
            "collected nursing feedback from the pilot weekend",
            "mapped the walking route from triage to the recliners",
            "drafted the physician assistant's shift template",
            "tallied chair turnover per hour during the pilot",
        ),
        risks=(
            Phrase(
                "facilities could not move the oxygen outlets in pod D until the next quarter",
                "a delay relocating gas outlets in the old treatment area",
                "oxygen outlets",
            ),
            Phrase(
                "the physician assistant hired for the pod resigned after six weeks",
                "losing the clinician who staffed the pilot",
                "resigned after six weeks",
            ),
        ),
        artifacts=("vertical-flow-criteria.md", "pod-d-recliner-layout.pdf"),
        session="ed-huddle",
    ),
    Project(
        name="Code Neuro Relay",
        ask="the stroke pathway that begins registration while the ambulance is still en route",
        goal="cut door-to-needle time for stroke alerts by registering patients and ordering the CT "
        "before the ambulance arrives",
        metric=Phrase(
            "median door-to-needle time",
            "typical interval between arrival and the clot-dissolving dose",
            "door-to-needle",
        ),
        quantity=Quantity(24, 72, 1, "{} minutes"),
        milestones=(
            "EMS pre-notification script",
            "quick registration from the radio report",
            "stretcher-to-scanner handoff",
            "thrombolytic mixed at the scanner",
        ),
        tasks=(
            "wrote the radio pre-notification script for county paramedics",
            "split the last forty stroke alerts into their delay segments",
            "built the quick-registration alias the unit clerks use before arrival",
            "drafted the stretcher-to-CT-table handoff with the neurology team",
            "timed the route from the ambulance bay to the scanner on the floor plan",
            "reviewed every alert over sixty minutes with the stroke coordinator",
            "listed the CT table slots held open for stroke alerts",
            "tracked which alerts arrived without a last known well time",
            "wrote the unit clerk checklist for pre-arrival registration",
        ),
        risks=(
            Phrase(
                "the county changed radio frequencies and stroke pre-alerts went silent for two weeks",
                "a lapse in ambulance pre-notifications after a communications change",
                "radio frequencies",
            ),
            Phrase(
                "overnight neurology moved to a remote video consult",
                "the switch of after-hours neurology to a screen",
                "remote video consult",
            ),
        ),
        artifacts=("code-neuro-relay-flow.md", "ems-stroke-prenotification-script.pdf"),
        session="ems-liaison",
    ),
    Project(
        name="Boarding Board",
        ask="the live display of admitted patients still waiting downstairs for a ward bed",
        goal="give the charge nurse a live view of every admitted patient still held in the department",
        metric=Phrase(
            "median boarding hours",
            "typical wait downstairs for admitted patients before a ward bed opens",
            "boarding hours",
        ),
        quantity=Quantity(40, 180, 5, "{} hours", 10),
        milestones=(
            "feed from bed management",
            "charge nurse display",
            "escalation thresholds",
            "monthly report to the chief medical officer",
        ),
        tasks=(
            "mapped the bed request, bed assigned and departure timestamps in the EHR",
            "drafted escalation thresholds for the house supervisor",
            "mocked up the display for the charge nurse station",
            "reconciled a test week of boarding hours against the bed management system",
            "wrote the monthly boarding summary for the chief medical officer",
            "collected each inpatient unit's discharge-before-noon numbers",
            "wrote the definitions page for every boarding timestamp",
            "tested the display on the charge nurse monitor during a busy evening",
            "tallied boarding hours by admitting service",
        ),
        risks=(
            Phrase(
                "the bed management vendor would not expose its timestamps without a new contract",
                "a contract obstacle to getting the bed data",
                "bed management vendor",
            ),
        ),
        artifacts=("boarding-board-spec.md", "boarding-monthly-report-template.xlsx"),
    ),
    Project(
        name="POCUS Ledger",
        ask="the effort to credential every attending in bedside ultrasound",
        goal="get every attending credentialed for cardiac, FAST and aorta ultrasound with archived images",
        metric=Phrase(
            "share of attendings with full ultrasound privileges",
            "fraction of faculty cleared to scan at the bedside",
            "ultrasound privileges",
        ),
        quantity=Quantity(20, 100, 5, "{}%"),
        milestones=(
            "image archive connection",
            "scan count tracker",
            "quality review of archived clips",
            "privileging packet to the medical staff office",
        ),
        tasks=(
            "counted archived scans per attending by application",
            "connected the machines' worksheets to the image archive",
            "drafted the credentialing letter template for the medical staff office",
            "built a tracker of the scans each attending still needs",
            "scheduled proctored scanning shifts with the ultrasound director",
            "reviewed fifty archived FAST clips for image quality",
            "matched archived scans to their worksheets for each attending",
            "drafted the proctoring checklist for aorta scans",
            "sent each attending a count of the scans they still owe",
        ),
        risks=(
            Phrase(
                "the ultrasound machines lost their archive connection after a network change",
                "a network change that cut off image uploads",
                "archive connection",
            ),
        ),
        artifacts=("pocus-ledger.xlsx", "ultrasound-privileging-letter.docx"),
        session="residents",
    ),
    Project(
        name="Bridge Start",
        ask="the program that starts buprenorphine in the department and hands patients to outpatient care",
        goal="start buprenorphine in the ED for opioid withdrawal and hand every patient to a bridge "
        "clinic within 72 hours",
        metric=Phrase(
            "bridge clinic show rate",
            "fraction of patients started downstairs who attend their outpatient follow-up",
            "show rate",
        ),
        quantity=Quantity(22, 81, 1, "{}%"),
        milestones=(
            "withdrawal scoring order set",
            "take-home naloxone kits",
            "bridge clinic appointment slots",
            "peer recovery coach coverage",
        ),
        tasks=(
            "drafted the withdrawal scoring order set with the ED pharmacist",
            "listed every bridge clinic slot available on weekends",
            "wrote the discharge handout at a sixth-grade reading level",
            "tracked which buprenorphine starts left with a confirmed appointment",
            "set up the take-home naloxone kit restock with pharmacy",
            "compared show rates between weekday and weekend starts",
            "built the weekend referral fax cover sheet",
            "compared withdrawal scores before and after the first dose",
            "mapped pharmacies near the bridge clinic that stock buprenorphine",
        ),
        risks=(
            Phrase(
                "the bridge clinic lost its Saturday clinician",
                "losing weekend coverage at the follow-up clinic",
                "Saturday clinician",
            ),
            Phrase(
                "the peer recovery coach grant lapsed for a quarter",
                "a funding gap for the recovery coaches",
                "coach grant lapsed",
            ),
        ),
        artifacts=("bridge-start-order-set.md", "buprenorphine-discharge-handout.pdf"),
    ),
    Project(
        name="Handoff Script",
        ask="the structured sign-out at shift change",
        goal="replace free-text sign-outs with a structured I-PASS handoff at both shift changes",
        metric=Phrase(
            "handoff omissions per audited sign-out",
            "average number of items dropped per audited shift change",
            "handoff omissions",
        ),
        quantity=Quantity(2, 31, 1, "{} omissions per sign-out", 10),
        milestones=(
            "I-PASS template in the EHR",
            "attending training",
            "audit tool",
            "six-month audit",
        ),
        tasks=(
            "built the I-PASS note template in the EHR with the informatics analyst",
            "listed the items most often dropped at the 7 a.m. sign-out",
            "wrote the audit tool that scores a sign-out against the template",
            "audited twenty night-to-day sign-outs",
            "drafted a two-page training guide for attendings",
            "compared omission counts between residents and attendings",
            "recorded which sign-outs skipped the synthesis step",
            "built a pocket card of the I-PASS headings",
            "tallied sign-out length in minutes across a week",
        ),
        risks=(
            Phrase(
                "the EHR upgrade wiped the custom note templates",
                "losing bespoke templates in a software upgrade",
                "custom note templates",
            ),
        ),
        artifacts=("handoff-script-template.md", "sign-out-audit-tool.xlsx"),
    ),
    Project(
        name="Activation Tiers",
        ask="the rewrite of which injuries summon the full trauma team",
        goal="rewrite the two-tier trauma activation criteria so low-energy falls stop triggering the full team",
        metric=Phrase(
            "trauma overtriage rate",
            "fraction of top-tier activations that never needed the surgeons",
            "overtriage",
        ),
        quantity=Quantity(18, 62, 1, "{}%"),
        milestones=(
            "registry pull",
            "draft criteria",
            "trauma committee approval",
            "state verification review",
        ),
        tasks=(
            "pulled two years of activations from the trauma registry",
            "flagged activations where the patient went home from the ED",
            "drafted revised criteria for ground-level falls on anticoagulants",
            "compared overtriage against the national verification benchmark",
            "wrote the memo to the trauma committee",
            "built a monthly undertriage check",
            "listed every activation triggered by mechanism alone",
            "matched activations against operating room use within six hours",
            "drafted the field version of the criteria for county paramedics",
        ),
        risks=(
            Phrase(
                "the trauma registrar position sat vacant for two months",
                "a gap in registry staffing",
                "trauma registrar",
            ),
        ),
        artifacts=("activation-tiers-draft.md", "trauma-registry-pull.csv"),
    ),
    Project(
        name="Kilogram Only",
        ask="the drive to record children's weights in a single unit everywhere",
        goal="make every pediatric weight recorded in kilograms from the triage scale through the infusion pump",
        metric=Phrase(
            "share of pediatric weights documented in kilograms",
            "proportion of children's weights charted in metric",
            "documented in kilograms",
        ),
        quantity=Quantity(61, 100, 1, "{}%"),
        milestones=(
            "triage scale lock",
            "EHR weight field change",
            "length-based tape audit",
            "pediatric readiness resubmission",
        ),
        tasks=(
            "locked the triage scales to display kilograms with biomedical engineering",
            "asked informatics to remove the pounds field from the triage form",
            "audited a month of pediatric weights for unit errors",
            "updated the pediatric dosing reference cards",
            "wrote the huddle message for the triage nurses",
            "checked the length-based tape in every resuscitation bay",
            "tallied weights entered as stated rather than measured",
            "checked that the pump drug library reads weight in kilograms",
            "wrote the parent-facing sign explaining metric weights",
        ),
        risks=(
            Phrase(
                "biomedical engineering found two triage scales that could not be locked",
                "scales that would not stay fixed to one unit",
                "could not be locked",
            ),
        ),
        artifacts=("kilogram-only-audit.xlsx", "pediatric-readiness-checklist.pdf"),
        session="ed-huddle",
    ),
    Project(
        name="Care Plan Circle",
        ask="the shared plans for the department's most frequent visitors",
        goal="write shared care plans for the patients who come to the department most often",
        metric=Phrase(
            "monthly ED visits among enrolled patients",
            "monthly count of return visits by the enrolled group",
            "enrolled patients",
        ),
        quantity=Quantity(18, 92, 1, "{} visits"),
        milestones=(
            "visit frequency list",
            "care plan template",
            "case conferences",
            "six-month review",
        ),
        tasks=(
            "ranked the top visitors by visit count over twelve months",
            "drafted the care plan template with the ED social worker",
            "set up monthly case conferences with primary care and psychiatry",
            "flagged enrolled patients on the tracking board with a care plan icon",
            "compared imaging and lab use before and after enrollment",
            "summarized the housing needs of the enrolled group",
            "matched enrolled patients to their primary care clinics",
            "drafted the consent script for sharing care plans",
            "logged which care plans were opened during visits",
        ),
        risks=(
            Phrase(
                "the care plan icon was hidden by default on the new tracking board",
                "the flag vanishing from view after a display change",
                "care plan icon",
            ),
        ),
        artifacts=("care-plan-template.docx", "frequent-visitor-list.xlsx"),
    ),
    Project(
        name="Calm Room Protocol",
        ask="the stepwise approach to agitated patients",
        goal="replace ad hoc restraint orders with a stepwise verbal, oral and intramuscular agitation protocol",
        metric=Phrase(
            "physical restraint episodes per 1,000 visits",
            "rate of staff physically holding patients, adjusted for volume",
            "restraint episodes",
        ),
        quantity=Quantity(5, 41, 1, "{} per 1,000 visits", 10),
        milestones=(
            "de-escalation training",
            "oral medication step",
            "intramuscular dosing table",
            "restraint debrief form",
        ),
        tasks=(
            "counted restraint orders by hour and pod over six months",
            "drafted the intramuscular dosing table with the ED pharmacist",
            "built the restraint debrief form",
            "arranged de-escalation training slots for security officers",
            "rewrote the agitation order set to offer oral options first",
            "reviewed every restraint episode longer than four hours",
            "tallied oral medication offers made before intramuscular doses",
            "mapped where restraints are stored in each pod",
            "collected staff injury reports tied to agitation",
        ),
        risks=(
            Phrase(
                "overnight security staffing was cut by a third",
                "fewer guards on the overnight shift",
                "security staffing",
            ),
        ),
        artifacts=("calm-room-protocol.md", "restraint-debrief-form.pdf"),
    ),
    Project(
        name="Troponin Fast Lane",
        ask="the accelerated rule-out pathway for chest pain",
        goal="adopt a 0/1-hour high-sensitivity troponin pathway for low-risk chest pain",
        metric=Phrase(
            "median length of stay for discharged chest pain patients",
            "typical time downstairs before a discharged chest pain patient leaves",
            "length of stay",
        ),
        quantity=Quantity(28, 92, 1, "{} hours", 10),
        milestones=(
            "assay validation with the lab",
            "0/1-hour order set",
            "cardiology agreement",
            "follow-up clinic slots",
        ),
        tasks=(
            "checked the lab's validated cutoffs for the high-sensitivity assay",
            "drafted the 0/1-hour order set",
            "wrote the cardiology follow-up referral criteria",
            "pulled thirty-day outcomes for discharged patients",
            "built a pocket card with the delta cutoffs",
            "reviewed every return visit within thirty days",
            "tallied patients who needed a three-hour draw",
            "wrote the discharge handout for ruled-out chest pain",
            "compared stress test referrals before and after the pathway",
        ),
        risks=(
            Phrase(
                "the lab's assay recalibration delayed the one-hour result",
                "a slower second result after the analyzer was recalibrated",
                "assay recalibration",
            ),
        ),
        artifacts=("troponin-fast-lane-order-set.md", "hs-troponin-pocket-card.pdf"),
    ),
    Project(
        name="Callback Line",
        ask="the follow-up phone calls to older patients after discharge",
        goal="call every discharged patient over 65 within 48 hours of leaving",
        metric=Phrase(
            "72-hour return rate for discharged patients over 65",
            "share of older patients back within three days",
            "72-hour return rate",
        ),
        quantity=Quantity(21, 88, 1, "{}%", 10),
        milestones=(
            "call script",
            "callback nurse staffing",
            "EHR callback list",
            "quarterly review",
        ),
        tasks=(
            "wrote the callback script with the nurse manager",
            "built the daily callback list from the discharge log",
            "coded the reasons patients gave for unfilled prescriptions",
            "tracked returns that happened after a completed callback",
            "drafted the quarterly review slides",
            "flagged calls that needed a physician to ring back",
            "tallied unanswered calls by time of day",
            "wrote the voicemail script for missed callbacks",
            "matched callbacks to return visits within three days",
        ),
        risks=(
            Phrase(
                "the callback nurse was pulled to cover triage during the winter surge",
                "losing the caller to intake duty in the cold months",
                "winter surge",
            ),
        ),
        artifacts=("callback-script.md", "callback-quarterly-review.pptx"),
    ),
    Project(
        name="Bay Parity",
        ask="the standardization of the resuscitation bays",
        goal="make all four resuscitation bays carry the same airway and drug layout",
        metric=Phrase(
            "missing-item findings per monthly cart audit",
            "number of absent supplies found when the carts are checked each month",
            "missing-item findings",
        ),
        quantity=Quantity(0, 26, 1, "{} missing items"),
        milestones=("layout agreement", "drawer labels", "restock checklist", "monthly audit"),
        tasks=(
            "photographed every drawer in the four resuscitation carts",
            "drafted the standard drawer map with respiratory therapy",
            "ordered color-coded drawer labels",
            "wrote the restock checklist for the night techs",
            "compared the pediatric drawers against the pediatric readiness list",
            "ran the first monthly audit with the charge nurse",
            "checked each drawer layout against the code team's reach",
            "listed expired items found during the audit",
            "wrote the restock sign-off sheet for each bay",
        ),
        risks=(
            Phrase(
                "a shortage of cuffed pediatric tubes forced a substitute size",
                "missing small airway tubes during a supply shortfall",
                "cuffed pediatric tubes",
            ),
        ),
        artifacts=("bay-parity-drawer-map.pdf", "resus-restock-checklist.md"),
        session="ed-huddle",
    ),
    Project(
        name="Sim Lab Series",
        ask="the monthly simulation curriculum for the trainees",
        goal="run a monthly high-fidelity simulation for every resident class",
        metric=Phrase(
            "mean checklist score on the airway simulation",
            "average grade the trainees earned on the intubation scenario",
            "checklist score",
        ),
        quantity=Quantity(54, 96, 1, "{}%"),
        milestones=("case library", "debriefing guide", "faculty roster", "year-end assessment"),
        tasks=(
            "wrote the failed-airway case with a cannot-intubate branch",
            "drafted the debriefing guide for faculty",
            "booked the simulation center for the academic year",
            "built the checklist scoring sheet",
            "collected resident feedback after each session",
            "matched each case to the residency milestones",
            "recruited faculty for the pediatric sepsis case",
            "tallied which milestones each case covered",
            "recorded debrief length for each session",
        ),
        risks=(
            Phrase(
                "the simulation center closed for a mannequin replacement",
                "a closure of the training lab for new equipment",
                "mannequin replacement",
            ),
        ),
        artifacts=("sim-lab-case-library.md", "airway-checklist.xlsx"),
        session="residents",
    ),
    Project(
        name="Surge Tabletop",
        ask="the preparation for a large wave of casualties",
        goal="prepare the department to absorb forty casualties arriving within one hour",
        metric=Phrase(
            "minutes to open the surge area",
            "time needed to stand up the overflow treatment space",
            "surge area",
        ),
        quantity=Quantity(12, 61, 1, "{} minutes"),
        milestones=(
            "tabletop exercise",
            "surge supply carts",
            "family reunification plan",
            "full-scale drill",
        ),
        tasks=(
            "wrote the tabletop scenario around a stadium crowd collapse",
            "listed every space that can become a treatment area",
            "drafted the family reunification plan with social work",
            "wrote the surge supply cart inventory",
            "timed the opening of the surge area during the drill",
            "collected after-action notes from the charge nurses",
            "counted spare stretchers across the hospital",
            "wrote the surge call-in tree for off-duty staff",
            "drafted the triage tag supply list",
        ),
        risks=(
            Phrase(
                "the city moved the drill date to line up with a county exercise",
                "a rescheduled drill to coincide with the regional one",
                "county exercise",
            ),
        ),
        artifacts=("surge-tabletop-scenario.md", "surge-after-action-report.docx"),
        session="ed-huddle",
    ),
    Project(
        name="Wall Time Zero",
        ask="the work to get ambulance crews back on the road sooner",
        goal="cut ambulance offload time so crews return to service sooner",
        metric=Phrase(
            "90th-percentile ambulance offload time",
            "wait that nine in ten ambulance crews beat when handing patients over",
            "offload time",
        ),
        quantity=Quantity(14, 58, 1, "{} minutes"),
        milestones=(
            "offload nurse role",
            "timestamp agreement with the county",
            "hallway offload area",
            "monthly report to EMS",
        ),
        tasks=(
            "matched ambulance arrival times against bed assignment times",
            "drafted the offload nurse role description",
            "agreed the arrival timestamp definition with the county",
            "built the monthly offload report for EMS",
            "marked the hallway offload spots on the floor plan",
            "reviewed the worst offload delays with the charge nurses",
            "listed every offload delay over an hour",
            "wrote the crew-facing explanation of the new arrival timestamp",
            "tallied offload times by day of week",
        ),
        risks=(
            Phrase(
                "the county's ambulance data system changed how it stamps arrival",
                "a change in how the county records when crews get here",
                "stamps arrival",
            ),
        ),
        artifacts=("wall-time-zero-report.xlsx", "offload-nurse-role.md"),
        session="ems-liaison",
    ),
    Project(
        name="Peer Review Backlog",
        ask="the clearing of overdue confidential case reviews",
        goal="clear the backlog of open physician peer review cases older than ninety days",
        metric=Phrase(
            "open peer review cases older than ninety days",
            "count of overdue confidential case reviews",
            "older than ninety days",
        ),
        quantity=Quantity(3, 41, 1, "{} cases"),
        milestones=(
            "case inventory",
            "reviewer assignments",
            "standard review worksheet",
            "quarterly report to the medical executive committee",
        ),
        tasks=(
            "inventoried every open peer review case by age",
            "assigned reviewers so that no one reviews a direct partner",
            "drafted the standard review worksheet",
            "sent reminders for reviews past thirty days",
            "summarized closed cases for the quarterly report",
            "flagged cases that needed an outside reviewer",
            "tallied open reviews per reviewer to balance the load",
            "drafted the reminder template for overdue reviewers",
            "tracked how long each case waited for its first review",
        ),
        risks=(
            Phrase(
                "two reviewers recused themselves from the same case",
                "a double withdrawal of reviewers on one file",
                "recused",
            ),
        ),
        artifacts=("peer-review-inventory.xlsx", "peer-review-worksheet.docx"),
        session="quality-review",
    ),
)

INCIDENTS = (
    Incident(
        name="Tube System Jam",
        ask="the failure that stopped specimens from reaching the lab",
        system="the pneumatic tube line between the ED and the core lab",
        symptom="blood samples sent from the ED stopped arriving at the core lab for most of a morning",
        cause=Phrase(
            "a diverter valve at the third-floor junction had cracked and was dropping carriers into a "
            "dead-end spur",
            "a broken junction part routing carriers to nowhere",
            "diverter valve",
        ),
        fix=Phrase(
            "switched to hand-carried specimens by runner and had facilities replace the valve",
            "using staff couriers for samples until the part was swapped",
            "hand-carried specimens",
        ),
        impact="{value} lab samples that had to be redrawn",
        quantity=Quantity(6, 48),
        followup="add a carrier-arrival alarm at the ED tube station",
    ),
    Incident(
        name="Saturday EHR Blackout",
        ask="the weekend evening outage of the electronic record",
        system="the electronic health record",
        symptom="the tracking board and order entry went blank in the middle of a busy Saturday evening",
        cause=Phrase(
            "a database failover during a storage patch had hung halfway",
            "a stalled switchover during routine storage maintenance",
            "database failover",
        ),
        fix=Phrase(
            "ran the department on paper downtime forms for four hours and back-entered the orders afterward",
            "working on paper and re-keying the orders later",
            "paper downtime forms",
        ),
        impact="{value} patients charted on paper",
        quantity=Quantity(35, 110),
        followup="stock every pod with current paper order sets and a printed census",
    ),
    Incident(
        name="Pump Library Mismatch",
        ask="the problem with outdated drug settings on the infusion devices",
        system="the infusion pumps in the resuscitation bays",
        symptom="two infusion pumps in the resuscitation bays offered a heparin concentration that "
        "pharmacy no longer stocks",
        cause=Phrase(
            "the pump drug library had never been pushed to the ED pumps after the concentration change",
            "a medication list update for the devices that skipped the department",
            "drug library",
        ),
        fix=Phrase(
            "pulled the affected pumps and pushed the current library to every ED pump",
            "taking the devices out of service and loading the right medication list on all of them",
            "pushed the current library",
        ),
        impact="{value} pumps running an outdated library",
        quantity=Quantity(3, 27),
        followup="check the library version on every ED pump after each pharmacy update",
    ),
    Incident(
        name="Trauma CT Gantry Fault",
        ask="the scanner breakdown in the middle of a major trauma",
        system="the CT scanner beside the trauma bays",
        symptom="the trauma-bay CT threw a gantry fault during a top-tier activation",
        cause=Phrase(
            "a worn slip-ring brush inside the gantry had failed",
            "a worn electrical contact in the rotating part of the machine",
            "slip-ring brush",
        ),
        fix=Phrase(
            "diverted trauma imaging to the main radiology scanner and had the vendor replace the slip-ring "
            "assembly",
            "sending injured patients to the other machine until the vendor swapped the part",
            "main radiology scanner",
        ),
        impact="{value} hours without the trauma-bay scanner",
        quantity=Quantity(4, 36),
        followup="write a trauma imaging divert plan for whenever the bay scanner is down",
    ),
    Incident(
        name="Cooler Pager Failure",
        ask="the slow arrival of blood products for a bleeding trauma patient",
        system="the massive transfusion activation",
        symptom="the first massive transfusion cooler took far longer than usual to reach trauma bay one",
        cause=Phrase(
            "the blood bank had paged a courier number that was decommissioned in the spring",
            "an alert sent to a retired device number",
            "decommissioned",
        ),
        fix=Phrase(
            "updated the massive transfusion paging tree and stationed two units of O-negative in the ED "
            "blood fridge",
            "correcting the call list and keeping emergency blood in the department",
            "paging tree",
        ),
        impact="a {value}-minute wait for the first cooler",
        quantity=Quantity(14, 38),
        followup="run a monthly test page of the massive transfusion activation",
    ),
    Incident(
        name="Repeater Dead Zone",
        ask="the trouble hearing ambulance reports over the radio",
        system="the EMS base station radio",
        symptom="incoming ambulance reports kept cutting out mid-sentence",
        cause=Phrase(
            "a new parking garage had blocked line of sight to the repeater on the north tower",
            "a new building blocking the signal path to the relay antenna",
            "line of sight",
        ),
        fix=Phrase(
            "moved base station traffic to the backup repeater and set up a recorded phone patch",
            "shifting to the secondary relay and adding a recorded phone line",
            "backup repeater",
        ),
        impact="{value} garbled ambulance reports",
        quantity=Quantity(9, 64),
        followup="survey radio coverage before any new construction near the hospital",
        session="ems-liaison",
    ),
    Incident(
        name="Boiler Flue Cluster",
        ask="the poisoning cluster from a single apartment building",
        system="the triage and toxicology workflow",
        symptom="several members of one household arrived with headaches and vomiting within an hour",
        cause=Phrase(
            "a blocked boiler flue in a converted apartment building was venting carbon monoxide indoors",
            "an obstructed heating exhaust leaking gas into the flats",
            "boiler flue",
        ),
        fix=Phrase(
            "put the whole group on high-flow oxygen, drew carboxyhemoglobin levels and notified the fire "
            "department",
            "giving everyone maximal oxygen, checking their blood levels and calling the fire service",
            "carboxyhemoglobin levels",
        ),
        impact="{value} patients from one building",
        quantity=Quantity(4, 17),
        followup="add a carbon monoxide prompt to triage when members of one household share a headache",
    ),
    Incident(
        name="Bay Door Lockout",
        ask="the access failure at the ambulance entrance",
        system="the ambulance bay doors",
        symptom="the ambulance bay doors stopped accepting staff badges at shift change",
        cause=Phrase(
            "a security system firmware push had dropped the ED access group",
            "a software update that erased the department's door permissions",
            "ED access group",
        ),
        fix=Phrase(
            "posted a security officer to open the doors manually and restored the access group",
            "having a guard let people in by hand while the permissions were put back",
            "security officer",
        ),
        impact="{value} minutes of manual door control",
        quantity=Quantity(25, 140, 5),
        followup="require a test badge swipe at the ambulance bay after every security update",
    ),
    Incident(
        name="Stale Label Queue",
        ask="the printing error that put the wrong details on wristbands",
        system="the triage label printer",
        symptom="wristband labels printed in triage came out with the previous patient's details",
        cause=Phrase(
            "a stuck print queue on the triage workstation kept replaying a stale job",
            "a frozen document replaying itself on the intake computer",
            "print queue",
        ),
        fix=Phrase(
            "quarantined the printer, re-banded the affected patients and cleared the spooler",
            "taking the printer offline, issuing new bands and flushing the job list",
            "re-banded",
        ),
        impact="{value} patients re-banded",
        quantity=Quantity(3, 19),
        followup="require a two-identifier check at the bedside before any specimen is drawn",
    ),
    Incident(
        name="Oxygen Regulator Freeze",
        ask="the loss of piped oxygen in part of the department",
        system="the medical gas supply to the north pod",
        symptom="the oxygen pressure alarm sounded across the north pod",
        cause=Phrase(
            "a regulator on the bulk oxygen line had frozen during a cold snap",
            "an iced-up valve on the main supply line in freezing weather",
            "regulator",
        ),
        fix=Phrase(
            "switched the pod to cylinder oxygen and had plant engineering thaw and replace the regulator",
            "moving patients onto tanks while maintenance swapped the frozen part",
            "cylinder oxygen",
        ),
        impact="{value} patients moved to cylinder oxygen",
        quantity=Quantity(5, 22),
        followup="add a heat trace to the bulk oxygen regulator before winter",
        session="ed-huddle",
    ),
    Incident(
        name="Verification Queue Stall",
        ask="the night of routine pharmacy bypasses at the medication cabinets",
        system="the automated dispensing cabinets",
        symptom="nurses were overriding the cabinets for routine medications all night",
        cause=Phrase(
            "the pharmacy verification queue had stalled after an interface update",
            "a frozen pharmacist review list after a software change",
            "verification queue",
        ),
        fix=Phrase(
            "had the on-call pharmacist verify orders by phone and restarted the interface engine",
            "getting a pharmacist to approve orders over the phone while IT rebooted the connection",
            "interface engine",
        ),
        impact="{value} cabinet overrides in one night",
        quantity=Quantity(40, 210, 5),
        followup="page the pharmacy supervisor automatically when verification stops moving",
    ),
    Incident(
        name="Waiting Room Rash Exposure",
        ask="the lobby exposure to a contagious toddler",
        system="the main waiting room",
        symptom="a febrile toddler with a rash sat in the main waiting room for ninety minutes before "
        "isolation",
        cause=Phrase(
            "the triage screening question about rash and recent travel had been skipped during a busy intake",
            "a missed infection screening question at check-in",
            "rash and recent travel",
        ),
        fix=Phrase(
            "moved the child to the negative-pressure room and built an exposure list for the waiting room",
            "isolating the toddler in the airborne room and listing everyone who had been nearby",
            "negative-pressure room",
        ),
        impact="{value} people on the exposure list",
        quantity=Quantity(18, 75),
        followup="make rash with fever a hard stop in the triage screen",
        session="ed-huddle",
    ),
    Incident(
        name="Transfer Hunt Group Cap",
        ask="the evening of unanswered transfer calls from outside hospitals",
        system="the transfer center phone line",
        symptom="outside hospitals calling to transfer patients got a busy signal for most of an evening",
        cause=Phrase(
            "a telecom change had capped the hunt group at two lines",
            "a phone system setting that allowed only a pair of simultaneous calls",
            "hunt group",
        ),
        fix=Phrase(
            "restored the full hunt group and forwarded overflow calls to the charge nurse phone",
            "putting the line count back and routing extra calls to the charge nurse",
            "forwarded overflow calls",
        ),
        impact="{value} transfer calls missed",
        quantity=Quantity(5, 31),
        followup="have the transfer center place a test call after every telecom change",
        session="ems-liaison",
    ),
    Incident(
        name="Butterfly Needle Hemolysis",
        ask="the spike in spoiled blood samples",
        system="ED blood draws",
        symptom="potassium results from the ED started coming back hemolyzed at several times the usual rate",
        cause=Phrase(
            "a new lot of small-gauge butterfly needles was damaging red cells during the draw",
            "a new batch of thin collection needles breaking up the cells",
            "small-gauge butterfly needles",
        ),
        fix=Phrase(
            "pulled the lot from the supply rooms and went back to drawing from the IV start",
            "removing that batch and returning to taking samples when the line went in",
            "pulled the lot",
        ),
        impact="{value}% of ED potassium samples hemolyzed",
        quantity=Quantity(9, 31),
        followup="have the lab report ED hemolysis rates to the huddle every week",
        session="ed-huddle",
    ),
    Incident(
        name="Missed Dissection Bounce-Back",
        ask="the missed torn aorta in a discharged chest pain patient",
        system="the chest pain pathway",
        symptom="a 56-year-old discharged from bed 14 with musculoskeletal chest pain returned with an aortic "
        "dissection",
        cause=Phrase(
            "no one recorded blood pressures in both arms and the order set had no dissection prompt",
            "missing bilateral pressures and no reminder in the orders",
            "both arms",
        ),
        fix=Phrase(
            "opened a peer review and asked informatics to add a dissection risk prompt to the chest pain "
            "order set",
            "sending the case for review and requesting a new reminder in the orders",
            "dissection risk prompt",
        ),
        impact="{value} hours between discharge and return",
        quantity=Quantity(5, 30),
        followup="teach the aortic dissection detection risk score at the next faculty meeting",
        session="quality-review",
    ),
    Incident(
        name="Sedation Capnography Lapse",
        ask="the oxygen drop during a joint reduction under sedation",
        system="procedural sedation in the ED",
        symptom="a patient in bed 9 desaturated into the low seventies during a shoulder reduction under "
        "propofol",
        cause=Phrase(
            "capnography was never connected before the propofol was pushed",
            "end-tidal carbon dioxide monitoring left unattached before the sedative went in",
            "capnography was never connected",
        ),
        fix=Phrase(
            "bag-mask ventilated the patient until recovery and made capnography a hard stop in the "
            "sedation checklist",
            "supporting breathing by hand and making the monitor mandatory in the checklist",
            "bag-mask ventilated",
        ),
        impact="{value} seconds below an oxygen saturation of 85 percent",
        quantity=Quantity(40, 190, 10),
        followup="audit the next fifty sedations for capnography use",
        session="quality-review",
    ),
)

DECISIONS = (
    Decision(
        name="Thrombolytic Agent Choice",
        topic=Phrase(
            "which thrombolytic the stroke pathway should stock",
            "the clot-busting drug kept for stroke alerts",
        ),
        options=("alteplase", "tenecteplase"),
        arguments=(
            "Alteplase is what every stroke nurse already knows, and the dosing card has not changed in years.",
            "Tenecteplase is a single bolus, so nobody has to babysit an infusion during the move to the scanner.",
        ),
        objections=(
            Phrase(
                "Alteplase ties a nurse to an hour-long infusion while the patient is wheeled to CT and back.",
                "the nursing time an infusion consumes",
                "hour-long infusion",
            ),
            Phrase(
                "Alteplase costs more per dose, and the regional center already switched away from it.",
                "its price and the mismatch with the regional center",
                "more per dose",
            ),
        ),
        rationale=(
            "a single bolus frees the stroke nurse during the move to CT",
            "the regional thrombectomy center already gives the same bolus drug to every transfer",
        ),
    ),
    Decision(
        name="Agitation First-Line Drug",
        topic=Phrase(
            "which intramuscular drug comes first for severe agitation",
            "the first injectable medication for a violent patient",
        ),
        options=("olanzapine", "ketamine"),
        arguments=(
            "Olanzapine settles most patients in about fifteen minutes and almost never needs airway support.",
            "Ketamine works in about four minutes, and with a patient swinging at staff, minutes matter.",
        ),
        objections=(
            Phrase(
                "Olanzapine plus alcohol has dropped people's oxygen levels in our own department.",
                "the interaction with intoxication",
                "plus alcohol",
            ),
            Phrase(
                "Our security officers cannot hold a patient still for fifteen minutes safely.",
                "how long staff must restrain someone while it takes effect",
                "fifteen minutes safely",
            ),
        ),
        rationale=(
            "it calms a violent patient within minutes and shortens the time staff spend holding them",
            "most restraint episodes in the audit involved intoxicated patients, where the slower drug is riskier",
        ),
    ),
    Decision(
        name="Chest Pain Risk Score",
        topic=Phrase(
            "which risk score the chest pain order set should embed",
            "the calculator built into the chest pain orders",
        ),
        options=("HEART score", "EDACS"),
        arguments=(
            "Every cardiologist in the building already speaks HEART, so our referrals will read the same.",
            "EDACS drops the subjective history item and was validated with the same troponin assay we use.",
        ),
        objections=(
            Phrase(
                "The history item is subjective, and two residents scored the same patient three points apart.",
                "disagreement between scorers",
                "three points apart",
            ),
        ),
        rationale=(
            "it drops the subjective history item that residents scored inconsistently",
            "it was validated with the same high-sensitivity assay the core lab runs",
        ),
    ),
    Decision(
        name="Shift Length Choice",
        topic=Phrase(
            "how long each attending shift should run on the new schedule",
            "the duration of physician shifts",
        ),
        options=("nine-hour shifts", "twelve-hour shifts"),
        arguments=(
            "Nine hours keeps everyone sharp at the end, and nobody is signing out half asleep.",
            "Twelve hours means fewer commutes, fewer days on, and only two sign-outs a day.",
        ),
        objections=(
            Phrase(
                "Nine-hour shifts mean four handoffs a day instead of two, and every handoff drops something.",
                "the extra shift changes",
                "four handoffs",
            ),
        ),
        rationale=(
            "it halves the number of sign-outs, which is where the handoff audit found most errors",
            "the faculty survey ranked fewer days on above shorter shifts",
        ),
        session="ed-huddle",
    ),
    Decision(
        name="Video Laryngoscope Default",
        topic=Phrase(
            "which blade residents reach for first when they intubate",
            "the default laryngoscope geometry for trainees",
        ),
        options=("hyperangulated blade", "standard-geometry blade"),
        arguments=(
            "The hyperangulated blade gives the best view in a bloody airway with a collar on.",
            "The standard-geometry blade teaches a view that still works if the screen fogs or dies.",
        ),
        objections=(
            Phrase(
                "With the hyperangulated blade our interns see the cords and still cannot pass the tube.",
                "seeing the glottis but failing to place it",
                "cannot pass the tube",
            ),
        ),
        rationale=(
            "the airway registry showed better first-pass success with it among trainees",
            "it teaches a view that still works when the screen fogs or fails",
        ),
        session="residents",
    ),
    Decision(
        name="Shoulder Reduction Technique",
        topic=Phrase(
            "which shoulder reduction method to teach first",
            "the primary technique for putting a dislocated shoulder back",
        ),
        options=("external rotation", "scapular manipulation", "traction-countertraction"),
        arguments=(
            "External rotation works without sedation most of the time if you go slowly.",
            "Scapular manipulation is gentle, fast and works with the patient sitting up.",
            "Traction-countertraction is the one everyone can do when nothing else has worked.",
        ),
        objections=(
            Phrase(
                "External rotation needs a relaxed patient, and ours arrive straight from a bar fight.",
                "needing a calm patient",
                "bar fight",
            ),
        ),
        rationale=(
            "it works with the patient sitting up and rarely needs sedation",
            "orthopedics found it the gentlest option for older patients",
        ),
        session="residents",
    ),
    Decision(
        name="Boarding Escalation Plan",
        topic=Phrase(
            "where admitted patients go once the department is full",
            "the plan once every stretcher downstairs is filled",
        ),
        options=("inpatient hallway beds", "hospitalist-run ED boarding unit"),
        arguments=(
            "Once a bed is assigned the patient belongs upstairs, even if that means a hallway spot on the ward.",
            "A hospitalist team running the boarders downstairs keeps them under one set of eyes.",
        ),
        objections=(
            Phrase(
                "The ward nurses say a hallway patient has no call light, no oxygen outlet and no privacy.",
                "missing call buttons and privacy on the wards",
                "call light",
            ),
        ),
        rationale=(
            "it keeps boarders on monitors under a single accountable team",
            "the wards could not offer call lights or oxygen in their hallways",
        ),
        session="ed-huddle",
    ),
    Decision(
        name="Transfer Acceptance Rule",
        topic=Phrase(
            "who accepts incoming transfer requests at night",
            "the person authorized to say yes to transfers overnight",
        ),
        options=(
            "attending-to-attending acceptance",
            "transfer nurse acceptance with physician review",
        ),
        arguments=(
            "A physician-to-physician call is the only way to hear how sick the patient really is.",
            "The transfer nurse can take the details and bring us only the calls that need judgment.",
        ),
        objections=(
            Phrase(
                "Paging the attending for every transfer pulls them out of a resuscitation twice a night.",
                "interruptions to bedside care",
                "out of a resuscitation",
            ),
        ),
        rationale=(
            "it keeps the overnight attending at the bedside instead of on the phone",
            "the transfer center records every call, so a physician can review any acceptance within minutes",
        ),
        session="ems-liaison",
    ),
    Decision(
        name="Large Vessel Occlusion Bypass",
        topic=Phrase(
            "where ambulances take suspected large vessel strokes",
            "the ambulance destination for major clot strokes",
        ),
        options=("nearest stroke center", "bypass to the thrombectomy center"),
        arguments=(
            "The nearest center can give the clot drug sooner, and minutes lost are brain lost.",
            "Going straight to the thrombectomy center saves a second trip for the patients who need the "
            "catheter anyway.",
        ),
        objections=(
            Phrase(
                "Stopping at the nearest center first adds a second transfer and about ninety minutes.",
                "the delay of a second move",
                "second transfer",
            ),
        ),
        rationale=(
            "drive times from most of the county to the thrombectomy center are under thirty minutes",
            "it spares clot patients a second transfer",
        ),
        session="ems-liaison",
    ),
    Decision(
        name="Peer Review Scoring Scale",
        topic=Phrase(
            "how the committee should grade each reviewed case",
            "the grading method for reviewed cases",
        ),
        options=("four-level standard-of-care scale", "just culture algorithm"),
        arguments=(
            "A four-level scale is what the medical staff bylaws already reference.",
            "A just culture algorithm separates system failures from individual choices, which is where most "
            "of our cases land.",
        ),
        objections=(
            Phrase(
                "The four-level scale piles system failures onto the physician's name.",
                "blaming individuals for faults in the system",
                "physician's name",
            ),
        ),
        rationale=(
            "it separates system failures from individual choices",
            "the nursing peer review committee already grades its cases the same way",
        ),
        session="quality-review",
    ),
    Decision(
        name="M&M Case Selection",
        topic=Phrase(
            "which cases the monthly morbidity and mortality conference reviews",
            "the way M&M agenda items are chosen",
        ),
        options=("every death within 72 hours of an ED visit", "committee-nominated cases"),
        arguments=(
            "Screening every early death means we never miss a case somebody would rather not present.",
            "Nominated cases let us pick the ones with a real teaching point.",
        ),
        objections=(
            Phrase(
                "Reviewing every early death buries us in expected hospice deaths.",
                "a queue full of anticipated deaths",
                "hospice deaths",
            ),
        ),
        rationale=(
            "the committee only has time for about two cases a month",
            "nominations let it choose cases with a clear teaching point",
        ),
        session="quality-review",
    ),
    Decision(
        name="Discharge Opioid Default",
        topic=Phrase(
            "what opioid prescription a discharged patient gets by default",
            "the standard take-home narcotic supply",
        ),
        options=("no default opioid prescription", "three-day maximum supply"),
        arguments=(
            "If the default is zero, every opioid script becomes a deliberate choice.",
            "A three-day cap covers the worst nights of a fracture without leaving pills in a cabinet.",
        ),
        objections=(
            Phrase(
                "A blanket zero leaves a kid with a femur fracture in a cast with nothing at night.",
                "undertreating severe pain at home",
                "femur fracture",
            ),
        ),
        rationale=(
            "a short supply covers the worst nights after a fracture without leaving pills behind",
            "orthopedic follow-up almost always happens within three days",
        ),
    ),
    Decision(
        name="Documentation Tool Choice",
        topic=Phrase(
            "which tool the attendings use to write their notes",
            "the method for producing clinical notes",
        ),
        options=("ambient voice documentation", "templated macros"),
        arguments=(
            "The ambient tool drafts the note from the conversation, so she can look at the patient instead "
            "of the screen.",
            "Macros are predictable and never invent a finding nobody examined.",
        ),
        objections=(
            Phrase(
                "The ambient tool recorded a family conversation the patient never consented to.",
                "capturing talk without permission",
                "never consented",
            ),
        ),
        rationale=(
            "the compliance office would not approve recording in patient rooms",
            "macros never invent a finding nobody examined",
        ),
    ),
)

LEARNINGS = (
    Learning(
        skill=Phrase(
            "transesophageal echocardiography during cardiac arrest",
            "scanning the heart from inside the esophagus while running a code",
            "transesophageal echocardiography",
        ),
        resource=Phrase(
            "the two-day resuscitative TEE workshop that Maren Lindqvist runs",
            "the hands-on course her colleague teaches",
            "resuscitative TEE workshop",
        ),
        insights=(
            Phrase(
                "the midesophageal four-chamber view is the one that guides compressions",
                "the imaging window that steers chest compressions",
                "midesophageal four-chamber",
            ),
            Phrase(
                "compressions landing over the aortic root instead of the left ventricle explain many failed "
                "codes",
                "a common reason CPR fails that the probe can show",
                "aortic root",
            ),
            Phrase(
                "the probe can stay in through defibrillation without a pause",
                "leaving the device in place during shocks",
                "through defibrillation",
            ),
            Phrase(
                "a pulse check with the probe takes under five seconds",
                "how quickly a pulse can be assessed with it",
                "under five seconds",
            ),
        ),
        exercise="twenty practice scans on the simulation mannequin",
        assessment="the ultrasound director's image review",
        score=Quantity(70, 98, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "high-dose insulin therapy for calcium channel blocker overdose",
            "treating a heart-pill poisoning with very large insulin doses",
            "high-dose insulin",
        ),
        resource=Phrase(
            "the regional poison center's toxicology grand rounds with Wendell Ashby",
            "the monthly lecture series from the poison center",
            "toxicology grand rounds",
        ),
        insights=(
            Phrase(
                "the insulin drip starts at one unit per kilogram per hour and climbs from there",
                "the starting infusion rate",
                "one unit per kilogram",
            ),
            Phrase(
                "glucose needs checking every fifteen minutes for the first hour",
                "how often sugar must be measured early on",
                "every fifteen minutes",
            ),
            Phrase(
                "potassium drops as the insulin drives it into cells",
                "an electrolyte that falls during treatment",
                "potassium drops",
            ),
        ),
        exercise="a mock overdose case written for the residents",
        assessment="the poison center's case quiz",
        score=Quantity(60, 100, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "recognizing occlusion myocardial infarction beyond the STEMI criteria",
            "spotting blocked coronaries when the classic ST rules miss them",
            "occlusion myocardial infarction",
        ),
        resource=Phrase(
            "the weekly OMI ECG reading group run by a cardiology fellow",
            "the small study group that reads tracings every week",
            "OMI ECG reading group",
        ),
        insights=(
            Phrase(
                "hyperacute T waves can show up an hour before any ST elevation",
                "an early T-wave sign that precedes elevation",
                "hyperacute T waves",
            ),
            Phrase(
                "ST depression maximal in V1 to V4 often means a posterior occlusion",
                "what anterior depression can signal about the back wall",
                "posterior occlusion",
            ),
            Phrase(
                "the de Winter pattern signals a proximal LAD occlusion without ST elevation",
                "an upsloping pattern that hides a blocked left anterior descending artery",
                "de Winter pattern",
            ),
        ),
        exercise="forty deidentified tracings from the department's files",
        assessment="the reading group's blinded ECG test",
        score=Quantity(55, 97, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "pediatric difficult airway management",
            "handling hard intubations in small children",
            "pediatric difficult airway",
        ),
        resource=Phrase(
            "the Pediatric Airway Masterclass at the children's hospital",
            "the specialty course she took at the kids' medical center",
            "Pediatric Airway Masterclass",
        ),
        insights=(
            Phrase(
                "infants desaturate in under a minute, so apneic oxygenation by nasal cannula is not optional",
                "why babies need oxygen flowing during the attempt",
                "apneic oxygenation",
            ),
            Phrase(
                "a shoulder roll fixes the large occiput better than any head tilt",
                "a positioning trick for the big back of an infant's head",
                "shoulder roll",
            ),
            Phrase(
                "below age eight the cricothyroid membrane is too small to cut, so needle access comes first",
                "why a surgical neck incision is avoided in young children",
                "needle access",
            ),
        ),
        exercise="six infant-mannequin intubations with a video blade",
        assessment="the course's final skills station",
        score=Quantity(65, 100, 1, "{}%"),
    ),
    Learning(
        skill=Phrase(
            "medical Spanish for history-taking",
            "interviewing patients in another tongue",
            "medical Spanish",
        ),
        resource=Phrase(
            "weekly tutoring with a certified interpreter from interpreter services",
            "one-on-one lessons with a hospital language professional",
            "certified interpreter",
        ),
        insights=(
            Phrase(
                "asking 'donde le duele' gets a location faster than asking whether there is pain",
                "the quickest phrasing to find where it hurts",
                "donde le duele",
            ),
            Phrase(
                "the usted form is expected with older patients even in a rush",
                "the formality elders expect",
                "usted form",
            ),
            Phrase(
                "an interpreter is still required for consent even when the history goes well",
                "when a professional must still be called despite fluency",
                "required for consent",
            ),
        ),
        exercise="recorded mock histories for chest pain and abdominal pain",
        assessment="the interpreter services oral proficiency screen",
        score=Quantity(40, 95, 5, "{} points"),
    ),
    Learning(
        skill=Phrase(
            "statistical process control charts for quality work",
            "reading the run and control charts used in improvement projects",
            "statistical process control",
        ),
        resource=Phrase(
            "the hospital's Improvement Science Certificate course",
            "the in-house certificate program on improvement methods",
            "Improvement Science Certificate",
        ),
        insights=(
            Phrase(
                "six points in a row on one side of the median counts as a shift",
                "the rule for detecting a sustained change",
                "six points in a row",
            ),
            Phrase(
                "a p-chart suits proportions like the walkout rate while an XmR chart suits times",
                "matching chart types to rates versus durations",
                "p-chart",
            ),
            Phrase(
                "control limits should be frozen after a baseline and not recalculated every month",
                "why the limits stay fixed after the starting period",
                "frozen after a baseline",
            ),
        ),
        exercise="a control chart of monthly walkout rates",
        assessment="the certificate program's capstone review",
        score=Quantity(70, 100, 1, "{} points"),
    ),
    Learning(
        skill=Phrase(
            "teaching on shift with the one-minute preceptor model",
            "a brief bedside method for coaching trainees",
            "one-minute preceptor",
        ),
        resource=Phrase(
            "the faculty development series run by the residency program",
            "the program's sessions on becoming a better teacher",
            "faculty development series",
        ),
        insights=(
            Phrase(
                "asking the resident to commit to a diagnosis before teaching keeps them thinking",
                "getting the trainee to name an answer first",
                "commit to a diagnosis",
            ),
            Phrase(
                "one general rule per case sticks better than a mini-lecture",
                "limiting each teaching point to a single principle",
                "one general rule",
            ),
            Phrase(
                "specific praise names the behaviour, not the person",
                "how to word positive feedback",
                "names the behaviour",
            ),
        ),
        exercise="a recorded teaching shift",
        assessment="the residents' anonymous teaching evaluations",
        score=Quantity(30, 50, 1, "{} out of 5", 10),
        session="residents",
    ),
    Learning(
        skill=Phrase(
            "leading serious illness conversations with families in the ED",
            "breaking bad news and discussing goals of care at the bedside",
            "serious illness conversations",
        ),
        resource=Phrase(
            "the palliative care team's Hard Conversations workshop",
            "the communication course from the palliative service",
            "Hard Conversations workshop",
        ),
        insights=(
            Phrase(
                "asking what the family already understands before giving news avoids talking past them",
                "checking prior understanding first",
                "already understands",
            ),
            Phrase(
                "a warning shot sentence before bad news gives people a second to brace",
                "a brief heads-up line before delivering news",
                "warning shot",
            ),
            Phrase(
                "silence after the news is part of the conversation, not a gap to fill",
                "letting quiet sit after delivering news",
                "silence after the news",
            ),
        ),
        exercise="three role-plays with actors playing family members",
        assessment="the workshop's observed conversation rubric",
        score=Quantity(60, 100, 1, "{}%"),
    ),
)

RELATIONSHIPS = (
    Relationship(
        person="Tobias Reinholt",
        traits=(
            Fact(
                "{name} reads every protocol draft on paper and returns it marked up in green ink.",
                "How does {name} like to review protocol drafts?",
                "On paper, with comments in green ink.",
                ("green ink",),
            ),
            Fact(
                "{name} will not take a meeting before 10 a.m. during a week of night shifts.",
                "What is the earliest {name} will meet when he is working overnights?",
                "10 a.m.",
                ("10 a.m.",),
            ),
            Fact(
                "{name} wants every proposal to state its cost per month in the first line.",
                "What does {name} expect a proposal to open with?",
                "Its monthly cost.",
                ("cost per month",),
            ),
        ),
        events=(
            Fact(
                "{name} asked {principal} to chair the department's protocol committee starting in the fall.",
                "Which role did {name} invite {principal} to take on?",
                "{name} asked {principal} to chair the department's protocol committee.",
                ("protocol committee",),
            ),
            Fact(
                "{name} announced he will step down as medical director at the end of the academic year.",
                "What did {name} announce about his own position?",
                "{name} announced he will step down as medical director at the end of the academic year.",
                ("step down",),
            ),
        ),
        friction=Phrase(
            "I sent him the agitation protocol draft as a shared link instead of a printout",
            "delivering a document in a format he does not use",
            "shared link",
        ),
        repair="I now print every draft for him and leave it in his mailbox before the Monday huddle",
    ),
    Relationship(
        person="Priya Venkataraman",
        traits=(
            Fact(
                "{name} keeps a running list of nursing complaints on the whiteboard in her office and wipes "
                "it every Friday.",
                "Where does {name} track nursing complaints, and how often is it cleared?",
                "On her office whiteboard, wiped every Friday.",
                ("whiteboard", "every Friday"),
            ),
            Fact(
                "{name} prefers a text message over email for anything urgent about staffing.",
                "How should urgent staffing news reach {name}?",
                "By text message.",
                ("text message",),
            ),
            Fact(
                "{name} was a flight nurse for eight years before moving into management.",
                "What did {name} do before she became a manager?",
                "She was a flight nurse for eight years.",
                ("flight nurse",),
            ),
        ),
        events=(
            Fact(
                "{name} won approval for two new night-shift nursing positions in the ED.",
                "What staffing did {name} get approved for the department?",
                "{name} won approval for two new night-shift nursing positions.",
                ("two new night-shift nursing positions",),
            ),
            Fact(
                "{name} was named the hospital's nurse leader of the year.",
                "What honor did {name} receive from the hospital?",
                "{name} was named the hospital's nurse leader of the year.",
                ("nurse leader of the year",),
            ),
        ),
        friction=Phrase(
            "I booked a nursing education session on top of her budget meeting",
            "a clash with her finance commitments",
            "budget meeting",
        ),
        repair="I confirm her calendar with her assistant before booking any nursing session",
        session="ed-huddle",
    ),
    Relationship(
        person="Hiroshi Tanabe",
        traits=(
            Fact(
                "{name} wants written feedback within 24 hours of a shift, not at the end of the block.",
                "How soon after a shift does {name} want written feedback?",
                "Within 24 hours.",
                ("24 hours",),
            ),
            Fact(
                "{name} is applying for a critical care fellowship.",
                "What subspecialty training is {name} trying to get into?",
                "Critical care.",
                ("critical care fellowship",),
            ),
            Fact(
                "{name} keeps a spreadsheet of every procedure he has done, down to the catheter gauge.",
                "How detailed is {name}'s personal procedure record?",
                "A spreadsheet of every procedure, down to the catheter gauge.",
                ("catheter gauge",),
            ),
        ),
        events=(
            Fact(
                "{name} matched into the critical care fellowship at his first-choice program.",
                "How did {name}'s fellowship application turn out?",
                "{name} matched into critical care at his first-choice program.",
                ("first-choice program",),
            ),
            Fact(
                "{name} ran his first mass casualty simulation as the team lead.",
                "Which exercise did {name} direct for the first time?",
                "{name} led his first mass casualty simulation.",
                ("mass casualty simulation",),
            ),
        ),
        friction=Phrase(
            "I posted his evaluation to the shared residency folder where his co-residents could read it",
            "exposing a trainee's evaluation to his peers",
            "shared residency folder",
        ),
        repair="his evaluations now go only to his private portfolio, and I confirm the folder before uploading",
        session="residents",
    ),
    Relationship(
        person="Rosalind Mbeki",
        traits=(
            Fact(
                "{name} checks every weight-based dose against the measured triage weight, never the stated "
                "weight.",
                "Which weight does {name} insist on when checking doses?",
                "The measured triage weight, not the stated weight.",
                ("measured triage weight",),
            ),
            Fact(
                "{name} works four ten-hour day shifts and is off on Wednesdays.",
                "Which weekday is {name} usually off?",
                "Wednesday.",
                ("Wednesdays",),
            ),
            Fact(
                "{name} wants dosing questions sent through the pharmacy consult order rather than asked in "
                "the hallway.",
                "How does {name} prefer to receive dosing questions?",
                "Through the pharmacy consult order.",
                ("pharmacy consult order",),
            ),
        ),
        events=(
            Fact(
                "{name} passed her board certification in emergency medicine pharmacy.",
                "What specialty credential did {name} obtain?",
                "{name} earned board certification in emergency medicine pharmacy.",
                ("emergency medicine pharmacy",),
            ),
            Fact(
                "{name} took over as chair of the hospital's antimicrobial stewardship committee.",
                "Which hospital group does {name} now lead?",
                "{name} became chair of the antimicrobial stewardship committee.",
                ("antimicrobial stewardship committee",),
            ),
        ),
        friction=Phrase(
            "I quoted an adult dose from an old pocket card in a message she had to correct",
            "passing along an outdated dose",
            "old pocket card",
        ),
        repair="every dose I stage now cites the current formulary entry, and she spot-checks the list weekly",
    ),
    Relationship(
        person="Gustavo Albarran",
        traits=(
            Fact(
                "{name} has worked as a paramedic in the county for nineteen years.",
                "How many years has {name} spent working on local ambulances?",
                "Nineteen years.",
                ("nineteen years",),
            ),
            Fact(
                "{name} wants run feedback to reach the crew within a week, while they still remember the call.",
                "How quickly does {name} want crews to get feedback on a run?",
                "Within a week.",
                ("within a week",),
            ),
            Fact(
                "{name} coaches a youth soccer team on Saturday mornings and does not answer calls then.",
                "When is {name} unreachable, and why?",
                "Saturday mornings, while he coaches youth soccer.",
                ("youth soccer",),
            ),
        ),
        events=(
            Fact(
                "{name} was promoted to deputy chief of the county EMS division.",
                "What promotion did {name} receive?",
                "{name} was promoted to deputy chief of the county EMS division.",
                ("deputy chief",),
            ),
            Fact(
                "{name} asked {principal} to serve as medical director of the new community paramedic program.",
                "What did {name} ask {principal} to lead?",
                "{name} asked {principal} to be medical director of the new community paramedic program.",
                ("community paramedic program",),
            ),
        ),
        friction=Phrase(
            "I sent a crew's run critique to the whole county list instead of just the crew",
            "distributing a crew critique far too widely",
            "whole county list",
        ),
        repair="run critiques now go only to the crew and their supervisor, after he reads them first",
        session="ems-liaison",
    ),
    Relationship(
        person="Lucia Ferreira-Banks",
        traits=(
            Fact(
                "{name} wants a phone call from the ED attending, not a page, for any anticoagulated patient "
                "with a head bleed.",
                "How does {name} want to be told about a head bleed on blood thinners?",
                "A direct phone call from the ED attending rather than a page.",
                ("not a page",),
            ),
            Fact(
                "{name} runs trauma morning report at 6:30 a.m. sharp.",
                "When does {name}'s daily surgical case review begin?",
                "6:30 a.m.",
                ("6:30 a.m.",),
            ),
            Fact(
                "{name} trained in military trauma and still carries a tourniquet in her bag.",
                "What does {name} carry from her military trauma days?",
                "A tourniquet in her bag.",
                ("tourniquet",),
            ),
        ),
        events=(
            Fact(
                "{name} became trauma medical director after her predecessor retired.",
                "Which post did {name} step into?",
                "{name} became trauma medical director.",
                ("trauma medical director",),
            ),
            Fact(
                "{name} co-authored the revised trauma activation criteria with {principal}.",
                "What document did {name} write together with {principal}?",
                "{name} and {principal} co-wrote the revised trauma activation criteria.",
                ("revised trauma activation criteria",),
            ),
        ),
        friction=Phrase(
            "I summarized a trauma case in the ED log before her team had finished its review",
            "getting ahead of the surgical team's own review",
            "finished its review",
        ),
        repair="trauma case summaries wait until her morning report has covered the case",
    ),
    Relationship(
        person="Beatrice Kowalczyk",
        traits=(
            Fact(
                "{name} insists every peer review file is named by case number, never by bed or diagnosis.",
                "What naming rule does {name} enforce for confidential review documents?",
                "Files are named by case number only, never by bed or diagnosis.",
                ("case number",),
            ),
            Fact(
                "{name} was an ICU nurse before she moved into patient safety.",
                "What was {name}'s clinical background?",
                "She was an ICU nurse.",
                ("ICU nurse",),
            ),
            Fact(
                "{name} answers email only twice a day, at 9 a.m. and 3 p.m.",
                "When does {name} check her email?",
                "Twice a day, at 9 a.m. and 3 p.m.",
                ("9 a.m. and 3 p.m.",),
            ),
        ),
        events=(
            Fact(
                "{name} moved the committee's case files into a locked folder that only members can open.",
                "Where are the committee's documents kept since {name} reorganized them?",
                "{name} moved the case files into a locked folder that only committee members can open.",
                ("locked folder",),
            ),
            Fact(
                "{name} presented the committee's annual summary to the board's quality subcommittee.",
                "Which board body heard {name}'s yearly report?",
                "{name} presented the annual summary to the board's quality subcommittee.",
                ("quality subcommittee",),
            ),
        ),
        friction=Phrase(
            "I cited a case by its complaint and bed number in an email subject line",
            "putting identifying case details where anyone could see them",
            "email subject line",
        ),
        repair="every message about a case now uses only the committee case number",
        session="quality-review",
    ),
    Relationship(
        person="Dwayne Abernathy",
        traits=(
            Fact(
                "{name} runs the night shift from a standing desk beside the ambulance bay.",
                "Where does {name} work from during nights?",
                "A standing desk next to the ambulance bay.",
                ("standing desk",),
            ),
            Fact(
                "{name} keeps a spare charger for every kind of phone in the charge nurse drawer.",
                "What does {name} keep on hand for people's phones?",
                "Spare chargers for every type of phone.",
                ("spare charger",),
            ),
            Fact(
                "{name} can recite the on-call schedule for every surgical service from memory.",
                "What can {name} recall without looking anything up?",
                "The on-call schedule for every surgical service.",
                ("from memory",),
            ),
        ),
        events=(
            Fact(
                "{name} was certified as an instructor for the trauma nursing core course.",
                "What teaching credential did {name} earn?",
                "{name} became an instructor for the trauma nursing core course.",
                ("trauma nursing core course",),
            ),
            Fact(
                "{name} moved from nights to the day charge role for a year.",
                "What change did {name} make to his shifts?",
                "{name} moved from nights to the day charge role for a year.",
                ("day charge role",),
            ),
        ),
        friction=Phrase(
            "I labeled his bed assignments as a cause of delay in the offload report without asking him first",
            "criticizing his decisions in a report without checking",
            "without asking him first",
        ),
        repair="he gets the draft offload report a day early so he can annotate the delays",
        session="ed-huddle",
    ),
)

CORRECTIONS = (
    Correction(
        subject="the door-to-needle target in the hospital stroke pathway",
        ask="What door-to-needle goal does the hospital's own stroke pathway set?",
        wrong="60 minutes",
        right="45 minutes",
        later="30 minutes",
        cause="I had copied the national benchmark instead of the hospital's own target",
    ),
    Correction(
        subject="the intramuscular ketamine dose in the agitation protocol",
        ask="What IM ketamine dose does the agitation protocol call for?",
        wrong="5 mg/kg",
        right="4 mg/kg",
        cause="the draft I read predated the pharmacy committee's change",
    ),
    Correction(
        subject="the date of the state trauma verification site visit",
        ask="When are the state surveyors coming to verify the trauma center?",
        wrong="October 14",
        right="October 21",
        later="November 4",
        cause="the first notice listed the pre-visit conference call rather than the visit itself",
    ),
    Correction(
        subject="the direct extension for the transfer center",
        ask="Which extension reaches the transfer center directly?",
        wrong="4120",
        right="4210",
        cause="I had transposed two digits from the paper directory",
        session="ems-liaison",
    ),
    Correction(
        subject="the lactate level that triggers the full weight-based fluid bolus",
        ask="At what lactate does the sepsis order set call for the 30 mL/kg bolus?",
        wrong="2 mmol/L",
        right="4 mmol/L",
        cause="I had confused the screening threshold with the treatment threshold",
    ),
    Correction(
        subject="the number of shifts on Dr. Castellanos's March schedule",
        ask="How many shifts is Dr. Castellanos working in March?",
        wrong="14",
        right="13",
        later="15",
        cause="the schedule export had double-counted a split overnight",
    ),
    Correction(
        subject="the continuing education hours still needed for the license renewal",
        ask="How many CME hours remain before the medical license can be renewed?",
        wrong="22 hours",
        right="16 hours",
        later="9 hours",
        cause="the tracker had not picked up the ultrasound course credits",
    ),
    Correction(
        subject="the deadline for the residency milestone evaluations",
        ask="By when are the residents' milestone assessments due?",
        wrong="June 10",
        right="June 3",
        later="June 17",
        cause="I had read the internal deadline from last year's program memo",
        session="residents",
    ),
    Correction(
        subject="the ambulance offload target in the county agreement",
        ask="What handover time does the signed county agreement require?",
        wrong="20 minutes",
        right="30 minutes",
        cause="the 20-minute figure was the county's aspiration, not the signed agreement",
        session="ems-liaison",
    ),
    Correction(
        subject="the filing deadline for the committee's finding on the dissection case",
        ask="How long does the committee have to file its determination on the aortic bounce-back?",
        wrong="30 days",
        right="45 days",
        cause="the bylaws allow an extension when an outside reviewer is used",
        session="quality-review",
    ),
    Correction(
        subject="the room for the monthly morbidity and mortality conference",
        ask="Where is the monthly M&M conference held?",
        wrong="Auditorium B",
        right="Conference Room 3C",
        cause="the auditorium booking was for grand rounds, not M&M",
        session="quality-review",
    ),
    Correction(
        subject="the start time of the weekday morning huddle",
        ask="What time does the weekday morning huddle begin?",
        wrong="6:45 a.m.",
        right="6:55 a.m.",
        later="7:05 a.m.",
        cause="the old time was still in the calendar invite I copied",
        session="ed-huddle",
    ),
    Correction(
        subject="the weight above which children get adult doses under pharmacy policy",
        ask="Above what body weight does pharmacy policy switch children to adult dosing?",
        wrong="40 kg",
        right="50 kg",
        cause="I was quoting the upper limit of the length-based tape instead of the pharmacy policy",
    ),
    Correction(
        subject="the number of unfilled ED nursing positions",
        ask="How many nursing vacancies does the department have?",
        wrong="11",
        right="8",
        later="5",
        cause="the count included three positions already covered by travel nurses",
        session="ed-huddle",
    ),
)

DATES_A = ("January 9", "February 22", "March 14", "April 3", "May 17", "June 28", "August 8")
DATES_B = (
    "September 12",
    "October 2",
    "October 30",
    "November 19",
    "December 4",
    "January 21",
    "March 5",
)

ERRANDS = (
    Errand(
        topic="CME course registration",
        things=(
            "the wilderness medicine refresher",
            "the toxicology board review",
            "the difficult airway course",
            "the pediatric emergency update",
            "the ultrasound skills day",
        ),
        log="I registered {principal} for {thing}; the confirmation code is {value}.",
        ask="What confirmation code came back when {principal} signed up for {thing}?",
        answer="{value}",
        values=(
            "CME-48213",
            "CME-50977",
            "CME-31406",
            "CME-67752",
            "CME-22819",
            "CME-90341",
            "CME-15538",
        ),
    ),
    Errand(
        topic="Holiday shift trade",
        things=(
            "the Christmas Eve overnight",
            "the Fourth of July swing shift",
            "the Thanksgiving day shift",
            "the New Year's Eve overnight",
            "the Super Bowl Sunday evening shift",
        ),
        log="{person} took {thing} off {principal}'s schedule, and in return {principal} picks up a shift "
        "on {value}.",
        ask="What date did {principal} agree to work in exchange for giving away {thing}?",
        answer="{value}",
        values=DATES_A,
    ),
    Errand(
        topic="Lecture room booking",
        things=(
            "the airway lecture",
            "the toxicology lecture",
            "the trauma imaging lecture",
            "the pediatric fever lecture",
            "the ECG lecture",
        ),
        log="I booked {thing} for the residents in room {value} of the education building.",
        ask="Where will the residents meet for {thing}?",
        answer="{value}",
        values=("E-112", "E-204", "E-215", "E-310", "E-318", "E-401", "E-127"),
        session="residents",
    ),
    Errand(
        topic="Antidote price quotes",
        things=(
            "idarucizumab",
            "fomepizole",
            "hydroxocobalamin",
            "digoxin immune fab",
            "crotalidae antivenom",
            "four-factor prothrombin complex concentrate",
        ),
        log="Pharmacy quoted {value} per dose for {thing} when I asked for the stewardship review.",
        ask="What per-dose price did pharmacy give for {thing}?",
        answer="{value}",
        quantity=Quantity(400, 9800, 50, "${:,}"),
    ),
    Errand(
        topic="Help desk tickets",
        things=(
            "the dictation microphone at the north workstation",
            "the tracking board display in pod C",
            "the badge tap login at triage",
            "the second monitor in the physician workroom",
            "the label printer in fast track",
        ),
        log="I opened a help desk ticket for {thing}; IT gave it number {value}.",
        ask="Which IT reference covers the fault with {thing}?",
        answer="{value}",
        values=(
            "INC-204417",
            "INC-211093",
            "INC-198852",
            "INC-220364",
            "INC-207781",
            "INC-215530",
            "INC-193306",
        ),
    ),
    Errand(
        topic="Lab turnaround check",
        things=(
            "a stat troponin",
            "a stat lactate",
            "a type and screen",
            "a serum ethanol level",
            "a stat lipase",
            "a urine drug screen",
        ),
        log="The core lab told me the current median turnaround for {thing} is {value} minutes.",
        ask="How long does the core lab say {thing} takes to result these days?",
        answer="{value} minutes",
        quantity=Quantity(18, 95),
    ),
    Errand(
        topic="Grand rounds slot",
        things=(
            "the talk on ED-initiated buprenorphine",
            "the talk on occlusion MI",
            "the talk on trauma overtriage",
            "the talk on agitation management",
        ),
        log="The grand rounds committee put {thing} by {principal} on the calendar for {value}.",
        ask="On what date is {principal} scheduled to deliver {thing} to the whole department?",
        answer="{value}",
        values=DATES_B,
    ),
    Errand(
        topic="Respirator fit test",
        things=(
            "the small duckbill respirator",
            "the standard cup respirator",
            "the elastomeric half-mask",
            "the flat-fold respirator",
        ),
        log="{principal} passed fit testing on {thing} with an overall fit factor of {value}.",
        ask="What fit factor did {principal} reach when tested on {thing}?",
        answer="{value}",
        quantity=Quantity(100, 200),
    ),
    Errand(
        topic="Expense claim",
        things=(
            "the airway course fee",
            "the board recertification fee",
            "the scientific assembly registration",
            "the ultrasound textbook order",
            "the state license renewal fee",
        ),
        log="I filed {principal}'s reimbursement claim for {thing} in the amount of {value}.",
        ask="How much did {principal} claim back for {thing}?",
        answer="{value}",
        quantity=Quantity(85, 1650, 5, "${:,}"),
    ),
    Errand(
        topic="On-call direct lines",
        things=(
            "the interventional radiology tech",
            "the hand surgery resident",
            "the ophthalmology on-call",
            "the labor and delivery triage desk",
            "the psychiatric crisis team",
        ),
        log="For the huddle cheat sheet I confirmed that {thing} now answers at extension {value}.",
        ask="What number should the huddle dial to get {thing}?",
        answer="Extension {value}",
        quantity=Quantity(4300, 4999),
        session="ed-huddle",
    ),
    Errand(
        topic="Potassium recheck",
        things=(
            "the 71-year-old in bed 12 with weakness",
            "the dialysis patient in bed 3",
            "the 45-year-old in hallway bed 2 with vomiting",
            "the 60-year-old in bed 18 with palpitations",
            "the 83-year-old in bed 7 on spironolactone",
        ),
        log="The repeat potassium on {thing} came back at {value} mmol/L, and I put it at the top of "
        "{principal}'s result list.",
        ask="What did the second potassium drawn on {thing} show?",
        answer="{value} mmol/L",
        quantity=Quantity(27, 72, 1, "{}", 10),
    ),
    Errand(
        topic="Poison center case number",
        things=(
            "the 19-year-old in bed 6 with an acetaminophen ingestion",
            "the toddler in bed 22 who swallowed a button battery",
            "the 34-year-old in bed 15 after a beta blocker overdose",
            "the 52-year-old in bed 10 with a suspected antifreeze ingestion",
            "the teenager in bed 4 after a diphenhydramine ingestion",
        ),
        log="The poison center opened a case for {thing} under number {value}.",
        ask="What reference did the toxicology hotline give {thing}?",
        answer="{value}",
        values=(
            "PC-771203",
            "PC-768450",
            "PC-774918",
            "PC-762037",
            "PC-779564",
            "PC-765281",
            "PC-770096",
        ),
    ),
    Errand(
        topic="Blood culture callback",
        things=(
            "the 68-year-old discharged from bed 11 with fever",
            "the 29-year-old from bed 5 with fever and chills",
            "the 77-year-old from hallway bed 4 with confusion",
            "the 41-year-old from bed 19 with a fever after travel",
        ),
        log="Microbiology called with a positive blood culture on {thing}: it grew {value}.",
        ask="Which organism did the callback report for {thing}?",
        answer="{value}",
        values=(
            "Escherichia coli",
            "Staphylococcus aureus",
            "Streptococcus pyogenes",
            "Klebsiella pneumoniae",
            "Enterococcus faecalis",
            "Proteus mirabilis",
            "Streptococcus pneumoniae",
        ),
    ),
    Errand(
        topic="Final CT read",
        things=(
            "the 55-year-old in bed 8 with abdominal pain",
            "the 23-year-old in bed 14 with abdominal pain",
            "the 70-year-old in hallway bed 3 with vomiting",
            "the 38-year-old in bed 16 with flank pain",
        ),
        log="Radiology finalized the abdominal CT on {thing} as {value}.",
        ask="What did the final radiology report conclude for {thing}?",
        answer="{value}",
        values=(
            "a 6 mm obstructing ureteral stone",
            "uncomplicated appendicitis",
            "sigmoid diverticulitis without abscess",
            "a small bowel obstruction with a transition point",
            "acute cholecystitis",
            "no acute abnormality",
            "an incidental 2 cm adrenal nodule",
        ),
    ),
    Errand(
        topic="Transfer request numbers",
        things=(
            "the request from Bellmont County Hospital",
            "the request from the Riverside critical access hospital",
            "the request from the Harlan Valley clinic",
            "the request from St. Odile's community hospital",
        ),
        log="{person} logged {thing} in the transfer center system as number {value}.",
        ask="What tracking identifier did the transfer coordinators give {thing}?",
        answer="{value}",
        values=("TC-18842", "TC-19307", "TC-17765", "TC-20118", "TC-18590", "TC-19951", "TC-17423"),
        session="ems-liaison",
    ),
    Errand(
        topic="Ambulance unit log",
        things=(
            "the cardiac arrest with return of pulses",
            "the rollover crash with two patients",
            "the febrile seizure",
            "the hip fracture from the nursing home",
            "the overdose found in a stairwell",
        ),
        log="The crew of Medic {value} brought in {thing}, and I logged their run for the feedback file.",
        ask="Which ambulance unit transported {thing}?",
        answer="Medic {value}",
        quantity=Quantity(11, 89),
        session="ems-liaison",
    ),
    Errand(
        topic="County protocol versions",
        things=(
            "the prehospital sepsis protocol",
            "the termination of resuscitation guideline",
            "the pediatric seizure protocol",
            "the spinal motion restriction protocol",
            "the stroke destination protocol",
        ),
        log="The county posted {thing} as version {value}, so I updated the reference in our liaison file.",
        ask="What version number is {thing} on now?",
        answer="Version {value}",
        values=("3.1", "4.0", "2.7", "5.2", "1.9", "6.0", "3.4"),
        session="ems-liaison",
    ),
    Errand(
        topic="Helicopter arrival estimate",
        things=(
            "the rural rollover patient",
            "the farm machinery injury",
            "the near-drowning at the reservoir",
            "the snowmobile crash",
        ),
        log="The flight team gave an ETA of {value} minutes for {thing}.",
        ask="How long did the helicopter crew estimate before arriving with {thing}?",
        answer="{value} minutes",
        quantity=Quantity(9, 48),
        session="ems-liaison",
    ),
    Errand(
        topic="Procedure log report",
        things=(
            "central lines",
            "intubations",
            "lumbar punctures",
            "ultrasound-guided IVs",
            "chest tubes",
            "procedural sedations",
        ),
        log="The chief resident's procedure report shows the PGY-2 class averaging {value} {thing} so far "
        "this year.",
        ask="According to the chief's report, how many {thing} had the second-year residents logged on average?",
        answer="{value}",
        quantity=Quantity(3, 48),
        session="residents",
    ),
    Errand(
        topic="In-training exam results",
        things=(
            "the PGY-1 class",
            "the PGY-2 class",
            "the PGY-3 class",
            "the residency as a whole",
        ),
        log="The in-training exam results came back, and {thing} averaged a national percentile of {value}.",
        ask="Where did {thing} land nationally on the in-training exam?",
        answer="A national percentile of {value}",
        quantity=Quantity(34, 91),
        session="residents",
    ),
    Errand(
        topic="Interview day dates",
        things=(
            "the first applicant interview day",
            "the second applicant interview day",
            "the virtual interview day",
            "the second-look day",
        ),
        log="The program set {thing} for {value}, and I blocked {principal}'s calendar.",
        ask="When is {thing} for residency applicants?",
        answer="{value}",
        values=DATES_B,
        session="residents",
    ),
    Errand(
        topic="Recommendation letters",
        things=(
            "the PGY-3 applying to critical care",
            "the visiting student from the spring rotation",
            "the PGY-3 applying to toxicology",
            "the intern switching into anesthesia",
        ),
        log="I sent {principal}'s letter of recommendation for {thing} to the program in {value}.",
        ask="Where did {principal}'s reference letter for {thing} go?",
        answer="{value}",
        values=(
            "Pittsburgh",
            "Denver",
            "Baltimore",
            "Portland",
            "Milwaukee",
            "Albuquerque",
            "Richmond",
        ),
        session="residents",
    ),
    Errand(
        topic="Peer review case numbers",
        things=(
            "the delayed antibiotic case",
            "the missed scaphoid fracture case",
            "the sedation desaturation case",
            "the epidural abscess bounce-back",
            "the tenfold dosing near miss",
        ),
        log="The committee logged {thing} as peer review case {value}.",
        ask="Under which case number is {thing} filed with the committee?",
        answer="{value}",
        values=("PR-2291", "PR-2307", "PR-2314", "PR-2322", "PR-2339", "PR-2345", "PR-2358"),
        session="quality-review",
    ),
    Errand(
        topic="Peer review scores",
        things=(
            "the delayed stroke alert",
            "the missed testicular torsion",
            "the late sepsis antibiotic",
            "the unrecognized ectopic pregnancy",
        ),
        log="After discussion, the committee scored {thing} at {value}.",
        ask="What score did the committee give {thing}?",
        answer="{value}",
        values=(
            "1A, care appropriate",
            "1B, care appropriate with a system issue",
            "2A, minor improvement opportunity",
            "2B, minor improvement opportunity with a system issue",
            "3A, major improvement opportunity",
            "3B, major improvement opportunity with a system issue",
        ),
        session="quality-review",
    ),
    Errand(
        topic="Quality dashboard counts",
        things=(
            "72-hour returns resulting in admission",
            "unplanned ICU transfers within 24 hours of admission",
            "ED deaths referred for review",
            "safety reports filed by ED staff",
        ),
        log="The committee's quarterly dashboard counted {value} {thing}.",
        ask="How many {thing} did the committee's numbers for the quarter show?",
        answer="{value}",
        quantity=Quantity(3, 140),
        session="quality-review",
    ),
    Errand(
        topic="Nursing shortfall",
        things=(
            "the Friday night shift",
            "the Saturday day shift",
            "the Sunday swing shift",
            "the Monday overnight",
        ),
        log="At huddle, {person} reported {thing} short by {value} nurses even after the float pool.",
        ask="How many nurses was {thing} missing after float coverage?",
        answer="{value}",
        quantity=Quantity(2, 7),
        session="ed-huddle",
    ),
    Errand(
        topic="Resuscitation bay par levels",
        things=(
            "pelvic binders",
            "tourniquets",
            "chest tube trays",
            "intraosseous needles",
            "pediatric video laryngoscope blades",
        ),
        log="Materials management set the par level for {thing} in the resuscitation bays at {value}.",
        ask="How many {thing} are the resuscitation bays now stocked to hold?",
        answer="{value}",
        quantity=Quantity(2, 24),
        session="ed-huddle",
    ),
    Errand(
        topic="Drug shortage end dates",
        things=(
            "IV metoclopramide",
            "IV diltiazem",
            "injectable ketorolac",
            "IV labetalol",
            "IV magnesium sulfate",
        ),
        log="Pharmacy expects the shortage of {thing} to last until {value}.",
        ask="When does pharmacy think the {thing} shortage will end?",
        answer="{value}",
        values=DATES_A,
        session="ed-huddle",
    ),
    Errand(
        topic="Weekly safety report counts",
        things=("workplace violence", "medication", "patient fall", "equipment"),
        log="{person} told the huddle the department filed {value} {thing} safety reports last week.",
        ask="How many {thing} safety reports did the department file that week?",
        answer="{value}",
        quantity=Quantity(2, 14),
        session="ed-huddle",
    ),
    Errand(
        topic="Vacation request",
        things=(
            "her first leave block",
            "her second leave block",
            "a long weekend off",
            "the family reunion week",
        ),
        log="The scheduler approved {principal}'s request for {thing}, starting {value}.",
        ask="On what date does {principal}'s approved time off for {thing} begin?",
        answer="{value}",
        values=DATES_B,
    ),
    Errand(
        topic="Journal club trial choice",
        things=(
            "the September journal club",
            "the October journal club",
            "the January journal club",
            "the April journal club",
        ),
        log="{person} picked a trial on {value} for {thing}.",
        ask="What was the subject of the trial chosen for {thing}?",
        answer="{value}",
        values=(
            "balanced crystalloids versus saline",
            "early vasopressors in septic shock",
            "bougie-first intubation",
            "apneic oxygenation during intubation",
            "CT decision rules for minor head injury",
            "outpatient management of pulmonary embolism",
            "steroids for severe community-acquired pneumonia",
        ),
        session="residents",
    ),
    Errand(
        topic="Parking permit",
        things=(
            "the main garage",
            "the surface lot behind the cancer center",
            "the night-shift reserved row",
            "the south visitor deck",
        ),
        log="I renewed {principal}'s permit for {thing}; the new permit number is {value}.",
        ask="Which parking pass number was issued to {principal} for {thing}?",
        answer="{value}",
        values=("P-30418", "P-31752", "P-29063", "P-32207", "P-30991", "P-28846", "P-31420"),
    ),
    Errand(
        topic="Board knowledge check",
        things=(
            "the spring knowledge check",
            "the summer knowledge check",
            "the fall knowledge check",
            "the winter knowledge check",
        ),
        log="{principal} finished {thing} for board certification with a score of {value}%.",
        ask="What percentage did {principal} score on {thing}?",
        answer="{value}%",
        quantity=Quantity(68, 99),
    ),
    Errand(
        topic="Simulation center booking",
        things=(
            "the failed-airway case",
            "the pediatric sepsis case",
            "the massive transfusion case",
            "the cardiac arrest in pregnancy case",
        ),
        log="The simulation center confirmed {thing} for the morning of {value}.",
        ask="On what morning will {thing} run in the sim lab?",
        answer="{value}",
        values=DATES_A,
        session="residents",
    ),
    Errand(
        topic="Community talk",
        things=(
            "the senior center talk on falls",
            "the high school talk on concussions",
            "the church health fair talk on strokes",
            "the library talk on overdose response",
        ),
        log="{principal} agreed to give {thing}, and the organizers expect about {value} people.",
        ask="How many attendees are expected for {thing}?",
        answer="About {value}",
        quantity=Quantity(15, 180, 5),
    ),
    Errand(
        topic="Ultrasound asset tags",
        things=(
            "the handheld probe for the residents",
            "the loaner cart machine",
            "the endocavitary probe",
            "the phased-array probe for pod A",
        ),
        log="Biomedical engineering tagged {thing} with asset number {value}.",
        ask="What asset tag did biomed put on {thing}?",
        answer="{value}",
        values=(
            "BME-60213",
            "BME-61874",
            "BME-59930",
            "BME-62451",
            "BME-60788",
            "BME-61102",
            "BME-63015",
        ),
        session="residents",
    ),
    Errand(
        topic="Conference hotel",
        things=(
            "the spring toxicology meeting",
            "the fall scientific assembly",
            "the regional trauma symposium",
            "the ultrasound summit",
        ),
        log="I booked {principal} a room for {thing}; the hotel confirmation is {value}.",
        ask="Which reservation code holds {principal}'s lodging for {thing}?",
        answer="{value}",
        values=("H7K2Q9", "M4T8W1", "R9D3L6", "B2X7N5", "J6P1V8", "F3Z9C4", "W8H5S2"),
    ),
    Errand(
        topic="EMS commendation letters",
        things=(
            "the crew who ran the pediatric arrest",
            "the crew who decompressed the tension pneumothorax",
            "the crew who caught the posterior STEMI",
            "the crew who delivered a baby in the ambulance",
        ),
        log="I drafted {principal}'s commendation letter for {thing}, addressed to station {value}.",
        ask="Where was the thank-you letter for {thing} addressed?",
        answer="Station {value}",
        quantity=Quantity(2, 41),
        session="ems-liaison",
    ),
)

MEETINGS = (
    # ed-huddle
    Meeting(
        "Morning boarder count",
        "ed-huddle",
        (
            Stance(
                "Nineteen admitted patients are still downstairs, and medicine has not sent up a single "
                "discharge since yesterday.",
                "reported how many admitted patients were stuck in the department",
            ),
            Stance(
                "If nothing opens upstairs by noon, I want the house supervisor to call the full-capacity "
                "protocol.",
                "wanted the hospital-wide escalation triggered at midday",
            ),
            Stance(
                "Move the two telemetry boarders into the hallway by the central monitors so the resuscitation "
                "bays stay free.",
                "proposed shifting the monitored boarders into the corridor",
            ),
        ),
        Phrase(
            "the house supervisor would call the full-capacity protocol if no inpatient beds opened by noon",
            "the midday escalation plan for the backlog of admissions",
            "full-capacity protocol",
        ),
    ),
    Meeting(
        "Saline bag shortage",
        "ed-huddle",
        (
            Stance(
                "We are down to a three-day supply of liter saline bags, and the next shipment slipped a week.",
                "warned that the IV fluid supply was running low",
            ),
            Stance(
                "Stable vomiting patients can drink; let's stop hanging a liter on everyone with a stomach bug.",
                "argued for oral rehydration in stable patients",
            ),
            Stance(
                "Keep the liter bags for the resuscitation bays and use 500 mL bags everywhere else.",
                "suggested saving the large bags for the sickest patients",
            ),
        ),
        Phrase(
            "liter bags would be reserved for the resuscitation bays until the shipment arrived",
            "how the scarce large fluid bags would be rationed",
            "reserved for the resuscitation bays",
        ),
    ),
    Meeting(
        "Assault on a tech in the waiting room",
        "ed-huddle",
        (
            Stance(
                "A patient in the waiting room punched one of our techs last night, and she is out for the week.",
                "described the attack on a staff member in the lobby",
            ),
            Stance(
                "I want an officer posted at triage from 10 p.m. to 6 a.m., every night.",
                "asked for an overnight security post at intake",
            ),
            Stance(
                "Let's flag the chart too, so the next visit triggers a behavioral safety plan.",
                "recommended a chart alert for future visits",
            ),
        ),
        Phrase(
            "security agreed to station an officer at triage overnight",
            "the protective measure put in place at intake after the attack",
            "officer at triage overnight",
        ),
    ),
    Meeting(
        "Heat advisory preparations",
        "ed-huddle",
        (
            Stance(
                "The heat advisory runs through Sunday, and last summer we saw a dozen heat cases on the first "
                "day alone.",
                "recalled the caseload from last year's hot spell",
            ),
            Stance(
                "I'll stage ice, tarps and cooling blankets in pod A so we can cool people fast.",
                "offered to set up rapid-cooling supplies in one pod",
            ),
            Stance(
                "Respiratory therapy can cover extra nebulizers if the air quality drops with the heat.",
                "promised additional breathing treatment coverage",
            ),
        ),
        Phrase(
            "pod A would hold the cooling supplies until the advisory ended",
            "where the rapid-cooling equipment would be kept during the hot spell",
            "cooling supplies",
        ),
    ),
    Meeting(
        "Flu surge overflow",
        "ed-huddle",
        (
            Stance(
                "We had forty patients with flu symptoms yesterday, and the waiting room was standing room only.",
                "reported the surge in respiratory illness",
            ),
            Stance(
                "Open the old pod D recliners as a respiratory overflow area with masks at the door.",
                "wanted the unused recliner area turned into a flu zone",
            ),
            Stance(
                "If we open pod D, I need one more nurse from the float pool or it is not safe.",
                "made extra staffing a condition for opening the overflow",
            ),
        ),
        Phrase(
            "pod D would open as a respiratory overflow area whenever the float pool could spare a nurse",
            "the condition attached to opening the extra space for flu patients",
            "respiratory overflow area",
        ),
    ),
    Meeting(
        "Therapist shortage on nights",
        "ed-huddle",
        (
            Stance(
                "Respiratory therapy is short two therapists on nights through the end of the month.",
                "announced the respiratory therapy staffing gap",
            ),
            Stance(
                "Then nurses should give the routine albuterol and call RT only for the sickest asthmatics.",
                "proposed that nurses handle routine breathing treatments",
            ),
            Stance(
                "Pharmacy can stock metered-dose inhalers with spacers instead of nebulizers for the stable ones.",
                "offered inhalers as an alternative to nebulizers",
            ),
        ),
        Phrase(
            "stable asthma patients would get inhalers with spacers from nursing while therapists covered "
            "critical patients",
            "how breathing treatments were split during the therapist shortage",
            "inhalers with spacers",
        ),
    ),
    Meeting(
        "Holiday staffing holes",
        "ed-huddle",
        (
            Stance(
                "Christmas week still has two open attending shifts, both overnight.",
                "flagged unfilled physician shifts over the holiday",
            ),
            Stance(
                "Pay the holiday premium and offer them to the per diem group first.",
                "wanted to use the premium rate and the part-time physicians",
            ),
            Stance(
                "Nursing is covered, but I need the schedule locked by the fifteenth.",
                "pressed for an early lock of the roster",
            ),
        ),
        Phrase(
            "the two overnight holes would be offered to the per diem physicians at the holiday premium",
            "how the vacant holiday overnights would be filled",
            "per diem physicians",
        ),
    ),
    Meeting(
        "Pediatric weight mix-ups",
        "ed-huddle",
        (
            Stance(
                "Two kids were weighed in pounds at triage this week and charted as kilograms.",
                "reported unit mix-ups in children's weights",
            ),
            Stance(
                "Every weight on a child under twelve gets read back by a second nurse before any medication "
                "goes in.",
                "asked for a two-person check on children's weights",
            ),
            Stance(
                "Put a kilograms-only sign on every scale and tape over the unit button.",
                "suggested covering the scale's unit switch",
            ),
        ),
        Phrase(
            "a second nurse would verify every pediatric weight before the first medication",
            "the safeguard added for children's weights",
            "second nurse would verify",
        ),
    ),
    # residents
    Meeting(
        "Central line sign-off",
        "residents",
        (
            Stance(
                "I want three supervised lines before anyone places one alone, and no exceptions for seniors.",
                "insisted on a fixed number of supervised central lines before independence",
            ),
            Stance(
                "Three is fine, but femoral lines should count too or interns never get there.",
                "wanted groin lines to count toward the requirement",
            ),
            Stance(
                "Every line should have a saved ultrasound clip of the needle in the vein.",
                "asked for archived needle-in-vessel images",
            ),
        ),
        Phrase(
            "residents would need three supervised lines with saved ultrasound clips before placing one alone",
            "the standard for independent central venous access",
            "three supervised lines",
        ),
    ),
    Meeting(
        "Night float structure",
        "residents",
        (
            Stance(
                "Seven nights in a row wrecks the interns; split it into blocks of three and four.",
                "argued for breaking up the overnight stretch",
            ),
            Stance(
                "Splitting it means more transitions, and more transitions mean more sign-out errors.",
                "worried about added handoff risk",
            ),
            Stance(
                "Let's pilot the split for one block and count sign-out omissions.",
                "proposed a trial measured with handoff audits",
            ),
        ),
        Phrase(
            "night float would be split into three- and four-night blocks for a one-block pilot",
            "the trial change to the trainees' overnight schedule",
            "three- and four-night blocks",
        ),
    ),
    Meeting(
        "Failed airway simulation debrief",
        "residents",
        (
            Stance(
                "Nobody called for the surgical airway until the saturation hit sixty.",
                "said the team waited too long to cut",
            ),
            Stance(
                "We fixated on the video blade; we should practice saying cannot intubate, cannot oxygenate "
                "out loud.",
                "wanted the team to rehearse declaring a failed airway",
            ),
            Stance(
                "Put the scalpel-bougie kit on the airway cart's top shelf so nobody has to hunt for it.",
                "asked for the cricothyrotomy kit to be easier to reach",
            ),
        ),
        Phrase(
            "the scalpel-bougie kit moved to the top shelf of every airway cart",
            "where the surgical airway kit is now kept",
            "scalpel-bougie kit",
        ),
    ),
    Meeting(
        "Board review format",
        "residents",
        (
            Stance(
                "Question banks alone are not working; the interns need a weekly case-based session.",
                "said first-years needed a weekly case discussion",
            ),
            Stance(
                "Make it resident-led, with one faculty member there to correct the answers.",
                "wanted trainees to run it with faculty oversight",
            ),
            Stance(
                "Tie every session to the in-training exam blueprint so nothing gets skipped.",
                "asked to align sessions with the exam outline",
            ),
        ),
        Phrase(
            "a resident-led weekly case session would follow the in-training exam blueprint",
            "the new format for exam preparation",
            "resident-led weekly case session",
        ),
    ),
    Meeting(
        "Feedback timing",
        "residents",
        (
            Stance(
                "End-of-block feedback is useless; nobody remembers the shift it refers to.",
                "complained that feedback arrived too late",
            ),
            Stance(
                "Faculty can send two lines after each shift through the evaluation app.",
                "suggested short post-shift notes in the app",
            ),
            Stance(
                "A critique should be said in person before it ever goes in writing.",
                "wanted criticism delivered face to face first",
            ),
        ),
        Phrase(
            "faculty would send two-line notes after each shift and deliver critiques in person first",
            "how and when trainees would hear feedback",
            "two-line notes",
        ),
    ),
    Meeting(
        "Ultrasound scan quotas",
        "residents",
        (
            Stance(
                "Each resident should archive twenty-five scans per block, with at least five FAST exams.",
                "set a per-block scanning target",
            ),
            Stance(
                "Twenty-five is fine on days, but nobody scans at 3 a.m. with a full waiting room.",
                "doubted the target was realistic on nights",
            ),
            Stance(
                "Count simulator scans toward the total during night rotations.",
                "offered mannequin scans as a substitute on nights",
            ),
        ),
        Phrase(
            "simulator scans would count toward the twenty-five-scan target during night rotations",
            "the exception granted to the scanning requirement",
            "simulator scans",
        ),
    ),
    Meeting(
        "Wellness day scheduling",
        "residents",
        (
            Stance(
                "Wellness days keep landing on the day after a night shift, which is just sleep.",
                "complained about where the rest days fell",
            ),
            Stance(
                "Put them on a weekday with no didactics so people can see a doctor or a dentist.",
                "proposed weekday rest days free of lectures",
            ),
            Stance(
                "The chief can own the wellness calendar and publish it with the block schedule.",
                "suggested the chief resident manage the calendar",
            ),
        ),
        Phrase(
            "the chief resident would publish wellness days with the block schedule, never after a night shift",
            "who owns the rest-day calendar and the rule it follows",
            "never after a night shift",
        ),
    ),
    Meeting(
        "Journal club slot",
        "residents",
        (
            Stance(
                "Half the residents skip journal club because it runs until 9 p.m.",
                "noted poor attendance caused by the late finish",
            ),
            Stance(
                "Move it into the Wednesday conference block and keep it to one paper.",
                "wanted it moved into protected conference time",
            ),
            Stance(
                "Have each resident present one critical appraisal a year using the same worksheet.",
                "asked for a standard appraisal worksheet for every trainee",
            ),
        ),
        Phrase(
            "journal club moved into the Wednesday conference block with one paper per session",
            "the new slot and format for the article discussion",
            "Wednesday conference block",
        ),
    ),
    # quality-review
    Meeting(
        "Dissection bounce-back review",
        "quality-review",
        (
            Stance(
                "The triage ECG was normal, and nobody documented pressures in both arms on the 56-year-old "
                "from bed 14.",
                "noted that bilateral arm pressures were never recorded",
            ),
            Stance(
                "It is a cognitive miss, but the chest pain order set gave no prompt for dissection either.",
                "argued that the order set shared the blame",
            ),
            Stance(
                "From a risk standpoint the workup is defensible; the documentation gap is the exposure.",
                "framed the missing documentation as the main liability",
            ),
        ),
        Phrase(
            "the case was scored 2B and informatics was asked for a dissection prompt in the order set",
            "the finding and system fix for the aortic case",
            "dissection prompt",
        ),
    ),
    Meeting(
        "Sedation desaturation review",
        "quality-review",
        (
            Stance(
                "Capnography was on the cart but never connected before the propofol for the shoulder in bed 9.",
                "pointed out that end-tidal monitoring was never attached",
            ),
            Stance(
                "The nurse raised it and the physician said go ahead; that is a culture problem, not a "
                "checklist problem.",
                "called it a culture issue",
            ),
            Stance(
                "Make capnography a hard stop in the EHR sedation checklist so nobody can skip it.",
                "asked for a mandatory monitoring step in the checklist",
            ),
        ),
        Phrase(
            "capnography became a hard stop in the sedation checklist and the physician received focused "
            "feedback",
            "the change to sedation monitoring and the individual follow-up",
            "focused feedback",
        ),
    ),
    Meeting(
        "Missed scaphoid fracture",
        "quality-review",
        (
            Stance(
                "The 24-year-old from bed 20 had snuffbox tenderness documented and still went home without a "
                "splint.",
                "noted that wrist tenderness was recorded but not acted on",
            ),
            Stance(
                "The X-ray was read as normal, and occult scaphoid fractures are a known trap.",
                "defended the miss as a recognized pitfall",
            ),
            Stance(
                "A thumb spica splint for snuffbox tenderness should be the default in the discharge orders.",
                "wanted the splint built into the discharge orders",
            ),
        ),
        Phrase(
            "thumb spica splinting for snuffbox tenderness would become a default discharge order",
            "the standing fix after the missed wrist injury",
            "thumb spica",
        ),
    ),
    Meeting(
        "Delayed sepsis antibiotics",
        "quality-review",
        (
            Stance(
                "The 81-year-old in hallway bed 6 met sepsis criteria at triage and waited four hours for "
                "antibiotics.",
                "described the long gap before the first antibiotic",
            ),
            Stance(
                "She was in a hallway with no monitor; the system put her there, not the physician.",
                "blamed the hallway placement",
            ),
            Stance(
                "Score it as a system issue and send it to the sepsis work group, not to anyone's file.",
                "argued for routing the case to the sepsis group",
            ),
        ),
        Phrase(
            "the case went to the sepsis work group as a system issue with no individual finding",
            "how the long antibiotic delay case was classified",
            "sepsis work group",
        ),
    ),
    Meeting(
        "Epidural abscess bounce-back",
        "quality-review",
        (
            Stance(
                "The 47-year-old with back pain and fever came back three times before anyone ordered an MRI.",
                "described the repeated visits before the scan",
            ),
            Stance(
                "Each visit had a different attending, and none of them saw the earlier fever.",
                "noted that each physician missed the prior temperature",
            ),
            Stance(
                "We need a return-visit banner that shows vital signs from the last seventy-two hours.",
                "asked for an alert on repeat visits showing prior vitals",
            ),
        ),
        Phrase(
            "informatics would build a return-visit banner showing vital signs from the prior seventy-two hours",
            "the tracking-board fix for repeat visitors",
            "return-visit banner",
        ),
    ),
    Meeting(
        "Tenfold dosing near miss",
        "quality-review",
        (
            Stance(
                "The morphine order for the 14-kilogram toddler in bed 22 was written at ten times the dose and "
                "caught at the pump.",
                "described the tenfold opioid order caught before it was given",
            ),
            Stance(
                "The pump's hard limit caught it, which means the drug library did exactly its job.",
                "credited the pump safeguards",
            ),
            Stance(
                "We should report it to the state as a near miss even though it never reached the child.",
                "wanted the near miss reported outside the hospital",
            ),
        ),
        Phrase(
            "the near miss would be reported externally and used in pediatric dosing teaching",
            "what happened to the tenfold dosing event afterward",
            "reported externally",
        ),
    ),
    Meeting(
        "Declined transfer review",
        "quality-review",
        (
            Stance(
                "We declined a transfer at 2 a.m. because we were on diversion, and the patient died at the "
                "sending hospital.",
                "raised a refused transfer that ended in a death",
            ),
            Stance(
                "Diversion does not excuse an EMTALA obligation if we had the specialty capability.",
                "argued the legal duty still applied during diversion",
            ),
            Stance(
                "The transfer center needs a rule that a physician, not a coordinator, signs any refusal.",
                "asked that only physicians sign transfer declines",
            ),
        ),
        Phrase(
            "only a physician may decline a transfer request, and the declined case went to legal review",
            "the new rule on who can turn down transfers",
            "only a physician may decline",
        ),
    ),
    Meeting(
        "Physician performance concern",
        "quality-review",
        (
            Stance(
                "One attending's patients per hour have fallen by a third over six months, with more "
                "bounce-backs.",
                "raised a decline in one physician's productivity and returns",
            ),
            Stance(
                "This belongs in a confidential focused review, not on the department dashboard.",
                "insisted the matter stay in a confidential review",
            ),
            Stance(
                "Offer the wellness program first; burnout looks exactly like this.",
                "suggested starting with wellness support",
            ),
        ),
        Phrase(
            "a ninety-day focused professional practice evaluation would run alongside a referral to the "
            "physician wellness program",
            "the confidential review plan and the support offered",
            "focused professional practice evaluation",
        ),
    ),
    # ems-liaison
    Meeting(
        "Field ketamine for agitation",
        "ems-liaison",
        (
            Stance(
                "County crews want intramuscular ketamine for excited patients; right now they only carry "
                "midazolam.",
                "asked for ketamine in the field for agitation",
            ),
            Stance(
                "If they give ketamine, I need a capnography reading on arrival every single time.",
                "made end-tidal monitoring a condition of field ketamine",
            ),
            Stance(
                "Flight crews have seen three laryngospasms with it; dose by estimated weight and cap it.",
                "warned about airway spasm and asked for a dose limit",
            ),
        ),
        Phrase(
            "the county would add ketamine with a capped dose and mandatory capnography on arrival",
            "the field sedation change agreed with EMS",
            "capped dose",
        ),
    ),
    Meeting(
        "Diversion rules",
        "ems-liaison",
        (
            Stance(
                "The hospitals go on diversion so often that crews just ignore it.",
                "said repeated diversions had lost credibility",
            ),
            Stance(
                "Diversion should only be allowed when the CT is down or every resuscitation bay is full, and "
                "never for more than two hours.",
                "proposed strict conditions and a time limit for diversion",
            ),
            Stance(
                "The transfer center should post diversion on the county dashboard within five minutes.",
                "wanted diversion status posted promptly",
            ),
        ),
        Phrase(
            "diversion would be limited to CT outages or full resuscitation bays and capped at two hours",
            "the new limits on closing to ambulances",
            "capped at two hours",
        ),
    ),
    Meeting(
        "Helipad resurfacing",
        "ems-liaison",
        (
            Stance(
                "The helipad closes for resurfacing for three weeks starting Monday.",
                "announced the rooftop pad closure",
            ),
            Stance(
                "We can land in the stadium lot and bring them by ground, which adds about eight minutes.",
                "proposed an alternate landing site with a ground leg",
            ),
            Stance(
                "Have security hold the lot clear from the first radio call.",
                "asked security to keep the landing area clear",
            ),
        ),
        Phrase(
            "helicopters would land in the stadium lot during the resurfacing, with security clearing it on "
            "the first call",
            "the temporary arrangement for air medical arrivals",
            "stadium lot",
        ),
    ),
    Meeting(
        "Offload delay escalation",
        "ems-liaison",
        (
            Stance(
                "Ambulance crews waited more than an hour on the wall six times last week.",
                "reported repeated long waits to hand over patients",
            ),
            Stance(
                "At thirty minutes the charge nurse gets paged, and at forty-five the house supervisor.",
                "proposed a two-step paging escalation",
            ),
            Stance(
                "Part of the delay is crews waiting for a bed when a hallway stretcher is open; we can take "
                "them sooner.",
                "admitted some of the delay came from waiting for beds",
            ),
        ),
        Phrase(
            "offloads past thirty minutes would page the charge nurse and past forty-five the house supervisor",
            "the escalation ladder for stalled handovers",
            "past forty-five",
        ),
    ),
    Meeting(
        "Repatriation to rural hospitals",
        "ems-liaison",
        (
            Stance(
                "Rural hospitals send us patients and then take days to take them back once they are ready.",
                "raised the problem of slow returns to referring hospitals",
            ),
            Stance(
                "Build a repatriation agreement so stable patients go back within twenty-four hours of the "
                "request.",
                "proposed a one-day return agreement",
            ),
            Stance(
                "Transport is the bottleneck; the county only has one critical care truck overnight.",
                "blamed the single overnight critical care ambulance",
            ),
        ),
        Phrase(
            "a repatriation agreement would return stable patients within twenty-four hours",
            "the deal to send patients back to their home hospitals",
            "repatriation agreement",
        ),
    ),
    Meeting(
        "Field termination of resuscitation",
        "ems-liaison",
        (
            Stance(
                "Crews are transporting unwitnessed arrests in asystole just because family is watching.",
                "said crews were moving hopeless arrests because of family pressure",
            ),
            Stance(
                "Online medical control should back a field termination after twenty minutes of asystole with "
                "no reversible cause.",
                "supported ending efforts on scene after a set time",
            ),
            Stance(
                "Give the crews a script for the family and a chaplain number to call.",
                "asked for family communication support",
            ),
        ),
        Phrase(
            "online medical control would support termination on scene after twenty minutes of asystole",
            "the agreed standard for stopping resuscitation in the field",
            "twenty minutes of asystole",
        ),
    ),
    Meeting(
        "Street festival coverage",
        "ems-liaison",
        (
            Stance(
                "The downtown street festival expects eighty thousand people over the weekend.",
                "gave the crowd estimate for the downtown festival",
            ),
            Stance(
                "EMS will post two bike teams and a cooling tent at the main stage.",
                "planned mobile teams and an on-site medical tent",
            ),
            Stance(
                "Hourly patient counts from the festival would let the charge nurse open beds before the evening rush.",
                "asked for hourly updates from the event",
            ),
        ),
        Phrase(
            "EMS would send hourly patient counts from the festival to the charge nurse",
            "how the department would get advance warning from the event",
            "hourly patient counts",
        ),
    ),
    Meeting(
        "Stroke pre-alert quality",
        "ems-liaison",
        (
            Stance(
                "Half the stroke pre-alerts arrive without a last known well time.",
                "complained that pre-alerts lacked the onset time",
            ),
            Stance(
                "Make last known well the first line of the radio report, before the vitals.",
                "wanted the onset time first in the report",
            ),
            Stance(
                "Our new cardiac monitors can send the field stroke scale by text before arrival.",
                "offered to transmit the stroke score electronically",
            ),
        ),
        Phrase(
            "last known well would become the first line of every stroke radio report",
            "the change to how ambulance stroke reports begin",
            "last known well",
        ),
    ),
)

FILLERS = (
    FillerTopic(
        "Inbox triage",
        (
            "I sorted {principal}'s inbox and archived {n} {thing} that needed nothing from her.",
            "Most of what arrived overnight was {thing}, so it went straight to the read-later folder.",
            "Two messages looked urgent but were reminders about work she had already finished.",
            "{person} sent a long thread, which I boiled down to three lines.",
            "I unsubscribed her from a mailing list that had sent {n} messages this week alone.",
            "The inbox held no surprises today.",
            "One message got a reply flag; the rest were filed by sender.",
            "The all-staff list was noisy again, mostly {thing}.",
            "A calendar invite came without an agenda, so I asked the sender for one before accepting.",
            "I drafted short acknowledgements for {n} routine requests and held them for her approval.",
            "After filtering, only a handful of items were left for her to read herself.",
        ),
        (
            "department memos",
            "vendor webinar invitations",
            "committee reminders",
            "survey requests",
            "payroll notices",
            "journal table-of-contents emails",
        ),
    ),
    FillerTopic(
        "Pre-shift chart prep",
        (
            "Before {principal}'s shift I pulled the list of {thing} left by the outgoing team.",
            "There were {n} {thing} on the board when the shift started.",
            "I grouped the open items by pod so she could walk the department in one loop.",
            "The prep list was quiet; nothing needed her before sign-out.",
            "Two extra items went onto the prep sheet at {person}'s request.",
            "Anyone waiting more than four hours went to the top of the sheet.",
            "The overnight team left tidy notes, which kept the prep sheet short.",
            "I printed the prep sheet in the usual layout and left it at her workstation.",
            "A few {thing} were carried over twice from the prior shift; I cleared the duplicates.",
            "Admitted patients still waiting for beds got their own section, apart from active workups.",
        ),
        (
            "pending lab results",
            "outstanding consult notes",
            "unsigned orders",
            "radiology addenda",
            "callback requests",
        ),
    ),
    FillerTopic(
        "Schedule upkeep",
        (
            "I reconciled {principal}'s calendar with the published schedule, and the two matched.",
            "The scheduler posted next month's draft, so I checked her {thing} against her requests.",
            "A swap request from {person} will wait until she has slept.",
            "Recovery time went onto her calendar after the run of {thing}.",
            "{n} committee meetings collided with shifts, and each one moved to an open day.",
            "Her coming week looks exactly as we planned it.",
            "I added travel time between the main campus and the satellite clinic.",
            "The swap board had nothing that suited her this week.",
            "No two {thing} sit back to back without a rest day in between; I double-checked.",
            "An invitation clashed with a shift, so I declined it and offered two other times.",
        ),
        (
            "swing shifts",
            "overnights",
            "weekend day shifts",
            "teaching shifts",
            "administrative half days",
        ),
    ),
    FillerTopic(
        "CME tracking",
        (
            "Her latest certificates are now logged in the CME tracker.",
            "Every one of her {thing} is uploaded with its certificate attached.",
            "{n} certificates were sitting unfiled in her downloads folder until today.",
            "{person} asked which courses count toward the controlled substance requirement, so I sent the list.",
            "A webinar she attended has not issued its certificate; I set a reminder for next week.",
            "I renamed the certificate files so each carries the course name and date.",
            "The quarterly CME summary looks complete.",
            "One provider listed the wrong credit type, and I emailed them to fix it.",
            "I mapped each of her {thing} to the board's categories.",
            "The tracker asked nothing of {principal} today.",
        ),
        (
            "ultrasound credits",
            "toxicology credits",
            "ethics hours",
            "pain management hours",
            "pediatric credits",
        ),
    ),
    FillerTopic(
        "Literature alerts",
        (
            "I skimmed this week's {thing} and pulled {n} abstracts worth her time.",
            "None of the new trials in {thing} would change how the department practices.",
            "A review article on airway management went into her reading folder.",
            "{person} forwarded a preprint; I attached a two-line summary and filed it.",
            "The weekly search returned mostly commentary and letters, which I skipped.",
            "I dropped a topic she no longer follows from the saved search terms.",
            "Two papers drew on the same dataset, so I linked them in my notes.",
            "A guideline update came out, though it only reworded existing advice.",
            "Everything got sorted into must-read and can-wait piles.",
            "Her reading folder is back to a manageable size.",
        ),
        (
            "emergency medicine journals",
            "toxicology journals",
            "critical care journals",
            "pediatric emergency journals",
            "ultrasound journals",
        ),
    ),
    FillerTopic(
        "Order set housekeeping",
        (
            "I went through the {thing} order set looking for retired lab codes and found none.",
            "Informatics wanted comments on the {thing} order set, so I passed along {principal}'s earlier notes.",
            "{person} spotted a typo in a default dose, and I routed it to the informatics queue.",
            "The {thing} order set still lines up with the current formulary.",
            "According to the usage report, {n} order sets went unopened last month.",
            "There is an outdated reference link at the bottom of the {thing} order set; I noted it.",
            "No order set changes were waiting for approval this week.",
            "Each order set still has a named physician owner.",
            "A nurse asked why a default order fired twice; it was a display quirk, not a real duplicate.",
            "Old review comments were archived so the next review starts clean.",
        ),
        (
            "abdominal pain",
            "syncope",
            "asthma",
            "headache",
            "cellulitis",
            "chest pain",
            "back pain",
        ),
    ),
    FillerTopic(
        "Resident evaluation paperwork",
        (
            "{principal} had {n} {thing} waiting in the residency system, and I pre-filled the shift dates.",
            "The evaluation window closes at the end of the week; I reminded her.",
            "{person} wanted to know whether the last evaluation went through, and it had.",
            "I looked for any {thing} she had started but never submitted.",
            "The portal timed out twice, so her draft comments now live in a separate file too.",
            "Her evaluation queue is empty for the moment.",
            "Pulling her shift notes let the written comments point to specific cases.",
            "The program coordinator's reminder went to the whole faculty again.",
            "Each of the {thing} is matched to the right rotation block.",
            "Two forms were for a resident she never worked with, so they went back to the coordinator.",
        ),
        (
            "end-of-shift evaluations",
            "milestone forms",
            "procedure sign-offs",
            "mid-block check-ins",
            "self-assessments",
        ),
    ),
    FillerTopic(
        "Discharge instruction templates",
        (
            "The {thing} handout still scores at about a sixth-grade reading level.",
            "The Spanish version of the {thing} handout was missing a line, so I flagged it for interpreter services.",
            "Patient education now has {person}'s request for larger print on the handouts.",
            "The templates needed no edits this week.",
            "The clinic phone numbers in the {thing} handout are current.",
            "A patient relations note about confusing wording traced back to an old version.",
            "I compared the printed stacks in fast track with the electronic versions.",
            "{n} handouts carried outdated return precautions; replacements are drafted for her review.",
            "Every handout in the library now lists an owner.",
            "A duplicate copy of the {thing} handout came out of the shared folder.",
        ),
        (
            "back pain",
            "concussion",
            "kidney stone",
            "ankle sprain",
            "childhood fever",
            "wound care",
        ),
    ),
    FillerTopic(
        "Dictation cleanup",
        (
            "I listed {principal}'s unsigned {thing} from the last shift.",
            "Speech recognition mangled a drug name in {n} places, each now marked for correction.",
            "All of her {thing} from the weekend carry signatures.",
            "{person} from coding asked for a missing time statement, which went onto her to-do list.",
            "I keep a short list of words the dictation engine gets wrong; two more joined it today.",
            "Her note backlog is down to single digits.",
            "One note had a blank template section, now highlighted.",
            "Unsigned notes lock after seven days, so I reminded her.",
            "An update reset the microphone settings, and I restored her profile.",
            "The attestation wording on her {thing} matches the billing guidance.",
        ),
        (
            "procedure notes",
            "critical care attestations",
            "discharge summaries",
            "consult notes",
            "addenda",
        ),
    ),
    FillerTopic(
        "Handoff packet staging",
        (
            "The I-PASS packet for the {thing} is staged with {n} patients on it.",
            "Two patients in the packet carried a watcher severity.",
            "{person} added a contingency line to one entry before the handoff.",
            "The packet for the {thing} was short and uneventful.",
            "Pending results in the packet were cross-checked against the lab system.",
            "Each patient on the list had a named action item.",
            "One patient was admitted before the handoff began, so I took them off.",
            "{principal} wanted the packet sorted by pod instead of arrival time, and I resorted it.",
            "Yesterday's packet went into the handoff archive.",
            "One entry lacked its synthesis line, so I asked the outgoing resident to write it.",
        ),
        (
            "morning sign-out",
            "swing shift sign-out",
            "overnight sign-out",
            "weekend sign-out",
            "evening sign-out",
        ),
    ),
    FillerTopic(
        "Committee minutes",
        (
            "Clean minutes from the {thing} meeting went to the chair this afternoon.",
            "The {thing} meeting produced {n} action items, each with an owner.",
            "The attendance list was wrong, per {person}, so I fixed it.",
            "The approved minutes are posted on the shared drive.",
            "Nothing raised at the {thing} meeting needs {principal} before the next one.",
            "A one-page summary replaced the full recording.",
            "Last month's minutes passed without changes.",
            "Every action item is matched to whoever volunteered for it.",
            "The next agenda is drafted and waiting on the chair.",
            "A tabled motion carried forward onto the next agenda.",
        ),
        (
            "protocol committee",
            "P&T subcommittee",
            "trauma operations",
            "patient experience council",
            "education committee",
        ),
    ),
    FillerTopic(
        "Formulary update notes",
        (
            "Pharmacy's monthly formulary notes changed {thing} only in minor ways.",
            "I refreshed {principal}'s quick reference for {thing}.",
            "{person} explained a package size change that affects nothing at the bedside.",
            "No ED order set referenced the products that changed.",
            "This month brought {n} formulary changes, none of them emergency drugs.",
            "A brand substitution among the {thing} went through with no dosing change.",
            "The notes are filed in the pharmacy folder.",
            "A broken link on the formulary website got reported.",
            "I read the stewardship bulletin and kept the summary.",
            "This cycle produced nothing worth a department announcement.",
        ),
        ("antibiotics", "anticoagulants", "antiemetics", "analgesics", "vasopressors"),
    ),
    FillerTopic(
        "Lab result follow-up list",
        (
            "I reviewed the follow-up list for {thing} from discharged patients.",
            "{n} results came back this week, and none required calling a patient.",
            "{person} phoned one result to the callback nurse, who handled it.",
            "Follow-ups already addressed by primary care were closed out.",
            "Two {thing} are still pending at the reference lab.",
            "Each result on the list has a named reviewer.",
            "The queue is shorter than it was last week.",
            "One positive culture was already on an antibiotic that matched its sensitivities.",
            "I left {principal} a note with the one result she wanted to see.",
            "A stale entry from last month went to the archive.",
        ),
        (
            "urine cultures",
            "wound cultures",
            "send-out tests",
            "thyroid panels",
            "outpatient imaging reads",
        ),
    ),
    FillerTopic(
        "Consultant call log",
        (
            "The consult log from {principal}'s shift includes {n} calls to {thing}.",
            "Callback times from {thing} were in the usual range.",
            "Last week's consult log is with {person} now.",
            "Every consult in the log shows a documented callback.",
            "Out of curiosity I noted which services called back fastest.",
            "The operator fixed a page to {thing} that went to the wrong resident.",
            "The weekend log was short.",
            "Each entry now carries the service's recommendation in one sentence.",
            "No consult this shift dragged on long enough to escalate.",
            "Last month's log moved into the archive folder.",
        ),
        ("orthopedics", "general surgery", "cardiology", "neurology", "urology", "ophthalmology"),
    ),
    FillerTopic(
        "Teaching file curation",
        (
            "{n} deidentified {thing} went into the teaching file today.",
            "{principal} asked for cases with subtle findings, and three got tagged.",
            "Each new case has its history trimmed to age and complaint.",
            "{person} contributed a good example, which I labeled and filed.",
            "A sweep of the teaching file for identifying details turned up nothing.",
            "The {thing} folder is sorted by diagnosis now.",
            "The newest additions each got a short teaching point.",
            "Two old cases had broken image links, both repaired.",
            "The residents used the file for a quiz this week.",
            "The teaching file did not grow today.",
        ),
        ("ECGs", "chest X-rays", "ultrasound clips", "CT images", "rash photos"),
    ),
    FillerTopic(
        "Ultrasound archive tidying",
        (
            "{n} unassigned {thing} in the archive are now matched to their orders.",
            "Several clips had no worksheet, so I nudged the scanners to finish them.",
            "{person} could not find last week's scans; they were sitting in the unverified queue.",
            "{principal}'s scans from the last shift uploaded correctly.",
            "Storage on the archive server is fine for now.",
            "A few {thing} carried the wrong exam type, and I corrected them.",
            "I worked through the queue of clips awaiting faculty review.",
            "Her signature is not needed on anything in the archive this week.",
            "Duplicate uploads from a machine that synced twice are cleaned up.",
            "Archive search was slow today but it worked.",
        ),
        ("FAST exams", "cardiac views", "aorta scans", "soft tissue scans", "ocular scans"),
    ),
    FillerTopic(
        "Board review questions",
        (
            "I sent {principal} {n} practice questions on {thing}.",
            "She got most of the {thing} questions right and wants harder ones.",
            "Explanations for the questions she missed are in her review folder.",
            "I shared the same set with {person}, who wanted to try it.",
            "Today's set was short because she was post-call.",
            "Questions are now tagged by topic so she can revisit weak areas.",
            "Her running tally of practice questions is steady.",
            "Questions that cited outdated guidance were retired.",
            "One {thing} question had an answer key error, which went to the question bank.",
            "She asked for a break from review questions today.",
        ),
        ("toxicology", "pediatrics", "trauma", "cardiology", "environmental emergencies"),
    ),
    FillerTopic(
        "Expense and travel paperwork",
        (
            "{principal}'s {thing} are uploaded into the expense system.",
            "{person} in the department office asked for an itemized receipt, which I found.",
            "The expense report cleared without questions.",
            "I matched {n} receipts to their card charges.",
            "One receipt was too blurry to read, so I asked her for a new photo.",
            "Last month's reimbursement posted to her account.",
            "The travel approval is filed with the department office.",
            "The expense policy changed slightly, and none of it touches her claims.",
            "No expense items are open right now.",
            "Grouping the {thing} by trip made the report easier to read.",
        ),
        (
            "mileage logs",
            "parking receipts",
            "course fee receipts",
            "hotel receipts",
            "book receipts",
        ),
    ),
    FillerTopic(
        "Post-night recovery planning",
        (
            "After her overnights I kept {principal}'s calendar clear until mid-afternoon.",
            "A non-urgent call moved to her next day off so she could sleep.",
            "{person} wanted a quick meeting, and I suggested a time after her recovery day.",
            "Her phone is set to switch to do-not-disturb at 8 a.m.",
            "Her next stretch of nights starts in {n} days, so the day before is protected.",
            "I planned her {thing} around the shift change.",
            "The calendar was empty today, on purpose.",
            "She asked me to hold all email summaries until evening.",
            "No committee meeting lands on the morning after a night.",
            "This week's recovery plan mirrors last week's.",
        ),
        ("sleep blocks", "meal times", "exercise slots", "quiet hours", "errand windows"),
    ),
    FillerTopic(
        "Journal club logistics",
        (
            "I took care of {thing} for the next journal club.",
            "{person} confirmed the article, so the PDF went out to the residents.",
            "Attendance looks like it will be about normal.",
            "I printed {n} copies of the appraisal worksheet.",
            "The room is booked and the projector works.",
            "The presenting resident got a reminder about the slide deadline.",
            "{principal} wants the session held to one hour.",
            "Questions from the residents were collected ahead of time.",
            "With the caterer confirmed, {thing} is settled.",
            "Journal club needs nothing more from me this month.",
        ),
        (
            "the room booking",
            "the food order",
            "the article PDFs",
            "the appraisal worksheets",
            "the reminder emails",
        ),
    ),
    FillerTopic(
        "EMS run report filing",
        (
            "County run reports for {thing} from {principal}'s shift are filed.",
            "{n} run reports lacked an arrival time, so I asked the crews to amend them.",
            "Copies of the {thing} are set aside for {person}'s monthly review.",
            "Every weekend run report is matched to its ED visit.",
            "I noted which crews asked for feedback.",
            "The county portal was slow but accepted every upload.",
            "No run report raised a protocol question this week.",
            "Crews who asked about outcomes now have the ED disposition attached.",
            "One report was linked to the wrong visit, and I moved it.",
            "Run report filing is current.",
        ),
        ("cardiac arrest runs", "trauma runs", "stroke runs", "pediatric runs", "refusal runs"),
    ),
    FillerTopic(
        "Transfer log reconciliation",
        (
            "I reconciled the transfer center log for {thing} against the ED census.",
            "The log showed {n} {thing} this week, all with complete timestamps.",
            "A copy of the monthly transfer summary went to {person}.",
            "One entry lacked the accepting physician, which I filled in from the call recording.",
            "For the weekend, the transfer log and the census agreed.",
            "Referring hospitals are noted for trend reporting.",
            "Nothing in the log looked unusual.",
            "Entries are now sorted by referring hospital.",
            "The transfer center's weekly report is filed.",
            "One transfer arrived without its imaging discs, and I flagged it.",
        ),
        ("inbound transfers", "outbound transfers", "declined requests", "specialty transfers"),
    ),
    FillerTopic(
        "Coding and billing queries",
        (
            "Coding sent {n} queries about {thing} from {principal}'s recent shifts.",
            "Each query is matched to its chart with a short draft answer for her.",
            "{person} from coding thanked her for the quick replies.",
            "This week every query concerned {thing}.",
            "None of the queries changed the documented level of care.",
            "Answered queries are filed in her billing folder.",
            "One query asked for a time already in the note, so I pointed coding to it.",
            "Her query queue is empty.",
            "The coding team's monthly tip sheet is saved for reference.",
            "A repeated query hints at a template gap, which I noted for informatics.",
        ),
        (
            "critical care time",
            "procedure documentation",
            "observation status",
            "medical decision making",
            "laceration lengths",
        ),
    ),
    FillerTopic(
        "Medical student scheduling",
        (
            "{n} {thing} are placed on {principal}'s shifts for next month.",
            "For {person}'s weekend shift I found a student willing to come in.",
            "The rotation calendar from the student coordinator is loaded.",
            "No student is scheduled with her this week.",
            "The incoming {thing} have their orientation packet.",
            "A student had an exam conflict, so their shift moved.",
            "Her student feedback forms are all submitted.",
            "Badge access for the new students is confirmed.",
            "The rotation schedule is set through month's end.",
            "The students got a reminder about the dress code for shifts.",
        ),
        (
            "fourth-year students",
            "visiting students",
            "third-year clerks",
            "physician assistant students",
        ),
    ),
    FillerTopic(
        "Hospital news digest",
        (
            "The hospital newsletter mentioned {thing}, which I noted.",
            "Only the item about {thing} was relevant to her.",
            "{person} forwarded an announcement that went into the digest.",
            "This week's digest has {n} items, none urgent.",
            "I skipped the fundraising news.",
            "The chief executive's message was about patient experience scores.",
            "{principal} got the digest with the relevant lines highlighted.",
            "The news does not touch her shifts.",
            "A new walkway between the towers opens next month.",
            "The digest was mostly reminders this week.",
        ),
        (
            "parking changes",
            "construction updates",
            "cafeteria hours",
            "planned IT maintenance",
            "benefits enrollment",
        ),
    ),
    FillerTopic(
        "Protocol version housekeeping",
        (
            "The intranet copy of the {thing} protocol matches the approved version.",
            "The {thing} protocol is due for its three-year review soon, and I noted it.",
            "{person} asked which version was current, so I sent the link.",
            "An old printed copy came out of the physician workroom.",
            "Every protocol in the library has an owner and a review date.",
            "{n} protocols come up for review next quarter.",
            "The dosing tables agreed with the formulary when I compared them.",
            "The protocol library is in good order.",
            "A few files were renamed so the version number shows.",
            "The protocol index page loads faster since I trimmed it.",
        ),
        (
            "anaphylaxis",
            "DKA",
            "hyperkalemia",
            "alcohol withdrawal",
            "status epilepticus",
            "hypothermia",
        ),
    ),
    FillerTopic(
        "Patient relations letters",
        (
            "Patient relations sent {n} {thing} that mention the department.",
            "None of this week's letters named {principal}.",
            "I helped {person} draft a reply to a letter about long waits.",
            "A compliment went to the nurse it named.",
            "The letters were mostly {thing}.",
            "The patient experience folder has the new letters.",
            "One letter needs a physician review, which is scheduled.",
            "No new complaints arrived this week.",
            "The quarter's themes are summarized for the nurse manager.",
            "The reply templates got a small wording update.",
        ),
        (
            "wait time complaints",
            "billing complaints",
            "compliments",
            "communication complaints",
            "parking complaints",
        ),
    ),
    FillerTopic(
        "Equipment tickets",
        (
            "A biomed ticket is open for the {thing}.",
            "{person} reported the {thing} acting up, so I opened a request.",
            "Biomed closed {n} of our open tickets this week.",
            "The repair on the {thing} is finished.",
            "Nothing on the open ticket list is overdue.",
            "A loaner arrived while the repair is underway.",
            "An old ticket had stalled, and I followed up on it.",
            "Equipment problems were quiet today.",
            "I keep a note of which devices break most often for the year-end review.",
            "The ticket system sent a satisfaction survey, which I ignored.",
        ),
        (
            "pod A monitor",
            "broken wheelchair brake",
            "slit lamp",
            "bladder scanner",
            "fast track otoscope",
            "triage thermometer",
            "gel warmer",
        ),
    ),
    FillerTopic(
        "Reading list",
        (
            "{principal} finished {thing} and asked for the next title on the list.",
            "The library is holding {thing} for her.",
            "{person} recommended a title, which joined her list.",
            "The reading list is {n} books long now.",
            "She reads mostly on the train, so I chose a paperback edition.",
            "Two library books went back before their due date.",
            "She was on nights, so no reading today.",
            "An audio version of {thing} will cover her commute.",
            "Her list is sorted shortest first.",
            "A few titles might suit the residents too.",
        ),
        (
            "a surgeon's memoir",
            "a decision-making book",
            "a specialty history",
            "a recommended novel",
            "an essay collection",
            "a nursing memoir",
        ),
    ),
    FillerTopic(
        "Licensing and credentialing paperwork",
        (
            "The expiry date on {thing} leaves plenty of time.",
            "The medical staff office wanted an updated copy of {thing}, which I sent.",
            "{person} reminded everyone that reappointment packets are due soon.",
            "A scan of {thing} is now in her credentials folder.",
            "Her credentialing file is complete.",
            "Renewal reminders sit {n} months ahead of each deadline.",
            "The medical staff portal needed a password reset, which I handled.",
            "Her credentials ask nothing of her this month.",
            "The portal's records match her paper copies.",
            "A form asked for her claims history, and I drafted the standard answer for her.",
        ),
        (
            "the DEA registration",
            "the state license",
            "her hospital privileges",
            "the BLS card",
            "the ACLS card",
            "the PALS card",
        ),
    ),
    FillerTopic(
        "Conference abstract drafting",
        (
            "The {thing} abstract now fits the conference word limit.",
            "{person} reviewed the methods paragraph of the {thing} abstract.",
            "The abstract portal opens in {n} weeks.",
            "The references in the draft check out.",
            "{principal} trimmed the results section and sent it back.",
            "I saved a version before her edits.",
            "The co-author list still needs confirmation from everyone.",
            "Nothing was submitted today.",
            "The table became plain text for the portal.",
            "The draft reads well now.",
        ),
        (
            "sepsis timing",
            "boarding",
            "ultrasound education",
            "agitation",
            "handoff audit",
            "callback",
        ),
    ),
    FillerTopic(
        "Supply and par checks",
        (
            "The night tech said {thing} were running low in fast track, so I told the charge nurse.",
            "{thing} were restocked in the supply room this morning.",
            "{person} found expired {thing} in a drawer and pulled them.",
            "Materials management confirmed delivery of {thing} tomorrow.",
            "Par levels looked fine across the pods.",
            "The nurses sent {n} supply requests today, all logged.",
            "A backorder notice came in for a product we rarely use.",
            "Supply usage tracked last month's with nothing standing out.",
            "The resuscitation bays passed today's check.",
            "A reminder to recheck {thing} is set for the end of the week.",
        ),
        (
            "suture kits",
            "splinting rolls",
            "IV start kits",
            "nasal cannulas",
            "pediatric BP cuffs",
            "gauze packs",
            "saline flushes",
        ),
    ),
    FillerTopic(
        "Pager and phone directory upkeep",
        (
            "I called the {thing} to make sure the directory number still works.",
            "{person} said the directory listed a wrong number, which I corrected.",
            "The department phone list is current again.",
            "{n} entries for people who left are gone from the directory.",
            "A new fellow started, and their pager is listed.",
            "The {thing} rolled to voicemail during the test, so I told the operator.",
            "A fresh directory printout sits at the charge nurse desk.",
            "The directory did not change this week.",
            "The operator's updated call schedule matched our list.",
            "Some numbers change monthly, and I marked which ones.",
        ),
        (
            "hand surgery pager",
            "radiologist line",
            "interpreter line",
            "bed board phone",
            "social work pager",
            "chaplain pager",
        ),
    ),
    FillerTopic(
        "Research study screening logs",
        (
            "The screening log for the {thing} now has the eligible patients from {principal}'s shift, by bed and "
            "complaint only.",
            "{person} from the research office asked for the weekly count.",
            "Nobody met criteria for the {thing} today.",
            "I checked the log for missing exclusion reasons.",
            "The study coordinator thanked the department for screening.",
            "{n} patients were screened across the studies this week.",
            "The consent forms in the research cart are restocked.",
            "The weekly screening report went out on time.",
            "A protocol amendment arrived and is filed for the coordinator.",
            "Screening was slow during the holiday week.",
        ),
        (
            "sepsis fluids study",
            "headache imaging study",
            "syncope registry",
            "pediatric fever registry",
            "chest pain registry",
        ),
    ),
)

NEGATIVES = (
    NegativeProbe("REBOA", "Did the trauma bays ever stock REBOA catheters?"),
    NegativeProbe("Six Sigma", "Did Imani ever pursue Six Sigma certification?"),
    NegativeProbe("xylazine", "Did the department see a cluster of xylazine wounds?"),
    NegativeProbe(
        "fentanyl test strips", "Did the bridge program ever hand out fentanyl test strips?"
    ),
    NegativeProbe("ciguatera", "Did the department ever treat a case of ciguatera poisoning?"),
    NegativeProbe("lithium toxicity", "Was there ever a case of lithium toxicity discussed?"),
    NegativeProbe("Kawasaki disease", "Did a child with Kawasaki disease ever come up?"),
    NegativeProbe("rabies prophylaxis", "Did we ever update the rabies prophylaxis workflow?"),
    NegativeProbe("anthrax", "Was there ever an anthrax exposure scare?"),
    NegativeProbe("Ebola", "Did the department run an Ebola preparedness drill?"),
    NegativeProbe("ransomware", "Was the hospital ever hit by ransomware?"),
    NegativeProbe("union election", "Did the ED nurses ever hold a union election?"),
    NegativeProbe("malpractice lawsuit", "Was Imani ever named in a malpractice lawsuit?"),
    NegativeProbe("drone delivery", "Did EMS ever trial drone delivery of defibrillators?"),
    NegativeProbe(
        "naloxone vending machine", "Did the hospital install a naloxone vending machine?"
    ),
    NegativeProbe("cannabinoid hyperemesis", "Did we write a pathway for cannabinoid hyperemesis?"),
    NegativeProbe("cold-water immersion", "Did the department buy a tub for cold-water immersion?"),
    NegativeProbe("Hospital at Home", "Did the hospital launch a Hospital at Home program?"),
    NegativeProbe("bariatric stretcher", "Did the department order a bariatric stretcher?"),
    NegativeProbe("LVAD", "Did anyone run an LVAD patient education session?"),
    NegativeProbe("Guillain-Barre", "Was a Guillain-Barre case ever reviewed?"),
    NegativeProbe("scorpion sting", "Did the poison center ever consult on a scorpion sting?"),
    NegativeProbe("esketamine", "Did pharmacy ever add esketamine to the formulary?"),
    NegativeProbe("Magnet designation", "Did the hospital apply for Magnet designation?"),
    NegativeProbe(
        "geriatric ED accreditation", "Did the department seek geriatric ED accreditation?"
    ),
    NegativeProbe("podcast", "Did Imani ever record a podcast episode?"),
    NegativeProbe(
        "Doctors Without Borders", "Did Imani ever volunteer with Doctors Without Borders?"
    ),
    NegativeProbe("H-1B visa", "Did any resident need help with an H-1B visa?"),
    NegativeProbe(
        "cryptocurrency", "Did anyone pitch a cryptocurrency payment option for the hospital?"
    ),
    NegativeProbe("hospital merger", "Was there ever talk of a hospital merger?"),
    NegativeProbe("Apple Watch", "Did a patient's Apple Watch alert ever come up in a case?"),
    NegativeProbe("ayahuasca", "Did the department see a patient after ayahuasca use?"),
    NegativeProbe("dexmedetomidine", "Did the sedation policy ever include dexmedetomidine?"),
    NegativeProbe(
        "nitrous oxide", "Did the department start offering nitrous oxide for procedures?"
    ),
    NegativeProbe("ketorolac nasal spray", "Did pharmacy stock ketorolac nasal spray for the ED?"),
    NegativeProbe(
        "fascia iliaca block", "Did we start a fascia iliaca block program for hip fractures?"
    ),
    NegativeProbe("hyperbaric chamber", "Was any patient sent to a hyperbaric chamber?"),
    NegativeProbe("heliox", "Did respiratory therapy ever set up heliox for the ED?"),
    NegativeProbe("methylene blue", "Did anyone receive methylene blue in the department?"),
    NegativeProbe("pericardiocentesis", "Did a resident log a pericardiocentesis?"),
    NegativeProbe("Lyme disease", "Did a Lyme disease case ever come up?"),
    NegativeProbe("dengue", "Was a returning traveler ever diagnosed with dengue?"),
    NegativeProbe("mpox", "Did the department update its mpox isolation guidance?"),
    NegativeProbe("Reykjavik", "Did Imani ever travel to Reykjavik?"),
    NegativeProbe("sabbatical", "Did Imani ever take a sabbatical?"),
    NegativeProbe("MBA program", "Did Imani ever enroll in an MBA program?"),
    NegativeProbe("ECMO", "Did the department launch an ECMO program for cardiac arrest?"),
    NegativeProbe("GoFundMe", "Did staff ever start a GoFundMe for a colleague?"),
    NegativeProbe("WhatsApp", "Did the huddle ever move its messages to WhatsApp?"),
    NegativeProbe("tick paralysis", "Was a child with tick paralysis ever seen?"),
    NegativeProbe("music therapy", "Did the department trial music therapy in the waiting room?"),
    NegativeProbe("Peloton", "Did the staff wellness program offer Peloton bikes?"),
)

LINKS = (
    Link(
        "workstation ED-N14",
        "The report writer for {arc} only runs on workstation ED-N14 in the north pod, so I queued the "
        "query there.",
        "I noticed that every print job for {arc} was coming from workstation ED-N14, which still has the "
        "old driver.",
        "Which two pieces of work both ran through workstation ED-N14?",
    ),
    Link(
        "the retired pager number 7-8841",
        "A stale reference to the retired pager number 7-8841 turned up in the contact sheet for {arc}.",
        "While reviewing {arc}, I found the retired pager number 7-8841 still listed as a backup contact.",
        "Which two efforts still listed the retired pager number 7-8841?",
    ),
    Link(
        "the Sunday 0200 interface engine window",
        "Changes for {arc} can only go live in the Sunday 0200 interface engine window.",
        "The fix for {arc} had to wait for the Sunday 0200 interface engine window.",
        "Which two pieces of work were tied to the Sunday 0200 interface engine window?",
    ),
    Link(
        "grant code QI-4417",
        "Supplies for {arc} are being charged to grant code QI-4417.",
        "Finance told me the printing costs for {arc} were billed to grant code QI-4417 as well.",
        "Which two efforts were charged to grant code QI-4417?",
    ),
    Link(
        "the blue overflow binder at the pod B desk",
        "A copy of the {arc} materials is filed in the blue overflow binder at the pod B desk.",
        "I found an outdated page about {arc} tucked into the blue overflow binder at the pod B desk.",
        "Which two pieces of work had papers in the blue overflow binder at the pod B desk?",
    ),
    Link(
        "the FY27 capital request form",
        "The equipment for {arc} has to be justified on the FY27 capital request form.",
        "Harriet asked me to add a line for {arc} to the FY27 capital request form.",
        "Which two efforts ended up on the FY27 capital request form?",
    ),
    Link(
        "conference bridge 88-305",
        "The recurring call for {arc} uses conference bridge 88-305.",
        "Someone dialed into conference bridge 88-305 expecting {arc}, because the same bridge was booked "
        "twice.",
        "Which two pieces of work shared conference bridge 88-305?",
    ),
    Link(
        "the laminated wall chart at the charge nurse station",
        "The summary for {arc} is pinned on the laminated wall chart at the charge nurse station.",
        "A note about {arc} was added in marker to the laminated wall chart at the charge nurse station.",
        "Which two efforts appeared on the laminated wall chart at the charge nurse station?",
    ),
    Link(
        "biomed work order BME-7731",
        "The device request for {arc} was folded into biomed work order BME-7731.",
        "Biomed closed out its part of {arc} under biomed work order BME-7731.",
        "Which two pieces of work shared biomed work order BME-7731?",
    ),
    Link(
        "the shared folder ED-Improvement-Archive",
        "The final documents for {arc} live in the shared folder ED-Improvement-Archive.",
        "I found an early draft from {arc} misfiled in the shared folder ED-Improvement-Archive.",
        "Which two efforts had files in the shared folder ED-Improvement-Archive?",
    ),
)

LEAVES = (
    Leave(
        "vacation",
        ("Lisbon", "the Oregon coast", "Kyoto", "Banff", "Oaxaca", "the Outer Banks"),
        "{principal} is on vacation in {place} until {date}; {person} is the point of contact for her "
        "committee work and messages.",
        "Where did {principal} go for the vacation that ended on {date}?",
        "Who fielded {principal}'s committee work and messages during the vacation that ended on {date}?",
        (
            "Nothing needed a decision today; I filed {n} newsletters unread.",
            "A quiet day: her inbox got sorted and nothing else.",
            "No shifts, no meetings, no messages worth forwarding.",
            "I archived the weekend's automated reports.",
            "Her calendar stayed empty, as planned.",
            "One routine reminder came in and will keep until she is back.",
            "I tidied the handoff folder and left it there.",
            "The department ran without needing her today.",
            "Two invitations arrived; both wait for her return.",
            "I checked the schedule for her first week back and it is unchanged.",
            "Nothing happened that she will need to hear about.",
        ),
    ),
    Leave(
        "conference trip",
        ("Denver", "New Orleans", "Toronto", "Nashville", "San Diego"),
        "{principal} is in {place} for the emergency medicine scientific assembly and flies home on "
        "{date}; {person} is fielding anything that needs her before then.",
        "Which city hosted the conference {principal} attended before coming back on {date}?",
        "Who handled matters for {principal} while she was at the conference that ended on {date}?",
        (
            "She is at the assembly; I only filed the day's routine mail.",
            "No department business needed her today.",
            "I saved the session handouts she flagged to her reading folder.",
            "A quiet day at home base; {n} messages, all routine.",
            "Her pager coverage worked without a hitch.",
            "I logged her attendance certificates as they arrived.",
            "Nothing from the huddle needed forwarding.",
            "Her expense receipts from the trip are piling up neatly in one folder.",
            "The calendar for her return is clear of early meetings.",
            "No calls came in for her.",
            "I kept a short list of things to mention when she is back; it has one item.",
        ),
    ),
    Leave(
        "family leave",
        ("Accra", "Montreal", "Atlanta", "Nairobi", "San Juan"),
        "{principal} flew to {place} to help care for her father after his surgery and is back on {date}; "
        "{person} is handling her messages and committee items.",
        "Where was {principal} during the family leave that ended on {date}?",
        "Who took care of {principal}'s messages and committee items during the family leave that ended on {date}?",
        (
            "I kept everything off her plate today.",
            "Nothing came in that could not wait.",
            "The inbox got a light sort and nothing more.",
            "Her shifts are covered; I confirmed the swaps went through.",
            "A quiet day with {n} routine notices filed.",
            "No committee work moved while she is away.",
            "I declined two meeting requests on her behalf.",
            "Her return-week schedule is set and light.",
            "Nothing from the department needed her attention.",
            "I paused the literature alerts until she is back.",
        ),
    ),
)

DOMAIN = Domain(
    id="er-physician",
    agent="Vigil",
    role="AI clinical co-pilot for an attending emergency physician",
    domain="Emergency medicine at an urban Level I trauma center",
    organisation_key="institution",
    organisation="Halvorsen Memorial Medical Center",
    team_size=26,
    profile=(
        "Vigil is the AI clinical co-pilot that works for Dr. Imani Castellanos in the emergency "
        "department of Halvorsen Memorial, an urban Level I trauma center. It stages I-PASS handoff "
        "packets, drafts protocols and order sets at her direction, pulls quality and registry data, "
        "prepares committee, peer review and teaching material, runs dosing and reference lookups, and "
        "keeps her schedule, credentials and paperwork moving. It never places orders, prescribes or "
        "documents encounters; Imani decides and acts."
    ),
    communication_style=(
        "First person, precise and clinical. Names protocols, order sets, documents, doses, thresholds "
        "and times. Patients appear only by bed, age and complaint, never by name or record number. "
        "Handoffs follow I-PASS, and entries close with what is still open."
    ),
    principal=PRINCIPAL,
    principal_profile=(
        "Imani is a board-certified emergency physician in her ninth year as an attending. She works a "
        "rotating mix of day, swing and overnight shifts, weekends included, teaches the emergency "
        "medicine residents, sits on the confidential peer review committee and leads several department "
        "improvement projects. Calm, direct and impatient with vague numbers."
    ),
    shared_knowledge=(
        "Halvorsen Memorial Medical Center is an urban Level I trauma center with four resuscitation bays.",
        "I-PASS is the standard handoff format in the emergency department.",
        "Patients are never named in the logs; they are referred to by bed, age and chief complaint.",
        "Shift changes happen at 7 a.m. and 7 p.m., with a swing shift overlapping the evening peak.",
        "Peer review committee material is privileged and stays inside that committee.",
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
    ("Tobias Reinholt", "the department's medical director"),
    ("Priya Venkataraman", "the nurse manager"),
    ("Dwayne Abernathy", "the night charge nurse"),
    ("Lucia Ferreira-Banks", "the trauma director"),
    ("Hiroshi Tanabe", "the chief resident"),
    ("Amara Ndiaye", "the second-year resident"),
    ("Caleb Whitford", "the intern"),
    ("Rosalind Mbeki", "the ED pharmacist"),
    ("Gustavo Albarran", "the EMS captain"),
    ("Ingrid Solheim", "the transfer center coordinator"),
    ("Yusuf Haddad", "the admitting hospitalist"),
    ("Beatrice Kowalczyk", "the quality and safety director"),
    ("Felix Adeyemi", "the scheduling lead"),
    ("Maren Lindqvist", "the ultrasound director"),
    ("Tomasz Wieczorek", "the radiologist"),
    ("Ximena Quiroga", "the ED social worker"),
    ("Desmond Achterberg", "the clinical informatics analyst"),
    ("Shira Goldfarb", "the risk management lawyer"),
    ("Kenji Moriwaki", "the respiratory therapy lead"),
    ("Oluwaseun Bakare", "the ICU intensivist"),
    ("Harriet Pemberton", "the department administrator"),
    ("Rafael Quintanilla", "the flight paramedic"),
    ("Nadia Petrosyan", "the patient flow coordinator"),
    ("Wendell Ashby", "the poison center toxicologist"),
)

THING_ASKS = (
    # CME
    ("the wilderness medicine refresher", "the backcountry care update course"),
    ("the toxicology board review", "the poisoning exam prep course"),
    ("the difficult airway course", "the class on hard intubations"),
    ("the pediatric emergency update", "the children's emergency care course"),
    ("the ultrasound skills day", "the hands-on bedside imaging workshop"),
    # shift trades
    ("the Christmas Eve overnight", "the night shift before the twenty-fifth of December"),
    ("the Fourth of July swing shift", "the Independence Day evening shift"),
    ("the Thanksgiving day shift", "the daytime shift on the November holiday"),
    ("the New Year's Eve overnight", "the last night of December"),
    ("the Super Bowl Sunday evening shift", "the evening of the big football game"),
    # lecture rooms
    ("the airway lecture", "the residents' teaching session on intubation"),
    ("the toxicology lecture", "the residents' teaching session on poisonings"),
    ("the trauma imaging lecture", "the residents' teaching session on injury scans"),
    ("the pediatric fever lecture", "the residents' teaching session on febrile children"),
    ("the ECG lecture", "the residents' teaching session on heart tracings"),
    # antidotes
    ("idarucizumab", "the dabigatran reversal agent"),
    ("fomepizole", "the antidote for toxic alcohols"),
    ("hydroxocobalamin", "the cyanide antidote"),
    ("digoxin immune fab", "the antibody fragments for cardiac glycoside toxicity"),
    ("crotalidae antivenom", "the rattlesnake bite treatment"),
    ("four-factor prothrombin complex concentrate", "the warfarin reversal product"),
    # help desk
    (
        "the dictation microphone at the north workstation",
        "the voice-recording device at the upper computer station",
    ),
    ("the tracking board display in pod C", "the patient status screen in the third care area"),
    ("the badge tap login at triage", "the card-reader sign-in where patients are first sorted"),
    ("the second monitor in the physician workroom", "the extra screen where the doctors chart"),
    ("the label printer in fast track", "the sticker printer in the low-acuity area"),
    # lab turnaround
    ("a stat troponin", "an urgent heart-muscle damage marker"),
    ("a stat lactate", "an urgent tissue-perfusion marker"),
    ("a type and screen", "blood grouping before a transfusion"),
    ("a serum ethanol level", "a blood alcohol measurement"),
    ("a stat lipase", "an urgent pancreas enzyme test"),
    ("a urine drug screen", "testing urine for substances"),
    # grand rounds
    (
        "the talk on ED-initiated buprenorphine",
        "the presentation on starting opioid treatment in the department",
    ),
    (
        "the talk on occlusion MI",
        "the presentation on blocked-artery heart attacks without classic ECG signs",
    ),
    (
        "the talk on trauma overtriage",
        "the presentation on sending too many injured patients to the top level",
    ),
    ("the talk on agitation management", "the presentation on calming violent patients"),
    # fit tests
    ("the small duckbill respirator", "the compact beak-shaped mask"),
    ("the standard cup respirator", "the usual dome-shaped mask"),
    ("the elastomeric half-mask", "the reusable rubber face piece"),
    ("the flat-fold respirator", "the mask that folds flat"),
    # expense claims
    ("the airway course fee", "the cost of the intubation class"),
    ("the board recertification fee", "the cost of renewing specialty certification"),
    ("the scientific assembly registration", "the fee to attend the big autumn meeting"),
    ("the ultrasound textbook order", "the bedside imaging book purchase"),
    ("the state license renewal fee", "the cost of keeping the medical licence current"),
    # direct lines
    ("the interventional radiology tech", "the technologist for image-guided procedures"),
    ("the hand surgery resident", "the trainee who repairs hand injuries"),
    ("the ophthalmology on-call", "the eye doctor on call"),
    ("the labor and delivery triage desk", "the obstetric intake desk"),
    ("the psychiatric crisis team", "the mental health emergency responders"),
    # potassium
    ("the 71-year-old in bed 12 with weakness", "the frail septuagenarian who felt weak"),
    ("the dialysis patient in bed 3", "the kidney-failure patient on regular filtering"),
    (
        "the 45-year-old in hallway bed 2 with vomiting",
        "the middle-aged man in the corridor who kept throwing up",
    ),
    ("the 60-year-old in bed 18 with palpitations", "the sixty-year-old with a racing heart"),
    (
        "the 83-year-old in bed 7 on spironolactone",
        "the eighty-something on a potassium-sparing diuretic",
    ),
    # poison center
    (
        "the 19-year-old in bed 6 with an acetaminophen ingestion",
        "the teenager who took too much paracetamol",
    ),
    (
        "the toddler in bed 22 who swallowed a button battery",
        "the small child with a swallowed coin cell",
    ),
    (
        "the 34-year-old in bed 15 after a beta blocker overdose",
        "the thirty-something who overdosed on a heart-rate drug",
    ),
    (
        "the 52-year-old in bed 10 with a suspected antifreeze ingestion",
        "the fifty-year-old who may have drunk ethylene glycol",
    ),
    (
        "the teenager in bed 4 after a diphenhydramine ingestion",
        "the adolescent who took too many allergy pills",
    ),
    # blood cultures
    (
        "the 68-year-old discharged from bed 11 with fever",
        "the older febrile patient already sent home",
    ),
    ("the 29-year-old from bed 5 with fever and chills", "the young adult with rigors"),
    (
        "the 77-year-old from hallway bed 4 with confusion",
        "the muddled elderly patient in the corridor",
    ),
    (
        "the 41-year-old from bed 19 with a fever after travel",
        "the returning traveller with a temperature",
    ),
    # CT reads
    ("the 55-year-old in bed 8 with abdominal pain", "the middle-aged patient with a sore belly"),
    ("the 23-year-old in bed 14 with abdominal pain", "the young adult with a sore belly"),
    (
        "the 70-year-old in hallway bed 3 with vomiting",
        "the seventy-year-old in the corridor who kept throwing up",
    ),
    ("the 38-year-old in bed 16 with flank pain", "the patient with pain in the side of the back"),
    # transfers
    ("the request from Bellmont County Hospital", "the referral from the county facility"),
    (
        "the request from the Riverside critical access hospital",
        "the referral from the small hospital by the river",
    ),
    ("the request from the Harlan Valley clinic", "the referral from the valley outpatient clinic"),
    (
        "the request from St. Odile's community hospital",
        "the referral from the saint's community facility",
    ),
    # ambulance
    ("the cardiac arrest with return of pulses", "the resuscitated collapse"),
    ("the rollover crash with two patients", "the overturned car with a pair of casualties"),
    ("the febrile seizure", "the child who convulsed with a high temperature"),
    ("the hip fracture from the nursing home", "the care-home resident with a broken hip"),
    ("the overdose found in a stairwell", "the unresponsive drug user found on the stairs"),
    # county protocols
    ("the prehospital sepsis protocol", "the paramedics' rules for infection with shock"),
    ("the termination of resuscitation guideline", "the rules on when crews stop CPR"),
    ("the pediatric seizure protocol", "the paramedics' rules for fitting children"),
    ("the spinal motion restriction protocol", "the rules on immobilising the neck and back"),
    ("the stroke destination protocol", "the rules on where brain-attack patients are taken"),
    # helicopters
    ("the rural rollover patient", "the countryside car-flip casualty"),
    ("the farm machinery injury", "the agricultural equipment accident"),
    ("the near-drowning at the reservoir", "the water rescue at the lake"),
    ("the snowmobile crash", "the winter sled accident"),
    # procedure logs
    ("central lines", "large-vein catheters"),
    ("intubations", "breathing tube placements"),
    ("lumbar punctures", "spinal taps"),
    ("ultrasound-guided IVs", "drips placed with imaging help"),
    ("chest tubes", "drains into the pleural space"),
    ("procedural sedations", "sedations for painful procedures"),
    # in-training exam
    ("the PGY-1 class", "the first-year residents"),
    ("the PGY-2 class", "the second-year residents"),
    ("the PGY-3 class", "the third-year residents"),
    ("the residency as a whole", "the whole training program"),
    # interview days
    ("the first applicant interview day", "the opening recruitment day for candidates"),
    ("the second applicant interview day", "the next recruitment day for candidates"),
    ("the virtual interview day", "the online recruitment day"),
    ("the second-look day", "the return visit for interested candidates"),
    # letters
    ("the PGY-3 applying to critical care", "the senior resident heading for ICU fellowship"),
    (
        "the visiting student from the spring rotation",
        "the medical student who rotated with us in spring",
    ),
    ("the PGY-3 applying to toxicology", "the senior resident heading for poisons fellowship"),
    (
        "the intern switching into anesthesia",
        "the first-year moving to the operating-room specialty",
    ),
    # peer review cases
    ("the delayed antibiotic case", "the chart where the infection treatment came late"),
    ("the missed scaphoid fracture case", "the chart with the overlooked wrist bone break"),
    ("the sedation desaturation case", "the chart where oxygen fell during sedation"),
    ("the epidural abscess bounce-back", "the return visit with a spinal infection"),
    ("the tenfold dosing near miss", "the almost-given ten-times dose"),
    # peer review scores
    ("the delayed stroke alert", "the late brain-attack activation"),
    ("the missed testicular torsion", "the overlooked twisted testicle"),
    ("the late sepsis antibiotic", "the slow infection treatment in shock"),
    ("the unrecognized ectopic pregnancy", "the missed tubal pregnancy"),
    # quality dashboard
    (
        "72-hour returns resulting in admission",
        "patients who came back within three days and were admitted",
    ),
    (
        "unplanned ICU transfers within 24 hours of admission",
        "ward patients moved to intensive care within a day",
    ),
    ("ED deaths referred for review", "department deaths sent for scrutiny"),
    ("safety reports filed by ED staff", "incident reports from our own staff"),
    # nursing shortfall
    ("the Friday night shift", "the end-of-week overnight"),
    ("the Saturday day shift", "the weekend daytime block"),
    ("the Sunday swing shift", "the weekend evening block"),
    ("the Monday overnight", "the start-of-week night"),
    # par levels
    ("pelvic binders", "hip-stabilising belts"),
    ("tourniquets", "limb bleeding-control straps"),
    ("chest tube trays", "kits for draining the chest"),
    ("intraosseous needles", "bone-marrow access devices"),
    ("pediatric video laryngoscope blades", "child-size camera intubation blades"),
    # shortages
    ("IV metoclopramide", "the intravenous anti-nausea drug"),
    ("IV diltiazem", "the intravenous heart-rate calcium blocker"),
    ("injectable ketorolac", "the injected anti-inflammatory painkiller"),
    ("IV labetalol", "the intravenous blood-pressure beta blocker"),
    ("IV magnesium sulfate", "the intravenous mineral used for seizures and asthma"),
    # safety report counts
    ("workplace violence", "assault on staff"),
    ("medication", "drug error"),
    ("patient fall", "fall-related"),
    ("equipment", "device-failure"),
    # vacation
    ("her first leave block", "her opening stretch of holiday"),
    ("her second leave block", "her later stretch of holiday"),
    ("a long weekend off", "three days away"),
    ("the family reunion week", "the week with the relatives"),
    # journal club
    ("the September journal club", "the autumn-start paper discussion"),
    ("the October journal club", "the mid-autumn paper discussion"),
    ("the January journal club", "the new-year paper discussion"),
    ("the April journal club", "the spring paper discussion"),
    # parking
    ("the main garage", "the big parking structure"),
    ("the surface lot behind the cancer center", "the open-air spaces behind oncology"),
    ("the night-shift reserved row", "the spaces kept for overnight staff"),
    ("the south visitor deck", "the guest parking level on the south side"),
    # knowledge checks
    ("the spring knowledge check", "the certification quiz in March to May"),
    ("the summer knowledge check", "the mid-year certification quiz"),
    ("the fall knowledge check", "the autumn certification quiz"),
    ("the winter knowledge check", "the year-end certification quiz"),
    # sim lab
    ("the failed-airway case", "the scenario where intubation does not work"),
    ("the pediatric sepsis case", "the scenario of a child in septic shock"),
    ("the massive transfusion case", "the scenario of giving huge amounts of blood"),
    ("the cardiac arrest in pregnancy case", "the scenario of an expectant mother in arrest"),
    # community talks
    ("the senior center talk on falls", "the presentation to older adults about tripping"),
    ("the high school talk on concussions", "the presentation to teenagers about head injuries"),
    ("the church health fair talk on strokes", "the congregation presentation about brain attacks"),
    (
        "the library talk on overdose response",
        "the public presentation on reviving someone with naloxone",
    ),
    # asset tags
    ("the handheld probe for the residents", "the pocket-size scanner the trainees use"),
    ("the loaner cart machine", "the borrowed wheeled scanner"),
    ("the endocavitary probe", "the internal-imaging transducer"),
    ("the phased-array probe for pod A", "the cardiac transducer in the first care area"),
    # conference hotels
    ("the spring toxicology meeting", "the poisons conference in spring"),
    ("the fall scientific assembly", "the big autumn emergency medicine meeting"),
    ("the regional trauma symposium", "the area injury-care conference"),
    ("the ultrasound summit", "the bedside imaging conference"),
    # commendations
    ("the crew who ran the pediatric arrest", "the paramedics who resuscitated a child"),
    (
        "the crew who decompressed the tension pneumothorax",
        "the paramedics who relieved a collapsed lung under pressure",
    ),
    (
        "the crew who caught the posterior STEMI",
        "the paramedics who spotted a back-wall heart attack",
    ),
    (
        "the crew who delivered a baby in the ambulance",
        "the paramedics who helped a birth on the way in",
    ),
)

SESSION_ASKS = (
    ("ed-huddle", "the start-of-shift gathering at the charge desk"),
    ("residents", "the teaching time with the trainees"),
    ("quality-review", "the privileged case review panel"),
    ("ems-liaison", "the standing call with the ambulance service"),
)

LINK_ASKS = (
    ("workstation ED-N14", "the same department computer terminal"),
    ("the retired pager number 7-8841", "a decommissioned beeper number"),
    ("the Sunday 0200 interface engine window", "the early-Sunday systems maintenance slot"),
    ("grant code QI-4417", "the same improvement-project funding code"),
    (
        "the blue overflow binder at the pod B desk",
        "the spare folder at the second care area's desk",
    ),
    (
        "the FY27 capital request form",
        "the equipment budget application for the coming fiscal year",
    ),
    ("conference bridge 88-305", "the same dial-in line"),
    (
        "the laminated wall chart at the charge nurse station",
        "the plastic-coated poster at the charge desk",
    ),
    ("biomed work order BME-7731", "the same equipment repair ticket"),
    (
        "the shared folder ED-Improvement-Archive",
        "the department's improvement-records drive folder",
    ),
)

DOMAIN = attrs.evolve(
    DOMAIN,
    person_asks=PERSON_ASKS,
    thing_asks=THING_ASKS,
    session_asks=SESSION_ASKS,
    link_asks=LINK_ASKS,
)
