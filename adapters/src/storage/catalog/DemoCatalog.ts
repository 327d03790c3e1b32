import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import {
  type Category,
  Catalogs,
  LocalText,
  NewCatalogInput,
  nextSku,
  priceOf,
  productNameKey,
  productSearchText,
  saudiVat,
  skuKey,
  productAttachmentKind
} from "@tawreed/core/catalog"
import { DocumentRef, Files } from "@tawreed/core/files"
import type { OrgId } from "@tawreed/core/organisations"
import { searchWords } from "@tawreed/core/search"
import { textArray } from "../SqlArrays.ts"
import { inTenant } from "../Tenancy.ts"
import { productPicture } from "./DemoPictures.ts"
import { keepVocabulary } from "./SqlCatalog.ts"
import { type DemoPerson, demoActorOf } from "../requests/DemoRequests.ts"

type Pair = readonly [en: string, ar: string]

/** A leaf category of the demo catalog: its product types, the variants each comes in, brands and a price range. */
interface DemoLeaf {
  readonly name: Pair
  readonly types: ReadonlyArray<readonly [en: string, ar: string, basePrice: number]>
  readonly variants: ReadonlyArray<readonly [en: string, ar: string, factor: number]>
  readonly brands: ReadonlyArray<string>
  readonly uom: string
}

/**
 * The demo buyer's catalog: five root categories of what a Saudi company buys (office supplies, IT, MRO, safety,
 * furniture), each with its sub-categories, and products named in English and Arabic from their brand, type and
 * variant,
 * priced in SAR with VAT at 15 %, sold by the demo vendors.
 */
