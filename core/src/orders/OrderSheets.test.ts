import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { MemoryIdentityStore } from "../testing/memory/MemoryIdentity.ts"
import { layerMemoryOrdersWorld } from "../testing/memory/MemoryOrdersWorld.ts"
import {
  requestsWorldActor as actorWith,
  requestsWorldSettings as changeSettings,
  requestsWorldWorkspace as workspaceOf
} from "../testing/memory/MemoryRequestsWorld.ts"
import { NewVendorInput, VendorContact } from "../vendors/Vendor.ts"
import { Vendors } from "../vendors/Vendors.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { NewOrderInput, OrderLineInput } from "./Order.ts"
import { OrderPrints } from "./OrderPrints.ts"
import { Orders } from "./Orders.ts"
import { vendorMailRecipients } from "./OrderSheets.ts"

const contact = (email: string, primary = false) => new VendorContact({ name: "Desk", email, phone: "", primary })

describe("vendorMailRecipients", () => {
  it("mails the primary contacts, else every contact with an email, each address once", () => {
    assert.deepStrictEqual(
      vendorMailRecipients({
        contacts: [contact("sales@a.example"), contact("Orders@A.example", true), contact("orders@a.example", true)]
      }),
      ["orders@a.example"]
    )
    assert.deepStrictEqual(
      vendorMailRecipients({ contacts: [contact("sales@a.example"), contact(" "), contact("", true)] }),
      ["sales@a.example"]
    )
    assert.deepStrictEqual(vendorMailRecipients({ contacts: [] }), [])
  })
})

const world = Effect.gen(function* () {
  yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
  const admin = yield* actorWith(["org_super_user"])
  const buyer = yield* actorWith(["org_basic_user"], admin)
  const office = yield* workspaceOf(admin, "Head Office", [[buyer, "workspaces_manager"]])
  yield* changeSettings(
    admin,
    (s) =>
      new OrgSettings({
        ...s,
        modules: s.modules.map((m) =>
          m.code === "orders" ? moduleConfig("orders", true, { ...m.features, enableDirectOrder: true }) : m
        )
      })
  )
  const vendors = yield* Vendors
  const withContacts = yield* vendors.create(
    admin,
    new NewVendorInput({
      nameEn: "Tabuk Stationery",
      nameAr: "قرطاسية تبوك",
      addresses: [{ line1: "Prince Fahd Road 12", city: "Tabuk", country: "SA" }],
      contacts: [{ name: "Orders desk", email: "orders@tabuk.example", primary: true }]
    })
  )
  const silent = yield* vendors.create(admin, new NewVendorInput({ nameEn: "Quiet Traders", nameAr: "تجار هادئون" }))
  const orders = yield* Orders
  /** A direct order to a vendor, approved at once (no workflow applies). */
  const approved = (vendorId: string) =>
    Effect.flatMap(
      orders.create(
        buyer,
        new NewOrderInput({
          workspaceId: office.id,
          vendorId,
          lines: [new OrderLineInput({ name: { en: "A4 paper", ar: "ورق" }, quantity: "2", unitPrice: "25" })]
        })
      ),
      (made) => orders.submit(buyer, made.id)
    )
  const mails = Effect.map(Effect.service(MemoryIdentityStore), (store) => store.mail)
  return { admin, buyer, office, withContacts, silent, orders, approved, mails }
})

describe("an order sent to its vendor", () => {
  it.effect("mails the vendor its PDF once when sent by hand; none to a vendor without an address", () =>
    Effect.gen(function* () {
      const { buyer, withContacts, silent, orders, approved, mails } = yield* world
      const order = yield* approved(withContacts.id)
      assert.deepStrictEqual(
        [order.status, order.sentAt, (yield* mails).length],
        ["ORDER_SUBMITTED_TO_VENDOR", null, 0]
      )
      yield* orders.submitToVendor(buyer, order.id)
      const [mail] = yield* mails
      assert.deepStrictEqual(
        [mail?.to, mail?.attachments?.map((a) => [a.filename, a.contentType, new TextDecoder().decode(a.content)])],
        [
          "orders@tabuk.example",
          [[`${order.number}.pdf`, "application/pdf", `%PDF-1.7\n% ${order.number} en\n%%EOF\n`]]
        ]
      )
      assert.include(mail!.subject, order.number)
      assert.include(mail!.text, "Tabuk Stationery")

      const quiet = yield* approved(silent.id)
      yield* orders.submitToVendor(buyer, quiet.id)
      assert.strictEqual((yield* mails).length, 1)
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("mails it on approval where the workspace sends approved orders itself, in the buyer's mail language", () =>
    Effect.gen(function* () {
      const { admin, office, withContacts, approved, mails } = yield* world
      const workspaces = yield* WorkspaceRepository
      const current = Option.getOrThrow(yield* workspaces.find(admin.orgId, office.id))
      yield* workspaces
        .update(
          admin.orgId,
          office.id,
          { ...current, config: { ...current.config, autoSubmitOrder: true } },
          current.version
        )
        .pipe(Effect.orDie)
      yield* changeSettings(admin, (s) => new OrgSettings({ ...s, profile: { ...s.profile, emailsLanguage: "ar" } }))
      const order = yield* approved(withContacts.id)
      assert.isNotNull(order.sentAt)
      const sent = yield* mails
      assert.strictEqual(sent.length, 1)
      assert.include(sent[0]!.subject, "أمر الشراء")
      assert.strictEqual(
        new TextDecoder().decode(sent[0]!.attachments![0]!.content),
        `%PDF-1.7\n% ${order.number} ar\n%%EOF\n`
      )
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("prints for the buyer and for the vendor organisation it was sent to, and is found by no other", () =>
    Effect.gen(function* () {
      const { buyer, withContacts, approved } = yield* world
      const prints = yield* OrderPrints
      const order = yield* approved(withContacts.id)
      const sheet = yield* prints.sheet(buyer, order.id)
      assert.deepStrictEqual(
        [sheet.vendor.addressLines, sheet.deliverTo?.name, sheet.buyer.printColour],
        [["Prince Fahd Road 12", "Tabuk", "SA"], undefined, null]
      )
      const pdf = yield* prints.pdf(buyer, order.id, "ar")
      assert.strictEqual(pdf.filename, `${order.number}.pdf`)
      const stranger = yield* actorWith(["org_super_user"])
      assert.strictEqual(
        yield* Effect.map(Effect.flip(prints.pdfForVendor(stranger, order.id, "en")), (e) => e._tag),
        "OrderNotFound"
      )
    }).pipe(Effect.provide(OrderPrints.layer.pipe(Layer.provideMerge(layerMemoryOrdersWorld))))
  )
})
