import { describe, expect, it } from "vitest"
import { inviteStatusAt, inviteStatusMachine } from "./InviteStatus.ts"

describe("the invitation's status machine", () => {
  it("allows exactly these moves", () => {
    expect(inviteStatusMachine.transitions).toEqual({
      INVITED: ["OPENED", "EXPIRED", "CANCELLED", "INVITED"],
      OPENED: ["UNDER_REVIEW", "EXPIRED", "CANCELLED", "OPENED"],
      UNDER_REVIEW: ["APPROVED", "RETURNED", "REJECTED", "OPENED"],
      RETURNED: ["UNDER_REVIEW", "EXPIRED", "CANCELLED", "RETURNED"],
      EXPIRED: ["INVITED", "CANCELLED"],
      APPROVED: [],
      REJECTED: [],
      CANCELLED: []
    })
    expect(inviteStatusMachine.initial).toBe("INVITED")
    expect(inviteStatusMachine.terminal).toEqual(["APPROVED", "REJECTED", "CANCELLED"])
  })

  it("reads an invitation the vendor holds as expired once its link lapsed, and no other", () => {
    const at = new Date("2026-11-24T10:00:00Z")
    const before = new Date("2026-11-24T09:59:59Z")
    const after = new Date("2026-11-24T10:00:01Z")
    for (const held of ["INVITED", "OPENED", "RETURNED"] as const) {
      expect(inviteStatusAt(held, before, at)).toBe("EXPIRED")
      expect(inviteStatusAt(held, at, at)).toBe("EXPIRED")
      expect(inviteStatusAt(held, after, at)).toBe(held)
    }
    for (const other of ["UNDER_REVIEW", "APPROVED", "REJECTED", "CANCELLED"] as const) {
      expect(inviteStatusAt(other, before, at)).toBe(other)
    }
  })
})
