import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Stream } from "effect"
import { FileStore } from "../../files/FileStore.ts"

const bytesOf = (stream: Stream.Stream<Uint8Array, unknown>) =>
  Effect.map(Stream.runCollect(stream), (chunks) => {
    const parts = [...chunks]
    const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
    let at = 0
    for (const part of parts) {
      all.set(part, at)
      at += part.length
    }
    return all
  })

const read = (key: string) =>
  Effect.gen(function* () {
    const found = yield* (yield* FileStore).read(key)
    return Option.isNone(found) ? undefined : yield* bytesOf(found.value)
  })

/** Every byte value, then a pattern, `size` bytes long. */
const sample = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) % 256)

/** The behaviour every FileStore adapter must show; each adapter's test file runs it. */
export const suite = (name: string, store: Layer.Layer<FileStore, unknown>) =>
  layer(store, { timeout: 120_000 })(`FileStore contract: ${name}`, (it) => {
    it.effect("gives back exactly the bytes written under a key, and nothing under another", () =>
      Effect.gen(function* () {
        const files = yield* FileStore
        const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`
        const bytes = sample(300_000)
        yield* files.write(key, bytes, "application/pdf")
        assert.deepStrictEqual(yield* read(key), bytes)
        assert.isUndefined(yield* read(`${crypto.randomUUID()}/${crypto.randomUUID()}`))
      })
    )

    it.effect("replaces what a key held, and keeps an empty file", () =>
      Effect.gen(function* () {
        const files = yield* FileStore
        const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`
        yield* files.write(key, sample(1000), "text/plain")
        yield* files.write(key, Uint8Array.from([1, 2, 3]), "text/plain")
        assert.deepStrictEqual(yield* read(key), Uint8Array.from([1, 2, 3]))
        const empty = `${crypto.randomUUID()}/${crypto.randomUUID()}`
        yield* files.write(empty, new Uint8Array(0), "text/plain")
        assert.deepStrictEqual(yield* read(empty), new Uint8Array(0))
      })
    )

    it.effect("forgets a key, and forgetting it again is no failure", () =>
      Effect.gen(function* () {
        const files = yield* FileStore
        const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`
        const neighbour = `${key.split("/")[0]}/${crypto.randomUUID()}`
        yield* files.write(key, sample(10), "image/png")
        yield* files.write(neighbour, sample(20), "image/png")
        yield* files.remove(key)
        assert.isUndefined(yield* read(key))
        yield* files.remove(key)
        assert.deepStrictEqual(yield* read(neighbour), sample(20), "the folder's other files stay")
      })
    )
  })
