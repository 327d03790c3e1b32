import { describe, expect, it } from "vitest"
import type { ModuleCatalogue } from "./CatalogueEntry.ts"
import {
  catalogue,
  describeError,
  entryFor,
  errorCodes,
  messageFor,
  moduleCatalogues,
  sharedCatalogue,
  unexpectedEntry
} from "./ErrorCatalogue.ts"

declare global {
  interface ImportMeta {
    /** Vite's eager module import by pattern, which vitest provides. */
    glob<M>(patterns: ReadonlyArray<string>, options: { eager: true }): Record<string, M>
  }
}

/** Every tagged error class the core exports, found in the modules' error files. */
const errorClasses = Object.entries(
  import.meta.glob<Record<string, unknown>>(["../**/*Errors.ts", "./Errors.ts"], { eager: true })
).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([, value]) => typeof value === "function" && "fields" in value && "identifier" in value)
    .map(([name, value]) => ({ file, name, tag: (value as { identifier: string }).identifier }))
)

describe("the error catalogue", () => {
  it("finds the core's error classes", () => {
    expect(errorClasses.map((c) => c.tag)).toEqual(
      expect.arrayContaining(["NotificationNotFound", "InvalidCredentials", "SessionRequired", "InvalidPageSize"])
    )
  })

  it("registers every error class of the core with a code that exists", () => {
    for (const { file, tag } of errorClasses) {
      expect(errorCodes[tag], `${tag} in ${file} has no catalogue code`).toBeDefined()
      expect(
        catalogue.some((e) => e.code === errorCodes[tag]),
        `${tag}'s code is not in the catalogue`
      ).toBe(true)
    }
  })

  it("registers each error in the catalogue of the module that declares it, and in no other", () => {
    const catalogues = Object.entries(
      import.meta.glob<Record<string, unknown>>(["../**/*Catalogue.ts"], { eager: true })
    ).flatMap(([file, module]) =>
      Object.values(module)
        .filter((value): value is ModuleCatalogue => typeof value === "object" && value !== null && "codes" in value)
        .map((found) => ({ folder: file.split("/").slice(0, -1).join("/"), found }))
    )
    for (const { file, tag } of errorClasses) {
      const folder = file.split("/").slice(0, -1).join("/")
      const own = folder === "." ? [sharedCatalogue] : catalogues.filter((c) => c.folder === folder).map((c) => c.found)
      expect(
        own.some((c) => Object.hasOwn(c.codes, tag)),
        `${tag} in ${file} is not in its module's catalogue`
      ).toBe(true)
      expect(moduleCatalogues.filter((c) => Object.hasOwn(c.codes, tag)).length, `${tag} registered twice`).toBe(1)
    }
  })

  it("has each audit event, field and problem declared by one module only", () => {
    const declared = (pick: (c: (typeof moduleCatalogues)[number]) => ReadonlyArray<string>) => {
      const all = moduleCatalogues.flatMap(pick)
      return all.filter((name, i) => all.indexOf(name) !== i)
    }
    expect(declared((c) => ("auditEvents" in c ? c.auditEvents : []))).toEqual([])
    expect(declared((c) => Object.keys("fields" in c ? c.fields : {}))).toEqual([])
    expect(declared((c) => Object.keys("problems" in c ? c.problems : {}))).toEqual([])
    expect(declared((c) => Object.keys("reasons" in c ? c.reasons : {}))).toEqual([])
  })

  it("gives every code a unique number, a kind and a message in English and in Arabic", () => {
    const codes = catalogue.map((e) => e.code)
    expect(new Set(codes).size).toBe(codes.length)
    for (const entry of catalogue) {
      expect(entry.en.trim().length, entry.code).toBeGreaterThan(0)
      expect(entry.ar, `${entry.code} in Arabic`).toMatch(/[\u0600-\u06FF]/)
    }
  })

  it("answers unknown codes with the spec's unexpected-error message", () => {
    expect(entryFor("E0000")).toBe(unexpectedEntry)
    expect(messageFor("nonsense", "en")).toBe("An unexpected error occurred. Please try again later.")
    expect(describeError(new Error("boom"), "en").code).toBe("E9001")
  })

  it("keeps the spec's number and message for invalid credentials", () => {
    expect(messageFor("E1001", "en")).toBe("Please check the username and password and try again.")
    expect(describeError({ _tag: "InvalidCredentials" }, "en").code).toBe("E1001")
  })

  it("fills placeholders from the error's fields", () => {
    expect(describeError({ _tag: "InvalidPageSize", allowed: "10, 25" }, "en").message).toBe(
      "Page size must be one of \u206810, 25\u2069."
    )
    expect(describeError({ _tag: "InvalidPageSize", allowed: "10, 25" }, "ar").message).toContain("10, 25")
  })
})
