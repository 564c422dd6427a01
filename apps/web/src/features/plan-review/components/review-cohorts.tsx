import type { StudyPlan } from '@predict/shared';
import { SequentialCohortTable, useCohortEditor } from '@/features/sequential-cohorts';
import { editSectionPath } from '../utils/review-links';
import { ReviewSection } from './review-section';

/** The sequential cohort table of a Cohort (D) plan, read-only, with the chain dates as saved. */
export function ReviewCohorts({ plan, tab, editable }: { plan: StudyPlan; tab: number; editable: boolean }) {
  const editor = useCohortEditor(plan, { readOnly: true, step: 3 });
  return (
    <ReviewSection
      title="Sequential Cohort Setup"
      level={2}
      editTo={editable ? editSectionPath(plan, tab, 'cohorts') : undefined}
    >
      <SequentialCohortTable editor={editor} />
    </ReviewSection>
  );
}
