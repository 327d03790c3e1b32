import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { layerMemoryAdministration } from "../testing/index.ts"
import { CustomRoleInput, CustomRoles } from "./CustomRoles.ts"
import { privilegesOfRole, privilegesOfRoles } from "./DefaultRoles.ts"
import { systemRoles } from "./OrgRole.ts"

const TestRoles = CustomRoles.layer.pipe(Layer.provideMerge(layerMemoryAdministration))

const actorWith = (roles: ReadonlyArray<string>) =>
  new Actor({
    sessionId: "s",
    userId: crypto.randomUUID() as UserId,
    orgId: crypto.randomUUID() as OrgId,
    email: "admin@roles.tawreed.test",
    displayName: "Admin",
    roles,
    privileges: privilegesOfRoles(roles)
  })

const tagOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

describe("CustomRoles", () => {
  it.effect("composes a role from privileges the admin holds, listed after the built-in roles", () =>
    Effect.gen(function* () {
      const roles = yield* CustomRoles
      const admin = actorWith(["org_super_user"])
      const input = new CustomRoleInput({
        code: "site_buyer",
        name: { en: " Site Buyer ", ar: "مشتري الموقع" },
        privileges: ["req_r_u", "req_c_u", "req_c_u"]
      })
      const saved = yield* roles.save(admin, input)
      assert.deepStrictEqual(
        [saved.name.en, [...saved.privileges], saved.system],
        ["Site Buyer", ["req_c_u", "req_r_u"], false]
      )
      const listed = yield* roles.list(admin)
      assert.deepStrictEqual(listed.at(-1), saved)
      assert.isTrue(listed[0]!.system)
    }).pipe(Effect.provide(TestRoles))
  )

  it.effect("pages the built-in roles and the organisation's own as one list, every page size checked", () =>
    Effect.gen(function* () {
      const roles = yield* CustomRoles
      const admin = actorWith(["org_super_user"])
      for (let i = 0; i < 30; i++) {
        const code = `role_${String(i).padStart(2, "0")}`
        yield* roles.save(admin, new CustomRoleInput({ code, name: { en: code, ar: code }, privileges: [] }))
      }
      const whole = (yield* roles.list(admin)).map((r) => r.code)
      assert.strictEqual(whole.length, systemRoles.length + 30)
      for (const limit of [10, 25]) {
        const pages: Array<string> = []
        for (let page = 0; page * limit < whole.length + limit; page++) {
          const listed = yield* roles.list(admin, { page, limit })
          assert.isAtMost(listed.length, limit)
          pages.push(...listed.map((r) => r.code))
        }
        assert.deepStrictEqual(pages, whole, `pages of ${limit}, one after another, are the whole list`)
      }
      assert.strictEqual(tagOf(yield* Effect.exit(roles.list(admin, { limit: 20 }))), "InvalidPageSize")
      assert.strictEqual(tagOf(yield* Effect.exit(roles.list(admin, { page: -1 }))), "InvalidPage")
    }).pipe(Effect.provide(TestRoles))
  )

  it.effect("makes a role named Super User a super user's, and refuses it to anyone who is not one", () =>
    Effect.gen(function* () {
      const roles = yield* CustomRoles
      const input = new CustomRoleInput({ code: "chief", name: { en: "super  user", ar: "الرئيس" }, privileges: [] })
      const saved = yield* roles.save(actorWith(["org_super_user"]), input)
      assert.deepStrictEqual([...saved.privileges], [...privilegesOfRole("org_super_user")].sort())
      const limited = actorWith(["orgs_manager"])
      const withUsers = new Actor({ ...limited, privileges: [...limited.privileges, "usr_u_o"] })
      assert.strictEqual(tagOf(yield* Effect.exit(roles.save(withUsers, input))), "InsufficientPrivileges")
    }).pipe(Effect.provide(TestRoles))
  )

  it.effect("keeps built-in roles and invalid privilege codes out", () =>
    Effect.gen(function* () {
      const roles = yield* CustomRoles
      const admin = actorWith(["org_super_user"])
      const name = { en: "X", ar: "س" }
      const builtIn = new CustomRoleInput({ code: "org_basic_user", name, privileges: [] })
      assert.strictEqual(tagOf(yield* Effect.exit(roles.save(admin, builtIn))), "SystemRoleReadOnly")
      const invalid = new CustomRoleInput({ code: "odd", name, privileges: ["everything"] })
      assert.strictEqual(tagOf(yield* Effect.exit(roles.save(admin, invalid))), "InvalidPrivilegeCode")
      assert.strictEqual(tagOf(yield* Effect.exit(roles.remove(admin, "odd"))), "RoleNotFound")
      assert.strictEqual(tagOf(yield* Effect.exit(roles.list(actorWith(["org_basic_user"])))), "InsufficientPrivileges")
    }).pipe(Effect.provide(TestRoles))
  )
})
