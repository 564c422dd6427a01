import type { CellValue, SheetSnapshot, SnapshotScope } from '@predict/shared';

/*
 * Cell values straight from an .xlsx's XML parts (already inflated and checked by the upload pipeline), without
 * exceljs: exceljs' full model costs about 1.7 kB of heap per cell (a 2 MB ePrice of 450,000 cells needs 800 MB
 * and 7 s), this reader a few bytes per cell and a scan of the sheet's text. It reads only values: shared and
 * inline strings, numbers, booleans, formula results; errors read as empty. Same snapshot as snapshotWorkbook.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, e: string) =>
      e[0] === '#'
        ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
        : (ENTITIES[e.toLowerCase()] ?? ''),
    )
    .replace(/_x([0-9a-f]{4})_/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

/** The text of a string item or inline string: its <t> runs, without phonetic (<rPh>) runs. */
const runsText = (xml: string) =>
  decode(
    [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)]
      .map((m) => m[1])
      .join(''),
  );

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => runsText(m[1] ?? ''));
}

/** Sheet names in workbook order with their part names, from workbook.xml and its relationships. */
function sheetParts(parts: ReadonlyMap<string, string>): { name: string; part: string }[] {
  const rels = new Map<string, string>();
  for (const m of (parts.get('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\b([^>]*)>/g)) {
    const id = attribute(m[1]!, 'Id');
    const target = attribute(m[1]!, 'Target');
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return [...(parts.get('xl/workbook.xml') ?? '').matchAll(/<sheet\b([^>]*)>/g)].flatMap((m) => {
    const name = attribute(m[1]!, 'name');
    const id = /\s[\w]+:id="([^"]*)"/.exec(m[1]!)?.[1];
    const part = id ? rels.get(id) : undefined;
    return name !== undefined && part ? [{ name: decode(name), part }] : [];
  });
}

function columnNumber(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

function cellValue(type: string | undefined, inner: string, strings: readonly string[]): CellValue {
  if (type === 'inlineStr') return runsText(inner);
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (v === undefined) return null;
  switch (type) {
    case 's':
      return strings[Number(v)] ?? null;
    case 'str':
      return decode(v);
    case 'b':
      return v === '1';
    case 'e':
      return null;
    default: {
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
  }
}

/** Snapshots of the chosen sheets, from the workbook's XML parts by name (e.g. 'xl/worksheets/sheet1.xml'). */
export function snapshotFromParts(
  parts: ReadonlyMap<string, string>,
  scope: SnapshotScope = {},
): SheetSnapshot[] {
  const sheets = sheetParts(parts);
  const names = sheets.map((s) => s.name);
  const wanted = scope.columns ? new Set(scope.columns) : null;
  const maxRow = scope.maxRow ?? Number.MAX_SAFE_INTEGER;
  let strings: string[] | null = null;
  return sheets
    .filter((s, i) => !scope.sheet || scope.sheet(s.name, i, names))
    .map(({ name, part }) => {
      strings ??= sharedStrings(parts.get('xl/sharedStrings.xml'));
      const rows: (CellValue[] | null)[] = [];
      let rowCount = 0;
      let columnCount = 0;
      let r = 0;
      for (const row of (parts.get(part) ?? '').matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
        r = Number(attribute(row[1]!, 'r') ?? r + 1);
        if (r > maxRow) break;
        let c = 0;
        const values: CellValue[] = [];
        for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
          const ref = attribute(cell[1]!, 'r');
          c = ref ? columnNumber(ref) : c + 1;
          if (wanted && !wanted.has(c)) continue;
          const value = cellValue(attribute(cell[1]!, 't'), cell[2] ?? '', strings);
          if (value === null || value === '') continue;
          values[c - 1] = value;
          columnCount = Math.max(columnCount, c);
        }
        if (values.length > 0) {
          rows[r - 1] = values;
          rowCount = r;
        }
      }
      return { name, rowCount, columnCount, rows };
    });
}
