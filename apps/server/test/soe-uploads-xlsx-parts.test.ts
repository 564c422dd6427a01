import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inspectXlsxZip } from '@predict/shared';
import {
  readCountryCostSheets,
  readEpriceSheets,
  readSiteContractSheets,
  SNAPSHOT_SCOPES,
  snapshotFromParts,
  snapshotFromZip,
  snapshotSource,
  type UploadWorkbook,
} from '../src/services/soe-uploads';
import { SAMPLE_EPRICE_FILE, SAMPLE_EPRICE_VISITS } from './helpers/sample-eprice-workbook';
import {
  asUploaded,
  COUNTRY_COST_FIXTURES,
  EPRICE_FIXTURES,
  SITE_CONTRACT_FIXTURES,
  SMALL_VISITS,
  smallCountryCosts,
  smallSiteContract,
  workbookOf,
  xlsxBytes,
} from './helpers/soe-upload-workbooks';

type Kind = keyof typeof SNAPSHOT_SCOPES;

/** The workbook read from its XML parts, without exceljs. */
function fromParts(bytes: Buffer, kind: Kind): UploadWorkbook {
  const inspection = inspectXlsxZip(bytes);
  if (!inspection.ok) throw new Error(inspection.message);
  return snapshotSource(snapshotFromZip(bytes, inspection.entries, SNAPSHOT_SCOPES[kind]));
}

const READERS: Record<Kind, (wb: UploadWorkbook) => unknown> = {
  eprice: (wb) => readEpriceSheets(wb, { visitNames: [...SMALL_VISITS] }),
  countryCosts: (wb) => readCountryCostSheets(wb),
  siteContract: (wb) => readSiteContractSheets(wb, { visitNames: ['Screening', 'Day 1'] }),
};

async function bothWays(wb: ExcelJS.Workbook, kind: Kind) {
  const viaExceljs = READERS[kind](await asUploaded(wb, kind));
  const viaParts = READERS[kind](fromParts(await xlsxBytes(wb), kind));
  return { viaExceljs, viaParts };
}

describe('snapshotFromZip reads what exceljs reads', () => {
  const cases: [string, () => ExcelJS.Workbook, Kind][] = [
    ...Object.entries(EPRICE_FIXTURES).map(([k, f]): [string, () => ExcelJS.Workbook, Kind] => [
      `ePrice ${k}`,
      f,
      'eprice',
    ]),
    ...Object.entries(COUNTRY_COST_FIXTURES).map(([k, f]): [string, () => ExcelJS.Workbook, Kind] => [
      `country ${k}`,
      f,
      'countryCosts',
    ]),
    ...Object.entries(SITE_CONTRACT_FIXTURES).map(([k, f]): [string, () => ExcelJS.Workbook, Kind] => [
      `contract ${k}`,
      f,
      'siteContract',
    ]),
    ['country costs', smallCountryCosts, 'countryCosts'],
    ['site contract', smallSiteContract, 'siteContract'],
  ];
  it.each(cases)('%s', async (_name, fixture, kind) => {
    const { viaExceljs, viaParts } = await bothWays(fixture(), kind);
    expect(viaParts).toEqual(viaExceljs);
  });

  it('the shipped sample, with formulas and their results', async () => {
    const bytes = readFileSync(SAMPLE_EPRICE_FILE);
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(bytes as unknown as ArrayBuffer);
    const expected = { visitNames: SAMPLE_EPRICE_VISITS };
    const viaParts = readEpriceSheets(fromParts(bytes, 'eprice'), expected);
    expect(viaParts.value!.visits).toHaveLength(40);
    expect(viaParts).toEqual(readEpriceSheets(await asUploaded(loaded, 'eprice'), expected));
  });

  it('rich text, XML entities and inline strings', async () => {
    const wb = workbookOf({
      'R&D <lab>': [
        [
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          { richText: [{ text: 'ECG ' }, { text: '& "Holter"', font: { bold: true } }] },
          12.5,
        ],
      ],
    });
    const { viaExceljs, viaParts } = await bothWays(wb, 'countryCosts');
    expect(viaParts).toEqual(viaExceljs);
    expect((viaParts as ReturnType<typeof readCountryCostSheets>).value!.rows[0]).toMatchObject({
      countryName: 'R&D <lab>',
      assessmentName: 'ECG & "Holter"',
      assessmentCost: 12.5,
    });
    const inline = snapshotSource(
      snapshotFromParts(
        new Map([
          [
            'xl/workbook.xml',
            '<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ],
          [
            'xl/_rels/workbook.xml.rels',
            '<Relationships><Relationship Id="rId1" Target="/xl/worksheets/s.xml"/></Relationships>',
          ],
          [
            'xl/worksheets/s.xml',
            '<sheetData><row><c t="inlineStr"><is><t>x &amp; y</t></is></c><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c><c><v>7</v></c></row></sheetData>',
          ],
        ]),
      ),
    ).worksheets[0]!;
    expect([1, 2, 3, 4].map((c) => inline.findCell(1, c)?.value)).toEqual(['x & y', true, undefined, 7]);
  });
});
