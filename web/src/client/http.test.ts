import { describe, expect, it } from "vitest"
import { routeFailure } from "./http.ts"

const context = { onAuthPage: false, genericMessage: "Error Occurred Processing request. Please try again." }

describe("a failed call from an island", () => {
  it("goes to the network-error page when the server is out of reach", () => {
    for (const status of [0, 502, 503, 504]) expect(routeFailure(status, undefined, context)._tag).toBe("NetworkError")
  })

  it("goes to the server-error page on 500", () => {
    expect(routeFailure(500, { error: { code: "E9001", message: "x" } }, context)).toEqual({ _tag: "ServerError" })
  })

  it("goes to the auth-error page with the status, except on the sign-in pages", () => {
    expect(routeFailure(401, undefined, context)).toEqual({ _tag: "AuthError", status: 401 })
    expect(routeFailure(403, undefined, context)).toEqual({ _tag: "AuthError", status: 403 })
    expect(
      routeFailure(401, { error: { code: "E1001", message: "Please check" } }, { ...context, onAuthPage: true })
    ).toEqual({
      _tag: "Toast",
      message: "Please check"
    })
  })

  it("shows the body's error as a toast, else the generic message", () => {
    expect(routeFailure(409, { error: { code: "E4001", message: "Someone changed this document" } }, context)).toEqual({
      _tag: "Toast",
      message: "Someone changed this document"
    })
    expect(routeFailure(422, "not json", context)).toEqual({ _tag: "Toast", message: context.genericMessage })
    expect(routeFailure(400, { error: {} }, context)).toEqual({ _tag: "Toast", message: context.genericMessage })
  })
})
