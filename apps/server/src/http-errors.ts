/** An error the API answers with its status and message (and per-field messages for 400s). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: { path: string; message: string }[],
    /** More members of the answer body, e.g. the current version of a plan with a 409. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The message of every 400 answer (its per-field messages say what is wrong). */
export const INVALID_REQUEST_MESSAGE = 'The request is not valid.';
/** A body's study id that is not the study of the address. */
export const SAME_STUDY_MESSAGE = 'Has to be the study of the address.';

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const badRequest = (message: string, fields?: { path: string; message: string }[]) =>
  new HttpError(400, message, fields);
