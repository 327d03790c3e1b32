import { assert, describe, it } from "@effect/vitest"
import { Layer, Option } from "effect"
import {
  layerMemoryAdministration,
  layerMemoryRequests,
  layerMemoryWorkspaces,
  RequestRepositoryContract
} from "../testing/index.ts"
import { decodeRequestCursor, encodeRequestCursor, RequestCursor } from "./RequestRepository.ts"

RequestRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryRequests, layerMemoryWorkspaces).pipe(Layer.provideMerge(layerMemoryAdministration))
)

describe("request cursors", () => {
  it("round-trip as opaque URL-safe text, whatever the title's script", () => {
    const cursor = new RequestCursor({ column: "title", direction: "asc", value: "طلب ورق + أقلام/2", id: "r-1" })
    const text = encodeRequestCursor(cursor)
    assert.match(text, /^[A-Za-z0-9_-]+$/)
    assert.deepStrictEqual(Option.getOrThrow(decodeRequestCursor(text)), cursor)
  })

  it("refuses text the list did not hand out", () => {
    for (const text of [
      "",
      "not a cursor!",
      "abc",
      encodeRequestCursor(new RequestCursor({ column: "total", direction: "desc", value: "1", id: "x" })).slice(0, -3),
      btoa('{"column":"price","direction":"asc","value":"1","id":"x"}')
    ]) {
      assert.isTrue(Option.isNone(decodeRequestCursor(text)), text)
    }
  })
})
