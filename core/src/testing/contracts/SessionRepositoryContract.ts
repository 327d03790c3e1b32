import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { privilegesOfRoles } from "../../access/DefaultRoles.ts"
import { Session } from "../../identity/Session.ts"
import { SessionRepository } from "../../identity/SessionRepository.ts"
import type { User } from "../../identity/User.ts"
import { Fixtures } from "../Fixtures.ts"

const hour = 3_600_000

const sessionFor = (user: User, now: Date, lifetime = hour) =>
  new Session({
    id: crypto.randomUUID(),
    orgId: user.orgId,
    userId: user.id,
    platform: "web",
    tokenHash: `token-${crypto.randomUUID()}`,
    dashboardTokenHash: `dashboard-${crypto.randomUUID()}`,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime)
  })

/** The behaviour every SessionRepository adapter must show. */
export const suite = (name: string, storage: Layer.Layer<SessionRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`SessionRepository contract: ${name}`, (it) => {
    it.effect("finds the actor of a live session by its token hash", () =>
      Effect.gen(function* () {
        const user = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
        const sessions = yield* SessionRepository
        const now = new Date()
        const session = sessionFor(user, now)
        yield* sessions.create(session)
        const actor = Option.getOrThrow(yield* sessions.findActor(session.tokenHash, now))
        assert.strictEqual(actor.userId, user.id)
        assert.strictEqual(actor.orgId, user.orgId)
        assert.strictEqual(actor.sessionId, session.id)
        assert.strictEqual(actor.email, user.email)
        assert.deepStrictEqual([...actor.roles], ["org_super_user"])
        assert.deepStrictEqual([...actor.privileges], [...privilegesOfRoles(["org_super_user"])])
        assert.include(actor.privileges, "usr_c_o")
        assert.isTrue(Option.isNone(yield* sessions.findActor(session.dashboardTokenHash, now)))
      })
    )

    it.effect("finds nothing once the session expired or was revoked", () =>
      Effect.gen(function* () {
        const user = yield* (yield* Fixtures).newUser()
        const sessions = yield* SessionRepository
        const now = new Date()
        const session = sessionFor(user, now)
        yield* sessions.create(session)
        assert.isTrue(Option.isNone(yield* sessions.findActor(session.tokenHash, new Date(now.getTime() + 2 * hour))))
        yield* sessions.revoke(session.tokenHash)
        assert.isTrue(Option.isNone(yield* sessions.findActor(session.tokenHash, now)))
        yield* sessions.revoke("no-such-token")
      })
    )

    it.effect("finds nothing for a blocked user or an inactive organisation", () =>
      Effect.gen(function* () {
        const fixtures = yield* Fixtures
        const sessions = yield* SessionRepository
        const now = new Date()
        for (const user of [
          yield* fixtures.newUser({ status: "BLOCKED" }),
          yield* fixtures.newUser({ orgActive: false })
        ]) {
          const session = sessionFor(user, now)
          yield* sessions.create(session)
          assert.isTrue(Option.isNone(yield* sessions.findActor(session.tokenHash, now)))
        }
      })
    )
  })
