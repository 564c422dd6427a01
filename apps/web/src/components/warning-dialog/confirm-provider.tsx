import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmOptions } from './confirm-context';
import { WarningDialog } from './warning-dialog';

/** Hosts one WarningDialog for the whole app so that features can simply `await confirm(...)`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((input: ConfirmOptions | string) => {
    // A second request answers the first with Cancel rather than leaving it pending forever.
    resolveRef.current?.(false);
    setOptions(typeof input === 'string' ? { message: input } : input);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolveRef.current?.(ok);
    resolveRef.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <WarningDialog
        open={options !== null}
        message={options?.message ?? ''}
        title={options?.title}
        okLabel={options?.okLabel}
        cancelLabel={options?.cancelLabel}
        onOk={() => close(true)}
        onCancel={() => close(false)}
      />
    </ConfirmContext.Provider>
  );
}
