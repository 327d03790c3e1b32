import { Layer } from "effect"
import * as TestDatabase from "../testing/TestDatabase.ts"
import {
  layerMemoryAdministration,
  OrgSettingsRepositoryContract,
  RoleRepositoryContract,
  ThemeRepositoryContract,
  UserDirectoryContract
} from "@tawreed/core/testing"
import { SqlFixtures } from "./SqlFixtures.ts"
import { SqlSessionRepository } from "./SqlIdentityRepositories.ts"
import { SqlOrgSettingsRepository } from "./SqlOrgSettingsRepository.ts"
import { SqlRoleRepository } from "./SqlRoleRepository.ts"
import { SqlThemeRepository } from "./SqlThemeRepository.ts"
import { SqlUserDirectory } from "./SqlUserDirectory.ts"

UserDirectoryContract.suite("memory", layerMemoryAdministration)
RoleRepositoryContract.suite("memory", layerMemoryAdministration)
OrgSettingsRepositoryContract.suite("memory", layerMemoryAdministration)
ThemeRepositoryContract.suite("memory", layerMemoryAdministration)

for (const engine of TestDatabase.engines()) {
  const storage = Layer.mergeAll(
    SqlUserDirectory,
    SqlRoleRepository,
    SqlOrgSettingsRepository,
    SqlThemeRepository,
    SqlSessionRepository,
    SqlFixtures
  ).pipe(Layer.provide(TestDatabase.layer(engine)))
  UserDirectoryContract.suite(engine, storage)
  RoleRepositoryContract.suite(engine, storage)
  OrgSettingsRepositoryContract.suite(engine, storage)
  ThemeRepositoryContract.suite(engine, storage)
}
