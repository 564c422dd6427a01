import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { SOE_LIMITS, type SoeVisitLevel } from '@predict/shared';
import { memo, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { EditorVisit, LevelState, LevelVisitValues } from '../../state/editor-state';
import { EditorTable } from '../fields/editor-table';
import { formatMoney } from '../fields/format-money';
import { NumberField } from '../fields/number-field';
import { ApplyToAllButton } from '../visits/apply-to-all';
import { inheritedText, useEffectiveByKey, type SourceCurrencies } from './inherited';

const visitEntry = (r: SoeVisitLevel) => [r.scheduleOfEventsVisitId, r.effective] as const;

export interface LevelVisitsTableProps {
  level: LevelState;
  levelKey: string;
  visits: readonly EditorVisit[];
  /** The level's loaded rows (effective values and their sources). */
  loaded: SoeVisitLevel[];
  currency: string;
  /** The currencies of the levels an amount can come from (inherited amounts show in theirs). */
  sources: SourceCurrencies;
  readOnly: boolean;
  dispatch: Dispatch<EditorAction>;
}

const plain = (n: number) => String(n);

interface RowProps {
  visit: EditorVisit;
  own: LevelVisitValues | undefined;
  effective: SoeVisitLevel['effective'] | undefined;
  site: boolean;
  currency: string;
  sources: SourceCurrencies;
  readOnly: boolean;
  levelKey: string;
  dispatch: Dispatch<EditorAction>;
}

const LevelVisitRow = memo(function LevelVisitRow({
  visit: v,
  own,
  effective,
  site,
  currency,
  sources,
  readOnly,
  levelKey,
  dispatch,
}: RowProps) {
  const money = (n: number) => formatMoney(n, currency);
  const inheritedMoney = (n: number, from: keyof SourceCurrencies) => formatMoney(n, sources[from]);
  const set = (patch: Partial<LevelVisitValues>) =>
    dispatch({ type: 'updateLevelVisit', level: levelKey, key: v.visitKey, patch });
  return (
    <TableRow hover>
      <TableCell>{v.visitName}</TableCell>
      <TableCell>{v.visitCategory}</TableCell>
      <TableCell>{v.visitStudyDay}</TableCell>
      <TableCell>
        <NumberField
          label={`Overhead % of ${v.visitName}`}
          value={own?.visitOverheadPct ?? null}
          decimals={2}
          max={SOE_LIMITS.overheadPctMax}
          width={150}
          disabled={readOnly}
          placeholder={inheritedText(effective?.visitOverheadPct, v.visitOverheadPct, plain)}
          onCommit={(visitOverheadPct) => set({ visitOverheadPct })}
        />
      </TableCell>
      <TableCell>
        <NumberField
          label={`Visit cost of ${v.visitName}`}
          value={own?.visitCost ?? null}
          decimals={2}
          max={SOE_LIMITS.costMax}
          width={170}
          disabled={readOnly}
          format={money}
          placeholder={inheritedText(effective?.visitCost, v.visitCost, inheritedMoney)}
          onCommit={(visitCost) => set({ visitCost })}
        />
      </TableCell>
      {site && (
        <TableCell>
          <NumberField
            label={`Total visit cost of ${v.visitName}`}
            value={own?.visitCostTotal ?? null}
            decimals={2}
            max={SOE_LIMITS.costMax}
            width={150}
            disabled={readOnly}
            format={money}
            placeholder="computed"
            onCommit={(visitCostTotal) => set({ visitCostTotal })}
          />
        </TableCell>
      )}
    </TableRow>
  );
});

/**
 * A country or site tab's Visits table (design/soe-costing.md section 1): the study's visits with the level's own
 * overhead %, visit cost and (sites only) contract visit total; inherited values show greyed with their source.
 */
export function LevelVisitsTable({
  level,
  levelKey,
  visits,
  loaded,
  currency,
  sources,
  readOnly,
  dispatch,
}: LevelVisitsTableProps) {
  const byId = useEffectiveByKey(loaded, visitEntry);
  const site = level.siteId !== 1;
  return (
    <EditorTable
      label="Visits"
      head={
        <>
          <TableCell>Visit Name</TableCell>
          <TableCell>Category</TableCell>
          <TableCell>Study Day</TableCell>
          <TableCell>
            Visit Overhead %
            <ApplyToAllButton
              disabled={readOnly}
              hasValue={visits.some((v) => (level.visits[v.visitKey]?.visitOverheadPct ?? null) !== null)}
              onApply={() => dispatch({ type: 'applyLevelOverheadToAll', level: levelKey })}
            />
          </TableCell>
          <TableCell>Visit Cost</TableCell>
          {site && <TableCell>Total Visit Cost</TableCell>}
        </>
      }
    >
      {visits.map((v) => (
        <LevelVisitRow
          key={v.visitKey}
          visit={v}
          own={level.visits[v.visitKey]}
          effective={byId.get(v.visitKey)}
          site={site}
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
