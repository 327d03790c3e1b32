import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import * as Database from "../storage/Database.ts"
import { snapshotVariable } from "./TestDatabase.ts"

/** Migrates one PGlite database per test run and leaves its snapshot for every test file to start from. */
export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), "tawreed-snapshot-"))
  const file = join(folder, "migrated.tar")
  const blob = await Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const embedded = yield* Database.EmbeddedDatabase
        return yield* embedded.dump
      }).pipe(Effect.provide(Database.layer({ engine: "pglite" })))
    )
  )
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
  process.env[snapshotVariable] = file
  return () => rmSync(folder, { recursive: true, force: true })
}
