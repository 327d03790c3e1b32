import { BigDecimal, Context, DateTime, Effect, Layer, Option } from "effect"
import { hasAnyPrivilege } from "../access/Privilege.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { ApprovalSubject } from "../approvals/Workflow.ts"
import { CatalogRepository } from "../catalog/CatalogRepository.ts"
import { contractExpiryAlertDays } from "../dates/DateRules.ts"
import { documentApproval } from "../documents/DocumentApproval.ts"
import type { DocumentReview } from "../documents/DocumentReview.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import { fileIdOfUrl } from "../files/FileRules.ts"
import { Files } from "../files/Files.ts"
import { DocumentRef, type FileId } from "../files/StoredFile.ts"
import type { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { convert, euroRate } from "../money/Money.ts"
import { NewNotification } from "../notifications/Notification.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { ModuleNotInPlan } from "../organisations/OrganisationErrors.ts"
import { moduleNames } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { planIncludes } from "../organisations/Plan.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, VersionConflict } from "../shared/Errors.ts"
import { type PageParams, pageRequest } from "../shared/Paging.ts"
import { Transactions } from "../shared/Transactions.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import {
  AgreedPrice,
  AgreedPrices,
  type Contract,
  type ContractCommandInput,
  ContractLine,
  type ContractLineInput,
  ContractName,
  ContractPage,
  ContractStatusCount,
  type ContractUpdateInput,
  type NewContractInput
} from "./Contract.ts"
import {
  ContractActionNotAllowed,
  ContractAmountInvalid,
  ContractEnded,
  ContractNotFound,
  ContractProductNotFound,
  ContractVendorNotFound
} from "./ContractErrors.ts"
import { agreedPricesOn, consumeCeiling, releaseCeiling } from "./ContractCeilings.ts"
import { contractKind } from "./ContractKind.ts"
import { type ContractRecord, ContractRepository } from "./ContractRepository.ts"
import {
  type ContractAction,
  contractActionAllowed,
  contractApprovalStatuses,
  type ContractStatus,
  contractStatusMachine
} from "./ContractStatus.ts"

/** The organisation module contracts belong to (SPEC.md §3 module names). */
export const contractsModule = "contracts"

/** The privileges of SPEC.md §6 "vendors and contracts": read, create and change, organisation-wide. */
export const contractPrivileges = { read: ["ven_r_o"], create: ["ven_c_o"], update: ["ven_u_o"] } as const

/** The kind of job that alerts contract owners and expires ended contracts, daily. */
export const contractExpiryJob = "contracts.expiry"

/** The list's parameters as the API and the site give them. */
export interface ContractListParams extends PageParams {
  readonly statuses?: ReadonlyArray<string> | undefined
  readonly vendorId?: string | undefined
  readonly search?: string | undefined
}

/** What one pass of the expiry job did. */
export interface ExpiryPass {
  readonly alerted: number
  readonly expired: number
}

const today = Effect.map(DateTime.now, DateTime.formatIsoDateUtc)

