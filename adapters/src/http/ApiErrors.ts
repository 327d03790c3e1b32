import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"

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
