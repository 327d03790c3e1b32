export * from "./Organisation.ts"
