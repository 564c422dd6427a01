const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day YYYY-MM-DD as plan dates read, DD-Mon-YYYY (spec/1 section 9); '—' when missing. */
export function dayLabel(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!m) return '—';
  return `${m[3]}-${MONTHS[Number(m[2]) - 1]}-${m[1]}`;
}

/** Stored plan millis (noon UTC) as DD-Mon-YYYY on their UTC day; '—' when missing. */
export function planDate(millis: number | null | undefined): string {
  if (millis === null || millis === undefined || !Number.isFinite(millis)) return '—';
  return dayLabel(new Date(millis).toISOString());
}
