import { Context, Effect, Layer, Option } from "effect"
import { hasAnyPrivilege } from "../access/Privilege.ts"
import { type DocumentReader, DocumentReaders } from "../files/DocumentReaders.ts"
import { FileNotFound, type FileStorageUnavailable } from "../files/FileErrors.ts"
import { Files, type FilesShape, type OpenedFile } from "../files/Files.ts"
import { FileRepository } from "../files/FileRepository.ts"
import { FileStore } from "../files/FileStore.ts"
import { DocumentRef, type FileId, FileView, viewOf } from "../files/StoredFile.ts"
import type { Actor } from "../identity/Actor.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import { Transactions } from "../shared/Transactions.ts"
import type { NewProductInput, Product, ProductUpdateInput } from "./Catalog.ts"
import { CatalogRepository } from "./CatalogRepository.ts"
import { Catalogs, type CatalogsShape, productPrivileges } from "./Catalogs.ts"
import { productFileIds, productFilePath, readerFileId } from "./ProductFileRefs.ts"

/** The kind of document a product is to the files module: its pictures and attachments hang on it. */
export const productAttachmentKind = "product"

/**
 * How products guard their files (core/src/files/DocumentReaders.ts): a picture or attachment of a product is
 * served to whoever reads the product (`Catalogs.getProduct`: prd_r_o, the catalogs module on), and taken off by
 * whoever may change it (prd_u_o too).
 */
export const productReader: Effect.Effect<DocumentReader, never, Catalogs> = Effect.gen(function* () {
  const catalogs = yield* Catalogs
  const readable = (actor: Actor, id: string) =>
    Effect.map(Effect.option(catalogs.getProduct(actor, id)), Option.isSome)
  return {
    mayRead: readable,
    mayChange: (actor, id) =>
      hasAnyPrivilege(actor.privileges, productPrivileges.update) ? readable(actor, id) : Effect.succeed(false)
  }
})

/** Registers the products' reader with the files module as the app starts. */
export const productAttachmentsRegistration = DocumentReaders.registration(productAttachmentKind, productReader)

type AttachFailure = Effect.Error<ReturnType<FilesShape["setAttachments"]>>
type Created = ReturnType<CatalogsShape["createProduct"]>
type Updated = ReturnType<CatalogsShape["updateProduct"]>
type Read = ReturnType<CatalogsShape["getProduct"]>

/**
 * A product saved with its files (SPEC.md §3 Product mediaList and attachments): the pictures and documents the
 * form uploaded for the product are attached to it in the transaction that saves it, and those it no longer names
 * are taken off, so a picture is served by the product it belongs to and swept when it leaves it.
 */
export interface ProductFilesShape {
  readonly create: (
    actor: Actor,
    input: NewProductInput,
    origin?: RequestOrigin
  ) => Effect.Effect<Product, Effect.Error<Created> | AttachFailure>
  readonly update: (
    actor: Actor,
    input: ProductUpdateInput,
    origin?: RequestOrigin
  ) => Effect.Effect<Product, Effect.Error<Updated> | AttachFailure>
  /**
   * The files a product holds, for the page that shows it (after its own read of the product): another
   * organisation's product's are read where that organisation keeps them, each by the product's file route.
   */
  readonly files: (actor: Actor, product: Product) => Effect.Effect<ReadonlyArray<FileView>>
  /**
   * `GET /api/products/{productId}/files/{fileId}`: a picture or attachment of a product the actor may read, from
   * whichever organisation keeps the product. The read is `Catalogs.getProduct` itself, so whoever reads the product
   * (its own organisation, any organisation for a public one, and whatever other reading a catalog grants) loads
   * its files, and nobody else. Only a file the product names, that is kept by the product's organisation and held
   * by a product there (the product itself, or the original a copy shares its pictures with), is served: an upload
   * still pending, a file of a request or an order, or one the product does not name is FileNotFound, as is every
   * file of a product the actor may not read, so the answer tells nothing of what exists.
   */
  readonly open: (
    actor: Actor,
    productId: string,
    fileId: string
  ) => Effect.Effect<OpenedFile, Effect.Error<Read> | FileNotFound | FileStorageUnavailable>
}

/** Use cases: products saved together with their pictures and attachments. */
export class ProductFiles extends Context.Service<ProductFiles, ProductFilesShape>()(
  "@tawreed/core/catalog/ProductFiles"
) {
  static readonly layer = Layer.effect(
    ProductFiles,
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const files = yield* Files
      const transactions = yield* Transactions
      const stored = yield* FileRepository
      const products = yield* CatalogRepository
      const store = yield* FileStore
      const refOf = (product: Product) => new DocumentRef({ kind: productAttachmentKind, id: product.id })
      /**
       * The files the product takes: those it names but for files another product holds (a copy names its
       * original's pictures, which the original keeps serving), so a copy saves with the pictures it was made with.
       */
      const ownFiles = Effect.fnUntraced(function* (actor: Actor, product: Product) {
        const ids: Array<FileId> = []
        for (const id of productFileIds(product)) {
          const found = yield* stored.find(actor.orgId, id)
          const document = found._tag === "Some" ? found.value.document : null
          if (document !== null && !(document.kind === productAttachmentKind && document.id === product.id)) continue
          ids.push(id as FileId)
        }
        return ids
      })
      const attach = (actor: Actor, product: Product) =>
        Effect.flatMap(ownFiles(actor, product), (ids) =>
          Effect.as(files.setAttachments(actor, refOf(product), ids), product)
        )
      return ProductFiles.of({
        create: (actor, input, origin) =>
          transactions.inOrg(
            actor.orgId,
            Effect.flatMap(catalogs.createProduct(actor, input, origin), (made) => attach(actor, made))
          ),
        update: (actor, input, origin) =>
          transactions.inOrg(
            actor.orgId,
            Effect.flatMap(catalogs.updateProduct(actor, input, origin), (saved) => attach(actor, saved))
          ),
        files: (actor, product) =>
          product.owned
            ? files.attachments(actor, refOf(product))
            : Effect.gen(function* () {
                const owner = yield* products.productOwner(actor.orgId, product.id)
                if (Option.isNone(owner)) return []
                const held = yield* stored.attachedTo(owner.value, refOf(product))
                return held.map(
                  (file) => new FileView({ ...viewOf(file), fileURL: productFilePath(product.id, file.id) })
                )
              }),
        open: Effect.fn("ProductFiles.open")(function* (actor: Actor, productId: string, fileId: string) {
          const product = yield* catalogs.getProduct(actor, productId)
          const id = fileId.trim().toLowerCase()
          const missing = new FileNotFound({ id: id.slice(0, 100) })
          const named = [...product.mediaList.map((m) => m.src), ...product.attachments].some(
            (ref) => readerFileId(product.id, ref) === id
          )
          if (!named) return yield* missing
          const owner = yield* products.productOwner(actor.orgId, product.id)
          if (Option.isNone(owner)) return yield* missing
          const found = yield* stored.find(owner.value, id)
          if (Option.isNone(found)) return yield* missing
          const file = found.value
          if (file.removedAt !== null || file.document?.kind !== productAttachmentKind) return yield* missing
          const content = yield* store.read(file.storageKey)
          if (Option.isNone(content)) return yield* missing
          return { file, content: content.value }
        })
      })
    })
  )
}
