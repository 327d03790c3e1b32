import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const src = join(import.meta.dirname, "..")

const files = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(css|astro|tsx)$/.test(name) ? [path] : []
  })

/** Physical left/right in CSS (and in inline styles): Arabic would not mirror them. */
const physical = [
  /\b(margin|padding|border)-(left|right)\b/,
  /(^|[\s;{"'`])(left|right)\s*:/,
  /\btext-align\s*:\s*(left|right)\b/,
  /\bfloat\s*:\s*(left|right)\b/,
  /\b(marginLeft|marginRight|paddingLeft|paddingRight|textAlign:\s*["'](left|right))/
]

describe("the site's styles", () => {
  it("use logical properties only, so right-to-left pages mirror themselves", () => {
    const offences = files(src).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          physical.some((pattern) => pattern.test(line)) ? [`${relative(src, file)}:${index + 1}: ${line.trim()}`] : []
        )
    )
    expect(offences).toEqual([])
  })

  it("declare the cascade layers in one order: the global stylesheet, and each sheet only some pages load", () => {
    const order = "@layer reset, tokens, base, components, utilities;"
    const declaring = files(src).filter((file) => /@layer\s+[\w-]+\s*,/.test(readFileSync(file, "utf8")))
    // A page may link its own sheet before the global one, so each such sheet states the order before using a layer.
    const layered = files(src).filter((file) => file.endsWith(".layer.css"))
    expect(layered.length).toBeGreaterThan(0)
    expect(declaring.map((file) => relative(src, file)).sort()).toEqual(
      ["styles/global.css", ...layered.map((file) => relative(src, file))].sort()
    )
    for (const file of declaring) expect(readFileSync(file, "utf8")).toContain(order)
  })
})
