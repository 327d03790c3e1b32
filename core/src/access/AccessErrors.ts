import { Schema } from "effect"

/** The user holds none of the privileges a route or action needs (SPEC.md §6). */
export class InsufficientPrivileges extends Schema.TaggedError<InsufficientPrivileges>()("InsufficientPrivileges", {
  required: Schema.Array(Schema.String)
}) {}

/** The route belongs to a module the organisation has not enabled (SPEC.md §6, module access). */
export class ModuleNotEnabled extends Schema.TaggedError<ModuleNotEnabled>()("ModuleNotEnabled", {
  module: Schema.String
}) {}

/** A text that is not a privilege code `<module>_<c|r|u|d>_<o|w|u>`. */
export class InvalidPrivilegeCode extends Schema.TaggedError<InvalidPrivilegeCode>()("InvalidPrivilegeCode", {
  code: Schema.String
}) {}

/** The organisation's admin configuration turned workspace creation off. */
export class WorkspaceCreationDisabled extends Schema.TaggedError<WorkspaceCreationDisabled>()(
  "WorkspaceCreationDisabled",
  {}
) {}

/** The organisation already has as many workspaces as its plan allows. */
export class WorkspaceLimitReached extends Schema.TaggedError<WorkspaceLimitReached>()("WorkspaceLimitReached", {
  limit: Schema.Number
}) {}

/** A marketplace account whose KYC is not verified tried a route that needs it (SPEC.md §6 marketplace guard). */
export class KycNotVerified extends Schema.TaggedError<KycNotVerified>()("KycNotVerified", {
  email: Schema.String
}) {}

/** An action the native app may not perform (SPEC.md §6). */
export class BrowserOnlyAction extends Schema.TaggedError<BrowserOnlyAction>()("BrowserOnlyAction", {}) {}

/** The approver is the document's requester or creator; nobody approves their own document. */
export class SelfApprovalRefused extends Schema.TaggedError<SelfApprovalRefused>()("SelfApprovalRefused", {}) {}

/** No role by that code in the organisation. */
export class RoleNotFound extends Schema.TaggedError<RoleNotFound>()("RoleNotFound", { code: Schema.String }) {}

/** A role of SPEC.md §6 keeps its code and default privileges; an organisation composes roles of its own instead. */
export class SystemRoleReadOnly extends Schema.TaggedError<SystemRoleReadOnly>()("SystemRoleReadOnly", {
  code: Schema.String
}) {}

/** A user was given a role code that is neither one of SPEC.md §6's nor one the organisation composed. */
export class UnknownRole extends Schema.TaggedError<UnknownRole>()("UnknownRole", { code: Schema.String }) {}
