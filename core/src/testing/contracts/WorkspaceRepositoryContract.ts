import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import { ApproverDirectory } from "../../approvals/ApprovalPorts.ts"
import type { User } from "../../identity/User.ts"
import { Recipient } from "../../notifications/Recipient.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import {
  Address,
  ContactInfo,
  blankWorkspaceFields,
  emptyAddress,
  emptyContact,
  type LocationFields,
  WorkspaceConfig,
  type WorkspaceFields,
  WorkspaceUser
} from "../../workspaces/Workspace.ts"
import { WorkspaceMembership } from "../../workspaces/WorkspaceMembership.ts"
import { WorkspaceRepository } from "../../workspaces/Workspace.ts"
import { Fixtures } from "../Fixtures.ts"

const office = (name: string, extra: Partial<LocationFields> = {}): LocationFields => ({
  name,
  status: "ACTIVE",
  description: "",
  addressType: "Office",
  address: emptyAddress,
  contactInfo: emptyContact,
  ...extra
})

const fieldsOf = (name: string, requesterId: string, extra: Partial<WorkspaceFields> = {}): WorkspaceFields => ({
  ...blankWorkspaceFields(name, "SAR", requesterId),
  ...extra
})

const all = { offset: 0, limit: 100 }

/** The behaviour every WorkspaceRepository (with its WorkspaceMembership and ApproverDirectory) must show. */
export const suite = (
  name: string,
  storage: Layer.Layer<WorkspaceRepository | WorkspaceMembership | ApproverDirectory | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`WorkspaceRepository contract: ${name}`, (it) => {
    /** An organisation with its first user, and a way to add colleagues. */
    const newOrg = Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const admin = yield* fixtures.newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const colleague = (roles: ReadonlyArray<string> = ["org_basic_user"], status?: User["status"]) =>
        fixtures.newUser({
          roles,
          colleagueOf: new Recipient({ orgId: admin.orgId, userId: admin.id }),
          ...(status === undefined ? {} : { status })
        })
      return { orgId, admin, colleague }
    })

    it.effect("numbers each organisation's workspaces in order, for people, beside their ids", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const first = yield* newOrg
        const second = yield* newOrg
        const a = yield* repository.create(first.orgId, fieldsOf("North", first.admin.id), "DRAFT", first.admin.id)
        const b = yield* repository.create(first.orgId, fieldsOf("South", first.admin.id), "DRAFT", first.admin.id)
        const other = yield* repository.create(
          second.orgId,
          fieldsOf("North", second.admin.id),
          "DRAFT",
          second.admin.id
        )
        assert.deepStrictEqual([a.number, b.number, other.number], ["WS-000001", "WS-000002", "WS-000001"])
        const edited = yield* repository.update(first.orgId, a.id, fieldsOf("North 2", first.admin.id), a.version)
        assert.strictEqual(Option.getOrThrow(edited).number, "WS-000001", "an edit keeps the number")
      })
    )

    it.effect("keeps a workspace with its locations and users, giving ids", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin, colleague } = yield* newOrg
        const member = yield* colleague()
        const address = new Address({
          ...emptyAddress,
          city: "Riyadh",
          street: "King Fahd Road",
          country: "SA",
          latitude: 24.7136,
          longitude: 46.6753
        })
        const contact = new ContactInfo({
          isPrimary: true,
          firstName: "Nadia",
          lastName: "Saleh",
          phone: "966500000001",
          email: "nadia@example.test"
        })
        const made = yield* repository.create(
          orgId,
          fieldsOf("Head Office", admin.id, {
            code: "HO",
            description: "The head office",
            remarks: "first",
            classification: "Department",
            startDate: "2026-01-01",
            endDate: "2026-12-31",
            config: new WorkspaceConfig({ autoSubmitOrder: true, autoRfqToVendors: false, directOrdersFromRfq: false }),
            locations: [
              office("Main office", { address, contactInfo: contact }),
              office("Store", { addressType: "Warehouse" })
            ],
            users: [new WorkspaceUser({ userId: member.id, role: "workspaces_manager" })]
          }),
          "DRAFT",
          admin.id
        )
        assert.deepStrictEqual(
          [made.name, made.code, made.status, made.version, made.createdBy, made.requesterId, made.isDefault],
          ["Head Office", "HO", "DRAFT", 1, admin.id, admin.id, false]
        )
        assert.deepStrictEqual(
          [made.startDate, made.endDate, made.classification],
          ["2026-01-01", "2026-12-31", "Department"]
        )
        assert.isTrue(made.config.autoSubmitOrder)
        assert.deepStrictEqual(
          made.locations.map((l) => [l.name, l.addressType, l.workspaceId, l.id.length > 0]),
          [
            ["Main office", "Office", made.id, true],
            ["Store", "Warehouse", made.id, true]
          ]
        )
        assert.strictEqual(made.locations[0]!.address.latitude, 24.7136)
        assert.strictEqual(made.locations[0]!.contactInfo.email, "nadia@example.test")
        assert.deepStrictEqual(
          made.users.map((u) => [u.userId, u.role]),
          [[member.id, "workspaces_manager"]]
        )
        const found = Option.getOrThrow(yield* repository.find(orgId, made.id))
        assert.deepStrictEqual(found, made)
      })
    )

    it.effect("uses a name once per organisation, whatever its case; other organisations may use it", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const one = yield* newOrg
        const two = yield* newOrg
        yield* repository.create(one.orgId, fieldsOf("Projects", one.admin.id), "DRAFT", one.admin.id)
        assert.isTrue(yield* repository.nameExists(one.orgId, "PROJECTS"))
        assert.isFalse(yield* repository.nameExists(two.orgId, "Projects"))
        const clash = yield* Effect.result(
          repository.create(one.orgId, fieldsOf("projects", one.admin.id), "DRAFT", one.admin.id)
        )
        assert.strictEqual(Result.isFailure(clash) && clash.failure._tag, "WorkspaceNameTaken")
        yield* repository.create(two.orgId, fieldsOf("Projects", two.admin.id), "DRAFT", two.admin.id)
        assert.strictEqual(yield* repository.countForCreate(one.orgId), 1)
        assert.strictEqual(yield* repository.countForCreate(two.orgId), 1)
      })
    )

    it.effect("updates against the version read: keeps named locations, adds and drops others", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin, colleague } = yield* newOrg
        const viewer = yield* colleague()
        const made = yield* repository.create(
          orgId,
          fieldsOf("Site A", admin.id, { locations: [office("Gate 1"), office("Gate 2")] }),
          "DRAFT",
          admin.id
        )
        const [gate1] = made.locations
        const saved = Option.getOrThrow(
          yield* repository.update(
            orgId,
            made.id,
            fieldsOf("Site A1", admin.id, {
              remarks: "moved",
              locations: [{ ...gate1!, name: "Gate 1 (north)" }, office("Yard", { addressType: "Other" })],
              users: [new WorkspaceUser({ userId: viewer.id, role: "workspaces_viewer" })]
            }),
            1
          )
        )
        assert.deepStrictEqual(
          [saved.name, saved.remarks, saved.version, saved.status],
          ["Site A1", "moved", 2, "DRAFT"]
        )
        assert.deepStrictEqual(
          saved.locations.map((l) => l.name),
          ["Gate 1 (north)", "Yard"]
        )
        assert.strictEqual(saved.locations[0]!.id, gate1!.id)
        assert.notStrictEqual(saved.locations[1]!.id, made.locations[1]!.id)
        assert.deepStrictEqual(
          saved.users.map((u) => [u.userId, u.role]),
          [[viewer.id, "workspaces_viewer"]]
        )
        const stale = yield* Effect.result(repository.update(orgId, made.id, fieldsOf("Late", admin.id), 1))
        assert.strictEqual(Result.isFailure(stale) && stale.failure._tag, "VersionConflict")
        assert.isTrue(Option.isNone(yield* repository.update(orgId, crypto.randomUUID(), fieldsOf("X", admin.id), 1)))
        yield* repository.create(orgId, fieldsOf("Site B", admin.id), "DRAFT", admin.id)
        const clash = yield* Effect.result(repository.update(orgId, made.id, fieldsOf("site b", admin.id), 2))
        assert.strictEqual(Result.isFailure(clash) && clash.failure._tag, "WorkspaceNameTaken")
      })
    )

    it.effect("moves status against the version read", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin } = yield* newOrg
        const made = yield* repository.create(orgId, fieldsOf("Status", admin.id), "DRAFT", admin.id)
        const pending = Option.getOrThrow(yield* repository.setStatus(orgId, made.id, "PENDING", 1))
        assert.deepStrictEqual([pending.status, pending.version], ["PENDING", 2])
        const stale = yield* Effect.result(repository.setStatus(orgId, made.id, "APPROVED", 1))
        assert.strictEqual(Result.isFailure(stale) && stale.failure._tag, "VersionConflict")
        assert.isTrue(Option.isNone(yield* repository.setStatus(orgId, crypto.randomUUID(), "APPROVED", 1)))
        assert.strictEqual(Option.getOrThrow(yield* repository.find(orgId, made.id)).status, "PENDING")
      })
    )

    it.effect("lists by name with search, status, classification and membership, and counts each", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin, colleague } = yield* newOrg
        const member = yield* colleague()
        const mine = [new WorkspaceUser({ userId: member.id, role: "workspaces_viewer" })]
        const make = (name: string, classification: string | null, users = mine, description = "") =>
          repository.create(orgId, fieldsOf(name, admin.id, { classification, users, description }), "DRAFT", admin.id)
        const alpha = yield* make("alpha", "Project")
        const bravo = yield* make("Bravo", "Department", [])
        const charlie = yield* make("charlie", null, mine, "warehouse works")
        yield* repository.setStatus(orgId, bravo.id, "PENDING", 1)
        const names = (page: { readonly workspaces: ReadonlyArray<{ readonly name: string }> }) =>
          page.workspaces.map((w) => w.name)

        const everything = yield* repository.list(orgId, all)
        assert.deepStrictEqual([names(everything), everything.totalCount], [["alpha", "Bravo", "charlie"], 3])
        const second = yield* repository.list(orgId, { offset: 1, limit: 1 })
        assert.deepStrictEqual([names(second), second.totalCount], [["Bravo"], 3])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { ...all, search: "WAREHOUSE" })), ["charlie"])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { ...all, statuses: ["PENDING"] })), ["Bravo"])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { ...all, classifications: ["Project", null] })), [
          "alpha",
          "charlie"
        ])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { ...all, memberId: member.id })), [
          "alpha",
          "charlie"
        ])

        const statuses = yield* repository.statusCounts(orgId, { ...all, statuses: ["PENDING"] })
        assert.deepStrictEqual(
          statuses.filter((s) => s.count > 0).map((s) => [s.status, s.count]),
          [
            ["DRAFT", 2],
            ["PENDING", 1]
          ]
        )
        assert.strictEqual(statuses.length, 10)
        const counted = yield* repository.filterCounts(orgId, {
          ...all,
          statuses: ["PENDING"],
          classifications: ["Project"]
        })
        assert.deepStrictEqual(
          counted.statusList,
          yield* repository.statusCounts(orgId, { ...all, classifications: ["Project"] })
        )
        const classes = (yield* repository.filterCounts(orgId, { ...all, classifications: ["Project"] }))
          .classificationsList
        assert.deepStrictEqual(
          classes.map((c) => [c.classification, c.count]),
          [
            ["Department", 1],
            ["Project", 1],
            [null, 1]
          ]
        )
        const memberClasses = (yield* repository.filterCounts(orgId, { ...all, memberId: member.id }))
          .classificationsList
        assert.deepStrictEqual(
          memberClasses.map((c) => [c.classification, c.count]),
          [
            ["Project", 1],
            [null, 1]
          ]
        )
        assert.deepStrictEqual(yield* repository.membershipsOf(orgId, member.id), [
          ...[alpha, charlie]
            .map((w) => ({ workspaceId: w.id, role: "workspaces_viewer" as const }))
            .sort((a, b) => (a.workspaceId < b.workspaceId ? -1 : 1))
        ])
      })
    )

    it.effect("answers membership for the workspace guard, inside the organisation only", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const membership = yield* WorkspaceMembership
        const { orgId, admin, colleague } = yield* newOrg
        const other = yield* newOrg
        const member = yield* colleague()
        const made = yield* repository.create(
          orgId,
          fieldsOf("Members", admin.id, {
            users: [new WorkspaceUser({ userId: member.id, role: "workspaces_admin" })]
          }),
          "DRAFT",
          admin.id
        )
        assert.deepStrictEqual(yield* membership.workspacesOf(orgId, member.id), [made.id])
        assert.deepStrictEqual(yield* membership.workspacesOf(orgId, admin.id), [])
        assert.isTrue(yield* membership.exists(orgId, made.id))
        assert.isFalse(yield* membership.exists(other.orgId, made.id))
        assert.isFalse(yield* membership.exists(orgId, crypto.randomUUID()))
      })
    )

    it.effect("names a workspace's users, by name and email, from its own organisation only", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin, colleague } = yield* newOrg
        const other = yield* newOrg
        const viewer = yield* colleague()
        const manager = yield* colleague()
        const made = yield* repository.create(
          orgId,
          fieldsOf("Named", admin.id, {
            users: [
              new WorkspaceUser({ userId: viewer.id, role: "workspaces_viewer" }),
              new WorkspaceUser({ userId: other.admin.id, role: "workspaces_admin" }),
              new WorkspaceUser({ userId: manager.id, role: "workspaces_manager" })
            ]
          }),
          "DRAFT",
          admin.id
        )
        const expected = [
          { user: viewer, role: "workspaces_viewer" as const },
          { user: manager, role: "workspaces_manager" as const }
        ]
          .map(({ user, role }) => ({
            userId: user.id as string,
            role,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email
          }))
          .sort((a, b) => (a.email.toLowerCase() < b.email.toLowerCase() ? -1 : 1))
        assert.deepStrictEqual(yield* repository.members(orgId, made.id), expected)
        assert.deepStrictEqual(yield* repository.members(other.orgId, made.id), [])
        assert.deepStrictEqual(yield* repository.members(orgId, "not-an-id"), [])
      })
    )

    it.effect("keeps each user's default workspace and saved columns, and forgets a deleted default", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const { orgId, admin, colleague } = yield* newOrg
        const someone = yield* colleague()
        const one = yield* repository.create(orgId, fieldsOf("One", admin.id), "DRAFT", admin.id)
        const two = yield* repository.create(orgId, fieldsOf("Two", admin.id), "DRAFT", admin.id)
        assert.isTrue(Option.isNone(yield* repository.defaultOf(orgId, admin.id)))
        yield* repository.setDefault(orgId, admin.id, one.id)
        yield* repository.setDefault(orgId, admin.id, two.id)
        yield* repository.setDefault(orgId, someone.id, one.id)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.defaultOf(orgId, admin.id)), two.id)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.defaultOf(orgId, someone.id)), one.id)
        assert.deepStrictEqual((yield* repository.preferencesOf(orgId, admin.id)).columns, [])
        yield* repository.saveColumns(orgId, admin.id, ["name", "status"])
        yield* repository.saveColumns(orgId, admin.id, ["status", "code", "name"])
        assert.deepStrictEqual(yield* repository.preferencesOf(orgId, admin.id), {
          defaultId: Option.some(two.id),
          columns: ["status", "code", "name"]
        })
        assert.deepStrictEqual(yield* repository.preferencesOf(orgId, someone.id), {
          defaultId: Option.some(one.id),
          columns: []
        })
        assert.isTrue(yield* repository.remove(orgId, one.id))
        assert.isTrue(Option.isNone(yield* repository.defaultOf(orgId, someone.id)))
        assert.isTrue(Option.isNone(yield* repository.find(orgId, one.id)))
        assert.isFalse(yield* repository.remove(orgId, one.id))
      })
    )

    it.effect("never shows, changes or deletes another organisation's workspace", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const mine = yield* newOrg
        const theirs = yield* newOrg
        const made = yield* repository.create(
          theirs.orgId,
          fieldsOf("Theirs", theirs.admin.id),
          "DRAFT",
          theirs.admin.id
        )
        assert.isTrue(Option.isNone(yield* repository.find(mine.orgId, made.id)))
        assert.strictEqual((yield* repository.list(mine.orgId, all)).totalCount, 0)
        assert.isTrue(Option.isNone(yield* repository.setStatus(mine.orgId, made.id, "PENDING", 1)))
        assert.isTrue(Option.isNone(yield* repository.update(mine.orgId, made.id, fieldsOf("Mine", mine.admin.id), 1)))
        assert.isFalse(yield* repository.remove(mine.orgId, made.id))
        yield* repository.setDefault(mine.orgId, mine.admin.id, made.id)
        assert.isTrue(Option.isNone(yield* repository.defaultOf(mine.orgId, mine.admin.id)))
        assert.strictEqual(Option.getOrThrow(yield* repository.find(theirs.orgId, made.id)).name, "Theirs")
      })
    )

    it.effect("names role approvers: the workspace's active users holding the role there or in the organisation", () =>
      Effect.gen(function* () {
        const repository = yield* WorkspaceRepository
        const approvers = yield* ApproverDirectory
        const { orgId, admin, colleague } = yield* newOrg
        const byWorkspaceRole = yield* colleague()
        const byOrgRole = yield* colleague(["org_basic_user", "request_approver"])
        const outsider = yield* colleague(["request_approver"])
        const inactive = yield* colleague(["request_approver"], "INACTIVE")
        const made = yield* repository.create(
          orgId,
          fieldsOf("Approvers", admin.id, {
            users: [
              new WorkspaceUser({ userId: byWorkspaceRole.id, role: "workspaces_admin" }),
              new WorkspaceUser({ userId: byOrgRole.id, role: "workspaces_viewer" }),
              new WorkspaceUser({ userId: inactive.id, role: "workspaces_admin" })
            ]
          }),
          "DRAFT",
          admin.id
        )
        assert.deepStrictEqual(yield* approvers.usersWithRole(orgId, made.id, "workspaces_admin"), [byWorkspaceRole.id])
        assert.deepStrictEqual(yield* approvers.usersWithRole(orgId, made.id, "request_approver"), [byOrgRole.id])
        assert.deepStrictEqual(
          yield* approvers.usersWithRole(orgId, null, "request_approver"),
          [byOrgRole.id, outsider.id].sort()
        )
        assert.deepStrictEqual(yield* approvers.usersWithRole(orgId, null, "workspaces_admin"), [])
        assert.deepStrictEqual(
          [...(yield* approvers.activeUsers(orgId, [inactive.id, outsider.id, crypto.randomUUID()]))],
          [outsider.id]
        )
        const other = yield* newOrg
        assert.deepStrictEqual(yield* approvers.usersWithRole(other.orgId, made.id, "workspaces_admin"), [])
        assert.deepStrictEqual(yield* approvers.activeUsers(other.orgId, [outsider.id]), [])
      })
    )
  })
