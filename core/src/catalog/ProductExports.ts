import { Context, Effect, Layer, Option } from "effect"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import { Files } from "../files/Files.ts"
import type { Actor } from "../identity/Actor.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import { Mailer } from "../mail/Mailer.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import type { Locale } from "../shared/Locale.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import type { Product } from "./Catalog.ts"
import { CatalogRepository } from "./CatalogRepository.ts"
import { catalogsModule, productPrivileges, wholeListLimit } from "./Catalogs.ts"
import { productAttachmentKind } from "./ProductFiles.ts"
import { ExportFormatInvalid, ExportTooLarge } from "./ProductAdminErrors.ts"

/** The two formats an export is made in: an Excel workbook, or CSV (UTF-8 with a byte-order mark, for Excel). */
export const exportFormats = ["xlsx", "csv"] as const
export type ExportFormat = (typeof exportFormats)[number]

/** The most rows a download holds; a larger export goes by email, which takes every product. */
export const exportDownloadLimit = 50_000

/** How many products one read of an export takes. */
const exportBatch = 1_000

/** A cell of an export: text, a number or nothing. */
export type ExportCell = string | number | null

/** A table to write: its sheet name, its column headings and its rows. */
export interface ExportTable {
  readonly sheet: string
  readonly columns: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<ExportCell>>
}

/** A written export, to download or attach. */
export interface ExportFile {
  readonly name: string
  readonly mime: string
  readonly bytes: Uint8Array
}

export const xlsxMime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
export const csvMime = "text/csv; charset=utf-8"

/** Port: writes a table as an Excel workbook (the adapter uses `write-excel-file`). */
export interface SpreadsheetsShape {
  readonly xlsx: (table: ExportTable) => Effect.Effect<Uint8Array>
}
export class Spreadsheets extends Context.Service<Spreadsheets, SpreadsheetsShape>()(
  "@tawreed/core/catalog/Spreadsheets"
) {}

