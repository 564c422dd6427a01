import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';

export interface SoeErrorListProps {
  /** Each message once with how many rows have it (summarizeSoeIssues); nothing is shown when empty. */
  issues: { message: string; count: number }[];
}

/** The editor's validation error list (spec/2 section 5): each message, with a count badge when above 1. */
export function SoeErrorList({ issues }: SoeErrorListProps) {
  if (issues.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>Please correct the following</AlertTitle>
      <List dense disablePadding>
        {issues.map(({ message, count }) => (
          <ListItem key={message} disableGutters sx={{ gap: 1, py: 0 }}>
            <Typography variant="body2">{message}</Typography>
            {count > 1 && (
              <Chip
                size="small"
                color="error"
                label={count}
                aria-label={`${count} entries`}
                title={`${count} entries`}
              />
            )}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
