import { randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { UserId } from "@tawreed/core/identity"
import { Recipient } from "@tawreed/core/notifications"
import type { OrgId } from "@tawreed/core/organisations"
import { Fixtures } from "@tawreed/core/testing"
import { inTenant } from "./Tenancy.ts"

/** Creates organisations and users through the app role, as the product itself would. */
export const SqlFixtures = Layer.effect(
  Fixtures,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    const newUser = (orgId: string) =>
      Effect.gen(function* () {
        const id = randomUUID()
        yield* sql`INSERT INTO users (id, org_id, email, first_name, last_name, password_hash)
                   VALUES (${id}, ${orgId}, ${`${id}@fixtures.tawreed.test`}, 'Test', 'User', 'no-password')`
        return new Recipient({ orgId: orgId as OrgId, userId: id as UserId })
      })
    const newRecipient = Effect.gen(function* () {
      const orgId = randomUUID()
      return yield* inTenant(orgId)(
        Effect.gen(function* () {
          yield* sql`INSERT INTO organisations (id, code, name, org_type) VALUES (${orgId}, ${orgId}, 'Fixture', 'buyer')`
          return yield* newUser(orgId)
        }).pipe(Effect.orDie)
      ).pipe(provide)
    })
    const newColleague = (of: Recipient) => inTenant(of.orgId)(newUser(of.orgId).pipe(Effect.orDie)).pipe(provide)
    return Fixtures.of({ newRecipient, newColleague })
  })
)
