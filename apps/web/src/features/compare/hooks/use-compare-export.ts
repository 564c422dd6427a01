import { exportFileName, type PlanComparison } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { downloadFile } from '@/lib/download-file';
import type { CompareRow } from '../utils/compare-rows';
import { buildCompareWorkbook } from '../utils/compare-workbook';

export const EXPORT_FAILED_MESSAGE = 'The export failed. Please try again.';

/** The comparison's xlsx export: built in the browser, downloaded as '<project>_scenario comparison.xlsx'. */
export function useCompareExport(comparison: PlanComparison | undefined, lpiByDate: CompareRow | null) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportWorkbook = async () => {
    if (!comparison) return;
    setBusy(true);
    try {
      const bytes = await buildCompareWorkbook(comparison.plans, lpiByDate);
      downloadFile(bytes, exportFileName([comparison.projectId, 'scenario comparison']));
    } catch {
      notify.error(EXPORT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return { busy, exportWorkbook };
}
