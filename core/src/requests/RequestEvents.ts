/**
 * What the audit log records of requests: each one written in the same transaction as the change it tells of,
 * with who, from where, and the request's id and number.
 */
export const requestAuditEvents = [
  "request.created",
  "request.updated",
  "request.copied",
  "request.status_changed",
  "request.deleted",
  "request.assigned",
  "request.watchers_updated"
] as const
export type RequestAuditEvent = (typeof requestAuditEvents)[number]
