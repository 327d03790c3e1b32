import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AuditLog } from "@tawreed/core/shared"
import { inTenant } from "./Tenancy.ts"

/** The audit log in PostgreSQL; an event with no organisation (an unknown email) is written outside any tenant. */
export const SqlAuditLog = Layer.effect(
  AuditLog,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return AuditLog.of({
      record: (event) => {
        const insert = sql`INSERT INTO audit_log (org_id, actor_id, event, address, detail)
                           VALUES (${event.orgId}, ${event.actorId}, ${event.event}, ${event.address},
                                   ${JSON.stringify(event.detail)}::jsonb)`.pipe(Effect.asVoid, Effect.orDie)
        return inTenant(event.orgId ?? "00000000-0000-0000-0000-000000000000")(insert).pipe(
          Effect.provideService(SqlClient.SqlClient, sql)
        )
      }
    })
  })
)
