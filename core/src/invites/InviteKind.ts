import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/**
 * Vendor invitations as approvable documents (kind `invite`): reviewed on the invitation's page under
 * vendors/invited, followed by the holders of `ven_r_o`. The vendor who submits has no account in the buyer
 * organisation (`outsideRequester`): it learns the outcome by mail, not by a notification.
 */
export const inviteKind = describeDocumentKind({
  kind: "invite",
  module: "vendors",
  privilegeModule: "ven",
  notificationType: "INVITE_WAITING_FOR_REVIEW",
  noun: { en: "Vendor invitation {title}", ar: "دعوة المورد {title}" },
  path: (documentId) => `/vendors/invited/${documentId}`,
  numbered: "vendor_invite",
  outsideRequester: true
})
