import { z } from 'zod';
import { IdParam, REQUIRED_MESSAGE } from './common';

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
  studyId: z.number({ error: REQUIRED_MESSAGE }).int().min(1),
  userId: z.string({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE }).max(320),
  isFavorite: z.boolean().default(true),
  studyName: z.string().max(500).optional(),
  projectId: z.string().max(100).optional(),
});
export type AddFavoriteBody = z.input<typeof AddFavoriteBody>;

export const RemoveFavoriteQuery = z.object({
  studyId: IdParam,
  userId: z.string().min(1, { error: REQUIRED_MESSAGE }).max(320),
});

export const FavoritesParams = z.object({ userId: z.string().min(1).max(320) });
