import { Layer } from "effect"
import { OrderRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlRequests } from "../requests/SqlRequests.ts"
import { SqlVendors } from "../vendors/SqlVendors.ts"
import { SqlWorkspaces } from "../workspaces/SqlWorkspaces.ts"
import { SqlOrders } from "./SqlOrders.ts"

const storage = Layer.mergeAll(SqlOrders, SqlRequests, SqlVendors, SqlWorkspaces, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  OrderRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
