import type { SiteRow } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { downloadFile } from '@/lib/download-file';
import { formatLocalIsoDay } from '@/lib/format';
import type { SiteTab } from '../utils/site-rows';

/**
 * The View Site List export (spec/3 section 4): the tables given, one sheet each, downloaded as
 * '{projectId} Site List {day}.xlsx'. The workbook code is imported on the first export, never with the page.
 */
export function useSiteListExport(projectId: string) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportTables = async (tables: Record<SiteTab, readonly SiteRow[]>) => {
    setExporting(true);
    try {
      const { buildSiteListWorkbook } = await import('../utils/site-list-workbook');
      const data = await buildSiteListWorkbook(tables);
      downloadFile(data, `${projectId} Site List ${formatLocalIsoDay(new Date())}.xlsx`);
    } catch {
      notify.error('The site list could not be exported.');
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportTables };
}
