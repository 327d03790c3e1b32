import { Context, DateTime, Effect, Layer, Option } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled } from "../access/AccessErrors.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { ApprovalSubject, type TimelineEntry } from "../approvals/Workflow.ts"
import { type ApprovalFailure, documentApproval } from "../documents/DocumentApproval.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import type { FileNotAttachable, FileNotFound } from "../files/FileErrors.ts"
import { Files } from "../files/Files.ts"
import { DocumentRef, type FileId } from "../files/StoredFile.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { isEmail } from "../identity/LoginRules.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  type InvalidPage,
  type InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import { pageRequest } from "../shared/Paging.ts"
import {
  documentsValidUntil,
  type NewVendorInput,
  statusOn,
  Vendor,
  VendorAddress,
  VendorBankAccount,
  VendorContact,
  VendorDocument,
  type VendorFieldsInput,
  VendorColumns,
  type VendorColumnsInput,
  VendorHistory,
  VendorHold,
  type VendorHoldInput,
  VendorKeyCount,
  VendorReport,
  VendorReportRow,
  VendorName,
  VendorPage,
  type VendorReleaseInput,
  type VendorStanding,
  VendorStatus,
  VendorStatusCount,
  type VendorStatusInput,
  type VendorUpdateInput
} from "./Vendor.ts"
import {
  VendorCursorInvalid,
  VendorCrNumberInvalid,
  VendorCrNumberTaken,
  VendorIbanInvalid,
  VendorNotFound,
  VendorNotOnHold,
  VendorVatNumberInvalid,
  VendorVatNumberTaken
} from "./VendorErrors.ts"
import {
  compactIdentifier,
  isForeignRegistration,
  isSaudiCrNumber,
  isSaudiVatNumber,
  isValidIban
} from "./VendorIdentifiers.ts"
import { holdApplies } from "./VendorHolds.ts"
import {
  changedKeyFields,
  keyDetailsOf,
  reviewedFields,
  type VendorChange,
  vendorChangeApprovalStatuses,
  VendorChangeList,
  VendorChangeRule,
  type VendorChangeReviewInput,
  vendorChangeStatusMachine,
  type VendorChangeStatus,
  type VendorChangeWithdrawInput,
  type VendorKeyDetails
} from "./VendorChange.ts"
import {
  VendorChangeNotFound,
  VendorChangeNotPending,
  VendorChangePending,
  VendorChangeStale
} from "./VendorChangeErrors.ts"
import { vendorChangeKind } from "./VendorChangeKind.ts"
import { VendorChangeRepository } from "./VendorChangeRepository.ts"
import {
  decodeVendorCursor,
  encodeVendorCursor,
  type VendorCursor,
  vendorCursorOf,
  type VendorFilter,
  type VendorRecord,
  VendorRepository
} from "./VendorRepository.ts"

/** The organisation module vendors belong to (SPEC.md §3 module names). */
export const vendorsModule = "vendors"

/** The kind whose list counts vendor writes make stale. */
export const vendorListKind = "vendor"

/** SPEC.md §6: vendors are read, created and changed organisation-wide only. */
export const vendorPrivileges = {
  read: ["ven_r_o"],
  create: ["ven_c_o"],
  update: ["ven_u_o"]
} as const

/** The largest page the list answers: pickers read every vendor at once (SPEC.md §7 `GET vendors?limit=9999`). */
export const vendorListLimit = 9999

/**
 * SPEC.md §6 reports: a report is read with `rep_r_w` or `rep_r_o`, and the vendor report also needs `ven_r_o`
 * (it names the organisation's vendors).
 */
export const vendorReportPrivileges = {
  report: ["rep_r_o", "rep_r_w"],
  vendors: ["ven_r_o"]
} as const

/**
 * How far ahead the vendor report looks for documents about to lapse, in days (Coupa's supplier-document expiry
 * notice and Odoo's document expiry reminders default to a month).
 */
export const vendorReportWindowDays = 30

/** The most lapsing documents the report lists (their counts are whole). */
export const vendorReportDocumentLimit = 500

/** The most entries of a vendor's history the page shows. */
export const vendorHistoryLimit = 200

/** The most columns a reader keeps for the vendors list. */
export const vendorColumnsLimit = 30

/** The most days of payment terms a vendor may be given. */
export const maxPaymentTermsDays = 365

const searchLimit = 200

/** The list query of `GET vendors`, as the client sent it. */
export interface VendorListParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly statuses?: ReadonlyArray<string> | undefined
  /** Only vendors that read active today (SPEC.md §7 `onlyActive=true`). */
  readonly onlyActive?: boolean | undefined
  /** A part of the name (either language), number, CR number or VAT number. */
  readonly search?: string | undefined
  readonly category?: string | undefined
  /** A cursor from a page's `nextCursor`: the page after it (the page number is then not used). */
  readonly after?: string | undefined
  /** A cursor from a page's `previousCursor`: the page before it. */
  readonly before?: string | undefined
}

