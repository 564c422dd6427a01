/**
 * The one rule for text written into exported spreadsheet cells (formula injection). A spreadsheet program runs a
 * cell as a formula when its first non-blank character is = + - @ (or their full-width forms, which some locales'
 * input methods turn into the ASCII ones), and some programs strip leading blanks first. Text that starts with a
 * TAB, CR or LF is treated the same whatever follows (OWASP's CSV-injection list): a program that splits or trims
 * on them can bring a later character to the front. Such text is written with a leading apostrophe so it stays
 * text. Every export (plan spreadsheet, simulation tables) writes its text through `safeCellValue`; an uploaded
 * plan reads it back through `restoreText`.
 */

/** What programs skip before reading a formula: spaces, tabs, CR, LF, NBSP and the other Unicode blanks. */
const CELL_BLANKS = ' \t\n\v\f\r\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff';
/** = + - @ and the full-width ＝ ＋ － ＠. */
const FORMULA_CHARACTERS = '=+\\-@\uff1d\uff0b\uff0d\uff20';

/** A formula character after any blanks, or a TAB, CR or LF as the very first character. */
const FORMULA_START = new RegExp(`^(?:[${CELL_BLANKS}]*[${FORMULA_CHARACTERS}]|[\t\r\n])`);

/**
 * True when the text needs the apostrophe. Text that already starts with apostrophes before such a start gets one
 * more too, so that `restoreText` can always remove exactly the one this rule added.
 */
const needsApostrophe = (text: string) => FORMULA_START.test(text.replace(/^'+/, ''));

/** Text as it is written into a cell: with a leading apostrophe when a program could run it as a formula. */
export const neutraliseText = (text: string) => (needsApostrophe(text) ? `'${text}` : text);

/** The reverse on upload: restoreText(neutraliseText(s)) === s for every string. */
export const restoreText = (text: string) =>
  text.startsWith("'") && needsApostrophe(text.slice(1)) ? text.slice(1) : text;

/** True when a written cell's text could not start a formula (what the property tests check of every export). */
export const isSafeCellText = (text: string) => !FORMULA_START.test(text);

/** A cell value for export: text is neutralised; numbers, dates, booleans and empty cells pass unchanged. */
export function safeCellValue<T>(value: T): T {
  return (typeof value === 'string' ? neutraliseText(value) : value) as T;
}
