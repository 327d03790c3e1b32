import { Layer } from "effect"
import { ContractRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlVendors } from "../vendors/SqlVendors.ts"
import { SqlContracts } from "./SqlContracts.ts"

const storage = Layer.mergeAll(SqlVendors, SqlContracts, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  ContractRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
