import { createContext, type ReactNode } from 'react';

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  okLabel?: string;
  cancelLabel?: string;
}

/** Opens the warning dialog; resolves true on OK, false on Cancel or dismissal. */
export type Confirm = (options: ConfirmOptions | string) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);
