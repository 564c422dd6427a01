import type { CurrentUser } from '@predict/shared';
import { createContext } from 'react';

/** The signed-in user; null outside the signed-in part of the app (/goodbye, /health). */
export const CurrentUserContext = createContext<CurrentUser | null>(null);
