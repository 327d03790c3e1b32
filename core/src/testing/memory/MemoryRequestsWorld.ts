import { Effect, Layer, Option } from "effect"
import { privilegesWithCustomRoles } from "../../access/OrgRole.ts"
import { approvalsLayer } from "../../approvals/ApprovalsService.ts"
import { BudgetLedger } from "../../budgets/BudgetLedger.ts"
import { DocumentReaders } from "../../files/DocumentReaders.ts"
import { Files } from "../../files/Files.ts"
import { BudgetLineInput, NewBudgetInput } from "../../budgets/Budget.ts"
import { Budgets } from "../../budgets/Budgets.ts"
import { ListCounts } from "../../documents/ListCounts.ts"
import { Actor } from "../../identity/Actor.ts"
import { Recipient } from "../../notifications/Recipient.ts"
import type { OrgSettings } from "../../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../../organisations/OrgSettingsRepository.ts"
import { Requests } from "../../requests/Requests.ts"
import { EventBus } from "../../shared/EventBus.ts"
import { Transactions } from "../../shared/Transactions.ts"
import {
  defaultWorkspaceConfig,
  emptyAddress,
  emptyContact,
  WorkspaceRepository,
  WorkspaceUser,
  type WorkspaceRole
} from "../../workspaces/Workspace.ts"
import { Workspaces } from "../../workspaces/Workspaces.ts"
import { Fixtures } from "../Fixtures.ts"
import { layerMemoryAdministration } from "./MemoryAdministration.ts"
import { layerMemoryApprovals } from "./MemoryApprovals.ts"
import { layerMemoryBudgets } from "./MemoryBudgets.ts"
import {
  layerMemoryFileRepository,
  layerMemoryFileStore,
  layerMemoryUploadGrants,
  layerSignatureInspector
} from "./MemoryFiles.ts"
import { MemoryNotificationRepository } from "./MemoryNotificationRepository.ts"
import { layerMemoryRequests } from "./MemoryRequests.ts"
import { layerMemoryWorkspaces } from "./MemoryWorkspaces.ts"

/**
 * The requests use cases as they run in the product — the real approval engine, budget ledger, budgets, workspaces
 * and files — over the memory stores, for tests of requests and of what drives them.
 */
export const layerMemoryRequestsWorld = Requests.layer.pipe(
  Layer.provideMerge(
    Layer.mergeAll(Budgets.layer, BudgetLedger.layer, Workspaces.layer, Files.layer, ListCounts.layer)
  ),
  Layer.provideMerge(approvalsLayer),
  Layer.provideMerge(
    Layer.mergeAll(
      EventBus.layerInProcess,
      layerMemoryRequests,
      layerMemoryBudgets,
      layerMemoryWorkspaces,
      layerMemoryApprovals,
      MemoryNotificationRepository,
      Transactions.layerPassThrough,
      layerMemoryFileRepository,
      layerMemoryFileStore,
      layerSignatureInspector,
      layerMemoryUploadGrants,
      DocumentReaders.layer
    )
  ),
  Layer.provideMerge(layerMemoryAdministration)
)

/** A signed-in user of a new organisation, or of the given actor's, holding the given roles. */
export const requestsWorldActor = (roles: ReadonlyArray<string>, colleagueOf?: Actor) =>
  Effect.gen(function* () {
    const user = yield* (yield* Fixtures).newUser({
      roles,
      ...(colleagueOf === undefined
        ? {}
        : { colleagueOf: new Recipient({ orgId: colleagueOf.orgId, userId: colleagueOf.userId }) })
    })
    return new Actor({
      sessionId: "session",
      userId: user.id,
      orgId: user.orgId,
      email: user.email,
      displayName: user.displayName,
      roles: user.roles,
      privileges: privilegesWithCustomRoles(user.roles, [])
    })
  })

/** An active workspace of the admin's organisation with one location and the given users in their roles. */
export const requestsWorldWorkspace = (
  admin: Actor,
  name: string,
  users: ReadonlyArray<readonly [Actor, WorkspaceRole]> = [],
  status: "ACTIVE" | "DRAFT" = "ACTIVE"
) =>
  Effect.flatMap(WorkspaceRepository, (repository) =>
    repository.create(
      admin.orgId,
      {
        name,
        code: null,
        description: "",
        remarks: "",
        classification: null,
        startDate: null,
        endDate: null,
        currency: "SAR",
        config: defaultWorkspaceConfig,
        locations: [
          {
            name: `${name} store`,
            status: "ACTIVE",
            description: "",
            addressType: "Warehouse",
            address: emptyAddress,
            contactInfo: emptyContact
          }
        ],
        users: users.map(([actor, role]) => new WorkspaceUser({ userId: actor.userId, role })),
        requesterId: admin.userId
      },
      status,
      admin.userId
    )
  ).pipe(Effect.orDie)

/** An active budget of 2026 on a workspace, with the given lines (key and limit) and policy. */
export const requestsWorldBudget = (
  admin: Actor,
  workspaceId: string,
  lines: ReadonlyArray<readonly [string, string]>,
  policy: NewBudgetInput["policy"] = "STOP"
) =>
  Effect.gen(function* () {
    const budgets = yield* Budgets
    const made = yield* budgets.create(
      admin,
      new NewBudgetInput({
        workspaceId,
        name: "FY 2026",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        policy,
        lines: lines.map(([key, limit]) => new BudgetLineInput({ key, label: key, limit }))
      })
    )
    return yield* budgets.activate(admin, made.id)
  }).pipe(Effect.orDie)

/** Changes an organisation's settings in place (its admin and general configuration, or its modules). */
export const requestsWorldSettings = (admin: Actor, change: (settings: OrgSettings) => OrgSettings) =>
  Effect.gen(function* () {
    const repository = yield* OrgSettingsRepository
    const current = Option.getOrThrow(yield* repository.find(admin.orgId))
    return yield* repository.save(change(current), current.version)
  }).pipe(Effect.orDie)
