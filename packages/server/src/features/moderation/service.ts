/** What other features use of moderation: the audit log and the suspension rules a sign-in applies. */
export { recordAudit, type AuditActor } from './audit.js';
export { endLapsedSuspensions, suspensionRefusal } from './suspension.js';
