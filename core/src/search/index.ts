export * from "./QuickSearch.ts"
export * from "./SearchErrors.ts"
