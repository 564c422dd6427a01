import {
  COUNTRY_COST_MESSAGES as M,
  type AssessmentDefaultCostType as DefaultCostType,
} from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { applyDefaultCosts, defaultCostsQuery } from '../api/soe-uploads-api';

/** How the last import ended; null before the first or while one runs. */
export type DefaultCostsOutcome = 'imported' | 'failed' | null;

export interface DefaultCostsTarget {
  studyId: number;
  soeId: number;
  siteGroupId: number;
}

/**
 * Country Default Assessment Costs (spec/2 sections 3 and 8): the country's default costs from the reference data,
 * the Max, Min or Avg figure chosen (Avg at first), and applying it to the country's assessments.
 */
export function useDefaultCosts({ studyId, soeId, siteGroupId }: DefaultCostsTarget) {
  const notify = useNotify();
  const rows = useQuery(defaultCostsQuery(soeId, siteGroupId));
  const [type, setType] = useState<DefaultCostType>('Avg');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DefaultCostsOutcome>(null);

  const apply = async () => {
    setBusy(true);
    setResult(null);
    try {
      await applyDefaultCosts(studyId, {
        studyId,
        scheduleOfEventsId: soeId,
        siteGroupId,
        assessmentDefaultCostType: type,
      });
      setResult('imported');
      notify.success(M.imported);
    } catch (error) {
      // A refused import reloads nothing (spec/2 section 8).
      console.error('Applying the default assessment costs failed.', error);
      setResult('failed');
      notify.error(M.importFailed);
    } finally {
      setBusy(false);
    }
  };

  return { rows, type, setType, busy, result, apply, empty: rows.data?.length === 0 };
}
