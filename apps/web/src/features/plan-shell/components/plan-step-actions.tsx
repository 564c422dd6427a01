import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

export interface PlanStepActionsProps {
  /** From this breakpoint up the two sides sit in one row; below it they stack. */
  rowFrom?: 'sm' | 'md';
  /**
   * Set on a bar that saves: while true the Saving spinner leads the end side and Back to Study Plan List is
   * disabled; the end side's buttons are centred on the spinner.
   */
  saving?: boolean;
  /** Back to Study Plan List, first on the start side. */
  onBackToList?: () => void;
  /** The rest of the start side; with Back to Study Plan List the two sit in a row. */
  start?: ReactNode;
  /** The end side's first buttons (after the spinner). */
  endStart?: ReactNode;
  onCancel?: () => void;
  cancelDisabled?: boolean;
  onSaveDraft?: () => void;
  saveDisabled?: boolean;
  saveVariant?: 'outlined' | 'contained';
  /** Back to the previous step. */
  onBack?: () => void;
  backDisabled?: boolean;
  /** The end side's buttons after Back and before Next Step. */
  children?: ReactNode;
  onNextStep?: () => void;
  nextDisabled?: boolean;
  /** The end side's buttons wrap, kept to the right. */
  wrapEnd?: boolean;
}

/**
 * A bar of buttons under a plan step: the start side (Back to Study Plan List, or moving between countries) and the
 * end side, in order: Saving spinner, `endStart`, Cancel, Save Draft, Back, `children`, Next Step. Each common
 * button shows only when its handler is given.
 */
export function PlanStepActions({
  rowFrom = 'sm',
  saving,
  onBackToList,
  start,
  endStart,
  onCancel,
  cancelDisabled,
  onSaveDraft,
  saveDisabled,
  saveVariant = 'contained',
  onBack,
  backDisabled,
  children,
  onNextStep,
  nextDisabled,
  wrapEnd = false,
}: PlanStepActionsProps) {
  const backToList = onBackToList && (
    <Button onClick={onBackToList} disabled={saving}>
      Back to Study Plan List
    </Button>
  );
  // A saving bar centres its buttons on the spinner.
  const endSx =
    saving === undefined && !wrapEnd
      ? undefined
      : {
          ...(saving !== undefined && { alignItems: 'center' as const }),
          ...(wrapEnd && { flexWrap: 'wrap' as const, justifyContent: 'flex-end' }),
        };
  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', [rowFrom]: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between' }}
      >
        {backToList && start ? (
          <Stack direction="row" spacing={1}>
            {backToList}
            {start}
          </Stack>
        ) : (
          (backToList ?? start)
        )}
        <Stack direction="row" spacing={1} sx={endSx}>
          {saving && <CircularProgress size={20} aria-label="Saving" />}
          {endStart}
          {onCancel && (
            <Button onClick={onCancel} disabled={cancelDisabled}>
              Cancel
            </Button>
          )}
          {onSaveDraft && (
            <Button variant={saveVariant} onClick={onSaveDraft} disabled={saveDisabled}>
              Save Draft
            </Button>
          )}
          {onBack && (
            <Button onClick={onBack} disabled={backDisabled}>
              Back
            </Button>
          )}
          {children}
          {onNextStep && (
            <Button variant="contained" onClick={onNextStep} disabled={nextDisabled}>
              Next Step
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
