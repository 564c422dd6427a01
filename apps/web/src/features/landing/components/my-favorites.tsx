import Star from '@mui/icons-material/Star';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useFavorites, useToggleFavorite } from '@/features/favorites';
import { sectionOf, studyPath } from '../utils/section';

/** The user's favorite studies, each opening in the current section, each removable. */
export function MyFavorites() {
  const { pathname } = useLocation();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const section = sectionOf(pathname);
  const entries = (favorites.data ?? []).filter((f) => f.isFavorite);

  if (favorites.isPending) return <CircularProgress size={20} aria-label="Loading favorites" />;
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No favorites yet.
      </Typography>
    );
  }
  return (
    <List dense disablePadding>
      {entries.map((f) => (
        <ListItem
          key={f.studyId}
          disableGutters
          secondaryAction={
            <IconButton
              edge="end"
              size="small"
              color="warning"
              aria-label="Remove from favorites"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ study: f, favorite: false })}
            >
              <Star fontSize="small" />
            </IconButton>
          }
        >
          <Link component={RouterLink} to={studyPath(section, f.studyId)} variant="body2" sx={{ pr: 4 }}>
            {f.projectId} - {f.studyName}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
