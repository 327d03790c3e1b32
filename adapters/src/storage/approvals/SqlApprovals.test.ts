import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { ApprovalRepository, ApprovalSubject, start } from "@tawreed/core/approvals"
import type { OrgId } from "@tawreed/core/organisations"
import {
  ApprovalRepositoryContract,
  Fixtures,
  layerMemoryAdministration,
  layerMemoryApprovals
} from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlApprovals } from "./SqlApprovals.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { inTenant } from "../Tenancy.ts"

ApprovalRepositoryContract.suite("memory", Layer.merge(layerMemoryApprovals, layerMemoryAdministration))

for (const engine of TestDatabase.engines()) {
  const storage = Layer.merge(SqlApprovals, SqlFixtures).pipe(Layer.provideMerge(TestDatabase.layer(engine)))
  ApprovalRepositoryContract.suite(engine, storage)

  layer(storage, { timeout: 120_000 })(`the approval timeline on ${engine}`, (it) => {
    it.effect("lets the app add and read timeline entries, never change or remove them", () =>
      Effect.gen(function* () {
        const orgId = (yield* (yield* Fixtures).newRecipient).orgId as OrgId
        const subject = new ApprovalSubject({
          kind: "budget",
          documentId: crypto.randomUUID(),
          workspaceId: null,
          title: "Budget change",
          requesterId: "requester",
          createdBy: "requester",
          value: "0",
          categories: []
        })
        const begun = start(subject, [], [], { userId: "requester", displayName: "R" }, 0, "", new Date(0))
        yield* (yield* ApprovalRepository).save(orgId, begun.state, 0, begun.entries)
        const attempt = (statement: string) =>
          inTenant(orgId)(
            Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              return yield* sql.unsafe(statement)
            })
          ).pipe(Effect.exit)
        for (const statement of [
          `UPDATE approval_entries SET remark = 'rewritten' WHERE document_id = '${subject.documentId}'`,
          `DELETE FROM approval_entries WHERE document_id = '${subject.documentId}'`
        ]) {
          const exit = yield* attempt(statement)
          assert.isTrue(Exit.isFailure(exit), statement)
          assert.match(String(Exit.isFailure(exit) ? exit.cause : ""), /permission denied/i, statement)
        }
        const kept = yield* (yield* ApprovalRepository).timeline(orgId, "budget", subject.documentId)
        assert.deepStrictEqual(
          kept.map((e) => [e.action, e.remark]),
          [
            ["SUBMIT", ""],
            ["AUTO_APPROVE", ""]
          ]
        )
      })
    )
  })
}
