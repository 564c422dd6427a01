import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * The "Errors Found" list of an upload dialog: every refused cell of the file, one line each (Sheet!A1 message).
 * `title` where a spec words the heading otherwise (spec/2: 'Errors Found:').
 */
export function UploadErrorList({
  errors,
  title = 'Errors Found',
}: {
  errors: readonly string[];
  title?: string;
}) {
  const titleId = useId();
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" color="error">
        {title}
      </Typography>
      <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
        {errors.map((e, i) => (
          <ListItem key={i} sx={{ py: 0 }}>
            <Typography variant="body2">{e}</Typography>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
