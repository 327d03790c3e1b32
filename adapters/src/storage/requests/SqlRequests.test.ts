import { Layer } from "effect"
import { RequestRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlRequests } from "./SqlRequests.ts"
import { SqlWorkspaces } from "../workspaces/SqlWorkspaces.ts"

const storage = Layer.mergeAll(SqlRequests, SqlWorkspaces, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  RequestRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
