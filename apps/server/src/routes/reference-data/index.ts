import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountryOption, SiteGroupOption } from '@predict/shared';
import { sendJsonText } from '../../caching/stamped-answer';
import { listCountryOptions, siteGroupOptionsAnswer } from '../../services/admin/read-site-groups';
import { asPresentedJson } from '../presented-json';

const tags = ['reference data'];

/** Countries and site groups a plan can add (the Add Country dialog of plan step 2); any signed-in user may read. */
export async function referenceDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/sitegroups',
    {
      // Checked against its schema when it is built (siteGroupOptionsAnswer).
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary:
          'Every site group with its country, region, start-up time frame days (Super Short to Long), Site ID days ' +
          '(Small 1-2 sites, Medium 3-10, Large 10+), CTIS eligibility and reference version, by name',
        response: { 200: z.array(SiteGroupOption) },
      },
    },
    async (_request, reply) => sendJsonText(reply, await siteGroupOptionsAnswer.json(db)),
  );

  r.get(
    '/ctpo/countries',
    {
      schema: {
        tags,
        summary: 'Every country with its ISO3 code, region and EU membership, by name',
        response: { 200: z.array(CountryOption) },
      },
    },
    async () => listCountryOptions(db),
  );
}
