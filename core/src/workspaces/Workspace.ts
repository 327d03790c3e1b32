import { Context, type Effect, type Option, Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { WorkspaceNameTaken } from "./WorkspaceErrors.ts"
import { WorkspaceStatus } from "./WorkspaceStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** A calendar day, `YYYY-MM-DD`. */
export const IsoDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/** The roles a user holds inside one workspace (SPEC.md §6). */
export const WorkspaceRole = Schema.Literals(["workspaces_viewer", "workspaces_manager", "workspaces_admin"])
export type WorkspaceRole = typeof WorkspaceRole.Type

/** One user of a workspace and the role they hold there. */
export class WorkspaceUser extends Schema.Class<WorkspaceUser>("WorkspaceUser")({
  userId: Schema.String,
  role: WorkspaceRole
}) {}

/** How a workspace's documents flow (SPEC.md §3 Workspace default config). */
export class WorkspaceConfig extends Schema.Class<WorkspaceConfig>("WorkspaceConfig")({
  autoSubmitOrder: Schema.Boolean,
  autoRfqToVendors: Schema.Boolean,
  directOrdersFromRfq: Schema.Boolean
}) {}

/** The configuration of a new workspace: orders wait to be submitted, RFQs wait to be sent, RFQs may order. */
export const defaultWorkspaceConfig = new WorkspaceConfig({
  autoSubmitOrder: false,
  autoRfqToVendors: false,
  directOrdersFromRfq: true
})

/** The kinds of location (SPEC.md §3). */
export const LocationType = Schema.Literals(["Office", "Warehouse", "Other"])
export type LocationType = typeof LocationType.Type

/** A location is in use (offered on documents) or not. */
export const LocationStatus = Schema.Literals(["ACTIVE", "INACTIVE"])
export type LocationStatus = typeof LocationStatus.Type

/** Where a location is (SPEC.md §3 Location default address). */
export class Address extends Schema.Class<Address>("Address")({
  city: Text(100),
  street: Text(200),
  provinceState: Text(100),
  country: Text(100),
  postalCode: Text(20),
  latitude: Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: -90, maximum: 90 }))),
  longitude: Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: -180, maximum: 180 }))),
  mapsLink: Text(2000),
  addressDirectionDetails: Text(1000)
}) {}

/** An empty address, for locations made without one. */
export const emptyAddress = new Address({
  city: "",
  street: "",
  provinceState: "",
  country: "",
  postalCode: "",
  latitude: null,
  longitude: null,
  mapsLink: "",
  addressDirectionDetails: ""
})

/** Whom to call at a location; every location's contact is its primary one (SPEC.md §3). */
export class ContactInfo extends Schema.Class<ContactInfo>("ContactInfo")({
  isPrimary: Schema.Boolean,
  firstName: Text(100),
  lastName: Text(100),
  phone: Text(30),
  email: Text(254)
}) {}

export const emptyContact = new ContactInfo({ isPrimary: true, firstName: "", lastName: "", phone: "", email: "" })

/** A place of a workspace that goods are delivered to (SPEC.md §3 Location). */
export class Location extends Schema.Class<Location>("Location")({
  id: Schema.String,
  name: Schema.String,
  status: LocationStatus,
  description: Schema.String,
  workspaceId: Schema.String,
  addressType: LocationType,
  address: Address,
  contactInfo: ContactInfo
}) {}

/**
 * A workspace (SPEC.md §3 Workspace): a department, project or cost centre that procurement happens in, with its
 * locations and users. `isDefault` is the reader's own: whether they chose it as their default workspace.
 * `requesterId` is who asked for it (the submitter unless said otherwise), whom the approval workflow keeps from
 * approving it.
 */
