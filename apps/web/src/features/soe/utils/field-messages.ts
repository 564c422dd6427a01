import type { ApiError } from '@/lib/api-client';

/** The server's 400 field messages by field name ('body.scheduleOfEventsName' → 'scheduleOfEventsName'). */
export function serverFieldMessages(error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error.fields) {
    const key = f.path.replace(/^body\./, '');
    out[key] ??= f.message;
  }
  return out;
}

/** The first message per field of a zod result's issues (path joined with '.'). */
export function issueMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

/** A form inside a Dialog that keeps the dialog's layout (title and actions fixed, content scrolling). */
export const FORM_SX = {
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  overflow: 'hidden',
} as const;
