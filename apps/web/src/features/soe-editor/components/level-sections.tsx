import { useState, type Dispatch } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import type { EditorAction } from '../state/editor-reducer';
import { levelId, type EditorState } from '../state/editor-state';
import { useLevelData } from '../hooks/use-level-data';
import type { SourceCurrencies } from './levels/inherited';
import { LevelAssessmentsTable } from './levels/level-assessments-table';
import { LevelVisitsTable } from './levels/level-visits-table';
import { SoeSection } from './sections';

export interface LevelSectionsProps {
  soeId: number;
  siteGroupId: number;
  siteId: number;
  state: EditorState;
  currency: string;
  /** The currencies of the levels this tab inherits from (inherited amounts show in theirs). */
  sources: SourceCurrencies;
  readOnly: boolean;
  dispatch: Dispatch<EditorAction>;
}

/** A country or site tab: its Visits and Assessments tables, both open to start with (spec/2 section 2). */
export function LevelSections({
  soeId,
  siteGroupId,
  siteId,
  state,
  currency,
  sources,
  readOnly,
  dispatch,
}: LevelSectionsProps) {
  const data = useLevelData(soeId, siteGroupId, siteId, dispatch);
  const [open, setOpen] = useState({ visits: true, assessments: true });
  const id = levelId(siteGroupId, siteId);
  const level = state.levels[id];
  if (data.error)
    return <LoadErrorAlert message="The country or site values could not be loaded." onRetry={data.retry} />;
  if (!level || !data.visits || !data.assessments) return <p>Loading the country or site values…</p>;
  return (
    <>
      <SoeSection
        id="level-visits"
        title="Visits"
        open={open.visits}
        onOpenChange={(o) => setOpen((s) => ({ ...s, visits: o }))}
      >
        <LevelVisitsTable
          level={level}
          levelKey={id}
          visits={state.visits}
          loaded={data.visits}
          currency={currency}
          sources={sources}
          readOnly={readOnly}
          dispatch={dispatch}
        />
      </SoeSection>
      <SoeSection
        id="level-assessments"
        title="Assessments"
        open={open.assessments}
        onOpenChange={(o) => setOpen((s) => ({ ...s, assessments: o }))}
      >
        <LevelAssessmentsTable
          level={level}
          levelKey={id}
          assessments={state.assessments}
          loaded={data.assessments}
          currency={currency}
          sources={sources}
          readOnly={readOnly}
          dispatch={dispatch}
        />
      </SoeSection>
    </>
  );
}
