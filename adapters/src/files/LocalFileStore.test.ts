import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { Effect, Exit } from "effect"
import { FileStore } from "@tawreed/core/files"
import { FileStoreContract } from "@tawreed/core/testing"
import { LocalFileStore } from "./LocalFileStore.ts"

const root = mkdtempSync(join(tmpdir(), "tawreed-local-store-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

FileStoreContract.suite("local folder", LocalFileStore(root))

describe("LocalFileStore", () => {
  const run = <A, E>(effect: Effect.Effect<A, E, FileStore>) =>
    Effect.runPromiseExit(effect.pipe(Effect.provide(LocalFileStore(root))))

  it("keeps a key's bytes in a file of that path under its folder, and leaves no temporary file", async () => {
    const exit = await run(
      Effect.flatMap(Effect.service(FileStore), (s) => s.write("org/one", Uint8Array.from([7]), "x"))
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(readdirSync(join(root, "org"))).toEqual(["one"])
  })

  it("refuses keys that would leave its folder", async () => {
    for (const key of ["../escape", "org/../../escape", "/etc/passwd", "", "org//x", ".hidden"]) {
      const exit = await run(Effect.flatMap(Effect.service(FileStore), (s) => s.write(key, Uint8Array.from([1]), "x")))
      expect(Exit.isFailure(exit), key).toBe(true)
    }
    expect(readdirSync(join(root, ".."))).not.toContain("escape")
  })
})
