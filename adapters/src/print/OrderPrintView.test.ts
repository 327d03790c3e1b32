import { assert, describe, it } from "@effect/vitest"
import {
  LineDiscount,
  Order,
  OrderLine,
  OrderLineAmounts,
  type OrderSheet,
  OrderTotals,
  OrderVendor,
  ScheduledPayment
} from "@tawreed/core/orders"
import { pdfPagesText } from "../testing/PdfReading.ts"
import { logoBytes, orderPrintView } from "./OrderPrintView.ts"
import { renderPurchaseOrderPdf } from "./PurchaseOrderPdf.ts"
import { sampleLogo } from "./SamplePurchaseOrders.ts"

const line = (seq: number, en: string, ar: string, quantity: string, unitPrice: string, total: string) =>
  new OrderLine({
    id: `line-${seq}`,
    lineSeqId: seq,
    requestItemId: null,
    product: null,
    name: { en, ar },
    description: "",
    category: null,
    unit: "box",
    quantity,
    unitPrice,
    priceOrigin: "given",
    contract: null,
    discount: seq === 1 ? new LineDiscount({ type: "PERCENT", value: "5" }) : null,
    taxRate: "15",
    amounts: new OrderLineAmounts({ gross: total, discount: "0.00", net: total, tax: "0.00", total }),
    receivedQuantity: "0",
    billedQuantity: "0"
  })

const order = new Order({
  id: "7d1b2c3e-0000-4000-8000-000000000001",
  number: "PO-000042",
  title: "Office supplies",
  priority: "Low",
  status: "ORDER_SUBMITTED_TO_VENDOR",
  source: "direct",
  request: null,
  vendor: new OrderVendor({
    id: "v-1",
    number: "VEN-000003",
    name: { en: "Sahara Supplies", ar: "توريدات الصحراء" },
    connected: true
  }),
  workspaceId: "w-1",
  locationId: "l-1",
  requesterId: "u-1",
  createdBy: "u-1",
  currency: "SAR",
  taxMode: "EXCLUSIVE",
  lines: [line(1, "A4 paper", "ورق A4", "10.000000", "25", "274.13"), line(2, "Toner", "حبر", "2", "150", "345.00")],
  deliveryDate: "2026-03-20",
  eta: null,
  shipmentTerm: "",
  shippingFee: "0",
  shippingFeeTaxRate: "15",
  adjustments: [],
  terms: "Deliver within ten days.\nA tax invoice goes with every shipment.",
  paymentMethod: null,
  paymentTermName: "Net 30",
  paymentTerms: [],
  schedule: [
    new ScheduledPayment({ seq: 1, label: "Advance", percent: "30", amount: "185.74", dueDate: "2026-03-02" }),
    new ScheduledPayment({ seq: 2, label: "", percent: "70", amount: "433.39", dueDate: null })
  ],
  attachments: [],
  remarks: "Internal: compare with last year",
  watchers: [],
  budget: null,
  budgetWarning: null,
  totals: new OrderTotals({
    gross: "550.00",
    discount: "12.50",
    subTotal: "537.50",
    tax: "80.63",
    shippingFee: "0.00",
    shippingFeeTax: "0.00",
    adjustments: "1.00",
    total: "619.13"
  }),
  orgCurrency: "SAR",
  valueInOrgCurrency: "619.13",
  approvedTotal: "619.13",
  requestShare: null,
  categories: [],
  approvalClassification: null,
  cancelReason: null,
  events: [],
  submittedAt: "2026-03-01T09:00:00.000Z",
  approvedAt: "2026-03-01T10:00:00.000Z",
  sentAt: null,
  version: 3,
  createdAt: "2026-02-27T08:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z"
})

const sheet: OrderSheet = {
  order,
  buyer: {
    name: "Al Noor Trading",
    logo: `data:image/png;base64,${Buffer.from(sampleLogo).toString("base64")}`,
    printColour: "#0B7",
    vatNumber: "300000000000003"
  },
  vendor: {
    name: order.vendor.name,
    number: "VEN-000003",
    addressLines: ["Olaya Street 14", "11564 Riyadh"],
    vatNumber: "310000000000003"
  },
  deliverTo: { name: "Main warehouse", addressLines: ["Second industrial city"] },
  dateFormat: "european"
}

