import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  PlanIdParams,
  RESULT_SET_PATH_ALIASES,
  RESULT_SET_PATHS,
  RESULT_SET_SCHEMAS,
  RUN_SETTINGS_PATH,
  SimulationRunSettings,
  type ResultSetName,
} from '@predict/shared';
import { sendJsonWithEtag } from '../../caching/etag';
import { asPresentedJson } from '../presented-json';
import { readResultSet } from '../../services/results/read-result-set';
import { readRunSettings } from '../../services/results/read-run-settings';

const tags = ['results'];

interface ResultRoute {
  /** The spec's path with `{planId}`. */
  path: string;
  name: ResultSetName;
  aliasOf?: string;
}

const ROUTES: ResultRoute[] = [
  ...(Object.entries(RESULT_SET_PATHS) as [ResultSetName, string][]).map(([name, path]) => ({ name, path })),
  ...Object.entries(RESULT_SET_PATH_ALIASES).map(([path, name]) => ({
    name,
    path,
    aliasOf: RESULT_SET_PATHS[name],
  })),
];

/**
 * The OpenAPI path: @fastify/swagger reads '(' in a path as the start of a parameter's regular expression, so the
 * segments with spaces and parentheses are written percent-encoded (as clients send them).
 */
function openApiPath(path: string): string {
  return path
    .split('/')
    .map((seg) =>
      seg === '{planId}' ? seg : encodeURIComponent(seg).replace(/\(/g, '%28').replace(/\)/g, '%29'),
    )
    .join('/');
}

/** The result GET routes of spec/1 section 7: results, cohort details/summary, charts, regioncharts, cohortcharts. */
export async function resultsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  for (const { path, name, aliasOf } of ROUTES) {
    const response = RESULT_SET_SCHEMAS[name];
    const url = openApiPath(path);
    r.get(
      path.replace('{planId}', ':planId'),
      {
        config: { swaggerTransform: (args) => ({ ...jsonSchemaTransform(args), url }) },
        // Stored engine output, proven against the schemas by the tests: sent as it is.
        serializerCompiler: asPresentedJson,
        schema: {
          tags,
          summary:
            `Result set ${name} of the plan's latest finished simulation run, as stored` +
            (aliasOf ? ` (the same as ${aliasOf})` : '') +
            '; 404 when the plan has no finished run or, for a cohort set, no sequential cohorts. Answers an ETag ' +
            'naming the run and set; 304 when If-None-Match names it',
          params: PlanIdParams,
          response: { 200: response, 404: ErrorResponse },
        },
      },
      async (request, reply) => {
        const set = await readResultSet(db, request.params.planId, name);
        // A finished run's sets never change: a client that kept a copy revalidates it with If-None-Match.
        return sendJsonWithEtag(request, reply, set.etag, set.json);
      },
    );
  }

  r.get(
    RUN_SETTINGS_PATH.replace('{planId}', ':planId'),
    {
      // Built here from the run's stored JSON, its shape proven by the tests: sent as built.
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary:
          "The uncertainty settings of the plan's latest finished simulation run (its Parameter Summary): as " +
          'stored with the run (source run), or, for a run stored before they were kept, those its input named ' +
          '(source request); a remodel run adds the spread it estimated from the actuals. 404 when the plan has no ' +
          'finished run. Answers an ETag naming the run; 304 when If-None-Match names it',
        params: PlanIdParams,
        response: { 200: SimulationRunSettings, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { settings, etag } = await readRunSettings(db, request.params.planId);
      return sendJsonWithEtag(request, reply, etag, JSON.stringify(settings));
    },
  );
}