export class Workspace extends Schema.Class<Workspace>("Workspace")({
  id: Schema.String,
  /** What people call it (`WS-000012`), numbered per organisation. */
  number: Schema.String,
  name: Schema.String,
  code: Schema.NullOr(Schema.String),
  description: Schema.String,
  remarks: Schema.String,
  classification: Schema.NullOr(Schema.String),
  startDate: Schema.NullOr(IsoDate),
  endDate: Schema.NullOr(IsoDate),
  currency: Schema.String,
  status: WorkspaceStatus,
  isDefault: Schema.Boolean,
  config: WorkspaceConfig,
  locations: Schema.Array(Location),
  users: Schema.Array(WorkspaceUser),
  createdBy: Schema.String,
  requesterId: Schema.String,
  /** The version the next update must name (optimistic locking). */
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** A location as a create or update gives it: without an id it is new; fields left out take the defaults. */
export class LocationInput extends Schema.Class<LocationInput>("LocationInput")({
  id: Schema.optionalKey(Schema.String),
  name: Text(200),
  status: Schema.optionalKey(LocationStatus),
  description: Schema.optionalKey(Text(2000)),
  addressType: Schema.optionalKey(LocationType),
  address: Schema.optionalKey(Address),
  contactInfo: Schema.optionalKey(ContactInfo)
}) {}

const inputFields = {
  code: Schema.optionalKey(Schema.NullOr(Text(40))),
  description: Schema.optionalKey(Text(2000)),
  remarks: Schema.optionalKey(Text(2000)),
  classification: Schema.optionalKey(Schema.NullOr(Text(100))),
  startDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  endDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  currency: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/))),
  config: Schema.optionalKey(WorkspaceConfig),
  locations: Schema.optionalKey(cappedArray(LocationInput, maxItems.workspaceLocations)),
  users: Schema.optionalKey(cappedArray(WorkspaceUser, maxItems.workspaceMembers)),
  requesterId: Schema.optionalKey(Schema.String)
}

/** `POST workspaces`: a new workspace; what is left out takes the defaults of SPEC.md §3. */
export class NewWorkspaceInput extends Schema.Class<NewWorkspaceInput>("NewWorkspaceInput")({
  name: Text(200),
  ...inputFields
}) {}

/** `PUT workspaces` payload: the workspace's id, the version read, and the fields to change. */
export class WorkspaceUpdateInput extends Schema.Class<WorkspaceUpdateInput>("WorkspaceUpdateInput")({
  id: Schema.String,
  version: Schema.Int,
  name: Schema.optionalKey(Text(200)),
  ...inputFields
}) {}

/** A location's fields, checked; without an id it is new. */
export interface LocationFields {
  readonly id?: string | undefined
  readonly name: string
  readonly status: LocationStatus
  readonly description: string
  readonly addressType: LocationType
  readonly address: Address
  readonly contactInfo: ContactInfo
}

/** The fields a workspace is stored with, checked; locations without an id are new. */
export interface WorkspaceFields {
  readonly name: string
  readonly code: string | null
  readonly description: string
  readonly remarks: string
  readonly classification: string | null
  readonly startDate: string | null
  readonly endDate: string | null
  readonly currency: string
  readonly config: WorkspaceConfig
  readonly locations: ReadonlyArray<LocationFields>
  readonly users: ReadonlyArray<WorkspaceUser>
  readonly requesterId: string
}

/** A new workspace's fields: its name, currency and requester, nothing else yet, and SPEC.md §3's default config. */
export const blankWorkspaceFields = (name: string, currency: string, requesterId: string): WorkspaceFields => ({
  name,
  code: null,
  description: "",
  remarks: "",
  classification: null,
  startDate: null,
  endDate: null,
  currency,
  config: defaultWorkspaceConfig,
  locations: [],
  users: [],
  requesterId
})

/** One line of the list's status counts. */
export class WorkspaceStatusCount extends Schema.Class<WorkspaceStatusCount>("WorkspaceStatusCount")({
  status: WorkspaceStatus,
  count: Schema.Int
}) {}

/** One line of the list's classification counts; `classification` null counts the unclassified. */
export class ClassificationCount extends Schema.Class<ClassificationCount>("ClassificationCount")({
  classification: Schema.NullOr(Schema.String),
  count: Schema.Int
}) {}

/**
 * `GET workspaces`: a page of workspaces, how many match in all, the count of each status among those the other
 * filters match, the count of each classification likewise, and the list columns the reader saved.
 */
export class WorkspacePage extends Schema.Class<WorkspacePage>("WorkspacePage")({
  workspaces: Schema.Array(Workspace),
  totalCount: Schema.Int,
  statusList: Schema.Array(WorkspaceStatusCount),
  classificationsList: Schema.Array(ClassificationCount),
  columns: Schema.Array(Schema.String)
}) {}

/** `GET workspaces/count`: how many workspaces there are, and whether another may be created. */
export class WorkspaceCount extends Schema.Class<WorkspaceCount>("WorkspaceCount")({
  count: Schema.Int,
  workspacesLimit: Schema.NullOr(Schema.Int),
  disableWorkspaceCreation: Schema.Boolean,
  creationAllowed: Schema.Boolean
}) {}

