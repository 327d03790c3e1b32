import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect } from "effect"
import { NewVendorInput } from "@tawreed/core/vendors"
import { documentFromFile } from "../../DocumentFile.ts"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { vendorName, vendorStatusText } from "./Lookup.ts"

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
    const input = yield* documentFromFile(options, NewVendorInput, "vendorFileInvalid")
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
