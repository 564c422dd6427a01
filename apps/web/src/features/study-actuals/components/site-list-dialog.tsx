import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useSiteListExport } from '../hooks/use-site-list-export';
import { useSiteListFilters } from '../hooks/use-site-list-filters';
import { useSiteLists } from '../hooks/use-site-lists';
import { CLOSED_SITES_NOTE, type SiteRow } from '@predict/shared';
import { filterSites, hasActiveFilters, SITE_TABS, type SiteTab } from '../utils/site-rows';
import { SiteListTable } from './site-list-table';

type SiteTables = Record<SiteTab, SiteRow[]>;

/**
 * View Site List (spec/3 sections 2 and 4): the tabs Sites Included, CLOSED SITES and Sites Not Included, each a
 * sortable, filterable, paged table, and the export of the three tables (filtered when filters reduce them).
 */
export function SiteListDialog({
  studyId,
  projectId,
  open,
  onClose,
}: {
  studyId: number;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const sites = useSiteLists(studyId, open);
  const [tab, setTab] = useState<SiteTab>('included');
  const [showFilters, setShowFilters] = useState(false);
  const filters = useSiteListFilters();
  const { exporting, exportTables } = useSiteListExport(projectId);

  const all = sites.data ?? { included: [], closed: [], notIncluded: [] };
  const shown: SiteTables = {
    included: filterSites(all.included, filters.applied.included),
    closed: filterSites(all.closed, filters.applied.closed),
    notIncluded: filterSites(all.notIncluded, filters.applied.notIncluded),
  };
  const reduced = SITE_TABS.some(
    (t) => hasActiveFilters(filters.applied[t.id]) && shown[t.id].length < all[t.id].length,
  );
  const current = SITE_TABS.find((t) => t.id === tab)!;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="site-list-title">
      <SiteListTitle
        showFilters={showFilters}
        onToggleFilters={() => setShowFilters((s) => !s)}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ pt: 0 }}>
        <SiteListTabs tab={tab} onChange={setTab} counts={sites.data ? shown : null} />
        <Box role="tabpanel" id="site-tab-panel" aria-labelledby={`site-tab-${tab}`} sx={{ pt: 1 }}>
          {tab === 'closed' && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {CLOSED_SITES_NOTE}
            </Alert>
          )}
          {sites.isFetching && <LinearProgress aria-label="Loading sites" />}
          {sites.isError ? (
            <SiteListLoadError onRetry={() => void sites.refetch()} />
          ) : (
            sites.data && (
              <SiteListTable
                key={tab}
                label={current.label}
                projectId={projectId}
                rows={shown[tab]}
                showFilters={showFilters}
                filterInputs={filters.inputs[tab]}
                onFilterInput={(next) => filters.setInput(tab, next)}
                page={filters.pages[tab]}
                onPageChange={(page) => filters.setPage(tab, page)}
              />
            )
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={() => void exportTables(shown)}
          disabled={!sites.data || exporting}
          loading={exporting}
        >
          {reduced ? 'Export Filtered Tables' : 'Export Tables'}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The title bar: the filter row's toggle and the close button. */
function SiteListTitle({
  showFilters,
  onToggleFilters,
  onClose,
}: {
  showFilters: boolean;
  onToggleFilters: () => void;
  onClose: () => void;
}) {
  return (
    <DialogTitle id="site-list-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
      <Box component="span" sx={{ flexGrow: 1 }}>
        View Site List
      </Box>
      <Tooltip title={showFilters ? 'Hide filters' : 'Show filters'}>
        <IconButton
          aria-label="Filters"
          aria-pressed={showFilters}
          color={showFilters ? 'primary' : 'default'}
          onClick={onToggleFilters}
        >
          <FilterListIcon />
        </IconButton>
      </Tooltip>
      <IconButton aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}

/** The three tabs, each with its (filtered) row count once loaded. */
function SiteListTabs({
  tab,
  onChange,
  counts,
}: {
  tab: SiteTab;
  onChange: (tab: SiteTab) => void;
  /** The rows each tab shows; null while loading (the count shows '…'). */
  counts: SiteTables | null;
}) {
  return (
    <Tabs value={tab} onChange={(_, next: SiteTab) => onChange(next)} aria-label="Site lists">
      {SITE_TABS.map((t) => (
        <Tab
          key={t.id}
          value={t.id}
          label={`${t.label} (${counts ? counts[t.id].length : '…'})`}
          id={`site-tab-${t.id}`}
          aria-controls="site-tab-panel"
        />
      ))}
    </Tabs>
  );
}

/** A failed load of the site lists, with Retry. */
function SiteListLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      The site list could not be loaded.
    </Alert>
  );
}
