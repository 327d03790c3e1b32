import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { type Locale, Uuid } from "@tawreed/core/shared"
import { type Vendor, VendorNotFound } from "@tawreed/core/vendors"
import { text, type MessageKey } from "../../Messages.ts"

const isId = (text: string): boolean => Schema.is(Uuid)(text)

/** A vendor named by its number (`VEN-000004`, any case), its CR or VAT number, its name, or its id. */
export const vendorOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (isId(name)) return yield* client.vendors.get(name)
    const page = yield* client.vendors.list({ search: name, limit: 9999 })
    const wanted = name.toLowerCase()
    const found =
      page.vendors.find((v) => v.number.toLowerCase() === wanted) ??
      page.vendors.find((v) => v.crNumber === name || v.vatNumber === name) ??
      page.vendors.find((v) => v.name.en.toLowerCase() === wanted || v.name.ar === name) ??
      (page.vendors.length === 1 ? page.vendors[0] : undefined)
    if (found === undefined) return yield* new VendorNotFound({ id: name })
    return found
  })

/** A vendor's name in the reader's language, the other when it has none. */
export const vendorName = (vendor: Vendor, locale: Locale) =>
  (locale === "ar" ? vendor.name.ar || vendor.name.en : vendor.name.en || vendor.name.ar) || "—"

/** A vendor's status in words, as the site shows it. */
export const vendorStatusText = (vendor: Vendor, locale: Locale) =>
  text(`vendorStatus${vendor.status}` as MessageKey, locale)

/** A vendor's hold in words, with its last day, or a dash. */
export const holdText = (vendor: Vendor, locale: Locale) => {
  if (vendor.hold === null) return "—"
  const hold = text(`vendorHold${vendor.hold.scope}` as MessageKey, locale)
  return vendor.hold.releaseDate === null
    ? hold
    : text("vendorHoldUntil", locale, { hold, date: vendor.hold.releaseDate })
}
