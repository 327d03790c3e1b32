export * from "./BudgetStatus.ts"
export * from "./BudgetErrors.ts"
