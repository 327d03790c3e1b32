export * from "./ApprovalErrors.ts"
export * from "./ApprovalPorts.ts"
export * from "./Approvals.ts"
export * from "./Workflow.ts"
