import { auditChangedKeys, type AuditTrailRow } from '@predict/shared';
import type { AuditTrailRecord } from '../../../repositories/audit-trail-repository';

const planIdIn = (values: unknown): number | null => {
  const id = (values as { studyPlanId?: unknown } | null)?.studyPlanId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

/** The plan an audit row is about, so the viewer can link to it: the plan itself, or the plan of a country or run. */
function planIdOf(r: AuditTrailRecord): number | null {
  if (r.studyId === null) return null;
  if (r.entity === 'study_plan') return /^\d+$/.test(r.entityId) ? Number(r.entityId) : null;
  if (r.entity === 'study_plan_site_group' || r.entity === 'simulation_run')
    return planIdIn(r.newValues) ?? planIdIn(r.oldValues);
  return null;
}

/** One audit row for the viewer: the values as recorded, and which fields changed. */
export function presentAuditRow(r: AuditTrailRecord): AuditTrailRow {
  return {
    auditId: r.auditId,
    occurredAt: r.occurredAt.toISOString(),
    actorName: r.actorName,
    actorSubject: r.actorSubject,
    actorIssuer: r.actorIssuer,
    entity: r.entity,
    entityId: r.entityId,
    entityVersion: r.entityVersion,
    action: r.action,
    studyId: r.studyId,
    projectId: r.projectId,
    planId: planIdOf(r),
    oldValues: r.oldValues ?? null,
    newValues: r.newValues ?? null,
    changedKeys: auditChangedKeys(r.oldValues, r.newValues),
  };
}
