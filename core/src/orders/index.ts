export * from "./OrderStatus.ts"
