import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A read-only review section; editors get an Edit link to the same section of step 2. */
export function ReviewSection({
  title,
  editTo,
  children,
  level = 3,
}: {
  title: string;
  /** The step 2 address of this section; no link when the user may not edit the plan. */
  editTo?: string;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id={titleId} variant={level === 2 ? 'h6' : 'subtitle1'} component={`h${level}`}>
          {title}
        </Typography>
        {editTo && (
          <Link component={RouterLink} to={editTo} aria-label={`Edit ${title}`}>
            Edit
          </Link>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
