import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Option } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { CredentialStore, credentialsPath } from "./Credentials.ts"

const folders: Array<string> = []
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), "tawreed-credentials-"))
  folders.push(path)
  return path
}
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true })
})

const withStore = <A, E>(path: string, use: Effect.Effect<A, E, CredentialStore>) =>
  Effect.runPromise(use.pipe(Effect.provide(CredentialStore.layerFile(path))))

const session = (token: string) => ({ email: "buyer@buyer.tawreed.test", accessToken: token, signedInAt: "2026-01-01" })

describe("credentials", () => {
  it("live under XDG_CONFIG_HOME, else ~/.config", () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: "/x", HOME: "/home/u" })).toBe("/x/tawreed/credentials.json")
    expect(credentialsPath({ XDG_CONFIG_HOME: "", HOME: "/home/u" })).toBe("/home/u/.config/tawreed/credentials.json")
  })

  it("keep one session per API address, in a file and folder only the owner can open", async () => {
    const path = join(folder(), "tawreed", "credentials.json")
    await withStore(
      path,
      Effect.gen(function* () {
        const store = yield* CredentialStore
        yield* store.save("http://localhost:4321", session("one"))
        yield* store.save("https://tawreed.example", session("two"))
        expect(Option.getOrUndefined(yield* store.get("http://localhost:4321"))?.accessToken).toBe("one")
        expect(yield* store.remove("http://localhost:4321")).toBe(true)
        expect(yield* store.remove("http://localhost:4321")).toBe(false)
        expect(Option.isNone(yield* store.get("http://localhost:4321"))).toBe(true)
      })
    )
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700)
    expect(Object.keys(JSON.parse(readFileSync(path, "utf8")).sessions)).toEqual(["https://tawreed.example"])
  })

  it("report a damaged file with its path instead of overwriting it", async () => {
    const path = join(folder(), "credentials.json")
    writeFileSync(path, "{ not json")
    const error = await withStore(path, Effect.flip(Effect.flatMap(Effect.service(CredentialStore), (s) => s.get("x"))))
    expect(error).toMatchObject({ _tag: "CredentialsUnavailable", path })
    expect(readFileSync(path, "utf8")).toBe("{ not json")
  })
})
