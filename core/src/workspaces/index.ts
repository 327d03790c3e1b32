export * from "./WorkspaceStatus.ts"
export * from "./WorkspaceErrors.ts"
export * from "./WorkspaceMembership.ts"
