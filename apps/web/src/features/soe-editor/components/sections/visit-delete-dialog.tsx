import { WarningDialog } from '@/components/warning-dialog';

/** The visit delete question, naming the visit or 'this visit' when it has no name yet (spec/2 section 2). */
export function visitDeleteMessage(visitName?: string | null): string {
  const name = visitName?.trim();
  return `Are you sure you want to delete ${name ? `the visit '${name}'` : 'this visit'}?`;
}

export interface VisitDeleteDialogProps {
  open: boolean;
  visitName?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms deleting a visit row, with the app's Warning! dialog (OK / Cancel). */
export function VisitDeleteDialog({ open, visitName, onConfirm, onCancel }: VisitDeleteDialogProps) {
  return (
    <WarningDialog open={open} message={visitDeleteMessage(visitName)} onOk={onConfirm} onCancel={onCancel} />
  );
}
