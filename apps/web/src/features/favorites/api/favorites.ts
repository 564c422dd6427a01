import { Favorite } from '@predict/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from '@/components/snackbars';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api-client';

const FavoriteList = Favorite.array();

export const favoritesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['favorites', email],
    queryFn: () => api.get(`/ctpo/favorites/user/${encodeURIComponent(email)}`, FavoriteList),
  });

/** The signed-in user's favorites (the user id of favorites is the email). Failures are only logged. */
export function useFavorites() {
  const { user } = useCurrentUser();
  const query = useQuery(favoritesQueryOptions(user.email));
  useEffect(() => {
    if (query.error) console.error('Loading favorites failed.', query.error);
  }, [query.error]);
  return query;
}

export interface FavoriteStudy {
  studyId: number;
  studyName: string;
  projectId: string;
}

/** Adds or removes a favorite, then reloads the list. Allowed for read-only users: it is a personal bookmark. */
export function useToggleFavorite() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ study, favorite }: { study: FavoriteStudy; favorite: boolean }) =>
      favorite
        ? api.post('/ctpo/favorite', {
            studyId: study.studyId,
            userId: user.email,
            isFavorite: true,
            studyName: study.studyName,
            projectId: study.projectId,
          })
        : api.delete('/ctpo/favorite', { studyId: study.studyId, userId: user.email }),
    onError: (error) => {
      console.error('Updating favorites failed.', error);
      notify.error('Failed to update favorites.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favorites', user.email] }),
  });
}
