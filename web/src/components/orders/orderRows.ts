// The rows of an order's lines editor (OrderLinesEditor.tsx) as plain strings, shared by the island and the server's
// form reader (server/orderForms.ts); free of server code so that the island ships only what it draws.

export type TaxModeValue = "INCLUSIVE" | "EXCLUSIVE"
export type DiscountTypeValue = "" | "PERCENT" | "ABSOLUTE"

/** One line as the editor holds it: every figure as typed. */
export interface OrderLineRow {
  /** React's key for the row, stable while the user edits. */
  readonly key: string
  /** The stored line's id (an edit or an amendment), or empty for a new line. */
  readonly id: string
  /** The request line it orders, or empty. */
  readonly requestItemId: string
  /** The catalog product it orders, as JSON of the core's `ProductRef`, or empty. */
  readonly product: string
  readonly nameEn: string
  readonly nameAr: string
  /** Whether the name and unit come from the request or the product and are not typed here. */
  readonly fixedName: boolean
  readonly unit: string
  readonly quantity: string
  readonly unitPrice: string
  readonly discountType: DiscountTypeValue
  readonly discountValue: string
  readonly taxRate: string
  /** What was received or billed of a stored line, which an amendment keeps it above; empty when nothing. */
  readonly minQuantity: string
}

/** One adjustment as typed: its name and signed amount. */
export interface AdjustmentRow {
  readonly key: string
  readonly label: string
  readonly amount: string
}

let counter = 0
/** A key no other row of the page holds. */
export const rowKey = (): string => `r${++counter}`

/** A new, empty line at the default tax rate. */
export const emptyOrderLine = (taxRate: string): OrderLineRow => ({
  key: rowKey(),
  id: "",
  requestItemId: "",
  product: "",
  nameEn: "",
  nameAr: "",
  fixedName: false,
  unit: "",
  quantity: "1",
  unitPrice: "",
  discountType: "",
  discountValue: "",
  taxRate,
  minQuantity: ""
})
