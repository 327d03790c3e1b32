import type { DocumentKind } from "../approvals/Workflow.ts"
import type { NotificationType } from "../notifications/Notification.ts"
import type { NumberedKind } from "../shared/DocumentNumber.ts"
import type { Translated } from "../shared/Locale.ts"

/** What each CRUD action of a document module asks for (SPEC.md §6): the organisation-wide or workspace privilege. */
export interface ModulePrivileges {
  readonly create: readonly [string, string]
  readonly read: readonly [string, string]
  readonly update: readonly [string, string]
  readonly delete: readonly [string, string]
}

/** A privilege module's CRUD privileges: `<module>_<action>_o` anywhere, `<module>_<action>_w` in one's workspaces. */
export const modulePrivileges = (privilegeModule: string): ModulePrivileges => ({
  create: [`${privilegeModule}_c_o`, `${privilegeModule}_c_w`],
  read: [`${privilegeModule}_r_o`, `${privilegeModule}_r_w`],
  update: [`${privilegeModule}_u_o`, `${privilegeModule}_u_w`],
  delete: [`${privilegeModule}_d_o`, `${privilegeModule}_d_w`]
})

/** Where an approval stands, as far as a descriptor reads it. */
export interface ApprovalPlace {
  readonly documentId: string
  readonly workspaceId: string | null
}

/**
 * What the product knows of one kind of approvable document, declared by the module that owns it and registered
 * once in `DocumentKinds.ts`: the approval engine, its notifications and the action board read it and name no
 * module themselves.
 */
export interface DocumentKindDescriptor<K extends DocumentKind = DocumentKind> {
  /** The engine's name for the kind: workflows, timelines and `approvals/{kind}/{id}` name it. */
  readonly kind: K
  /** The organisation module (SPEC.md §3 module codes) that must be enabled for it, and that its notices name. */
  readonly module: string
  /** The privilege module of SPEC.md §6 (`wkp`, `bdg`, `req`): its `_r_o`/`_r_w` holders follow its approvals. */
  readonly privilegeModule: string
  /** The module's CRUD privileges (`modulePrivileges(privilegeModule)`). */
  readonly privileges: ModulePrivileges
  /** What its waiting approvers are told, and its requester on the outcome (SPEC.md §3 notification types). */
  readonly notificationType: NotificationType
  /** How a notice names one document of the kind; `{title}` is the document's own title. */
  readonly noun: Translated
  /** Where one document of the kind is reviewed, after the locale (`/workspaces/{id}/details`). */
  readonly path: (documentId: string) => string
  /** Its number for people (`core/src/shared/DocumentNumber.ts`), where it has one. */
  readonly numbered?: NumberedKind
  /**
   * The workspace whose `_r_w` readers follow a document's approval: the approval's workspace, unless the kind says
   * otherwise (a workspace is its own).
   */
  readonly workspaceOf?: (approval: ApprovalPlace) => string | null
  /**
   * Whether its requester is someone outside the organisation (a vendor applying through an invitation), who has
   * no account to be notified on: the module tells it of the outcome itself.
   */
  readonly outsideRequester?: boolean
}

/** Declares a kind of approvable document; the privileges follow from its privilege module. */
export const describeDocumentKind = <const K extends DocumentKind>(
  descriptor: Omit<DocumentKindDescriptor<K>, "privileges">
): DocumentKindDescriptor<K> => ({ ...descriptor, privileges: modulePrivileges(descriptor.privilegeModule) })

/** The workspace whose readers follow an approval of this kind (see `workspaceOf`). */
export const readingWorkspaceOf = (descriptor: DocumentKindDescriptor, approval: ApprovalPlace): string | null =>
  descriptor.workspaceOf === undefined ? approval.workspaceId : descriptor.workspaceOf(approval)
