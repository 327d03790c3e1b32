import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Fixtures, layerMemory, MemoryIdentityStore } from "../testing/index.ts"
import { RequestOrigin } from "../shared/AuditLog.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import { Invitations } from "./Invitations.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { PasswordResets, ResetPasswordRequest } from "./PasswordResets.ts"
import { LoginRequest, Sessions } from "./Sessions.ts"
import { SessionTokens } from "./SessionTokens.ts"

/** A transparent hasher: enough to test the use cases' decisions, not the hashing. */
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
  newId: Effect.sync(() => `id-${++counter}`),
  newCode: Effect.sync(() => String(100000 + (++counter % 900000))),
  challenge: (verifier) => Effect.succeed(`s256(${verifier})`)
})

const TestIdentity = Layer.mergeAll(Sessions.layer, PasswordResets.layer, Invitations.layer).pipe(
  Layer.provideMerge(Layer.mergeAll(layerMemory, PlainHasher, CountingTokens, CommonPasswords.layerTest()))
)

const failureTag = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

const lastCodeTo = (email: string) =>
  Effect.gen(function* () {
    const store = yield* MemoryIdentityStore
    // A reset code is mailed after the answer (PasswordResets.sendCode): let that detached work run first.
    for (let turn = 0; turn < 100 && !store.mail.some((m) => m.to === email); turn++) yield* Effect.yieldNow
    const mail = store.mail.filter((m) => m.to === email).at(-1)
    return /(\d{6})/.exec(mail?.text ?? "")?.[1] ?? "none"
  })

