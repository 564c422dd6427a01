import { ComparePlansParam } from '@predict/shared';

/** The plan ids of the address, read with the server's own rule; the message says what is wrong otherwise. */
export function readPlansParam(text: string | null): { ids: number[] } | { message: string } {
  const parsed = ComparePlansParam.safeParse(text ?? '');
  return parsed.success
    ? { ids: parsed.data }
    : { message: parsed.error.issues[0]?.message ?? 'Not a list of plans.' };
}
