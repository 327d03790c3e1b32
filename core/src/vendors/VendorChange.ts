import { Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { reviewFields } from "../documents/DocumentReview.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"
import { VendorAddress, VendorBankAccount, VendorName } from "./Vendor.ts"

/**
 * Where a proposed change to a connected vendor's key details stands, as SAP Ariba's and Coupa's supplier change
 * requests do:
 *
 * - PENDING: saved, not applied; the buyer's reviewers decide through the approval engine.
 * - APPROVED: applied to the vendor, at the version the vendor had when it was proposed.
 * - REJECTED: discarded with the reviewer's remark; the vendor keeps its details.
 * - WITHDRAWN: taken back by whoever proposed it (or a vendor administrator) before it was decided.
 */
export const VendorChangeStatus = Schema.Literals(["PENDING", "APPROVED", "REJECTED", "WITHDRAWN"])
export type VendorChangeStatus = typeof VendorChangeStatus.Type

const vendorChangeTransitions: TransitionTable<VendorChangeStatus> = {
  PENDING: ["APPROVED", "REJECTED", "WITHDRAWN"],
  APPROVED: [],
  REJECTED: [],
  WITHDRAWN: []
}

/** The change's status machine: it is decided once. */
export const vendorChangeStatusMachine = makeStatusMachine({
  entity: "vendor_change",
  statuses: VendorChangeStatus.literals,
  initial: "PENDING",
  transitions: vendorChangeTransitions
})

/** The statuses a change takes from its approval; a withdrawn round reads as the engine's RETURNED. */
export const vendorChangeApprovalStatuses: ApprovalStatuses<VendorChangeStatus> = {
  pending: "PENDING",
  approved: "APPROVED",
  returned: "WITHDRAWN",
  rejected: "REJECTED"
}

/**
 * The key details of a vendor whose change is reviewed before it applies: its legal names, CR and VAT numbers,
 * addresses and bank accounts. Bank accounts are always reviewed; the others while the organisation's onboarding
 * rule "Review changes to vendor details" is on (it is by default).
 */
export const VendorKeyField = Schema.Literals(["name", "crNumber", "vatNumber", "addresses", "bankAccounts"])
export type VendorKeyField = typeof VendorKeyField.Type

/** The key fields that are reviewed whatever the onboarding rule says. */
export const alwaysReviewedFields: ReadonlyArray<VendorKeyField> = ["bankAccounts"]

/** A vendor's key details, as they were before a change and as the change would make them. */
export class VendorKeyDetails extends Schema.Class<VendorKeyDetails>("VendorKeyDetails")({
  name: VendorName,
  crNumber: Schema.NullOr(Schema.String),
  vatNumber: Schema.NullOr(Schema.String),
  addresses: Schema.Array(VendorAddress),
  bankAccounts: Schema.Array(VendorBankAccount)
}) {}

/** The key details of a vendor (or of its checked fields). */
export const keyDetailsOf = (fields: {
  readonly name: VendorName
  readonly crNumber: string | null
  readonly vatNumber: string | null
  readonly addresses: ReadonlyArray<VendorAddress>
  readonly bankAccounts: ReadonlyArray<VendorBankAccount>
}): VendorKeyDetails =>
  new VendorKeyDetails({
    name: new VendorName({ en: fields.name.en, ar: fields.name.ar }),
    crNumber: fields.crNumber,
    vatNumber: fields.vatNumber,
    addresses: fields.addresses.map((a) => new VendorAddress({ ...a })),
    bankAccounts: fields.bankAccounts.map((b) => new VendorBankAccount({ ...b }))
  })

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The key fields whose values differ between two sets of details, in the order of `VendorKeyField`. */
export const changedKeyFields = (before: VendorKeyDetails, after: VendorKeyDetails): ReadonlyArray<VendorKeyField> =>
  VendorKeyField.literals.filter((field) => !same(before[field], after[field]))

/** Which of the changed key fields go to review, under the organisation's rule. */
export const reviewedFields = (
  changed: ReadonlyArray<VendorKeyField>,
  reviewAllKeyFields: boolean
): ReadonlyArray<VendorKeyField> =>
  reviewAllKeyFields ? changed : changed.filter((f) => alwaysReviewedFields.includes(f))

/** An IBAN as people see it outside the vendor's own page of record: all but its last four characters hidden. */
export const maskIban = (iban: string): string => (iban.length <= 4 ? iban : `${"•".repeat(4)} ${iban.slice(-4)}`)

/**
 * A proposed change to a connected vendor's key details: the details before and after, the fields it changes, the
 * version of the vendor it was proposed against (approval applies it only at that version), who proposed it and
 * where its review stands. One vendor has at most one PENDING change.
 */
export class VendorChange extends Schema.Class<VendorChange>("VendorChange")({
  id: Schema.String,
  vendorId: Schema.String,
  status: VendorChangeStatus,
  fields: Schema.Array(VendorKeyField),
  before: VendorKeyDetails,
  after: VendorKeyDetails,
  vendorVersion: Schema.Int,
  requestedBy: Schema.String,
  /** The proposer's name, for people. */
  requestedByName: Schema.String,
  remark: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  decidedAt: Schema.NullOr(Schema.String)
}) {}

/** `GET vendors/changes/{vendorId}`: the vendor's pending change, if it has one, and its recent decided ones. */
export class VendorChangeList extends Schema.Class<VendorChangeList>("VendorChangeList")({
  pending: Schema.NullOr(VendorChange),
  recent: Schema.Array(VendorChange)
}) {}

/**
 * `PUT vendors/changes/status/{id}`: approve or reject a pending change with a remark, at the change's version,
 * as a super approver over every level where the reviewer is one (as `PUT invites/status/{id}`).
 */
export class VendorChangeReviewInput extends Schema.Class<VendorChangeReviewInput>("VendorChangeReviewInput")({
  ...reviewFields(["approve", "reject"]),
  version: Schema.optionalKey(Schema.Int)
}) {}

/**
 * The onboarding rule "Review changes to vendor details" (`GET`/`PUT vendors/change-rule`): whether changes of a
 * connected vendor's legal names, CR and VAT numbers and addresses wait for review too. Bank accounts always do,
 * as SAP Ariba's and Coupa's supplier change requests have it; on by default.
 */
export class VendorChangeRule extends Schema.Class<VendorChangeRule>("VendorChangeRule")({
  reviewAllKeyFields: Schema.Boolean
}) {}

/** `PUT vendors/changes/withdraw/{id}`: takes a pending change back, with a remark. */
export class VendorChangeWithdrawInput extends Schema.Class<VendorChangeWithdrawInput>("VendorChangeWithdrawInput")({
  remark: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000))),
  version: Schema.optionalKey(Schema.Int)
}) {}
