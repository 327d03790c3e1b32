import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { AuditEvent, type AuditLog } from "@tawreed/core/shared"
import type { RequestActor } from "./Api.ts"
import { requestOrigin } from "./RequestContext.ts"

/**
 * The failures that are a refused access rather than bad input: missing privileges, a module turned off, and a
 * decision on an approval by someone who is not its approver (or not a super approver), on whichever document's
 * routes it is asked.
 */
export const accessRefusals: ReadonlySet<string> = new Set([
  "InsufficientPrivileges",
  "ModuleNotEnabled",
  "NotAnApprover",
  "SuperApproverRequired"
])

/** A refused access goes to the audit log with who asked, from where, for what, and why. */
export const recordRefusal = (
  audit: AuditLog["Service"],
  actor: RequestActor["Service"],
  error: unknown,
  refusals: ReadonlySet<string> = accessRefusals
) =>
  typeof error === "object" && error !== null && "_tag" in error && refusals.has(String(error._tag))
    ? Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const origin = yield* requestOrigin
        yield* audit.record(
          new AuditEvent({
            orgId: actor.orgId,
            actorId: actor.userId,
            event: "access.refused",
            address: origin.address,
            detail: { method: request.method, path: request.url.split("?")[0] ?? "", reason: String(error._tag) }
          })
        )
      })
    : Effect.void
