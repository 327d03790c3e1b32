import type { Workflow } from "@tawreed/core/approvals"
import type { Locale } from "@tawreed/core/shared"
import { text, type MessageKey } from "../../Messages.ts"

/** The kind of document a workflow approves, in words. */
export const kindText = (kind: Workflow["kind"], locale: Locale) => text(`documentKind${kind}` as MessageKey, locale)

/** Whose a workflow is: a workspace's (its id), or the organisation's own. */
export const scopeText = (workflow: Workflow, locale: Locale) =>
  workflow.workspaceId ?? text("workflowOrganisation", locale)