export const demoCatalogTree: ReadonlyArray<{ readonly name: Pair; readonly leaves: ReadonlyArray<DemoLeaf> }> = [
  {
    name: ["Office supplies", "اللوازم المكتبية"],
    leaves: [
      {
        name: ["Paper", "الورق"],
        types: [
          ["Copy paper", "ورق تصوير", 18],
          ["Spiral notebook", "دفتر حلزوني", 9],
          ["Sticky notes", "أوراق لاصقة", 6],
          ["Envelopes", "أظرف", 14]
        ],
        variants: [
          ["A4", "مقاس A4", 1],
          ["A3", "مقاس A3", 1.8],
          ["A5", "مقاس A5", 0.7],
          ["Recycled A4", "مقاس A4 معاد التدوير", 1.2],
          ["Premium A4", "مقاس A4 فاخر", 1.5]
        ],
        brands: ["Double A", "PaperOne", "Navigator"],
        uom: "pack"
      },
      {
        name: ["Writing instruments", "أدوات الكتابة"],
        types: [
          ["Ballpoint pen", "قلم حبر جاف", 2],
          ["Whiteboard marker", "قلم سبورة", 4],
          ["Highlighter", "قلم تحديد", 3],
          ["Pencil", "قلم رصاص", 1]
        ],
        variants: [
          ["blue", "أزرق", 1],
          ["black", "أسود", 1],
          ["red", "أحمر", 1],
          ["box of 12", "علبة 12 قطعة", 10],
          ["box of 50", "علبة 50 قطعة", 38]
        ],
        brands: ["Bic", "Pilot", "Faber-Castell"],
        uom: "piece"
      },
      {
        name: ["Filing", "الحفظ والأرشفة"],
        types: [
          ["Lever arch file", "ملف بذراع", 8],
          ["Archive box", "صندوق أرشيف", 12],
          ["Stapler", "دباسة", 15],
          ["Hole punch", "خرامة", 20]
        ],
        variants: [
          ["standard", "قياسي", 1],
          ["heavy duty", "للاستخدام الشاق", 2.2],
          ["plastic", "بلاستيك", 0.9],
          ["metal", "معدن", 1.6]
        ],
        brands: ["Bantex", "Leitz", "Kangaro"],
        uom: "piece"
      }
    ]
  },
  {
    name: ["Information technology", "تقنية المعلومات"],
    leaves: [
      {
        name: ["Computers", "الحواسيب"],
        types: [
          ["Laptop", "حاسوب محمول", 3200],
          ["Desktop computer", "حاسوب مكتبي", 2800],
          ["Tablet", "جهاز لوحي", 1500]
        ],
        variants: [
          ["8 GB RAM 256 GB SSD", "ذاكرة 8 جيجابايت وتخزين 256 جيجابايت", 1],
          ["16 GB RAM 512 GB SSD", "ذاكرة 16 جيجابايت وتخزين 512 جيجابايت", 1.35],
          ["32 GB RAM 1 TB SSD", "ذاكرة 32 جيجابايت وتخزين 1 تيرابايت", 1.8],
          ["business edition", "إصدار الأعمال", 1.2]
        ],
        brands: ["Lenovo", "Dell", "HP"],
        uom: "unit"
      },
      {
        name: ["Peripherals", "الملحقات"],
        types: [
          ["Monitor", "شاشة", 650],
          ["Keyboard", "لوحة مفاتيح", 90],
          ["Wireless mouse", "فأرة لاسلكية", 60],
          ["Laser printer", "طابعة ليزر", 900],
          ["Toner cartridge", "خرطوشة حبر", 280]
        ],
        variants: [
          ["standard", "قياسي", 1],
          ["Arabic layout", "بتخطيط عربي", 1.05],
          ["professional", "احترافي", 1.6],
          ["compact", "مدمج", 0.85]
        ],
        brands: ["Logitech", "Samsung", "Canon"],
        uom: "unit"
      },
      {
        name: ["Networking", "الشبكات"],
        types: [
          ["Network switch", "مبدل شبكة", 750],
          ["Wi-Fi router", "موجه لاسلكي", 400],
          ["Ethernet cable", "كابل شبكة", 25]
        ],
        variants: [
          ["8 ports", "8 منافذ", 1],
          ["24 ports", "24 منفذًا", 2.6],
          ["3 m", "3 أمتار", 0.4],
          ["10 m", "10 أمتار", 0.9]
        ],
        brands: ["Cisco", "TP-Link", "Ubiquiti"],
        uom: "unit"
      }
    ]
  },
  {
    name: ["Maintenance, repair and operations", "الصيانة والإصلاح والتشغيل"],
    leaves: [
      {
        name: ["Hand tools", "العدد اليدوية"],
        types: [
          ["Claw hammer", "مطرقة", 35],
          ["Screwdriver set", "طقم مفكات", 60],
          ["Adjustable wrench", "مفتاح ربط", 45],
          ["Pliers", "زرادية", 30]
        ],
        variants: [
          ["small", "صغير", 0.8],
          ["medium", "متوسط", 1],
          ["large", "كبير", 1.3],
          ["insulated", "معزول", 1.7]
        ],
        brands: ["Stanley", "Bahco", "Tolsen"],
        uom: "piece"
      },
      {
        name: ["Power tools", "العدد الكهربائية"],
        types: [
          ["Cordless drill", "مثقاب لاسلكي", 420],
          ["Angle grinder", "صاروخ تجليخ", 310],
          ["Jigsaw", "منشار أركت", 380]
        ],
        variants: [
          ["18 V", "18 فولت", 1],
          ["20 V with two batteries", "20 فولت مع بطاريتين", 1.5],
          ["corded 750 W", "سلكي 750 واط", 0.8]
        ],
        brands: ["Bosch", "Makita", "DeWalt"],
        uom: "unit"
      },
      {
        name: ["Plumbing", "السباكة"],
        types: [
          ["Ball valve", "صمام كروي", 40],
          ["PVC pipe", "أنبوب بي في سي", 22],
          ["Water pump", "مضخة مياه", 950]
        ],
        variants: [
          ["1/2 inch", "نصف بوصة", 1],
          ["1 inch", "بوصة واحدة", 1.6],
          ["2 inch", "بوصتان", 2.4]
        ],
        brands: ["Grundfos", "Pedrollo", "Wavin"],
        uom: "piece"
      }
    ]
  },
  {
    name: ["Safety", "السلامة"],
    leaves: [
      {
        name: ["Personal protective equipment", "معدات الوقاية الشخصية"],
        types: [
          ["Safety helmet", "خوذة سلامة", 35],
          ["Safety gloves", "قفازات سلامة", 12],
          ["Safety boots", "حذاء سلامة", 180],
          ["High-visibility vest", "سترة عاكسة", 25],
          ["Safety goggles", "نظارات واقية", 28]
        ],
        variants: [
          ["size M", "مقاس M", 1],
          ["size L", "مقاس L", 1],
          ["size XL", "مقاس XL", 1.05],
          ["pack of 10", "عبوة 10 قطع", 9]
        ],
        brands: ["3M", "Honeywell", "Uvex"],
        uom: "piece"
      },
      {
        name: ["Fire safety", "السلامة من الحرائق"],
        types: [
          ["Fire extinguisher", "طفاية حريق", 160],
          ["Smoke detector", "كاشف دخان", 70],
          ["Fire blanket", "بطانية حريق", 55]
        ],
        variants: [
          ["2 kg", "2 كجم", 0.7],
          ["6 kg", "6 كجم", 1],
          ["12 kg", "12 كجم", 1.7]
        ],
        brands: ["Naffco", "Kidde", "Ceasefire"],
        uom: "unit"
      }
    ]
  },
  {
    name: ["Furniture", "الأثاث"],
    leaves: [
      {
        name: ["Chairs", "الكراسي"],
        types: [
          ["Office chair", "كرسي مكتب", 450],
          ["Visitor chair", "كرسي زائر", 220],
          ["Conference chair", "كرسي اجتماعات", 380]
        ],
        variants: [
          ["mesh", "شبكي", 1],
          ["leather", "جلد", 1.8],
          ["fabric", "قماش", 0.9],
          ["ergonomic", "مريح", 1.5]
        ],
        brands: ["Herman Miller", "Steelcase", "Ikea"],
        uom: "unit"
      },
      {
        name: ["Desks", "المكاتب"],
        types: [
          ["Office desk", "مكتب", 900],
          ["Standing desk", "مكتب وقوف", 1600],
          ["Meeting table", "طاولة اجتماعات", 2200]
        ],
        variants: [
          ["120 cm", "120 سم", 1],
          ["160 cm", "160 سم", 1.3],
          ["oak veneer", "قشرة بلوط", 1.4],
          ["white", "أبيض", 1]
        ],
        brands: ["Steelcase", "Ikea", "Haworth"],
        uom: "unit"
      }
    ]
  }
]

