import { OPPORTUNITY_STAGES, type OpportunityStage } from '@predict/shared';
import { DEMO_STUDIES, type DemoStudy } from './demo-studies';

/**
 * Deterministic generator of many realistic-looking studies for load tests (for example the 10,000-study list
 * benchmark). Pure: no clock, no Math.random; the same count and seed always give the same studies.
 *
 * Project ids are 'LT-' plus a six-digit running number ('LT-000001', ...), a namespace the hand-written demo
 * studies (YYYY-TA-NNNN) never use. The id depends only on the position, so runs with different seeds produce the
 * same ids with different content.
 */
export const GENERATED_PROJECT_ID_PREFIX = 'LT-';

/** Project id of the n-th generated study (1-based). */
export function generatedProjectId(n: number): string {
  return `${GENERATED_PROJECT_ID_PREFIX}${String(n).padStart(6, '0')}`;
}

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(list: readonly T[]): T {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p: number) => next() < p,
  };
}

// ------------------------------------------------------------------ vocabulary

interface Topic {
  therapeuticArea: string;
  therapeuticFranchise: string;
  indication: string;
}

/** Indications beyond those of the hand-written studies, with matching areas and franchises. */
const EXTRA_TOPICS: readonly [area: string, franchise: string, indication: string][] = [
  ['Oncology', 'Gynecologic Oncology', 'Advanced or recurrent endometrial cancer'],
  ['Oncology', 'Gastrointestinal Oncology', 'Metastatic pancreatic ductal adenocarcinoma'],
  ['Oncology', 'Hematologic Malignancies', 'Newly diagnosed acute myeloid leukemia'],
  ['Oncology', 'Hematologic Malignancies', 'Relapsed or refractory diffuse large B-cell lymphoma'],
  ['Oncology', 'Genitourinary Oncology', 'Muscle-invasive urothelial carcinoma'],
  ['Oncology', 'Head and Neck Oncology', 'Recurrent or metastatic head and neck squamous cell carcinoma'],
  ['Endocrinology and Metabolism', 'Diabetes', 'Type 1 diabetes in adolescents and adults'],
  [
    'Endocrinology and Metabolism',
    'Renal and Metabolic Disease',
    'Chronic kidney disease with type 2 diabetes',
  ],
  ['Endocrinology and Metabolism', 'Lipids and Metabolism', 'Severe hypertriglyceridemia'],
  ['Immunology and Inflammation', 'Rheumatology', 'Moderately to severely active rheumatoid arthritis'],
  ['Immunology and Inflammation', 'Rheumatology', 'Gout with frequent flares'],
  ['Immunology and Inflammation', 'Allergy', 'Chronic spontaneous urticaria'],
  ['Immunology and Inflammation', 'Nephrology', 'IgA nephropathy'],
  ['Dermatology', 'Medical Dermatology', 'Nonsegmental vitiligo'],
  ['Dermatology', 'Medical Dermatology', 'Severe alopecia areata'],
  ['Gastroenterology', 'Hepatology', 'Primary biliary cholangitis'],
  [
    'Gastroenterology',
    'Celiac and Functional GI',
    'Celiac disease with persistent symptoms on a gluten-free diet',
  ],
  ['Infectious Diseases and Vaccines', 'Viral Hepatitis', 'Chronic hepatitis B'],
  ['Infectious Diseases and Vaccines', 'HIV', 'HIV-1 pre-exposure prophylaxis'],
  ['Infectious Diseases and Vaccines', 'Antibacterials', 'Recurrent Clostridioides difficile infection'],
  ['Infectious Diseases and Vaccines', 'Pediatric Vaccines', 'Pneumococcal vaccination in healthy infants'],
  ['Neuroscience', 'Neuroinflammation', 'Relapsing multiple sclerosis'],
  ['Neuroscience', 'Epilepsy', 'Focal onset seizures in adults'],
  ['Neuroscience', 'Neuromuscular Disease', 'Generalized myasthenia gravis'],
  ['Psychiatry', 'Mood Disorders', 'Bipolar I depression'],
  ['Psychiatry', 'Trauma and Stress Disorders', 'Post-traumatic stress disorder'],
  ['Cardiovascular', 'Arrhythmia', 'Atrial fibrillation at high risk of stroke'],
  ['Cardiovascular', 'Pulmonary Vascular Disease', 'Pulmonary arterial hypertension'],
  ['Respiratory', 'Airways Disease', 'Non-cystic fibrosis bronchiectasis'],
  ['Respiratory', 'Cystic Fibrosis', 'Cystic fibrosis with at least one F508del mutation'],
  ['Hematology', 'Bleeding Disorders', 'Severe hemophilia A'],
  ['Hematology', 'Immune Cytopenias', 'Persistent or chronic immune thrombocytopenia'],
  ['Rare Diseases', 'Neuromuscular Gene Therapy', 'Spinal muscular atrophy'],
  ['Rare Diseases', 'Complement-mediated Disease', 'Hereditary angioedema'],
];

