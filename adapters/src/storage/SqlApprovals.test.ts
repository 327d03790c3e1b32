import { Layer } from "effect"
import { ApprovalRepositoryContract, layerMemoryAdministration, layerMemoryApprovals } from "@tawreed/core/testing"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { SqlApprovals } from "./SqlApprovals.ts"
import { SqlFixtures } from "./SqlFixtures.ts"

ApprovalRepositoryContract.suite("memory", Layer.merge(layerMemoryApprovals, layerMemoryAdministration))

for (const engine of TestDatabase.engines()) {
  ApprovalRepositoryContract.suite(
    engine,
    Layer.merge(SqlApprovals, SqlFixtures).pipe(Layer.provide(TestDatabase.layer(engine)))
  )
}
