import { describe, expect, it } from 'vitest';
import { planRow } from '../test/plan-fixtures';
import { planRowActions } from './plan-rows';

describe('planRowActions: Start Simulation', () => {
  it('is offered for a Draft plan without a run, to editors only', () => {
    const draft = planRow(1, { scenarioStatus: 'Draft', isEditable: true, simOptRunId: null });
    expect(planRowActions(draft, false).startSimulation).toBe(true);
    expect(planRowActions(draft, true).startSimulation).toBe(false);
    expect(planRowActions({ ...draft, simOptRunId: '9' }, false).startSimulation).toBe(false);
  });

  it('is offered for a Draft-Combo combination (no editable steps), not for other statuses', () => {
    const combo = planRow(2, {
      studyPlanTypeDetail: 'Combination (D)',
      scenarioStatus: 'Draft-Combo',
      isEditable: false,
      simOptRunId: null,
    });
    expect(planRowActions(combo, false).startSimulation).toBe(true);
    expect(planRowActions({ ...combo, scenarioStatus: 'Proposal' }, false).startSimulation).toBe(false);
    const proposal = planRow(3, { scenarioStatus: 'Proposal', isEditable: false, simOptRunId: null });
    expect(planRowActions(proposal, false).startSimulation).toBe(false);
  });
});
