import { failureDetails } from "@tawreed/core/identity"
import { describeError, type Locale } from "@tawreed/core/shared"
import {
  type ApiFailure,
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unauthorized,
  Unavailable,
  Unprocessable
} from "./ApiErrors.ts"

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
