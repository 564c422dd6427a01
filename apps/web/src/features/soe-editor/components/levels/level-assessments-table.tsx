import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { SOE_LIMITS, type SoeAssessmentLevel } from '@predict/shared';
import { memo, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorAssessment, LevelState } from '../../state/editor-state';
import { EditorTable } from '../fields/editor-table';
import { formatMoney } from '../fields/format-money';
import { NumberField } from '../fields/number-field';
import { inheritedText, useEffectiveByKey, type SourceCurrencies } from './inherited';

const assessmentEntry = (r: SoeAssessmentLevel) => [r.scheduleOfEventsAssessmentId, r.effective] as const;

export interface LevelAssessmentsTableProps {
  level: LevelState;
  levelKey: string;
  assessments: readonly EditorAssessment[];
  loaded: SoeAssessmentLevel[];
  currency: string;
  /** The currencies of the levels an amount can come from (inherited amounts show in theirs). */
  sources: SourceCurrencies;
  readOnly: boolean;
  dispatch: Dispatch<EditorAction>;
}

interface RowProps {
  assessment: EditorAssessment;
  own: number | null;
  effective: SoeAssessmentLevel['effective'] | undefined;
  currency: string;
  sources: SourceCurrencies;
  readOnly: boolean;
  levelKey: string;
  dispatch: Dispatch<EditorAction>;
}

const LevelAssessmentRow = memo(function LevelAssessmentRow({
  assessment: a,
  own,
  effective,
  currency,
  sources,
  readOnly,
  levelKey,
  dispatch,
}: RowProps) {
  const money = (n: number) => formatMoney(n, currency);
  const inheritedMoney = (n: number, from: keyof SourceCurrencies) => formatMoney(n, sources[from]);
  return (
    <TableRow hover>
      <TableCell>{a.assessmentType}</TableCell>
      <TableCell>{a.assessmentName}</TableCell>
      <TableCell>
        <NumberField
          label={`Cost of ${a.assessmentName}`}
          value={own}
          decimals={2}
          max={SOE_LIMITS.costMax}
          width={190}
          disabled={readOnly}
          format={money}
          placeholder={inheritedText(effective?.assessmentCost, a.assessmentCost, inheritedMoney)}
          onCommit={(cost) =>
            dispatch({ type: 'updateLevelAssessment', level: levelKey, key: a.assessmentKey, cost })
          }
        />
      </TableCell>
    </TableRow>
  );
});

/** A country or site tab's Assessments table: the level's own cost, the inherited one greyed with its source. */
export function LevelAssessmentsTable({
  level,
  levelKey,
  assessments,
  loaded,
  currency,
  sources,
  readOnly,
  dispatch,
}: LevelAssessmentsTableProps) {
  const byId = useEffectiveByKey(loaded, assessmentEntry);
  return (
    <EditorTable
      label="Assessments"
      head={
        <>
          <TableCell>Assessment Type</TableCell>
          <TableCell sx={{ width: '30%' }}>Assessment Name</TableCell>
          <TableCell>Cost</TableCell>
        </>
      }
    >
      {assessments.map((a) => (
        <LevelAssessmentRow
          key={a.assessmentKey}
          assessment={a}
          own={level.assessments[a.assessmentKey] ?? null}
          effective={byId.get(a.assessmentKey)}
          currency={currency}
          sources={sources}
          readOnly={readOnly}
          levelKey={levelKey}
          dispatch={dispatch}
        />
      ))}
    </EditorTable>
  );
}
