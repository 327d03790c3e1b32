export * from "./QuickSearch.ts"
export * from "./SearchErrors.ts"
export * from "./SearchText.ts"
export * from "./ArabicPlurals.ts"
