/** Colours of the groups, cohorts and phases (ECharts' default palette, so the charts look like its others). */
export const PALETTE = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
] as const;

export const paletteColor = (index: number): string => PALETTE[index % PALETTE.length] ?? PALETTE[0];

/** The study total and its forecast band stand apart from the groups' colours. */
export const TOTAL_COLOR = '#263238';
export const BAND_COLOR = '#1976d2';