function uniqueBy<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of list) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

const TOPICS: readonly Topic[] = uniqueBy(
  [
    ...DEMO_STUDIES.map((s) => ({
      therapeuticArea: s.therapeuticArea,
      therapeuticFranchise: s.therapeuticFranchise,
      indication: s.indication,
    })),
    ...EXTRA_TOPICS.map(([therapeuticArea, therapeuticFranchise, indication]) => ({
      therapeuticArea,
      therapeuticFranchise,
      indication,
    })),
  ],
  (t) => t.indication,
);

interface Sponsor {
  name: string;
  /** Prefix of the sponsor's product codes, e.g. 'NWB'. */
  code: string;
  /** Therapeutic areas the sponsor works in; most of its studies come from these. Empty: any area. */
  areas: readonly string[];
}

const EXTRA_SPONSORS: readonly Sponsor[] = [
  { name: 'Glenmoor Therapeutics', code: 'GMT', areas: ['Immunology and Inflammation', 'Dermatology'] },
  { name: 'Arcturine Pharma SA', code: 'ARP', areas: ['Oncology'] },
  { name: 'Bellwether Oncology Inc.', code: 'BWO', areas: ['Oncology'] },
  { name: 'Cinderford Biologics', code: 'CFB', areas: ['Immunology and Inflammation', 'Gastroenterology'] },
  {
    name: 'Driftwood Medicines Ltd',
    code: 'DWM',
    areas: ['Respiratory', 'Infectious Diseases and Vaccines'],
  },
  { name: 'Eastmere Bio', code: 'EMB', areas: ['Endocrinology and Metabolism', 'Cardiovascular'] },
  { name: 'Fernhollow Pharmaceuticals', code: 'FHP', areas: ['Neuroscience', 'Psychiatry'] },
  { name: 'Greyhaven Vaccines', code: 'GHV', areas: ['Infectious Diseases and Vaccines'] },
  { name: 'Ironleaf Therapeutics', code: 'ILT', areas: ['Hematology', 'Rare Diseases'] },
  { name: 'Juniper Coast Pharma', code: 'JCP', areas: [] },
  { name: 'Lumenwick Biosciences', code: 'LWB', areas: ['Oncology', 'Hematology'] },
  { name: 'Mossgate Pharma BV', code: 'MGP', areas: [] },
  { name: 'Nettlebrook Rare Diseases', code: 'NRD', areas: ['Rare Diseases'] },
  {
    name: 'Orchard Vale Therapeutics',
    code: 'OVT',
    areas: ['Gastroenterology', 'Endocrinology and Metabolism'],
  },
  { name: 'Pinecrest Neurotherapeutics', code: 'PNT', areas: ['Neuroscience'] },
  { name: 'Rowanfield Pharma KK', code: 'RWF', areas: ['Psychiatry', 'Neuroscience'] },
  { name: 'Silverbirch Biotech', code: 'SBB', areas: ['Dermatology', 'Immunology and Inflammation'] },
  { name: 'Thornbury Immunotherapies', code: 'TBI', areas: ['Oncology', 'Immunology and Inflammation'] },
  { name: 'Umberline Medical Sciences', code: 'UMS', areas: [] },
  {
    name: 'Westcliff Cardiometabolic',
    code: 'WCM',
    areas: ['Cardiovascular', 'Endocrinology and Metabolism'],
  },
];

const SPONSORS: readonly Sponsor[] = uniqueBy(
  [
    ...DEMO_STUDIES.map((s) => ({
      name: s.sponsorName,
      code: s.investigationalProductName.split('-')[0] ?? 'CMP',
      areas: [
        ...new Set(DEMO_STUDIES.filter((o) => o.sponsorName === s.sponsorName).map((o) => o.therapeuticArea)),
      ],
    })),
    ...EXTRA_SPONSORS,
  ],
  (s) => s.name,
);

