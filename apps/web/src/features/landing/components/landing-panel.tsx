import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { MyFavorites } from './my-favorites';
import { QuickLinks } from './quick-links';
import { StudySearch } from './study-search';

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {extra}
      </Box>
      {children}
    </Box>
  );
}

/**
 * Study search, favorites and quick links (spec/3 section 2, Landing panel).
 * 'column' stacks the sections (a side panel); 'row' puts them side by side on wide screens.
 */
export function LandingPanel({ layout = 'column' }: { layout?: 'column' | 'row' }) {
  const size = layout === 'row' ? { xs: 12, md: 4 } : 12;
  return (
    <Paper sx={{ p: 2 }}>
      <Grid container spacing={3}>
        <Grid size={size}>
          <Section
            title="Select a Study or Opportunity"
            extra={
              <Tooltip title="You can search by PCN, Sponsor Name, or Indication">
                <IconButton size="small" sx={{ ml: 0.5 }}>
                  <InfoOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <StudySearch />
          </Section>
        </Grid>
        <Grid size={size}>
          <Section title="My Favorites">
            <MyFavorites />
          </Section>
        </Grid>
        <Grid size={size}>
          <Section title="Quick Links">
            <QuickLinks />
          </Section>
        </Grid>
      </Grid>
    </Paper>
  );
}
