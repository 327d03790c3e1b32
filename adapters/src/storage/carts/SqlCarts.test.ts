import { Layer } from "effect"
import { CartRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlCarts } from "./SqlCarts.ts"

const storage = Layer.mergeAll(SqlCarts, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  CartRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
