/** The wildcard the study search uses when the box is empty. */
export const SEARCH_WILDCARD = '*';

/** Removes the characters the search may not carry (/ # \ &) and trims. */
export function sanitizeSearchText(text: string): string {
  return text.replace(/[/#\\&]/g, '').trim();
}

/** Turns user text into the search term: empty or wildcard-only text means "everything". */
export function searchTerm(text: string | undefined | null): string {
  const clean = sanitizeSearchText(text ?? '').replace(/\*/g, '');
  return clean;
}
