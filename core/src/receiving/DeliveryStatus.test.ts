import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { DeliveryStatus, deliveryStatusMachine } from "./DeliveryStatus.ts"

describe("DeliveryStatus", () => {
  it("lists the spec's statuses and starts at NOT_DELIVERED", () => {
    assert.deepStrictEqual(DeliveryStatus.literals, ["NOT_DELIVERED", "DELIVERED"])
    assert.strictEqual(deliveryStatusMachine.initial, "NOT_DELIVERED")
  })
})

statusMachineLaws(deliveryStatusMachine, ["DELIVERED"])
