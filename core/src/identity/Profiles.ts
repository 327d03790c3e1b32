import { Context, Effect, Layer, Option, Schema } from "effect"
import { RoleRepository } from "../access/RoleRepository.ts"
import { systemRoleNames } from "../access/OrgRole.ts"
import { OrganisationRepository } from "../organisations/OrganisationRepository.ts"
import { defaultAdminConfig, defaultGeneralConfig, defaultModules, OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { Actor } from "./Actor.ts"
import { SessionRequired } from "./IdentityErrors.ts"
import { UserRepository } from "./UserRepository.ts"

/** A role as the profile carries it (SPEC.md §3 User profile: roleName, code). */
export class ProfileRole extends Schema.Class<ProfileRole>("ProfileRole")({
  code: Schema.String,
  roleName: Schema.String
}) {}

/** The signed-in user's profile (SPEC.md §3). */
export class UserProfile extends Schema.Class<UserProfile>("UserProfile")({
  id: Schema.String,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  roles: Schema.Array(ProfileRole)
}) {}

/** A workspace the user belongs to, as the package lists them (SPEC.md §3 user workspaces, with status). */
export const UserWorkspace = Schema.Struct({ id: Schema.String, name: Schema.String, status: Schema.String })

/** `GET auth/iam`: who the user is, the privilege names they hold, their organisation's settings, their workspaces. */
export class Iam extends Schema.Class<Iam>("Iam")({
  profile: UserProfile,
  policies: Schema.Array(Schema.String),
  orgSettings: Schema.optionalKey(OrgSettings),
  workspaces: Schema.optionalKey(Schema.Array(UserWorkspace))
}) {}

/** `GET auth/package`: what the site needs to draw its menus (SPEC.md §3 User package, §7). */
export class UserPackage extends Schema.Class<UserPackage>("UserPackage")({
  userPackage: Schema.Struct({ userProfileDetail: UserProfile, userPolicies: Schema.Array(Schema.String) }),
  orgSettings: OrgSettings,
  workspaces: Schema.Array(UserWorkspace)
}) {}

/** The signed-in user's profile, privileges and organisation. */
export interface ProfilesShape {
  readonly iam: (actor: Actor) => Effect.Effect<Iam, SessionRequired>
  readonly package: (actor: Actor) => Effect.Effect<UserPackage, SessionRequired>
}

/** Use cases: the signed-in user's profile. */
export class Profiles extends Context.Service<Profiles, ProfilesShape>()("@tawreed/core/identity/Profiles") {
  static readonly layer = Layer.effect(
    Profiles,
    Effect.gen(function* () {
      const users = yield* UserRepository
      const organisations = yield* OrganisationRepository
      const settingsRepository = yield* OrgSettingsRepository
      const roles = yield* RoleRepository

      const profileOf = Effect.fn("Profiles.profileOf")(function* (actor: Actor) {
        const user = yield* users.findById(actor.orgId, actor.userId)
        if (Option.isNone(user)) return yield* new SessionRequired()
        const custom = yield* roles.list(actor.orgId)
        const { id, email, firstName, lastName } = user.value
        const roleName = (code: string) =>
          custom.find((r) => r.code === code)?.name.en ?? systemRoleNames[code]?.en ?? code
        return new UserProfile({
          id,
          email,
          firstName,
          lastName,
          roles: user.value.roles.map((code) => new ProfileRole({ code, roleName: roleName(code) }))
        })
      })

      /** The organisation's settings; an organisation that never saved any has its kind's defaults. */
      const settingsOf = Effect.fn("Profiles.settingsOf")(function* (actor: Actor) {
        const stored = yield* settingsRepository.find(actor.orgId)
        if (Option.isSome(stored)) return stored.value
        const organisation = yield* organisations.findById(actor.orgId)
        if (Option.isNone(organisation)) return yield* new SessionRequired()
        const org = organisation.value
        return new OrgSettings({
          id: org.id,
          orgCode: org.code,
          orgName: org.name,
          orgType: org.orgType,
          orgLogo: null,
          currency: org.currency,
          modules: defaultModules(org.orgType),
          orgConfig: { adminConfig: defaultAdminConfig, generalConfig: defaultGeneralConfig },
          profile: {},
          version: 1
        })
      })

      const iam = Effect.fn("Profiles.iam")(function* (actor: Actor) {
        return new Iam({
          profile: yield* profileOf(actor),
          policies: actor.privileges,
          orgSettings: yield* settingsOf(actor),
          workspaces: []
        })
      })

      const userPackage = Effect.fn("Profiles.package")(function* (actor: Actor) {
        return new UserPackage({
          userPackage: { userProfileDetail: yield* profileOf(actor), userPolicies: actor.privileges },
          orgSettings: yield* settingsOf(actor),
          workspaces: []
        })
      })

      return Profiles.of({ iam, package: userPackage })
    })
  )
}
