export * from "./BudgetStatus.ts"
