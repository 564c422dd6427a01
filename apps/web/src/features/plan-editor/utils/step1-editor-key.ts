import type { ReadyPlanRoute } from '@/features/plan-shell';

/**
 * History state of the address a new plan moves to once it is saved (Save Draft): the key of the editor it was
 * typed in. That editor already holds the saved values (the save resets the form to them), so it stays mounted.
 * Remounting it under the new id threw away whatever was typed while the address changed: the new instance
 * started from the saved values and the old one, still on screen until the new one was rendered, took the keys.
 */
export interface SavedNewPlanState {
  step1EditorKey: string;
}

export const savedNewPlanState = (route: ReadyPlanRoute): SavedNewPlanState => ({
  step1EditorKey: route.planParam,
});

/** The key of step 1's editor: the plan in the address, or the new plan's editor it was saved from. */
export function step1EditorKey(route: ReadyPlanRoute, historyState: unknown): string {
  const kept = (historyState as Partial<SavedNewPlanState> | null | undefined)?.step1EditorKey;
  return typeof kept === 'string' ? kept : route.planParam;
}