const decimal = (text: string) => BigDecimal.fromStringUnsafe(text)
const format = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))
const isoDay = /^\d{4}-\d{2}-\d{2}$/
const isDay = (text: string) => isoDay.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const make = Effect.gen(function* () {
  const lists = yield* ListCounts
  const stored = yield* ContractRepository
  // Every write marks the contracts list's counts stale once it commits.
  const changed = (orgId: OrgId) => lists.changed(orgId, contractKind.kind)
  const repository = ContractRepository.of({
    ...stored,
    insert: (orgId, record, ownerId) => Effect.tap(stored.insert(orgId, record, ownerId), () => changed(orgId)),
    update: (orgId, id, record, version) => Effect.tap(stored.update(orgId, id, record, version), () => changed(orgId)),
    setStatus: (orgId, id, status, version, remark) =>
      Effect.tap(stored.setStatus(orgId, id, status, version, remark), () => changed(orgId)),
    expire: (orgId, id, day) => Effect.tap(stored.expire(orgId, id, day), () => changed(orgId))
  })
  const vendors = yield* VendorRepository
  const catalog = yield* CatalogRepository
  const workspaces = yield* WorkspaceRepository
  const settings = yield* OrgSettingsRepository
  const approvals = yield* Approvals
  const files = yield* Files
  const notifications = yield* NotificationRepository
  const transactions = yield* Transactions
  const { commandOf, guard, audit } = yield* moduleCommands
  const approval = documentApproval(approvals, {
    statuses: contractApprovalStatuses,
    machine: contractStatusMachine
  })
  const reading = { module: contractsModule, privileges: contractPrivileges.read }
  const creating = { module: contractsModule, privileges: contractPrivileges.create }
  const updating = { module: contractsModule, privileges: contractPrivileges.update }
  // Reviews ask for no contracts privilege: the approval engine says who approves.
  const reviewing = { module: contractsModule }

  const record = (
    actor: Actor,
    event: "contract.created" | "contract.updated" | "contract.status_changed",
    origin: RequestOrigin,
    contract: Contract,
    detail: Readonly<Record<string, string>> = {}
  ) => audit(actor, event, origin, { contractId: contract.id, number: contract.number, ...detail })

  /** The plan limit `contractsAllowed` (SPEC.md §3), checked where a contract is made or put in force. */
  const inPlan = Effect.fn("Contracts.inPlan")(function* (orgId: OrgId) {
    const found = yield* settings.find(orgId)
    if (Option.isSome(found) && planIncludes(found.value, contractsModule)) return found.value
    const name = moduleNames[contractsModule]!
    return yield* new ModuleNotInPlan({ module: contractsModule, moduleEn: name.en, moduleAr: name.ar })
  })

  const found = Effect.fn("Contracts.found")(function* (orgId: OrgId, id: string) {
    const contract = yield* repository.find(orgId, id)
    if (Option.isNone(contract)) return yield* new ContractNotFound({ id })
    return contract.value
  })

  const offered = (action: ContractAction, contract: Contract) =>
    contractActionAllowed(action, contract.status)
      ? Effect.void
      : Effect.fail(new ContractActionNotAllowed({ action, status: contract.status }))

  const checkVersion = (contract: Contract, version: number | undefined) =>
    version === undefined || version === contract.version
      ? Effect.void
      : Effect.fail(new VersionConflict({ entity: "contract", id: contract.id }))

  /** The contract's ceiling in the organisation's currency, the value its approval criteria judge. */
  const valueOf = Effect.fn("Contracts.valueOf")(function* (contract: Contract, orgCurrency: string) {
    if (contract.ceiling === null) return "0"
    if (contract.currency === orgCurrency) return contract.ceiling
    const converted = yield* Effect.option(
      convert(decimal(contract.ceiling), contract.currency, orgCurrency, currencyDecimals(orgCurrency))
    )
    return Option.match(converted, { onNone: () => "0", onSome: format })
  })

  const subjectOf = (contract: Contract, value: string) =>
    new ApprovalSubject({
      kind: contractKind.kind,
      documentId: contract.id,
      documentNumber: contract.number,
      workspaceId: contract.workspaceId,
      title: contract.title,
      requesterId: contract.ownerId,
      createdBy: contract.ownerId,
      value,
      categories: []
    })

  const fileIdsOf = Effect.fn("Contracts.fileIdsOf")(function* (given: ReadonlyArray<string>) {
    const ids: Array<string> = []
    for (const text of given) {
      if (text.trim() === "") continue
      const id = fileIdOfUrl(text)
      if (id === undefined) return yield* new InvalidField({ field: "attachments", problem: "format" })
      if (!ids.includes(id)) ids.push(id)
    }
    return ids
  })

  const linesOf = Effect.fn("Contracts.linesOf")(function* (orgId: OrgId, given: ReadonlyArray<ContractLineInput>) {
    const lines: Array<ContractLine> = []
    for (const [index, input] of given.entries()) {
      if (lines.some((l) => l.productId === input.productId)) {
        return yield* new InvalidField({ field: "lines", problem: "duplicate" })
      }
      const product = yield* catalog.findProduct(orgId, input.productId)
      if (Option.isNone(product)) return yield* new ContractProductNotFound({ line: index + 1 })
      if (BigDecimal.isZero(decimal(input.unitPrice))) {
        return yield* new InvalidField({ field: "unitPrice", problem: "mustBePositive" })
      }
      const minQuantity = input.minQuantity ?? null
      if (minQuantity !== null && BigDecimal.isZero(decimal(minQuantity))) {
        return yield* new InvalidField({ field: "minQuantity", problem: "mustBePositive" })
      }
      lines.push(
        new ContractLine({
          productId: product.value.id,
          sku: product.value.sku,
          productName: new ContractName({ en: product.value.name.en, ar: product.value.name.ar }),
          unitPrice: format(decimal(input.unitPrice)),
          minQuantity: minQuantity === null ? null : format(decimal(minQuantity))
        })
      )
    }
    return lines
  })

  type Given = Partial<Omit<NewContractInput, "vendorId">> & { readonly vendorId?: string | undefined }

  /** Checks a new or changed draft's fields: `base` is what the input leaves out. */
  const fieldsOf = Effect.fn("Contracts.fieldsOf")(function* (
    actor: Actor,
    given: Given,
    base: ContractRecord | undefined,
    orgCurrency: string
  ) {
    const title = (given.title ?? base?.title ?? "").trim()
    if (title === "") return yield* new InvalidField({ field: "title", problem: "required" })
    const vendorId = given.vendorId ?? base?.vendorId ?? ""
    const vendor =
      vendorId === base?.vendorId && base !== undefined ? undefined : yield* vendors.find(actor.orgId, vendorId)
    if (vendor !== undefined && Option.isNone(vendor)) return yield* new ContractVendorNotFound({ vendorId })
    const vendorName =
      vendor === undefined || Option.isNone(vendor)
        ? base!.vendorName
        : new ContractName({ en: vendor.value.name.en, ar: vendor.value.name.ar })
    const workspaceId = given.workspaceId === undefined ? (base?.workspaceId ?? null) : given.workspaceId
    let workspaceName: string | null = null
    if (workspaceId !== null && workspaceId !== "") {
      const workspace = yield* workspaces.find(actor.orgId, workspaceId)
      if (Option.isNone(workspace)) return yield* new InvalidField({ field: "workspaceId", problem: "notOneOf" })
      workspaceName = workspace.value.name
    }
    const currency = (given.currency ?? base?.currency ?? orgCurrency).trim().toUpperCase()
    if (Option.isNone(yield* Effect.option(euroRate(currency)))) {
      return yield* new InvalidField({ field: "currency", problem: "notOneOf" })
    }
    const startDate = (given.startDate ?? base?.startDate ?? "").trim()
    if (!isDay(startDate)) return yield* new InvalidField({ field: "startDate", problem: "format" })
    const endDate = (given.endDate ?? base?.endDate ?? "").trim()
    if (!isDay(endDate)) return yield* new InvalidField({ field: "endDate", problem: "format" })
    if (endDate < startDate) return yield* new InvalidField({ field: "endDate", problem: "endBeforeStart" })
    const ceilingGiven = given.ceiling === undefined ? (base?.ceiling ?? null) : given.ceiling
    if (ceilingGiven !== null && BigDecimal.isZero(decimal(ceilingGiven))) {
      return yield* new InvalidField({ field: "ceiling", problem: "mustBePositive" })
    }
    const lines = given.lines === undefined ? (base?.lines ?? []) : yield* linesOf(actor.orgId, given.lines)
    const attachments =
      given.attachments === undefined ? (base?.attachments ?? []) : yield* fileIdsOf(given.attachments)
    return {
      title,
      vendorId,
      vendorName,
      workspaceId: workspaceId === "" ? null : workspaceId,
      workspaceName,
      currency,
      startDate,
      endDate,
      ceiling: ceilingGiven === null ? null : format(decimal(ceilingGiven)),
      lines,
      attachments,
      terms: (given.terms ?? base?.terms ?? "").trim()
    } satisfies ContractRecord
  })

  const recordOf = (contract: Contract): ContractRecord => ({
    title: contract.title,
    vendorId: contract.vendorId,
    vendorName: contract.vendorName,
    workspaceId: contract.workspaceId,
    workspaceName: contract.workspaceName,
    currency: contract.currency,
    startDate: contract.startDate,
    endDate: contract.endDate,
    ceiling: contract.ceiling,
    lines: contract.lines,
    attachments: contract.attachments,
    terms: contract.terms
  })

  const documentOf = (contract: Contract) => new DocumentRef({ kind: "contract", id: contract.id })

  const keepFiles = (actor: Actor, contract: Contract) =>
    files.setAttachments(actor, documentOf(contract), contract.attachments as ReadonlyArray<FileId>)

  /** Moves a contract's status at the version read, as its machine allows, with the audit entry. */
  const move = Effect.fn("Contracts.move")(function* (
    actor: Actor,
    contract: Contract,
    action: string,
    path: ReadonlyArray<ContractStatus>,
    origin: RequestOrigin,
    remark = ""
  ) {
    const to = path[path.length - 1] ?? contract.status
    let from = contract.status
    for (const step of path) {
      if (!contractStatusMachine.canTransition(from, step)) {
        return yield* new ContractActionNotAllowed({ action, status: contract.status })
      }
      from = step
    }
    if (to === contract.status) return contract
    const saved = yield* repository.setStatus(actor.orgId, contract.id, to, contract.version, remark)
    if (Option.isNone(saved)) return yield* new ContractNotFound({ id: contract.id })
    yield* record(actor, "contract.status_changed", origin, saved.value, {
      action,
      from: contract.status,
      to,
      remark
    })
    return saved.value
  })

  // ---------------------------------------------------------------------------------------------------------
  // Reads.

  /** Whether the actor reads the contract: a `ven_r_o` holder, or one of its approvers. */
  const sees = Effect.fn("Contracts.sees")(function* (actor: Actor, contract: Contract) {
    if (hasAnyPrivilege(actor.privileges, contractPrivileges.read)) return true
    const state = yield* Effect.option(approvals.state(actor, contractKind.kind, contract.id))
    return Option.isSome(state) && state.value.approverIds.some((ids) => ids.includes(actor.userId))
  })

  /** One contract, for a reader of contracts or one of its approvers. */
  const get = Effect.fn("Contracts.get")(function* (actor: Actor, id: string) {
    yield* guard(actor, reviewing)
    const contract = yield* found(actor.orgId, id)
    if (!(yield* sees(actor, contract))) return yield* new ContractNotFound({ id })
    return contract
  })

  /** The contracts list: one page newest first, its total, and the counts per status of the same filter. */
  const list = Effect.fn("Contracts.list")(function* (actor: Actor, params: ContractListParams) {
    yield* guard(actor, reading)
    const page = yield* pageRequest(params.page, params.limit)
    const statuses = (params.statuses ?? []).filter((s) =>
      (contractStatusMachine.statuses as ReadonlyArray<string>).includes(s)
    ) as ReadonlyArray<ContractStatus>
    if ((params.statuses ?? []).length > 0 && statuses.length === 0) {
      return yield* new InvalidField({ field: "status", problem: "notOneOf" })
    }
    const filter = {
      statuses: statuses.length === 0 ? undefined : statuses,
      vendorId: params.vendorId?.trim() || undefined,
      search: params.search?.trim() || undefined
    }
    const contracts = yield* repository.list(actor.orgId, {
      ...filter,
      offset: page.page * page.limit,
      limit: page.limit
    })
    const counts = yield* lists.counted(
      actor.orgId,
      contractKind.kind,
      JSON.stringify([filter.vendorId ?? "", filter.search ?? ""]),
      repository.counts(actor.orgId, { vendorId: filter.vendorId, search: filter.search })
    )
    const kept = counts.filter((c) => filter.statuses === undefined || filter.statuses.includes(c.status))
    return new ContractPage({
      contracts,
      total: kept.reduce((sum, c) => sum + c.count, 0),
      statusCounts: counts.map((c) => new ContractStatusCount(c))
    })
  })

  /**
   * The agreed prices of a vendor's products on a day (see `agreedPrice` in the module's docs), for the orders
   * module (with an organisation id, inside its own transaction) or a reader (with an actor).
   */
  const agreedPrice = Effect.fn("Contracts.agreedPrice")(function* (
    by: Actor | OrgId,
    vendorId: string,
    productIds: ReadonlyArray<string>,
    onDate?: string
  ) {
    const orgId = typeof by === "string" ? by : by.orgId
    if (typeof by !== "string") yield* guard(by, { module: contractsModule })
    const day = onDate ?? (yield* today)
    if (!isDay(day)) return yield* new InvalidField({ field: "date", problem: "format" })
    return yield* agreedPricesOn(repository, orgId, vendorId, productIds, day)
  })

  /** `GET contracts/agreed-prices`: the lookup for a reader of contracts, as a list. */
  const agreedPrices = Effect.fn("Contracts.agreedPrices")(function* (
    actor: Actor,
    vendorId: string,
    productIds: ReadonlyArray<string>,
    onDate?: string
  ) {
    yield* guard(actor, reading)
    // A vendor of another organisation (or none) is not found, as it would be anywhere else.
    if (Option.isNone(yield* vendors.find(actor.orgId, vendorId)))
      return yield* new ContractVendorNotFound({ vendorId })
    const found = yield* agreedPrice(actor, vendorId, productIds, onDate)
    return new AgreedPrices({
      prices: [...found].map(([productId, p]) => new AgreedPrice({ productId, ...p }))
    })
  })

  // ---------------------------------------------------------------------------------------------------------
  // Commands.

  const create = commandOf(
    "Contracts.create",
    creating,
    function* (actor: Actor, input: NewContractInput, origin: RequestOrigin = noOrigin) {
      const org = yield* inPlan(actor.orgId)
      const fields = yield* fieldsOf(actor, input, undefined, org.currency)
      const made = yield* repository.insert(actor.orgId, fields, actor.userId)
      if (input.attachments !== undefined) yield* keepFiles(actor, made)
      yield* record(actor, "contract.created", origin, made, { vendorId: made.vendorId })
      return made
    }
  )

  const update = commandOf(
    "Contracts.update",
    updating,
    function* (actor: Actor, id: string, input: ContractUpdateInput, origin: RequestOrigin = noOrigin) {
      const contract = yield* found(actor.orgId, id)
      yield* checkVersion(contract, input.version)
      yield* offered("update", contract)
      const org = yield* inPlan(actor.orgId)
      const { version: _version, ...given } = input
      const fields = yield* fieldsOf(actor, given, recordOf(contract), org.currency)
      const saved = yield* repository.update(actor.orgId, id, fields, contract.version)
      if (Option.isNone(saved)) return yield* new ContractNotFound({ id })
      if (given.attachments !== undefined) yield* keepFiles(actor, saved.value)
      yield* record(actor, "contract.updated", origin, saved.value)
      return saved.value
    }
  )

  const submit = commandOf(
    "Contracts.submit",
    updating,
    function* (actor: Actor, id: string, input: ContractCommandInput = {}, origin: RequestOrigin = noOrigin) {
      const contract = yield* found(actor.orgId, id)
      yield* checkVersion(contract, input.version)
      yield* offered("submit", contract)
      const org = yield* inPlan(actor.orgId)
      if (contract.lines.length === 0) return yield* new InvalidField({ field: "lines", problem: "atLeastOne" })
      if (contract.endDate < (yield* today)) {
        return yield* new ContractEnded({ number: contract.number, endDate: contract.endDate })
      }
      const submitted = yield* approval.submit(
        actor,
        subjectOf(contract, yield* valueOf(contract, org.currency)),
        contract.status
      )
      return yield* move(actor, contract, "submit", submitted.path, origin, input.remark?.trim() ?? "")
    }
  )

  /** An approver's decision: the engine decides who may act; the contract follows its answer. */
  const review = commandOf(
    "Contracts.review",
    reviewing,
    function* (actor: Actor, id: string, input: DocumentReview, origin: RequestOrigin = noOrigin) {
      const contract = yield* found(actor.orgId, id)
      if (!contractActionAllowed("review", contract.status)) {
        if (!(yield* sees(actor, contract))) return yield* new ContractNotFound({ id })
        return yield* new ContractActionNotAllowed({ action: input.action, status: contract.status })
      }
      const org = yield* inPlan(actor.orgId)
      const subject = subjectOf(contract, yield* valueOf(contract, org.currency))
      const reviewed = yield* approval.review(actor, subject, input)
      if (reviewed.pending) return contract
      return yield* move(actor, contract, input.action, [reviewed.status], origin, input.remark?.trim() ?? "")
    }
  )

  const ending = (action: "terminate" | "close", to: ContractStatus) =>
    commandOf(
      `Contracts.${action}`,
      updating,
      function* (actor: Actor, id: string, input: ContractCommandInput = {}, origin: RequestOrigin = noOrigin) {
        const contract = yield* found(actor.orgId, id)
        yield* checkVersion(contract, input.version)
        yield* offered(action, contract)
        const remark = input.remark?.trim() ?? ""
        if (action === "terminate" && remark === "") {
          return yield* new InvalidField({ field: "remark", problem: "required" })
        }
        return yield* move(actor, contract, action, [to], origin, remark)
      }
    )

  // ---------------------------------------------------------------------------------------------------------
  // The ceiling, for the orders module.

  const positive = (amount: string) =>
    Effect.gen(function* () {
      const value = BigDecimal.fromString(amount.trim())
      if (Option.isNone(value) || !BigDecimal.isPositive(value.value)) {
        return yield* new ContractAmountInvalid({ amount })
      }
      return format(value.value)
    })

  /**
   * Takes `amount` (in the contract's currency) of an active contract's ceiling for the order `orderRef`, on
   * `onDate` (today by default), in the caller's transaction: one conditional update, so concurrent orders never
   * pass the ceiling. Refused with the remaining amount when it would.
   */
  const consume = Effect.fn("Contracts.consume")(function* (
    orgId: OrgId,
    contractId: string,
    amount: string,
    orderRef: string,
    onDate?: string
  ) {
    const value = yield* positive(amount)
    const day = onDate ?? (yield* today)
    return yield* transactions.inOrg(orgId, consumeCeiling(repository, orgId, contractId, value, orderRef, day))
  })

  /** Gives `amount` back to a contract's ceiling (the order `orderRef` cancelled or reduced), in one update. */
  const release = Effect.fn("Contracts.release")(function* (
    orgId: OrgId,
    contractId: string,
    amount: string,
    orderRef: string
  ) {
    const value = yield* positive(amount)
    return yield* transactions.inOrg(orgId, releaseCeiling(repository, orgId, contractId, value, orderRef))
  })

  // ---------------------------------------------------------------------------------------------------------
  // The daily expiry job.

  /**
   * Tells each active contract's owner once that it ends within the alert window (SPEC.md §9: 60 days), and moves
   * the contracts whose end date has passed to CONTRACT_EXPIRED. Each alert and each expiry is one conditional
   * update in its organisation's transaction, so several processes running it at once alert once and expire once.
   */
  const runExpiry = Effect.fn("Contracts.runExpiry")(function* (on?: string) {
    const day = on ?? (yield* today)
    const alertUntil = addDays(day, contractExpiryAlertDays)
    const due = yield* repository.dueForExpiry(day, alertUntil)
    let alerted = 0
    let expired = 0
    for (const { orgId, id } of due.expire) {
      const done = yield* transactions.inOrg(orgId, repository.expire(orgId, id, day)).pipe(Effect.orDie)
      if (Option.isSome(done)) expired++
    }
    for (const { orgId, id } of due.alert) {
      const done = yield* transactions
        .inOrg(
          orgId,
          Effect.gen(function* () {
            const marked = yield* repository.markAlerted(orgId, id, alertUntil)
            if (Option.isNone(marked)) return false
            const contract = marked.value
            yield* notifications.insert(
              new Recipient({ orgId, userId: contract.ownerId as UserId }),
              new NewNotification({
                module: contractsModule,
                type: "CONTRACT_EXPIRING",
                documentId: contract.number,
                title: {
                  en: `Contract ${contract.number} ends on ${contract.endDate}`,
                  ar: `ينتهي العقد ${contract.number} في ${contract.endDate}`
                },
                notificationBody: contract.title,
                url: contractKind.path(contract.id)
              })
            )
            return true
          })
        )
        .pipe(Effect.orDie)
      if (done) alerted++
    }
    return { alerted, expired } satisfies ExpiryPass
  })

  return {
    get,
    list,
    agreedPrice,
    agreedPrices,
    create,
    update,
    submit,
    review,
    terminate: ending("terminate", "CONTRACT_TERMINATED"),
    close: ending("close", "CONTRACT_CLOSED"),
    consume,
    release,
    runExpiry
  }
})

