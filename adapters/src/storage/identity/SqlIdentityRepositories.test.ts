import { Layer } from "effect"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { layerMemory, SessionRepositoryContract, UserRepositoryContract } from "@tawreed/core/testing"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlSessionRepository, SqlUserRepository } from "./SqlIdentityRepositories.ts"

UserRepositoryContract.suite("memory", layerMemory)
SessionRepositoryContract.suite("memory", layerMemory)

for (const engine of TestDatabase.engines()) {
  const storage = Layer.mergeAll(SqlUserRepository, SqlSessionRepository, SqlFixtures).pipe(
    Layer.provide(TestDatabase.layer(engine))
  )
  UserRepositoryContract.suite(engine, storage)
  SessionRepositoryContract.suite(engine, storage)
}
