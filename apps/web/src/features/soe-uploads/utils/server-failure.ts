import { isApiError } from '@/lib/api-client';
import { issueLine } from './read-upload-workbook';

export interface ServerFailure {
  /** The server's message; `unknown` when it gave none (a network failure, a server error without one). */
  detail: string;
  /** Its messages per row, each at the row's cell when known: 'FRA!H4: message'. */
  errors: string[];
}

/**
 * What a refused upload call says (spec/2 section 8: the server message, or 'Unknown error occurred'). A 400
 * names rows by path ('body.3.assessmentName' or 'visits.2.visitCost'); `cellOf` turns a row index of the posted
 * list into the workbook cell it came from.
 */
export function serverFailure(
  error: unknown,
  unknown: string,
  cellOf: (path: string) => string | undefined = () => undefined,
): ServerFailure {
  if (!isApiError(error) || error.status >= 500 || !error.message) return { detail: unknown, errors: [] };
  return {
    detail: error.message,
    errors: error.fields.map((f) => issueLine({ cell: cellOf(f.path), message: f.message })),
  };
}
