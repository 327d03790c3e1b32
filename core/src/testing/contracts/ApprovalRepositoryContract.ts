import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import { ApprovalRepository, WorkflowRepository } from "../../approvals/ApprovalPorts.ts"
import { type Entry, start } from "../../approvals/Engine.ts"
import {
  ApprovalCriteria,
  ApprovalState,
  ApprovalSubject,
  type DocumentKind,
  Workflow,
  WorkflowLevel
} from "../../approvals/Workflow.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

const level = (n: number, userIds: ReadonlyArray<string>, criteria: ApprovalCriteria = new ApprovalCriteria({})) =>
  new WorkflowLevel({
    level: n,
    name: `Level ${n}`,
    approvers: userIds.map((userId) => ({ type: "USER" as const, userId })),
    mode: "ONE",
    criteria
  })

const workflowOf = (workspaceId: string | null, kind: DocumentKind, levels: ReadonlyArray<WorkflowLevel>) =>
  new Workflow({ id: crypto.randomUUID(), workspaceId, kind, levels, version: 0 })

const subjectOf = (documentId: string, workspaceId: string | null = null, kind: DocumentKind = "workspace") =>
  new ApprovalSubject({
    kind,
    documentId,
    workspaceId,
    title: `Document ${documentId.slice(0, 8)}`,
    requesterId: "requester",
    createdBy: "requester",
    value: "0",
    categories: []
  })

const requester = { userId: "requester", displayName: "Requester" }

/** A first submission waiting on `approvers` at one level. */
const submitted = (documentId: string, approvers: ReadonlyArray<string>, workspaceId: string | null = null) =>
  start(subjectOf(documentId, workspaceId), [level(1, approvers)], [approvers], requester, 0, "", new Date(1_000))

const entryOf = (state: ApprovalState, action: Entry["action"], actorId: string, at: number): Entry => ({
  kind: state.kind,
  documentId: state.documentId,
  action,
  actorId,
  actorName: actorId,
  level: 1,
  remark: `${action} by ${actorId}`,
  assignees: [],
  at: new Date(at)
})

