import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { moduleConfig, OrgSettings } from "../../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../../organisations/OrgSettingsRepository.ts"
import { Fixtures } from "../Fixtures.ts"

/** The behaviour every OrgSettingsRepository adapter must show. */
export const suite = (name: string, storage: Layer.Layer<OrgSettingsRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`OrgSettingsRepository contract: ${name}`, (it) => {
    it.effect("answers a new organisation's defaults, then what it saved, against the version read", () =>
      Effect.gen(function* () {
        const repository = yield* OrgSettingsRepository
        const orgId = (yield* (yield* Fixtures).newUser()).orgId as OrgId
        const initial = Option.getOrThrow(yield* repository.find(orgId))
        assert.strictEqual(initial.id, orgId)
        assert.isTrue(initial.modules.some((m) => m.code === "users" && m.config.enabled))
        assert.strictEqual(initial.orgConfig.adminConfig.dateFormat, "iso")
        const saved = yield* repository.save(
          new OrgSettings({
            ...initial,
            orgName: "Najd Builders",
            currency: "USD",
            modules: [moduleConfig("requests", true, { showPrices: true }), moduleConfig("users", false)],
            orgConfig: {
              adminConfig: { ...initial.orgConfig.adminConfig, dateFormat: "european", workspacesLimit: 5 },
              generalConfig: { ...initial.orgConfig.generalConfig, expensesAllowed: true }
            },
            profile: { aboutUs: "Builders since 1990", enabledPaymentTypes: ["SADAD"] }
          }),
          initial.version
        )
        assert.strictEqual(saved.version, initial.version + 1)
        const read = Option.getOrThrow(yield* repository.find(orgId))
        assert.deepStrictEqual(
          [
            read.orgName,
            read.currency,
            read.orgConfig.adminConfig.dateFormat,
            read.orgConfig.adminConfig.workspacesLimit
          ],
          ["Najd Builders", "USD", "european", 5]
        )
        assert.deepStrictEqual(
          read.modules.map((m) => [m.code, m.config.enabled, m.features["showPrices"] ?? false]),
          [
            ["requests", true, true],
            ["users", false, false]
          ]
        )
        assert.deepStrictEqual(read.profile, { aboutUs: "Builders since 1990", enabledPaymentTypes: ["SADAD"] })
        assert.isTrue(read.orgConfig.generalConfig.expensesAllowed)
        const stale = yield* Effect.result(
          repository.save(new OrgSettings({ ...read, orgName: "Late" }), initial.version)
        )
        assert.strictEqual(Result.isFailure(stale) && stale.failure._tag, "VersionConflict")
      })
    )
  })
