import { XlsxDropZone } from '@/components/xlsx-drop-zone';

/** The Upload Plan dialog's drop zone (spec/1 section 2); the dialog checks the type. */
export function PlanDropZone(props: {
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  return <XlsxDropZone what="the plan spreadsheet" inputTestId="plan-file-input" {...props} />;
}
