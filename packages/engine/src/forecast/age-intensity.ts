/** A site's intensity by the pieces of its group's age profile (model/age-profile.ts): the generic path. */
import type { CompiledPlan } from './compile';
import { addLinear, type ReplicationWorkspace } from './intensity';

/**
 * Adds rate x m(t - a) (patients/day) on days [from, to) for a site of group g activated on day a: each piece of
 * the group's age profile is linear in t, alpha + beta t with alpha = rate (c0 - c1 a), beta = rate c1.
 */
export function addSiteByAge(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  g: number,
  a: number,
  from: number,
  to: number,
  rate: number,
): void {
  const q = cp.groupCombo[g]!;
  for (let k = cp.groupPieceStart[g]!, end = cp.groupPieceStart[g + 1]!; k < end; k++) {
    const x0 = Math.max(from, a + cp.pieceX0[k]!);
    const x1 = Math.min(to, a + cp.pieceX1[k]!);
    if (!(x1 > x0)) continue;
    const c1 = cp.pieceC1[k]!;
    addLinear(cp, ws, q, x0, x1, rate * (cp.pieceC0[k]! - c1 * a), rate * c1);
  }
}
