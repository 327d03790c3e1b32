export * from "./DeliveryStatus.ts"
