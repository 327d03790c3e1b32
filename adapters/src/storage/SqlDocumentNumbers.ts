import { formatDocumentNumber, type NumberedKind } from "@tawreed/core/shared"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Takes the next number of a kind in an organisation (`WS-000012`), in the caller's transaction, which inserts the
 * document. The counter row stays locked until that transaction ends, so two documents never share a number, and
 * one rolled back gives its number back. Every numbered document's repository takes its number here.
 */
export const takeDocumentNumber = (orgId: string, kind: NumberedKind) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ readonly last_value: string | number }>`
      INSERT INTO document_counters (org_id, kind, last_value) VALUES (${orgId}, ${kind}, 1)
      ON CONFLICT (org_id, kind) DO UPDATE SET last_value = document_counters.last_value + 1
      RETURNING last_value`
    return formatDocumentNumber(kind, Number(row!.last_value))
  })
