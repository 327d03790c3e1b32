import { Layer } from "effect"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import {
  IdempotencyKeysContract,
  layerMemoryAdministration,
  MemoryIdempotencyKeys,
  OrgSettingsRepositoryContract,
  RoleRepositoryContract,
  ThemeRepositoryContract,
  UserDirectoryContract
} from "@tawreed/core/testing"
import { Transactions } from "@tawreed/core/shared"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlIdempotencyKeys } from "../SqlIdempotencyKeys.ts"
import { SqlTransactions } from "../SqlTransactions.ts"
import { SqlSessionRepository } from "../identity/SqlIdentityRepositories.ts"
import { SqlOrgSettingsRepository } from "./SqlOrgSettingsRepository.ts"
import { SqlRoleRepository } from "./SqlRoleRepository.ts"
import { SqlThemeRepository } from "./SqlThemeRepository.ts"
import { SqlUserDirectory } from "../identity/SqlUserDirectory.ts"

UserDirectoryContract.suite("memory", Layer.merge(layerMemoryAdministration, Transactions.layerPassThrough))
RoleRepositoryContract.suite("memory", layerMemoryAdministration)
OrgSettingsRepositoryContract.suite("memory", layerMemoryAdministration)
ThemeRepositoryContract.suite("memory", layerMemoryAdministration)
IdempotencyKeysContract.suite("memory", Layer.merge(MemoryIdempotencyKeys, layerMemoryAdministration))

for (const engine of TestDatabase.engines()) {
  const storage = Layer.mergeAll(
    SqlUserDirectory,
    SqlRoleRepository,
    SqlOrgSettingsRepository,
    SqlThemeRepository,
    SqlIdempotencyKeys.pipe(Layer.provide(SqlTransactions)),
    SqlSessionRepository,
    SqlFixtures,
    SqlTransactions
  ).pipe(Layer.provide(TestDatabase.layer(engine)))
  UserDirectoryContract.suite(engine, storage)
  RoleRepositoryContract.suite(engine, storage)
  OrgSettingsRepositoryContract.suite(engine, storage)
  ThemeRepositoryContract.suite(engine, storage)
  IdempotencyKeysContract.suite(engine, storage)
}
