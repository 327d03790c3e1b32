export * from "./PaymentStatus.ts"
