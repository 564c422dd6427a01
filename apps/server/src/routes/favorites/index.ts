import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddFavoriteBody, Favorite, FavoritesParams, RemoveFavoriteQuery } from '@predict/shared';
import { addFavorite, listUserFavorites, removeFavorite } from '../../services/studies/manage-favorites';
import { currentUser } from '../current-user';

export async function favoritesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/favorites/user/:userId',
    {
      schema: {
        tags: ['favorites'],
        summary: "The signed-in user's favorites (userId is their email)",
        params: FavoritesParams,
        response: { 200: z.array(Favorite) },
      },
    },
    async (request) => listUserFavorites(db, currentUser(request), request.params.userId),
  );

  r.post(
    '/ctpo/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Adds a favorite study',
        body: AddFavoriteBody,
        response: { 201: Favorite },
      },
    },
    async (request, reply) => {
      const { userId, studyId } = request.body;
      return reply.code(201).send(await addFavorite(db, currentUser(request), userId, studyId));
    },
  );

  r.delete(
    '/ctpo/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Removes a favorite study',
        querystring: RemoveFavoriteQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeFavorite(db, currentUser(request), request.query.userId, request.query.studyId);
      return reply.code(204).send(null);
    },
  );
}
