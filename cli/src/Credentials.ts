import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import { Context, Effect, Layer, Option, Schema } from "effect"

/** What the CLI keeps of one sign-in: the access token and who it belongs to. */
export const SavedSession = Schema.Struct({
  email: Schema.String,
  accessToken: Schema.String,
  signedInAt: Schema.String
})
export type SavedSession = typeof SavedSession.Type

/** The credentials file: one session per API address. */
const CredentialsFile = Schema.Struct({
  sessions: Schema.Record(Schema.String, SavedSession)
})
type CredentialsFile = typeof CredentialsFile.Type

const CredentialsJson = Schema.fromJsonString(CredentialsFile)

/** The credentials file could not be read or written. */
export class CredentialsUnavailable extends Schema.TaggedError<CredentialsUnavailable>()("CredentialsUnavailable", {
  path: Schema.String,
  detail: Schema.String
}) {}

export interface CredentialStoreShape {
  readonly path: string
  readonly get: (apiUrl: string) => Effect.Effect<Option.Option<SavedSession>, CredentialsUnavailable>
  readonly save: (apiUrl: string, session: SavedSession) => Effect.Effect<void, CredentialsUnavailable>
  /** Forgets the session of an API address; answers whether there was one. */
  readonly remove: (apiUrl: string) => Effect.Effect<boolean, CredentialsUnavailable>
}

/** Port: where the CLI keeps its sessions between runs. */
export class CredentialStore extends Context.Service<CredentialStore, CredentialStoreShape>()(
  "@tawreed/cli/CredentialStore"
) {
  /** A JSON file readable by its owner only (0600) in a folder of its own (0700). */
  static readonly layerFile = (path: string) => Layer.succeed(CredentialStore, fileStore(path))
}

/** `$XDG_CONFIG_HOME/tawreed/credentials.json`, else `~/.config/tawreed/credentials.json`. */
export const credentialsPath = (env: Readonly<Record<string, string | undefined>>): string => {
  const configHome = env["XDG_CONFIG_HOME"]?.trim() || join(env["HOME"]?.trim() || homedir(), ".config")
  return join(configHome, "tawreed", "credentials.json")
}

const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

const fileStore = (path: string): CredentialStoreShape => {
  const fail = (cause: unknown) => new CredentialsUnavailable({ path, detail: describe(cause) })

  const load = Effect.gen(function* () {
    const content = yield* Effect.tryPromise({
      try: () =>
        readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined
          throw error
        }),
      catch: fail
    })
    if (content === undefined) return { sessions: {} } satisfies CredentialsFile
    return yield* Schema.decodeUnknownEffect(CredentialsJson)(content).pipe(Effect.mapError(fail))
  })

  // Written whole to a private temporary file and renamed over the old one, so a crash never leaves half a file
  // and the token is never readable by others, not even for a moment.
  const store = (file: CredentialsFile) =>
    Effect.tryPromise({
      try: async () => {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 })
        const temporary = `${path}.${process.pid}.tmp`
        await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
        await chmod(temporary, 0o600)
        await rename(temporary, path)
      },
      catch: fail
    })

  return {
    path,
    get: (apiUrl) => Effect.map(load, (file) => Option.fromNullishOr(file.sessions[apiUrl])),
    save: (apiUrl, session) =>
      Effect.flatMap(load, (file) => store({ sessions: { ...file.sessions, [apiUrl]: session } })),
    remove: (apiUrl) =>
      Effect.gen(function* () {
        const file = yield* load
        if (!(apiUrl in file.sessions)) return false
        const { [apiUrl]: _removed, ...rest } = file.sessions
        yield* store({ sessions: rest })
        return true
      })
  }
}
