import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { Approvals } from "@tawreed/core/approvals"
import { Actor, type UserId } from "@tawreed/core/identity"
import { type OrgId, OrgSettings, OrgSettingsRepository } from "@tawreed/core/organisations"
import {
  Fixtures,
  layerMemoryAdministration,
  layerMemoryWorkspaces,
  WorkspaceRepositoryContract
} from "@tawreed/core/testing"
import { NewWorkspaceInput, Workspaces } from "@tawreed/core/workspaces"
import { privilegesOfRoles } from "@tawreed/core/access"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlAuditLog } from "../SqlAuditLog.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlOrgSettingsRepository } from "../organisations/SqlOrgSettingsRepository.ts"
import { SqlTransactions } from "../SqlTransactions.ts"
import { SqlWorkspaces } from "./SqlWorkspaces.ts"

WorkspaceRepositoryContract.suite("memory", layerMemoryWorkspaces.pipe(Layer.provideMerge(layerMemoryAdministration)))

/** Creating workspaces never asks the approval engine anything. */
const NoApprovals = Layer.succeed(Approvals, {
  submit: () => Effect.die("not used"),
  decide: () => Effect.die("not used"),
  remind: () => Effect.die("not used"),
  withdraw: () => Effect.die("not used"),
  state: () => Effect.die("not used"),
  timeline: () => Effect.die("not used"),
  pending: () => Effect.die("not used"),
  workflows: () => Effect.die("not used"),
  saveWorkflow: () => Effect.die("not used")
})

for (const engine of TestDatabase.engines()) {
  const storage = Layer.mergeAll(SqlWorkspaces, SqlFixtures, SqlOrgSettingsRepository, SqlTransactions, SqlAuditLog)
  WorkspaceRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))

  const app = Workspaces.layer.pipe(
    Layer.provideMerge(Layer.merge(storage, NoApprovals)),
    Layer.provide(TestDatabase.layer(engine))
  )
  layer(app, { timeout: 120_000 })(`Workspaces on ${engine}`, (it) => {
    it.effect("creates no more workspaces than the plan allows when creates race", () =>
      Effect.gen(function* () {
        const user = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
        const orgId = user.orgId as OrgId
        const settings = yield* OrgSettingsRepository
        const current = Option.getOrThrow(yield* settings.find(orgId))
        yield* settings.save(
          new OrgSettings({
            ...current,
            orgConfig: { ...current.orgConfig, adminConfig: { ...current.orgConfig.adminConfig, workspacesLimit: 3 } }
          }),
          current.version
        )
        const actor = new Actor({
          sessionId: "session",
          userId: user.id as UserId,
          orgId,
          email: user.email,
          displayName: user.displayName,
          roles: user.roles,
          privileges: privilegesOfRoles(user.roles)
        })
        const workspaces = yield* Workspaces
        const exits = yield* Effect.forEach(
          Array.from({ length: 8 }, (_, i) => i),
          (i) => Effect.exit(workspaces.create(actor, new NewWorkspaceInput({ name: `Race ${i}` }))),
          { concurrency: "unbounded" }
        )
        const made = exits.filter(Exit.isSuccess).length
        assert.strictEqual(made, 3)
        assert.strictEqual((yield* workspaces.count(actor, true)).count, 3)
      })
    )
  })
}
