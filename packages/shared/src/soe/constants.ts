/** Statuses of a Schedule of Events (spec/2 section 4); new SOEs start as Draft. */
export const SOE_STATUSES = ['Draft', 'Final'] as const;
export type SoeStatus = (typeof SOE_STATUSES)[number];

export const NEW_SOE_STATUS: SoeStatus = 'Draft';
