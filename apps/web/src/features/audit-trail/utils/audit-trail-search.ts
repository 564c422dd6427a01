import {
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_PAGE_SIZES,
  type AuditTrailFilters,
  type AuditTrailQuery,
} from '@predict/shared';
import type { ColumnFiltersState } from '@tanstack/react-table';
import type { DateRangeValue } from '@/components/data-table';
import type { QueryValue } from '@/lib/api-client';

/** The filters as the address and the inputs hold them: text, '' for none. */
export interface AuditFilterInputs {
  studyId: string;
  project: string;
  entity: string;
  entityId: string;
  action: string;
  actor: string;
  from: string;
  to: string;
  text: string;
}

export const FILTER_KEYS: readonly (keyof AuditFilterInputs)[] = [
  'studyId',
  'project',
  'entity',
  'entityId',
  'action',
  'actor',
  'from',
  'to',
  'text',
];

export const EMPTY_AUDIT_FILTERS: AuditFilterInputs = {
  studyId: '',
  project: '',
  entity: '',
  entityId: '',
  action: '',
  actor: '',
  from: '',
  to: '',
  text: '',
};

/** The viewer's state lives in the address (/ctpo/audit-trail?studyId=12&entity=study_plan...), so it can be shared. */
export function filtersFromSearch(search: URLSearchParams): AuditFilterInputs {
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = search.get(key) ?? '';
  return filters;
}

export function pagingFromSearch(search: URLSearchParams): { page: number; pageSize: number } {
  const page = Math.max(0, Math.trunc(Number(search.get('page') ?? 0)) || 0);
  const size = Number(search.get('pageSize'));
  const pageSize = (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : AUDIT_DEFAULT_PAGE_SIZE;
  return { page, pageSize };
}

/** The address for filters and paging; empty filters, page 0 and the default page size are left out. */
export function toSearch(filters: AuditFilterInputs, page = 0, pageSize = AUDIT_DEFAULT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim() !== '') params.set(key, filters[key].trim());
  if (page > 0) params.set('page', String(page));
  if (pageSize !== AUDIT_DEFAULT_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params.toString();
}

/** The query string of the API call; the api client leaves out empty values. */
export function toApiQuery(filters: AuditFilterInputs, paging?: Pick<AuditTrailQuery, 'page' | 'pageSize'>) {
  const query: Record<string, QueryValue> = {};
  for (const key of FILTER_KEYS) query[key] = filters[key].trim();
  return paging ? { ...query, ...paging } : (query as Record<keyof AuditTrailFilters, QueryValue>);
}

/** Filter-row columns and the filters they set; the date range is one column, studyId and entityId are chips. */
const TEXT_COLUMNS = { actorName: 'actor', projectId: 'project', changes: 'text' } as const;
const SELECT_COLUMNS = { entity: 'entity', action: 'action' } as const;

export function toColumnFilters(f: AuditFilterInputs): ColumnFiltersState {
  const state: ColumnFiltersState = [];
  for (const [id, key] of Object.entries({ ...TEXT_COLUMNS, ...SELECT_COLUMNS }))
    if (f[key] !== '') state.push({ id, value: f[key] });
  if (f.from !== '' || f.to !== '') state.push({ id: 'occurredAt', value: { from: f.from, to: f.to } });
  return state;
}

export function fromColumnFilters(state: ColumnFiltersState, base: AuditFilterInputs): AuditFilterInputs {
  const next: AuditFilterInputs = { ...base, actor: '', project: '', text: '', entity: '', action: '' };
  next.from = '';
  next.to = '';
  for (const { id, value } of state) {
    if (id === 'occurredAt') {
      const range = value as DateRangeValue;
      next.from = range.from;
      next.to = range.to;
    } else if (id in TEXT_COLUMNS) next[TEXT_COLUMNS[id as keyof typeof TEXT_COLUMNS]] = String(value);
    else if (id in SELECT_COLUMNS) next[SELECT_COLUMNS[id as keyof typeof SELECT_COLUMNS]] = String(value);
  }
  return next;
}

/** Where a row's study and plan are shown in the app. */
export const studyPath = (studyId: number) => `/ctpo/study-plans/${studyId}`;
export const planPath = (studyId: number, planId: number) => `/ctpo/study-plans/${studyId}/${planId}`;

/** The audit trail of one plan: the History entry point from a study's plans. */
export const planHistoryPath = (studyId: number, planId: number) =>
  `/ctpo/audit-trail?${toSearch({ ...EMPTY_AUDIT_FILTERS, studyId: String(studyId), entity: 'study_plan', entityId: String(planId) })}`;
