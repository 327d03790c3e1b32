import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Contract, ContractLine, ContractName } from "./Contract.ts"
import type { ContractStatus } from "./ContractStatus.ts"

/** A contract's own fields as a create or an edit leaves them (the vendor's and products' names as looked up). */
export interface ContractRecord {
  readonly title: string
  readonly vendorId: string
  readonly vendorName: ContractName
  readonly workspaceId: string | null
  readonly workspaceName: string | null
  readonly currency: string
  readonly startDate: string
  readonly endDate: string
  readonly ceiling: string | null
  readonly lines: ReadonlyArray<ContractLine>
  readonly attachments: ReadonlyArray<string>
  readonly terms: string
}

/** The filters of the contracts list. */
export interface ContractFilter {
  readonly statuses?: ReadonlyArray<ContractStatus> | undefined
  readonly vendorId?: string | undefined
  /** Words of the title, number or vendor name. */
  readonly search?: string | undefined
}

/** One page of the list, newest first. */
export interface ContractQuery extends ContractFilter {
  readonly offset: number
  readonly limit: number
}

/** What a consumption or a release found when it did not apply. */
export type CeilingMove =
  | { readonly _tag: "Moved"; readonly contract: Contract }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Refused"; readonly contract: Contract }

/** An active contract reaching its alert window, for the expiry job: which organisation, which contract. */
export interface ContractDue {
  readonly orgId: OrgId
  readonly id: string
}

/**
 * Where contracts are kept, per organisation. The ceiling moves by one conditional statement each way, so that
 * concurrent orders never take more than the ceiling: `consume` adds only where `consumed + amount <= ceiling` (or
 * there is no ceiling) and the contract is active on the day; `release` subtracts only where `consumed >= amount`.
 */
export interface ContractRepositoryShape {
  /** Stores a draft with the organisation's next contract number (`CTR-000001`), owned by `ownerId`. */
  readonly insert: (orgId: OrgId, record: ContractRecord, ownerId: string) => Effect.Effect<Contract>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Contract>>
  /** Writes a draft's fields at the version read. */
  readonly update: (
    orgId: OrgId,
    id: string,
    record: ContractRecord,
    version: number
  ) => Effect.Effect<Option.Option<Contract>, VersionConflict>
  /** Moves a contract's status at the version read, with the remark of an ending. */
  readonly setStatus: (
    orgId: OrgId,
    id: string,
    status: ContractStatus,
    version: number,
    endRemark?: string
  ) => Effect.Effect<Option.Option<Contract>, VersionConflict>
  readonly list: (orgId: OrgId, query: ContractQuery) => Effect.Effect<ReadonlyArray<Contract>>
  /** How many contracts of the filter are in each status. */
  readonly counts: (
    orgId: OrgId,
    filter: ContractFilter
  ) => Effect.Effect<ReadonlyArray<{ readonly status: ContractStatus; readonly count: number }>>
  /**
   * Takes `amount` of an active contract's ceiling for an order (`orderRef`), on `day`, in one conditional
   * statement; the movement is kept beside it.
   */
  readonly consume: (
    orgId: OrgId,
    id: string,
    amount: string,
    orderRef: string,
    day: string
  ) => Effect.Effect<CeilingMove>
  /** Gives `amount` back to the ceiling (an order cancelled or reduced), in one conditional statement. */
  readonly release: (orgId: OrgId, id: string, amount: string, orderRef: string) => Effect.Effect<CeilingMove>
  /** What the order `orderRef` holds of each contract's ceiling now: its consumptions less its releases, above zero. */
  readonly heldBy: (
    orgId: OrgId,
    orderRef: string
  ) => Effect.Effect<ReadonlyArray<{ readonly contractId: string; readonly amount: string }>>
  /** The active contracts with `vendorId` valid on `day` that agree a price for any of `productIds`. */
  readonly inForce: (
    orgId: OrgId,
    vendorId: string,
    productIds: ReadonlyArray<string>,
    day: string
  ) => Effect.Effect<ReadonlyArray<Contract>>
  /**
   * Across organisations: the active contracts not yet alerted that end on or before `alertUntil` (today plus the
   * alert window), and those that ended before `today`.
   */
  readonly dueForExpiry: (
    today: string,
    alertUntil: string
  ) => Effect.Effect<{ readonly alert: ReadonlyArray<ContractDue>; readonly expire: ReadonlyArray<ContractDue> }>
  /** Marks the owner alerted, once: None when another process (or an earlier run) did already. */
  readonly markAlerted: (orgId: OrgId, id: string, alertUntil: string) => Effect.Effect<Option.Option<Contract>>
  /** Moves an active contract that ended before `today` to CONTRACT_EXPIRED, once; None when it was not due. */
  readonly expire: (orgId: OrgId, id: string, today: string) => Effect.Effect<Option.Option<Contract>>
}

/** Port: contracts. */
export class ContractRepository extends Context.Service<ContractRepository, ContractRepositoryShape>()(
  "@tawreed/core/contracts/ContractRepository"
) {}
