import { Context, Effect, Layer, Option } from "effect"
import type { Actor } from "../identity/Actor.ts"
import type { AttachmentOwnerKind } from "./FileRules.ts"

/**
 * How one kind of document guards its attachments, as the module that owns it decides: a file attached to a
 * document is downloaded by whoever may read the document, and removed by whoever may change it now.
 */
export interface DocumentReader {
  /** Whether the actor may read the document (in their own organisation). */
  readonly mayRead: (actor: Actor, documentId: string) => Effect.Effect<boolean>
  /** Whether the actor may change the document now, and so take an attachment off it. */
  readonly mayChange: (actor: Actor, documentId: string) => Effect.Effect<boolean>
}

/** The readers registered so far, by document kind. */
export interface DocumentReadersShape {
  /** Registers the reader of a kind; a later registration of the same kind replaces it. */
  readonly register: (kind: AttachmentOwnerKind, reader: DocumentReader) => Effect.Effect<void>
  /** The reader of a kind; none while no module has registered one, and then its attachments reach nobody. */
  readonly find: (kind: AttachmentOwnerKind) => Effect.Effect<Option.Option<DocumentReader>>
}

/**
 * Port: the registry of document readers. Each module that takes attachments registers its kind's reader with
 * `DocumentReaders.registration`, so that the files module names no module.
 */
export class DocumentReaders extends Context.Service<DocumentReaders, DocumentReadersShape>()(
  "@tawreed/core/files/DocumentReaders"
) {
  /** An empty registry, filled by the modules' registrations as the app starts. */
  static readonly layer = Layer.sync(DocumentReaders, () => {
    const readers = new Map<AttachmentOwnerKind, DocumentReader>()
    return DocumentReaders.of({
      register: (kind, reader) => Effect.sync(() => void readers.set(kind, reader)),
      find: (kind) => Effect.sync(() => Option.fromNullishOr(readers.get(kind)))
    })
  })

  /**
   * A module's registration, as a layer: `DocumentReaders.registration("request", makeRequestReader)` in the app's
   * layer puts the module's reader in the registry when the app starts.
   */
  static readonly registration = <E, R>(
    kind: AttachmentOwnerKind,
    reader: Effect.Effect<DocumentReader, E, R>
  ): Layer.Layer<never, E, DocumentReaders | R> =>
    Layer.effectDiscard(
      Effect.gen(function* () {
        const readers = yield* DocumentReaders
        yield* readers.register(kind, yield* reader)
      })
    )
}
