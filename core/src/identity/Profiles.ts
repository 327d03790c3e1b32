import { Context, Effect, Layer, Option, Schema } from "effect"
import { OrganisationRepository } from "../organisations/OrganisationRepository.ts"
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

/** `GET auth/iam`: who the user is and the privilege names they hold. */
export class Iam extends Schema.Class<Iam>("Iam")({
  profile: UserProfile,
  policies: Schema.Array(Schema.String)
}) {}

/** The organisation as the package carries it (SPEC.md §3 Organisation settings). */
export class PackageOrgSettings extends Schema.Class<PackageOrgSettings>("PackageOrgSettings")({
  orgCode: Schema.String,
  orgName: Schema.String,
  orgType: Schema.String,
  currency: Schema.String
}) {}

/** `GET auth/package`: what the site needs to draw its menus (SPEC.md §3 User package, §7). */
export class UserPackage extends Schema.Class<UserPackage>("UserPackage")({
  userPackage: Schema.Struct({ userProfileDetail: UserProfile, userPolicies: Schema.Array(Schema.String) }),
  orgSettings: PackageOrgSettings
}) {}

/** Readable names of the role codes of SPEC.md §6. */
const roleNames: Readonly<Record<string, string>> = {
  org_super_user: "Super User",
  orgs_manager: "Organisation Manager",
  org_basic_user: "Basic User",
  workspaces_viewer: "Workspaces Viewer",
  workspaces_manager: "Workspaces Manager",
  workspaces_admin: "Workspaces Admin",
  request_approver: "Request Approver",
  rfq_approver: "RFQ Approver",
  order_approver: "Order Approver",
  bill_approver: "Bill Approver",
  client_super_user: "Client Super User"
}

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

      const profileOf = Effect.fn("Profiles.profileOf")(function* (actor: Actor) {
        const user = yield* users.findById(actor.orgId, actor.userId)
        if (Option.isNone(user)) return yield* new SessionRequired()
        const { id, email, firstName, lastName, roles } = user.value
        return new UserProfile({
          id,
          email,
          firstName,
          lastName,
          roles: roles.map((code) => new ProfileRole({ code, roleName: roleNames[code] ?? code }))
        })
      })

      const iam = Effect.fn("Profiles.iam")(function* (actor: Actor) {
        return new Iam({ profile: yield* profileOf(actor), policies: actor.privileges })
      })

      const userPackage = Effect.fn("Profiles.package")(function* (actor: Actor) {
        const organisation = yield* organisations.findById(actor.orgId)
        if (Option.isNone(organisation)) return yield* new SessionRequired()
        const org = organisation.value
        return new UserPackage({
          userPackage: { userProfileDetail: yield* profileOf(actor), userPolicies: actor.privileges },
          orgSettings: new PackageOrgSettings({
            orgCode: org.code,
            orgName: org.name,
            orgType: org.orgType,
            currency: org.currency
          })
        })
      })

      return Profiles.of({ iam, package: userPackage })
    })
  )
}
