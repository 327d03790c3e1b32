import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { type Contract, ContractNotFound, type ContractPage, NewContractInput } from "@tawreed/core/contracts"
import { InvalidInput, type Locale, Uuid } from "@tawreed/core/shared"
import { documentFromFile } from "../DocumentFile.ts"
import { countText, type MessageKey, text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"
import { columns } from "../Table.ts"

const ListOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString,
  status: Schema.optional(Schema.String),
  search: Schema.optional(Schema.String)
})

const statusText = (contract: Pick<Contract, "status">, locale: Locale) =>
  text(`contractStatus${contract.status}` as MessageKey, locale)
const vendorText = (contract: Contract, locale: Locale) =>
  (locale === "ar" ? contract.vendorName.ar || contract.vendorName.en : contract.vendorName.en) || "—"

const isId = (text: string): boolean => Schema.is(Uuid)(text)

/** A contract by its number (CTR-000004), its title or its id. */
const contractOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (isId(name)) return yield* client.contracts.get(name)
    const page = yield* client.contracts.list({ search: name, limit: 500 })
    const wanted = name.toLowerCase()
    const found =
      page.contracts.find((c) => c.number.toLowerCase() === wanted) ??
      page.contracts.find((c) => c.title.toLowerCase() === wanted) ??
      (page.contracts.length === 1 ? page.contracts[0] : undefined)
    if (found === undefined) return yield* new ContractNotFound({ id: name })
    return found
  })

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const page = yield* client.contracts.list({
      page: decoded.page,
      limit: decoded.limit,
      statuses: decoded.status?.split(","),
      search: decoded.search
    })
    yield* emit(
      () => listLines(page, decoded.page, decoded.limit, locale),
      () => page
    )
  })

const listLines = (page: ContractPage, at: number, limit: number, locale: Locale): ReadonlyArray<string> => [
  ...(page.contracts.length === 0
    ? []
    : columns([
        [
          text("columnNumber", locale),
          text("columnTitle", locale),
          text("columnVendor", locale),
          text("columnValidity", locale),
          text("columnRemaining", locale),
          text("columnStatus", locale)
        ],
        ...page.contracts.map((c) => [
          c.number,
          c.title,
          vendorText(c, locale),
          `${c.startDate} – ${c.endDate}`,
          c.remaining === null ? "—" : `${c.remaining} ${c.currency}`,
          statusText(c, locale)
        ])
      ])),
  countText("contractsFooter", locale, page.total, { page: at + 1, pages: Math.max(1, Math.ceil(page.total / limit)) })
]

const showLines = (contract: Contract, locale: Locale): ReadonlyArray<string> => [
  text("contractHeading", locale, { number: contract.number, title: contract.title }),
  text("contractVendorLine", locale, { vendor: vendorText(contract, locale), status: statusText(contract, locale) }),
  text("contractValidityLine", locale, { start: contract.startDate, end: contract.endDate }),
  contract.ceiling === null
    ? text("contractNoCeiling", locale, { consumed: contract.consumed, currency: contract.currency })
    : text("contractCeilingLine", locale, {
        ceiling: contract.ceiling,
        currency: contract.currency,
        consumed: contract.consumed,
        remaining: contract.remaining ?? "0"
      }),
  countText("contractPrices", locale, contract.lines.length),
  ...contract.lines.map((l) =>
    text("contractPriceLine", locale, {
      sku: l.sku,
      product: (locale === "ar" ? l.productName.ar || l.productName.en : l.productName.en) || "—",
      price: l.unitPrice,
      currency: contract.currency,
      minimum: l.minQuantity === null ? "" : text("contractMinimum", locale, { quantity: l.minQuantity })
    })
  )
]

const show = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const contract = yield* contractOf(client, named)
    yield* emit(
      () => showLines(contract, locale),
      () => contract
    )
  })

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const input = yield* documentFromFile(options, NewContractInput, "contractFileInvalid")
    const client = yield* signedInClient
    // A new key each run: retried inside this run (the client's own retries), the contract is drafted once.
    const made = yield* client.contracts.create(input, randomUUID())
    yield* emit(
      () => [
        text("contractNow", locale, {
          toast: text("contractCreated", locale),
          number: made.number,
          title: made.title,
          status: statusText(made, locale)
        })
      ],
      () => made
    )
  })

/** `tawreed contracts …`: framework agreements with vendors (list, show, and a draft from a JSON file). */
export const register = (parent: Command, run: Runner) => {
  const contracts = parent
    .command("contracts")
    .description("list and show the organisation's contracts with vendors, and draft one from a file")
  contracts
    .command("list")
    .description("list contracts newest first, with the ceiling each has left")
    .option("--status <statuses>", "only these statuses, separated by commas (CONTRACT_ACTIVE, CONTRACT_DRAFTED …)")
    .option("--search <text>", "only contracts whose title, number or vendor contain this")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "contracts per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))
  contracts
    .command("show")
    .argument("<contract>", "the contract's number (CTR-000001), title or id")
    .description("show a contract: vendor, status, validity, ceiling and its agreed prices")
    .action((contract: string, _options: unknown, command: Command) => run(command, show(contract)))
  contracts
    .command("create")
    .description("draft a contract from a JSON file (title, vendorId, startDate, endDate, ceiling, lines …)")
    .requiredOption("--file <contract.json>", "the contract, as the API's POST contracts takes it")
    .action((options: unknown, command: Command) => run(command, create(options)))
  return contracts
}
