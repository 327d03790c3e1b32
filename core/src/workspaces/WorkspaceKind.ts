import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** Workspaces as approvable documents: reviewed on their details tab, followed by the workspace's own readers. */
export const workspaceKind = describeDocumentKind({
  kind: "workspace",
  module: "workspaces",
  privilegeModule: "wkp",
  notificationType: "WORKSPACE_WAITING_FOR_APPROVAL",
  noun: { en: "Workspace {title}", ar: "مساحة العمل {title}" },
  path: (documentId) => `/workspaces/${documentId}/details`,
  numbered: "workspace",
  // A workspace's approval is followed by those who read that workspace, as it has no other.
  workspaceOf: (approval) => approval.documentId
})
