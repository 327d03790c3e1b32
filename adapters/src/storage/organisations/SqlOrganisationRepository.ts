import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { Organisation, OrganisationRepository, EmailTaken } from "@tawreed/core/organisations"
import { inTenant } from "../Tenancy.ts"

/** Whether a database error, or one of its causes, names a constraint. */
export const violates = (constraint: string) => (error: unknown) => {
  let current: unknown = error
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const {
      message,
      constraint: named,
      cause
    } = current as { message?: unknown; constraint?: unknown; cause?: unknown }
    if (named === constraint || (typeof message === "string" && message.includes(`"${constraint}"`))) return true
    current = cause
  }
  return false
}

/** Organisations in PostgreSQL, registered with their first user in one transaction. */
export const SqlOrganisationRepository = Layer.effect(
  OrganisationRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const findById = Effect.fn("SqlOrganisationRepository.findById")(function* (id: string) {
      const rows = yield* inTenant(id)(
        sql<{
          id: string
          code: string
          name: string
          org_type: Organisation["orgType"]
          currency: string
          active: boolean
        }>`
          SELECT id, code, name, org_type, currency, active FROM organisations WHERE id = ${id}`.pipe(Effect.orDie)
      ).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      return Option.map(
        Option.fromNullishOr(rows[0]),
        (row) =>
          new Organisation({
            id: row.id as Organisation["id"],
            code: row.code,
            name: row.name,
            orgType: row.org_type,
            currency: row.currency,
            active: row.active
          })
      )
    })
    return OrganisationRepository.of({
      findById,
      register: Effect.fn("SqlOrganisationRepository.register")(function* (organisation, user, passwordHash) {
        return yield* inTenant(organisation.id)(
          Effect.gen(function* () {
            // The email is checked across organisations through the sign-in lookup policy, which shows exactly
            // that email's account; the unique index settles a race between two registrations.
            yield* sql`SELECT set_config('app.sign_in_email', ${user.email}, true)`
            const taken = yield* sql`SELECT 1 FROM users WHERE lower(email) = ${user.email}`
            if (taken.length > 0) return yield* new EmailTaken()
            let code = organisation.code
            for (let attempt = 2; ; attempt++) {
              const inserted = yield* sql
                .withTransaction(
                  sql`INSERT INTO organisations (id, code, name, org_type, currency, active)
                      VALUES (${organisation.id}, ${code}, ${organisation.name}, ${organisation.orgType},
                              ${organisation.currency}, ${organisation.active})`
                )
                .pipe(
                  Effect.as(true),
                  Effect.catchIf(violates("organisations_code_key"), () => Effect.succeed(false))
                )
              if (inserted) break
              code = `${organisation.code.slice(0, 10)}${attempt}`
            }
            yield* sql`INSERT INTO users (id, org_id, email, first_name, last_name, password_hash, status, roles)
                       VALUES (${user.id}, ${organisation.id}, ${user.email}, ${user.firstName}, ${user.lastName},
                               ${passwordHash}, ${user.status}, ${`{${user.roles.join(",")}}`}::text[])`.pipe(
              Effect.catchIf(violates("users_email_key"), () => Effect.fail(new EmailTaken()))
            )
            return new Organisation({ ...organisation, code })
          }).pipe(Effect.catchTag("SqlError", Effect.die))
        ).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      })
    })
  })
)
