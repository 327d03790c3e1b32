import { Layer } from "effect"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { layerMemory, MemoryNotificationRepository, NotificationRepositoryContract } from "@tawreed/core/testing"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlNotificationRepository } from "./SqlNotificationRepository.ts"

NotificationRepositoryContract.suite("memory", Layer.merge(MemoryNotificationRepository, layerMemory))

for (const engine of TestDatabase.engines()) {
  NotificationRepositoryContract.suite(
    engine,
    Layer.merge(SqlNotificationRepository, SqlFixtures).pipe(Layer.provide(TestDatabase.layer(engine)))
  )
}
