/**
 * The Timeline Overview of a combination plan (spec/1 section 2: the cohort range chart of combination plans): one
 * row per member plan, one bar per milestone span of its plan line, on the combination's calendar (days since the
 * combination's day 0, the earliest member's). The spans follow one another, so the bars of a row never overlap.
 */
import type { StudyPlanMilestones } from '../plan-line/types';
import type { CohortTimelineRow } from './cohort-types';
import { formatDate } from './periods';

/** The spans of a row: label, the milestone it starts at ('day0' = the plan's own day 0) and the one it ends at. */
export const COMBINATION_SPANS: readonly {
  label: string;
  from: keyof StudyPlanMilestones | 'day0';
  to: keyof StudyPlanMilestones;
}[] = [
  { label: 'Start-Up', from: 'day0', to: 'firstSiteActivation' },
  { label: 'FSIV to FPI', from: 'firstSiteActivation', to: 'firstEnrolled' },
  { label: 'Enrollment', from: 'firstEnrolled', to: 'lastEnrolled' },
  { label: 'Treatment and Follow-Up', from: 'lastEnrolled', to: 'lastLastVisit' },
  { label: 'Close-Out', from: 'lastLastVisit', to: 'tmfClose' },
];

/** One member of the overview: its label, its day 0 in combination days and its plan-line milestones (own days). */
export interface TimelineMember {
  label: string;
  offset: number;
  milestones: StudyPlanMilestones;
}

/**
 * Timeline rows of a combination: per member, each span whose two ends the plan line reaches (days shifted by the
 * member's offset); a span with an unreached end is left out. 'Project Start Date' is the combination's day 0.
 */
export function combinationTimeline(members: readonly TimelineMember[], day0Ms: number): CohortTimelineRow[] {
  const projectStart = formatDate(day0Ms);
  const rows: CohortTimelineRow[] = [];
  for (const m of members) {
    const at = (key: keyof StudyPlanMilestones | 'day0') => (key === 'day0' ? 0 : m.milestones[key]);
    for (const span of COMBINATION_SPANS) {
      const from = at(span.from);
      const to = at(span.to);
      if (from === null || to === null || to < from) continue;
      rows.push({
        cohortName: m.label,
        milestoneName: span.label,
        'Project Start Date': projectStart,
        studyDayStart: from + m.offset,
        studyDayDuration: to - from,
      });
    }
  }
  return rows;
}
