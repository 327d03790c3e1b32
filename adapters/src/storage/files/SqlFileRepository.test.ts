import { Layer } from "effect"
import { Transactions } from "@tawreed/core/shared"
import { FileRepositoryContract, layerMemoryAdministration, layerMemoryFileRepository } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFileRepository } from "./SqlFileRepository.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlTransactions } from "../SqlTransactions.ts"

FileRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryFileRepository, Transactions.layerPassThrough, layerMemoryAdministration)
)

for (const engine of TestDatabase.engines()) {
  FileRepositoryContract.suite(
    engine,
    Layer.mergeAll(SqlFileRepository, SqlFixtures, SqlTransactions).pipe(Layer.provide(TestDatabase.layer(engine)))
  )
}
