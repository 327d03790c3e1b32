import { randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { User } from "@tawreed/core/identity"
import { Recipient } from "@tawreed/core/notifications"
import { Fixtures, fixtureUser, type NewUserOptions } from "@tawreed/core/testing"
import { inTenant } from "./Tenancy.ts"

/** Creates organisations and users through the app role, as the product itself would. */
export const SqlFixtures = Layer.effect(
  Fixtures,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // Suspended so that every run of the same effect makes a new organisation and user.
    const newUser = (options: NewUserOptions = {}) =>
      Effect.suspend(() => {
        const orgId = options.colleagueOf?.orgId ?? randomUUID()
        const id = randomUUID()
        const user = fixtureUser(options, orgId, id)
        return inTenant(orgId)(
          Effect.gen(function* () {
            if (options.colleagueOf === undefined) {
              yield* sql`INSERT INTO organisations
                         (id, code, name, org_type, active, expires_at, password_max_age_days, phone_login)
                       VALUES (${orgId}, ${orgId}, 'Fixture', 'buyer', ${options.orgActive ?? true},
                               ${options.orgExpiresAt ?? null}, ${options.passwordMaxAgeDays ?? null},
                               ${options.orgPhoneLogin ?? false})`
            }
            yield* sql`INSERT INTO users (id, org_id, email, first_name, last_name, password_hash, status, roles,
                                        mfa_enabled, password_changed_at, phone)
                     VALUES (${id}, ${orgId}, ${user.email}, ${user.firstName}, ${user.lastName},
                             ${options.passwordHash ?? "no-password"}, ${user.status},
                             ${`{${user.roles.join(",")}}`}::text[], ${options.mfaEnabled ?? false},
                             ${options.passwordChangedAt ?? new Date(0)}, ${options.phone ?? null})`
            return user
          }).pipe(Effect.orDie)
        ).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      })
    const recipientOf = (user: User) => new Recipient({ orgId: user.orgId, userId: user.id })
    return Fixtures.of({
      newUser,
      newRecipient: Effect.map(newUser(), recipientOf),
      newColleague: (of) => Effect.map(newUser({ colleagueOf: of }), recipientOf)
    })
  })
)
