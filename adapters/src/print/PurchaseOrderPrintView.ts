/**
 * What a printed purchase order shows, already worded and formatted for its reader: every amount, quantity and date
 * is the string the print page shows (the organisation's date format, the currency's precision, the locale's
 * digits), and every label is translated. The PDF renderer only lays it out, so the PDF and the print page cannot
 * disagree on a figure.
 */
export interface PurchaseOrderPrintView {
  readonly locale: "en" | "ar"
  /** The writing direction of the page: `rtl` mirrors the layout (columns, alignment, logo side). */
  readonly direction: "ltr" | "rtl"
  readonly organisation: {
    readonly name: string
    /** The organisation's print logo, PNG or JPEG bytes; other types are left out rather than failing the print. */
    readonly logo?: Uint8Array | undefined
    /** The theme's print colour as `#rrggbb`: the title, the rule under the header and the table header. */
    readonly themeColour: string
    /** The organisation's own address lines and VAT number, under its name. */
    readonly addressLines?: ReadonlyArray<string> | undefined
    readonly vatNumber?: string | undefined
  }
  /** The document's title on the page, e.g. "Purchase order" / "أمر شراء". */
  readonly heading: string
  /** The order's document number, e.g. "PO-2025-00042". */
  readonly documentNumber: string
  /** The order's own title as the buyer wrote it. */
  readonly title: string
  /** Label and value pairs under the heading: order date, delivery date, payment term, currency, buyer... */
  readonly facts: ReadonlyArray<PrintFact>
  readonly vendor: PrintParty
  /** Where the goods go: the delivery location's name and address. */
  readonly shipTo: PrintParty
  readonly lines: ReadonlyArray<PrintLine>
  /** Label and amount pairs under the lines, the last one the order's total (drawn emphasised). */
  readonly totals: ReadonlyArray<PrintFact>
  /** The total spelled out, e.g. "Eleven thousand five hundred Saudi riyals only". */
  readonly totalInWords?: string | undefined
  readonly paymentSchedule: ReadonlyArray<PrintScheduleRow>
  /** Terms and conditions, one paragraph each. */
  readonly terms: ReadonlyArray<string>
  readonly remarks?: string | undefined
  readonly labels: PrintLabels
}

/** A label and its value, both already worded. */
export interface PrintFact {
  readonly label: string
  readonly value: string
}

/** A party on the order: its name, address lines and VAT registration. */
export interface PrintParty {
  readonly name: string
  readonly addressLines: ReadonlyArray<string>
  readonly vatNumber?: string | undefined
}

/** One order line, every figure formatted. */
export interface PrintLine {
  /** The line's number on the order, e.g. "1". */
  readonly number: string
  readonly description: string
  readonly quantity: string
  readonly unit: string
  readonly unitPrice: string
  /** The line's discount, e.g. "5 %" or "25.00"; empty when none. */
  readonly discount: string
  /** The line's tax, e.g. "15 %"; empty when none. */
  readonly tax: string
  readonly lineTotal: string
}

/** One instalment of the payment plan. */
export interface PrintScheduleRow {
  /** What the instalment is for, e.g. "Advance" / "دفعة مقدمة". */
  readonly label: string
  readonly dueDate: string
  /** Its share of the total, e.g. "30 %". */
  readonly share: string
  readonly amount: string
}

/** Every fixed word on the page, in the view's language. */
export interface PrintLabels {
  readonly vendor: string
  readonly shipTo: string
  readonly vatNumber: string
  readonly lineNumber: string
  readonly description: string
  readonly quantity: string
  readonly unit: string
  readonly unitPrice: string
  readonly discount: string
  readonly tax: string
  readonly lineTotal: string
  readonly totalInWords: string
  readonly paymentSchedule: string
  readonly instalment: string
  readonly dueDate: string
  readonly share: string
  readonly amount: string
  readonly terms: string
  readonly remarks: string
  /** The footer's page counter with `{page}` and `{pages}` in it: "Page {page} of {pages}" / "صفحة {page} من {pages}". */
  readonly pageOf: string
}
