import {
  SOE_MESSAGES,
  SoeSaveBody,
  soeRowIssues,
  type SoeRowIssue,
  type SoeSaveInput,
} from '@predict/shared';
import type { EditorState } from './editor-state';

/**
 * The one body of the editor's Save (spec/2 section 4): the full ordered visit and assessment lists (position = sort
 * order; rows named by key, existing rows by their id), every changed level value, grid cell, currency, contract
 * date, risk row and sampling note, against the version the editor loaded.
 */
export function buildSaveBody(s: EditorState): SoeSaveInput {
  const visitKeys = new Set(s.visits.map((v) => v.visitKey));
  const assessmentKeys = new Set(s.assessments.map((a) => a.assessmentKey));
  const levels = Object.values(s.levels);
  const body: SoeSaveInput = {
    version: s.version,
    visits: s.visits.map((v) => ({ ...v })),
    assessments: s.assessments.map((a) => ({ ...a })),
    visitLevelValues: levels.flatMap((l) =>
      [...l.changedVisits]
        .filter((k) => visitKeys.has(k))
        .map((k) => {
          const own = l.visits[k]!;
          return {
            visitKey: k,
            siteGroupId: l.siteGroupId,
            siteId: l.siteId,
            visitOverheadPct: own.visitOverheadPct,
            visitCost: own.visitCost,
            // A visit total belongs to a site contract only.
            visitCostTotal: l.siteId === 1 ? null : own.visitCostTotal,
          };
        }),
    ),
    assessmentLevelValues: levels.flatMap((l) =>
      [...l.changedAssessments]
        .filter((k) => assessmentKeys.has(k))
        .map((k) => ({
          assessmentKey: k,
          siteGroupId: l.siteGroupId,
          siteId: l.siteId,
          assessmentCost: l.assessments[k] ?? null,
        })),
    ),
    mapping: [...s.changedCells].flatMap((id) => {
      const [assessmentKey, visitKey] = id.split('|') as [string, string];
      if (!assessmentKeys.has(assessmentKey) || !visitKeys.has(visitKey)) return [];
      const cell = s.cells[assessmentKey]?.[visitKey];
      return [
        cell
          ? {
              assessmentKey,
              visitKey,
              mappingAssessmentVisit: 1 as const,
              multiplier: cell.multiplier,
              uniqueNonUniqueForm: cell.uniqueNonUniqueForm,
            }
          : {
              assessmentKey,
              visitKey,
              mappingAssessmentVisit: 0 as const,
              multiplier: null,
              uniqueNonUniqueForm: null,
            },
      ];
    }),
    currencies: Object.entries(s.currencies).map(([id, c]) => {
      const [siteGroupId, siteId] = id.split(':').map(Number) as [number, number];
      return { siteGroupId, siteId, currency: c.currency, exchangeRate: c.exchangeRate };
    }),
    contractDates: Object.entries(s.contractDates).map(([id, date]) => {
      const [siteGroupId, siteId] = id.split(':').map(Number) as [number, number];
      return { siteGroupId, siteId, siteContractEffectiveDate: date };
    }),
    risks: s.risks
      .filter((r) => s.changedRisks.has(r.scheduleOfEventsRiskAssessmentId))
      .map((r) => ({
        scheduleOfEventsRiskAssessmentId: r.scheduleOfEventsRiskAssessmentId,
        riskAssessmentStudySpecifics: r.riskAssessmentStudySpecifics,
        riskAssessmentRiskScore: r.riskAssessmentRiskScore,
      })),
    samplingNotes: Object.entries(s.samplingNotes).map(([id, notes]) => {
      const [tableSort, rowSort] = id.split(':').map(Number) as [number, number];
      return { tableSort, rowSort, notes };
    }),
  };
  return body;
}

/**
 * What stops a Save (spec/2 section 5): the row rules, name mappings typed rather than chosen, and any other rule of
 * the save schema; paths as the body's ('visits', 3, 'visitName').
 */
export function saveIssues(s: EditorState, body: SoeSaveInput): SoeRowIssue[] {
  const issues = soeRowIssues([...s.visits], [...s.assessments]);
  s.assessments.forEach((a, i) => {
    if (s.invalidMappings.has(a.assessmentKey))
      issues.push({
        path: ['assessments', i, 'assessmentNameMapping'],
        message: SOE_MESSAGES.assessmentMappingInvalid,
      });
  });
  const parsed = SoeSaveBody.safeParse(body);
  if (!parsed.success) {
    const seen = new Set(issues.map((i) => `${i.path.join('.')}|${i.message}`));
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const id = `${path.join('.')}|${issue.message}`;
      if (!seen.has(id)) {
        seen.add(id);
        issues.push({ path, message: issue.message });
      }
    }
  }
  return issues;
}

/** Field errors by row key and field ('<visitKey>.visitName'), for marking the inputs. */
export function fieldErrorsByKey(
  s: Pick<EditorState, 'visits' | 'assessments'>,
  issues: SoeRowIssue[],
): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const { path, message } of issues) {
    const [list, index, field] = path;
    if (typeof index !== 'number' || typeof field !== 'string') continue;
    const key =
      list === 'visits'
        ? s.visits[index]?.visitKey
        : list === 'assessments'
          ? s.assessments[index]?.assessmentKey
          : undefined;
    if (key && !byKey.has(`${key}.${field}`)) byKey.set(`${key}.${field}`, message);
  }
  return byKey;
}

/** A 400's field paths ('body.visits.3.visitName') as issues. */
export function serverFieldIssues(fields: { path: string; message: string }[]): SoeRowIssue[] {
  return fields.map((f) => ({
    path: f.path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    message: f.message,
  }));
}
