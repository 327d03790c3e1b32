import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Layer } from "effect"
import { Mailer } from "../mail/Mailer.ts"
import type { OutgoingMail } from "../mail/Mail.ts"
import { Fixtures, layerMemory } from "../testing/index.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { PasswordResets } from "./PasswordResets.ts"
import { SessionTokens } from "./SessionTokens.ts"

const PlainHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.succeed(`plain:${password}`),
  verify: (hash, password) => Effect.succeed(hash === `plain:${password}`)
})

let counter = 0
const CountingTokens = Layer.succeed(SessionTokens, {
  issue: Effect.sync(() => ({ token: `token-${++counter}`, hash: `hash-${counter}` })),
  digest: (token) => Effect.succeed(`hash(${token})`),
  newId: Effect.sync(() => `id-${++counter}`),
  newCode: Effect.sync(() => String(100000 + (++counter % 900000))),
  challenge: (verifier) => Effect.succeed(`s256(${verifier})`)
})

/** A mail server that holds every mail until the test opens it, like a slow SMTP round trip. */
interface HeldMail {
  readonly sent: Array<OutgoingMail>
  readonly open: Deferred.Deferred<void>
  readonly delivered: Deferred.Deferred<OutgoingMail>
}

const heldMail = Effect.all([Deferred.make<void>(), Deferred.make<OutgoingMail>()]).pipe(
  Effect.map(([open, delivered]): HeldMail => ({ sent: [], open, delivered }))
)

const withHeldMail = (held: HeldMail) =>
  PasswordResets.layer.pipe(
    Layer.provide(
      Layer.succeed(Mailer, {
        send: (mail) =>
          Effect.gen(function* () {
            yield* Deferred.await(held.open)
            held.sent.push(mail)
            yield* Deferred.succeed(held.delivered, mail)
          })
      })
    ),
    Layer.provideMerge(Layer.mergeAll(layerMemory, PlainHasher, CountingTokens, CommonPasswords.layerTest()))
  )

describe("PasswordResets.sendCode", () => {
  it.effect("answers a known email without waiting for its mail, then sends the code", () =>
    Effect.gen(function* () {
      const held = yield* heldMail
      const program = Effect.gen(function* () {
        const user = yield* (yield* Fixtures).newUser({ passwordHash: "plain:Old@2026xx" })
        const resets = yield* PasswordResets
        // The mail server is still holding: an answer that waited for it would never come.
        const known = yield* resets.sendCode(user.email, "en")
        const unknown = yield* resets.sendCode("ghost@example.test", "en")
        assert.deepStrictEqual([known.code, known.message], [unknown.code, unknown.message])
        assert.strictEqual(held.sent.length, 0)
        yield* Deferred.succeed(held.open, undefined)
        const mail = yield* Deferred.await(held.delivered)
        assert.strictEqual(mail.to, user.email)
        assert.match(mail.text, /\d{6}/)
      })
      yield* program.pipe(Effect.provide(withHeldMail(held)))
    })
  )
})
