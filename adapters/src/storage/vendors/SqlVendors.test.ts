import { Layer } from "effect"
import { VendorRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlVendors } from "./SqlVendors.ts"

const storage = Layer.mergeAll(SqlVendors, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  VendorRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
