import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCellText, neutraliseText, restoreText, safeCellValue } from '../src';

/** The blanks programs skip before a formula, and the formula characters, ASCII and full-width. */
const BLANKS = [' ', '\t', '\r', '\n', '\u00a0', '\u3000', '\u2003', '\ufeff'];
const FORMULA = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'];
const OTHER = ["'", 'a', '1', ' ', '"', '(', 'é', '\u0000', '\ud800'];

/** Strings built from these pieces reach the interesting cases far more often than uniform text would. */
const piece = fc.oneof(
  fc.constantFrom(...BLANKS, ...FORMULA, ...OTHER),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const stripBlanks = (s: string) => s.replace(/^[\s\u200b]+/u, '');
/** TAB, CR and LF at the very start are neutralised whatever follows them (OWASP's CSV-injection list). */
const CONTROL_START = ['\t', '\r', '\n'];

describe('safe cell text (every export writes text through safeCellValue)', () => {
  it('never writes text whose first non-blank character starts a formula', () => {
    fc.assert(
      fc.property(text, (s) => {
        const written = neutraliseText(s);
        expect(FORMULA).not.toContain(stripBlanks(written).charAt(0));
        expect(CONTROL_START).not.toContain(written.charAt(0));
        expect(isSafeCellText(written)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back what was written: restoreText(neutraliseText(s)) === s', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(restoreText(neutraliseText(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes only text that could start a formula, by one leading apostrophe', () => {
    fc.assert(
      fc.property(text, (s) => {
        const written = neutraliseText(s);
        expect(written === s || written === `'${s}`).toBe(true);
        if (FORMULA.includes(stripBlanks(s).charAt(0))) expect(written).toBe(`'${s}`);
        if (CONTROL_START.includes(s.charAt(0))) expect(written).toBe(`'${s}`);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    '=SUM(A1)',
    ' \t=1',
    '\r\n+1',
    '\u00a0-2',
    '  @cmd',
    '\uff1dcmd',
    ' \uff0b1',
    '\uff0d1',
    '\uff20x',
    "'=1",
    '\tcmd',
    '\rcmd',
    '\ncmd',
    '\t',
    '\r\nHYPERLINK',
    "'\tx",
  ])('neutralises %j', (s) => {
    expect(neutraliseText(s)).toBe(`'${s}`);
  });

  it.each(['Germany', 'USA - Central', '', '1=1', 'a@b', "'quoted", '   ', ' \tx', 'a\tb', 'line\n'])(
    'leaves %j as it is',
    (s) => {
      expect(neutraliseText(s)).toBe(s);
    },
  );

  it('passes numbers, dates, booleans and empty cells through', () => {
    const date = new Date(0);
    expect(safeCellValue(-5)).toBe(-5);
    expect(safeCellValue(date)).toBe(date);
    expect(safeCellValue(null)).toBeNull();
    expect(safeCellValue(true)).toBe(true);
    expect(safeCellValue('-5')).toBe("'-5");
  });
});
