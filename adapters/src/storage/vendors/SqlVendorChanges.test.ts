import { Layer } from "effect"
import { VendorChangeRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlVendorChanges } from "./SqlVendorChanges.ts"
import { SqlVendors } from "./SqlVendors.ts"

const storage = Layer.mergeAll(SqlVendors, SqlVendorChanges, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  VendorChangeRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
