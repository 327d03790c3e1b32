import { createHash } from "node:crypto"
import type { Command } from "commander"
import { Effect, Result } from "effect"
import { InvalidField, InvalidInput } from "@tawreed/core/shared"
import { NewVendorInput } from "@tawreed/core/vendors"
import { countText, text } from "../../Messages.ts"
import { Output } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { columnsOf, importReport, refusesRow } from "../../TableImport.ts"
import { tableOf } from "../../Spreadsheet.ts"

/** The fields a row fills. */
type Field =
  | "nameEn"
  | "nameAr"
  | "country"
  | "crNumber"
  | "vatNumber"
  | "contactName"
  | "email"
  | "phone"
  | "iban"
  | "bankName"
  | "paymentTermsDays"
  | "currency"
  | "categories"
  | "remarks"

/** The columns a file may have, by their header lower-cased without spaces, `_` and `-`, and the field each fills. */
const columns: Readonly<Record<string, Field>> = {
  nameen: "nameEn",
  legalnameen: "nameEn",
  legalname: "nameEn",
  name: "nameEn",
  namear: "nameAr",
  legalnamear: "nameAr",
  country: "country",
  cr: "crNumber",
  crnumber: "crNumber",
  vat: "vatNumber",
  vatnumber: "vatNumber",
  contact: "contactName",
  contactname: "contactName",
  email: "email",
  phone: "phone",
  iban: "iban",
  bank: "bankName",
  bankname: "bankName",
  paymentterms: "paymentTermsDays",
  paymenttermsdays: "paymentTermsDays",
  currency: "currency",
  categories: "categories",
  remarks: "remarks"
}

/**
 * `tawreed vendors import <file.csv|file.xlsx>`: records the vendors of a supplier list, one row a vendor, each
 * through `POST vendors` with a key of its own (the row's line and fields), so that running an interrupted import
 * again records no vendor twice. Columns (any order, named on the first line): nameEn, nameAr, country, crNumber,
 * vatNumber, contactName, email, phone, iban, bankName, paymentTermsDays, currency, categories (separated by `;`),
 * remarks. A row refused (by the file or by the API's rules: a bad CR, VAT or IBAN, a CR or VAT another vendor has)
 * is reported with its line and the catalogue's message in the chosen language; the others are recorded.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("import")
    .argument("<file>", "a CSV or Excel (.xlsx) file, its first line naming the columns")
    .description("record the vendors of a supplier list (CSV or .xlsx), reporting each refused row by its line")
    .action((file: string, _options: unknown, command: Command) => run(command, importVendors(file)))

const importVendors = (file: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const output = yield* Output
    const records = yield* tableOf(file, locale)
    const [header, ...rows] = records
    const fields = columnsOf(header, columns)
    if (!fields.includes("nameEn") && !fields.includes("nameAr")) {
      return yield* new InvalidInput({ detail: text("vendorImportHeader", locale) })
    }
    const client = yield* signedInClient

    const { refuse, finish } = yield* importReport(file, locale)

    let created = 0
    for (const [done, record] of rows.entries()) {
      yield* output.progress(countText("vendorImportProgress", locale, rows.length, { done }))
      const row: Partial<Record<Field, string>> = {}
      fields.forEach((field, i) => {
        if (field !== undefined) row[field] = record.fields[i]?.trim() ?? ""
      })
      const input = inputOf(row)
      if (input instanceof InvalidField) {
        yield* refuse(record.line, input)
        continue
      }
      const key = `vendors-import-${createHash("sha256")
        .update(JSON.stringify([record.line, input]))
        .digest("hex")}`
      const made = yield* Effect.result(client.vendors.create(input, key))
      if (Result.isSuccess(made)) created++
      else if (refusesRow(made.failure)) yield* refuse(record.line, made.failure)
      else return yield* Effect.fail(made.failure)
    }
    // The progress line goes once the work is done; the summary follows on stdout.
    if (rows.length > 0) yield* output.progress("")
    yield* finish("vendorImportCreated", created)
  })

/** The longest text each field takes (`NewVendorInput`); a two-letter country and a three-letter currency. */
const longest: Readonly<Record<Field, number>> = {
  nameEn: 300,
  nameAr: 300,
  country: 2,
  crNumber: 40,
  vatNumber: 40,
  contactName: 200,
  email: 254,
  phone: 30,
  iban: 60,
  bankName: 200,
  paymentTermsDays: 20,
  currency: 3,
  categories: 100 * 101,
  remarks: 2000
}

/**
 * The body of `POST vendors` a row asks for. What the API's input schema would refuse whole (a text too long, a
 * country or currency that is not a code, payment terms that are not a whole number of days) refuses the row here,
 * naming the field; every other rule is the API's.
 */
const inputOf = (row: Partial<Record<Field, string>>): NewVendorInput | InvalidField => {
  const given = (field: Field) => (row[field] === undefined || row[field] === "" ? undefined : row[field])
  for (const [field, max] of Object.entries(longest) as ReadonlyArray<[Field, number]>) {
    const value = given(field)
    if (value !== undefined && value.length > max) {
      return new InvalidField({
        field: field === "contactName" ? "contacts" : field,
        problem: field === "country" || field === "currency" ? "format" : "tooLong"
      })
    }
  }
  const terms = given("paymentTermsDays")
  if (terms !== undefined && !/^\d{1,3}$/.test(terms)) {
    return new InvalidField({ field: "paymentTermsDays", problem: "outOfRange" })
  }
  const contactName =
    given("contactName") ??
    (given("email") !== undefined || given("phone") !== undefined ? (given("nameEn") ?? given("nameAr")) : undefined)
  const iban = given("iban")
  const bankName = given("bankName")
  const categories = given("categories")
    ?.split(/[;|]/)
    .map((c) => c.trim())
    .filter((c) => c !== "")
  if (categories !== undefined && (categories.length > 100 || categories.some((c) => c.length > 100))) {
    return new InvalidField({ field: "categories", problem: "tooLong" })
  }
  return new NewVendorInput({
    ...(given("nameEn") === undefined ? {} : { nameEn: given("nameEn")! }),
    ...(given("nameAr") === undefined ? {} : { nameAr: given("nameAr")! }),
    ...(given("country") === undefined ? {} : { country: given("country")! }),
    ...(given("crNumber") === undefined ? {} : { crNumber: given("crNumber")! }),
    ...(given("vatNumber") === undefined ? {} : { vatNumber: given("vatNumber")! }),
    ...(contactName === undefined
      ? {}
      : {
          contacts: [
            {
              name: contactName,
              ...(given("email") === undefined ? {} : { email: given("email")! }),
              ...(given("phone") === undefined ? {} : { phone: given("phone")! }),
              primary: true
            }
          ]
        }),
    ...(iban === undefined ? {} : { bankAccounts: [{ iban, ...(bankName === undefined ? {} : { bankName }) }] }),
    ...(terms === undefined ? {} : { paymentTermsDays: Number(terms) }),
    ...(given("currency") === undefined ? {} : { currency: given("currency")! }),
    ...(categories === undefined ? {} : { categories }),
    ...(given("remarks") === undefined ? {} : { remarks: given("remarks")! })
  })
}
