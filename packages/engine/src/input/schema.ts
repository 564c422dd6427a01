import { z } from 'zod';
import { MSG } from './messages';
import { groupRules, type AddIssue } from './rules-group';
import { planRules } from './rules-plan';
import { SiteGroupInput } from './schema-group';
import { PlanInput } from './schema-plan';

export * from './schema-group';
export * from './schema-plan';
export { MSG } from './messages';
export { INPUT_LIMITS } from './fields';

/** Everything one simulation needs: the plan's study-level inputs and its site groups (countries). */
export const SimulationInput = z
  .object({
    plan: PlanInput,
    siteGroups: z.array(SiteGroupInput, { error: MSG.noCountry }).min(1, MSG.noCountry),
  })
  .superRefine((input, ctx) => {
    // One message per field, as on the forms: a field its own schema refused (e.g. a count below 1) gets no second
    // message from the rules, and a rule's message is given once.
    const key = (path: PropertyKey[]) => path.map(String).join('.');
    const refused = new Set(ctx.issues.map((i) => key(i.path ?? [])));
    const seen = new Set<string>();
    const add: AddIssue = (path, message) => {
      if (refused.has(key(path)) || seen.has(`${key(path)}|${message}`)) return;
      seen.add(`${key(path)}|${message}`);
      ctx.addIssue({ code: 'custom', path, message });
    };
    planRules(input.plan, input.siteGroups, add);
    input.siteGroups.forEach((g, i) => groupRules(input.plan, g, i, add));
  });
export type SimulationInput = z.output<typeof SimulationInput>;

/** One validation error: a dotted field path (e.g. 'siteGroups.0.activationProfiles.2.siteActivationProfileDays'). */
export interface InputError {
  path: string;
  message: string;
}

/** Validates raw JSON against SimulationInput; errors name their field paths. */
export function parseSimulationInput(
  json: unknown,
): { ok: true; input: SimulationInput } | { ok: false; errors: InputError[] } {
  const result = SimulationInput.safeParse(json);
  if (result.success) return { ok: true, input: result.data };
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, errors };
}
