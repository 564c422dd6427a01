import { beforeAll, describe, expect, it } from 'vitest';
import { inspectXlsxZip, ZIP_MESSAGES } from '@predict/shared';
import { templateParts } from './helpers/hostile-xlsx';
import { writeZip, type ZipPart } from './helpers/zip-writer';

let parts: ZipPart[];
beforeAll(async () => {
  parts = await templateParts();
});

const refusal = (file: Buffer) => {
  const inspection = inspectXlsxZip(file);
  return inspection.ok ? 'accepted' : inspection.message;
};
const edit = (name: string, change: (p: ZipPart) => ZipPart) =>
  parts.map((p) => (p.name === name ? change(p) : p));
const TYPES = '[Content_Types].xml';
const SHEET = 'xl/worksheets/sheet1.xml';

describe('the zip scanner reads the local headers and the central directory and compares them', () => {
  it('accepts the template, written with or without data descriptors', () => {
    expect(refusal(writeZip(parts))).toBe('accepted');
    expect(refusal(writeZip(parts.map((p) => ({ ...p, descriptor: true }))))).toBe('accepted');
    expect(refusal(writeZip(parts.map((p) => ({ ...p, method: 0 }))))).toBe('accepted');
  });

  it('refuses sizes or CRCs that differ between a local header, its descriptor and the directory', () => {
    const lie = { uncompressedSize: 1024 };
    expect(refusal(writeZip(edit(SHEET, (p) => ({ ...p, centralStated: lie }))))).toBe(ZIP_MESSAGES.mismatch);
    expect(refusal(writeZip(edit(SHEET, (p) => ({ ...p, centralStated: { crc32: 1 } }))))).toBe(
      ZIP_MESSAGES.mismatch,
    );
    expect(refusal(writeZip(edit(SHEET, (p) => ({ ...p, descriptor: lie }))))).toBe(ZIP_MESSAGES.mismatch);
    // A stored part's packed and unpacked sizes are the same thing.
    expect(
      refusal(writeZip(edit(SHEET, (p) => ({ ...p, method: 0, stated: { uncompressedSize: 10 } })))),
    ).toBe(ZIP_MESSAGES.mismatch);
  });

  it('refuses parts hidden beyond the directory, or a directory that lists more than its count', () => {
    const hidden = Array.from({ length: 10_000 }, (_, i): ZipPart => ({
      name: `xl/hidden/p${i}.xml`,
      data: Buffer.from('<x/>'),
      method: 0,
      only: 'local',
    }));
    expect(refusal(writeZip([...parts, ...hidden]))).toBe(ZIP_MESSAGES.mismatch);
    expect(refusal(writeZip([...hidden.slice(0, 1), ...parts]))).toBe(ZIP_MESSAGES.mismatch);
    expect(refusal(writeZip(parts, { count: parts.length - 1 }))).toBe(ZIP_MESSAGES.mismatch);
    // Listed in the directory with no local header of its own.
    expect(
      refusal(writeZip([...parts, { name: 'xl/ghost.xml', data: Buffer.from('x'), only: 'central' }])),
    ).toBe(ZIP_MESSAGES.mismatch);
  });

  it('refuses duplicate names, also differing in case, and a second [Content_Types].xml in any copy', () => {
    const types = parts.find((p) => p.name === TYPES)!;
    const macro = Buffer.from(
      types.data!.toString().replace('sheet.main+xml', 'sheet.macroEnabled.main+xml'),
    );
    expect(refusal(writeZip([...parts, { name: TYPES, data: macro }]))).toBe(ZIP_MESSAGES.duplicateName);
    expect(refusal(writeZip([{ name: TYPES, data: macro, only: 'local' }, ...parts]))).toBe(
      ZIP_MESSAGES.mismatch,
    );
    expect(refusal(writeZip([...parts, { name: '[content_types].XML', data: macro }]))).toBe(
      ZIP_MESSAGES.duplicateName,
    );
    expect(
      refusal(writeZip([...parts, { name: 'XL/Worksheets/Sheet1.xml', data: Buffer.from('<x/>') }])),
    ).toBe(ZIP_MESSAGES.duplicateName);
    expect(
      refusal(writeZip([...parts, { name: '/xl\\worksheets\\sheet1.xml', data: Buffer.from('<x/>') }])),
    ).toBe(ZIP_MESSAGES.duplicateName);
  });

  it.each([
    'xl/vbaProject.bin',
    'customXml/vbaProject.bin',
    'xl/media/VBAPROJECT.BIN',
    'docProps/vbaProjectSignature.bin',
    'xl/vbaData.xml',
    'xl/activeX/activeX1.xml',
    'xl/macrosheets/sheet1.xml',
    'xl/embeddings/oleObject1.bin',
    'xl/embeddings/Microsoft_Excel_Macro-Enabled_Worksheet1.xlsm',
  ])('refuses the macro part %s wherever it sits', (name) => {
    expect(refusal(writeZip([...parts, { name, data: Buffer.from('x') }]))).toBe(ZIP_MESSAGES.macros);
  });

  it('keeps printer settings, the one binary part Excel writes into a plain workbook', () => {
    expect(
      refusal(
        writeZip([...parts, { name: 'xl/printerSettings/printerSettings1.bin', data: Buffer.from('x') }]),
      ),
    ).toBe('accepted');
  });

  it('refuses encryption, other compression methods and absurd ratios', () => {
    expect(refusal(writeZip(edit(SHEET, (p) => ({ ...p, flags: 0x0801 }))))).toBe(ZIP_MESSAGES.encrypted);
    expect(refusal(writeZip(edit(SHEET, (p) => ({ ...p, method: 12 as 0, packed: Buffer.from('x') }))))).toBe(
      ZIP_MESSAGES.unsupportedMethod,
    );
    expect(
      refusal(writeZip([...parts, { name: 'xl/media/zeros.xml', data: Buffer.alloc(4 * 1024 * 1024) }])),
    ).toBe(ZIP_MESSAGES.bomb);
  });
});
