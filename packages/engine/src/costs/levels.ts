import { convertSubCents, levelCurrency, levelEntry, SUB_CENTS, type LevelCurrency } from './currency';
import { divHalfUp } from './money';
import type { SoeCostInput, SoeLevelKey, SoeLevelValues, ValueSource } from './types';

/** A visit's cost values at a level, each with the level it comes from; amounts in the level's currency, cents. */
export interface ResolvedVisitValues {
  visitId: number;
  /** Visit overhead, percent. */
  overheadPct: number;
  overheadPctSource: ValueSource;
  /** The visit's own fixed cost, cents (an inherited amount converted and rounded half-up: for display). */
  visitCostCents: number;
  /** The same, exact: sub-cents (10^-4 cents) of the level's currency, not rounded to the cent. */
  visitCostSubCents: bigint;
  visitCostSource: ValueSource;
  /** A site contract's visit total, cents; null when not set (or not a site). */
  visitCostTotalCents: number | null;
}

/** An assessment's cost at a level and the level it comes from; cents of the level's currency. */
export interface ResolvedAssessmentCost {
  assessmentId: number;
  /** Rounded half-up to the cent (for display). */
  costCents: number;
  /** Exact: sub-cents (10^-4 cents) of the level's currency. */
  costSubCents: bigint;
  source: ValueSource;
}

/** The values that apply at one level after inheritance (site <- country <- study), in the order of the input. */
export interface ResolvedLevel {
  key: SoeLevelKey;
  currency: LevelCurrency;
  /** True for a site with its own entry (a contract); its values replace the country's in the forecast. */
  contract: boolean;
  visits: ResolvedVisitValues[];
  assessments: ResolvedAssessmentCost[];
}

interface Layer {
  source: ValueSource;
  entry: SoeLevelValues | undefined;
  currency: LevelCurrency;
  /** The entry's values by id (first one wins, as a search in order would): a forecast resolves ~100 levels. */
  visits: Map<number, SoeLevelValues['visits'][number]>;
  assessments: Map<number, SoeLevelValues['assessments'][number]>;
}

function byId<T>(list: readonly T[] | undefined, id: (x: T) => number): Map<number, T> {
  const map = new Map<number, T>();
  for (const x of list ?? []) if (!map.has(id(x))) map.set(id(x), x);
  return map;
}

function layer(source: ValueSource, entry: SoeLevelValues | undefined, currency: LevelCurrency): Layer {
  return {
    source,
    entry,
    currency,
    visits: byId(entry?.visits, (v) => v.visitId),
    assessments: byId(entry?.assessments, (a) => a.assessmentId),
  };
}

const isSet = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

const SUB = BigInt(SUB_CENTS);
/** Sub-cents to cents, half-up (display). */
const toCents = (sub: bigint) => Number(divHalfUp(sub, SUB));

/**
 * The values of level `key` (study: siteGroupId 0; country: siteId 1; site: siteId > 1): each value is the most
 * specific one set, an inherited amount converted from its level's currency to this level's exactly (sub-cents,
 * convertSubCents; the cents fields are those rounded half-up, for display).
 * Throws MissingExchangeRateError naming a level when an inherited amount needs a rate that is missing.
 */
export function resolveLevel(input: SoeCostInput, key: SoeLevelKey): ResolvedLevel {
  const study: SoeLevelKey = { siteGroupId: 0, siteId: 1 };
  const target = levelCurrency(input, key);
  // Most specific first.
  const layers: Layer[] = [];
  if (key.siteGroupId !== 0 && key.siteId !== 1) {
    layers.push(layer('site', levelEntry(input, key), target));
  }
  if (key.siteGroupId !== 0) {
    const country: SoeLevelKey = { siteGroupId: key.siteGroupId, siteId: 1 };
    layers.push(layer('country', levelEntry(input, country), levelCurrency(input, country)));
  }
  const studyCurrency = levelCurrency(input, study);
  const money = (cents: number, from: LevelCurrency) => convertSubCents(cents, from, target, input.currency);
  const siteLayer = layers[0]?.source === 'site' ? layers[0] : undefined;
  const site = siteLayer?.entry;

  const visits = input.visits.map((v): ResolvedVisitValues => {
    let overheadPct = isSet(v.overheadPct) ? v.overheadPct : 0;
    let overheadPctSource: ValueSource = 'study';
    let visitCostSubCents: bigint | null = null;
    let visitCostSource: ValueSource = 'study';
    let pctDone = false;
    let costDone = false;
    for (const layer of layers) {
      const lv = layer.visits.get(v.visitId);
      if (!lv) continue;
      if (!pctDone && isSet(lv.overheadPct)) {
        [overheadPct, overheadPctSource, pctDone] = [lv.overheadPct, layer.source, true];
      }
      if (!costDone && isSet(lv.visitCostCents)) {
        [visitCostSubCents, visitCostSource, costDone] = [
          money(lv.visitCostCents, layer.currency),
          layer.source,
          true,
        ];
      }
    }
    visitCostSubCents ??= money(isSet(v.visitCostCents) ? v.visitCostCents : 0, studyCurrency);
    const total = siteLayer?.visits.get(v.visitId)?.visitCostTotalCents;
    return {
      visitId: v.visitId,
      overheadPct,
      overheadPctSource,
      visitCostCents: toCents(visitCostSubCents),
      visitCostSubCents,
      visitCostSource,
      visitCostTotalCents: isSet(total) ? Math.round(total) : null,
    };
  });

  const assessments = input.assessments.map((a): ResolvedAssessmentCost => {
    for (const layer of layers) {
      const la = layer.assessments.get(a.assessmentId);
      if (la && isSet(la.costCents)) {
        const sub = money(la.costCents, layer.currency);
        return {
          assessmentId: a.assessmentId,
          costCents: toCents(sub),
          costSubCents: sub,
          source: layer.source,
        };
      }
    }
    const sub = money(a.costCents ?? 0, studyCurrency);
    return { assessmentId: a.assessmentId, costCents: toCents(sub), costSubCents: sub, source: 'study' };
  });

  return { key, currency: target, contract: site !== undefined, visits, assessments };
}
