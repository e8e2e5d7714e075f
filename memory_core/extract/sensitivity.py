"""Decide whether a fact's text reveals a sensitive topic: health, finance or identity documents.

``sensitive`` finds secret *values* (a password, an IBAN, a passport number); this module reads
the *topic*: "Ana takes insulin.", "I owe the bank 20000 euros", "my passport expires in May"
hold no secret value but must still never be shown in a group. It runs on every written fact,
so it is a handful of precompiled regular expressions over the lower-cased text, in three steps:

1. a secret value found by :func:`sensitive.find_sensitive` decides outright;
2. phrases that only *look* sensitive are blanked out: jobs and workplaces ("I'm a diabetes
   nurse", "works at a bank"), media and causes ("a book about addiction", "cancer research"),
   idioms and homonyms ("retail therapy", "star sign is Cancer", "the Great Depression");
3. the identity-document, finance and health patterns run, in that order, on what is left.

It errs towards flagging: a pet's insulin or a relative's cancer is still health. Negation does
not clear a topic ("Ana isn't pregnant" still speaks about her health).
"""

from __future__ import annotations

import re

from memory_core.extract.sensitive import find_sensitive
from memory_core.values import Category

#: When one text holds several secret values, the category that wins.
_SPAN_PRIORITY = (Category.CREDENTIAL, Category.IDENTITY_DOCUMENT, Category.FINANCE)


def _any(*alternatives: str) -> str:
    """One non-capturing alternation of regex fragments."""
    return "(?:" + "|".join(alternatives) + ")"


def _words(text: str) -> str:
    """An alternation of comma-separated phrases (spaces match any run of spaces or hyphens)."""
    phrases = sorted({p.strip() for p in text.split(",") if p.strip()}, key=len, reverse=True)
    return _any(*(re.escape(p).replace(r"\ ", r"[\s-]+") for p in phrases))


_FLAGS = re.IGNORECASE
# Where a clause ends, for phrases that run "to the end of the clause".
_CLAUSE_END = r"(?=$|[,.;:!?()]|\s(?:and|but|because|since|so|while|though|although|after|who)\b)"
_POSSESSIVE = r"(?:my|his|her|their|our|your|the\s+user's|[a-z]+'s)"
_BE = r"(?:i'm|im|i\s+am|am|is|was|are|were|'s|'re|be|been|being|become|became)"

# ---------------------------------------------------------------------------------------------
# Step 2: near misses, blanked before the topic patterns run.

_ROLE = _words(
    """nurse, doctor, physician, gp, surgeon, therapist, psychotherapist, physiotherapist,
    physio, psychiatrist, psychologist, counsellor, counselor, pharmacist, paramedic, dentist,
    vet, veterinarian, midwife, carer, caregiver, oncologist, cardiologist, specialist,
    consultant, researcher, scientist, banker, accountant, advisor, adviser, broker, officer,
    agent, analyst, trader, collector, underwriter, manager, clerk, teller, worker, volunteer,
    student, teacher, lecturer, tutor, technician, assistant, receptionist, porter, chemist,
    coach, trainer, instructor, dietitian, optician, orderly, social worker, planner,
    economist, auditor, cashier, bookkeeper, treasurer, director, rep, representative"""
)
_NEAR_MISSES = re.compile(
    _any(
        # Jobs: "I'm a diabetes nurse", "Ana is a therapist", "works as a loan officer".
        rf"\b{_BE}\s+(?:a|an)\s+(?:[\w'-]+\s+){{0,3}}?{_ROLE}s?\b",
        rf"\bas\s+(?:a|an)\s+(?:[\w'-]+\s+){{0,3}}?{_ROLE}s?\b",
        # Workplaces: "I work in mental health services", "volunteers at a cancer charity".
        r"\b(?<!off\s)(?:work|works|worked|working|volunteer|volunteers|volunteered|volunteering"
        r"|employed|job|jobs|intern|interns|interning|shifts?)\s+(?:as|at|in|for|with|on)\b"
        rf"[^,.;:!?()]*?{_CLAUSE_END}",
        r"\b(?:run|runs|ran|own|owns|owned|manage|manages|managed|founded|opened)\s+"
        r"(?:a|an|the|my|his|her|our|their)\s+(?:[\w'-]+\s+){0,3}?(?:clinic|centre|center|"
        r"pharmacy|practice|charity|company|business|shop|firm|bank|hospital|agency|programme|"
        r"program|fund)\b",
        # Trades and products: "I sell hearing aids", "designs insulin pens for a living".
        r"\b(?:build|builds|built|building|design|designs|designed|designing|sell|sells|sold|"
        r"selling|repair|repairs|repaired|repairing|fix|fixes|fixed|fixing|develop|develops|"
        r"developed|developing|manufacture|manufactures|manufacturing|coach|"
        r"coaches|coached|coaching|distribute|distributes|market|markets|marketing|supply|"
        r"supplies|install|installs|deliver|delivers|delivering|translate|translates|"
        r"translating|test|tests|testing)\s+(?!(?:my|his|her|their|our|all\s+my|me|him|them)\b)"
        rf"[^,.;:!?()]*?(?:{_CLAUSE_END})",
        r"[^,.;:!?()]*\bfor\s+a\s+living\b",
        r"\b(?:computer|laptop|phone|pc|mac|server|files?|website|site|system|machine|device|"
        r"tablet|router)\s+(?:has|had|got|caught|is\s+infected\s+with)\s+(?:a\s+)?"
        r"(?:virus|bug|malware|worm|trojan)",
        # Studies and teaching: "Ana studies pharmacology", "I teach a personal finance course".
        r"\b(?:study|studies|studying|studied|teach|teaches|teaching|taught|major|majoring|"
        rf"degree|phd|masters)\s+(?:in\s+)?[^,.;:!?()]*?{_CLAUSE_END}",
        # Media and talks about a topic: "a book about addiction", "a podcast about money".
        r"\b(?:books?|films?|movies?|documentar(?:y|ies)|podcasts?|articles?|series|novels?|"
        r"lectures?|talks?|courses?|class(?:es)?|papers?|thesis|essays?|songs?|albums?|tracks?|"
        r"shows?|videos?|plays?)\s+(?:about|on|called|named|titled)?\s*[^,.;:!?()]*?"
        rf"{_CLAUSE_END}",
        r"\breading\s+about\b[^,.;:!?()]*",
        # Causes and industries: "cancer research", "diabetes awareness", "mortgage broker".
        r"\b[\w'-]+\s+(?:charity|charities|research|awareness|foundation|fundraiser|fundraising|"
        r"campaign|society|association|prevention|education|industry|sector|brokers?|"
        r"advis[eo]rs?|lenders?|underwriters?|officers?|lifters?|rates)\b",
        # Homonyms and idioms.
        r"\b(?:i'm|im|i\s+am|is|she's|he's)\s+a\s+cancer\b(?!\s+(?:patient|survivor))",
        r"\b(?:star|zodiac|sun|moon|rising|astrological)\s+sign\s+(?:is\s+)?(?:a\s+)?cancer\b",
        r"\bcancer\s+(?:season|sign|zodiac|horoscope)\b",
        r"\b(?:great|tropical|economic)\s+depression\b",
        r"\b(?:gave|give|gives|giving|nearly\s+had|almost\s+had|nearly\s+gave|almost\s+gave)"
        r"\s+(?:me|him|her|us|them)?\s*(?:a\s+)?(?:mini\s+)?heart\s+attack\b",
        r"\bretail\s+therapy\b",
        r"\b(?:imposter|impostor|stockholm|shiny\s+object|middle\s+child)\s+syndrome\b",
        r"\b(?:public|civil|eating\s+out)\s+disorder\b",
        r"\b(?:digital|juice|social\s+media|sugar|phone|screen|dopamine|news|tech)\s+detox\b",
        r"\ballergic\s+to\s+(?:mondays?|work|people|mornings?|exercise|effort|homework|"
        r"stupidity|nonsense|drama|running)\b",
        r"\b(?:disaster|data|account|password|file|photo|key)\s+recovery\b",
        r"\b(?:blood|sperm|river|west|left|right|piggy|memory|power|data|question)\s+banks?\b",
    ),
    _FLAGS,
)

