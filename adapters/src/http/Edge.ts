import { Effect, type Schema } from "effect"
import type { Actor } from "@tawreed/core/identity"
import { AuditEvent, AuditLog, type ErrorKind, idempotent } from "@tawreed/core/shared"

/**
 * What the site and the API share at the edge (ARCHITECTURE.md, the edge): the session cookie, the status of each
 * kind of error, how a refused access is audited, and how a keyed write runs once. The API's contract, its handlers
 * and the site's middleware and pages all import it, so it imports nothing of either: only core.
 */

/** The name of the site's session cookie (HttpOnly, SameSite=Lax), which the API also accepts. */
export const sessionCookie = "tawreed_session"

/** The HTTP status for each kind of catalogue error, on the API's answers and on the site's pages alike. */
export const statusOfKind: Readonly<Record<ErrorKind, number>> = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Rule: 422,
  Throttled: 429,
  Unavailable: 503
}

/**
 * The failures of a use case that are a refused access rather than bad input: missing privileges, a module turned
 * off, and a decision on an approval by someone who is not its approver (or not a super approver), on whichever
 * document's routes or pages it is asked.
 */
export const accessRefusals = [
  "InsufficientPrivileges",
  "ModuleNotEnabled",
  "NotAnApprover",
  "SuperApproverRequired"
] as const

/**
 * Why an access was refused, as the audit log names it: a use case's refusal, or one of the edge before any use
 * case ran (no live session, a change sent from another site).
 */
export type Refusal = (typeof accessRefusals)[number] | "SessionRequired" | "CrossSiteRequest"

const refusalNames: ReadonlySet<string> = new Set(accessRefusals)

/** The reason a use case's failure gives for a refused access, or undefined when it is not one. */
export const refusalReason = (error: unknown): Refusal | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && refusalNames.has(String(error._tag))
    ? (String(error._tag) as Refusal)
    : undefined

/** What the audit log keeps of a refused request: what it asked for and where it came from. */
export interface RefusedRequest {
  readonly method: string
  /** The path alone, without the query. */
  readonly path: string
  readonly address: string | null
}

/** The audit event of a refused access: who asked (when a session names them), from where, for what, and why. */
export const refusalEvent = (
  actor: Pick<Actor, "orgId" | "userId"> | undefined,
  reason: Refusal,
  request: RefusedRequest
): AuditEvent =>
  new AuditEvent({
    orgId: actor?.orgId ?? null,
    actorId: actor?.userId ?? null,
    event: "access.refused",
    address: request.address,
    detail: { method: request.method, path: request.path.split("?")[0] ?? "", reason }
  })

/**
 * Writes a refused access to the audit log, on the API and on the site alike: a refusal by its name, or a use case's
 * failure when it is a refused access (see `accessRefusals`); any other failure writes nothing.
 */
export const auditRefusal = (
  actor: Pick<Actor, "orgId" | "userId"> | undefined,
  refusal: Refusal | { readonly failure: unknown },
  request: RefusedRequest
): Effect.Effect<void, never, AuditLog> => {
  const reason = typeof refusal === "string" ? refusal : refusalReason(refusal.failure)
  return reason === undefined
    ? Effect.void
    : Effect.flatMap(Effect.service(AuditLog), (audit) => audit.record(refusalEvent(actor, reason, request)))
}

/** The header an API client names a keyed write's key in (SPEC.md §7, ARCHITECTURE.md concurrency). */
export const idempotencyKeyHeader = "idempotency-key"

/** The hidden field a site's form carries its key in, a new one each time the form is rendered. */
export const idempotencyKeyField = "idempotencyKey"

/** A write that runs once per key: the key, what was asked (route and payload) and how its answer is kept. */
export interface KeyedWrite<A, I> {
  /** The client's key; without one the write simply runs. */
  readonly key: string | undefined
  /** The method and path asked, e.g. `POST /workspaces`: the same key for another route is refused. */
  readonly route: string
  /** What was asked: the same key for another payload is refused. */
  readonly payload: unknown
  /** How the answer is stored with the key and read back for a retry. */
  readonly answer: Schema.Codec<A, I>
}

/**
 * Runs a create or submit once per key, for the same person, route and payload, through the one idempotency store
 * the API's `Idempotency-Key` and the site's form key share: a retry answers what the first committed; the same key
 * for anything else is refused (E6062).
 */
export const once = <A, I, E, R>(
  actor: Pick<Actor, "orgId" | "userId">,
  write: KeyedWrite<A, I>,
  work: Effect.Effect<A, E, R>
) =>
  idempotent(
    actor.orgId,
    write.key,
    `${write.route} ${actor.userId} ${JSON.stringify(write.payload)}`,
    write.answer,
    work
  )
