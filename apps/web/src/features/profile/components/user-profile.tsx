import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { profileGroups } from '@predict/shared';
import { useCurrentUser } from '@/features/auth';

/** Identity and Predict group membership of the signed-in user (spec/3 section 2, User profile). */
export function UserProfile() {
  const { user } = useCurrentUser();
  const rows: [string, string][] = [
    ['Name', user.name],
    ['First Name', user.firstName],
    ['Last Name', user.lastName],
    ['Email', user.email],
    ['Username', user.username],
    ['User ID', user.userId],
    ['Locale', user.locale],
  ];
  const groups = profileGroups(user.groups);

  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        User Profile
      </Typography>
      <Table size="small" aria-label="User details">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 160 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Groups
      </Typography>
      {groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No Predict groups.
        </Typography>
      ) : (
        <List dense aria-label="Groups">
          {groups.map((group) => (
            <ListItem key={group} disableGutters>
              {group}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
