export { AuditTrailScreen } from './components/audit-trail-screen';
export { planHistoryPath } from './utils/audit-trail-search';
