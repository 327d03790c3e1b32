import { Effect } from "effect"
import { SelfApprovalRefused } from "./AccessErrors.ts"

/** Who stands behind a document: the person it was raised for and the person who created it. */
export interface Authored {
  readonly requesterId?: string | null | undefined
  readonly createdBy?: string | null | undefined
}

/** Whether a user requested or created a document (the segregation-of-duties question approvals ask). */
export const isOwnDocument = (userId: string, document: Authored): boolean =>
  document.requesterId === userId || document.createdBy === userId

/** Refuses an approval by the document's own requester or creator. */
export const refuseSelfApproval = (userId: string, document: Authored): Effect.Effect<void, SelfApprovalRefused> =>
  isOwnDocument(userId, document) ? Effect.fail(new SelfApprovalRefused()) : Effect.void