describe("orderPrintView", () => {
  it("words an order in English: the organisation's date format, the currency's code, the lines and the totals", () => {
    const view = orderPrintView(sheet, "en")
    assert.deepStrictEqual(
      [view.direction, view.heading, view.documentNumber, view.organisation.themeColour, view.organisation.name],
      ["ltr", "Purchase order", "PO-000042", "#00bb77", "Al Noor Trading"]
    )
    assert.deepStrictEqual(view.organisation.logo, sampleLogo)
    assert.deepStrictEqual(view.facts, [
      { label: "Order date", value: "01-03-2026" },
      { label: "Delivery date", value: "20-03-2026" },
      { label: "Payment term", value: "Net 30" },
      { label: "Currency", value: "SAR" }
    ])
    assert.deepStrictEqual(view.vendor, {
      name: "Sahara Supplies",
      addressLines: ["Vendor number: VEN-000003", "Olaya Street 14", "11564 Riyadh"],
      vatNumber: "310000000000003"
    })
    assert.deepStrictEqual(view.shipTo, { name: "Main warehouse", addressLines: ["Second industrial city"] })
    assert.deepStrictEqual(
      view.lines.map((l) => [l.number, l.description, l.quantity, l.unitPrice, l.discount, l.tax, l.lineTotal]),
      [
        ["1", "A4 paper", "10", "SAR\u00a025.00", "5 %", "15 %", "SAR\u00a0274.13"],
        ["2", "Toner", "2", "SAR\u00a0150.00", "", "15 %", "SAR\u00a0345.00"]
      ]
    )
    assert.deepStrictEqual(
      view.totals.map((t) => [t.label, t.value]),
      [
        ["Subtotal", "SAR\u00a0537.50"],
        ["VAT", "SAR\u00a080.63"],
        ["Adjustments", "SAR\u00a01.00"],
        ["Total", "SAR\u00a0619.13"]
      ]
    )
    assert.deepStrictEqual(
      view.paymentSchedule.map((p) => [p.label, p.dueDate, p.share, p.amount]),
      [
        ["Advance", "02-03-2026", "30 %", "SAR\u00a0185.74"],
        ["2", "When the day it counts from is known", "70 %", "SAR\u00a0433.39"]
      ]
    )
    assert.deepStrictEqual(view.terms, ["Deliver within ten days.", "A tax invoice goes with every shipment."])
    assert.isUndefined(view.remarks, "the buyer's internal remarks are not printed")
  })

  it("words it in Arabic, right to left, with the Arabic names and labels and Latin digits", () => {
    const view = orderPrintView({ ...sheet, buyer: { ...sheet.buyer, printColour: "rgb(0, 0, 0)" } }, "ar")
    assert.deepStrictEqual(
      [view.direction, view.heading, view.vendor.name, view.labels.unitPrice, view.organisation.themeColour],
      ["rtl", "أمر شراء", "توريدات الصحراء", "سعر الوحدة", "#000000"]
    )
    assert.deepStrictEqual(
      view.lines.map((l) => l.description),
      ["ورق A4", "حبر"]
    )
    assert.match(view.totals.at(-1)!.value, /619\.13/)
    assert.strictEqual(view.totals.at(-1)!.label, "الإجمالي")
  })

  it("embeds only a PNG or JPEG given inline; a logo served from an address is left out", () => {
    assert.deepStrictEqual(logoBytes(sheet.buyer.logo), sampleLogo)
    assert.isUndefined(logoBytes("https://example.com/logo.png"))
    assert.isUndefined(logoBytes("data:image/svg+xml;base64,PHN2Zy8+"))
    assert.isUndefined(logoBytes(null))
  })

  it("renders as the PDF the vendor receives", async () => {
    const text = (await pdfPagesText(await renderPurchaseOrderPdf(orderPrintView(sheet, "en")))).join(" ")
    for (const expected of ["Purchase order", "PO-000042", "Sahara Supplies", "Main warehouse", "SAR 619.13"])
      assert.include(text, expected)
  })
})
