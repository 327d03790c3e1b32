import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { UserRepository } from "../../identity/UserRepository.ts"
import { Fixtures } from "../Fixtures.ts"

/** The behaviour every UserRepository adapter must show. */
export const suite = (name: string, storage: Layer.Layer<UserRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`UserRepository contract: ${name}`, (it) => {
    it.effect("finds sign-in credentials by email, without regard to case", () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const users = yield* UserRepository
        const email = `Dana.${crypto.randomUUID()}@Example.test`
        const made = yield* fixtures.newUser({ email, passwordHash: "hash-of-dana", roles: ["org_basic_user"] })
        const found = yield* users.findCredentials(email.toLowerCase())
        assert.isTrue(Option.isSome(found))
        const credentials = Option.getOrThrow(found)
        assert.strictEqual(credentials.user.id, made.id)
        assert.strictEqual(credentials.user.orgId, made.orgId)
        assert.strictEqual(credentials.passwordHash, "hash-of-dana")
        assert.strictEqual(credentials.orgActive, true)
        assert.deepStrictEqual([...credentials.user.roles], ["org_basic_user"])
      })
    )

    it.effect("reports the account's status and whether its organisation is active", () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const users = yield* UserRepository
        const blocked = yield* fixtures.newUser({ status: "BLOCKED" })
        const dormant = yield* fixtures.newUser({ orgActive: false })
        const b = Option.getOrThrow(yield* users.findCredentials(blocked.email.toLowerCase()))
        assert.strictEqual(b.user.status, "BLOCKED")
        const d = Option.getOrThrow(yield* users.findCredentials(dormant.email.toLowerCase()))
        assert.strictEqual(d.orgActive, false)
      })
    )

    it.effect("finds an account by phone only where its organisation signs in by phone", () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const users = yield* UserRepository
        const digits = () => String(Math.floor(Math.random() * 1e12)).padStart(12, "9")
        const phone = digits()
        const made = yield* fixtures.newUser({ phone, orgPhoneLogin: true })
        const found = Option.getOrThrow(yield* users.findCredentialsByPhone(phone))
        assert.strictEqual(found.user.id, made.id)
        const elsewhere = digits()
        yield* fixtures.newUser({ phone: elsewhere, orgPhoneLogin: false })
        assert.isTrue(Option.isNone(yield* users.findCredentialsByPhone(elsewhere)))
        assert.isTrue(Option.isNone(yield* users.findCredentialsByPhone(digits())))
      })
    )

    it.effect("finds nobody for an unknown email", () =>
      Effect.gen(function* () {
        const users = yield* UserRepository
        assert.isTrue(Option.isNone(yield* users.findCredentials(`nobody-${crypto.randomUUID()}@example.test`)))
      })
    )

    it.effect("finds a user by id only inside the user's organisation", () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const users = yield* UserRepository
        const mine = yield* fixtures.newUser()
        const other = yield* fixtures.newUser()
        assert.isTrue(Option.isSome(yield* users.findById(mine.orgId, mine.id)))
        assert.isTrue(Option.isNone(yield* users.findById(other.orgId, mine.id)))
      })
    )
  })
