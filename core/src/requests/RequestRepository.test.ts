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
  const id = "0b6d3c1e-8f4a-4c2b-9a7e-1d2c3b4a5f60"

  it("round-trip as opaque URL-safe text, whatever the title's script", () => {
    const cursor = new RequestCursor({ column: "title", direction: "asc", value: "طلب ورق + أقلام/2", id })
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
      btoa('{"column":"price","direction":"asc","value":"1","id":"x"}'),
      encodeRequestCursor(new RequestCursor({ column: "total", direction: "desc", value: "1", id: "x" })),
      encodeRequestCursor(new RequestCursor({ column: "total", direction: "desc", value: "1e3", id })),
      encodeRequestCursor(new RequestCursor({ column: "createdAt", direction: "desc", value: "yesterday", id })),
      encodeRequestCursor(new RequestCursor({ column: "updatedAt", direction: "asc", value: "2026-02-31", id }))
    ]) {
      assert.isTrue(Option.isNone(decodeRequestCursor(text)), text)
    }
  })

  it("takes a place in each sort as the list writes it", () => {
    for (const [column, value] of [
      ["createdAt", "2026-03-01T09:00:00.000Z"],
      ["total", "-12.50"],
      ["status", "REQUEST_DRAFTED"],
      ["title", ""]
    ] as const) {
      const cursor = new RequestCursor({ column, direction: "asc", value, id })
      assert.deepStrictEqual(Option.getOrThrow(decodeRequestCursor(encodeRequestCursor(cursor))), cursor)
    }
  })
})
