import { Context, type Effect, Schema } from "effect"

/** The events the audit log keeps. Secrets (passwords, codes, tokens) never enter it. */
export const AuditEventName = Schema.Literals([
  "sign_in.succeeded",
  "sign_in.failed",
  "sign_in.refused",
  "sign_in.locked",
  "sign_in.throttled",
  "sign_out",
  "mfa.code_sent",
  "mfa.failed",
  "password.reset_requested",
  "password.reset_code_failed",
  "password.reset",
  "password.set_from_invitation",
  "invitation.sent",
  "organisation.registered",
  "registration.email_taken",
  "access.refused",
  "user.created",
  "user.updated",
  "user.status_changed",
  "user.deleted",
  "user.reset_sent",
  "role.saved",
  "role.deleted",
  "settings.updated",
  "settings.modules_changed",
  "theme.saved",
  "theme.deleted",
  "workspace.created",
  "workspace.updated",
  "workspace.status_changed",
  "workspace.deleted",
  "approval.status_changed",
  "workflow.saved",
  "budget.created",
  "budget.updated",
  "budget.status_changed",
  "budget.change_requested",
  "budget.change_decided",
  "file.uploaded",
  "file.removed"
])
export type AuditEventName = typeof AuditEventName.Type

/** Who did what, from where, in which organisation (unknown for a failed sign-in with an unknown email). */
export class AuditEvent extends Schema.Class<AuditEvent>("AuditEvent")({
  orgId: Schema.NullOr(Schema.String),
  actorId: Schema.NullOr(Schema.String),
  event: AuditEventName,
  address: Schema.NullOr(Schema.String),
  detail: Schema.Record(Schema.String, Schema.String)
}) {}

/** What someone did, from where, as an audit event of their organisation. */
export const actorEvent = (
  actor: { readonly orgId: string; readonly userId: string },
  event: AuditEventName,
  origin: RequestOrigin,
  detail: Readonly<Record<string, string>>
): AuditEvent => new AuditEvent({ orgId: actor.orgId, actorId: actor.userId, event, address: origin.address, detail })

/** Keeps every authentication event and every refused access. */
export interface AuditLogShape {
  readonly record: (event: AuditEvent) => Effect.Effect<void>
}

/** Port: the audit log. */
export class AuditLog extends Context.Service<AuditLog, AuditLogShape>()("@tawreed/core/shared/AuditLog") {}

/** Where a request came from, for the audit log and throttling. */
export class RequestOrigin extends Schema.Class<RequestOrigin>("RequestOrigin")({
  address: Schema.NullOr(Schema.String)
}) {}
