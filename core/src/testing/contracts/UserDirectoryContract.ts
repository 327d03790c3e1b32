import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import { ManagedUser } from "../../identity/ManagedUser.ts"
import { Session } from "../../identity/Session.ts"
import { SessionRepository } from "../../identity/SessionRepository.ts"
import type { UserId } from "../../identity/User.ts"
import { UserDirectory } from "../../identity/UserDirectory.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Transactions } from "../../shared/Transactions.ts"
import { Fixtures } from "../Fixtures.ts"

const newManaged = (overrides: Partial<ManagedUser> = {}) =>
  new ManagedUser({
    id: crypto.randomUUID() as UserId,
    email: `${crypto.randomUUID()}@directory.tawreed.test`,
    firstName: "Nadia",
    lastName: "Saleh",
    phone: null,
    position: "Buyer",
    image: null,
    roles: ["org_basic_user"],
    status: "ACTIVE",
    blocked: false,
    emailAlerts: true,
    receiveNotifications: true,
    version: 1,
    createdAt: new Date().toISOString(),
    ...overrides
  })

const query = { offset: 0, limit: 50 }

/** The behaviour every UserDirectory adapter must show. */
export const suite = (
  name: string,
  storage: Layer.Layer<UserDirectory | SessionRepository | Fixtures | Transactions, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`UserDirectory contract: ${name}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return admin.orgId as OrgId
    })

    it.effect("creates users and lists them by name with the total, searching names and emails", () =>
      Effect.gen(function* () {
        const directory = yield* UserDirectory
        const orgId = yield* newOrg
        const made = yield* directory.create(
          orgId,
          [newManaged({ firstName: "Zaid" }), newManaged({ firstName: "Badr", position: "Storekeeper" })],
          "!unset"
        )
        assert.deepStrictEqual(
          made.map((u) => [u.firstName, u.position, u.version]),
          [
            ["Zaid", "Buyer", 1],
            ["Badr", "Storekeeper", 1]
          ]
        )
        const all = yield* directory.list(orgId, query)
        assert.strictEqual(all.totalCount, 3)
        assert.deepStrictEqual(
          all.users.map((u) => u.firstName),
          ["Badr", "Test", "Zaid"]
        )
        const page = yield* directory.list(orgId, { offset: 1, limit: 1 })
        assert.deepStrictEqual([page.totalCount, page.users[0]?.firstName], [3, "Test"])
        const searched = yield* directory.list(orgId, { ...query, search: "zAi" })
        assert.deepStrictEqual(
          searched.users.map((u) => u.id),
          [made[0]!.id]
        )
        const byEmail = yield* directory.list(orgId, { ...query, search: made[1]!.email.slice(0, 12) })
        assert.deepStrictEqual(
          byEmail.users.map((u) => u.id),
          [made[1]!.id]
        )
        const byRole = yield* directory.list(orgId, { ...query, roles: ["org_super_user"] })
        assert.deepStrictEqual(
          byRole.users.map((u) => u.firstName),
          ["Test"]
        )
      })
    )

    it.effect("refuses an email that has an account anywhere, and creates none of the batch", () =>
      Effect.gen(function* () {
        const directory = yield* UserDirectory
        const orgId = yield* newOrg
        const elsewhere = yield* newOrg
        const [taken] = yield* directory.create(elsewhere, [newManaged()], "!unset")
        const result = yield* Effect.result(
          directory.create(orgId, [newManaged(), newManaged({ email: taken!.email.toUpperCase() })], "!unset")
        )
        assert.isTrue(Result.isFailure(result))
        assert.strictEqual(Result.isFailure(result) && result.failure._tag, "EmailTaken")
        assert.strictEqual((yield* directory.list(orgId, query)).totalCount, 1)
      })
    )

    it.effect(
      "leaves the caller's transaction usable after refusing a taken email, as an import of many rows needs",
      () =>
        Effect.gen(function* () {
          const directory = yield* UserDirectory
          const orgId = yield* newOrg
          const [taken] = yield* directory.create(yield* newOrg, [newManaged()], "!unset")
          const refused = yield* (yield* Transactions).inOrg(
            orgId,
            Effect.gen(function* () {
              const result = yield* Effect.result(
                directory.create(orgId, [newManaged({ email: taken!.email })], "!unset")
              )
              yield* directory.create(orgId, [newManaged({ firstName: "Next" })], "!unset")
              return result
            })
          )
          assert.strictEqual(Result.isFailure(refused) && refused.failure._tag, "EmailTaken")
          const listed = yield* directory.list(orgId, query)
          assert.deepStrictEqual(listed.users.map((u) => u.firstName).sort(), ["Next", "Test"])
        })
    )

    it.effect("updates against the version read, and refuses a stale version", () =>
      Effect.gen(function* () {
        const directory = yield* UserDirectory
        const orgId = yield* newOrg
        const [user] = yield* directory.create(orgId, [newManaged()], "!unset")
        const saved = Option.getOrThrow(
          yield* directory.update(orgId, new ManagedUser({ ...user!, lastName: "Haddad", roles: ["rfq_approver"] }), 1)
        )
        assert.deepStrictEqual([saved.lastName, [...saved.roles], saved.version], ["Haddad", ["rfq_approver"], 2])
        const stale = yield* Effect.result(directory.update(orgId, new ManagedUser({ ...user!, lastName: "Late" }), 1))
        assert.strictEqual(Result.isFailure(stale) && stale.failure._tag, "VersionConflict")
        assert.isTrue(Option.isNone(yield* directory.update(orgId, newManaged(), 1)))
      })
    )

    it.effect("blocking ends the user's sessions for good, and counts each status", () =>
      Effect.gen(function* () {
        const directory = yield* UserDirectory
        const sessions = yield* SessionRepository
        const orgId = yield* newOrg
        const [user] = yield* directory.create(orgId, [newManaged()], "!unset")
        const now = new Date()
        const session = new Session({
          id: crypto.randomUUID(),
          orgId,
          userId: user!.id,
          platform: "web",
          tokenHash: `token-${crypto.randomUUID()}`,
          dashboardTokenHash: `dashboard-${crypto.randomUUID()}`,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 3_600_000)
        })
        yield* sessions.create(session)
        assert.isTrue(Option.isSome(yield* sessions.findActor(session.tokenHash, now)))
        const blocked = Option.getOrThrow(yield* directory.setStatus(orgId, user!.id, "BLOCKED"))
        assert.deepStrictEqual([blocked.status, blocked.blocked, blocked.version], ["BLOCKED", true, 2])
        const counts = yield* directory.statusCounts(orgId, query)
        assert.deepStrictEqual(
          counts.map((c) => [c.status, c.count]),
          [
            ["ACTIVE", 1],
            ["INACTIVE", 0],
            ["BLOCKED", 1]
          ]
        )
        const active = Option.getOrThrow(yield* directory.setStatus(orgId, user!.id, "ACTIVE", 2))
        assert.deepStrictEqual([active.status, active.blocked], ["ACTIVE", false])
        assert.isTrue(Option.isNone(yield* sessions.findActor(session.tokenHash, now)))
        const stale = yield* Effect.result(directory.setStatus(orgId, user!.id, "INACTIVE", 2))
        assert.strictEqual(Result.isFailure(stale) && stale.failure._tag, "VersionConflict")
      })
    )

    it.effect("never shows, changes or deletes another organisation's user", () =>
      Effect.gen(function* () {
        const directory = yield* UserDirectory
        const orgId = yield* newOrg
        const other = yield* newOrg
        const [user] = yield* directory.create(other, [newManaged()], "!unset")
        assert.isTrue(Option.isNone(yield* directory.find(orgId, user!.id)))
        assert.isTrue(Option.isNone(yield* directory.setStatus(orgId, user!.id, "BLOCKED")))
        assert.isTrue(Option.isNone(yield* directory.update(orgId, user!, 1)))
        assert.isFalse(yield* directory.remove(orgId, user!.id))
        assert.strictEqual(Option.getOrThrow(yield* directory.find(other, user!.id)).status, "ACTIVE")
        assert.isTrue(yield* directory.remove(other, user!.id))
        assert.isTrue(Option.isNone(yield* directory.find(other, user!.id)))
      })
    )
  })
