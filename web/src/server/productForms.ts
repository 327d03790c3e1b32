import {
  type Category,
  type ImportedCategory,
  NewCatalogInput,
  NewProductInput,
  type Product,
  productFileId,
  ProductUpdateInput
} from "@tawreed/core/catalog"
import { filePath } from "@tawreed/core/files/FileRules"

/**
 * The catalog and product forms of the admin screens (catalogs-admin, products-admin): plain fields that work
 * without JavaScript, read back here into the catalog use cases' inputs. Numbers are taken as typed (Arabic-Indic
 * digits too); the use cases judge them and answer in the catalogue's words.
 */

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()
const texts = (data: FormData, name: string): ReadonlyArray<string> => data.getAll(name).map((v) => String(v).trim())

/** A typed number with Western digits; NaN for anything else, which the use case refuses in its words. */
export const numberOf = (typed: string): number => {
  const western = typed
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u066B]/g, ".")
    .replace(/[,\u066C\s]/g, "")
  return western === "" ? Number.NaN : Number(western)
}

/** How many blank rows the form adds to the tech specs, taxes and vendor prices, to fill without JavaScript. */
export const blankRows = 2

/** What the product form shows and posts, as text. */
export interface ProductFormValues {
  readonly sku: string
  readonly nameEn: string
  readonly nameAr: string
  readonly descriptionEn: string
  readonly descriptionAr: string
  readonly brand: string
  readonly model: string
  readonly originCountry: string
  readonly soldBy: string
  readonly basePrice: string
  readonly currency: string
  readonly valueForQuantity: string
  readonly minQtyRFQ: string
  readonly minQtyDirectOrder: string
  readonly isAvailable: boolean
  readonly allowDirectOrder: boolean
  readonly allowRFQ: boolean
  readonly public: boolean
  readonly taxes: ReadonlyArray<{ readonly name: string; readonly percent: string }>
  readonly techSpecs: ReadonlyArray<{ readonly name: string; readonly value: string; readonly uom: string }>
  readonly vendors: ReadonlyArray<{ readonly vendorId: string; readonly value: string; readonly currency: string }>
  /** Catalogs ticked on their own, and categories ticked (their catalogs follow). */
  readonly catalogs: ReadonlyArray<string>
  readonly categories: ReadonlyArray<string>
  /** The ids of the pictures (the chips' uploads and the files the product holds). */
  readonly media: ReadonlyArray<string>
  /** Pictures the product names by an outside address, kept as they are. */
  readonly mediaUrls: ReadonlyArray<string>
  readonly attachments: ReadonlyArray<string>
}

/** A new product's form: VAT 15 %, SAR, a minimum of one, open to RFQs and direct orders, in stock. */
export const blankProductValues: ProductFormValues = {
  sku: "",
  nameEn: "",
  nameAr: "",
  descriptionEn: "",
  descriptionAr: "",
  brand: "",
  model: "",
  originCountry: "",
  soldBy: "",
  basePrice: "",
  currency: "SAR",
  valueForQuantity: "1",
  minQtyRFQ: "1",
  minQtyDirectOrder: "1",
  isAvailable: true,
  allowDirectOrder: true,
  allowRFQ: true,
  public: false,
  taxes: [{ name: "VAT", percent: "15" }],
  techSpecs: [],
  vendors: [],
  catalogs: [],
  categories: [],
  media: [],
  mediaUrls: [],
  attachments: []
}

