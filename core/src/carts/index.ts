export * from "./CartErrors.ts"
export * from "./DraftOrder.ts"
export * from "./PublicCart.ts"
export * from "./Quantity.ts"
