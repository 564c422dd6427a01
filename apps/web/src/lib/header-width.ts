/**
 * Width of a character of a bold 14 px table header, px, where text cannot be measured (tests): a little more than
 * Chromium's usual Linux sans-serif gives for header words.
 */
const HEADER_CHAR_PX_14 = 7.8;

let context: CanvasRenderingContext2D | null | undefined;

/** A canvas to measure text with, or null where there is none (jsdom has no canvas). */
function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  const inBrowser = typeof document !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
  context = inBrowser ? document.createElement('canvas').getContext('2d') : null;
  return context;
}

/** A measure of text in the page's font, bold at `fontPx`; a fixed width a character without a canvas. */
function textMeasure(fontPx: number): (text: string) => number {
  const ctx = canvasContext();
  if (!ctx) return (text) => (text.length * HEADER_CHAR_PX_14 * fontPx) / 14;
  ctx.font = `600 ${fontPx}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  return (text) => ctx.measureText(text).width;
}

/** Lines a header of `words` takes when wrapped at spaces into lines of at most `width` px. */
function lineCount(words: readonly number[], space: number, width: number): number {
  let lines = 1;
  let used = -1;
  for (const word of words) {
    if (used < 0) used = word;
    else if (used + space + word <= width) used += space + word;
    else {
      lines += 1;
      used = word;
    }
  }
  return lines;
}

/**
 * The least width, px, at which a column header (bold, `fontPx`) wraps at spaces into at most `maxLines` lines,
 * never narrower than its longest word: a table of many columns then has compact headers instead of one word a
 * line. Measured in the page's font when there is a canvas.
 */
export function compactHeaderWidth(header: string, maxLines = 3, fontPx = 14): number {
  const measure = textMeasure(fontPx);
  const words = header.split(/\s+/).filter(Boolean).map(measure);
  const space = measure(' ');
  // The answer is the width of some run of consecutive words on one line: try those, narrowest first.
  const runs: number[] = [];
  for (let i = 0; i < words.length; i++) {
    let run = -space;
    for (let j = i; j < words.length; j++) runs.push((run += space + words[j]!));
  }
  const longest = Math.max(0, ...words);
  const fits = runs
    .filter((w) => w >= longest)
    .sort((a, b) => a - b)
    .find((w) => lineCount(words, space, w + 1e-6) <= maxLines);
  return Math.ceil(fits ?? 1);
}
