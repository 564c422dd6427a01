import { OPPORTUNITY_STAGES, type OpportunityStage } from '@predict/shared';
import { z } from 'zod';
import { demoData, type DemoStudy } from './load-demo-data';
import studyGeneratorWords from './study-generator-words.json';

/**
 * Deterministic generator of many realistic-looking studies for load tests (for example the 10,000-study list
 * benchmark). Pure: no clock, no Math.random; the same count and seed always give the same studies.
 *
 * Project ids are 'LT-' plus a six-digit running number ('LT-000001', ...), a namespace the hand-written demo
 * studies (YYYY-TA-NNNN) never use. The id depends only on the position, so runs with different seeds produce the
 * same ids with different content.
 */
export const GENERATED_PROJECT_ID_PREFIX = 'LT-';

// The hand-written demo studies lend the generator their topics, sponsors and people.
const DEMO_STUDIES = demoData().studies;

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

const Topic = z.strictObject({
  therapeuticArea: z.string(),
  therapeuticFranchise: z.string(),
  indication: z.string(),
});
type Topic = z.infer<typeof Topic>;

const Sponsor = z.strictObject({
  name: z.string(),
  /** Prefix of the sponsor's product codes, e.g. 'NWB'. */
  code: z.string(),
  /** Therapeutic areas the sponsor works in; most of its studies come from these. Empty: any area. */
  areas: z.array(z.string()),
});
type Sponsor = z.infer<typeof Sponsor>;

const nonEmpty = <T extends z.ZodType>(item: T) => z.array(item).min(1);

/**
 * The generator's words beyond those of the hand-written studies (study-generator-words.json): indications with
 * their areas and franchises, sponsors, people, phases (label, protocol number series, relative weight), designs,
 * objectives, acronyms and SoE outlines.
 */
const Words = z.strictObject({
  topics: nonEmpty(Topic),
  sponsors: nonEmpty(Sponsor),
  people: nonEmpty(z.string()),
  phases: nonEmpty(
    z.strictObject({
      label: z.string(),
      roman: z.string(),
      series: z.number().int(),
      weight: z.number().positive(),
    }),
  ),
  designs: nonEmpty(z.string()),
  objectives: nonEmpty(z.string()),
  acronyms: nonEmpty(z.string()),
  soeOutlines: nonEmpty(z.string()),
});

const WORDS = Words.parse(studyGeneratorWords);

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
    ...WORDS.topics,
  ],
  (t) => t.indication,
);

const SPONSORS: readonly Sponsor[] = uniqueBy(
  [
    ...DEMO_STUDIES.map((s) => ({
      name: s.sponsorName,
      code: s.investigationalProductName.split('-')[0] ?? 'CMP',
      areas: [
        ...new Set(DEMO_STUDIES.filter((o) => o.sponsorName === s.sponsorName).map((o) => o.therapeuticArea)),
      ],
    })),
    ...WORDS.sponsors,
  ],
  (s) => s.name,
);

/** Topics by therapeutic area. */
const TOPICS_BY_AREA = new Map<string, Topic[]>();
for (const t of TOPICS)
  TOPICS_BY_AREA.set(t.therapeuticArea, [...(TOPICS_BY_AREA.get(t.therapeuticArea) ?? []), t]);

const PEOPLE: readonly string[] = [
  ...new Set(DEMO_STUDIES.flatMap((s) => [s.proposalBudgeterName, s.proposalStrategyName])),
  ...WORDS.people,
];
const {
  phases: PHASES,
  designs: DESIGNS,
  objectives: OBJECTIVES,
  acronyms: ACRONYMS,
  soeOutlines: SOE_OUTLINES,
} = WORDS;

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
