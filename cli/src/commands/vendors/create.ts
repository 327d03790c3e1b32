import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { NewVendorInput } from "@tawreed/core/vendors"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { vendorName, vendorStatusText } from "./Lookup.ts"

const CreateOptions = Schema.Struct({ file: Schema.String })

/**
 * `tawreed vendors create --file <vendor.json>`: a new vendor from the file, the body of `POST vendors` (nameEn,
 * nameAr, crNumber, vatNumber, bankAccounts with their IBANs, contacts, categories, paymentTermsDays …).
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("record a vendor from a JSON file (nameEn, nameAr, crNumber, vatNumber, bankAccounts …)")
    .requiredOption("--file <vendor.json>", "the vendor, as the API's POST vendors takes it")
    .action((options: unknown, command: Command) => run(command, create(options)))

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { file } = yield* Schema.decodeUnknownEffect(CreateOptions)(options).pipe(Effect.orDie)
    const content = yield* Effect.try({
      try: () => readFileSync(file, "utf8"),
      catch: (error) =>
        new InvalidInput({ detail: text("importUnreadable", locale, { file, detail: (error as Error).message }) })
    })
    const notAVendor = (detail: string) =>
      new InvalidInput({ detail: text("vendorFileInvalid", locale, { file, detail }) })
    const parsed = yield* Effect.try({
      try: () => JSON.parse(content) as unknown,
      catch: (error) => notAVendor((error as Error).message)
    })
    const input = yield* Schema.decodeUnknownEffect(NewVendorInput)(parsed).pipe(
      Effect.mapError((error) => notAVendor(error.message))
    )
    const client = yield* signedInClient
    // A new key each run: retried inside this run (the client's own retries), the vendor is recorded once.
    const made = yield* client.vendors.create(input, randomUUID())
    yield* emit(
      () => [
        text("vendorNow", locale, {
          toast: text("vendorCreated", locale),
          number: made.number,
          name: vendorName(made, locale),
          status: vendorStatusText(made, locale)
        })
      ],
      () => made
    )
  })
