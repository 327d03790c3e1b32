import { Layer } from "effect"
import { CatalogRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlCatalog } from "./SqlCatalog.ts"

const storage = Layer.mergeAll(SqlCatalog, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  CatalogRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