/** The query of `GET vendors/reports/vendor`: the page of its table. */
export interface VendorReportParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
}

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled | TransactionConflict>
type Found<A, E = never> = Guarded<A, E | VendorNotFound>

/** What refuses a vendor's fields: its own rules, and the files its documents name. */
export type VendorFieldError =
  | FileNotFound
  | FileNotAttachable
  | InvalidField
  | VendorCrNumberInvalid
  | VendorVatNumberInvalid
  | VendorIbanInvalid
  | VendorCrNumberTaken
  | VendorVatNumberTaken

/** What refuses a change of a vendor's key details, from its proposal to its decision. */
export type VendorChangeError =
  | VendorChangePending
  | VendorChangeNotFound
  | VendorChangeNotPending
  | VendorChangeStale
  | VendorNotFound
  | VendorFieldError
  | VersionConflict
  | ApprovalFailure

/** The buyer's vendor master (SPEC.md §3 connection, §4 vendor statuses), checked against §6's `ven_*` privileges. */
export interface VendorsShape {
  /** `GET vendors`: the organisation's vendors in name order, filtered and paged, with their status counts. */
  readonly list: (
    actor: Actor,
    params: VendorListParams
  ) => Guarded<VendorPage, InvalidField | InvalidPage | InvalidPageSize | VendorCursorInvalid>
  /** `PUT vendors/save-columns`: the vendors list's columns the actor keeps, in order. */
  readonly saveColumns: (actor: Actor, input: VendorColumnsInput) => Guarded<VendorColumns, InvalidField>
  /** `GET vendors/history/{id}`: what happened to the vendor, newest first, from the audit log. */
  readonly history: (actor: Actor, id: string) => Found<VendorHistory>
  /** `GET vendors/reports/vendor`: the vendor report (SPEC.md §2 `vendors/reports/vendor`). */
  readonly report: (actor: Actor, params: VendorReportParams) => Guarded<VendorReport, InvalidPage | InvalidPageSize>
  /** `GET vendors/{id}`. */
  readonly get: (actor: Actor, id: string) => Found<Vendor>
  /** `POST vendors`: a vendor recorded by the buyer, active from the start. */
  readonly create: (actor: Actor, input: NewVendorInput, origin?: RequestOrigin) => Guarded<Vendor, VendorFieldError>
  /**
   * `PUT vendors`: changes a vendor's fields at the version read. On a connected vendor, a change to its key
   * details (bank accounts always; legal names, CR and VAT numbers and addresses while the organisation reviews
   * them) is not applied: it is saved as the vendor's pending change and submitted for review (the rest applies at
   * once). A second change of key details while one is pending is refused (VendorChangePending).
   */
  readonly update: (actor: Actor, input: VendorUpdateInput, origin?: RequestOrigin) => Found<Vendor, VendorChangeError>
  /** `GET vendors/changes/{vendorId}`: the vendor's pending change of key details and its latest decided ones. */
  readonly changes: (actor: Actor, vendorId: string) => Found<VendorChangeList>
  /**
   * `PUT vendors/changes/status/{id}`: approves (applying it, in the same transaction, at the vendor's version it
   * was proposed against, else VendorChangeStale) or rejects (discarding it) a pending change, through the engine.
   */
  readonly reviewChange: (
    actor: Actor,
    id: string,
    input: VendorChangeReviewInput,
    origin?: RequestOrigin
  ) => Guarded<VendorChange, VendorChangeError>
  /** `PUT vendors/changes/withdraw/{id}`: whoever may change the vendor (`ven_u_o`) takes a pending change back. */
  readonly withdrawChange: (
    actor: Actor,
    id: string,
    input: VendorChangeWithdrawInput,
    origin?: RequestOrigin
  ) => Guarded<VendorChange, VendorChangeError>
  /** `GET vendors/change-rule`: the onboarding rule "Review changes to vendor details". */
  readonly changeRule: (actor: Actor) => Guarded<VendorChangeRule>
  /** `PUT vendors/change-rule`: sets it (`ven_u_o`). */
  readonly saveChangeRule: (actor: Actor, input: VendorChangeRule, origin?: RequestOrigin) => Guarded<VendorChangeRule>
  /** One change of a vendor's key details, whatever its status (the page a notification opens leads to its vendor). */
  readonly change: (actor: Actor, id: string) => Guarded<VendorChange, VendorChangeNotFound>
  /** The change's approval timeline. */
  readonly changeTimeline: (actor: Actor, id: string) => Guarded<ReadonlyArray<TimelineEntry>, VendorChangeNotFound>
  /** `PUT vendors/status/{id}`: activates or deactivates a vendor. */
  readonly setStatus: (
    actor: Actor,
    id: string,
    input: VendorStatusInput,
    origin?: RequestOrigin
  ) => Found<Vendor, VersionConflict>
  /** `PUT vendors/hold/{id}`: puts a vendor on hold (all business, invoices or payments), replacing any hold. */
  readonly hold: (
    actor: Actor,
    id: string,
    input: VendorHoldInput,
    origin?: RequestOrigin
  ) => Found<Vendor, VersionConflict | InvalidField>
  /** `PUT vendors/release/{id}`: releases a vendor's hold. */
  readonly release: (
    actor: Actor,
    id: string,
    input: VendorReleaseInput,
    origin?: RequestOrigin
  ) => Found<Vendor, VersionConflict | VendorNotOnHold>
}