/**
 * Use cases of contracts: framework agreements with a vendor (GLOSSARY "contract"), modelled on ERPNext's Blanket
 * Order and Odoo's blanket orders:
 *
 * - A draft names a vendor of the vendor master, an optional workspace (whose approval workflow applies; the
 *   organisation's otherwise), a currency, validity dates, an optional ceiling, agreed prices per catalogue
 *   product and files. It is submitted through the approval engine (kind `contract`) and becomes active.
 * - `agreedPrice(actor | orgId, vendorId, productIds, onDate)` answers, for each product that has one, the agreed
 *   price of the active contract with that vendor valid on the day (`preferredContract` where several are), with
 *   the contract's id and number: the orders module defaults an order line's price with it. The price is in the
 *   contract's currency, and carries its minimum quantity, below which the order keeps its own price.
 * - `consume(orgId, contractId, amount, orderRef)` takes an order's amount (in the contract's currency) from the
 *   ceiling and `release(...)` gives it back, each one conditional update (`consumed + amount <= ceiling`) in the
 *   caller's transaction, refused with `ContractCeilingExceeded` naming what remains. Unlike ERPNext, which only
 *   reports ordered quantities, the ceiling is a hard limit, as Coupa's contract "maximum spend".
 * - `runExpiry` is the daily job (`contracts.expiry`): the owner's alert 60 days before the end, once; expiry after.
 * - Privileges are SPEC.md §6's "vendors and contracts" (`ven_r_o`, `ven_c_o`, `ven_u_o`), the module `contracts`
 *   guards every command, and the plan limit `contractsAllowed` every create, edit and submission.
 */
export class Contracts extends Context.Service<Contracts, Effect.Success<typeof make>>()(
  "@tawreed/core/contracts/Contracts"
) {
  static readonly layer = Layer.effect(Contracts, make)
}
