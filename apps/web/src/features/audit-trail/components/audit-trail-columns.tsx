import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditTrailRow } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router';
import type { SelectOption } from '@/components/data-table';
import { EMPTY, formatDateTime } from '@/lib/format';
import { planPath, studyPath } from '../utils/audit-trail-search';
import { actionLabel, changesSummary, entityLabel } from '../utils/audit-values';

const ALL: SelectOption = { value: '', label: 'All' };
const ENTITY_OPTIONS: SelectOption[] = [
  ALL,
  ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })),
];
const ACTION_OPTIONS: SelectOption[] = [
  ALL,
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
];

const columnHelper = createColumnHelper<AuditTrailRow>();

/** The audit trail's columns; `onShowChanges` opens the old-and-new dialog of a row. */
export function auditTrailColumns(onShowChanges: (row: AuditTrailRow) => void) {
  return [
    columnHelper.accessor('occurredAt', {
      header: 'When (UTC)',
      enableSorting: false,
      meta: { filter: { kind: 'dateRange' } },
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    columnHelper.accessor('actorName', {
      header: 'Who',
      enableSorting: false,
      meta: { filter: { kind: 'text' } },
      cell: ({ row }) => (
        <Box title={`${row.original.actorSubject} (${row.original.actorIssuer})`}>
          {row.original.actorName}
          <Typography variant="caption" color="text.secondary" component="div">
            {row.original.actorSubject}
          </Typography>
        </Box>
      ),
    }),
    columnHelper.accessor('projectId', {
      header: 'Study',
      enableSorting: false,
      meta: { filter: { kind: 'text' } },
      cell: ({ row }) => {
        const { studyId, projectId } = row.original;
        if (studyId === null) return EMPTY;
        return (
          <Link component={RouterLink} to={studyPath(studyId)}>
            {projectId ?? studyId}
          </Link>
        );
      },
    }),
    columnHelper.accessor('entity', {
      header: 'What',
      enableSorting: false,
      meta: { filter: { kind: 'select', options: ENTITY_OPTIONS } },
      cell: ({ row }) => {
        const { entity, entityId, entityVersion, studyId, planId } = row.original;
        const id =
          entity === 'study_plan' && studyId !== null && planId !== null ? (
            <Link component={RouterLink} to={planPath(studyId, planId)}>
              {entityId}
            </Link>
          ) : (
            entityId
          );
        return (
          <>
            {entityLabel(entity)} {id}
            {entityVersion !== null && (
              <Typography variant="caption" color="text.secondary" component="div">
                {`version ${entityVersion}`}
              </Typography>
            )}
          </>
        );
      },
    }),
    columnHelper.accessor('action', {
      header: 'Action',
      enableSorting: false,
      meta: { filter: { kind: 'select', options: ACTION_OPTIONS } },
      cell: ({ getValue }) => actionLabel(getValue()),
    }),
    columnHelper.accessor('changedKeys', {
      id: 'changes',
      header: 'Changes',
      enableSorting: false,
      // The filter searches the old and new values.
      meta: { filter: { kind: 'text' }, wrap: true },
      cell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220 }}>
          <Box sx={{ flexGrow: 1, wordBreak: 'break-word' }}>{changesSummary(row.original.changedKeys)}</Box>
          <Button
            size="small"
            onClick={() => onShowChanges(row.original)}
            aria-label={`Old and new values of audit row ${row.original.auditId}`}
          >
            Values
          </Button>
        </Box>
      ),
    }),
  ];
}