/** Topics by therapeutic area. */
const TOPICS_BY_AREA = new Map<string, Topic[]>();
for (const t of TOPICS)
  TOPICS_BY_AREA.set(t.therapeuticArea, [...(TOPICS_BY_AREA.get(t.therapeuticArea) ?? []), t]);

const PEOPLE: readonly string[] = [
  ...new Set(DEMO_STUDIES.flatMap((s) => [s.proposalBudgeterName, s.proposalStrategyName])),
  'Olivia Brandt',
  'Rafael Quintero',
  'Mei Lin Ong',
  'Samuel Achterberg',
  'Nadia Petrovic',
  'Oluwaseun Bello',
];

/** Phase label, protocol number series and relative weight. */
const PHASES: readonly { label: string; roman: string; series: number; weight: number }[] = [
  { label: 'Phase I', roman: '1', series: 100, weight: 8 },
  { label: 'Phase Ib', roman: '1b', series: 100, weight: 5 },
  { label: 'Phase II', roman: '2', series: 200, weight: 20 },
  { label: 'Phase IIa', roman: '2a', series: 200, weight: 5 },
  { label: 'Phase IIb', roman: '2b', series: 200, weight: 10 },
  { label: 'Phase III', roman: '3', series: 300, weight: 40 },
  { label: 'Phase IIIb', roman: '3b', series: 300, weight: 4 },
  { label: 'Phase IV', roman: '4', series: 400, weight: 8 },
];

const DESIGNS: readonly string[] = [
  'Randomized, Double-blind, Placebo-controlled',
  'Randomized, Double-blind, Active-controlled',
  'Randomized, Open-label, Active-controlled',
  'Open-label, Single-arm, Multicenter',
  'Randomized, Double-blind, Placebo-controlled, Dose-ranging',
  'Randomized, Observer-blind, Placebo-controlled',
];

const OBJECTIVES: readonly string[] = [
  'Evaluate the Efficacy and Safety of',
  'Evaluate the Safety, Tolerability and Pharmacokinetics of',
  'Assess the Long-term Safety of',
  'Evaluate the Efficacy and Durability of Response to',
  'Evaluate the Efficacy, Safety and Patient-reported Outcomes of',
];

const ACRONYMS: readonly string[] = [
  'ASCEND',
  'BEACON',
  'CADENCE',
  'DELTA',
  'EMBER',
  'FALCON',
  'GALLOP',
  'HARBOR',
  'INSIGHT',
  'JUBILEE',
  'KEYSTONE',
  'LANTERN',
  'MOSAIC',
  'NORTHSTAR',
  'ORBIT',
  'PINNACLE',
  'QUASAR',
  'RADIANT',
  'SUMMIT',
  'TANDEM',
  'UPLIFT',
  'VANGUARD',
  'WAYPOINT',
  'ZEPHYR',
];

const SOE_OUTLINES: readonly string[] = [
  'Screening up to 28 days, treatment visits every 4 weeks, end-of-treatment and safety follow-up visits',
  'Screening and run-in, randomized treatment period, open-label extension, 30-day safety follow-up',
  'Screening, weekly visits for the first month then monthly, central laboratory and ECG at key visits',
  'Single dosing visit, reactogenicity eDiary for 7 days, follow-up visits at months 1, 6 and 12',
  'Screening imaging with central read, treatment cycles every 3 weeks, imaging every 9 weeks, survival follow-up',
  'Screening biopsy, 52-week treatment, efficacy assessments every 12 weeks, end-of-study biopsy',
];

/** Stages before a proposal is built: plans and SoEs are rare there. */
const EARLY_STAGES: ReadonlySet<OpportunityStage> = new Set<OpportunityStage>([
  'RFI Requested',
  'RFI Sent',
  'Developing Project Scope',
  'Closed Not Bidding',
]);

const DAY_MS = 86_400_000;
/** Due dates span 2025-01-01 to 2026-12-31. */
const DUE_FROM = Date.UTC(2025, 0, 1);
const DUE_DAYS = 730;
/** Last-update timestamps span 2025-01-01 to 2026-06-30 (546 days). */
const UPDATE_FROM = Date.UTC(2025, 0, 1);
const UPDATE_DAYS = 546;

