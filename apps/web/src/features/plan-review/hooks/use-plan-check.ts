import { BUTTON_TYPE_CODE, type PlanValidationItem } from '@predict/shared';
import { useSnackbar } from 'notistack';
import { createElement, useCallback } from 'react';
import { fetchPlanValidation } from '../api/review-api';

export const VALIDATION_FAILED_MESSAGE = 'The plan could not be checked. Please try again.'; // ours

/** A snackbar line per message; one message stays plain text. */
const listMessage = (items: PlanValidationItem[]) =>
  items.length === 1
    ? items[0]!.message
    : createElement(
        'ul',
        { style: { margin: 0, paddingLeft: 16 } },
        items.map((item, i) => createElement('li', { key: i }, item.message)),
      );

/**
 * The check before Next Step from the countries (step 2) or a run (step 3), spec/1 section 8: errors in an error
 * snackbar, warnings in a warning snackbar (the BUTTON_TYPE entry is not shown). Resolves true when nothing blocks
 * (buttonType ALL: every error blocks).
 */
export function usePlanCheck() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (planId: number, step: 2 | 3): Promise<boolean> => {
      let items: PlanValidationItem[];
      try {
        items = (await fetchPlanValidation(planId, step)).items.filter((i) => i.code !== BUTTON_TYPE_CODE);
      } catch {
        enqueueSnackbar(VALIDATION_FAILED_MESSAGE, { variant: 'error' });
        return false;
      }
      const errors = items.filter((i) => i.severity === 'error');
      const warnings = items.filter((i) => i.severity === 'warning');
      if (errors.length) enqueueSnackbar(listMessage(errors), { variant: 'error' });
      if (warnings.length) enqueueSnackbar(listMessage(warnings), { variant: 'warning' });
      return errors.length === 0;
    },
    [enqueueSnackbar],
  );
}
