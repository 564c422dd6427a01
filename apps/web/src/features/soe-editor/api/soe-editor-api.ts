import {
  AssessmentNameEntry,
  SoeAssessment,
  SoeAssessmentLevel,
  SoeDetailAnswer,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow,
  SoeSaveResult,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
  type SoeSaveInput,
} from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of one SOE's editor starts with this key, so a reload after a save can refetch them together. */
export const soeEditorKey = (soeId: number) => ['soe-editor', soeId] as const;

// The editor holds a working copy: a background refetch must not replace what the user sees mid-edit.
const stable = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

const base = (soeId: number) => `/ctpo/soe/${soeId}`;
const list = <T>(soeId: number, part: string, path: string, schema: { parse(d: unknown): T }) =>
  queryOptions({
    queryKey: [...soeEditorKey(soeId), part],
    queryFn: ({ signal }) => api.get(`${base(soeId)}${path}`, schema, { signal }),
    ...stable,
  });

/** The study-level reads of the editor (spec/2 section 7), loaded in parallel. */
export const soeEditorQueries = (soeId: number) => ({
  soe: list(soeId, 'soe', '', SoeDetailAnswer),
  visits: list(soeId, 'visits', '/visits', SoeVisit.array()),
  assessments: list(soeId, 'assessments', '/assessments', SoeAssessment.array()),
  mapping: list(soeId, 'mapping', '/mapping', SoeMappingEntry.array()),
  siteGroups: list(soeId, 'sitegroups', '/sitegroups', SoeSiteGroupEntry.array()),
  risks: list(soeId, 'risks', '/riskassessments', SoeRiskAssessment.array()),
  sampling: list(soeId, 'sampling', '/visitsamplingstrategy', SoeSamplingRow.array()),
});

/** A country's (siteId 1) or site's own visit and assessment values. */
export const soeLevelQueries = (soeId: number, siteGroupId: number, siteId: number) => ({
  visits: list(
    soeId,
    `visits-${siteGroupId}-${siteId}`,
    `/visits/sitegroup/${siteGroupId}/site/${siteId}`,
    SoeVisitLevel.array(),
  ),
  assessments: list(
    soeId,
    `assessments-${siteGroupId}-${siteId}`,
    `/assessments/sitegroup/${siteGroupId}/site/${siteId}`,
    SoeAssessmentLevel.array(),
  ),
});

/** Names of the assessment-name list starting with `prefix` (case-insensitive, at most 50). */
export const assessmentNamesQuery = (prefix: string) =>
  queryOptions({
    queryKey: ['assessment-names', prefix.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get(`/ctpo/assessments/name/${encodeURIComponent(prefix)}*`, AssessmentNameEntry.array(), {
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** The editor's Save: every change log in one call (POST /ctpo/soe/{id}/save). */
export const saveSoe = (soeId: number, body: SoeSaveInput) =>
  api.post(`${base(soeId)}/save`, body, SoeSaveResult);

/** REFRESH SITE LIST: sites with a Fully Executed contract become selectable. */
export const refreshSiteList = (studyId: number, soeId: number) =>
  api.post<{ message: string }>(`/ctpo/study/${studyId}/SOESiteSelectedList`, {
    scheduleOfEventsId: soeId,
  });
