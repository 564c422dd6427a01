import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminSiteGroupListItem } from '@predict/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminDataPath } from '../utils/admin-data-paths';

/** The left panel: every site group by name, filtered by what is typed; the selected one is highlighted. */
export function SiteGroupList({
  groups,
  selectedId,
}: {
  groups: AdminSiteGroupListItem[];
  selectedId?: number;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = term ? groups.filter((g) => g.siteGroupName.toLowerCase().includes(term)) : groups;
  return (
    <nav aria-label="Site groups">
      <TextField
        label="Search site groups"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 1 }}
      />
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {groups.length === 0 ? 'No site groups yet.' : 'No site group matches.'}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: '70vh', overflowY: 'auto' }}>
          {shown.map((g) => {
            const selected = g.siteGroupId === selectedId;
            return (
              <ListItemButton
                key={g.siteGroupId}
                component={Link}
                to={adminDataPath(g.siteGroupId)}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
              >
                <ListItemText primary={g.siteGroupName} secondary={g.countryName} />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </nav>
  );
}