# ---------------------------------------------------------------------------------------------
# Step 3a: identity documents named without a number.

_IDENTITY = re.compile(
    _any(
        r"\bpassports?\b(?!\s+(?:photographers?|office|offices|officers?|control|agency))",
        r"\b(?:national|photo|identity|identification|citizen(?:ship)?|voter)\s+(?:id|ids|card|"
        r"cards|document|documents|number)\b",
        r"\bid\s+(?:cards?|documents?|numbers?)\b",
        r"\bphoto\s+id\b",
        r"\b(?:valid|government|state|government-issued|official|national|no)\s+(?:photo\s+)?"
        r"ids?\b(?!\s+(?:badge|lanyard))",
        r"\bsin\s+(?:number|no\.?|#)|\b(?:my|his|her|their)\s+sin\s+is\s+\d",
        r"\b(?:my|his|her|their)\s+ids?\b(?!\s+(?:is|was|:)\s*@)",
        r"\bdriv(?:er'?s?|ing)\s+licen[cs]es?\b",
        r"\blicen[cs]e\s+(?:number|no\.?)\b",
        r"\b(?:ssn|social\s+security\s+(?:number|card|no\.?))\b",
        r"\bnational\s+insurance\b",
        r"\b(?:residence|residency|work|resident)\s+(?:permit|card)s?\b",
        r"\bgreen\s+card\b",
        r"\b(?:work|student|tourist|travel|residence|spouse|partner|family|golden|nomad|"
        r"h-?1b|schengen|working\s+holiday)\s+visas?\b",
        rf"\b{_POSSESSIVE}\s+visa\b(?!\s+(?:card|debit|credit|gold|platinum))",
        r"\b(?:birth|marriage|naturali[sz]ation|citizenship)\s+certificates?\b",
        r"\btravel\s+documents?\b|\bbrp\b|\bni\s+number\b|\bpersonal\s+(?:id\s+)?number\b",
        r"\btax\s+(?:id|identification)\b",
        r"\b(?:nif|nie|dni|cpf|rg|aadhaar|aadhar|nino|bsn|pesel|tfn|sin\s+number|nhs\s+number|"
        r"pan\s+card|medicare\s+card)\b",
    ),
    _FLAGS,
)

# ---------------------------------------------------------------------------------------------
# Step 3b: finance.

