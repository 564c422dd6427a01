import type { CohortRowValues } from '@predict/engine';

const nameKey = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/**
 * The cohorts a row may name as its predecessor without closing a cycle (spec/1 section 5: the first cohort has no
 * predecessor, the list excludes the row itself; section 4: the dates are a chain, each cohort after its
 * predecessor). A cohort qualifies unless following predecessors from it leads back to this row: picking it would
 * make the row its own ancestor, which validateCohorts refuses with 'Cohorts form a cycle.'. Names come trimmed,
 * in row order, each once (a duplicate name is its first row's); unnamed rows are left out. The first row gets none.
 */
export function cohortPredecessorChoices(rows: readonly CohortRowValues[], index: number): string[] {
  if (index <= 0 || index >= rows.length) return [];
  // Names resolve to their first row, as validateCohorts and the chain resolve them.
  const indexOfName = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = nameKey(row.cohortName);
    if (key !== '' && !indexOfName.has(key)) indexOfName.set(key, i);
  });
  const leadsBack = (start: number) => {
    const visited = new Set<number>();
    let current: number | undefined = start;
    while (current !== undefined && !visited.has(current)) {
      if (current === index) return true;
      visited.add(current);
      const predecessor = nameKey(rows[current]?.predecessorCohortName);
      current = predecessor === '' ? undefined : indexOfName.get(predecessor);
    }
    return false;
  };
  const own = nameKey(rows[index]?.cohortName);
  return [...indexOfName.entries()]
    .filter(([key, i]) => key !== own && !leadsBack(i))
    .map(([, i]) => (rows[i]?.cohortName ?? '').trim());
}
