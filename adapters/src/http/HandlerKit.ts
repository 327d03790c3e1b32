import { Effect, type Schema } from "effect"
import { HttpServerRequest } from "effect/http"
import type { Actor } from "@tawreed/core/identity"
import { AuditLog, IdempotencyKeys, type Locale, type RequestOrigin } from "@tawreed/core/shared"
import { RequestActor } from "./Api.ts"
import { auditRefusal, idempotencyKeyHeader, once } from "./Edge.ts"
import { failWithCatalogue, refusedRequest, requestBaseUrl, requestLocale, requestOrigin } from "./RequestContext.ts"

/** What a handler knows of the request besides its payload: where it came from, its language, the site's address. */
export interface Caller {
  readonly origin: RequestOrigin
  readonly locale: Locale
  /** The site's address for links in mail (see `requestBaseUrl`). */
  readonly baseUrl: string
}

const caller: Effect.Effect<Caller, never, HttpServerRequest.HttpServerRequest> = Effect.all({
  origin: requestOrigin,
  locale: requestLocale,
  baseUrl: requestBaseUrl
})

/**
 * The one way every group's handlers run a use case (ARCHITECTURE.md, the document kit), built once per group:
 *
 * - `asActor(use)` runs it for the signed-in actor with the `Caller`; a refused access (see `accessRefusals`) is
 *   written to the audit log as the site writes it, and every failure is answered in the catalogue's words.
 * - `once(payload, answer, use)` does the same for a keyed write (a create or a submit): run once per
 *   `Idempotency-Key` for the same person, route and payload, its answer stored with the key as `answer` encodes it.
 * - `asVisitor(use)` runs a use case that needs no sign-in (the account flows), its failures in the catalogue's words.
 */
export const HandlerKit = Effect.gen(function* () {
  const audit = yield* AuditLog
  const keys = yield* IdempotencyKeys

  const refused = (actor: Actor, failure: unknown) =>
    Effect.flatMap(refusedRequest, (request) => auditRefusal(actor, { failure }, request)).pipe(
      Effect.provideService(AuditLog, audit)
    )

  const asActor = <A, E, R>(use: (actor: Actor, caller: Caller) => Effect.Effect<A, E, R>) =>
    failWithCatalogue(
      Effect.gen(function* () {
        const actor = yield* RequestActor
        return yield* use(actor, yield* caller).pipe(Effect.tapError((failure) => refused(actor, failure)))
      })
    )

  const onceFor = <A, I, E, R>(
    payload: unknown,
    answer: Schema.Codec<A, I>,
    use: (actor: Actor, caller: Caller) => Effect.Effect<A, E, R>
  ) =>
    asActor((actor, by) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        once(
          actor,
          {
            key: request.headers[idempotencyKeyHeader],
            // The route as the API declares it (`POST /budgets/{id}/changes`), without the `/api` prefix.
            route: `${request.method} ${(request.url.split("?")[0] ?? "").replace(/^\/api(?=\/)/, "")}`,
            payload,
            answer
          },
          use(actor, by)
        )
      ).pipe(Effect.provideService(IdempotencyKeys, keys))
    )

  const asVisitor = <A, E, R>(use: (caller: Caller) => Effect.Effect<A, E, R>) =>
    failWithCatalogue(Effect.flatMap(caller, use))

  return { asActor, once: onceFor, asVisitor } as const
})
