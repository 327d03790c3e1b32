import { JobRepositoryContract } from "@tawreed/core/testing"
import { Layer } from "effect"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlJobs } from "./SqlJobs.ts"

for (const engine of TestDatabase.engines()) {
  JobRepositoryContract.suite(engine, SqlJobs.pipe(Layer.provide(TestDatabase.layer(engine))))
}
