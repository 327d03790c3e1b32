import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Fixtures, layerMemory } from "../testing/index.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { LoginRequest, Sessions } from "./Sessions.ts"
import { SessionTokens } from "./SessionTokens.ts"

/** A transparent hasher: enough to test the use case's decisions, not the hashing. */
const PlainHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.succeed(`plain:${password}`),
  verify: (hash, password) => Effect.succeed(hash === `plain:${password}`)
})

let counter = 0
const CountingTokens = Layer.succeed(SessionTokens, {
  issue: Effect.sync(() => {
    const token = `token-${++counter}`
    return { token, hash: `hash(${token})` }
  }),
  digest: (token) => Effect.succeed(`hash(${token})`),
  newId: Effect.sync(() => `session-${++counter}`)
})

const TestSessions = Sessions.layer.pipe(Layer.provideMerge(Layer.mergeAll(layerMemory, PlainHasher, CountingTokens)))

const failureTag = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

describe("Sessions", () => {
  it.effect("signs in with the right password, whatever the case and spaces of the email, and authenticates", () =>
    Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ email: "Lina@Example.test", passwordHash: "plain:Tawreed@2026" })
      const sessions = yield* Sessions
      const response = yield* sessions.login(
        new LoginRequest({ email: "  lina@EXAMPLE.test ", password: "Tawreed@2026", platform: "web" })
      )
      assert.isFalse(response.mfa)
      assert.isNull(response.accountSecurityMessage)
      assert.notStrictEqual(response.accessToken, response.dashboardToken)
      const actor = yield* sessions.authenticate(response.accessToken)
      assert.strictEqual(actor.userId, user.id)
      assert.strictEqual(actor.orgId, user.orgId)
    }).pipe(Effect.provide(TestSessions))
  )

  it.effect("answers InvalidCredentials alike for a wrong password and an unknown email", () =>
    Effect.gen(function* () {
      yield* (yield* Fixtures).newUser({ email: "omar@example.test", passwordHash: "plain:Right@2026" })
      const sessions = yield* Sessions
      const wrong = yield* Effect.exit(sessions.login(new LoginRequest({ email: "omar@example.test", password: "x" })))
      const unknown = yield* Effect.exit(sessions.login(new LoginRequest({ email: "who@example.test", password: "x" })))
      assert.strictEqual(failureTag(wrong), "InvalidCredentials")
      assert.strictEqual(failureTag(unknown), "InvalidCredentials")
    }).pipe(Effect.provide(TestSessions))
  )

  it.effect("refuses blocked and inactive accounts and inactive organisations, but only with the right password", () =>
    Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const sessions = yield* Sessions
      const cases = [
        [{ status: "BLOCKED" as const }, "AccountBlocked"],
        [{ status: "INACTIVE" as const }, "AccountInactive"],
        [{ orgActive: false }, "OrgInactive"]
      ] as const
      for (const [options, tag] of cases) {
        const user = yield* fixtures.newUser({ ...options, passwordHash: "plain:Right@2026" })
        const right = yield* Effect.exit(
          sessions.login(new LoginRequest({ email: user.email, password: "Right@2026" }))
        )
        assert.strictEqual(failureTag(right), tag)
        const wrong = yield* Effect.exit(sessions.login(new LoginRequest({ email: user.email, password: "nope" })))
        assert.strictEqual(failureTag(wrong), "InvalidCredentials")
      }
    }).pipe(Effect.provide(TestSessions))
  )

  it.effect("ends a session on logout and when it expires: 12 hours on the web, 30 days on mobile", () =>
    Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026" })
      const sessions = yield* Sessions
      const login = (platform: "web" | "mobile") =>
        sessions.login(new LoginRequest({ email: user.email, password: "Right@2026", platform }))
      const web = yield* login("web")
      const mobile = yield* login("mobile")
      const gone = yield* login("web")
      yield* sessions.logout(gone.accessToken)
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.authenticate(gone.accessToken))), "SessionRequired")
      yield* TestClock.adjust("11 hours")
      yield* sessions.authenticate(web.accessToken)
      yield* TestClock.adjust("2 hours")
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.authenticate(web.accessToken))), "SessionRequired")
      yield* sessions.authenticate(mobile.accessToken)
      yield* TestClock.adjust("30 days")
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.authenticate(mobile.accessToken))), "SessionRequired")
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.authenticate(undefined))), "SessionRequired")
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.authenticate(""))), "SessionRequired")
    }).pipe(Effect.provide(TestSessions))
  )
})
