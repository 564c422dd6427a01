import type { CountryDraft } from '../utils/country-draft';

/** What every table of a country tab gets: its draft, its messages and a way to change it. */
export interface SectionProps {
  draft: CountryDraft;
  /** The message under a field (live rules first, then what the server said on the last save). */
  message: (key: string) => string | undefined;
  disabled: boolean;
  /** Applies a change; `keys` are the fields it touches (their server messages are cleared). */
  change: (keys: string[], update: (draft: CountryDraft) => CountryDraft) => void;
}
