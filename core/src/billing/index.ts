export * from "./BillStatus.ts"
