import { createHash } from "node:crypto"
import type { Command } from "commander"
import { Effect, Result } from "effect"
import { NewProductInput } from "@tawreed/core/catalog"
import { InvalidField, InvalidInput } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { Output } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { columnsOf, importReport, refusesRow } from "../../TableImport.ts"
import { tableOf } from "../../Spreadsheet.ts"

/** Rows sent at once: each is its own transaction on the server, so a failure leaves no row half-written. */
const inFlight = 8

type Kind = "text" | "number" | "flag" | "list"

/** The columns a file may have, by their header lower-cased without spaces, dashes or underscores. */
const columns: Readonly<Record<string, readonly [field: string, kind: Kind]>> = {
  sku: ["sku", "text"],
  name: ["nameEn", "text"],
  nameen: ["nameEn", "text"],
  namear: ["nameAr", "text"],
  description: ["descriptionEn", "text"],
  descriptionen: ["descriptionEn", "text"],
  descriptionar: ["descriptionAr", "text"],
  brand: ["brand", "text"],
  model: ["model", "text"],
  origincountry: ["originCountry", "text"],
  soldby: ["soldBy", "text"],
  price: ["basePrice", "number"],
  baseprice: ["basePrice", "number"],
  currency: ["currency", "text"],
  vat: ["vat", "number"],
  minqtyrfq: ["minQtyRFQ", "number"],
  minqtydirectorder: ["minQtyDirectOrder", "number"],
  available: ["isAvailable", "flag"],
  isavailable: ["isAvailable", "flag"],
  allowdirectorder: ["allowDirectOrder", "flag"],
  allowrfq: ["allowRFQ", "flag"],
  public: ["public", "flag"],
  catalogs: ["catalogs", "list"],
  categories: ["categories", "list"]
}

const flags: Readonly<Record<string, boolean>> = {
  true: true,
  yes: true,
  "1": true,
  false: false,
  no: false,
  "0": false
}

/**
 * `tawreed catalog import <file>`: adds the products of a CSV or Excel (.xlsx, its first sheet) file, one a row (columns sku, nameEn, nameAr,
 * descriptionEn, descriptionAr, brand, model, originCountry, soldBy, basePrice, currency, vat, minQtyRFQ,
 * minQtyDirectOrder, available, allowDirectOrder, allowRFQ, public, catalogs and categories, lists separated by
 * `;`). Each row is created in a transaction of its own, keyed by its content: running an interrupted import again
 * creates only the rows it had not reached. A bad row is reported with its line and the catalogue's message; the
 * good ones are created. On a terminal the count of rows done is shown as it grows.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("import")
    .argument("<file>", "the CSV or Excel (.xlsx) file, its first line naming the columns")
    .description("add the products of a CSV or Excel file; running it again resumes where it stopped")
    .action((file: string, _options: unknown, command: Command) => run(command, importProducts(file)))

/** A row's fields as the API takes them, or the field that is not in its form. */
const inputOf = (headers: ReadonlyArray<readonly [string, Kind] | undefined>, fields: ReadonlyArray<string>) => {
  const given: Record<string, unknown> = {}
  for (const [i, column] of headers.entries()) {
    if (column === undefined) continue
    const [field, kind] = column
    const value = (fields[i] ?? "").trim()
    if (value === "") continue
    switch (kind) {
      case "text":
        given[field] = value
        break
      case "number": {
        const n = Number(value.replace(/,/g, ""))
        if (!Number.isFinite(n)) return new InvalidField({ field, problem: "format" })
        given[field] = n
        break
      }
      case "flag": {
        const flag = flags[value.toLowerCase()]
        if (flag === undefined) return new InvalidField({ field, problem: "format" })
        given[field] = flag
        break
      }
      case "list":
        given[field] = value
          .split(/[;|]/)
          .map((v) => v.trim())
          .filter((v) => v !== "")
    }
  }
  const { vat, ...rest } = given
  return new NewProductInput({
    ...rest,
    ...(vat === undefined ? {} : { taxes: [{ name: "VAT", percent: vat as number }] })
  } as ConstructorParameters<typeof NewProductInput>[0])
}

/** The Idempotency-Key of a row: its content's digest, so that running the file again does not create it twice. */
const keyOf = (input: NewProductInput) =>
  `catalog-import-${createHash("sha256").update(JSON.stringify(input)).digest("hex")}`

const importProducts = (file: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const output = yield* Output
    const [header, ...records] = yield* tableOf(file, locale)
    const headers = columnsOf(header, columns)
    if (!headers.some((h) => h !== undefined && ["sku", "nameEn", "nameAr"].includes(h[0]))) {
      return yield* new InvalidInput({ detail: text("catalogImportHeader", locale) })
    }
    const client = yield* signedInClient

    const { refuse, finish } = yield* importReport(file, locale)

    const good: Array<{ readonly line: number; readonly input: NewProductInput }> = []
    for (const record of records) {
      const input = yield* Effect.try({
        try: () => inputOf(headers, record.fields),
        catch: () => new InvalidField({ field: "file", problem: "format" })
      }).pipe(Effect.result)
      if (Result.isFailure(input)) yield* refuse(record.line, input.failure)
      else if (input.success instanceof InvalidField) yield* refuse(record.line, input.success)
      else good.push({ line: record.line, input: input.success })
    }

    let done = 0
    let created = 0
    yield* Effect.forEach(
      good,
      (row) =>
        Effect.gen(function* () {
          const answer = yield* Effect.result(client.catalog.createProduct(row.input, keyOf(row.input)))
          done++
          if (Result.isSuccess(answer)) created++
          else if (refusesRow(answer.failure)) {
            yield* refuse(row.line, answer.failure)
          } else return yield* Effect.fail(answer.failure)
          if (done % 50 === 0 || done === good.length) {
            yield* output.progress(countText("catalogImportProgress", locale, good.length, { done }))
          }
        }),
      { concurrency: inFlight, discard: true }
    )
    if (good.length > 0) yield* output.progress("")
    yield* finish("catalogImportCreated", created)
  })
