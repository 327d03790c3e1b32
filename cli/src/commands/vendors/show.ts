import type { Command } from "commander"
import { Effect } from "effect"
import type { Locale } from "@tawreed/core/shared"
import { formatIban, type Vendor } from "@tawreed/core/vendors"
import { text, type MessageKey } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { holdText, vendorName, vendorOf, vendorStatusText } from "./Lookup.ts"

/** `tawreed vendors show <vendor>`: a vendor whole: its standing, hold, numbers, terms, contacts, bank and documents. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("show")
    .argument("<vendor>", "the vendor's number (VEN-000004), CR or VAT number, name or id")
    .description("show a vendor: status, hold, CR and VAT numbers, payment terms, contacts, bank accounts, documents")
    .action((vendor: string, _options: unknown, command: Command) => run(command, show(vendor)))

const show = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const vendor = yield* vendorOf(client, named)
    yield* emit(
      () => lines(vendor, locale),
      () => vendor
    )
  })

const lines = (vendor: Vendor, locale: Locale): ReadonlyArray<string> => [
  text("vendorHeading", locale, { number: vendor.number, name: vendorName(vendor, locale) }),
  text("vendorStatusLine", locale, { status: vendorStatusText(vendor, locale) }),
  ...(vendor.hold === null ? [] : [text("vendorHoldLine", locale, { hold: holdText(vendor, locale) })]),
  text("vendorRegistration", locale, { cr: vendor.crNumber ?? "—", vat: vendor.vatNumber ?? "—" }),
  text("vendorTerms", locale, { days: vendor.paymentTermsDays, currency: vendor.currency }),
  ...(vendor.categories.length === 0
    ? []
    : [text("vendorCategories", locale, { categories: vendor.categories.join(", ") })]),
  ...vendor.contacts.map((c) => text("vendorContact", locale, { name: c.name, email: c.email, phone: c.phone }).trim()),
  ...vendor.bankAccounts.map((b) => text("vendorBank", locale, { bank: b.bankName || "—", iban: formatIban(b.iban) })),
  ...vendor.documents.map((d) =>
    text("vendorDocument", locale, {
      kind: text(`vendorDocument${d.kind}` as MessageKey, locale),
      number: d.number || "—",
      date: d.expiresOn ?? text("vendorNoExpiry", locale)
    })
  )
]
