import { z } from 'zod';
import { SOE_STATUSES } from './constants';

const int = z.number().int();

/** A row of the study's Schedules of Events table (GET /ctpo/soe/study/{studyId}). */
export const SoeListRow = z
  .object({
    soeId: int,
    studyId: int,
    soeName: z.string(),
    soeDescr: z.string(),
    status: z.enum(SOE_STATUSES),
    version: int,
    /** Name of the linked enrollment plan; null when none is linked or it was deleted. */
    linkedStudyPlanName: z.string().nullable(),
    insertBy: z.string(),
    /** When the SOE last changed, as an ISO 8601 timestamp (UTC). */
    updateDate: z.string(),
  })
  .meta({ id: 'SoeListRow' });
export type SoeListRow = z.infer<typeof SoeListRow>;
