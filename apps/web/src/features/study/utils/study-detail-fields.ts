import type { StudyDetails } from '@predict/shared';
import { formatDate } from '@/lib/format';

export interface DetailField {
  label: string;
  /** One line per entry; '-' when there is nothing to show. */
  lines: string[];
}

const text = (value: string | null | undefined) => [value?.trim() ? value : '-'];

/** The fields of the STUDY DETAILS dialog (spec/3 section 2), in the spec's order. */
export function studyDetailFields(study: StudyDetails): DetailField[] {
  const plans = study.studyPlans.map((p) => p.studyPlanName);
  return [
    { label: 'Linked Enrollment Plan (Study Plan)', lines: plans.length > 0 ? plans : ['-'] },
    { label: 'Proposal Due Date', lines: text(formatDate(study.proposalDueDate)) },
    { label: 'Product Name', lines: text(study.investigationalProductName) },
    { label: 'Sponsor', lines: text(study.sponsorName) },
    { label: 'PCN', lines: text(study.projectId) },
    { label: 'SOE Name', lines: text(study.soeName) },
    { label: 'Therapeutic Area', lines: text(study.therapeuticArea) },
    { label: 'Indication', lines: text(study.indication) },
    { label: 'Proposal Version', lines: text(study.proposalVersion) },
    { label: 'Proposal Budgeter', lines: text(study.proposalBudgeterName) },
    { label: 'SOE Description', lines: text(study.soeDescription) },
    { label: 'Protocol Number', lines: text(study.protocolId) },
    { label: 'Therapeutic Franchise', lines: text(study.therapeuticFranchise) },
    { label: 'Strategy Lead', lines: text(study.proposalStrategyName) },
    { label: 'Study Phase', lines: text(study.phase) },
  ];
}
