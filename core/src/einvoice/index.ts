export * from "./EInvoiceStatus.ts"
