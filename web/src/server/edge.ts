import type { App } from "@tawreed/adapters/App"
import type { ClientFacts } from "@tawreed/adapters/http/EdgePolicy"
import { auditRefusal, type Refusal, type RefusedRequest } from "@tawreed/adapters/http/Edge"
import type { Actor } from "@tawreed/core/identity"

/** What the audit log keeps of a refused request to the site: as the API keeps its own, method, path and address. */
export const refusedRequest = (request: Request, url: URL, client: ClientFacts): RefusedRequest => ({
  method: request.method,
  path: url.pathname,
  address: client.address === "" ? null : client.address
})

/**
 * Writes a refused access to the audit log, exactly as the API writes its own (the same event, through the same
 * function of adapters/http/Edge.ts): a refusal of the edge by its name, or a use case's failure when it is one.
 */
export const auditRefused = (
  runtime: App["runtime"],
  actor: Pick<Actor, "orgId" | "userId"> | undefined,
  refusal: Refusal | { readonly failure: unknown },
  request: RefusedRequest
): Promise<void> => runtime.runPromise(auditRefusal(actor, refusal, request))
