import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { failureDetails } from "@tawreed/core/identity"
import { describeError, type ErrorKind, type Locale } from "@tawreed/core/shared"

/** The body of every failure: `{ "error": { "code", "message" } }`, the message in the request's language. */
export const ErrorBody = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  /** Every failure behind the message, for errors that list several (each broken password rule). */
  details: Schema.optionalKey(Schema.Array(Schema.String))
})

/** One class per status, so that the API tells them apart when it encodes a failure. */
export class BadRequest extends Schema.Class<BadRequest>("BadRequest")({ error: ErrorBody }) {}
export class Unauthorized extends Schema.Class<Unauthorized>("Unauthorized")({ error: ErrorBody }) {}
export class Forbidden extends Schema.Class<Forbidden>("Forbidden")({ error: ErrorBody }) {}
export class NotFound extends Schema.Class<NotFound>("NotFound")({ error: ErrorBody }) {}
export class Conflict extends Schema.Class<Conflict>("Conflict")({ error: ErrorBody }) {}
export class Unprocessable extends Schema.Class<Unprocessable>("Unprocessable")({ error: ErrorBody }) {}
export class TooManyRequests extends Schema.Class<TooManyRequests>("TooManyRequests")({ error: ErrorBody }) {}
export class Unavailable extends Schema.Class<Unavailable>("Unavailable")({ error: ErrorBody }) {}

/** The failure schemas with their statuses, for endpoint declarations. */
export const errors = {
  BadRequest: BadRequest.pipe(HttpApiSchema.status(400)),
  Unauthorized: Unauthorized.pipe(HttpApiSchema.status(401)),
  Forbidden: Forbidden.pipe(HttpApiSchema.status(403)),
  NotFound: NotFound.pipe(HttpApiSchema.status(404)),
  Conflict: Conflict.pipe(HttpApiSchema.status(409)),
  Unprocessable: Unprocessable.pipe(HttpApiSchema.status(422)),
  TooManyRequests: TooManyRequests.pipe(HttpApiSchema.status(429)),
  Unavailable: Unavailable.pipe(HttpApiSchema.status(503))
}

export type ApiFailure =
  BadRequest | Unauthorized | Forbidden | NotFound | Conflict | Unprocessable | TooManyRequests | Unavailable

/** The HTTP status for each kind of catalogue error. */
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
 * Whether a failure is the database refusing a value (SQLSTATE class 22, data exception: a malformed uuid, a number
 * past its column's precision, a character the encoding cannot hold). The edge checks what it can; whatever still
 * gets through is the caller's bad input, not the server's fault.
 */
export const isDataException = (error: unknown): boolean => {
  let current: unknown = error
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The error to show for a failure: a data exception as the catalogue's own, anything else as it is. */
export const shownError = (error: unknown): unknown => (isDataException(error) ? { _tag: "ValueNotStorable" } : error)

/** Turns a domain error into the API failure of its kind, with the catalogue message in the request's language. */
export const toApiFailure = (failure: unknown, locale: Locale): ApiFailure => {
  const error = shownError(failure)
  const { code, message, kind } = describeError(error, locale)
  const details = failureDetails(error, locale)
  const body = { error: details === undefined ? { code, message } : { code, message, details } }
  switch (kind) {
    case "Invalid":
      return new BadRequest(body)
    case "Unauthenticated":
      return new Unauthorized(body)
    case "Forbidden":
      return new Forbidden(body)
    case "NotFound":
      return new NotFound(body)
    case "Conflict":
      return new Conflict(body)
    case "Rule":
      return new Unprocessable(body)
    case "Throttled":
      return new TooManyRequests(body)
    case "Unavailable":
      return new Unavailable(body)
  }
}
