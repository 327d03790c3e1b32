import { Schema } from "effect"
import type { TimelineEntry } from "../approvals/Workflow.ts"

/**
 * The steps of a request's page (SPEC.md §4 request steps). Sending an RFQ or an offer and creating an expense bill
 * are written by the sourcing and billing modules; the others are read from the approval's timeline.
 */
export const RequestStep = Schema.Literals([
  "submit",
  "approval",
  "super_approval",
  "super_rejection",
  "super_return",
  "skipped",
  "send_rfq",
  "create_expense_bill",
  "awaiting_edit",
  "edited_and_submitted"
])
export type RequestStep = typeof RequestStep.Type

/** One step as the page shows it: what happened, and the timeline entry that says who, when and why. */
export interface RequestStepEntry {
  readonly step: RequestStep
  readonly entry: TimelineEntry
}

const returned = (entry: TimelineEntry) => entry.action === "RETURN" || entry.action === "SUPER_RETURN"

/**
 * A request's steps from its timeline, oldest first: a submission after a return is "edited and submitted"; an
 * approver's approve, reject or return (and the engine's approval where no level applied) is "approval"; super acts
 * and skips are their own steps; reminders are none. A timeline that ends in a return ends awaiting the edit.
 */
export const requestStepsOf = (timeline: ReadonlyArray<TimelineEntry>): ReadonlyArray<RequestStepEntry> => {
  const steps: Array<RequestStepEntry> = []
  let afterReturn = false
  for (const entry of timeline) {
    switch (entry.action) {
      case "SUBMIT":
        steps.push({ step: afterReturn ? "edited_and_submitted" : "submit", entry })
        afterReturn = false
        break
      case "APPROVE":
      case "REJECT":
      case "RETURN":
      case "AUTO_APPROVE":
        steps.push({ step: "approval", entry })
        break
      case "SUPER_APPROVE":
        steps.push({ step: "super_approval", entry })
        break
      case "SUPER_REJECT":
        steps.push({ step: "super_rejection", entry })
        break
      case "SUPER_RETURN":
        steps.push({ step: "super_return", entry })
        break
      case "SKIP":
        steps.push({ step: "skipped", entry })
        break
      case "REMIND":
        break
    }
    if (returned(entry)) afterReturn = true
  }
  const last = timeline.at(-1)
  if (last !== undefined && returned(last)) steps.push({ step: "awaiting_edit", entry: last })
  return steps
}
