import { memo } from 'react';
import type { EditorVisit } from '../../state/editor-state';
import type { VisitTotalsRow } from '../../state/grid-totals';
import { formatMoney } from '../fields/format-money';
import { COLUMN_WIDTH } from './grid-layout';
import { gridStyles, spacer } from './grid-styles';

/** The six totals rows of the grid (spec/2 section 3, totals dataset), in order. */
export const TOTALS_ROWS: { field: keyof VisitTotalsRow; label: string; money: boolean }[] = [
  { field: 'assessmentCount', label: 'Assessment Count', money: false },
  { field: 'assessmentCost', label: 'Assessment Cost', money: true },
  { field: 'visitOverhead', label: 'Visit Overhead', money: true },
  { field: 'totalVisitCost', label: 'Total Visit Cost', money: true },
  { field: 'uniqueCrfs', label: 'Unique CRFs', money: false },
  { field: 'nonUniqueCrfs', label: 'Non Unique CRFs', money: false },
];

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export interface GridTotalsRowsProps {
  totals: Map<string, VisitTotalsRow>;
  visits: readonly EditorVisit[];
  colStart: number;
  currency: string;
  firstRowIndex: number;
}

/** The totals rows, kept in view at the bottom of the grid while its rows scroll. */
export const GridTotalsRows = memo(function GridTotalsRows({
  totals,
  visits,
  colStart,
  currency,
  firstRowIndex,
}: GridTotalsRowsProps) {
  return (
    <div role="rowgroup" style={gridStyles.totals}>
      {TOTALS_ROWS.map(({ field, label, money }, r) => (
        <div key={field} role="row" aria-rowindex={firstRowIndex + r} style={gridStyles.totalsRow}>
          <div role="rowheader" style={gridStyles.headerName}>
            {label}
          </div>
          <div style={spacer(colStart * COLUMN_WIDTH)} />
          {visits.map((v) => {
            const value = totals.get(v.visitKey)?.[field] ?? 0;
            return (
              <div
                key={v.visitKey}
                role="cell"
                aria-label={`${label} of ${v.visitName}`}
                style={gridStyles.totalCell}
              >
                {money ? formatMoney(value, currency) : count.format(value)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
});
