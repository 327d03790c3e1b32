import { Schema } from "effect"
import { Uuid } from "@tawreed/core/shared"
import { errors } from "./ApiErrors.ts"
import { idempotencyKeyHeader } from "./Edge.ts"

/**
 * What every group's contract (`*Api.ts`) shares: the header of keyed writes and the failures each kind of endpoint
 * declares. Contract only: the HTTP client imports it with the groups, so it imports no server code.
 */

/** Creates and submits may carry an Idempotency-Key: a retry with the same key answers what the first call made. */
export const keyedHeaders = {
  [idempotencyKeyHeader]: Schema.optional(Schema.String.check(Schema.isMaxLength(200)))
}

/** What any endpoint behind a session may answer besides its success: bad input, a refusal, the database away. */
export const guarded = [errors.BadRequest, errors.Forbidden, errors.Unavailable] as const

/** What an endpoint that reads one record may answer: also that it does not exist. */
export const reading = [...guarded, errors.NotFound] as const

/** What an endpoint that changes a record may answer: also a version that moved, and a business rule broken. */
export const changing = [...reading, errors.Conflict, errors.Unprocessable] as const

/** A record id in the path, checked before any query uses it. */
export const idParams = { id: Uuid }

/** The `page` of a paged list's query. */
export const pageParam = Schema.optional(
  Schema.NumberFromString.annotate({ description: "The page, counting from 0." })
)

/** The `limit` of a paged list's query, with the sizes that list takes when it names them. */
export const limitParam = (sizes?: string) =>
  Schema.optional(
    Schema.NumberFromString.annotate({
      description: sizes === undefined ? "The page size." : `The page size: ${sizes}.`
    })
  )

/** A free text of a query (a name searched, a filter's id), at most `max` characters. */
export const optionalText = (max: number) => Schema.optional(Schema.String.check(Schema.isMaxLength(max)))
