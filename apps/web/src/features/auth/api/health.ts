import { HealthResponse } from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Health = ReturnType<(typeof HealthResponse)['parse']>;

/** Resolves when the server answers its public health check with 'ok'; throws otherwise. */
export async function checkHealth(): Promise<Health> {
  const health = await api.get('/ctpo/health', HealthResponse);
  if (health.status !== 'ok') throw new Error(`Server health is ${health.status}.`);
  return health;
}

/** Checked once per page load: the result is kept until the health page asks again. */
export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: checkHealth,
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
});
