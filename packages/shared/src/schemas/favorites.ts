import { z } from 'zod';
import { IdParam, REQUIRED_MESSAGE } from './common';
import { ID_MAX, ID_TOO_LARGE_MESSAGE, safeText } from './safe-input';

export const Favorite = z
  .object({
    studyId: z.number().int(),
    projectId: z.string(),
    studyName: z.string(),
    userId: z.string(),
    isFavorite: z.boolean(),
  })
  .meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof Favorite>;

/** Body of POST /ctpo/favorite; studyName and projectId are taken from the study itself. */
export const AddFavoriteBody = z.object({
  studyId: z.number({ error: REQUIRED_MESSAGE }).int().min(1).max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE }),
  userId: safeText({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE }).max(320),
  isFavorite: z.boolean().default(true),
  studyName: safeText().max(500).optional(),
  projectId: safeText().max(100).optional(),
});
export type AddFavoriteBody = z.input<typeof AddFavoriteBody>;

export const RemoveFavoriteQuery = z.object({
  studyId: IdParam,
  userId: safeText().min(1, { error: REQUIRED_MESSAGE }).max(320),
});

export const FavoritesParams = z.object({ userId: safeText().min(1).max(320) });