_CURRENCY_WORD = (
    r"(?:euros?|eur|dollars?|usd|bucks|pounds?|gbp|quid|grand|reais|real|francs?|chf|yen|"
    r"yuan|rupees?|pesos?|zloty|kronor|krona|kroner|rand|lira|dirhams?)"
)
_NUMBER = r"\d[\d,.' ]*\d|\d"
_SCALE = r"(?:k|m|bn|mil|million|millions|thousand|hundred|billion)"
_NOT_MONEY = (
    r"(?!\s*(?:points?|xp|coins?|miles?|km|kms|kg|kgs|followers?|subscribers?|views?|likes?|"
    r"steps?|stars?|people|users?|words?|pages?|calories|kcal|cookies?|cakes?)\b)"
)
#: An amount that is certainly money: a currency sign or word, "60k", "six figures".
_MONEY = _any(
    rf"[$€£¥₹]\s?(?:{_NUMBER})\s?{_SCALE}?\b",
    rf"(?:{_NUMBER})\s?{_SCALE}?\s?(?:[$€£¥₹]|{_CURRENCY_WORD}\b)",
    rf"\b(?:{_NUMBER})\s?(?:k|grand|million|mil|bn)\b{_NOT_MONEY}",
    r"\b(?:six|seven|eight|five)[\s-]figures?\b",
    r"\b(?:a|one|two|three|four|five|ten|twenty|fifty|a\s+few|a\s+hundred)\s+"
    rf"(?:thousand|million|grand|hundred)\s+{_CURRENCY_WORD}?",
)
#: A bare number large enough to be a sum of money ("borrowed 5000").
_BIG_NUMBER = r"\b(?:\d{3,}|\d{1,3}(?:[,.]\d{3})+)\b"
#: Any number, when the words around it already speak of money ("I earn 15 an hour").
_AMOUNT = _any(_MONEY, rf"\b\d[\d,.]*\b{_NOT_MONEY}")
_PERIOD = r"(?:a|an|per|every|each)\s+(?:year|yr|annum|month|week|hour|hr|day|fortnight)"
_BANKS = _words(
    """santander, barclays, hsbc, lloyds, natwest, chase, wells fargo, bank of america, citi,
    citibank, revolut, monzo, n26, ing, bnp, bnp paribas, deutsche bank, millennium, caixa,
    caixabank, cgd, novo banco, bbva, sabadell, rabobank, abn amro, nubank, itau, itaú,
    bradesco, td, rbc, scotiabank, westpac, anz, nab, starling, halifax, nationwide,
    capital one, ally, schwab, fidelity, vanguard, wise, paypal, commerzbank, sparkasse,
    credit agricole, société générale, societe generale, unicredit, intesa, monte dei paschi,
    ubs, credit suisse, postbank, la banque postale, activobank, moey, bpi, bcp"""
)
_SUBSTANCE_WORDS = (
    "drugs, alcohol, booze, heroin, cocaine, coke, crack, meth, opioids, opiates, painkillers, "
    "pain killers, pills, gambling, betting, porn, nicotine, cigarettes, smoking, vaping, "
    "benzos, xanax, oxy, oxycodone, fentanyl, ketamine, weed, cannabis, prescription drugs, "
    "sleeping pills, speed, amphetamines, adderall, sex"
)
_FINANCE = re.compile(
    _any(
        # Income: "I earn 85000 a year", "Ana makes $120,000 a year", "my salary is 3200".
        r"\bearn(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?"
        rf"(?:{_AMOUNT}|good\s+money|decent\s+money|a\s+lot|(?:a\s+)?little|more|less|twice|"
        r"double|half|triple|(?:two|three|four|\d+)\s+times|way\s+more|much\s+more|much\s+less|"
        r"minimum\s+wage|peanuts|well|enough|nothing|next\s+to\s+nothing)",
        rf"\b(?:make|makes|made|making|get|gets|got|take\s+home|takes\s+home|bring\s+in|"
        rf"brings\s+in|paid|pays\s+me|pay\s+me|on)\s+(?:[\w'-]+\s+){{0,3}}?{_MONEY}\s*"
        rf"(?:{_PERIOD}|gross|net|before\s+tax|after\s+tax|a\s+year|a\s+month)",
        r"\bget(?:s|ting)?\s+paid\s+(?:[\w'-]+\s+){0,3}?" + _AMOUNT,
        r"\b(?:salary|salaries|paycheck|paycheque|payslip|pay\s+slip|wages?|take[\s-]home\s+pay|"
        r"income|pay\s+rise|payrise|bonus)\b",
        r"\b(?:minimum|living)\s+wage\b",
        r"\b(?:hourly|day|daily)\s+rate\b",
        rf"\b(?:charge|charges|charged|bill|bills|billed)\s+(?:[\w'-]+\s+){{0,2}}?{_MONEY}\s*"
        rf"{_PERIOD}",
        rf"\b{_POSSESSIVE}\s+pay\b(?!-|\s+(?:for|the|it|them|you|back|attention))|"
        r"\bpay\s+(?:cut|rise|raise|freeze|packet|grade|band)\b",
        r"\b(?:loan\s+shark|buy\s+now,?\s+pay\s+later|bnpl|klarna|afterpay|ccj|"
        r"county\s+court\s+judge?ment|co-?signed|cosign\w*)\b",
        r"\b(?:emergency\s+fund|nest\s+egg|trust\s+fund|retirement\s+(?:fund|savings|account|"
        r"pot))\b",
        r"\b(?:money\s+is\s+tight|tight\s+on\s+money|short\s+on\s+(?:money|cash)|"
        r"strapped\s+for\s+cash|(?:can't|cannot|can\s+not|couldn't)\s+afford)\b"
        r"(?!\s+to\s+(?:lose|miss|waste|be|wait|let|take|go|fail|ignore|get))",
        r"\b(?:use|uses|used|using|rely\s+on|relies\s+on|relying\s+on|depend\s+on|depends\s+on|"
        r"go\s+to|goes\s+to|going\s+to|went\s+to)\s+(?:the|a)\s+food\s+banks?\b",
        r"\btax\s+(?:refund|rebate)\b",
        r"\b(?:no|out\s+of|ran\s+out\s+of|running\s+out\s+of|low\s+on)\s+(?:money|cash|savings)\b",
        r"\b(?:borrow|borrows|borrowed|borrowing|lent|lend|lends|loaned)\s+(?:[\w'-]+\s+){0,3}?"
        r"(?:money|cash)\b",
        rf"\b(?:saved|saving|save|saves)\s+(?:up\s+)?(?:about\s+|around\s+|over\s+)?"
        rf"(?:{_MONEY}|{_BIG_NUMBER}\s*{_PERIOD})",
        r"\b(?:tight|small|limited)\s+budget\b|\bbudget\s+is\s+tight\b",
        r"\b(?:am|i'm|im|is|are|we're|was|were)\s+(?:very\s+|quite\s+|pretty\s+|super\s+|"
        r"really\s+|so\s+|dirt\s+)?(?:rich|wealthy|well[\s-]off|loaded|poor|skint|hard\s+up)\b"
        r"(?!\s+(?:at|in|with|of)\b)",
        r"\bcredit\s+cards?\b[^.;!?]{0,20}\bmaxed\b|\b(?:until|till|til|before)\s+payday\b",
        r"\b(?:make|makes|made|making|earn|earns|earned|earning)\s+(?:about|around|roughly|like|"
        rf"only|just|over|under|almost|nearly|close\s+to)?\s*{_MONEY}",
        r"\bmakes?\s+bank\b|\brolling\s+in\s+(?:it|money|cash)\b",
        r"\b(?:shares|stocks?|bitcoin|btc|crypto|portfolio|bonds)\b[^.;!?]{0,20}?" + _MONEY,
        r"\b(?:disability|carer's|carers|attendance|housing|child|jobseeker's|jobseekers|"
        r"personal\s+independence)\s+(?:allowance|payments?|benefits?)\b|\bpip\s+payments?\b",
        rf"\b{_BE}\s+on\s+(?:about\s+|around\s+|roughly\s+)?{_MONEY}",
        rf"\b(?:raise|rise)\s+(?:to|of)\s+{_AMOUNT}",
        # Debt: "I owe the bank 20000 euros", "I'm in debt", "paying off a car loan".
        r"\b(?:owe|owes|owed|owing)\s+(?:[\w'-]+\s+){0,5}?"
        rf"(?:{_AMOUNT}|money|cash|rent|(?:back\s+)?tax(?:es)?|the\s+(?:bank|irs|hmrc|tax\s*man|"
        r"taxman|landlord|government|state|council))",
        r"\b(?:debt|debts|indebted|in\s+the\s+red|arrears|insolvent|insolvency)\b",
        r"\b(?:student|car|home|personal|payday|bank|business|mortgage|housing|auto|"
        r"consolidation|sba|title)\s+loans?\b",
        r"\b(?:took|take|taking|takes|got|get|gets|have|has|had|need|needs|needed|applied\s+for|"
        r"apply\s+for|paying\s+off|pay\s+off|pays\s+off|paid\s+off|repay|repaying)\s+(?:out\s+)?"
        r"(?:a|an|my|his|her|their|our|the)\s+(?:[\w'-]+\s+){0,2}?loans?\b",
        r"\bloans?\s+(?:repayments?|payments?|from\s+the\s+bank|of\s+\S+|for\s+(?:the|my|a|an))",
        r"\b(?:re)?mort?gage[sd]?\b",
        r"\boverdra(?:ft|fts|wn|w)\b",
        r"\bbankrupt(?:cy|cies)?\b",
        r"\bforeclos\w+|\brepossess\w+|\bevict(?:ed|ion)\b",
        rf"\b(?:behind|late)\s+on\s+(?:{_POSSESSIVE}\s+)?(?:rent|payments?|bills?|mortgage|"
        r"loan|car\s+payments?|credit\s+card)",
        r"\b(?:can't|cannot|can\s+not|couldn't|unable\s+to|struggl\w+\s+to)\s+(?:afford|pay)\s+"
        rf"(?:{_POSSESSIVE}\s+|the\s+)?(?:rent|bills?|mortgage|debts?|loans?|credit\s+card)",
        rf"\b{_BE}\s+(?:so\s+|totally\s+|completely\s+|flat\s+|dead\s+|always\s+|still\s+)?broke\b",
        r"\bstruggl\w+\s+(?:financially|with\s+money)\b",
        r"\b(?:money|financial|cash)\s+(?:problems?|troubles?|worries|issues?|difficult\w*|"
        r"hardship|situation|stress)\b",
        r"\bmaxed\s+out\b",
        r"\bcredit\s+cards?\s+(?:debt|bills?|balance)",
        r"\bcredit\s+(?:score|rating|history|report)\b",
        # Money held: savings, balances, accounts, investments, pensions, benefits.
        rf"{_MONEY}\s+(?:in\s+)?(?:[\w'-]+\s+){{0,2}}?(?:savings|saved|invested|in\s+the\s+bank|"
        r"in\s+(?:my|his|her|their|our)\s+(?:bank\s+|savings\s+|current\s+|checking\s+)?account|"
        r"in\s+(?:bitcoin|crypto|stocks|shares|bonds|index\s+funds|etfs?|the\s+stock\s+market))",
        r"\b(?:my|his|her|their|our|no|any|all\s+(?:my|his|her|their|our)|[a-z]+'s)\s+savings\b",
        r"\bsavings\s+(?:are|is|of|account|accounts|total)\b",
        r"\b(?:bank|account)\s+balance\b|\bbalance\s+is\b",
        r"\b(?:bank|savings|checking|current|chequing|brokerage|isa|joint)\s+accounts?\b",
        rf"\b(?:bank|banks|banked|banking)\s+with\s+(?:{_BANKS}|\w+\s+bank)\b",
        rf"\baccounts?\s+(?:at|with)\s+(?:{_BANKS}|\w+\s+bank)\b",
        r"\b(?:invest|invests|invested|investing)\s+(?:[\w'-]+\s+){0,3}?"
        rf"(?:{_MONEY}|in\s+(?:stocks|shares|crypto|bitcoin|index\s+funds|etfs?|property))",
        r"\b(?:net\s+worth|portfolio\s+is\s+worth|millionaire|inherit(?:ed|s|ing|ance))\b",
        rf"\b(?:won|win|wins)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_MONEY}|the\s+lottery|the\s+jackpot)",
        rf"\b(?:lost|lose|loses|losing)\s+(?:[\w'-]+\s+){{0,2}}?{_MONEY}",
        r"\b(?:unemployment|disability|housing|child|social|state|welfare|sickness)\s+benefits?\b",
        r"\bon\s+(?:benefits|welfare|the\s+dole|food\s+stamps|universal\s+credit|"
        r"social\s+security)\b",
        r"\b(?:food\s+stamps|universal\s+credit|social\s+security\s+(?:benefits|checks?|"
        r"cheques?|payments?))\b",
        rf"\b(?:{_POSSESSIVE}|state)\s+pensions?\b|\bpension\s+(?:is|of|pot)\b",
        rf"\brent\b[^.;!?]{{0,30}}?{_AMOUNT}|{_AMOUNT}[^.;!?]{{0,15}}?\bin\s+rent\b",
        r"\b(?:income|property|capital\s+gains|back)\s+tax(?:es)?\b",
        rf"\b(?:borrow|borrows|borrowed|borrowing|lent|lend|lends|loaned)\s+(?:[\w'-]+\s+){{0,3}}?"
        rf"(?:{_MONEY}|{_BIG_NUMBER})",
        r"\b(?:in|on|entered|into)\s+an?\s+iva\b|\bdebt\s+relief\s+order\b",
        r"\b(?:roth|traditional|an|my|his|her|their)\s+ira\b|\b40[13]\s?\(?k\)?|\bsipp\b|"
        r"\bsuperannuation\b|\b(?:stocks\s+and\s+shares|cash|lifetime)\s+isa\b",
        r"\b(?:own|owns|have|has|bought|buy|buys|hold|holds|sold|sell|sells)\s+(?:some\s+|\d[\d.,]*\s+)?"
        r"(?:bitcoins?|btc|ethereum|eth|crypto|shares|stocks?)\b",
        r"\b(?:child\s+support|alimony|spousal\s+support|maintenance\s+payments)\b",
        r"\btax\s+(?:debt|bill|arrears)\b",
    ),
    _FLAGS,
)

