import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the section the address names (#country-milestones, #sequential-cohort-setup, ...): the browser does
 * not do it for client-side navigation, e.g. the review's Edit links. `ready` is false until the section exists.
 */
export function useScrollToHash(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
    // Once per navigation (key), not on every re-render of the page.
  }, [ready, hash, key]);
}
