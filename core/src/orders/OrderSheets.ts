import { Effect, Option } from "effect"
import { MailAttachment, OutgoingMail } from "../mail/Mail.ts"
import { Mailer } from "../mail/Mailer.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { ThemeRepository } from "../organisations/ThemeRepository.ts"
import type { Locale, Translated } from "../shared/Locale.ts"
import { interpolate } from "../shared/Text.ts"
import type { Vendor } from "../vendors/Vendor.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import type { Order } from "./Order.ts"
import { type OrderPdf, orderPdfName, OrderPrinter, type OrderSheet } from "./OrderPrinter.ts"

const nonEmpty = (lines: ReadonlyArray<string>) => lines.map((l) => l.trim()).filter((l) => l !== "")

/** A vendor's first address as printed lines. */
const vendorAddressLines = (vendor: Vendor | undefined): ReadonlyArray<string> => {
  const address = vendor?.addresses[0]
  if (address === undefined) return []
  return nonEmpty([
    address.line1,
    address.line2,
    nonEmpty([address.postalCode, address.city]).join(" "),
    nonEmpty([address.region, address.country]).join(", ")
  ])
}

/**
 * Where an order's mail goes: the email of each primary contact of the vendor, or of every contact when no primary
 * one has an email, each address once.
 */
export const vendorMailRecipients = (vendor: Pick<Vendor, "contacts">): ReadonlyArray<string> => {
  const withEmail = vendor.contacts.filter((c) => c.email.trim() !== "")
  const primary = withEmail.filter((c) => c.primary)
  return [...new Set((primary.length > 0 ? primary : withEmail).map((c) => c.email.trim().toLowerCase()))]
}

const vendorMail = {
  subject: {
    en: "Purchase order {number} from {buyer}",
    ar: "أمر الشراء {number} من {buyer}"
  },
  text: {
    en:
      "{buyer} sends {vendor} purchase order {number}, {title}, for {total} {currency}.\n" +
      "The order is attached as a PDF. Please confirm it to {buyer}.",
    ar:
      "يرسل {buyer} إلى {vendor} أمر الشراء {number}، {title}، بمبلغ {total} {currency}.\n" +
      "أمر الشراء مرفق بصيغة PDF، ويرجى تأكيده لدى {buyer}."
  }
} as const satisfies Record<string, Translated>

/** An order's sheet gathered from the buyer's settings, theme, vendor master and workspace; its PDF; its mail. */
export const makeOrderSheets = Effect.gen(function* () {
  const settings = yield* OrgSettingsRepository
  const themes = yield* ThemeRepository
  const vendors = yield* VendorRepository
  const workspaces = yield* WorkspaceRepository
  const printer = yield* OrderPrinter
  const mailer = yield* Mailer

  /** The sheet of an order of the organisation `orgId` (the buyer's). */
  const sheetOf = Effect.fn("OrderSheets.sheetOf")(function* (orgId: OrgId, order: Order) {
    const org = Option.getOrUndefined(yield* settings.find(orgId))
    const theme = org === undefined ? undefined : Option.getOrUndefined(yield* themes.findByOrgCode(org.orgCode))
    const vendor = Option.getOrUndefined(yield* vendors.find(orgId, order.vendor.id))
    const workspace = Option.getOrUndefined(yield* workspaces.find(orgId, order.workspaceId))
    const location = order.locationId === null ? undefined : workspace?.locations.find((l) => l.id === order.locationId)
    return {
      order,
      buyer: {
        name: org?.orgName ?? "",
        logo: org?.orgLogo?.trim() || theme?.theme.appLogo?.trim() || null,
        printColour: theme?.theme.printColors.find((c) => c.variable === "--print-primary")?.value ?? null,
        vatNumber: org?.profile.taxCertificationNo?.trim() || null
      },
      vendor: {
        name: order.vendor.name,
        number: order.vendor.number,
        addressLines: vendorAddressLines(vendor),
        vatNumber: vendor?.vatNumber ?? null
      },
      deliverTo:
        location === undefined
          ? null
          : {
              name: location.name,
              addressLines: nonEmpty([
                location.address.street,
                nonEmpty([location.address.postalCode, location.address.city]).join(" "),
                nonEmpty([location.address.provinceState, location.address.country]).join(", ")
              ])
            },
      dateFormat: org?.orgConfig.adminConfig.dateFormat
    } satisfies OrderSheet
  })

  /** The order's PDF in a language. */
  const pdfOf = Effect.fn("OrderSheets.pdfOf")(function* (orgId: OrgId, order: Order, locale: Locale) {
    const bytes = yield* printer.purchaseOrder(yield* sheetOf(orgId, order), locale)
    return { filename: orderPdfName(order), bytes } satisfies OrderPdf
  })

  /**
   * Mails a sent order to its vendor's contacts with its PDF attached, in the buyer's mail language (the vendor
   * master records no language of the vendor's), on behalf of the buyer: kept in the buyer's outbox, or sent by
   * SMTP, within the command that sends the order. A vendor with no contact address gets no mail (a connected
   * vendor still finds the order among its own); true when one was sent.
   */
  const mailVendor = Effect.fn("OrderSheets.mailVendor")(function* (orgId: OrgId, order: Order) {
    const vendor = Option.getOrUndefined(yield* vendors.find(orgId, order.vendor.id))
    const to = vendor === undefined ? [] : vendorMailRecipients(vendor)
    if (to.length === 0) return false
    const org = Option.getOrUndefined(yield* settings.find(orgId))
    const locale: Locale = org?.profile.emailsLanguage ?? "en"
    const pdf = yield* pdfOf(orgId, order, locale)
    const values = {
      buyer: org?.orgName ?? "",
      vendor: (locale === "ar" ? order.vendor.name.ar : order.vendor.name.en) || order.vendor.name.en,
      number: order.number,
      title: order.title,
      total: order.totals.total,
      currency: order.currency
    }
    yield* mailer
      .send(
        new OutgoingMail({
          orgId,
          to: to.join(", "),
          subject: interpolate(vendorMail.subject[locale], values),
          text: interpolate(vendorMail.text[locale], values),
          attachments: [
            new MailAttachment({ filename: pdf.filename, contentType: "application/pdf", content: pdf.bytes })
          ]
        })
      )
      .pipe(Effect.orDie)
    return true
  })

  return { sheetOf, pdfOf, mailVendor }
})
