export { useFavorites, useToggleFavorite, favoritesQueryOptions, type FavoriteStudy } from './api/favorites';
export { FavoriteButton } from './components/favorite-button';
