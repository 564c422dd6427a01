import type { SoeCommentType, SoeRiskAssessment, SoeSamplingRow } from '@predict/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { memo, useMemo, type Dispatch } from 'react';
import type { EditorAction } from '../state/editor-reducer';
import type { EditorState } from '../state/editor-state';
import type { OpenSections } from '../state/open-sections';
import { AssessmentsTable, type AssessmentsTableProps } from './assessments/assessments-table';
import { SoeGrid, type SoeGridProps } from './grid/soe-grid';
import type { StrategySettings } from '../state/strategy-by-visit';
import { InitialRiskAssessmentTable, SamplingStrategyTables, SoeSection } from './sections';
import { StrategyViewTables } from './sections/strategy-view-tables';
import { VisitsTable, type VisitsTableProps } from './visits/visits-table';

export interface StudySectionsProps {
  state: EditorState;
  sampling: SoeSamplingRow[];
  currency: string;
  commentType: SoeCommentType;
  /** The SOE's CDA review and additional on-site time, for the Clinical Strategy view's tables. */
  strategySettings: StrategySettings;
  readOnly: boolean;
  rowErrors: Map<string, Record<string, string>>;
  open: OpenSections;
  onOpen: (id: string, open: boolean) => void;
  onEditField: (field: string) => void;
  onValidity: (field: string, valid: boolean) => void;
  dispatch: Dispatch<EditorAction>;
}

const SAMPLING_PREFIX = 'sampling-';

/** The risk and sampling sections: they re-render only when their own rows or open states change. */
const RiskAndSampling = memo(function RiskAndSampling({
  risks,
  sampling,
  notes,
  readOnly,
  riskOpen,
  samplingOpen,
  onOpen,
  onEditField,
  onValidity,
  dispatch,
}: {
  risks: readonly SoeRiskAssessment[];
  sampling: SoeSamplingRow[];
  notes: EditorState['samplingNotes'];
  readOnly: boolean;
  riskOpen: boolean;
  samplingOpen: Record<number, boolean>;
  onOpen: (id: string, open: boolean) => void;
  onEditField: (field: string) => void;
  onValidity: (field: string, valid: boolean) => void;
  dispatch: Dispatch<EditorAction>;
}) {
  const rows = useMemo(
    () =>
      sampling.map((r) => {
        const key = `${r.tableSort}:${r.rowSort}`;
        return key in notes ? { ...r, notes: notes[key]! } : r;
      }),
    [sampling, notes],
  );
  return (
    <>
      <InitialRiskAssessmentTable
        rows={risks as SoeRiskAssessment[]}
        readOnly={readOnly}
        open={riskOpen}
        onOpenChange={(o) => onOpen('initial-risk-assessment', o)}
        onChange={(riskId, change) => dispatch({ type: 'setRisk', riskId, change })}
        onValidityChange={(riskId, valid) => onValidity(`risk-${riskId}`, valid)}
      />
      <SamplingStrategyTables
        rows={rows}
        readOnly={readOnly}
        open={samplingOpen}
        onOpenChange={(t, o) => onOpen(`${SAMPLING_PREFIX}${t}`, o)}
        onEditField={onEditField}
        onNotesChange={(tableSort, rowSort, n) =>
          dispatch({ type: 'setSamplingNote', tableSort, rowSort, notes: n })
        }
      />
    </>
  );
});

type Toggle = { open: boolean; onOpen: (id: string, open: boolean) => void };

// Each table with its section, memoised: a tick in the grid re-renders neither the Visits nor the Assessments section.
const VisitsSection = memo(function VisitsSection({ open, onOpen, ...table }: Toggle & VisitsTableProps) {
  return (
    <SoeSection id="visits" title="Visits" open={open} onOpenChange={(o) => onOpen('visits', o)}>
      <VisitsTable {...table} />
    </SoeSection>
  );
});
const AssessmentsSection = memo(function AssessmentsSection({
  open,
  onOpen,
  ...table
}: Toggle & AssessmentsTableProps) {
  return (
    <SoeSection
      id="assessments"
      title="Assessments"
      open={open}
      onOpenChange={(o) => onOpen('assessments', o)}
    >
      <AssessmentsTable {...table} />
    </SoeSection>
  );
});
const GridSection = memo(function GridSection({
  open,
  onOpen,
  loaded,
  ...grid
}: Toggle & SoeGridProps & { loaded: boolean }) {
  return (
    <SoeSection id="grid" title="Schedule of Events" open={open} onOpenChange={(o) => onOpen('grid', o)}>
      {loaded ? <SoeGrid {...grid} /> : <GridLoading />}
    </SoeSection>
  );
});

/** In place of the grid (and the tables drawn from it) while its read is on its way. */
function GridLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
      <CircularProgress size={20} />
      Loading the Schedule of Events grid…
    </Box>
  );
}

/**
 * The study tab: Visits, Assessments and the grid (one open at a time), the extra tables of the Clinical Strategy
 * and Data Management views, then the risk and sampling sections.
 */
export function StudySections({
  state,
  sampling,
  currency,
  commentType,
  strategySettings,
  readOnly,
  rowErrors,
  open,
  onOpen,
  onEditField,
  onValidity,
  dispatch,
}: StudySectionsProps) {
  const samplingOpen = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(open)
          .filter(([k]) => k.startsWith(SAMPLING_PREFIX))
          .map(([k, v]) => [Number(k.slice(SAMPLING_PREFIX.length)), v]),
      ),
    [open],
  );
  return (
    <>
      <VisitsSection
        open={Boolean(open.visits)}
        onOpen={onOpen}
        visits={state.visits}
        intervalType={state.intervalType}
        commentType={commentType}
        currency={currency}
        readOnly={readOnly}
        rowErrors={rowErrors}
        dispatch={dispatch}
      />
      <AssessmentsSection
        open={Boolean(open.assessments)}
        onOpen={onOpen}
        assessments={state.assessments}
        invalidMappings={state.invalidMappings}
        currency={currency}
        commentType={commentType}
        readOnly={readOnly}
        rowErrors={rowErrors}
        dispatch={dispatch}
      />
      <GridSection
        loaded={state.gridLoaded}
        open={Boolean(open.grid)}
        onOpen={onOpen}
        visits={state.visits}
        assessments={state.assessments}
        cells={state.cells}
        currency={currency}
        intervalType={state.intervalType}
        readOnly={readOnly}
        showUniqueNonUnique={commentType === 'DATA_MANAGEMENT'}
        dispatch={dispatch}
      />
      {(commentType === 'MEDICAL' || commentType === 'DATA_MANAGEMENT') &&
        (state.gridLoaded ? (
          <StrategyViewTables
            view={commentType}
            visits={state.visits}
            assessments={state.assessments}
            cells={state.cells}
            currency={currency}
            intervalType={state.intervalType}
            settings={strategySettings}
          />
        ) : (
          <GridLoading />
        ))}
      <RiskAndSampling
        risks={state.risks}
        sampling={sampling}
        notes={state.samplingNotes}
        readOnly={readOnly}
        riskOpen={Boolean(open['initial-risk-assessment'])}
        samplingOpen={samplingOpen}
        onOpen={onOpen}
        onEditField={onEditField}
        onValidity={onValidity}
        dispatch={dispatch}
      />
    </>
  );
}
