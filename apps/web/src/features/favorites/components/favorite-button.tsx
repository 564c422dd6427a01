import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useFavorites, useToggleFavorite, type FavoriteStudy } from '../api/favorites';

/** The star next to a study's name: filled when the study is one of the user's favorites. */
export function FavoriteButton({ study }: { study: FavoriteStudy }) {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const isFavorite = favorites.data?.some((f) => f.studyId === study.studyId) ?? false;
  const label = isFavorite ? 'Remove from favorites' : 'Add to favorites';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          color={isFavorite ? 'warning' : 'default'}
          disabled={favorites.isPending || toggle.isPending}
          onClick={() => toggle.mutate({ study, favorite: !isFavorite })}
        >
          {isFavorite ? <Star /> : <StarBorder />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
