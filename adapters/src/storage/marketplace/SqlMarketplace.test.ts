import { Layer } from "effect"
import { MarketplaceRepositoryContract } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlCatalog } from "../catalog/SqlCatalog.ts"
import { SqlFileRepository } from "../files/SqlFileRepository.ts"
import { SqlMarketplace } from "./SqlMarketplace.ts"

const storage = Layer.mergeAll(SqlMarketplace, SqlCatalog, SqlFileRepository, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  MarketplaceRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}
