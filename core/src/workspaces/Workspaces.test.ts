import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import fc from "fast-check"
import { Approvals } from "../approvals/Approvals.ts"
import { approvalsLayer } from "../approvals/ApprovalsService.ts"
import { Actor } from "../identity/Actor.ts"
import { addOrganisationApprover } from "../testing/OrganisationApprovers.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { Transactions } from "../shared/Transactions.ts"
import {
  layerMemoryAdministration,
  layerMemoryApprovals,
  layerMemoryWorkspaces,
  MemoryIdentityStore,
  approvalStateOf,
  MemoryNotificationRepository,
  signedInWith
} from "../testing/index.ts"
import {
  LocationInput,
  NewWorkspaceInput,
  WorkspaceConfig,
  WorkspaceUpdateInput,
  WorkspaceUser,
  type Workspace
} from "./Workspace.ts"
import { statusAfterApproval, WorkspaceReview, Workspaces } from "./Workspaces.ts"
import { type WorkspaceStatus, workspaceStatusMachine } from "./WorkspaceStatus.ts"

/** A role of the organisation's own making that the workspace reviewers hold; it grants nothing by itself. */
const reviewerRole = "workspace_reviewer"

// The real approval engine behind the workspaces, over the memory stores.
const TestWorkspaces = Workspaces.layer.pipe(
  Layer.provideMerge(approvalsLayer),
  Layer.provideMerge(
    Layer.mergeAll(
      layerMemoryWorkspaces,
      layerMemoryApprovals,
      MemoryNotificationRepository,
      Transactions.layerPassThrough
    )
  ),
  Layer.provideMerge(layerMemoryAdministration)
)

/**
 * A colleague of the admin holding these roles, made a reviewer of the organisation's workspaces: its workspace
 * workflow has one level, approved by any one of the users made here.
 */
const reviewerOf = (admin: Actor, roles: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const reviewer = yield* signedInWith(roles, admin)
    yield* addOrganisationApprover(admin, reviewer.userId, "workspace", "Review")
    return reviewer
  })

const tagOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? String((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag) : "success"

const adminConfig = (orgId: OrgId, change: { disableWorkspaceCreation?: boolean; workspacesLimit?: number | null }) =>
  Effect.gen(function* () {
    const settings = yield* OrgSettingsRepository
    const current = Option.getOrThrow(yield* settings.find(orgId))
    yield* settings.save(
      new OrgSettings({
        ...current,
        orgConfig: { ...current.orgConfig, adminConfig: { ...current.orgConfig.adminConfig, ...change } }
      }),
      current.version
    )
  })

const newWorkspace = (name: string, extra: Partial<NewWorkspaceInput> = {}) => new NewWorkspaceInput({ name, ...extra })
const review = (action: WorkspaceReview["action"], isSuperApproval = false) =>
  new WorkspaceReview({ action, remark: `${action}d`, isSuperApproval })

describe("Workspaces", () => {
  it.effect("creates a draft with the defaults of SPEC.md §3 and writes it to the audit log", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const made = yield* workspaces.create(
        admin,
        newWorkspace("  Head Office ", { locations: [new LocationInput({ name: "Main" })] })
      )
      assert.deepStrictEqual(
        [made.name, made.status, made.version, made.currency, made.createdBy, made.requesterId],
        ["Head Office", "DRAFT", 1, "SAR", admin.userId, admin.userId]
      )
      assert.deepStrictEqual(
        { ...made.config },
        { autoSubmitOrder: false, autoRfqToVendors: false, directOrdersFromRfq: true }
      )
      const [location] = made.locations
      assert.deepStrictEqual(
        [location?.name, location?.addressType, location?.status, location?.contactInfo.isPrimary],
        ["Main", "Office", "ACTIVE", true]
      )
      // An organisation-wide reader is not added to what they create.
      assert.deepStrictEqual(made.users, [])
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "workspace.created")
      assert.deepStrictEqual(
        audit.map((e) => e.detail["workspaceId"]),
        [made.id]
      )
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("refuses a create without the privilege, with the module off, when disabled, and at the limit", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const viewer = yield* signedInWith(["workspaces_viewer"], admin)
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.create(viewer, newWorkspace("A")))),
        "InsufficientPrivileges"
      )
      yield* adminConfig(admin.orgId, { workspacesLimit: 1 })
      yield* workspaces.create(admin, newWorkspace("A"))
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.create(admin, newWorkspace("B")))),
        "WorkspaceLimitReached"
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.create(admin, newWorkspace("a")))),
        "WorkspaceLimitReached"
      )
      yield* adminConfig(admin.orgId, { workspacesLimit: null, disableWorkspaceCreation: true })
      assert.isFalse(yield* workspaces.creationAllowed(admin))
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.create(admin, newWorkspace("B")))),
        "WorkspaceCreationDisabled"
      )
      yield* adminConfig(admin.orgId, { disableWorkspaceCreation: false })
      assert.isTrue(yield* workspaces.creationAllowed(admin))
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.create(admin, newWorkspace("a")))), "WorkspaceNameTaken")
      const settings = yield* OrgSettingsRepository
      const current = Option.getOrThrow(yield* settings.find(admin.orgId))
      yield* settings.save(
        new OrgSettings({ ...current, modules: [moduleConfig("workspaces", false)] }),
        current.version
      )
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.create(admin, newWorkspace("C")))), "ModuleNotEnabled")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.list(admin, {}))), "ModuleNotEnabled")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it("creates exactly as many workspaces as the plan's limit allows, whatever is asked", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 6 }), async (limit, attempts) => {
        const made = await Effect.runPromise(
          Effect.gen(function* () {
            const workspaces = yield* Workspaces
            const admin = yield* signedInWith(["org_super_user"])
            yield* adminConfig(admin.orgId, { workspacesLimit: limit })
            const exits = yield* Effect.forEach(Array.from({ length: attempts }), (_, i) =>
              Effect.exit(workspaces.create(admin, newWorkspace(`W${i}`)))
            )
            const refused = exits.filter((e) => tagOf(e) === "WorkspaceLimitReached").length
            const count = yield* workspaces.count(admin, true)
            return { created: exits.length - refused, count, allowed: yield* workspaces.creationAllowed(admin) }
          }).pipe(Effect.provide(TestWorkspaces))
        )
        assert.strictEqual(made.created, Math.min(limit, attempts))
        assert.strictEqual(made.count.count, made.created)
        assert.strictEqual(made.count.creationAllowed, made.created < limit)
        assert.strictEqual(made.allowed, made.created < limit)
      }),
      { numRuns: 25 }
    )
  })

  it.effect("submits, is reviewed, activates and deactivates, with super decisions marked", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const reviewer = yield* reviewerOf(admin, ["org_super_user", reviewerRole])
      const outsider = yield* signedInWith(["org_basic_user"], admin)
      const made = yield* workspaces.create(admin, newWorkspace("Projects"))

      const pending = yield* workspaces.submit(admin, made.id)
      assert.deepStrictEqual([pending.status, pending.version], ["PENDING", 2])
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.update(admin, new WorkspaceUpdateInput({ id: made.id, version: 2 })))),
        "WorkspaceActionNotAllowed"
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.review(admin, made.id, review("approve")))),
        "SelfApprovalRefused"
      )
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.review(outsider, made.id, review("approve")))),
        "NotAnApprover"
      )

      const returned = yield* workspaces.review(reviewer, made.id, review("return", true))
      assert.strictEqual(returned.status, "SUPER_RETURNED")
      const edited = yield* workspaces.update(
        admin,
        new WorkspaceUpdateInput({ id: made.id, version: returned.version, name: "Projects 2026" })
      )
      assert.strictEqual(edited.name, "Projects 2026")
      assert.strictEqual((yield* workspaces.submit(admin, made.id)).status, "PENDING")
      const approved = yield* workspaces.review(reviewer, made.id, review("approve"))
      assert.strictEqual(approved.status, "APPROVED")
      assert.strictEqual(
        tagOf(yield* Effect.exit(workspaces.review(reviewer, made.id, review("approve")))),
        "WorkspaceActionNotAllowed"
      )
      assert.strictEqual((yield* workspaces.activate(admin, made.id)).status, "ACTIVE")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.activate(admin, made.id))), "WorkspaceActionNotAllowed")
      assert.strictEqual((yield* workspaces.deactivate(admin, made.id)).status, "INACTIVE")
      assert.strictEqual((yield* workspaces.activate(admin, made.id)).status, "ACTIVE")
      const changes = (yield* MemoryIdentityStore).audit
        .filter((e) => e.event === "workspace.status_changed")
        .map((e) => `${e.detail["from"]}>${e.detail["to"]}`)
      assert.deepStrictEqual(changes, [
        "DRAFT>PENDING",
        "PENDING>SUPER_RETURNED",
        "SUPER_RETURNED>PENDING",
        "PENDING>APPROVED",
        "APPROVED>ACTIVE",
        "ACTIVE>INACTIVE",
        "INACTIVE>ACTIVE"
      ])
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("approves at once where no level applies, and a rejection is final", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const made = yield* workspaces.create(admin, newWorkspace("No review"))
      assert.strictEqual((yield* workspaces.submit(admin, made.id)).status, "APPROVED")

      const reviewer = yield* reviewerOf(admin, ["org_super_user", reviewerRole])
      const other = yield* workspaces.create(admin, newWorkspace("Reviewed"))
      yield* workspaces.submit(admin, other.id)
      const rejected = yield* workspaces.review(reviewer, other.id, review("reject", true))
      assert.strictEqual(rejected.status, "SUPER_REJECTED")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.submit(admin, other.id))), "WorkspaceActionNotAllowed")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.activate(admin, other.id))), "WorkspaceActionNotAllowed")
      yield* workspaces.remove(admin, other.id)
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.get(admin, other.id))), "WorkspaceNotFound")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("sends the approval engine a workspace subject of value 0 with no workspace of its own", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const reviewer = yield* reviewerOf(admin, ["org_super_user", reviewerRole])
      const made = yield* workspaces.create(admin, newWorkspace("Subject", { classification: "Project" }))
      yield* workspaces.submit(admin, made.id)
      const state = yield* workspaces.review(reviewer, made.id, review("approve"))
      assert.strictEqual(state.status, "APPROVED")
      // What the engine keeps of the subject it was sent: a workspace document of no workspace of its own.
      const approval = yield* (yield* Approvals).state(admin, "workspace", made.id)
      assert.deepStrictEqual(
        [approval.kind, approval.documentId, approval.workspaceId, approval.title, approval.requesterId],
        ["workspace", made.id, null, "Subject", admin.userId]
      )
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("keeps what an approval judged once approved, and refuses a stale version", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const made = yield* workspaces.create(admin, newWorkspace("Locked", { startDate: "2026-01-01" }))
      const stale = yield* Effect.exit(workspaces.update(admin, new WorkspaceUpdateInput({ id: made.id, version: 7 })))
      assert.strictEqual(tagOf(stale), "VersionConflict")
      const badDates = yield* Effect.exit(
        workspaces.update(admin, new WorkspaceUpdateInput({ id: made.id, version: 1, endDate: "2025-12-31" }))
      )
      assert.strictEqual(tagOf(badDates), "InvalidField")
      const active = yield* workspaces.activate(admin, (yield* workspaces.submit(admin, made.id)).id)
      const renamed = yield* Effect.exit(
        workspaces.update(admin, new WorkspaceUpdateInput({ id: made.id, version: active.version, name: "Other" }))
      )
      assert.strictEqual(tagOf(renamed), "WorkspaceActionNotAllowed")
      const configured = yield* workspaces.update(
        admin,
        new WorkspaceUpdateInput({
          id: made.id,
          version: active.version,
          remarks: "Open all year",
          config: new WorkspaceConfig({ autoSubmitOrder: true, autoRfqToVendors: true, directOrdersFromRfq: false }),
          locations: [new LocationInput({ name: "Warehouse 1", addressType: "Warehouse" })]
        })
      )
      assert.deepStrictEqual(
        [configured.status, configured.remarks, configured.config.autoSubmitOrder, configured.locations.length],
        ["ACTIVE", "Open all year", true, 1]
      )
      const unknownLocation = yield* Effect.exit(
        workspaces.update(
          admin,
          new WorkspaceUpdateInput({
            id: made.id,
            version: configured.version,
            locations: [new LocationInput({ id: "no-such-location", name: "X" })]
          })
        )
      )
      assert.strictEqual(tagOf(unknownLocation), "LocationNotFound")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.remove(admin, made.id))), "WorkspaceActionNotAllowed")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("scopes _w privileges to the user's own workspaces, with their workspace role counted", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const manager = yield* signedInWith(["workspaces_manager"], admin)
      const basic = yield* signedInWith(["org_basic_user"], admin)
      const theirs = yield* workspaces.create(
        admin,
        newWorkspace("Theirs", {
          users: [
            new WorkspaceUser({ userId: manager.userId, role: "workspaces_viewer" }),
            new WorkspaceUser({ userId: basic.userId, role: "workspaces_manager" })
          ]
        })
      )
      const hidden = yield* workspaces.create(admin, newWorkspace("Hidden"))

      const seen = yield* workspaces.list(manager, {})
      assert.deepStrictEqual(
        seen.workspaces.map((w) => w.name),
        ["Theirs"]
      )
      assert.strictEqual(seen.totalCount, 1)
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.get(manager, hidden.id))), "WorkspaceNotFound")
      // Their organisation role manages (wkp_u_w), and this workspace counts them among its users.
      const updated = yield* workspaces.update(
        manager,
        new WorkspaceUpdateInput({ id: theirs.id, version: theirs.version, remarks: "by the manager" })
      )
      // A basic user reads and updates where their workspace role is manager, but deletes nothing.
      assert.strictEqual((yield* workspaces.get(basic, theirs.id)).remarks, "by the manager")
      assert.deepStrictEqual(
        (yield* workspaces.list(basic, {})).workspaces.map((w) => w.id),
        [theirs.id]
      )
      const submitted = yield* workspaces.submit(basic, theirs.id)
      assert.strictEqual(submitted.version, updated.version + 1)
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.remove(basic, theirs.id))), "InsufficientPrivileges")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.get(basic, hidden.id))), "InsufficientPrivileges")
      // Whoever reads the workspace reads its users by name, not by id.
      assert.deepStrictEqual(
        (yield* workspaces.members(basic, theirs.id)).map((m) => [m.userId, m.role, m.firstName, m.lastName, m.email]),
        [
          [manager.userId, "workspaces_viewer", "Test", "User", `${manager.userId}@fixtures.tawreed.test`],
          [basic.userId, "workspaces_manager", "Test", "User", `${basic.userId}@fixtures.tawreed.test`]
        ].sort((x, y) => (x[4]! < y[4]! ? -1 : 1))
      )
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.members(basic, hidden.id))), "InsufficientPrivileges")
      assert.deepStrictEqual(
        [(yield* workspaces.count(basic, false)).count, (yield* workspaces.count(basic, true)).count],
        [1, 2]
      )
      const stranger = yield* signedInWith(["org_basic_user"], admin)
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.list(stranger, {}))), "InsufficientPrivileges")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.count(stranger, true))), "InsufficientPrivileges")
      // Nobody sees another organisation's workspace.
      const elsewhere = yield* signedInWith(["org_super_user"])
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.get(elsewhere, theirs.id))), "WorkspaceNotFound")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.members(elsewhere, theirs.id))), "WorkspaceNotFound")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("lets nobody grant inside a workspace more than they hold there, and adds a _w creator", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const basic = yield* signedInWith(["org_basic_user"], admin)
      const colleague = yield* signedInWith(["org_basic_user"], admin)
      const made = yield* workspaces.create(
        admin,
        newWorkspace("Grants", { users: [new WorkspaceUser({ userId: basic.userId, role: "workspaces_manager" })] })
      )
      const promote = (role: WorkspaceUser["role"]) =>
        workspaces.update(
          basic,
          new WorkspaceUpdateInput({
            id: made.id,
            version: made.version,
            users: [
              new WorkspaceUser({ userId: basic.userId, role: "workspaces_manager" }),
              new WorkspaceUser({ userId: colleague.userId, role })
            ]
          })
        )
      assert.strictEqual(tagOf(yield* Effect.exit(promote("workspaces_admin"))), "InsufficientPrivileges")
      assert.strictEqual((yield* promote("workspaces_viewer")).users.length, 2)
      const unknown = yield* Effect.exit(
        workspaces.create(
          admin,
          newWorkspace("Unknown user", { users: [new WorkspaceUser({ userId: "nobody", role: "workspaces_viewer" })] })
        )
      )
      assert.strictEqual(tagOf(unknown), "InvalidField")

      const wsAdmin = yield* signedInWith(["workspaces_admin"], admin)
      const own = yield* workspaces.create(wsAdmin, newWorkspace("Own"))
      assert.deepStrictEqual(
        own.users.map((u) => [u.userId, u.role]),
        [[wsAdmin.userId, "workspaces_admin"]]
      )
      assert.strictEqual((yield* workspaces.get(wsAdmin, own.id)).name, "Own")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("copies a workspace as a new draft with its locations, users and configuration", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const member = yield* signedInWith(["org_basic_user"], admin)
      const source = yield* workspaces.create(
        admin,
        newWorkspace("Plant", {
          classification: "Project",
          config: new WorkspaceConfig({ autoSubmitOrder: true, autoRfqToVendors: true, directOrdersFromRfq: false }),
          locations: [new LocationInput({ name: "Gate", addressType: "Other" })],
          users: [new WorkspaceUser({ userId: member.userId, role: "workspaces_viewer" })]
        })
      )
      yield* workspaces.activate(admin, (yield* workspaces.submit(admin, source.id)).id)
      const copy = yield* workspaces.copy(admin, source.id)
      const again = yield* workspaces.copy(admin, source.id)
      assert.deepStrictEqual([copy.name, again.name], ["Plant (copy)", "Plant (copy 2)"])
      assert.deepStrictEqual([copy.status, copy.version, copy.classification], ["DRAFT", 1, "Project"])
      assert.deepStrictEqual({ ...copy.config }, { ...source.config })
      assert.deepStrictEqual(
        copy.locations.map((l) => [l.name, l.addressType, l.workspaceId]),
        [["Gate", "Other", copy.id]]
      )
      assert.notStrictEqual(copy.locations[0]!.id, source.locations[0]!.id)
      assert.deepStrictEqual(copy.users, source.users)
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it.effect("keeps each user's default workspace and list columns, and counts statuses and classifications", () =>
    Effect.gen(function* () {
      const workspaces = yield* Workspaces
      const admin = yield* signedInWith(["org_super_user"])
      const one = yield* workspaces.create(admin, newWorkspace("One", { classification: "Department" }))
      const two = yield* workspaces.create(admin, newWorkspace("Two", { classification: "Project" }))
      yield* workspaces.create(admin, newWorkspace("Three"))
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.setDefault(admin, one.id))), "WorkspaceActionNotAllowed")
      yield* workspaces.activate(admin, (yield* workspaces.submit(admin, one.id)).id)
      assert.isNull(yield* workspaces.defaultWorkspace(admin))
      assert.isTrue((yield* workspaces.setDefault(admin, one.id)).isDefault)
      assert.strictEqual((yield* workspaces.defaultWorkspace(admin))?.id, one.id)
      assert.deepStrictEqual(
        (yield* workspaces.available(admin)).map((w) => [w.name, w.isDefault]),
        [["One", true]]
      )
      assert.deepStrictEqual(yield* workspaces.available(admin, "another-organisation"), [])
      yield* workspaces.saveColumns(admin, ["name", " status ", "name", ""])

      const page = yield* workspaces.list(admin, { status: "DRAFT", classification: "Project,none" })
      assert.deepStrictEqual(
        page.workspaces.map((w) => w.name),
        ["Three", "Two"]
      )
      assert.deepStrictEqual(
        page.statusList.filter((s) => s.count > 0).map((s) => [s.status, s.count]),
        [["DRAFT", 2]]
      )
      assert.deepStrictEqual(
        page.classificationsList.map((c) => [c.classification, c.count]),
        [
          ["Project", 1],
          [null, 1]
        ]
      )
      assert.deepStrictEqual(page.columns, ["name", "status"])
      const listed = yield* workspaces.list(admin, {})
      assert.deepStrictEqual(
        listed.workspaces.map((w) => [w.name, w.isDefault]),
        [
          ["One", true],
          ["Three", false],
          ["Two", false]
        ]
      )
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.list(admin, { status: "OPEN" }))), "InvalidField")
      assert.strictEqual(tagOf(yield* Effect.exit(workspaces.list(admin, { limit: 10_000 }))), "InvalidField")
      assert.strictEqual((yield* workspaces.list(admin, { page: 0, limit: 9999 })).totalCount, 3)
      assert.strictEqual(two.status, "DRAFT")
    }).pipe(Effect.provide(TestWorkspaces))
  )

  it("maps the approval's answer to the workspace's status, super decisions to their variants", () => {
    const status = fc.constantFrom("SUBMITTED", "APPROVED", "PENDING_APPROVAL", "REJECTED", "RETURNED", "UPDATED")
    fc.assert(
      fc.property(status, fc.boolean(), (approval, superAction) => {
        const mapped = statusAfterApproval(approvalStateOf(approval, superAction, "workspace"))
        const decided = ["APPROVED", "REJECTED", "RETURNED"].includes(approval)
        if (!decided) return mapped === "PENDING"
        return (
          mapped === (superAction ? `SUPER_${approval}` : approval) &&
          workspaceStatusMachine.canTransition("PENDING", mapped)
        )
      })
    )
  })

  it("moves a workspace only along its machine, whatever the sequence of actions", async () => {
    let refusals = 0
    const action = fc.constantFrom(
      "submit",
      "approve",
      "return",
      "reject",
      "superApprove",
      "activate",
      "deactivate",
      "update",
      "delete"
    )
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 12 }), fc.boolean(), async (actions, reviewed) => {
        const trace = await Effect.runPromise(
          Effect.gen(function* () {
            const workspaces = yield* Workspaces
            const admin = yield* signedInWith(["org_super_user"])
            const reviewer = reviewed ? yield* reviewerOf(admin, ["org_super_user", reviewerRole]) : admin
            let current: Workspace | undefined = yield* workspaces.create(admin, newWorkspace("Model"))
            const steps: Array<[WorkspaceStatus, WorkspaceStatus | "deleted", string]> = []
            for (const a of actions) {
              if (current === undefined) break
              const before: Workspace = current
              const id = before.id
              const run = {
                submit: workspaces.submit(admin, id),
                approve: workspaces.review(reviewer, id, review("approve")),
                return: workspaces.review(reviewer, id, review("return")),
                reject: workspaces.review(reviewer, id, review("reject")),
                superApprove: workspaces.review(reviewer, id, review("approve", true)),
                activate: workspaces.activate(admin, id),
                deactivate: workspaces.deactivate(admin, id),
                update: workspaces.update(admin, new WorkspaceUpdateInput({ id, version: before.version, remarks: a })),
                delete: Effect.as(workspaces.remove(admin, id), undefined)
              }[a] as Effect.Effect<Workspace | undefined, unknown>
              const exit = yield* Effect.exit(run)
              if (Exit.isSuccess(exit)) {
                current = exit.value
                steps.push([before.status, current?.status ?? "deleted", "ok"])
              } else {
                // A refused action changes nothing: the workspace reads back as it was, version and all.
                const after = yield* workspaces.get(admin, id)
                assert.deepStrictEqual(after, before, `${a} from ${before.status}: ${tagOf(exit)}`)
                steps.push([before.status, after.status, tagOf(exit)])
              }
            }
            return steps
          }).pipe(Effect.provide(TestWorkspaces))
        )
        for (const [from, to, outcome] of trace) {
          if (outcome !== "ok") {
            refusals++
            assert.strictEqual(to, from)
            assert.include(
              ["WorkspaceActionNotAllowed", "SelfApprovalRefused", "ApprovalNotFound"],
              outcome,
              `${from}: ${outcome}`
            )
            continue
          }
          if (to === "deleted")
            assert.include(["DRAFT", "RETURNED", "SUPER_RETURNED", "REJECTED", "SUPER_REJECTED"], from)
          else if (to !== from) {
            const direct = workspaceStatusMachine.canTransition(from, to)
            const throughPending =
              workspaceStatusMachine.canTransition(from, "PENDING") &&
              workspaceStatusMachine.canTransition("PENDING", to)
            assert.isTrue(direct || throughPending, `${from} -> ${to}`)
            assert.isFalse(from === "DRAFT" && to === "ACTIVE", "a draft never activates without its approval")
          }
        }
      }),
      { numRuns: 40 }
    )
    assert.isAbove(refusals, 20)
  })
})