/** The form of a product as saved. */
export const productValuesOf = (p: Product): ProductFormValues => {
  const fileMedia = p.mediaList.flatMap((m) => {
    const id = productFileId(m.src)
    return id === undefined ? [] : [id]
  })
  return {
    sku: p.sku,
    nameEn: p.name.en,
    nameAr: p.name.ar,
    descriptionEn: p.description.en,
    descriptionAr: p.description.ar,
    brand: p.brand,
    model: p.model,
    originCountry: p.originCountry,
    soldBy: p.soldBy,
    basePrice: String(p.price.basePrice),
    currency: p.price.currency,
    valueForQuantity: String(p.price.valueForQuantity),
    minQtyRFQ: String(p.minQtyRFQ),
    minQtyDirectOrder: String(p.minQtyDirectOrder),
    isAvailable: p.isAvailable,
    allowDirectOrder: p.allowDirectOrder,
    allowRFQ: p.allowRFQ,
    public: p.public,
    taxes: p.price.taxes.map((t) => ({ name: t.name, percent: String(t.percent) })),
    techSpecs: p.techSpecs.map((t) => ({ name: t.name, value: t.value, uom: t.uom })),
    vendors: p.vendors.map((v) => ({ vendorId: v.vendorId, value: String(v.value), currency: v.currency })),
    catalogs: p.catalogs,
    categories: p.categories,
    media: fileMedia,
    mediaUrls: p.mediaList.map((m) => m.src).filter((src) => productFileId(src) === undefined),
    attachments: p.attachments.flatMap((a) => {
      const id = productFileId(a)
      return id === undefined ? [] : [id]
    })
  }
}

/** Rows of same-named fields (`specName`, `specValue`, …) read together; rows left blank are dropped. */
const rows = <K extends string>(data: FormData, fields: Readonly<Record<K, string>>) => {
  const columns = Object.entries(fields) as Array<[K, string]>
  const length = Math.max(...columns.map(([, name]) => data.getAll(name).length))
  return Array.from(
    { length },
    (_, i) => Object.fromEntries(columns.map(([key, name]) => [key, texts(data, name)[i] ?? ""])) as Record<K, string>
  ).filter((row) => Object.values(row).some((v) => v !== ""))
}

/** The product form as posted. */
export const productValuesFromForm = (data: FormData): ProductFormValues => ({
  sku: text(data, "sku"),
  nameEn: text(data, "nameEn"),
  nameAr: text(data, "nameAr"),
  descriptionEn: text(data, "descriptionEn"),
  descriptionAr: text(data, "descriptionAr"),
  brand: text(data, "brand"),
  model: text(data, "model"),
  originCountry: text(data, "originCountry"),
  soldBy: text(data, "soldBy"),
  basePrice: text(data, "basePrice"),
  currency: text(data, "currency").toUpperCase(),
  valueForQuantity: text(data, "valueForQuantity"),
  minQtyRFQ: text(data, "minQtyRFQ"),
  minQtyDirectOrder: text(data, "minQtyDirectOrder"),
  isAvailable: data.has("isAvailable"),
  allowDirectOrder: data.has("allowDirectOrder"),
  allowRFQ: data.has("allowRFQ"),
  public: data.has("public"),
  taxes: rows(data, { name: "taxName", percent: "taxPercent" }),
  techSpecs: rows(data, { name: "specName", value: "specValue", uom: "specUom" }).map((r) => ({
    name: r.name,
    value: r.value,
    uom: r.uom
  })),
  vendors: rows(data, { vendorId: "vendorId", value: "vendorPrice", currency: "vendorCurrency" }).filter(
    (r) => r.vendorId !== "" || r.value !== ""
  ),
  catalogs: texts(data, "catalogs").filter((c) => c !== ""),
  categories: texts(data, "categories").filter((c) => c !== ""),
  media: texts(data, "media").filter((m) => m !== ""),
  mediaUrls: texts(data, "mediaUrl").filter((m) => m !== ""),
  attachments: texts(data, "attachments").filter((a) => a !== "")
})

/**
 * The fields of a product write from its form: the catalogs are those ticked and those of the categories ticked;
 * pictures and attachments are named by their download paths, so the product serves them.
 */
