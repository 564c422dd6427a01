import { PLAN_EXPORT_MESSAGES } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { downloadFile } from '@/lib/download-file';
import { fetchPlan, fetchTemplate } from '../api/plan-spreadsheet-api';
import { buildPlanExport } from '../utils/plan-workbook';

/** EXPORT PLAN (spec/1 sections 2, 8 and 9): the plan read fresh, filled into the template, downloaded. */
export function useExportPlan(planId: number) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportPlan = async () => {
    setExporting(true);
    notify.info(PLAN_EXPORT_MESSAGES.loading);
    try {
      const [plan, template] = await Promise.all([fetchPlan(planId), fetchTemplate()]);
      const file = await buildPlanExport(plan, template);
      downloadFile(file.data, file.fileName);
      notify.success(PLAN_EXPORT_MESSAGES.done);
      if (file.omitted > 0)
        notify.warning(`The template holds 30 countries: ${file.omitted} more were left out.`);
    } catch (error) {
      notify.error(PLAN_EXPORT_MESSAGES.failed(error instanceof Error ? error.message : String(error)));
    } finally {
      setExporting(false);
    }
  };

  return { exportPlan, exporting };
}
