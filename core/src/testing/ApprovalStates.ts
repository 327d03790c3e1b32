import { ApprovalState, type ApprovalStatus, type DocumentKind } from "../approvals/Workflow.ts"

/** An approval that stands at `status` with no levels, as the engine might answer a document's module. */
export const approvalStateOf = (status: ApprovalStatus, superAction = false, kind: DocumentKind = "request") =>
  new ApprovalState({
    kind,
    documentId: "d",
    workspaceId: null,
    title: "D",
    requesterId: "r",
    createdBy: "r",
    status,
    levels: [],
    approverIds: [],
    current: null,
    approvedBy: [],
    superAction,
    version: 1
  })