const login = (email: string, password: string, origin = new RequestOrigin({ address: "10.0.0.1" })) =>
  Effect.flatMap(Effect.service(Sessions), (s) => s.login(new LoginRequest({ email, password }), origin))

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
      const events = (yield* MemoryIdentityStore).audit.map((e) => e.event)
      assert.include(events, "sign_in.succeeded")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("signs in by phone digits where the organisation allows it, and nowhere else", () =>
    Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const user = yield* fixtures.newUser({
        passwordHash: "plain:Right@2026",
        phone: "966500000001",
        orgPhoneLogin: true
      })
      const response = yield* login(" 966500000001 ", "Right@2026")
      assert.strictEqual((yield* (yield* Sessions).authenticate(response.accessToken)).userId, user.id)
      yield* fixtures.newUser({ passwordHash: "plain:Right@2026", phone: "966500000002", orgPhoneLogin: false })
      assert.strictEqual(failureTag(yield* Effect.exit(login("966500000002", "Right@2026"))), "InvalidCredentials")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("answers InvalidCredentials alike for a wrong password and an unknown email, and audits both", () =>
    Effect.gen(function* () {
      yield* (yield* Fixtures).newUser({ email: "omar@example.test", passwordHash: "plain:Right@2026" })
      assert.strictEqual(failureTag(yield* Effect.exit(login("omar@example.test", "x"))), "InvalidCredentials")
      assert.strictEqual(failureTag(yield* Effect.exit(login("who@example.test", "x"))), "InvalidCredentials")
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "sign_in.failed")
      assert.strictEqual(audit.length, 2)
      assert.strictEqual(audit[0]!.address, "10.0.0.1")
      assert.notInclude(JSON.stringify(audit), 'x"')
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect(
    "refuses blocked and inactive accounts, inactive and expired organisations, only with the right password",
    () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const cases = [
          [{ status: "BLOCKED" as const }, "AccountBlocked"],
          [{ status: "INACTIVE" as const }, "AccountInactive"],
          [{ orgActive: false }, "OrgInactive"],
          [{ orgExpiresAt: new Date(-1) }, "OrgExpired"]
        ] as const
        for (const [options, tag] of cases) {
          const user = yield* fixtures.newUser({ ...options, passwordHash: "plain:Right@2026" })
          assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "Right@2026"))), tag)
          assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "nope"))), "InvalidCredentials")
        }
      }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("warns of a password nearing its expiry (E1008) and refuses an expired one (E1009)", () =>
    Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const day = 86_400_000
      yield* TestClock.setTime(100 * day)
      const nearing = yield* fixtures.newUser({
        passwordHash: "plain:Right@2026",
        passwordMaxAgeDays: 90,
        passwordChangedAt: new Date(20 * day)
      })
      const response = yield* login(nearing.email, "Right@2026")
      assert.strictEqual(
        response.accountSecurityMessage,
        "Please change your password to prevent this account from being disabled."
      )
      const expired = yield* fixtures.newUser({
        passwordHash: "plain:Right@2026",
        passwordMaxAgeDays: 90,
        passwordChangedAt: new Date(5 * day)
      })
      assert.strictEqual(failureTag(yield* Effect.exit(login(expired.email, "Right@2026"))), "PasswordExpired")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("locks an account after 5 wrong passwords, for 15 minutes doubling, and lets the right one in after", () =>
    Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026" })
      for (let i = 0; i < 5; i++) yield* Effect.exit(login(user.email, "wrong"))
      // While locked, even the right password answers as a wrong one: nothing tells a guesser it was right.
      assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "Right@2026"))), "InvalidCredentials")
      yield* TestClock.adjust("16 minutes")
      // One more wrong password after the lock doubles it: 30 minutes.
      assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "wrong"))), "InvalidCredentials")
      yield* TestClock.adjust("20 minutes")
      assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "Right@2026"))), "InvalidCredentials")
      yield* TestClock.adjust("11 minutes")
      yield* login(user.email, "Right@2026")
      const events = (yield* MemoryIdentityStore).audit.filter((e) => e.actorId === user.id).map((e) => e.event)
      assert.deepStrictEqual(events, [
        ...Array.from({ length: 5 }, () => "sign_in.failed"),
        "sign_in.locked",
        "sign_in.failed",
        "sign_in.locked",
        "sign_in.succeeded"
      ])
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("counts a right password that needs MFA as no failure, so signing in often never locks", () =>
    Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026", mfaEnabled: true })
      for (let i = 0; i < 7; i++) assert.isTrue((yield* login(user.email, "Right@2026")).mfa)
      for (let i = 0; i < 4; i++) yield* Effect.exit(login(user.email, "wrong"))
      assert.isTrue((yield* login(user.email, "Right@2026")).mfa)
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("makes one address wait after 30 failed sign-ins in 15 minutes, whatever the emails", () =>
    Effect.gen(function* () {
      const origin = new RequestOrigin({ address: "203.0.113.9" })
      for (let i = 0; i < 30; i++) yield* Effect.exit(login(`nobody${i}@example.test`, "x", origin))
      assert.strictEqual(failureTag(yield* Effect.exit(login("nobody@example.test", "x", origin))), "TooManyAttempts")
      assert.strictEqual(failureTag(yield* Effect.exit(login("nobody@example.test", "x"))), "InvalidCredentials")
      yield* TestClock.adjust("16 minutes")
      assert.strictEqual(
        failureTag(yield* Effect.exit(login("nobody@example.test", "x", origin))),
        "InvalidCredentials"
      )
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("signs in with MFA: a 6-digit code by email, single use, bound to the attempt, 10 minutes", () =>
    Effect.gen(function* () {
      const sessions = yield* Sessions
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026", mfaEnabled: true })
      const first = yield* login(user.email, "Right@2026")
      assert.deepStrictEqual([first.mfa, first.accessToken], [true, ""])
      const sent = yield* sessions.sendMfaCode(user.email, "en")
      assert.strictEqual(sent.code, "E1018")
      assert.strictEqual(sent.message, "Security Code sent by email.")
      assert.match(sent.email, /^.\*+.@fixtures\.tawreed\.test$/)
      assert.strictEqual((yield* sessions.sendMfaCode(user.email, "ar")).code, "E1019")
      const code = yield* lastCodeTo(user.email)
      assert.match(code, /^\d{6}$/)
      assert.strictEqual(
        failureTag(yield* Effect.exit(sessions.verifyMfa(user.email, "000000"))),
        "SecurityCodeInvalid"
      )
      const signedIn = yield* sessions.verifyMfa(user.email, code)
      assert.isFalse(signedIn.mfa)
      assert.strictEqual((yield* sessions.authenticate(signedIn.accessToken)).userId, user.id)
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.verifyMfa(user.email, code))), "SecurityCodeInvalid")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("burns an MFA code after 5 wrong tries and expires it after 10 minutes", () =>
    Effect.gen(function* () {
      const sessions = yield* Sessions
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026", mfaEnabled: true })
      yield* login(user.email, "Right@2026")
      yield* sessions.sendMfaCode(user.email, "en")
      const code = yield* lastCodeTo(user.email)
      for (let i = 0; i < 4; i++) yield* Effect.exit(sessions.verifyMfa(user.email, "000000"))
      assert.strictEqual(
        failureTag(yield* Effect.exit(sessions.verifyMfa(user.email, "000000"))),
        "SecurityCodeAttemptsExceeded"
      )
      assert.strictEqual(
        failureTag(yield* Effect.exit(sessions.verifyMfa(user.email, code))),
        "SecurityCodeAttemptsExceeded"
      )
      yield* login(user.email, "Right@2026")
      yield* sessions.sendMfaCode(user.email, "en")
      const fresh = yield* lastCodeTo(user.email)
      yield* TestClock.adjust("11 minutes")
      assert.strictEqual(failureTag(yield* Effect.exit(sessions.verifyMfa(user.email, fresh))), "SecurityCodeExpired")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("answers a code request for an unknown email exactly as for a known one", () =>
    Effect.gen(function* () {
      const sessions = yield* Sessions
      const unknown = yield* sessions.sendMfaCode("someone@example.test", "en")
      assert.strictEqual(unknown.code, "E1018")
      assert.strictEqual(unknown.email, "s*****e@example.test")
      assert.strictEqual((yield* MemoryIdentityStore).mail.length, 0)
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("ends a session on logout and when it expires: 12 hours on the web, 30 days on mobile", () =>
    Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Right@2026" })
      const sessions = yield* Sessions
      const open = (platform: "web" | "mobile") =>
        sessions.login(new LoginRequest({ email: user.email, password: "Right@2026", platform }))
      const web = yield* open("web")
      const mobile = yield* open("mobile")
      const gone = yield* open("web")
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
    }).pipe(Effect.provide(TestIdentity))
  )
})

describe("PasswordResets", () => {
  it.effect("resets a forgotten password in three steps, without signing in, and lifts a lock", () =>
    Effect.gen(function* () {
      const resets = yield* PasswordResets
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Old@2026xx" })
      for (let i = 0; i < 5; i++) yield* Effect.exit(login(user.email, "wrong"))
      const sent = yield* resets.sendCode(user.email, "en")
      assert.strictEqual(sent.code, "E1018")
      assert.strictEqual((yield* resets.sendCode(user.email, "en")).code, "E1019")
      const code = yield* lastCodeTo(user.email)
      assert.strictEqual(
        failureTag(yield* Effect.exit(resets.verifyCode(user.email, "000000", "en"))),
        "SecurityCodeInvalid"
      )
      const verified = yield* resets.verifyCode(user.email, code, "en")
      assert.deepStrictEqual([verified.code, verified.message], ["S1001", "Security Code has been verified."])
      const weak = yield* Effect.exit(
        resets.reset(new ResetPasswordRequest({ email: user.email, password: "short", securityCode: code }))
      )
      assert.strictEqual(failureTag(weak), "PasswordRejected")
      yield* resets.reset(new ResetPasswordRequest({ email: user.email, password: "New@2026Pass", securityCode: code }))
      assert.isFalse((yield* login(user.email, "New@2026Pass")).mfa)
      assert.strictEqual(failureTag(yield* Effect.exit(login(user.email, "Old@2026xx"))), "InvalidCredentials")
      const again = yield* Effect.exit(
        resets.reset(new ResetPasswordRequest({ email: user.email, password: "Other@2026Pass", securityCode: code }))
      )
      assert.strictEqual(failureTag(again), "SecurityCodeInvalid")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("answers the same for an email without an account, sends nothing, and says 'already sent' alike", () =>
    Effect.gen(function* () {
      const resets = yield* PasswordResets
      const first = yield* resets.sendCode("ghost@example.test", "ar")
      assert.strictEqual(first.code, "E1018")
      assert.strictEqual(first.message, "تم إرسال رمز الأمان عبر البريد الإلكتروني.")
      assert.strictEqual((yield* resets.sendCode("ghost@example.test", "en")).code, "E1019")
      assert.strictEqual((yield* MemoryIdentityStore).mail.length, 0)
      assert.strictEqual(
        failureTag(yield* Effect.exit(resets.verifyCode("ghost@example.test", "123456", "en"))),
        "SecurityCodeInvalid"
      )
    }).pipe(Effect.provide(TestIdentity))
  )
})

describe("Invitations", () => {
  it.effect("sets a password from an emailed link once; the used link answers PasswordAlreadySet", () =>
    Effect.gen(function* () {
      const invitations = yield* Invitations
      const user = yield* (yield* Fixtures).newUser({ passwordHash: "not-set" })
      assert.isTrue(yield* invitations.invite(user.orgId, user.id, "en", "https://tawreed.example/"))
      const mail = (yield* MemoryIdentityStore).mail.at(-1)!
      const token = /token=([^&\s]+)/.exec(mail.text)![1]!
      assert.include(mail.text, "https://tawreed.example/en/auth/set-password?token=")
      yield* invitations.validate(token)
      const details = yield* invitations.details(token)
      assert.deepStrictEqual([details.name, details.email], ["Fixture", user.email])
      assert.strictEqual(failureTag(yield* Effect.exit(invitations.setPassword(token, "weak"))), "PasswordRejected")
      yield* invitations.setPassword(token, "Chosen@2026Pw")
      yield* login(user.email, "Chosen@2026Pw")
      assert.strictEqual(failureTag(yield* Effect.exit(invitations.validate(token))), "PasswordAlreadySet")
      assert.strictEqual(
        failureTag(yield* Effect.exit(invitations.setPassword(token, "Again@2026Pw"))),
        "PasswordAlreadySet"
      )
      assert.strictEqual(failureTag(yield* Effect.exit(invitations.validate("forged"))), "InvitationInvalid")
    }).pipe(Effect.provide(TestIdentity))
  )

  it.effect("refuses an invitation after its seven days", () =>
    Effect.gen(function* () {
      const invitations = yield* Invitations
      const user = yield* (yield* Fixtures).newUser()
      yield* invitations.invite(user.orgId, user.id, "ar", "https://tawreed.example")
      const token = /token=([^&\s]+)/.exec((yield* MemoryIdentityStore).mail.at(-1)!.text)![1]!
      yield* TestClock.adjust("8 days")
      assert.strictEqual(failureTag(yield* Effect.exit(invitations.validate(token))), "InvitationExpired")
    }).pipe(Effect.provide(TestIdentity))
  )
})