# ---------------------------------------------------------------------------------------------
# Step 3c: health.

#: Conditions and diagnoses that speak for themselves wherever they appear.
_CONDITIONS = _words(
    """hiv, hiv positive, hiv negative, hiv/aids, diabetes, diabetic, diabetis, diabetus,
    prediabetes, prediabetic, cancer, cancers, tumour, tumor, tumours, tumors, leukaemia,
    leukemia, lymphoma, melanoma, carcinoma, sarcoma, metastatic, metastasis, remission,
    chemo, chemotherapy, radiotherapy, radiation therapy, immunotherapy, oncology appointment,
    depression, depressed, depressive, antenatal depression, postnatal depression,
    postpartum depression, anxiety, anxiety disorder, panic attack, panic attacks,
    panic disorder, ocd, ptsd, c-ptsd, cptsd, adhd, autism, autistic, asperger's, aspergers,
    asperger, bipolar, manic depression, schizophrenia, schizophrenic, schizoaffective,
    psychosis, psychotic, eating disorder, anorexia, anorexic, bulimia, bulimic,
    binge eating, insomnia, self-harm, self harm, self-harms, self-harming, self harming,
    suicidal, suicide attempt, mental health, mental illness, mentally ill,
    nervous breakdown, mental breakdown, burnout, burn-out, epilepsy, epileptic, seizure,
    seizures, migraine, migraines, arthritis, osteoarthritis, lupus, multiple sclerosis,
    parkinson's, parkinsons, alzheimer's, alzheimers, dementia, heart condition,
    heart disease, heart failure, heart problems, heart attack, heart surgery,
    heart murmur, arrhythmia, atrial fibrillation, afib, high blood pressure,
    low blood pressure, hypertension, cholesterol, thyroid, hypothyroidism,
    hyperthyroidism, hashimoto's, graves' disease, celiac, coeliac, celiac disease,
    coeliac disease, gluten intolerance, gluten intolerant, lactose intolerance,
    lactose intolerant, crohn's, crohns, ibs, ibd, colitis, endometriosis, pcos,
    psoriasis, eczema, rosacea, tinnitus, sleep apnoea, sleep apnea, cpap, pacemaker,
    kidney stones, kidney disease, kidney failure, liver disease, cirrhosis, copd,
    emphysema, cystic fibrosis, sickle cell, anaemia, anemia, anemic, anaemic,
    fibromyalgia, chronic pain, chronic fatigue, chronic illness, me/cfs, long covid,
    concussion, stutter, stammer, dyslexia, dyslexic, dyspraxia, dyscalculia,
    down syndrome, down's syndrome, cerebral palsy, spina bifida, muscular dystrophy,
    colorblind, colourblind, color blind, colour blind, colour-blind, color-blind,
    deaf, hard of hearing, hearing aid, hearing aids, hearing loss, wheelchair,
    wheelchair user, crutches, prosthetic, prosthesis, amputee, amputated, paralysed,
    paralyzed, paraplegic, quadriplegic, disability, disabilities, allergy, allergies,
    allergic, anaphylaxis, anaphylactic, epipen, epi-pen, inhaler, asthma, asthmatic,
    std, stds, sti, stis, chlamydia, gonorrhoea, gonorrhea, herpes, syphilis, hpv,
    hepatitis, tuberculosis, pneumonia, bronchitis, sepsis, shingles, mono,
    glandular fever, stroke survivor, mini-stroke, tia, blood clot, dvt,
    pulmonary embolism, aneurysm, hernia, scoliosis, osteoporosis, gout, glaucoma,
    cataracts, cataract, macular degeneration, diagnosis, diagnosed, misdiagnosed,
    symptoms, prognosis, terminal illness, terminally ill, biopsy, mammogram,
    smear test, pap smear, colonoscopy, endoscopy, mri scan, ct scan, blood test,
    blood tests, blood work, bloodwork, pregnancy test, ultrasound, physiotherapy,
    physical therapy, occupational therapy, speech therapy, psychotherapy, cbt, emdr,
    rehab, rehabilitation, addiction, addictions, alcoholic, alcoholism, relapse,
    relapsed, relapsing, overdose, overdosed, withdrawal symptoms, detox,
    narcotics anonymous, alcoholics anonymous, twelve steps, 12 steps, 12-step,
    twelve-step, sobriety, pregnant, pregnancy, pregnancies, pregnent, pregant, preggers,
    trimester, ivf, iui, egg freezing, miscarriage, miscarried, stillbirth, infertility,
    infertile, fertility treatment, fertility clinic, fertility issues, menopause,
    perimenopause, menopausal, maternity leave, paternity leave, abortion, c-section,
    caesarean, cesarean, prenatal, antenatal, postnatal, postpartum, morning sickness,
    breastfeeding, surgery, surgeries, transplant, dialysis, appendicitis, sick leave,
    sick note, hospitalised, hospitalized, hospitalisation, hospitalization, icu,
    intensive care, a&e, emergency room, psych ward, remission, injury, injuries,
    injured, infection, infections, vaccinated, unvaccinated, vaccine, vaccination,
    acl, mcl, meniscus, whiplash, gastric bypass, gastric band, bariatric, blood sugar,
    glucose monitor, cgm, dexcom, freestyle libre, insulin pump, bad back, bad knee, bad hip,
    chiropractor, osteopath, sectioned, psychiatric, mental hospital, psych unit,
    irregular heartbeat, palpitations, tachycardia, bradycardia, hashimoto, hashimotos,
    tourette, tourettes, tourette's, immunocompromised, immunosuppressed,
    immune disorder, autoimmune, smoker, heavy smoker, chain smoker, nicotine patches,
    walking stick, mobility scooter, zimmer frame, neuropathy, cardiomyopathy, retinopathy,
    nephropathy, osteopathy, angina, coronary, stent, heart bypass, cardiac, blood pressure,
    bpd, borderline personality, personality disorder, dissociative, dissociation,
    agoraphobia, traumatised, traumatized, intrusive thoughts, hallucinations,
    hearing voices, manic episode, manic episodes, mania, hypomania, hypomanic,
    neurodivergent, learning difficulties,
    heavy drinker, binge drinking, drinking problem, drink too much, drinks too much,
    surrogacy, birth plan, gave birth, giving birth, give birth, went into labour,
    went into labor, in labour, in labor, obstetrician, ob-gyn, obgyn, baby bump,
    amputation, mobility issues, mobility problems, mobility aid, anaesthetic, anesthetic,
    anaesthesia, anesthesia, catheter, stoma, feeding tube, ventilator,
    nebuliser, nebulizer, in a cast, pcr test, ecg, ekg, echocardiogram, eeg, hba1c, a1c,
    brca, psa test, hospice, palliative, palliative care, terminal cancer, iron infusion,
    iron infusions, ivig, infusion therapy, radiation treatment, antihistamine, antihistamines,
    puberty blockers, gender-affirming care, the coil, iud, mirena, nexplanon, depo-provera,
    contraceptive implant, morning-after pill, type 1 diabetes, type 2 diabetes, fracture,
    fractures, fractured, chest pain, chest pains, dizzy spells, dizziness, vertigo,
    fainting spells, fainting, nausea, ulcer, ulcers, gallstones, fatty liver, weak heart,
    bad heart, ostomy, ostomy bag, incontinence, incontinent, migraine attacks, disease,
    diseases, illness, illnesses, disorder, disorders, obese, obesity, morbidly obese,
    overweight, underweight, bmi, root canal, dentures, erectile dysfunction, impotence,
    impotent, low libido, sexual dysfunction, vaginismus, sexual health, gender dysphoria,
    gender transition, memory loss, special needs, developmental delay, speech delay,
    learning disabilities, transfusion, blood transfusion, iron deficiency, low iron,
    vitamin d deficiency, b12 deficiency, deficiency"""
)
#: Medicines and drug classes by name.
_MEDICINES = _words(
    """insulin, insuline, insulin pump, sertraline, sertralin, fluoxetine, prozac, zoloft,
    lexapro, escitalopram, citalopram, paroxetine, paxil, venlafaxine, effexor, duloxetine,
    cymbalta, bupropion, wellbutrin, mirtazapine, trazodone, amitriptyline, nortriptyline,
    adderall, ritalin, concerta, vyvanse, elvanse, methylphenidate, dexamphetamine,
    lisdexamfetamine, modafinil, strattera, atomoxetine, xanax, valium, ativan, klonopin,
    diazepam, lorazepam, clonazepam, alprazolam, temazepam, zopiclone, zolpidem, ambien,
    metformin, ozempic, wegovy, mounjaro, semaglutide, tirzepatide, saxenda, levothyroxine,
    thyroxine, synthroid, euthyrox, warfarin, apixaban, rivaroxaban, eliquis, xarelto,
    clopidogrel, statin, statins, atorvastatin, simvastatin, rosuvastatin, lipitor, crestor,
    lisinopril, ramipril, amlodipine, losartan, metoprolol, propranolol, bisoprolol,
    atenolol, omeprazole, lansoprazole, pantoprazole, esomeprazole, nexium, sumatriptan,
    rizatriptan, prednisone, prednisolone, hydrocortisone, ventolin, salbutamol, albuterol,
    symbicort, seretide, montelukast, antibiotics, antibiotic, amoxicillin, penicillin,
    doxycycline, azithromycin, ciprofloxacin, ibuprofen, paracetamol, acetaminophen,
    tylenol, advil, naproxen, codeine, tramadol, morphine, oxycodone, oxycontin, fentanyl,
    hydrocodone, vicodin, percocet, methadone, suboxone, subutex, buprenorphine, naltrexone,
    naloxone, narcan, antabuse, disulfiram, gabapentin, pregabalin, lyrica, quetiapine,
    seroquel, olanzapine, risperidone, aripiprazole, abilify, clozapine, haloperidol,
    lamotrigine, lamictal, valproate, depakote, carbamazepine, levetiracetam, keppra,
    humira, adalimumab, methotrexate, biologics, tamoxifen, letrozole, herceptin, hrt,
    oestrogen, estrogen, progesterone, birth control, contraceptive, contraceptives,
    contraception, prep, antiretrovirals, antiretroviral, arvs, truvada, biktarvy, descovy,
    viagra, cialis, sildenafil, tadalafil, finasteride, accutane, isotretinoin,
    antidepressant, antidepressants, anti-depressant, anti-depressants, antidepresants,
    antidepresant, antipsychotic, antipsychotics, anti-anxiety, antianxiety,
    mood stabiliser, mood stabilizer, mood stabilisers, mood stabilizers, benzos,
    benzodiazepines, opioids, opiates, painkillers, pain killers, pain medication,
    blood thinners, blood thinner, beta blockers, beta-blockers, beta blocker,
    ace inhibitors, sleeping pills, sleeping tablets, sleep meds, steroid injections,
    chemo pills, iron tablets, iron supplements, glipizide, gliclazide, januvia, jardiance,
    farxiga, trulicity, victoza, lantus, humalog, novorapid, levemir, tresiba, digoxin,
    spironolactone, nitroglycerin, gtn spray, entresto, carbimazole, diclofenac, co-codamol,
    cocodamol, nurofen, solpadeine, topiramate, buspirone, hydroxyzine, promethazine,
    cetirizine, loratadine, fexofenadine, estradiol, etanercept, enbrel, librium,
    chlordiazepoxide, campral, acamprosate, champix, varenicline, nicotine gum,
    medikinet, equasym, guanfacine, intuniv, clonidine"""
)
#: Procedures and inflammations: "vasectomy", "colonoscopy", "fasciitis", "leukaemia".
_MEDICAL_SUFFIX = (
    r"\b[a-z]{3,}(?:ectomy|ectomies|ostomy|oscopy|plasty|itis)\b"
    r"|\b[a-z]{3,}(?<!acad)(?<!boh)a?emia\b"
)
#: International non-proprietary name stems: "-pril" (ramipril), "-olol", "-statin", "-mab" …
_DRUG_SUFFIX = (
    r"\b[a-z]{3,}(?:pril|olol|vastatin|statin|mab|azepam|azolam|oxetine|triptan|prazole|sartan|"
    r"dipine|tidine|cycline|mycin|cillin|floxacin|tinib|parin|gliptin|glutide|lukast|afil|"
    r"triptyline|ipramine|faxine|setron|codone|peridol|iapine|zapine|piprazole|semide|thiazide|"
    r"profen|coxib|clovir|navir|fovir|buvir|tegravir|nisone|olone|asone|trexate|xaban|"
    r"gliflozin|(?<!mag)azole|ofenac|spirone)\b"
)
_SUBSTANCES = _words(_SUBSTANCE_WORDS)
_HEALTH = re.compile(
    _any(
        rf"\b{_CONDITIONS}(?!\w)",
        rf"\b{_MEDICINES}(?!\w)",
        _DRUG_SUFFIX,
        _MEDICAL_SUFFIX,
        # Medication in general: "I'm on meds", "takes lithium", "on the pill".
        r"\bon\s+(?:(?:my|his|her|their|some|the|strong|new|daily|lots\s+of)\s+)?(?:meds|"
        r"medication|medications|medicine|pills|tablets|the\s+pill|steroids|lithium|"
        r"testosterone|t|hormones|hormone\s+therapy|oxygen)\b",
        r"\b(?:take|takes|took|taking|prescribed|started|start|starts|stopped|stop|quit|"
        r"came\s+off|coming\s+off|inject|injects|injecting)\s+(?:(?:my|his|her|their|some|daily|"
        r"a\s+daily|an?)\s+)?(?:meds|medication|medications|medicine|pills|tablets|lithium|"
        r"steroids|testosterone|hormones|injections|shots)\b",
        r"\b(?:take|takes|took|taking)\s+(?:something|stuff|pills|tablets|meds|medicine)\s+for\s+"
        r"(?:my|his|her|their)\b",
        r"\bprescribed\s+(?:for|me|him|her|them|to)\b",
        r"\bprescription\s+(?:for|meds|drugs|medication|medicine|painkillers|pills)\b",
        rf"\b{_POSSESSIVE}\s+(?:prescription|prescriptions|meds|medication|medications)\b",
        # Therapy and care: "sees a therapist", "my psychiatrist", "a doctor's appointment".
        r"\b(?:see|sees|seeing|saw|seen|visit|visits|visiting|visited|go\s+to|goes\s+to|going\s+to|"
        r"went\s+to|talk\s+to|talks\s+to|talking\s+to|talked\s+to|have|has|had|got|get|found|"
        r"need|needs|started\s+with|referred\s+to|appointment\s+with)\s+(?:a|an|my|his|her|"
        r"their|the|our)?\s*(?:new\s+|private\s+)?(?:therapist|psychotherapist|psychiatrist|"
        r"psychologist|counsell?or|shrink|doctor|gp|specialist|oncologist|cardiologist|"
        r"neurologist|endocrinologist|dermatologist|gynaecologist|gynecologist|urologist|"
        r"rheumatologist|physio|physiotherapist|midwife|consultant)\b",
        rf"\b{_POSSESSIVE}\s+(?:therapist|psychotherapist|psychiatrist|psychologist|"
        r"counsell?or|shrink|doctor|doctors|gp|oncologist|cardiologist|neurologist|"
        r"endocrinologist|physio|physiotherapist|midwife|specialist|consultant|surgeon)\b"
        r"(?!\s+(?:is|was)\s+(?:a|an|my|his|her)\b)",
        r"\b(?:doctor's|doctors|gp|hospital|clinic|medical|dental|specialist|therapy)\s+"
        r"(?:appointment|appointments|visit|visits|check-?ups?|results?)\b",
        r"(?<!retail\s)\btherapy\b",
        r"\bcounsell?ing\b",
        r"\b(?:in|into|to|from|out\s+of|at)\s+(?:the\s+)?hospital\b",
        r"\b(?:admitted\s+to|discharged\s+from)\b",
        # Tests and results: "my HIV test came back positive", "tested positive for covid".
        r"\b(?:test|tests|results?|scan|scans|biopsy|screening|swab)\s+(?:came|come|comes|"
        r"coming)\s+back\s+(?:positive|negative|clear|benign|malignant|abnormal|normal|"
        r"inconclusive)",
        r"\btest(?:ed|s)?\s+(?:positive|negative)\s+for\b",
        r"\b(?:positive|negative)\s+for\s+(?:covid|hiv|the\s+virus|chlamydia|cancer|\w+itis)\b",
        r"\b(?:hiv|covid|std|sti|blood|pregnancy|smear|cancer|genetic|dna|allergy|liver|"
        r"kidney|thyroid|glucose|sugar|cholesterol|urine|drug)\s+(?:test|tests|results?|"
        r"levels?|screening|panel)\b",
        r"\b(?:scan|mri|x-ray|xray|ct)\s+(?:showed|shows|found|results?)\b",
        # Conditions that need their context: "had a stroke", "have a cold", "have MS".
        r"\b(?:had|have|has|suffered|survived|after|since|recovering\s+from)\s+(?:a\s+)?"
        r"(?:mini[\s-]?|minor\s+|major\s+|massive\s+|small\s+)?stroke\b(?!\s+of\b)",
        r"\b(?:have|has|had|got|caught|catch|with|fighting|getting\s+over|get\s+over)\s+"
        r"(?:a\s+|the\s+)?(?:bad\s+|nasty\s+|heavy\s+|head\s+|chest\s+|common\s+|stomach\s+)?"
        r"(?:cold|flu|fever|virus|stomach\s+bug|tummy\s+bug)\b"
        r"(?=\s*(?:$|[,.;:!?]|(?:and|but|so|since|for|from|all|this|last|right|at|today|again|"
        r"too|now|again|going\s+around)\b))",
        r"\b(?:have|has|had|got|caught|with|positive\s+for|recovering\s+from|getting\s+over)\s+"
        r"(?:covid|covid-19|corona|coronavirus|the\s+flu|flu|norovirus|the\s+norovirus)\b",
        r"\b(?:have|has|had|got)\s+(?:a\s+)?(?:bad\s+|nasty\s+|dry\s+|chesty\s+|persistent\s+)?"
        r"cough\b(?!\s+(?:drops?|sweets?))",
        r"\b(?:have|has|had|with|diagnosed\s+with|living\s+with|lives\s+with)\s+(?:add|ms|aids|"
        r"me|cfs|pots|eds|als|mnd)(?=\s*(?:$|[,.;!?]|\s(?:and|since|too|as|so|but|for)\b))",
        r"\bdiagnosed\s+w(?:ith|/)?\s+\w+",
        r"\b(?:suffer|suffers|suffered|suffering)\s+from\b",
        rf"\b{_BE}\s+(?:(?:partially|legally|completely|totally|going|gone|almost|"
        r"nearly)\s+)?blind\b(?!\s+date)|\bblind\s+in\s+(?:one|both|my|his|her|the)\b",
        r"\b(?:partially|legally|registered)\s+(?:blind|sighted|deaf)\b",
        rf"\b{_BE}\s+(?:(?:physically|mentally|severely|registered|also)\s+)?disabled\b",
        r"\bdisabled\s+(?:person|people|veteran|badge|parking|child|son|daughter|since)\b",
        r"\b(?:had|have|having|get|getting|got|need|needs|scheduled\s+for|booked\s+for|"
        r"recovering\s+from)\s+(?:an?\s+|my\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,2}?operation\b",
        r"\boperation\s+on\s+(?:my|his|her|their)\b",
        r"\b(?:had|having|get|getting|got)\s+(?:my|his|her|their)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:removed|operated\s+on|amputated|replaced)\b",
        r"\b(?:hip|knee|joint|valve|shoulder)\s+replacement\b",
        r"\b(?:broke|broken|fractured|fracture|sprained|sprain|twisted|tore|torn|dislocated|"
        r"pulled|injured|hurt|damaged|slipped)\s+(?:my|his|her|their|a|an|the)?\s*"
        r"(?:left\s+|right\s+)?(?:leg|arm|wrist|ankle|knee|hip|back|neck|shoulder|collarbone|"
        r"rib|foot|toe|finger|hand|elbow|nose|jaw|skull|spine|hamstring|achilles|ligament|"
        r"tendon|muscle|disc|pelvis|vertebra|cruciate)s?\b",
        r"\b(?:a|my|his|her)\s+lump\b",
        r"\b(?:chest|back|neck|knee|hip|joint|stomach|abdominal|pelvic|nerve|muscle|shoulder|"
        r"tooth|ear|eye|kidney|liver|heart|lung|bladder|bowel|skin|foot|leg|period)\s+(?:pain|pains|"
        r"ache|aches|problems?|issues?|condition|trouble|disease|failure|damage|infection|"
        r"surgery|ulcer|cramps)\b",
        r"\bin\s+(?:a\s+lot\s+of\s+|so\s+much\s+|constant\s+|chronic\s+|severe\s+)?pain\b",
        r"\blosing\s+(?:my|his|her|their)\s+(?:hearing|sight|eyesight|vision|memory)\b",
        r"\b(?:because\s+of|due\s+to)\s+(?:my|his|her|their)\s+(?:knees?|back|hips?|heart|lungs?|"
        r"health|condition|illness|disability|injury|meds|medication|diagnosis)\b",
        r"\b(?:had|having|have|has)\s+a\s+(?:total\s+|complete\s+|full\s+)?breakdown\b"
        r"(?!\s+of\b)",
        r"\bflu\s+(?:shot|shots|jab|jabs|vaccine)\b|\b(?:take|takes|taking|took)\s+the\s+pill\b",
        r"\b(?:use|uses|using|walk\s+with|walks\s+with|need|needs)\s+a\s+(?:cane|walking\s+stick|"
        r"walker|zimmer\s+frame|mobility\s+scooter|stick\s+to\s+walk)\b(?!\s+app)",
        r"\bpurg(?:e|es|ed|ing)\s+after\s+(?:meals|eating|food)\b|\bbinge\s+and\s+purge\b",
        r"\bdrink\w*\s+(?:every\s+(?:night|day|morning)|daily|alone|to\s+(?:sleep|cope|forget))\b",
        rf"\b(?:have|has|had|with|childhood|{_POSSESSIVE}|from|past|deal\w*\s+with|process\w*|"
        r"unresolved)\s+trauma\b|\btrauma\s+(?:therapy|response|bond\w*)\b",
        r"\b(?:been|was|were|got|getting|get|feel|feeling|felt|fell|off|called\s+in|call\s+in|"
        r"home|calling\s+in|really|very|so)\s+sick\b(?!\s+(?:of|and\s+tired|beat|beats|trick))"
        r"|\bsick\s+with\b",
        r"\b(?:i'm|im|is|am|was|were|are|been|fell|falling|seriously|terminally|critically|"
        r"chronically|very|mentally|quite)\s+ill\b(?!-)",
        rf"\b{_POSSESSIVE}\s+(?:health|condition|illness|diagnosis|symptoms|recovery)\b"
        r"(?!\s+(?:insurance|app|apps|plan|club|food|kick|bar|tips))",
        r"\bhealth\s+(?:issues?|problems?|scare|scares|concerns?|anxiety|condition|conditions)\b",
        r"\b(?:medical|health|chronic|genetic|rare|skin|heart|lung|kidney|liver|neurological|"
        r"mental|pre-existing|preexisting|autoimmune|underlying|serious)\s+conditions?\b",
        r"\b(?:get|gets|getting|got|have|has|had|need|needs|daily|weekly|monthly|b12|insulin|"
        r"steroid|botox|cortisone|fertility|hormone|testosterone)\s+(?:injections?|shots?|jabs?)\b",
        # Addiction and recovery: "I'm in rehab", "sober for three years", "clean for months".
        r"\bin\s+recovery\b|\brecovering\s+(?:alcoholic|addict|drug\s+addict|gambler)\b",
        rf"\baddicted\s+to\s+(?:[\w'-]+\s+){{0,2}}?{_SUBSTANCES}\b",
        r"\b(?:recovering|former|ex|drug|heroin|opioid|crack|meth|sex|gambling|alcohol)"
        r"[\s-]addicts?\b",
        r"\b(?:gambling|drinking|drug|alcohol|substance|porn|opioid)\s+(?:problem|problems|"
        r"issue|issues|habit|abuse|use\s+disorder|dependency|dependence)\b",
        r"\bsober\b(?!\s+(?:colou?rs?|tones?|look|suit|style|palette|mood|assessment|reflection))",
        r"\b(?:been|stayed|stay|staying|am|is|i'm|got)\s+clean\s+(?:for|since)\b",
        r"\b\w+\s+(?:days|weeks|months|years)\s+(?:clean|sober)\b",
        r"\b(?:aa|na)\s+(?:meetings?|sponsor|group)\b",
        r"\b(?:go|goes|going|went|attend|attends|attending|joined)\s+(?:to\s+)?(?:aa|na)\b",
        # Pregnancy: "we're expecting a baby", "trying to conceive".
        r"\bexpecting\s+(?:a\s+baby|a\s+child|our|my|her|his|their|twins|triplets|a\s+boy|"
        r"a\s+girl|baby)\b|\b(?:we're|we\s+are|she's|she\s+is|i'm|i\s+am)\s+expecting\s*(?:$|[.!])",
        r"\btrying\s+(?:for\s+a\s+baby|to\s+(?:conceive|get\s+pregnant|have\s+a\s+baby))\b",
        r"\bbaby\s+(?:is\s+)?due\b|\b\d+\s+weeks\s+(?:pregnant|along)\b",
        # Mental health in plain words.
        r"\b(?:panic|anxiety)\s+attacks?\b|\bsuicid\w+|\bself[\s-]?harm\w*",
        r"\b(?:sick|medical|disability|stress)\s+leave\b",
        r"\b(?:off\s+sick|signed\s+off|off\s+work\s+(?:with|because\s+of|due\s+to|for|since))\b",
        r"\bon\s+the\s+(?:autism\s+|autistic\s+)?spectrum\b",
        r"\b(?:have|has|got|with|am|is|i'm|diagnosed)\s+type\s+(?:1|2|one|two|i|ii)\b",
        r"\bantidepress\w*|\bpregn[ae]n\w*",
        r"\b(?:do|does|did|doing|use|uses|used|using|take|takes|took|taking|on|smoke|smokes|"
        r"snort|snorts|inject|injects)\s+(?:coke|cocaine|heroin|meth|crystal\s+meth|mdma|ecstasy|"
        r"ketamine|lsd|acid|shrooms|crack|opium|weed|cannabis|marijuana)\b|\bsmokes?\s+pot\b",
        r"\bchronic\s+(?:[\w-]+\s+)?(?:pain|fatigue|illness|condition|disease|migraines?|"
        r"headaches?|infections?|inflammation|back|kidney|insomnia|depression|anxiety|cough)\b",
        r"\b(?:ptsd|trauma|cancer|stroke|covid)\s+survivor\b",
        r"\b(?:my|his|her|their)\s+(?:ms|aids|pots|eds|als|mnd|ibs|add)\b",
        r"\b(?:quit|quitting|stopped|stop|gave\s+up|give\s+up|giving\s+up|cut\s+out|trying\s+to\s+quit)"
        r"\s+(?:drinking|smoking|alcohol|booze|vaping|drugs|weed|cigarettes)\b",
        r"\b(?:i|we|she|he|they|user|[a-z]+)\s+(?:still\s+|also\s+|only\s+)?(?:smoke|smokes|vape|"
        r"vapes)\b(?!\s+(?:alarms?|detectors?|salmon|meat|bbq|brisket|ribs|fish|cheese|machine|my|"
        r"his|her|their|our|own|the)\b)",
        r"\blost\s+(?:the|our|my|her|their|a)\s+(?:baby|pregnancy)\b",
        r"\b(?:i'm|i\s+am|she's|she\s+is|we're|we\s+are|the\s+user\s+is)\s+due\s+(?:in|on|any|next|"
        r"this|around)\b",
    ),
    _FLAGS,
)


