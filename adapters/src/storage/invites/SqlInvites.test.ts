import { Layer } from "effect"
import { InviteRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlInvites } from "./SqlInvites.ts"

const storage = Layer.mergeAll(SqlInvites, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  InviteRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
