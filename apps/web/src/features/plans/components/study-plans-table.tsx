import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STUDY_PAGE_DEFAULT_PAGE_SIZE, type StudySearchResult } from '@predict/shared';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { useCurrentUser } from '@/features/auth';
import { useStudyPlans } from '../api/plans';
import { CompareButton, compareColumn, useCompareSelection } from './compare-selection';
import { planColumns } from './plan-columns';
import { PlanRowActionsCell } from './plan-row-actions-cell';
import { NewPlanDialog } from './new-plan-dialog';

export const PLANS_PAGE_SIZE_KEY = 'predict.studyPlans.pageSize';

const MESSAGES = {
  loading: 'Loading study plans',
  error: 'The study plans could not be loaded.',
  empty: 'No study plans yet.',
  noMatch: 'No study plans match the filters.',
};

/**
 * The study page's plan table (spec/1 section 2, One study). A study has few plans, so filtering, sorting and
 * paging happen here on the whole list.
 */
export function StudyPlansTable({ study }: { study: StudySearchResult }) {
  const { studyId } = study;
  const headingId = useId();
  const { roles } = useCurrentUser();
  const plans = useStudyPlans(studyId);
  const [newPlanOpen, setNewPlanOpen] = useState(false);
  const rows = plans.data ?? [];
  const { ticked, toggle } = useCompareSelection();
  const columns = useMemo(() => [compareColumn(ticked, toggle), ...planColumns], [ticked, toggle]);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Study Plans
        </Typography>
        {/* Read-only users may compare too. */}
        <CompareButton studyId={studyId} ticked={ticked} />
        {!roles.readOnly && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setNewPlanOpen(true)}
            disabled={!plans.isSuccess}
          >
            Add Study Plan
          </Button>
        )}
      </Box>
      <DataTable
        aria-labelledby={headingId}
        columns={columns}
        data={plans.data}
        getRowId={(row) => String(row.studyPlanId)}
        load={plans}
        messages={MESSAGES}
        initialSorting={[{ id: 'updateDate', desc: true }]}
        defaultPageSize={STUDY_PAGE_DEFAULT_PAGE_SIZE}
        pageSizeKey={PLANS_PAGE_SIZE_KEY}
        rowActions={{
          header: 'Actions',
          cell: (plan) => <PlanRowActionsCell study={study} plan={plan} plans={rows} />,
        }}
      />
      {newPlanOpen && <NewPlanDialog studyId={studyId} plans={rows} onClose={() => setNewPlanOpen(false)} />}
    </Paper>
  );
}
