import { Context, type Effect, Schema } from "effect"
import { type CataloguedAuditEvent, moduleCatalogues } from "./ModuleCatalogues.ts"

/**
 * The events the audit log keeps: each module's own (its catalogue's `auditEvents`) and refused access.
 * Secrets (passwords, codes, tokens) never enter it.
 */
export const AuditEventName = Schema.Literals(
  moduleCatalogues.flatMap((c): ReadonlyArray<CataloguedAuditEvent> => ("auditEvents" in c ? c.auditEvents : []))
)
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
