import { DEFAULT_QUICK_LINKS, QuickLinkSchema, type QuickLink } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const QuickLinkList = QuickLinkSchema.array();

/** The server's quick links; a failure is only logged and reads as "none" so the defaults stay. */
async function fetchQuickLinks(): Promise<QuickLink[]> {
  try {
    return await api.get('/ctpo/quickLinks', QuickLinkList);
  } catch (error) {
    console.error('Loading quick links failed.', error);
    return [];
  }
}

/** The links to show: the server's when it has at least one, otherwise the defaults (also while loading). */
export function useQuickLinks(): readonly QuickLink[] {
  const query = useQuery({ queryKey: ['quick-links'], queryFn: fetchQuickLinks, staleTime: 5 * 60_000 });
  return query.data && query.data.length > 0 ? query.data : DEFAULT_QUICK_LINKS;
}
