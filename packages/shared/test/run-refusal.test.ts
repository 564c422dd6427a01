import { describe, expect, it } from 'vitest';
import {
  ACTIVE_RUN_STATUSES,
  FAILED_RUN_STATUSES,
  isFailedRunStatus,
  isFinishedRunStatus,
  planNotReadyMessage,
  runRefusalText,
  runRequestErrorText,
  SIM_RUN_STATUSES,
} from '../src';

const error = (code: string, step: 1 | 2 | 3) => ({ code, step });

describe('the refusal of a run the review rules block', () => {
  it('says a plan without countries needs one, on step 2, without "failed"', () => {
    const message = planNotReadyMessage([error('NO_COUNTRY', 2)]);
    expect(message).toBe('The plan cannot be run yet: add at least one country in step 2.');
    expect(runRefusalText(message, [{ message: 'At least one country is required.' }])).toBe(message);
  });

  it('counts the other problems and names their steps; the web lists them after the message', () => {
    const message = planNotReadyMessage([
      error('PLAN_FORM', 1),
      error('COUNTRY_INPUTS', 2),
      error('PLAN_FORM', 1),
    ]);
    expect(message).toBe('The plan cannot be run yet: fix the 3 problems listed in steps 1 and 2.');
    expect(planNotReadyMessage([error('NO_COUNTRY', 2), error('ENROLLMENT_DURATION', 1)])).toBe(
      'The plan cannot be run yet: add at least one country in step 2 and fix the problem listed in step 1.',
    );
    expect(runRefusalText(message, [{ message: 'A.' }, { message: 'B.' }, { message: 'A.' }])).toBe(
      `${message} A. B.`,
    );
  });
});

describe('a run request that does not go through', () => {
  it('is a refusal that says why below 500, and "Simulation failed." with the server\'s message otherwise', () => {
    const refused = { status: 400, message: 'The plan cannot be run yet.', fields: [{ message: 'A.' }] };
    expect(runRequestErrorText(refused)).toBe('The plan cannot be run yet. A.');
    expect(runRequestErrorText({ status: 503, message: 'Database unavailable.', fields: [] })).toBe(
      'Simulation failed. Database unavailable.',
    );
    expect(runRequestErrorText(null)).toBe('Simulation failed.');
  });
});

describe('the run statuses', () => {
  it('are each either under way or finished, and the failures are the finished ones other than COMPLETED_OK', () => {
    for (const status of SIM_RUN_STATUSES) {
      const active = (ACTIVE_RUN_STATUSES as readonly string[]).includes(status);
      expect(active).toBe(!isFinishedRunStatus(status));
      expect(isFailedRunStatus(status)).toBe(isFinishedRunStatus(status) && status !== 'COMPLETED_OK');
    }
    expect(FAILED_RUN_STATUSES).toHaveLength(4);
  });
});
