import fc from 'fast-check';

/** Text reaching the formula cases often: blanks, = + - @ and their full-width forms, apostrophes. */
const piece = fc.oneof(
  fc.constantFrom(
    ' ',
    '\t',
    '\r',
    '\n',
    '\u00a0',
    '=',
    '+',
    '-',
    '@',
    '\uff1d',
    '\uff0b',
    '\uff0d',
    '\uff20',
    "'",
  ),
  fc.string({ maxLength: 5 }),
);

/** Random cell text for the export property tests. */
export const formulaLikeText = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
