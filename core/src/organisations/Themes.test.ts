import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { defaultTheme, ThemeColor } from "./Theme.ts"
import { themeHost } from "./Themes.ts"

describe("Themes", () => {
  it("finds a theme by the host of an address, whatever its scheme, port, path or case", () => {
    assert.strictEqual(themeHost("https://Procure.AlNoor.sa:8443/en/auth/login?x=1"), "procure.alnoor.sa")
    assert.strictEqual(themeHost("procure.alnoor.sa"), "procure.alnoor.sa")
    assert.strictEqual(themeHost("  "), "")
  })

  it("takes only hex and rgb() colours, since the site writes them into its stylesheet", () => {
    const valid = Schema.is(ThemeColor)
    const colour = (value: string, variable = "--primary") => ({ name: "Primary", variable, value, editable: true })
    for (const value of ["#fff", "#ffd200", "#00000080", "rgb(0, 0, 0)", "rgba(255,210,0,0.5)"]) {
      assert.isTrue(Schema.decodeUnknownResult(ThemeColor)(colour(value))._tag === "Success", value)
    }
    for (const value of ["red;} body { display: none", "url(javascript:alert(1))", "#ggg", "expression(1)"]) {
      assert.isTrue(Schema.decodeUnknownResult(ThemeColor)(colour(value))._tag === "Failure", value)
    }
    assert.isTrue(Schema.decodeUnknownResult(ThemeColor)(colour("#fff", "--x;color:red"))._tag === "Failure")
    assert.isTrue(defaultTheme.colors.every((c) => valid(c)))
  })

  it("has SPEC.md §3's default colours: white background, black primary, yellow accent, four shades of each state", () => {
    const value = (variable: string) => defaultTheme.colors.find((c) => c.variable === variable)?.value
    assert.deepStrictEqual([value("--background"), value("--primary")], ["#ffffff", "#000000"])
    for (const state of ["success", "warning", "error", "info"]) {
      for (const shade of ["", "-dark", "-light", "-lighter", "-lightest"]) {
        assert.isDefined(value(`--${state}${shade}`), `--${state}${shade}`)
      }
    }
  })
})
