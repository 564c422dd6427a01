import { convertCents, levelCurrency, levelEntry, type LevelCurrency } from './currency';
import type { SoeCostInput, SoeLevelKey, SoeLevelValues, ValueSource } from './types';

/** A visit's cost values at a level, each with the level it comes from; amounts in the level's currency, cents. */
export interface ResolvedVisitValues {
  visitId: number;
  /** Visit overhead, percent. */
  overheadPct: number;
  overheadPctSource: ValueSource;
  /** The visit's own fixed cost, cents. */
  visitCostCents: number;
  visitCostSource: ValueSource;
  /** A site contract's visit total, cents; null when not set (or not a site). */
  visitCostTotalCents: number | null;
}

/** An assessment's cost at a level and the level it comes from; cents of the level's currency. */
export interface ResolvedAssessmentCost {
  assessmentId: number;
  costCents: number;
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

/**
 * The values of level `key` (study: siteGroupId 0; country: siteId 1; site: siteId > 1): each value is the most
 * specific one set, an inherited amount converted from its level's currency to this level's (half-up cents).
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
  const money = (cents: number, from: LevelCurrency) => convertCents(cents, from, target, input.currency);
  const siteLayer = layers[0]?.source === 'site' ? layers[0] : undefined;
  const site = siteLayer?.entry;

  const visits = input.visits.map((v): ResolvedVisitValues => {
    let overheadPct = isSet(v.overheadPct) ? v.overheadPct : 0;
    let overheadPctSource: ValueSource = 'study';
    let visitCostCents: number | null = null;
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
        [visitCostCents, visitCostSource, costDone] = [
          money(lv.visitCostCents, layer.currency),
          layer.source,
          true,
        ];
      }
    }
    visitCostCents ??= money(isSet(v.visitCostCents) ? v.visitCostCents : 0, studyCurrency);
    const total = siteLayer?.visits.get(v.visitId)?.visitCostTotalCents;
    return {
      visitId: v.visitId,
      overheadPct,
      overheadPctSource,
      visitCostCents,
      visitCostSource,
      visitCostTotalCents: isSet(total) ? Math.round(total) : null,
    };
  });

  const assessments = input.assessments.map((a): ResolvedAssessmentCost => {
    for (const layer of layers) {
      const la = layer.assessments.get(a.assessmentId);
      if (la && isSet(la.costCents)) {
        return {
          assessmentId: a.assessmentId,
          costCents: money(la.costCents, layer.currency),
          source: layer.source,
        };
      }
    }
    return {
      assessmentId: a.assessmentId,
      costCents: money(a.costCents ?? 0, studyCurrency),
      source: 'study',
    };
  });

  return { key, currency: target, contract: site !== undefined, visits, assessments };
}
