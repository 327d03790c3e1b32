import type { ApprovalState } from "../approvals/Workflow.ts"
import type { StatusMachine } from "../shared/StatusMachine.ts"

/**
 * A document's own names for where its approval stands (SPEC.md §4): waiting, and each outcome. A module whose
 * statuses have super variants names them; without, a super approver's decision takes the plain status.
 */
export interface ApprovalStatuses<S extends string> {
  readonly pending: S
  readonly approved: S
  readonly returned: S
  readonly rejected: S
  readonly superApproved?: S
  readonly superReturned?: S
  readonly superRejected?: S
}

/**
 * The status a document takes from its approval's answer: approved, returned or rejected (their super variants
 * where a super approver decided or skipped a level); anything still waiting leaves it pending.
 */
export const statusAfterApproval = <S extends string>(statuses: ApprovalStatuses<S>, state: ApprovalState): S => {
  const superAction = state.superAction
  switch (state.status) {
    case "APPROVED":
      return (superAction ? statuses.superApproved : undefined) ?? statuses.approved
    case "RETURNED":
      return (superAction ? statuses.superReturned : undefined) ?? statuses.returned
    case "REJECTED":
      return (superAction ? statuses.superRejected : undefined) ?? statuses.rejected
    default:
      return statuses.pending
  }
}

/**
 * The moves a submission makes from `from`: to pending while the approval waits; where the engine decided at once
 * (no level applied), straight to the outcome if the machine has that move, else through pending.
 */
export const submissionPath = <S extends string>(
  machine: StatusMachine<S>,
  statuses: ApprovalStatuses<NoInfer<S>>,
  from: NoInfer<S>,
  state: ApprovalState
): ReadonlyArray<S> => {
  const next = statusAfterApproval(statuses, state)
  if (next === statuses.pending) return [statuses.pending]
  return machine.canTransition(from, next) ? [next] : [statuses.pending, next]
}

/** Where a path of moves ends, or undefined when the machine refuses one of them. */
export const endOfPath = <S extends string>(
  machine: StatusMachine<S>,
  from: NoInfer<S>,
  path: ReadonlyArray<NoInfer<S>>
): S | undefined => {
  let at = from
  for (const to of path) {
    if (!machine.canTransition(at, to)) return undefined
    at = to
  }
  return at
}
