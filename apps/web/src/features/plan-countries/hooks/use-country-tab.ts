import { useSearchParams } from 'react-router';

/** The step's country tab, kept in the address (`?country=2`) so a reload or a link opens the same one. */
export function useCountryTab(tabCount: number) {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('country') ?? 0);
  const tabIndex = Number.isInteger(requested) && requested >= 0 && requested < tabCount ? requested : 0;
  const selectTab = (index: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('country', String(index));
        return next;
      },
      { replace: true },
    );
  return { tabIndex, selectTab };
}