/** The behaviour every WorkflowRepository and ApprovalRepository must show. */
export const suite = (
  name: string,
  storage: Layer.Layer<WorkflowRepository | ApprovalRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`ApprovalRepository contract: ${name}`, (it) => {
    const newOrg = Effect.map(
      Effect.flatMap(Effect.service(Fixtures), (fixtures) => fixtures.newRecipient),
      (recipient) => recipient.orgId as OrgId
    )

    it.effect("keeps a workflow per workspace and kind, the organisation's apart, with versions", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const orgId = yield* newOrg
        const workspaceId = crypto.randomUUID()
        const levels = [
          level(1, ["u1"]),
          level(2, ["u2", "u3"], new ApprovalCriteria({ minValue: "1000.50", maxValue: null, categories: ["IT"] }))
        ]
        const own = yield* workflows.save(orgId, workflowOf(workspaceId, "request", levels), 0)
        assert.strictEqual(own.version, 1)
        assert.deepStrictEqual(own.levels, levels)
        const orgWide = yield* workflows.save(orgId, workflowOf(null, "request", [level(1, ["u9"])]), 0)
        yield* workflows.save(orgId, workflowOf(workspaceId, "bill", [level(1, ["u4"])]), 0)

        const found = yield* workflows.find(orgId, workspaceId, "request")
        assert.deepStrictEqual(Option.getOrUndefined(found), own)
        assert.deepStrictEqual(Option.getOrUndefined(yield* workflows.find(orgId, null, "request")), orgWide)
        assert.isTrue(Option.isNone(yield* workflows.find(orgId, workspaceId, "order")))
        assert.deepStrictEqual(Option.getOrUndefined(yield* workflows.get(orgId, own.id)), own)
        assert.isTrue(Option.isNone(yield* workflows.get(orgId, crypto.randomUUID())))
        assert.deepStrictEqual(
          (yield* workflows.listForWorkspace(orgId, workspaceId)).map((w) => w.kind),
          ["bill", "request"]
        )
        assert.deepStrictEqual(
          (yield* workflows.listForWorkspace(orgId, null)).map((w) => w.id),
          [orgWide.id]
        )

        const changed = yield* workflows.save(orgId, new Workflow({ ...own, levels: [level(1, ["u5"])] }), 1)
        assert.deepStrictEqual([changed.id, changed.version, changed.levels.length], [own.id, 2, 1])
        const stale = yield* Effect.result(workflows.save(orgId, new Workflow({ ...own, levels }), 1))
        assert.isTrue(Result.isFailure(stale) && stale.failure._tag === "VersionConflict")
        const twice = yield* Effect.result(workflows.save(orgId, workflowOf(workspaceId, "request", levels), 0))
        assert.isTrue(Result.isFailure(twice) && twice.failure._tag === "VersionConflict")
        assert.strictEqual(Option.getOrThrow(yield* workflows.find(orgId, workspaceId, "request")).version, 2)
      })
    )

    it.effect("writes a state only over the version it was read at, and appends its timeline in order", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const orgId = yield* newOrg
        const documentId = crypto.randomUUID()
        const begun = submitted(documentId, ["u1", "u2"], crypto.randomUUID())
        const first = yield* approvals.save(orgId, begun.state, 0, begun.entries)
        assert.strictEqual(first.version, 1)
        assert.deepStrictEqual(
          new ApprovalState({ ...first, version: 0 }),
          begun.state,
          "the state comes back as it was written"
        )
        const again = yield* Effect.result(approvals.save(orgId, begun.state, 0, begun.entries))
        assert.isTrue(Result.isFailure(again) && again.failure._tag === "VersionConflict")

        const approved = new ApprovalState({
          ...first,
          status: "APPROVED",
          current: null,
          approvedBy: [["u1"]]
        })
        const second = yield* approvals.save(orgId, approved, 1, [
          entryOf(first, "REMIND", "requester", 2_000),
          { ...entryOf(first, "APPROVE", "u1", 3_000), assignees: ["u7", "u8"] }
        ])
        assert.deepStrictEqual([second.version, second.status, second.approvedBy], [2, "APPROVED", [["u1"]]])
        const lost = yield* Effect.result(approvals.save(orgId, approved, 1, [entryOf(first, "REJECT", "u2", 4_000)]))
        assert.isTrue(Result.isFailure(lost) && lost.failure._tag === "VersionConflict")

        const timeline = yield* approvals.timeline(orgId, "workspace", documentId)
        assert.deepStrictEqual(
          timeline.map((e) => [e.seq, e.action, e.actorId, e.level, e.at.getTime()]),
          [
            [1, "SUBMIT", "requester", null, 1_000],
            [2, "REMIND", "requester", 1, 2_000],
            [3, "APPROVE", "u1", 1, 3_000]
          ],
          "a refused write leaves no entry behind"
        )
        assert.deepStrictEqual([timeline[2]!.remark, timeline[2]!.assignees], ["APPROVE by u1", ["u7", "u8"]])
        assert.deepStrictEqual(Option.getOrUndefined(yield* approvals.find(orgId, "workspace", documentId)), second)
        assert.isTrue(Option.isNone(yield* approvals.find(orgId, "budget", documentId)))
        assert.deepStrictEqual(yield* approvals.timeline(orgId, "budget", documentId), [])
      })
    )

    it.effect("lists what waits on a user at the current level, newest first, and nothing once decided", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const orgId = yield* newOrg
        const older = submitted(crypto.randomUUID(), ["u1", "u2"])
        const newer = submitted(crypto.randomUUID(), ["u1"])
        const others = submitted(crypto.randomUUID(), ["u3"])
        yield* approvals.save(orgId, older.state, 0, older.entries)
        yield* approvals.save(orgId, others.state, 0, others.entries)
        const waiting = yield* approvals.save(orgId, newer.state, 0, newer.entries)
        assert.deepStrictEqual(
          (yield* approvals.pendingFor(orgId, "u1")).map((s) => s.documentId),
          [newer.state.documentId, older.state.documentId]
        )
        assert.deepStrictEqual(
          (yield* approvals.pendingFor(orgId, "u3")).map((s) => s.documentId),
          [others.state.documentId]
        )
        assert.deepStrictEqual(yield* approvals.pendingFor(orgId, "requester"), [])
        yield* approvals.save(orgId, new ApprovalState({ ...waiting, status: "REJECTED", current: null }), 1, [
          entryOf(waiting, "REJECT", "u1", 5_000)
        ])
        assert.deepStrictEqual(
          (yield* approvals.pendingFor(orgId, "u1")).map((s) => s.documentId),
          [older.state.documentId]
        )
      })
    )

    it.effect("reads a slice of a workspace's workflows by kind and of what waits on a user, newest first", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const approvals = yield* ApprovalRepository
        const orgId = yield* newOrg
        const workspaceId = crypto.randomUUID()
        const kinds: ReadonlyArray<DocumentKind> = ["request", "bill", "order", "budget", "workspace"]
        yield* Effect.forEach(
          kinds,
          (kind) => workflows.save(orgId, workflowOf(workspaceId, kind, [level(1, ["u1"])]), 0),
          {
            discard: true
          }
        )
        const kindsOf = (offset: number, limit: number) =>
          Effect.map(workflows.listForWorkspace(orgId, workspaceId, { offset, limit }), (list) =>
            list.map((w) => w.kind)
          )
        assert.deepStrictEqual(yield* kindsOf(0, 2), ["bill", "budget"])
        assert.deepStrictEqual(yield* kindsOf(2, 2), ["order", "request"])
        assert.deepStrictEqual(yield* kindsOf(4, 2), ["workspace"], "the last page is short")
        assert.deepStrictEqual(yield* kindsOf(6, 2), [])

        const waiting: Array<string> = []
        for (let i = 0; i < 5; i++) {
          const begun = submitted(crypto.randomUUID(), ["u1"])
          yield* approvals.save(orgId, begun.state, 0, begun.entries)
          waiting.unshift(begun.state.documentId)
        }
        const idsOf = (offset: number, limit: number) =>
          Effect.map(approvals.pendingFor(orgId, "u1", { offset, limit }), (list) => list.map((s) => s.documentId))
        assert.deepStrictEqual(yield* idsOf(0, 2), waiting.slice(0, 2))
        assert.deepStrictEqual(yield* idsOf(2, 2), waiting.slice(2, 4))
        assert.deepStrictEqual(yield* idsOf(4, 2), waiting.slice(4), "the last page is short")
        assert.deepStrictEqual(yield* idsOf(5, 2), [])
        assert.deepStrictEqual(
          (yield* approvals.pendingFor(orgId, "u1")).map((s) => s.documentId),
          waiting,
          "without a slice, all of them"
        )
      })
    )

    it.effect("keeps each organisation's workflows, approvals and timelines from every other", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const approvals = yield* ApprovalRepository
        const mine = yield* newOrg
        const theirs = yield* newOrg
        const workflow = yield* workflows.save(mine, workflowOf(null, "budget", [level(1, ["u1"])]), 0)
        const documentId = crypto.randomUUID()
        const begun = submitted(documentId, ["u1"])
        yield* approvals.save(mine, begun.state, 0, begun.entries)

        assert.isTrue(Option.isNone(yield* workflows.find(theirs, null, "budget")))
        assert.isTrue(Option.isNone(yield* workflows.get(theirs, workflow.id)))
        assert.deepStrictEqual(yield* workflows.listForWorkspace(theirs, null), [])
        assert.isTrue(Option.isNone(yield* approvals.find(theirs, "workspace", documentId)))
        assert.deepStrictEqual(yield* approvals.timeline(theirs, "workspace", documentId), [])
        assert.deepStrictEqual(yield* approvals.pendingFor(theirs, "u1"), [])

        const overwrite = yield* Effect.result(
          workflows.save(theirs, new Workflow({ ...workflow, levels: [level(1, ["intruder"])] }), workflow.version)
        )
        assert.isTrue(Result.isFailure(overwrite) && overwrite.failure._tag === "VersionConflict")
        const theirOwn = yield* approvals.save(theirs, begun.state, 0, begun.entries)
        assert.strictEqual(theirOwn.version, 1, "the same document id is another document in another organisation")
        assert.strictEqual((yield* approvals.timeline(mine, "workspace", documentId)).length, 1)
        assert.deepStrictEqual(Option.getOrThrow(yield* workflows.find(mine, null, "budget")).levels[0]!.approvers, [
          { type: "USER", userId: "u1" }
        ])
      })
    )
  })