function pickPhase(rng: Rng): (typeof PHASES)[number] {
  const total = PHASES.reduce((sum, p) => sum + p.weight, 0);
  let r = rng.next() * total;
  for (const p of PHASES) {
    r -= p.weight;
    if (r < 0) return p;
  }
  return PHASES[PHASES.length - 1] ?? { label: 'Phase III', roman: '3', series: 300, weight: 1 };
}

function timestamp(rng: Rng): string {
  const ms = UPDATE_FROM + rng.int(0, UPDATE_DAYS * 86_400 - 1) * 1000;
  return new Date(ms).toISOString();
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

/** Title case as protocol titles use it: 'Non-small Cell Lung Cancer With EGFR ...'; acronyms stay as they are. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** 'in Participants With ...' for a disease, 'for ...' for prevention or vaccination indications. */
function population(indication: string): string {
  const preventive = /prevention|prophylaxis|vaccination|immunization/i.test(indication);
  return `${preventive ? 'for' : 'in Participants With'} ${titleCase(indication)}`;
}

/** A topic in one of the sponsor's areas most of the time, any topic otherwise. */
function pickTopic(rng: Rng, sponsor: Sponsor): Topic {
  if (sponsor.areas.length > 0 && rng.chance(0.85)) {
    const own = TOPICS_BY_AREA.get(rng.pick(sponsor.areas));
    if (own && own.length > 0) return rng.pick(own);
  }
  return rng.pick(TOPICS);
}

function generateOne(rng: Rng, n: number): DemoStudy {
  const sponsor = rng.pick(SPONSORS);
  const topic = pickTopic(rng, sponsor);
  const phase = pickPhase(rng);
  const stage = rng.pick(OPPORTUNITY_STAGES);
  const product = `${sponsor.code}-${rng.int(1000, 9999)}`;
  const protocolId = `${product}-${phase.series + rng.int(1, 12)}`;
  const acronym = rng.pick(ACRONYMS);
  const early = EARLY_STAGES.has(stage);

  const enrollmentPlanExists = rng.chance(early ? 0.1 : 0.7);
  const soeExists = rng.chance(early ? 0.05 : 0.55);
  const soeCosts = soeExists && rng.chance(0.7);
  const soeClinicalInformatics = soeExists && rng.chance(0.4);
  const soeDataManagement = soeExists && rng.chance(0.5);
  const soeVersion = rng.int(1, 6);

  return {
    projectId: generatedProjectId(n),
    studyName: `${acronym}-${product.split('-')[1] ?? n} ${topic.therapeuticFranchise}`,
    sponsorName: sponsor.name,
    opportunityStage: stage,
    proposalVersion: `${rng.int(1, 3)}.${rng.int(0, 2)}`,
    proposalDueDate: new Date(DUE_FROM + rng.int(0, DUE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10),
    therapeuticArea: topic.therapeuticArea,
    therapeuticFranchise: topic.therapeuticFranchise,
    indication: topic.indication,
    investigationalProductName: product,
    phase: phase.label,
    protocolId,
    protocolTitle: `A Phase ${phase.roman}, ${rng.pick(DESIGNS)} Study to ${rng.pick(OBJECTIVES)} ${product} ${population(topic.indication)}`,
    proposalBudgeterName: rng.pick(PEOPLE),
    proposalStrategyName: rng.pick(PEOPLE),
    soeName: soeExists ? `${protocolId} SoE v${soeVersion}` : null,
    soeDescription: soeExists ? rng.pick(SOE_OUTLINES) : null,
    enrollmentPlanExists,
    soeExists,
    soeCosts,
    soeClinicalInformatics,
    soeDataManagement,
    enrollmentPlanLastUpdate: enrollmentPlanExists ? timestamp(rng) : null,
    soeLastUpdate: soeExists ? timestamp(rng) : null,
  };
}

/**
 * Generates `count` studies with unique project ids 'LT-000001' to 'LT-<count>', drawn deterministically from
 * `seed`. Studies satisfy the same rules as the hand-written demo studies (dates only with their flags, SoE detail
 * flags only with an SoE, no / # \ & in any text).
 */
export function generateStudies(count: number, seed = 1): DemoStudy[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer: ${count}`);
  const rng = createRng(seed);
  const out: DemoStudy[] = [];
  for (let i = 1; i <= count; i++) out.push(generateOne(rng, i));
  return out;
}
