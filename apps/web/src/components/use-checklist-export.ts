import { useState } from 'react';
import { downloadFile } from '@/lib/download-file';
import { useNotify } from './snackbars';

/**
 * The state of an Export Tables dialog (spec/1 section 9, spec/2 section 4): the ticked tables, and the export
 * itself — build the workbook, download it and close; on failure say so and stay open. While it runs, `busy`
 * keeps the dialog from closing.
 */
export function useChecklistExport<T>({
  build,
  fileName,
  failedMessage,
  onClose,
}: {
  /** Builds the workbook of the ticked tables (loads exceljs on demand). */
  build: (selected: ReadonlySet<T>) => Promise<ArrayBuffer>;
  fileName: () => string;
  failedMessage: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [selected, setSelected] = useState<ReadonlySet<T>>(new Set());
  const [busy, setBusy] = useState(false);

  const toggle = (item: T) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(item)) next.add(item);
      return next;
    });

  const run = async () => {
    setBusy(true);
    try {
      downloadFile(await build(selected), fileName());
      onClose();
    } catch (error) {
      console.error(failedMessage, error);
      notify.error(failedMessage);
      setBusy(false);
    }
  };

  return { selected, toggle, busy, run };
}
