import { assert, describe, it } from "@effect/vitest"
import { requestToast, requestToasts } from "../shared/Notices.ts"
import {
  budgetHoldingStatuses,
  commandAllowed,
  commandOutcomes,
  RequestCommand,
  requestCommandTable,
  requestCommandToasts,
  requestCreatedIn
} from "./RequestCommands.ts"
import { type RequestStatus, requestStatusMachine } from "./RequestStatus.ts"

const open = [
  "REQUEST_UNAPPROVED",
  "REQUEST_SUBMITTED",
  "RFQ_PENDING",
  "RFQ_CLOSED",
  "REQUEST_PENDING",
  "REQUEST_PARTIAL_RECEIVED"
] as const

const to = (target: RequestStatus, ...from: ReadonlyArray<RequestStatus>) =>
  Object.fromEntries(from.map((s) => [s, [target]]))

const self = (...statuses: ReadonlyArray<RequestStatus>) => Object.fromEntries(statuses.map((s) => [s, [s]]))

describe("the request command table", () => {
  it("is exactly this (pinned here, not read from the table: a move added or dropped fails this test)", () => {
    assert.deepStrictEqual(requestCommandTable, {
      update: {
        REQUEST_DRAFTED: ["REQUEST_DRAFTED"],
        REQUEST_RETURNED_TO_DRAFT: ["REQUEST_RETURNED_TO_DRAFT"],
        REQUEST_EDIT: ["REQUEST_EDIT"],
        REQUEST_RETURNED: ["REQUEST_EDIT"],
        REQUEST_APPROVAL_RETURNED: ["REQUEST_EDIT"]
      },
      copy: self(...requestStatusMachine.statuses),
      returnToDraft: to(
        "REQUEST_RETURNED_TO_DRAFT",
        "REQUEST_SUBMITTED",
        "REQUEST_RETURNED",
        "REQUEST_APPROVAL_RETURNED"
      ),
      archive: to("REQUEST_ARCHIVED", "REQUEST_DRAFTED", "REQUEST_RETURNED_TO_DRAFT"),
      submit: {
        REQUEST_DRAFTED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"],
        REQUEST_RETURNED_TO_DRAFT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"],
        REQUEST_EDIT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"]
      },
      approve: { REQUEST_UNAPPROVED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"] },
      skip: { REQUEST_UNAPPROVED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"] },
      reject: { REQUEST_UNAPPROVED: ["REQUEST_REJECTED"] },
      return: { REQUEST_UNAPPROVED: ["REQUEST_APPROVAL_RETURNED"], REQUEST_SUBMITTED: ["REQUEST_RETURNED"] },
      close: to(
        "REQUEST_CLOSED",
        "REQUEST_SUBMITTED",
        "REQUEST_EDIT",
        "REQUEST_RETURNED",
        "REQUEST_APPROVAL_RETURNED",
        "RFQ_PENDING",
        "RFQ_CLOSED",
        "REQUEST_PENDING",
        "REQUEST_PARTIAL_RECEIVED"
      ),
      superClose: to("REQUEST_SUPER_CLOSED", ...open),
      delete: { REQUEST_DRAFTED: [], REQUEST_RETURNED_TO_DRAFT: [], REQUEST_ARCHIVED: [] },
      assign: self(...open),
      updateWatchers: self(
        "REQUEST_DRAFTED",
        "REQUEST_UNAPPROVED",
        "REQUEST_SUBMITTED",
        "REQUEST_EDIT",
        "RFQ_PENDING",
        "REQUEST_PENDING",
        "RFQ_CLOSED",
        "REQUEST_PARTIAL_RECEIVED",
        "REQUEST_RETURNED",
        "REQUEST_APPROVAL_RETURNED",
        "REQUEST_RETURNED_TO_DRAFT"
      )
    })
  })

  it("moves only as the request's status machine allows", () => {
    for (const command of RequestCommand.literals) {
      for (const [from, targets] of Object.entries(requestCommandTable[command]) as Array<
        [RequestStatus, ReadonlyArray<RequestStatus>]
      >) {
        for (const target of targets) {
          if (target === from) continue
          assert.isTrue(requestStatusMachine.canTransition(from, target), `${command}: ${from} → ${target}`)
        }
      }
    }
  })

  it("offers nothing but copying in a terminal status", () => {
    for (const status of requestStatusMachine.terminal) {
      const offered = RequestCommand.literals.filter((c) => commandAllowed(c, status))
      assert.deepStrictEqual(offered, status === "REQUEST_ARCHIVED" ? ["copy", "delete"] : ["copy"], status)
    }
  })

  it("reaches from a new draft every status but those sourcing, ordering, receiving and inventory move to", () => {
    const seen = new Set<RequestStatus>([requestCreatedIn])
    const queue: Array<RequestStatus> = [requestCreatedIn]
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      for (const command of RequestCommand.literals) {
        for (const next of commandOutcomes(command, s)) {
          if (!seen.has(next)) {
            seen.add(next)
            queue.push(next)
          }
        }
      }
    }
    assert.deepStrictEqual(
      requestStatusMachine.statuses.filter((s) => !seen.has(s)),
      [
        "RFQ_PENDING",
        "REQUEST_PENDING",
        "REQUEST_COMPLETED",
        "RFQ_CLOSED",
        "REQUEST_PARTIAL_RECEIVED",
        "REQUEST_FULFILED_FROM_INVENTORY"
      ]
    )
  })

  it("holds a request's budget from submission while it is open", () => {
    assert.deepStrictEqual([...budgetHoldingStatuses], [...open])
    assert.strictEqual(requestCreatedIn, "REQUEST_DRAFTED")
  })

  it("shows a toast of SPEC.md §8 for each command that has one", () => {
    for (const key of Object.values(requestCommandToasts)) {
      if (key !== null) assert.isDefined(requestToasts[key].failure.en)
    }
    assert.strictEqual(requestToast(requestCommandToasts.submit!, "success", "en"), "Request Submitted Successfully")
  })
})
