import { dateTexts } from "@tawreed/core/dates/DateText"
import { moneyText } from "@tawreed/core/money/MoneyText"
import type { OrderSheet } from "@tawreed/core/orders"
import type { Locale } from "@tawreed/core/shared"
import type { PrintFact, PrintLabels, PurchaseOrderPrintView } from "./PurchaseOrderPrintView.ts"

/** Every fixed word of a printed purchase order, in each language. */
const words = {
  en: {
    heading: "Purchase order",
    orderDate: "Order date",
    deliveryDate: "Delivery date",
    paymentTerm: "Payment term",
    shipmentTerm: "Shipment term",
    currency: "Currency",
    request: "Request",
    vendorNumber: "Vendor number",
    subtotal: "Subtotal",
    tax: "VAT",
    shipping: "Shipping",
    adjustments: "Adjustments",
    total: "Total",
    pendingDate: "When the day it counts from is known",
    labels: {
      vendor: "Vendor",
      shipTo: "Deliver to",
      vatNumber: "VAT number",
      lineNumber: "#",
      description: "Description",
      quantity: "Quantity",
      unit: "Unit",
      unitPrice: "Unit price",
      discount: "Discount",
      tax: "Tax",
      lineTotal: "Line total",
      totalInWords: "Total in words",
      paymentSchedule: "Payment schedule",
      instalment: "Instalment",
      dueDate: "Due date",
      share: "Share",
      amount: "Amount",
      terms: "Terms and conditions",
      remarks: "Remarks",
      pageOf: "Page {page} of {pages}"
    }
  },
  ar: {
    heading: "أمر شراء",
    orderDate: "تاريخ الأمر",
    deliveryDate: "تاريخ التسليم",
    paymentTerm: "شرط الدفع",
    shipmentTerm: "شرط الشحن",
    currency: "العملة",
    request: "الطلب",
    vendorNumber: "رقم المورد",
    subtotal: "المجموع الفرعي",
    tax: "ضريبة القيمة المضافة",
    shipping: "الشحن",
    adjustments: "التسويات",
    total: "الإجمالي",
    pendingDate: "حين يُعرف التاريخ الذي تُحسب منه",
    labels: {
      vendor: "المورد",
      shipTo: "جهة التسليم",
      vatNumber: "الرقم الضريبي",
      lineNumber: "#",
      description: "الوصف",
      quantity: "الكمية",
      unit: "الوحدة",
      unitPrice: "سعر الوحدة",
      discount: "الخصم",
      tax: "الضريبة",
      lineTotal: "الإجمالي",
      totalInWords: "الإجمالي كتابةً",
      paymentSchedule: "جدول الدفعات",
      instalment: "الدفعة",
      dueDate: "تاريخ الاستحقاق",
      share: "النسبة",
      amount: "المبلغ",
      terms: "الشروط والأحكام",
      remarks: "ملاحظات",
      pageOf: "صفحة {page} من {pages}"
    }
  }
} as const satisfies Record<Locale, { readonly labels: PrintLabels } & Record<string, unknown>>

/** The theme's print colour as `#rrggbb`, or black (the default theme's) when it is unset or not a hex colour. */
const hexColour = (colour: string | null): string => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour?.trim() ?? "")?.[1]
  if (hex === undefined) return "#000000"
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`.toLowerCase()
}

/**
 * The organisation's logo as bytes the PDF can embed: a PNG or JPEG given inline as a `data:` URL. A logo served
 * from an address is not fetched by the server (the PDF prints the organisation's name instead).
 */
export const logoBytes = (logo: string | null): Uint8Array | undefined => {
  const match = /^data:image\/(png|jpeg|jpg);base64,([a-z0-9+/=\s]+)$/i.exec(logo?.trim() ?? "")
  return match === null ? undefined : new Uint8Array(Buffer.from(match[2]!, "base64"))
}

const plain = (value: string) => String(Number(value))
const nonZero = (value: string) => Number(value) !== 0

/**
 * A purchase order as it prints in one language, from its sheet: every figure formatted as the site writes it (the
 * currency's code and precision, Latin digits, the organisation's date format), every label in the language. The
 * PDF route, the vendor's mail and the print page all print this one view.
 */
export const orderPrintView = (sheet: OrderSheet, locale: Locale): PurchaseOrderPrintView => {
  const { order } = sheet
  const w = words[locale]
  const money = moneyText(locale, order.currency)
  const day = dateTexts(locale, sheet.dateFormat).day
  const named = (name: { readonly en: string; readonly ar: string }) =>
    (locale === "ar" ? name.ar : name.en) || name.en || name.ar
  const facts: Array<PrintFact> = [{ label: w.orderDate, value: day(order.approvedAt ?? order.createdAt) }]
  if (order.deliveryDate !== null) facts.push({ label: w.deliveryDate, value: day(order.deliveryDate) })
  if (order.paymentTermName !== null && order.paymentTermName.trim() !== "")
    facts.push({ label: w.paymentTerm, value: order.paymentTermName })
  if (order.shipmentTerm.trim() !== "") facts.push({ label: w.shipmentTerm, value: order.shipmentTerm })
  facts.push({ label: w.currency, value: order.currency })
  if (order.request !== null) facts.push({ label: w.request, value: order.request.number })
  const totals: Array<PrintFact> = [
    { label: w.subtotal, value: money(order.totals.subTotal) },
    { label: w.tax, value: money(order.totals.tax) }
  ]
  if (nonZero(order.totals.shippingFee)) totals.push({ label: w.shipping, value: money(order.totals.shippingFee) })
  if (nonZero(order.totals.adjustments)) totals.push({ label: w.adjustments, value: money(order.totals.adjustments) })
  totals.push({ label: w.total, value: money(order.totals.total) })
  return {
    locale,
    direction: locale === "ar" ? "rtl" : "ltr",
    organisation: {
      name: sheet.buyer.name,
      logo: logoBytes(sheet.buyer.logo),
      themeColour: hexColour(sheet.buyer.printColour),
      vatNumber: sheet.buyer.vatNumber ?? undefined
    },
    heading: w.heading,
    documentNumber: order.number,
    title: order.title,
    facts,
    vendor: {
      name: named(sheet.vendor.name),
      addressLines: [`${w.vendorNumber}: ${sheet.vendor.number}`, ...sheet.vendor.addressLines],
      vatNumber: sheet.vendor.vatNumber ?? undefined
    },
    shipTo:
      sheet.deliverTo === null
        ? { name: "—", addressLines: [] }
        : { name: sheet.deliverTo.name, addressLines: sheet.deliverTo.addressLines },
    lines: order.lines.map((line, i) => ({
      number: String(i + 1),
      description: [named(line.name), line.description.trim()].filter((t) => t !== "").join(" — "),
      quantity: plain(line.quantity),
      unit: line.unit,
      unitPrice: money(line.unitPrice),
      discount:
        line.discount === null || !nonZero(line.discount.value)
          ? ""
          : line.discount.type === "PERCENT"
            ? `${plain(line.discount.value)} %`
            : money(line.amounts.discount),
      tax: `${plain(line.taxRate)} %`,
      lineTotal: money(line.amounts.total)
    })),
    totals,
    paymentSchedule: order.schedule.map((p) => ({
      label: p.label.trim() || String(p.seq),
      dueDate: p.dueDate === null ? w.pendingDate : day(p.dueDate),
      share: `${plain(p.percent)} %`,
      amount: money(p.amount)
    })),
    terms: order.terms
      .split(/\n\s*\n|\r?\n/)
      .map((t) => t.trim())
      .filter((t) => t !== ""),
    labels: w.labels
  }
}
