import { Layer } from "effect"
import { AccountSecurityContract, layerMemory } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlAccountSecurity } from "./SqlAccountSecurity.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlUserRepository } from "./SqlIdentityRepositories.ts"
import { SqlOrganisationRepository } from "../organisations/SqlOrganisationRepository.ts"
import { SqlThrottle } from "./SqlThrottle.ts"

AccountSecurityContract.suite("memory", layerMemory)

for (const engine of TestDatabase.engines()) {
  AccountSecurityContract.suite(
    engine,
    Layer.mergeAll(SqlAccountSecurity, SqlThrottle, SqlOrganisationRepository, SqlUserRepository, SqlFixtures).pipe(
      Layer.provide(TestDatabase.layer(engine))
    )
  )
}
