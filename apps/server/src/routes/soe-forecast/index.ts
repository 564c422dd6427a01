import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  SoeCostDetailRow,
  SoeCostSummaryRow,
  SoeForecastChart,
  SoeGrantsRow,
  SoeIdParams,
  SoeStrategyRow,
  SoeSupply,
  SoeSupplyQuery,
} from '@predict/shared';
import {
  readForecastChart,
  readForecastTables,
  readStrategyRows,
} from '../../services/soe-forecast/read-soe-forecast';
import { readSoeSupply } from '../../services/soe-forecast/read-soe-supply';
import { asPresentedJson } from '../presented-json';

const tags = ['soe-forecast'];
const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
/**
 * The answers' JSON text by answer: the tables are kept per SOE version (read-soe-forecast), so a repeat call sends
 * the text made the first time (the Cost Detail of a large SOE is 1.5 MB of JSON).
 */
const texts = new WeakMap<object, string>();
const asText = (answer: object) => {
  let text = texts.get(answer);
  if (text === undefined) texts.set(answer, (text = JSON.stringify(answer)));
  return text;
};

const CONFLICT =
  ' 409 when the SOE has no linked plan, the plan has no finished run, or a level lacks an exchange rate (named).';

/** The SOE cost forecast (spec/2 sections 2 and 7, design/soe-costing.md sections 4 and 5): reads for any user. */
export async function soeForecastRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  const list = <T extends z.ZodType>(
    path: string,
    summary: string,
    row: T,
    compute: (id: number) => Promise<unknown>,
  ) =>
    r.get(
      path,
      {
        // Built by the service, whose answers the tests parse with the shared schemas: not checked again per call.
        serializerCompiler: asPresentedJson,
        schema: { tags, summary, params: SoeIdParams, response: { 200: z.array(row), ...errors } },
      },
      async (request) => asText((await compute(request.params.id)) as object) as unknown as z.infer<T>[],
    );

  list(
    '/ctpo/soe/:id/summary',
    'Cost Summary: per country a Detail row per contracted site and one for the sites at country costs, a SubTotal, and one Total, in the SOE currency.' +
      CONFLICT,
    SoeCostSummaryRow,
    async (id) => (await readForecastTables(db, id)).summary,
  );
  list(
    '/ctpo/soe/:id/detail',
    'Cost Detail: the Cost Summary per calendar month; the summary is the sum of the months to the cent.' +
      CONFLICT,
    SoeCostDetailRow,
    async (id) => (await readForecastTables(db, id)).detail,
  );
  list(
    '/ctpo/soe/:id/rfp/summary',
    'Investigator Grants per country (the money columns sum to the SubTotal of the Cost Summary).' + CONFLICT,
    SoeGrantsRow,
    async (id) => (await readForecastTables(db, id)).grants,
  );
  list(
    '/ctpo/soe/:id/rfp/detail',
    'Clinical Strategy and Data Management rows per visit (rowLabel, visitName, visitValue); no plan needed',
    SoeStrategyRow,
    (id) => readStrategyRows(db, id),
  );
  replicationRoutes(app);
}

/** The calls from the linked run's replications: the cumulative cost band and the IP supply. */
function replicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.get(
    '/ctpo/soe/:id/forecast/chart',
    {
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary:
          "Cumulative total cost by month: P10 / P50 / P90 of the linked run's replications (each costed on its own " +
          'enrollment) and the plan line.' +
          CONFLICT,
        params: SoeIdParams,
        response: { 200: SoeForecastChart, ...errors },
      },
    },
    async (request) => asText(await readForecastChart(db, request.params.id)) as unknown as SoeForecastChart,
  );
  r.get(
    '/ctpo/soe/:id/forecast/supply',
    {
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary:
          "IP supply: kits dispensed per country and month (P10 / P50 / P90 of the linked run's replications, each " +
          'assessment flagged IP at a visit a dispensation of multiplier kits), the initial stock of each site at ' +
          'activation and a shipment plan covering the confidence quantile of the demand through the lead time. ' +
          '400 per field for a confidence outside (0, 1), a lead time outside 0-104 weeks or a bad site stock;' +
          ' 409 when the SOE has no linked plan or the plan has no finished run.',
        params: SoeIdParams,
        querystring: SoeSupplyQuery,
        response: { 200: SoeSupply, ...errors },
      },
    },
    async (request) =>
      asText(await readSoeSupply(db, request.params.id, request.query)) as unknown as SoeSupply,
  );
}
