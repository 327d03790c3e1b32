import { Layer } from "effect"
import { layerMemoryAdministration, layerMemoryUploadGrants, UploadGrantsContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlUploadGrants } from "./SqlUploadGrants.ts"

UploadGrantsContract.suite("memory", Layer.merge(layerMemoryUploadGrants, layerMemoryAdministration))

for (const engine of TestDatabase.engines()) {
  UploadGrantsContract.suite(
    engine,
    Layer.mergeAll(SqlUploadGrants, SqlFixtures).pipe(Layer.provide(TestDatabase.layer(engine)))
  )
}