export const productFieldsOf = (values: ProductFormValues, categories: ReadonlyArray<Category>) => {
  const catalogOf = new Map(categories.map((c) => [c.id, c.catalogId]))
  const catalogs = [
    ...new Set([
      ...values.catalogs,
      ...values.categories.flatMap((id) => {
        const catalog = catalogOf.get(id)
        return catalog === undefined ? [] : [catalog]
      })
    ])
  ]
  return {
    sku: values.sku,
    nameEn: values.nameEn,
    nameAr: values.nameAr,
    descriptionEn: values.descriptionEn,
    descriptionAr: values.descriptionAr,
    brand: values.brand,
    model: values.model,
    originCountry: values.originCountry,
    soldBy: values.soldBy,
    basePrice: values.basePrice === "" ? 0 : numberOf(values.basePrice),
    currency: values.currency,
    taxes: values.taxes.map((t) => ({ name: t.name || "VAT", percent: numberOf(t.percent) })),
    valueForQuantity: numberOf(values.valueForQuantity),
    minQtyRFQ: numberOf(values.minQtyRFQ),
    minQtyDirectOrder: numberOf(values.minQtyDirectOrder),
    isAvailable: values.isAvailable,
    allowDirectOrder: values.allowDirectOrder,
    allowRFQ: values.allowRFQ,
    public: values.public,
    techSpecs: values.techSpecs.map((t) => ({ name: t.name, value: t.value, uom: t.uom })),
    vendors: values.vendors.map((v) => ({
      vendorId: v.vendorId,
      value: numberOf(v.value),
      currency: v.currency || values.currency
    })),
    catalogs,
    categories: [...values.categories],
    mediaList: [...values.media.map((id) => ({ src: filePath(id) })), ...values.mediaUrls.map((src) => ({ src }))],
    attachments: values.attachments.map((id) => filePath(id))
  }
}

export const newProductOf = (values: ProductFormValues, categories: ReadonlyArray<Category>) =>
  new NewProductInput(productFieldsOf(values, categories))

export const productUpdateOf = (
  id: string,
  version: number,
  values: ProductFormValues,
  categories: ReadonlyArray<Category>
) => new ProductUpdateInput({ id, version, ...productFieldsOf(values, categories) })

/** The catalog form: names in both languages, a description, and whose the catalog is. */
export const catalogInputOf = (data: FormData) => {
  const kind = text(data, "kind")
  return new NewCatalogInput({
    nameEn: text(data, "nameEn"),
    nameAr: text(data, "nameAr"),
    description: text(data, "description"),
    kind: kind === "SHARED" || kind === "PUBLIC" ? kind : "OWN",
    vendorId: kind === "SHARED" ? text(data, "vendorId") || null : null
  })
}

/**
 * Categories to import, one a line: the English name, then `|` and the Arabic one; two spaces (or a tab) more than
 * the line above make it that line's sub-category. Blank lines are skipped.
 */
export const importedCategoriesOf = (typed: string): ReadonlyArray<ImportedCategory> => {
  interface Node {
    nameEn: string
    nameAr: string
    children: Array<Node>
  }
  const roots: Array<Node> = []
  const stack: Array<{ depth: number; node: Node }> = []
  for (const line of typed.split(/\r?\n/)) {
    if (line.trim() === "") continue
    const indent = /^[\t ]*/.exec(line)?.[0] ?? ""
    const depth = indent.replace(/\t/g, "  ").length
    const [en = "", ar = ""] = line.trim().split("|")
    const node: Node = { nameEn: en.trim(), nameAr: ar.trim(), children: [] }
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop()
    const parent = stack[stack.length - 1]
    if (parent === undefined) roots.push(node)
    else parent.node.children.push(node)
    stack.push({ depth, node })
  }
  return roots
}

/** A name in the page's language, else the other. */
export const localName = (name: { readonly en: string; readonly ar: string }, locale: "en" | "ar"): string =>
  locale === "ar" ? name.ar || name.en : name.en || name.ar

/** Categories in tree order, each with its depth, for pickers. */
export const categoryOptions = (categories: ReadonlyArray<Category>) =>
  [...categories]
    .sort((a, b) => a.pathArray.length - b.pathArray.length)
    .reduce<Array<Category>>((ordered, c) => {
      const parentAt = c.parentId === null ? -1 : ordered.findIndex((o) => o.id === c.parentId)
      if (parentAt < 0) return [...ordered, c]
      let at = parentAt + 1
      while (at < ordered.length && ordered[at]!.pathArray.includes(c.parentId!)) at++
      return [...ordered.slice(0, at), c, ...ordered.slice(at)]
    }, [])
    .map((category) => ({ category, depth: category.pathArray.length - 1 }))
