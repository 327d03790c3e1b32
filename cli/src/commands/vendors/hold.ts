import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { VendorHoldInput, VendorHoldScope } from "@tawreed/core/vendors"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { holdText, vendorName, vendorOf, vendorStatusText } from "./Lookup.ts"

const HoldOptions = Schema.Struct({
  scope: VendorHoldScope,
  until: Schema.optional(Schema.String),
  reason: Schema.optional(Schema.String)
})

/**
 * `tawreed vendors hold <vendor> --scope ALL|INVOICES|PAYMENTS [--until YYYY-MM-DD] --reason …` and
 * `tawreed vendors release <vendor>`: puts a vendor on hold (replacing any hold) and releases it.
 */
export const register = (parent: Command, run: Runner) => {
  parent
    .command("hold")
    .argument("<vendor>", "the vendor's number (VEN-000004), CR or VAT number, name or id")
    .description("put a vendor on hold: all business, its invoices or payments to it, until released or a day")
    .requiredOption("--scope <scope>", "what the hold stops: ALL, INVOICES or PAYMENTS")
    .option("--until <day>", "the hold's last day, YYYY-MM-DD (without it, until released)")
    .option("--reason <text>", "why the vendor is held")
    .action((vendor: string, options: unknown, command: Command) => run(command, hold(vendor, options)))
  return parent
    .command("release")
    .argument("<vendor>", "the vendor's number (VEN-000004), CR or VAT number, name or id")
    .description("release a vendor's hold")
    .action((vendor: string, _options: unknown, command: Command) => run(command, release(vendor)))
}

const hold = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(HoldOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: text("vendorHoldScopeInvalid", locale) }))
    )
    const client = yield* signedInClient
    const vendor = yield* vendorOf(client, named)
    const held = yield* client.vendors.hold(
      vendor.id,
      new VendorHoldInput({
        scope: decoded.scope,
        reason: decoded.reason ?? "",
        releaseDate: decoded.until ?? null,
        version: vendor.version
      })
    )
    yield* emit(
      () => [
        text("vendorNow", locale, {
          toast: text("vendorHeld", locale),
          number: held.number,
          name: vendorName(held, locale),
          status: holdText(held, locale)
        })
      ],
      () => held
    )
  })

const release = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const vendor = yield* vendorOf(client, named)
    const released = yield* client.vendors.release(vendor.id)
    yield* emit(
      () => [
        text("vendorNow", locale, {
          toast: text("vendorReleased", locale),
          number: released.number,
          name: vendorName(released, locale),
          status: vendorStatusText(released, locale)
        })
      ],
      () => released
    )
  })
