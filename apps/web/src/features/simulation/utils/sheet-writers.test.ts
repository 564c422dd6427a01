import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaLikeText } from '@/test/formula-text';
import { isSafeCellText, restoreText, type DetailsTable } from '@predict/shared';
import type { ResultColumn } from './result-columns';
import { writeDetails, writeKeyValues, writeTable, writeTitle } from './sheet-writers';

const text = formulaLikeText;

const block = (label: string) => ({
  header_totals: [1],
  sub_table_body: [{ country_name: label, siteGroupId: '1', data: [1] }],
});

/** Every text cell the writers put in a sheet. */
function texts(sheet: ExcelJS.Worksheet): string[] {
  const out: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => typeof cell.value === 'string' && out.push(cell.value)));
  return out;
}

describe('simulation table export: every text cell is neutralised', () => {
  it('holds for titles, key/value lists, table headers and cells, and details labels', () => {
    fc.assert(
      fc.property(text, text, text, text, (title, label, header, value) => {
        const sheet = new ExcelJS.Workbook().addWorksheet('S');
        writeTitle(sheet, title);
        writeKeyValues(sheet, title, [[label, value]]);
        const columns: ResultColumn<string>[] = [{ header, kind: 'text', value: (r) => r }];
        writeTable(sheet, title, columns, [value, label]);
        const details = new ExcelJS.Workbook().addWorksheet('D');
        writeDetails(details, {
          period: 'MONTH',
          cumulative: false,
          header_dates: ['01/Jan/2026'],
          header_dates_ms: [Date.UTC(2026, 0, 1)],
          table_body: {
            active_sites: block(label),
            screened: block(value),
            enrolled: block(title),
            completed: block(header),
          },
        } as DetailsTable);
        const written = [...texts(sheet), ...texts(details)];
        for (const cell of written) expect(isSafeCellText(cell), JSON.stringify(cell)).toBe(true);
        // Nothing is lost: each input comes back from its cell.
        for (const input of [title, label, header, value]) expect(written.map(restoreText)).toContain(input);
      }),
      { numRuns: 300 },
    );
  });
});
