/** What the site does with a failed call from an island (SPEC.md §8 network handling and generic errors). */
export type FailureRoute =
  | { readonly _tag: "NetworkError" }
  | { readonly _tag: "ServerError" }
  | { readonly _tag: "AuthError"; readonly status: 401 | 403 }
  | { readonly _tag: "Toast"; readonly message: string }

/** The message of an API error body `{ "error": { "code", "message" } }`, already in the request's language. */
export const errorMessageOf = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined
  const error = (body as { error: unknown }).error
  if (typeof error === "string" && error.trim() !== "") return error
  if (typeof error === "object" && error !== null && "message" in error) {
    const message = (error as { message: unknown }).message
    if (typeof message === "string" && message.trim() !== "") return message
  }
  return undefined
}

/**
 * SPEC.md §8: offline, 0, 502, 503 and 504 go to the network-error page; 500 to the server-error page; 401 and 403
 * outside the sign-in pages to the auth-error page with the status; anything else shows the body's error as a
 * toast, or the generic 'Error Occurred Processing request. Please try again.'
 */
export const routeFailure = (
  status: number,
  body: unknown,
  context: { readonly onAuthPage: boolean; readonly genericMessage: string }
): FailureRoute => {
  if (status === 0 || status === 502 || status === 503 || status === 504) return { _tag: "NetworkError" }
  if (status === 500) return { _tag: "ServerError" }
  if ((status === 401 || status === 403) && !context.onAuthPage) return { _tag: "AuthError", status }
  return { _tag: "Toast", message: errorMessageOf(body) ?? context.genericMessage }
}
