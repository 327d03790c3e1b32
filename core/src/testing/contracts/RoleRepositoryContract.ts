import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { privilegesOfRoles } from "../../access/DefaultRoles.ts"
import { OrgRole } from "../../access/OrgRole.ts"
import { RoleRepository } from "../../access/RoleRepository.ts"
import { Session } from "../../identity/Session.ts"
import { SessionRepository } from "../../identity/SessionRepository.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

const role = (code: string, privileges: ReadonlyArray<string>) =>
  new OrgRole({ code, name: { en: `Role ${code}`, ar: `دور ${code}` }, privileges, system: false })

/** The behaviour every RoleRepository adapter must show. */
export const suite = (name: string, storage: Layer.Layer<RoleRepository | SessionRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`RoleRepository contract: ${name}`, (it) => {
    it.effect("keeps, replaces and removes an organisation's roles, apart from other organisations'", () =>
      Effect.gen(function* () {
        const roles = yield* RoleRepository
        const fixtures = yield* Fixtures
        const orgId = (yield* fixtures.newUser()).orgId as OrgId
        const other = (yield* fixtures.newUser()).orgId as OrgId
        yield* roles.save(orgId, role("site_buyer", ["req_c_u", "req_r_u"]))
        yield* roles.save(orgId, role("auditor", ["rep_r_o"]))
        yield* roles.save(other, role("auditor", ["ven_r_o"]))
        yield* roles.save(orgId, role("auditor", ["rep_r_o", "bil_r_o"]))
        const listed = yield* roles.list(orgId)
        assert.deepStrictEqual(
          listed.map((r) => [r.code, r.name.ar, [...r.privileges], r.system]),
          [
            ["auditor", "دور auditor", ["rep_r_o", "bil_r_o"], false],
            ["site_buyer", "دور site_buyer", ["req_c_u", "req_r_u"], false]
          ]
        )
        assert.isTrue(yield* roles.remove(orgId, "auditor"))
        assert.isFalse(yield* roles.remove(orgId, "auditor"))
        assert.deepStrictEqual(
          (yield* roles.list(other)).map((r) => [...r.privileges]),
          [["ven_r_o"]]
        )
      })
    )

    it.effect("reads a slice of the roles by code, pages never overlapping, the last one short", () =>
      Effect.gen(function* () {
        const roles = yield* RoleRepository
        const orgId = (yield* (yield* Fixtures).newUser()).orgId as OrgId
        // Codes whose order differs between byte order and a language's collation (`_` against letters, digits).
        const codes = ["site_b", "site2", "siteb", "a_z", "az", "site_a"]
        yield* Effect.forEach(codes, (code) => roles.save(orgId, role(code, ["rep_r_o"])), { discard: true })
        const page = (offset: number, limit: number) =>
          Effect.map(roles.list(orgId, { offset, limit }), (list) => list.map((r) => r.code))
        const sorted = [...codes].sort()
        assert.deepStrictEqual(
          (yield* roles.list(orgId)).map((r) => r.code),
          sorted,
          "without a slice, every role, in byte order"
        )
        assert.deepStrictEqual(yield* page(0, 4), sorted.slice(0, 4))
        assert.deepStrictEqual(yield* page(4, 4), sorted.slice(4), "the last page is short")
        assert.deepStrictEqual(yield* page(8, 4), [], "past the end, nothing")
        assert.deepStrictEqual(yield* page(1, 2), sorted.slice(1, 3), "a slice may start anywhere")
      })
    )

    it.effect("gives a session the privileges of the custom roles its user holds, beside the defaults", () =>
      Effect.gen(function* () {
        const roles = yield* RoleRepository
        const sessions = yield* SessionRepository
        const user = yield* (yield* Fixtures).newUser({ roles: ["org_basic_user", "auditor"] })
        yield* roles.save(user.orgId as OrgId, role("auditor", ["rep_r_o"]))
        const now = new Date()
        const session = new Session({
          id: crypto.randomUUID(),
          orgId: user.orgId,
          userId: user.id,
          platform: "web",
          tokenHash: `token-${crypto.randomUUID()}`,
          dashboardTokenHash: `dashboard-${crypto.randomUUID()}`,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 3_600_000)
        })
        yield* sessions.create(session)
        const actor = Option.getOrThrow(yield* sessions.findActor(session.tokenHash, now))
        assert.deepStrictEqual([...actor.privileges], [...privilegesOfRoles(["org_basic_user"]), "rep_r_o"].sort())
      })
    )
  })
