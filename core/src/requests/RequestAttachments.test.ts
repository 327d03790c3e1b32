import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import {
  layerMemoryRequestsWorld,
  requestsWorldActor as actorWith,
  requestsWorldWorkspace as workspaceOf
} from "../testing/index.ts"
import { NewRequestInput, RequestItemInput } from "./Request.ts"
import { requestReader } from "./RequestAttachments.ts"
import { Requests } from "./Requests.ts"

describe("a request's attachments", () => {
  it.effect("are read by whoever reads the request, and taken off by whoever may edit it while it may be edited", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
      const admin = yield* actorWith(["org_super_user"])
      const requester = yield* actorWith(["org_basic_user"], admin)
      const manager = yield* actorWith(["org_basic_user"], admin)
      const viewer = yield* actorWith(["org_basic_user"], admin)
      const outsider = yield* actorWith(["org_basic_user"], admin)
      const office = yield* workspaceOf(admin, "Head Office", [
        [requester, "workspaces_viewer"],
        [manager, "workspaces_manager"],
        [viewer, "workspaces_viewer"]
      ])
      const requests = yield* Requests
      const reader = yield* requestReader
      const made = yield* requests.create(
        requester,
        new NewRequestInput({
          requestType: "product",
          workspaceId: office.id,
          title: "Printer paper",
          items: [new RequestItemInput({ name: { en: "A4 paper" }, quantity: "10", price: { basePrice: "25" } })]
        })
      )
      const can = (actor: typeof admin) =>
        Effect.all([reader.mayRead(actor, made.id), reader.mayChange(actor, made.id)])
      assert.deepStrictEqual(yield* can(requester), [true, true], "its requester, on a draft")
      assert.deepStrictEqual(yield* can(manager), [true, true], "its workspace's manager (req_u_w)")
      assert.deepStrictEqual(yield* can(viewer), [true, false], "a viewer reads it (req_r_w) but may not change it")
      assert.deepStrictEqual(yield* can(outsider), [false, false], "someone outside its workspace sees nothing")
      assert.deepStrictEqual(yield* can(admin), [true, true])
      yield* requests.submit(requester, made.id)
      assert.deepStrictEqual(yield* can(requester), [true, false], "once submitted, its files stay as they are")
      assert.deepStrictEqual(
        yield* Effect.all([reader.mayRead(requester, "no-such-request"), reader.mayChange(admin, "no-such-request")]),
        [false, false]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )
})
