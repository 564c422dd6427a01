import { SUB_CENTS } from './currency';
import { resolveLevel, type ResolvedLevel } from './levels';
import { divHalfUp, scaled } from './money';
import {
  isGridType,
  type SoeCostAssessment,
  type SoeCostInput,
  type SoeCostMapping,
  type SoeLevelKey,
  type VisitTotals,
} from './types';

/** A visit's grid-type cells as columns: assessment position, multiplier x 100 (2 decimals), U / N flags. */
interface VisitCells {
  index: Int32Array;
  m100: Float64Array;
  /** 1 = U, 2 = N, 0 = neither. */
  form: Uint8Array;
}

interface Grid {
  /** The grid-type assessments in input order (positions are `VisitCells.index`). */
  assessments: SoeCostAssessment[];
  cells: Map<number, VisitCells>;
  source: [SoeCostMapping[], SoeCostAssessment[], number];
  /** Per-visit sums by the assessment costs they were computed with (levels often share one cost list). */
  sums: Map<string, Map<number, VisitSums>>;
}

/** A visit's grid sums at one list of assessment costs: sub-cents x 100, exact (bigint past 2^53). */
interface VisitSums {
  count100: number;
  uniqueCrfs: number;
  nonUniqueCrfs: number;
  cost100: bigint;
  overheadBase100: bigint;
  exclude100: bigint;
}

/** The grid-type cells of each visit: the same at every level, so built once per input (forecasts ask per row). */
const grids = new WeakMap<SoeCostInput, Grid>();
function gridOf(input: SoeCostInput): Grid {
  const known = grids.get(input);
  // Rebuilt when the input's lists were replaced or grew (inputs are treated as immutable otherwise).
  const source: Grid['source'] = [input.mapping, input.assessments, input.mapping.length];
  if (known && known.source.every((x, i) => x === source[i])) return known;
  const assessments = input.assessments.filter((a) => isGridType(a.type));
  const position = new Map(assessments.map((a, i) => [a.assessmentId, i]));
  const finite = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const lists = new Map<number, SoeCostMapping[]>();
  for (const cell of input.mapping) {
    if (!position.has(cell.assessmentId)) continue; // grid types only
    const list = lists.get(cell.visitId);
    if (list) list.push(cell);
    else lists.set(cell.visitId, [cell]);
  }
  const cells = new Map<number, VisitCells>();
  for (const [visitId, list] of lists) {
    cells.set(visitId, {
      index: Int32Array.from(list, (c) => position.get(c.assessmentId)!),
      // A ticked cell without a multiplier counts 1 (spec/2 mapping grid); 2 decimals.
      m100: Float64Array.from(list, (c) =>
        Math.round((c.multiplier === null ? 1 : finite(c.multiplier)) * 100),
      ),
      form: Uint8Array.from(list, (c) => (c.uniqueNonUnique === 'U' ? 1 : c.uniqueNonUnique === 'N' ? 2 : 0)),
    });
  }
  const grid = { assessments, cells, source, sums: new Map() };
  grids.set(input, grid);
  return grid;
}

const NO_CELLS: VisitCells = { index: new Int32Array(0), m100: new Float64Array(0), form: new Uint8Array(0) };

/** The sums of one visit's cells at the given assessment costs (sub-cents x 100): doubles while exact, else bigint. */
function visitSums(
  cells: VisitCells,
  costs: Float64Array,
  excluded: Uint8Array,
  overhead: Uint8Array,
): VisitSums {
  let count100 = 0;
  let uniqueCrfs = 0;
  let nonUniqueCrfs = 0;
  // Sums in sub-cents x 100 (all non-excluded, overhead base, excluded).
  let all = 0;
  let base = 0;
  let pass = 0;
  for (let k = 0; k < cells.index.length; k++) {
    const a = cells.index[k]!;
    const m100 = cells.m100[k]!;
    count100 += m100;
    if (cells.form[k] === 1) uniqueCrfs++;
    else if (cells.form[k] === 2) nonUniqueCrfs++;
    const line = m100 * costs[a]!;
    if (excluded[a]) pass += line;
    else {
      all += line;
      if (overhead[a]) base += line;
    }
  }
  const sums = [all, base, pass];
  let big = sums.map((x) => BigInt(Number.isSafeInteger(x) ? x : 0));
  if (!sums.every(Number.isSafeInteger)) {
    big = [0n, 0n, 0n];
    for (let k = 0; k < cells.index.length; k++) {
      const a = cells.index[k]!;
      const line = BigInt(cells.m100[k]!) * BigInt(costs[a]!);
      if (excluded[a]) big[2]! += line;
      else {
        big[0]! += line;
        if (overhead[a]) big[1]! += line;
      }
    }
  }
  return {
    count100,
    uniqueCrfs,
    nonUniqueCrfs,
    cost100: big[0]!,
    overheadBase100: big[1]!,
    exclude100: big[2]!,
  };
}

