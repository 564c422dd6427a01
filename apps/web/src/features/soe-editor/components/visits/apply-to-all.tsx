import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SOE_MESSAGES } from '@predict/shared';
import { useEffect, useState } from 'react';

const MESSAGE_MS = 4000;

/**
 * Apply To All (spec/2 sections 4 and 5): copies the first non-empty overhead % to every visit; with none entered,
 * the message shows for 4 seconds.
 */
export function ApplyToAllButton({
  hasValue,
  onApply,
  disabled,
}: {
  hasValue: boolean;
  onApply: () => void;
  disabled?: boolean;
}) {
  const [message, setMessage] = useState(false);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(false), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <>
      {/* On its own line under the column's name: the header stays as narrow as the column's inputs. */}
      <Button
        size="small"
        disabled={disabled}
        sx={{ display: 'flex', whiteSpace: 'nowrap', minWidth: 0, px: 0.5, ml: -0.5 }}
        onClick={() => {
          if (hasValue) onApply();
          else setMessage(true);
        }}
      >
        Apply To All
      </Button>
      {message && (
        // Over the rows below, not inside the narrow header cell (which it would stretch for 4 seconds).
        <Alert
          severity="error"
          role="alert"
          sx={{ py: 0, mt: 0.5, position: 'absolute', zIndex: 4, width: 'max-content', maxWidth: 320 }}
        >
          {SOE_MESSAGES.applyToAllEmpty}
        </Alert>
      )}
    </>
  );
}
