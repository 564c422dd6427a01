import type { SoeDetail } from '@predict/shared';
import { useMemo } from 'react';
import { EditSoeDialog, ExportSoeDialog, ViewSoeDialog } from '@/features/soe';
import { initialEditorState, type SoeEditorData } from '../state/editor-state';
import { gridTotals } from '../state/grid-totals';

export type SoeDialog = 'edit' | 'view' | 'export' | null;

export interface SoeDialogsProps {
  soe: SoeDetail;
  data: SoeEditorData;
  open: SoeDialog;
  onClose: () => void;
  /** After the Edit dialog saved against `savedVersion`. */
  onEdited: (savedVersion: number) => void;
}

/** The saved SOE's totals rows (the export reads the saved SOE, so the totals are of the loaded data). */
function useSavedTotals(data: SoeEditorData, active: boolean) {
  return useMemo(() => {
    if (!active) return undefined;
    const saved = initialEditorState(data);
    const totals = gridTotals(
      saved.visits,
      saved.assessments,
      saved.cells,
      data.soe.currency,
      saved.intervalType,
    );
    return saved.visits.map((v) => ({ visitName: v.visitName, ...totals.get(v.visitKey)! }));
  }, [data, active]);
}

/** The Edit / View Schedule of Events dialogs and Export Tables (from the SOE feature). */
export function SoeDialogs({ soe, data, open, onClose, onEdited }: SoeDialogsProps) {
  const totals = useSavedTotals(data, open === 'export');
  if (open === 'edit')
    return (
      <EditSoeDialog
        soe={soe}
        onClose={onClose}
        onSaved={(savedVersion) => {
          onClose();
          onEdited(savedVersion);
        }}
      />
    );
  if (open === 'view') return <ViewSoeDialog soe={soe} onClose={onClose} />;
  if (open === 'export') return <ExportSoeDialog soe={soe} onClose={onClose} totals={totals} />;
  return null;
}
