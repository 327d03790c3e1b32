import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { Transactions } from "@tawreed/core/shared"
import { inTenant } from "./Tenancy.ts"

/**
 * One transaction per command, as the app role inside the organisation. Repository calls made inside run their
 * own `inTenant` as savepoints of it, so a command's writes commit together or not at all.
 */
export const SqlTransactions = Layer.effect(
  Transactions,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return Transactions.of({
      inOrg: (orgId, work) => work.pipe(inTenant(orgId), Effect.provideService(SqlClient.SqlClient, sql))
    })
  })
)
