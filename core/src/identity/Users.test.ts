import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import fc from "fast-check"
import { RoleRepository } from "../access/RoleRepository.ts"
import { OrgRole } from "../access/OrgRole.ts"
import { Recipient } from "../notifications/Recipient.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { actorOf, Fixtures, layerMemoryAdministration, MemoryIdentityStore } from "../testing/index.ts"
import type { Actor } from "./Actor.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import { Invitations } from "./Invitations.ts"
import { NewUserInput, statusAfter, UserStatusChange, UserUpdateInput } from "./ManagedUser.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { PasswordResets } from "./PasswordResets.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { checkNewUser, Users } from "./Users.ts"

const PlainHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.succeed(`plain:${password}`),
  verify: (hash, password) => Effect.succeed(hash === `plain:${password}`)
})
let counter = 0
const Tokens = Layer.succeed(SessionTokens, {
  issue: Effect.sync(() => ({ token: `token-${++counter}`, hash: `hash-${counter}` })),
  digest: (token) => Effect.succeed(`hash(${token})`),
  newId: Effect.sync(() => crypto.randomUUID()),
  newCode: Effect.sync(() => "123456"),
  challenge: (verifier) => Effect.succeed(verifier)
})

const TestUsers = Users.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(PasswordResets.layer, Invitations.layer)),
  Layer.provideMerge(Layer.mergeAll(layerMemoryAdministration, PlainHasher, Tokens, CommonPasswords.layerTest()))
)

/** A signed-in user of a new organisation, or of the given one, holding the given roles. */
const actorWith = (roles: ReadonlyArray<string>, colleagueOf?: Actor) =>
  Effect.gen(function* () {
    const user = yield* (yield* Fixtures).newUser({
      roles,
      ...(colleagueOf === undefined
        ? {}
        : { colleagueOf: new Recipient({ orgId: colleagueOf.orgId, userId: colleagueOf.userId }) })
    })
    const custom = yield* (yield* RoleRepository).list(user.orgId as OrgId)
    return actorOf(user, custom)
  })

const tagOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

const newUser = (roles: ReadonlyArray<string> = ["org_basic_user"]) =>
  new NewUserInput({ email: `${crypto.randomUUID()}@users.tawreed.test`, firstName: "Reem", lastName: "Aziz", roles })

describe("Users", () => {
  it.effect("creates a user who is mailed an invitation to set a password", () =>
    Effect.gen(function* () {
      const admin = yield* actorWith(["org_super_user"])
      const input = newUser()
      const made = yield* (yield* Users).create(admin, input, "en", "https://tawreed.test")
      assert.deepStrictEqual([made.email, made.status, made.version], [input.email, "ACTIVE", 1])
      const mail = (yield* MemoryIdentityStore).mail.filter((m) => m.to === input.email)
      assert.strictEqual(mail.length, 1)
      assert.include(mail[0]!.text, "https://tawreed.test")
    }).pipe(Effect.provide(TestUsers))
  )

  it.effect("refuses anyone without the privilege, and a module the organisation turned off", () =>
    Effect.gen(function* () {
      const users = yield* Users
      const basic = yield* actorWith(["org_basic_user"])
      assert.strictEqual(tagOf(yield* Effect.exit(users.list(basic, {}))), "InsufficientPrivileges")
      const admin = yield* actorWith(["org_super_user"])
      const settings = yield* OrgSettingsRepository
      const current = Option.getOrThrow(yield* settings.find(admin.orgId))
      yield* settings.save(new OrgSettings({ ...current, modules: [moduleConfig("users", false)] }), current.version)
      assert.strictEqual(tagOf(yield* Effect.exit(users.list(admin, {}))), "ModuleNotEnabled")
    }).pipe(Effect.provide(TestUsers))
  )

  it.effect("lets nobody grant a role with privileges they do not hold", () =>
    Effect.gen(function* () {
      const users = yield* Users
      const owner = yield* actorWith(["org_super_user"])
      yield* (yield* RoleRepository).save(
        owner.orgId,
        new OrgRole({
          code: "user_admin",
          name: { en: "User Admin", ar: "مسؤول المستخدمين" },
          privileges: ["usr_c_o", "usr_r_o", "req_c_u"],
          system: false
        })
      )
      const userAdmin = yield* actorWith(["user_admin"], owner)
      const escalation = yield* Effect.exit(
        users.create(userAdmin, newUser(["org_super_user"]), "en", "https://tawreed.test")
      )
      assert.strictEqual(tagOf(escalation), "InsufficientPrivileges")
      const unknown = yield* Effect.exit(
        users.create(userAdmin, newUser(["no_such_role"]), "en", "https://tawreed.test")
      )
      assert.strictEqual(tagOf(unknown), "UnknownRole")
      const within = yield* users.create(userAdmin, newUser(["user_admin"]), "en", "https://tawreed.test")
      assert.deepStrictEqual([...within.roles], ["user_admin"])
    }).pipe(Effect.provide(TestUsers))
  )

  it.effect("keeps admins from blocking, deleting or re-roling themselves", () =>
    Effect.gen(function* () {
      const users = yield* Users
      const admin = yield* actorWith(["org_super_user"])
      const block = new UserStatusChange({ status: "INACTIVE", blocked: true })
      assert.strictEqual(tagOf(yield* Effect.exit(users.setStatus(admin, admin.userId, block))), "OwnAccountChange")
      assert.strictEqual(tagOf(yield* Effect.exit(users.remove(admin, admin.userId))), "OwnAccountChange")
      const self = yield* users.get(admin, admin.userId)
      const reroled = yield* Effect.exit(
        users.update(admin, new UserUpdateInput({ id: admin.userId, version: self.version, roles: ["org_basic_user"] }))
      )
      assert.strictEqual(tagOf(reroled), "OwnAccountChange")
      const renamed = yield* users.update(
        admin,
        new UserUpdateInput({ id: admin.userId, version: self.version, lastName: "Kept" })
      )
      assert.strictEqual(renamed.lastName, "Kept")
    }).pipe(Effect.provide(TestUsers))
  )

  it("says active for ACTIVE whatever the blocked flag, blocked over inactive otherwise", () => {
    assert.strictEqual(statusAfter(new UserStatusChange({ status: "ACTIVE", blocked: true })), "ACTIVE")
    assert.strictEqual(statusAfter(new UserStatusChange({ status: "INACTIVE", blocked: true })), "BLOCKED")
    assert.strictEqual(statusAfter(new UserStatusChange({ status: "INACTIVE" })), "INACTIVE")
  })

  it("checks a new user's fields before any storage: email, first name, phone digits, at least one role", () => {
    const check = (input: Partial<NewUserInput>) =>
      Effect.runSync(Effect.result(checkNewUser(new NewUserInput({ ...newUser(), ...input }))))
    assert.strictEqual(check({ email: "no-at-sign" })._tag, "Failure")
    assert.strictEqual(check({ firstName: "   " })._tag, "Failure")
    assert.strictEqual(check({ phone: "+966 5" })._tag, "Failure")
    assert.strictEqual(check({ roles: [" ", ""] })._tag, "Failure")
    const ok = check({ email: "  Reem.Aziz@Example.COM ", roles: ["org_basic_user", " org_basic_user "] })
    assert.deepStrictEqual(ok._tag === "Success" ? [ok.success.email, [...ok.success.roles]] : [], [
      "reem.aziz@example.com",
      ["org_basic_user"]
    ])
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const result = check({ email: email.toUpperCase() })
        return result._tag === "Success" && result.success.email === email.toUpperCase().trim().toLowerCase()
      })
    )
  })
})
