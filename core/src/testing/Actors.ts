import { Effect } from "effect"
import { type OrgRole, privilegesWithCustomRoles } from "../access/OrgRole.ts"
import { Actor } from "../identity/Actor.ts"
import type { User } from "../identity/User.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { Fixtures } from "./Fixtures.ts"

/** A fixture user signed in: privileges from their roles (the default ones, and the organisation's own given). */
export const actorOf = (user: User, customRoles: ReadonlyArray<Pick<OrgRole, "code" | "privileges">> = []): Actor =>
  new Actor({
    sessionId: "session",
    userId: user.id,
    orgId: user.orgId,
    email: user.email,
    displayName: user.displayName,
    roles: user.roles,
    privileges: privilegesWithCustomRoles(user.roles, customRoles)
  })

/** A signed-in user of a new organisation, or of the given one, holding the given roles. */
export const signedInWith = (roles: ReadonlyArray<string>, colleagueOf?: Actor) =>
  Effect.map(
    Effect.flatMap(Fixtures, (fixtures) =>
      fixtures.newUser({
        roles,
        ...(colleagueOf === undefined
          ? {}
          : { colleagueOf: new Recipient({ orgId: colleagueOf.orgId, userId: colleagueOf.userId }) })
      })
    ),
    (user) => actorOf(user)
  )
