import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import type { Actor } from "../identity/Actor.ts"
import type { User } from "../identity/User.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { type Locale, withoutIsolates } from "../shared/Locale.ts"
import { PageRequest } from "../shared/Paging.ts"
import { Transactions } from "../shared/Transactions.ts"
import { actorOf } from "../testing/Actors.ts"
import { Fixtures } from "../testing/Fixtures.ts"
import { layerMemoryAdministration } from "../testing/memory/MemoryAdministration.ts"
import { layerMemoryApprovals } from "../testing/memory/MemoryApprovals.ts"
import { MemoryIdentityStore } from "../testing/memory/MemoryIdentity.ts"
import { MemoryNotificationRepository } from "../testing/memory/MemoryNotificationRepository.ts"
import { layerMemoryWorkspaces } from "../testing/memory/MemoryWorkspaces.ts"
import { blankWorkspaceFields, WorkspaceRepository, WorkspaceUser } from "../workspaces/Workspace.ts"
import { Approvals } from "./Approvals.ts"
import { approvalsLayer, workflowById } from "./ApprovalsService.ts"
import {
  type Approver,
  ApprovalCriteria,
  ApprovalSubject,
  Decision,
  type DocumentKind,
  Workflow,
  WorkflowLevel
} from "./Workflow.ts"

const TestApprovals = approvalsLayer.pipe(
  Layer.provideMerge(
    Layer.mergeAll(
      layerMemoryApprovals,
      layerMemoryWorkspaces,
      MemoryNotificationRepository,
      Transactions.layerPassThrough
    )
  ),
  Layer.provideMerge(layerMemoryAdministration)
)

/** An organisation: its super user, a requester, and colleagues made to measure. */
const newOrg = Effect.gen(function* () {
  const fixtures = yield* Fixtures
  const adminUser = yield* fixtures.newUser({ roles: ["org_super_user"] })
  const admin = actorOf(adminUser)
  const colleague = (roles: ReadonlyArray<string> = ["org_basic_user"], status?: User["status"]) =>
    Effect.map(
      fixtures.newUser({
        roles,
        colleagueOf: new Recipient({ orgId: admin.orgId, userId: admin.userId }),
        ...(status === undefined ? {} : { status })
      }),
      actorOf
    )
  const requester = yield* colleague()
  return { admin, requester, colleague }
})

const users = (...ids: ReadonlyArray<string>): ReadonlyArray<Approver> =>
  ids.map((userId) => ({ type: "USER" as const, userId }))
const role = (roleCode: string): ReadonlyArray<Approver> => [{ type: "ROLE", roleCode }]

const level = (
  n: number,
  approvers: ReadonlyArray<Approver>,
  mode: "ONE" | "ALL" = "ONE",
  criteria: ConstructorParameters<typeof ApprovalCriteria>[0] = {}
) => new WorkflowLevel({ level: n, name: `Level ${n}`, approvers, mode, criteria: new ApprovalCriteria(criteria) })

const workflow = (kind: DocumentKind, levels: ReadonlyArray<WorkflowLevel>, workspaceId: string | null = null) =>
  new Workflow({ id: crypto.randomUUID(), workspaceId, kind, levels, version: 0 })

const subjectFor = (
  requester: Actor,
  value: string,
  kind: DocumentKind = "budget",
  workspaceId: string | null = null
) =>
  new ApprovalSubject({
    kind,
    documentId: crypto.randomUUID(),
    workspaceId,
    title: "Q3 budget change",
    requesterId: requester.userId,
    createdBy: requester.userId,
    value,
    categories: []
  })

const approve = (remark = "") => new Decision({ action: "APPROVE", remark })

const tagOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

const inbox = (actor: Actor) =>
  Effect.gen(function* () {
    const repository = yield* NotificationRepository
    const page = yield* repository.list(
      new Recipient({ orgId: actor.orgId, userId: actor.userId }),
      new PageRequest({ page: 0, limit: 50 })
    )
    return page.notifications.map((n) => [n.type, n.title.en] as const)
  })