const isCalendarDay = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const at = new Date(`${text}T00:00:00.000Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text
}

const phonePattern = /^\+?[0-9][0-9 ()-]{3,28}$/
const swiftPattern = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/

/** The fields of a vendor as the use cases check them, from its input over what it had before. */
const checkFields = Effect.fnUntraced(function* (
  input: VendorFieldsInput,
  before: Omit<VendorRecord, "status" | "hold" | "createdBy">
) {
  const nameEn = (input.nameEn ?? before.name.en).trim()
  const nameAr = (input.nameAr ?? before.name.ar).trim()
  if (nameEn === "" && nameAr === "") {
    return yield* new InvalidField({ field: "nameEn", problem: "nameInOneLanguage" })
  }
  const country = (input.country ?? before.country).trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(country)) return yield* new InvalidField({ field: "country", problem: "format" })
  const saudi = country === "SA"

  const registration = (given: string | null | undefined, kept: string | null) => {
    const text = given === undefined ? kept : given === null ? null : compactIdentifier(given)
    return text === null || text === "" ? null : text
  }
  const crNumber = registration(input.crNumber, before.crNumber)
  if (crNumber !== null && !(saudi ? isSaudiCrNumber(crNumber) : isForeignRegistration(crNumber))) {
    return yield* new VendorCrNumberInvalid({ crNumber })
  }
  const vatNumber = registration(input.vatNumber, before.vatNumber)
  if (vatNumber !== null && !(saudi ? isSaudiVatNumber(vatNumber) : isForeignRegistration(vatNumber))) {
    return yield* new VendorVatNumberInvalid({ vatNumber })
  }

  const addresses: Array<VendorAddress> = []
  for (const a of input.addresses ?? before.addresses) {
    const addressCountry = (a.country ?? country).trim().toUpperCase() || country
    if (!/^[A-Z]{2}$/.test(addressCountry)) return yield* new InvalidField({ field: "country", problem: "format" })
    addresses.push(
      new VendorAddress({
        label: (a.label ?? "").trim(),
        line1: (a.line1 ?? "").trim(),
        line2: (a.line2 ?? "").trim(),
        city: (a.city ?? "").trim(),
        region: (a.region ?? "").trim(),
        postalCode: (a.postalCode ?? "").trim(),
        country: addressCountry
      })
    )
  }

  const contacts: Array<VendorContact> = []
  const givenContacts = input.contacts ?? before.contacts
  const anyPrimary = givenContacts.some((c) => c.primary === true)
  for (const [i, c] of givenContacts.entries()) {
    const name = c.name.trim()
    if (name === "") return yield* new InvalidField({ field: "contacts", problem: "required" })
    const email = (c.email ?? "").trim()
    if (email !== "" && !isEmail(email)) return yield* new InvalidField({ field: "email", problem: "notEmail" })
    const phone = (c.phone ?? "").trim()
    if (phone !== "" && !phonePattern.test(phone)) return yield* new InvalidField({ field: "phone", problem: "format" })
    contacts.push(new VendorContact({ name, email, phone, primary: anyPrimary ? c.primary === true : i === 0 }))
  }

  const bankAccounts: Array<VendorBankAccount> = []
  for (const b of input.bankAccounts ?? before.bankAccounts) {
    const iban = compactIdentifier(b.iban)
    if (!isValidIban(iban)) return yield* new VendorIbanInvalid({ iban: b.iban.trim().slice(0, 40) })
    const swift = compactIdentifier(b.swift ?? "")
    if (swift !== "" && !swiftPattern.test(swift)) return yield* new InvalidField({ field: "swift", problem: "format" })
    bankAccounts.push(
      new VendorBankAccount({
        bankName: (b.bankName ?? "").trim(),
        accountName: (b.accountName ?? "").trim(),
        iban,
        swift
      })
    )
  }

  const categories = [...new Set((input.categories ?? before.categories).map((c) => c.trim()).filter((c) => c !== ""))]
  const paymentTermsDays = input.paymentTermsDays ?? before.paymentTermsDays
  if (paymentTermsDays < 0 || paymentTermsDays > maxPaymentTermsDays) {
    return yield* new InvalidField({ field: "paymentTermsDays", problem: "outOfRange" })
  }
  const currency = (input.currency ?? before.currency).trim().toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) return yield* new InvalidField({ field: "currency", problem: "format" })

  const documents: Array<VendorDocument> = []
  for (const d of input.documents ?? before.documents) {
    const expiresOn =
      d.expiresOn === undefined || d.expiresOn === null || d.expiresOn.trim() === "" ? null : d.expiresOn.trim()
    if (expiresOn !== null && !isCalendarDay(expiresOn)) {
      return yield* new InvalidField({ field: "expiresOn", problem: "notADay" })
    }
    documents.push(
      new VendorDocument({
        kind: d.kind,
        number: compactIdentifier(d.number ?? ""),
        expiresOn,
        fileId: d.fileId === undefined || d.fileId === null || d.fileId.trim() === "" ? null : d.fileId.trim()
      })
    )
  }

  return {
    name: new VendorName({ en: nameEn, ar: nameAr }),
    country,
    crNumber,
    vatNumber,
    addresses,
    contacts,
    bankAccounts,
    categories,
    paymentTermsDays,
    currency,
    documents,
    remarks: (input.remarks ?? before.remarks).trim()
  }
})

const blankFields = {
  name: new VendorName({ en: "", ar: "" }),
  country: "SA",
  crNumber: null,
  vatNumber: null,
  addresses: [],
  contacts: [],
  bankAccounts: [],
  categories: [],
  paymentTermsDays: 30,
  currency: "SAR",
  documents: [],
  remarks: ""
}

/** A vendor's record as stored, from the vendor as read. */
export const recordOf = (vendor: Vendor): VendorRecord => ({
  name: vendor.name,
  country: vendor.country,
  crNumber: vendor.crNumber,
  vatNumber: vendor.vatNumber,
  addresses: vendor.addresses,
  contacts: vendor.contacts,
  bankAccounts: vendor.bankAccounts,
  categories: vendor.categories,
  paymentTermsDays: vendor.paymentTermsDays,
  currency: vendor.currency,
  status: vendor.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE",
  documents: vendor.documents,
  hold: vendor.hold,
  remarks: vendor.remarks,
  createdBy: vendor.createdBy
})

/** Use cases: the buyer's vendors, their standing and their holds. */
export class Vendors extends Context.Service<Vendors, VendorsShape>()("@tawreed/core/vendors/Vendors") {
  static readonly layer = Layer.effect(
    Vendors,
    Effect.gen(function* () {
      const lists = yield* ListCounts
      const stored = yield* VendorRepository
      const files = yield* Files
      const changesStored = yield* VendorChangeRepository
      const approvals = yield* Approvals
      const approval = documentApproval(approvals, {
        statuses: vendorChangeApprovalStatuses,
        machine: vendorChangeStatusMachine
      })
      const { commandOf, guard, audit } = yield* moduleCommands
      const changed = (orgId: OrgId) => lists.changed(orgId, vendorListKind)
      const today = Effect.map(DateTime.now, DateTime.formatIsoDateUtc)

      /** The vendor as it reads today: expired while a required document has lapsed. */
      const asOfToday = (vendor: Vendor, day: string): Vendor =>
        new Vendor({ ...vendor, status: statusOn(recordOf(vendor).status, vendor.documents, day) })

      const reading = { module: vendorsModule, privileges: vendorPrivileges.read }
      const creating = { module: vendorsModule, privileges: vendorPrivileges.create }
      const updating = { module: vendorsModule, privileges: vendorPrivileges.update }

      const found = Effect.fn("Vendors.found")(function* (orgId: OrgId, id: string) {
        const vendor = yield* stored.find(orgId, id)
        if (Option.isNone(vendor)) return yield* new VendorNotFound({ id })
        return vendor.value
      })

      const unique = Effect.fn("Vendors.unique")(function* (
        orgId: OrgId,
        fields: { readonly crNumber: string | null; readonly vatNumber: string | null },
        exceptId: string | null
      ) {
        if (fields.crNumber !== null) {
          const other = yield* stored.findByRegistration(orgId, "crNumber", fields.crNumber, exceptId)
          if (Option.isSome(other)) {
            return yield* new VendorCrNumberTaken({
              crNumber: fields.crNumber,
              nameEn: other.value.name.en || other.value.name.ar,
              nameAr: other.value.name.ar || other.value.name.en
            })
          }
        }
        if (fields.vatNumber !== null) {
          const other = yield* stored.findByRegistration(orgId, "vatNumber", fields.vatNumber, exceptId)
          if (Option.isSome(other)) {
            return yield* new VendorVatNumberTaken({
              vatNumber: fields.vatNumber,
              nameEn: other.value.name.en || other.value.name.ar,
              nameAr: other.value.name.ar || other.value.name.en
            })
          }
        }
      })

      /**
       * Makes the vendor's files in the files module exactly those its documents name, in the saving transaction
       * (a file refused refuses the save); a change that leaves the documents alone leaves the files alone.
       */
      const keepFiles = (actor: Actor, vendorId: string, documents: ReadonlyArray<VendorDocument>) =>
        files.setAttachments(
          actor,
          new DocumentRef({ kind: "vendor", id: vendorId }),
          documents.flatMap((d) => (d.fileId === null ? [] : [d.fileId as FileId]))
        )

      /** Writes a vendor at the version read, marking the lists stale, and reads it as of today. */
      const save = Effect.fn("Vendors.save")(function* (orgId: OrgId, vendor: Vendor, record: VendorRecord) {
        const saved = yield* stored.update(orgId, vendor.id, record, vendor.version)
        if (Option.isNone(saved)) return yield* new VendorNotFound({ id: vendor.id })
        yield* changed(orgId)
        return asOfToday(saved.value, yield* today)
      })

      /** The vendor at the version the caller read, when it named one. */
      const atVersion = Effect.fn("Vendors.atVersion")(function* (
        orgId: OrgId,
        id: string,
        version: number | undefined
      ) {
        const vendor = yield* found(orgId, id)
        if (version !== undefined && version !== vendor.version) {
          return yield* new VersionConflict({ entity: "vendor", id: vendor.id })
        }
        return vendor
      })

      /** The rows a window of the list asks for: one more than the page, to learn whether more lie beyond it. */
      const windowOf = Effect.fn("Vendors.windowOf")(function* (params: VendorListParams, offset: number) {
        const after = params.after?.trim() ?? ""
        const before = params.before?.trim() ?? ""
        if (after === "" && before === "") return { offset, after: undefined, before: undefined }
        if (after !== "" && before !== "") return yield* new VendorCursorInvalid()
        const cursor = decodeVendorCursor(after !== "" ? after : before)
        if (Option.isNone(cursor)) return yield* new VendorCursorInvalid()
        const at: VendorCursor = cursor.value
        return after !== "" ? { offset: 0, after: at, before: undefined } : { offset: 0, after: undefined, before: at }
      })

      const list = Effect.fn("Vendors.list")(function* (actor: Actor, params: VendorListParams) {
        yield* guard(actor, reading)
        const paging =
          params.limit === vendorListLimit
            ? { offset: 0, limit: vendorListLimit }
            : yield* pageRequest(params.page, params.limit)
        const statuses = [...new Set(params.statuses ?? [])]
        if (statuses.some((s) => !(VendorStatus.literals as ReadonlyArray<string>).includes(s))) {
          return yield* new InvalidField({ field: "status", problem: "notOneOf" })
        }
        const wanted = params.onlyActive === true ? ["VENDOR_ACTIVE"] : statuses
        const search = params.search?.trim() ?? ""
        if (search.length > searchLimit) return yield* new InvalidField({ field: "search", problem: "tooLong" })
        const category = params.category?.trim() ?? ""
        const window = yield* windowOf(params, paging.offset)
        const day = yield* today
        const filter: VendorFilter = {
          statuses: wanted.length > 0 ? (wanted as ReadonlyArray<VendorStatus>) : undefined,
          search: search === "" ? undefined : search,
          category: category === "" ? undefined : category,
          today: day
        }
        const read = yield* stored.list(actor.orgId, { ...filter, ...window, limit: paging.limit + 1 })
        // One row beyond the page says more lie that way: after the page going forwards, before it going back.
        const more = read.length > paging.limit
        const vendors =
          window.before !== undefined
            ? read.slice(Math.max(0, read.length - paging.limit))
            : read.slice(0, paging.limit)
        const moreAfter = window.before !== undefined ? true : more
        const moreBefore = window.before !== undefined ? more : window.after !== undefined || window.offset > 0
        const counts = yield* lists.counted(
          actor.orgId,
          vendorListKind,
          JSON.stringify(filter),
          stored.counts(actor.orgId, filter)
        )
        const totalCount = counts.statuses
          .filter((s) => filter.statuses === undefined || filter.statuses.includes(s.status))
          .reduce((sum, s) => sum + s.count, 0)
        const first = vendors[0]
        const last = vendors.at(-1)
        return new VendorPage({
          vendors: vendors.map((v) => asOfToday(v, day)),
          totalCount,
          statusList: counts.statuses.map((s) => new VendorStatusCount(s)),
          nextCursor: moreAfter && last !== undefined ? encodeVendorCursor(vendorCursorOf(last)) : null,
          previousCursor: moreBefore && first !== undefined ? encodeVendorCursor(vendorCursorOf(first)) : null,
          columns: yield* stored.columnsOf(actor.orgId, actor.userId)
        })
      })

      const saveColumns = Effect.fn("Vendors.saveColumns")(function* (actor: Actor, input: VendorColumnsInput) {
        yield* guard(actor, reading)
        const kept = [...new Set(input.columns.map((c) => c.trim()).filter((c) => c !== ""))]
        if (kept.length > vendorColumnsLimit) return yield* new InvalidField({ field: "columns", problem: "tooMany" })
        yield* stored.saveColumns(actor.orgId, actor.userId, kept)
        return new VendorColumns({ columns: kept })
      })

      const history = Effect.fn("Vendors.history")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        const vendor = yield* found(actor.orgId, id)
        return new VendorHistory({ entries: yield* stored.history(actor.orgId, vendor.id, vendorHistoryLimit) })
      })

      const report = Effect.fn("Vendors.report")(function* (actor: Actor, params: VendorReportParams) {
        yield* guard(actor, { module: vendorsModule, privileges: vendorReportPrivileges.report })
        yield* guard(actor, { module: vendorsModule, privileges: vendorReportPrivileges.vendors })
        const paging = yield* pageRequest(params.page, params.limit)
        const day = yield* today
        const soon = DateTime.formatIsoDateUtc(
          DateTime.add(DateTime.makeUnsafe(`${day}T00:00:00.000Z`), { days: vendorReportWindowDays })
        )
        const summary = yield* stored.report(actor.orgId, day, soon, vendorReportDocumentLimit)
        const rows = yield* stored.list(actor.orgId, { today: day, offset: paging.offset, limit: paging.limit })
        const keyed = (list: ReadonlyArray<VendorKeyCount>) => list.map((c) => new VendorKeyCount(c))
        return new VendorReport({
          today: day,
          windowDays: vendorReportWindowDays,
          statusList: summary.statuses.map((s) => new VendorStatusCount(s)),
          holdList: keyed(summary.holds),
          categoryList: keyed(summary.categories),
          currencyList: keyed(summary.currencies),
          expiringCount: summary.expiringCount,
          lapsedCount: summary.lapsedCount,
          documents: summary.documents,
          rows: rows.map((row) => {
            const v = asOfToday(row, day)
            return new VendorReportRow({
              vendorId: v.id,
              number: v.number,
              name: v.name,
              status: v.status,
              hold: holdApplies(v, day) ? v.hold!.scope : null,
              currency: v.currency,
              categories: v.categories,
              documentsValidUntil: documentsValidUntil(v.documents)
            })
          }),
          totalCount: summary.statuses.reduce((sum, s) => sum + s.count, 0)
        })
      })

      const get = Effect.fn("Vendors.get")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        return asOfToday(yield* found(actor.orgId, id), yield* today)
      })

      const create = commandOf(
        "Vendors.create",
        creating,
        function* (actor: Actor, input: NewVendorInput, origin: RequestOrigin = noOrigin) {
          const fields = yield* checkFields(input, blankFields)
          yield* unique(actor.orgId, fields, null)
          const made = yield* stored.insert(actor.orgId, {
            ...fields,
            status: "VENDOR_ACTIVE",
            hold: null,
            createdBy: actor.userId
          })
          yield* changed(actor.orgId)
          if (input.documents !== undefined) yield* keepFiles(actor, made.id, made.documents)
          yield* audit(actor, "vendor.created", origin, { vendorId: made.id, number: made.number })
          return asOfToday(made, yield* today)
        }
      )

      const nameOf = (vendor: Vendor) => ({
        nameEn: vendor.name.en || vendor.name.ar,
        nameAr: vendor.name.ar || vendor.name.en
      })

      const subjectOf = (change: VendorChange, vendor: Vendor) =>
        new ApprovalSubject({
          kind: "vendor_change",
          documentId: change.id,
          documentNumber: vendor.number,
          workspaceId: null,
          title: vendor.name.en || vendor.name.ar,
          requesterId: change.requestedBy,
          createdBy: change.requestedBy,
          value: "0",
          categories: vendor.categories
        })

      const foundChange = Effect.fn("Vendors.foundChange")(function* (orgId: OrgId, id: string) {
        const change = yield* changesStored.find(orgId, id)
        if (Option.isNone(change)) return yield* new VendorChangeNotFound({ id })
        return change.value
      })

      const decideChange = Effect.fn("Vendors.decideChange")(function* (
        orgId: OrgId,
        change: VendorChange,
        status: VendorChangeStatus,
        remark: string
      ) {
        const decided = yield* changesStored.decide(orgId, change.id, status, remark, change.version)
        if (Option.isNone(decided)) return yield* new VendorChangeNotFound({ id: change.id })
        return decided.value
      })

      /**
       * Applies an approved change to its vendor, in the deciding transaction, at the vendor's version it was
       * proposed against; refused (VendorChangeStale) when the vendor moved since.
       */
      const applyChange = Effect.fn("Vendors.applyChange")(function* (
        actor: Actor,
        change: VendorChange,
        vendor: Vendor,
        origin: RequestOrigin
      ) {
        if (vendor.version !== change.vendorVersion) return yield* new VendorChangeStale(nameOf(vendor))
        const after: VendorKeyDetails = change.after
        yield* unique(actor.orgId, after, vendor.id)
        const saved = yield* save(actor.orgId, vendor, { ...recordOf(vendor), ...after })
        yield* audit(actor, "vendor.updated", origin, { vendorId: saved.id, number: saved.number })
        return saved
      })

      /** What a review or a submission's outcome does to the change (and, approved, to the vendor). */
      const settleChange = Effect.fn("Vendors.settleChange")(function* (
        actor: Actor,
        change: VendorChange,
        vendor: Vendor,
        status: VendorChangeStatus,
        remark: string,
        origin: RequestOrigin
      ) {
        if (status === "APPROVED") yield* applyChange(actor, change, vendor, origin)
        const decided = yield* decideChange(actor.orgId, change, status, remark)
        const event =
          status === "APPROVED"
            ? "vendor.change_approved"
            : status === "REJECTED"
              ? "vendor.change_rejected"
              : "vendor.change_withdrawn"
        yield* audit(actor, event, origin, { vendorId: vendor.id, number: vendor.number, changeId: change.id })
        return decided
      })

      const update = commandOf(
        "Vendors.update",
        updating,
        function* (actor: Actor, input: VendorUpdateInput, origin: RequestOrigin = noOrigin) {
          const vendor = yield* atVersion(actor.orgId, input.id, input.version)
          const before = recordOf(vendor)
          const fields = yield* checkFields(input, before)
          yield* unique(actor.orgId, fields, vendor.id)
          if (input.documents !== undefined) yield* keepFiles(actor, vendor.id, fields.documents)
          const keyBefore = keyDetailsOf(before)
          const keyAfter = keyDetailsOf(fields)
          const reviewed = vendor.connected
            ? reviewedFields(
                changedKeyFields(keyBefore, keyAfter),
                yield* changesStored.reviewsAllKeyFields(actor.orgId)
              )
            : []
          if (reviewed.length === 0) {
            const saved = yield* save(actor.orgId, vendor, { ...before, ...fields })
            yield* audit(actor, "vendor.updated", origin, { vendorId: saved.id, number: saved.number })
            return saved
          }
          if (Option.isSome(yield* changesStored.pendingOf(actor.orgId, vendor.id))) {
            return yield* new VendorChangePending(nameOf(vendor))
          }
          // The reviewed fields keep their values until the change is approved; the others apply now.
          const kept = Object.fromEntries(reviewed.map((f) => [f, keyBefore[f]])) as Partial<VendorKeyDetails>
          const now = { ...before, ...fields, ...kept }
          const unchanged = JSON.stringify(now) === JSON.stringify(before)
          const applied = unchanged ? asOfToday(vendor, yield* today) : yield* save(actor.orgId, vendor, now)
          if (!unchanged) {
            yield* audit(actor, "vendor.updated", origin, { vendorId: applied.id, number: applied.number })
          }
          const proposed = keyDetailsOf({
            ...keyDetailsOf(applied),
            ...Object.fromEntries(reviewed.map((f) => [f, keyAfter[f]]))
          })
          // A concurrent proposal that got there first leaves this one refused alike.
          const change = yield* changesStored
            .insert(actor.orgId, {
              vendorId: vendor.id,
              fields: reviewed,
              before: keyDetailsOf(applied),
              after: proposed,
              vendorVersion: applied.version,
              requestedBy: actor.userId
            })
            .pipe(Effect.catchTag("VersionConflict", () => Effect.fail(new VendorChangePending(nameOf(vendor)))))
          yield* audit(actor, "vendor.change_proposed", origin, {
            vendorId: vendor.id,
            number: vendor.number,
            changeId: change.id,
            fields: reviewed.join(",")
          })
          const submitted = yield* approval.submit(actor, subjectOf(change, applied), "PENDING")
          if (submitted.status === "PENDING") return applied
          // No review level applies: the engine approved it at once.
          yield* settleChange(actor, change, applied, submitted.status, "", origin)
          return asOfToday(yield* found(actor.orgId, vendor.id), yield* today)
        }
      )

      const changes = Effect.fn("Vendors.changes")(function* (actor: Actor, vendorId: string) {
        yield* guard(actor, reading)
        const vendor = yield* found(actor.orgId, vendorId)
        const pending = yield* changesStored.pendingOf(actor.orgId, vendor.id)
        return new VendorChangeList({
          pending: Option.getOrNull(pending),
          recent: yield* changesStored.recentOf(actor.orgId, vendor.id, 5)
        })
      })

      // The engine says who may decide: no module privilege is asked beyond the module being on.
      const reviewChange = commandOf(
        "Vendors.reviewChange",
        { module: vendorsModule },
        function* (actor: Actor, id: string, input: VendorChangeReviewInput, origin: RequestOrigin = noOrigin) {
          const change = yield* foundChange(actor.orgId, id)
          if (input.version !== undefined && input.version !== change.version) {
            return yield* new VersionConflict({ entity: "vendor_change", id })
          }
          if (change.status !== "PENDING") return yield* new VendorChangeNotPending({ status: change.status })
          const vendor = yield* found(actor.orgId, change.vendorId)
          if (input.action === "approve" && vendor.version !== change.vendorVersion) {
            return yield* new VendorChangeStale(nameOf(vendor))
          }
          const reviewed = yield* approval.review(actor, subjectOf(change, vendor), input)
          if (reviewed.pending) return change
          return yield* settleChange(actor, change, vendor, reviewed.status, (input.remark ?? "").trim(), origin)
        }
      )

      const withdrawChange = commandOf(
        "Vendors.withdrawChange",
        // Whoever may change the vendor's details (so whoever proposed the change) may take it back.
        updating,
        function* (actor: Actor, id: string, input: VendorChangeWithdrawInput, origin: RequestOrigin = noOrigin) {
          const change = yield* foundChange(actor.orgId, id)
          if (input.version !== undefined && input.version !== change.version) {
            return yield* new VersionConflict({ entity: "vendor_change", id })
          }
          if (change.status !== "PENDING") return yield* new VendorChangeNotPending({ status: change.status })
          const vendor = yield* found(actor.orgId, change.vendorId)
          const remark = (input.remark ?? "").trim()
          yield* approvals.withdraw(actor, "vendor_change", change.id, remark)
          return yield* settleChange(actor, change, vendor, "WITHDRAWN", remark, origin)
        }
      )

      const changeRule = Effect.fn("Vendors.changeRule")(function* (actor: Actor) {
        yield* guard(actor, reading)
        return new VendorChangeRule({ reviewAllKeyFields: yield* changesStored.reviewsAllKeyFields(actor.orgId) })
      })

      const saveChangeRule = commandOf(
        "Vendors.saveChangeRule",
        updating,
        function* (actor: Actor, input: VendorChangeRule, origin: RequestOrigin = noOrigin) {
          yield* changesStored.setReviewsAllKeyFields(actor.orgId, input.reviewAllKeyFields)
          yield* audit(actor, "vendor.change_rule_updated", origin, { on: String(input.reviewAllKeyFields) })
          return new VendorChangeRule({ reviewAllKeyFields: input.reviewAllKeyFields })
        }
      )

      const change = Effect.fn("Vendors.change")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        return yield* foundChange(actor.orgId, id)
      })

      const changeTimeline = Effect.fn("Vendors.changeTimeline")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        yield* foundChange(actor.orgId, id)
        return yield* approvals.timeline(actor, vendorChangeKind.kind, id)
      })

      const setStatus = commandOf(
        "Vendors.setStatus",
        updating,
        function* (actor: Actor, id: string, input: VendorStatusInput, origin: RequestOrigin = noOrigin) {
          const vendor = yield* atVersion(actor.orgId, id, input.version)
          const before = recordOf(vendor)
          const to: VendorStanding = input.status
          if (before.status === to) return asOfToday(vendor, yield* today)
          const saved = yield* save(actor.orgId, vendor, { ...before, status: to })
          yield* audit(actor, "vendor.status_changed", origin, {
            vendorId: saved.id,
            number: saved.number,
            from: before.status,
            to
          })
          return saved
        }
      )

      const hold = commandOf(
        "Vendors.hold",
        updating,
        function* (actor: Actor, id: string, input: VendorHoldInput, origin: RequestOrigin = noOrigin) {
          const vendor = yield* atVersion(actor.orgId, id, input.version)
          const day = yield* today
          const releaseDate =
            input.releaseDate === undefined || input.releaseDate === null || input.releaseDate.trim() === ""
              ? null
              : input.releaseDate.trim()
          if (releaseDate !== null && !isCalendarDay(releaseDate)) {
            return yield* new InvalidField({ field: "releaseDate", problem: "notADay" })
          }
          if (releaseDate !== null && releaseDate < day) {
            return yield* new InvalidField({ field: "releaseDate", problem: "mustBeFuture" })
          }
          const held = new VendorHold({
            scope: input.scope,
            reason: (input.reason ?? "").trim(),
            releaseDate,
            heldBy: actor.userId,
            heldAt: DateTime.formatIso(yield* DateTime.now)
          })
          const saved = yield* save(actor.orgId, vendor, { ...recordOf(vendor), hold: held })
          yield* audit(actor, "vendor.held", origin, {
            vendorId: saved.id,
            number: saved.number,
            scope: held.scope,
            releaseDate: releaseDate ?? ""
          })
          return saved
        }
      )

      const release = commandOf(
        "Vendors.release",
        updating,
        function* (actor: Actor, id: string, input: VendorReleaseInput, origin: RequestOrigin = noOrigin) {
          const vendor = yield* atVersion(actor.orgId, id, input.version)
          if (vendor.hold === null) {
            return yield* new VendorNotOnHold({
              nameEn: vendor.name.en || vendor.name.ar,
              nameAr: vendor.name.ar || vendor.name.en
            })
          }
          const saved = yield* save(actor.orgId, vendor, { ...recordOf(vendor), hold: null })
          yield* audit(actor, "vendor.released", origin, { vendorId: saved.id, number: saved.number })
          return saved
        }
      )

      return Vendors.of({
        list,
        saveColumns,
        history,
        report,
        get,
        create,
        update,
        changes,
        reviewChange,
        withdrawChange,
        changeRule,
        saveChangeRule,
        change,
        changeTimeline,
        setStatus,
        hold,
        release
      })
    })
  )
}
