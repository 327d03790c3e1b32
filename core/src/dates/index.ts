export * from "./DateErrors.ts"
export * from "./DateFormat.ts"
export * from "./DateRules.ts"
export * from "./DateText.ts"