def _normalise(text: str) -> str:
    """Lower-cased, with typographic apostrophes straightened and spaces collapsed."""
    return " ".join(text.replace("’", "'").replace("‘", "'").lower().split())


def _span_category(text: str) -> Category | None:
    """The category of the most serious secret value in ``text``, if any."""
    found = {span.category for span in find_sensitive(text)}
    for category in _SPAN_PRIORITY:
        if category in found:
            return category
    return None


def sensitive_category(text: str) -> Category | None:
    """The sensitive topic a fact's text reveals about a person, or None.

    ``Category.CREDENTIAL`` / ``FINANCE`` / ``IDENTITY_DOCUMENT`` when a secret value is in the
    text (see :func:`sensitive.find_sensitive`); otherwise ``IDENTITY_DOCUMENT``, ``FINANCE``
    or ``HEALTH`` when the words speak of one (checked in that order), else None.
    """
    if not text or not text.strip():
        return None
    spanned = _span_category(text)
    if spanned is not None:
        return spanned
    low = _NEAR_MISSES.sub(" | ", _normalise(text))
    if _IDENTITY.search(low):
        return Category.IDENTITY_DOCUMENT
    if _FINANCE.search(low):
        return Category.FINANCE
    if _HEALTH.search(low):
        return Category.HEALTH
    return None