const csvField = (cell: ExportCell): string => {
  const text = cell === null ? "" : String(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A table as CSV (RFC 4180, CRLF), with the byte-order mark Excel needs to read Arabic as UTF-8. */
export const csvOf = (table: ExportTable): Uint8Array =>
  new TextEncoder().encode(
    `\uFEFF${[table.columns, ...table.rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`
  )

/** A format as a client names it (any case); none when it is neither. */
export const parseExportFormat = (text: string | undefined): ExportFormat | undefined => {
  const format = (text ?? "xlsx").trim().toLowerCase() || "xlsx"
  return (exportFormats as ReadonlyArray<string>).includes(format) ? (format as ExportFormat) : undefined
}

type Words = { readonly en: string; readonly ar: string }
const w = (en: string, ar: string): Words => ({ en, ar })

/** The columns of the products export, in the export's language. */
export const productExportColumns = {
  sku: w("SKU", "رمز المنتج"),
  nameEn: w("Name (English)", "الاسم (بالإنجليزية)"),
  nameAr: w("Name (Arabic)", "الاسم (بالعربية)"),
  descriptionEn: w("Description (English)", "الوصف (بالإنجليزية)"),
  descriptionAr: w("Description (Arabic)", "الوصف (بالعربية)"),
  brand: w("Brand", "العلامة التجارية"),
  model: w("Model", "الطراز"),
  originCountry: w("Country of origin", "بلد المنشأ"),
  soldBy: w("Sold by", "البائع"),
  basePrice: w("Price before taxes", "السعر قبل الضرائب"),
  taxes: w("Taxes %", "الضرائب %"),
  price: w("Price with taxes", "السعر شامل الضرائب"),
  currency: w("Currency", "العملة"),
  valueForQuantity: w("Price per quantity", "السعر لكل كمية"),
  minQtyRFQ: w("Minimum quantity for RFQ", "الحد الأدنى للكمية لطلب عرض السعر"),
  minQtyDirectOrder: w("Minimum quantity for direct order", "الحد الأدنى للكمية للطلب المباشر"),
  isAvailable: w("In stock", "متوفر"),
  allowDirectOrder: w("Direct order", "طلب مباشر"),
  allowRFQ: w("RFQ", "طلب عرض سعر"),
  public: w("Public", "عام"),
  catalogs: w("Catalogs", "الكتالوجات"),
  categories: w("Categories", "الفئات"),
  techSpecs: w("Technical specifications", "المواصفات الفنية")
} as const

/** The columns of the vendor prices export. */
export const vendorPriceColumns = {
  sku: w("SKU", "رمز المنتج"),
  name: w("Product", "المنتج"),
  vendor: w("Vendor", "المورد"),
  price: w("Vendor price", "سعر المورد"),
  currency: w("Currency", "العملة")
} as const

const yes = w("Yes", "نعم")
const no = w("No", "لا")

const nameIn = (name: Words, locale: Locale) => (locale === "ar" ? name.ar || name.en : name.en || name.ar)

/** The products as rows of the products export, catalogs and categories by name. */
export const productRows = (
  products: ReadonlyArray<Product>,
  locale: Locale,
  names: ReadonlyMap<string, Words>
): ReadonlyArray<ReadonlyArray<ExportCell>> =>
  products.map((p) => {
    const flag = (on: boolean) => (on ? yes : no)[locale]
    const named = (ids: ReadonlyArray<string>) =>
      ids.flatMap((id) => {
        const name = names.get(id)
        return name === undefined ? [] : [nameIn(name, locale)]
      })
    return [
      p.sku,
      p.name.en,
      p.name.ar,
      p.description.en,
      p.description.ar,
      p.brand,
      p.model,
      p.originCountry,
      p.soldBy,
      p.price.basePrice,
      p.price.percent,
      p.price.value,
      p.price.currency,
      p.price.valueForQuantity,
      p.minQtyRFQ,
      p.minQtyDirectOrder,
      flag(p.isAvailable),
      flag(p.allowDirectOrder),
      flag(p.allowRFQ),
      flag(p.public),
      named(p.catalogs).join("; "),
      named(p.categories).join("; "),
      p.techSpecs.map((t) => `${t.name}: ${t.value}${t.uom === "" ? "" : ` ${t.uom}`}`).join("; ")
    ]
  })

const headings = (columns: Readonly<Record<string, Words>>, locale: Locale) =>
  Object.values(columns).map((c) => c[locale])

/**
 * Exports of the organisation's products (SPEC.md §7 `GET products/exportAll`, `exportAllEmail`,
 * `exportVendorPrices`): every live product with every field, or the price each vendor asks, in the reader's
 * language. Whoever reads products may export them.
 */
export interface ProductExportsShape {
  readonly products: (
    actor: Actor,
    format: string | undefined,
    locale: Locale,
    origin?: RequestOrigin
  ) => Effect.Effect<ExportFile, unknown>
  readonly vendorPrices: (
    actor: Actor,
    format: string | undefined,
    locale: Locale,
    origin?: RequestOrigin
  ) => Effect.Effect<ExportFile, unknown>
  /**
   * The products export as a workbook kept for the actor (a pending file of the files module: theirs alone to
   * download, removed after a day) and a mail to their address with its link. Answers the address.
   */
  readonly emailProducts: (
    actor: Actor,
    locale: Locale,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<{ readonly to: string }, unknown>
}

export class ProductExports extends Context.Service<ProductExports, ProductExportsShape>()(
  "@tawreed/core/catalog/ProductExports"
) {
  static readonly layer = Layer.effect(
    ProductExports,
    Effect.gen(function* () {
      const stored = yield* CatalogRepository
      const vendors = yield* VendorRepository
      const sheets = yield* Spreadsheets
      const files = yield* Files
      const mailer = yield* Mailer
      const { guard, audit } = yield* moduleCommands
      const scope = { module: catalogsModule, privileges: productPrivileges.read }

      /** Every live product of the organisation in name order, up to `max`; ExportTooLarge past it. */
      const allProducts = Effect.fnUntraced(function* (actor: Actor, max: number) {
        const all: Array<Product> = []
        for (let offset = 0; ; offset += exportBatch) {
          const batch = yield* stored.listProducts(actor.orgId, {
            sort: "name",
            offset,
            limit: exportBatch,
            includeOutOfStock: true
          })
          all.push(...batch)
          if (all.length > max) return yield* new ExportTooLarge({ max })
          if (batch.length < exportBatch) return all
        }
      })

      /** The names of the organisation's catalogs and categories, by id. */
      const namesOf = Effect.fnUntraced(function* (actor: Actor) {
        const names = new Map<string, Words>()
        const { catalogs } = yield* stored.listCatalogs(actor.orgId, "own", 0, wholeListLimit)
        for (const c of catalogs) names.set(c.id, c.name)
        const { categories } = yield* stored.listCategories(actor.orgId, { offset: 0, limit: wholeListLimit })
        for (const c of categories) names.set(c.id, c.name)
        return names
      })

      const productsTable = Effect.fnUntraced(function* (actor: Actor, locale: Locale, max: number) {
        const products = yield* allProducts(actor, max)
        const names = yield* namesOf(actor)
        return {
          table: {
            sheet: locale === "ar" ? "المنتجات" : "Products",
            columns: headings(productExportColumns, locale),
            rows: productRows(products, locale, names)
          } satisfies ExportTable,
          count: products.length
        }
      })

      const written = Effect.fnUntraced(function* (table: ExportTable, format: ExportFormat, base: string) {
        const day = new Date().toISOString().slice(0, 10)
        if (format === "csv") return { name: `${base}-${day}.csv`, mime: csvMime, bytes: csvOf(table) }
        return { name: `${base}-${day}.xlsx`, mime: xlsxMime, bytes: yield* sheets.xlsx(table) }
      })

      const formatOf = (text: string | undefined) => {
        const format = parseExportFormat(text)
        return format === undefined
          ? Effect.fail(new ExportFormatInvalid({ format: (text ?? "").slice(0, 20) }))
          : Effect.succeed(format)
      }

      const products: ProductExportsShape["products"] = Effect.fn("ProductExports.products")(function* (
        actor,
        formatText,
        locale,
        origin = noOrigin
      ) {
        yield* guard(actor, scope)
        const format = yield* formatOf(formatText)
        const { table, count } = yield* productsTable(actor, locale, exportDownloadLimit)
        yield* audit(actor, "products.exported", origin, { format, count: String(count), of: "products" })
        return yield* written(table, format, locale === "ar" ? "المنتجات" : "products")
      })

      const vendorPrices: ProductExportsShape["vendorPrices"] = Effect.fn("ProductExports.vendorPrices")(function* (
        actor,
        formatText,
        locale,
        origin = noOrigin
      ) {
        yield* guard(actor, scope)
        const format = yield* formatOf(formatText)
        const all = yield* allProducts(actor, exportDownloadLimit)
        const vendorNames = new Map<string, string>()
        const vendorName = Effect.fnUntraced(function* (id: string) {
          const known = vendorNames.get(id)
          if (known !== undefined) return known
          const found = yield* vendors.find(actor.orgId, id)
          const name = Option.match(found, { onNone: () => "—", onSome: (v) => nameIn(v.name, locale) })
          vendorNames.set(id, name)
          return name
        })
        const rows: Array<ReadonlyArray<ExportCell>> = []
        for (const p of all) {
          for (const v of p.vendors) {
            rows.push([p.sku, nameIn(p.name, locale), yield* vendorName(v.vendorId), v.value, v.currency])
          }
        }
        yield* audit(actor, "products.exported", origin, { format, count: String(rows.length), of: "vendorPrices" })
        return yield* written(
          {
            sheet: locale === "ar" ? "أسعار الموردين" : "Vendor prices",
            columns: headings(vendorPriceColumns, locale),
            rows
          },
          format,
          locale === "ar" ? "أسعار-الموردين" : "vendor-prices"
        )
      })

      const emailProducts: ProductExportsShape["emailProducts"] = Effect.fn("ProductExports.emailProducts")(function* (
        actor,
        locale,
        baseUrl,
        origin = noOrigin
      ) {
        yield* guard(actor, scope)
        const { table, count } = yield* productsTable(actor, locale, Number.MAX_SAFE_INTEGER)
        const file = yield* written(table, "xlsx", locale === "ar" ? "المنتجات" : "products")
        const kept = yield* files.upload(
          actor,
          { kind: "DOC", entity: productAttachmentKind, name: file.name, bytes: file.bytes },
          origin
        )
        const link = `${baseUrl.replace(/\/$/, "")}${kept.fileURL}?download`
        yield* mailer.send(
          new OutgoingMail({
            orgId: actor.orgId,
            to: actor.email,
            subject: locale === "ar" ? "تصدير المنتجات" : "Your products export",
            text:
              locale === "ar"
                ? `أعددنا ملف \u2068Excel\u2069 يضم ${count} منتجًا. نزّله خلال 24 ساعة من هذا الرابط بعد تسجيل الدخول:\n${link}`
                : `We prepared an Excel workbook of your ${count} products. Download it within 24 hours, signed in, from:\n${link}`
          })
        )
        yield* audit(actor, "products.export_mailed", origin, { count: String(count), fileId: kept.id })
        return { to: actor.email }
      })

      return ProductExports.of({ products, vendorPrices, emailProducts })
    })
  )
}
