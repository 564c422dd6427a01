import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useQuickLinks } from '../api/quick-links';

export function QuickLinks() {
  const links = useQuickLinks();
  return (
    <List dense disablePadding>
      {links.map((link) => (
        <ListItem key={`${link.linkLabel}|${link.linkUrl}`} disableGutters>
          <Link href={link.linkUrl} target="_blank" rel="noopener noreferrer" variant="body2">
            {link.linkLabel}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
