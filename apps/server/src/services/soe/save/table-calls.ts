import type {
  SoeAssessmentCallBody,
  SoeAssessmentSiteGroupCallBody,
  SoeContractDateCallBody,
  SoeCurrencyCallBody,
  SoeMappingCallBody,
  SoeRiskCallBody,
  SoeSamplingNoteCallBody,
  SoeSaveBody,
  SoeVisitCallBody,
  SoeVisitSiteGroupCallBody,
} from '@predict/shared';

/**
 * The spec's per-table calls (spec/2 section 7) as one-call saves: each names its SOE and the part of the save it
 * changes; rows are referenced by their ids (a key is the decimal id). They carry no version.
 */
type Call = {
  soeId: number;
  studyIds: (number | undefined)[];
  save: SoeSaveBody;
  /** Where the save's field paths point in the call's own body, when they differ (`body.visits.0` -> `body.0`). */
  fieldPath?: (path: string) => string;
};
const body = (part: Omit<SoeSaveBody, 'version'>): SoeSaveBody => ({ version: 0, ...part });

/** A row keyed by its id (existing) or its position (new) when the call sent no key. */
const keyOf = (key: string | undefined, id: number | null, index: number) =>
  key ?? (id !== null ? String(id) : `new-${index}`);

/** SOEVisit: the list of visits (the full list, in order), or `{ scheduleOfEventsId }` alone: no visit is left. */
export const visitCall = (b: SoeVisitCallBody): Call =>
  Array.isArray(b)
    ? {
        soeId: b[0]!.scheduleOfEventsId,
        studyIds: b.map((r) => r.studyId),
        save: body({
          visits: b.map(({ scheduleOfEventsId: _soe, studyId: _study, visitKey, ...row }, i) => ({
            ...row,
            visitKey: keyOf(visitKey, row.scheduleOfEventsVisitId, i),
          })),
        }),
        fieldPath: (path) => path.replace(/^body\.visits\./, 'body.'),
      }
    : { soeId: b.scheduleOfEventsId, studyIds: [b.studyId], save: body({ visits: [] }) };

export const assessmentCall = (b: SoeAssessmentCallBody): Call => ({
  soeId: b.scheduleOfEventsId,
  studyIds: [],
  save: body({ assessments: b.assessments }),
});

export const visitSiteGroupCall = (b: SoeVisitSiteGroupCallBody): Call => ({
  soeId: b.scheduleOfEventsId,
  studyIds: [b.studyId],
  save: body({
    visitLevelValues: [
      {
        visitKey: String(b.scheduleOfEventsVisitId),
        siteGroupId: b.siteGroupId,
        siteId: b.siteId,
        visitOverheadPct: b.visitOverheadPct,
        visitCost: b.visitCost,
        visitCostTotal: b.visitCostTotal,
      },
    ],
  }),
});

export const assessmentSiteGroupCall = (b: SoeAssessmentSiteGroupCallBody): Call => ({
  soeId: b.scheduleOfEventsId,
  studyIds: [b.studyId],
  save: body({
    assessmentLevelValues: [
      {
        assessmentKey: String(b.scheduleOfEventsAssessmentId),
        siteGroupId: b.siteGroupId,
        siteId: b.siteId,
        assessmentCost: b.assessmentCost,
      },
    ],
  }),
});

export const mappingCall = (rows: SoeMappingCallBody): Call => ({
  soeId: rows[0]!.scheduleOfEventsId,
  studyIds: rows.map((r) => r.studyId),
  save: body({
    mapping: rows.map((r) =>
      r.mappingAssessmentVisit === 0
        ? {
            visitKey: String(r.scheduleOfEventsVisitId),
            assessmentKey: String(r.scheduleOfEventsAssessmentId),
            mappingAssessmentVisit: 0 as const,
            multiplier: null,
            uniqueNonUniqueForm: null,
          }
        : {
            visitKey: String(r.scheduleOfEventsVisitId),
            assessmentKey: String(r.scheduleOfEventsAssessmentId),
            mappingAssessmentVisit: r.mappingAssessmentVisit,
            multiplier: r.multiplier ?? 1,
            uniqueNonUniqueForm: r.uniqueNonUniqueForm,
          },
    ),
  }),
});

export const contractDateCall = (b: SoeContractDateCallBody): Call => ({
  soeId: b.scheduleOfEventsId,
  studyIds: [b.studyId],
  save: body({
    contractDates: [
      {
        siteGroupId: b.siteGroupId,
        siteId: b.siteId,
        siteContractEffectiveDate: b.siteContractEffectiveDate,
      },
    ],
  }),
});

export const currencyCall = (rows: SoeCurrencyCallBody): Call => ({
  soeId: rows[0]!.scheduleOfEventsId,
  studyIds: [],
  save: body({
    currencies: rows.map((r) => ({
      siteGroupId: r.siteGroupId,
      siteId: r.siteId,
      currency: r.currency,
      exchangeRate: r.exchangeRate,
    })),
  }),
});

export const riskCall = (rows: SoeRiskCallBody): Call => ({
  soeId: rows[0]!.scheduleOfEventsId,
  studyIds: rows.map((r) => r.studyId),
  save: body({
    risks: rows.map((r) => ({
      scheduleOfEventsRiskAssessmentId: r.scheduleOfEventsRiskAssessmentId,
      riskAssessmentStudySpecifics: r.riskAssessmentStudySpecifics,
      riskAssessmentRiskScore: r.riskAssessmentRiskScore,
    })),
  }),
});

export const samplingNoteCall = (b: SoeSamplingNoteCallBody): Call => ({
  soeId: b.scheduleOfEventsId,
  studyIds: [b.studyId],
  save: body({ samplingNotes: [{ tableSort: b.tableSort, rowSort: b.rowSort, notes: b.notes }] }),
});
