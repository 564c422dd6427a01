import type { ReactNode } from 'react';
import { useCurrentUser } from '../hooks/use-current-user';

/** Renders its children only for users who may edit; read-only users see `fallback` (nothing by default). */
export function EditorOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { roles } = useCurrentUser();
  return <>{roles.readOnly ? fallback : children}</>;
}