/** What the workspaces list narrows by. */
export interface WorkspaceQuery {
  /** Matched against name, code and description. */
  readonly search?: string | undefined
  readonly statuses?: ReadonlyArray<WorkspaceStatus> | undefined
  /** `null` in the list asks for unclassified workspaces. */
  readonly classifications?: ReadonlyArray<string | null> | undefined
  /** Only the workspaces this user belongs to. */
  readonly memberId?: string | undefined
  readonly offset: number
  readonly limit: number
}

/** A workspace's user as readers know them: their name and email beside the role they hold there. */
export interface WorkspaceMember {
  readonly userId: string
  readonly role: WorkspaceRole
  readonly firstName: string
  readonly lastName: string
  readonly email: string
}

/** A user's membership: which workspace, in which role. */
export interface Membership {
  readonly workspaceId: string
  readonly role: WorkspaceRole
}

/** Where workspaces, their locations and users, and each user's workspace preferences are kept. */
export interface WorkspaceRepositoryShape {
  /** Stores a new workspace, giving it and its new locations ids; WorkspaceNameTaken for a name in use. */
  readonly create: (
    orgId: OrgId,
    fields: WorkspaceFields,
    status: WorkspaceStatus,
    createdBy: string
  ) => Effect.Effect<Workspace, WorkspaceNameTaken>
  /**
   * Replaces a workspace's fields, locations and users when its stored version is `expectedVersion`; none when
   * there is no such workspace, VersionConflict when it moved since.
   */
  readonly update: (
    orgId: OrgId,
    id: string,
    fields: WorkspaceFields,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Workspace>, WorkspaceNameTaken | VersionConflict>
  /** Moves a workspace to a status when its stored version is `expectedVersion`. */
  readonly setStatus: (
    orgId: OrgId,
    id: string,
    status: WorkspaceStatus,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Workspace>, VersionConflict>
  readonly remove: (orgId: OrgId, id: string) => Effect.Effect<boolean>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Workspace>>
  readonly nameExists: (orgId: OrgId, name: string) => Effect.Effect<boolean>
  readonly list: (
    orgId: OrgId,
    query: WorkspaceQuery
  ) => Effect.Effect<{ readonly workspaces: ReadonlyArray<Workspace>; readonly totalCount: number }>
  /** Per status, how many match the query's other filters. */
  readonly statusCounts: (orgId: OrgId, query: WorkspaceQuery) => Effect.Effect<ReadonlyArray<WorkspaceStatusCount>>
  /**
   * A list's two filters' counts, read together: per status (as `statusCounts`) and per classification found, how
   * many match the query's other filters, the unclassified last.
   */
  readonly filterCounts: (
    orgId: OrgId,
    query: WorkspaceQuery
  ) => Effect.Effect<{
    readonly statusList: ReadonlyArray<WorkspaceStatusCount>
    readonly classificationsList: ReadonlyArray<ClassificationCount>
  }>
  /**
   * How many workspaces the organisation has, counted under the organisation's creation lock, which holds until
   * the surrounding transaction ends: two creates never both take the last place under the plan's limit.
   */
  readonly countForCreate: (orgId: OrgId) => Effect.Effect<number>
  readonly membershipsOf: (orgId: OrgId, userId: string) => Effect.Effect<ReadonlyArray<Membership>>
  /** A workspace's users with their names, by first name, last name and email; none for another organisation's. */
  readonly members: (orgId: OrgId, workspaceId: string) => Effect.Effect<ReadonlyArray<WorkspaceMember>>
  readonly defaultOf: (orgId: OrgId, userId: string) => Effect.Effect<Option.Option<string>>
  readonly setDefault: (orgId: OrgId, userId: string, workspaceId: string) => Effect.Effect<void>
  /** A user's preferences read together: the default workspace and the list's columns. */
  readonly preferencesOf: (
    orgId: OrgId,
    userId: string
  ) => Effect.Effect<{ readonly defaultId: Option.Option<string>; readonly columns: ReadonlyArray<string> }>
  readonly saveColumns: (orgId: OrgId, userId: string, columns: ReadonlyArray<string>) => Effect.Effect<void>
}

/** Port: where workspaces are kept. */
export class WorkspaceRepository extends Context.Service<WorkspaceRepository, WorkspaceRepositoryShape>()(
  "@tawreed/core/workspaces/WorkspaceRepository"
) {}
