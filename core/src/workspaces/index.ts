export * from "./WorkspaceStatus.ts"