const SUB = BigInt(SUB_CENTS);
/** cost100 (sub-cents x 100) per cent. */
const PER_CENT = 100n * SUB;
/** Exact totals are kept in 10^-10 cents: sub-cents x 100 x percent x 100. */
const EXACT_PER_CENT = 1_000_000n * SUB;

/**
 * The totals rows of every visit at an already resolved level (design section 3), amounts in the level's currency,
 * cents. Inherited amounts come converted exactly (sub-cents); multipliers and percents count to 2 decimals; the
 * sums are exact and each displayed cent amount (Assessment Cost, Visit Overhead, Total Visit Cost, Exclude Cost) is
 * rounded once, half-up, from them. `exact` carries the unrounded amounts for the forecast.
 */
export function visitTotalsOf(input: SoeCostInput, level: ResolvedLevel): VisitTotals[] {
  const grid = gridOf(input);
  const cost = new Map(level.assessments.map((a) => [a.assessmentId, a.costSubCents]));
  const values = new Map(level.visits.map((v) => [v.visitId, v]));
  const costs = Float64Array.from(grid.assessments, (a) => Number(cost.get(a.assessmentId) ?? 0n));
  const excluded = Uint8Array.from(grid.assessments, (a) => (a.exclude ? 1 : 0));
  const overhead = Uint8Array.from(grid.assessments, (a) => (a.overhead ? 1 : 0));
  const key = costs.join(',');
  let known = grid.sums.get(key);
  if (!known) {
    known = new Map();
    // A few cost lists per SOE at most (study, countries with costs of their own); kept with the grid.
    if (grid.sums.size >= 64) grid.sums.clear();
    grid.sums.set(key, known);
  }
  const sumsOf = (visitId: number) => {
    let found = known.get(visitId);
    if (!found)
      known.set(visitId, (found = visitSums(grid.cells.get(visitId) ?? NO_CELLS, costs, excluded, overhead)));
    return found;
  };
  return input.visits.map((v): VisitTotals => {
    const { count100, uniqueCrfs, nonUniqueCrfs, cost100, overheadBase100, exclude100 } = sumsOf(v.visitId);
    const own = values.get(v.visitId);
    // sub-cents x 100 x percent x 100 = 10^-10 cents (the overhead is percent / 100 of its base).
    const overheadExact = overheadBase100 * scaled(own?.overheadPct ?? 0, 2);
    const totalExact = cost100 * 10_000n + overheadExact + (own?.visitCostSubCents ?? 0n) * 1_000_000n;
    const contractTotal = own?.visitCostTotalCents ?? null;
    return {
      visitId: v.visitId,
      visitName: v.visitName,
      assessmentCount: count100 / 100,
      assessmentCostCents: Number(divHalfUp(cost100, PER_CENT)),
      visitOverheadCents: Number(divHalfUp(overheadExact, EXACT_PER_CENT)),
      totalVisitCostCents: contractTotal ?? Number(divHalfUp(totalExact, EXACT_PER_CENT)),
      uniqueCrfs,
      nonUniqueCrfs,
      excludeCostCents: Number(divHalfUp(exclude100, PER_CENT)),
      contractTotal: contractTotal !== null,
      exact: {
        assessmentCost: Number(cost100) / Number(PER_CENT),
        totalVisitCost: contractTotal ?? Number(totalExact) / Number(EXACT_PER_CENT),
        excludeCost: Number(exclude100) / Number(PER_CENT),
      },
    };
  });
}

/**
 * The six totals rows (plus Exclude Cost) of every visit at a level: study (siteGroupId 0), country (siteId 1) or
 * site, after inheritance; amounts in the level's currency, cents. Throws MissingExchangeRateError naming a level
 * when an inherited amount needs a rate that is missing.
 */
export function computeVisitTotals(input: SoeCostInput, level: SoeLevelKey): VisitTotals[] {
  return visitTotalsOf(input, resolveLevel(input, level));
}
