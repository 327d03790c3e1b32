export * from "./RfpStatus.ts"
export * from "./RfqStatus.ts"
