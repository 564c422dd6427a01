import { readFileSync } from 'node:fs';
import { constants, createDeflateRaw } from 'node:zlib';
import { TEMPLATE_FILE } from './plan-upload';
import { zipParts, type ZipPart } from './zip-writer';

/** The parts of the committed plan template: a valid workbook to make hostile variants of. */
export const templateParts = () => zipParts(readFileSync(TEMPLATE_FILE));

/** A raw deflate stream of `megabytes` MB of zeros, made 1 MB at a time (about 1 kB packed per MB). */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i += 1) deflate.write(zeros);
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A sheet of about `megabytes` MB of XML that compresses about 50:1: within the zip limits (5 MB packed, ratio at
 * most 100, 32 MB unpacked) but far beyond what a plan holds, so parsing it is the worst case of the time and
 * memory limits.
 */
export function worstCaseSheet(megabytes: number): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const open = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const rows: string[] = [];
  const cells = Array.from({ length: 10 }, (_, c) => `<c><v>${c}</v></c>`).join('');
  let size = 0;
  for (let r = 1; size < megabytes * 1024 * 1024; r += 1) {
    const row = `<row r="${r}">${cells}</row>`;
    rows.push(row);
    size += row.length;
  }
  return Buffer.from(`${head}${open}${rows.join('')}</sheetData></worksheet>`);
}

/** The template with its Countries sheet replaced. */
export const withSheet = (parts: ZipPart[], data: Buffer): ZipPart[] =>
  parts.map((p) => (p.name === 'xl/worksheets/sheet3.xml' ? { name: p.name, data } : p));
