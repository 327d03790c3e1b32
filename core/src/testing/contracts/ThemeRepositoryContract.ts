import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option, Result } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { OrgSettingsRepository } from "../../organisations/OrgSettingsRepository.ts"
import { defaultTheme, Theme } from "../../organisations/Theme.ts"
import { ThemeRepository } from "../../organisations/ThemeRepository.ts"
import { Fixtures } from "../Fixtures.ts"

/** The behaviour every ThemeRepository adapter must show. */
export const suite = (
  name: string,
  storage: Layer.Layer<ThemeRepository | OrgSettingsRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`ThemeRepository contract: ${name}`, (it) => {
    it.effect("finds a saved theme by organisation code and by address, keeps addresses apart, removes it", () =>
      Effect.gen(function* () {
        const themes = yield* ThemeRepository
        const fixtures = yield* Fixtures
        const orgId = (yield* fixtures.newUser()).orgId as OrgId
        const other = (yield* fixtures.newUser()).orgId as OrgId
        const code = Option.getOrThrow(yield* (yield* OrgSettingsRepository).find(orgId)).orgCode
        const host = `${crypto.randomUUID()}.tawreed.test`
        assert.isTrue(Option.isNone(yield* themes.findByOrgCode(code)))
        yield* themes.save(orgId, new Theme({ ...defaultTheme, url: host, appTitle: "Najd Procurement" }))
        const byCode = Option.getOrThrow(yield* themes.findByOrgCode(code))
        assert.deepStrictEqual([byCode.orgCode, byCode.theme.appTitle], [code, "Najd Procurement"])
        assert.deepStrictEqual(byCode.theme.colors, defaultTheme.colors)
        assert.strictEqual(Option.getOrThrow(yield* themes.findByUrl(host)).orgCode, code)
        const clash = yield* Effect.result(themes.save(other, new Theme({ ...defaultTheme, url: host })))
        assert.strictEqual(Result.isFailure(clash) && clash.failure._tag, "ThemeUrlTaken")
        yield* themes.save(orgId, new Theme({ ...defaultTheme, url: null, appTitle: "Renamed" }))
        assert.isTrue(Option.isNone(yield* themes.findByUrl(host)))
        assert.isTrue(yield* themes.remove(orgId))
        assert.isFalse(yield* themes.remove(orgId))
        assert.isTrue(Option.isNone(yield* themes.findByOrgCode(code)))
      })
    )
  })
