import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ErrorResponse,
  SoeAssessmentCallBody,
  SoeAssessmentSiteGroupCallBody,
  SoeContractDateCallBody,
  SoeCurrencyCallBody,
  SoeMappingCallBody,
  SoeRiskCallBody,
  SoeSamplingNoteCallBody,
  SoeSaveResult,
  SoeVisitCallBody,
  SoeVisitSiteGroupCallBody,
  StudyIdParams,
} from '@predict/shared';
import { HttpError, SAME_STUDY_MESSAGE } from '../../http-errors';
import { invalidSoeBody } from '../../services/soe/guards/soe-guards';
import { saveSoe } from '../../services/soe/save/save-soe';
import * as calls from '../../services/soe/save/table-calls';
import { currentUser } from '../current-user';

const tags = ['soe'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** A save's 400 with its field paths pointed into the call's own body. */
const inCallBody = (error: unknown, fieldPath: (path: string) => string) =>
  error instanceof HttpError && error.fields
    ? new HttpError(
        error.statusCode,
        error.message,
        error.fields.map((f) => ({ ...f, path: fieldPath(f.path) })),
        error.extra,
      )
    : error;

/** The spec's per-table save calls (spec/2 section 7): each one transaction through the one-call save service. */
export async function soeTableRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  const call = <B extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    toSave: (b: z.infer<B>) => ReturnType<typeof calls.visitCall>,
  ) =>
    r.post(
      `/ctpo/study/:studyId/${name}`,
      {
        config: { access: 'editor' as const },
        schema: { tags, summary, params: StudyIdParams, body, response: { 200: SoeSaveResult, ...errors } },
      },
      async (request) => {
        const { studyId } = request.params;
        const { soeId, studyIds, save, fieldPath } = toSave(request.body as z.infer<B>);
        const other = studyIds.findIndex((s) => s !== undefined && s !== studyId);
        if (other >= 0)
          throw invalidSoeBody([
            {
              path: Array.isArray(request.body) ? [other, 'studyId'] : ['studyId'],
              message: SAME_STUDY_MESSAGE,
            },
          ]);
        try {
          return await saveSoe(db, currentUser(request), { soeId, studyId }, save, false);
        } catch (error) {
          throw fieldPath ? inCallBody(error, fieldPath) : error;
        }
      },
    );

  call(
    'SOEVisit',
    "Replaces the SOE's visit list (rows without an id are added); `{ scheduleOfEventsId }` alone removes " +
      'every visit',
    SoeVisitCallBody,
    calls.visitCall,
  );
  call('SOEAssessment', "Replaces the SOE's assessment list", SoeAssessmentCallBody, calls.assessmentCall);
  call(
    'SOEVisitSiteGroup',
    "A visit's own values at a country or site",
    SoeVisitSiteGroupCallBody,
    calls.visitSiteGroupCall,
  );
  call(
    'SOEAssessmentSiteGroup',
    "An assessment's own cost at a country or site",
    SoeAssessmentSiteGroupCallBody,
    calls.assessmentSiteGroupCall,
  );
  call('SOEAssessmentVisitMapping', 'Grid cell changes (0 unticks)', SoeMappingCallBody, calls.mappingCall);
  call(
    'SOESiteContractDate',
    "A site's contract effective date",
    SoeContractDateCallBody,
    calls.contractDateCall,
  );
  call(
    'SOECurrency',
    "Levels' currencies and exchange rates (site group 0: the SOE currency)",
    SoeCurrencyCallBody,
    calls.currencyCall,
  );
  call('InitialRiskAssessment', 'Risk scores and study specifics', SoeRiskCallBody, calls.riskCall);
  call(
    'VisitSamplingStrategyNotes',
    'A note of a visit sampling strategy row',
    SoeSamplingNoteCallBody,
    calls.samplingNoteCall,
  );
}
