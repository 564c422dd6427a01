/**
 * `npx tsx apps/server/scripts/make-sample-eprice.ts`: writes docs/samples/sample-eprice.xlsx, the ePrice
 * workbook people can try Upload ePrice with (committed; 'Per Procedure' with 40 visits and 120 assessments,
 * 'Invoiceables and Site Fees'). It fits an SOE whose visit names are the sample's 'Predict Visit Name' row
 * (SAMPLE_EPRICE_VISITS). The layout is described in docs/soe-uploads.md.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_EPRICE_FILE, sampleEpriceWorkbook } from '../test/helpers/sample-eprice-workbook';

mkdirSync(path.dirname(SAMPLE_EPRICE_FILE), { recursive: true });
await sampleEpriceWorkbook().xlsx.writeFile(SAMPLE_EPRICE_FILE);
console.log(`Wrote ${SAMPLE_EPRICE_FILE}`);