/** How many products of each category the demo pictures. */
const picturedPerCategory = 3

/**
 * Records the demo catalog: the catalog and its categories through the catalog use cases as the buyer's admin,
 * then its products in one statement (a few hundred, so that every start of the demo stays quick), each with the
 * search text the repository would store.
 */
export const loadCatalog = (orgId: OrgId, admin: DemoPerson, sellers: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const catalogs = yield* Catalogs
    const sql = yield* SqlClient.SqlClient
    const actor = demoActorOf(orgId, admin)
    const catalog = yield* catalogs.createCatalog(
      actor,
      new NewCatalogInput({
        nameEn: "Head office catalog",
        nameAr: "كتالوج المكتب الرئيسي",
        description: "What the head office buys most: office supplies, IT, MRO, safety and furniture."
      })
    )
    const leaves: Array<{ readonly category: Category; readonly leaf: DemoLeaf }> = []
    for (const root of demoCatalogTree) {
      const [made] = yield* catalogs.createCategories(actor, [
        { catalogId: catalog.id, nameEn: root.name[0], nameAr: root.name[1] }
      ])
      const children = yield* catalogs.createCategories(
        actor,
        root.leaves.map((leaf) => ({
          catalogId: catalog.id,
          nameEn: leaf.name[0],
          nameAr: leaf.name[1],
          parentId: made!.id
        }))
      )
      children.forEach((category, i) => leaves.push({ category, leaf: root.leaves[i]! }))
    }
    const rows: Array<Record<string, unknown>> = []
    let number = 0
    for (const { category, leaf } of leaves) {
      for (const [ti, [typeEn, typeAr, base]] of leaf.types.entries()) {
        for (const [vi, [variantEn, variantAr, factor]] of leaf.variants.entries()) {
          for (const step of [0, 1]) {
            number++
            const brand = leaf.brands[(ti + vi + step) % leaf.brands.length]!
            const sku = nextSku(number - 1)
            const name = new LocalText({
              en: `${brand} ${typeEn.toLowerCase()}, ${variantEn}`,
              ar: `${typeAr} ${variantAr} ${brand}`
            })
            const model = `${brand.slice(0, 3).toUpperCase()}-${100 + number}`
            const record = { name, sku, brand, model }
            const text = productSearchText(record)
            const price = priceOf(Math.round(base * factor * 100) / 100, [saudiVat], "SAR", 1)
            rows.push({
              id: randomUUID(),
              org_id: orgId,
              sku,
              sku_key: skuKey(sku),
              sku_number: number,
              name_en: name.en,
              name_ar: name.ar,
              name_key: productNameKey(name),
              description_en: `${typeEn} (${variantEn}) by ${brand}.`,
              description_ar: `${typeAr} ${variantAr} من ${brand}.`,
              brand,
              brand_key: brand.toLowerCase(),
              model,
              origin_country: ["SA", "CN", "DE", "US", "JP"][number % 5]!,
              sold_by: sellers[number % sellers.length] ?? "",
              price: JSON.stringify(price),
              price_value: String(price.value),
              min_qty_rfq: leaf.uom === "pack" || leaf.uom === "piece" ? "5" : "1",
              min_qty_direct_order: "1",
              is_available: number % 11 !== 0,
              allow_direct_order: true,
              allow_rfq: true,
              public: false,
              tech_specs: JSON.stringify([{ name: "Unit", value: "1", uom: leaf.uom }]),
              media: "[]",
              attachments: "{}",
              catalog_ids: textArray([catalog.id]),
              category_ids: textArray([category.id]),
              vendors: "[]",
              search_text: text,
              search_words: textArray(searchWords(text)),
              search_tsv: "",
              created_by: admin.id
            })
          }
        }
      }
    }
    yield* inTenant(orgId)(
      Effect.gen(function* () {
        yield* sql`INSERT INTO products ${sql.insert(rows as [Record<string, unknown>, ...Array<Record<string, unknown>>])}`
        yield* sql`UPDATE products SET search_tsv = to_tsvector('english', concat_ws(' ', name_en, brand, model))
                   WHERE org_id = ${orgId} AND ${catalog.id} = ANY(catalog_ids)`
        yield* keepVocabulary(sql, orgId)
      })
    ).pipe(Effect.orDie)
    // The first products of each category get a picture: the product's own file, uploaded and attached as the
    // products admin does, served by the product to whoever may read it (DemoPictures.ts).
    const files = yield* Files
    for (const [li, { category }] of leaves.entries()) {
      const own = rows.filter((r) => r["category_ids"] === textArray([category.id])).slice(0, picturedPerCategory)
      for (const [pi, row] of own.entries()) {
        const id = String(row["id"])
        const picture = yield* files.upload(actor, {
          kind: "image",
          entity: productAttachmentKind,
          name: `${String(row["sku"])}.png`,
          bytes: productPicture((li * 37) % 360, pi)
        })
        yield* files.setAttachments(actor, new DocumentRef({ kind: productAttachmentKind, id }), [picture.id])
        yield* inTenant(orgId)(
          sql`UPDATE products SET media = ${JSON.stringify([{ src: picture.fileURL }])}::jsonb WHERE id = ${id}`
        )
      }
    }
    return { catalog, products: rows.length }
  })
