/**
 * The document kit: what every approvable document shares (see README.md here for how a module uses it).
 */
export * from "./DocumentKindDescriptor.ts"
export * from "./DocumentKinds.ts"
export * from "./DocumentReview.ts"
export * from "./ApprovalStatuses.ts"
export * from "./DocumentApproval.ts"
export * from "./ModuleCommands.ts"
export * from "./ListCounts.ts"
export * from "./DocumentCursor.ts"
