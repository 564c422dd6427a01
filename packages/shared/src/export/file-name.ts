/** Characters Windows and macOS refuse in file names, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

/**
 * One part of an export's file name: each run of unsafe characters becomes one '_', white space one space, and
 * leading or trailing spaces and dots go (Windows drops a trailing dot).
 */
export function safeFileNamePart(part: string): string {
  return part
    .replace(UNSAFE_FILE_CHARS, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
}

/** An export's file name: its parts made safe, joined with '_', with the extension (default xlsx). */
export function exportFileName(parts: readonly string[], extension = 'xlsx'): string {
  return `${parts.map(safeFileNamePart).join('_')}.${extension}`;
}
