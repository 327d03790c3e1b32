/**
 * The short numbers people read documents by (SPEC.md §3 notification labels '{Module} #{id}'): per organisation
 * and kind, taken in order when the document is stored, with the kind's prefix (`WS-000012`, `BDG-000003`). The
 * id stays a UUID for addresses; the number is for people.
 */
export const documentNumberPrefixes = {
  workspace: "WS",
  budget: "BDG",
  budget_change: "BCH",
  request: "REQ",
  rfq: "RFQ",
  order: "PO",
  grn: "GRN",
  bill: "BIL",
  payment: "PAY",
  vendor: "VEN",
  vendor_invite: "VIN",
  contract: "CTR"
} as const

/** A kind of document that is numbered. */
export type NumberedKind = keyof typeof documentNumberPrefixes

/** How many digits a number shows at least. */
export const documentNumberDigits = 6

/** The n-th document of a kind in its organisation, as people read it: `formatDocumentNumber("workspace", 12)` is WS-000012. */
export const formatDocumentNumber = (kind: NumberedKind, n: number): string =>
  `${documentNumberPrefixes[kind]}-${String(n).padStart(documentNumberDigits, "0")}`
