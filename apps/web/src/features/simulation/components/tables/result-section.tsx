import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled block of the Tables tab. */
export function ResultSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
