import type { SoeIntervalType } from '@predict/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CLINICAL_STRATEGY_LABELS, DATA_MANAGEMENT_LABELS, type StrategyLabel } from '@predict/engine';
import { memo, useMemo } from 'react';
import { formatDecimal } from '@/lib/format';
import type { EditorAssessment, EditorVisit, GridCells } from '../../state/editor-state';
import { strategyByVisit, type StrategySettings } from '../../state/strategy-by-visit';
import { SoeSection } from './soe-section';

export interface StrategyViewTablesProps {
  /** The field-type view: Clinical Strategy shows two tables, Data Management one (spec/2 section 2). */
  view: 'MEDICAL' | 'DATA_MANAGEMENT';
  visits: readonly EditorVisit[];
  assessments: readonly EditorAssessment[];
  cells: GridCells;
  currency: string;
  intervalType: SoeIntervalType;
  settings: StrategySettings;
}

const value = (x: number) => formatDecimal(x, 2);

/** A read-only table, one row per visit and a total row, in a box that scrolls within 70% of the window. */
function ByVisitTable({
  label,
  columns,
  rows,
  totals,
}: {
  label: string;
  columns: readonly StrategyLabel[];
  rows: ReturnType<typeof strategyByVisit>['rows'];
  totals: Record<StrategyLabel, number>;
}) {
  return (
    <TableContainer sx={{ maxHeight: '70vh' }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Visit</TableCell>
            {columns.map((c) => (
              <TableCell key={c} align="right">
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.visitKey}>
              <TableCell>{r.visitName || '(no name)'}</TableCell>
              {columns.map((c) => (
                <TableCell key={c} align="right">
                  {c === 'CRA Sampled Visit' ? (r.values[c] === 1 ? 'Yes' : 'No') : value(r.values[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>Total</TableCell>
            {columns.map((c) => (
              <TableCell key={c} align="right">
                {c === 'CRA Sampled Visit' ? `${totals[c]} of ${rows.length}` : value(totals[c])}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** CRA time per patient: the minutes of the by-visit table summed, with hours. */
function CraTimeTable({ totals, visitCount }: { totals: Record<StrategyLabel, number>; visitCount: number }) {
  const onsite = totals['Onsite SDR/SDV (minutes)'];
  const cda = totals['CDA Review (minutes)'];
  const lines: [string, number | string][] = [
    ['100% SDR/SDV time', totals['100% SDR/SDV Time (minutes)']],
    ['Sampled visits', `${totals['CRA Sampled Visit']} of ${visitCount}`],
    ['Onsite SDR/SDV', onsite],
    ['CDA review', cda],
    ['Onsite SDR/SDV and CDA review', Math.round((onsite + cda) * 100) / 100],
  ];
  return (
    <Table size="small" aria-label="CRA Time per Patient" sx={{ maxWidth: 640 }}>
      <TableHead>
        <TableRow>
          <TableCell>Per patient</TableCell>
          <TableCell align="right">Minutes</TableCell>
          <TableCell align="right">Hours</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map(([label, x]) => (
          <TableRow key={label}>
            <TableCell>{label}</TableCell>
            <TableCell align="right" colSpan={typeof x === 'number' ? 1 : 2}>
              {typeof x === 'number' ? value(x) : x}
            </TableCell>
            {typeof x === 'number' && <TableCell align="right">{value(x / 60)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The extra tables of the Clinical Strategy and Data Management views, computed live from the working copy with
 * the engine's rules (the forecast page's Clinical Strategy and Data Management tables, per visit).
 */
export const StrategyViewTables = memo(function StrategyViewTables({
  view,
  visits,
  assessments,
  cells,
  currency,
  intervalType,
  settings,
}: StrategyViewTablesProps) {
  const table = useMemo(
    () => strategyByVisit(visits, assessments, cells, currency, intervalType, settings),
    [visits, assessments, cells, currency, intervalType, settings],
  );
  const byVisit = (id: string, title: string, columns: readonly StrategyLabel[]) => (
    <SoeSection id={id} title={title} defaultOpen>
      <ByVisitTable label={title} columns={columns} rows={table.rows} totals={table.totals} />
    </SoeSection>
  );
  if (view === 'DATA_MANAGEMENT')
    return byVisit('data-management-by-visit', 'Data Management by Visit', DATA_MANAGEMENT_LABELS);
  return (
    <>
      {byVisit('clinical-strategy-by-visit', 'Clinical Strategy by Visit', CLINICAL_STRATEGY_LABELS)}
      <SoeSection id="cra-time-per-patient" title="CRA Time per Patient" defaultOpen>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          CDA review {value(settings.cdaReviewPctTime ?? 0)}% of the 100% SDR/SDV time; additional time on
          site {value(settings.addlTimeOnSitePct ?? 0)}% (Edit Schedule of Events).
        </Typography>
        <CraTimeTable totals={table.totals} visitCount={table.rows.length} />
      </SoeSection>
    </>
  );
});
