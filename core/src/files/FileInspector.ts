import { Context, type Effect, type Option } from "effect"

/** A type recognised from a file's leading bytes (its signature). */
export interface SniffedType {
  readonly mime: string
  readonly extension: string
}

/** What the bytes of an upload say about themselves. */
export interface Inspection {
  /** The type its signature shows; none for bytes without a known signature (plain text among them). */
  readonly sniffed: Option.Option<SniffedType>
  /** The SHA-256 of the bytes, in lower-case hexadecimal. */
  readonly sha256: string
}

/** Reads an upload's type from its bytes and hashes them; the name and the client's Content-Type are never asked. */
export interface FileInspectorShape {
  readonly inspect: (bytes: Uint8Array) => Effect.Effect<Inspection>
}

/** Port: recognises file types by their bytes. */
export class FileInspector extends Context.Service<FileInspector, FileInspectorShape>()(
  "@tawreed/core/files/FileInspector"
) {}
