import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option, Ref } from "effect"
import type { Actor } from "../identity/Actor.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { RequestOrigin } from "../shared/AuditLog.ts"
import { Transactions } from "../shared/Transactions.ts"
import { layerMemoryAdministration, MemoryIdentityStore, signedInWith } from "../testing/index.ts"
import { moduleCommands } from "./ModuleCommands.ts"

/** The organisations whose transactions were opened, in order. */
const opened = Ref.makeUnsafe<ReadonlyArray<string>>([])

const RecordingTransactions = Layer.succeed(Transactions, {
  inOrg: (orgId, work) =>
    Effect.andThen(
      Ref.update(opened, (all) => [...all, orgId]),
      work
    ),
  afterCommit: (effect) => effect
})

const TestCommands = Layer.mergeAll(RecordingTransactions, layerMemoryAdministration)

const switchOff = (actor: Actor, module: string) =>
  Effect.gen(function* () {
    const settings = yield* OrgSettingsRepository
    const current = Option.getOrThrow(yield* settings.find(actor.orgId))
    yield* settings.save(
      new OrgSettings({
        ...current,
        modules: current.modules.map((m) => (m.code === module ? moduleConfig(module, false) : m))
      }),
      current.version
    )
  })

const tagOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

describe("the module commands", () => {
  it.effect("run the work in one transaction of the actor's organisation once the guard passes", () =>
    Effect.gen(function* () {
      const { command } = yield* moduleCommands
      const admin = yield* signedInWith(["org_super_user"])
      yield* Ref.set(opened, [])
      const answer = yield* command(admin, { module: "budgets", privileges: ["bdg_c_o"] }, Effect.succeed(42))
      assert.strictEqual(answer, 42)
      assert.deepStrictEqual(yield* Ref.get(opened), [admin.orgId])
    }).pipe(Effect.provide(TestCommands))
  )

  it.effect("refuse before any work: first the privileges, then the module", () =>
    Effect.gen(function* () {
      const { command, guard } = yield* moduleCommands
      const basic = yield* signedInWith(["basic_user"])
      const admin = yield* signedInWith(["org_super_user"])
      yield* switchOff(admin, "budgets")
      yield* switchOff(basic, "budgets")
      yield* Ref.set(opened, [])
      const ran = yield* Ref.make(false)
      const work = Ref.set(ran, true)
      const scope = { module: "budgets", privileges: ["bdg_c_o"] }
      assert.strictEqual(tagOf(yield* Effect.exit(command(basic, scope, work))), "InsufficientPrivileges")
      assert.strictEqual(tagOf(yield* Effect.exit(command(admin, scope, work))), "ModuleNotEnabled")
      assert.strictEqual(tagOf(yield* Effect.exit(guard(admin, { module: "workspaces" }))), "success")
      // No privileges named: only the module is judged, and the work judges the rest.
      assert.strictEqual(tagOf(yield* Effect.exit(command(basic, { module: "workspaces" }, work))), "success")
      assert.isTrue(yield* Ref.get(ran))
      assert.strictEqual((yield* Ref.get(opened)).length, 1)
    }).pipe(Effect.provide(TestCommands))
  )

  it.effect("say whether a module is on, and write the actor's audit events", () =>
    Effect.gen(function* () {
      const { enabled, audit } = yield* moduleCommands
      const admin = yield* signedInWith(["org_super_user"])
      yield* switchOff(admin, "budgets")
      assert.deepStrictEqual(
        [yield* enabled(admin, "budgets"), yield* enabled(admin, "workspaces"), yield* enabled(admin, "requests")],
        [false, true, true]
      )
      yield* audit(admin, "budget.created", new RequestOrigin({ address: "10.0.0.1" }), { budgetId: "b1" })
      const written = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "budget.created")
      assert.deepStrictEqual(
        written.map((e) => [e.orgId, e.actorId, e.address, e.detail["budgetId"]]),
        [[admin.orgId, admin.userId, "10.0.0.1", "b1"]]
      )
    }).pipe(Effect.provide(TestCommands))
  )
})
