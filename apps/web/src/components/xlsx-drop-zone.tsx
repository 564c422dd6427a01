import { FileDropZone, type FileDropZoneProps } from './file-drop-zone';

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type XlsxDropZoneProps = Omit<
  FileDropZoneProps,
  'accept' | 'extension' | 'zoneName' | 'inputTestId'
> & {
  /** The hidden file input's test id (tests and e2e choose files through it). */
  inputTestId?: string;
};

/** The spreadsheet drop zone of the upload dialogs (FileDropZone for one .xlsx); the dialog checks the type. */
export function XlsxDropZone({ inputTestId = 'xlsx-file-input', ...props }: XlsxDropZoneProps) {
  return (
    <FileDropZone
      {...props}
      inputTestId={inputTestId}
      accept={XLSX_ACCEPT}
      extension=".xlsx"
      zoneName="Spreadsheet drop zone"
    />
  );
}