describe("Approvals", () => {
  it.effect(
    "runs a document through the organisation's levels by value, resolving roles and active users, notifying and auditing each step",
    () =>
      Effect.gen(function* () {
        const approvals = yield* Approvals
        const { admin, requester, colleague } = yield* newOrg
        const reviewer = yield* colleague(["org_basic_user", "budget_reviewer"])
        const controller = yield* colleague()
        const gone = yield* colleague(["org_basic_user"], "INACTIVE")
        yield* approvals.saveWorkflow(
          admin,
          workflow("budget", [
            level(1, role("budget_reviewer")),
            level(2, users(controller.userId, gone.userId, requester.userId), "ALL", { minValue: "1000" })
          ]),
          0
        )

        const small = yield* approvals.submit(requester, subjectFor(requester, "999.99"))
        assert.deepStrictEqual(
          [small.status, small.levels.map((l) => l.level), small.approverIds],
          ["PENDING_APPROVAL", [1], [[reviewer.userId]]]
        )

        const subject = subjectFor(requester, "5000")
        const submitted = yield* approvals.submit(requester, subject)
        assert.deepStrictEqual(
          [submitted.status, submitted.current, submitted.approverIds],
          ["PENDING_APPROVAL", 0, [[reviewer.userId], [controller.userId]]],
          "the inactive user and the requester are no approvers"
        )
        assert.deepStrictEqual(yield* inbox(reviewer), [
          ["BUDGET_WAITING_FOR_APPROVAL", "Budget change to \u2068Q3 budget change\u2069 is waiting for your approval"],
          ["BUDGET_WAITING_FOR_APPROVAL", "Budget change to \u2068Q3 budget change\u2069 is waiting for your approval"]
        ])
        assert.strictEqual(
          tagOf(yield* Effect.exit(approvals.submit(requester, subject))),
          "ApprovalNotPending",
          "a document waiting for approval is not submitted twice"
        )

        assert.strictEqual(
          tagOf(yield* Effect.exit(approvals.decide(requester, subject, approve()))),
          "SelfApprovalRefused"
        )
        assert.strictEqual(tagOf(yield* Effect.exit(approvals.decide(controller, subject, approve()))), "NotAnApprover")
        const first = yield* approvals.decide(reviewer, subject, approve("within plan"))
        assert.deepStrictEqual([first.status, first.current], ["PENDING_APPROVAL", 1])
        assert.deepStrictEqual(
          (yield* approvals.pending(controller)).map((s) => s.documentId),
          [subject.documentId]
        )
        assert.notInclude(
          (yield* approvals.pending(reviewer)).map((s) => s.documentId),
          subject.documentId
        )
        const done = yield* approvals.decide(controller, subject, approve())
        assert.deepStrictEqual([done.status, done.superAction], ["APPROVED", false])
        assert.deepStrictEqual((yield* inbox(requester))[0], [
          "BUDGET_WAITING_FOR_APPROVAL",
          "Budget change to \u2068Q3 budget change\u2069 was approved"
        ])

        const timeline = yield* approvals.timeline(requester, "budget", subject.documentId)
        assert.deepStrictEqual(
          timeline.map((e) => [e.seq, e.action, e.actorId, e.level, e.remark]),
          [
            [1, "SUBMIT", requester.userId, null, ""],
            [2, "APPROVE", reviewer.userId, 1, "within plan"],
            [3, "APPROVE", controller.userId, 2, ""]
          ]
        )
        const audit = (yield* MemoryIdentityStore).audit.filter(
          (e) => e.event === "approval.status_changed" && e.detail["documentId"] === subject.documentId
        )
        assert.deepStrictEqual(
          audit.map((e) => [e.actorId, e.detail["action"], e.detail["from"], e.detail["to"], e.detail["toLevel"]]),
          [
            [requester.userId, "SUBMIT", "", "PENDING_APPROVAL", "1"],
            [reviewer.userId, "APPROVE", "PENDING_APPROVAL", "PENDING_APPROVAL", "2"],
            [controller.userId, "APPROVE", "PENDING_APPROVAL", "APPROVED", ""]
          ]
        )
      }).pipe(Effect.provide(TestApprovals))
  )

  it.effect("uses a workspace's own workflow and role holders there, else the organisation's", () =>
    Effect.gen(function* () {
      const approvals = yield* Approvals
      const { admin, requester, colleague } = yield* newOrg
      const manager = yield* colleague(["workspaces_manager"])
      const orgApprover = yield* colleague()
      const workspaces = yield* WorkspaceRepository
      const fields = (name: string, members: ReadonlyArray<WorkspaceUser>) => ({
        ...blankWorkspaceFields(name, "SAR", admin.userId),
        users: members
      })
      const own = yield* workspaces.create(
        admin.orgId,
        fields("Projects", [
          new WorkspaceUser({ userId: manager.userId, role: "workspaces_manager" }),
          new WorkspaceUser({ userId: requester.userId, role: "workspaces_viewer" })
        ]),
        "ACTIVE",
        admin.userId
      )
      const plain = yield* workspaces.create(admin.orgId, fields("Plain", []), "ACTIVE", admin.userId)
      yield* approvals.saveWorkflow(admin, workflow("request", [level(1, users(orgApprover.userId))]), 0)
      yield* approvals.saveWorkflow(manager, workflow("request", [level(1, role("workspaces_manager"))], own.id), 0)

      const inOwn = yield* approvals.submit(requester, subjectFor(requester, "10", "request", own.id))
      assert.deepStrictEqual(inOwn.approverIds, [[manager.userId]])
      const inPlain = yield* approvals.submit(requester, subjectFor(requester, "10", "request", plain.id))
      assert.deepStrictEqual(inPlain.approverIds, [[orgApprover.userId]])
      const none = yield* approvals.submit(requester, subjectFor(requester, "10", "order", own.id))
      assert.deepStrictEqual([none.status, none.levels], ["APPROVED", []], "no workflow: approved at once")
      assert.deepStrictEqual(
        (yield* approvals.timeline(admin, "order", none.documentId)).map((e) => e.action),
        ["SUBMIT", "AUTO_APPROVE"]
      )

      assert.deepStrictEqual(
        (yield* approvals.workflows(manager, own.id)).map((w) => w.kind),
        ["request"]
      )
      assert.strictEqual(
        tagOf(
          yield* Effect.exit(approvals.saveWorkflow(manager, workflow("bill", [level(1, role("x"))], plain.id), 0))
        ),
        "InsufficientPrivileges",
        "a workspace manager changes only their own workspaces' workflows"
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.saveWorkflow(manager, workflow("bill", [level(1, role("x"))]), 0))),
        "InsufficientPrivileges",
        "nor the organisation's"
      )
      const emptyWorkspace = yield* workspaces.create(admin.orgId, fields("Empty", []), "ACTIVE", admin.userId)
      yield* approvals.saveWorkflow(
        admin,
        workflow("request", [level(1, role("workspaces_admin"))], emptyWorkspace.id),
        0
      )
      assert.strictEqual(
        tagOf(
          yield* Effect.exit(approvals.submit(requester, subjectFor(requester, "1", "request", emptyWorkspace.id)))
        ),
        "LevelWithoutApprover",
        "a level nobody can approve refuses the submission"
      )
    }).pipe(Effect.provide(TestApprovals))
  )

  it.effect("restarts a returned document from level one with the workflow as it now stands", () =>
    Effect.gen(function* () {
      const approvals = yield* Approvals
      const { admin, requester, colleague } = yield* newOrg
      const [a, b, c] = [yield* colleague(), yield* colleague(), yield* colleague()]
      const saved = yield* approvals.saveWorkflow(
        admin,
        workflow("workspace", [level(1, users(a.userId)), level(2, users(b.userId))]),
        0
      )
      const subject = subjectFor(requester, "0", "workspace")
      yield* approvals.submit(requester, subject)
      yield* approvals.decide(a, subject, approve())
      const returned = yield* approvals.decide(b, subject, new Decision({ action: "RETURN", remark: "fix the name" }))
      assert.strictEqual(returned.status, "RETURNED")
      assert.deepStrictEqual(
        (yield* inbox(requester))[0]![1],
        "Workspace \u2068Q3 budget change\u2069 was returned for changes"
      )
      yield* approvals.saveWorkflow(admin, new Workflow({ ...saved, levels: [level(1, users(c.userId))] }), 1)
      const again = yield* approvals.submit(requester, subject)
      assert.deepStrictEqual(
        [again.status, again.current, again.approverIds, again.approvedBy],
        ["PENDING_APPROVAL", 0, [[c.userId]], [[]]]
      )
      const approved = yield* approvals.decide(c, subject, approve())
      assert.strictEqual(approved.status, "APPROVED")
      assert.deepStrictEqual(
        (yield* approvals.timeline(admin, "workspace", subject.documentId)).map((e) => e.action),
        ["SUBMIT", "APPROVE", "RETURN", "SUBMIT", "APPROVE"]
      )
    }).pipe(Effect.provide(TestApprovals))
  )

  it.effect(
    "withdraws a pending approval: off every action board, its notices read, WITHDRAW on the timeline, and submitted again from level one",
    () =>
      Effect.gen(function* () {
        const approvals = yield* Approvals
        const { admin, requester, colleague } = yield* newOrg
        const [a, b] = [yield* colleague(), yield* colleague()]
        yield* approvals.saveWorkflow(admin, workflow("workspace", [level(1, users(a.userId, b.userId), "ALL")]), 0)
        const subject = subjectFor(requester, "0", "workspace")
        yield* approvals.submit(requester, subject)
        yield* approvals.decide(a, subject, approve())
        const notices = yield* NotificationRepository
        const unread = (actor: Actor) =>
          notices.countUnread(new Recipient({ orgId: actor.orgId, userId: actor.userId }))
        assert.deepStrictEqual([yield* unread(a), yield* unread(b)], [1, 1])
        assert.deepStrictEqual(
          (yield* approvals.pending(b)).map((s) => s.documentId),
          [subject.documentId]
        )
        const withdrawn = yield* approvals.withdraw(requester, "workspace", subject.documentId, "wrong budget")
        assert.deepStrictEqual([withdrawn.status, withdrawn.current], ["RETURNED", null])
        assert.deepStrictEqual((yield* approvals.pending(b)).length, 0, "off the action board")
        assert.deepStrictEqual([yield* unread(a), yield* unread(b)], [0, 0], "the withdrawn step's notices are read")
        assert.strictEqual(
          tagOf(yield* Effect.exit(approvals.decide(b, subject, approve()))),
          "ApprovalNotPending",
          "nobody decides a withdrawn request"
        )
        assert.strictEqual(
          tagOf(yield* Effect.exit(approvals.withdraw(requester, "workspace", subject.documentId, ""))),
          "ApprovalNotPending"
        )
        const again = yield* approvals.submit(requester, subject)
        assert.deepStrictEqual([again.status, again.approvedBy], ["PENDING_APPROVAL", [[]]])
        const timeline = yield* approvals.timeline(admin, "workspace", subject.documentId)
        assert.deepStrictEqual(
          timeline.map((e) => [e.action, e.level, e.remark]),
          [
            ["SUBMIT", null, ""],
            ["APPROVE", 1, ""],
            ["WITHDRAW", 1, "wrong budget"],
            ["SUBMIT", null, ""]
          ]
        )
      }).pipe(Effect.provide(TestApprovals))
  )

  it.effect("lets super approvers skip and decide over all levels, and nobody else", () =>
    Effect.gen(function* () {
      const approvals = yield* Approvals
      const { admin, requester, colleague } = yield* newOrg
      const [a, b] = [yield* colleague(), yield* colleague()]
      yield* approvals.saveWorkflow(
        admin,
        workflow("budget", [level(1, users(a.userId)), level(2, users(b.userId))]),
        0
      )
      const subject = subjectFor(requester, "0")
      yield* approvals.submit(requester, subject)
      const skip = new Decision({ action: "SKIP", remark: "urgent" })
      assert.strictEqual(tagOf(yield* Effect.exit(approvals.decide(a, subject, skip))), "SuperApproverRequired")
      const skipped = yield* approvals.decide(admin, subject, skip)
      assert.deepStrictEqual([skipped.status, skipped.current], ["PENDING_APPROVAL", 1])
      assert.deepStrictEqual((yield* inbox(b)).length, 1, "the next level hears of it")
      const rejected = yield* approvals.decide(
        admin,
        subject,
        new Decision({ action: "REJECT", remark: "not now", isSuperApproval: true })
      )
      assert.deepStrictEqual([rejected.status, rejected.superAction], ["REJECTED", true])
      assert.deepStrictEqual(
        (yield* approvals.timeline(requester, "budget", subject.documentId)).map((e) => [e.action, e.actorId]),
        [
          ["SUBMIT", requester.userId],
          ["SKIP", admin.userId],
          ["SUPER_REJECT", admin.userId]
        ]
      )
      assert.strictEqual(tagOf(yield* Effect.exit(approvals.decide(b, subject, approve()))), "ApprovalNotPending")
    }).pipe(Effect.provide(TestApprovals))
  )

  it.effect("reminds the waiting level, and shows an approval only to those involved or entitled", () =>
    Effect.gen(function* () {
      const approvals = yield* Approvals
      const { admin, requester, colleague } = yield* newOrg
      const [a, outsider] = [yield* colleague(), yield* colleague()]
      yield* approvals.saveWorkflow(admin, workflow("budget", [level(1, users(a.userId))]), 0)
      const subject = subjectFor(requester, "0")
      yield* approvals.submit(requester, subject)
      yield* approvals.remind(requester, "budget", subject.documentId)
      assert.strictEqual((yield* inbox(a)).length, 2)
      const timeline = yield* approvals.timeline(a, "budget", subject.documentId)
      assert.deepStrictEqual(
        timeline.map((e) => [e.action, e.level]),
        [
          ["SUBMIT", null],
          ["REMIND", 1]
        ]
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.state(outsider, "budget", subject.documentId))),
        "ApprovalNotFound"
      )
      assert.deepStrictEqual(yield* approvals.timeline(outsider, "budget", subject.documentId), [])
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.remind(outsider, "budget", subject.documentId))),
        "ApprovalNotFound"
      )
      assert.strictEqual((yield* approvals.state(admin, "budget", subject.documentId)).status, "PENDING_APPROVAL")
      yield* approvals.decide(a, subject, approve())
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.remind(requester, "budget", subject.documentId))),
        "ApprovalNotPending"
      )
      const other = yield* newOrg
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.state(other.admin, "budget", subject.documentId))),
        "ApprovalNotFound"
      )
    }).pipe(Effect.provide(TestApprovals))
  )

  it.effect("checks workflows before saving them, and who may save and read them", () =>
    Effect.gen(function* () {
      const approvals = yield* Approvals
      const { admin, requester } = yield* newOrg
      const refusedFor = (levels: ReadonlyArray<WorkflowLevel>, locale: Locale = "en") =>
        Effect.map(Effect.exit(approvals.saveWorkflow(admin, workflow("bill", levels), 0)), (exit) =>
          Exit.isFailure(exit)
            ? withoutIsolates(describeError((exit.cause.reasons[0] as { error?: unknown })?.error, locale).message)
            : ""
        )
      const someone = users(admin.userId)
      assert.strictEqual(
        yield* refusedFor([level(1, someone), level(3, someone)]),
        "Please check level 2 of the workflow, Approval levels: the levels must be numbered 1, 2, 3 and so on, in order."
      )
      assert.strictEqual(
        yield* refusedFor([level(1, [])]),
        "Please check level 1 of the workflow, Approvers: add at least one."
      )
      assert.strictEqual(
        yield* refusedFor([level(1, someone, "ONE", { minValue: "5000", maxValue: "1000" })]),
        "Please check level 1 of the workflow, Below value: the upper value must be above the lower value."
      )
      assert.strictEqual(
        yield* refusedFor([level(1, someone, "ONE", { minValue: "1e3" })]),
        "Please check level 1 of the workflow, From value: the value is not an amount of 0 or more."
      )
      assert.strictEqual(
        yield* refusedFor([level(1, someone, "ONE", { minValue: "1e3" })], "ar"),
        "يرجى مراجعة المستوى 1 من مسار الاعتماد، من قيمة: القيمة ليست مبلغًا يساوي صفرًا أو أكثر."
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.saveWorkflow(requester, workflow("bill", [level(1, someone)]), 0))),
        "InsufficientPrivileges"
      )
      const saved = yield* approvals.saveWorkflow(admin, workflow("bill", [level(1, someone)]), 0)
      assert.strictEqual(
        tagOf(yield* Effect.exit(approvals.saveWorkflow(admin, saved, 0))),
        "VersionConflict",
        "a stale version is refused"
      )
      assert.deepStrictEqual(
        (yield* workflowById(admin, saved.id)).levels.map((l) => l.name),
        ["Level 1"]
      )
      assert.strictEqual(tagOf(yield* Effect.exit(workflowById(requester, saved.id))), "WorkflowNotFound")
      const other = yield* newOrg
      assert.strictEqual(tagOf(yield* Effect.exit(workflowById(other.admin, saved.id))), "WorkflowNotFound")
      assert.deepStrictEqual(yield* approvals.workflows(other.admin, null), [])
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "workflow.saved")
      assert.deepStrictEqual(
        audit.map((e) => [e.actorId, e.detail["workflowId"], e.detail["version"]]),
        [[admin.userId, saved.id, "1"]]
      )

      const settings = yield* OrgSettingsRepository
      const current = Option.getOrThrow(yield* settings.find(admin.orgId))
      yield* settings.save(
        new OrgSettings({ ...current, modules: [moduleConfig("workspaces", false)] }),
        current.version
      )
      assert.strictEqual(tagOf(yield* Effect.exit(approvals.workflows(admin, null))), "ModuleNotEnabled")
    }).pipe(Effect.provide(TestApprovals))
  )
})
