export * from "./ProductLinks.ts"
